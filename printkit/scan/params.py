"""The photo reader's tuned numbers: one frozen object, named and explained, passed down.

`reader.scan(data, name, params)` hands one `ReaderParams` down its pipeline, and each room
reads its own part of it: the photo's checks (`photo`), the page's light (`light`), the
corner markers (`markers`), the page laid on the photo (`page`), the sheet's code (`code`),
the sheet known by its look (`look`), and the ink in the fields (`ink`). Today's values are
the defaults (`DEFAULT`); each says what it is and, where it was measured, how (the
figures are in docs/scan-measurement.md). A bench sweeps one with `dataclasses.replace`:

    faint = replace(DEFAULT, ink=replace(DEFAULT.ink, step=0.04))
    read = scan(data, name, faint)

Lengths are in pixels of the flattened page (SCALE pixels a point) unless said; darkness
and light are shares of the paper's light (paper 1.0, black 0.0).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from printkit.scan.ink_params import InkParams


@dataclass(frozen=True)
class Ring:
    """A ring around a square's centre, between two shares of its size."""

    inner: float
    outer: float


@dataclass(frozen=True)
class Between:
    """A range of ratios, its ends left out."""

    low: float
    high: float

    def __contains__(self, value: float) -> bool:
        return self.low < value < self.high


@dataclass(frozen=True)
class PhotoParams:
    """Whether a photo can show a sheet at all (`light.py`)."""

    #: The least side (pixels) of a photo a sheet is read from.
    min_side: int = 300
    #: A photo shrunk to this width whose lightest part (its `dark_rank` percentile) is darker
    #: than `too_dark` (0-255) is too dark to read; darker than `dim`, too dark for its markers.
    dark_width: int = 320
    dark_rank: float = 99.5
    too_dark: float = 60
    dim: float = 100
    #: The sheet's outline, when its markers are not found: the largest region lighter than the rest
    #: of the photo shrunk to `outline_side` pixels (the print in it closed over by `outline_close`
    #: of that side), filling `outline_fill` of the rectangle around it, its long side `page_shapes`
    #: times its short one (a page of 1.29 or 1.41 seen at a slant), and less than `outline_most` of
    #: the frame (else the frame is all light: a wall), and `outline_contrast` times as light as the
    #: rest. Its long side under `small_sheet` of the frame's, the sheet is too far to read.
    outline_side: int = 480
    outline_close: float = 0.02
    outline_fill: float = 0.75
    page_shapes: Between = Between(1.1, 1.75)
    outline_most: float = 0.9
    #: (A sheet on a dark or wooden table reads 1.5 times as light and more; a lit wall 1.1-1.2.)
    outline_contrast: float = 1.3
    small_sheet: float = 0.3
    #: Print on paper, in the photo shrunk to `print_side` pixels: strokes darker than `print_ratio`
    #: of the lightest two pixels away, where lit (over `print_lit` of its lightest), covering
    #: `print_least` to `print_most` of a square a tenth of the frame wide.
    print_side: int = 1000
    print_ratio: float = 0.5
    print_lit: float = 0.4
    print_least: float = 0.02
    print_most: float = 0.35
    #: A lamp's reflection: a patch at the sensor's white (`glare_white`, 0-255), `glare_area` of
    #: the sheet at least, where the sheet's paper reads under `glare_paper` of that white.
    glare_white: float = 250
    glare_area: float = 0.01
    glare_paper: float = 0.9
    #: A patch through which print still shows (pixels under half that white, holes and all,
    #: in `glare_print` of it or more) is paper lit by a close lamp, not a reflection: it
    #: hides nothing. The tests' reflections show none of their print (0.0 %); the lit top of
    #: generator 2's tuning photo 2250011, its print plain to see, 0.65 %.
    glare_print: float = 0.001
    #: A field is hidden when this share of its print reads at that white; more than
    #: `glare_fields` hidden, the photo is refused, fewer are asked (an overexposed corner).
    glare_hides: float = 0.3
    glare_fields: int = 8
    #: A photo whose strongest edges (`featureless_rank` percentile of a Sobel gradient, at
    #: `featureless_side` pixels) are under `featureless` shows no sheet (a blurred sheet: 80 and
    #: more; a bare wall: under 10).
    featureless_side: int = 500
    featureless_rank: float = 99.9
    featureless: float = 30.0
    #: The fewest of the photo's pixels a point of the sheet may take (by its markers' sides): a
    #: messaging app's copy of a photo shows about one; under this, the sheet is too far to read.
    least_scale: float = 0.7
    #: A photo in which no marker is found, whose sheet's outline gives it fewer pixels a
    #: point than this (its long side against A4's), has markers too small to find: a
    #: messaging app's copy gives about one, where a blur the size of a pixel or two hides a
    #: marker's inner square (generator 2's tuning photo 2250011, 1.0).
    small_markers: float = 1.5
    #: The most noise (a robust deviation, of the paper's light) the flattened page's paper may
    #: show: a photo in poor light shows 0.06-0.2, the tuning photos at most 0.033 (JPEG 40).
    noisiest: float = 0.05
    #: A photo whose Laplacian's variance, at `blur_side` pixels across, is below `blurred`
    #: is too blurred for its markers to be found.
    blur_side: int = 1000
    blurred: float = 60.0


