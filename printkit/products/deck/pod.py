"""Print-on-demand files: a PNG per distinct card, or one PDF with a page per card side.

The PNG printers (The Game Crafter, MakePlayingCards) take a deck as one image per distinct
face and a count for each, so each face is one file (`crazy8ix-05-E.png`, 4 copies) and
the manifest says how many; the back is `crazy8ix-back.png`. A PDF printer takes every
card in turn, so its file has a page for each side of each of the 104 cards, in the
printer's side order, and is a PDF/X-1a file where the profile names a printing condition.
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
from printkit.language import ENGLISH, Lang
from printkit.products.deck.art import Art, back_art, distinct_arts, printed_count, printed_fronts
from printkit.products.deck.geometry import CardBox
from printkit.products.deck.parallel import Progress, in_parallel
from printkit.products.deck.printers import PrinterProfile
from printkit.workers import no_progress

PREFIX = "crazy8ix"
# 300 DPI is the printers' own resolution: shapes need no oversampling (text is smoothed
# by FreeType anyway), which makes a card ten times faster to render.
POD_OVERSAMPLE = 1
# Cards rendered before a pool of processes pays for itself on two cores, measured by
# bench/bench_png_pool.py: slower than one process at 264 cards, 29 % faster at 528, and
# always 1.4-1.6 times the CPU and twice the memory. The deck's 33 designs render in one.
POOL_AT_LEAST = 400


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
    art: Art
    count: int

    @property
    def side(self) -> str:
        return "back" if self.art.kind == "back" else "front"


def card_files(deck: Deck, ext: str, lang: Lang = ENGLISH) -> list[CardFile]:
    """Return every distinct front, numbered in deck order, with its count; then the back."""
    arts = distinct_arts(deck, lang)
    digits = max(2, len(str(len(arts))))
    files = []
    for i, art in enumerate(arts[:-1], start=1):
        count = deck.card(art.name).qty if art.kind == "face" else 1
        files.append(CardFile(f"{PREFIX}-{i:0{digits}d}-{art.slug}.{ext}", art, count))
    files.append(CardFile(f"{PREFIX}-back.{ext}", arts[-1], printed_count(deck)))
    return files


def manifest_rows(files: Sequence[CardFile]) -> list[ManifestRow]:
    return [ManifestRow(f.name, f.side, f.art.label, f.count) for f in files]


def _png_job(job: tuple[Art, CardBox, float, int]) -> bytes:
    """Return one card rendered as PNG bytes (run in a worker process)."""
    from printkit.draw import png  # Pillow only where pixels are made

    art, box, dpi, oversample = job
    # unfiltered rows: encoding was two thirds of a card's time; a card file is ~50 KB
    return png.render(art.page(box), dpi, oversample, fast=True)


def render_pngs(arts: Sequence[Art], box: CardBox, dpi: float, oversample: int,
                progress: Progress = no_progress, at_least: int = POOL_AT_LEAST) -> list[bytes]:
    """Return each art as PNG bytes, in the order given: in one process, or on every core
    when there are at least `at_least` of them."""
    from printkit.draw import png  # noqa: F401  (imported before any worker forks: shared)

    return in_parallel(_png_job, [(art, box, dpi, oversample) for art in arts], progress,
                       at_least=at_least)


def png_files(deck: Deck, profile: PrinterProfile, folder: Path,
              progress: Progress = no_progress, lang: Lang = ENGLISH
              ) -> tuple[dict[Path, bytes], list[ManifestRow]]:
    """Return a PNG per distinct card and one for the back, with their manifest rows."""
    files = card_files(deck, "png", lang)
    rendered = render_pngs([f.art for f in files], profile.card, profile.dpi, POD_OVERSAMPLE,
                           progress)
    return ({folder / f.name: data for f, data in zip(files, rendered)}, manifest_rows(files))


def pdf_file(deck: Deck, profile: PrinterProfile, folder: Path,
             progress: Progress = no_progress, lang: Lang = ENGLISH
             ) -> tuple[dict[Path, bytes], list[ManifestRow]]:
    """Return the one-PDF export: a page per card side, in the printer's side order."""
    box = profile.card
    fronts = list(printed_fronts(deck, lang))
    back = back_art(deck, lang)
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
                      cmyk=profile.colors == "cmyk", intent=profile.intent)
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
