"""A reward box's tick across its letter, seen in the thin ring of tint the letter leaves
(`fields._shares` asks about it); and, on a light pencil page, that ring's ask made by the
smoothed pass alone where the photo as it is shows nothing in it (`fields.read_fields`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import cv2
import numpy as np

from printkit.games.fox_rabbit.evidence import NO_EVIDENCE
from printkit.scan import ink
from printkit.scan.ink_params import InkParams
from printkit.scan.layout import Layout
from printkit.scan.params import ReaderParams
from printkit.scan.prints import Page


class Letters(NamedTuple):
    """The shares with the reward boxes asked about for their letter's ring; those asked,
    each with the share it was read at before; and those looked at, read under `ask_share`,
    whose ring shows not one pixel darker than `letters_step` of the step (`unseen`)."""

    shares: dict[str, float]
    asked: dict[str, float]
    unseen: frozenset[str]


def ask_ink_by_letters(page: Page, lay: Layout, inks: Mapping[str, ink.Ink],
                       tones: Mapping[str, ink.Tone], steps: Mapping[str, float],
                       shares: dict[str, float], params: ReaderParams,
                       fine: bool = True) -> Letters:
    """Return the shares with a small (`own_side` points wide or less), mostly printed,
    tinted check box read empty (a reward box: its letter leaves a thin ring of tint) asked
    about when `letters_pixels` of its pixels or more within a blurred print's halo are
    darker than its step (not `halo_step` times it), or as many beside one another darker
    than `letters_step` of it on a `fine` page (its photo not enlarged to the page read:
    a coarser photo's print, enlarged, leaves its letter's and outline's edges soft, a
    little under the step beside them): a thin tick across the letter lies mostly on the
    print, and shows only as a faint line through that ring, often a pixel or two on a home
    print or a pencil's page, which an empty box's ring shows far less often."""
    p = params.ink
    asked = dict(shares)
    before: dict[str, float] = {}
    unseen: set[str] = set()
    for fb in lay.fields:
        tone = tones.get(fb.name)
        if fb.kind.written or tone is None or tone.fill >= p.tinted or \
                fb.box.w > p.own_side or shares[fb.name] >= p.ask_share:
            continue
        at = ink.pixels(ink.read_part(fb, p), params.scale)
        if not ink.mostly_printed(ink.window(page.printed, at), p):
            continue
        dark, clear, _near = inks[fb.name]
        faint = (dark > p.letters_step * steps[fb.name]) & clear
        if int(np.count_nonzero((dark > steps[fb.name]) & clear)) >= p.letters_pixels or \
                (fine and int(np.count_nonzero(joined(faint))) >= p.letters_pixels):
            asked[fb.name] = p.ask_share
            before[fb.name] = shares[fb.name]
        elif not np.any(faint):
            unseen.add(fb.name)
    return Letters(asked, before, frozenset(unseen))


def joined(mask: np.ndarray) -> np.ndarray:
    """Return the pixels of a mask with another of its pixels beside them (of their eight
    neighbours): a line's, where a noisy camera's grain leaves single pixels."""
    around = cv2.filter2D(mask.astype(np.uint8), -1, np.ones((3, 3), np.float32),
                          borderType=cv2.BORDER_CONSTANT)
    return mask & (around >= 2)


def smoothed_only(unsmoothed: Letters, smoothed: Letters, shares: Mapping[str, float],
                  marks: int, params: InkParams) -> dict[str, float]:
    """Return, for each reward box of a light pencil page that the smoothed pass alone asks
    for its letter's ring, where the photo as it is shows not one pixel of that ring darker
    than `letters_step` of its step (`unseen`), the larger of its unsmoothed share
    (`shares`) and the smoothed pass's before it asked: read so, not asked for its ring;
    none on a page read marked in fewer than `least_marks` boxes (`marks`), whose pen the
    page does not show: its boxes read empty tell little, and the ask was the only sign of a
    light pencil's tick there (`fields.read_fields` keeps the ask, too, of a box so read
    empty at NO_EVIDENCE on any page).

    The smoothing (`light_smooth`) spreads the letter's and the outline's printed edges a
    little into the ring, over the fainter `light_step`, in a line along the print. On the
    tuning photos traced (docs/scan-measurement.md, "A reward box's letter asked by the
    smoothed pass alone"), of the light pencil pages' reward boxes so quiet unsmoothed, 61
    empty and 11 marked, the smoothed pass asked 10, every one empty: it asked none of the
    11 marks, whose strokes the smoothing does not raise over its step either. Held out, it
    asked two marks so, on light pencil pages whose pen was not found (read empty at 0.5):
    see "A reward box's letter asked by the smoothed pass alone, on a page that shows its
    pen"."""
    if marks < params.least_marks:
        return {}
    return {name: max(shares[name], before) for name, before in smoothed.asked.items()
            if name in unsmoothed.unseen}


def ring_ask(decision: ink.Decision, params: InkParams) -> ink.Decision:
    """Return a reward box's reading asked for the thin ring its letter leaves: mostly
    marked, so leaning marked at `letter_lean` (the player's Enter takes that lean), and
    still asked."""
    return ink.Decision(True, params.letter_lean, True, decision.margin)


def kept_ask(decision: ink.Decision, params: InkParams) -> ink.Decision | None:
    """Return the ask, leaning marked (`ring_ask`) as the smoothed pass asked it, of a box
    `smoothed_only` read as before it was asked whose reading is empty at NO_EVIDENCE or
    less (its margin tells nothing): that ask was then the only sign of a mark; None for
    any other reading, which stands."""
    if decision.marked or decision.confidence > NO_EVIDENCE:
        return None
    return ring_ask(decision, params)
