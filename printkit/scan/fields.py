"""Every field of the flattened page read: the page's light evened, each box found, the
photo's blur measured, the page's ink step set, light pencil read again, and each share of
ink decided (`ink.py` measures one field; `faint.py` asks about the marks of a light pencil
the camera nearly lost).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import NamedTuple

import cv2
import numpy as np

from printkit.games.fox_rabbit.evidence import NO_EVIDENCE
from printkit.scan import ink, runs_on, shade
from printkit.scan.astray import print_ink
from printkit.scan.edge_only import print_edge_only
from printkit.scan.faint import (
    ask_darker_than_their_kind,
    ask_faint_strokes,
    ask_traps_darker,
    darker_on_white,
    stroke_shares,
)
from printkit.scan.falloff import ask_falloff
from printkit.scan.field_read import FieldRead
from printkit.scan.kind_tone import ask_darker_than_their_like
from printkit.scan.layout import Box, FieldBox, Layout
from printkit.scan.letters import (
    Letters,
    ask_ink_by_letters,
    kept_ask,
    ring_ask,
    smoothed_only,
)
from printkit.scan.light import Floats, Gray, even_light, normalised
from printkit.scan.light_asks import (
    ask_before_crossed,
    ask_lines_needed,
    ask_told_nothing,
    read_faintly,
    settle_by_order,
)
from printkit.scan.page import Shift, local_shifts, match_printed
from printkit.scan.params import ReaderParams
from printkit.scan.pen_seen import (
    NO_PEN,
    ask_near_light,
    boxes_seen,
    no_surer_than_the_rules,
    pen_darkness,
)
from printkit.scan.print_blur import blurred_print, print_blur
from printkit.scan.print_row import ask_print_rows
from printkit.scan.prints import Page, ink_on_faint_print, ink_on_print, rings_along_print
from printkit.scan.trail_ends import ask_trail_ends


class FieldsRead(NamedTuple):
    """Each field of a page as read, by name, and the share of its printed boxes that could
    not be found where the markers put them."""

    fields: dict[str, FieldRead]
    lost: float
    #: The paper's noise on the page (a share of its light): a photo in poor light is noisy.
    noise: float
    #: The fields whose print a lamp's reflection hides (the photo at the sensor's white
    #: over them, where the rest of the paper is not).
    hidden: tuple[str, ...] = ()


class Shares(NamedTuple):
    """Each field's share of ink, its share counted away from any print only, the page's
    noise, and each field's room: the share of its pixels where ink can be told from print
    (a mark in a box mostly printed may lie all on the print)."""

    shares: dict[str, float]
    inner: dict[str, float]
    noise: float
    room: dict[str, float]
    #: The check boxes on white paper with a print of their own inside them (a trap's
    #: number): an empty one reads no ink at all, and a faint share is asked (`own_low`).
    own: frozenset[str]
    #: Each field's darkness, its background taken off, and each check box's tone.
    inks: dict[str, ink.Ink]
    tones: dict[str, ink.Tone]
    #: The mostly printed boxes asked for the thin ring of paper their print leaves (a
    #: reward box's letter: `_ask_print_edges`, `letters.ask_ink_by_letters`): lean marked.
    leaning: frozenset[str]
    #: Each check box read marked or asked: the share of its ink left once the shade around
    #: it is taken off, for what was read (`_ask_shaded`); and those asked for it, with the
    #: share each was read at before it was asked.
    unshaded: dict[str, float]
    unasked: dict[str, float]
    #: The reward boxes asked for their letter's ring, and those whose ring shows nothing.
    letters: Letters
    #: Each check box's ink step: its fill's, where its fill is noisier than the paper.
    steps: dict[str, float]

    @property
    def shaded(self) -> frozenset[str]:
        """The boxes asked for the shade around them."""
        return frozenset(self.unasked)


def read_fields(flat: Gray, blank: Gray, lay: Layout, params: ReaderParams,
                photo_scale: float | None = None, warmth: Gray | None = None,
                printed_sheet: Gray | None = None,
                carried: Mapping[str, Shift] | None = None) -> FieldsRead:
    """Return each field of the layout as read from the flattened photo, and the share of
    the printed boxes that could not be found where the markers put them; `photo_scale`:
    the photo's own pixels a point of the sheet, when known (`coarse_copy`);
    `printed_sheet`: the blank with its outlines as its PDF prints them
    (`layout.printed_image`), which a box is found on the photo by where its print fits it
    clearly better than the blank (`printed_gain`); `carried`: where the boxes lie once the
    homography was corrected (`page.Refined.carried`), searched there."""
    p = params.ink
    # a copy coarser than the page is read at: a pen's thin line is spread and greyed by
    # its pixels, and a stroke's length is counted in them
    enlarged = params.scale / photo_scale if photo_scale and photo_scale < p.coarse_copy \
        else 1.0
    paper = normalised(blank, params.light)
    photo = even_light(normalised(flat, params.light), paper, params.light)
    local = local_shifts(photo, paper, lay, params, carried)
    # the darkest the blank sheet is near each pixel: a printed line a pixel or two off
    # is not ink
    printed = firm = cv2.erode(paper, np.ones((p.printed_square, p.printed_square), np.uint8))
    # a photo blurrier than a sharp one spreads the print further: the paper around a line
    # is as dark as the blank blurred as much, at the photo's contrast
    sigma, contrast = print_blur(paper, photo, lay, local, params)
    extra = math.sqrt(max(0.0, sigma ** 2 - p.blur_sharp ** 2))
    if extra > 0:
        spread = 1.0 - contrast * (1.0 - blurred_print(paper, extra))
        printed = np.minimum(printed, spread)
        # and, read surely, laid up to half a pixel off as the print itself may be (a
        # box is laid in whole pixels): a soft line's edge moves the most there
        off = cv2.erode(spread, np.ones((p.off_square, p.off_square), np.uint8))
        firm = np.minimum(printed, (spread + off) / 2)
    # where a blurred photo's printed line can still darken the paper
    halo = cv2.erode(paper, np.ones((p.halo, p.halo), np.uint8))
    shifts: dict[str, Shift] = {}
    fits: dict[str, float] = {}
    outlined = None if printed_sheet is None else normalised(printed_sheet, params.light)
    for fb in lay.fields:
        # a check box off the trail may be found by its outline as printed (`match_printed`)
        by_outline = not fb.kind.written and fb.name not in lay.map.cells
        found = match_printed(photo, paper, outlined if by_outline else None, fb.box,
                              params.page.shift, params, local[fb.name])
        if found.fit is not None:
            fits[fb.name] = found.fit
        shifts[fb.name] = found.shift
    faint = None
    if contrast < p.faint_print:
        shown = 1.0 - contrast * (1.0 - blurred_print(paper, sigma))
        faint = cv2.erode(shown, np.ones((p.off_square, p.off_square), np.uint8))
    warm = None if warmth is None else warmth.astype(np.float32) / np.float32(255.0)
    sure = Page(photo, paper, firm, halo, shifts, faint, warm)
    # a page not enlarged from its photo (`letters_step`): the print's edges are the photo's
    fine = photo_scale is None or photo_scale >= params.scale
    read = _shares(sure, lay, p.step, params, fine)
    shares = read.shares
    # a box not found where its print is (`min_fit`: a curled edge's) tells nothing of the pen
    unfound = frozenset(name for name, fit in fits.items() if fit < params.page.min_fit)
    darkness = pen_darkness(sure, lay, read.shares, read.inner, params, unfound)
    light = darkness < (p.coarse_pen if enlarged > 1 else p.light_pen)
    leaning = read.leaning
    shaded: set[str] = set()
    edge_only: dict[str, float] = {}
    smoothed = read
    if light:
        # a light pencil's strokes are barely darker than the camera's noise: the photo
        # is smoothed (the noise falls, a stroke wider than a pixel stays) and a fainter
        # step is ink, a line's soft edge expected where the blank puts it
        smooth = cv2.GaussianBlur(photo, (0, 0), p.light_smooth)
        smoothed = _shares(Page(smooth, paper, printed, halo, shifts, faint, warm), lay,
                           p.light_step, params, fine)
        soft = smoothed.shares
        # a stroke the smoothing took too far below the step still shows unsmoothed
        shares = {name: max(share, soft[name]) for name, share in shares.items()}
        # but not a trail cell whose only ink is its outline's edge the smoothing spread
        # (read so once the page's empty boxes are measured, below, as they were before)
        edge_only = print_edge_only(
            lay.map.cells.keys() &
            {fb.name for fb in lay.fields if not fb.kind.written and fb.name in read.tones},
            read.shares, soft, smoothed.inner, smoothed.leaning | smoothed.shaded, p)
        # but a box asked for the shade across it whose ink both passes see mostly gone
        # with the shade (`shade_both`) stays asked (below): a steep shadow, smoothed, is
        # darker than the fainter step all over the box and leaves a little over its mark
        shaded = {name for name in read.shaded
                  if max(read.unshaded[name], smoothed.unshaded.get(name, 1.0)) < p.shade_both}
        leaning |= smoothed.leaning
    # a ring drawn along an aid's printed circle lies on the line or just within it, where
    # no pixel is read as ink: the band along the print, against the same band in the
    # circles of that print, shows it
    step = ink.ink_step(read.noise, p.step, p)
    # a trail cell's shade of its own, ending inside it, on the page as the camera shows it
    own_shade = shade.soft_cells(lay, read.inks, read.steps, step, read.shares, p) if fine \
        else frozenset()
    ringed, doubted = rings_along_print(sure, lay, step, light, params)
    for name, level in ringed.items():
        shares[name] = max(shares[name], level)
    # and the band along its print, darker as the box is, no more than asks it; nor does a
    # trail cell's shade of its own, ending inside it (`shade.soft_cells`)
    shares |= dict.fromkeys(shaded | own_shade, p.ask_share)
    # what the page's empty boxes show is measured on their ink, before any is brought up to
    # be asked about for a faint stroke (below): dozens asked would count as the empty
    # boxes' spread, and every box read empty would then tell nothing (confidence 0.5)
    empty = ink.empty_spread([shares[fb.name] for fb in lay.fields
                              if shares[fb.name] < ink.decision_point(fb.kind, light, p)], p)
    marks = sum(shares[fb.name] >= p.high[fb.kind.ink] for fb in lay.fields)
    shares |= edge_only
    # and, on a page that shows its pen, a reward box the smoothed pass alone asks for its
    # letter's ring where the photo as it is shows nothing there (the smoothing spread the
    # letter's edge) is read as before it was asked, unless that tells nothing (below)
    quiet = smoothed_only(read.letters, smoothed.letters, read.shares, marks, p)
    shares |= quiet
    # a page read marked in `least_marks` boxes shows its pen (a ballpoint's thin line, as
    # faint in grey as a light pencil's, or a pencil pressed harder): its marks are read; on
    # a light one that does not, a faint stroke or shading is asked about too (brought to
    # the ask band, under the high mark: `marks` is the same)
    seen = float(marks)
    faintly: set[str] = set()
    if light and marks < p.least_marks:
        unasked = shares
        shares = ask_faint_strokes(sure.paper, sure.printed, lay, read.inks, read.tones,
                                   read.own, shares, params, enlarged)
        shares = ask_darker_than_their_kind(read.tones, read.own, shares, params)
        # the boxes whose faint strokes or shading show are the pen seen too, if less surely
        # than a mark read: a box that shows neither is then some evidence of an empty box
        faintly = {name for name in shares if shares[name] > unasked[name]}
        seen += p.faint_seen * len(faintly)
        # and a box darker than the page's empty boxes of its kind: asked, not counted (not
        # on a coarse copy: its JPEG blocks are as big as a small box's paper)
        if enlarged == 1.0:
            shares = ask_darker_than_their_like(read.tones, lay, read.own, shares, params)
            faintly |= {name for name in shares if shares[name] > unasked[name]}
    if light:
        # a trap's number leaves its tick no pixel to read on: the little paper beside it,
        # darker all over, asks it, on any light pencil page (not counted as the pen seen:
        # weaker evidence of it)
        unasked = shares
        shares = ask_traps_darker(read.tones, read.own, shares, params)
        faintly |= {name for name in shares if shares[name] > unasked[name]}
        # a scribble too faint for any of its pixels leaves a box on white paper darker
        # all over, as an eraser's smudge may: read empty, not surely
        doubted |= darker_on_white(read.tones, p)
    # on a light pencil page that shows its pen, a check box asked only for the fainter
    # share a light page asks from (under the ordinary `low`) is read, not asked, when not
    # a pixel of its paper lies on a faint stroke's line (`faint.ridges`): a light pencil's
    # tick or cross leaves some, a noisy photo's grain or a cell's tint scattered pixels
    unlined: frozenset[str] = frozenset()
    if light and marks >= p.least_marks:
        strokes = stroke_shares(sure.paper, sure.printed, lay, read.inks, read.tones, params,
                                enlarged)
        unlined = frozenset(
            name for name, stroke in strokes.items()
            if name in read.tones and name not in read.own and name not in ringed and
            name not in doubted and shares[name] < p.low["tick"] and stroke == 0.0)
        # and a box asked for the shade around it (`_ask_shaded`) whose paper lies on a
        # faint stroke's line over `shade_stroke` of it is read as it was before: a shadow's
        # soft edge darkens a box, it draws no line across it (a trap, read marked from
        # `own_high`, is not asked so, and a steep shadow's edge, `shade_both`, draws one:
        # both left as they are)
        for name in (read.unasked.keys() | smoothed.unasked.keys()) - read.own - shaded:
            if shares[name] == p.ask_share and strokes.get(name, 0.0) >= p.shade_stroke:
                shares[name] = max(read.unasked.get(name, read.shares[name]),
                                   smoothed.unasked.get(name, smoothed.shares[name]))
    # where no check box shows the pen (`NO_PEN`), numbers read marked (a ballpoint's, beside
    # a pencil's lost ticks) do not vouch for the boxes' pen (`pen_seen.boxes_seen`)
    by_boxes = boxes_seen(lay, shares, p) if darkness >= NO_PEN else seen
    out: dict[str, FieldRead] = {}
    read_unlined: set[str] = set()
    for fb in lay.fields:
        share = shares[fb.name]
        decision = ink.decide(share, fb.kind, light, empty,
                              seen if fb.kind.written else by_boxes,
                              read.room[fb.name], p, own=fb.name in read.own)
        if fb.name in leaning and share == p.ask_share and decision.uncertain:
            # a reward box asked for the thin ring its letter leaves is mostly marked: the
            # player's Enter takes that lean, and the box is still asked
            decision = ring_ask(decision, p)
        elif fb.name in quiet and (kept := kept_ask(decision, p)) is not None:
            # unless read empty telling nothing: the smoothed pass's ask stands
            decision = kept
        elif (fb.name in faintly or (light and fb.name in read.own)) and decision.uncertain:
            # a box asked for a light pencil's faint strokes or shading is nearly always
            # marked, and so is a trap asked on a light pencil page for the few pixels of
            # ink its number leaves a tick: Enter takes that lean, and the box is still asked
            decision = ink.Decision(True, p.faint_lean, True, decision.margin)
        elif fb.name in unlined and not decision.marked and decision.uncertain:
            decision = ink.Decision(False, decision.confidence, False, decision.margin)
            read_unlined.add(fb.name)
        elif fb.name in doubted and not decision.marked and not decision.uncertain:
            # a faint ring the ink missed may stand along the print, or a faint scribble
            # darken a box on white paper: empty, not surely
            decision = ink.Decision(False, min(decision.confidence, p.ring_unsure), False,
                                    decision.margin)
        if decision.marked and not decision.uncertain and not fb.kind.written and \
                not _printed_inside(paper, fb, params) and _astray(
                print_ink(photo, paper, printed, fb, shifts[fb.name], step, params), params):
            # its print lies elsewhere (`astray_left`): asked, leaning no way
            decision = ink.Decision(True, NO_EVIDENCE, True, decision.margin)
        dx, dy = shifts[fb.name]
        x, y, w, h = fb.box
        out[fb.name] = FieldRead(fb.name, fb.kind, decision.marked, decision.confidence,
                                 decision.uncertain, share,
                                 Box(x + dx / params.scale, y + dy / params.scale, w, h),
                                 decision.margin, light)
    passes = [(read.inks, read.shares, step)] + ([(smoothed.inks, smoothed.shares, ink.ink_step(
        smoothed.noise, p.light_step, p))] if light else [])
    out = ask_print_rows(out, read.own, passes, p)
    if light or darkness >= NO_PEN:
        # a page whose pen is not found at all may be a light pencil's too faint for any
        # box's trace: its number boxes' faint strokes are read as a light page's are
        out = read_faintly(out, flat, blank, lay, params.scale, light)
    out = no_surer_than_the_rules(out, light, marks, p)
    out = ask_near_light(out, darkness, light, read.own, p)
    out = ask_trail_ends(ask_before_crossed(out, lay, light), lay, light)
    out = ask_lines_needed(out, lay)
    out = ask_told_nothing(out, lay, light and seen >= p.least_marks, read_unlined, p)
    out = settle_by_order(ask_falloff(out, read.inks, read.own, step, params), lay,
                          p.faint_lean)
    # a box the homography's correction carried further than a box is searched lies off the
    # page's plane: read where it lies (a curled corner's few boxes), and counted with the
    # boxes lost, so that a sheet folded (a whole quarter so carried) is still refused
    bent = {name for name, s in (carried or {}).items()
            if max(abs(s.dx), abs(s.dy)) > params.page.refine_search}
    lost = len(unfound | (bent & fits.keys())) / max(1, len(fits))
    return FieldsRead(out, lost, read.noise, _under_glare(flat, paper, lay, params))


def _astray(shares: tuple[float, float] | None, params: ReaderParams) -> bool:
    return shares is not None and shares[1] < params.page.astray_left * shares[0]


def _under_glare(flat: Gray, paper: Floats, lay: Layout, params: ReaderParams) -> tuple[str, ...]:
    """Return the fields whose print the photo shows at the sensor's white (`glare_white`)
    over `glare_hides` of it at least, where the page's plain paper elsewhere reads under
    `glare_paper` of that white: a lamp's reflection hides them."""
    photo, scale = params.photo, params.scale
    white = flat >= photo.glare_white
    plain = paper >= params.light.plain
    if not np.any(white) or \
            float(np.median(flat[plain & ~white])) > photo.glare_paper * photo.glare_white:
        return ()
    hidden = []
    for fb in lay.fields:
        at = ink.pixels(fb.box, scale)
        printed = ink.window(paper, at) < params.ink.printed
        under = ink.window(white, at)[printed]
        if under.size and float(np.mean(under)) >= photo.glare_hides:
            hidden.append(fb.name)
    return tuple(hidden)


