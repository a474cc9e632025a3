"""Reading a photo of a played gamesheet: which boxes hold ink, and how sure that is.

The reader is a pipeline of rooms, each its own module, all of them tuned by one frozen
`params.ReaderParams` passed down:

1. `light`: the photo decoded (`image`: JPEG, PNG, WebP, GIF, TIFF; HEIC where Pillow can),
   refused when too small or too dark;
2. `markers`: the four ArUco corner markers found and kept as one sheet's, which name its
   layout (a photo without three of them is refused, saying why);
3. `code`: the QR code read from where the markers put it, which names the sheet; when it
   cannot be read, `look`: the sheet known by its look;
4. `markers.fit` and `page`: the homography from the markers' corners, checked (alignment
   error), corrected by the printed boxes themselves, and the photo flattened to the page;
5. `fields` (and `ink`, for one field): each field compared with the blank sheet drawn by
   the same code, a threshold set from the page's own noise deciding; a field near it is
   listed as uncertain, never guessed.

Anything that is not a readable gamesheet raises `ScanError`, one line saying what to do.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple, NoReturn

import cv2
import numpy as np

from printkit.draw.paper import PAPERS
from printkit.errors import PrintkitError
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.evidence import BoxRead
from printkit.games.fox_rabbit.sheet_code import SheetCode
from printkit.games.fox_rabbit.template import load_map_with_digest
from printkit.language import ENGLISH, Lang
from printkit.message import Message, Number, Said, said_of, tr
from printkit.products.fox_rabbit.scan_marks import MARKER
from printkit.scan.code import CodeUnreadable, read_code
from printkit.scan.field_read import FieldRead, reading_of
from printkit.scan.fields import read_fields
from printkit.scan.image import ScanError
from printkit.scan.layout import Layout, blank_image, layout, printed_image, warmth_image
from printkit.scan.light import (
    Gray,
    blurred,
    check_light,
    decode,
    dim,
    featureless,
    glare,
    normalised,
    paper_outline,
    shows_print,
    too_dark,
)
from printkit.scan.look import identify
from printkit.scan.markers import Quad, complete, find_markers, fit, sheet_layout
from printkit.scan.page import flatten, refined
from printkit.scan.params import DEFAULT, ReaderParams

#: The longest side a sheet is printed on (A4's), in points.
A4_LONG = max(p.height for p in PAPERS.values())

#: How a sheet was known: by its QR code, or by its look (its code unreadable).
Identified = Literal["code", "look"]


class Known(NamedTuple):
    """The sheet a photo shows, and how it was known."""

    code: SheetCode
    identified: Identified


@dataclass(frozen=True)
class Scan:
    """A photo read: the sheet it shows, each field, and the flattened page."""

    code: SheetCode
    layout: Layout
    fields: dict[str, FieldRead]
    alignment: float               # points, root mean square over the markers' corners
    seconds: float
    flat: Gray = field(repr=False)
    #: Pixels a point of `flat`.
    scale: float = DEFAULT.scale
    #: How the sheet was known: "code" (its QR code read) or "look" (its code unreadable,
    #: the photo compared with the blank sheets it could be: `printkit.scan.look`).
    identified: Identified = "code"
    #: The photo's own pixels a point of the sheet (by its markers), when fewer than
    #: `InkParams.coarse_copy`: a messaging app's small copy, read less surely (None: the
    #: camera's own photo, or one as fine).
    small_copy: float | None = None

    def notice(self, photo: Said) -> Message | None:
        """Return the one line of advice the player sees before the questions, when the
        photo is a small copy (`small_copy`), or None."""
        if self.small_copy is None:
            return None
        return tr("{photo} is a small copy of a photo (about {n} pixels to a point of the "
                  "sheet): some boxes may be asked or missed; the camera's own photo reads "
                  "better", photo=photo, n=Number(self.small_copy))

    def notice_dict(self, photo: Said, lang: Lang = ENGLISH) -> dict[str, Any] | None:
        """Return what `--json` says of a small copy: its pixels a point of the sheet and the
        notice, in English (`notice`) and in `lang` (`notice_said`); None for a photo read
        at its full scale."""
        notice = self.notice(photo)
        if notice is None or self.small_copy is None:
            return None
        return {"pixels_a_point": round(self.small_copy, 2), "notice": notice.say(ENGLISH),
                "notice_said": notice.say(lang)}

    @property
    def reading(self) -> dict[str, BoxRead]:
        """Return what the photo showed of each box, as the referee weighs it as evidence."""
        return reading_of(self.fields)

    @property
    def uncertain(self) -> list[str]:
        return [f.name for f in self.fields.values() if f.uncertain]

    @property
    def to_type(self) -> list[str]:
        """The written fields a player types the value of: circle numbers, endgame dice."""
        return [f.name for f in self.fields.values() if f.kind.typed and f.marked]

    def as_dict(self) -> dict[str, Any]:
        """Return the scan as `printkit scan --json` prints it."""
        variant = self.layout.map.name.removeprefix("variant-") \
            if self.layout.map.name.startswith("variant-") else None
        return {
            "sheet": {"game": sf.GAME, "map": self.layout.map.name, "mode": self.code.mode,
                      "variant": int(variant) if variant else None, "paper": self.code.paper,
                      "lang": self.code.lang, "identified": self.identified},
            "fields": {name: {"marked": f.marked, "confidence": round(f.confidence, 3)}
                       for name, f in self.fields.items()},
            "uncertain": self.uncertain,
            "to_type": self.to_type,
            "seconds": round(self.seconds, 3),
        }


def scan(data: bytes, name: Said, params: ReaderParams = DEFAULT) -> Scan:
    """Return what a photo of a gamesheet shows, or raise ScanError saying why it cannot."""
    try:
        return _scan(data, name, params)
    except cv2.error:  # an image OpenCV refuses at some step: one line, no traceback
        raise ScanError(tr("{photo} cannot be read as a gamesheet: take the photo again, the "
                           "whole sheet in view", photo=name)) from None


def _scan(data: bytes, name: Said, params: ReaderParams) -> Scan:
    start = time.perf_counter()
    gray = decode(data, name, params.photo)
    check_light(gray, name, params.photo)
    search = find_markers(gray, params.markers)
    version, corners = sheet_layout(search.found)
    found = complete(corners, search.candidates, gray, params.markers, version)
    if len(found) < params.markers.least:
        _refuse_markers(gray, name, len(found), params)
    photo_scale = _pixels_a_point(found)
    if photo_scale < params.photo.least_scale:
        raise too_far(name)
    page = _page_box(found)
    small_copy = photo_scale if photo_scale < params.ink.coarse_copy else None
    try:
        code, identified = _identified(gray, found, name, version, params)
    except CodeUnreadable:
        shone = glare(gray, params.photo, page)
        if small_copy is not None and shone:
            # a copy's print, thinned and lightened, may pass for one a lamp's reflection
            # washed out (held-out 3070114, no reflection): both said, one photo fixes both
            raise CodeUnreadable(tr(
                "{photo}: the sheet's code (the square by the date) cannot be read in this small "
                "photo (about {n} pixels to a point of the sheet), and its light may hide part "
                "of the sheet: use the camera's own photo rather than a messaging app's smaller "
                "copy, taken without the lamp's reflection",
                photo=name, n=Number(photo_scale))) from None
        if small_copy is not None:
            # a messaging app's small copy: the camera's own photo holds the code's modules
            raise CodeUnreadable(tr(
                "{photo}: the sheet's code (the square by the date) is too small in this photo "
                "to be read (about {n} pixels to a point of the sheet): use the camera's own "
                "photo rather than a messaging app's smaller copy, or come closer",
                photo=name, n=Number(photo_scale))) from None
        if shone:
            raise glare_error(name) from None
        raise
    try:
        # the digest first: a seeded variant is found by it, no game played to make it
        game_map = load_map_with_digest(code.map, code.digest)
    except PrintkitError as err:
        raise ScanError(tr("{photo}: the sheet names map {map}, which printkit cannot load "
                           "({why})", photo=name, map=repr(code.map), why=said_of(err))) from None
    if game_map is None:
        raise ScanError(tr("{file} was printed from other rules or another version of the {map} "
                           "map; print a new sheet", file=name, map=code.map))
    if code.mode not in game_map.modes or code.paper not in PAPERS:
        raise ScanError(tr("{photo}: the sheet's code names mode {mode} on {paper} paper, which "
                           "printkit does not print", photo=name, mode=repr(code.mode),
                           paper=repr(code.paper)))
    # the picture first: its drawing records the boxes `layout` then takes
    blank = np.asarray(blank_image(code.map, code.mode, code.paper, code.lang, params.scale,
                                   version))
    lay = layout(code.map, code.mode, code.paper, code.lang, version)
    matrix, error = fit(lay.anchors, found, params.page)
    if error > params.page.max_alignment:
        raise ScanError(tr("{photo}: the sheet is not flat in the photo (alignment error "
                           "{error} pt): hold the phone flat above the sheet", photo=name,
                           error=Number(error)))
    fitted = refined(gray, matrix, lay, normalised(blank, params.light), params)
    matrix = fitted.matrix
    # a check box off the trail may then be found by its outline as printed
    printed = np.asarray(printed_image(code.map, code.mode, code.paper, code.lang, params.scale,
                                       version))
    flat = flatten(gray, matrix, lay.width, lay.height, params.scale, params.page)
    warmth = np.asarray(warmth_image(code.map, code.mode, code.paper, code.lang, params.scale,
                                     version))
    fields, lost, noise, hidden = read_fields(flat, blank, lay, params, photo_scale, warmth,
                                              printed, fitted.carried)
    if noise > params.photo.noisiest:
        raise too_dark(name)
    if len(hidden) > params.photo.glare_fields:
        raise glare_error(name)
    # a few boxes washed out by the light: the player confirms them
    fields = {n: replace(f, confidence=0.5, uncertain=True) if n in hidden else f
              for n, f in fields.items()}
    if lost > params.page.max_lost:
        if glare(gray, params.photo, page):
            raise glare_error(name)
        raise ScanError(tr("{photo}: the sheet is not flat in the photo ({share} of its boxes "
                           "are not where its corners put them): hold the phone flat above the "
                           "sheet", photo=name, share=f"{lost:.0%}"))
    return Scan(code, lay, fields, error, time.perf_counter() - start, flat, params.scale,
                identified, small_copy)


def _refuse_markers(gray: Gray, name: Said, found: int, params: ReaderParams) -> NoReturn:
    """Raise the ScanError that says why too few of the corner markers were found, and what
    to do: the photo shows no sheet, is too dark, a lamp's reflection hides the sheet, the
    sheet is too far, the photo too blurred; else which markers are missing."""
    photo = params.photo
    if featureless(gray, photo):
        raise ScanError(tr("{photo} shows no sheet, only an even surface: photograph the "
                           "gamesheet, its four corners in view", photo=name))
    if dim(gray, photo):
        raise too_dark(name)
    outline = paper_outline(gray, photo)
    if outline is None and not shows_print(gray, photo):
        raise ScanError(tr("{photo} shows no sheet: photograph the gamesheet, its four "
                           "corners in view", photo=name))
    if glare(gray, photo, outline.box if outline else None):
        raise glare_error(name)
    if outline is not None and outline.share < photo.small_sheet:
        raise too_far(name)
    if blurred(gray, photo):
        raise ScanError(tr("{photo} is too blurred to read: hold the phone still, the "
                           "sheet in focus", photo=name))
    # the pixels a point of the sheet takes, by its outline's long side against A4's
    scale = max(outline.box[2:]) / A4_LONG if outline is not None else None
    if not found and scale is not None and scale < photo.small_markers:
        raise ScanError(tr("{photo}: the sheet is too small in this photo for its corner "
                           "markers to be found (about {n} pixels to a point of the sheet): "
                           "use the camera's own photo rather than a messaging app's smaller "
                           "copy, or come closer (print a new sheet if yours has no markers)",
                           photo=name, n=Number(scale)))
    if not found:
        raise ScanError(tr("{photo} shows no printkit gamesheet: none of its four corner "
                           "markers is in view (print a new sheet if yours has none)",
                           photo=name))
    raise ScanError(tr("{photo}: {n} of the sheet's four corner markers found; photograph "
                       "the whole sheet, its four corners in view", photo=name, n=found))


def _pixels_a_point(found: dict[int, Quad]) -> float:
    """Return how many of the photo's pixels a point of the sheet takes, by its markers'
    sides."""
    sides = [float(np.linalg.norm(q[(i + 1) % 4] - q[i])) for q in found.values()
             for i in range(4)]
    return float(np.median(sides)) / MARKER


def _page_box(found: dict[int, Quad]) -> tuple[int, int, int, int]:
    """Return the rectangle (x, y, w, h, the photo's pixels) around the markers found: the
    sheet's page, near enough."""
    x, y, w, h = cv2.boundingRect(np.concatenate(list(found.values())).astype(np.float32))
    return int(x), int(y), int(w), int(h)


def glare_error(name: Said) -> ScanError:
    return ScanError(tr("{photo}: the photo's light hides part of the sheet: take it again "
                        "without the lamp's reflection", photo=name))


def too_far(name: Said) -> ScanError:
    return ScanError(tr("{photo}: the sheet is too small in the photo to read: come closer, "
                        "the sheet filling most of the frame", photo=name))


def _identified(gray: Gray, found: dict[int, Quad], name: Said, version: int,
                params: ReaderParams) -> Known:
    """Return the sheet the photo shows and how it was known: by its code, or, when the code
    cannot be read, by its look (a classic sheet told clearly apart from the others); else
    the code's refusal."""
    try:
        return Known(read_code(gray, found, name, version, params), "code")
    except CodeUnreadable:
        code = identify(gray, found, version, params)
        if code is None:
            raise
        return Known(code, "look")
