"""Count the rendered files whose drawn text printkit cut short with an ellipsis.

Renders every product over the matrix a review prints: each game's pad at 1, 2 and 4 a
sheet, on Letter and A4, in English, Spanish and French, for every player count the game
takes (blank lines, short names and 30-character names), the club-night pads, the
gamesheets, the deck's print-and-play pages and the rule summaries. Pages are painted on
the recording canvas (no PDF bytes), and a file counts once however many cuts it holds.

    python bench/cut_text.py          # the count, and each file that cuts text
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.draw.paper import A4, LETTER
from printkit.draw.recording import record
from printkit.draw.text import ELLIPSIS
from printkit.errors import PrintkitError
from printkit.games.catalog import GAMES
from printkit.games.players import Table
from printkit.language import language
from printkit.products.catalog import with_pads
from printkit.products.document import Document
from printkit.products.score_pads import (
    players_setup,
    score_pad,
    table_pads,
    tables_setups,
)

Make = Callable[[], Document]
SHORT = ["Ana", "Bo", "Zoë", "Li", "Ed", "Mo", "Al", "Jo"]
LONG = ["Featherstonehaugh-Cholmondeley", "Maximiliana Wolkenstein-Rodenegg",
        "Bartholomew Featherstonehaugh", "Anne-Sophie de La Rochefoucauld",
        "Guillermina Fernández-Villaverde", "Świętopełk Brzęczyszczykiewicz",
        "Krzysztof Wojciechowski-Nowak", "Oluwaseun Adebayo-Ogunleye"]
LONG = [n[:30] for n in LONG]
PAPERS = (LETTER, A4)
LANGS = ("en", "es", "fr")
PER_PAGE = (1, 2, 4)


def pads() -> Iterator[tuple[str, Make]]:
    """Yield (what, document) for each pad in the matrix: names none, short, long."""
    for entry in with_pads():
        game = entry.game
        for code in LANGS:
            lang = language(code)
            for paper in PAPERS:
                for per_page in PER_PAGE:
                    for n in range(game.min_players, game.max_players + 1):
                        for label, names in (("blank", None), ("short", SHORT[:n]),
                                             ("long", LONG[:n])):
                            setup = players_setup(game, names, None if names else n, None,
                                                  lang=lang)
                            what = f"sheet {game.id} {label}×{n} {per_page}up {paper.id} {code}"
                            yield what, partial(score_pad, game, setup, paper, per_page)
                    tables = [Table(str(i + 1), tuple(LONG[:game.max_players]), "night.csv", i + 1)
                              for i in range(2)]
                    what = f"sheet {game.id} --tables {per_page}up {paper.id} {code}"
                    yield what, partial(table_pads, game,
                                        tables_setups(game, tables, None, lang), paper, per_page)


def others() -> Iterator[tuple[str, Make]]:
    """Yield the gamesheets, the deck's print-and-play pages and the rule summaries."""
    from printkit.games.fox_rabbit.board import MODES
    from printkit.games.fox_rabbit.template import load_map
    from printkit.products.deck.crazy8ix import print_and_play
    from printkit.products.fox_rabbit.gamesheet import gamesheet
    from printkit.products.rules.summary import booklet

    for code in LANGS:
        lang = language(code)
        for paper in PAPERS:
            for mode in MODES:
                yield f"gamesheet {mode} {paper.id} {code}", partial(
                    gamesheet, load_map("classic"), mode, paper, lang=lang)
            yield f"deck pnp {paper.id} {code}", partial(print_and_play, paper, lang)
            yield f"rules {paper.id} {code}", partial(booklet, paper, tuple(GAMES), lang)


def cuts(doc: Document) -> list[str]:
    """Return every drawn text of the document that ends in printkit's ellipsis."""
    return [t for page in doc.pages for t in record(page).texts() if ELLIPSIS in t]


def main() -> None:
    files = cut = refused = 0
    for what, make in (*pads(), *others()):
        try:
            doc = make()
        except PrintkitError as err:
            refused += 1
            if "-v" in sys.argv:
                print(f"{what}: refused: {err}")
            continue
        files += 1
        found = cuts(doc)
        if found:
            cut += 1
            print(f"{what}: {sorted(set(found))[:4]}")
    print(f"{cut} of {files} rendered files cut text ({refused} refused)")


if __name__ == "__main__":
    main()
