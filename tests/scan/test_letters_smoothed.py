"""A reward box asked for its letter's ring by a light pencil page's smoothed pass alone,
where the photo as it is shows nothing in that ring (issue 29).

The page is the flattened photo of a hard-profile photo of generator 1 (a helper's own tuning
photo: seed 2987165, classic, super-hard, A4, English), as the reader flattened it, kept as a
JPEG (quality 85). It is read as light pencil. Its red and yellow reward boxes are empty (the
red one erased); the smoothed pass spreads their letter's and outline's printed edges a
little into the ring the letter leaves, over its fainter step, and asks them for it, leaning
marked (`letter_lean`), where the unsmoothed pass finds not a pixel of that ring darker than
`letters_step` of its step: they are read as the unsmoothed pass reads them
(`letters.smoothed_only`). The blue one, crossed, is asked by both passes: still asked.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from printkit.scan.field_read import FieldRead
from printkit.scan.letters import Letters, smoothed_only
from printkit.scan.params import DEFAULT
from tests.scan.photos import flat_fields

HERE = Path(__file__).resolve().parent.parent / "fixtures/scan/letters-smoothed"
#: the photo's own pixels a point of the sheet
SCALE = 3.142
P = DEFAULT.ink


@cache
def _read() -> dict[str, FieldRead]:
    return flat_fields(HERE / "hard-2987165-flat.jpg", ("classic", "super-hard", "a4", "en"), SCALE)


def test_empty_reward_boxes_asked_by_the_smoothed_pass_alone_are_read_empty():
    fields = _read()
    for name in ("die-R", "die-Y"):
        assert fields[name].light
        # asked on main, leaning marked (0.87)
        assert not fields[name].marked and not fields[name].uncertain
        assert fields[name].confidence < 0.99


def test_a_crossed_reward_box_both_passes_ask_is_still_asked_leaning_marked():
    blue = _read()["die-B"]
    assert blue.marked and blue.uncertain and blue.confidence == P.letter_lean


def _letters(asked: dict[str, float], unseen: set[str]) -> Letters:
    return Letters({}, asked, frozenset(unseen))


def test_only_a_box_the_photo_as_it_is_shows_nothing_in_is_read_as_before_it_was_asked():
    smoothed = _letters({"die-R": 0.0, "die-Y": 0.004}, set())
    unsmoothed = _letters({}, {"die-R", "die-Y"})
    shares = {"die-R": 0.002, "die-Y": 0.0}
    # the larger of the unsmoothed share and the smoothed one before it was asked
    assert smoothed_only(unsmoothed, smoothed, shares) == {"die-R": 0.002, "die-Y": 0.004}
    # a pixel of the ring over `letters_step` of the step unsmoothed: left asked
    assert smoothed_only(_letters({}, {"die-Y"}), smoothed, shares) == {"die-Y": 0.004}
    # asked by the unsmoothed pass too (never `unseen`): left asked
    assert smoothed_only(_letters({"die-R": 0.0, "die-Y": 0.0}, set()), smoothed, shares) == {}
    # not asked by the smoothed pass: nothing to undo
    assert smoothed_only(unsmoothed, _letters({}, set()), shares) == {}
