"""A custom deck against the same cards drawn by hand with the libraries printkit sits on.

    python bench/bench_custom_deck.py [--cards 500] [--runs 3] [--protograf PYTHON]
                                      [--only pdf|png|memory]

Side by side, in one run, each figure a fresh process: printkit and its yardstick in turn
(printkit, yardstick, printkit, ...) --runs times, each side's medians printed and the
ratio the median of the pairs' ratios, in wall and in CPU seconds:

- print-and-play PDF of N distinct cards (fronts and backs, 8 to a Letter sheet, on their
  side): `printkit deck --data --layout` against the same pages drawn with raw reportlab
  (Lato embedded, the same shapes and texts at the same places, text wrapped by
  reportlab's simpleSplit, the crop marks and side labels of each sheet, and a how-to page
  and an alignment-scales page in front, as printkit's);
- The Game Crafter PNGs of N distinct cards (825 × 1125 px): printkit (a pool of processes
  past 400 cards) against raw Pillow drawing and saving each card alone;
- the same PNGs rebuilt with one row changed: what the cache saves;
- memory: the peak of 1,000 cards against 100, for the PDF (raw reportlab's beside it) and
  for the PNGs;
- protograf, when a Python with it installed is given (--protograf), for the PDF.

The deck: N rows of a name, a type, a cost and rules text of 5 to 40 words, on a layout of
a title band, a cost disc, a type line, wrapped rules text that shrinks, and a conditional
badge; a back with a frame and a title.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORDS = ("draw", "deal", "damage", "gain", "coin", "card", "discard", "each", "creature",
         "player", "turn", "your", "next", "return", "hand", "play", "one", "two", "three",
         "until", "end", "of", "the", "a", "to", "and", "or")

LAYOUT = """
[card]
title = "Bench"
size = "poker"
background = "#f4ead8"
back = "plain"

[elements.band]
kind = "rect"
x = "3.5mm"
y = "3.5mm"
width = "56.5mm"
height = "10mm"
radius = "2mm"
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

[elements.type]
kind = "text"
text = "{type}"
x = "5mm"
y = "47mm"
width = "53.5mm"
height = "5mm"
font = "Lato-Italic"
size = 8.5

[elements.rules]
kind = "text"
text = "{text}"
x = "5mm"
y = "53mm"
width = "53.5mm"
height = "24mm"
size = 10
fit = "shrink"
min_size = 6

[elements.badge]
kind = "circle"
when = "type == 'creature'"
x = "55mm"
y = "81mm"
radius = "5mm"
fill = "#1f4f7a"

[backs.plain]
background = "#2b1a12"

[backs.plain.elements.frame]
kind = "rect"
x = "4mm"
y = "4mm"
width = "55.5mm"
height = "80.9mm"
radius = "3mm"
stroke = "#d6a020"
stroke_width = 1.2

[backs.plain.elements.title]
kind = "text"
text = "BENCH"
x = "6mm"
y = "40mm"
width = "51.5mm"
height = "9mm"
font = "Lato-Black"
size = 16
align = "center"
valign = "middle"
color = "#d6a020"
"""


def rows(n: int, changed: bool = False) -> list[list[str]]:
    out = [["name", "type", "cost", "copies", "text"]]
    for i in range(n):
        words = [WORDS[(i * 7 + k * 3) % len(WORDS)] for k in range(5 + i % 36)]
        text = " ".join(words).capitalize() + "."
        if changed and i == n // 2:
            text = "Changed. " + text
        out.append([f"Card {i + 1}", ("action", "creature", "item")[i % 3], str(i % 7), "1",
                    text])
    return out


def make_deck(folder: Path, n: int, changed: bool = False) -> tuple[Path, Path]:
    import csv

    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "cards.csv").open("w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(rows(n, changed))
    (folder / "card.toml").write_text(LAYOUT, encoding="utf-8")
    return folder / "cards.csv", folder / "card.toml"


# each child prints {"seconds": ..., "peak_mb": ...}
CHILD_PRINTKIT = """
import json, resource, sys, time
from pathlib import Path
start = time.perf_counter()
from printkit.cli import main
sys.argv = ["printkit", "deck", "--data", sys.argv[1], "--layout", sys.argv[2], *sys.argv[4:],
            "-o", sys.argv[3]]