@dataclass(frozen=True)
class LightParams:
    """The page's light made even, so that plain paper reads 1.0 as on the blank
    (`light.py`)."""

    #: The paper is what is lightest around each place: the page shrunk by `paper_shrink`,
    #: its lightest within `paper_window` pixels, smoothed by a Gaussian of `paper_sigma`.
    paper_shrink: float = 0.25
    paper_window: int = 9
    paper_sigma: float = 3.0
    #: Where the blank sheet is lighter than this, it is plain paper (also within two pixels,
    #: for the ink of a written field).
    plain: float = 0.9
    #: The side of the square around a pixel in which the blank prints nothing, for the pixel
    #: to give the paper's tone (nothing printed within three pixels).
    plain_square: int = 7
    #: The length of the strips of a row or column whose plain paper gives its tone, and the
    #: fewest plain pixels that give one. Shorter strips (120 pixels) read the grid's tinted
    #: rows as ink (86 fields wrong against 51, docs/scan-measurement.md).
    even_strip: int = 200
    even_count: int = 40
    #: The rank (0-1, darkest to lightest) of a strip's plain pixels taken for its paper: ink
    #: is darker than paper, and up to that share of them may be ink.
    even_rank: float = 0.8
    #: A strip's tone is taken only when at least one of every `even_known` of its lines
    #: gives one (a quarter of them).
    even_known: int = 4
    #: The darkest a strip's tone may be divided by (a row in deep shade), and the lightest the
    #: evened page may read.
    least_tone: float = 0.3
    lightest: float = 2.0
    #: Every how many pixels (each way) the plain paper's level is sampled: a sixteenth of the
    #: page tells it.
    level_stride: int = 4


