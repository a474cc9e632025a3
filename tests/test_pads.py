"""Score pads as a player checks them: names, rounds, boxes big enough to write in."""

from fractions import Fraction
from itertools import pairwise, product
from math import comb

import pytest

from printkit.draw import fonts
from printkit.draw.impose import MARGIN
from printkit.draw.paper import A4, LETTER, MM
from printkit.draw.recording import record
from printkit.games import crazy8ix, crazy_like_a_fox, dice_dice_baby
from printkit.games.catalog import GAMES
from printkit.products.pads.dice_dice_baby import percent
from printkit.products.score_pads import players_setup, score_pad
from tests.helpers import page_sizes, text

NAMES = ["Ana", "Ben", "Zoë", "Łukasz"]


def _pad(game_id, names=None, count=None, paper=LETTER, per_page=1, copies=1, target=None):
    game = GAMES[game_id]
    return score_pad(game, players_setup(game, names, count, target), paper, per_page, copies)


def _texts(doc, page=0):
    return record(doc.pages[page]).texts()


@pytest.mark.parametrize("game_id", ["crazy-like-a-fox", "go-nuts", "crazy8ix", "dice-dice-baby"])
def test_every_pad_names_its_game_players_date_and_winner(game_id):
    doc = _pad(game_id, NAMES)
    words = text(doc.pdf_bytes())
    for name in NAMES:
        assert name in words
    assert "Date" in words and "Winner" in words
    assert GAMES[game_id].name.split(" (")[0] in words
    assert "Letter 8.5 × 11 in" in words  # the footer tells a wrongly scaled print


@pytest.mark.parametrize("players, rounds", [(3, 10), (4, 10), (5, 8)])
def test_crazy_like_a_fox_has_a_column_per_round(players, rounds):
    doc = _pad("crazy-like-a-fox", count=players)
    texts = _texts(doc)
    round_numbers = [t for t in texts if t.isdigit()]
    assert round_numbers[:rounds] == [str(r) for r in range(1, rounds + 1)]
    assert str(rounds + 1) not in round_numbers[:rounds + 1]
    assert f"re-roll before round {rounds // 2 + 1}" in " ".join(texts)
    assert "Points (d8)" in texts and "BIG #1 swap: with round" in texts


def test_crazy_like_a_fox_rounds_follow_the_ruling():
    assert [crazy_like_a_fox.rounds(n) for n in (3, 4, 5)] == [10, 10, 8]
    assert crazy_like_a_fox.round_winner({"A": 9, "B": 9, "C": 4}) == "C"
    assert crazy_like_a_fox.round_winner({"A": 1, "B": 12}) == "A"
    assert crazy_like_a_fox.round_winner({"A": 1, "B": 1, "C": 12}) == "C"
    assert crazy_like_a_fox.round_winner({"A": 5, "B": 5}) is None


@pytest.mark.parametrize("game_id, layouts", [("crazy-like-a-fox", (1, 2)), ("go-nuts", (1, 2)),
                                              ("crazy8ix", (1, 2)), ("dice-dice-baby", (1,))])
def test_writing_rows_are_at_least_8_mm_tall(game_id, layouts):
    """Every row between two table rules is 8 mm or more, but the printed heading rows."""
    for per_page in layouts:
        canvas = record(_pad(game_id, count=4, per_page=per_page).pages[0])
        ys = sorted({c.y for c in canvas.calls if c.kind == "line" and c.h == 0 and c.w > 200})
        gaps = [b - a for a, b in pairwise(ys)]
        short = [g for g in gaps if g < 8 * MM - 0.05]
        # a table's heading row (round numbers, column names) holds print, not handwriting
        assert len(short) <= 1 and all(g >= 14 for g in short), (per_page, gaps)
        assert len(gaps) - len(short) >= 4


@pytest.mark.parametrize("game_id", ["crazy-like-a-fox", "go-nuts", "crazy8ix", "dice-dice-baby"])
@pytest.mark.parametrize("paper", [LETTER, A4])
def test_nothing_is_drawn_outside_the_printable_area(game_id, paper):
    for per_page in (1, 2):
        for page in _pad(game_id, ["Maximiliana Ñúñez-Wojciechowska", "Bo", "Zoë"], paper=paper,
                         per_page=per_page, copies=2).pages:
            for call in record(page).calls:
                if call.kind == "text":
                    assert call.x >= MARGIN - 0.01, call
                    assert call.right <= page.width - MARGIN + 0.01, call
                    assert call.y >= MARGIN - 0.01 and call.bottom <= page.height - MARGIN, call
                    assert call.size >= 8, call
                else:  # cut marks reach into the margin, never the outer quarter inch
                    assert min(call.x, call.y) >= 18 - 0.01, call
                    assert call.right <= page.width - 18 + 0.01, call
                    assert call.bottom <= page.height - 18 + 0.01, call


LONG = "Maximiliana Ñúñez-Łukaszewicz"


