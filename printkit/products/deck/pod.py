"""Print-on-demand files: a PNG per distinct card, or one PDF with a page per card side.

The PNG printers (The Game Crafter, MakePlayingCards) take a deck as one image per distinct
face and a count for each, so each face is one file (`crazy8ix-05-E.png`, 4 copies) and
the manifest says how many; the back is `crazy8ix-back.png`. A PDF printer takes every
card in turn, so its file has a page for each side of each card, in the printer's side
order, and is a PDF/X-1a file where the profile names a printing condition.

The manifest is also the folder's own list of the files an export wrote into it: the next
export drops those it does not write again, and keeps anything else (a person's notes).
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from printkit.draw.page import Page
from printkit.draw.paper import MM
from printkit.errors import PrintkitError
from printkit.products.cards.deck import CardArt, CardDeck
from printkit.products.cards.geometry import CardBox
from printkit.products.deck.options import DeckExport, DeckOptions
from printkit.products.deck.parallel import in_parallel
from printkit.products.deck.printers import PrinterProfile
from printkit.workers import Progress, no_progress

# 300 DPI is the printers' own resolution: shapes need no oversampling (text is smoothed
# by FreeType anyway), which makes a card ten times faster to render.
POD_OVERSAMPLE = 1
# Cards rendered before a pool of processes pays for itself on two cores, measured by
# bench/bench_png_pool.py: slower than one process at 264 cards, 29 % faster at 528, and
# always 1.4-1.6 times the CPU and twice the memory. The deck's 33 designs render in one.
POOL_AT_LEAST = 400
CACHE = ".printkit-cache"
_TRIM_TOLERANCE_MM = 0.6


@dataclass(frozen=True)
class ManifestRow:
    """One line of a manifest: a file (and page), the side and card on it, and how many."""

    file: str
    side: str
    card: str
    count: int
    page: int | None = None


@dataclass(frozen=True)
class CardFile:
    """A distinct design written to a file of its own, and how many cards print it."""

    name: str
    art: CardArt
    count: int

    @property
    def side(self) -> str:
        return "back" if self.art.kind == "back" else "front"


def folder(deck: CardDeck, options: DeckOptions, out: Path) -> Path:
    """Return the folder of a printer's files: `crazy8ix-tgc/`."""
    if options.printer is None:
        raise PrintkitError("--format pod needs --printer")
    return out / f"{deck.prefix}-{options.printer.id}"


def manifest_name(deck: CardDeck) -> str:
    return f"{deck.prefix}-manifest.csv"


def write(deck: CardDeck, options: DeckOptions, out: Path, progress: Progress) -> DeckExport:
    """Return a printer's files for the deck: its PNGs or its PDF, and the manifest."""
    where = folder(deck, options, out)
    printer = options.printer
    assert printer is not None  # folder() asked for it
    check_size(deck, printer)
    export = DeckExport(out)
    manifest = manifest_name(deck)
    lang = options.lang
    _ = lang.gettext
    if printer.output == "png":
        rows, drawn = _pngs(export, deck, printer, where, progress)
        px = printer.pixels or (0, 0)
        cache = (" " + _("({drawn} drawn, {cached} from the cache)").format(
            drawn=lang.number(drawn), cached=lang.number(len(rows) - drawn))
            if deck.cached else "")
        what = _("{n} PNG files, one per distinct card and the back, {width} × {height} px at "
                 "{dpi} DPI, for {printer}, and {manifest} (the count of each)").format(
                     n=lang.number(len(rows)), width=px[0], height=px[1], dpi=printer.dpi,
                     printer=printer.name, manifest=manifest) + cache
    else:
        rows = _pdf(export, deck, printer, where, progress)
        standard = ", PDF/X-1a:2001" if printer.intent is not None else ""
        sides = {"front": _("front"), "back": _("back")}
        what = _("1 PDF of {pages} pages ({order}), {colours}{standard}, for {printer}, and "
                 "{manifest} (the count of each)").format(
                     pages=lang.number(len(rows)),
                     order=(" " + _("then") + " ").join(sides[s] for s in printer.page_order),
                     colours=printer.colors.upper(), standard=standard, printer=printer.name,
                     manifest=manifest)
    export.files[where / manifest] = manifest_csv(rows)
    export.lines.append(_("wrote {folder}/: {what}").format(folder=where, what=what))
    return export