@dataclass(frozen=True)
class MarkerParams:
    """The four corner markers: found, checked and kept as one sheet's (`markers.py`)."""

    #: The largest side a photo is searched for markers at; finer photos are shrunk first,
    #: and searched again at `detect_fine` when a marker is missing, then whole.
    detect_side: int = 2200
    detect_fine: int = 3400
    #: How many of the markers the shrunk photo must show for a finer search to be worth it.
    finer_from: int = 2
    #: A marker smaller than this (perimeter, pixels of the image searched) is noise: its bits
    #: could not be told apart.
    min_perimeter: float = 48
    #: The ArUco detector's own parameters (`cv2.aruco.DetectorParameters`): markers as small
    #: as a hundredth of the photo's perimeter, a threshold window up to 53 pixels, every bit
    #: its dictionary can correct corrected (the dictionary holds only the sheets' eight
    #: markers, six bits apart: three bits blurred are still known), 8 pixels a bit
    #: sampled with a margin of 0.3 of a bit, and corners found by a polygon within 0.05 of
    #: its perimeter.
    min_perimeter_rate: float = 0.01
    threshold_window_max: int = 53
    error_correction: float = 1.0
    cell_pixels: int = 8
    cell_margin: float = 0.3
    polygon_accuracy: float = 0.05
    #: A marker found in a shrunk photo has its corners refined on the whole photo: at most
    #: `subpixel_rounds` rounds, until they move less than `subpixel_move` pixels.
    subpixel_rounds: int = 20
    subpixel_move: float = 0.05
    #: Two squares are one when their centres lie within this share of a side.
    same_place: float = 0.5
    #: A photo whose long side is less than `detect_fine` by this factor is also searched enlarged
    #: to `detect_fine` (cubic), when a marker is missing: a messaging app's copy (1,280 pixels)
    #: shows a sheet's markers 10-15 pixels wide, which the detector reads enlarged and not as they
    #: are.
    enlarge_from: float = 1.5
    #: A marker lies on paper, as a printed one does, when its black border (`border_ring`, shares
    #: of its size from its centre) reads darker than the ring around it (`paper_ring`) by
    #: `paper_contrast` of the ring's light and `paper_margin` grey levels more; the photo is looked
    #: at within `paper_window` of its size. A toner-save print at 40-50 % density prints its
    #: markers' black at 0.7-0.75 of the paper's light (a contrast of 0.25 in the photo).
    paper_window: float = 1.7
    paper_ring: Ring = Ring(1.2, 1.6)
    border_ring: Ring = Ring(0.72, 0.95)
    paper_contrast: float = 0.15
    paper_margin: float = 10.0
    #: A square read as a marker, fainter than that (or too small where it was read, but
    #: `faint_side` pixels wide in the photo), darker than its paper by `faint_contrast` of the
    #: paper's light, on paper as even as a margin (its spread, 10th to 90th percentile, at most
    #: `faint_even` of the border's darkness below it), is a faint print's marker when it
    #: completes a sheet's set that agrees closely, every square of it at least `faint_alike` as
    #: dark against its paper as the darkest (`markers._with_faint`). A toner-save print at 44-50 %
    #: density sent through a messaging app shows its markers 11-14 pixels wide at a contrast of
    #: 0.15-0.26, their paper's spread 2-12 grey levels for a border 30-60 darker; squares read in
    #: noise lie on paper spread 90-180.
    faint_side: float = 7.0
    faint_contrast: float = 0.06
    faint_even: float = 0.5
    faint_alike: float = 0.4
    #: How far (points, root mean square) the markers of a set may lie from where a
    #: homography through them all puts them, for the set to be a sheet's (a square taken for
    #: a marker lies tens of points off; a curled sheet's markers a few).
    set_error: float = 6.0
    #: How much larger than another a marker of a set may look: the page is seen from one
    #: camera, tilted a few degrees; a printed box read as a marker is most often smaller.
    sizes: float = 1.6
    #: ... and how much larger at a slant, where the set must then lie within `slant_error`
    #: points of its homography: a phone 26-30 cm above the page at a 9-14 degree slant shows
    #: its near marker 1.61-1.77 times the far one's, the four within 0.97 pt; a messaging
    #: copy's speck read as a marker made a set 1.85 times apart, 5.86 pt off
    #: (docs/scan-measurement.md, "Markers seen at a slant").
    slant_sizes: float = 2.0
    slant_error: float = 2.0
    #: The most squares read as one marker id that are tried, the largest first.
    tries: int = 4
    #: A square the detector saw but could not read fills a missing marker's place when its
    #: centre lies within `square_reach` of the marker's side from where the others put it,
    #: its two sides are within `square_sizes` of the marker's, and each of its corners within
    #: `corner_reach` sides.
    square_reach: float = 1.5
    square_sizes: Between = Between(0.6, 1.6)
    corner_reach: float = 1.6
    #: The fewest markers a sheet is read from.
    least: int = 3
    #: How many times better than the other paper's the paper kept must fit the markers.
    paper_fit_ratio: float = 2.5


