"""The command line as a person uses it: what it writes, what it says, how it fails."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import page_sizes, text

ROOT = Path(__file__).resolve().parent.parent


def test_sheet_writes_a_pad_with_the_players_names(cli, tmp_path):
    out = tmp_path / "pad.pdf"
    result = cli("sheet", "go-nuts", "--players", "Ana,Ben,Zoë", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert f"wrote {out} (1 page)" in result.stdout
    assert {"Ana", "Ben", "Zoë"} <= set(text(out).split())


def test_sheet_into_a_folder_uses_the_products_file_name(cli, tmp_path):
    result = cli("sheet", "crazy8ix", "--count", "6", "--paper", "a4", "-o", str(tmp_path) + "/")
    assert result.exit_code == 0, result.output
    (pdf,) = tmp_path.glob("*.pdf")
    assert pdf.name == "crazy8ix-pad-1up-a4.pdf"
    assert page_sizes(pdf) == [pytest.approx((595.28, 841.89), abs=0.005)]


def test_pages_counts_sheets_of_paper(cli, tmp_path):
    out = tmp_path / "p.pdf"
    assert cli("sheet", "crazy-like-a-fox", "--pages", "3", "--per-page", "2", "-o",
               str(out)).exit_code == 0
    assert len(page_sizes(out)) == 3 and text(out).count("Score pad ·") == 6


def test_one_sheet_unless_told_how_many(cli, tmp_path):
    out = tmp_path / "p.pdf"
    assert cli("sheet", "go-nuts", "--count", "2", "--per-page", "4", "-o", str(out)).exit_code == 0
    assert len(page_sizes(out)) == 1 and text(out).count("Score pad ·") == 4


def test_the_file_name_says_how_many_pads_a_sheet_holds(cli, tmp_path):
    for per_page in ("1", "2"):
        assert cli("sheet", "go-nuts", "--per-page", per_page, "-o",
                   str(tmp_path) + "/").exit_code == 0
    # a 2-up pad does not replace the kit's 1-up pad
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == [
        "go-nuts-pad-1up-letter.pdf", "go-nuts-pad-2up-letter.pdf"]


def test_kit_writes_the_four_pads_and_says_what_it_wrote(cli, tmp_path):
    result = cli("kit", "--players", "Ana,Ben,Zoë,Łukasz", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in tmp_path.iterdir())
    for name in ("crazy-like-a-fox-pad-1up-letter.pdf", "go-nuts-pad-1up-letter.pdf",
                 "crazy8ix-pad-1up-letter.pdf", "dice-dice-baby-pad-1up-letter.pdf"):
        assert name in written
        assert f"{tmp_path / name} (" in result.stdout
    assert "Łukasz" in text(tmp_path / "go-nuts-pad-1up-letter.pdf")


def test_kit_skips_games_the_players_cannot_play_and_says_why(cli, tmp_path):
    result = cli("kit", "--count", "6", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "skipped Crazy Like a Fox score pad: the game is for 3-5 players, not 6" in result.stdout
    assert (tmp_path / "crazy8ix-pad-1up-letter.pdf").exists()
    assert not (tmp_path / "go-nuts-pad-1up-letter.pdf").exists()


def test_games_lists_ids_names_player_ranges_and_products(cli):
    result = cli("games")
    assert result.exit_code == 0
    for line in ("crazy-like-a-fox  Crazy Like a Fox (3-5 players)",
                 "dice-dice-baby    Dice Dice Baby (2-4 players)",
                 "fox-and-rabbit    The Fox and the Rabbit (1 player)"):
        assert line in result.stdout
    assert "odds card" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["sheet", "chess"], "Invalid value for 'GAME': 'chess' is not one of 'crazy-like-a-fox', "
                         "'crazy8ix'"),
    (["sheet", "go-nuts", "--count", "9"], "Go Nuts! is for 2-4 players (not 9)"),
    (["sheet", "crazy-like-a-fox", "--players", "Ana,Ben"],
     "Crazy Like a Fox is for 3-5 players (not 2)"),
    (["sheet", "go-nuts", "--paper", "legal"],
     "Invalid value for '--paper': 'legal' is not one of 'letter', 'a4'"),
    (["sheet", "go-nuts", "--players", "Ana,,Ben"], "name 2 of 3 is empty"),
    (["sheet", "go-nuts", "--players", "Ana,ana"], "'ana' is listed twice"),
    (["sheet", "go-nuts", "--players", "Ana,Bob☃"], "'☃' (U+2603)"),
    (["sheet", "crazy-like-a-fox", "--per-page", "4"], "does not fit 4 per page"),
    (["sheet", "crazy-like-a-fox", "--per-page", "3"], "--per-page must be one of 1, 2, 4"),
    (["sheet", "dice-dice-baby", "--target", "40"], "--target does not apply to Dice Dice Baby"),
    (["sheet", "go-nuts", "--pages", "0"], "--pages must be between 1 and 10,000 sheets"),
    (["sheet", "go-nuts", "--pages", "10001"], "--pages must be between 1 and 10,000 sheets"),
    (["kit", "--paper", "tabloid"], "'tabloid' is not one of 'letter', 'a4'"),
])
def test_bad_input_is_one_line_exit_2_and_no_file(cli, tmp_path, args, message):
    out = ["-o", str(tmp_path / "x.pdf")] if args[0] == "sheet" else ["-o", str(tmp_path / "k")]
    result = cli(*args, *out)
    assert result.exit_code == 2
    assert result.stderr.startswith("printkit: error: ")
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    assert not list(tmp_path.rglob("*.pdf"))


def test_a_folder_that_cannot_be_written_is_refused(cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = cli("kit", "-o", str(blocker / "kit"))
    assert result.exit_code == 2
    assert "cannot create folder" in result.stderr and str(blocker) in result.stderr


def test_a_failed_write_leaves_no_partial_file(tmp_path, monkeypatch):
    from printkit import output

    calls = {"n": 0}
    real_replace = os.replace

    def flaky_replace(src, dst):
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device", str(dst))
        real_replace(src, dst)

    monkeypatch.setattr(output.os, "replace", flaky_replace)
    with pytest.raises(Exception, match="No space left"):
        output.write_files({tmp_path / "a.pdf": b"a", tmp_path / "b.pdf": b"b"})
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "a.pdf"]
    assert leftovers == []  # no .part file and no half-written b.pdf


def test_unknown_option_is_a_usage_error_with_status_2(cli):
    result = cli("sheet", "go-nuts", "--bogus")
    assert result.exit_code == 2
    assert "No such option" in result.output and "--bogus" in result.output


def test_python_dash_m_printkit_runs_the_same_cli(tmp_path):
    done = subprocess.run([sys.executable, "-m", "printkit", "games"], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    assert "go-nuts" in done.stdout


def test_installed_printkit_runs_from_another_folder(tmp_path):
    """`./dev test` installs printkit (not editable) into the venv: its data must travel too."""
    script = Path(sys.executable).with_name("printkit")
    if not script.exists():
        pytest.fail(f"{script} is missing: run the tests with ./dev test, which installs printkit")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([str(script), "sheet", "go-nuts", "--players", "Zoë,Ñúñez", "-o",
                           str(tmp_path / "pad.pdf")], cwd=tmp_path, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    located = subprocess.run([str(script.with_name("python")), "-c",
                              "import printkit.resources as r; print(r.data_dir('fonts'))"],
                             cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    assert "site-packages" in located.stdout and "_data" in located.stdout
    assert "Ñúñez" in text(tmp_path / "pad.pdf")
