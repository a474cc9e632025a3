"""What a careless or hostile input does, and what a person then sees.

Kills, crashes and two runs at once are in test_kills.py.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from printkit.draw.impose import MARGIN
from printkit.draw.paper import LETTER
from printkit.draw.recording import record
from printkit.games.catalog import GAMES
from printkit.games.crazy8ix_deck import default_deck_path
from printkit.products.rules.summary import rule_summary
from printkit.resources import template_path

CLASSIC = template_path("fox-and-rabbit", "classic.toml")
GO_NUTS_RULES = template_path("rules", "go-nuts.md")


def files_under(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def one_line_error(result, *parts: str) -> None:
    """Assert a run failed as printkit fails: exit 2, one line naming what and where."""
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("printkit: error: "), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.output
    for part in parts:
        assert part in result.stderr


# -- a map's name goes into a file name ------------------------------------------------------------
@pytest.mark.parametrize("name", ["/../../escaped", "../escaped", "a/b", "variant 1", "x.y",
                                  "é"])
def test_a_map_name_that_is_not_a_plain_word_is_refused(cli, tmp_path, name):
    evil = tmp_path / "evil.toml"
    evil.write_text(CLASSIC.read_text("utf-8").replace('name = "classic"', f'name = "{name}"'),
                    encoding="utf-8")
    out = tmp_path / "deep" / "out"
    result = cli("sheet", "fox-and-rabbit", "--map", str(evil), "-o", f"{out}/")
    one_line_error(result, "evil.toml: the map name", "is not a plain word")
    assert files_under(tmp_path) == ["evil.toml"]  # nothing written, no folder made


def test_a_plain_map_name_names_the_sheet(cli, tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text(CLASSIC.read_text("utf-8").replace('name = "classic"', 'name = "my-map_2"'),
                    encoding="utf-8")
    result = cli("sheet", "fox-and-rabbit", "--map", str(mine), "-o", f"{tmp_path}/")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "fox-and-rabbit-easy-my-map_2-letter.pdf").exists()


def test_a_printer_profile_name_becomes_a_plain_word(tmp_path):
    from printkit.products.deck.printers import load_printer

    path = tmp_path / "..  My Shop!.toml"
    path.write_text('name = "Shop"\noutput = "png"\ntrim_in = [2.5, 3.5]\nbleed_in = 0.125\n'
                    'safe_in = 0.125\ndpi = 300\npixels = [825, 1125]\n', encoding="utf-8")
    assert load_printer(str(path)).id == "my-shop"


def test_a_help_card_title_never_reaches_a_file_name_unplain(cli, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(default_deck_path().read_text("utf-8").replace('title = "A"', 'title = "Ä"'),
                    encoding="utf-8")
    result = cli("deck", "--deck", str(deck), "--format", "svg", "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    names = os.listdir(tmp_path / "out" / "crazy8ix-svg")
    assert all(n.isascii() and "/" not in n for n in names)


# -- the size and kind of a person's files ---------------------------------------------------------
def _file_options(path: str) -> dict[str, list[str]]:
    return {
        "--deck": ["deck", "--deck", path],
        "--map": ["sheet", "fox-and-rabbit", "--map", path],
        "--printer": ["deck", "--format", "pod", "--printer", path],
        "--template": ["rules", "go-nuts", "--template", path],
    }


@pytest.mark.parametrize("option", ["--deck", "--map", "--printer", "--template"])
def test_an_oversized_file_is_refused_before_it_is_read(cli, tmp_path, option):
    big = tmp_path / ("big.md" if option == "--template" else "big.toml")
    with big.open("wb") as handle:  # sparse: 2 GB that takes no room on the disk
        handle.truncate(2_000_000_000)
    result = cli(*_file_options(str(big))[option], "-o", str(tmp_path / "out") + "/")
    one_line_error(result, str(big), "is larger than 1 MB")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("option", ["--deck", "--map", "--printer", "--template"])
@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_a_file_that_is_not_regular_is_refused(cli, tmp_path, option, kind):
    if kind == "device":
        path = "/dev/zero"
    else:
        path = str(tmp_path / ("pipe.md" if option == "--template" else "pipe.toml"))
        os.mkfifo(path)  # no writer: a reader that waits for one would hang here
    result = cli(*_file_options(path)[option], "-o", str(tmp_path / "out") + "/")
    one_line_error(result, path, "is not a regular file")


# -- a rule template's layout takes time in proportion to what fits --------------------------------
def _long_template(paragraphs: int) -> str:
    head, _, rest = GO_NUTS_RULES.read_text("utf-8").partition("\n## ")
    body = "## " + rest
    at = body.index("## Clarifications")
    filler = "A long paragraph of rules that fills the page. " * 10 + "\n\n"
    return head + "\n" + body[:at] + filler * paragraphs + body[at:]


def test_a_template_far_too_long_is_given_up_early_naming_its_line(tmp_path, monkeypatch):
    from printkit.draw import richtext
    from printkit.errors import TemplateError
    from printkit.products.rules import layout

    path = tmp_path / "long.md"
    path.write_text(_long_template(2000), encoding="utf-8")
    wrapped = []
    real_wrap = richtext.wrap

    def counting_wrap(*args, **kwargs):
        wrapped.append(1)
        return real_wrap(*args, **kwargs)

    monkeypatch.setattr(layout, "wrap", counting_wrap)
    with pytest.raises(TemplateError, match=r"long.md: page 1 does not fit even with 9 pt "
                                            r"text: by line \d+ it already holds more"):
        rule_summary(GAMES["go-nuts"], LETTER, path)
    # two layouts (10.5 pt, then 9 pt) of about two pages' worth, not 7 of 2,000 paragraphs
    assert len(wrapped) < 300


def test_balanced_columns_are_the_best_split(monkeypatch):
    """The linear balance finds the split a brute-force search finds."""
    from printkit.products.rules.layout import _Slice, balance

    rng = random.Random(12)
    for _ in range(200):
        items = [_Slice("paragraph", rng.uniform(5, 80), lambda c, x, y: None,
                        rng.choice((0.0, 4.0)), rng.random() < 0.2)
                 for _ in range(rng.randint(1, 12))]
        left, right = balance(items, "x")

        def height(column):
            return sum(s.height + (s.space_before if i else 0) for i, s in enumerate(column))

        splits = [k for k in range(1, len(items) + 1)
                  if k == len(items) or not items[k - 1].keep_with_next]
        best = min(max(height(items[:k]), height(items[k:])) for k in splits)
        assert max(height(left), height(right)) == pytest.approx(best, abs=0.011)
        assert left + right == items


# -- what a long-running process keeps of the maps it played ---------------------------------------
def test_the_players_caches_are_bounded_for_all_maps_together():
    # each seeded variant's candidates is a map of its own, with its planners' entries: the
    # caches are functools.lru_caches bounded for all maps together, so however many maps a
    # process (printkit serve) meets, what it keeps stays within the bounds
    from printkit.games.fox_rabbit.players import compiled_map, game, planner, rolls
    from printkit.games.fox_rabbit.simulate import simulate
    from printkit.games.fox_rabbit.variant_maps import candidate

    before = planner.decide.cache_info().currsize
    for attempt in range(6):
        simulate(candidate(7, attempt), "easy", 60, 1, "greedy")
    # the maps share the one cache (unless earlier games filled it)
    assert planner.decide.cache_info().currsize in range(before + 1, planner.DECISIONS + 1) \
        or before == planner.DECISIONS
    for cache, bound in ((planner.decide, planner.DECISIONS), (planner._chains, planner.CHAINS),
                         (rolls.roll_table, 1 << 15), (compiled_map.compiled, 8),
                         (compiled_map._tunnels, 4096), (planner.planner, 64),
                         (game.player_for, 64)):
        info = cache.cache_info()
        assert info.maxsize == bound and info.currsize <= bound, cache


# -- a symbolic link where printkit writes a folder ------------------------------------------------
def test_a_symlinked_card_folder_is_refused_and_its_target_left_alone(cli, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "crazy8ix-999-Q.png").write_bytes(b"someone's")
    (elsewhere / "notes.txt").write_text("keep")
    out = tmp_path / "out"
    out.mkdir()
    (out / "crazy8ix-tgc").symlink_to(elsewhere)
    result = cli("deck", "--printer", "tgc", "-o", str(out))
    one_line_error(result, str(out / "crazy8ix-tgc"), "is a symbolic link")
    assert sorted(os.listdir(elsewhere)) == ["crazy8ix-999-Q.png", "notes.txt"]
    assert (elsewhere / "crazy8ix-999-Q.png").read_bytes() == b"someone's"


# -- a trailing slash means a folder ---------------------------------------------------------------
@pytest.mark.parametrize("args, name", [
    (["sheet", "go-nuts"], "go-nuts-pad-1up-letter.pdf"),
    (["rules", "go-nuts"], "go-nuts-rules-letter.pdf"),
    (["sheet", "fox-and-rabbit"], "fox-and-rabbit-easy-letter.pdf"),
])
def test_an_out_path_ending_in_a_slash_is_a_new_folder(cli, tmp_path, args, name):
    result = cli(*args, "-o", f"{tmp_path}/newdir/")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "newdir").is_dir()
    assert os.listdir(tmp_path / "newdir") == [name]


@pytest.mark.parametrize("args", [["kit"], ["deck"]])
def test_folder_commands_take_a_trailing_slash_too(cli, tmp_path, args):
    result = cli(*args, "-o", f"{tmp_path}/newdir/")
    assert result.exit_code == 0, result.output
    assert "crazy8ix-deck-letter.pdf" in os.listdir(tmp_path / "newdir")


# -- every output path is checked before the work --------------------------------------------------
@pytest.mark.parametrize("option", ["--plot", "--dump"])
def test_simulate_checks_where_it_writes_before_it_plays(cli, tmp_path, option):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    where = str(blocker / ("x.png" if option == "--plot" else "games"))
    result = cli("simulate", "--games", "200", option, where)
    one_line_error(result, str(blocker), "is a file")
    assert "played" not in result.stderr  # refused before a single game


def test_simulate_refuses_a_plot_path_ending_in_a_slash(cli, tmp_path):
    result = cli("simulate", "--games", "10", "--plot", f"{tmp_path}/plot.png/")
    one_line_error(result, "give a file name ending in .png")
    assert os.listdir(tmp_path) == []


# -- no folder is made before the options are checked ----------------------------------------------
@pytest.mark.parametrize("args", [
    ["kit", "--players", "Ana,,Ben"],
    ["kit", "--count", "99"],
    ["deck", "--offset", "9,9"],
    ["deck", "--deck", "missing.toml"],
    ["sheet", "go-nuts", "--count", "9"],
    ["rules", "go-nuts", "--template", "missing.md"],
    ["simulate", "--games", "0", "--dump"],
])
def test_a_bad_option_leaves_no_folder_behind(cli, tmp_path, args):
    new = tmp_path / "new" / "deeper"
    out = [str(new)] if args[-1] == "--dump" else ["-o", f"{new}/"]
    result = cli(*args, *out)
    assert result.exit_code == 2, result.output
    assert os.listdir(tmp_path) == []


# -- characters that would vanish from a name ------------------------------------------------------
@pytest.mark.parametrize("char, name", [
    ("\u0085", "U+0085"), ("\u2028", "U+2028 (LINE SEPARATOR)"),
    ("\u3000", "U+3000 (IDEOGRAPHIC SPACE)"), ("\u200b", "U+200B (ZERO WIDTH SPACE)"),
    ("\t", "U+0009"), ("\u00a0", "U+00A0 (NO-BREAK SPACE)"),
])
def test_invisible_characters_in_a_name_are_refused_by_code_point(cli, tmp_path, char, name):
    result = cli("sheet", "go-nuts", "--players", f"Ana{char}Bo,Ben", "-o", str(tmp_path) + "/")
    one_line_error(result, "--players", name)
    assert os.listdir(tmp_path) == []


def test_invisible_characters_in_a_deck_title_are_refused(cli, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(default_deck_path().read_text("utf-8").replace(
        'title = "Crazy8ix"', 'title = "Crazy\u20288ix"'), encoding="utf-8")
    result = cli("deck", "--deck", str(deck), "-o", str(tmp_path / "out"))
    one_line_error(result, "the [back] title", "U+2028")


# -- a word longer than a column -------------------------------------------------------------------
def test_a_long_word_is_broken_inside_the_page(tmp_path):
    word = "Supercalifragilistic" * 8  # 160 letters
    path = tmp_path / "long-word.md"
    path.write_text(GO_NUTS_RULES.read_text("utf-8").replace(
        "## Goal\n", f"## Goal\n{word} and more.\n\n", 1), encoding="utf-8")
    doc = rule_summary(GAMES["go-nuts"], LETTER, path)
    calls = [c for page in doc.pages for c in record(page).calls if c.kind == "text"]
    assert max(c.right for c in calls) <= LETTER.width - MARGIN + 0.5
    printed = "".join(c.text for c in calls)
    assert printed.count("Supercalifragilistic") == 8  # every letter printed, in order


# -- the CLI's conventions -------------------------------------------------------------------
COMMANDS = ["kit", "sheet", "deck", "rules", "validate", "simulate", "games"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_is_plain_and_h_works_as_help_does(cli, command):
    long = cli(command, "--help")
    short = cli(command, "-h")
    assert long.exit_code == short.exit_code == 0
    assert long.stdout == short.stdout
    assert "\\[" not in long.stdout


def test_help_shows_defaults_and_required_without_escapes(cli):
    help_text = cli("sheet", "--help").stdout
    assert "[default: letter]" in help_text and "[required]" in help_text
    assert "\\[default" not in help_text and "\\[required" not in help_text


@pytest.mark.parametrize("command, listed", [
    (["sheet"], ["crazy-like-a-fox, crazy8ix, go-nuts, dice-dice-baby, fox-and-rabbit",
                 "--paper [letter|a4]", "--mode [easy|hard|super-hard]"]),
    (["rules"], ["fox-and-rabbit (see `printkit games`); or all", "--paper [letter|a4]"]),
    (["deck"], ["--format [pnp|pod|svg|tts]", "--printer [drivethrucards|mpc|tgc|PROFILE.toml]",
                "--duplex [long|short|none]", "--paper [letter|a4]"]),
    (["kit"], ["--paper [letter|a4]"]),
    (["simulate"], ["--strategy [random|greedy|careful]", "--mode [easy|hard|super-hard]"]),
    (["validate"], ["--mode [easy|hard|super-hard]"]),
])
def test_choices_are_listed_in_help(cli, command, listed):
    help_text = "".join(cli(*command, "--help").stdout.split())  # wrapped anywhere
    for choice in listed:
        assert "".join(choice.split()) in help_text


@pytest.mark.parametrize("args, message", [
    (["sheet", "go-nuts", "--count", "x"], "Invalid value for '--count': 'x' is not a valid "
                                           "integer"),
    (["sheet", "go-nuts", "--bogus"], "No such option"),
    (["sheet"], "Missing argument 'GAME'"),
    (["deck", "--format", "pdf"], "'pdf' is not one of 'pnp', 'pod', 'svg'"),
    (["deck", "--printer", "kinkos"], "'kinkos' is not one of 'drivethrucards', 'mpc', 'tgc'"),
    (["simulate", "--strategy", "clever"], "'clever' is not one of 'random', 'greedy', 'careful'"),
    (["nonsense"], "No such command 'nonsense'"),
    (["kit", "extra"], "unexpected extra argument"),
])
def test_usage_errors_are_one_line_like_printkits_own(cli, args, message):
    one_line_error(cli(*args), message)


def test_bare_printkit_prints_help_on_standard_output(cli):
    result = cli()
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: ") and "COMMAND" in result.stdout
    assert "sheet" in result.stdout and result.stderr == ""


def test_shell_completion_is_on(cli, monkeypatch):
    assert "--install-completion" in cli("--help").stdout
    monkeypatch.setenv("_PRINTKIT_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", "printkit sheet go")
    monkeypatch.setenv("COMP_CWORD", "2")
    from click.testing import CliRunner
    from typer.main import get_command

    from printkit.cli import app

    result = CliRunner().invoke(get_command(app), [], prog_name="printkit")
    assert result.output.split() == ["go-nuts"]


def test_printer_without_format_means_pod(cli, tmp_path):
    result = cli("deck", "--printer", "mpc", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "crazy8ix-mpc" / "crazy8ix-manifest.csv").exists()


def test_validate_blank_takes_a_variant(cli):
    result = cli("validate", "--blank", "--variant", "3", "--mode", "hard")
    assert result.exit_code == 0, result.output
    assert "map: variant-3\nmode: hard\n" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["validate", "run.yaml", "--blank"], "--blank prints a new document and checks nothing"),
    (["validate", "run.yaml", "--schema"], "--schema prints a new document"),
    (["validate", "run.yaml", "--variant", "3"], "--variant apply to --blank"),
    (["validate", "--blank", "--variant", "0"], "--variant must be between 1 and 999999"),
])
def test_validate_refuses_options_it_would_ignore(cli, args, message):
    one_line_error(cli(*args), message)


# -- the bad-input paragraph of docs/commands.md, for every command ------------------------------
def test_every_bad_command_line_of_the_hardening_script_is_one_line_and_leaves_nothing(
        cli, tmp_path, monkeypatch):
    from bench.harden import Files, bad_command_lines

    files = Files(tmp_path)
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    before = files_under(tmp_path)
    lines = bad_command_lines(files)
    assert {args[0] for args, _ in lines} >= set(COMMANDS)
    wrong = []
    for args, expect in lines:
        result = cli(*args)
        ok = (result.exit_code == 2 and result.stderr.startswith("printkit: error: ")
              and result.stderr.count("\n") == 1 and expect in result.stderr
              and result.stdout == "" and files_under(tmp_path) == before)
        if not ok:
            wrong.append((args, result.exit_code, result.stderr))
    assert not wrong, "\n".join(map(str, wrong))
