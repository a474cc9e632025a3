"""The formats a deck is exported in: a name -> writer table, and the options each takes.

Each writer takes a deck (the built-in one or one's own, `cards.deck.CardDeck`) and the
options, and returns the files it made (`DeckExport`). A format that writes a folder of
files keeps its own list of them there (a manifest, or Tabletop Simulator's saved object),
which the next export reads to know which files of the folder were its: `listed`.
`printkit deck --format` takes its choices from `FORMATS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from printkit.draw.paper import paper as parse_paper
from printkit.errors import PrintkitError
from printkit.language import ENGLISH, Lang
from printkit.message import quoted
from printkit.products.cards.deck import CardDeck
from printkit.products.deck import pnp, pod, svg_cards, tts
from printkit.products.deck.options import DeckExport, DeckOptions
from printkit.products.deck.printers import bundled_printers, load_printer
from printkit.products.deck.sheet_layout import Offset, parse_duplex
from printkit.workers import Progress

Writer = Callable[[CardDeck, DeckOptions, Path, Progress], DeckExport]


@dataclass(frozen=True)
class Format:
    """A way to export a deck: its writer, the folder of files it writes (None: loose
    files), and the file there that lists them."""

    write: Writer
    folder: Callable[[CardDeck, DeckOptions, Path], Path] | None = None
    list_file: Callable[[CardDeck], str] | None = None
    listed: Callable[[Path], set[str]] | None = None
    sheets: bool = False   # prints on sheets of paper: takes --paper, --duplex and --offset
    printer: bool = False  # needs --printer

    def earlier(self, deck: CardDeck, folder: Path) -> set[str]:
        """Return the files an earlier export of this format made in `folder`, by its list."""
        if self.list_file is None or self.listed is None:
            return set()
        return self.listed(folder / self.list_file(deck))


FORMATS: dict[str, Format] = {
    "pnp": Format(pnp.write, sheets=True),
    "pod": Format(pod.write, pod.folder, pod.manifest_name, pod.listed, printer=True),
    "svg": Format(svg_cards.write, svg_cards.folder, pod.manifest_name, pod.listed),
    "tts": Format(tts.write, tts.folder, tts.saved_name, tts.listed),
}


def format_named(name: str) -> Format:
    """Return the format called `name`, or raise a PrintkitError listing them."""
    found = FORMATS.get(name.strip().lower())
    if found is None:
        raise PrintkitError(f"--format must be one of {', '.join(FORMATS)} "
                            f"(not {quoted(name)})")
    return found


def make_options(fmt: str, paper: str | None = None, duplex: str | None = None,
                 offset: str | None = None, printer: str | None = None,
                 preview: bool = False, lang: Lang = ENGLISH) -> DeckOptions:
    """Return the options given on the command line, checked: each must fit the format."""
    name = fmt.strip().lower()
    chosen = format_named(name)
    if not chosen.sheets:
        given = [option for option, value in (("--paper", paper), ("--duplex", duplex),
                                              ("--offset", offset)) if value is not None]
        if given:
            sheets = ", ".join(n for n, f in FORMATS.items() if f.sheets)
            raise PrintkitError(f"{given[0]} applies to --format {sheets} only (not {name})")
    if chosen.printer and printer is None:
        raise PrintkitError(f"--format {name} needs --printer: one of "
                            f"{', '.join(bundled_printers())}, or the path of a .toml profile")
    return DeckOptions(
        format=name,
        paper=parse_paper(paper or "letter") if chosen.sheets else None,
        duplex=parse_duplex(duplex or "long"),
        offset=Offset.parse(offset) if offset is not None else Offset(),
        printer=load_printer(printer) if printer is not None else None,
        preview=preview,
        lang=lang,
    )
