"""`printkit deck`: the Crazy8ix deck, for home printing or a print-on-demand printer."""


from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit.cli.common import (
    DEFAULT_OUT,
    PRINTER,
    LangOpt,
    OutDirOpt,
    choice,
    report,
    resolve_lang,
)
from printkit.cli.progress import DelayedProgress
from printkit.draw.paper import PAPERS
from printkit.output import check_writable_dir


def deck(
    fmt: Annotated[Optional[str], typer.Option(
        "--format", click_type=choice("pnp", "pod", "svg", "tts"),
        help="pnp: a print-and-play PDF (the default); pod: files for a print-on-demand "
        "printer (the default with --printer); svg: one SVG per card, to edit; tts: face "
        "sheets and a saved object for Tabletop Simulator.")] = None,
    paper: Annotated[Optional[str], typer.Option(
        "--paper", click_type=choice(*PAPERS), help="pnp: paper size (default letter).")] = None,
    duplex: Annotated[Optional[str], typer.Option(
        "--duplex", click_type=choice("long", "short", "none"),
        help="pnp: how your printer turns the sheet for the backs; none for no backs "
        "(default long).")] = None,
    offset: Annotated[Optional[str], typer.Option(
        "--offset", help="pnp: move the backs X,Y mm (right, down) to make up for a printer "
        "that drifts; page 2 of the PDF measures it. Example: 0.5,-1 (or with a decimal comma, "
        "X;Y: 1,5;-1).")] = None,
    printer: Annotated[Optional[str], typer.Option(
        "--printer", click_type=PRINTER, help="pod: a bundled printer, or the path of a "
        "printer profile .toml of your own. With --format pnp, svg or tts it sets the card "
        "size (default poker, 2.5 x 3.5 in).")] = None,
    deck_file: Annotated[Optional[Path], typer.Option(
        "--deck", help="A composition of your own (copy templates/crazy8ix/deck.toml).")] = None,
    preview: Annotated[bool, typer.Option(
        "--preview", help="Also write a contact sheet of every card and a fanned hand, "
        "as PNG.")] = False,
    lang: LangOpt = None,
    out: OutDirOpt = None,
) -> None:
    """Make the Crazy8ix deck: print-and-play PDF, print-on-demand files, SVG or Tabletop
    Simulator."""
    from printkit.games.crazy8ix_deck import load_deck
    from printkit.products.deck.export import build, make_options, write
    language = resolve_lang(lang)
    folder = out or DEFAULT_OUT
    check_writable_dir(folder)
    fmt = fmt or ("pod" if printer is not None else "pnp")
    options = make_options(fmt, paper, duplex, offset, printer, preview, language)
    composition = load_deck(deck_file)
    with DelayedProgress("rendering the cards") as progress:
        export = build(composition, options, folder, progress)
    write(export)
    for line in export.lines:
        report(line)
