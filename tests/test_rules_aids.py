"""Every number a player aid prints, checked against a calculation made another way."""

import ast
import random
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, product

import pytest

from printkit.draw.recording import RecordingCanvas
from printkit.games import crazy8ix, crazy_like_a_fox
from printkit.games.fox_rabbit.dice import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    PRIMARIES,
    makeable,
    primaries_of,
)
from printkit.games.fox_rabbit.template import load_map
from printkit.products.catalog import CATALOG, products_of
from printkit.products.rules.aids import crazy8ix as c8_aids
from printkit.products.rules.aids import crazy_like_a_fox as claf_aids
from printkit.products.rules.aids import dice_dice_baby as ddb_aids
from printkit.products.rules.aids import fox_and_rabbit as fr_aids
from printkit.products.rules.aids import go_nuts as gn_aids
from tests.rules_support import ROOT, shared_text


def _drawn(game_id: str, name: str, width: float = 267.0) -> list[str]:
    canvas = RecordingCanvas(width, 2000)
    products_of(game_id).aid(name).draw(canvas, width)
    return canvas.texts()


# -- Crazy Like a Fox --------------------------------------------------------------------------
def _enumerated_big_one(dice: int) -> Fraction:
    """Count, over every roll of `dice` d12, the rolls with at least one 1."""
    hits = sum(1 for roll in product(range(1, 13), repeat=dice) if 1 in roll)
    return Fraction(hits, 12 ** dice)


@pytest.mark.parametrize("dice", [1, 4, 5])
def test_big_one_chance_matches_counting_every_roll(dice):
    assert crazy_like_a_fox.chance_of_big_one(dice) == _enumerated_big_one(dice)


def test_big_one_aid_prints_the_counted_chances():
    rows = dict(claf_aids.big_one_rows())
    expected = {
        "1 die": f"{float(_enumerated_big_one(1)) * 100:.1f} % (1 in 12)",
        "a hand of 5 dice (3-4 players)": f"{float(_enumerated_big_one(5)) * 100:.1f} %",
        "a hand of 4 dice (5 players)": f"{float(_enumerated_big_one(4)) * 100:.1f} %",
    }
    assert rows == expected
    assert rows["a hand of 5 dice (3-4 players)"] == "35.3 %"
    assert rows["a hand of 4 dice (5 players)"] == "29.4 %"
    texts = _drawn("crazy-like-a-fox", "big-one-chances")
    assert "35.3 %" in texts and "29.4 %" in texts and "8.3 % (1 in 12)" in texts


def _winner_by_hand(played: dict[str, int]) -> str | None:
    """Ruling 3 and 4 written out step by step: drop tied values, then best of the rest."""
    counts = Counter(played.values())
    alone = {p: v for p, v in played.items() if counts[v] == 1}
    if not alone:
        return None
    best = 13 if 1 in alone.values() else max(alone.values())
    return next(p for p, v in alone.items() if (13 if v == 1 else v) == best)


def test_tie_examples_say_what_the_ruling_decides():
    for played in claf_aids.TIE_EXAMPLES:
        winner = _winner_by_hand(played)
        assert crazy_like_a_fox.round_winner(played) == winner
        text = claf_aids.explain_round(played)
        if winner is None:
            assert "**nobody wins**" in text
        else:
            assert f"**{winner} wins**" in text
        for value, n in Counter(played.values()).items():
            if n > 1:
                assert ("BIG #1s" if value == 1 else f"{value}s") in text
    # the examples show both outcomes: a BIG #1 tie with a winner left, and a wipe-out
    assert [_winner_by_hand(p) for p in claf_aids.TIE_EXAMPLES] == ["Ben", None]
    texts = _drawn("crazy-like-a-fox", "tie-example")
    assert "Ben wins" in texts and "nobody wins" in texts  # each in bold, a run of its own


def test_swap_diagram_follows_ruling_5():
    before = claf_aids.SWAP_BEFORE
    after = claf_aids.swap_after()
    # Dev won round 3 with a BIG #1 and takes round 2 from Ben; round 1 is untouched
    assert before == ("Cleo", "Ben", "Dev")
    assert after == ("Cleo", "Dev", "Ben")
    points = claf_aids.SWAP_POINTS
    totals = {p: sum(pt for who, pt in zip(after, points) if who == p)
              for p in claf_aids.SWAP_PLAYERS}
    assert totals == {"Ana": 0, "Ben": points[2], "Cleo": points[0], "Dev": points[1]}
    for player, total in totals.items():
        assert crazy_like_a_fox.points_held(after, points, player) == total
    texts = _drawn("crazy-like-a-fox", "swap-diagram")
    assert texts.count("X") == 6 and "Swap" in texts


