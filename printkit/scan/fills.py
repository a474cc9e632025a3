"""A check box's paper printed in two fills, set level before its ink is read.

The blank may print a box's paper in two greys (a trail cell half one colour, half another),
or in two colours of nearly one grey; a home printer greys them otherwise than the blank
(a faded or black-and-white print, an inkjet weak in one colour), and one half read a step
darker than the other is no ink. `ink.darker` sets them level (`even_fills`).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from printkit.scan.ink_params import InkParams
from printkit.scan.light import Floats

__all__ = ["even_fills", "two_fills"]


def even_fills(dark: Floats, expected: Floats, clear: NDArray[np.bool_],
               params: InkParams, warmth: Floats | None = None) -> Floats:
    """Return a check box's darkness with its paper's two fills set level, when the blank
    prints it in two (`two_fills`): the photo's darkness over the smaller fill is moved by
    the difference of the two fills' medians, as much as the blank's own difference between
    them at most. The printer may grey two tints otherwise than the blank does; a mark
    covering less than half of either fill leaves its median as it was."""
    split = two_fills(expected, clear, params)
    if split is None and warmth is not None:
        return _even_colours(dark, warmth, clear, params)
    if split is None:
        return dark
    small, large, apart = split
    offset = float(np.clip(np.median(dark[small]) - np.median(dark[large]), -apart, apart))
    out: Floats = np.where(small, dark - np.float32(offset), dark).astype(np.float32)
    return out


def _even_colours(dark: Floats, warmth: Floats, clear: NDArray[np.bool_],
                  params: InkParams) -> Floats:
    """Return a check box's darkness with its paper's two colours of nearly one grey (apart
    in the blank's `warmth`, `two_colours`) set level: a printer weak in one of them
    lightens that one alone, so the darker of the two is brought down to the lighter's
    median, by `weak_colour` at most (never up: no ink is made where there was none)."""
    colours = two_fills(warmth, clear, params, params.two_colours)
    if colours is None:
        return dark
    one, other, _ = colours
    apart = float(np.median(dark[one]) - np.median(dark[other]))
    darker = one if apart > 0 else other
    offset = min(abs(apart), params.weak_colour)
    out: Floats = np.where(darker, dark - np.float32(offset), dark).astype(np.float32)
    return out


def two_fills(expected: Floats, clear: NDArray[np.bool_], params: InkParams,
              least: float | None = None
              ) -> tuple[NDArray[np.bool_], NDArray[np.bool_], float] | None:
    """Return where a check box's paper is printed in its smaller fill and its larger, and
    how far apart the two are, when the blank prints it in two (`two_fills`,
    `two_fills_share`); else None."""
    fills = expected[clear]
    if fills.size < 2 * params.least_pixels:
        return None
    low, high = np.quantile(fills, (0.1, 0.9))
    lighter = expected >= (low + high) / 2
    one, other = clear & ~lighter, clear & lighter
    count_one, count_other = int(np.count_nonzero(one)), int(np.count_nonzero(other))
    if min(count_one, count_other) < params.two_fills_share * fills.size:
        return None
    apart = float(np.median(expected[other]) - np.median(expected[one]))
    if apart < (params.two_fills if least is None else least):
        return None
    return (one, other, apart) if count_one < count_other else (other, one, apart)
