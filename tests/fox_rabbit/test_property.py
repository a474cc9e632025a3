"""Property tests (Hypothesis: a failure shrinks to the smallest game and change that fail).

Games played by the random and greedy players on the engine always validate. A single change
to a legal record (a rolled die, a die that crossed a cell, an escape die, a crossed cell, a
claimed achievement) is caught by the validator, or proven harmless: then the changed record
is legal by a re-derivation in this file that does not use the validator or the engine's
checks, and the validator agrees with it both ways (no change it calls harmless is caught,
none it catches is harmless). Where a change can go either way, both ways are found.
"""

import random
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from hypothesis import HealthCheck, Phase, assume, find, given, settings
from hypothesis import strategies as st

from printkit.games.fox_rabbit.players import Played, play
from printkit.games.fox_rabbit.record import from_data
from printkit.games.fox_rabbit.rulings import Rule
from printkit.games.fox_rabbit.template import load_map
from printkit.games.fox_rabbit.validate import Report, validate_run

MAP = load_map("classic")
MODES = ("easy", "hard", "super-hard")
STRATEGIES = ("random", "greedy")

PROPERTY = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
# finding an example of each outcome: the first found will do, no need to shrink it
FOUND = settings(max_examples=400, deadline=None, database=None, derandomize=True,
                 phases=[Phase.generate], suppress_health_check=list(HealthCheck))


def check(record: dict[str, Any]) -> Report:
    """Return the report on a record given as data (as a YAML file or a form would give it)."""
    return validate_run(from_data(record))


def _found_both_ways(changes: st.SearchStrategy[Any],
                     record_of: Callable[[Any], dict[str, Any]]) -> None:
    """Find a change the validator catches and a change it finds harmless."""
    for legal in (True, False):
        find(changes, lambda c, legal=legal: check(record_of(c)).legal is legal,
             settings=FOUND)


@lru_cache(maxsize=512)   # shrinking plays the same games again; their records are not changed
def _game(mode: str, strategy: str, seed: int) -> Played:
    return play(MAP, mode, random.Random(seed), strategy)


GAMES = st.builds(_game, st.sampled_from(MODES), st.sampled_from(STRATEGIES),
                  st.integers(0, 10 ** 6))


def _other_face(die: str, data: st.DataObject) -> str:
    return die[0] + str(data.draw(st.sampled_from([v for v in range(1, 7) if str(v) != die[1]]),
                                  label=f"new face of {die}"))


@PROPERTY
@given(GAMES)
def test_played_games_always_validate(game):
    report = check(game.record)
    assert report.legal, report.text()
    assert report.score == game.score
    sheet_only = dict(game.record)
    sheet_only.pop("turns")
    assert check(sheet_only).legal


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


@st.composite
def rolled_die_changes(draw: st.DrawFn) -> tuple[Played, int, str]:
    """Return a game, a turn of it and that turn's line with one rolled die changed."""
    game = draw(GAMES)
    turns = game.record["turns"]
    assume(turns)
    i = draw(st.integers(0, len(turns) - 1), label="turn")
    roll, sep, rest = turns[i].partition(";")
    dice = roll.split()
    j = draw(st.integers(0, len(dice) - 1), label="die")
    dice[j] = dice[j][0] + str(draw(st.sampled_from(
        [v for v in range(1, 7) if str(v) != dice[j][1]]), label="new face"))
    return game, i, " ".join(dice) + sep + rest


def _with_turn(game: Played, i: int, line: str) -> dict[str, Any]:
    turns = game.record["turns"]
    return dict(game.record, turns=turns[:i] + [line] + turns[i + 1:])


@PROPERTY
@given(rolled_die_changes())
def test_changing_a_rolled_die_is_caught_unless_the_turn_still_has_its_dice(change):
    game, i, line = change
    report = check(_with_turn(game, i, line))
    assert report.legal == _turn_uses_only_rolled_dice(line), (line, report.text())
    assert {(v.place, v.rule) for v in report.violations} <= {
        (f"turn {i + 1}", Rule.CROSSING), (f"turn {i + 1}", Rule.AIDS)}, report.text()


def test_a_changed_rolled_die_can_be_caught_and_can_be_harmless():
    _found_both_ways(rolled_die_changes(), lambda c: _with_turn(*c))


@PROPERTY
@given(GAMES, st.data())
def test_changing_a_die_that_crossed_a_cell_is_always_caught(game, data):
    # One face changes the dice's total, so it no longer makes the cell's number (or the
    # number written in it): ruling 4; or the die was not rolled: ruling 5.
    turns = game.record["turns"]
    moves = [(i, n) for i, t in enumerate(turns) for n, p in enumerate(t.split(";"))
             if n and p.strip()[:2] in ("F-", "R-")]
    assume(moves)
    i, k = data.draw(st.sampled_from(moves), label="turn and move")
    parts = turns[i].split(";")
    words = parts[k].split()
    dice_at = [n for n, w in enumerate(words[1:], 1) if len(w) == 2 and w[0] in "RBY"
               and (("eats" not in words) or n < words.index("eats"))]
    d = data.draw(st.sampled_from(dice_at), label="die")
    words[d] = _other_face(words[d], data)
    parts[k] = " " + " ".join(words)
    line = ";".join(parts)
    report = check(_with_turn(game, i, line))
    assert not report.legal, (turns[i], line)
    rules = {v.rule for v in report.violations if v.place == f"turn {i + 1}"}
    assert rules & {Rule.CROSSING, Rule.CIRCLES}, report.text()


