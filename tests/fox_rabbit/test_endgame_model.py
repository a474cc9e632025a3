"""The endgame's rules core, asked by every face of the game: whose attempt is next, what an
escape attempt's aids cost, how the farmer plays, and a game in progress never illegal."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path

import pytest

from printkit.games.fox_rabbit.dice import parse_dice
from printkit.games.fox_rabbit.endgame import (
    NextAttempt,
    farmer_play,
    next_attempt,
    paid_circles,
)
from printkit.games.fox_rabbit.engine import FLIP, PLUS_MINUS, REROLL, AidUse
from printkit.games.fox_rabbit.players.game import play
from printkit.games.fox_rabbit.position import escape_try, position
from printkit.games.fox_rabbit.reader import read_run
from printkit.games.fox_rabbit.record import from_data
from printkit.games.fox_rabbit.rulings import Problem, Rule
from printkit.games.fox_rabbit.run import Attempt
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.validate import validate_run

ROOT = Path(__file__).parent.parent.parent
MAP = load_map("classic")


def attempt(rnd: int, animal: int, outcome: bool) -> Attempt:
    return Attempt(rnd, animal, parse_dice("R1"), (), outcome)


def test_next_attempt_follows_the_rounds_of_ruling_17():
    assert next_attempt((), ()) == NextAttempt(1, False, 0)
    fox_out = (attempt(1, 0, True),)
    assert next_attempt(fox_out, ()) == NextAttempt(1, False, 1)
    # the rabbit fails: the farmer tries the rabbit's trap (the fox escaped)
    both = (*fox_out, attempt(1, 1, False))
    assert next_attempt(both, ()) == NextAttempt(1, True, 1)
    # the farmer misses: round 2, the rabbit again
    assert next_attempt(both, (attempt(1, 1, False),)) == NextAttempt(2, False, 1)
    # he catches it: the game is over
    assert next_attempt(both, (attempt(1, 1, True),)) is None


def test_paid_circles_lets_one_aid_of_each_attempt_go_free():
    assert paid_circles([], [0, 0, 0]) == (0, 0, 0)
    assert paid_circles([[FLIP]], [0, 0, 0]) == (0, 0, 0)          # the free aid
    assert paid_circles([[FLIP, FLIP]], [0, 1, 0]) == (0, 1, 0)
    assert paid_circles([[FLIP, FLIP]], [0, 0, 0]) is None
    # the free aid is the one whose track cannot pay
    assert paid_circles([[PLUS_MINUS, REROLL]], [1, 0, 0]) == (1, 0, 0)
    assert paid_circles([[PLUS_MINUS, REROLL]], [0, 0, 0]) is None


def test_paid_circles_chooses_the_free_aids_over_the_whole_endgame():
    """Hard mode, one +/-1 and one flip circle left at the endgame: the fox uses +1 and flip,
    the rabbit two flips. Only the fox's flip going free pays for both attempts; the fox's
    attempt alone does not tell which of its aids it is."""
    fox, rabbit = [PLUS_MINUS, FLIP], [FLIP, FLIP]
    assert sum(paid_circles([fox], [1, 1, 0]) or ()) == 1
    assert paid_circles([fox, rabbit], [1, 1, 0]) == (1, 1, 0)
    assert paid_circles([fox, rabbit, [FLIP]], [1, 1, 0]) == (1, 1, 0)   # its own free aid
    assert paid_circles([fox, rabbit, [FLIP, FLIP]], [1, 1, 0]) is None


def test_farmer_play_waits_for_a_re_roll_s_faces_and_goes_on_with_them():
    trap = MAP.farmer.trap("fox")
    roll = parse_dice("R1 B1 B1 Y1 Y1")     # nowhere near 13-14 with two aids
    waiting = farmer_play(roll, trap.requirement, (0, 0, 1), None, lambda dice: None)
    assert waiting.waiting and not waiting.caught
    assert [a.aid for a in waiting.aids] == []
    new = parse_dice("R1 B6 B1 Y1 Y6")      # blue 6 + yellow 6 + yellow 1 = 13
    done = farmer_play(roll, trap.requirement, (0, 0, 1), None, lambda dice: new)
    assert done.caught and not done.waiting
    assert [str(a) for a in done.aids] == ["re-roll R1 B1 B1 Y1 Y1 -> R1 B6 B1 Y1 Y6"]
    assert done.boxes_left == (0, 0, 0)


@pytest.mark.parametrize("mode", ["easy", "hard", "super-hard"])
def test_the_simulator_s_farmer_is_the_core_s_farmer(mode):
    """Each trigger attempt a simulated game records is what `farmer_play` makes of its roll
    and its re-rolls' faces: one function plays the farmer for the simulator and the page."""
    per = MAP.modes[mode].farmer_aids_per_attempt
    seen = 0
    for seed, strategy in [(s, p) for s in range(1, 301) for p in ("careful", "random")]:
        record = play(MAP, mode, random.Random(seed), strategy).record
        boxes = {"fox": [1, 1, 1], "rabbit": [1, 1, 1]}
        for entry in record["trigger_attempts"]:
            faces = iter([AidUse.parse(a).result for a in entry["aids"]
                          if a.startswith("re-roll")])
            trap = MAP.farmer.trap(entry["animal"])
            played = farmer_play(parse_dice(" ".join(entry["roll"])), trap.requirement,
                                 boxes[entry["animal"]], per,
                                 lambda dice, faces=faces: next(faces, None))
            assert [str(a) for a in played.aids] == entry["aids"]
            assert played.caught == entry["triggered"]
            boxes[entry["animal"]] = list(played.boxes_left)
            seen += 1
    assert seen > 10


