"""What printkit prints for each game: one entry per game, in the rules booklet's order.

An entry names the game (its facts are `printkit.games.catalog`'s), its score pad or the
lack of one, the player aids its rule summary places, how many pages that summary may take,
and what else a game night's kit prints for it (the deck, the gamesheets). Every product
that goes through the games (`printkit sheet`, `rules`, `kit`) takes them from here; a game
without an entry is refused by each of them, never left out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from printkit.draw.paper import Paper
from printkit.errors import PrintkitError
from printkit.games.catalog import GAMES, Game
from printkit.language import Lang
from printkit.message import quoted
from printkit.products.document import Document
from printkit.products.pads import crazy8ix as crazy8ix_pad
from printkit.products.pads import crazy_like_a_fox as crazy_like_a_fox_pad
from printkit.products.pads import dice_dice_baby as dice_dice_baby_pad
from printkit.products.pads import go_nuts as go_nuts_pad
from printkit.products.pads.common import Pad
from printkit.products.rules.aids import crazy8ix as crazy8ix_aids
from printkit.products.rules.aids import crazy_like_a_fox as crazy_like_a_fox_aids
from printkit.products.rules.aids import dice_dice_baby as dice_dice_baby_aids
from printkit.products.rules.aids import fox_and_rabbit as fox_and_rabbit_aids
from printkit.products.rules.aids import go_nuts as go_nuts_aids
from printkit.products.rules.aids.base import Aid

Recipe = Callable[[], Document]


@dataclass(frozen=True)
class KitPart:
    """What a kit prints for a game beside its pad: `what` names it in the kit's messages
    ("deck"); `recipes` gives how to make each of its documents on a paper, in a language."""

    what: str
    recipes: Callable[[Paper, Lang], tuple[Recipe, ...]]


@dataclass(frozen=True, kw_only=True)
class GameProducts:
    """What printkit prints for one game. Each entry says every field but `rule_pages`: a
    game without a score pad says `pad=None`."""

    game: Game
    pad: Pad | None
    aids: tuple[Aid, ...]
    kit: KitPart | None
    rule_pages: int = 1  # the most pages its rule summary may take

    def aid(self, name: str) -> Aid:
        """Return the aid called `name` (KeyError if the game has none of that name)."""
        for aid in self.aids:
            if aid.name == name:
                return aid
        raise KeyError(name)


# The recipes below import their products when they run: a kit makes them in worker
# processes, which share the start-up work that way.
def _deck(paper: Paper, lang: Lang) -> Document:
    from printkit.products.deck.crazy8ix import print_and_play

    return print_and_play(paper, lang)


def _gamesheet(mode: str, paper: Paper, lang: Lang) -> Document:
    from printkit.games.fox_rabbit.template import load_map
    from printkit.products.fox_rabbit.gamesheet import gamesheet

    return gamesheet(load_map("classic"), mode, paper, lang=lang)


def _decks(paper: Paper, lang: Lang) -> tuple[Recipe, ...]:
    return (partial(_deck, paper, lang),)


def _gamesheets(paper: Paper, lang: Lang) -> tuple[Recipe, ...]:
    from printkit.games.fox_rabbit.board import MODES

    return tuple(partial(_gamesheet, mode, paper, lang) for mode in MODES)


# The booklet's order: the four table games by name, then the solitaire game, whose two
# pages then share one sheet when printed on both sides.
CATALOG: tuple[GameProducts, ...] = (
    GameProducts(game=GAMES["crazy-like-a-fox"], pad=crazy_like_a_fox_pad.PAD,
                 aids=crazy_like_a_fox_aids.AIDS, kit=None),
    GameProducts(game=GAMES["crazy8ix"], pad=crazy8ix_pad.PAD, aids=crazy8ix_aids.AIDS,
                 kit=KitPart("deck", _decks)),
    GameProducts(game=GAMES["dice-dice-baby"], pad=dice_dice_baby_pad.PAD,
                 aids=dice_dice_baby_aids.AIDS, kit=None),
    GameProducts(game=GAMES["go-nuts"], pad=go_nuts_pad.PAD, aids=go_nuts_aids.AIDS, kit=None),
    GameProducts(game=GAMES["fox-and-rabbit"], pad=None, aids=fox_and_rabbit_aids.AIDS,
                 kit=KitPart("gamesheets", _gamesheets), rule_pages=2),
)


def products_of(game_id: str) -> GameProducts:
    """Return what printkit prints for a game, or raise a PrintkitError: a game the
    catalogue of products leaves out is a mistake to report, not to skip."""
    for entry in CATALOG:
        if entry.game.id == game_id:
            return entry
    raise PrintkitError(f"{quoted(game_id)} has no entry in the catalogue of what printkit prints "
                        f"(printkit/products/catalog.py): it has no pad, rules or place in the "
                        f"booklet")


def with_pads() -> tuple[GameProducts, ...]:
    """Return the entries of the games that have a score pad, in the catalogue's order."""
    return tuple(entry for entry in CATALOG if entry.pad is not None)
