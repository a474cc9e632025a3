"""Tabletop Simulator: the deck as face sheets, a back, and a saved object that imports it.

Tabletop Simulator cuts a custom deck's face image into an even grid of at most 10 × 7
cards and shows the grid's last cell in place of a card that is hidden in a hand. Each
distinct card is drawn once; the saved object lists every card of the deck by the cell it
comes from (deck key × 100 + cell), so the deck imports with the right count of each card.
Cards set out on the table, not shuffled in (the help cards), come as a small deck of their
own beside it. The saved object is also the folder's own list of the images an export
wrote there.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from printkit.draw.canvas import Canvas
from printkit.draw.page import Page
from printkit.products.cards.deck import CardArt, CardDeck
from printkit.products.cards.geometry import CardBox, Design
from printkit.products.deck.options import DeckExport, DeckOptions
from printkit.workers import Progress

MAX_COLS, MAX_ROWS = 10, 7
MAX_SHEET_PX = 4096
CELL_PX = 400   # a card's width on a face sheet: ten of them stay under 4,096 px


@dataclass(frozen=True)
class FaceSheet:
    """One face image: the cards on it in cell order, its grid, and its file name."""

    number: int
    arts: tuple[Design, ...]
    cols: int
    rows: int
    prefix: str  # the deck's

    @property
    def filename(self) -> str:
        return f"{self.prefix}-tts-faces-{self.number}.png"

    @property
    def hidden_cell(self) -> int:
        """Return the cell Tabletop Simulator shows for a card hidden in a hand: the last."""
        return self.cols * self.rows - 1


def face_sheets(arts: Sequence[Design], prefix: str) -> list[FaceSheet]:
    """Return the face sheets for these designs: 69 to a sheet, the last cell kept free."""
    per_sheet = MAX_COLS * MAX_ROWS - 1
    sheets: list[FaceSheet] = []
    for start in range(0, len(arts), per_sheet):
        group = tuple(arts[start:start + per_sheet])
        cells = len(group) + 1
        cols = min(MAX_COLS, cells)
        sheets.append(FaceSheet(len(sheets) + 1, group, cols, math.ceil(cells / cols), prefix))
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


def folder(deck: CardDeck, options: DeckOptions, out: Path) -> Path:
    """Return the folder of Tabletop Simulator's files: `crazy8ix-tts/`."""
    return out / f"{deck.prefix}-tts"


def write(deck: CardDeck, options: DeckOptions, out: Path, progress: Progress) -> DeckExport:
    """Return the face sheets, a back per distinct back, and the saved object.

    Cards are grouped by their back: Tabletop Simulator gives each sheet one back image.
    The saved object points at the images by file URL, where they are written; Tabletop
    Simulator's Cloud Manager uploads them for a game with others.
    """
    from printkit.draw import png  # Pillow only where pixels are made

    where = folder(deck, options, out)
    card = deck.box
    resolution = dpi(card)
    groups: dict[CardArt | None, list[CardArt]] = {}
    for front, _ in deck.distinct_fronts():
        back = next(c.back for c in deck.cards if c.front == front)
        groups.setdefault(back, []).append(front)
    sheets: list[tuple[FaceSheet, CardArt | None]] = []
    for back, fronts in groups.items():
        for sheet in face_sheets(fronts, deck.prefix):
            sheets.append((FaceSheet(len(sheets) + 1, sheet.arts, sheet.cols, sheet.rows,
                                     deck.prefix), back))
    export = DeckExport(out)
    back_names: dict[CardArt | None, str] = {}
    for back in groups:
        name = f"{deck.prefix}-tts-{back.slug if back is not None else 'back'}.png"
        back_names[back] = name
        page = (back.page(card) if back is not None
                else Page(card.width, card.height, lambda c: None, "back"))
        export.files[where / name] = png.render(page, resolution, 1)
    for sheet, back in sheets:
        hidden = back if back is not None else sheet.arts[0]
        page = sheet_page(sheet, card, hidden)
        export.files[where / sheet.filename] = png.render(page, resolution, 1)
        progress(sheet.number, len(sheets))
    custom = {str(sheet.number): {
        "FaceURL": (where / sheet.filename).resolve().as_uri(),
        "BackURL": (where / back_names[back]).resolve().as_uri(),
        "NumWidth": sheet.cols, "NumHeight": sheet.rows, "BackIsHidden": False,
        "UniqueBack": False, "Type": 0} for sheet, back in sheets}
    saved = saved_object(deck, [sheet for sheet, _ in sheets], custom)
    json_path = where / saved_name(deck)
    export.files[json_path] = (json.dumps(saved, indent=2, ensure_ascii=False)
                               + "\n").encode("utf-8")
    lang = options.lang
    faces = lang.ngettext("{n} face sheet", "{n} face sheets", len(sheets)).format(
        n=lang.number(len(sheets)))
    backs = lang.ngettext("{n} back", "{n} backs", len(groups)).format(
        n=lang.number(len(groups)))
    export.lines.append(lang.gettext(
        "wrote {folder}/: {faces}, {backs}, and {saved} (copy it to Tabletop Simulator's "
        "Saves/Saved Objects)").format(folder=where, faces=faces, backs=backs,
                                       saved=json_path.name))
    return export