try:
    main()
except SystemExit as exit:
    assert not exit.code, exit.code
seconds = time.perf_counter() - start
me, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"seconds": seconds, "peak_mb": max(me.ru_maxrss, workers.ru_maxrss) / 1024,
                  "cpu": me.ru_utime + me.ru_stime + workers.ru_utime + workers.ru_stime}))
"""

CHILD_REPORTLAB = """
import csv, json, resource, sys, time
start = time.perf_counter()
from reportlab.lib.pagesizes import letter
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
MM = 72 / 25.4
fonts = sys.argv[3]
for name in ("Regular", "Bold", "Italic", "Black"):
    pdfmetrics.registerFont(TTFont("Lato-" + name, f"{fonts}/Lato-{name}.ttf"))
cards = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
W, H = 63.5 * MM, 88.9 * MM
pw, ph = letter
cols, rows = 2, 4  # poker cards on their side: 2 across, 4 down
gx, gy = (pw - cols * H) / 2, (ph - rows * W) / 2
c = Canvas(sys.argv[2], pagesize=letter, invariant=1, pageCompression=1)

def hexfill(code):
    c.setFillColorRGB(*(int(code[i:i + 2], 16) / 255 for i in (1, 3, 5)))

def front(card):
    hexfill("#f4ead8"); c.rect(0, 0, W, H, stroke=0, fill=1)
    hexfill("#8c2f14"); c.roundRect(3.5 * MM, H - 13.5 * MM, 56.5 * MM, 10 * MM, 2 * MM,
                                    stroke=0, fill=1)
    hexfill("#ffffff"); c.setFont("Lato-Bold", 13)
    c.drawString(6 * MM, H - 10.5 * MM, card["name"])
    hexfill("#d6a020"); c.circle(54 * MM, H - 8.5 * MM, 4.2 * MM, stroke=0, fill=1)
    hexfill("#1d1d1f"); c.setFont("Lato-Black", 12)
    c.drawCentredString(54 * MM, H - 10 * MM, card["cost"])
    c.setFont("Lato-Italic", 8.5); c.drawString(5 * MM, H - 49 * MM, card["type"])
    size = 10.0
    while True:
        lines = simpleSplit(card["text"], "Lato-Regular", size, 53.5 * MM)
        if len(lines) * size * 1.15 <= 24 * MM or size <= 6:
            break
        size -= 0.25
    c.setFont("Lato-Regular", size)
    y = H - 53 * MM - size
    for line in lines:
        c.drawString(5 * MM, y, line); y -= size * 1.15
    if card["type"] == "creature":
        hexfill("#1f4f7a"); c.circle(55 * MM, H - 81 * MM, 5 * MM, stroke=0, fill=1)

def back():
    hexfill("#2b1a12"); c.rect(0, 0, W, H, stroke=0, fill=1)
    c.setStrokeColorRGB(0.84, 0.63, 0.13); c.setLineWidth(1.2)
    c.roundRect(4 * MM, 4 * MM, 55.5 * MM, 80.9 * MM, 3 * MM, stroke=1, fill=0)
    hexfill("#d6a020"); c.setFont("Lato-Black", 16); c.drawCentredString(W / 2, H / 2, "BENCH")

