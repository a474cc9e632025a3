"""A field printed in a grey tint (a score total's box, 243) read against its tint: a light
pencil's stroke there is as dark as in a white box (`seen_ink.TINT_UNDER`)."""

from __future__ import annotations

import numpy as np

from printkit.scan import seen_ink as si


def _sheet(tint: int) -> np.ndarray:
    """A blank's crop (grey, 0-255): white paper, a box printed in `tint` with a dark
    outline."""
    blank = np.full((90, 160), 255, np.uint8)
    blank[15:75, 20:140] = tint
    blank[15, 20:140] = blank[74, 20:140] = 40
    blank[15:75, 20] = blank[15:75, 139] = 40
    return blank


def _photo(blank: np.ndarray, light: float, stroke: float) -> np.ndarray:
    """The blank under `light` (a share of white), a vertical stroke in the box's middle
    `stroke` darker than the paper under it."""
    photo = blank.astype(np.float32) * light
    photo[30:60, 78:82] *= 1.0 - stroke
    return np.clip(np.round(photo), 0, 255).astype(np.uint8)


def _stroke_ink(blank: np.ndarray, photo: np.ndarray) -> float:
    si._LAST.clear()
    seen = si.seen_ink(photo, blank, 3.0, 140)
    return float(np.median(seen.ink[35:55, 79:81]))


def test_a_light_stroke_in_a_tinted_box_reads_as_in_a_white_one() -> None:
    white = _sheet(255)
    tinted = _sheet(243)
    in_white = _stroke_ink(white, _photo(white, 0.8, 0.10))
    in_tint = _stroke_ink(tinted, _photo(tinted, 0.8, 0.10))
    assert in_white > 0.08
    # on main the tint took 0.05 off: about 0.055, under strokes.LEAST_INK (0.07)
    assert in_tint > 0.08
    assert abs(in_tint - in_white) < 0.02


def test_the_empty_tint_reads_no_ink() -> None:
    tinted = _sheet(243)
    si._LAST.clear()
    seen = si.seen_ink(_photo(tinted, 0.8, 0.0), tinted, 3.0, 140)
    assert float(seen.ink[25:65, 30:130].max()) < 0.03