def _name_lines(page, first_word):
    """Return the text calls that print a name: its first line and the lines right below it."""
    calls = [c for c in record(page).calls if c.kind == "text"]
    out = []
    for i, c in enumerate(calls):
        if c.text.startswith(first_word):
            out = [c]
            for d in calls[i + 1:]:
                if abs(d.x - c.x) > 60 or d.y <= out[-1].y or d.y - out[-1].y > 20:
                    break
                out.append(d)
            return out
    return out


@pytest.mark.parametrize("per_page", [1, 2])
def test_a_long_name_wraps_to_two_lines_before_it_shrinks(per_page):
    page = _pad("crazy-like-a-fox", [LONG, "Bo", "Zoë"], per_page=per_page).pages[0]
    lines = _name_lines(page, "Maximiliana")
    # in the pad's 0.8 in tall name cell the whole name is printed, at the pad's 11 pt
    assert " ".join(c.text for c in lines).replace("- ", "-") == LONG
    assert 2 <= len(lines) <= 3 and all(c.size == 11 for c in lines)
    names_col = max(c.right for c in lines)
    rounds = min(c.x for c in record(page).calls if c.kind == "text" and c.text == "1")
    assert names_col < rounds


def test_a_name_too_long_for_two_lines_is_shortened_last():
    from printkit.draw.text import fit_lines

    fitted = fit_lines(LONG, fonts.BOLD, 11, 40, 24)
    assert fitted.size == 8 and fitted.shortened
    assert fit_lines(LONG, fonts.BOLD, 11, 200, 24).lines == (LONG,)
    assert fit_lines(LONG, fonts.BOLD, 11, 122, 30).lines == ("Maximiliana", "Ñúñez-Łukaszewicz")


def test_go_nuts_prints_its_target_and_a_tick_box_per_turn():
    doc = _pad("go-nuts", NAMES[:2], target=75)
    words = " ".join(_texts(doc))
    assert "first to 75 acorns wins" in words and "Target 75" in words
    ticks = [c for c in record(doc.pages[0]).calls if c.kind == "rect" and c.w == c.h and c.w < 12]
    turn_rows = [t for t in _texts(doc) if t.isdigit()]
    assert len(ticks) == 2 * len(turn_rows)


def test_crazy8ix_pad_prints_the_card_points_and_the_target():
    doc = _pad("crazy8ix", NAMES + ["Eve", "Fay", "Gus", "Hal"], target=500)
    words = " ".join(_texts(doc))
    assert "game to 500" in words and "fewest points wins" in words
    for what, points in crazy8ix.POINTS_TABLE:
        assert what in words and f"{points} points" in words


def test_crazy8ix_card_points_follow_the_ruling():
    assert [crazy8ix.card_points(c) for c in ("Y", "W", "X", "Z", "A", "E", "B", "star",
                                              "firecracker")] == [70, 50, 50, 50, 20, 20, 5, 10, 10]
    assert crazy8ix.match_window("X") == list("UVWXYZA")
    assert crazy8ix.matches("E", "U") and crazy8ix.matches("A", "X")
    assert not crazy8ix.matches("M", "A")


def test_dice_dice_baby_has_five_dice_per_player_and_an_odds_card():
    doc = _pad("dice-dice-baby", NAMES)
    assert len(doc.pages) == 2
    dice = [c for c in record(doc.pages[0]).calls if c.kind == "rect" and c.w == c.h == 24]
    assert len(dice) == 5 * len(NAMES)
    odds = " ".join(_texts(doc, 1))
    assert "odds card" in odds


def _brute_force_at_least(k: int, n: int) -> Fraction:
    """Count every way n six-sided dice can fall, with faces 'bid' and 'Baby' as hits."""
    hits = sum(1 for roll in product(range(6), repeat=n) if sum(f < 2 for f in roll) >= k)
    return Fraction(hits, 6**n)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 6])
def test_odds_match_an_independent_count(n):
    for k in range(1, n + 1):
        assert dice_dice_baby.chance_at_least(k, n) == _brute_force_at_least(k, n)


def _odds_cells(texts):
    return [t for t in texts if t.isdigit() or t in ("<1", ">99")]


def test_odds_card_prints_every_cell_for_the_dice_that_can_be_unseen():
    # ruling 5: four players with five dice each, less your own five: n is at most 15
    assert dice_dice_baby.MAX_TABLE_DICE == 15 == 5 * (GAMES["dice-dice-baby"].max_players - 1)
    texts = _texts(_pad("dice-dice-baby", count=2), 1)
    # n runs across the top (as on the rule summary), k down: row k holds n = k..15
    expected = [str(n) for n in range(1, 16)]
    for k in range(1, 16):
        for n in range(k, 16):
            p = sum(comb(n, i) * (1 / 3) ** i * (2 / 3) ** (n - i) for i in range(k, n + 1))
            expected.append(percent(p))
    assert _odds_cells(texts) == expected
    assert [t for t in texts if t.startswith("at least")] == [f"at least {k}" for k in range(1, 16)]


