"""The photo reader's tuned numbers for the ink in each field (`ink.py`, `fields.py`): a part
of `ReaderParams` (params.py), in its own module for its size. Darkness and light are shares
of the paper's light (paper 1.0, black 0.0); lengths are pixels of the flattened page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class ByInk:
    """A share of ink for each way a field's ink is read (`FieldKind.ink`)."""

    tick: float
    writing: float

    def __getitem__(self, ink: Literal["tick", "writing"]) -> float:
        return self.tick if ink == "tick" else self.writing


@dataclass(frozen=True)
class InkParams:
    """The ink in each field, and the page's threshold (`ink.py`, `fields.py`)."""

    #: Where the blank sheet is darker than this (0-1) within `printed_square` pixels (two
    #: pixels each way), something is printed dark: the photo's ink is not measured there.
    printed: float = 0.6
    printed_square: int = 5
    #: Read surely, a blurred photo's print is expected up to half a pixel off (a box is
    #: laid in whole pixels): halfway between its spread and the darkest of its spread within
    #: this square.
    off_square: int = 3
    #: The side (pixels) of the square around dark print within which a blurred photo's line
    #: can darken the paper: ink there must be `halo_step` times as dark.
    halo: int = 9
    halo_step: float = 1.5
    #: The part of a field read for ink, inside its printed outline: a written field in
    #: words (the endgame's writing boxes, the date) less `words_margin` points each side;
    #: another field less `box_share` of its size each way, at least `box_margin` points.
    words_margin: float = 2.0
    box_share: float = 0.16
    box_margin: float = 1.6
    #: The least share of a box counted as its room for ink, however much of it is printed.
    min_clear: float = 0.3
    #: The fewest pixels a box's background, or its ring of paper around it, is taken from,
    #: and the fewest a box's noise and its pen's darkness are.
    least_pixels: int = 8
    least_spread: int = 16
    #: The width (points) of the ring of paper around a box whose tone is the box's
    #: background.
    around: float = 3.0
    #: How much darker than the paper around it a box's printed fill may read (a share of the
    #: fill's own darkness): a printer's grey makes a tint darker.
    tone: float = 0.3
    #: Boxes whose blank fills are within `fill_class` of one another are printed in one
    #: colour; when `tone_boxes` or more share one, the printer's tone of it is measured on
    #: the page.
    fill_class: float = 0.02
    tone_boxes: int = 3
    #: A box of a tinted fill (darker than `tinted`) that `tone_boxes` share is read with the step
    #: of the `grain_rank` quantile of their spreads (a printer's dot screen makes a tint grainy).
    #: A screen's grain is in every box of its tint, a pencil's filling only in those filled:
    #: the least grainy box (0) tells the screen. At the lower quartile (0.25, as before), a
    #: tint most of whose few cells a light pencil had filled was read with the step its
    #: fillings called for, 0.08-0.10, and not one pixel of them was ink (g2-tune-hard
    #: 2250026: eight filled cells read empty at 0.96-0.98; docs/scan-measurement.md, "A
    #: tint's grain taken from its fillings").
    tinted: float = 0.935
    grain_rank: float = 0.0
    #: The quantile over boxes that share a print (a trap's number on a faint print:
    #: `prints.ink_on_faint_print`) of how dark each shows it: a low one, most of a played
    #: sheet's traps being crossed.
    fill_rank: float = 0.25
    #: How much darker than the paper around it a box may read all over and still be empty
    #: (the smudge an eraser leaves).
    smudge: float = 0.025
    #: The most a box's background may read darker than the blank sheet's (a fill printed in
    #: grey, a shadow) and still be taken for paper.
    tint: float = 0.12
    #: Wider than a written stroke (pixels): what an opening of this size keeps of a written
    #: field's darkness is its background.
    stroke: int = 9
    #: Longer than a written stroke across (pixels): a dark line this long in a written field
    #: is a crease or a shadow's edge.
    crease: int = 41
    #: A written field wider than two of these (points) is measured in pieces about this
    #: wide, each searched up and down `segment_search` pixels for its writing lines (a lens
    #: bends a long line by more than its halo); a piece whose rows vary less than
    #: `flat_rows` has no line to lay.
    segment: float = 40.0
    segment_search: int = 8
    flat_rows: float = 0.01
    #: The side of the square a written field's ink is counted in, in points.
    written: float = 14.0
    #: How many times the page's noise (a robust deviation) a pixel must stand out to be ink.
    noise_steps: float = 3.5
    #: A pixel is ink when it is this much darker than the blank sheet near it, at least (a
    #: light pencil darkens the paper by 0.05 to 0.3); the page's noise can raise it, to
    #: `step_max` at most.
    step: float = 0.045
    step_max: float = 0.10
    #: A field's share of ink pixels: below `low` it is empty, above `high` marked, between
    #: uncertain. A number written small (a 9-point "2") fills 7 % of its square, a die or a
    #: number as players write them a tenth or more (a lone, thin "1" or a faint pencil
    #: less: asked); the noise an opening leaves in an empty box is taken off before.
    low: ByInk = ByInk(tick=0.02, writing=0.02)
    high: ByInk = ByInk(tick=0.045, writing=0.045)
    #: A reading's margin (`ink.decide`) is in units of the `empty_rank` quantile of the shares
    #: read empty, at least `empty_floor`; an empty box's is taken in proportion to the boxes read
    #: marked up to `least_marks` (the tuning photos' runs mark 25 or more). A light pen's page
    #: read marked in fewer boxes has its faint strokes and shading asked about (`ridge_share`,
    #: `kind_least`): on the second generator's ordinary and pens photos, whose thin ballpoint
    #: and pencil lines read light too, 11-47 boxes read marked; on its light pencil ones 0-19
    #: but for 4 in 47 (23-37).
    empty_rank: float = 0.9
    empty_floor: float = 0.002
    least_marks: int = 20
    #: On a light pencil page read marked in fewer than `least_marks` boxes, a box asked for
    #: its faint strokes or shading (`faint.py`) counts as this much of a box read marked
    #: towards them: the pen shows there, and a box that shows neither is some evidence of
    #: an empty box. The faint evidence asks one in three of the marks read empty (and one
    #: in fifty empty boxes), so it counts for less than a mark read. On generator 2's light
    #: pencil tuning photos (2270000-2270049) the whole path judged 25 of 47 read as their
    #: record and left 19 not judged; counted whole (1), 41 and 2, but one legal run was
    #: judged illegal (2270032: 1 box read marked, 7 asked, its fox's trails read empty at
    #: 0.5-0.6); at 0.5 that page stays not judged (88 % of its boxes at 0.5): see
    #: docs/scan-measurement.md, "A light pencil's written values".
    faint_seen: float = 0.5
    #: A check box read marked (past the decision point) with a margin of `ask_margin` or
    #: more is read, not asked, though its share is under the high mark: its page's empty
    #: boxes hold far less ink. On the second generator's tuning photos (ordinary, home
    #: print, pens and illegal runs of layout 3, hard ones of layout 2: 21,327 fields) none so
    #: read was empty; from a margin of 2, one was (a cell of a light pencil page, at 2.0).
    ask_margin: float = 3.0
    #: The probability a reading is right: 1 / (1 + exp(-(a + b ln(1 + margin) + c light))), for a
    #: box read marked and one read empty, fitted on both generators' tuning photos (23,956 fields,
    #: 205 photos; bench/fit_confidence.py), a and c lowered until none wrong there is at 0.99.
    sure_marked_fit: tuple[float, float, float] = (0.97, 0.93, -1.16)
    sure_empty_fit: tuple[float, float, float] = (-0.42, 2.05, -0.38)
    #: A check box reads surely marked, for its pen's darkness, at this many times `high`.
    sure_marked: float = 2.0
    #: A page whose pen's strokes are lighter than `light_pen` (their `pen_rank` darkest
    #: pixels, over `pen_boxes` boxes surely marked at least) is light pencil; so is one with
    #: fewer such boxes but `pen_boxes` holding a trace of ink (`trace`, a share of their
    #: paper) away from any print. It is read again smoothed (a Gaussian of `light_smooth`
    #: pixels: the camera's noise falls, a stroke wider than a pixel stays) with an ink step
    #: of `light_step` at least, and a share above `light_low` is asked: its strokes are
    #: faint enough that a mark may show in only a few pixels.
    light_pen: float = 0.12
    #: A page whose pen is darker than `light_pen` by little (under `near_light`) is read as
    #: an ordinary page, but a check box read empty there with the ink a light pencil page
    #: asks from (`light_low`, under the ordinary `low`) is asked, leaning empty
    #: (`pen_seen.ask_near_light`): a ballpoint's thin tick on such a page is as faint as
    #: its other marks are. On the tuning photos and 41 pens photos of my own, 30 pages read
    #: from 0.12 to 0.15 (pencil and ballpoint, both generators; no gap in pen darkness up to
    #: the felt pens' 0.17-0.30), and the marks read empty surely among them were on two
    #: ballpoint pages at 0.122 and 0.125 (four ticks of 0.009-0.019, read empty at
    #: 0.96-0.98). Read as light pencil whole (`light_pen` 0.15), the same pages asked
    #: generator 1's empty traps for their faint pixels (dev-hard-309: 3 -> 11 asked) and
    #: read an empty cell crossed (dev-hard-303 `R-C1`, 0.90); asked so, three of the four
    #: ticks are asked and nothing else moved. See docs/scan-measurement.md, "A page's pen
    #: just darker than light pencil".
    near_light: float = 0.15
    #: A photo that gives fewer than `coarse_copy` of its pixels to a point of the sheet (by
    #: its markers) is a copy coarser than the page is read at (`ReaderParams.scale`): a
    #: messaging app's copy gives 1.0-1.4, a camera's own photo 2.4 and more (generator 2's
    #: tuning photos). A pen's line a pixel wide or less is spread and greyed by the copy's
    #: pixels and its JPEG: a ballpoint's strokes read 0.08-0.18 dark there and a pencil's
    #: 0.09-0.21 where a felt pen's read 0.27 and a marker's 0.43, so such a copy is light
    #: pencil under `coarse_pen`; and a faint stroke's lines (`ridge_length`,
    #: `ridge_flank`) are sought at the copy's own scale, as many of its pixels long. Such a
    #: photo is also said to the player as a small copy (`reader.Scan.small_copy`): on the
    #: tuning photos every messaging copy gives 0.97-1.37, every other photo 2.10 and more.
    coarse_copy: float = 1.75
    coarse_pen: float = 0.25
    pen_rank: float = 0.9
    pen_boxes: int = 3
    trace: float = 0.004
    light_smooth: float = 0.8
    light_step: float = 0.035
    light_low: ByInk = ByInk(tick=0.01, writing=0.01)
    #: On a light pencil page a stroke too faint for any of its pixels to pass the step still
    #: shows along its length: a check box's darkness (its background taken off, away from
    #: print and its halo) is averaged along lines `ridge_length` pixels long at
    #: `ridge_angles` angles, less the mean of the two lines `ridge_flank` pixels either side
    #: (a ridge, where a shadow's edge, a step, gives nothing); a pixel whose best line stands
    #: `ridge_steps` times the page's spread of that (the median over the boxes of each one's
    #: robust deviation) out of its box's median is on a stroke. A box read empty with
    #: `ridge_share` of its measurable pixels on strokes is asked, leaning empty. On the second
    #: generator's light pencil photos (tuning seeds 2270000-2270049) this asks 1 in 3 of the
    #: marks read empty, and 1 in 50 of the empty boxes; no empty box there reads surely marked
    #: so (a cell's print, a shadow's corner reach 0.26), so it only asks.
    ridge_length: int = 13
    ridge_flank: int = 3
    ridge_angles: int = 12
    ridge_steps: float = 4.0
    ridge_share: float = 0.05
    #: Only where the blank varies by less than this within the flanks' reach is a ridge
    #: sought: a half-pixel misregistration of a box printed in two tints leaves a line
    #: along where they meet.
    ridge_even: float = 0.05
    #: On a light pencil page a check box read empty whose paper reads darker than the paper
    #: around it, less what the `kind_rank` quantile of its fill's boxes read so, by
    #: `kind_least` and `kind_steps` times the page's spread of that, is asked, leaning empty:
    #: a light hatching or filling. On the tuning photos above, 128 marks read empty are
    #: asked so, and 20 empty or erased boxes.
    kind_rank: float = 0.25
    kind_least: float = 0.01
    kind_steps: float = 3.0
    #: A box with a print of its own (a trap: its number inside it) on such a page is asked,
    #: leaning empty, from `own_kind` darker than its kind, whatever the page's spread of
    #: that: its number and halo leave a light pencil's tick or hatching no pixel to read and
    #: no line to show. On generator 2's tuning photos' pages read as light pencil (g2-dev-hard,
    #: g2-tune-hard, g2-dev-light, g2-tune-light, and the ordinary, pens and home print dev
    #: sets: 68 traps left empty or erased) an empty trap stands 0.002 at most; 36 % of the
    #: marked traps read empty stand 0.004 or more. Such a box is not counted towards the pen
    #: seen (`faint_seen`): counted, marks read empty at 0.9 or more rose from 16 to 28 on
    #: g2-dev-hard. It is asked so on every light pencil page, one that shows its pen too (read
    #: marked in `least_marks` boxes or more), where an empty trap stands 0.0046 at most (one of
    #: 34, an illegal run's) and 19 of 56 marked traps read empty stand 0.004 or more (a
    #: hatching mostly, two fills read empty at 0.87 and 0.88).
    own_kind: float = 0.004
    #: On a light pencil page, one that shows its pen too, a check box on white paper (its
    #: fill lighter than `tinted`) read empty that stands `shown_kind` darker than its kind
    #: (as `kind_rank` measures it) is not read surely empty: its confidence is `ring_unsure`
    #: at most. A scribble too faint for any of its pixels to pass the light step, and with
    #: no line of it to show (`ridges`), reads no ink at all: the first generator's
    #: dev-hard-305 `superhard-all-both` stands 0.0315, read empty at 0.991. On the tuning
    #: photos' light pencil pages (dev-hard, g2-dev-hard, g2-tune-hard, g2-dev-light,
    #: g2-tune-illegal, g2-dev-ordinary, g2-dev-homeprint) an empty or erased box on white
    #: paper stands 0.0238 at most (dev-hard-301's erased `R-sweetcorn`), and the 7 that
    #: stand 0.027 or more are all marked (on 30 more photos of generator 1's hard
    #: profile an erased box stands 0.0273: read right, at 0.87); a trail cell's tint, up
    #: to 0.0296 empty, is left out. It is not asked: a page that shows its pen reads an
    #: eraser's smudge, as dark, empty (docs/scan-measurement.md, "A faint scribble read
    #: surely empty, and the light band's grain asked").
    shown_kind: float = 0.027
    #: The blurs (Gaussian sigma, pixels) a photo's print is compared with: a flatbed scan is
    #: sharp; a phone photo of a page that fills little of the frame, or out of focus,
    #: spreads a printed line over several pixels. `blur_pad` is the margin around a box
    #: taken to compare its print with the photo's.
    blurs: tuple[float, ...] = (0.0, 0.5, 0.8, 1.1, 1.4, 1.8, 2.3)
    blur_pad: int = 6
    #: The blur a sharp photo or a scan shows against the blank (its resampling, a pixel's
    #: misregistration): a blurrier photo's printed lines darken the paper further around
    #: them (a blank page blurred 1.4 to 1.8 pixels, half a pixel off, reads blank).
    blur_sharp: float = 1.1
    #: A check box whose measurable paper (away from its print) is less than `subpixel_room`
    #: of it is laid on the blank to a fraction of a pixel (its print matched with a margin of
    #: `subpixel_pad` pixels; a print flatter than `subpixel_spread` is not matched): in a
    #: roomier box, the print's edge along one side is a small share. A fraction smaller than
    #: `subpixel_off` is left.
    subpixel_room: float = 0.5
    subpixel_pad: int = 4
    subpixel_spread: float = 0.02
    subpixel_off: float = 0.05
    #: Check boxes whose blank prints the same within `same_print` (a share of the light, at
    #: every pixel: the aids' circles, the foods' boxes) are compared with one another over
    #: their print, when `same_boxes` or more do: a ring drawn inside a round box runs along
    #: its outline, where no pixel is read as ink, and shows as darker there than the same
    #: print in the page's other boxes (their median, its darkest within `same_square`
    #: pixels: a print laid a pixel otherwise is no ink). Such a pixel counts as ink at
    #: `halo_step` times the page's step, and only when they make the box's low mark.
    same_print: float = 0.02
    same_boxes: int = 4
    same_square: int = 3
    #: A check box whose print is a round outline (its inside no more than `round_print`
    #: times the disc its deepest point spans) is read along the inside of its print too
    #: (`prints.rings_along_print`): `ring_band` rings a pixel wide by their distance from it
    #: (from a pixel off it: the print's anti-aliased edge is darker or lighter as the photo
    #: lays it), in `ring_sectors` sectors each taken with the one opposite, against the
    #: `ring_rank` quantile of the same in its group; a box whose sectors' median stands
    #: `ring_ask` times the page's step over it is asked, leaning marked, from `ring_read`
    #: times read marked. On the tuning photos of both generators (ordinary, pens, illegal
    #: runs, light pencil: 1,041 empty aid circles, 726 marked) an empty circle stands 0.31
    #: steps at most, on the tests' soft photo of a small sheet 0.5; of the marks main read
    #: empty, 22 stand 0.75 or more (15 rings, among them the 9 read empty at 0.97 or more),
    #: 4 rings 1.5 or more. A square box's band (foods, titles, gains) stands up to 3 steps
    #: empty: squares are left out. `ring_read` was 1.5; on 3,129 aid circles of 290 tuning
    #: photos of both generators (docs/scan-measurement.md, "An aid circle's band read from
    #: one step") no empty circle of 1,787 stands 0.5 steps (the most, 0.44, an erased one;
    #: the tests' soft small sheet's, 0.5), and 1.0-1.5 holds only marks (92, 20 of them
    #: asked: light pencil scribbles, fills and rings): read from 1.0, twice what an empty
    #: circle stands at most.
    round_print: float = 1.1
    ring_band: int = 3
    ring_sectors: int = 8
    ring_rank: float = 0.25
    ring_ask: float = 0.75
    ring_read: float = 1.0
    #: Under the ask, a circle read empty whose band stands `ring_doubt` steps or more is
    #: not read surely empty: its confidence is `ring_unsure` at most (not asked, but the
    #: referee asks it where the rules disagree); so is a box darker than its kind by
    #: `shown_kind` (below). On 240 tuning photos of generator 2 (2,550
    #: aid circles; docs/scan-measurement.md, "A ring the ink misses"), 97 circles read
    #: empty stand 0.2-0.75 steps, 66 of them marked; 5 of those were read at 0.9 or more,
    #: 2 wrong (a pencil ring laid just inside the print's halo, read empty at 0.99), and of
    #: the 15 from 0.15 steps, 2 wrong: 0.87 right.
    ring_doubt: float = 0.2
    ring_unsure: float = 0.87
    #: On a page read as light pencil that shows its pen (`least_marks` boxes read marked), a
    #: box read empty at the calibrated logistic's floor (NO_EVIDENCE: its margin, taken in
    #: proportion to its room and the page's spread of empty boxes, tells nothing) is
    #: asked, leaning empty with this confidence: the share of such boxes that are empty.
    #: On 190 tuning photos (generator 2's ordinary, pens, homeprint, short; generator 1's
    #: dev-photos and dev-hard; two helpers' sets of ordinary photos: 21,265 fields) 13
    #: boxes, 4 of them ticked (three blue reward boxes, whose letter leaves a third of each
    #: to read, and a trap): 9 of 13 empty, 0.69. A box read empty so for no pixel on a
    #: stroke's line (`unlined`, `fields.read_fields`) is not asked.
    floor_lean: float = 0.69
    #: On another page that is not blind (`evidence.blind`), such a box is asked unless the
    #: rules say it is empty (of the traps, only the next after the last read crossed:
    #: `light_asks.trap_in_reach`), leaning empty with this confidence, the share
    #: of them empty: on eleven tuning folders of 3 December (178 photos) 109 boxes, 63 of
    #: them empty, 0.58 (docs/scan-measurement.md, "A box read empty telling nothing, asked
    #: on a page that does not show its pen"). It is under `rules_lean.WEAK`: where the rules
    #: lean such a box (a reward the foods eaten call for), the player's Enter takes theirs.
    #: With the traps in reach asked too, 72 of 129 (0.56): both under WEAK, no lean differs,
    #: and it stays as first measured ("The next trap after the last read crossed").
    floor_unseen: float = 0.58
    #: A check box on white paper (its fill lighter than `tinted`), `own_side` points wide or
    #: less, with a print inside the part of it read that no other box shares (a trap's
    #: number) is asked from a share of `own_low` and read marked from `own_high` (the
    #: others' low mark): on the second generator's tuning photos an empty trap read 1 % at
    #: most (one of 65, 2.6 %), a tick lying along the number 0.2-4.5 %. On the first
    #: generator's hard photos an empty white trail cell (29 points) read 3 %: a wider box's
    #: paper holds more of a light pencil page's grain and shading.
    own_low: float = 0.004
    own_high: float = 0.02
    own_side: float = 22.0
    #: A mostly printed box asked for the thin ring of paper its print leaves (a reward
    #: box's letter: `fields._ask_print_edges`, `letters.ask_ink_by_letters`) leans marked
    #: with this confidence, still asked: the share of such boxes truly marked on the tuning
    #: photos of both generators (ordinary, pens, illegal runs, light pencil, the first's
    #: dev-hard: 112 of 128, nearly all reward boxes; 97 of 112 on light pages, 27 of 35 on
    #: the light pencil ones), where they were asked at 0.5, leaning no way.
    letter_lean: float = 0.87
    #: A small, mostly printed, tinted check box read empty (a reward box) is asked, leaning
    #: marked, when this many pixels or more of the thin ring its letter leaves read darker
    #: than its step (`letters.ask_ink_by_letters`; it was 2 % of the ring, the low mark: 2 or
    #: 3 pixels). On both generators' tuning photos (home prints, ordinary, pens, hard and
    #: light pencil, illegal runs, scans: 329 reward boxes read empty and not asked) 107 were
    #: ticked, 39 of them with one or two such pixels; of the 222 empty ones 6 held one or
    #: two, one of them two (a messaging app's copy). One pixel is a noisy camera's grain
    #: too (a noisy pencil page's empty box, tests/scan/test_field_reading.py). See
    #: docs/scan-measurement.md, "A reward box's tick two pixels wide".
    letters_pixels: int = 2
    #: ... or when as many of them beside one another (a line's, not a noisy camera's
    #: scattered grain) read darker than this fraction of its step: a light pencil's or a
    #: thin ballpoint's tick across the letter on a camera's ordinary photo leaves its few
    #: pixels in the ring a little under the step (2100004's and 2150022's die-B, read empty
    #: at 0.938). Only on a photo that gives the sheet the page's `scale` of its pixels a
    #: point or more: enlarged from a coarser one, the print's own soft edges beside the
    #: letter and outline read so (a messaging app's copy: as many empty boxes asked as
    #: ticked; a clean sheet at 130 dpi, tests/scan/test_scan.py). See
    #: docs/scan-measurement.md, "A reward box's tick a little under the step, only on a
    #: photo not enlarged".
    letters_step: float = 0.8
    #: A box asked on a light pencil page for its faint strokes or shading (`faint.py`) leans
    #: marked with this confidence, still asked: on the tuning photos 124 of 137 boxes asked
    #: for their shading are marked (0.905) and 346 of 355 asked for their strokes (0.975);
    #: the lower of the two is taken for both. They were asked at 0.5, leaning no way. A trap
    #: asked on a light pencil page (for the few pixels of ink beside its number, `own_low`,
    #: or its shading, `own_kind`) leans so too: 558 of 562 so asked on generator 2's tuning
    #: photos are crossed, where 196 leaned no way and 10 empty.
    faint_lean: float = 0.9
    #: A check box read marked or asked whose share of ink, once the shade of the plain
    #: paper in the ring around it (`around` points wide) is taken off, is under its high
    #: mark and under `shade_left` of what it was, is asked (a shadow's edge, or a shadow
    #: deeper than `tint`, that the light's evening leaves across it). The shade is a
    #: quadratic surface fitted to the ring, fitted again without its darkest (1 -
    #: `shade_kept`), where a stroke may run into it; or the ring's darkness along the
    #: surface's slope in steps of `shade_bin` pixels, each of `shade_count` pixels at
    #: least: whichever follows the ring more closely.
    shade_left: float = 0.25
    #: On a light pencil page, a box so asked stays asked, though the smoothed photo's
    #: fainter step reads it marked, when in both its ink left is under `shade_both` of
    #: what was read (a steep shadow's edge across an empty aid circle: 0.014 and 0.083;
    #: crossed traps so asked and read marked at 0.17 or more).
    shade_both: float = 0.1
    #: On a light pencil page that shows its pen, a box so asked whose paper lies on a faint
    #: stroke's line (`faint.stroke_shares`) over `shade_stroke` of it is read as it was
    #: before (not one kept asked by `shade_both`: a steep shadow's edge draws a line too):
    #: on the tuning photos of both generators the empty boxes asked for shade lie on such
    #: lines 0.132 at most (0.012 but for `shade_both`'s), the marks so read 0.17-0.31
    #: (docs/scan-measurement.md, "A shade's ask on a box a faint stroke's line crosses").
    shade_stroke: float = 0.15
    shade_kept: float = 0.8
    shade_bin: float = 2.0
    shade_count: int = 3
    #: The most (degrees) the direction a shadow's edge's profile is taken along is turned
    #: from the slope of the plane fitted to the ring (a plane fitted to a sharp step leans
    #: towards the box's sides); the profile that follows the ring most closely is kept.
    shade_turn: float = 30.0
    #: How far (pixels) either way along its direction a shadow's profile may be laid when
    #: its shade is taken off a box: the darkness between the profile laid so far back and
    #: so far on is the shade's, not ink.
    shade_shift: float = 2.0
    #: When the ring's plain paper spreads `shade_spread` or more in darkness (its
    #: `shade_kept` and 1 - `shade_kept` quantiles: a shadow's edge or corner through it),
    #: the box's darkness anywhere between the two is taken for shade too (whatever shape
    #: the shadow takes across the box: a corner, which no profile along one direction lays).
    shade_spread: float = 0.1
    #: Unless the ring's paper `shade_clear` pixels or more from the print (where the blank
    #: reads plain paper), on each of its sides, spreads less: then the spread is a blurred
    #: photo's thick outline, darkening the ring's paper along it as it does the box's, and
    #: the box's pixels as far from the print (where a pencil's strokes lie) lie between
    #: that paper's lightest and darkest (docs/scan-measurement.md, "A thick outline's
    #: blurred edge taken for a shadow's").
    shade_clear: int = 2
    #: The light's evening (`light.normalised`, the lightest paper within some 18 pixels)
    #: leaves a shadow's edge as a band of shade on its dark side, wherever lit paper lies
    #: within that reach: across a big tinted cell or a round circle it may darken the box
    #: and not the ring of plain paper around it (or the ring holds too little paper). A
    #: plane fitted to the box's own clear pixels (again without its darkest, `shade_kept`)
    #: is taken for shade too when its lighter end reads within `shade_own` of the blank
    #: and its darker end `shade_spread` or more dark: a ramp from paper to shade across
    #: the box, where a tick or a cross leaves the plane flat, a fill all over leaves no
    #: paper, and a light pencil's shading of a trap no such slope.
    shade_own: float = 0.03
    #: A trail cell read marked whose ink is a shade of its own, not a pen's, is asked,
    #: leaning empty: a dark smudge of the lamp's light or a pen's shadow that ends inside
    #: the box, with no paper around it to show it (docs/scan-measurement.md, "A soft shade
    #: that ends inside a cell"). Its ink is wide: less than `soft_kept` of its darkness
    #: lies in features narrower than `soft_width` pixels (the darkness less its opening by
    #: a disc that wide: 3.5 pt, wider than generator 2's widest marker); it rises softly:
    #: its slope's 95th percentile over the box's paper is under `soft_edge` of the ink's
    #: step a pixel (a stroke's edge, however wide the stroke, rises as sharply as the
    #: print's); and it leaves `soft_paper` of the box's paper or more plain (under half a
    #: step dark), where a fill all over leaves none. On both generators' tuning photos and
    #: my own, the empty cells read marked so kept 0.13-0.23 of their darkness narrow, rose
    #: at 0.19-0.57 of a step a pixel, over 22-88 % of plain paper; the marked cells that
    #: leave that paper kept 0.26 or more narrow (a dense scribble 0.29, a marker's stroke
    #: 0.41) and rose at 0.9 steps or more (a photo's thick scribbles, the tests' layout-2
    #: photo), and the one kept less, a thick zigzag in a scan's cells, at 2.4 steps.
    soft_width: int = 7
    soft_kept: float = 0.25
    soft_edge: float = 0.75
    soft_paper: float = 0.1
    #: A check box whose paper the blank prints in two fills (a trail cell half one colour,
    #: half another): when the blank's fills inside it, split at the middle of their 10th and
    #: 90th percentiles, lie `two_fills` apart or more (their medians) and each holds
    #: `two_fills_share` of its paper, the photo's darkness in the smaller is set level with
    #: the larger's (`fills.even_fills`), by as much as the blank's difference at most: a faded
    #: or black-and-white print greys the two otherwise than the blank, and one half read a
    #: step darker than the other is no ink. One fill's greys spread 0.04 in the blank, the
    #: two fills of a cell lie 0.07 apart and split it 45-49 % to the rest; a trap's number
    #: whose grey edge is 20-22 % of its paper (`trap-14`) is no box of two fills.
    two_fills: float = 0.05
    two_fills_share: float = 0.35
    #: A check box whose paper the blank prints in two colours of nearly one grey (a trail
    #: cell half pink, half blue: 0.83 and 0.84) has them `two_colours` apart or more in its
    #: warmth (`layout.warmth_image`, red less blue: 0.42 and 0.58): a printer weak in one
    #: colour lightens that half alone, and the photo's darkness in the smaller is set level
    #: with the larger's by up to `weak_colour`.
    two_colours: float = 0.1
    weak_colour: float = 0.08
    #: A page whose print the photo shows at less than `faint_print` of the blank's darkness
    #: (`print_blur.PrintBlur.contrast`: a toner-save print 0.31-0.50 on the tuning photos, an
    #: inkjet low on one colour or a black-and-white laser 0.73-0.98) is a faint print: a
    #: box with a print of its own is read for ink over that print too (`faint_rank`: see
    #: `prints.ink_on_faint_print`).
    faint_print: float = 0.6
    faint_rank: float = 0.75

    @property
    def ask_share(self) -> float:
        """Return the share a mostly printed box is brought down to when its ink goes once
        its print is laid to a fraction of a pixel: asked, leaning empty."""
        return self.low["tick"] + (self.high["tick"] - self.low["tick"]) / 4
