"""An endgame attempt read from a light pencil's faint strokes keeps a die's digit fainter
than the strokes beside it (`ink_join.ATTEMPT_FAINT_JOIN`): g2-tune-ordinary 2150006's fox
trap (`R4 B1 B1 Y1 Y4; +1 B1; girar B1`), the 1 of its `Y1` a light stroke at the first
line's end, kept as a circle's fainter 0 is (docs/scan-measurement.md, "An endgame
attempt's faint die beside a kept one")."""

from __future__ import annotations

import cv2
import pytest

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.scan import edge, faint_values, ink_join, strokes
from printkit.scan.glyphs import model
from printkit.scan.layout import Box
from printkit.scan.spelling import spell
from printkit.scan.writing import aid_words
from tests.scan.attempt_crops import CROPS, SCALE


def _faint_readings(join: bool, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Return the readings (no rules) of the fox trap's crop read as `ink_of` reads a light
    pencil's faint strokes, its fainter strokes kept beside (`join`) or not."""
    monkeypatch.setattr(ink_join, "ATTEMPT_FAINT_JOIN", join)
    photo = cv2.imread(str(CROPS / "faint-die-photo.png"), cv2.IMREAD_GRAYSCALE)
    blank = cv2.imread(str(CROPS / "faint-die-blank.png"), cv2.IMREAD_GRAYSCALE)
    margin, reach = strokes.MARGIN, round(edge.REACH * SCALE) / SCALE
    w, h = blank.shape[1] / SCALE - 2 * margin, blank.shape[0] / SCALE - 2 * margin
    ink = faint_values.ink_of(photo, blank, Box(margin, margin, w, h),
                              Box(margin + reach, margin + reach, w, h), sf.ATTEMPT, SCALE,
                              faint=True)
    return [g.text for g in spell(ink, model(), "attempt", aid_words("es"))]


def test_a_dies_faint_digit_beside_its_letter_is_kept(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    read = _faint_readings(True, monkeypatch)
    # the five dice as written first (its `+1 B1` aid, a small `+`, is not read either way)
    assert read[0].startswith("R4 B1 B1 Y1 Y4; ")


def test_without_the_fainter_strokes_the_die_is_lost(monkeypatch: pytest.MonkeyPatch
                                                     ) -> None:
    read = _faint_readings(False, monkeypatch)
    assert not any(t.startswith("R4 B1 B1 Y1 Y4") for t in read[:3])
