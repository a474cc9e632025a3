"""What the rule-summary tests share: the rulebooks to compare with, and reading PDFs back."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The rulebooks are other people's text and are not copied into this repository; the tests
# read them from the shared folder beside the checkout (or from $PRINTKIT_SHARED).
SHARED = Path(os.environ.get("PRINTKIT_SHARED", ROOT.parent / "shared"))
RULEBOOKS = {
    "crazy-like-a-fox": "000_a2e024c04d97bfbb.txt",
    "crazy8ix": "001_c687aacd4862acc4.txt",
    "go-nuts": "002_8bbcd3e1b9d5f018.txt",
    "dice-dice-baby": "003_edfacf0a134965ff.txt",
    "fox-and-rabbit": "004_177ae4b59e0253d3.txt",
}
GAME_IDS = tuple(RULEBOOKS)

def shared_text(name: str) -> str:
    """Return a file of the shared folder (a rulebook or RULINGS.md), or skip the test."""
    path = SHARED / name if not name.endswith(".txt") else SHARED / "seeds" / name
    if not path.is_file():
        pytest.skip(f"{path} is not available (set PRINTKIT_SHARED to the shared folder)")
    return path.read_text(encoding="utf-8")


def words(text: str) -> list[str]:
    """Return the words of `text`, lower-case, punctuation dropped (letters and digits only)."""
    return re.findall(r"[^\W_]+", text.lower())


def shared_runs(ours: str, theirs: str, n: int = 8) -> list[str]:
    """Return every run of `n` words that `ours` shares with `theirs`, as text."""
    theirs_words = words(theirs)
    grams = {tuple(theirs_words[i:i + n]) for i in range(len(theirs_words) - n + 1)}
    ours_words = words(ours)
    return sorted({" ".join(ours_words[i:i + n]) for i in range(len(ours_words) - n + 1)
                   if tuple(ours_words[i:i + n]) in grams})
