"""A deck of one's own with art, against the same deck made with protograf.

    python bench/bench_deck_art.py make DIR [--cards 500]
    python bench/bench_deck_art.py run DIR --protograf PYTHON [--runs 5]

`make` writes the deck into DIR: `cards.csv` (N distinct cards: a name, a cost, rules text
of 5 to 40 words, one of 24 pictures), `card.toml` (a title band, a cost disc, the picture,
the rules text that shrinks, a back with a frame), `art/` (24 PNGs of 600 × 480 px with a
transparent background: 305 DPI where the card prints them, 50 × 40 mm) and
`protograf_deck.py`, the same cards placed by protograf's own API (a card's elements at the
same places in cm, the picture as an image, the rules as wrapped text, the same back). It
prints the two commands, each a whole process, to time in turn.

`run` times them itself with public tools: the two commands in turn (printkit, protograf,
printkit, ...) `--runs` times, each one's wall seconds, CPU seconds (its own and its
children's) and peak memory (its largest process) from the operating system's accounting
of the finished child, and the medians and the median of the pairs' ratios.

protograf draws with PyMuPDF and is installed apart (`python -m venv /tmp/proto && /tmp/
proto/bin/pip install protograf`: about 330 MB with its dependencies), never in printkit's.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORDS = ("draw", "deal", "damage", "gain", "coin", "card", "discard", "each", "creature",
         "player", "turn", "your", "next", "return", "hand", "play", "one", "two", "three",
         "until", "end", "of", "the", "a", "to", "and", "or")
PICTURES = 24

LAYOUT = """
[card]
title = "Art Bench"
size = "poker"
background = "#f4ead8"
back = "plain"

[elements.band]
kind = "rect"
x = "3.5mm"
y = "3.5mm"
width = "56.5mm"
height = "10mm"
fill = "#8c2f14"

[elements.name]
kind = "text"
text = "{name}"
x = "6mm"
y = "4.5mm"
width = "42mm"
height = "8mm"
font = "Lato-Bold"
size = 13
valign = "middle"
color = "#ffffff"

[elements.disc]
kind = "circle"
x = "54mm"
y = "8.5mm"
radius = "4.2mm"
fill = "#d6a020"

[elements.cost]
kind = "text"
text = "{cost}"
x = "49.8mm"
y = "4.3mm"
width = "8.4mm"
height = "8.4mm"
font = "Lato-Black"
size = 12
align = "center"
valign = "middle"

[elements.art]
kind = "image"
file = "art/{art}"
x = "6.75mm"
y = "15mm"
width = "50mm"
height = "40mm"

[elements.rules]
kind = "text"
text = "{text}"
x = "5mm"
y = "58mm"
width = "53.5mm"
height = "24mm"
size = 10
fit = "shrink"
min_size = 6

[backs.plain]
background = "#2b1a12"

[backs.plain.elements.frame]
kind = "rect"
x = "4mm"
y = "4mm"
width = "55.5mm"
height = "80.9mm"
stroke = "#d6a020"
stroke_width = 1.2
"""

PROTOGRAF = """
import csv, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.argv = sys.argv[:1]  # protograf reads the command line as its own
from protograf import *
cards = list(csv.DictReader(open(os.path.join(here, "cards.csv"), encoding="utf-8")))
os.makedirs(os.path.join(here, "proto"), exist_ok=True)
os.chdir(os.path.join(here, "proto"))
Create(filename="deck.pdf", paper="Letter", margin=0.5)
Deck(cards=len(cards), height=8.89, width=6.35, fill="#f4ead8")
Card("*", rectangle(x=0.35, y=0.35, width=5.65, height=1.0, fill_stroke="#8c2f14"))
Card("*", circle(cx=5.4, cy=0.85, radius=0.42, fill_stroke="#d6a020"))
for i, card in enumerate(cards, start=1):
    Card(str(i), text(text=card["name"], x=0.6, y=0.7, font_size=13, stroke="#ffffff"))
    Card(str(i), text(text=card["cost"], x=5.4, y=1.0, font_size=12))
    Card(str(i), image(os.path.join(here, "art", card["art"]), x=0.675, y=1.5, width=5.0,
                       height=4.0))
    Card(str(i), text(html=True, text=card["text"], x=0.5, y=5.8, width=5.35, height=2.4,
                      font_size=10))