def test_odds_card_and_rule_summary_share_one_orientation():
    from printkit.draw.recording import RecordingCanvas
    from printkit.products.catalog import products_of

    canvas = RecordingCanvas(554, 2000)
    products_of("dice-dice-baby").aid("odds-table").draw(canvas, 554)
    rules_cells = [c for c in canvas.calls if c.kind == "text" and _odds_cells([c.text])]
    card_cells = [c for c in record(_pad("dice-dice-baby", count=2).pages[1]).calls
                  if c.kind == "text" and _odds_cells([c.text])]
    for cells in (rules_cells, card_cells):
        # the first 15 numbers are the heading, n = 1..15 left to right on one line
        heading = cells[:15]
        assert [c.text for c in heading] == [str(n) for n in range(1, 16)]
        assert len({c.y for c in heading}) == 1
        assert [c.x for c in heading] == sorted(c.x for c in heading)


def test_dice_dice_baby_raises_follow_the_ruling():
    assert dice_dice_baby.is_raise(5, 2, 6, 2)
    assert dice_dice_baby.is_raise(5, 4, 5, 5)
    assert dice_dice_baby.is_raise(5, 2, 6, 4)
    assert not dice_dice_baby.is_raise(5, 4, 6, 3)
    assert not dice_dice_baby.is_raise(5, 4, 5, 4)


@pytest.mark.parametrize("per_page, sheets", [(1, 3), (2, 3), (2, 1)])
def test_pages_count_sheets_of_paper(per_page, sheets):
    doc = _pad("crazy-like-a-fox", count=3, per_page=per_page, copies=sheets)
    size = (612, 792) if per_page == 1 else (792, 612)  # halves stand side by side
    assert page_sizes(doc.pdf_bytes()) == [size] * sheets
    assert text(doc.pdf_bytes()).count("Score pad ·") == per_page * sheets


@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_every_pad_of_a_sheet_has_its_footer(per_page):
    doc = _pad("go-nuts", NAMES, per_page=per_page, copies=2)
    for number, page in enumerate(doc.pages, start=1):
        texts = record(page).texts()
        assert texts.count(f"Letter 8.5 × 11 in · page {number} of 2") == per_page
        assert sum(t.startswith("printkit · Go Nuts!") for t in texts) == per_page


@pytest.mark.parametrize("paper", [LETTER, A4])
@pytest.mark.parametrize("game_id, rows", [("go-nuts", 9), ("crazy8ix", 7)])
def test_four_pads_for_four_players_fit_one_sheet(paper, game_id, rows):
    doc = _pad(game_id, NAMES, paper=paper, per_page=4)
    assert len(doc.pages) == 1
    calls = record(doc.pages[0]).calls
    texts = [c.text for c in calls if c.kind == "text"]
    for name in NAMES:
        assert texts.count(name) == 4
    assert sum(t.isdigit() for t in texts) >= 4 * rows  # every quarter has that many rows
    marks = [c for c in calls if c.kind == "line" and c.w == 0 and c.y < MARGIN]
    assert marks  # the cut between the quarters is marked in the margin


def test_dice_dice_baby_has_a_half_sheet_tracker_with_every_challenge():
    doc = _pad("dice-dice-baby", NAMES, per_page=2)
    assert len(doc.pages) == 2  # a sheet of two trackers, then the odds card
    calls = record(doc.pages[0]).calls
    texts = [c.text for c in calls if c.kind == "text"]
    assert texts.count("Dice Dice Baby") == 2
    for number in range(1, dice_dice_baby.max_challenges(4) + 1):
        assert texts.count(str(number)) >= 2
    dice = [c for c in calls if c.kind == "rect" and c.w == c.h == 24]
    assert len(dice) == 2 * 5 * len(NAMES)
    log_lines = [c for c in calls if c.kind == "line" and c.h == 0]
    from printkit.products.pads.dice_dice_baby import _HEAD_H

    rows = {round(b.y - a.y, 2) for a, b in pairwise(log_lines) if 0 < b.y - a.y < 40}
    assert rows - {_HEAD_H} and min(rows - {_HEAD_H}) >= 8 * MM - 0.05


def test_dice_dice_baby_odds_card_is_printed_once_after_the_trackers():
    doc = _pad("dice-dice-baby", count=3, copies=3)
    assert len(doc.pages) == 4
    assert any("odds card" in t for t in _texts(doc, 3))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dice_dice_baby_log_has_a_row_for_every_possible_challenge(players):
    texts = _texts(_pad("dice-dice-baby", count=players))
    # every challenge costs one die and the winner keeps at least one: 5n - 1 at most
    assert dice_dice_baby.max_challenges(players) == 5 * players - 1
    heading = texts.index("Lost a die")
    rows = [c for c in record(_pad("dice-dice-baby", count=players).pages[0]).calls
            if c.kind == "line" and c.h == 0 and c.w > 400]
    assert heading and len(rows) >= 5 * players - 1


def test_a_name_the_font_cannot_print_is_refused():
    from printkit.errors import PrintkitError

    with pytest.raises(PrintkitError, match="U\\+2603"):
        players_setup(GAMES["go-nuts"], ["Ana", "☃"], None, None)
    assert fonts.missing_characters("Zoë Ñúñez Łukasz") == []
