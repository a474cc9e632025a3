"""Score pads as a player checks them: names, rounds, boxes big enough to write in."""

from fractions import Fraction
from itertools import product
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
        gaps = [b - a for a, b in zip(ys, ys[1:])]
        short = [g for g in gaps if g < 8 * MM - 0.05]
        # a table's heading row (round numbers, column names) holds print, not handwriting
        assert len(short) <= 1 and all(g >= 14 for g in short), (per_page, gaps)
        assert len(gaps) - len(short) >= 4


@pytest.mark.parametrize("game_id", ["crazy-like-a-fox", "go-nuts", "crazy8ix", "dice-dice-baby"])
@pytest.mark.parametrize("paper", [LETTER, A4])
def test_nothing_is_drawn_outside_the_printable_area(game_id, paper):
    per_page = 1 if game_id == "dice-dice-baby" else 2
    for page in _pad(game_id, ["Maximiliana Ñúñez-Wojciechowska", "Bo", "Zoë"], paper=paper,
                     per_page=per_page, copies=2).pages:
        for call in record(page).calls:
            if call.kind == "text":
                assert MARGIN - 0.01 <= call.x and call.right <= paper.width - MARGIN + 0.01, call
                assert call.size >= 8, call


def test_long_names_shrink_or_shorten_inside_their_cell():
    long = "Maximiliana Ñúñez-Wojciechowska"
    texts = [c for c in record(_pad("crazy-like-a-fox", [long, "Bo", "Zoë"]).pages[0]).calls
             if c.kind == "text" and c.text.startswith("Maxim")]
    (name,) = texts
    assert name.size >= 8 and (name.text == long or name.text.endswith("…"))


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


def test_odds_card_prints_every_cell_for_n_up_to_20():
    texts = _texts(_pad("dice-dice-baby", count=2), 1)
    # 20 rows: row n has n cells; each is the rounded percentage of an independent sum
    cells = [t for t in texts if t.isdigit() or t in ("<1", ">99")]
    expected = []
    for n in range(1, 21):
        for k in range(1, n + 1):
            p = sum(comb(n, i) * (1 / 3) ** i * (2 / 3) ** (n - i) for i in range(k, n + 1))
            expected.append(percent(p))
    headers = [str(k) for k in range(1, 21)]
    assert cells[:20] == headers
    body = [t for t in cells[20:] if t]
    # row labels are interleaved: drop the label before each row
    flat, i = [], 0
    for n in range(1, 21):
        assert body[i] == str(n)
        flat += body[i + 1:i + 1 + n]
        i += 1 + n
    assert flat == expected


def test_dice_dice_baby_raises_follow_the_ruling():
    assert dice_dice_baby.is_raise(5, 2, 6, 2)
    assert dice_dice_baby.is_raise(5, 4, 5, 5)
    assert dice_dice_baby.is_raise(5, 2, 6, 4)
    assert not dice_dice_baby.is_raise(5, 4, 6, 3)
    assert not dice_dice_baby.is_raise(5, 4, 5, 4)


@pytest.mark.parametrize("per_page, copies, sheets", [(1, 3, 3), (2, 3, 2), (2, 4, 2)])
def test_several_pads_share_a_sheet(per_page, copies, sheets):
    doc = _pad("crazy-like-a-fox", count=3, per_page=per_page, copies=copies)
    assert len(doc.pages) == sheets
    assert page_sizes(doc.pdf_bytes()) == [(612, 792)] * sheets


def test_four_small_pads_fit_one_sheet_with_cut_marks():
    doc = _pad("go-nuts", count=2, paper=A4, per_page=4, copies=4)
    assert len(doc.pages) == 1
    calls = record(doc.pages[0]).calls
    assert sum(1 for c in calls if c.text == "Go Nuts!") == 4
    edge_marks = [c for c in calls if c.kind == "line" and (c.x == 0 or c.y == 0)]
    assert len(edge_marks) >= 2


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
