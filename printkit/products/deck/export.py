"""`printkit deck`: from a composition and the options to the files to write.

Everything is rendered into memory first and written with `write_export`: a folder of
card files is swapped in whole, so a bad option, a failing render or a kill leaves no
partial output behind.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from printkit.draw.paper import Paper
from printkit.draw.paper import paper as parse_paper
from printkit.errors import PrintkitError
from printkit.games.crazy8ix_deck import Deck
from printkit.output import check_set_folder, write_export
from printkit.products.deck import pod, previews
from printkit.products.deck.art import check_printable, distinct_arts, printed_count
from printkit.products.deck.parallel import Progress, in_parallel
from printkit.products.deck.geometry import BLEED, HOME_CARD
from printkit.products.deck.pnp import pnp_document
from printkit.products.deck.sheet_layout import Duplex, Offset, parse_duplex
from printkit.products.deck.pod import PREFIX, ManifestRow, manifest_csv
from printkit.products.deck.printers import PrinterProfile, bundled_printers, load_printer

Format = Literal["pnp", "pod", "svg"]
FORMATS: tuple[Format, ...] = ("pnp", "pod", "svg")
MANIFEST = f"{PREFIX}-manifest.csv"
# what an earlier export of ours may have left in a folder we write card files into
_OURS = re.compile(rf"^{PREFIX}-(\d+-[A-Za-z0-9-]+|back)\.(png|svg)$")


@dataclass(frozen=True)
class DeckOptions:
    """What to make: the format and the options that go with it (checked by `check`)."""

    format: Format = "pnp"
    paper: Paper | None = None
    duplex: Duplex = "long"
    offset: Offset = Offset()
    printer: PrinterProfile | None = None
    preview: bool = False


@dataclass
class DeckExport:
    """The files of an export (by path under `out`) and what to tell the user."""

    out: Path
    files: dict[Path, bytes] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


def _no_progress(done: int, total: int) -> None:
    """Report nothing."""


def make_options(fmt: str, paper: str | None = None, duplex: str | None = None,
                 offset: str | None = None, printer: str | None = None,
                 preview: bool = False) -> DeckOptions:
    """Return the options given on the command line, checked: each must fit the format."""
    fmt = fmt.strip().lower()
    if fmt not in FORMATS:
        raise PrintkitError(f"--format must be one of {', '.join(FORMATS)} (not {fmt!r})")
    if fmt != "pnp":
        given = [name for name, value in (("--paper", paper), ("--duplex", duplex),
                                          ("--offset", offset)) if value is not None]
        if given:
            raise PrintkitError(f"{given[0]} applies to --format pnp only (not {fmt})")
    if fmt != "pod" and printer is not None:
        raise PrintkitError(f"--printer applies to --format pod only (not {fmt})")
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
    )


def build(deck: Deck, options: DeckOptions, out: Path,
          progress: Progress = _no_progress) -> DeckExport:
    """Return every file of the export, rendered, by its path under `out`."""
    if options.format not in FORMATS:
        raise PrintkitError(f"--format must be one of {', '.join(FORMATS)} "
                            f"(not {options.format!r})")
    check_printable(deck)
    folder = card_folder(options, out)
    if folder is not None:  # before the cards are rendered, not after
        check_set_folder(folder)
    export = DeckExport(out)
    if options.format == "pnp":
        if options.paper is None:
            raise PrintkitError("--format pnp needs a paper size")
        doc = pnp_document(deck, options.paper, options.duplex, options.offset)
        path = out / doc.filename
        export.files[path] = doc.pdf_bytes()
        export.lines.append(f"wrote {path} ({len(doc.pages)} pages: {printed_count(deck)} "
                            f"cards, {options.duplex} duplex)")
    elif options.format == "pod":
        if options.printer is None or folder is None:
            raise PrintkitError("--format pod needs --printer")
        _pod(export, deck, options.printer, folder, progress)
    else:
        assert folder is not None  # svg
        _svg(export, deck, folder)
    if options.preview:
        names = list(previews.PREVIEWS)
        pictures = in_parallel(previews.render_preview, [(n, deck) for n in names], progress)
        for name, data in zip(names, pictures):
            path = out / f"{PREFIX}-{name}.png"
            export.files[path] = data
            export.lines.append(f"wrote {path}")
    return export


def card_folder(options: DeckOptions, out: Path) -> Path | None:
    """Return the folder of card files an export writes (None for the print-and-play PDF)."""
    if options.format == "pod" and options.printer is not None:
        return out / f"{PREFIX}-{options.printer.id}"
    if options.format == "svg":
        return out / f"{PREFIX}-svg"
    return None


def _pod(export: DeckExport, deck: Deck, printer: PrinterProfile, folder: Path,
         progress: Progress) -> None:
    if printer.output == "png":
        files, rows = pod.png_files(deck, printer, folder, progress)
        px = printer.pixels or (0, 0)
        what = (f"{len(files)} PNG files, {px[0]} × {px[1]} px at {printer.dpi} DPI, "
                f"for {printer.name}")
    else:
        files, rows = pod.pdf_file(deck, printer, folder, progress)
        what = (f"1 PDF of {len(rows)} pages ({' then '.join(printer.page_order)}), "
                f"{printer.colors.upper()}, for {printer.name}")
    export.files.update(files)
    export.files[folder / MANIFEST] = manifest_csv(rows)
    export.lines.append(f"wrote {folder}/: {what}, and {MANIFEST}")


def _svg(export: DeckExport, deck: Deck, folder: Path) -> None:
    from printkit.draw import svg  # svgwrite takes a tenth of a second to import

    box = HOME_CARD.with_bleed((BLEED,) * 4)
    arts = distinct_arts(deck)
    rows: list[ManifestRow] = []
    files: dict[Path, bytes] = {}
    for i, art in enumerate(arts, start=1):
        name = f"{PREFIX}-{i:02d}-{art.slug}.svg"
        files[folder / name] = svg.render(art.page(box))
        count = (deck.card(art.name).qty if art.kind == "face"
                 else 1 if art.kind == "help" else printed_count(deck))
        rows.append(ManifestRow(name, "back" if art.kind == "back" else "front", art.label,
                                count))
    export.files.update(files)
    export.files[folder / MANIFEST] = manifest_csv(rows)
    export.lines.append(f"wrote {folder}/: {len(files)} SVG files (63 × 88 mm cards with "
                        f"3 mm bleed), and {MANIFEST}")


def write(export: DeckExport) -> None:
    """Write the export's files: a folder of card files is swapped in whole, so a printer's
    upload never mixes two exports, and cards of an earlier, bigger deck are left out."""
    dropped = write_export(export.out, export.files, lambda name: bool(_OURS.match(name)))
    for folder, names in dropped.items():
        export.lines.append(f"removed {len(names)} card files of an earlier export from {folder}")
