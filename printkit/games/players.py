"""Players' names as typed on the command line."""

from __future__ import annotations

from printkit.characters import code_points, invisible_characters
from printkit.errors import PrintkitError

MAX_NAME_LENGTH = 40


def parse_players(text: str) -> list[str]:
    """Return the names in a comma-separated list, trimmed; refuse blanks and repeats."""
    names = [n.strip() for n in text.split(",")]
    for position, name in enumerate(names, start=1):
        if not name:
            raise PrintkitError(f"--players: name {position} of {len(names)} is empty "
                                f"(write names separated by commas, e.g. \"Ana,Ben,Zoë\")")
        if len(name) > MAX_NAME_LENGTH:
            raise PrintkitError(f"--players: the name {name[:20]!r}… is longer than "
                                f"{MAX_NAME_LENGTH} characters")
        hidden = invisible_characters(name)
        if hidden:
            raise PrintkitError(f"--players: the name {name!r} has {code_points(hidden)}, "
                                "which would not print; type the name with plain spaces")
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise PrintkitError(f"--players: {name!r} is listed twice")
        seen.add(name.casefold())
    return names