@pytest.mark.parametrize("holders, current, earlier, reason", [
    (("Ana", "Ana", "Ana"), 3, 2, "already holds"),
    (("Ana", None, "Ben"), 3, 2, "nobody won round 2"),
    (("Ana", "Ben", None), 3, 1, "nobody won round 3"),
    (("Ana", "Ben", "Cleo"), 2, 3, "not an earlier round"),
    (("Ana", "Ben", "Cleo"), 3, 3, "not an earlier round"),
])
def test_a_swap_the_ruling_forbids_is_refused(holders, current, earlier, reason):
    with pytest.raises(ValueError, match=reason):
        crazy_like_a_fox.swap(holders, current, earlier)


# -- Crazy8ix ------------------------------------------------------------------------------------
def test_ring_window_is_every_letter_within_3_places_round_the_alphabet():
    letters = [chr(ord("A") + i) for i in range(26)]
    example = ord(c8_aids.RING_EXAMPLE) - ord("A")
    by_distance = [c for i, c in enumerate(letters)
                   if min((i - example) % 26, (example - i) % 26) <= 3]
    window = c8_aids.ring_window()
    assert sorted(window) == sorted(by_distance) and len(window) == 7
    assert window == ["Z", "A", "B", "C", "D", "E", "F"]  # in ring order, wrapping past Z
    for card in letters:
        assert crazy8ix.matches(card, c8_aids.RING_EXAMPLE) == (
            card in by_distance or (card in "AEIOUY" and c8_aids.RING_EXAMPLE in "AEIOUY"))
    texts = _drawn("crazy8ix", "alphabet-ring")
    assert "Z A B C D E F" in texts
    assert set(letters) <= set(texts)


def test_points_table_rows_agree_with_card_points_for_every_card():
    rows = dict(c8_aids.points_rows())
    written = {"Y": 70, "W X Z": 50, "A E I O U": 20, "Star": 10, "Firecracker": 10,
               "Any other letter": 5, "The player who went out": 0}
    assert {k: int(v) for k, v in rows.items()} == written
    for label, points in written.items():
        if label in ("Star", "Firecracker"):
            assert crazy8ix.card_points(label.lower()) == points
        elif label == "Any other letter":
            others = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") - set("YWXZAEIOU")
            assert {crazy8ix.card_points(c) for c in others} == {points}
        elif label != "The player who went out":
            assert {crazy8ix.card_points(c) for c in label.split()} == {points}


# -- Go Nuts! -------------------------------------------------------------------------------------
def test_turn_flow_shows_every_event_of_a_turn_in_order():
    texts = " ".join(_drawn("go-nuts", "turn-flow", 554.0))
    for words in ("Roll", "All squirrels?", "All cars?", "+1 per acorn", "One Die Left:",
                  "Go Nuts!", "All Cars:", "Bank:", "roll again every die that is not a car"):
        assert words in texts, words
    steps = gn_aids.steps()
    assert f"all {gn_aids.rules.SQUIRREL_DICE} to start" in steps["roll"]
    assert f"pick up all {gn_aids.rules.SQUIRREL_DICE} dice" in steps["pick_up"]
    order = [texts.index(w) for w in ("All squirrels?", "All cars?", "+1 per acorn",
                                      "Bank or roll")]
    assert order == sorted(order)


# -- Dice Dice Baby ------------------------------------------------------------
def test_bid_raising_chart_marks_exactly_the_raises_ruling_2_allows():
    q, f = ddb_aids.RAISE_FROM
    chart = ddb_aids.raise_chart()
    for (q2, f2), legal in chart.items():
        up_or_same = q2 >= q and f2 >= f
        assert legal == (up_or_same and (q2, f2) != (q, f)), (q2, f2)
    assert sum(chart.values()) == 4 * 3 - 1  # quantities 4-7 x faces 3-5, less the bid itself
    canvas = RecordingCanvas(267, 2000)
    products_of("dice-dice-baby").aid("bid-raising").draw(canvas, 267)
    ticks = [c for c in canvas.calls if c.kind == "polygon" and c.fill == ""]
    assert len(ticks) == sum(chart.values())


def _odds_by_counting(k: int, n: int) -> Fraction:
    """Count every way n dice (faces 1-5 and a Baby) can land; the bid face is 3."""
    hits = sum(1 for roll in product("12345B", repeat=n) if sum(d in "3B" for d in roll) >= k)
    return Fraction(hits, 6 ** n)


def _odds_by_convolution(n: int) -> list[Fraction]:
    """Return P(exactly m matches) for m = 0..n, adding one die at a time."""
    dist = [Fraction(1)]
    for _ in range(n):
        nxt = [Fraction(0)] * (len(dist) + 1)
        for m, p in enumerate(dist):
            nxt[m] += p * Fraction(4, 6)
            nxt[m + 1] += p * Fraction(2, 6)
        dist = nxt
    return dist


