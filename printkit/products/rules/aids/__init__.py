"""The player aids a rule summary can place with `::aid NAME`, by game."""

from __future__ import annotations

from printkit.products.rules.aids import (
    crazy8ix,
    crazy_like_a_fox,
    dice_dice_baby,
    fox_and_rabbit,
    go_nuts,
)
from printkit.products.rules.aids.base import Aid

# game id -> aid name -> aid
AIDS: dict[str, dict[str, Aid]] = {
    game_id: {aid.name: aid for aid in module.AIDS}
    for game_id, module in (
        ("crazy-like-a-fox", crazy_like_a_fox),
        ("crazy8ix", crazy8ix),
        ("go-nuts", go_nuts),
        ("dice-dice-baby", dice_dice_baby),
        ("fox-and-rabbit", fox_and_rabbit),
    )
}

__all__ = ["AIDS", "Aid"]