pages = 2 + 2 * -(-len(cards) // 8)
M = 0.9 * 72

def grey():
    c.setFillColorRGB(0.45, 0.45, 0.45)

def paragraph(y, text, size=10, leading=13, width=pw - 2 * M, limit=99):
    c.setFont("Lato-Regular", size)
    for line in simpleSplit(text, "Lato-Regular", size, width)[:limit]:
        c.drawString(M, y, line); y -= leading
    return y

def footer(number, what):
    grey(); c.setFont("Lato-Regular", 7.5); c.drawString(M, 36, what)
    c.drawRightString(pw - M, 36, f"Letter 8.5 x 11 in - page {number} of {pages}")

ADVICE = ("Choose Actual size and turn off Fit to page. The square below must measure 2 in "
          "(50.8 mm); if it does not, the cards will come out the wrong size.")
SCALES = ("Hold this sheet up to a window and look at this side (or push a pin through the "
          "centre of the cross on page 1). The cross's upright line falls on one of the X "
          "lines, its level line on one of the Y lines: the numbers of those lines are the "
          "offset, in mm.")

def how_to():
    # page 1: the title, five pieces of advice, the listing (as much as fits), the 100 %
    # square and the alignment cross; page 2: the scales behind the cross
    hexfill("#1d1d1f"); c.setFont("Lato-Black", 22)
    c.drawString(M, ph - M - 16, "Bench - print-and-play deck")
    grey(); c.setFont("Lato-Regular", 10)
    c.drawString(M, ph - M - 34, f"{len(cards)} cards, 8 to a sheet, on {pages // 2 - 1} "
                 "sheets - Letter 8.5 x 11 in - double-sided, long-edge flip")
    y = ph - M - 80
    for heading in ("Print at 100 %", "Double-sided", "Test the alignment first", "Paper",
                    "Cutting"):
        hexfill("#1d1d1f"); c.setFont("Lato-Bold", 10.5); c.drawString(M, y, heading)
        y = paragraph(y - 16, ADVICE) - 11
    c.setFont("Lato-Bold", 10.5); c.drawString(M, y, "In this deck")
    listing = "   ".join(f"{card['name']}x1" for card in cards)
    paragraph(y - 16, listing, 9.5, 12.5, limit=6)
    sx, sy = pw - M - 144, M + 14
    c.setStrokeColorRGB(0.11, 0.11, 0.12); c.setLineWidth(0.75); c.rect(sx, sy, 144, 144)
    c.setLineWidth(0.5)
    for i in range(1, 10):
        t, tick = 144 * i / 10, (4 if i % 5 else 7)
        c.line(sx + t, sy, sx + t, sy + tick); c.line(sx, sy + 144 - t, sx + tick, sy + 144 - t)
    c.setFont("Lato-Bold", 11); c.drawCentredString(sx + 72, sy + 74, "100 %")
    px, py, arm = pw / 2 - 20 * MM, M + 45 * MM, 30 * MM
    c.setLineWidth(0.4); c.line(px - arm, py, px + arm, py); c.line(px, py - arm, px, py + arm)
    c.circle(px, py, 2 * MM)
    footer(1, "Bench deck - how to print"); c.showPage()
    hexfill("#1d1d1f"); c.setFont("Lato-Black", 18)
    c.drawString(M, ph - M - 13, "Page 2 - back of page 1: alignment scales")
    paragraph(ph - M - 27, SCALES)
    bx, by = pw - px, py
    c.setFont("Lato-Bold", 9)
    for v in range(-5, 6):
        end = 22 * MM + (v + 5) * 4.5 * MM
        c.line(bx + v * MM, by + 28 * MM, bx + v * MM, by + 28 * MM - end)
        c.drawCentredString(bx + v * MM, by + 28 * MM - end - 10, str(v))
        c.line(bx - 28 * MM, by + v * MM, bx - 28 * MM + end, by + v * MM)
        c.drawString(bx - 28 * MM + end + 3, by + v * MM - 3, str(v))
    footer(2, "Bench deck - alignment scales"); c.showPage()

def sheet(group, draw, number, what):
    for i, card in enumerate(group):
        col, row = i % cols, i // cols
        c.saveState()
        c.translate(gx + col * H, ph - gy - row * W)
        c.rotate(-90)
        draw(card)
        c.restoreState()
    # crop marks in the margin at every cut, and a label down each side
    c.setStrokeColorRGB(0.11, 0.11, 0.12); c.setLineWidth(0.5)
    for k in range(cols + 1):
        x = gx + k * H
        c.line(x, ph - gy + 3, x, ph - gy + 12); c.line(x, gy - 3, x, gy - 12)
    for k in range(rows + 1):
        y = gy + k * W
        c.line(gx - 3, y, gx - 12, y); c.line(pw - gx + 3, y, pw - gx + 12, y)
    grey(); c.setFont("Lato-Regular", 7)
    for x, turn, label in ((gx / 2, 90, what),
                           (pw - gx / 2, -90, f"Letter 8.5 x 11 in - page {number} of {pages}")):
        c.saveState(); c.translate(x, ph / 2); c.rotate(turn)
        c.drawCentredString(0, 0, label); c.restoreState()
    c.showPage()

how_to()
for s in range(0, len(cards), 8):
    group = cards[s:s + 8]
    span = f"cards {s + 1}-{s + len(group)} of {len(cards)}"
    sheet(group, front, 3 + s // 4, f"Bench - fronts of {span}")
    sheet(group, lambda card: back(), 4 + s // 4, f"Bench - backs of {span}")
c.save()
seconds = time.perf_counter() - start
me = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": seconds, "peak_mb": me.ru_maxrss / 1024,
                  "cpu": me.ru_utime + me.ru_stime}))
