"""No word cut short: every product over the whole matrix, read back, holds no "…" printkit added.

The matrix: each game's pad × 1, 2 and 4 a sheet × Letter and A4 × English, Spanish and
French × 1 to 8 players (names from two letters to 30 characters, and a club night's
tables), then the gamesheets, the deck's print-and-play pages and the rule summaries. A
layout that cannot hold a product is refused with one line naming what fits; anything
printed is printed whole.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import ClassVar

from printkit.draw.canvas import Canvas, Point
from printkit.draw.color import Color
from printkit.draw.fonts import Font
from printkit.draw.paper import A4, LETTER
from printkit.draw.text import ELLIPSIS
from printkit.errors import PrintkitError
from printkit.games.catalog import GAMES
from printkit.games.players import Table
from printkit.language import language
from printkit.products.catalog import with_pads
from printkit.products.document import Document
from printkit.products.score_pads import players_setup, score_pad, table_pads, tables_setups

SHORT = ["Al", "Bo", "Zoë", "Li", "Ed", "Mo", "Ana", "Jo"]
LONG = ["Featherstonehaugh-Cholmondeley", "Maximiliana Wolkenstein-Rodene",
        "Bartholomew Featherstonehaugh", "Anne-Sophie de La Rochefoucaul",
        "Guillermina Fernández-Villaver", "Świętopełk Brzęczyszczykiewicz",
        "Krzysztof Wojciechowski-Nowak", "Oluwaseun Adebayo-Ogunleye"]


class TextCanvas(Canvas):
    """Keeps only the text drawn; a reused drawing (same key, same drawing) is read once."""

    seen: ClassVar[dict[Hashable, list[str]]] = {}

    def __init__(self, width: float, height: float) -> None:
        super().__init__(width, height)
        self.texts: list[str] = []

    def reuse(self, key: Hashable, bounds: tuple[float, float, float, float],
              draw: Callable[[Canvas], None]) -> None:
        if key not in self.seen:
            start = len(self.texts)
            draw(self)
            self.seen[key] = self.texts[start:]
        else:
            self.texts += self.seen[key]

    def _text(self, left: float, baseline: float, text: str, font: Font, size: float,
              color: Color, advance: float) -> None:
        self.texts.append(text)

    def _line(self, x1: float, y1: float, x2: float, y2: float, stroke: Color, width: float,
              dash: tuple[float, ...] | None) -> None:
        pass

    def _rect(self, x: float, y: float, w: float, h: float, stroke: Color | None,
              fill: Color | None, width: float, radius: float,
              dash: tuple[float, ...] | None) -> None:
        pass

    def _circle(self, cx: float, cy: float, r: float, stroke: Color | None,
                fill: Color | None, width: float, dash: tuple[float, ...] | None) -> None:
        pass

    def _polygon(self, points: list[Point], stroke: Color | None, fill: Color | None,
                 width: float, closed: bool) -> None:
        pass

    def _image(self, x: float, y: float, w: float, h: float, path: Path) -> None:
        pass


def _texts(doc: Document) -> list[str]:
    found: list[str] = []
    for page in doc.pages:
        canvas = TextCanvas(page.width, page.height)
        page.draw(canvas)
        found += canvas.texts
    return found


def _matrix() -> list[tuple[str, Callable[[], Document]]]:
    from printkit.games.fox_rabbit.board import MODES
    from printkit.games.fox_rabbit.template import load_map
    from printkit.products.deck.crazy8ix import print_and_play
    from printkit.products.fox_rabbit.gamesheet import gamesheet
    from printkit.products.rules.summary import booklet

    made: list[tuple[str, Callable[[], Document]]] = []
    for code in ("en", "es", "fr"):
        lang = language(code)
        for paper in (LETTER, A4):
            for entry in with_pads():
                game = entry.game
                for per_page in (1, 2, 4):
                    for n in range(1, 9):
                        for names in (SHORT[:n], LONG[:n]):
                            def pad(game=game, names=names, paper=paper, per_page=per_page,
                                    lang=lang) -> Document:
                                setup = players_setup(game, names, None, None, lang=lang)
                                return score_pad(game, setup, paper, per_page)
                            made.append((f"{game.id} {names} {per_page}up {paper.id} {code}",
                                         pad))
                    tables = [Table(t, tuple(LONG[:game.max_players]), t, "night.csv")
                              for t in (1, 12)]

                    def night(game=game, tables=tables, paper=paper, per_page=per_page,
                              lang=lang) -> Document:
                        return table_pads(game, tables_setups(game, tables, 100, lang)
                                          if game.id in ("go-nuts", "crazy8ix")
                                          else tables_setups(game, tables, None, lang),
                                          paper, per_page)
                    made.append((f"{game.id} --tables {per_page}up {paper.id} {code}", night))
            for mode in MODES:
                made.append((f"gamesheet {mode} {paper.id} {code}",
                             lambda mode=mode, paper=paper, lang=lang: gamesheet(
                                 load_map("classic"), mode, paper, lang=lang)))
            made.append((f"deck {paper.id} {code}",
                         lambda paper=paper, lang=lang: print_and_play(paper, lang)))
            made.append((f"rules {paper.id} {code}",
                         lambda paper=paper, lang=lang: booklet(paper, tuple(GAMES), lang)))
    return made


def test_nothing_printed_anywhere_is_cut_short():
    cut, refused, printed = [], [], 0
    for what, make in _matrix():
        try:
            doc = make()
        except PrintkitError as err:
            message = str(err)
            # the advice is said in the pad's language; a count of players stays English
            assert "\n" not in message and ("--per-page" in message
                                            or "players (not" in message), (what, message)
            if "--per-page" in message:
                refused.append(what)
            continue
        printed += 1
        shortened = [t for t in _texts(doc) if ELLIPSIS in t]
        if shortened:
            cut.append((what, shortened[:3]))
    assert cut == []
    # most of the matrix prints: refused are the layouts too small for the players
    assert printed > 2 * len(refused) and printed > 400, (printed, refused)
