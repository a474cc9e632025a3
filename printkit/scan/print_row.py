"""A trap read marked whose only ink is one row (or column) of pixels along its printed
number's edge: the print laid a pixel off, not a tick; asked, leaning as read
(`fields.read_fields`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

import numpy as np

from printkit.scan import ink
from printkit.scan.field_read import FieldRead
from printkit.scan.ink_params import InkParams

#: The least part of the print's edge along a row (or column) its ink must cover to be the
#: print laid a pixel off, not a tick lying along it: the empty `trap-15` of g2-tune-homeprint
#: 2350026 covers 0.92 of its number's lower edge in the smoothed pass; the ticked traps of
#: the tuning home prints whose ink is one row beside their number (2300011's and 2350007's
#: `trap-13`) 0.25-0.3, two or three pixels.
ROW_COVER = 0.5


def along_print(found: ink.Ink, step: float, params: InkParams) -> bool:
    """Return whether a box's ink pixels (darker than `step`, as `ink.share` counts them)
    all lie in one row, or all in one column, each beside the print (a pixel that is not
    `clear`) just above or below it (for a row), left or right of it (for a column)."""
    return _along(found, step, params) is not None


def covers_print(found: ink.Ink, step: float, params: InkParams) -> bool:
    """Return whether a box's ink lies along its print (`along_print`) over `ROW_COVER` of
    the print's edge there: of the pixels of that row (or column) beside the print."""
    cover = _along(found, step, params)
    return cover is not None and cover >= ROW_COVER


def _along(found: ink.Ink, step: float, params: InkParams) -> float | None:
    """Return the part of the print's edge a box's ink covers, when all of it lies in one
    row or column beside the print (`along_print`), or None."""
    marks = ink.inked(found, step, params)
    ys, xs = np.nonzero(marks)
    if not ys.size:
        return None
    printed = np.pad(~found.clear, 1, constant_values=False)
    if ys.min() == ys.max():
        y = int(ys[0]) + 1
        edge = (printed[y - 1] | printed[y + 1])[1:-1] & ~printed[y][1:-1]
    elif xs.min() == xs.max():
        x = int(xs[0]) + 1
        edge = (printed[:, x - 1] | printed[:, x + 1])[1:-1] & ~printed[:, x][1:-1]
    else:
        return None
    on_edge = edge[xs] if ys.min() == ys.max() else edge[ys]
    if not on_edge.all():
        return None
    return float(np.count_nonzero(marks)) / float(np.count_nonzero(edge))


#: How much more than its ink pixels off the print a share may be and still hold none on it
#: (the two are counted alike; this is their floating point's difference).
_EPS = 1e-6


def _off_print(found: ink.Ink, step: float, params: InkParams) -> float:
    """Return a box's share of ink pixels off its print, as `ink.share` counts a check box's."""
    return float(np.count_nonzero(ink.inked(found, step, params))) / ink.measurable(found, params)


def ask_print_rows(out: Mapping[str, FieldRead], own: Iterable[str],
                   passes: Iterable[tuple[Mapping[str, ink.Ink], Mapping[str, float], float]],
                   params: InkParams) -> dict[str, FieldRead]:
    """Return the fields with each trap (`own`: a box on white paper with a print of its own)
    read marked and not asked, whose ink in every pass (`passes`: each pass's inks, shares
    and page's step) is one row or column along its print, or none (`along_print`), in one
    pass at least over `ROW_COVER` of the print's edge there (`covers_print`), and whose
    share holds nothing more (no ink over the print itself), asked, leaning as read.

    A black-and-white print's number is laid a pixel lower than the blank's: the row under
    it reads a little darker than the step, and the light page's smoothed pass spreads it
    over `own_high`, a trap's whole ink on white paper (g2-tune-homeprint 2350026's empty
    `trap-15`, read ticked at 0.79; docs/scan-measurement.md, "A trap's number laid a pixel
    off"). A tick across the number leaves its pixels in more than one row; one lying along
    the number (the tuning photos' ticked traps 10, 13 and 14) may leave one row beside it,
    but a few pixels of it, or darkens the number too."""
    asked = dict(out)
    inks = list(passes)
    for name in own:
        f = out[name]
        if not f.marked or f.uncertain:
            continue
        # each pass's row along the print (None: its ink is not one), read once
        seen = [(_along(found[name], step, params), found[name], shares[name], step)
                for found, shares, step in inks if name in found]
        if not any(cover is not None and cover >= ROW_COVER for cover, *_ in seen):
            continue
        # and none of its share is ink over the number itself (`prints.ink_on_faint_print`):
        # a tick lying along the number darkens the print where the row does not
        if all((cover is not None or not ink.inked(found, step, params).any())
               and share <= _off_print(found, step, params) + _EPS
               for cover, found, share, step in seen):
            asked[name] = replace(f, uncertain=True)
    return asked
