"""Tabletop Simulator: the deck as face sheets, a back, and a saved object that imports it.

Tabletop Simulator cuts a custom deck's face image into an even grid of at most 10 × 7
cards and shows the grid's last cell in place of a card that is hidden in a hand. Each
distinct card is drawn once; the saved object lists every card of the deck by the cell it
comes from (deck key × 100 + cell), so the deck imports with the right count of each card.
The help cards, which are not shuffled in, come as a small deck of their own beside it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from printkit.draw.canvas import Canvas
from printkit.draw.page import Page
from printkit.games.crazy8ix_deck import Deck
from printkit.language import ENGLISH, Lang
from printkit.products.deck.art import Art, back_art, distinct_arts, face_art, help_arts
from printkit.products.deck.geometry import CardBox, Design

MAX_COLS, MAX_ROWS = 10, 7
MAX_SHEET_PX = 4096
CELL_PX = 400   # a card's width on a face sheet: ten of them stay under 4,096 px
PREFIX = "crazy8ix-tts"


@dataclass(frozen=True)
class FaceSheet:
    """One face image: the cards on it in cell order, its grid, and its file name."""

    number: int
    arts: tuple[Design, ...]
    cols: int
    rows: int

    @property
    def filename(self) -> str:
        return f"{PREFIX}-faces-{self.number}.png"

    @property
    def hidden_cell(self) -> int:
        """Return the cell Tabletop Simulator shows for a card hidden in a hand: the last."""
        return self.cols * self.rows - 1


def face_sheets(arts: Sequence[Design]) -> list[FaceSheet]:
    """Return the face sheets for these designs: 69 to a sheet, the last cell kept free."""
    per_sheet = MAX_COLS * MAX_ROWS - 1
    sheets: list[FaceSheet] = []
    for start in range(0, len(arts), per_sheet):
        group = tuple(arts[start:start + per_sheet])
        cells = len(group) + 1
        cols = min(MAX_COLS, cells)
        sheets.append(FaceSheet(len(sheets) + 1, group, cols, math.ceil(cells / cols)))
    return sheets


def dpi(card: CardBox) -> float:
    """Return the resolution at which a card is CELL_PX pixels wide."""
    return CELL_PX / (card.width / 72)


def sheet_page(sheet: FaceSheet, card: CardBox, hidden: Design) -> Page:
    """Return a face sheet as a page: the cards in rows, the hidden card in the last cell."""
    w, h = card.width, card.height

    def draw(canvas: Canvas) -> None:
        cells = [*sheet.arts] + [None] * (sheet.hidden_cell - len(sheet.arts)) + [hidden]
        for i, art in enumerate(cells):
            if art is None:
                continue
            with canvas.translated((i % sheet.cols) * w, (i // sheet.cols) * h):
                art.draw(canvas, card)

    return Page(sheet.cols * w, sheet.rows * h, draw, sheet.filename)


def _transform(x: float, face_up: bool) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 0.0 if face_up else 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def saved_object(deck: Deck, sheets: Sequence[FaceSheet], urls: dict[str, str],
                 back_url: str, lang: Lang = ENGLISH) -> dict[str, object]:
    """Return the saved object: the deck, every card counted, and the help cards beside it."""
    custom = {str(s.number): {"FaceURL": urls[s.filename], "BackURL": back_url,
                              "NumWidth": s.cols, "NumHeight": s.rows, "BackIsHidden": False,
                              "UniqueBack": False, "Type": 0} for s in sheets}
    where = {art: (s.number, cell) for s in sheets for cell, art in enumerate(s.arts)}
    guid = iter(f"{n:06x}" for n in range(0xc8e000, 0xc8f000))

    def card(art: Art, x: float, face_up: bool) -> dict[str, object]:
        key, cell = where[art]
        return {"Name": "Card", "GUID": next(guid), "Nickname": art.label,
                "CardID": key * 100 + cell, "Transform": _transform(x, face_up),
                "CustomDeck": {str(key): custom[str(key)]}}

    def pile(name: str, arts: Sequence[Art], x: float, face_up: bool) -> dict[str, object]:
        cards = [card(a, x, face_up) for a in arts]
        keys = sorted({str(where[a][0]) for a in arts}, key=int)
        return {"Name": "Deck", "GUID": next(guid), "Nickname": name,
                "Transform": _transform(x, face_up),
                "DeckIDs": [c["CardID"] for c in cards],
                "CustomDeck": {k: custom[k] for k in keys},
                "ContainedObjects": cards}

    dealt = [face_art(c, lang) for c in deck.dealt()]
    objects = [pile(f"{deck.back_title} deck", dealt, 0.0, False)]
    helps = help_arts(deck, lang)
    if helps:
        objects.append(pile(f"{deck.back_title} help cards", helps, 3.0, True))
    return {"SaveName": f"{deck.back_title} deck", "GameMode": "", "Date": "", "Table": "",
            "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "ObjectStates": objects, "TabStates": {},
            "VersionNumber": ""}


def tts_files(deck: Deck, card: CardBox, folder: Path, lang: Lang = ENGLISH
              ) -> tuple[list[tuple[Path, Page]], Path, Page, dict[Path, bytes]]:
    """Return the face sheets and the back to render (path and page), and the saved object.

    The saved object points at the images by file URL, where they are written; Tabletop
    Simulator's Cloud Manager uploads them for a game with others.
    """
    fronts = distinct_arts(deck, lang)[:-1]
    back = back_art(deck, lang)
    sheets = face_sheets(fronts)
    pages = [(folder / s.filename, sheet_page(s, card, back)) for s in sheets]
    back_path = folder / f"{PREFIX}-back.png"
    urls = {s.filename: (folder / s.filename).resolve().as_uri() for s in sheets}
    data = saved_object(deck, sheets, urls, back_path.resolve().as_uri(), lang)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return pages, back_path, back.page(card), {folder / f"{PREFIX}.json": text.encode("utf-8")}
