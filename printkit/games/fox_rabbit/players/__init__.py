"""Automatic players: whole games played fast on a map's compiled tables, by a stated strategy.

The simulator plays hundreds of thousands of games, so the hot path keeps the game's state as
a handful of ints (`state`), a map as tuples of ints (`compiled_map`) and a roll's groups of
dice as a table built once per distinct roll (`rolls`). The rules are the engine's: the cell
rules and requirements of `dice`, the rewards, aids, score and achievements of `engine`, the
fewest aids that meet a requirement of `endgame`.

- `game`: a whole game, turn after turn, then the endgame, then the score;
- `random_player`, `greedy`, `careful`: the strategies, each a `strategy.Strategy`
  (docs/commands.md, "The strategies", states them for players);
- `planner`: the greedy and careful players' search for a turn's best crossings;
- `endgame`: escape attempts and the farmer's trigger attempts.
"""

from printkit.games.fox_rabbit import STRATEGIES
from printkit.games.fox_rabbit.players.compiled_map import Compiled, compiled
from printkit.games.fox_rabbit.players.game import Outcome, Played, play, play_game

__all__ = ["STRATEGIES", "Compiled", "Outcome", "Played", "compiled", "play", "play_game"]
