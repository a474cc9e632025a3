"""What `printkit deck` is asked to make, and the files an export makes.

The formats, and the options each takes, are `formats`'s registry; `formats.make_options`
checks a command line's options against it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from printkit.draw.paper import Paper
from printkit.language import ENGLISH, Lang
from printkit.products.cards.geometry import HOME_CARD, CardBox
from printkit.products.deck.printers import PrinterProfile
from printkit.products.deck.sheet_layout import NO_OFFSET, Duplex, Offset


@dataclass(frozen=True)
class DeckOptions:
    """What to make: the format and the options that go with it (checked by `check`).

    The printer makes the POD files; for the other formats it only gives the card's size
    (poker, 2.5 × 3.5 in, without one).
    """

    format: str = "pnp"  # a name in formats.FORMATS
    paper: Paper | None = None
    duplex: Duplex = "long"
    offset: Offset = NO_OFFSET
    printer: PrinterProfile | None = None
    preview: bool = False
    lang: Lang = ENGLISH  # the help cards', the captions' and page 1's words

    @property
    def card(self) -> CardBox:
        """Return the card's trim and safe zone, without bleed: the printer's, or poker."""
        return HOME_CARD if self.printer is None else self.printer.card.with_bleed((0,) * 4)


@dataclass
class DeckExport:
    """The files an export made (by path under `out`) and what to tell the user."""

    out: Path
    lang: Lang = ENGLISH  # what its lines are said in
    files: dict[Path, bytes] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # said, but nothing stops for them
    # files already on disk (a deck's rendered cards, in its cache), by path under `out`:
    # copied in as they are written, never all held in memory at once
    links: dict[Path, Path] = field(default_factory=dict)
    # each folder of files it writes, with how to read the list an earlier export of the
    # same kind left there: the files of the folder that were printkit's
    earlier: dict[Path, Callable[[], set[str]]] = field(default_factory=dict)

    def add(self, other: DeckExport) -> None:
        """Take in the files and the lines of another part of the export."""
        self.files.update(other.files)
        self.links.update(other.links)
        self.lines.extend(other.lines)
        self.warnings.extend(other.warnings)
        self.earlier.update(other.earlier)

    def made(self) -> dict[Path, set[str]]:
        """Return the names of the files made in each folder under `out`."""
        folders: dict[Path, set[str]] = {}
        for path in [*self.files, *self.links]:
            folders.setdefault(path.parent, set()).add(path.name)
        return folders
