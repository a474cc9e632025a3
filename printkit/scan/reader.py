"""Reading a photo of a played gamesheet: which boxes hold ink, and how sure that is.

The path: decode the photo (`image`: JPEG, PNG, WebP, GIF, TIFF; HEIC where Pillow can),
find the four ArUco corner markers (`cv2.aruco.ArucoDetector`), fit the homography from
their sixteen corners (RANSAC, corners refined to the sub-pixel) and check its alignment
error, flatten the photo to the page, read the QR code to know the sheet, and rebuild that
sheet's layout and blank image from the drawing code. Each field is then compared with the
blank sheet: the box is first re-centred on its printed outline (a small template match
absorbs curl and lens drift), the page's light is flattened, and ink is what is darker than
anything printed nearby, above the box's own background. A threshold set from the page's own
noise decides; a field near it is listed as uncertain, never guessed.

Anything that is not a readable gamesheet raises `ScanError`, one line saying what to do.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from printkit.draw.paper import PAPERS, Paper
from printkit.errors import PrintkitError
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import rules_digest
from printkit.games.fox_rabbit.evidence import BoxRead
from printkit.games.fox_rabbit.template import load_map
from printkit.message import said_of, tr
from printkit.products.fox_rabbit.scan_marks import MARKER_IDS, marker_layout, page_anchors
from printkit.scan.image import ScanError, grey
from printkit.scan.layout import FieldBox, Layout, blank_image, layout

Gray = NDArray[Any]  # grey levels, 0-255 (OpenCV types its results loosely)
Floats = NDArray[Any]

#: Pixels per point of the flattened page (144 dpi).
SCALE = 2.0
#: The largest side a photo is searched for markers at; finer photos are shrunk first, and
#: searched again at DETECT_FINE when a marker is missing.
DETECT_SIDE = 2200
DETECT_FINE = 3400
#: How many of the markers the shrunk photo must show for a finer search to be worth it.
FINER_FROM = 2
#: A photo whose strongest edges (a Sobel gradient, at 500 pixels across) are weaker than this
#: shows no sheet at all, blurred or not.
FEATURELESS = 30.0
#: A marker smaller than this (perimeter, pixels of the image searched) is noise: its bits
#: could not be told apart.
MIN_MARKER_PERIMETER = 48
#: The alignment error (root mean square of the markers' corners, in points) above which
#: the photo is refused: the sheet was not flat, or not seen whole.
MAX_ALIGNMENT = 2.0
#: How far (in pixels of the flattened page) a box is searched around where the homography
#: puts it.
SHIFT = 5
#: A printed box is lost when its blank drawing matches the photo less than this (0-1; a
#: box marked, or a faded print, still matches above it), or best at the edge of the
#: search (it is further off than searched); when more than MAX_LOST of them are lost, the
#: page is too bent to read.
MIN_FIT = 0.2
MAX_LOST = 0.15
#: How far (pixels of the flattened page) the boxes are searched to correct the markers'
#: homography.
REFINE_SEARCH = 14
#: A box matched this well (0-1) in a wide search is surely found there.
SURE_FIT = 0.45
#: A field's neighbourhood, whose boxes' shift it is searched around: its NEIGHBOURS nearest
#: boxes found surely, within NEIGHBOURHOOD points of it.
NEIGHBOURS = 5
NEIGHBOURHOOD = 60.0
#: A written field wider than two of these (points) is measured in pieces about this wide,
#: each searched up and down SEGMENT_SEARCH pixels for its writing lines.
SEGMENT = 40.0
SEGMENT_SEARCH = 8
#: How many times the page's noise (a robust deviation) a pixel must stand out to be ink.
NOISE_STEPS = 3.5
#: A pixel is ink when it is this much darker (0-1, paper is 1) than the blank sheet near it,
#: at least (a light pencil darkens the paper by 0.05 to 0.3); the page's noise can raise
#: it, to INK_MAX at most.
INK_STEP = 0.045
INK_MAX = 0.10
#: A page whose pen's strokes are lighter than this (their PEN_RANK darkest pixels, 0-1) is
#: read again smoothed (LIGHT_SMOOTH, a Gaussian's sigma in pixels), with an ink step of
#: LIGHT_INK_STEP at least: light pencil, its strokes as faint as the camera's noise.
LIGHT_PEN = 0.12
PEN_RANK = 0.9
PEN_BOXES = 3
#: The share of ink away from any print (0-1) that is a trace of a pen.
TRACE = 0.004
LIGHT_SMOOTH = 0.8
LIGHT_INK_STEP = 0.035
#: Where the blank sheet is darker than this (0-1) within two pixels, something is printed
#: dark: the photo's ink is not measured there.
PRINTED = 0.6
#: The side (pixels) of the square around dark print within which a blurred photo's line
#: can darken the paper: ink there must be HALO_STEP times as dark.
HALO = 9
HALO_STEP = 1.5
#: Where the blank sheet is lighter than this within two pixels, it is plain paper.
PLAIN = 0.9
#: The length (pixels of the flattened page) of the strips of a row or column whose plain
#: paper gives its tone, and the fewest plain pixels that give one.
EVEN_STRIP = 200
EVEN_COUNT = 40
#: The rank (0-1, darkest to lightest) of a strip's plain pixels taken for its paper: ink
#: is darker than paper, and up to that share of them may be ink.
EVEN_RANK = 0.8
#: The least share of a box counted as its room for ink, however much of it is printed.
MIN_CLEAR = 0.3
#: The width (points) of the ring of paper around a box whose tone is the box's background.
AROUND = 3.0
#: How much darker than the paper around it a box's printed fill may read (a share of the
#: fill's own darkness): a printer's grey makes a tint darker.
TONE = 0.3
#: Boxes whose blank fills are within FILL_CLASS of one another are printed in one colour;
#: when TONE_BOXES or more share one, the printer's tone of it is measured on the page.
FILL_CLASS = 0.02
TONE_BOXES = 3
#: How much darker than the paper around it a box may read all over and still be empty
#: (the smudge an eraser leaves).
SMUDGE = 0.025
#: Wider than a written stroke (pixels of the flattened page): what an opening of this size
#: keeps of a written field's darkness is its background.
_STROKE = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
#: Longer than a written stroke across (pixels): a dark line this long in a written field is
#: a crease or a shadow's edge.
_CREASE = np.ones((1, 41), np.uint8)
#: The most a box's background may read darker than the blank sheet's (a fill printed in
#: grey, a shadow) and still be taken for paper.
TINT = 0.12
#: The side of the square a written field's ink is counted in, in points.
WRITTEN = 14.0
#: A field's share of ink pixels: below LOW it is empty, above HIGH marked, between uncertain.
#: A number written small (a 9-point "2") fills 7 % of its square, a die or a number as
#: players write them a tenth or more (a lone, thin "1" or a faint pencil less: asked);
#: the noise an opening leaves in an empty box is taken off before (`_darker`).
LOW = {"tick": 0.02, "writing": 0.02}
HIGH = {"tick": 0.045, "writing": 0.045}
#: A share the player is asked to confirm, leaning empty (`_ask_print_edges`).
ASK_SHARE = LOW["tick"] + (HIGH["tick"] - LOW["tick"]) / 4
#: On a page in light pencil, a share above LIGHT_LOW is asked: its strokes are faint enough
#: that a mark may show in only a few pixels.
LIGHT_LOW = {"tick": 0.01, "writing": 0.01}


class CodeUnreadable(ScanError):
    """A sheet whose code cannot be read (it may still be known by its look)."""


@dataclass(frozen=True)
class FieldRead:
    """What a field was read as: marked or not, the confidence (0-1), the ink share."""

    name: str
    kind: sf.FieldKind
    marked: bool
    confidence: float
    uncertain: bool
    ink: float
    box: tuple[float, float, float, float]   # where it was read, on the page, in points


@dataclass
class Scan:
    """A photo read: the sheet it shows, each field, and the flattened page."""

    code: sf.SheetCode
    layout: Layout
    fields: dict[str, FieldRead]
    alignment: float               # points, root mean square over the markers' corners
    seconds: float
    flat: Gray = field(repr=False)
    #: How the sheet was known: "code" (its QR code read) or "look" (its code unreadable,
    #: the photo compared with the blank sheets it could be: `printkit.scan.look`).
    identified: str = "code"

    @property
    def reading(self) -> dict[str, BoxRead]:
        """Return what the photo showed of each box, as the referee weighs it as evidence."""
        return {name: BoxRead(f.kind, f.marked, f.confidence) for name, f in self.fields.items()}

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


# --- the photo --------------------------------------------------------------------------------
def decode(data: bytes, name: str) -> Gray:
    """Return the photo in grey levels, turned as its EXIF orientation says (`image.grey`:
    its size checked from its header before it is decoded)."""
    image = grey(data, name)
    if image.shape[0] < 300 or image.shape[1] < 300:
        raise ScanError(tr("{photo} is {width} × {height} pixels: too small to read a sheet "
                           "from (take the photo at full size)", photo=name,
                           width=image.shape[1], height=image.shape[0]))
    return image


def _check_light(gray: Gray, name: str) -> None:
    small = cv2.resize(gray, (320, 320 * gray.shape[0] // gray.shape[1]),
                       interpolation=cv2.INTER_AREA)
    if float(np.percentile(small, 90)) < 60:
        raise ScanError(tr("{photo} is too dark to read: take the photo in more light",
                           photo=name))


def _featureless(gray: Gray) -> bool:
    """Return whether the photo shows nothing but an even surface (a wall, a table): no edge
    stands out even at a coarse scale, where a blurred sheet's print and outline still do
    (a Sobel gradient of 80 and more at 500 pixels across; a bare wall's is below 10)."""
    side = max(gray.shape)
    small = cv2.resize(gray, None, fx=500 / side, fy=500 / side,
                       interpolation=cv2.INTER_AREA) if side > 500 else gray
    small = small.astype(np.float32)
    edges = cv2.magnitude(cv2.Sobel(small, cv2.CV_32F, 1, 0), cv2.Sobel(small, cv2.CV_32F, 0, 1))
    return float(np.percentile(edges, 99.9)) < FEATURELESS


def _blurred(gray: Gray) -> bool:
    """Return whether the photo is too blurred for its markers to be found."""
    side = max(gray.shape)
    small = cv2.resize(gray, None, fx=1000 / side, fy=1000 / side,
                       interpolation=cv2.INTER_AREA) if side > 1000 else gray
    return float(cv2.Laplacian(small, cv2.CV_64F).var()) < 60.0


# --- markers and homography -------------------------------------------------------------------
_DETECTOR: Any = None


def _detector() -> Any:
    """Return the ArUco detector of the sheet's four markers.

    Its dictionary holds only the markers sheets print (ids 0-7 of DICT_4X4_50, four to a
    layout): so far apart from one another (six bits at least) that a marker with three bits
    blurred is still known as the nearest, which a phone photo of a 10-point marker needs.
    """
    global _DETECTOR
    if _DETECTOR is None:
        base = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        params.minMarkerPerimeterRate = 0.01
        params.adaptiveThreshWinSizeMax = 53
        params.errorCorrectionRate = 1.0
        params.perspectiveRemovePixelPerCell = 8
        params.perspectiveRemoveIgnoredMarginPerCell = 0.3
        params.polygonalApproxAccuracyRate = 0.05
        ids = max(i for corners in MARKER_IDS.values() for i in corners) + 1
        _DETECTOR = cv2.aruco.ArucoDetector(cv2.aruco.Dictionary(base.bytesList[:ids], 4, 3),
                                            params)
    return _DETECTOR


def find_markers(gray: Gray, candidates: list[Floats] | None = None) -> dict[int, Floats]:
    """Return the corners (4 × 2, in the photo's pixels) of each corner marker found, by id.

    The photo is searched shrunk to DETECT_SIDE pixels, then, while a marker is missing,
    finer (DETECT_FINE), then whole; but not when fewer than FINER_FROM were found shrunk,
    counting those read but too small to trust there (a photo of no sheet, a sheet without
    markers or too blurred is refused at once). A sheet's boxes and
    digits can pass for a marker (its dictionary is small, and forgiving): of all the squares
    read as markers, the ones kept are the consistent set (`consistent_markers`). The
    squares the detector saw but could not read, and the markers left out, are added to
    `candidates`, when given (a marker too blurred for its bits, or read as another id)."""
    seen: list[tuple[int, Floats]] = []
    chosen: dict[int, Floats] = {}
    side = max(gray.shape)
    for limit in (DETECT_SIDE, DETECT_FINE, side):
        k = min(1.0, limit / side)
        small = cv2.resize(gray, None, fx=k, fy=k, interpolation=cv2.INTER_AREA) \
            if k < 1 else gray
        corners, ids, rejected = _detector().detectMarkers(small)
        if candidates is not None:
            candidates.extend(q.reshape(4, 2).astype(np.float32) / k for q in rejected)
        tiny: list[tuple[int, Floats]] = []   # read, but too small here to trust
        for quad, marker_id in zip(corners, [] if ids is None else ids.ravel()):
            if marker_layout(int(marker_id)) is None:
                continue
            pts = quad.reshape(4, 2).astype(np.float32) / k
            if cv2.arcLength(quad.reshape(4, 2), True) < MIN_MARKER_PERIMETER:
                tiny.append((int(marker_id), pts))
                continue
            if any(int(marker_id) == i and _same_place(pts, q) for i, q in seen):
                continue   # seen at a coarser scale
            if k < 1:  # the corners a sub-pixel nearer, on the full photo
                win = max(2, round(1 / k))
                cv2.cornerSubPix(gray, pts.reshape(-1, 1, 2), (win, win), (-1, -1),
                                 (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05))
            if _on_paper(gray, pts):
                seen.append((int(marker_id), pts))
        chosen = consistent_markers(seen)
        # a page small in the frame shows its markers too small to trust when shrunk: they
        # are looked for finer when they make a sheet's set with the ones found
        hinted = len(consistent_markers(seen + tiny)) if len(chosen) < FINER_FROM else 0
        if len(chosen) == 4 or max(len(chosen), hinted) < FINER_FROM or k == 1.0:
            break
    if candidates is not None:
        candidates.extend(q for _i, q in seen
                          if not any(q is kept for kept in chosen.values()))
    return chosen


def _same_place(a: Floats, b: Floats) -> bool:
    """Return whether two squares found are one: their centres within half a side."""
    return float(np.linalg.norm(a.mean(axis=0) - b.mean(axis=0))) < \
        0.5 * float(np.linalg.norm(b[1] - b[0]))


#: How far (points, root mean square) the markers of a set may lie from where a homography
#: through them all puts them, for the set to be a sheet's (a square taken for a marker lies
#: tens of points off; a curled sheet's markers a few).
MARKER_SET_ERROR = 6.0
#: How much larger than another a marker of a set may look: the page is seen from one camera,
#: tilted a few degrees; a printed box read as a marker is most often smaller.
MARKER_SIZES = 1.6
#: The most squares read as one marker id that are tried, the largest first.
MARKER_TRIES = 4


def consistent_markers(seen: list[tuple[int, Floats]]) -> dict[int, Floats]:
    """Return, of the squares read as markers (id, corners), the set that is a sheet's: one
    layout's ids, at most one square each, of like sizes, whose corners one homography lays
    on their places on the page (for either paper) within MARKER_SET_ERROR points; the set
    with the most markers, then the least error. Two markers are checked with a similarity
    (turn, scale, move). When no set agrees that well, the set of three or four of like
    sizes, as far apart as their size says, that agrees best is returned, for the reader
    to refuse as not flat; when there is none, no marker."""
    slots: dict[tuple[int, int], list[Floats]] = {}
    for marker_id, quad in seen:
        version, corner = marker_layout(marker_id) or (0, 0)
        slots.setdefault((version, corner), []).append(quad)
    for quads in slots.values():
        quads.sort(key=lambda q: -float(cv2.arcLength(q, True)))
        del quads[MARKER_TRIES:]
    papers = [page_anchors(paper) for paper in PAPERS.values()]
    best: tuple[int, float] = (0, 0.0)
    loose: tuple[int, float] = (0, 0.0)
    chosen: dict[int, Floats] = {}
    bent: dict[int, Floats] = {}
    for version, ids in MARKER_IDS.items():
        options = [[None, *slots.get((version, corner), [])] for corner in range(4)]
        for pick in itertools.product(*options):
            kept = {corner: q for corner, q in enumerate(pick) if q is not None}
            if len(kept) < 2 or len(kept) < min(best[0], loose[0]):
                continue
            error = _set_error(kept, papers)
            if error is None:
                continue
            if error > MARKER_SET_ERROR:
                if len(kept) >= 3 and (len(kept), -error) > (loose[0], -loose[1]):
                    loose = (len(kept), error)
                    bent = {ids[corner]: q for corner, q in kept.items()}
                continue
            if (len(kept), -error) > (best[0], -best[1]):
                best = (len(kept), error)
                chosen = {ids[corner]: q for corner, q in kept.items()}
    return chosen or bent


def _set_error(kept: dict[int, Floats],
               papers: list[dict[str, tuple[float, float, float, float]]]) -> float | None:
    """Return how far (points, root mean square) a set of markers (by corner) lies from where
    one homography (a similarity for two markers) puts them on the page, the paper that fits
    best; None when their sizes differ too much to be one sheet's."""
    sides = [float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[1])) for q in
             kept.values()]
    if max(sides) > MARKER_SIZES * min(sides):
        return None
    errors = []
    for anchors in papers:
        src, dst = _marker_points(anchors, kept)
        # the markers' size and their distances apart must say one scale (pixels a point):
        # a few squares close together on the sheet are not its corners
        size = float(np.mean(sides)) / (2 * float(anchors["marker-0"][2]))
        spread = float(np.linalg.norm(src - src.mean(axis=0), axis=1).mean()) / \
            float(np.linalg.norm(dst - dst.mean(axis=0), axis=1).mean())
        if not 1 / MARKER_SIZES < spread / size < MARKER_SIZES:
            continue
        if len(kept) >= 3:
            matrix, _mask = cv2.findHomography(src, dst, 0)
        else:
            affine, _mask = cv2.estimateAffinePartial2D(src, dst, method=cv2.LMEDS)
            matrix = None if affine is None else np.vstack([affine, [0, 0, 1]])
        if matrix is None:
            continue
        mapped = cv2.perspectiveTransform(src.reshape(-1, 1, 2), matrix).reshape(-1, 2)
        errors.append(float(np.sqrt(np.mean(np.sum((mapped - dst) ** 2, axis=1)))))
    return min(errors) if errors else None