def check_size(deck: CardDeck, printer: PrinterProfile) -> None:
    """Raise a PrintkitError if the printer prints cards of another size than the deck's."""
    w, h = printer.trim_in[0] * 25.4, printer.trim_in[1] * 25.4
    width, height = deck.box.width / MM, deck.box.height / MM
    if abs(w - width) > _TRIM_TOLERANCE_MM or abs(h - height) > _TRIM_TOLERANCE_MM:
        raise PrintkitError(f"{deck.layout.source}: [card] size is {width:g} × "
                            f"{height:g} mm, but {printer.name} prints {w:.1f} × "
                            f"{h:.1f} mm cards with this profile; use a profile of that "
                            "size (--printer my-printer.toml)")


def card_files(deck: CardDeck, ext: str) -> list[CardFile]:
    """Return each distinct front (numbered in the deck's order) and back, with its count."""
    fronts = deck.distinct_fronts()
    digits = max(2, len(str(len(fronts))))
    named = [CardFile(f"{deck.prefix}-{i:0{digits}d}-{art.slug}.{ext}", art, n)
             for i, (art, n) in enumerate(fronts, start=1)]
    named += [CardFile(f"{deck.prefix}-{art.slug}.{ext}", art, n)
              for art, n in deck.distinct_backs()]
    return named


def manifest_rows(files: Sequence[CardFile]) -> list[ManifestRow]:
    return [ManifestRow(f.name, f.side, f.art.label, f.count) for f in files]


def _pngs(export: DeckExport, deck: CardDeck, printer: PrinterProfile, where: Path,
          progress: Progress) -> tuple[list[ManifestRow], int]:
    """Add a PNG per distinct card to the export; return the manifest's rows and how many
    cards were drawn (the others came from the cache)."""
    files = card_files(deck, "png")
    arts = [f.art for f in files]
    if deck.cached:
        paths, drawn = cached_pngs(arts, printer.card, printer.dpi, export.out / CACHE, progress)
        export.links.update({where / f.name: path for f, path in zip(files, paths)})
    else:
        rendered = render_pngs(arts, printer.card, printer.dpi, POD_OVERSAMPLE, progress)
        export.files.update({where / f.name: data for f, data in zip(files, rendered)})
        drawn = len(files)
    return manifest_rows(files), drawn


def _pdf(export: DeckExport, deck: CardDeck, printer: PrinterProfile, where: Path,
         progress: Progress) -> list[ManifestRow]:
    """Add the one-PDF export (a page per card side, in the printer's side order); return
    the manifest's rows."""
    from printkit.draw import pdf  # reportlab only where a PDF is made

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
    export.files[where / name] = pdf.render(pages, f"{deck.title} deck for {printer.name}",
                                            cmyk=printer.colors == "cmyk",
                                            intent=printer.intent)
    progress(len(pages), len(pages))
    return rows


def _png_job(job: tuple[CardArt, CardBox, float, int]) -> bytes:
    """Return one card rendered as PNG bytes (run in a worker process)."""
    from printkit.draw import png  # Pillow only where pixels are made

    art, box, dpi, oversample = job
    # unfiltered rows: encoding was two thirds of a card's time; a card file is ~50 KB
    return png.render(art.page(box), dpi, oversample, fast=True)


def render_pngs(arts: Sequence[CardArt], box: CardBox, dpi: float, oversample: int,
                progress: Progress = no_progress, at_least: int = POOL_AT_LEAST) -> list[bytes]:
    """Return each art as PNG bytes, in the order given: in one process, or on every core
    when there are at least `at_least` of them."""
    from printkit.draw import png  # noqa: F401  (imported before any worker forks: shared)

    return in_parallel(_png_job, [(art, box, dpi, oversample) for art in arts], progress,
                       at_least=at_least)


def cached_pngs(arts: Sequence[CardArt], box: CardBox, dpi: float, cache: Path,
                progress: Progress = no_progress) -> tuple[list[Path], int]:
    """Return the file of each art's PNG in the cache, drawing those it lacks, and how
    many were drawn. Each card is written to the cache as soon as it is drawn (by the
    worker that drew it), so memory stays flat however many cards a deck has."""
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


def manifest_csv(rows: Sequence[ManifestRow]) -> bytes:
    """Return the manifest as CSV: file, page, side, card, count."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["file", "page", "side", "card", "count"])
    for row in rows:
        writer.writerow([row.file, "" if row.page is None else row.page, row.side, row.card,
                         row.count])
    return buf.getvalue().encode("utf-8")


def listed(path: Path) -> set[str]:
    """Return the files a manifest names, and the manifest itself: what the export that
    wrote it made in its folder (nothing, where there is no manifest or it cannot be read)."""
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            files = {row.get("file") or "" for row in csv.DictReader(handle)}
    except (OSError, UnicodeDecodeError, csv.Error):
        return set()
    return {name for name in files | {path.name} if name and "/" not in name}
