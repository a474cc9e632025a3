"""A light pencil's endgame attempt whose ink, as first read, reads only what the rules rule
out, while its faint strokes read what is written (issue 31; on generator 2's home-printed
tuning photo 2350007, hard-won's sheet, `round-1-fox`'s `R2 R6 Y4 Y2; flip R2` read
`R7 R4 Y1; flip R2` from its ink, a die lost, and nothing was offered; its faint strokes read
what is written among their first three). The faint strokes' readings, read in the room the
attempt's dice leave, are offered after the ink's, asked (`faint_after`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import printkit.scan.faint_after
import printkit.scan.suggest
from printkit.scan.spelling import Guess
from tests.scan.photos import hard_won_photo, scanned_values

WRITTEN = "R2 R6 Y4 Y2; flip R2"


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> Path:
    return hard_won_photo(tmp_path_factory.mktemp("faint-after-attempt"))


def _reads(monkeypatch, ink: dict[str, float], faint: dict[str, float]
           ) -> list[tuple[int, int, int] | None]:
    real = printkit.scan.suggest.read_values
    rooms: list[tuple[int, int, int] | None] = []

    def read_values(found, rooms=None):  # type: ignore[no-untyped-def]
        read = real(found, rooms)
        read["round-1-fox"] = [Guess(text, chance) for text, chance in ink.items()]
        return read

    def read_faint(found, name, room=None):  # type: ignore[no-untyped-def]
        if name != "round-1-fox":
            return []
        rooms.append(room)
        return [Guess(text, chance, faint=True) for text, chance in faint.items()]

    monkeypatch.setattr(printkit.scan.suggest, "read_values", read_values)
    monkeypatch.setattr(printkit.scan.faint_after, "read_faint", read_faint)
    return rooms


def test_an_attempt_whose_ink_the_rules_rule_out_is_offered_its_faint_strokes_asked(
        photo, monkeypatch):
    # a face of 7 is no die's: the ink's one reading is ruled out; the faint strokes read
    # what is written second, after a reading the rules rule out too
    rooms = _reads(monkeypatch, {"R7 R4 Y1; flip R2": 1.0},
                   {"R8 R6 Y4 Y2; flip R2": 0.5, WRITTEN: 0.3, "R2 R6 Y4 Y3; flip R2": 0.2})
    fox = scanned_values(photo)["round-1-fox"]
    assert fox["value"] == WRITTEN and not fox["sure"]
    assert "R7 R4 Y1; flip R2" in [r["value"] for r in fox["ruled_out"]]  # type: ignore[union-attr]
    # read in the room its dice leave (the red, blue and yellow dice owned), as its ink is
    assert rooms and all(room is not None for room in rooms)


def test_faint_strokes_reading_first_what_the_ink_reads_offer_nothing(photo, monkeypatch):
    _reads(monkeypatch, {"R7 R4 Y1; flip R2": 1.0}, {"R7 R4 Y1; flip R2": 0.6, WRITTEN: 0.4})
    fox = scanned_values(photo)["round-1-fox"]
    assert fox["value"] is None and fox["candidates"] == []


def test_an_attempt_whose_ink_the_rules_allow_is_read_as_before(photo, monkeypatch):
    _reads(monkeypatch, {WRITTEN: 0.9, "R7 R4 Y1; flip R2": 0.1}, {"R2 R6 Y4 Y3; flip R2": 0.9})
    fox = scanned_values(photo)["round-1-fox"]
    assert fox["value"] == WRITTEN
    assert "R2 R6 Y4 Y3; flip R2" not in \
        [c["value"] for c in fox["candidates"]]  # type: ignore[union-attr]
