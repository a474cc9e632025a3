"""`printkit deck`: the Crazy8ix deck, or a deck of one's own, for home printing, a
print-on-demand printer, editing or Tabletop Simulator."""


from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Optional

import typer

from printkit.cli.common import (
    DEFAULT_OUT,
    PRINTER,
    LangOpt,
    LazyChoice,
    OutDirOpt,
    choice,
    report_line,
    resolve_lang,
)
from printkit.cli.progress import DelayedProgress
from printkit.draw.paper import PAPERS
from printkit.errors import PrintkitError
from printkit.message import safe_line
from printkit.output import check_writable_dir


def _formats() -> Sequence[str]:
    """Return the formats a deck is exported in (their writers are loaded only when asked)."""
    from printkit.products.deck.formats import FORMATS

    return tuple(FORMATS)


def deck(
    fmt: Annotated[Optional[str], typer.Option(
        "--format", click_type=LazyChoice(_formats),
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
    data: Annotated[Optional[Path], typer.Option(
        "--data", help="A deck of your own: its cards, one row each, as CSV or .xlsx; a "
        "copies (or qty) column repeats a card. Needs --layout.")] = None,
    layout: Annotated[Optional[Path], typer.Option(
        "--layout", help="With --data: the card's layout, a .toml file; its fonts/, "
        "icons/ and images are found beside it. The docs folder's guide to custom decks "
        "lists its keys.")] = None,
    guides: Annotated[bool, typer.Option(
        "--guides", help="With --data: draw the bleed, trim and safe lines on every card, "
        "for proofing.")] = False,
    preview: Annotated[bool, typer.Option(
        "--preview", help="Also write a contact sheet of every card and a fanned hand "
        "(with --data: a picture of each card), as PNG. With --data and no --format, "
        "only these.")] = False,
    lang: LangOpt = None,
    out: OutDirOpt = None,
) -> None:
    """Make the Crazy8ix deck, or a deck of your own (--data and --layout): print-and-play
    PDF, print-on-demand files, SVG or Tabletop Simulator."""
    from printkit.products.deck import crazy8ix
    from printkit.products.deck.export import build, write
    from printkit.products.deck.formats import make_options

    language = resolve_lang(lang)
    folder = out or DEFAULT_OUT
    own = data is not None or layout is not None or guides
    if own and (data is None or layout is None):
        raise PrintkitError("--data and --layout go together: the cards and how they look")
    if own and deck_file is not None:
        raise PrintkitError("--deck is the Crazy8ix composition; a deck of your own is "
                            "--data and --layout")
    check_writable_dir(folder)
    # with --data, --preview alone makes the pictures only; a format (or a printer) makes
    # its files too
    formats = not own or fmt is not None or printer is not None or not preview
    options = make_options(fmt or ("pod" if printer is not None else "pnp"), paper, duplex,
                           offset, printer, preview, language)
    if data is not None and layout is not None:
        from printkit.products.cards.deck import load_deck

        cards = load_deck(data, layout)
        if guides:
            cards = cards.with_guides()
    else:
        from printkit.games.crazy8ix_deck import load_deck as load_composition

        cards = crazy8ix.load(load_composition(deck_file), options)
    with DelayedProgress(language.gettext("rendering the cards")) as progress:
        export = build(cards, options, folder, progress, formats)
    write(export)
    for line in export.lines:
        report_line(line)
    for warning in export.warnings:
        line = f"printkit: warning: {warning}"
        typer.echo(safe_line(line, most=len(line) * 10), err=True)