@pytest.mark.parametrize("n", range(1, 6))
def test_odds_match_counting_every_roll(n):
    for k in range(1, n + 1):
        assert ddb_aids.odds(k, n) == _odds_by_counting(k, n)


def test_odds_table_matches_convolution_for_every_table_size_and_a_seeded_simulation():
    for n in ddb_aids.ODDS_N:
        dist = _odds_by_convolution(n)
        for k in ddb_aids.ODDS_K:
            assert ddb_aids.odds(k, n) == sum(dist[k:], Fraction(0))
    rng = random.Random(20240519)
    trials = 40_000
    n, k = 12, 4
    hits = sum(1 for _ in range(trials) if sum(rng.randrange(6) < 2 for _ in range(n)) >= k)
    assert abs(hits / trials - float(ddb_aids.odds(k, n))) < 0.01


def test_odds_table_prints_the_right_percent_in_each_cell():
    canvas = RecordingCanvas(554, 2000)
    products_of("dice-dice-baby").aid("odds-table").draw(canvas, 554)
    cells = [c for c in canvas.calls if c.kind == "text" and re.fullmatch(r"<1|>99|\d+", c.text)]
    expected = [str(n) for n in ddb_aids.ODDS_N]  # the heading row, then each row's label
    for k in ddb_aids.ODDS_K:
        expected.append(str(k))
        for n in ddb_aids.ODDS_N:
            if k <= n:
                p = float(sum(_odds_by_convolution(n)[k:], Fraction(0))) * 100
                expected.append("<1" if 0 < p < 0.5 else ">99" if 99.5 <= p < 100
                                else str(round(p)))
    assert [c.text for c in cells] == expected
    assert max(float(sum(_odds_by_convolution(n)[ddb_aids.ODDS_K[-1] + 1:], Fraction(0)))
               for n in ddb_aids.ODDS_N) < 0.01
    assert "always under 1 %" in ddb_aids.beyond_note()


# -- The Fox and the Rabbit ----------------------------------------------------
CLASSIC = load_map("classic")


def _reachable(colour: str, per_colour: int) -> set[int]:
    """Every number `colour` can make, found by trying every subset of every roll."""
    dice = [c for c in PRIMARIES for _ in range(per_colour)]
    sums: set[int] = set()
    for n in range(1, len(dice) + 1):
        for pick in combinations(range(len(dice)), n):
            colours = [dice[i] for i in pick]
            if colour in PRIMARIES:
                ok = n == 1 and colours == [colour]
            elif colour == "black":
                ok = n >= 3
            else:
                ok = n >= 2 and set(colours) == set(primaries_of(COLOUR_LETTERS[colour]))
            if ok:
                for faces in product(range(1, 7), repeat=n):
                    sums.add(sum(faces))
    return sums


@pytest.mark.parametrize("colour", ["red", "green", "orange", "purple", "black"])
@pytest.mark.parametrize("per_colour", [1, 2])
def test_colour_key_ranges_match_trying_every_pick_of_dice(colour, per_colour):
    reachable = _reachable(colour, per_colour)
    assert reachable == set(makeable(COLOUR_LETTERS[colour], per_colour))


def test_colour_key_rows_print_the_ranges():
    rows = {r[0]: r for r in fr_aids.colour_key_rows()}
    assert rows["green"][3] == "2-12 at the start; 2-24 with 2 of each"
    assert rows["black"][3] == "3-18 at the start; 3-36 with all 6 dice"
    assert rows["red"][3] == "1-6"
    texts = _drawn("fox-and-rabbit", "colour-key", 554.0)
    for letter in "RBY":
        assert letter in texts


def _rulings_section() -> str:
    text = shared_text("RULINGS.md")
    return text[text.index("## The Fox and the Rabbit"):]


def test_escape_and_trap_numbers_are_those_of_the_rulings_table():
    table = re.findall(r"\| (Fox|Rabbit) \| (3 foods|4\+ foods) \| (orange|purple)[^|]*\| "
                       r"(\d+) or (\d+) \| (\d+) \|", _rulings_section())
    assert len(table) == 4
    tier_foods = {"lower": CLASSIC.higher_tier_from - 1, "higher": CLASSIC.higher_tier_from}
    ours = {(animal.capitalize(), tier_foods[tier], COLOUR_NAMES[req.colour], req.sums, req.cap)
            for (animal, tier), req in CLASSIC.escape.items()}
    theirs = {(a, 3 if t.startswith("3") else 4, c, (int(s1), int(s2)), int(cap))
              for a, t, c, s1, s2, cap in table}
    assert ours == theirs
    rows = fr_aids.escape_rows()
    assert ["**Fox**", "4+ foods", "orange (R + Y): 2-4 dice = **17 or 18**", "**22**"] in rows
    section = " ".join(_rulings_section().split())
    assert "blue + yellow = 8 or 9 and all three dice total at most 14" in section
    assert "total 13 or 14 and all five dice total at most 18" in section
    rabbit, fox = (CLASSIC.farmer.trap(a).requirement for a in ("rabbit", "fox"))
    assert (rabbit.sums, rabbit.cap, fox.sums, fox.cap) == ((8, 9), 14, (13, 14), 18)
    assert fr_aids.trap_rows()[1][1] == "1 red, 2 blue, 2 yellow"


