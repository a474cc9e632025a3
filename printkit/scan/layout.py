"""Where everything is on a printed gamesheet, from the drawing pass that prints it.

The sheet is drawn on a `RecordingCanvas`: its fields (`Canvas.field`, the same boxes the
fillable PDF makes form fields of) and its anchors (the corner markers and the QR code,
`Canvas.anchor`) come back in page coordinates, in points. No coordinate is written here.

A sheet printed in an older layout (its corner markers say which: `scan_marks.MARKER_IDS`) is
drawn again in that layout, so that a photo of it reads as it did the day it was printed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from PIL import Image

from printkit.draw.paper import paper as find_paper
from printkit.draw.png import render_image, render_recorded
from printkit.draw.recording import Call, record
from printkit.games.fox_rabbit.board import GameMap, rules_digest
from printkit.games.fox_rabbit.sheet_fields import LAYOUT, FieldKind, fields
from printkit.games.fox_rabbit.template import load_map
from printkit.language import language
from printkit.products.fox_rabbit.gamesheet import gamesheet
from printkit.products.fox_rabbit.sheet import map_line
from printkit.scan import kept


class Box(NamedTuple):
    """A rectangle on the page, in points, y down: its top left corner, width and height."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class FieldBox:
    """A field of the sheet: its name, its kind (`sheet_fields.FieldKind`: how its ink is
    read, whether its value is typed), and its box on the page (x, y, w, h in points, y
    down)."""

    name: str
    kind: FieldKind
    box: Box

    @property
    def digits(self) -> bool:
        return self.kind.digits


@dataclass(frozen=True)
class Layout:
    """A printed sheet as a reader sees it: page size, fields and anchors, in points, and
    the layout it was printed in."""

    map: GameMap
    mode: str
    paper: str
    lang: str
    width: float
    height: float
    fields: tuple[FieldBox, ...]
    anchors: dict[str, Box]
    version: int = LAYOUT

    @property
    def digest(self) -> str:
        return rules_digest(self.map)


@lru_cache(maxsize=8)
def layout(map_name: str, mode: str, paper_id: str, lang: str,
           version: int = LAYOUT) -> Layout:
    """Return the layout of a sheet: the map's (by name), in a mode, on a paper, in a language,
    as printed in layout `version` (today's, or an older one).

    The measured-difficulty note is left out: it is printed below every field.
    """
    page = _page(map_name, mode, paper_id, lang, version)
    game_map = load_map(map_name)
    spec = {f.name: f for f in fields(game_map, game_map.modes[mode], version)}
    calls = recording(map_name, mode, paper_id, lang, version)
    found = tuple(FieldBox(c.text, spec[c.text].kind, Box(c.x, c.y, c.w, c.h))
                  for c in calls if c.kind == "field")
    anchors = {c.text: Box(c.x, c.y, c.w, c.h) for c in calls if c.kind == "anchor"}
    return Layout(game_map, mode, paper_id, lang, page.width, page.height, found, anchors,
                  version)


def _page(map_name: str, mode: str, paper_id: str, lang: str,  # type: ignore[no-untyped-def]
          version: int):
    doc = gamesheet(load_map(map_name), mode, find_paper(paper_id), difficulty="",
                    lang=language(lang), layout=version)
    return doc.pages[0]


#: The calls of the sheets whose picture was just drawn (`blank_image`), by what was asked
#: (map, mode, paper, language, layout version): the same drawing's, taken by `recording`
#: in place of drawing the sheet again.
_DRAWN: dict[tuple[str, str, str, str, int], tuple[Call, ...]] = {}
#: The most of them held at once.
_DRAWN_MOST = 8


@lru_cache(maxsize=8)
def recording(map_name: str, mode: str, paper_id: str, lang: str,
              version: int = LAYOUT) -> tuple[Call, ...]:
    """Return every call the sheet's drawing makes (`recording.record`), in page points: taken
    from its picture's drawing when `blank_image` drew it just before, else drawn."""
    drawn = _DRAWN.pop((map_name, mode, paper_id, lang, version), None)
    if drawn is not None:
        return drawn
    return tuple(record(_page(map_name, mode, paper_id, lang, version)).calls)