def sheet_layout(found: dict[int, Floats]) -> tuple[int, dict[int, Floats]]:
    """Return the layout the markers found name (`scan_marks.MARKER_IDS`) and its markers'
    corners by the page's corner (0 the top left, clockwise). A marker of another layout
    than most of them name (a misread) is left out."""
    votes: dict[int, dict[int, Floats]] = {}
    for marker_id, quad in found.items():
        version, corner = marker_layout(marker_id) or (0, 0)
        votes.setdefault(version, {})[corner] = quad
    if not votes:
        return max(MARKER_IDS), {}
    version = max(votes, key=lambda v: (len(votes[v]), v))
    return version, votes[version]


def _on_paper(gray: Gray, quad: Floats) -> bool:
    """Return whether a marker found lies on white paper, as a printed one does: the ring
    around it is much lighter than its black border (noise and patterns that pass for a
    marker are not)."""
    centre = quad.mean(axis=0)
    x0, y0 = np.floor(centre + (quad - centre).min(axis=0) * 1.7).astype(int)
    x1, y1 = np.ceil(centre + (quad - centre).max(axis=0) * 1.7).astype(int)
    h, w = gray.shape
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        return True   # at the photo's edge: nothing to judge by
    roi = gray[y0:y1, x0:x1]

    def band(inner: float, outer: float) -> Any:
        mask = np.zeros(roi.shape, np.uint8)
        for k, value in ((outer, 255), (inner, 0)):
            pts = (centre + (quad - centre) * k - (x0, y0)).astype(np.int32)
            cv2.fillPoly(mask, [pts], value)
        return roi[mask > 0]

    ring, border = band(1.2, 1.6), band(0.72, 0.95)
    if ring.size == 0 or border.size == 0:
        return True
    return float(np.median(ring)) >= 1.5 * float(np.median(border)) + 20


