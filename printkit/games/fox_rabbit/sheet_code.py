"""The code printed on a gamesheet for a camera to read: what sheet it is, in a QR code.

The hidden field of the fillable form says which sheet a filled form is
(`sheet_fields.identity`); a photo has no form, so the sheet prints the same, with its paper
and its language, in a QR code beside the date (`products/fox_rabbit/scan_marks.py` draws it,
`scan/code.py` reads it).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.fox_rabbit.board import GameMap, Mode
from printkit.games.fox_rabbit.sheet_fields import LAYOUT


@dataclass(frozen=True)
class SheetCode:
    """What a sheet's printed code says: map, mode, the start of the rules' digest, paper,
    language."""

    map: str
    mode: str
    digest: str
    paper: str
    lang: str


#: The code's first word from layout 3 on: what a phone's camera app shows first, so that
#: the code reads as printkit's (`FR` alone, the sheets of layouts 1 and 2 began with, a
#: French reader took for France).
CODE_NAME = "PRINTKIT"
#: The first layout whose code starts with CODE_NAME (`sheet_fields.LOG_ROUNDS_OF_LAYOUT`
#: names the layouts).
NAMED_FROM = 3
#: The word that says the game: The Fox and the Rabbit (a later format takes another).
CODE_GAME = "FR"
_CODE_MODES = {"easy": "E", "hard": "H", "super-hard": "S"}
_CODE_PAPERS = {"letter": "L", "a4": "A4"}
#: How much of the rules' digest the code carries (hex digits): enough to tell a sheet
#: printed from other rules.
CODE_DIGEST = 8


def sheet_code(game_map: GameMap, mode: Mode, digest: str, paper: str, lang: str,
               layout: int = LAYOUT) -> str:
    """Return the text of the code printed on a sheet of `layout`, for a camera to read.

    It carries what the hidden field carries (the game, the map, the mode and the rules'
    digest, its first 8 hex digits), then the paper and the language, short and in capitals
    so that the QR code stays small, in its alphanumeric mode, and its modules large:
    `PRINTKIT FR C H 0123ABCD L EN` is the classic map's hard sheet on letter paper in
    English; `PRINTKIT FR V17 S 0123ABCD A4 FR` seeded variant 17's super-hard sheet on A4 in
    French. A sheet of layout 1 or 2 printed the same without `PRINTKIT`.
    """
    name = game_map.name
    short = "C" if name == "classic" else \
        f"V{name.removeprefix('variant-')}" if name.startswith("variant-") else name
    named = f"{CODE_NAME} " if layout >= NAMED_FROM else ""
    return (f"{named}{CODE_GAME} {short} {_CODE_MODES.get(mode.id, mode.id)} "
            f"{digest[:CODE_DIGEST]} {_CODE_PAPERS.get(paper, paper)} {lang}").upper()


def parse_sheet_code(text: str) -> SheetCode:
    """Return what a sheet's code says, in either form (with `PRINTKIT` first, or without,
    as layouts 1 and 2 printed it), or raise ValueError (another game's code too)."""
    parts = text.split()
    if parts[:1] == [CODE_NAME]:
        parts = parts[1:]
    if len(parts) != 6 or parts[0] != CODE_GAME:
        raise ValueError(text)
    short, mode, digest, paper, lang = (p.lower() for p in parts[1:])
    name = "classic" if short == "c" else \
        f"variant-{short[1:]}" if short[:1] == "v" and short[1:].isdigit() else short
    modes = {v.lower(): k for k, v in _CODE_MODES.items()}
    papers = {v.lower(): k for k, v in _CODE_PAPERS.items()}
    return SheetCode(name, modes.get(mode, mode), digest, papers.get(paper, paper), lang)
