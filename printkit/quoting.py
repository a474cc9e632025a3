"""A person's value as a message shows it, character by character: each character that would
not show as itself escaped, quoted as Python quotes a string, and a long value cut to its
start and its end.

`message.quoted` is the one way a message shows a value; it says the length of a value cut
short in the reader's language. This module is the part that knows no language, so that the
modules below the messages (`language`, which quotes a language it does not know) show a
value the same way.
"""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

#: The most characters of a person's value a message shows (its quotes aside): a longer one is
#: shown by its start and its end, with its length. A food, a cell id, a map's name are far
#: shorter; 100,000 characters are not something to read in a message.
SHOWN_LENGTH = 40
#: Characters `str.isprintable` lets through that show as nothing (Hangul fillers, the
#: combining grapheme joiner, variation selectors, the Khmer inherent vowels, braille blank)
BLANK = frozenset("\u115f\u1160\u3164\uffa0\u034f\u17b4\u17b5\u2800"
                  + "".join(map(chr, range(0xFE00, 0xFE10))))
#: What a line may not hold raw: controls (a newline, ESC), format characters (bidi controls,
#: zero-width ones, the soft hyphen, the byte order mark), line and paragraph separators, lone
#: surrogates (a file name's undecodable byte)
NOT_IN_A_LINE = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs"))
_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


class Cut(NamedTuple):
    """A value as shown, and whether it was cut short to be shown."""

    text: str
    cut: bool


def escaped(ch: str, quote: str = "") -> str:
    """Return a character as Python writes it in a string (`\\n`, `\\x1b`, `\\u202e`)."""
    if ch == quote:
        return "\\" + ch
    if ch in _ESCAPES:
        return _ESCAPES[ch] if quote or ch != "\\" else ch
    code = ord(ch)
    return (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000
            else f"\\U{code:08x}")


def _shown_char(ch: str, quote: str = "", words: bool = False) -> str:
    """Return a character of a value as a message shows it: itself, or escaped where it would
    not show as itself (a control, a bidi control that would reorder the rest of the line, a
    zero-width or invisible character, a line separator, a lone surrogate, and in a value
    not in `words` any space but the plain one); inside quotes, a backslash and the quote
    too, as Python quotes a string."""
    if ch == quote or (quote and ch == "\\"):
        return escaped(ch, quote)
    if ch.isprintable() and ch not in BLANK:
        return ch
    if words and unicodedata.category(ch) not in NOT_IN_A_LINE:
        return ch  # a no-break space, as French puts before "!"
    return escaped(ch, quote)


def shown(value: str, quote: bool = True, most: int = SHOWN_LENGTH,
          words: bool = False) -> Cut:
    """Return the value escaped (and quoted), and whether it was cut short to show it: past
    `most` characters, to its start, an ellipsis and its end; `words`: a name in words (a
    title), whose no-break spaces are kept."""
    mark = ""
    if quote:
        mark = '"' if "'" in value and '"' not in value else "'"
    # no more of a long value is looked at than can be shown
    pieces = [_shown_char(ch, mark, words) for ch in value[:most + 1]]
    if len(value) <= most and sum(map(len, pieces)) <= most:
        return Cut(mark + "".join(pieces) + mark, False)
    # its start, an ellipsis and its end, each escape whole
    head = ""
    for piece in pieces:
        if len(head) + len(piece) > most * 2 // 3:
            break
        head += piece
    tail, room = "", most - 1 - len(head)
    for ch in reversed(value[-room:]):
        piece = _shown_char(ch, mark, words)
        if len(tail) + len(piece) > room:
            break
        tail = piece + tail
    return Cut(mark + head + "…" + tail + mark, True)


def in_english(value: str) -> str:
    """Return a person's value as an English message shows it, as `str(message.quoted(value))`
    does: for a module below the messages, whose own message is said in English."""
    text, cut = shown(value)
    return f"{text} ({len(value):,} characters)" if cut else text
