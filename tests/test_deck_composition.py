"""The Crazy8ix deck as data: the bundled composition and the strict checks on a user's copy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from printkit.errors import TemplateError
from printkit.games import crazy8ix as rules
from printkit.games.crazy8ix_deck import (
    CARD_NAMES,
    HELP_TOPICS,
    DeckCard,
    default_deck_path,
    load_deck,
    parse_deck_text,
)

ROOT = Path(__file__).resolve().parent.parent


def deck_text(changes: dict[str, str] | None = None) -> str:
    """Return the bundled deck.toml with lines replaced: {'section.key': 'whole new line'}."""
    changes = dict(changes or {})
    out, section = [], ""
    for line in default_deck_path().read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            section = line.strip("[] ")
        key = f"{section}.{line.split('=')[0].strip()}" if "=" in line else None
        out.append(changes.pop(key) if key in changes else line)
    assert not changes, f"no such line: {changes}"
    return "\n".join(out) + "\n"


def test_default_composition_is_the_ruling() -> None:
    deck = load_deck()
    counts = deck.composition()
    assert deck.total == 100
    assert sum(1 for c in rules.ALPHABET if c not in rules.VOWELS) == 20
    for letter in rules.ALPHABET:
        assert counts[letter] == (4 if letter in rules.VOWELS else 3), letter
    assert counts["star"] == 8 and counts["firecracker"] == 8
    assert [h.title for h in deck.help_cards] == ["A", "B", "C", "D"]
    assert sorted(h.topic for h in deck.help_cards) == sorted(HELP_TOPICS)
    assert deck.back_title == "Crazy8ix"


def test_deck_order_is_alphabet_then_specials() -> None:
    deck = load_deck()
    assert [c.name for c in deck.cards] == list(CARD_NAMES)
    dealt = [c.name for c in deck.dealt()]
    assert len(dealt) == 100
    assert dealt[:5] == ["A", "A", "A", "A", "B"]
    assert dealt[-1] == "firecracker"


def test_points_come_from_the_rules_module() -> None:
    for name in CARD_NAMES:
        assert DeckCard(name).points == rules.card_points(name)
    assert DeckCard("Y").points == 70 and DeckCard("Y").is_vowel
    assert DeckCard("X").is_reverse and not DeckCard("W").is_reverse
    assert not DeckCard("star").is_letter


def test_qty_zero_leaves_a_card_out() -> None:
    deck = parse_deck_text(deck_text({"deck.total": "total = 92",
                                      "cards.star": "star = { qty = 0 }"}))
    assert "star" not in deck.composition()
    assert deck.total == 92


def test_rules_layer_imports_no_drawing() -> None:
    code = ("import sys, printkit.games.crazy8ix_deck as d; d.load_deck(); "
            "bad = [m for m in ('reportlab', 'PIL', 'svgwrite', 'printkit.draw') "
            "if any(k == m or k.startswith(m + '.') for k in sys.modules)]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("changes, message", [
    ({"deck.total": "total = 101"}, "add up to 100, but [deck] total says 101"),
    ({"cards.B": "B = { qty = 4 }"}, "add up to 101, but [deck] total says 100"),
    ({"cards.B": "B = { qty = '3' }"},
     "cards.B.qty must be a whole number from 0 to 999 (not '3')"),
    ({"cards.B": "B = { qty = 3.0 }"}, "cards.B.qty must be a whole number"),
    ({"cards.B": "B = { qty = true }"}, "(not true)"),
    ({"cards.B": "B = { qty = -1 }"}, "cards.B.qty must be from 0 to 999 (not -1)"),
    ({"cards.B": "B = { qty = 3, colour = 'red' }"},
     "cards.B: unknown key 'colour'; the accepted keys are qty"),
    ({"cards.B": "B = 3"}, "cards.B must be a table (not 3)"),
    ({"cards.B": "'Ä' = { qty = 3 }"},
     "unknown card 'Ä'; the cards are the letters A-Z, star and firecracker"),
    ({"cards.B": "b = { qty = 3 }"}, "unknown card 'b'"),
    ({"cards.B": "# B removed"}, "[cards]: B is missing"),
    ({"back.title": "title = ''"}, "[back] title must not be blank"),
    ({"help.D": "D = { topic = 'ring' }"}, "'ring' is already on another help card"),
    ({"help.D": "D = { topic = 'scores' }"},
     "help.D.topic must be one of ring, vowels, specials, points (not 'scores')"),
    ({"help.D": "# D removed"}, "no help card explains points"),
])
def test_a_bad_composition_is_named(changes: dict[str, str], message: str) -> None:
    with pytest.raises(TemplateError) as err:
        parse_deck_text(deck_text(changes), "my-deck.toml")
    assert message in str(err.value)
    assert str(err.value).startswith("my-deck.toml: ")


def test_an_unknown_section_lists_the_accepted_ones() -> None:
    with pytest.raises(TemplateError, match="unknown key 'jokers'; the accepted keys are "
                                            "deck, cards, help, back"):
        parse_deck_text(deck_text() + "\n[jokers]\nqty = 2\n")


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(TemplateError, match="does not exist"):
        load_deck(tmp_path / "nope.toml")
    with pytest.raises(TemplateError, match="is a folder, not a file"):
        load_deck(tmp_path)
    latin1 = tmp_path / "latin1.toml"
    latin1.write_bytes("[back]\ntitle = 'Amérix'\n".encode("latin-1"))
    with pytest.raises(TemplateError, match="is not UTF-8 text"):
        load_deck(latin1)
    broken = tmp_path / "broken.toml"
    broken.write_text("[deck\ntotal = 100\n", encoding="utf-8")
    with pytest.raises(TemplateError, match=r"broken.toml: not valid TOML: .*line 1"):
        load_deck(broken)


def test_a_thousand_card_composition_loads() -> None:
    text = deck_text({"deck.total": "total = 1000", "cards.A": "A = { qty = 904 }"})
    assert parse_deck_text(text).total == 1000
