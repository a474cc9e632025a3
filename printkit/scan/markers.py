"""The sheet's four corner markers: found in the photo, kept as one sheet's, and the
homography from their corners to the page.

Every sheet prints four ArUco markers in the page's corners (`scan_marks.MARKER_IDS`: which
ids say which layout). The photo is searched shrunk, then finer while a marker is missing;
a sheet's boxes and digits can read as markers too, so of every square read the set kept is
the one that lies where a sheet's corners do (`consistent_markers`), and a square seen where
they put a missing one fills its place (`complete`). Their sixteen corners give the
homography to the page (`fit`) and, by where they lie, the paper (`paper_of`).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import cache
from typing import Any, NamedTuple

import cv2
import numpy as np
from numpy.typing import NDArray

from printkit.draw.paper import PAPERS, Paper
from printkit.message import tr
from printkit.products.fox_rabbit.scan_marks import MARKER_IDS, marker_layout, page_anchors
from printkit.scan.image import ScanError
from printkit.scan.layout import Box
from printkit.scan.light import Floats, Gray
from printkit.scan.params import MarkerParams, PageParams, Ring

#: A square's four corners (4 × 2, in the photo's pixels), clockwise from its top left.
Quad = Floats


class Sighting(NamedTuple):
    """A square the detector read as a marker: the id it read, and its corners."""

    marker_id: int
    quad: Quad


class MarkerSearch(NamedTuple):
    """What a search of the photo found: the markers kept, by id, and the other squares it
    saw (read but left out, or seen but not read), which may still fill a missing corner."""

    found: dict[int, Quad]
    candidates: tuple[Quad, ...]


class MarkerSet(NamedTuple):
    """The layout the markers found name, and its markers' corners by the page's corner (0
    the top left, clockwise)."""

    version: int
    corners: dict[int, Quad]


class Matches(NamedTuple):
    """The markers' corners in the photo, and where they are on the page (points)."""

    photo: Floats
    page: Floats


class Fit(NamedTuple):
    """The homography from the photo to the page (points), and its alignment error (points,
    root mean square over the markers' corners)."""

    matrix: NDArray[Any]
    error: float


@cache
def anchors_of(paper: Paper, version: int) -> dict[str, Box]:
    """Return where a sheet of layout `version` on `paper` prints its markers and code
    (`scan_marks.page_anchors`)."""
    return {name: Box(*box) for name, box in page_anchors(paper, version).items()}


#: The ids of every marker a sheet prints, in the order the detector's dictionary holds them.
SHEET_MARKERS = tuple(sorted(i for ids in MARKER_IDS.values() for i in ids))


@cache
def _detector(params: MarkerParams) -> Any:
    """Return the ArUco detector of the sheet's markers.

    Its dictionary holds only the markers sheets print (`SHEET_MARKERS`, four to a layout;
    the detector answers their place in it): so far apart (six bits at least within a
    layout, five between layout 3's and the older ones') that a marker with a few bits
    blurred is still known as the nearest, which a phone photo of a 10-point marker needs.
    """
    base = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    detector = cv2.aruco.DetectorParameters()
    detector.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    detector.minMarkerPerimeterRate = params.min_perimeter_rate
    detector.adaptiveThreshWinSizeMax = params.threshold_window_max
    detector.errorCorrectionRate = params.error_correction
    detector.perspectiveRemovePixelPerCell = params.cell_pixels
    detector.perspectiveRemoveIgnoredMarginPerCell = params.cell_margin
    detector.polygonalApproxAccuracyRate = params.polygon_accuracy
    return cv2.aruco.ArucoDetector(
        cv2.aruco.Dictionary(base.bytesList[list(SHEET_MARKERS)], 4, 3), detector)


