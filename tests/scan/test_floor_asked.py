"""A box read empty telling nothing is asked (issue 29): on a light pencil page that shows
its pen, and on a page that does not, unless the rules say it is empty (the last two tests).

The page is the flattened photo of an ordinary-profile photo of generator 2 (a helper's own
tuning photo: seed 2985227, classic, super-hard, letter, French), as the reader flattened it,
kept as a JPEG (quality 90). It is read as light pencil (a ballpoint's thin line is as faint in
grey) and shows its pen in 47 boxes. Its ticked blue reward box `die-B` holds no ink pixel
outside its letter: its margin, the decision point over the page's spread of empty boxes
(0.021, a noisy light page's), taken in proportion to its room (a third of it: the letter is
the rest), is 0.45, and the calibrated logistic gives it its floor, 0.5 (NO_EVIDENCE). On
main it was read empty at 0.5 and not asked: the player's list left it out. It is now asked,
leaning empty (`floor_lean`); the page's empty boxes read at 0.6-0.72 are not.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from printkit.games.fox_rabbit.evidence import NO_EVIDENCE
from printkit.scan.field_read import FieldRead
from tests.scan.photos import flat_fields

PAGE = Path(__file__).resolve().parent.parent / "fixtures/scan/floor-asked" \
    / "ordinary-2985227-flat.jpg"
SHEET = ("classic", "super-hard", "letter", "fr")
PHOTO_SCALE = 3.83   # the photo's own pixels a point of the sheet


@cache
def _read() -> dict[str, FieldRead]:
    return flat_fields(PAGE, SHEET, PHOTO_SCALE, warm=True)


def test_a_ticked_reward_box_read_empty_telling_nothing_is_asked_leaning_empty():
    die = _read()["die-B"]
    assert die.light and not die.marked
    assert die.uncertain and die.confidence > NO_EVIDENCE


def test_the_boxes_read_empty_with_some_evidence_are_not_asked():
    fields = _read()
    for name in ("date", "R-carrot", "F-apple", "flip-3", "re-roll-3", "title-1"):
        assert not fields[name].marked and not fields[name].uncertain
        assert NO_EVIDENCE < fields[name].confidence < 0.9
    assert [name for name, f in fields.items()
            if not f.uncertain and f.confidence <= NO_EVIDENCE] == []


# On a page that does not show its pen (a light pencil the camera nearly lost: fewer than
# `least_marks` boxes read marked), a box read empty telling nothing is asked too, unless the
# rules say it is empty (`rules_lean.leans`); main left every such box unasked there. The
# page: the tests' faint pencil (20 % dark, half its pixels left by the paper's grain) over
# the boxes of test_field_reading's FIRM, four foods eaten among them and no reward taken.
FOODS = ["F-carrot", "R-carrot", "F-lettuce", "R-lettuce"]


def _faint_page(names: list[str]) -> dict[str, FieldRead]:
    from tests.scan.test_field_reading import _camera, _faint_pencil, _read

    return _read(_camera(_faint_pencil(names, 0.2, 0.5), noise=3.0))


def test_a_reward_box_the_photo_tells_nothing_of_is_asked_where_foods_eaten_call_for_it():
    from tests.scan.test_field_reading import FIRM

    fields = _faint_page(FIRM)
    # four foods eaten, no reward read: the rules say rewards were taken, so the reward
    # boxes the photo tells nothing of are asked, leaning empty as the photo reads them
    for name in ("die-R", "die-B"):
        assert fields[name].light and not fields[name].marked
        assert fields[name].uncertain and fields[name].confidence > NO_EVIDENCE


def test_a_reward_box_the_rules_say_is_empty_is_not_asked():
    from tests.scan.test_field_reading import FIRM

    # no food eaten: no reward either, by the rules; the boxes stay read empty, unasked
    fields = _faint_page([name for name in FIRM if name not in FOODS])
    for name in ("die-R", "die-B"):
        assert not fields[name].marked and not fields[name].uncertain


# The traps: the farmer sets one per turn of the animals, so of the traps the photo tells
# nothing of, the next one after the last trap read crossed is the one the game may have
# reached (on tuning, 10 of 15 such traps were crossed): it is asked, leaning empty as the
# photo reads it. One further on would need the trap before it lost too (8 of 20 crossed):
# not asked. With no trap read crossed no trap is so asked: nothing places the farmer's
# trail (test_field_reading's blank sheets with one box marked read an empty trap-1 at 0.5,
# and say no box but theirs is asked).
TRAPS = [f"trap-{k}" for k in range(1, 16)]


def test_the_next_trap_after_the_last_read_crossed_is_asked_when_the_photo_tells_nothing():
    from tests.scan.test_field_reading import FIRM

    fields = _faint_page(FIRM)   # traps 1-5 crossed
    nxt = fields["trap-6"]
    assert nxt.light and not nxt.marked
    assert nxt.uncertain and nxt.confidence > NO_EVIDENCE
    assert [name for name in TRAPS[6:] if fields[name].marked or fields[name].uncertain] == []