def _shares(page: Page, lay: Layout, least: float, params: ReaderParams,
            fine: bool = True) -> Shares:
    """Return each field's share of ink pixels: pixels darker than the blank by the page's
    ink step (at least `least`), its background taken off, and those over a print that
    other boxes share and show darker than theirs (`prints.ink_on_print`); and its share counted
    away from any print only (`inner`)."""
    photo, paper, printed, halo = page.photo, page.paper, page.printed, page.halo
    inks: dict[str, ink.Ink] = {}
    tones: dict[str, ink.Tone] = {}
    for fb in lay.fields:
        shift = page.shifts[fb.name]
        if fb.kind.written and not fb.digits and fb.box.w > 2 * params.ink.segment:
            inks[fb.name] = ink.written_line(photo, paper, printed, halo, fb, shift, params)
            continue
        found, tone = ink.darker(photo, printed, halo, fb, shift, params, warmth=page.warmth)
        inks[fb.name] = found
        if tone is not None:
            tones[fb.name] = tone
    fills = ink.print_tones(tones.values(), params.ink)
    found_inks = dict(inks)   # before their backgrounds are taken off
    for name, tone in tones.items():
        dark, clear, near = inks[name]
        inks[name] = ink.Ink(dark - ink.background(tone, fills, params.ink), clear, near)
    noise = ink.page_noise(inks.values(), params.ink)
    step = ink.ink_step(noise, least, params.ink)
    # a tint printed as a dot screen (a black-and-white laser's grey, a toner-save print) is
    # noisier than the paper: a box of that fill is read with the step its own fill's boxes
    # call for
    by_fill = ink.fill_noises(tones, inks, params.ink)
    steps = {name: ink.ink_step(max(noise, by_fill.get(ink.fill_key(tone.fill, params.ink),
                                                           0.0)), least, params.ink)
             for name, tone in tones.items()}
    shares = {fb.name: ink.share(inks[fb.name], steps.get(fb.name, step), fb.kind, params)
              for fb in lay.fields}
    more, grouped = ink_on_print(page, lay, inks, step, params)
    for name, extra in more.items():
        shares[name] += extra
    read = shares
    shares = _ask_print_edges(page, lay, step, fills, shares, params)
    letters = ask_ink_by_letters(page, lay, inks, tones, steps, shares, params, fine)
    asked = shares = letters.shares
    shares, unshaded = _ask_shaded(page, lay, found_inks, tones, fills, steps, shares, params)
    shaded = frozenset(name for name in shares if shares[name] != asked[name])
    leaning = frozenset(name for name in shares if asked[name] != read[name] and
                        shares[name] == asked[name] == params.ink.ask_share)
    # the ink away from any print: what a blurred or shifted print cannot explain
    inner = {fb.name: ink.share(ink.Ink(dark, clear & ~near, np.zeros_like(near)), step,
                                fb.kind, params)
             for fb in lay.fields for dark, clear, near in (inks[fb.name],)}
    room = {name: float(np.mean(found.clear)) if found.clear.size else 0.0
            for name, found in inks.items()}
    fields_by_name = {fb.name: fb for fb in lay.fields}
    own = frozenset(name for name, tone in tones.items()
                    if name not in grouped and tone.fill >= params.ink.tinted and
                    fields_by_name[name].box.w <= params.ink.own_side and
                    _printed_inside(page.paper, fields_by_name[name], params))
    for name, on_print in ink_on_faint_print(page, [fields_by_name[name] for name in own],
                                              inks, step, params).items():
        shares[name] += on_print
    return Shares(shares, inner, noise, room, own, inks, tones, leaning, unshaded,
                  {name: asked[name] for name in shaded}, letters, steps)