def test_titles_and_achievements_are_those_of_the_rulings():
    section = " ".join(_rulings_section().split())
    for scores, title in fr_aids.title_rows():
        assert f"{scores} {title}" in section
    titles = [t.title for t in CLASSIC.scoring.titles]
    bounds = {0: titles[0], 6: titles[0], 7: titles[1], 12: titles[1], 13: titles[2],
              16: titles[2], 17: titles[3], 40: titles[3]}
    for score, title in bounds.items():
        assert CLASSIC.title_for(score) == title
    ids = re.findall(r"^\s*\| ([a-z]+-[a-z0-9]+-[a-z]+) \|", _rulings_section(), re.M)
    assert ids == [a.id for a in CLASSIC.scoring.achievements]
    # each printed as the sheet prints it, which names what it needs
    assert [r[0] for r in fr_aids.achievement_rows()] == [
        a.text for a in CLASSIC.scoring.achievements]


def test_modes_follow_the_rulings():
    easy, hard, superhard = (CLASSIC.modes[m] for m in ("easy", "hard", "super-hard"))
    assert (easy.active_circles, hard.active_circles, superhard.active_circles) == (3, 2, 2)
    assert (easy.escape_threshold, hard.escape_threshold) == (3, 4)
    assert superhard.escape_threshold == "all" and superhard.farmer_aids_per_attempt is None
    assert fr_aids.mode_rows()[2][:4] == ["**super-hard**", "2", "all 6 foods eaten",
                                          "any number"]


def test_the_modes_table_prints_the_classic_maps_measured_difficulty(monkeypatch):
    from printkit.games.fox_rabbit.difficulty import classic_difficulty, percent

    aid = products_of("fox-and-rabbit").aid("modes")
    texts = _drawn("fox-and-rabbit", "modes", 300.0)
    shares = classic_difficulty()
    assert [row[-1] for row in fr_aids.mode_rows()] == [percent(s) for s in shares.values()]
    for share in shares.values():
        assert percent(share) in texts
    assert "Greedy player wins" in " ".join(texts)
    tall = aid.height(300)
    monkeypatch.setattr(fr_aids, "measured", lambda: None)
    assert "Greedy player wins" not in " ".join(_drawn("fox-and-rabbit", "modes", 300.0))
    assert aid.height(300) < tall


# -- the rules layer stays pure -------------------------------------------------------------------
def test_the_games_layer_imports_no_drawing():
    for path in (ROOT / "printkit" / "games").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not name.startswith(("printkit.draw", "printkit.products", "reportlab",
                                            "PIL", "svgwrite")), (path.name, name)


def test_every_aid_draws_at_any_reasonable_width_within_it():
    for entry in CATALOG:
        for aid in entry.aids:
            for width in ((538.0, 554.0) if aid.wide else (258.0, 267.0)):
                canvas = RecordingCanvas(width, 3000)
                height = aid.draw(canvas, width)
                assert height == aid.height(width)
                for call in canvas.calls:
                    assert call.x >= -0.5 and call.right <= width + 0.5, (aid.name, call)
                    assert call.y >= -0.5 and call.bottom <= height + 0.5, (aid.name, call)


def test_fox_and_rabbit_aids_read_the_map_the_sheet_and_validator_use(monkeypatch):
    fox_high = CLASSIC.escape[("fox", "higher")]
    assert ["**Fox**", "4+ foods", f"orange (R + Y): 2-4 dice = **{fox_high.sums[0]} or "
            f"{fox_high.sums[1]}**", f"**{fox_high.cap}**"] in fr_aids.escape_rows()
    assert [row[1] for row in fr_aids.mode_rows()] == [
        str(CLASSIC.modes[m].active_circles) for m in ("easy", "hard", "super-hard")]
    assert [row[1] for row in fr_aids.title_rows()] == [t.title for t in CLASSIC.scoring.titles]
    assert [r[0] for r in fr_aids.achievement_rows()] == [
        a.text for a in CLASSIC.scoring.achievements]
    # another map, and the aids say what it says: nothing was copied when they were imported
    dearer = replace(CLASSIC, scoring=replace(CLASSIC.scoring, per_escape=9))
    monkeypatch.setattr(fr_aids, "classic", lambda: dearer)
    assert fr_aids.score_lines()[1] == "**9** for each animal that escaped"
