"""What the commands share: options, output paths, reporting."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from printkit.output import ensure_writable_dir, write_file

if TYPE_CHECKING:
    from printkit.products.document import Document

DEFAULT_OUT = Path("output")

PaperOpt = Annotated[str, typer.Option("--paper", help="Paper size: letter or a4.")]
PlayersOpt = Annotated[Optional[str], typer.Option(
    "--players", help='Players\' names, separated by commas: "Ana,Ben,Zoë".')]
CountOpt = Annotated[Optional[int], typer.Option(
    "--count", help="Number of blank name lines when no names are given.")]


def report(msg: str) -> None:
    typer.echo(msg)


def pages(n: int) -> str:
    return f"{n} page" + ("s" if n != 1 else "")


def resolve_out(out: Optional[Path], filename: str) -> Path:
    """Return where to write a single file: a given file, a given folder, or output/."""
    if out is None:
        return DEFAULT_OUT / filename
    if out.is_dir() or str(out).endswith(os.sep):
        return out / filename
    return out


def write_document(doc: Document, out: Optional[Path]) -> None:
    path = resolve_out(out, doc.filename)
    ensure_writable_dir(path.parent)
    write_file(path, doc.pdf_bytes())
    report(f"wrote {path} ({pages(len(doc.pages))})")