def _printed_inside(paper: Floats, fb: FieldBox, params: ReaderParams) -> bool:
    """Return whether the blank prints something dark inside the part of a box read (a
    number, a letter), not only its outline around it."""
    at = ink.pixels(ink.read_part(fb, params.ink), params.scale)
    inside = ink.window(paper, at) < params.ink.printed
    return int(np.count_nonzero(inside)) >= params.ink.least_pixels


def _ask_print_edges(page: Page, lay: Layout, step: float, fills: dict[int, float],
                     shares: dict[str, float], params: ReaderParams) -> dict[str, float]:
    """Return the shares with a mostly printed check box asked about (a reward box: its
    letter and outline leave a thin ring of paper) whose ink is gone when its print is laid
    on the blank's to a fraction of a pixel (`ink.darker`, `subpixel`): what the whole
    pixel's window took for ink may be the print's soft edge along one side of the ring, or
    a faint stroke there. Its share is brought down to `ask_share`, between the low and the
    high mark: the player confirms it."""
    p = params.ink
    asked = dict(shares)
    for fb in lay.fields:
        if fb.kind.written or shares[fb.name] <= p.ask_share:
            continue
        at = ink.pixels(ink.read_part(fb, p), params.scale)
        if not ink.mostly_printed(ink.window(page.printed, at), p):
            continue   # laid to a fraction of a pixel only when its print is most of it
        found, tone = ink.darker(page.photo, page.printed, page.halo, fb, page.shifts[fb.name],
                                 params, subpixel=True)
        if tone is None:
            continue
        dark, clear, near = found
        laid = ink.share(ink.Ink(dark - ink.background(tone, fills, p), clear, near), step,
                         fb.kind, params)
        if laid < shares[fb.name]:
            asked[fb.name] = max(laid, p.ask_share)
    return asked


