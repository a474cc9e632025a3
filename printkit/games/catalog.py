"""What printkit knows of each game: its id, name, player range and what it prints."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import PrintkitError
from printkit.message import quoted


@dataclass(frozen=True)
class Game:
    """A game printkit serves."""

    id: str
    name: str
    min_players: int
    max_players: int
    default_players: int
    prints: tuple[str, ...]

    @property
    def players(self) -> str:
        if self.min_players == self.max_players:
            return f"{self.min_players} player" + ("s" if self.min_players > 1 else "")
        return f"{self.min_players}-{self.max_players} players"

    def check_player_count(self, count: int) -> None:
        """Raise a PrintkitError if `count` players cannot play this game."""
        if not self.min_players <= count <= self.max_players:
            raise PrintkitError(f"{self.name} is for {self.players} (not {count})")


GAMES: dict[str, Game] = {
    g.id: g
    for g in (
        Game("crazy-like-a-fox", "Crazy Like a Fox", 3, 5, 4,
             ("score pad", "rule summary")),
        Game("crazy8ix", "Crazy8ix (Amérix)", 2, 8, 4,
             ("score pad", "100-card deck + 4 help cards", "rule summary")),
        Game("go-nuts", "Go Nuts!", 2, 4, 4, ("score pad", "rule summary")),
        Game("dice-dice-baby", "Dice Dice Baby", 2, 4, 4,
             ("dice and challenge tracker", "odds card", "rule summary")),
        Game("fox-and-rabbit", "The Fox and the Rabbit", 1, 1, 1,
             ("gamesheet (easy, hard, super-hard)", "run validator", "rule summary")),
    )
}


def game(game_id: str) -> Game:
    """Return the game with this id, or say which ids exist."""
    found = GAMES.get(game_id.strip().lower())
    if found is None:
        raise PrintkitError(f"unknown game {quoted(game_id)}: expected one of {', '.join(GAMES)}")
    return found
