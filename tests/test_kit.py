"""`printkit kit` as a host uses it: some of the games, one print job, a night for one."""

from __future__ import annotations

import pytest

from tests.helpers import reader, text


def _files(folder):
    return sorted(p.name for p in folder.glob("*.pdf"))


def test_only_narrows_the_kit_to_those_games(cli, tmp_path):
    result = cli("kit", "--count", "3", "--only", "go-nuts,crazy8ix", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert _files(tmp_path) == ["crazy8ix-deck-letter.pdf", "crazy8ix-pad-1up-letter.pdf",
                                "go-nuts-pad-1up-letter.pdf", "rules-letter.pdf"]
    rules = text(tmp_path / "rules-letter.pdf")
    assert "Go Nuts!" in rules and "Crazy8ix (Amérix)" in rules
    assert "Crazy Like a Fox" not in rules and "Dice Dice Baby" not in rules
    assert len(reader(tmp_path / "rules-letter.pdf").pages) == 2


def test_only_the_solitaire_game(cli, tmp_path):
    result = cli("kit", "--only", "fox-and-rabbit", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert _files(tmp_path) == ["fox-and-rabbit-easy-letter.pdf", "fox-and-rabbit-hard-letter.pdf",
                                "fox-and-rabbit-super-hard-letter.pdf", "rules-letter.pdf"]


@pytest.mark.parametrize("args", [["--count", "1"], ["--players", "Zoë"]])
def test_a_kit_for_one_player_prints_the_solitaire_sheets_and_rules(cli, tmp_path, args):
    result = cli("kit", *args, "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert _files(tmp_path) == ["fox-and-rabbit-easy-letter.pdf", "fox-and-rabbit-hard-letter.pdf",
                                "fox-and-rabbit-super-hard-letter.pdf", "rules-letter.pdf"]
    rules = text(tmp_path / "rules-letter.pdf")
    assert "The Fox and the Rabbit" in rules and "Go Nuts!" not in rules
    assert "skipped Go Nuts! score pad: the game is for 2-4 players, not 1" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["--only", "chess"], "unknown game 'chess'"),
    (["--only", "go-nuts,,crazy8ix"], "--only: expected game ids separated by commas"),
    (["--only", "crazy-like-a-fox", "--count", "2"],
     "no game in the kit can be played by 2 players: Crazy Like a Fox score pad: the game is "
     "for 3-5 players, not 2"),
])
def test_a_kit_that_cannot_be_made_is_refused(cli, tmp_path, args, message):
    result = cli("kit", *args, "-o", str(tmp_path))
    assert result.exit_code == 2 and message in result.stderr
    assert result.stderr.count("\n") == 1
    assert not list(tmp_path.glob("*.pdf"))


def test_single_pdf_is_one_print_job_with_each_part_on_a_fresh_sheet(cli, tmp_path):
    result = cli("kit", "--count", "4", "--single-pdf", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert _files(tmp_path) == ["kit-letter.pdf"]
    pages = reader(tmp_path / "kit-letter.pdf").pages
    assert f"kit-letter.pdf ({len(pages)} pages)" in result.stdout
    assert len(pages) % 2 == 0
    starts = {}
    for number, page in enumerate(pages, start=1):
        words = page.extract_text()
        for part in ("Crazy Like a Fox", "Go Nuts!", "Crazy8ix · print-and-play deck",
                     "Dice Dice Baby", "FARMER BROWN", "Rule summaries"):
            if part in words:
                starts.setdefault(part, number)
    assert len(starts) == 6, starts
    # printed on both sides, each part begins on the front of a sheet
    assert all(number % 2 == 1 for number in starts.values()), starts
    # the deck's backs still face their fronts: its sheets of fronts are odd pages
    deck = starts["Crazy8ix · print-and-play deck"]
    assert "fronts of cards 1-" in pages[deck + 1].extract_text()