def complete(found: dict[int, Floats], candidates: list[Floats], gray: Gray) -> None:
    """Add to `found` the missing markers that are squares seen where the markers found put
    them (their bits too blurred to read), for the paper whose layout they fit."""
    if not 2 <= len(found) < 4 or not candidates:
        return
    best: dict[int, Floats] = {}
    for paper in PAPERS.values():
        anchors = page_anchors(paper)
        src, dst = _marker_points(anchors, found)
        # a similarity (turn, scale, move): two markers on one edge fix no more
        affine, _mask = cv2.estimateAffinePartial2D(dst, src)
        if affine is None:
            continue
        to_photo = np.vstack([affine, [0, 0, 1]])
        added: dict[int, Floats] = {}
        for marker_id in set(range(4)) - set(found):
            x, y, w, h = anchors[f"marker-{marker_id}"]
            want = cv2.perspectiveTransform(np.array(
                [[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]], np.float32), to_photo)[0]
            side = float(np.linalg.norm(want[1] - want[0]))
            for quad in sorted(candidates, key=lambda q: -cv2.contourArea(q)):
                if np.linalg.norm(quad.mean(axis=0) - want.mean(axis=0)) > side * 1.5 or \
                        not 0.6 < float(np.linalg.norm(quad[1] - quad[0])) / side < 1.6:
                    continue
                # the candidate's corners in the order of the marker's: the nearest turn
                turns = [np.roll(quad, -i, axis=0) for i in range(4)]
                turned = min(turns, key=lambda q: float(np.linalg.norm(q - want)))
                if float(np.abs(turned - want).max()) < side * 1.6 and _on_paper(gray, turned):
                    added[marker_id] = turned
                    break
        if len(added) > len(best):
            best = added
    found.update(best)


def _marker_points(anchors: dict[str, tuple[float, float, float, float]],
                   found: dict[int, Floats]) -> tuple[Floats, Floats]:
    """Return the photo's marker corners and where they are on the page (points)."""
    src, dst = [], []
    for marker_id, quad in found.items():
        x, y, w, h = anchors[f"marker-{marker_id}"]
        src.append(quad)
        dst.append(np.array([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], np.float32))
    return np.concatenate(src), np.concatenate(dst)


def fit(anchors: dict[str, tuple[float, float, float, float]],
        found: dict[int, Floats]) -> tuple[NDArray[Any], float]:
    """Return the homography from the photo to the page (points) and its alignment error."""
    src, dst = _marker_points(anchors, found)
    matrix, inliers = cv2.findHomography(src, dst, cv2.RANSAC, 1.5)
    if matrix is None:
        raise ScanError(tr("the corner markers do not make a sheet: hold the phone flat above "
                           "the sheet"))
    mapped = cv2.perspectiveTransform(src.reshape(-1, 1, 2), matrix).reshape(-1, 2)
    misses = np.sqrt(np.sum((mapped - dst) ** 2, axis=1))
    # a square taken for a marker that is none falls out; three markers must agree
    kept = misses[inliers.ravel() > 0] if int(inliers.sum()) >= 12 else misses
    return matrix, float(np.sqrt(np.mean(kept ** 2)))


