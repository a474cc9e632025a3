"""Characters that print as nothing: refused in names, where they would silently vanish."""

from __future__ import annotations

import unicodedata

# controls (U+0085), format characters (a zero-width space), line and paragraph separators
# (U+2028) and every space but the plain one (U+3000): "Ana\u2028Bo" printed as "AnaBo"
_INVISIBLE = ("Cc", "Cf", "Zl", "Zp", "Zs")


def invisible_characters(text: str) -> list[str]:
    """Return the characters of `text` that print as nothing or as a stray gap."""
    return sorted({ch for ch in text if ch != " " and unicodedata.category(ch) in _INVISIBLE})


#: The most characters a message names one by one (then how many more)
NAMED = 3


def code_points(chars: list[str]) -> str:
    """Return characters as a person can look them up: U+2028 (LINE SEPARATOR); past NAMED
    of them, how many more."""
    said = ", ".join(f"U+{ord(ch):04X} ({unicodedata.name(ch, 'a control character')})"
                     for ch in chars[:NAMED])
    return said + (f" and {len(chars) - NAMED} more" if len(chars) > NAMED else "")


def characters_named(chars: list[str]) -> str:
    """Return characters quoted, each with its code point: '→' (U+2192); past NAMED of them,
    how many more."""
    from printkit.message import quoted

    said = ", ".join(f"{quoted(ch)} (U+{ord(ch):04X})" for ch in chars[:NAMED])
    return said + (f" and {len(chars) - NAMED} more" if len(chars) > NAMED else "")