def test_escape_try_answers_a_problem_or_the_attempt():
    run = read_run((ROOT / "examples/fox-and-rabbit/easy-won.yaml").read_text())
    cut = read_run_without_attempts(run)
    pos = position(cut)
    assert pos.stage == "attempt" and pos.next == NextAttempt(1, False, 0)
    assert pos.dice == (2, 2, 2) and pos.may_begin
    tried = escape_try(pos, 0, parse_dice("R2 Y5 Y3"), [])
    assert not isinstance(tried, Problem) and tried.escaped and tried.options == ()
    too_many = escape_try(pos, 0, parse_dice("R1 R2 R3"), [])
    assert isinstance(too_many, Problem) and too_many.rule is Rule.ESCAPE
    assert too_many.text.startswith("3 red dice rolled; the player has 2")
    short = escape_try(pos, 1, parse_dice("R2 R4 B5 B5"), [])
    assert not isinstance(short, Problem) and not short.escaped
    assert "-1 R2" in [str(o) for o in short.options] and short.reroll_open


def read_run_without_attempts(run):
    from printkit.games.fox_rabbit.record_text import run_data

    data = run_data(run)
    data.update(escape_attempts=[], trigger_attempts=[], claimed={"achievements": []})
    return from_data(data)


def _cut(record: dict, keep: int, sheet_only: bool) -> dict:
    """Return a legal game's record cut after `keep` endgame attempts: the later attempts not
    made, nor the circles they paid for, no score claimed."""
    order = sorted([(e["round"], False, e["animal"] == "rabbit", e) for e in
                    record["escape_attempts"]] +
                   [(e["round"], True, e["animal"] == "rabbit", e) for e in
                    record["trigger_attempts"]], key=lambda x: x[:3])
    out = copy.deepcopy(record)
    kept = order[:keep]
    out["escape_attempts"] = [x[3] for x in kept if not x[1]]
    out["trigger_attempts"] = [x[3] for x in kept if x[1]]
    spent = dict(out["aids_spent"])
    tracks = {"+": "plus-minus", "-": "plus-minus", "f": "flip", "r": "re-roll"}
    for _r, farmer, _a, e in order[keep:]:
        if farmer or not e["aids"]:
            continue
        uses = [tracks[a[0]] for a in e["aids"]]
        # the free aid is one whose track the game could not otherwise have paid
        free = next(u for u in sorted(set(uses), key=lambda u: spent[u])
                    if all(spent[t] >= uses.count(t) - (t == u) for t in set(uses)))
        for t in set(uses):
            spent[t] -= uses.count(t) - (t == free)
    out["aids_spent"] = spent
    out["claimed"] = {"achievements": []}
    if sheet_only:
        out.pop("turns", None)
    return out


