"""`printkit kit`: everything for a game night."""


from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit.cli.common import DEFAULT_OUT, CountOpt, PaperOpt, PlayersOpt, pages, report
from printkit.draw.paper import paper as parse_paper
from printkit.games.players import parse_players
from printkit.output import ensure_writable_dir, write_files


def kit(
    players: PlayersOpt = None,
    count: CountOpt = None,
    paper: PaperOpt = "letter",
    only: Annotated[Optional[str], typer.Option(
        "--only", help="Only these games, separated by commas: go-nuts,crazy8ix.")] = None,
    single_pdf: Annotated[bool, typer.Option(
        "--single-pdf", help="Write the kit as one PDF (kit-letter.pdf), for one print job.")
    ] = False,
    out: Annotated[Optional[Path], typer.Option("-o", "--out", help="Folder to write into.")] = None,
) -> None:
    """Print everything for a game night into output/ (or the folder given)."""
    # imported here, not at start-up: every command pays for the modules it uses
    from printkit.products.kit import (
        Rendered, parse_only, plan_kit, render_kit, single_document)
    folder = ensure_writable_dir(out or DEFAULT_OUT)
    names = parse_players(players) if players is not None else None
    sheet_paper = parse_paper(paper)
    plan = plan_kit(sheet_paper, names, count, parse_only(only) if only is not None else None)
    if single_pdf:
        doc = single_document(plan, sheet_paper)
        rendered = [Rendered(doc.filename, len(doc.pages), doc.pdf_bytes())]
    else:
        rendered = render_kit(plan)
    write_files({folder / r.filename: r.data for r in rendered})
    for r in rendered:
        report(f"wrote {folder / r.filename} ({pages(r.pages)})")
    for note in plan.skipped:
        report(f"skipped {note}")