def find_markers(gray: Gray, params: MarkerParams) -> MarkerSearch:
    """Return the corners (4 × 2, in the photo's pixels) of each corner marker found, by id,
    and the other squares seen.

    The photo is searched shrunk to `detect_side` pixels, then, while a marker is missing,
    finer (`detect_fine`), then whole; but not when fewer than `finer_from` were found
    shrunk, counting those read but too small to trust there (a photo of no sheet, a sheet
    without markers or too blurred is refused at once). A sheet's boxes and digits can pass
    for a marker (its dictionary is small, and forgiving): of all the squares read as
    markers, the ones kept are the consistent set (`consistent_markers`). The squares the
    detector saw but could not read, and the markers left out, are the candidates (a marker
    too blurred for its bits, or read as another id)."""
    seen: list[Sighting] = []
    faint: list[Sighting] = []   # read, but too faint or too small to trust alone
    candidates: list[Quad] = []
    chosen: dict[int, Quad] = {}
    for k in _search_scales(max(gray.shape), params):
        small = cv2.resize(gray, None, fx=k, fy=k, interpolation=cv2.INTER_AREA) \
            if k < 1 else cv2.resize(gray, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC) \
            if k > 1 else gray
        corners, ids, rejected = _detector(params).detectMarkers(small)
        candidates.extend(q.reshape(4, 2).astype(np.float32) / k for q in rejected)
        tiny: list[Sighting] = []   # read, but too small here to trust
        for quad, index in zip(corners, [] if ids is None else ids.ravel()):
            marker_id = SHEET_MARKERS[int(index)]
            pts = quad.reshape(4, 2).astype(np.float32) / k
            if cv2.arcLength(quad.reshape(4, 2), True) < params.min_perimeter:
                tiny.append(Sighting(int(marker_id), pts))
                if cv2.arcLength(pts, True) >= 4 * params.faint_side:
                    _add_faint(faint, tiny[-1], _border(gray, pts, params), params)
                continue
            if any(int(marker_id) == i and _same_place(pts, q, params) for i, q in seen):
                continue   # seen at a coarser scale
            if k < 1:  # the corners a sub-pixel nearer, on the full photo
                win = max(2, round(1 / k))
                cv2.cornerSubPix(gray, pts.reshape(-1, 1, 2), (win, win), (-1, -1),
                                 (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER,
                                  params.subpixel_rounds, params.subpixel_move))
            border = _border(gray, pts, params)
            if border is None or border.on_paper(params):
                seen.append(Sighting(int(marker_id), pts))
            else:
                _add_faint(faint, Sighting(int(marker_id), pts), border, params)
        chosen = consistent_markers(seen, params)
        # a page small in the frame shows its markers too small to trust when shrunk: they
        # are looked for finer when they make a sheet's set with the ones found
        hinted = len(consistent_markers(seen + tiny + faint, params)) \
            if len(chosen) < params.finer_from else 0
        if len(chosen) == 4 or max(len(chosen), hinted) < params.finer_from:
            break
    # a faint print's markers, once every scale is searched
    chosen = _with_faint(chosen, seen, faint, gray, params)
    candidates.extend(q for _i, q in seen if not any(q is kept for kept in chosen.values()))
    return MarkerSearch(chosen, tuple(candidates))


def _add_faint(faint: list[Sighting], sighting: Sighting, border: Border | None,
               params: MarkerParams) -> None:
    """Add a square read as a marker, but fainter than a printed black (a toner-save or
    low-ink print's) or too small where it was read, to the faint ones when it may be a faint
    print's: its border darker than the paper around it by `faint_contrast` of its light, and
    that paper even (its spread at most `faint_even` of the border's darkness below it), as a
    sheet's margin is; noise and textures that pass for a marker are not. At the photo's
    edge nothing tells, and it is added."""
    if border is None or (border.contrast >= params.faint_contrast and
                          border.spread <= params.faint_even * (border.paper - border.black)):
        faint.append(sighting)


def _with_faint(chosen: dict[int, Quad], seen: list[Sighting], faint: list[Sighting],
                gray: Gray, params: MarkerParams) -> dict[int, Quad]:
    """Return the markers kept, with the faint squares that complete the sheet's set.

    A faint print's markers are as faint as the rest of its print, so what makes a faint
    square a marker is where it lies, not how dark it is: faint squares are kept when, with
    the markers found, they make a set of `least` markers or more whose corners one
    homography lays on their places within `set_error` (a square read under a marker's id
    just where a sheet's corner is, by chance, is that unlikely), and every square of the
    set is at least `faint_alike` as dark against its paper as the darkest of them: one
    printer printed them alike. The set that agrees only loosely is never made of them
    (faint squares do not make a sheet to refuse as not flat), and is taken over one that
    the markers found make alone only loosely."""
    if len(chosen) == 4 or not faint:
        return chosen
    tight = consistent_markers(seen + faint, params, loosely=False)
    if len(tight) < max(params.least,
                        len(consistent_markers(seen, params, loosely=False)) + 1):
        return chosen
    known = []
    for quad in tight.values():
        border = _border(gray, quad, params)
        if border is not None:
            known.append(border.contrast)
    if known and min(known) < params.faint_alike * max(known):
        return chosen
    return tight


