"""`printkit deck`: the Crazy8ix deck, for home printing or a print-on-demand printer."""


from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit.cli.common import DEFAULT_OUT, report
from printkit.cli.progress import DelayedProgress


def deck(
    fmt: Annotated[str, typer.Option(
        "--format", help="pnp: a print-and-play PDF; pod: files for a print-on-demand "
        "printer (needs --printer); svg: one SVG per card, to edit; tts: face sheets and a "
        "saved object for Tabletop Simulator.")] = "pnp",
    paper: Annotated[Optional[str], typer.Option(
        "--paper", help="pnp: letter or a4 (default letter).")] = None,
    duplex: Annotated[Optional[str], typer.Option(
        "--duplex", help="pnp: how your printer turns the sheet for the backs: long, short, "
        "or none for no backs (default long).")] = None,
    offset: Annotated[Optional[str], typer.Option(
        "--offset", help="pnp: move the backs X,Y mm (right, down) to make up for a printer "
        "that drifts; page 2 of the PDF measures it. Example: 0.5,-1.")] = None,
    printer: Annotated[Optional[str], typer.Option(
        "--printer", help="pod: tgc, mpc or drivethrucards, or the path of a printer "
        "profile .toml of your own. With another format it sets the card size (default "
        "poker, 2.5 x 3.5 in).")] = None,
    deck_file: Annotated[Optional[Path], typer.Option(
        "--deck", help="A composition of your own (copy templates/crazy8ix/deck.toml).")] = None,
    preview: Annotated[bool, typer.Option(
        "--preview", help="Also write a contact sheet of every card and a fanned hand, "
        "as PNG.")] = False,
    out: Annotated[Optional[Path], typer.Option(
        "-o", "--out", help="Folder to write into (default output/).")] = None,
) -> None:
    """Make the Crazy8ix deck: print-and-play PDF, print-on-demand files, SVG or Tabletop
    Simulator."""
    # imported here, not at start-up: every command pays for the modules it uses
    from printkit.games.crazy8ix_deck import load_deck
    from printkit.products.deck.export import build, make_options, write
    options = make_options(fmt, paper, duplex, offset, printer, preview)
    composition = load_deck(deck_file)
    with DelayedProgress("rendering the cards") as progress:
        export = build(composition, options, out or DEFAULT_OUT, progress)
    write(export)
    for line in export.lines:
        report(line)
