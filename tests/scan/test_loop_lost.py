"""A light pencil's 9 whose loop's top is fainter than the page's faint step: the strokes
kept spell a 4 (issue 31; on generator 2's light pencil tuning photos, light-2985100's
`R-C3` 9 read `4` at 0.986 from its faint strokes, the rules' 4 ruled out, `11` offered).
The photo is hard-won's sheet written by hand (its trail R-C: a printed red 3, then the
circles R-C2, 7, and R-C3, 9); the reader is made to read R-C3 as that light pencil's."""

from __future__ import annotations

from pathlib import Path

import pytest

import printkit.scan.suggest
from printkit.scan.spelling import Guess
from tests.scan.photos import hard_won_photo, scanned_values


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> Path:
    return hard_won_photo(tmp_path_factory.mktemp("loop-lost"))


def _reads(monkeypatch, name: str, chances: dict[str, float], **how: bool) -> None:
    real = printkit.scan.suggest.read_values

    def read_values(found, rooms=None):  # type: ignore[no-untyped-def]
        read = real(found, rooms)
        read[name] = [Guess(text, chance, **how) for text, chance in chances.items()]
        return read

    monkeypatch.setattr(printkit.scan.suggest, "read_values", read_values)


@pytest.mark.parametrize("how", [{"faint": True}, {"doubted": True}])
def test_a_faint_4_the_rules_rule_out_is_offered_as_9(photo, monkeypatch,
                                                      how: dict[str, bool]) -> None:
    # R-C3 after R-C2's 7: its 4 is ruled out. Read from a light pencil's faint strokes (or
    # doubted by them), a 4 may be a 9 whose loop's top was lost: 9 is suggested, asked
    _reads(monkeypatch, "R-C3", {"4": 0.986, "11": 0.003, "1": 0.002}, **how)
    circle = scanned_values(photo)["R-C3"]
    assert circle["value"] == "9" and not circle["sure"]


def test_a_faint_4_the_rules_allow_stays_first(photo, monkeypatch) -> None:
    # R-C2 after the printed 3: its 4 fits, and stays the reading suggested (asked)
    _reads(monkeypatch, "R-C2", {"4": 0.9, "7": 0.05, "1": 0.05}, faint=True)
    circle = scanned_values(photo)["R-C2"]
    assert circle["value"] == "4" and not circle["sure"]


def test_a_4_read_surely_in_a_plain_pencil_is_not_offered_as_9(photo, monkeypatch) -> None:
    # ink read as first read (not faint, not doubted) reads 4: no 9 is made of it
    _reads(monkeypatch, "R-C3", {"4": 0.986, "11": 0.014})
    circle = scanned_values(photo)["R-C3"]
    assert circle["value"] != "9"
