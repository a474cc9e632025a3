"""Print-on-demand files: a PNG per card, or one PDF with a page per card side; a manifest.

Files are named so that they sort in deck order and say what they are
(`crazy8ix-017-E.png`, `crazy8ix-101-help-A.png`, `crazy8ix-back.png`). Each distinct
card is rendered once, in a pool of worker processes, and its bytes reused for every
copy, so a 1,000-card deck costs what a 100-card one does.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from printkit.draw import pdf
from printkit.draw.page import Page
from printkit.games.crazy8ix_deck import Deck
from printkit.products.deck.art import Art, back_art, printed_fronts
from printkit.products.deck.geometry import CardBox
from printkit.products.deck.parallel import Progress, in_parallel
from printkit.products.deck.printers import PrinterProfile

PREFIX = "crazy8ix"
# 300 DPI is the printers' own resolution: shapes need no oversampling (text is smoothed
# by FreeType anyway), which makes a card ten times faster to render.
POD_OVERSAMPLE = 1


@dataclass(frozen=True)
class ManifestRow:
    """One line of a manifest: a file (and page), the side and card on it, and how many."""

    file: str
    side: str
    card: str
    count: int
    page: int | None = None


def _no_progress(done: int, total: int) -> None:
    """Report nothing."""


def numbered_fronts(deck: Deck, ext: str) -> list[tuple[str, Art]]:
    """Return every printed front with its file name, numbered in deck order."""
    fronts = list(printed_fronts(deck))
    digits = max(3, len(str(len(fronts))))
    return [(f"{PREFIX}-{i:0{digits}d}-{art.slug}.{ext}", art)
            for i, art in enumerate(fronts, start=1)]


def _png_job(job: tuple[Art, CardBox, float, int]) -> bytes:
    """Return one card rendered as PNG bytes (run in a worker process)."""
    from printkit.draw import png  # Pillow only where pixels are made

    art, box, dpi, oversample = job
    # unfiltered rows: encoding was two thirds of a card's time; a card file is ~50 KB
    return png.render(art.page(box), dpi, oversample, fast=True)


def render_pngs(arts: Sequence[Art], box: CardBox, dpi: float, oversample: int,
                progress: Progress = _no_progress) -> list[bytes]:
    """Return each art as PNG bytes, in the order given, rendered on every core."""
    return in_parallel(_png_job, [(art, box, dpi, oversample) for art in arts], progress,
                       at_least=4)


def png_files(deck: Deck, profile: PrinterProfile, folder: Path,
              progress: Progress = _no_progress) -> tuple[dict[Path, bytes], list[ManifestRow]]:
    """Return a PNG per printed card and one for the back, with their manifest rows."""
    box = profile.card
    named = numbered_fronts(deck, "png")
    distinct: dict[Art, int] = {}
    for _, art in named:
        distinct.setdefault(art, len(distinct))
    back = back_art(deck)
    arts = [*distinct, back]
    rendered = render_pngs(arts, box, profile.dpi, POD_OVERSAMPLE, progress)
    files = {folder / name: rendered[distinct[art]] for name, art in named}
    rows = [ManifestRow(name, "front", art.label, 1) for name, art in named]
    back_name = f"{PREFIX}-back.png"
    files[folder / back_name] = rendered[-1]
    rows.append(ManifestRow(back_name, "back", "back", len(named)))
    return files, rows


def pdf_file(deck: Deck, profile: PrinterProfile, folder: Path,
             progress: Progress = _no_progress) -> tuple[dict[Path, bytes], list[ManifestRow]]:
    """Return the one-PDF export: a page per card side, in the printer's side order."""
    box = profile.card
    fronts = list(printed_fronts(deck))
    back = back_art(deck)
    name = f"{PREFIX}-{profile.id}.pdf"
    rows: list[ManifestRow] = []
    for art in fronts:
        for side in profile.page_order:
            shown = back if side == "back" else art
            rows.append(ManifestRow(name, side, shown.label, 1, len(rows) + 1))
    total = len(rows)

    def pages() -> Iterator[Page]:
        back_page = back.page(box)
        done = 0
        for art in fronts:
            for side in profile.page_order:
                yield back_page if side == "back" else art.page(box)
                done += 1
                if done % 16 == 0 or done == total:
                    progress(done, total)

    data = pdf.render(pages(), f"Crazy8ix deck for {profile.name}",
                      cmyk=profile.colors == "cmyk")
    return {folder / name: data}, rows


def manifest_csv(rows: Sequence[ManifestRow]) -> bytes:
    """Return the manifest as CSV: file, page, side, card, count."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["file", "page", "side", "card", "count"])
    for row in rows:
        writer.writerow([row.file, "" if row.page is None else row.page, row.side, row.card,
                         row.count])
    return buf.getvalue().encode("utf-8")
