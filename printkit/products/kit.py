"""`printkit kit`: everything printkit makes for a game night, as a list of files to write."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from printkit.draw.paper import Paper
from printkit.errors import PrintkitError
from printkit.games.catalog import GAMES
from printkit.games.crazy8ix_deck import load_deck
from printkit.products.deck.pnp import pnp_document
from printkit.products.document import Document
from printkit.products.pads import PADS
from printkit.products.score_pads import players_setup, score_pad


@dataclass
class KitPlan:
    """The documents of a kit, and the games left out (with why)."""

    documents: list[Document] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def plan_kit(paper: Paper, names: list[str] | None, count: int | None) -> KitPlan:
    """Return the kit's documents for these players on this paper."""
    plan = KitPlan()
    for game_id in PADS:
        game = GAMES[game_id]
        n = len(names) if names is not None else count
        if n is not None and not game.min_players <= n <= game.max_players:
            plan.skipped.append(f"{game.name} score pad: the game is for {game.players}, "
                                f"not {n}")
            continue
        setup = players_setup(game, names, count, None)
        plan.documents.append(score_pad(game, setup, paper))
    _add_deck(plan, paper, len(names) if names is not None else count)
    if not plan.documents:
        raise PrintkitError("no game in the kit can be played by that many players")
    return plan


def _add_deck(plan: KitPlan, paper: Paper, players: int | None) -> None:
    """Add the Crazy8ix print-and-play deck, unless that many players cannot play it."""
    game = GAMES["crazy8ix"]
    if players is not None and not game.min_players <= players <= game.max_players:
        plan.skipped.append(f"{game.name} deck: the game is for {game.players}, not {players}")
        return
    plan.documents.append(pnp_document(load_deck(), paper))


def kit_files(plan: KitPlan, folder: Path) -> dict[Path, bytes]:
    """Return every file of the kit, rendered, by its path in `folder`."""
    return {folder / doc.filename: doc.pdf_bytes() for doc in plan.documents}
