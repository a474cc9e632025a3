"""Property tests (seeded, so every run checks the same games).

Games played by the random and greedy players on the engine always validate. A single change
to a legal record (a rolled die, a die that crossed a cell, an escape die, a crossed cell, a
claimed achievement) is caught by the validator, or proven harmless: then the changed record
is legal by a re-derivation in this file that does not use the validator or the engine's
checks, and the validator agrees with it both ways (no change it calls harmless is caught,
none it catches is harmless).
"""

import random
from collections import Counter

import pytest

from printkit.games.fox_rabbit.players import play
from printkit.games.fox_rabbit.record import from_data
from printkit.games.fox_rabbit.rulings import Rule
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.validate import validate_run

MAP = load_map("classic")
MODES = ("easy", "hard", "super-hard")


def check(record: dict):
    """Return the report on a record given as data (as a YAML file or a form would give it)."""
    return validate_run(from_data(record))


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


def _other_face(die: str, rng: random.Random) -> str:
    return die[0] + str(rng.choice([v for v in range(1, 7) if str(v) != die[1]]))


# --- an independent reading of one turn line ---------------------------------------------
def _turn_uses_only_rolled_dice(line: str) -> bool:
    """Return whether the aids and cells of a turn line use only dice the roll gives.

    Re-derived from the text alone: the roll is a multiset of dice; each aid takes its dice
    from it and puts back the changed ones (+1/-1 within 1-6, flip to 7 - v, a re-roll of
    the same colours); then each cell takes the dice written after it, each die once.
    """
    parts = [p.strip() for p in line.split(";")]
    dice = Counter(parts[0].split())
    for part in parts[1:]:
        words = part.replace(",", " ").split()
        if words[0] in ("+1", "-1", "flip"):
            die = words[1]
            if dice[die] == 0:
                return False
            face = int(die[1])
            face = 7 - face if words[0] == "flip" else face + int(words[0])
            if not 1 <= face <= 6:
                return False
            dice[die] -= 1
            dice[die[0] + str(face)] += 1
        elif words[0] == "re-roll":
            arrow = words.index("->")
            before, after = words[1:arrow], words[arrow + 1:]
            if sorted(d[0] for d in before) != sorted(d[0] for d in after):
                return False
            for die in before:
                if dice[die] == 0:
                    return False
                dice[die] -= 1
            dice.update(after)
        else:
            used = [w for w in words[1:] if len(w) == 2 and w[0] in "RBY" and w[1] in "123456"]
            if "eats" in words:
                used = [w for w in words[1:words.index("eats")] if len(w) == 2]
            for die in used:
                if dice[die] == 0:
                    return False
                dice[die] -= 1
    return True


def test_changing_a_rolled_die_is_caught_unless_the_turn_still_has_its_dice():
    rng = random.Random(5)
    caught = harmless = 0
    for game in _games(60, 1):
        rec = game.record
        turns = rec["turns"]
        i = rng.randrange(len(turns))
        roll, sep, rest = turns[i].partition(";")
        dice = roll.split()
        j = rng.randrange(len(dice))
        dice[j] = _other_face(dice[j], rng)
        line = " ".join(dice) + sep + rest
        report = check(dict(rec, turns=turns[:i] + [line] + turns[i + 1:]))
        assert report.legal == _turn_uses_only_rolled_dice(line), (turns[i], line, report.text())
        if report.legal:
            harmless += 1
        else:
            caught += 1
            assert {(v.place, v.rule) for v in report.violations} <= {
                (f"turn {i + 1}", Rule.CROSSING), (f"turn {i + 1}", Rule.AIDS)}, report.text()
    assert caught and harmless


def test_changing_a_die_that_crossed_a_cell_is_always_caught():
    # One face changes the dice's total, so it no longer makes the cell's number (or the
    # number written in it): ruling 4; or the die was not rolled: ruling 5.
    rng = random.Random(9)
    changed = 0
    for game in _games(40, 6):
        rec = game.record
        turns = rec["turns"]
        moves = [(i, n) for i, t in enumerate(turns) for n, p in enumerate(t.split(";"))
                 if n and p.strip()[:2] in ("F-", "R-")]
        if not moves:
            continue
        i, k = rng.choice(moves)
        parts = turns[i].split(";")
        words = parts[k].split()
        dice_at = [n for n, w in enumerate(words[1:], 1) if len(w) == 2 and w[0] in "RBY"
                   and (("eats" not in words) or n < words.index("eats"))]
        d = rng.choice(dice_at)
        words[d] = _other_face(words[d], rng)
        parts[k] = " " + " ".join(words)
        line = ";".join(parts)
        report = check(dict(rec, turns=turns[:i] + [line] + turns[i + 1:]))
        assert not report.legal, (turns[i], line)
        rules = {v.rule for v in report.violations if v.place == f"turn {i + 1}"}
        assert rules & {Rule.CROSSING, Rule.CIRCLES}, report.text()
        changed += 1
    assert changed > 30


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
        assert any(v.rule is Rule.RECORD for v in report.violations), report.text()


# --- an independent reading of a sheet's trails -------------------------------------------
def _progress(crossed: set[str]) -> dict[str, int]:
    """Return how many cells of each trail are crossed, from its first."""
    out = {}
    for t in MAP.trails:
        n = 0
        while n < len(t.cells) and str(t.cells[n].id) in crossed:
            n += 1
        out[str(t.id)] = n
    return out


def _harmless_removal(rec: dict, cell: str) -> bool:
    """Return whether the sheet stays legal without `cell`: it is the last crossed cell of a
    trail not yet finished (so no food hangs on it), and no number is written in it."""
    trail = MAP.trail(cell[:3])
    done = _progress(set(rec["crossed"]))[str(trail.id)]
    position = int(cell[3:])
    return position == done < len(trail.cells) and cell not in rec["written"]