@st.composite
def crossed_cell_changes(draw: st.DrawFn) -> tuple[dict[str, Any], str, bool]:
    """Return a game's record, a cell, and whether the cell is taken off the crossed cells
    (True) or added to them (False)."""
    rec = draw(GAMES).record
    crossed = rec["crossed"]
    if crossed and draw(st.booleans(), label="take a cell off"):
        return rec, draw(st.sampled_from(crossed), label="cell"), True
    others = [c for c in MAP.cells if c not in crossed]
    return rec, draw(st.sampled_from(others), label="cell"), False


def _changed_crossing(rec: dict[str, Any], cell: str, removed: bool) -> list[str]:
    return [c for c in rec["crossed"] if c != cell] if removed else rec["crossed"] + [cell]


@PROPERTY
@given(crossed_cell_changes())
def test_changing_a_crossed_cell_is_caught_with_a_turn_log(change):
    rec, cell, removed = change
    report = check(dict(rec, crossed=_changed_crossing(rec, cell, removed)))
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


def _harmless_removal(rec: dict[str, Any], cell: str) -> bool:
    """Return whether the sheet stays legal without `cell`: it is the last crossed cell of a
    trail not yet finished (so no food hangs on it), and no number is written in it."""
    trail = MAP.trail(cell[:3])
    done = _progress(set(rec["crossed"]))[str(trail.id)]
    position = int(cell[3:])
    return position == done < len(trail.cells) and cell not in rec["written"]


def _harmless_addition(rec: dict[str, Any], cell: str) -> bool:
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


def _sheet_only(rec: dict[str, Any], cell: str, removed: bool) -> dict[str, Any]:
    sheet = dict(rec, crossed=_changed_crossing(rec, cell, removed))
    sheet.pop("turns")
    return sheet


@PROPERTY
@given(crossed_cell_changes())
def test_changing_a_crossed_cell_on_the_sheet_alone_is_caught_or_harmless(change):
    rec, cell, removed = change
    harmless = _harmless_removal(rec, cell) if removed else _harmless_addition(rec, cell)
    report = check(_sheet_only(*change))
    assert report.legal == harmless, (cell, rec["crossed"], report.text())


def test_a_changed_crossing_on_the_sheet_can_be_caught_and_can_be_harmless():
    _found_both_ways(crossed_cell_changes(), lambda c: _sheet_only(*c))


@PROPERTY
@given(GAMES, st.data())
def test_claiming_an_unearned_achievement_is_caught_and_dropping_one_is_harmless(game, data):
    rec = game.record
    claimed = dict(rec["claimed"])
    earned = claimed["achievements"]
    others = [a.id for a in MAP.scoring.achievements if a.id not in earned]
    extra = data.draw(st.sampled_from(others), label="unearned achievement")
    report = check(dict(rec, claimed=dict(claimed, achievements=earned + [extra])))
    assert [(v.rule, v.place) for v in report.violations] == [(Rule.SCORE, "score box")]
    # named as the sheet prints it, not by its id
    name = next(a.text for a in MAP.scoring.achievements if a.id == extra)
    assert f"'{name}' is not earned" in report.violations[0].text
    assert extra in report.violations[0].fields
    if earned:  # decision D12: an earned achievement left unclaimed is no violation
        dropped = data.draw(st.sampled_from(earned), label="earned achievement left out")
        kept = [a for a in earned if a != dropped]
        assert check(dict(rec, claimed=dict(claimed, achievements=kept))).legal


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


@st.composite
def escape_die_changes(draw: st.DrawFn) -> tuple[dict[str, Any], int]:
    """Return a game's record with one die of one escape attempt changed, and the attempt."""
    rec = draw(GAMES).record
    assume(rec["escape_attempts"])
    attempts = [dict(a) for a in rec["escape_attempts"]]
    k = draw(st.integers(0, len(attempts) - 1), label="attempt")
    roll = list(attempts[k]["roll"])
    j = draw(st.integers(0, len(roll) - 1), label="die")
    roll[j] = roll[j][0] + str(draw(st.sampled_from(
        [v for v in range(1, 7) if str(v) != roll[j][1]]), label="new face"))
    attempts[k]["roll"] = roll
    return dict(rec, escape_attempts=attempts), k


def _outcome_stands(rec: dict[str, Any], k: int) -> bool:
    attempt = rec["escape_attempts"][k]
    dice = _after_aids(attempt["roll"], attempt["aids"])
    foods = sum(map(len, rec["eaten"].values()))
    return dice is not None and _escapes(dice, attempt["animal"], foods) == attempt["escaped"]


@PROPERTY
@given(escape_die_changes())
def test_changing_an_escape_die_is_caught_unless_the_outcome_stands(change):
    rec, k = change
    report = check(rec)
    assert report.legal == _outcome_stands(rec, k), (rec["escape_attempts"][k], report.text())
    if not report.legal:
        attempt = rec["escape_attempts"][k]
        place = f"round {attempt['round']}, {attempt['animal']}'s escape attempt"
        assert any(v.place == place and v.rule in (Rule.ESCAPE, Rule.AIDS)
                   for v in report.violations), report.text()


def test_a_changed_escape_die_can_be_caught_and_can_be_harmless():
    _found_both_ways(escape_die_changes(), lambda c: c[0])
