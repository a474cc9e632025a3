"""Run the variant maker for every seeded variant printkit offers and store its choices.

Run: python bench/make_variants.py [--jobs N] [--check [N ...]]

For variants 1 to MAX_VARIANT, plays the maker's games (`variants.make_choice`: the first
candidate inside the band, then its difficulty in every mode) and writes
templates/fox-and-rabbit/variants.csv, one row a variant, never typed by hand. About a second
of CPU a variant, on N processes (default: every core). With --check it writes nothing: it
makes the variants named (default 1, 17 and the last) again and says whether their rows are
the stored ones (the tests check a sample too, and every row's map).
"""

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.games.fox_rabbit.variant_maps import COLUMNS, TABLE, parse_table  # noqa: E402
from printkit.games.fox_rabbit.variant_names import MAX_VARIANT  # noqa: E402
from printkit.games.fox_rabbit.variants import make_choice  # noqa: E402
from printkit.workers import as_finished, cores  # noqa: E402

OUT = ROOT / "templates" / "fox-and-rabbit" / TABLE
HEADER = """\
# The seeded variants printkit offers: for each, the candidate the variant maker chose (the
# first attempt whose greedy player wins 60-85 % of the easy games) and the games the greedy
# player wins in each mode, of 1,000 a mode from seed 1, as its sheet prints them. `rules` is
# the digest of the chosen map's rules: a variant drawn with other rules is refused.
# Written by `python bench/make_variants.py`, never by hand; a test makes a sample again.
"""


def row(number: int) -> str:
    """Return variant `number`'s row (a module-level function: it runs in a worker)."""
    return make_choice(number).row()


def table(rows: list[str]) -> str:
    """Return the whole file."""
    return HEADER + ",".join(COLUMNS) + "\n" + "".join(r + "\n" for r in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=cores())
    parser.add_argument("--check", type=int, nargs="*", metavar="N")
    options = parser.parse_args()
    if options.check is not None:
        stored = parse_table(OUT.read_text("utf-8"), str(OUT))
        numbers = options.check or [1, 17, MAX_VARIANT]
        wrong = [n for n in numbers if row(n) != stored[n - 1].row()]
        print(f"variants {', '.join(map(str, numbers))}: "
              + (f"rows differ for {wrong}" if wrong else "rows match"))
        sys.exit(1 if wrong else 0)
    start = time.perf_counter()
    numbers = list(range(1, MAX_VARIANT + 1))
    rows: list[str] = [""] * len(numbers)
    finished = as_finished(row, numbers, max(1, options.jobs))
    for done, (i, text) in enumerate(finished, 1):
        rows[i] = text
        if done % 50 == 0 or done == len(numbers):
            print(f"{done}/{len(numbers)} variants made ({time.perf_counter() - start:.0f} s)",
                  file=sys.stderr, flush=True)
    text = table(rows)
    parse_table(text, str(OUT))   # what is written reads back
    OUT.write_text(text, "utf-8")
    attempts = [int(r.split(",")[1]) for r in rows]
    print(f"wrote {OUT.relative_to(ROOT)}: {len(rows)} variants, {sum(attempts) + len(rows)} "
          f"candidates tried (at most {max(attempts) + 1} for one), "
          f"{time.perf_counter() - start:.0f} s on {options.jobs} processes")


if __name__ == "__main__":
    main()
