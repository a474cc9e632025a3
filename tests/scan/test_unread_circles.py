"""A circle whose box reads crossed but whose ink spells no number its colour makes (a light
pencil's strokes that read as nothing, a number half lost) holds one of them all the same:
its trail's order chooses among them, and it is asked. Nor does it stop the circles after
it on its trail from being read: the rules found no number before them and ruled out every
one. The photo is hard-won's sheet written by hand (its trail R-C: a printed red 3, then
the circles R-C2, 7, and R-C3, 9); the reader is made to read no glyph in R-C2's ink."""

from __future__ import annotations

from pathlib import Path

import pytest

import printkit.scan.suggest
from printkit.scan.spelling import Guess
from tests.scan.photos import hard_won_photo, scanned_values


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> Path:
    return hard_won_photo(tmp_path_factory.mktemp("unread"))


def _spells_nothing(monkeypatch, names: list[str]) -> None:
    real = printkit.scan.suggest.read_values

    def read_values(found, rooms=None):  # type: ignore[no-untyped-def]
        return {name: [] if name in names else guesses
                for name, guesses in real(found, rooms).items()}

    monkeypatch.setattr(printkit.scan.suggest, "read_values", read_values)


def test_the_circle_after_a_crossed_circle_whose_ink_spells_nothing_is_read(
        photo, monkeypatch):
    assert scanned_values(photo)["R-C3"]["value"] == "9"
    _spells_nothing(monkeypatch, ["R-C2"])
    assert scanned_values(photo)["R-C3"]["value"] == "9"


def test_a_crossed_circle_whose_ink_spells_nothing_is_offered_its_trails_numbers_asked(
        photo, monkeypatch):
    _spells_nothing(monkeypatch, ["R-C2"])
    circle = scanned_values(photo)["R-C2"]
    # purple, after the printed 3 and before R-C3's 9: 4 to 8, each as likely by its ink
    offered = [c["value"] for c in circle["candidates"]]  # type: ignore[union-attr]
    assert not circle["sure"] and circle["value"] == offered[0]
    assert set(offered[:5]) == {"4", "5", "6", "7", "8"}


def _reads(monkeypatch, numbers: dict[str, dict[str, float]]) -> None:
    real = printkit.scan.suggest.read_values

    def read_values(found, rooms=None):  # type: ignore[no-untyped-def]
        read = real(found, rooms)
        for name, chances in numbers.items():
            read[name] = [Guess(text, chance) for text, chance in chances.items()]
        return read

    monkeypatch.setattr(printkit.scan.suggest, "read_values", read_values)


def test_a_circle_read_clearly_is_not_overruled_by_the_misread_circle_after_it(
        photo, monkeypatch):
    # R-C3's 9 misread as 6 (a 10 whose 1 joins its 0 reads so), an 11 hardly: R-C2's 7,
    # read clearly, is still what is suggested, asked (its 5 fits R-C3's 6, read so much
    # more surely, but the ink after it may not hold what is written at all); a reading
    # no reading of R-C3 fits stays ruled out
    _reads(monkeypatch, {"R-C2": {"7": 0.985, "5": 0.01, "12": 0.005},
                         "R-C3": {"6": 0.995, "11": 0.005}})
    circle = scanned_values(photo)["R-C2"]
    assert circle["value"] == "7" and not circle["sure"]
    assert "12" in [r["value"] for r in circle["ruled_out"]]  # type: ignore[union-attr]


def test_a_number_its_colour_cannot_make_read_clearly_is_the_players_to_answer_for(
        photo, monkeypatch):
    # a `1` written clearly in the purple R-C2 (purple numbers run from 2): the player's
    # mistake, not the camera's; no number of the trail's is offered in its place, so a
    # player who takes the list with Enter does not hide it from the referee
    _reads(monkeypatch, {"R-C2": {"1": 1.0}})
    circle = scanned_values(photo)["R-C2"]
    assert circle["value"] is None and not circle["sure"]
    assert [r["value"] for r in circle["ruled_out"]] == ["1"]  # type: ignore[union-attr]
    assert circle["candidates"] == []