def saved_name(deck: CardDeck) -> str:
    return f"{deck.prefix}-tts.json"


def saved_object(deck: CardDeck, sheets: Sequence[FaceSheet],
                 custom: dict[str, dict[str, object]]) -> dict[str, object]:
    """Return the saved object: the deck, every card counted, and the cards set out on the
    table (the help cards) face up in a pile of their own beside it."""
    where = {art: (s.number, cell) for s in sheets for cell, art in enumerate(s.arts)}
    guid = iter(f"{n:06x}" for n in range(deck.tts_guids, deck.tts_guids + 0x10000))

    def card(art: CardArt, x: float, face_up: bool) -> dict[str, object]:
        key, cell = where[art]
        return {"Name": "Card", "GUID": next(guid), "Nickname": art.label,
                "CardID": key * 100 + cell, "Transform": _transform(x, face_up),
                "CustomDeck": {str(key): custom[str(key)]}}

    def pile(name: str, arts: Sequence[CardArt], x: float, face_up: bool) -> dict[str, object]:
        cards = [card(a, x, face_up) for a in arts]
        keys = sorted({str(where[a][0]) for a in arts}, key=int)
        return {"Name": "Deck", "GUID": next(guid), "Nickname": name,
                "Transform": _transform(x, face_up),
                "DeckIDs": [c["CardID"] for c in cards],
                "CustomDeck": {k: custom[k] for k in keys},
                "ContainedObjects": cards}

    printed = deck.printed()
    objects = [pile(f"{deck.title} deck", [c.front for c in printed if not c.apart], 0.0, False)]
    apart = [c.front for c in printed if c.apart]
    if apart:
        objects.append(pile(f"{deck.title} help cards", apart, 3.0, True))
    return {"SaveName": f"{deck.title} deck", "GameMode": "", "Date": "", "Table": "",
            "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "ObjectStates": objects, "TabStates": {},
            "VersionNumber": ""}


def listed(path: Path) -> set[str]:
    """Return the images a saved object names, and the saved object itself: what the export
    that wrote it made in its folder (nothing, where there is none or it cannot be read)."""
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
        urls = [sheet[key] for state in saved["ObjectStates"]
                for sheet in state["CustomDeck"].values() for key in ("FaceURL", "BackURL")]
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError):
        return set()
    names = {str(url).rsplit("/", 1)[-1] for url in urls if str(url).startswith("file:")}
    return {unquote(name) for name in names | {path.name}
            if name and "/" not in unquote(name)}