"""

CHILD_PILLOW = """
import csv, json, resource, sys, time
start = time.perf_counter()
from PIL import Image, ImageDraw, ImageFont
fonts = sys.argv[3]
DPI = 300
PX = DPI / 25.4
B = 0.125 * 25.4  # the bleed, mm
def at(mm):
    return round((mm + B) * PX)
font = {n: {} for n in ("Regular", "Bold", "Italic", "Black")}
def face(name, size):
    got = font[name].get(size)
    if got is None:
        got = font[name][size] = ImageFont.truetype(f"{fonts}/Lato-{name}.ttf", size * DPI / 72)
    return got
cards = list(csv.DictReader(open(sys.argv[1], encoding="utf-8")))
for i, card in enumerate(cards):
    im = Image.new("RGB", (825, 1125), "#f4ead8")
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((at(3.5), at(3.5), at(60), at(13.5)), radius=2 * PX, fill="#8c2f14")
    d.text((at(6), at(10.5)), card["name"], font=face("Bold", 13), fill="#ffffff", anchor="ls")
    d.ellipse((at(49.8), at(4.3), at(58.2), at(12.7)), fill="#d6a020")
    d.text((at(54), at(10)), card["cost"], font=face("Black", 12), fill="#1d1d1f", anchor="ms")
    d.text((at(5), at(50)), card["type"], font=face("Italic", 8.5), fill="#1d1d1f", anchor="ls")
    size = 10.0
    while True:
        f = face("Regular", size)
        lines, line = [], ""
        for word in card["text"].split():
            trial = (line + " " + word).strip()
            if d.textlength(trial, font=f) > 53.5 * PX and line:
                lines.append(line); line = word
            else:
                line = trial
        lines.append(line)
        if len(lines) * size * 1.15 * DPI / 72 <= 24 * PX or size <= 6:
            break
        size -= 0.25
    y = at(53) + size * DPI / 72
    for text in lines:
        d.text((at(5), y), text, font=f, fill="#1d1d1f", anchor="ls"); y += size * 1.15 * DPI / 72
    if card["type"] == "creature":
        d.ellipse((at(50), at(76), at(60), at(86)), fill="#1f4f7a")
    im.save(f"{sys.argv[2]}/card-{i:04d}.png", dpi=(DPI, DPI))
seconds = time.perf_counter() - start
me = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": seconds, "peak_mb": me.ru_maxrss / 1024,
                  "cpu": me.ru_utime + me.ru_stime}))
