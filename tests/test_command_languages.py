"""What a printing command says in Spanish or French is said in that language: one language
a line. "Hoja de puntos de Crazy Like a Fox, 4 jugadores does not fit 4 per page on letter
paper" mixed two; so did every "wrote ..." line of a Spanish kit or deck."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from printkit.cli import app

runner = CliRunner()
# the English words of the printing commands' lines (words Spanish or French share with
# English, such as "no" or "use", left out)
ENGLISH = {"wrote", "page", "pages", "card", "cards", "skipped", "does", "not", "fit", "per",
           "paper", "the", "game", "is", "for", "players", "player", "files", "each", "and",
           "of", "from", "cache", "drawn", "then", "sheet", "sheets", "back", "backs", "copy",
           "it", "to", "with", "bleed", "prints", "printers", "ask", "give", "or", "more", "at",
           "on", "earlier", "export", "removed", "distinct", "count", "flipped", "edge",
           "long", "short", "rendering", "be", "played", "by", "pad",
           "name", "its", "box", "shorten", "one", "double-sided", "one-sided", "picture"}
# names that are the same in every language: games, programs, printers, formats, folders
NAMES = ("Crazy Like a Fox", "Dice Dice Baby", "Go Nuts!", "Crazy8ix", "Tabletop Simulator",
         "Saves/Saved Objects", "The Game Crafter", "DriveThruCards", "PDF/X-1a:2001", "CMYK",
         "PNG", "SVG", "PDF", "DPI")


#: words a language spells as English does
SHARED = {"es": set(), "fr": {"page", "pages", "long", "cache"}}


def english_words(line: str, code: str) -> list[str]:
    """Return the English words of a line, past its paths, options and names."""
    for name in NAMES:
        line = line.replace(name, " ")
    words = [w for w in line.split() if "/" not in w and "." not in w.rstrip(".,;:)")
             and not w.startswith("--")]
    return [w for w in (re.sub(r"[^\w-]", "", w).lower() for w in words)
            if w in ENGLISH - SHARED[code]]


def said(tmp_path: Path, *args: str) -> list[str]:
    result = runner.invoke(app, [*args])
    return [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]


@pytest.fixture(scope="module")
def thin_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A deck of one's own whose picture prints at 150 DPI: its export warns."""
    folder = tmp_path_factory.mktemp("thin")
    (folder / "art").mkdir()
    Image.new("RGB", (236, 236), (200, 40, 40)).save(folder / "art" / "a.png")
    (folder / "cards.csv").write_text("name,copies\nAlpha,2\nBeta,1\n")
    (folder / "card.toml").write_text(
        '[card]\ntitle = "Thin"\nback = "b"\n[elements.art]\nkind = "image"\n'
        'file = "art/a.png"\nx = "10mm"\ny = "10mm"\nwidth = "40mm"\nheight = "40mm"\n'
        '[backs.b]\nbackground = "#203040"\n')
    return folder


@pytest.mark.parametrize("code", ["es", "fr"])
def test_every_line_of_a_printing_command_is_in_the_language_asked(tmp_path: Path,
                                                                   thin_deck: Path,
                                                                   code: str) -> None:
    out = str(tmp_path / "out") + "/"
    deck = ["deck", "--data", str(thin_deck / "cards.csv"), "--layout",
            str(thin_deck / "card.toml"), "--lang", code, "-o", out]
    lines = [
        *said(tmp_path, "sheet", "go-nuts", "--players", "Ana,Ben", "--lang", code, "-o", out),
        *said(tmp_path, "sheet", "crazy-like-a-fox", "--per-page", "4", "--lang", code,
              "-o", out),
        *said(tmp_path, "sheet", "crazy8ix", "--per-page", "4", "--players",
              "Featherstonehaugh-Cholmondeley,Bo,Al,Ed,Mo", "--lang", code, "-o", out),
        *said(tmp_path, "kit", "--only", "crazy-like-a-fox", "--count", "2", "--lang", code,
              "-o", out),
        *said(tmp_path, "rules", "go-nuts", "--lang", code, "-o", out),
        *said(tmp_path, *deck),
        *said(tmp_path, *deck, "--printer", "drivethrucards"),
        *said(tmp_path, *deck, "--format", "tts"),
        *said(tmp_path, *deck, "--printer", "tgc"),
        *said(tmp_path, *deck, "--format", "svg", "--preview"),
    ]
    assert len(lines) >= 12
    mixed = {line: found for line in lines if (found := english_words(line, code))}
    assert mixed == {}
