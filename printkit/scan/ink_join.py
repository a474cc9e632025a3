"""A circle's fainter digit beside one kept: the lower step a field's strokes are kept over
once one of them is over the field's step (`strokes.field_ink`'s `fainter`). No rule of the
game here, and no model: only how dark the ink is."""

from __future__ import annotations

#: A circle whose faint strokes hold one over the step keeps those over this share of it
#: too (a 10's 0 fainter than its 1): docs/scan-measurement.md, "A light pencil's fainter
#: digit beside a kept one".
FAINT_JOIN = 0.8
#: A circle's ink as first read whose step is the floor (`strokes.LEAST_INK`: a pen fainter
#: than it, not the field's noise or its darkest ink, sets the step) keeps, beside a stroke
#: over the floor, the strokes over this share of it that are still over the noise's step
#: and the darkest ink's share: a 10's 0 a little fainter than its 1. docs/scan-measurement.md,
#: "A circle's digit under the ink's floor" (on light-2985560 `F-A3`'s 10: 1 and 0.8 read `0`
#: or `17`, 0.65 and 0.5 read `10`).
INK_JOIN = 0.65
#: An endgame attempt's faint strokes (a light pencil's) keep their fainter ones beside one
#: over the step as a circle's do (`FAINT_JOIN`): a die's digit fainter than its letter, at
#: a line's light end (g2-tune-ordinary 2150006's fox trap: the 1 of `Y1` lost, then
#: kept). docs/scan-measurement.md, "An endgame attempt's faint die beside a kept one".
ATTEMPT_FAINT_JOIN = True


def join_step(faint: bool, step: float, floor: float, noise_step: float, share_step: float
              ) -> float | None:
    """Return the lower step a circle's strokes are kept over beside one over `step`, or None
    where there is none: read as faint strokes (`faint`), FAINT_JOIN of the step; read as
    first read, INK_JOIN of the floor, where the floor (`floor`) is the step, not the noise's
    (`noise_step`) nor the darkest ink's share (`share_step`), which it stays over."""
    if faint:
        return FAINT_JOIN * step
    under = max(INK_JOIN * floor, noise_step, share_step)
    return under if under < step else None