"""

CHILD_PROTOGRAF = """
import csv, json, os, resource, sys, time
start = time.perf_counter()
data, out = sys.argv[1], sys.argv[2]
sys.argv = sys.argv[:1]  # protograf reads the command line as its own
from protograf import *
cards = list(csv.DictReader(open(data, encoding="utf-8")))
os.chdir(out)
Create(filename="bench.pdf", paper="Letter", margin=0.5)
Deck(cards=len(cards), height=8.89, width=6.35)
Card("*", rectangle(x=0.35, y=0.35, width=5.65, height=1.0, fill_stroke="#8c2f14"))
Card("*", circle(cx=5.4, cy=0.85, radius=0.42, fill_stroke="#d6a020"))
for i, card in enumerate(cards, start=1):
    Card(str(i), text(text=card["name"], x=0.6, y=0.7, font_size=13, stroke="#ffffff"))
    Card(str(i), text(text=card["cost"], x=5.4, y=1.0, font_size=12))
    Card(str(i), text(html=True, text=card["text"], x=0.5, y=5.3, width=5.35, height=2.4,
                      font_size=10))
Save()
seconds = time.perf_counter() - start
me = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": seconds, "peak_mb": me.ru_maxrss / 1024,
                  "cpu": me.ru_utime + me.ru_stime}))
"""


def child(python: str, code: str, *args: str) -> dict[str, float]:
    run = subprocess.run([python, "-c", code, *args], capture_output=True, text=True,
                         cwd=ROOT, check=False)
    if run.returncode != 0:
        raise SystemExit(f"a bench child failed:\n{run.stderr[-2000:]}")
    result: dict[str, float] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def median(python: str, code: str, runs: int, *args: str,
           fresh: Path | None = None) -> dict[str, float]:
    import shutil

    found = []
    for _ in range(runs):
        if fresh is not None:
            shutil.rmtree(fresh, ignore_errors=True)
            fresh.mkdir(parents=True)
        found.append(child(python, code, *args))
    return {key: statistics.median(f[key] for f in found) for key in found[0]}


def paired(runs: int, ours: tuple[str, str, list[str], Path | None],
           other: tuple[str, str, list[str], Path | None]) -> tuple[
               dict[str, float], dict[str, float], dict[str, float]]:
    """Run the two in turn (ours, the other, ours, ...) and return each one's medians and
    the median of the ratios pair by pair, which holds when a shared machine's speed drifts."""
    mine, theirs = [], []
    for _ in range(runs):
        mine.append(median(ours[0], ours[1], 1, *ours[2], fresh=ours[3]))
        theirs.append(median(other[0], other[1], 1, *other[2], fresh=other[3]))
    med = {key: statistics.median(f[key] for f in mine) for key in mine[0]}
    med_other = {key: statistics.median(f[key] for f in theirs) for key in theirs[0]}
    ratios = {key: statistics.median(a[key] / b[key] for a, b in zip(mine, theirs))
              for key in ("seconds", "cpu")}
    return med, med_other, ratios


def line(what: str, ours: dict[str, float], name: str, other: dict[str, float],
         target: str, ratios: dict[str, float] | None = None) -> None:
    """Print one comparison: wall time (what a user waits) and CPU time (steadier on a
    shared machine), printkit's and the yardstick's, and their ratios (of the medians, or
    the median of the ratios of runs made in turn)."""
    ratios = ratios or {key: ours[key] / other[key] for key in ("seconds", "cpu")}
    print(f"{what:9s} wall: printkit {ours['seconds']:6.2f} s, {name} {other['seconds']:6.2f} s, "
          f"ratio {ratios['seconds']:.2f}x (target {target})   "
          f"cpu: {ours['cpu']:6.2f} s against {other['cpu']:6.2f} s, "
          f"ratio {ratios['cpu']:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--protograf", help="a Python with protograf installed")
    parser.add_argument("--only", choices=("pdf", "png", "memory"), help="one figure only")
    args = parser.parse_args()
    python, n = sys.executable, args.cards
    # printkit's modules compiled to bytecode once, as an installed package's are: an
    # editable install run with PYTHONDONTWRITEBYTECODE would compile them on every run
    subprocess.run([python, "-m", "compileall", "-q", str(ROOT / "printkit")], check=True,
                   capture_output=True)
    fonts = str(ROOT / "fonts")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        data, layout = make_deck(work / "deck", n)
        out = work / "out"

        print(f"{n} distinct cards, median of {args.runs} runs, each a fresh process")
        if args.only in (None, "pdf"):
            pdf_figures(args, python, data, layout, out, work, fonts)
        if args.only in (None, "png"):
            png_figures(args, python, data, layout, out, work, fonts)
        if args.only in (None, "memory"):
            memory_figures(python, out, work)


