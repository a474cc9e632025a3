"""A reward box asked for its letter's ring by a light pencil page's smoothed pass alone,
where the photo as it is shows nothing in that ring (issue 29).

Two pages, each the flattened photo as the reader flattened it, kept as a JPEG:

- a hard-profile photo of generator 1 (a helper's own tuning photo: seed 2987165, classic,
  super-hard, A4, English; quality 85), read as light pencil, 47 boxes read marked: it shows
  its pen. Its red and yellow reward boxes are empty (the red one erased); the smoothed pass
  spreads their letter's and outline's printed edges a little into the ring the letter
  leaves, over its fainter step, and asks them for it, leaning marked (`letter_lean`), where
  the unsmoothed pass finds not a pixel of that ring darker than `letters_step` of its step:
  they are read as the unsmoothed pass reads them (`letters.smoothed_only`). The blue one,
  crossed, is asked by both passes: still asked.
- a light pencil photo of generator 2 (g2-dev-light 2500001: classic, super-hard, letter,
  English; quality 92, the least that keeps its yellow box's ring as the photo shows it),
  one box read marked: its pen is not found, and a box read empty there tells nothing
  (NO_EVIDENCE). Its empty yellow reward box is asked by the smoothed pass alone, its ring
  quiet unsmoothed, as the two marked reward boxes of the held-out g2-hard that branch
  `h29-hard-23` read empty at 0.5 were: it stays asked, leaning marked (that branch read it
  empty at 0.5, not asked).
"""

from __future__ import annotations

from pathlib import Path

from printkit.scan import ink
from printkit.scan.field_read import FieldRead
from printkit.scan.letters import Letters, kept_ask, smoothed_only
from printkit.scan.params import DEFAULT
from tests.scan.photos import flat_fields

HERE = Path(__file__).resolve().parent.parent / "fixtures/scan/letters-smoothed"
P = DEFAULT.ink


def _hard() -> dict[str, FieldRead]:
    # the photo's own pixels a point of the sheet: 3.142
    return flat_fields(HERE / "hard-2987165-flat.jpg", ("classic", "super-hard", "a4", "en"),
                       3.142)


def test_empty_reward_boxes_asked_by_the_smoothed_pass_alone_are_read_empty():
    fields = _hard()
    for name in ("die-R", "die-Y"):
        assert fields[name].light
        # asked on main, leaning marked (0.87)
        assert not fields[name].marked and not fields[name].uncertain
        assert fields[name].confidence < 0.99
    blue = fields["die-B"]
    # crossed, asked by both passes: still asked, leaning marked
    assert blue.marked and blue.uncertain and blue.confidence == P.letter_lean


def test_on_a_page_whose_pen_is_not_found_the_smoothed_pass_ask_stands():
    yellow = flat_fields(HERE / "light-2500001-flat.jpg",
                         ("classic", "super-hard", "letter", "en"), 0.9742)["die-Y"]
    assert yellow.light
    assert yellow.marked and yellow.uncertain and yellow.confidence == P.letter_lean


def _letters(asked: dict[str, float], unseen: set[str]) -> Letters:
    return Letters({}, asked, frozenset(unseen))


def test_only_a_box_the_photo_as_it_is_shows_nothing_in_is_read_as_before_it_was_asked():
    smoothed = _letters({"die-R": 0.0, "die-Y": 0.004}, set())
    unsmoothed = _letters({}, {"die-R", "die-Y"})
    shares = {"die-R": 0.002, "die-Y": 0.0}
    pen = P.least_marks
    # the larger of the unsmoothed share and the smoothed one before it was asked
    assert smoothed_only(unsmoothed, smoothed, shares, pen, P) == {"die-R": 0.002,
                                                                   "die-Y": 0.004}
    # a pixel of the ring over `letters_step` of the step unsmoothed: left asked
    assert smoothed_only(_letters({}, {"die-Y"}), smoothed, shares, pen, P) == {"die-Y": 0.004}
    # asked by the unsmoothed pass too (never `unseen`): left asked
    assert smoothed_only(_letters({"die-R": 0.0, "die-Y": 0.0}, set()), smoothed, shares,
                         pen, P) == {}
    # not asked by the smoothed pass: nothing to undo
    assert smoothed_only(unsmoothed, _letters({}, set()), shares, pen, P) == {}
    # a page read marked in fewer than `least_marks` boxes does not show its pen: left asked
    assert smoothed_only(unsmoothed, smoothed, shares, pen - 1, P) == {}


def test_a_reading_that_tells_nothing_keeps_the_ask():
    told = kept_ask(ink.Decision(False, 0.5, False, 0.0), P)
    assert told == ink.Decision(True, P.letter_lean, True, 0.0)
    assert kept_ask(ink.Decision(False, 0.55, False, 0.3), P) is None
    assert kept_ask(ink.Decision(True, 0.9, False, 2.0), P) is None
