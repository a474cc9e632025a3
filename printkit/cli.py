"""The printkit command line: parse, call the products, report. No logic lives here."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit import __version__
from printkit.draw.paper import paper as parse_paper
from printkit.errors import PrintkitError
from printkit.games.catalog import GAMES, game as find_game
from printkit.games.players import parse_players
from printkit.output import ensure_writable_dir, write_file, write_files
from printkit.products.document import Document
from printkit.products.kit import kit_files, plan_kit
from printkit.products.score_pads import players_setup, score_pad

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Printable material for a tabletop game night, and an auditor for "
    "The Fox and the Rabbit runs.",
)

DEFAULT_OUT = Path("output")

PaperOpt = Annotated[str, typer.Option("--paper", help="Paper size: letter or a4.")]
PlayersOpt = Annotated[Optional[str], typer.Option(
    "--players", help='Players\' names, separated by commas: "Ana,Ben,Zoë".')]
CountOpt = Annotated[Optional[int], typer.Option(
    "--count", help="Number of blank name lines when no names are given.")]


def _report(msg: str) -> None:
    typer.echo(msg)


def _pages(n: int) -> str:
    return f"{n} page" + ("s" if n != 1 else "")


def _resolve_out(out: Optional[Path], filename: str) -> Path:
    """Return where to write a single file: a given file, a given folder, or output/."""
    if out is None:
        return DEFAULT_OUT / filename
    if out.is_dir() or str(out).endswith(os.sep):
        return out / filename
    return out


def _write_document(doc: Document, out: Optional[Path]) -> None:
    path = _resolve_out(out, doc.filename)
    ensure_writable_dir(path.parent)
    write_file(path, doc.pdf_bytes())
    _report(f"wrote {path} ({_pages(len(doc.pages))})")


@app.command()
def sheet(
    game: Annotated[str, typer.Argument(help="Game id; see `printkit games`.")],
    players: PlayersOpt = None,
    count: CountOpt = None,
    paper: PaperOpt = "letter",
    per_page: Annotated[int, typer.Option("--per-page", help="Pads on one sheet: 1, 2 or 4.")] = 1,
    pages: Annotated[int, typer.Option("--pages", help="Copies of the pad.")] = 1,
    target: Annotated[Optional[int], typer.Option(
        "--target", help="Points that end the game (Go Nuts!, Crazy8ix).")] = None,
    out: Annotated[Optional[Path], typer.Option("-o", "--out", help="File or folder to write.")] = None,
) -> None:
    """Print a score pad (or, for fox-and-rabbit, a gamesheet)."""
    found = find_game(game)
    sheet_paper = parse_paper(paper)
    names = parse_players(players) if players is not None else None
    setup = players_setup(found, names, count, target)
    _write_document(score_pad(found, setup, sheet_paper, per_page, pages), out)


@app.command()
def kit(
    players: PlayersOpt = None,
    count: CountOpt = None,
    paper: PaperOpt = "letter",
    out: Annotated[Optional[Path], typer.Option("-o", "--out", help="Folder to write into.")] = None,
) -> None:
    """Print everything for a game night into output/ (or the folder given)."""
    folder = ensure_writable_dir(out or DEFAULT_OUT)
    names = parse_players(players) if players is not None else None
    plan = plan_kit(parse_paper(paper), names, count)
    files = kit_files(plan, folder)
    write_files(files)
    for doc in plan.documents:
        _report(f"wrote {folder / doc.filename} ({_pages(len(doc.pages))})")
    for note in plan.skipped:
        _report(f"skipped {note}")


@app.command()
def games() -> None:
    """List the games printkit knows and what it prints for each."""
    width = max(len(g.id) for g in GAMES.values())
    for g in GAMES.values():
        _report(f"{g.id:<{width}}  {g.name} ({g.players})")
        _report(f"{'':<{width}}  prints: {', '.join(g.prints)}")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"printkit {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Show the version and exit.")] = False,
) -> None:
    """printkit: score pads, gamesheets, a card deck and rule summaries for a game night."""


def run(args: list[str] | None = None) -> int:
    """Run the CLI and return its exit status; printkit errors become one line and status 2."""
    try:
        app(args=args, prog_name="printkit", standalone_mode=False)
    except PrintkitError as err:
        typer.echo(f"printkit: error: {err}", err=True)
        return 2
    except typer.Exit as done:
        return done.exit_code
    except typer.Abort:
        typer.echo("printkit: aborted", err=True)
        return 130
    except Exception as err:  # click usage errors and the like
        import click

        if isinstance(err, click.ClickException):
            err.show()
            return err.exit_code
        raise
    return 0


def main() -> None:
    sys.exit(run())