def pdf_figures(args: argparse.Namespace, python: str, data: Path, layout: Path, out: Path,
                work: Path, fonts: str) -> None:
    ours, raw, ratios = paired(
        args.runs, (python, CHILD_PRINTKIT, [str(data), str(layout), str(out), "--format", "pnp"],
                    out),
        (python, CHILD_REPORTLAB, [str(data), str(work / "raw.pdf"), fonts], None))
    line("PnP PDF", ours, "raw reportlab", raw, "at most 1.5x", ratios)
    if args.protograf:
        proto = median(args.protograf, CHILD_PROTOGRAF, args.runs, str(data),
                       str(work / "proto"), fresh=work / "proto")
        line("PnP PDF", ours, "protograf", proto, "under 0.2x")


def png_figures(args: argparse.Namespace, python: str, data: Path, layout: Path, out: Path,
                work: Path, fonts: str) -> None:
    import shutil

    n = args.cards
    ours_png, raw_png, ratios = paired(
        args.runs, (python, CHILD_PRINTKIT, [str(data), str(layout), str(out), "--printer", "tgc"],
                    out),
        (python, CHILD_PILLOW, [str(data), str(work / "pil"), fonts], work / "pil"))
    line("TGC PNGs", ours_png, "raw Pillow", raw_png, "at most 0.35x", ratios)
    # the cache: a full build, then one row changed and built again
    times = []
    for _ in range(args.runs):
        shutil.rmtree(out, ignore_errors=True)
        make_deck(work / "deck", n)
        child(python, CHILD_PRINTKIT, str(data), str(layout), str(out), "--printer", "tgc")
        make_deck(work / "deck", n, changed=True)
        times.append(child(python, CHILD_PRINTKIT, str(data), str(layout), str(out),
                           "--printer", "tgc")["seconds"])
    make_deck(work / "deck", n)
    again = statistics.median(times)
    print(f"TGC PNGs, one row changed: {again:.2f} s against {ours_png['seconds']:.2f} s "
          f"from nothing ({1 - again / ours_png['seconds']:.0%} saved)")


def memory_figures(python: str, out: Path, work: Path) -> None:
    """The peak of 1,000 cards against 100, printkit's and (for the PDF) raw reportlab's."""
    fonts = str(ROOT / "fonts")
    decks = {count: make_deck(work / f"deck{count}", count) for count in (100, 1000)}
    for fmt, extra in (("PnP PDF", ["--format", "pnp"]), ("TGC PNGs", ["--printer", "tgc"])):
        peaks, raw = {}, {}
        for count, (d, lay) in decks.items():
            peaks[count] = median(python, CHILD_PRINTKIT, 1, str(d), str(lay), str(out),
                                  *extra, fresh=out)["peak_mb"]
            if fmt == "PnP PDF":
                raw[count] = median(python, CHILD_REPORTLAB, 1, str(d), str(work / "raw.pdf"),
                                    fonts)["peak_mb"]
        yardstick = (f"   (raw reportlab {raw[100]:.1f} against {raw[1000]:.1f} MB: "
                     f"{raw[1000] / raw[100]:.2f}x)" if raw else "")
        print(f"memory {fmt:9s} 100 cards {peaks[100]:6.1f} MB   1,000 cards "
              f"{peaks[1000]:6.1f} MB   ratio {peaks[1000] / peaks[100]:.2f}x "
              f"(target at most 1.2x){yardstick}")


if __name__ == "__main__":
    main()