@dataclass(frozen=True)
class PageParams:
    """The page laid on the photo: the homography, and each printed box found near where it
    puts it (`page.py`)."""

    #: The RANSAC threshold (points) of the homography from the markers' corners.
    fit_threshold: float = 1.5
    #: The alignment error (root mean square of the markers' corners, in points) above which
    #: the photo is refused: the sheet was not flat, or not seen whole.
    max_alignment: float = 2.0
    #: A photo finer than the page flattened (fewer than `smooth_below` page pixels a photo
    #: pixel) is smoothed first, by a Gaussian of `smooth_sigma` of a page pixel, so that the
    #: page is not aliased.
    smooth_below: float = 0.5
    smooth_sigma: float = 0.25
    #: How far a field's box is searched around where its neighbourhood puts it.
    shift: int = 5
    #: The margin around a box matched with the blank, and the least spread (0-1) of the
    #: blank there for a match to mean something (a box with too little printed).
    match_pad: int = 4
    match_spread: float = 0.02
    #: A check box off the trail is found by its outline as its PDF prints it
    #: (`layout.printed_image`, centred on its path) where that fits the photo by
    #: `printed_gain` more than the blank's (drawn inside its box, as the reader's ink was
    #: tuned with): the prized trap's 2-point outline fit 0.39-0.46 by the blank on photos of
    #: ordinary runs, two pixels off its neighbours, and 0.89-0.92 by its outline as printed;
    #: a 0.9-point box fits both within 0.05 or so. A trail cell keeps the blank's place: its
    #: bold number lies a pixel otherwise than its outline, and a black cell laid by its
    #: 2.2-point outline read an erased mark's smudge beside its number as a tick.
    printed_gain: float = 0.1
    #: A printed box is lost when its blank drawing matches the photo less than `min_fit`
    #: (0-1; a box marked, or a faded print, still matches above it), or best at the edge of
    #: the search (it is further off than searched); when more than `max_lost` of them are
    #: lost, the page is too bent to read.
    min_fit: float = 0.2
    max_lost: float = 0.15
    #: A check box with nothing printed inside it, read marked, that keeps under
    #: `astray_left` of its ink once its print is laid where it best fits the photo, a
    #: little moved, scaled or turned (`astray.print_ink`), read its print as ink: a curled
    #: corner's box laid off by the homography, or foreshortened where the paper lifts. It is
    #: asked, leaning no way. The print laid so must fit the photo by `astray_gain` (a
    #: correlation) better than where it was read: a tick along its outline fits a turned
    #: outline a little better too (generator 1's ticks: 0.2 at most; a curled corner's
    #: boxes laid off, 0.52 or more).
    astray_left: float = 0.7
    astray_gain: float = 0.3
    #: How far the boxes are searched to correct the markers' homography, and a match this
    #: good (0-1) is a box surely found there.
    refine_search: int = 14
    sure_fit: float = 0.45
    #: The fewest boxes surely found that correct the homography, and the RANSAC threshold
    #: (points) of the correction.
    refine_least: int = 12
    refine_threshold: float = 1.0
    #: A field's neighbourhood, whose boxes' shift it is searched around: its `neighbours`
    #: nearest boxes found surely, within `neighbourhood` points of it. A curled edge or a
    #: lens's barrel moves the boxes near it up to 8 points, unevenly.
    neighbours: int = 5
    neighbourhood: float = 60.0


#: The module grid's shifts (in modules) searched around where the homography puts the code.
GRID_SHIFTS = tuple(float(v) for v in np.arange(-1.4, 1.41, 0.2))


@dataclass(frozen=True)
class CodeParams:
    """The sheet's QR code read from its place (`code.py`)."""

    #: The code is flattened at `scale` pixels a point, with `pad` points of paper around it.
    scale: float = 6.0
    pad: float = 14.0
    #: The scales the flattened code is tried at too, after its own: the QR detector finds a
    #: soft code's finder patterns at one scale and not at another.
    scales: tuple[float, ...] = (1.5, 0.75, 2.0)
    #: The sizes in modules a sheet's QR code may have: version 1 (the classic map's code, 20
    #: letters) and 2 (a seeded variant's, up to 38 letters at level M:
    #: `sheet_code.sheet_code` is never longer).
    sizes: tuple[int, ...] = (21, 25)
    #: The box blur (pixels) of the code before each module's centre is sampled.
    sample_blur: int = 3
    #: The module grid is fitted on the code smoothed by `grid_blur` (pixels) and divided by
    #: its paper: the lightest within `paper_window` pixels, smoothed by `paper_sigma`.
    grid_blur: float = 1.0
    paper_window: int = 61
    paper_sigma: float = 15.0
    #: The grid's shifts (modules) and scales searched: a curled or blurred sheet puts the code
    #: up to a module or so off; the `keep` best grids are read.
    grid_shifts: tuple[float, ...] = GRID_SHIFTS
    grid_scales: tuple[float, ...] = (0.95, 0.975, 1.0, 1.025, 1.05)
    keep: int = 3
    #: The most rounds a grid's modules are decided again, each with its neighbours' darkness
    #: taken off.
    rounds: int = 4

    @property
    def tries(self) -> int:
        """The most images of the code given to the QR detector for one paper in one pass:
        the code as flattened, at each of `scales`, drawn again at each of `sizes`, and each
        size's `keep` best grids, as read and repaired. This is the code's budget: a code that
        none of them reads is given up, and the sheet is known by its look."""
        return 1 + len(self.scales) + len(self.sizes) * (1 + 2 * self.keep)