def forget() -> None:
    """Empty the sheets' layouts, recordings and pictures kept in this process (as a new
    process starts; the pictures kept on disk are `kept`'s)."""
    for cached in (layout, recording, blank_image, printed_image, warmth_image, map_label):
        cached.cache_clear()
    _WARM.clear()
    _DRAWN.clear()


@lru_cache(maxsize=4)
def blank_image(map_name: str, mode: str, paper_id: str, lang: str, scale: float,
                version: int = LAYOUT) -> Image.Image:
    """Return the blank sheet (in layout `version`) rendered in grey at `scale` pixels per
    point: what the paper shows before a player marks it; kept on disk for the next process
    (`kept`)."""
    def draw() -> Image.Image:
        page = _page(map_name, mode, paper_id, lang, version)
        picture, calls = render_recorded(page, 72 * scale, oversample=1)
        # its calls for `recording`, which a reader asks for next (its boxes): the sheet
        # drawn once for both
        if len(_DRAWN) >= _DRAWN_MOST:
            _DRAWN.clear()
        _DRAWN[(map_name, mode, paper_id, lang, version)] = calls
        # and its warmth for `warmth_image`, which a reader asks for next
        if len(_WARM) >= _DRAWN_MOST:
            _WARM.clear()
        _WARM[(map_name, mode, paper_id, lang, float(scale), version)] = _warmth(picture)
        return picture.convert("L")

    return kept.blank((map_name, mode, paper_id, lang, float(scale), version), draw)


@lru_cache(maxsize=4)
def printed_image(map_name: str, mode: str, paper_id: str, lang: str, scale: float,
                  version: int = LAYOUT) -> Image.Image:
    """Return the blank sheet as `blank_image` does, its outlines stroked as its PDF strokes
    them, centred on their path (`PngCanvas.centred_strokes`): the shape a printed box has on
    the photo, which a check box off the trail is found by (`page.match_printed`); no calls
    recorded, `blank_image` has them. `blank_image` draws an outline inside
    its box, as the reader's ink was measured and tuned with: a pixel of a box's paper beside
    its outline is left out (the camera's blur of the outline); a 2-point outline (the
    prized trap's) lies a point inside the printed one there, and the box was laid two pixels
    off its neighbours, its number's edge read as ink (docs/scan-measurement.md, "The prized
    trap's outline")."""
    def draw() -> Image.Image:
        page = _page(map_name, mode, paper_id, lang, version)
        return render_image(page, 72 * scale, oversample=1, centred_strokes=True).convert("L")

    return kept.blank(("printed", map_name, mode, paper_id, lang, float(scale), version), draw)


def _warmth(picture: Image.Image) -> Image.Image:
    """Return a picture's red less its blue, about mid-grey (128): two colours of nearly one
    grey (a trail cell's pink and blue) far apart."""
    red, _, blue = picture.convert("RGB").split()
    return Image.merge("RGB", (red, blue, blue)).convert(
        "L", (0.5, -0.5, 0.0, 128.0))


#: The warmth of the sheets whose picture was just drawn (`blank_image`), for `warmth_image`.
_WARM: dict[tuple[str, str, str, str, float, int], Image.Image] = {}


@lru_cache(maxsize=4)
def warmth_image(map_name: str, mode: str, paper_id: str, lang: str, scale: float,
                 version: int = LAYOUT) -> Image.Image:
    """Return the blank sheet's warmth (red less blue, `_warmth`) at `scale` pixels per point,
    as `blank_image` lays it: where its fills are two colours that grey alike; kept on disk."""
    def draw() -> Image.Image:
        just = _WARM.pop((map_name, mode, paper_id, lang, float(scale), version), None)
        if just is not None:
            return just
        page = _page(map_name, mode, paper_id, lang, version)
        return _warmth(render_recorded(page, 72 * scale, oversample=1)[0])

    return kept.blank(("warmth", map_name, mode, paper_id, lang, float(scale), version), draw)


@lru_cache(maxsize=8)
def map_label(map_name: str, mode: str, paper_id: str, lang: str,
              version: int = LAYOUT) -> Box | None:
    """Return where a sheet prints the line that names its map (`map: classic`; x, y, w, h
    in points), or None."""
    line = map_line(load_map(map_name), language(lang), version)
    calls = recording(map_name, mode, paper_id, lang, version)
    return next((Box(c.x, c.y, c.w, c.h) for c in calls
                 if c.kind == "text" and c.text == line), None)