CardBack("*", rectangle(x=0, y=0, width=6.35, height=8.89, fill_stroke="#2b1a12"))
CardBack("*", rectangle(x=0.4, y=0.4, width=5.55, height=8.09, fill=None, stroke="#d6a020",
                        stroke_width=1.2))
Save()
"""


def make(folder: Path, count: int) -> None:
    """Write the deck, its art and the protograf script into `folder`."""
    from PIL import Image, ImageDraw

    (folder / "art").mkdir(parents=True, exist_ok=True)
    rng = random.Random(32)
    for k in range(PICTURES):
        picture = Image.new("RGBA", (600, 480), (0, 0, 0, 0))
        draw = ImageDraw.Draw(picture)
        for _ in range(6):
            x, y = rng.randrange(0, 420), rng.randrange(0, 300)
            size = rng.randrange(80, 180)
            colour = (rng.randrange(40, 220), rng.randrange(40, 220), rng.randrange(40, 220),
                      rng.choice((255, 200, 140)))
            (draw.ellipse if rng.random() < 0.5 else draw.rectangle)(
                (x, y, x + size, y + size), fill=colour)
        picture.save(folder / "art" / f"art-{k:02d}.png", dpi=(305, 305))
    with open(folder / "cards.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["name", "cost", "art", "text"])
        for i in range(count):
            words = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(5, 41)))
            writer.writerow([f"Card {i + 1}", rng.randrange(0, 10),
                             f"art-{i % PICTURES:02d}.png", words.capitalize() + "."])
    (folder / "card.toml").write_text(LAYOUT, encoding="utf-8")
    (folder / "protograf_deck.py").write_text(PROTOGRAF, encoding="utf-8")


def commands(folder: Path, protograf: str) -> tuple[list[str], list[str]]:
    printkit = [str(Path(sys.executable).with_name("printkit")), "deck", "--data",
                str(folder / "cards.csv"), "--layout", str(folder / "card.toml"),
                "--format", "pnp", "-o", str(folder / "out")]
    return printkit, [protograf, str(folder / "protograf_deck.py")]


def timed(command: list[str]) -> dict[str, float]:
    """Return one whole-process run's wall and CPU seconds and its peak memory (MB)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{command[0]} failed: {child.stderr.read().decode()[-2000:]}"
                         if child.stderr else f"{command[0]} failed")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
            "peak_mb": usage.ru_maxrss / 1024}


def run(folder: Path, protograf: str, runs: int) -> None:
    ours, theirs = commands(folder, protograf)
    timed(ours), timed(theirs)  # warm: files read once, bytecode compiled
    mine, other = [], []
    for _ in range(runs):
        mine.append(timed(ours))
        other.append(timed(theirs))
    for key in ("wall", "cpu", "peak_mb"):
        a = statistics.median(m[key] for m in mine)
        b = statistics.median(o[key] for o in other)
        ratio = statistics.median(m[key] / o[key] for m, o in zip(mine, other))
        print(f"{key:8s} printkit {a:8.2f}   protograf {b:8.2f}   ratio {ratio:.2f}x "
              f"(median of {runs} pairs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("make", "run"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--protograf", help="a Python with protograf installed (run)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if args.what == "make":
        make(args.folder, args.cards)
        ours, theirs = commands(args.folder, args.protograf or "PYTHON")
        print(" ".join(ours))
        print(" ".join(theirs))
        return
    if not args.protograf:
        raise SystemExit("run needs --protograf PYTHON")
    run(args.folder, args.protograf, args.runs)


if __name__ == "__main__":
    main()
