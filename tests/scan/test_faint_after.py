"""A light pencil's circle whose ink, as first read, reads only a number the rules rule out,
while its faint strokes read another first (issue 31; on generator 2's light pencil tuning
photo 2500009, `F-D3`'s 11 read `1` surely from its ink, `11` first from its faint strokes:
nothing was offered). The faint strokes' readings are offered after the ink's, asked. The
photo is hard-won's sheet written by hand (its trail R-C: a printed red 3, then the circles
R-C2, 7, and R-C3, 9); the reader is made to read R-C2 as that light pencil's."""

from __future__ import annotations

from pathlib import Path

import pytest

import printkit.scan.faint_after
import printkit.scan.suggest
from printkit.scan.spelling import Guess
from tests.scan.photos import hard_won_photo, scanned_values


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> Path:
    return hard_won_photo(tmp_path_factory.mktemp("faint-after"))


def _reads(monkeypatch, ink: dict[str, float], faint: dict[str, float]) -> None:
    real = printkit.scan.suggest.read_values

    def read_values(found, rooms=None):  # type: ignore[no-untyped-def]
        read = real(found, rooms)
        read["R-C2"] = [Guess(text, chance) for text, chance in ink.items()]
        return read

    def read_faint(found, name, room=None):  # type: ignore[no-untyped-def]
        return [Guess(text, chance, faint=True) for text, chance in faint.items()] \
            if name == "R-C2" else []

    monkeypatch.setattr(printkit.scan.suggest, "read_values", read_values)
    monkeypatch.setattr(printkit.scan.faint_after, "read_faint", read_faint)


def test_a_circle_whose_ink_the_rules_rule_out_is_offered_its_faint_strokes_asked(
        photo, monkeypatch):
    # purple numbers run from 2: the ink's `1` is ruled out; the faint strokes read 7 first
    _reads(monkeypatch, {"1": 1.0}, {"7": 0.5, "1": 0.3, "12": 0.2})
    circle = scanned_values(photo)["R-C2"]
    assert circle["value"] == "7" and not circle["sure"]
    assert next(r["value"] for r in circle["ruled_out"]) == "1"  # type: ignore[union-attr]
    # 12 does not fit before R-C3's 9
    assert [c["value"] for c in circle["candidates"]] == ["7"]  # type: ignore[union-attr]


def test_faint_strokes_reading_first_what_the_ink_reads_offer_nothing(photo, monkeypatch):
    # a `1` the faint strokes read first too is the player's to answer for, as on any page
    _reads(monkeypatch, {"1": 1.0}, {"1": 0.6, "7": 0.4})
    circle = scanned_values(photo)["R-C2"]
    assert circle["value"] is None and circle["candidates"] == []


def test_a_circle_whose_ink_the_rules_allow_is_read_as_before(photo, monkeypatch):
    _reads(monkeypatch, {"7": 0.9, "1": 0.1}, {"5": 0.9})
    circle = scanned_values(photo)["R-C2"]
    assert circle["value"] == "7"
    assert "5" not in [c["value"] for c in circle["candidates"]]  # type: ignore[union-attr]
