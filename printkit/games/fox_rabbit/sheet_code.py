"""The code printed on a gamesheet for a camera to read: what sheet it is, in a QR code.

The hidden field of the fillable form says which sheet a filled form is
(`sheet_fields.identity`); a photo has no form, so the sheet prints the same, with its paper
and its language, in a QR code beside the date (`products/fox_rabbit/scan_marks.py` draws it,
`scan/code.py` reads it).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.fox_rabbit.board import GameMap, Mode


@dataclass(frozen=True)
class SheetCode:
    """What a sheet's printed code says: map, mode, the start of the rules' digest, paper,
    language."""

    map: str
    mode: str
    digest: str
    paper: str
    lang: str


#: The printed code's first word: The Fox and the Rabbit (a later format takes another).
CODE_GAME = "FR"
_CODE_MODES = {"easy": "E", "hard": "H", "super-hard": "S"}
_CODE_PAPERS = {"letter": "L", "a4": "A4"}
#: How much of the rules' digest the code carries (hex digits): enough to tell a sheet
#: printed from other rules.
CODE_DIGEST = 8


def sheet_code(game_map: GameMap, mode: Mode, digest: str, paper: str, lang: str) -> str:
    """Return the text of the code printed on a sheet, for a camera to read.

    It carries what the hidden field carries (the game, the map, the mode and the rules'
    digest, its first 8 hex digits), then the paper and the language, short and in capitals
    so that the QR code is of the smallest version, in its alphanumeric mode, and its
    modules as large as its place allows: `FR C H 0123ABCD L EN` is the classic map's hard
    sheet on letter paper in English; `FR V17 S 0123ABCD A4 FR` seeded variant 17's
    super-hard sheet on A4 in French.
    """
    name = game_map.name
    short = "C" if name == "classic" else \
        f"V{name.removeprefix('variant-')}" if name.startswith("variant-") else name
    return (f"{CODE_GAME} {short} {_CODE_MODES.get(mode.id, mode.id)} "
            f"{digest[:CODE_DIGEST]} {_CODE_PAPERS.get(paper, paper)} {lang}").upper()


def parse_sheet_code(text: str) -> SheetCode:
    """Return what a sheet's code says, or raise ValueError (another game's code too)."""
    parts = text.split()
    if len(parts) != 6 or parts[0] != CODE_GAME:
        raise ValueError(text)
    short, mode, digest, paper, lang = (p.lower() for p in parts[1:])
    name = "classic" if short == "c" else \
        f"variant-{short[1:]}" if short[:1] == "v" and short[1:].isdigit() else short
    modes = {v.lower(): k for k, v in _CODE_MODES.items()}
    papers = {v.lower(): k for k, v in _CODE_PAPERS.items()}
    return SheetCode(name, modes.get(mode, mode), digest, papers.get(paper, paper), lang)
