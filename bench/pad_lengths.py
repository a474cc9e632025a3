"""How many rows each score pad needs: the 99th-percentile game, simulated.

Go Nuts! turns (2-4 players, several targets, each banking threshold; dice faces as
assumed in printkit/games/go_nuts.py), Crazy8ix hands (2-8 players, several targets; the
cards-left model in printkit/games/crazy8ix.py); Crazy Like a Fox rounds and Dice Dice
Baby challenges are fixed by the rules. Next to each figure: the rows the pad prints
(`turns_needed` / `hands_needed`), which must not be smaller.

    python bench/pad_lengths.py            # the tables, markdown, as in docs/pad-lengths.md
    python bench/pad_lengths.py --games N  # games per cell (default 2000)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.games import crazy8ix, crazy_like_a_fox, dice_dice_baby, go_nuts

GO_NUTS_TARGETS = (10, 25, 50, 100, 150, 200, 300)
CRAZY8IX_TARGETS = (100, 200, 300, 500)


def main() -> None:
    games = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 2000
    short = False
    print(f"Go Nuts! turns, 99th percentile of {games} games (banking at "
          f"{', '.join(map(str, go_nuts.BANK_AT))} acorns) → rows printed\n")
    print("| players | target | " + " | ".join(f"bank at {b}" for b in go_nuts.BANK_AT)
          + " | pad rows |")
    print("|---|---|" + "---|" * (len(go_nuts.BANK_AT) + 1))
    for players in (2, 3, 4):
        for target in GO_NUTS_TARGETS:
            p99 = [go_nuts.percentile_turns(players, target, b, games) for b in go_nuts.BANK_AT]
            rows = go_nuts.turns_needed(players, target)
            short = short or rows < max(p99)
            print(f"| {players} | {target} | " + " | ".join(map(str, p99)) + f" | {rows} |")
    print(f"\nCrazy8ix hands, 99th percentile of {games} games → rows printed\n")
    print("| players | " + " | ".join(f"to {t}" for t in CRAZY8IX_TARGETS) + " |")
    print("|---|" + "---|" * len(CRAZY8IX_TARGETS))
    for players in range(2, 9):
        cells = []
        for target in CRAZY8IX_TARGETS:
            p99 = crazy8ix.percentile_hands(players, target, games)
            rows = crazy8ix.hands_needed(players, target)
            short = short or rows < p99
            cells.append(f"{p99} → {rows}")
        print(f"| {players} | " + " | ".join(cells) + " |")
    print("\nCrazy Like a Fox rounds (fixed): "
          + ", ".join(f"{n} players {crazy_like_a_fox.rounds(n)}" for n in (3, 4, 5)))
    print("Dice Dice Baby challenges (at most, fixed): "
          + ", ".join(f"{n} players {dice_dice_baby.max_challenges(n)}" for n in (2, 3, 4)))
    if short:
        print("\nA pad prints fewer rows than the 99th percentile somewhere above.")
        sys.exit(1)


if __name__ == "__main__":
    main()