@dataclass(frozen=True)
class LookParams:
    """A sheet known by its look, when its code cannot be read (`look.py`)."""

    #: Where the blank sheet is darker than this (0-1), it prints something.
    inked: float = 0.55
    #: The photo's darkness at a pixel is the darkest within this square (a pixel each way):
    #: a print laid a pixel off still shows.
    darkest_square: int = 3
    #: The share of its blank's darkness (scaled by the photo's contrast, measured on all
    #: print) a printed pixel must show in the photo to count as shown.
    shown: float = 0.4
    #: The blurs (a Gaussian's sigma, pixels of the page) a photo's print is compared with, the
    #: blank's boxes blurred by each, `blur_pad` pixels around each box: the softest is a
    #: messaging app's copy (the page about 1.3 pixels a point) enlarged to the page's 2.
    blurs: tuple[float, ...] = (0.0, 0.5, 0.8, 1.1, 1.4, 1.8, 2.3, 3.0)
    blur_pad: int = 6
    #: The side of the square (points) each part of the page is laid on the photo by: a
    #: curled sheet moves its boxes a few points from where the markers put them.
    tile: float = 36.0
    #: The boxes within this many points of a square say how it is moved (the nearest ones
    #: when none is).
    near: float = 60.0
    #: How much more of what another candidate prints (and the kept one does not) the photo
    #: must show as paper than of what the kept one prints (and the other not): 0-1; modes
    #: were told apart by 0.35 of the print where two differ.
    margin: float = 0.35
    #: The side (pixels) of the square a candidate's print is grown by, where another's is
    #: compared with it.
    grown: int = 5
    #: The least number of pixels two candidates must differ by for their comparison to count.
    differ: int = 60
    #: The most of the map's printed name the photo may show as paper; how far after it
    #: (points) the photo must show paper, as the blank does, and the most of it that may be
    #: dark; the margin (pixels) around the name, and the gap (pixels) after it.
    label_missing: float = 0.35
    after: float = 30.0
    after_inked: float = 0.05
    label_margin: int = 2
    label_gap: int = 4
    #: How far (points, each way) the map's name is looked for from where the boxes near it
    #: put it: a tuning photo's, seen at a slant through three markers, lay 5.5 points up.
    label_reach: float = 8.0
    #: The most of what the classic blank prints inside its numbered trail cells (the inset
    #: points within their outlines) the photo may show as paper: on 246 tuning photos of
    #: both generators, classic sheets 0-0.043, seeded variants' 0.179-0.340.
    board_missing: float = 0.1
    board_inset: float = 2.5
    #: How much more of its print (a share) the photo must lack of every other language's
    #: blank than of the one kept, and how many times as much (of 87 classic sheets, 84 known
    #: right, 3 not known, none wrong).
    language_margin: float = 0.04
    language_ratio: float = 1.5
    #: Two languages not told apart so are told by where their print differs, by this margin
    #: (as `margin` tells modes): on 20 tuning photos of Spanish and French sheets (dev-hard,
    #: tune-hard, g2-tune-pens), the right one shows 0.72-0.92 more of the other's print as
    #: paper than of its own.
    language_pair_margin: float = 0.35
    #: The languages are compared on what every mode's sheet prints alike, above the block
    #: of dice and aids: below it each mode prints its own words (the farmer's aids, its
    #: achievements alone from layout 3), and its blocks run to their own lengths. The print
    #: from this many points above the first reward box down is left out (its heading is 17
    #: above it).
    alike_above: float = 20.0


@dataclass(frozen=True)
class ReaderParams:
    """Every tuned number of the photo reader, by room."""

    #: Pixels a point of the flattened page (144 dpi).
    scale: float = 2.0
    photo: PhotoParams = field(default_factory=PhotoParams)
    light: LightParams = field(default_factory=LightParams)
    markers: MarkerParams = field(default_factory=MarkerParams)
    page: PageParams = field(default_factory=PageParams)
    code: CodeParams = field(default_factory=CodeParams)
    look: LookParams = field(default_factory=LookParams)
    ink: InkParams = field(default_factory=InkParams)


#: The reader's parameters as measured (docs/scan-measurement.md).
DEFAULT = ReaderParams()
