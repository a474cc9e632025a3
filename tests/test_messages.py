"""How a message shows a person's value (`message.quoted`): quoted, safe, cut short if long;
and the last guard where a message leaves printkit (one line, escaped)."""

from __future__ import annotations

import pytest

from printkit.errors import PrintkitError
from printkit.language import Lang
from printkit.message import (
    EDGE_LINE,
    Quoted,
    quoted,
    safe_line,
    shown_path,
    tr,
)
from printkit.quoting import SHOWN_LENGTH, in_english

FRENCH, SPANISH = Lang("fr"), Lang("es")


@pytest.mark.parametrize("value", ["carrot", "it's", 'say "hi"', "both ' and \"", "C:\\maps",
                                   "Zoë", "a" * SHOWN_LENGTH])
def test_a_short_value_is_quoted_as_python_quotes_it(value):
    assert str(quoted(value)) == repr(value)


def test_a_long_value_shows_its_start_its_end_and_its_length():
    value = "b" + "a" * 99_998 + "z"
    assert str(quoted(value)) == "'baaaaaaaaaaaaaaaaaaaaaaaaa…aaaaaaaaaaaaz' (100,000 characters)"
    assert quoted(value).say(FRENCH).endswith("' (100\u202f000 caractères)")
    assert quoted(value).say(SPANISH).endswith("' (100.000 caracteres)")
    assert str(quoted("a" * (SHOWN_LENGTH + 1))).endswith(f" ({SHOWN_LENGTH + 1} characters)")


@pytest.mark.parametrize("hidden, shown", [
    ("\n", "\\n"), ("\t", "\\t"), ("\x1b", "\\x1b"), ("\u202e", "\\u202e"),
    ("\u2066", "\\u2066"), ("\u200f", "\\u200f"), ("\u061c", "\\u061c"), ("\u200b", "\\u200b"),
    ("\u200d", "\\u200d"), ("\u2060", "\\u2060"), ("\ufeff", "\\ufeff"), ("\u00ad", "\\xad"),
    ("\u2028", "\\u2028"), ("\u3164", "\\u3164"), ("\udcff", "\\udcff")])
def test_a_character_that_would_hide_or_reorder_the_line_is_escaped(hidden, shown):
    assert str(quoted(f"a{hidden}b")) == f"'a{shown}b'"
    assert str(shown_path(f"a{hidden}b")) == f"a{shown}b"


def test_a_long_hostile_value_is_cut_between_escapes_never_inside_one():
    said = str(quoted("\u202e\u200b\n" * 40_000))
    head = said[1:said.index("…")]
    tail = said[said.index("…") + 1:said.index("' (")]
    for part in (head, tail):
        assert part.replace("\\u202e", "").replace("\\u200b", "").replace("\\n", "") == ""
    assert said.endswith(" (120,000 characters)") and len(said) < 70
    assert said.isprintable()


def test_a_path_is_shown_bare_and_longer_than_a_value():
    path = "/home/ana/games/the-fox-and-the-rabbit/runs/2024-11-26-evening.yaml"
    assert str(shown_path(path)) == path
    assert str(shown_path("/x/" + "d" * 5000 + "/run.yaml")).endswith("d/run.yaml (5,012 "
                                                                        "characters)")


def test_a_title_keeps_its_no_break_spaces_and_loses_its_bidi_controls():
    title = "Le renard rapide et brun saute par-dessus le chien paresseux\u202f!"
    assert Quoted(title).say(FRENCH) == f"«\u00a0{title}\u00a0»"
    assert Quoted("Twice\u202e as clever").say() == "'Twice\\u202e as clever'"


def test_a_message_shows_its_values_as_quoted_does_in_every_language():
    message = tr("unknown food {food} (foods: {foods})", food=quoted("x" * 500), foods="carrot")
    assert message.say() == ("unknown food 'xxxxxxxxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxx' (500 "
                             "characters) (foods: carrot)")
    assert message.say(FRENCH).startswith("aliment inconnu 'xxx")
    assert message.say(FRENCH).endswith(" (500 caractères) (aliments\u00a0: carrot)")


def test_the_last_guard_escapes_and_cuts_a_line():
    assert safe_line("a\nb\u202ec\x1b") == "a\\nb\\u202ec\\x1b"
    assert safe_line("x\u00a0: y") == "x\u00a0: y"  # French typography stays
    cut = safe_line("\u202e" * 5000)
    assert len(cut) <= EDGE_LINE and cut.endswith("\\u202e…")


def test_the_error_printer_keeps_a_message_to_one_line_but_a_list_of_problems():
    from printkit.cli import error_text

    assert error_text("first line\nsecond line") == "printkit: error: first line\\nsecond line"
    assert error_text("2 problems:\n  - a\n  - b") == "printkit: error: 2 problems:\n  - a\n  - b"
    assert error_text("a\n  - b") == "printkit: error: a\\n  - b"  # no count: not a list
    assert error_text("a: " + "\u202e" * 5000).count("\n") == 0


@pytest.mark.parametrize("value", ["de", "a" * 100_000, "x\u202ey\n" * 30, "it's", "Zoë"])
def test_a_language_printkit_does_not_speak_is_quoted_as_every_message_quotes_a_value(value):
    """The languages sit below the messages: they quote an unknown one themselves, and show
    it as `quoted` does in English."""
    assert in_english(value) == str(quoted(value))
    with pytest.raises(PrintkitError) as refused:
        Lang(value)
    assert str(refused.value) == f"unknown language {quoted(value)}: expected one of en, es, fr"
