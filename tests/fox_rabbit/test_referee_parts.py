"""The referee's parts on their own: checks answer `Problem | None` and leave their arguments
alone, dice codes are read through their accessors, and a turn whose cells are listed out of
order is one mistake, replayed as the player meant it."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.games.fox_rabbit.dice import (
    FACES,
    PRIMARY_LETTERS,
    Requirement,
    code_of,
    code_text,
    colour_of,
    die_code,
    face_of,
    with_face,
)
from printkit.games.fox_rabbit.engine import AidUse, Game, escape_problem_dice, missing_die
from printkit.games.fox_rabbit.moves import Turn
from printkit.games.fox_rabbit.rulings import Problem, Rule
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.validate import validate_text

ROOT = Path(__file__).parent.parent.parent
EXAMPLE = (ROOT / "examples/fox-and-rabbit/easy-won.yaml").read_text()
MAP = load_map("classic")


@pytest.mark.parametrize("letter", PRIMARY_LETTERS)
@pytest.mark.parametrize("face", FACES)
def test_a_die_code_says_its_colour_and_face(letter, face):
    code = die_code(f"{letter}{face}")
    assert PRIMARY_LETTERS[colour_of(code)] == letter and face_of(code) == face
    assert code_of(colour_of(code), face_of(code)) == code
    assert code_text(with_face(code, 7 - face)) == f"{letter}{7 - face}"


@pytest.mark.parametrize("aid, dice, says", [
    ("+1 B4", "R2 B4 Y5", None),
    ("flip Y5", "R2 B4 Y5", None),
    ("re-roll R2 B4 -> R6 B1", "R2 B4 Y5", None),
    ("+1 B6", "R2 B6 Y5", "+1 B6 would leave the die showing 7; +/-1 stays within 1-6"),
    ("flip R3", "R2 B4 Y5", "flip R3: there is no R3 among the dice (R2 B4 Y5)"),
    ("re-roll R2 -> B2", "R2 B4 Y5", "re-roll R2 -> B2: a re-rolled die keeps its colour"),
])
def test_an_aid_check_answers_a_problem_or_none_and_leaves_the_dice_alone(aid, dice, says):
    use = AidUse.parse(aid)
    rolled = [die_code(d) for d in dice.split()]
    before = list(rolled)
    problem = use.problem(rolled)
    assert rolled == before
    if says is None:
        assert problem is None
        after = use.applied(rolled)
        assert rolled == before
        assert sorted(after) == sorted([d for d in before if d not in use.dice]
                                       + list(use.result))
    else:
        assert problem == Problem(Rule.AIDS, says)


def test_the_escape_dice_check_answers_a_problem_or_none():
    g = Game(MAP, "easy")
    dice = g.dice
    fine = tuple(code_of(c, 3) for c in range(3) for _ in range(dice[c]))
    assert escape_problem_dice(g.dice, fine, 0) is None
    too_many = fine + (code_of(0, 5),) * 2
    problem = escape_problem_dice(g.dice, too_many, 1)
    assert problem is not None and problem.rule is Rule.ESCAPE
    assert problem.text.endswith("; the rabbit rolls some of the player's dice")
    assert escape_problem_dice(g.dice, (), 0) == Problem(
        Rule.ESCAPE, "no dice rolled; the fox rolls some of the player's dice")


def test_missing_die_and_explain_say_none_when_nothing_is_wrong():
    free = [die_code("R2"), die_code("B4")]
    assert missing_die(free, (die_code("B4"),)) is None
    assert missing_die(free, (die_code("B4"), die_code("B4"))) == die_code("B4")
    assert free == [die_code("R2"), die_code("B4")]
    req = Requirement.parse("green 7/8 total at most 12")
    assert req.explain((die_code("B3"), die_code("Y4"))) is None
    assert req.explain((die_code("B6"), die_code("Y6"), die_code("R1"))) == \
        "all dice rolled total 13, more than 12"


def test_cells_of_one_trail_listed_out_of_order_are_replayed_in_the_trails_order():
    turn = Turn.parse("R4 B6 Y3; F-B4=10 R4 B6; R-A1 Y3; F-B3 Y3")
    assert [mv.cell for mv in turn.meant] == ["F-B3", "R-A1", "F-B4"]
    # another trail's cells keep their places: the end of a trail, then a tunnel's first cell
    tunnel = Turn.parse("R5 B1 Y4; F-D1 Y4; F-B5 R5 B1 eats apple, takes red die")
    assert tunnel.meant is tunnel.moves


def test_a_turn_listing_f_b4_before_f_b3_is_one_mistake():
    line = "  - R4 B6 Y3; F-B3 Y3; F-B4=10 R4 B6\n"
    assert line in EXAMPLE
    report = validate_text(EXAMPLE.replace(line, "  - R4 B6 Y3; F-B4=10 R4 B6; F-B3 Y3\n"))
    assert [str(v) for v in report.violations] == [
        "turn 6: F-B4 crossed before F-B3; cells are crossed in order (clarification 2)"]
    assert report.violations[0].fields == ("F-B4", "F-B3")
    # the rest of the game is judged as played: the score is the legal run's
    assert (report.score, report.escaped) == (validate_text(EXAMPLE).score, ["fox", "rabbit"])
