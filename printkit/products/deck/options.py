"""What `printkit deck` is asked to make, checked, and the files it makes (kept light: the
command line imports it before knowing which products it needs)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from printkit.draw.paper import Paper
from printkit.draw.paper import paper as parse_paper
from printkit.errors import PrintkitError
from printkit.language import ENGLISH, Lang
from printkit.message import quoted
from printkit.products.deck.geometry import HOME_CARD, CardBox
from printkit.products.deck.printers import PrinterProfile, bundled_printers, load_printer
from printkit.products.deck.sheet_layout import NO_OFFSET, Duplex, Offset, parse_duplex

Format = Literal["pnp", "pod", "svg", "tts"]
FORMATS: tuple[Format, ...] = ("pnp", "pod", "svg", "tts")


@dataclass(frozen=True)
class DeckOptions:
    """What to make: the format and the options that go with it (checked by `check`).

    The printer makes the POD files; for the other formats it only gives the card's size
    (poker, 2.5 × 3.5 in, without one).
    """

    format: Format = "pnp"
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
    """The files of an export (by path under `out`) and what to tell the user."""

    out: Path
    files: dict[Path, bytes] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    # files already on disk (a custom deck's rendered cards, in its cache), by path under
    # `out`: copied in as they are written, never all held in memory at once
    links: dict[Path, Path] = field(default_factory=dict)


def make_options(fmt: str, paper: str | None = None, duplex: str | None = None,
                 offset: str | None = None, printer: str | None = None,
                 preview: bool = False, lang: Lang = ENGLISH) -> DeckOptions:
    """Return the options given on the command line, checked: each must fit the format."""
    fmt = fmt.strip().lower()
    if fmt not in FORMATS:
        raise PrintkitError(f"--format must be one of {', '.join(FORMATS)} (not {quoted(fmt)})")
    if fmt != "pnp":
        given = [name for name, value in (("--paper", paper), ("--duplex", duplex),
                                          ("--offset", offset)) if value is not None]
        if given:
            raise PrintkitError(f"{given[0]} applies to --format pnp only (not {fmt})")
    if fmt == "pod" and printer is None:
        raise PrintkitError(f"--format pod needs --printer: one of "
                            f"{', '.join(bundled_printers())}, or the path of a .toml profile")
    return DeckOptions(
        format=fmt,
        paper=parse_paper(paper or "letter") if fmt == "pnp" else None,
        duplex=parse_duplex(duplex or "long"),
        offset=Offset.parse(offset) if offset is not None else Offset(),
        printer=load_printer(printer) if printer is not None else None,
        preview=preview,
        lang=lang,
    )