def _search_scales(side: int, params: MarkerParams) -> list[float]:
    """Return the scales the photo is searched at, in turn: shrunk to `detect_side`, to
    `detect_fine`, whole, and, for a photo smaller than `detect_fine` (a messaging app's
    copy: its markers 10-15 pixels wide), enlarged to it, where the detector's threshold
    and its bits' cells are a few pixels wide again."""
    scales = [min(1.0, params.detect_side / side), min(1.0, params.detect_fine / side), 1.0]
    if side < params.detect_fine / params.enlarge_from:
        scales.append(params.detect_fine / side)
    return sorted(set(scales), key=scales.index)


def _same_place(a: Quad, b: Quad, params: MarkerParams) -> bool:
    """Return whether two squares found are one: their centres within half a side."""
    return float(np.linalg.norm(a.mean(axis=0) - b.mean(axis=0))) < \
        params.same_place * float(np.linalg.norm(b[1] - b[0]))


def consistent_markers(seen: list[Sighting], params: MarkerParams, loosely: bool = True
                       ) -> dict[int, Quad]:
    """Return, of the squares read as markers, the set that is a sheet's: one layout's ids,
    at most one square each, of like sizes, whose corners one homography lays on their
    places on the page (for either paper) within `set_error` points; the set with the most
    markers, then the least error. Two markers are checked with a similarity (turn, scale,
    move). When no set agrees that well, the set of three or four of like sizes, as far
    apart as their size says, that agrees best is returned, for the reader to refuse as not
    flat (when `loosely`); when there is none, no marker."""
    slots: dict[tuple[int, int], list[Quad]] = {}
    for marker_id, quad in seen:
        version, corner = marker_layout(marker_id) or (0, 0)
        slots.setdefault((version, corner), []).append(quad)
    tried = {slot: sorted(quads, key=lambda q: -float(cv2.arcLength(q, True)))[:params.tries]
             for slot, quads in slots.items()}
    best: tuple[int, float] = (0, 0.0)
    loose: tuple[int, float] = (0, 0.0)
    chosen: dict[int, Quad] = {}
    bent: dict[int, Quad] = {}
    for version, ids in MARKER_IDS.items():
        papers = [anchors_of(paper, version) for paper in PAPERS.values()]
        options = [[None, *tried.get((version, corner), [])] for corner in range(4)]
        for pick in itertools.product(*options):
            kept = {corner: q for corner, q in enumerate(pick) if q is not None}
            if len(kept) < 2 or len(kept) < min(best[0], loose[0]):
                continue
            error = _set_error(kept, papers, params)
            if error is None:
                continue
            if error > params.set_error:
                if len(kept) >= 3 and (len(kept), -error) > (loose[0], -loose[1]):
                    loose = (len(kept), error)
                    bent = {ids[corner]: q for corner, q in kept.items()}
                continue
            if (len(kept), -error) > (best[0], -best[1]):
                best = (len(kept), error)
                chosen = {ids[corner]: q for corner, q in kept.items()}
    return chosen or (bent if loosely else {})


def _set_error(kept: dict[int, Quad], papers: list[dict[str, Box]],
               params: MarkerParams) -> float | None:
    """Return how far (points, root mean square) a set of markers (by corner) lies from where
    one homography (a similarity for two markers) puts them on the page, the paper that fits
    best; None when their sizes differ too much to be one sheet's (`slant_sizes`), or as
    much as only a slant makes them (over `sizes`) and they lie over `slant_error` off."""
    sides = [float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[1])) for q in
             kept.values()]
    if max(sides) > params.slant_sizes * min(sides):
        return None
    errors = []
    for anchors in papers:
        src, dst = marker_points(anchors, kept)
        # the markers' size and their distances apart must say one scale (pixels a point):
        # a few squares close together on the sheet are not its corners
        size = float(np.mean(sides)) / (2 * float(anchors["marker-0"].w))
        spread = float(np.linalg.norm(src - src.mean(axis=0), axis=1).mean()) / \
            float(np.linalg.norm(dst - dst.mean(axis=0), axis=1).mean())
        if not 1 / params.sizes < spread / size < params.sizes:
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
    if not errors:
        return None
    # markers as far apart in size as only a slant makes them: the slant a homography lays
    # exactly, or a square that is no marker
    slanted = max(sides) > params.sizes * min(sides)
    return None if slanted and min(errors) > params.slant_error else min(errors)


