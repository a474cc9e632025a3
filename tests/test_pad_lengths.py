"""A pad lasts the whole game: its rows hold the 99th-percentile game, on one pad or several."""

import re

import pytest

from printkit.draw.paper import A4, LETTER
from printkit.draw.recording import record
from printkit.errors import PrintkitError
from printkit.games import crazy8ix, go_nuts
from printkit.games.catalog import GAMES
from printkit.products.score_pads import players_setup, score_pad


@pytest.mark.parametrize("players, target", [(2, 50), (4, 100), (3, 25)])
def test_go_nuts_rows_hold_99_games_in_100_for_the_most_cautious_banker(players, target):
    # a fresh seed: the line in go_nuts.turns_needed was fitted on other games
    cautious = min(go_nuts.BANK_AT)
    simulated = go_nuts.percentile_turns(players, target, cautious, games=600, seed=7)
    assert simulated <= go_nuts.turns_needed(players, target) <= simulated * 1.3 + 2


@pytest.mark.parametrize("players, target", [(2, 300), (5, 300), (8, 500), (3, 100)])
def test_crazy8ix_rows_hold_99_games_in_100(players, target):
    simulated = crazy8ix.percentile_hands(players, target, games=600, seed=7)
    assert simulated <= crazy8ix.hands_needed(players, target) <= simulated * 1.5 + 2


def test_a_longer_target_asks_for_more_rows():
    assert go_nuts.turns_needed(2, 100) > go_nuts.turns_needed(2, 50) + 10
    assert go_nuts.turns_needed(2, 200) > go_nuts.turns_needed(2, 100) + 20
    assert crazy8ix.hands_needed(4, 500) > crazy8ix.hands_needed(4, 300)


@pytest.mark.parametrize("paper", [LETTER, A4])
@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("game_id, players, target", [
    ("go-nuts", 2, 50), ("go-nuts", 4, 50), ("go-nuts", 2, 100), ("go-nuts", 3, 200),
    ("crazy8ix", 2, 300), ("crazy8ix", 4, 300), ("crazy8ix", 6, 500)])
def test_every_layout_holds_the_game(paper, per_page, game_id, players, target):
    game = GAMES[game_id]
    need = (go_nuts.turns_needed(players, target) if game_id == "go-nuts"
            else crazy8ix.hands_needed(players, target))
    try:
        doc = score_pad(game, players_setup(game, None, players, target), paper, per_page)
    except PrintkitError as err:  # a layout too narrow for the players says which one fits
        assert "use --per-page" in str(err)
        return
    pads = []
    for page in doc.pages:
        calls = record(page).calls
        for c in calls:
            if c.kind == "text" and re.fullmatch(r"(Go Nuts!|Crazy8ix)( \(\d+ of \d+\))?",
                                                 c.text):
                pads.append(c.text)
    parts = [int(m.group(1)) for t in pads if (m := re.search(r"\((\d+) of (\d+)\)", t))]
    # the pads of one game follow each other, 1 of n to n of n
    if parts:
        n = max(parts)
        assert parts == list(range(1, n + 1)) * (len(parts) // n)
    numbers = [int(t) for page in doc.pages for t in record(page).texts() if t.isdigit()]
    assert max(numbers) >= need


def test_four_quarter_pads_for_a_game_to_50_print_two_whole_games_on_the_sheet():
    game = GAMES["go-nuts"]
    doc = score_pad(game, players_setup(game, None, 2, None), LETTER, 4)
    assert len(doc.pages) == 1
    texts = record(doc.pages[0]).texts()
    assert texts.count("Go Nuts! (1 of 2)") == 2 and texts.count("Go Nuts! (2 of 2)") == 2
    need = go_nuts.turns_needed(2, 50)
    assert str(need) in texts  # the second pad numbers its turns on from the first


def test_a_target_of_200_goes_on_over_several_full_pages():
    game = GAMES["go-nuts"]
    doc = score_pad(game, players_setup(game, None, 4, 200), LETTER, 1)
    need = go_nuts.turns_needed(4, 200)
    texts = [t for page in doc.pages for t in record(page).texts()]
    assert len(doc.pages) == sum(t.startswith("Go Nuts! (") for t in texts) >= 3
    assert str(need) in texts
    assert "first to 200 acorns wins" in " ".join(texts)


def test_a_name_too_long_for_a_quarter_pad_is_refused_naming_the_layouts_that_fit(cli,
                                                                                 tmp_path):
    out = tmp_path / "pad.pdf"
    result = cli("sheet", "crazy8ix", "--per-page", "4", "--players",
                 "Featherstonehaugh-Cholmondeley,Bo,Al,Ed,Mo", "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr == ("printkit: error: the name 'Featherstonehaugh-Cholmondeley' does "
                             "not fit its box on the Crazy8ix pad at 4 per page on letter "
                             "paper; use --per-page 1 or 2\n")
    assert not out.exists()
    # the same name on a half sheet prints whole, broken inside the word
    assert cli("sheet", "crazy8ix", "--per-page", "2", "--players",
               "Featherstonehaugh-Cholmondeley,Bo,Al,Ed,Mo", "-o", str(out)).exit_code == 0
