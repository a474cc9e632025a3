"""Many games of The Fox and the Rabbit, played by one strategy, summed up.

Game i of a run is played with a random generator seeded from (seed, i) alone, so a run
gives the same numbers however its games are shared out: one process or several (`jobs`),
in any order. A summary holds counts only (escapes, achievements, a score histogram,
titles, traps left), so summaries of parts add up to the summary of the whole.
"""

from __future__ import annotations

import gc
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit.board import MODES, GameMap
from printkit.games.fox_rabbit.players import STRATEGIES, Outcome, compiled, play_game
from printkit.message import quoted
from printkit.workers import as_finished, can_fork

MAX_GAMES = 10_000_000
MAX_JOBS = 64
CHUNK = 250  # games handed to a worker at a time (and between progress reports)
SEED_LIMIT = 2 ** 32

#: Called with a dumped game's index and its run record (a dict), in the process that
#: played it.
DumpRecord = Callable[[int, dict[str, Any]], None]


def game_seed(seed: int, index: int) -> int:
    """Return the seed of game `index` of a run seeded with `seed` (one int, both kept whole)."""
    return seed * SEED_LIMIT + index


@dataclass
class Summary:
    """What a run of games shows: counts, from which every share and statistic follows."""

    map: str
    mode: str
    strategy: str
    seed: int
    games: int = 0
    fox: int = 0                # games in which the fox escaped (alone or with the rabbit)
    rabbit: int = 0             # games in which the rabbit escaped
    both: int = 0
    neither: int = 0
    both_fed: int = 0           # games in which both animals ate (an escape was possible)
    all_food: int = 0           # games in which each of the six foods was eaten
    foods: int = 0              # foods eaten, summed over games
    traps_left: int = 0         # traps left when the endgame began, summed over games
    turns: int = 0
    achievements: dict[str, int] = field(default_factory=dict)  # the mode's, in map order
    scores: Counter[int] = field(default_factory=Counter)       # score -> games
    titles: dict[str, int] = field(default_factory=dict)        # every title, in map order
    title_floors: tuple[int, ...] = ()                          # the score each title starts at

    @classmethod
    def empty(cls, game_map: GameMap, mode: str, strategy: str, seed: int) -> Summary:
        return cls(game_map.name, mode, strategy, seed,
                   achievements={a.id: 0 for a in game_map.scoring.achievements
                                 if a.mode == mode},
                   titles={t.title: 0 for t in game_map.scoring.titles},
                   title_floors=tuple(t.minimum for t in game_map.scoring.titles))

    def add(self, outcome: Outcome, title: str) -> None:
        """Count a game (`title`: the one its score earns)."""
        fox, rabbit = outcome.fox_escaped, outcome.rabbit_escaped
        self.games += 1
        self.fox += fox
        self.rabbit += rabbit
        self.both += fox and rabbit
        self.neither += not (fox or rabbit)
        self.both_fed += outcome.both_fed
        self.all_food += outcome.all_food
        self.foods += outcome.foods_eaten
        self.traps_left += outcome.traps_left
        self.turns += outcome.turns
        self.scores[outcome.score] += 1
        self.titles[title] += 1
        for achievement in outcome.achievements:
            self.achievements[achievement] += 1

    def merge(self, other: Summary) -> None:
        """Add another part of the same run."""
        for name in ("games", "fox", "rabbit", "both", "neither", "both_fed", "all_food",
                     "foods", "traps_left", "turns"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.scores.update(other.scores)
        for key, n in other.achievements.items():
            self.achievements[key] += n
        for key, n in other.titles.items():
            self.titles[key] += n

    # --- statistics ------------------------------------------------------------------------
    def share(self, count: int) -> float:
        return count / self.games if self.games else 0.0

    def score_mean(self) -> float:
        return sum(s * n for s, n in self.scores.items()) / self.games if self.games else 0.0

    def score_percentile(self, p: float) -> int:
        """Return the nearest-rank p-th percentile of the scores (the smallest score that at
        least p % of the games do not exceed)."""
        rank = max(1, math.ceil(p / 100 * self.games))
        seen = 0
        for s in sorted(self.scores):
            seen += self.scores[s]
            if seen >= rank:
                return s
        return 0

    def score_median(self) -> float:
        """Return the middle score (the mean of the two middle ones for an even count)."""
        if not self.games:
            return 0.0
        ordered = sorted(self.scores)
        lo_rank, hi_rank = (self.games + 1) // 2, self.games // 2 + 1
        lo = hi = None
        seen = 0
        for s in ordered:
            seen += self.scores[s]
            if lo is None and seen >= lo_rank:
                lo = s
            if seen >= hi_rank:
                hi = s
                break
        assert lo is not None and hi is not None
        return (lo + hi) / 2

    def as_dict(self) -> dict[str, Any]:
        """Return the summary for tools (shares 0-1, counts beside them)."""
        return {
            "map": self.map, "mode": self.mode, "strategy": self.strategy, "seed": self.seed,
            "games": self.games,
            "escaped": {k: self.share(getattr(self, k))
                        for k in ("fox", "rabbit", "both", "neither")},
            "escaped_counts": {k: getattr(self, k) for k in ("fox", "rabbit", "both", "neither")},
            "achievements": {k: self.share(n) for k, n in self.achievements.items()},
            "achievement_counts": dict(self.achievements),
            "score": {"mean": round(self.score_mean(), 4), "median": self.score_median(),
                      "p10": self.score_percentile(10), "p90": self.score_percentile(90),
                      "histogram": {str(s): self.scores[s] for s in sorted(self.scores)}},
            "titles": {k: self.share(n) for k, n in self.titles.items()},
            "traps_left_mean": round(self.traps_left / self.games, 4) if self.games else 0.0,
            "foods_mean": round(self.foods / self.games, 4) if self.games else 0.0,
            "both_fed": self.share(self.both_fed),
            "all_food": self.share(self.all_food),
            "turns_mean": round(self.turns / self.games, 4) if self.games else 0.0,
        }

    def text(self, achievement_texts: dict[str, str] | None = None) -> str:
        """Return the summary as a person reads it."""
        texts = achievement_texts or {}
        n = self.games
        lines = [f"The Fox and the Rabbit: {n:,} games, map {self.map}, {self.mode} mode, "
                 f"{self.strategy} player, seed {self.seed}",
                 "",
                 "escaped      " + "   ".join(
                     f"{k} {_pct(self.share(getattr(self, k)))}"
                     for k in ("fox", "rabbit", "both", "neither"))
                 + "   (fox, rabbit: with or without the other)"]
        lines.append("achievements")
        for key, count in self.achievements.items():
            lines.append(f"  {_pct(self.share(count)):>7}  {key}"
                         + (f": {texts[key]}" if key in texts else ""))
        lines.append(f"score        mean {self.score_mean():.1f}   median "
                     f"{_num(self.score_median())}   10th percentile {self.score_percentile(10)}"
                     f"   90th percentile {self.score_percentile(90)}")
        lines.append("titles")
        for title, count in self.titles.items():
            lines.append(f"  {_pct(self.share(count)):>7}  {title}")
        if n:
            lines.append(f"traps left   {self.traps_left / n:.2f} on average when the endgame "
                         f"began (they score only if an animal escaped)")
            lines.append(f"also         both animals fed {_pct(self.share(self.both_fed))}, "
                         f"every food eaten {_pct(self.share(self.all_food))}, "
                         f"{self.foods / n:.2f} foods and {self.turns / n:.1f} turns a game")
        return "\n".join(lines)


def _pct(share: float) -> str:
    return f"{share * 100:.1f} %"


def _num(x: float) -> str:
    return f"{x:g}"


# --- playing a run ---------------------------------------------------------------------------
def _play_range(game_map: GameMap, mode: str, strategy: str, seed: int, start: int, stop: int,
                dump: DumpRecord | None) -> Summary:
    cm = compiled(game_map)
    summary = Summary.empty(game_map, mode, strategy, seed)
    rng = random.Random()
    record = dump is not None
    for i in range(start, stop):
        rng.seed(game_seed(seed, i))
        outcome, rec = play_game(cm, mode, rng, strategy, record)
        summary.add(outcome, game_map.title_for(outcome.score))
        if dump is not None and rec is not None:
            dump(i, rec)
    return summary


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a run's games are played, then restore it.

    A game makes no reference cycle (gc.DEBUG_SAVEALL finds none after thousands), so its
    memory is freed as it goes; but the collector's full passes walk every entry of the
    players' caches again and again, for nothing: a third of a run's time (20,000 easy games,
    bench/bench_simulate.py: 3,300 games per CPU-second with it, 5,600 without). Worker
    processes, which only play games, leave it paused.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def check(mode: str, games: int, seed: int, strategy: str, jobs: int) -> None:
    """Raise PrintkitError saying what is wrong with a run's settings."""
    if mode not in MODES:
        raise PrintkitError(f"unknown mode {quoted(mode)}: expected one of {', '.join(MODES)}")
    if strategy not in STRATEGIES:
        raise PrintkitError(f"unknown strategy {quoted(strategy)}: expected one of "
                            f"{', '.join(STRATEGIES)}")
    if not 1 <= games <= MAX_GAMES:
        raise PrintkitError(f"--games must be between 1 and {MAX_GAMES:,} (not {games})")
    if not 0 <= seed < SEED_LIMIT:
        raise PrintkitError(f"--seed must be between 0 and {SEED_LIMIT - 1} (not {seed})")
    if not 1 <= jobs <= MAX_JOBS:
        raise PrintkitError(f"--jobs must be between 1 and {MAX_JOBS} (not {jobs})")


def _chunks(games: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, CHUNK):
        yield start, min(games, start + CHUNK)


# Each worker process keeps the run's settings from its start (set by _init).
_WORKER: dict[str, Any] = {}


def _init(game_map: GameMap, mode: str, strategy: str, seed: int,
          dump: DumpRecord | None) -> None:
    gc.disable()   # a worker only plays games: see _collector_paused
    _WORKER.update(map=game_map, mode=mode, strategy=strategy, seed=seed, dump=dump)


def _work(bounds: tuple[int, int]) -> Summary:
    w = _WORKER
    return _play_range(w["map"], w["mode"], w["strategy"], w["seed"], bounds[0], bounds[1],
                       w["dump"])


def simulate(game_map: GameMap, mode: str, games: int, seed: int = 1,
             strategy: str = "greedy", jobs: int = 1, dump: DumpRecord | None = None,
             progress: Callable[[int], None] | None = None) -> Summary:
    """Play `games` games and return their summary (the same for any `jobs`).

    `dump` is called with each game's index and run record (in the process that played it,
    so it must be a module-level function when jobs > 1); `progress` with the number of
    games finished so far.
    """
    check(mode, games, seed, strategy, jobs)
    total = Summary.empty(game_map, mode, strategy, seed)
    done = 0
    if jobs == 1 or games <= CHUNK or not can_fork():
        with _collector_paused():
            for start, stop in _chunks(games):
                total.merge(_play_range(game_map, mode, strategy, seed, start, stop, dump))
                done = stop
                if progress is not None:
                    progress(done)
        return total
    for _, part in as_finished(_work, list(_chunks(games)), jobs, _init,
                               (game_map, mode, strategy, seed, dump)):
        total.merge(part)
        done += part.games
        if progress is not None:
            progress(done)
    return total


__all__ = ["STRATEGIES", "Summary", "check", "game_seed", "simulate"]
