"""`printkit deck --data ... --layout ...`: a custom deck in every format the built-in one has.

- pnp: a print-and-play PDF, fronts then their backs sheet by sheet, with page 1's how-to
  and page 2's alignment scales;
- pod: a printer's files: a PNG per distinct face and back with a manifest (The Game
  Crafter, MakePlayingCards), or one PDF, PDF/X-1a where the profile says (DriveThruCards);
- svg: an SVG per distinct face and back, with the layout's bleed;
- tts: Tabletop Simulator face sheets (10 × 7 at most, within 4,096 px), backs, and a saved
  object.

PNGs are kept in a cache in the output folder (`.printkit-cache/`), keyed by the card's
content and the resolution: a rebuild after one row changed draws that card only.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.draw import pdf
from printkit.draw.page import Page
from printkit.draw.paper import MM
from printkit.errors import PrintkitError
from printkit.output import check_set_folder, write_export, write_folder
from printkit.products.cards.deck import CardArt, CustomDeck
from printkit.products.deck.first_pages import Summary
from printkit.products.deck.geometry import CUT_CORNER, CardBox, size_label
from printkit.products.deck.options import DeckExport, DeckOptions
from printkit.products.deck.pnp import pnp_pages
from printkit.products.deck.printers import PrinterProfile
from printkit.workers import Progress, no_progress

if TYPE_CHECKING:
    from printkit.products.deck import tts
    from printkit.products.deck.pod import ManifestRow

CACHE = ".printkit-cache"
_TRIM_TOLERANCE_MM = 0.6


def card_folder(deck: CustomDeck, options: DeckOptions, out: Path) -> Path | None:
    """Return the folder of card files an export writes (None for the print-and-play PDF)."""
    if options.format == "pod" and options.printer is not None:
        return out / f"{deck.prefix}-{options.printer.id}"
    if options.format in ("svg", "tts"):
        return out / f"{deck.prefix}-{options.format}"
    return None


def build(deck: CustomDeck, options: DeckOptions, out: Path, progress: Progress = no_progress,
          guides: bool = False, formats: bool = True) -> DeckExport:
    """Return every file of the export, rendered, by its path under `out`."""
    if guides:
        deck = deck.with_guides()
    export = DeckExport(out)
    if formats:
        if options.format == "pnp":
            _pnp(export, deck, options)
        elif options.format == "pod":
            if options.printer is None:
                raise PrintkitError("--format pod needs --printer")
            _check_size(deck, options.printer)
            folder = out / f"{deck.prefix}-{options.printer.id}"
            if options.printer.output == "png":
                _pod_png(export, deck, options.printer, folder, progress)
            else:
                _pod_pdf(export, deck, options.printer, folder)
        elif options.format == "svg":
            _svg(export, deck, out / f"{deck.prefix}-svg")
        else:
            _tts(export, deck, out / f"{deck.prefix}-tts", progress)
    if options.preview:
        _previews(export, deck, progress)
    return export


def _check_size(deck: CustomDeck, printer: PrinterProfile) -> None:
    w, h = printer.trim_in[0] * 25.4, printer.trim_in[1] * 25.4
    lay = deck.layout
    if abs(w - lay.width_mm) > _TRIM_TOLERANCE_MM or abs(h - lay.height_mm) > _TRIM_TOLERANCE_MM:
        raise PrintkitError(f"{lay.source}: [card] size is {lay.width_mm:g} × "
                            f"{lay.height_mm:g} mm, but {printer.name} prints {w:.1f} × "
                            f"{h:.1f} mm cards with this profile; use a profile of that "
                            "size (--printer my-printer.toml)")


def _summary(deck: CustomDeck) -> Summary:
    nbsp = "\u00a0"  # a card's name does not break across lines
    listing = "   ".join(f"{card.front.label.replace(' ', nbsp)}×{card.copies}"
                         for card in deck.cards if card.copies)
    # the pages say "{game} deck": a title that ends in "deck" says it once
    game = deck.title[:-5].rstrip() if deck.title.lower().endswith(" deck") else deck.title
    return Summary(game, deck.total, (), listing)


def _pnp(export: DeckExport, deck: CustomDeck, options: DeckOptions) -> None:
    if options.paper is None:
        raise PrintkitError("--format pnp needs a paper size")
    printed = deck.printed()
    fronts = [card.front for card in printed]
    backs = [card.back for card in printed]
    duplex = options.duplex
    if any(back is None for back in backs):
        if duplex != "none" and any(back is not None for back in backs):
            raise PrintkitError(f"{deck.layout.source}: some cards have a back and some not")
        duplex = "none"
    pages = pnp_pages(_summary(deck), fronts, [b for b in backs if b is not None],
                      options.paper, duplex, options.offset, deck.box, options.lang)
    suffix = {"long": "", "short": "-short-edge", "none": "-no-backs"}[duplex]
    path = export.out / f"{deck.prefix}-{options.paper.id}{suffix}.pdf"
    export.files[path] = pdf.render(pages, f"{deck.title} deck")
    export.lines.append(f"wrote {path} ({len(pages)} pages: {deck.total} cards, {duplex} "
                        "duplex)")


def _file_names(deck: CustomDeck, ext: str) -> list[tuple[str, CardArt, int]]:
    """Return each distinct front (numbered in the data's order) and back, with its count."""
    fronts = deck.distinct_fronts()
    backs = deck.distinct_backs()
    digits = max(2, len(str(len(fronts))))
    named = [(f"{deck.prefix}-{i:0{digits}d}-{art.slug}.{ext}", art, n)
             for i, (art, n) in enumerate(fronts, start=1)]
    named += [(f"{deck.prefix}-{art.slug}.{ext}", art, n) for art, n in backs]
    return named


def cached_pngs(arts: Sequence[CardArt], box: CardBox, dpi: float, cache: Path,
                progress: Progress = no_progress) -> tuple[list[Path], int]:
    """Return the file of each art's PNG in the cache, drawing those it lacks, and how
    many were drawn. Each card is written to the cache as soon as it is drawn (by the
    worker that drew it), so memory stays flat however many cards a deck has."""
    from printkit.products.deck.parallel import in_parallel
    from printkit.products.deck.pod import POD_OVERSAMPLE, POOL_AT_LEAST

    paths = []
    for art in arts:
        digest = hashlib.sha256(f"{art.key}|{art.guides}|{box}|{dpi}".encode())
        paths.append(cache / f"{digest.hexdigest()[:40]}.png")
    missing = [i for i, path in enumerate(paths) if not path.is_file()]
    if missing:
        try:
            cache.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise PrintkitError(f"cannot write the card cache {cache}: {err.strerror}") from None
        from printkit.draw import png  # noqa: F401  (imported before any worker forks: shared)

        in_parallel(_draw_to_cache, [(arts[i], box, dpi, POD_OVERSAMPLE, paths[i])
                                     for i in missing], progress, at_least=POOL_AT_LEAST)
    return paths, len(missing)


def _draw_to_cache(job: tuple[CardArt, CardBox, float, int, Path]) -> int:
    """Draw one card as PNG into its cache file, whole or not at all (run in a worker)."""
    from printkit.draw import png

    art, box, dpi, oversample, path = job
    data = png.render(art.page(box), dpi, oversample, fast=True)
    temp = path.with_suffix(f".{os.getpid()}.tmp")
    temp.write_bytes(data)
    temp.replace(path)
    return len(data)


def _pod_png(export: DeckExport, deck: CustomDeck, printer: PrinterProfile, folder: Path,
             progress: Progress) -> None:
    from printkit.products.deck.pod import ManifestRow, manifest_csv

    named = _file_names(deck, "png")
    paths, drawn = cached_pngs([art for _, art, _ in named], printer.card, printer.dpi,
                               export.out / CACHE, progress)
    for (name, _, _), path in zip(named, paths):
        export.links[folder / name] = path
    rows = [ManifestRow(name, "back" if art.kind == "back" else "front", art.label, n)
            for name, art, n in named]
    export.files[folder / f"{deck.prefix}-manifest.csv"] = manifest_csv(rows)
    px = printer.pixels or (0, 0)
    export.lines.append(f"wrote {folder}/: {len(named)} PNG files, one per distinct face and "
                        f"back, {px[0]} × {px[1]} px at {printer.dpi} DPI, for {printer.name}, "
                        f"and {deck.prefix}-manifest.csv ({drawn} drawn, "
                        f"{len(named) - drawn} from the cache)")


def _pod_pdf(export: DeckExport, deck: CustomDeck, printer: PrinterProfile,
             folder: Path) -> None:
    from printkit.products.deck.pod import ManifestRow, manifest_csv

    box = printer.card
    name = f"{deck.prefix}-{printer.id}.pdf"
    rows: list[ManifestRow] = []
    pages: list[Page] = []
    for card in deck.printed():
        for side in printer.page_order:
            art = card.back if side == "back" else card.front
            if art is None:
                raise PrintkitError(f"{deck.layout.source}: {printer.name} prints both sides "
                                    "of every card: give the layout a [backs] table")
            rows.append(ManifestRow(name, side, art.label, 1, len(rows) + 1))
            pages.append(art.page(box))
    export.files[folder / name] = pdf.render(pages, f"{deck.title} deck for {printer.name}",
                                             cmyk=printer.colors == "cmyk",
                                             intent=printer.intent)
    export.files[folder / f"{deck.prefix}-manifest.csv"] = manifest_csv(rows)
    standard = ", PDF/X-1a:2001" if printer.intent is not None else ""
    export.lines.append(f"wrote {folder}/: 1 PDF of {len(rows)} pages "
                        f"({' then '.join(printer.page_order)}), {printer.colors.upper()}"
                        f"{standard}, for {printer.name}, and {deck.prefix}-manifest.csv")


def _svg(export: DeckExport, deck: CustomDeck, folder: Path) -> None:
    from printkit.draw import svg  # svgwrite takes a tenth of a second to import
    from printkit.products.deck.pod import ManifestRow, manifest_csv

    box = deck.box.with_bleed((deck.bleed,) * 4)
    named = _file_names(deck, "svg")
    for name, art, _ in named:
        # text as outlines: a card looks the same in any viewer, its fonts installed or not
        export.files[folder / name] = svg.render(art.page(box), outlines=True)
    rows = [ManifestRow(name, "back" if art.kind == "back" else "front", art.label, n)
            for name, art, n in named]
    export.files[folder / f"{deck.prefix}-manifest.csv"] = manifest_csv(rows)
    export.lines.append(f"wrote {folder}/: {len(named)} SVG files ({size_label(box)} cards "
                        f"with {deck.bleed / MM:.1f} mm bleed), and {deck.prefix}-manifest.csv")


def _tts(export: DeckExport, deck: CustomDeck, folder: Path, progress: Progress) -> None:
    """Write the face sheets, a back per distinct back, and the saved object.

    Cards are grouped by their back: Tabletop Simulator gives each sheet one back image.
    """
    from printkit.draw import png  # Pillow only where pixels are made
    from printkit.products.deck import tts

    card = deck.box
    resolution = tts.dpi(card)
    groups: dict[CardArt | None, list[CardArt]] = {}
    for front, _ in deck.distinct_fronts():
        back = next(c.back for c in deck.cards if c.front == front)
        groups.setdefault(back, []).append(front)
    sheets: list[tuple[tts.FaceSheet, CardArt | None]] = []
    for back, fronts in groups.items():
        for sheet in tts.face_sheets(fronts):
            sheets.append((tts.FaceSheet(len(sheets) + 1, sheet.arts, sheet.cols, sheet.rows),
                           back))
    files: dict[Path, bytes] = {}
    back_names: dict[CardArt | None, str] = {}
    for back in groups:
        name = f"{deck.prefix}-tts-{back.slug if back is not None else 'back'}.png"
        back_names[back] = name
        if back is not None:
            files[folder / name] = png.render(back.page(card), resolution, 1)
        else:
            blank = Page(card.width, card.height, lambda c: None, "back")
            files[folder / name] = png.render(blank, resolution, 1)
    for sheet, back in sheets:
        hidden = back if back is not None else sheet.arts[0]
        page = tts.sheet_page(sheet, card, hidden)
        files[folder / _sheet_name(deck, sheet)] = png.render(page, resolution, 1)
        progress(sheet.number, len(sheets))
    export.files.update(files)
    where = {art: (sheet.number, cell) for sheet, _ in sheets
             for cell, art in enumerate(sheet.arts)}
    custom = {str(sheet.number): {
        "FaceURL": (folder / _sheet_name(deck, sheet)).resolve().as_uri(),
        "BackURL": (folder / back_names[back]).resolve().as_uri(),
        "NumWidth": sheet.cols, "NumHeight": sheet.rows, "BackIsHidden": False,
        "UniqueBack": False, "Type": 0} for sheet, back in sheets}
    guids = iter(f"{n:06x}" for n in range(0xd1e000, 0xd2e000))
    cards: list[dict[str, object]] = []
    for printed in deck.printed():
        key, cell = where[printed.front]
        cards.append({"Name": "Card", "GUID": next(guids), "Nickname": printed.front.label,
                      "CardID": key * 100 + cell, "Transform": tts._transform(0.0, False),
                      "CustomDeck": {str(key): custom[str(key)]}})
    pile = {"Name": "Deck", "GUID": next(guids), "Nickname": f"{deck.title} deck",
            "Transform": tts._transform(0.0, False), "DeckIDs": [c["CardID"] for c in cards],
            "CustomDeck": custom, "ContainedObjects": cards}
    saved = {"SaveName": f"{deck.title} deck", "GameMode": "", "Date": "", "Table": "",
             "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
             "LuaScriptState": "", "ObjectStates": [pile], "TabStates": {},
             "VersionNumber": ""}
    json_path = folder / f"{deck.prefix}-tts.json"
    export.files[json_path] = (json.dumps(saved, indent=2, ensure_ascii=False)
                               + "\n").encode("utf-8")
    export.lines.append(f"wrote {folder}/: {len(sheets)} face sheet"
                        f"{'' if len(sheets) == 1 else 's'}, {len(groups)} back"
                        f"{'' if len(groups) == 1 else 's'}, and {json_path.name} (copy it "
                        "to Tabletop Simulator's Saves/Saved Objects)")


def _sheet_name(deck: CustomDeck, sheet: tts.FaceSheet) -> str:
    return f"{deck.prefix}-tts-faces-{sheet.number}.png"


def _previews(export: DeckExport, deck: CustomDeck, progress: Progress) -> None:
    """Write a contact sheet of every distinct card, and a picture of each card alone."""
    from printkit.draw import png
    from printkit.products.cards.previews import contact_sheet

    export.files[export.out / f"{deck.prefix}-contact-sheet.png"] = png.render(
        contact_sheet(deck), 96, 2)
    folder = export.out / f"{deck.prefix}-preview"
    box = deck.box.rounded(CUT_CORNER)
    named = _file_names(deck, "png")
    paths, _ = cached_pngs([art for _, art, _ in named], box, 150, export.out / CACHE,
                           progress)
    for (name, _, _), path in zip(named, paths):
        export.links[folder / name] = path
    export.lines.append(f"wrote {export.out / (deck.prefix + '-contact-sheet.png')} and "
                        f"{folder}/ ({len(named)} cards, one picture each)")


class _FolderFiles(Mapping[str, bytes]):
    """A folder's files by name: some in memory, some read from disk only when written."""

    def __init__(self) -> None:
        self.data: dict[str, bytes] = {}
        self.disk: dict[str, Path] = {}

    def __getitem__(self, name: str) -> bytes:
        if name in self.data:
            return self.data[name]
        return self.disk[name].read_bytes()

    def __iter__(self) -> Iterator[str]:
        yield from self.data
        yield from (name for name in self.disk if name not in self.data)

    def __len__(self) -> int:
        return len(self.data.keys() | self.disk.keys())

    def __contains__(self, name: object) -> bool:
        return name in self.data or name in self.disk


def check_folders(deck: CustomDeck, options: DeckOptions, out: Path,
                  formats: bool = True) -> None:
    """Check, before anything is drawn, that the folders of card files can be written."""
    folder = card_folder(deck, options, out) if formats else None
    if folder is not None:
        check_set_folder(folder)
    if options.preview:
        check_set_folder(out / f"{deck.prefix}-preview")


def write(export: DeckExport, deck: CustomDeck) -> None:
    """Write the export: each folder of card files swapped in whole, so an upload never
    mixes two builds, and cards of an earlier, bigger deck are left out."""
    def ours(name: str) -> bool:
        return name.startswith(f"{deck.prefix}-")

    loose: dict[Path, bytes] = {}
    sets: dict[Path, _FolderFiles] = {}
    for path, data in export.files.items():
        if path.parent == export.out:
            loose[path] = data
        else:
            sets.setdefault(path.parent, _FolderFiles()).data[path.name] = data
    for path, source in export.links.items():
        sets.setdefault(path.parent, _FolderFiles()).disk[path.name] = source
    dropped = {folder: write_folder(folder, named, ours) for folder, named in sets.items()}
    if loose:
        write_export(export.out, loose, ours)
    for folder, names in dropped.items():
        if not names:
            continue
        export.lines.append(f"removed {len(names)} card files of an earlier export from "
                            f"{folder}")
