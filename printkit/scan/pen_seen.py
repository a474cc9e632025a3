"""How dark a page's pen is (`pen_darkness`: light pencil, or no pen found at all), and what
a check box read empty tells on a page whose boxes show their pen little or not at all
(`fields.read_fields`): a box read empty is evidence of an empty box only as far as the
boxes' own pen is seen (`ink.decide`, `least_marks`).

Two pages lent that evidence from elsewhere (docs/scan-measurement.md, "A marked box read
empty at 0.5-0.9 and not asked, on generator 2's hard photos"):

- a page whose pen is not found in its check boxes (`pen_seen.NO_PEN`) but whose numbers are
  read: a player may write the numbers in a ballpoint and tick the boxes in a light pencil
  the camera loses, and the numbers read marked counted as the boxes' pen seen, so that the
  pencil's lost ticks read empty at up to 0.99 (`boxes_seen`);
- a light pencil page read marked in fewer than `least_marks` boxes, whose pen is seen
  through its faint asks (`faint_seen` each): the faint steps find about one mark in three,
  and the marks they miss read empty at up to 0.89, over the bound to which the rules doubt
  a box read empty in an order (`rules_lean.ORDER_EMPTY`), so the rules' ask
  (`light_asks.ask_before_crossed`) did not ask them (`no_surer_than_the_rules`).
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from dataclasses import replace

import numpy as np

from printkit.games.fox_rabbit.rules_lean import ORDER_EMPTY
from printkit.scan import ink
from printkit.scan.field_read import FieldRead
from printkit.scan.ink_params import InkParams
from printkit.scan.layout import Layout
from printkit.scan.params import ReaderParams
from printkit.scan.prints import Page


def boxes_seen(lay: Layout, shares: dict[str, float], params: InkParams) -> float:
    """Return the check boxes read marked (their share at the high mark or more): on a page
    whose pen no check box shows, what an empty check box's margin is taken in proportion
    to, the numbers read marked left out (they may be another pen's)."""
    return float(sum(not fb.kind.written and shares[fb.name] >= params.high[fb.kind.ink]
                     for fb in lay.fields))


def no_surer_than_the_rules(fields: dict[str, FieldRead], light: bool, marks: int,
                            params: InkParams) -> dict[str, FieldRead]:
    """Return the fields with each check box read empty, not asked, on a light pencil page
    read marked in fewer than `least_marks` boxes (`marks`, before its faint asks), read at
    `rules_lean.ORDER_EMPTY` at most: what its pen's faint asks leave unasked is no surer
    empty than the rules doubt a box before a box read crossed. The rules' ask
    (`light_asks.ask_before_crossed`) then takes it, where later boxes of its order read
    crossed."""
    if not light or marks >= params.least_marks:
        return fields
    return {name: replace(f, confidence=ORDER_EMPTY)
            if not f.kind.written and not f.marked and not f.uncertain and
            f.confidence > ORDER_EMPTY else f
            for name, f in fields.items()}


def ask_near_light(fields: dict[str, FieldRead], darkness: float, light: bool,
                   own: Container[str], params: InkParams) -> dict[str, FieldRead]:
    """Return the fields with each check box read empty, not asked, holding the ink a light
    pencil page asks from (`light_low`, under the ordinary `low`) asked, leaning empty, not
    surely (at `rules_lean.ORDER_EMPTY` at most: the rules' lean, where a later box of its
    order is read crossed, is then what the player's Enter takes), on a page whose pen is
    darker than light pencil by little (`pen_darkness` from `light_pen` to `near_light`) and
    not read as light pencil (`light`: a coarse copy's pen is light under `coarse_pen`, and
    a light page asks from `light_low` already): there a tick's few pixels are as faint as
    its pen. A trap's own print (`own`) has its own marks, and a written field is read as a
    value."""
    if light or not params.light_pen <= darkness < params.near_light:
        return fields
    return {name: replace(f, uncertain=True, confidence=min(f.confidence, ORDER_EMPTY))
            if not f.kind.written and name not in own and not f.marked and not f.uncertain and
            params.light_low[f.kind.ink] <= f.ink < params.low[f.kind.ink] else f
            for name, f in fields.items()}


#: `pen_darkness` of a page that shows no pen at all: no check box read surely marked, and
#: too few holding a trace of ink (a sheet without marks, or a light pencil the camera lost).
NO_PEN = 1.0


def pen_darkness(page: Page, lay: Layout, shares: Mapping[str, float],
                 inner: Mapping[str, float], params: ReaderParams,
                 unfound: Container[str] = ()) -> float:
    """Return how much darker than the blank the pen's strokes are on this page: over the
    check boxes read surely marked, the median of each one's darkest pixels (its
    `pen_rank`). When fewer than `pen_boxes` are, the page is taken for light pencil (0) if
    `pen_boxes` check boxes or more hold a faint trace of ink away from their print
    (`inner`: a light pencil's marks may all be faint; a blurred print's edges are no
    trace), else for a sheet without marks (1). A box not found where its print is
    (`unfound`: a curled edge's, read on its own outline) is left out of both."""
    p = params.ink
    darkest = []
    for fb in lay.fields:
        if fb.kind.written or fb.name in unfound or \
                shares[fb.name] < p.high["tick"] * p.sure_marked:
            continue
        at = ink.pixels(ink.read_part(fb, p), params.scale)
        seen = ink.window(page.photo, at.moved(page.shifts[fb.name]))
        expected = ink.window(page.printed, at)
        hh, ww = min(seen.shape[0], expected.shape[0]), min(seen.shape[1], expected.shape[1])
        clear = expected[:hh, :ww] >= p.printed
        dark = (expected[:hh, :ww] - seen[:hh, :ww])[clear]
        if dark.size >= p.least_spread:
            darkest.append(float(np.quantile(dark, p.pen_rank)))
    if len(darkest) >= p.pen_boxes:
        return float(np.median(darkest))
    traces = sum(not fb.kind.written and fb.name not in unfound and inner[fb.name] > p.trace
                 for fb in lay.fields)
    return 0.0 if traces >= p.pen_boxes else NO_PEN
