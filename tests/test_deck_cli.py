"""`printkit deck` through the command line: what it writes, and how it refuses bad input."""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from typer.testing import CliRunner

from printkit.cli import app
from printkit.cli.progress import DelayedProgress
from printkit.games.crazy8ix_deck import default_deck_path

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["deck", *args])
    return result.exit_code, result.stdout, result.stderr


def files_under(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_default_is_the_print_and_play_pdf(tmp_path: Path) -> None:
    code, out, err = run("-o", str(tmp_path))
    assert code == 0, err
    pdf = tmp_path / "crazy8ix-deck-letter.pdf"
    assert f"wrote {pdf} (28 pages: 104 cards, double-sided, flipped on the long edge)" in out
    assert len(PdfReader(pdf).pages) == 28
    assert list(tmp_path.iterdir()) == [pdf]


def test_pnp_options(tmp_path: Path) -> None:
    code, _, err = run("--paper", "a4", "--duplex", "short", "--offset", "0.5,-1",
                       "-o", str(tmp_path))
    assert code == 0, err
    reader = PdfReader(tmp_path / "crazy8ix-deck-a4-short-edge.pdf")
    assert float(reader.pages[0].mediabox.width) == pytest.approx(595.28, abs=0.01)
    assert "+0.5, -1.0 mm" in reader.pages[0].extract_text()


def test_a_negative_offset_can_follow_the_option(tmp_path: Path) -> None:
    code, _, err = run("--offset", "-1,2", "-o", str(tmp_path))
    assert code == 0, err


def test_tgc_export(tmp_path: Path) -> None:
    code, out, err = run("--format", "pod", "--printer", "tgc", "-o", str(tmp_path))
    assert code == 0, err
    folder = tmp_path / "crazy8ix-tgc"
    pngs = sorted(folder.glob("*.png"))
    assert len(pngs) == 33  # a file per distinct face, and the back
    assert Image.open(pngs[0]).size == (825, 1125)
    rows = list(csv.DictReader(io.StringIO((folder / "crazy8ix-manifest.csv").read_text())))
    assert sorted(r["file"] for r in rows) == [p.name for p in pngs]
    assert sum(int(r["count"]) for r in rows if r["side"] == "front") == 104
    assert "33 PNG files, one per distinct card and the back, 825 × 1125 px at 300 DPI, for " \
           "The Game Crafter" in out


def test_drivethrucards_export(tmp_path: Path) -> None:
    code, out, err = run("--format", "pod", "--printer", "drivethrucards", "-o", str(tmp_path))
    assert code == 0, err
    folder = tmp_path / "crazy8ix-drivethrucards"
    assert sorted(p.name for p in folder.iterdir()) == ["crazy8ix-drivethrucards.pdf",
                                                         "crazy8ix-manifest.csv"]
    assert "1 PDF of 208 pages (back then front), CMYK, PDF/X-1a:2001" in out


def test_svg_export_is_well_formed(tmp_path: Path) -> None:
    code, out, err = run("--format", "svg", "-o", str(tmp_path))
    assert code == 0, err
    svgs = sorted((tmp_path / "crazy8ix-svg").glob("*.svg"))
    assert len(svgs) == 33
    assert svgs[0].name == "crazy8ix-01-A.svg" and svgs[-1].name == "crazy8ix-back.svg"
    for path in svgs:
        root = ET.fromstring(path.read_bytes())
        assert root.tag.endswith("svg")
        assert root.get("width") == "198pt"  # 2.5 in + 2 × 1/8 in bleed: poker, like the POD
        assert root.get("height") == "270pt"
    assert "2.5 × 3.5 in (63.5 × 88.9 mm) cards with 3.2 mm bleed" in out
    rows = list(csv.DictReader(io.StringIO(
        (tmp_path / "crazy8ix-svg" / "crazy8ix-manifest.csv").read_text())))
    assert {r["card"]: r["count"] for r in rows}["A"] == "4"
    assert {r["card"]: r["count"] for r in rows}["back"] == "104"


def test_preview_pictures(tmp_path: Path) -> None:
    code, _out, err = run("--format", "svg", "--preview", "-o", str(tmp_path))
    assert code == 0, err
    sheet = Image.open(tmp_path / "crazy8ix-contact-sheet.png")
    hand = Image.open(tmp_path / "crazy8ix-hand.png")
    assert sheet.width > 1500 and sheet.height > 1500
    assert hand.width > hand.height > 600
    assert [round(v) for v in hand.info["dpi"]] == [150, 150]


def test_same_command_same_bytes(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert run("--format", "svg", "-o", str(tmp_path / name))[0] == 0
        assert run("--paper", "a4", "-o", str(tmp_path / name))[0] == 0
    assert files_under(tmp_path / "a") == files_under(tmp_path / "b")


def test_a_composition_of_your_own(tmp_path: Path) -> None:
    text = default_deck_path().read_text(encoding="utf-8")
    mine = tmp_path / "mine.toml"
    mine.write_text(text.replace("total = 100", "total = 1000")
                    .replace("A = { qty = 4 }", "A = { qty = 904 }"), encoding="utf-8")
    code, out, err = run("--deck", str(mine), "-o", str(tmp_path / "out"))
    assert code == 0, err
    assert "(254 pages: 1,004 cards" in out  # 126 sheets, each with its backs, and 2


def test_a_smaller_export_clears_away_the_cards_of_a_bigger_one(tmp_path: Path) -> None:
    folder = tmp_path / "crazy8ix-tgc"
    folder.mkdir()
    (folder / "crazy8ix-999-Q.png").write_bytes(b"old")
    # the earlier export's own list of its files: its manifest
    (folder / "crazy8ix-manifest.csv").write_text(
        "file,page,side,card,count\ncrazy8ix-999-Q.png,,front,Q,3\n", encoding="utf-8")
    (folder / "my-notes.txt").write_text("keep me")
    code, out, err = run("--format", "pod", "--printer", "tgc", "-o", str(tmp_path))
    assert code == 0, err
    assert not (folder / "crazy8ix-999-Q.png").exists()
    assert (folder / "my-notes.txt").exists()
    assert "removed 1 card file of an earlier export" in out


def test_a_file_the_earlier_export_did_not_list_is_kept_whatever_its_name(
        tmp_path: Path) -> None:
    """What printkit removes from a folder it writes is what it wrote there, by its own list,
    not whatever a name that looks like a card's."""
    assert run("--format", "svg", "-o", str(tmp_path))[0] == 0
    folder = tmp_path / "crazy8ix-svg"
    (folder / "crazy8ix-99-my-own-card.svg").write_text("<svg/>")
    (folder / "crazy8ix-back.svg").write_text("an old back")  # printkit's: written again
    code, out, err = run("--format", "svg", "-o", str(tmp_path))
    assert code == 0, err
    assert (folder / "crazy8ix-99-my-own-card.svg").read_text() == "<svg/>"
    assert (folder / "crazy8ix-back.svg").read_text() != "an old back"
    assert "removed" not in out


def _bad_deck(tmp_path: Path, old: str = "B = { qty = 3 }", new: str = "B = { qty = 2 }",
              name: str = "bad.toml") -> str:
    path = tmp_path / name
    path.write_text(default_deck_path().read_text(encoding="utf-8").replace(old, new),
                    encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("args, message", [
    (["--format", "pod", "--printer", "kinkos"],
     "Invalid value for '--printer': 'kinkos' is not one of 'drivethrucards', 'mpc', 'tgc', "
     "nor the path of PROFILE.toml"),
    (["--format", "pod"], "--format pod needs --printer"),
    (["--format", "pdf"], "Invalid value for '--format': 'pdf' is not one of 'pnp', 'pod', "
                          "'svg', 'tts'"),
    (["--format", "svg", "--paper", "a4"], "--paper applies to --format pnp only (not svg)"),
    (["--paper", "legal"], "Invalid value for '--paper': 'legal' is not one of 'letter', 'a4'"),
    (["--duplex", "both"], "Invalid value for '--duplex': 'both' is not one of 'long', "
                           "'short', 'none'"),
    (["--offset", "7,0"], "--offset X must be between -5 and 5 mm (not 7)"),
    (["--offset", "1;2;3"], "--offset must be two numbers of mm as X,Y, like 0.5,-1, or as "
                            "X;Y, like 1,5;-1 (not '1;2;3')"),
    (["--deck", "BAD"], "the qty of the cards add up to 99, but [deck] total says 100"),
    (["--deck", "MISSING"], "the deck composition MISSING does not exist"),
    (["--deck", "FOLDER"], "is a folder, not a file"),
    (["--deck", "STARRY"], "the [back] title 'Crazy8ix ★' has '★' (U+2605), which the "
                           "bundled Lato font cannot print"),
])
def test_bad_input_is_one_line_exit_2_and_no_output(tmp_path: Path, args: list[str],
                                                    message: str) -> None:
    out = tmp_path / "out"
    swap = {"BAD": _bad_deck(tmp_path), "MISSING": str(tmp_path / "missing.toml"),
            "FOLDER": str(tmp_path),
            "STARRY": _bad_deck(tmp_path, 'title = "Crazy8ix"', 'title = "Crazy8ix ★"',
                                "starry.toml")}
    args = [swap.get(a, a) for a in args]
    message = message.replace("MISSING", str(tmp_path / "missing.toml"))
    code, stdout, stderr = run(*args, "-o", str(out))
    assert code == 2
    assert stderr.count("\n") == 1 and stderr.startswith("printkit: error: ")
    assert message in stderr
    assert stdout == ""
    assert not out.exists()


def test_an_unwritable_folder_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, stderr = run("-o", str(blocker))
    assert code == 2 and "it is a file, not a folder" in stderr


def test_the_kit_includes_the_deck(tmp_path: Path) -> None:
    result = runner.invoke(app, ["kit", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "crazy8ix-deck-letter.pdf").exists()
    assert "crazy8ix-deck-letter.pdf (28 pages)" in result.stdout



def test_the_kit_leaves_the_deck_out_for_a_solo_player() -> None:
    from printkit.draw.paper import LETTER
    from printkit.message import say
    from printkit.products.kit import plan_kit

    plan = plan_kit(LETTER, None, 1)
    assert "Crazy8ix (Amérix) deck: the game is for 2-8 players, not 1" in [
        say(note) for note in plan.skipped]
    assert plan.games == ["fox-and-rabbit"]


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_shows_only_when_slow(capsys: pytest.CaptureFixture[str]) -> None:
    clock = _Clock()
    with DelayedProgress("rendering", clock=clock) as quick:
        quick(1, 10)
        quick(10, 10)
    assert not quick.shown
    with DelayedProgress("rendering", clock=clock) as slow:
        slow(1, 10)
        clock.now = 1.5
        slow(2, 10)
        slow(10, 10)
        slow(1, 2)  # a second stage of work starts a bar of its own
        slow(2, 2)
    assert slow.shown
    assert "rendering" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("rsvg-convert") is None and not os.environ.get("CI"),
                    reason="librsvg's rsvg-convert (Debian librsvg2-bin) is not installed")
def test_svg_cards_look_the_same_without_lato_installed(tmp_path: Path) -> None:
    """The cards' text is drawn as Lato's outlines: rsvg-convert with no font at all draws
    what it draws with the system's fonts, and the help card's title stays in its bar."""
    assert run("--format", "svg", "-o", str(tmp_path))[0] == 0
    empty = tmp_path / "no-fonts"
    empty.mkdir()
    conf = tmp_path / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?><fontconfig><dir>{empty}</dir>'
                    f'<cachedir>{empty}/cache</cachedir></fontconfig>')
    for name in ("crazy8ix-29-help-A.svg", "crazy8ix-back.svg"):
        svg = tmp_path / "crazy8ix-svg" / name
        assert b"<text" not in svg.read_bytes()
        shots = []
        for env in ({"FONTCONFIG_FILE": str(conf)}, {}):
            png = tmp_path / f"{name}-{len(shots)}.png"
            subprocess.run(["rsvg-convert", "-d", "150", "-p", "150", str(svg), "-o", str(png)],
                           check=True, env={**os.environ, **env})
            shots.append(Image.open(png).convert("RGB"))
        assert shots[0].tobytes() == shots[1].tobytes(), name
        # with no font the text would be boxes or nothing: the card has ink of its own
        # in the title bar and in the back's title band
        band = shots[0].crop((0, 40, shots[0].width, 110))
        assert len(band.getcolors(1 << 16) or []) > 8, name