def flatten(gray: Gray, matrix: NDArray[Any], width: float, height: float,
             scale: float) -> Gray:
    """Return the page (width × height points) flattened out of the photo at `scale` pixels
    a point, through `matrix` (page points to photo pixels); used by the field reading and
    by `look` to compare a photo with blank sheets."""
    to_px = np.diag([scale, scale, 1.0]) @ matrix
    size = (round(width * scale), round(height * scale))
    shrink = np.sqrt(abs(np.linalg.det(to_px[:2, :2])))
    src = gray
    if shrink < 0.5:  # a fine photo: smooth it first so that the page is not aliased
        sigma = 0.5 / shrink * 0.5
        src = cv2.GaussianBlur(gray, (0, 0), sigma)
    return cv2.warpPerspective(src, to_px, size, flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


# --- the sheet's code -------------------------------------------------------------------------
def read_code(gray: Gray, found: dict[int, Floats], name: str,
              version: int = sf.LAYOUT) -> sf.SheetCode:
    """Return what the sheet's QR code says, trying each paper's place for it.

    The code is flattened from where the markers put it. A photo too soft for the QR
    detector is read module by module: the code's place and size are known, so each
    module's centre is sampled, and the grid drawn again crisp for the detector. When that
    fails too, the markers' homography is first corrected by the printed boxes of a
    provisional layout (the classic map's easy sheet on that paper, in the layout
    `version` the markers name: most boxes are where every sheet of it has them), which
    puts the modules' centres where they are.
    """
    papers = _likely_papers(found)
    for corrected in (False, True):
        for paper in papers:
            anchors = page_anchors(paper)
            matrix, _error = fit(anchors, found)
            if corrected:
                lay = layout("classic", "easy", paper.id, "en", version)
                blank = np.asarray(blank_image("classic", "easy", paper.id, "en", SCALE,
                                               version))
                matrix = refine(gray, matrix, lay, normalised(blank))
            text = _decode(gray, matrix, anchors["code"])
            if text:
                try:
                    return sf.parse_sheet_code(text)
                except ValueError:
                    raise ScanError(tr(
                        "{photo} is a sheet of another game, or not a printkit sheet of The Fox "
                        "and the Rabbit (its code says {code})", photo=name,
                        code=repr(text[:40]))) from None
    raise CodeUnreadable(tr("{photo}: the sheet's code (the square by the date) cannot be read; "
                            "take the photo closer, in focus and without glare", photo=name))


def _likely_papers(found: dict[int, Floats]) -> list[Paper]:
    """Return the papers the sheet may be printed on: the one the markers' places say, when
    they say it clearly (`look.paper_of`), else every paper."""
    from printkit.scan.look import paper_of

    clear = paper_of(found)
    return [PAPERS[clear]] if clear else list(PAPERS.values())


def _decode(gray: Gray, matrix: NDArray[Any], box: tuple[float, float, float, float]) -> str:
    """Return the text of the QR code in `box` (page points), or '' when it cannot be read."""
    detector = cv2.QRCodeDetector()
    x, y, w, h = box
    pad, scale = 14.0, 6.0
    crop = flatten(gray, np.array([[1, 0, -(x - pad)], [0, 1, -(y - pad)], [0, 0, 1]])
                    @ matrix, w + 2 * pad, h + 2 * pad, scale)
    # the QR detector finds a soft code's finder patterns at one scale and not at another
    resized = (cv2.resize(crop, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC)
               for k in CODE_SCALES)
    tries = itertools.chain([crop], resized,
                            (_redrawn(crop, n, w, pad, scale) for n in CODE_SIZES),
                            (grid for n in CODE_SIZES
                             for grid in _realigned(crop, n, w, pad, scale)))
    for img in tries:
        try:
            text, _points, _straight = detector.detectAndDecode(img)
        except cv2.error:  # a contour OpenCV cannot decode from: not this one
            continue
        if text:
            return str(text)
    return ""


#: The scales the flattened code is tried at too, after its own (6 pixels a point).
CODE_SCALES = (1.5, 0.75, 2.0)
#: The sizes in modules a sheet's QR code may have: version 1 (the classic map's code, 20
#: letters) and 2 (a seeded variant's, up to 38 letters at level M: `sheet_fields.sheet_code`
#: is never longer).
CODE_SIZES = (21, 25)


def _redrawn(crop: Gray, n: int, side: float, pad: float, scale: float) -> Gray:
    """Return an n × n-module code sampled from its flattened place, drawn again crisp."""
    module = side / (n + 4)       # the printed code has a white border of two modules
    centres = [round((pad + (2 + i + 0.5) * module) * scale) for i in range(n)]
    smooth = cv2.blur(crop, (3, 3))
    values = smooth[np.ix_(centres, centres)].astype(np.uint8)
    _t, grid = cv2.threshold(values, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return _crisp(grid)


def _crisp(grid: Gray) -> Gray:
    """Return a grid of modules (0 dark, 255 light) drawn as a QR code with its quiet zone."""
    n = grid.shape[0]
    image = np.full((n + 8, n + 8), 255, np.uint8)
    image[4:-4, 4:-4] = grid
    return cv2.resize(image, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)


def _fixed_modules(n: int) -> Floats:
    """Return what every QR code of n modules prints whatever it says: the three finder
    patterns with their white separators and the two timing lines (1 light, -1 dark, 0 for
    the modules that carry data)."""
    out = np.zeros((n, n), np.float32)
    finder = -np.ones((7, 7), np.float32)
    finder[1:6, 1:6] = 1
    finder[2:5, 2:5] = -1
    for r, c in ((0, 0), (0, n - 7), (n - 7, 0)):
        out[max(0, r - 1):r + 8, max(0, c - 1):c + 8] = 1   # the separator
        out[r:r + 7, c:c + 7] = finder
    timing = np.where(np.arange(8, n - 8) % 2 == 0, -1, 1).astype(np.float32)
    out[6, 8:n - 8] = timing
    out[8:n - 8, 6] = timing
    if n >= 25:   # versions 2 to 4: one alignment pattern, centred 7 modules in from a corner
        c = n - 7
        out[c - 2:c + 3, c - 2:c + 3] = -1
        out[c - 1:c + 2, c - 1:c + 2] = 1
        out[c, c] = -1
    out[n - 8, 8] = -1   # the dark module beside the format
    return out


def _format_places(n: int) -> list[tuple[int, int]]:
    """Return the (row, column) of the 15 format bits (bit 0 first), both copies."""
    first = [(i, 8) for i in range(6)] + [(7, 8), (8, 8), (8, 7)] + \
        [(8, 14 - i) for i in range(9, 15)]
    second = [(8, n - 1 - i) for i in range(8)] + [(n - 15 + i, 8) for i in range(8, 15)]
    return first + second


def _format_bits(mask: int) -> int:
    """Return the 15 format bits of a code of error level M (the sheet's) with `mask`."""
    data = mask          # level M's two bits are 00
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (data << 10 | rem) ^ 0x5412


def _repaired(grid: Gray, values: Floats, fixed: Floats) -> Gray:
    """Return the grid with what every code prints put back: finders, timing, alignment,
    and the format bits of the mask the sampled ones are nearest (the error level is M)."""
    out = grid.copy()
    out[fixed < 0] = 0
    out[fixed > 0] = 255
    n = grid.shape[0]
    places = _format_places(n)
    seen = np.array([values[r, c] for r, c in places], np.float32)
    middle = float(np.median(values))
    best = max(range(8), key=lambda mask: float(sum(
        (middle - v) if (_format_bits(mask) >> (i % 15)) & 1 else (v - middle)
        for i, v in enumerate(seen))))
    bits = _format_bits(best)
    for i, (r, c) in enumerate(places):
        out[r, c] = 0 if (bits >> (i % 15)) & 1 else 255
    return out


#: The offsets (in modules) and scales the code's module grid is searched over, around
#: where the homography puts it.
GRID_SHIFTS = np.arange(-1.4, 1.41, 0.2)
GRID_SCALES = (0.95, 0.975, 1.0, 1.025, 1.05)


def _realigned(crop: Gray, n: int, side: float, pad: float, scale: float,
               keep: int = 3) -> Iterator[Gray]:
    """Yield the n-module code sampled on the module grids that best fit its printed finder
    patterns and timing lines, best first, each drawn again crisp.

    A curled or blurred photo puts the code up to a module or so from where the markers'
    homography says: the grid is searched over small shifts and scales, each scored by how
    well the modules every code prints (finders, timing) match, and the data modules are
    then read against the dark and light of those known modules."""
    fixed = _fixed_modules(n)
    known = fixed != 0
    want = fixed[known]
    smooth = cv2.GaussianBlur(crop, (0, 0), 1.0).astype(np.float32)
    paper = cv2.GaussianBlur(cv2.dilate(smooth, np.ones((61, 61), np.uint8)), (0, 0), 15)
    smooth = (smooth / np.maximum(paper, 1.0)).astype(np.float32, copy=False)
    module = side / (n + 4) * scale
    centre = (pad + side / 2) * scale
    offsets = (np.arange(n) - (n - 1) / 2) * module
    limit = smooth.shape[0] - 1
    scored = []
    for s in GRID_SCALES:
        for dy in GRID_SHIFTS:
            ys = np.clip(np.rint(centre + offsets * s + dy * module), 0, limit).astype(int)
            rows = smooth[ys]
            for dx in GRID_SHIFTS:
                xs = np.clip(np.rint(centre + offsets * s + dx * module), 0, limit)
                values = rows[:, xs.astype(int)]
                got = values[known]
                got = got - got.mean()
                norm = float(np.linalg.norm(got)) or 1.0
                scored.append((float(got @ want) / norm, values))
    scored.sort(key=lambda item: -item[0])
    for _score, values in scored[:keep]:
        grid = _modules(values, fixed)
        yield _crisp(grid)
        yield _crisp(_repaired(grid, values, fixed))


def _modules(values: Floats, fixed: Floats, rounds: int = 4) -> Gray:
    """Return which modules are dark (0) or light (255) from the grid's sampled values.

    A blurred photo greys a lone module by its neighbours: each value is modelled as the
    paper's, less a module's own darkness, less a share of its four neighbours' (fitted on
    the grid itself), and each module is decided with its neighbours' darkness taken off."""
    dark = float(np.median(values[fixed < 0]))
    light = float(np.median(values[fixed > 0]))
    marked = (values < (dark + light) / 2).astype(np.float32)
    for _ in range(rounds):
        padded = np.pad(marked, 1)
        near = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]
        design = np.stack([np.ones(values.size), marked.ravel(), near.ravel()], axis=1)
        (c, a, b), *_rest = np.linalg.lstsq(design, values.ravel(), rcond=None)
        if a >= 0:   # no contrast left to read
            break
        rest = values - c - b * near
        again = (np.abs(rest - a) < np.abs(rest)).astype(np.float32)
        if np.array_equal(again, marked):
            break
        marked = again
    return np.where(marked > 0, 0, 255).astype(np.uint8)


# --- reading the fields -----------------------------------------------------------------------
def normalised(gray: Gray) -> Floats:
    """Return the page with its paper made 1.0 everywhere: the light's gradient and shadows
    divided out (the paper is what is lightest around each place)."""
    small = cv2.resize(gray, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    paper = cv2.dilate(small, np.ones((9, 9), np.uint8))
    paper = cv2.GaussianBlur(paper, (0, 0), 3)
    paper = cv2.resize(paper, (gray.shape[1], gray.shape[0]), interpolation=cv2.INTER_LINEAR)
    return np.clip(gray.astype(np.float32) / np.maximum(paper.astype(np.float32), 1.0), 0, 1)


def _even_light(photo: Floats, paper: Floats) -> Floats:
    """Return the normalised photo with its plain paper made 1.0 along every row and column.

    What `normalised` leaves of the light changes across a fold's crease in a step a few
    points wide (one side catches the light, the other is in its shade), too sharp for a
    smooth estimate: the paper's tone is taken again per row, in strips across the page, and
    then per column, in strips down it, and divided out. A strip's tone is a light rank
    (EVEN_RANK) of its pixels where the blank sheet prints nothing within three pixels, so
    that crosses and scribbles along a row do not darken it, and a strip is outvoted by its
    two neighbours. The page's plain paper is then made 1.0, as on the blank."""
    plain = cv2.erode(paper, np.ones((7, 7), np.uint8)) >= PLAIN
    out = photo
    for axis in (0, 1):   # rows, then columns
        values = out if axis == 0 else out.T
        mask = plain if axis == 0 else plain.T
        lines, length = values.shape
        strips = max(1, round(length / EVEN_STRIP))
        edges = np.linspace(0, length, strips + 1).astype(int)
        tone = np.ones((lines, strips), np.float32)
        for k, (a, b) in enumerate(itertools.pairwise(edges)):
            # a line at a time (a crease's dark line is a few pixels wide)
            stacked = np.sort(np.where(mask[:, a:b], values[:, a:b], np.inf), axis=1)
            counts = np.count_nonzero(np.isfinite(stacked), axis=1)
            known = np.flatnonzero(counts >= EVEN_COUNT)
            if known.size < lines // 4:
                continue
            level = stacked[known, (counts[known] * EVEN_RANK).astype(int)]
            tone[:, k] = np.interp(np.arange(lines), known, level)
        if strips >= 3:   # a strip of a row of boxes all scribbled is outvoted by its two
            padded = np.concatenate([tone[:, :1], tone, tone[:, -1:]], axis=1)
            tone = np.median(np.stack([padded[:, :-2], padded[:, 1:-1], padded[:, 2:]]),
                             axis=0)
        tone /= float(np.median(tone))
        field_ = cv2.resize(tone, (length, lines), interpolation=cv2.INTER_LINEAR)
        corrected = values / np.maximum(field_, 0.3)
        out = corrected if axis == 0 else corrected.T
    # the paper's noise is kept both ways: ink is told from it by its spread
    return np.clip(out / _paper_level(out, plain), 0, 2).astype(np.float32)


def _paper_level(photo: Floats, plain: NDArray[Any]) -> float:
    """Return the median tone of the photo's plain paper (1.0 on the blank sheet)."""
    values = photo[::4, ::4][plain[::4, ::4]]   # a sixteenth of the page tells its paper
    return float(np.median(values)) if values.size else 1.0


def _shrink(fb: FieldBox) -> tuple[float, float, float, float]:
    """Return the part of a field read for ink: inside its printed outline."""
    x, y, w, h = fb.box
    if fb.kind.written and not fb.digits:
        mx, my = 2.0, 2.0                   # the endgame's writing boxes and the date
    else:
        mx, my = max(1.6, w * 0.16), max(1.6, h * 0.16)
    return (x + mx, y + my, max(1.0, w - 2 * mx), max(1.0, h - 2 * my))


def _window(img: Floats, x0: int, y0: int, x1: int, y1: int) -> Floats:
    h, w = img.shape
    return img[max(0, y0):min(h, y1), max(0, x0):min(w, x1)]


def _shift(photo: Floats, blank: Floats, box: tuple[float, float, float, float],
           scale: float, search: int = SHIFT,
           at: tuple[int, int] = (0, 0)) -> tuple[int, int, float | None]:
    """Return the shift (dx, dy, in pixels) that best lays the blank box on the photo's, and
    how well it fits (None where the blank box has too little printed to match). The box is
    searched `search` pixels around `at` (a shift expected already)."""
    x, y, w, h = box
    pad = 4
    x0, y0 = int(x * scale) - pad, int(y * scale) - pad
    x1, y1 = int((x + w) * scale) + pad, int((y + h) * scale) + pad
    ax, ay = at
    if x0 + ax - search < 0 or y0 + ay - search < 0 or x1 + ax + search > photo.shape[1] or \
            y1 + ay + search > photo.shape[0]:
        return ax, ay, None
    template = blank[y0:y1, x0:x1]
    if float(template.std()) < 0.02:
        return ax, ay, None
    around = photo[y0 + ay - search:y1 + ay + search, x0 + ax - search:x1 + ax + search]
    result = cv2.matchTemplate(around, template, cv2.TM_CCOEFF_NORMED)
    _lo, best, _at, (bx, by) = cv2.minMaxLoc(result)
    if best < MIN_FIT:
        return ax, ay, float(best)
    # a best fit at the edge of the search is no fit: the box is further off than searched
    fits = float(best) if max(abs(bx - search), abs(by - search)) < search else 0.0
    return ax + bx - search, ay + by - search, fits


def sure_moves(photo: Floats, blank: Floats, lay: Layout,
               scale: float) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Return the centres (points) of the layout's boxes found surely on the flattened photo
    in a wide search (REFINE_SEARCH pixels, a match of SURE_FIT at least), and how far each
    lies from where the homography put it (pixels): how the page is moved near them."""
    centres, moves = [], []
    for fb in lay.fields:
        dx, dy, fit_ = _shift(photo, blank, fb.box, scale, REFINE_SEARCH)
        if fit_ is not None and fit_ >= SURE_FIT:
            x, y, w, h = fb.box
            centres.append((x + w / 2, y + h / 2))
            moves.append((dx, dy))
    return (np.array(centres, np.float64).reshape(-1, 2),
            np.array(moves, np.float64).reshape(-1, 2))


def _local_shifts(photo: Floats, blank: Floats, lay: Layout,
                  scale: float) -> dict[str, tuple[int, int]]:
    """Return, for each field, where its neighbourhood of the page lies from where the
    homography puts it (pixels): the median shift of the nearest boxes found surely.

    One homography maps a flat page; a curled edge or a lens's barrel moves the boxes near
    it further, and unevenly (up to 8 points at a curled edge). Each box is searched widely
    (`sure_moves`), and a field is then searched closely around the shift of its
    neighbourhood: a box whose own wide search went astray (a scribble, a neighbour's
    outline) is outvoted by the boxes around it."""
    found, found_moves = sure_moves(photo, blank, lay, scale)
    if not len(found):
        return {fb.name: (0, 0) for fb in lay.fields}
    centres, moves = found.astype(np.float32), found_moves.astype(np.float32)
    out: dict[str, tuple[int, int]] = {}
    for fb in lay.fields:
        x, y, w, h = fb.box
        far = np.hypot(centres[:, 0] - (x + w / 2), centres[:, 1] - (y + h / 2))
        near = np.argsort(far)[:NEIGHBOURS]
        near = near[far[near] <= NEIGHBOURHOOD] if far[near[0]] <= NEIGHBOURHOOD else near[:1]
        dx, dy = np.median(moves[near], axis=0)
        out[fb.name] = (round(float(dx)), round(float(dy)))
    return out


def refine(gray: Gray, matrix: NDArray[Any], lay: Layout, paper: Floats,
           scale: float = SCALE) -> NDArray[Any]:
    """Return the homography corrected by the printed boxes themselves.

    The markers are small and at the page's corners (three of them, at times): the boxes
    are found on the flattened page near where the markers put them, and a homography
    fitted (RANSAC) from where they are to where they should be corrects the first one.
    """
    photo = normalised(flatten(gray, matrix, lay.width, lay.height, scale))
    wanted, moves = sure_moves(photo, paper, lay, scale)
    if len(wanted) < 12:
        return matrix
    correction, _inliers = cv2.findHomography((wanted + moves / scale).astype(np.float32),
                                              wanted.astype(np.float32), cv2.RANSAC, 1.0)
    if correction is None:
        return matrix
    corrected: NDArray[Any] = np.asarray(correction) @ matrix
    return corrected


def read_fields(flat: Gray, blank: Gray, lay: Layout,
                scale: float = SCALE) -> tuple[dict[str, FieldRead], float]:
    """Return each field of the layout as read from the flattened photo, and the share of
    the printed boxes that could not be found where the markers put them."""
    paper = normalised(blank)
    photo = _even_light(normalised(flat), paper)
    local = _local_shifts(photo, paper, lay, scale)
    # the darkest the blank sheet is near each pixel: a printed line a pixel or two off
    # is not ink
    printed = firm = cv2.erode(paper, np.ones((5, 5), np.uint8))
    # a photo blurrier than a sharp one spreads the print further: the paper around a line
    # is as dark as the blank blurred as much, at the photo's contrast
    sigma, contrast = _print_blur(paper, photo, lay, local, scale)
    extra = math.sqrt(max(0.0, sigma ** 2 - BLUR_SHARP ** 2))
    if extra > 0:
        spread = 1.0 - contrast * (1.0 - _blurred_print(paper, extra))
        printed = np.minimum(printed, spread)
        # and, read surely, laid up to half a pixel off as the print itself may be (a
        # box is laid in whole pixels): a soft line's edge moves the most there
        off = cv2.erode(spread, np.ones((3, 3), np.uint8))
        firm = np.minimum(printed, (spread + off) / 2)
    # where a blurred photo's printed line can still darken the paper
    halo = cv2.erode(paper, np.ones((HALO, HALO), np.uint8))
    shifts: dict[str, tuple[int, int]] = {}
    fits: list[float] = []
    for fb in lay.fields:
        dx, dy, fit_ = _shift(photo, paper, fb.box, scale, at=local[fb.name])
        if fit_ is not None:
            fits.append(fit_)
        shifts[fb.name] = (dx, dy)
    shares, inner = _shares(photo, paper, firm, halo, lay, shifts, scale, INK_STEP)
    light = _pen_darkness(photo, firm, lay, shifts, shares, inner, scale) < LIGHT_PEN
    if light:
        # a light pencil's strokes are barely darker than the camera's noise: the photo
        # is smoothed (the noise falls, a stroke wider than a pixel stays) and a fainter
        # step is ink, a line's soft edge expected where the blank puts it
        smooth = cv2.GaussianBlur(photo, (0, 0), LIGHT_SMOOTH)
        faint, _inner = _shares(smooth, paper, printed, halo, lay, shifts, scale,
                                LIGHT_INK_STEP)
        # a stroke the smoothing took too far below the step still shows unsmoothed
        shares = {name: max(share, faint[name]) for name, share in shares.items()}
    out: dict[str, FieldRead] = {}
    for fb in lay.fields:
        share = shares[fb.name]
        marked, confidence, uncertain = _decide(share, fb.kind, light)
        dx, dy = shifts[fb.name]
        x, y, w, h = fb.box
        out[fb.name] = FieldRead(fb.name, fb.kind, marked, confidence, uncertain,
                                 share, (x + dx / scale, y + dy / scale, w, h))
    lost = sum(f < MIN_FIT for f in fits) / max(1, len(fits))
    return out, lost


def _shares(photo: Floats, paper: Floats, printed: Floats, halo: Floats, lay: Layout,
            shifts: dict[str, tuple[int, int]], scale: float,
            least: float) -> tuple[dict[str, float], dict[str, float]]:
    """Return each field's share of ink pixels: pixels darker than the blank by the page's
    ink step (at least `least`), its background taken off; and its share counted away from
    any print only (`inner`)."""
    inks: dict[str, tuple[Floats, Floats, Floats]] = {}
    tones: dict[str, tuple[float, float, float]] = {}
    for fb in lay.fields:
        dx, dy = shifts[fb.name]
        if fb.kind.written and not fb.digits and fb.box[2] > 2 * SEGMENT:
            inks[fb.name] = _written_line(photo, paper, printed, halo, fb, dx, dy, scale)
            continue
        dark, clear, near, tone = _darker(photo, printed, halo, fb, dx, dy, scale)
        inks[fb.name] = (dark, clear, near)
        if tone is not None:
            tones[fb.name] = tone
    fills = _print_tones(tones.values())
    for name, tone in tones.items():
        dark, clear, near = inks[name]
        inks[name] = (dark - _background(tone, fills), clear, near)
    step = _ink_step(inks.values(), least)
    shares = {fb.name: _share(*inks[fb.name], step, fb.kind, scale) for fb in lay.fields}
    _ask_print_edges(photo, printed, halo, lay, shifts, scale, step, fills, shares)
    # the ink away from any print: what a blurred or shifted print cannot explain
    inner = {fb.name: _share(dark, clear & ~near, np.zeros_like(near), step, fb.kind, scale)
             for fb in lay.fields for dark, clear, near in (inks[fb.name],)}
    return shares, inner


def _ask_print_edges(photo: Floats, printed: Floats, halo: Floats, lay: Layout,
                     shifts: dict[str, tuple[int, int]], scale: float, step: float,
                     fills: dict[int, float], shares: dict[str, float]) -> None:
    """Ask about a mostly printed check box (a reward box: its letter and outline leave a
    thin ring of paper) whose ink is gone when its print is laid on the blank's to a
    fraction of a pixel (`_subpixel`): what the whole pixel's window took for ink may be the
    print's soft edge along one side of the ring, or a faint stroke there. Its share is
    brought down to ASK_SHARE, between the low and the high mark: the player confirms it."""
    for fb in lay.fields:
        if fb.kind.written or shares[fb.name] <= ASK_SHARE:
            continue
        x, y, w, h = _shrink(fb)
        if not _mostly_printed(_window(printed, round(x * scale), round(y * scale),
                                       round((x + w) * scale), round((y + h) * scale))):
            continue   # laid to a fraction of a pixel only when its print is most of it
        dx, dy = shifts[fb.name]
        dark, clear, near, tone = _darker(photo, printed, halo, fb, dx, dy, scale, subpixel=True)
        if tone is None:
            continue
        laid = _share(dark - _background(tone, fills), clear, near, step, fb.kind, scale)
        if laid < shares[fb.name]:
            shares[fb.name] = max(laid, ASK_SHARE)


def _written_line(photo: Floats, paper: Floats, printed: Floats, halo: Floats, fb: FieldBox,
                  dx: int, dy: int, scale: float) -> tuple[Floats, Floats, Floats]:
    """Return a wide written field's darkness (as `_darker`), measured in pieces SEGMENT
    points wide, each laid on its own writing lines: across a box 100 points wide or more,
    a lens's barrel or a curled sheet bends the lines by more than their halo, and a line a
    few pixels off at one end would read as writing. Each piece is searched up and down
    (SEGMENT_SEARCH pixels) around the field's shift for the rows that best match the
    blank's."""
    x, y, w, h = _shrink(fb)
    count = max(1, round(w / SEGMENT))
    pieces = []
    for k in range(count):
        rect = (x + w * k / count, y, w / count, h)
        rise = _rows_shift(photo, paper, rect, dx, dy, scale)
        pieces.append(_darker(photo, printed, halo, fb, dx, dy + rise, scale, rect)[:3])
    rows = min(p[0].shape[0] for p in pieces)
    dark, clear, near = (np.concatenate([p[i][:rows] for p in pieces], axis=1)
                         for i in range(3))
    return dark, clear, near


def _rows_shift(photo: Floats, paper: Floats, rect: tuple[float, float, float, float],
                dx: int, dy: int, scale: float) -> int:
    """Return how many pixels further down (or up, below zero) the photo's rows in `rect`
    best match the blank's: their profiles (each row's mean) compared."""
    x, y, w, h = rect
    pad = SEGMENT_SEARCH
    x0, x1 = round(x * scale), round((x + w) * scale)
    y0, y1 = round(y * scale) - pad, round((y + h) * scale) + pad
    if y0 + dy - pad < 0 or y1 + dy + pad > photo.shape[0] or x0 + dx < 0 or \
            x1 + dx > photo.shape[1] or y0 < 0 or y1 > paper.shape[0]:
        return 0
    blank = paper[y0:y1, x0:x1].mean(axis=1)
    if float(blank.std()) < 0.01:
        return 0
    seen = photo[y0 + dy - pad:y1 + dy + pad, x0 + dx:x1 + dx].mean(axis=1)
    best, rise = -np.inf, 0
    for d in range(-pad, pad + 1):
        part = seen[pad + d:pad + d + blank.size]
        fit = float(np.corrcoef(blank, part)[0, 1]) if float(part.std()) > 0 else -1.0
        if fit > best:
            best, rise = fit, d
    return rise


def _pen_darkness(photo: Floats, printed: Floats, lay: Layout,
                  shifts: dict[str, tuple[int, int]], shares: dict[str, float],
                  inner: dict[str, float], scale: float) -> float:
    """Return how much darker than the blank the pen's strokes are on this page: over the
    check boxes read surely marked, the median of each one's darkest pixels (its
    PEN_RANK). When fewer than PEN_BOXES are, the page is taken for light pencil (0) if
    PEN_BOXES check boxes or more hold a faint trace of ink away from their print (`inner`:
    a light pencil's marks may all be faint; a blurred print's edges are no trace), else for
    a sheet without marks (1)."""
    darkest = []
    for fb in lay.fields:
        if fb.kind.written or shares[fb.name] < HIGH["tick"] * 2:
            continue
        x, y, w, h = _shrink(fb)
        dx, dy = shifts[fb.name]
        x0, y0 = round(x * scale), round(y * scale)
        x1, y1 = round((x + w) * scale), round((y + h) * scale)
        seen = _window(photo, x0 + dx, y0 + dy, x1 + dx, y1 + dy)
        expected = _window(printed, x0, y0, x1, y1)
        hh, ww = min(seen.shape[0], expected.shape[0]), min(seen.shape[1], expected.shape[1])
        clear = expected[:hh, :ww] >= PRINTED
        dark = (expected[:hh, :ww] - seen[:hh, :ww])[clear]
        if dark.size >= 16:
            darkest.append(float(np.quantile(dark, PEN_RANK)))
    if len(darkest) >= PEN_BOXES:
        return float(np.median(darkest))
    traces = sum(not fb.kind.written and inner[fb.name] > TRACE for fb in lay.fields)
    return 0.0 if traces >= PEN_BOXES else 1.0


#: The blurs (Gaussian sigma, pixels of the flattened page) a photo's print is compared
#: with: a flatbed scan is sharp; a phone photo of a page that fills little of the frame,
#: or out of focus, spreads a printed line over several pixels.
BLURS = (0.0, 0.5, 0.8, 1.1, 1.4, 1.8, 2.3)
#: The margin (pixels) around a box taken to compare its print with the photo's.
BLUR_PAD = 6
#: The blur a sharp photo or a scan shows against the blank (its resampling, a pixel's
#: misregistration): a blurrier photo's printed lines darken the paper further around them.
BLUR_SHARP = 1.1


def _blurred_print(paper: Floats, sigma: float) -> Floats:
    return paper if sigma <= 0 else cv2.GaussianBlur(paper, (0, 0), sigma)


def _print_blur(paper: Floats, photo: Floats, lay: Layout,
                local: dict[str, tuple[int, int]], scale: float) -> tuple[float, float]:
    """Return how blurred the photo's print is (a Gaussian's sigma, pixels), against the
    blank's, and its contrast (how dark the photo's print is for the blank's).

    Each box's print (its outline, letter, tint) is compared with the photo's at the box's
    shift, for every blur in BLURS; the blur whose print, scaled to the photo's contrast,
    leaves the least difference is the photo's. Ink in a few boxes adds to every blur's
    difference alike."""
    pairs = []
    for fb in lay.fields:
        x, y, w, h = fb.box
        dx, dy = local[fb.name]
        x0, y0 = round(x * scale) - BLUR_PAD, round(y * scale) - BLUR_PAD
        x1, y1 = round((x + w) * scale) + BLUR_PAD, round((y + h) * scale) + BLUR_PAD
        if min(x0, y0, x0 + dx, y0 + dy) < 0 or max(y1, y1 + dy) > photo.shape[0] or \
                max(x1, x1 + dx) > photo.shape[1]:
            continue
        pairs.append(((y0, y1, x0, x1), 1.0 - photo[y0 + dy:y1 + dy, x0 + dx:x1 + dx]))
    if not pairs:
        return 0.0, 1.0
    seen = np.concatenate([p.ravel() for _w, p in pairs])
    best, best_sigma, best_contrast = np.inf, 0.0, 1.0
    for sigma in BLURS:
        model = 1.0 - _blurred_print(paper, sigma)
        drawn = np.concatenate([model[a:b, c:d].ravel() for (a, b, c, d), _p in pairs])
        contrast = float(drawn @ seen) / max(float(drawn @ drawn), 1e-6)
        left = float(np.sum((seen - contrast * drawn) ** 2))
        if left < best:
            best, best_sigma, best_contrast = left, sigma, contrast
    return best_sigma, best_contrast


def _darker(photo: Floats, printed: Floats, halo: Floats, fb: FieldBox, dx: int, dy: int,
            scale: float, rect: tuple[float, float, float, float] | None = None,
            subpixel: bool = False
            ) -> tuple[Floats, Floats, Floats, tuple[float, float, float] | None]:
    """Return how much darker than the blank sheet the photo is in a field, and where that
    can be told: away from what is printed dark.

    A printer's grey or a phone's sharpening darkens a printed letter or line by more than a
    light pencil darkens paper, so the pixels at (or within two pixels of) the blank's dark
    print are left out: only paper and light tints are measured; the pixels a little further
    (`near`, within a blurred line's halo) count as ink only when darker still.

    A written field's background is taken off here. A check box's is taken off by the
    caller (`_background`), from its tone returned here: how much darker than the blank its
    paper reads (its median), the paper around it (`_around`), and the blank's fill.
    `rect` (points) is the part of the field measured, when not all of it."""
    x, y, w, h = rect or _shrink(fb)
    x0, y0 = round(x * scale), round(y * scale)
    x1, y1 = round((x + w) * scale), round((y + h) * scale)
    seen = _window(photo, x0 + dx, y0 + dy, x1 + dx, y1 + dy)
    expected = _window(printed, x0, y0, x1, y1)
    if subpixel and _mostly_printed(expected):
        # a box mostly printed (a letter in it): its print is laid to a fraction of a pixel
        seen = _subpixel(photo, printed, seen, x0, y0, x1, y1, dx, dy)
    hh, ww = min(seen.shape[0], expected.shape[0]), min(seen.shape[1], expected.shape[1])
    dark = expected[:hh, :ww] - seen[:hh, :ww]
    clear = expected[:hh, :ww] >= PRINTED
    # a written field's box is crossed by light printed lines to write on: a line the
    # photo puts a pixel or two off is no writing either
    near = _window(halo, x0, y0, x1, y1)[:hh, :ww] < (PLAIN if fb.kind.written else PRINTED)
    measured = dark[clear]
    if measured.size < 8:
        return dark, clear, near, None
    background = float(np.median(measured))
    if fb.kind.written:
        # a written field's box is wide, and a shadow's edge can cross it: its background
        # is the darkness with every stroke narrower than _STROKE taken away (an opening);
        # a thin printed line, even a light one, would pass for a stroke: only the blank's
        # plain paper is measured
        paper = np.where(clear, dark, np.float32(background)).astype(np.float32)
        clear = expected[:hh, :ww] >= PLAIN
        # a fold's crease or a shadow's edge across the box is a line longer than any
        # stroke of a number or a die: what an opening along a long line keeps is
        # background too
        background_ = np.maximum(cv2.morphologyEx(paper, cv2.MORPH_OPEN, _STROKE),
                                 cv2.morphologyEx(paper, cv2.MORPH_OPEN, _CREASE))
        strokes = paper - background_
        # an opening of the camera's noise is its lowest values: every pixel stands out of
        # it by some of the noise; the paper's own median of that is taken off too
        plain = strokes[clear]
        lift = float(np.median(plain)) if plain.size >= 8 else 0.0
        return strokes - lift, clear, near, None
    fill = float(np.median(expected[:hh, :ww][clear]))
    return dark, clear, near, (background, _around(photo, printed, fb.box, dx, dy, scale), fill)


#: The margin (pixels) of the print matched around a check box to lay it to a fraction of a
#: pixel.
SUBPIXEL_PAD = 4
#: A check box whose measurable paper (away from its print) is less than this share of it
#: is laid so: in a roomier box, the print's edge along one side is a small share.
SUBPIXEL_ROOM = 0.5
#: A fraction of a pixel smaller than this is left: the photo is not resampled for it.
SUBPIXEL_OFF = 0.05


def _mostly_printed(expected: Floats) -> bool:
    """Return whether a box's window of the blank (as `_darker` takes it) leaves less than
    SUBPIXEL_ROOM of it to read: the box's print is most of it."""
    return bool(np.mean(expected >= PRINTED) < SUBPIXEL_ROOM)


def _subpixel(photo: Floats, printed: Floats, seen: Floats, x0: int, y0: int, x1: int,
              y1: int, dx: int, dy: int) -> Floats:
    """Return the photo's window of a box laid on the blank to a fraction of a pixel.

    A box is shifted by whole pixels, so its print can lie up to half a pixel off the
    blank's; a box whose measurable paper is a thin ring between its outline and a printed
    letter (a reward box) then has the print's soft edge along one side of the ring, and a
    few such pixels are a sure mark there. The best fit of the box's print (with a margin)
    one pixel either way, interpolated (a parabola through the fits), gives the fraction,
    at most half a pixel each way, and the window is sampled there."""
    pad = SUBPIXEL_PAD
    height, width = photo.shape
    if x0 - pad + dx - 1 < 0 or y0 - pad + dy - 1 < 0 or x1 + pad + dx + 1 > width or \
            y1 + pad + dy + 1 > height or x0 - pad < 0 or y0 - pad < 0 or \
            x1 + pad > printed.shape[1] or y1 + pad > printed.shape[0]:
        return seen
    template = printed[y0 - pad:y1 + pad, x0 - pad:x1 + pad]
    if float(template.std()) < 0.02:
        return seen
    around = photo[y0 - pad + dy - 1:y1 + pad + dy + 1, x0 - pad + dx - 1:x1 + pad + dx + 1]
    fits = cv2.matchTemplate(around, template, cv2.TM_CCOEFF_NORMED)   # 3 x 3

    def vertex(low: float, mid: float, high: float) -> float:
        curve = low - 2 * mid + high
        if curve >= 0:   # no peak between them: the better side, half a pixel
            return 0.5 if high > low else -0.5 if low > high else 0.0
        return float(np.clip(0.5 * (low - high) / curve, -0.5, 0.5))

    fx = vertex(float(fits[1, 0]), float(fits[1, 1]), float(fits[1, 2]))
    fy = vertex(float(fits[0, 1]), float(fits[1, 1]), float(fits[2, 1]))
    if abs(fx) < SUBPIXEL_OFF and abs(fy) < SUBPIXEL_OFF:
        return seen
    centre = ((x0 + x1 - 1) / 2 + dx + fx, (y0 + y1 - 1) / 2 + dy + fy)
    out: Floats = cv2.getRectSubPix(photo, (x1 - x0, y1 - y0), centre)
    return out


def _fill_key(fill: float) -> int:
    """Return the class of a blank fill's tone: the boxes printed in one colour."""
    return round(fill / FILL_CLASS)


def _print_tones(tones: Iterable[tuple[float, float, float]]) -> dict[int, float]:
    """Return, for each fill of the blank sheet that TONE_BOXES boxes or more share, how much
    darker than the paper around them the printer put it: the median over those boxes of
    their paper's darkness less the paper's around them. A few boxes marked, even filled,
    do not move the median; the fill is then compared with the print as it looks, not with
    a guess of what a printer's grey can add."""
    by_fill: dict[int, list[float]] = {}
    for median, around, fill in tones:
        by_fill.setdefault(_fill_key(fill), []).append(median - around)
    return {key: float(np.median(excess)) for key, excess in by_fill.items()
            if len(excess) >= TONE_BOXES}


def _background(tone: tuple[float, float, float], fills: dict[int, float]) -> float:
    """Return a check box's background: what its paper reads (its median: a shadow, a fill
    the printer made darker), but no darker than the paper around it plus the tone the
    printer gave its fill and an eraser's smudge. A light pencil filling most of a small
    box is ink, not background; an erased mark is not ink."""
    median, around, fill = tone
    printer = fills.get(_fill_key(fill))
    # no more than a printer's grey can add: a colour whose few boxes are all scribbled
    # measures the pencil, not the printer
    allowed = TONE * (1.0 - fill)
    if printer is not None:
        allowed = min(allowed, max(0.0, printer))
    return min(TINT, max(-TINT, min(median, around + SMUDGE + allowed)))


def _around(photo: Floats, printed: Floats, box: tuple[float, float, float, float],
            dx: int, dy: int, scale: float) -> float:
    """Return how much darker than the blank the paper around a box reads (the median over
    a ring AROUND points wide just outside it, where nothing is printed dark)."""
    x, y, w, h = box
    x0, y0 = round((x - AROUND - 1) * scale), round((y - AROUND - 1) * scale)
    x1, y1 = round((x + w + AROUND + 1) * scale), round((y + h + AROUND + 1) * scale)
    seen = _window(photo, x0 + dx, y0 + dy, x1 + dx, y1 + dy)
    expected = _window(printed, x0, y0, x1, y1)
    hh, ww = min(seen.shape[0], expected.shape[0]), min(seen.shape[1], expected.shape[1])
    ring = np.ones((hh, ww), bool)
    inner = round((AROUND - 0.5) * scale)
    ring[inner:hh - inner, inner:ww - inner] = False
    ring &= expected[:hh, :ww] >= PLAIN
    values = (expected[:hh, :ww] - seen[:hh, :ww])[ring]
    return float(np.median(values)) if values.size >= 8 else TINT


def _ink_step(inks: Iterable[tuple[Floats, Floats, Floats]], least: float = INK_STEP) -> float:
    """Return how much darker than the blank a pixel must be to be ink, on this page.

    The page's noise is the spread of the paper inside the boxes (the median, over the
    boxes, of each box's robust deviation: a marked box's ink is an outlier in its own box,
    and a few marked boxes do not move the median); ink stands NOISE_STEPS of it out, and
    never less than `least` nor more than INK_MAX."""
    spreads = []
    for dark, clear, _near in inks:
        values = dark[clear]
        if values.size >= 16:
            spreads.append(float(np.median(np.abs(values - np.median(values)))) * 1.4826)
    noise = float(np.median(spreads)) if spreads else 0.0
    return float(np.clip(NOISE_STEPS * noise, least, INK_MAX))


def _share(dark: Floats, clear: Floats, near: Floats, step: float, kind: sf.FieldKind,
           scale: float) -> float:
    """Return the share of a box's measurable pixels that hold ink."""
    if not dark.size:
        return 0.0
    ink = (dark > np.where(near, HALO_STEP * step, step)) & clear
    room = max(float(np.count_nonzero(clear)), dark.size * MIN_CLEAR)
    side = round(WRITTEN * scale)
    if kind.written and max(dark.shape) > side:
        # a number is as large in a wide box as in a small one: a written field's share is
        # that of the square of WRITTEN points that holds the most ink
        h, w = min(side, dark.shape[0]), min(side, dark.shape[1])
        counts = cv2.boxFilter(ink.astype(np.float32), -1, (w, h), normalize=False,
                               borderType=cv2.BORDER_CONSTANT)
        return float(counts.max()) / max(float(w * h) * MIN_CLEAR,
                                         min(room, float(w * h)))
    return float(np.count_nonzero(ink)) / room


def _decide(share: float, kind: sf.FieldKind, light: bool = False) -> tuple[bool, float, bool]:
    """Return whether a field with this share of ink is marked, how sure that is (0-1),
    and whether it is uncertain (the player confirms it). On a page in light pencil, a
    fainter share is asked (LIGHT_LOW)."""
    low, high = (LIGHT_LOW if light else LOW)[kind.ink], HIGH[kind.ink]
    marked = share >= (low + high) / 2
    uncertain = low < share < high
    if share <= low:
        confidence = 1.0 - 0.5 * share / low
    elif share >= high:
        confidence = min(1.0, 0.5 + 0.5 * share / high)
    else:
        confidence = 0.5 * abs(share - (low + high) / 2) / ((high - low) / 2)
    return marked, confidence, uncertain


# --- the whole path ---------------------------------------------------------------------------
def scan(data: bytes, name: str) -> Scan:
    """Return what a photo of a gamesheet shows, or raise ScanError saying why it cannot."""
    try:
        return _scan(data, name)
    except cv2.error:  # an image OpenCV refuses at some step: one line, no traceback
        raise ScanError(tr("{photo} cannot be read as a gamesheet: take the photo again, the "
                           "whole sheet in view", photo=name)) from None


def _scan(data: bytes, name: str) -> Scan:
    start = time.perf_counter()
    gray = decode(data, name)
    _check_light(gray, name)
    candidates: list[Floats] = []
    version, found = sheet_layout(find_markers(gray, candidates))
    complete(found, candidates, gray)
    if len(found) < 3:
        if _featureless(gray):
            raise ScanError(tr("{photo} shows no sheet, only an even surface: photograph the "
                               "gamesheet, its four corners in view", photo=name))
        if _blurred(gray):
            raise ScanError(tr("{photo} is too blurred to read: hold the phone still, the "
                               "sheet in focus", photo=name))
        if not found:
            raise ScanError(tr("{photo} shows no printkit gamesheet: none of its four corner "
                               "markers is in view (print a new sheet if yours has none)",
                               photo=name))
        raise ScanError(tr("{photo}: {n} of the sheet's four corner markers found; photograph "
                           "the whole sheet, its four corners in view", photo=name,
                           n=len(found)))
    code, identified = _identified(gray, found, name, version)
    try:
        game_map = load_map(code.map)
    except PrintkitError as err:
        raise ScanError(tr("{photo}: the sheet names map {map}, which printkit cannot load "
                           "({why})", photo=name, map=repr(code.map), why=said_of(err))) from None
    if code.mode not in game_map.modes or code.paper not in PAPERS:
        raise ScanError(tr("{photo}: the sheet's code names mode {mode} on {paper} paper, which "
                           "printkit does not print", photo=name, mode=repr(code.mode),
                           paper=repr(code.paper)))
    if code.digest != rules_digest(game_map).lower()[:sf.CODE_DIGEST]:
        raise ScanError(tr("{file} was printed from other rules or another version of the {map} "
                           "map; print a new sheet", file=name, map=game_map.name))
    lay = layout(code.map, code.mode, code.paper, code.lang, version)
    matrix, error = fit(lay.anchors, found)
    if error > MAX_ALIGNMENT:
        raise ScanError(tr("{photo}: the sheet is not flat in the photo (alignment error "
                           "{error} pt): hold the phone flat above the sheet", photo=name,
                           error=f"{error:.1f}"))
    blank = np.asarray(blank_image(code.map, code.mode, code.paper, code.lang, SCALE, version))
    matrix = refine(gray, matrix, lay, normalised(blank))
    flat = flatten(gray, matrix, lay.width, lay.height, SCALE)
    fields, lost = read_fields(flat, blank, lay)
    if lost > MAX_LOST:
        raise ScanError(tr("{photo}: the sheet is not flat in the photo ({share} of its boxes "
                           "are not where its corners put them): hold the phone flat above the "
                           "sheet", photo=name, share=f"{lost:.0%}"))
    return Scan(code, lay, fields, error, time.perf_counter() - start, flat, identified)


def _identified(gray: Gray, found: dict[int, Floats], name: str,
                version: int) -> tuple[sf.SheetCode, str]:
    """Return the sheet the photo shows and how it was known: by its code, or, when the code
    cannot be read, by its look (a classic sheet told clearly apart from the others); else
    the code's refusal."""
    try:
        return read_code(gray, found, name, version), "code"
    except CodeUnreadable:
        from printkit.scan.look import identify

        code = identify(gray, found, version)
        if code is None:
            raise
        return code, "look"