@pytest.mark.parametrize("mode", ["easy", "hard", "super-hard"])
def test_a_legal_game_cut_between_endgame_attempts_is_in_progress_not_illegal(mode):
    cuts = farmer_cuts = 0
    for seed, strategy in [(s, "greedy") for s in range(1, 31)] + \
            [(s, "careful") for s in range(1, 121)]:
        record = play(MAP, mode, random.Random(seed), strategy).record
        if strategy == "careful" and not record["trigger_attempts"]:
            continue
        attempts = len(record["escape_attempts"]) + len(record["trigger_attempts"])
        for keep in range(attempts):
            for sheet_only in (False, True):
                report = validate_run(from_data(_cut(record, keep, sheet_only)))
                assert report.violations and not report.finished, (seed, keep)
                assert report.broken == [], (seed, keep, [str(v) for v in report.broken])
                cuts += 1
                farmer_cuts += strategy == "careful"
        whole = validate_run(from_data({**record, "claimed": {"achievements": []}}))
        assert whole.legal and whole.finished
    assert cuts > 60 and farmer_cuts > 10


def test_an_unfinished_record_says_so_rather_than_illegal():
    run = read_run((ROOT / "examples/fox-and-rabbit/easy-won.yaml").read_text())
    report = validate_run(read_run_without_attempts(run))
    text = report.text()
    assert "unfinished run: no rule broken, but the game is not over" in text
    assert "illegal run" not in text
    answer = report.as_dict()
    assert answer["legal"] is False and answer["finished"] is False
    assert [v["not_finished"] for v in answer["violations"]] == [True]


def test_dice_are_read_only_through_the_dice_module():
    """`colour_of(die)`, never `die // 10`: the encoding of a die is the dice module's."""
    offenders = []
    for path in sorted((ROOT / "printkit").rglob("*.py")):
        if path.name == "dice.py":
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"(//|%)\s*10\b", line):
                offenders.append(f"{path.relative_to(ROOT)}:{no}: {line.strip()}")
    assert offenders == []


def test_the_guided_endgame_pays_a_later_attempt_with_an_earlier_one_s_free_aid():
    """The page records each attempt's circles; when a later attempt needs the earlier one's
    free aid to be of another track, the circles are crossed over again (simulated game:
    hard mode, careful player, seed 89)."""
    from printkit.web import endgame as guide
    from printkit.web.referee import check, page_values

    whole = play(MAP, "hard", random.Random(89), "careful").record
    fox, rabbit = whole["escape_attempts"]
    assert (fox["aids"], rabbit["aids"]) == (["+1 R2", "flip Y2"], ["flip R1", "flip R1"])
    turns = whole["turns"]
    start = from_data({**whole, "aids_spent": {"plus-minus": 2, "flip": 1, "re-roll": 2},
                       "escape_attempts": [], "trigger_attempts": [],
                       "claimed": {"achievements": []}})
    values = page_values(start)
    for attempt in (fox, rabbit):
        answer = guide.escape(MAP, "hard", values, turns, " ".join(attempt["roll"]),
                              attempt["aids"])
        assert answer["ok"], answer
        values.update(answer["record"])
        values = {k: v for k, v in values.items() if v}
    crossed = {track: sum(1 for i in range(1, 5) if values.get(f"{track}-{i}"))
               for track in ("plus-minus", "flip")}
    assert crossed == {"plus-minus": 3, "flip": 2}
    report = check(MAP, "hard", values, turns)["report"]
    assert report["legal"], report["violations"]