def sheet_layout(found: dict[int, Quad]) -> MarkerSet:
    """Return the layout the markers found name (`scan_marks.MARKER_IDS`) and its markers'
    corners by the page's corner (0 the top left, clockwise). A marker of another layout
    than most of them name (a misread) is left out."""
    votes: dict[int, dict[int, Quad]] = {}
    for marker_id, quad in found.items():
        version, corner = marker_layout(marker_id) or (0, 0)
        votes.setdefault(version, {})[corner] = quad
    if not votes:
        return MarkerSet(max(MARKER_IDS), {})
    version = max(votes, key=lambda v: (len(votes[v]), v))
    return MarkerSet(version, votes[version])


class Border(NamedTuple):
    """A square's black border and the paper around it, as the photo shows them (0-255, their
    medians), and the paper's spread (its 10th percentile to its 90th)."""

    paper: float
    black: float
    spread: float

    @property
    def contrast(self) -> float:
        """How much darker the border is than the paper, a share of the paper's light."""
        return 1.0 - self.black / self.paper if self.paper > 0 else 0.0

    def on_paper(self, params: MarkerParams) -> bool:
        """Whether the border is a printed marker's black on white paper: darker than the
        paper by `paper_contrast` of its light and `paper_margin` grey levels more (noise
        and patterns that pass for a marker are not)."""
        return self.black <= self.paper * (1.0 - params.paper_contrast) - params.paper_margin


def _border(gray: Gray, quad: Quad, params: MarkerParams) -> Border | None:
    """Return a square's border (`border_ring`, shares of its size from its centre) and the
    ring of paper around it (`paper_ring`), the photo looked at within `paper_window` of its
    size; None at the photo's edge, where there is nothing to judge by."""
    centre = quad.mean(axis=0)
    x0, y0 = np.floor(centre + (quad - centre).min(axis=0) * params.paper_window).astype(int)
    x1, y1 = np.ceil(centre + (quad - centre).max(axis=0) * params.paper_window).astype(int)
    h, w = gray.shape
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        return None
    roi = gray[y0:y1, x0:x1]

    def band(ring: Ring) -> Any:
        mask = np.zeros(roi.shape, np.uint8)
        for k, value in ((ring.outer, 255), (ring.inner, 0)):
            pts = (centre + (quad - centre) * k - (x0, y0)).astype(np.int32)
            cv2.fillPoly(mask, [pts], value)
        return roi[mask > 0]

    ring, border = band(params.paper_ring), band(params.border_ring)
    if ring.size == 0 or border.size == 0:
        return None
    low, high = np.percentile(ring, (10, 90))
    return Border(float(np.median(ring)), float(np.median(border)), float(high - low))


def _on_paper(gray: Gray, quad: Quad, params: MarkerParams) -> bool:
    """Return whether a marker found lies on white paper, as a printed one does (at the
    photo's edge, where nothing tells, it is taken to)."""
    border = _border(gray, quad, params)
    return border is None or border.on_paper(params)