def _ask_shaded(page: Page, lay: Layout, found: dict[str, ink.Ink], tones: dict[str, ink.Tone],
                fills: dict[int, float], steps: dict[str, float], shares: dict[str, float],
                params: ReaderParams) -> tuple[dict[str, float], dict[str, float]]:
    """Return the shares with a check box read marked or asked asked about, leaning empty,
    when its ink is mostly gone once the shade the ring of paper around it shows is taken
    off (`shade.unshaded`: under its high mark, and under `shade_left` of what was read): the
    soft edge of a hand's shadow, which the light's evening leaves across the box, darkens
    one side of it as a stroke would, and the paper around it too, where no mark is; and
    each such box's ink left for what was read."""
    p = params.ink
    asked = dict(shares)
    unshaded: dict[str, float] = {}
    boxes = runs_on.box_mask(lay, page.photo.shape[:2], params.scale)
    for fb in lay.fields:
        tone = tones.get(fb.name)
        if tone is None or shares[fb.name] <= p.ask_share:
            continue
        left = 1.0
        for (dark, clear, near), tone_left, lighter, darker in shade.unshaded(
                page.photo, page.printed, fb, page.shifts[fb.name], found[fb.name], tone,
                steps[fb.name], params, boxes):
            # its ink over its print (`prints.ink_on_print`) is not counted as left: the
            # shade darkens the print too; nor what lies between the shade's step laid
            # `shade_shift` pixels back and on (a sharp edge's step laid a pixel or two off)
            dark = dark - ink.background(tone_left, fills, p)
            dark = dark - np.clip(dark, lighter, darker)
            left = min(left, ink.share(ink.Ink(dark, clear, near), steps[fb.name], fb.kind,
                                       params))
        unshaded[fb.name] = left / shares[fb.name]
        if left < min(p.high["tick"], shares[fb.name] * p.shade_left):
            asked[fb.name] = p.ask_share
    return asked, unshaded
