"""Score pads for the four multiplayer games."""

from __future__ import annotations

from collections.abc import Callable

from printkit.draw.impose import Panel
from printkit.language import Lang
from printkit.products.pads import crazy8ix, crazy_like_a_fox, dice_dice_baby, go_nuts
from printkit.products.pads.common import PadSetup

# game id -> the pad's panel for a set of players
PADS: dict[str, Callable[[PadSetup], Panel]] = {
    "crazy-like-a-fox": crazy_like_a_fox.panel,
    "go-nuts": go_nuts.panel,
    "crazy8ix": crazy8ix.panel,
    "dice-dice-baby": dice_dice_baby.panel,
}

# panels printed once after all copies of a pad (the odds card is a reference, not a pad)
EXTRAS: dict[str, Callable[[Lang], Panel]] = {
    "dice-dice-baby": dice_dice_baby.odds_panel,
}

TARGETS = {"go-nuts", "crazy8ix"}

# pads whose rows follow the game: how many pads of a size one game needs (the rest: one)
PARTS: dict[str, Callable[[PadSetup, float, float], int]] = {
    "go-nuts": go_nuts.parts,
    "crazy8ix": crazy8ix.parts,
}
