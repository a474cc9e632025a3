"""Property tests (seeded, so every run checks the same games).

Games played by the random and greedy players on the engine always validate; a single change
to a legal record is caught by the validator, or shown harmless by a reason of its own.
"""

import random

import pytest

from printkit.games.fox_rabbit.dice import die_code
from printkit.games.fox_rabbit.players import play
from printkit.games.fox_rabbit.record import quick_form, to_run
from printkit.games.fox_rabbit.record_model import RunRecord
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.validate import validate_run

MAP = load_map("classic")
MODES = ("easy", "hard", "super-hard")


def check(record: dict):
    """Return the report on a record given as data, read by both ways (they must agree)."""
    assert quick_form(record)
    RunRecord.model_validate(record)
    return validate_run(to_run(record))


@pytest.mark.parametrize("strategy", ["random", "greedy"])
@pytest.mark.parametrize("mode", MODES)
def test_played_games_always_validate(mode, strategy):
    rng = random.Random(f"{mode}-{strategy}")
    for _ in range(40 if strategy == "random" else 10):
        game = play(MAP, mode, rng, strategy)
        report = check(game.record)
        assert report.legal, report.text()
        assert report.score == game.score
        sheet_only = dict(game.record)
        sheet_only.pop("turns")
        assert check(sheet_only).legal


def _games(n, seed):
    rng = random.Random(seed)
    return [play(MAP, MODES[i % 3], rng, "greedy" if i % 2 else "random") for i in range(n)]


def test_changing_a_rolled_die_is_caught_unless_the_die_was_spare():
    rng = random.Random(5)
    for game in _games(30, 1):
        rec = game.record
        turns = rec["turns"]
        i = rng.randrange(len(turns))
        roll, _, rest = turns[i].partition(";")
        dice = roll.split()
        j = rng.randrange(len(dice))
        old = dice[j]
        new = old[0] + str(rng.choice([v for v in range(1, 7) if str(v) != old[1]]))
        dice[j] = new
        changed = dict(rec, turns=turns[:i] + [" ".join(dice) + (";" + rest if rest else "")] + turns[i + 1:])
        report = check(changed)
        # a die is spare when the turn's aids and cells use fewer of its face than were rolled
        used = [w for w in rest.replace(";", " ").replace(",", " ").split() if len(w) == 2 and w[0] in "RBY"]
        needed = used.count(old) >= roll.split().count(old) or "re-roll" in rest
        if report.legal:
            assert not needed, (turns[i], new)
        else:
            assert any(v.rule in ("ruling 5", "ruling 6", "ruling 4") for v in report.violations)


def test_changing_a_crossed_cell_is_caught_with_a_turn_log():
    rng = random.Random(6)
    for game in _games(30, 2):
        rec = dict(game.record)
        crossed = list(rec["crossed"])
        if crossed and rng.random() < 0.5:
            crossed.pop(rng.randrange(len(crossed)))
        else:
            crossed.append(rng.choice([c for c in MAP.cells if c not in crossed]))
        report = check(dict(rec, crossed=crossed))
        assert any(v.rule == "record" for v in report.violations), report.text()


def test_claiming_an_unearned_achievement_is_caught_and_dropping_one_is_harmless():
    rng = random.Random(7)
    for game in _games(30, 3):
        rec = game.record
        claimed = dict(rec["claimed"])
        earned = claimed["achievements"]
        others = [a.id for a in MAP.scoring.achievements if a.id not in earned]
        extra = rng.choice(others)
        report = check(dict(rec, claimed=dict(claimed, achievements=earned + [extra])))
        assert [v.rule for v in report.violations] == ["ruling 20"]
        if earned:  # decision D13: an earned achievement left unclaimed is no violation
            assert check(dict(rec, claimed=dict(claimed, achievements=earned[1:]))).legal


def test_changing_an_escape_die_is_caught_unless_the_outcome_stands():
    rng = random.Random(8)
    for game in _games(60, 4):
        rec = game.record
        if not rec["escape_attempts"]:
            continue
        attempts = [dict(a) for a in rec["escape_attempts"]]
        k = rng.randrange(len(attempts))
        roll = list(attempts[k]["roll"])
        j = rng.randrange(len(roll))
        roll[j] = roll[j][0] + str(rng.choice([v for v in range(1, 7) if str(v) != roll[j][1]]))
        attempts[k]["roll"] = roll
        report = check(dict(rec, escape_attempts=attempts))
        if report.legal:
            # harmless only if the aids still apply and the requirement gives the same outcome
            dice = [die_code(d) for d in roll]
            for aid_text in attempts[k]["aids"]:
                from printkit.games.fox_rabbit.engine import AidUse
                assert AidUse.parse(aid_text).problem(dice) == ""
            foods = len(rec["eaten"])
            req = MAP.requirement(attempts[k]["animal"], foods)
            assert req.met_by(tuple(dice)) == attempts[k]["escaped"]
