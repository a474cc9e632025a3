"""Measure the classic map's difficulty and store it in its template (never typed by hand).

Run: python bench/measure_difficulty.py [--check]
Simulates DIFFICULTY_GAMES greedy games per mode from DIFFICULTY_SEED and rewrites the
`[difficulty]` table at the end of templates/fox-and-rabbit/classic.toml. With --check it
only says whether the stored figures are the computed ones (the tests check this too).
"""

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.games.fox_rabbit.difficulty import difficulty_line, measure  # noqa: E402
from printkit.games.fox_rabbit.map_reader import read_map_file  # noqa: E402

TEMPLATE = ROOT / "templates/fox-and-rabbit/classic.toml"
MARKER = "# --- measured difficulty"


def table(d) -> str:
    won = ", ".join(f"{mode} = {n}" for mode, n in d.won)
    return f"""{MARKER} {'-' * (88 - len(MARKER) - 2)}
# Written by `python bench/measure_difficulty.py`, never by hand; the tests re-run the
# simulation and check every number. `won` counts the games, of `games` per mode played by
# the `strategy` player from `seed`, that earn the mode's first achievement (easy-3-one,
# hard-4-one, superhard-all-both). `rules` is a digest of the rules above: figures
# measured on other rules are not printed (the map is simulated again instead).
[difficulty]
strategy = "{d.strategy}"
games = {d.games}
seed = {d.seed}
rules = "{d.rules}"
won = {{ {won} }}
"""


def main() -> None:
    game_map = read_map_file(TEMPLATE)
    start = time.perf_counter()
    computed = measure(game_map)
    took = time.perf_counter() - start
    print(f"{difficulty_line(computed)}  ({computed.games} games per mode, seed "
          f"{computed.seed}, {took:.1f} s)")
    if "--check" in sys.argv:
        ok = game_map.difficulty == computed
        print("stored figures match" if ok else f"stored figures differ: {game_map.difficulty}")
        sys.exit(0 if ok else 1)
    text = TEMPLATE.read_text("utf-8")
    head = text.split(MARKER)[0].rstrip("\n")
    TEMPLATE.write_text(head + "\n\n" + table(computed), "utf-8")
    print(f"wrote the [difficulty] table of {TEMPLATE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
