"""The command line's help and its suggestion for a mistyped command, as a person reads them."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from printkit.cli import app
from printkit.games.catalog import GAMES

# terminal widths the help is read at: a spread, with the usual 80
WIDTHS = [*range(50, 101, 7), 80]
COMMANDS = ["kit", "sheet", "deck", "rules", "validate", "scan", "simulate", "serve", "games"]


def _help(*args: str, width: int = 80) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], prog_name="printkit",
                                terminal_width=width, catch_exceptions=False)
    assert result.exit_code == 0
    return result.stdout


@pytest.mark.parametrize("typo, command", [("valdate", "validate"), ("sheets", "sheet")])
def test_a_mistyped_command_is_suggested_once(cli, typo, command):
    result = cli(typo, "x")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (f"printkit: error: No such command '{typo}'. "
                             f"Did you mean '{command}'?\n")


def test_a_command_nothing_resembles_gets_no_suggestion(cli):
    result = cli("zzzz")
    assert result.exit_code == 2
    assert result.stderr == "printkit: error: No such command 'zzzz'.\n"


@pytest.mark.parametrize("width", [60, 80, 100])
def test_top_level_help_describes_every_command_whole(width):
    commands = _help(width=width).split("Commands:")[1]
    assert "..." not in commands
    listed = " ".join(commands.split())
    for name in COMMANDS:
        first_sentence = _help(name).split("\n\n")[1]  # under the usage line
        first_sentence = " ".join(first_sentence.split()).split(". ")[0]
        assert f"{name} {first_sentence}" in listed


def test_top_level_help_lists_the_commands_in_the_order_a_host_meets_them():
    text = _help().split("Commands:")[1]
    names = [line.split()[0] for line in text.splitlines() if line.startswith("  ")
             and not line.startswith("   ")]
    assert names == COMMANDS


@pytest.mark.parametrize("command", COMMANDS)
def test_help_never_breaks_a_line_after_a_hyphen(command):
    for width in WIDTHS:
        text = _help(command, width=width)
        for line in text.splitlines():
            assert not re.search(r"\w-$", line.rstrip()), (width, line)


@pytest.mark.parametrize("command", ["sheet", "rules"])
def test_every_game_id_stands_whole_on_one_line_of_help(command):
    for width in WIDTHS:
        lines = _help(command, width=width).splitlines()
        for game in GAMES:
            assert any(re.search(rf"(^|[\s,(]){game}([\s,.)]|$)", line) for line in lines), \
                (width, game)


def test_help_keeps_its_paragraphs_and_the_space_before_a_default():
    text = _help("sheet")
    assert "Paper size.  [default: letter]" in text
    assert text.startswith("Usage: printkit sheet [OPTIONS] GAME\n\n  Print a score pad")