def complete(found: dict[int, Quad], candidates: tuple[Quad, ...], gray: Gray,
             params: MarkerParams, version: int) -> dict[int, Quad]:
    """Return the markers found (by corner) with the missing ones that are squares seen where
    the found ones put them (their bits too blurred to read), for the paper whose places
    (in layout `version`) they fit."""
    if not 2 <= len(found) < 4 or not candidates:
        return found
    best: dict[int, Quad] = {}
    for paper in PAPERS.values():
        anchors = anchors_of(paper, version)
        src, dst = marker_points(anchors, found)
        # a similarity (turn, scale, move): two markers on one edge fix no more
        affine, _mask = cv2.estimateAffinePartial2D(dst, src)
        if affine is None:
            continue
        to_photo = np.vstack([affine, [0, 0, 1]])
        added: dict[int, Quad] = {}
        for marker_id in set(range(4)) - set(found):
            x, y, w, h = anchors[f"marker-{marker_id}"]
            want = cv2.perspectiveTransform(np.array(
                [[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]], np.float32), to_photo)[0]
            side = float(np.linalg.norm(want[1] - want[0]))
            for quad in sorted(candidates, key=lambda q: -cv2.contourArea(q)):
                # both its sides, the marker's size: a sliver is no square (a messaging
                # copy's 7 x 2 px speck put a marker on the wrong paper's places)
                if np.linalg.norm(quad.mean(axis=0) - want.mean(axis=0)) > \
                        side * params.square_reach or \
                        any(float(np.linalg.norm(quad[k + 1] - quad[k])) / side
                            not in params.square_sizes for k in (0, 1)):
                    continue
                # the candidate's corners in the order of the marker's: the nearest turn
                turns = [np.roll(quad, -i, axis=0) for i in range(4)]
                turned = min(turns, key=lambda q: float(np.linalg.norm(q - want)))
                if float(np.abs(turned - want).max()) < side * params.corner_reach and \
                        _on_paper(gray, turned, params):
                    added[marker_id] = turned
                    break
        if len(added) > len(best):
            best = added
    return {**found, **best}


def marker_points(anchors: Mapping[str, Box], found: dict[int, Quad]) -> Matches:
    """Return the photo's marker corners and where they are on the page (points)."""
    src, dst = [], []
    for marker_id, quad in found.items():
        x, y, w, h = anchors[f"marker-{marker_id}"]
        src.append(quad)
        dst.append(np.array([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], np.float32))
    return Matches(np.concatenate(src), np.concatenate(dst))


#: A homography's inliers count only when three markers' corners are among them: a square
#: taken for a marker that is none falls out, but two markers alone do not make the page.
_THREE_MARKERS = 12


def fit(anchors: Mapping[str, Box], found: dict[int, Quad], params: PageParams) -> Fit:
    """Return the homography from the photo to the page (points) and its alignment error."""
    src, dst = marker_points(anchors, found)
    matrix, inliers = cv2.findHomography(src, dst, cv2.RANSAC, params.fit_threshold)
    if matrix is None:
        raise ScanError(tr("the corner markers do not make a sheet: hold the phone flat above "
                           "the sheet"))
    mapped = cv2.perspectiveTransform(src.reshape(-1, 1, 2), matrix).reshape(-1, 2)
    misses = np.sqrt(np.sum((mapped - dst) ** 2, axis=1))
    kept = misses[inliers.ravel() > 0] if int(inliers.sum()) >= _THREE_MARKERS else misses
    return Fit(matrix, float(np.sqrt(np.mean(kept ** 2))))


def paper_of(found: dict[int, Quad], params: MarkerParams, page: PageParams,
             version: int) -> str | None:
    """Return the paper whose marker places (in layout `version`) fit the markers found
    clearly best.

    The homography through the markers' corners tells the papers apart when the sheet lies
    flat (the markers' own squares are bent on the wrong paper's); a curled sheet bends
    them too, and then a similarity (turn, scale, move), which keeps the page's proportions
    (letter's markers lie 9 % wider for their height than A4's), tells them apart."""
    for similar in (False, True):
        errors = sorted((_similarity_error(anchors_of(paper, version), found) if similar
                         else fit(anchors_of(paper, version), found, page).error, paper.id)
                        for paper in PAPERS.values())
        if len(errors) == 1 or errors[1][0] >= params.paper_fit_ratio * errors[0][0]:
            return errors[0][1]
    return None


def _similarity_error(anchors: Mapping[str, Box], found: dict[int, Quad]) -> float:
    """Return how far (points) the markers lie from where the best similarity puts them."""
    src, dst = marker_points(anchors, found)
    affine, _mask = cv2.estimateAffinePartial2D(dst, src, method=cv2.LMEDS)
    if affine is None:
        return float("inf")
    mapped = cv2.transform(dst.reshape(-1, 1, 2), affine).reshape(-1, 2)
    side = float(np.sqrt(abs(np.linalg.det(affine[:, :2]))))   # pixels a point
    return float(np.sqrt(np.mean(np.sum((mapped - src) ** 2, axis=1)))) / side
