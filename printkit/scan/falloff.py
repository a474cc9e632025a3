"""A check box read marked whose ink is the paper's light falling off across it, not a
stroke: asked, leaning marked as read. A lamp near the page lightens the paper towards one
side of a box by more than the page's even-light model takes off at a box's scale; the
box's background (its paper's median) is then right for its middle only, and the paper at
its darker end stands over the step: a few per cent of an empty box read as ink. A plane
fitted to the box's paper takes that gradient off and leaves a stroke as it was."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import numpy as np
from numpy.typing import NDArray

from printkit.games.fox_rabbit.sheet_fields import FieldKind
from printkit.scan import ink
from printkit.scan.field_read import FieldRead
from printkit.scan.light import Floats
from printkit.scan.params import ReaderParams

#: How far, from one end of its paper to the other, the plane fitted to a box's paper must
#: slope (a share of the light, as the step is) before its ink may be called a gradient's:
#: the empty trail cell of ordinary-2985596 (`R-B1`) slopes 0.070 across it. On the tuning
#: photos' pages not read as light pencil no box read marked and right ends under twice the
#: low mark with its plane taken off, at any slope (docs/scan-measurement.md, "A lamp's
#: falloff across an empty box read as ink"); the floor keeps a box the camera's grain
#: barely tilts as it is read.
FALLOFF_SLOPE = 0.05


def _plane(dark: Floats, clear: NDArray[np.bool_], step: float) -> Floats:
    """Return the plane fitted to a box's paper (least squares over its clear pixels), fitted
    again without the pixels standing over it by the step (a stroke's ink)."""
    yy, xx = np.mgrid[:dark.shape[0], :dark.shape[1]].astype(np.float32)
    use = clear
    fit = np.zeros_like(dark)
    for _ in range(2):
        if np.count_nonzero(use) < 3:
            break
        a = np.stack([np.ones(np.count_nonzero(use), np.float32), xx[use], yy[use]], axis=1)
        coef, *_ = np.linalg.lstsq(a, dark[use], rcond=None)
        fit = (coef[0] + coef[1] * xx + coef[2] * yy).astype(np.float32)
        use = clear & (dark - fit <= step)
    return fit


def falloff(found: ink.Ink, step: float, kind: FieldKind,
            params: ReaderParams) -> tuple[float, float]:
    """Return a box's share of ink once the plane fitted to its paper is taken off, and how
    far that plane slopes across its paper."""
    dark, clear, near = found
    if np.count_nonzero(clear) < params.ink.least_pixels:
        return ink.share(found, step, kind, params), 0.0
    plane = _plane(dark, clear, step)
    slope = float(plane[clear].max() - plane[clear].min())
    level = plane - float(np.median(plane[clear]))
    return ink.share(ink.Ink(dark - level, clear, near), step, kind, params), slope


def ask_falloff(fields: dict[str, FieldRead], inks: Mapping[str, ink.Ink],
                own: frozenset[str], step: float, params: ReaderParams
                ) -> dict[str, FieldRead]:
    """Return the fields of a page not read as light pencil with each check box read marked,
    not asked, whose ink at the page's step (`step`) makes its mark but whose paper slopes
    `FALLOFF_SLOPE` or more across it and, that slope taken off, holds less than the low
    mark: asked, its reading and confidence kept (Enter keeps it marked). A trap (`own`, read
    from its own marks) is left as it is, and so is every box of a light pencil page: a
    faint slash the length of a box, barely over its step, tilts the plane fitted to its
    paper and is taken off with it (a messaging copy's `R-blueberry`, ordinary-2985591)."""
    p = params.ink
    out = dict(fields)
    for name, f in fields.items():
        found = inks.get(name)
        if f.kind.written or f.light or name in own or not f.marked or f.uncertain or \
                found is None:
            continue
        if ink.share(found, step, f.kind, params) < ink.decision_point(f.kind, False, p):
            continue   # its mark is not the paper's ink at the page's step alone
        flat, slope = falloff(found, step, f.kind, params)
        if slope >= FALLOFF_SLOPE and flat < p.low[f.kind.ink]:
            out[name] = replace(f, uncertain=True)
    return out
