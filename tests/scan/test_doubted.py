"""A light pencil's number whose faint strokes read another value nearly as surely as its ink
does (issue 31; on generator 2's light pencil tuning photo light-2985560, `F-C3`'s 13 read
`1` from its ink at 0.85, `13` from its faint strokes at 0.99, neither `FAINT_BETTER` times
surer per glyph: the ink's readings stood, doubted, and the faint strokes' `13` was dropped;
the rules ruled the `1` out and offered an 8 the ink read at 0.03). The faint strokes'
readings are kept after the ink's (`doubted.both`), every one doubted; a reading the faint
strokes alone make does not make a score the rules decide sure. The field's two readings
are made up (`writing._spell`), on a page read in light pencil."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.narrowed import Narrowed, Reading
from printkit.scan import writing
from printkit.scan.doubted import FAINT_SHARE
from printkit.scan.field_read import FieldRead
from printkit.scan.layout import Box
from printkit.scan.spelling import Guess
from printkit.scan.suggest import _suggestion


@dataclass
class _Found:
    fields: dict[str, FieldRead] = field(default_factory=dict)


def _read(monkeypatch: pytest.MonkeyPatch, kind: sf.FieldKind,
          ink: dict[str, float], faint: dict[str, float]) -> list[Guess]:
    found: Any = _Found({"F": FieldRead("F", kind, True, 0.9, True, 0.03, Box(0, 0, 1, 1),
                                        light=True)})

    def spell(known, name, is_faint, fits=None, beam=0):  # type: ignore[no-untyped-def]
        read = faint if is_faint else ink
        return [Guess(t, c, per_glyph=c) for t, c in read.items()]

    monkeypatch.setattr(writing, "_spell", spell)
    return writing.read_field(found, "F")


def test_a_numbers_faint_strokes_read_nearly_as_surely_are_kept_after_its_ink(monkeypatch):
    read = _read(monkeypatch, sf.CIRCLE, {"1": 0.85, "5": 0.05, "8": 0.03}, {"13": 0.99})
    assert [g.text for g in read] == ["1", "13", "5", "8"]
    assert all(g.doubted for g in read)
    thirteen = read[1]
    assert thirteen.faint and thirteen.chance == pytest.approx(FAINT_SHARE * 0.99)


def test_a_number_both_inks_read_adds_their_chances(monkeypatch):
    # an 11 the ink reads second (after 21) and the faint strokes first
    read = _read(monkeypatch, sf.CIRCLE, {"21": 0.36, "11": 0.27}, {"11": 0.33, "4": 0.28})
    assert [g.text for g in read][:2] == ["11", "21"]
    assert not read[0].faint and read[0].doubted


def test_the_inks_likeliest_reading_stays_first(monkeypatch):
    read = _read(monkeypatch, sf.SCORE_PART, {"9": 0.6, "7": 0.1}, {"4": 0.9})
    assert read[0].text == "9" and read[0].doubted


def test_an_attempts_faint_strokes_are_dropped_as_before(monkeypatch):
    read = _read(monkeypatch, sf.ATTEMPT, {"R2 Y5": 0.5}, {"R2 Y3": 0.6})
    assert [g.text for g in read] == ["R2 Y5"] and read[0].doubted


def test_a_score_the_rules_decide_is_not_made_sure_by_a_faint_reading_alone():
    # a total the rules make 14, its ink read `15` and `11` (doubted), `14` only by its faint
    # strokes: the claim is not checked, the total is asked (as it was before both readings
    # were kept)
    found: Any = _Found({"score": FieldRead("score", sf.SCORE_TOTAL, True, 0.9, False, 0.03,
                                            Box(0, 0, 1, 1), light=True)})
    ink = [Guess("15", 0.6, doubted=True), Guess("14", 0.3, doubted=True, faint=True),
           Guess("11", 0.1, doubted=True)]
    n = Narrowed("score", (Reading("14", 1.0),), sure=True, decided="14")
    assert not _suggestion(found, n, ink).sure
    ink_read = [Guess("15", 0.6, doubted=True), Guess("14", 0.3, doubted=True)]
    assert _suggestion(found, n, ink_read).sure
