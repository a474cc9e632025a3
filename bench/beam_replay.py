"""The beams of a photo's `suggest` alone, replayed (issue 31): `spelling._masses`'s calls
recorded once, then read again by a checkout's beam, timed and compared.

Run: python bench/beam_replay.py record CALLS.pkl SCAN.pkl      # a kept scan (suggest_snapshot)
     python bench/beam_replay.py replay CALLS.pkl ... [--rounds 5]

`record` reads the kept scan's `suggest` (the boxes asked answered as the truth has them, as
bench/suggest_cpu.py does) and keeps each beam's arguments (the runs, the grammar's moves,
the pieces, and, for a beam the rules drop readings from, every answer the rules gave it)
and what it gave back. `replay` reads each call again through the printkit on PYTHONPATH
(the rules' answers looked up: the beam's own CPU, not the rules'), best of `--rounds`,
and counts the calls whose readings differ from those recorded, in their order, or in a
float's last digit (their reprs compared).
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from suggest_snapshot import _kinds


def record(out: Path, kept: Path) -> None:
    import printkit.cli  # noqa: F401  (a seeded variant's map is made as the command line makes it)
    from printkit.games.fox_rabbit.template import load_map_with_digest
    from printkit.scan import spelling
    from printkit.scan.layout import blank_image
    from printkit.scan.suggest import suggest

    with kept.open("rb") as f:
        found, boxes, _written = _kinds(pickle.load(f))
    lay = found.layout
    load_map_with_digest(found.code.map, found.code.digest)
    blank_image(lay.map.name, lay.mode, lay.paper, lay.lang, found.scale, lay.version)
    calls: list[Any] = []
    beam = spelling._masses

    def kept_call(runs: Any, pieces: Any, grammar: Any, big: Any = (), starts: Any = (),
                  fits: Any = None, most: int = 0) -> Any:
        answers: dict[str, bool] | None = None if fits is None else {}

        def asked(text: str) -> bool:
            assert answers is not None and fits is not None
            if text not in answers:
                answers[text] = fits(text)
            return answers[text]

        read = beam(runs, pieces, grammar, big, starts, None if fits is None else asked, most)
        calls.append(((list(runs), pieces, grammar.moves, grammar.ends, grammar.unbroken,
                       list(big), list(starts), answers, most), read))
        return read

    spelling._masses = kept_call
    suggest(found, boxes)
    with out.open("wb") as f:
        pickle.dump(calls, f)
    print(f"{len(calls)} beams kept in {out}")


def replay(paths: list[Path], rounds: int) -> None:
    from printkit.scan import spelling

    total = 0.0
    for path in paths:
        with path.open("rb") as f:
            calls = pickle.load(f)
        ready = [((runs, pieces, spelling.Grammar(moves, ends, unbroken), big, starts,
                   None if answers is None else answers.__getitem__, most), read)
                 for (runs, pieces, moves, ends, unbroken, big, starts, answers, most), read
                 in calls]
        best = float("inf")
        for _ in range(rounds):
            start = time.process_time()
            got = [spelling._masses(*args) for args, _read in ready]
            best = min(best, time.process_time() - start)
        differ = sum(1 for g, (_args, read) in zip(got, ready)
                     if list(g) != list(read) or any(repr(g[t]) != repr(read[t]) for t in g))
        total += best
        print(f"{path.name}: {len(ready)} beams, best of {rounds} {best * 1000:.1f} ms, "
              f"{differ} differ")
    print(f"in all {total * 1000:.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("record", "replay"))
    parser.add_argument("paths", type=Path, nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if args.what == "record":
        record(args.paths[0], args.paths[1])
    else:
        replay(args.paths, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