def _harmless_addition(rec: dict, cell: str) -> bool:
    """Return whether the sheet stays legal with `cell` crossed too: it is a printed cell
    (a circle needs a number), not a trail's last (that one needs a food), and it is the
    next cell of the animal's unfinished trail, or the first of a trail the animal may
    enter: from its start if it has walked no trail yet, else any trail it has not walked
    whose food location still has a food it has not eaten (rulings 3, 8, 9; decision D1)."""
    trail = MAP.trail(cell[:3])
    position = int(cell[3:])
    if trail.cells[position - 1].spec.value is None or position == len(trail.cells):
        return False
    progress = _progress(set(rec["crossed"]))
    mine = [t for t in MAP.trails_of(trail.animal) if progress[str(t.id)]]
    open_ = [t for t in mine if progress[str(t.id)] < len(t.cells)]
    if position > 1:
        return open_ == [trail] and progress[str(trail.id)] == position - 1
    if open_ or trail in mine:
        return False
    if not mine:
        return trail.start == "start"
    eaten = rec["eaten"][trail.animal]
    return any(f not in eaten for f in MAP.foods_at(trail))


def test_changing_a_crossed_cell_on_the_sheet_alone_is_caught_or_harmless():
    rng = random.Random(12)
    seen = Counter()
    for game in _games(120, 8):
        rec = dict(game.record)
        rec.pop("turns")
        crossed = list(rec["crossed"])
        if crossed and rng.random() < 0.5:
            cell = rng.choice(crossed)
            harmless = _harmless_removal(rec, cell)
            changed = [c for c in crossed if c != cell]
        else:
            cell = rng.choice([c for c in MAP.cells if c not in crossed])
            harmless = _harmless_addition(rec, cell)
            changed = crossed + [cell]
        report = check(dict(rec, crossed=changed))
        assert report.legal == harmless, (cell, crossed, report.text())
        seen[harmless] += 1
    assert seen[True] and seen[False]


def test_claiming_an_unearned_achievement_is_caught_and_dropping_one_is_harmless():
    rng = random.Random(7)
    for game in _games(30, 3):
        rec = game.record
        claimed = dict(rec["claimed"])
        earned = claimed["achievements"]
        others = [a.id for a in MAP.scoring.achievements if a.id not in earned]
        extra = rng.choice(others)
        report = check(dict(rec, claimed=dict(claimed, achievements=earned + [extra])))
        assert [(v.rule, v.place) for v in report.violations] == [(Rule.SCORE, "score box")]
        assert extra in report.violations[0].text
        if earned:  # decision D12: an earned achievement left unclaimed is no violation
            assert check(dict(rec, claimed=dict(claimed, achievements=earned[1:]))).legal


# --- an independent reading of an escape attempt -----------------------------------------
ESCAPE = {  # ruling 15, written out again: (animal, 4+ foods) -> colours, sums, cap
    ("fox", False): ("RY", (10, 11), 13), ("rabbit", False): ("RB", (11, 12), 15),
    ("fox", True): ("RY", (17, 18), 22), ("rabbit", True): ("RB", (15, 16), 19),
}


def _escapes(dice: list[str], animal: str, foods: int) -> bool:
    """Return whether dice meet the escape requirement (ruling 16), by trying every group."""
    colours, sums, cap = ESCAPE[(animal, foods >= 4)]
    if sum(int(d[1]) for d in dice) > cap:
        return False
    usable = [d for d in dice if d[0] in colours]
    for mask in range(1 << len(usable)):
        group = [d for k, d in enumerate(usable) if mask >> k & 1]
        if 2 <= len(group) <= 4 and {d[0] for d in group} == set(colours) \
                and sum(int(d[1]) for d in group) in sums:
            return True
    return False


def _after_aids(dice: list[str], aids: list[str]) -> list[str] | None:
    """Return the dice after the aids (None if an aid cannot be used on them)."""
    dice = list(dice)
    line = " ".join(dice) + "".join("; " + a for a in aids)
    if not _turn_uses_only_rolled_dice(line):
        return None
    for aid in aids:
        words = aid.split()
        if words[0] == "re-roll":
            arrow = words.index("->")
            for d in words[1:arrow]:
                dice.remove(d)
            dice += words[arrow + 1:]
        else:
            d = words[1]
            dice.remove(d)
            face = 7 - int(d[1]) if words[0] == "flip" else int(d[1]) + int(words[0])
            dice.append(d[0] + str(face))
    return dice


def test_changing_an_escape_die_is_caught_unless_the_outcome_stands():
    rng = random.Random(8)
    caught = harmless = 0
    for game in _games(90, 4):
        rec = game.record
        if not rec["escape_attempts"]:
            continue
        attempts = [dict(a) for a in rec["escape_attempts"]]
        k = rng.randrange(len(attempts))
        roll = list(attempts[k]["roll"])
        j = rng.randrange(len(roll))
        roll[j] = _other_face(roll[j], rng)
        attempts[k]["roll"] = roll
        report = check(dict(rec, escape_attempts=attempts))
        dice = _after_aids(roll, attempts[k]["aids"])
        stands = dice is not None and _escapes(
            dice, attempts[k]["animal"], sum(map(len, rec["eaten"].values()))) \
            == attempts[k]["escaped"]
        assert report.legal == stands, (attempts[k], report.text())
        if report.legal:
            harmless += 1
        else:
            caught += 1
            place = f"round {attempts[k]['round']}, {attempts[k]['animal']}'s escape attempt"
            assert any(v.place == place and v.rule in (Rule.ESCAPE, Rule.AIDS)
                       for v in report.violations), report.text()
    assert caught and harmless
