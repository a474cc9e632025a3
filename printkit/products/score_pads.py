"""`printkit sheet GAME` for the multiplayer games: players, paper and copies to a Document."""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.impose import impose
from printkit.draw.paper import Paper
from printkit.errors import PrintkitError
from printkit.games.catalog import Game
from printkit.products.document import Document
from printkit.products.pads import EXTRAS, PADS, TARGETS
from printkit.products.pads.common import PadSetup

MAX_COPIES = 200


def players_setup(game: Game, names: list[str] | None, count: int | None,
                  target: int | None) -> PadSetup:
    """Return who plays: named players, or `count` blank name lines (default: the game's)."""
    if names is not None and count is not None and count != len(names):
        raise PrintkitError(f"--count {count} disagrees with the {len(names)} names in --players")
    if names is not None:
        game.check_player_count(len(names))
        for name in names:
            fonts.check_printable(name, "the player name", fonts.BOLD)
        entries: tuple[str | None, ...] = tuple(names)
    else:
        n = count if count is not None else game.default_players
        game.check_player_count(n)
        entries = (None,) * n
    if target is not None:
        if game.id not in TARGETS:
            raise PrintkitError(f"--target does not apply to {game.name}; it applies to "
                                f"{', '.join(sorted(TARGETS))}")
        if not 1 <= target <= 9999:
            raise PrintkitError(f"--target must be between 1 and 9999 (not {target})")
    return PadSetup(entries, target)


def score_pad(game: Game, setup: PadSetup, paper: Paper, per_page: int = 1,
              copies: int = 1) -> Document:
    """Return the score pad document for a game: `copies` pads, `per_page` to a sheet."""
    if game.id not in PADS:
        raise PrintkitError(f"{game.name} has no score pad; pads exist for {', '.join(PADS)}")
    if not 1 <= copies <= MAX_COPIES:
        raise PrintkitError(f"--pages must be between 1 and {MAX_COPIES} (not {copies})")
    panel = PADS[game.id](setup)
    extras = [EXTRAS[game.id]()] if game.id in EXTRAS else []
    title = f"{game.name} score pad, {setup.count} players"
    pages = impose([panel] * copies, paper, per_page, title, extras)
    return Document(title, f"{game.id}-pad-{paper.id}.pdf", tuple(pages))
