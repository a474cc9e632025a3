"""`printkit deck`: from a composition and the options to the files to write.

Everything is rendered into memory first and written with `write_export`: a folder of
card files is swapped in whole, so a bad option, a failing render or a kill leaves no
partial output behind.
"""

from __future__ import annotations

import re
from pathlib import Path

from printkit.draw.paper import INCH, MM
from printkit.errors import PrintkitError
from printkit.games.crazy8ix_deck import Deck
from printkit.language import Lang
from printkit.message import quoted
from printkit.output import check_set_folder, write_export
from printkit.products.deck import pod, previews, tts
from printkit.products.deck.art import check_printable, printed_count
from printkit.products.deck.geometry import BLEED, CardBox, size_label
from printkit.products.deck.options import FORMATS as FORMATS
from printkit.products.deck.options import DeckExport as DeckExport
from printkit.products.deck.options import DeckOptions as DeckOptions
from printkit.products.deck.options import Format as Format
from printkit.products.deck.options import make_options as make_options
from printkit.products.deck.parallel import Progress, in_parallel
from printkit.products.deck.pnp import pnp_document
from printkit.products.deck.pod import PREFIX, manifest_csv
from printkit.products.deck.printers import PrinterProfile
from printkit.workers import no_progress

MANIFEST = f"{PREFIX}-manifest.csv"
# what an earlier export of ours may have left in a folder we write card files into
_OURS = re.compile(rf"^{PREFIX}-(\d+-[A-Za-z0-9-]+|back|tts-faces-\d+|tts-back)\.(png|svg)$")






def build(deck: Deck, options: DeckOptions, out: Path,
          progress: Progress = no_progress) -> DeckExport:
    """Return every file of the export, rendered, by its path under `out`."""
    if options.format not in FORMATS:
        raise PrintkitError(f"--format must be one of {', '.join(FORMATS)} "
                            f"(not {quoted(options.format)})")
    check_printable(deck)
    folder = card_folder(options, out)
    if folder is not None:  # before the cards are rendered, not after
        check_set_folder(folder)
    export = DeckExport(out)
    if options.format == "pnp":
        if options.paper is None:
            raise PrintkitError("--format pnp needs a paper size")
        doc = pnp_document(deck, options.paper, options.duplex, options.offset, options.card,
                           options.lang)
        path = out / doc.filename
        export.files[path] = doc.pdf_bytes()
        sides = {"none": "one-sided", "long": "double-sided, flipped on the long edge",
                 "short": "double-sided, flipped on the short edge"}[options.duplex]
        export.lines.append(f"wrote {path} ({len(doc.pages)} pages: {printed_count(deck)} "
                            f"cards, {sides})")
    elif options.format == "pod":
        if options.printer is None or folder is None:
            raise PrintkitError("--format pod needs --printer")
        _pod(export, deck, options.printer, folder, progress, options.lang)
    elif options.format == "svg":
        assert folder is not None
        _svg(export, deck, options, folder)
    else:
        assert folder is not None
        _tts(export, deck, options.card, folder, options.lang)
    if options.preview:
        names = list(previews.PREVIEWS)
        pictures = in_parallel(previews.render_preview, [(n, deck, options.lang) for n in names],
                               progress)
        for name, data in zip(names, pictures):
            path = out / f"{PREFIX}-{name}.png"
            export.files[path] = data
            export.lines.append(f"wrote {path}")
    return export


def card_folder(options: DeckOptions, out: Path) -> Path | None:
    """Return the folder of card files an export writes (None for the print-and-play PDF)."""
    if options.format == "pod" and options.printer is not None:
        return out / f"{PREFIX}-{options.printer.id}"
    if options.format in ("svg", "tts"):
        return out / f"{PREFIX}-{options.format}"
    return None


def _pod(export: DeckExport, deck: Deck, printer: PrinterProfile, folder: Path,
         progress: Progress, lang: Lang) -> None:
    if printer.output == "png":
        files, rows = pod.png_files(deck, printer, folder, progress, lang)
        px = printer.pixels or (0, 0)
        what = (f"{len(files)} PNG files, one per distinct card and the back, {px[0]} × "
                f"{px[1]} px at {printer.dpi} DPI, for {printer.name}")
    else:
        files, rows = pod.pdf_file(deck, printer, folder, progress, lang)
        standard = ", PDF/X-1a:2001" if printer.intent is not None else ""
        what = (f"1 PDF of {len(rows)} pages ({' then '.join(printer.page_order)}), "
                f"{printer.colors.upper()}{standard}, for {printer.name}")
    export.files.update(files)
    export.files[folder / MANIFEST] = manifest_csv(rows)
    export.lines.append(f"wrote {folder}/: {what}, and {MANIFEST} (the count of each)")


def _svg(export: DeckExport, deck: Deck, options: DeckOptions, folder: Path) -> None:
    from printkit.draw import svg  # svgwrite takes a tenth of a second to import

    bleed = BLEED if options.printer is None else options.printer.bleed_in * INCH
    box = options.card.with_bleed((bleed,) * 4)
    cards = pod.card_files(deck, "svg", options.lang)
    # text as outlines: a card looks the same in any viewer, Lato installed or not
    files = {folder / f.name: svg.render(f.art.page(box), outlines=True) for f in cards}
    export.files.update(files)
    export.files[folder / MANIFEST] = manifest_csv(pod.manifest_rows(cards))
    export.lines.append(f"wrote {folder}/: {len(files)} SVG files ({size_label(box)} cards "
                        f"with {bleed / MM:.1f} mm bleed), and {MANIFEST}")


def _tts(export: DeckExport, deck: Deck, card: CardBox, folder: Path, lang: Lang) -> None:
    from printkit.draw import png  # Pillow only where pixels are made

    sheets, back_path, back_page, saved = tts.tts_files(deck, card, folder, lang)
    resolution = tts.dpi(card)
    # drawn at the size Tabletop Simulator shows them: text is smoothed by FreeType, and
    # oversampling a 4,000-pixel sheet would take seconds and hundreds of megabytes
    files = {path: png.render(page, resolution, 1) for path, page in sheets}
    files[back_path] = png.render(back_page, resolution, 1)
    export.files.update(files)
    export.files.update(saved)
    (json_path,) = saved
    export.lines.append(f"wrote {folder}/: {len(sheets)} face sheet"
                        f"{'' if len(sheets) == 1 else 's'}, the back, and {json_path.name} "
                        f"(copy it to Tabletop Simulator's Saves/Saved Objects)")


def write(export: DeckExport) -> None:
    """Write the export's files: a folder of card files is swapped in whole, so a printer's
    upload never mixes two exports, and cards of an earlier, bigger deck are left out."""
    dropped = write_export(export.out, export.files, lambda name: bool(_OURS.match(name)))
    for folder, names in dropped.items():
        export.lines.append(f"removed {len(names)} card files of an earlier export from {folder}")
