"""A picture of a simulation run: the score histogram, who escaped, the achievements' shares.

Drawn on the Canvas like every product (so it reads the same in PNG, PDF or SVG) and
labelled so that it explains itself away from the terminal: what was simulated, the axes,
a value on every bar, what the score counts.
"""

from __future__ import annotations

import math

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import (
    GREY,
    INK,
    OKABE_GREEN,
    OKABE_ORANGE,
    OKABE_PURPLE,
    OKABE_SKY,
    OKABE_VERMILLION,
    PAPER_TINT,
    RULE,
    WHITE,
    Color,
)
from printkit.draw.page import Page
from printkit.draw.png import render
from printkit.draw.text import draw_fitted, draw_paragraph
from printkit.games.fox_rabbit.simulate import Summary

WIDTH, HEIGHT = 760.0, 540.0
DPI = 150
#: A fill per title band, lowest score first (each band is also named in the legend).
BAND_COLOURS = (OKABE_VERMILLION, OKABE_ORANGE, OKABE_SKY, OKABE_GREEN)
MODE_NAMES = {"easy": "easy", "hard": "hard", "super-hard": "super-hard"}


def _pct(share: float) -> str:
    return f"{share * 100:.1f} %"


def _nice_step(top: float) -> float:
    """Return a grid step (in %) giving 4-6 lines up to `top`."""
    for step in (1, 2, 2.5, 5, 10, 20, 25, 50):
        if top / step <= 6:
            return step
    return 100


def _histogram(canvas: Canvas, s: Summary, x: float, y: float, w: float, h: float,
               bands: list[tuple[int, str]]) -> None:
    canvas.text(x, y, "Scores", font=fonts.BLACK, size=13, color=INK)
    canvas.text(x + fonts.width("Scores", fonts.BLACK, 13) + 8, y,
                "share of games ending with each score; bars coloured by the title it earns",
                font=fonts.REGULAR, size=8.5, color=GREY)
    top_y, bottom_y = y + 36, y + h - 44
    left, right = x + 40, x + w
    high = max(max(s.scores.values(), default=0) / max(s.games, 1) * 100, 1.0)
    step = _nice_step(high)
    top = math.ceil(high / step) * step
    chart_h = bottom_y - top_y
    tick = 0.0
    while tick <= top + 1e-9:
        ty = bottom_y - tick / top * chart_h
        canvas.line(left, ty, right, ty, stroke=RULE if tick else INK, width=0.4 if tick else 0.9,
                    dash=(2, 2) if tick else None)
        canvas.text(left - 5, ty + 3, f"{tick:g} %", font=fonts.REGULAR, size=8, color=GREY,
                    align="right")
        tick += step
    max_score = max(max(s.scores, default=0), 20)
    slot = (right - left) / (max_score + 1)
    label_every = 1 if slot >= 14 else 2 if slot >= 8 else 5
    for score in range(max_score + 1):
        share = s.scores.get(score, 0) / max(s.games, 1)
        bx = left + score * slot
        band = max(i for i, (low, _) in enumerate(bands) if score >= low)
        if share:
            bh = share * 100 / top * chart_h
            canvas.rect(bx + 1, bottom_y - bh, slot - 2, bh, stroke=INK,
                        fill=BAND_COLOURS[band % 4].tint(0.35),
                        width=0.5)
        if score % label_every == 0:
            canvas.text(bx + slot / 2, bottom_y + 11, str(score), font=fonts.REGULAR, size=8,
                        color=INK,
                        align="center")
    canvas.text((left + right) / 2, bottom_y + 24, "score at the end of the game",
                font=fonts.BOLD, size=8.5, color=INK, align="center")
    # mean and median
    # mean and median: the lower one labelled on its left, the other on its right
    marks = sorted([(s.score_mean(), f"mean {s.score_mean():.1f}"),
                    (s.score_median(), f"median {s.score_median():g}")])
    for (value, label), dx in zip(marks, (-3, 3)):
        mx = left + (value + 0.5) * slot
        canvas.line(mx, top_y - 12, mx, bottom_y, stroke=INK, width=0.9, dash=(4, 2))
        canvas.text(mx + dx, top_y - 5, label, font=fonts.BOLD, size=8, color=INK,
                    align="right" if dx < 0 else "left")
    # title legend
    ly = bottom_y + 36
    lx = left
    for i, (low, title) in enumerate(bands):
        high_score = bands[i + 1][0] - 1 if i + 1 < len(bands) else None
        span = f"{low}-{high_score}" if high_score is not None else f"{low}+"
        canvas.rect(lx, ly, 9, 9, stroke=INK, fill=BAND_COLOURS[i % 4].tint(0.35), width=0.5)
        text = f"{span} {title}"
        share = s.titles.get(title, 0) / max(s.games, 1)
        text += f" ({_pct(share)})"
        canvas.text(lx + 13, ly + 8, text, font=fonts.REGULAR, size=8, color=INK)
        if i % 2 == 0:
            lx = left + (right - left) / 2
        else:
            lx = left
            ly += 12


def _bars(canvas: Canvas, x: float, y: float, w: float, heading: str, note: str,
          rows: list[tuple[str, float, Color]]) -> float:
    canvas.text(x, y, heading, font=fonts.BLACK, size=13, color=INK)
    y = draw_paragraph(canvas, x, y + 5, w, note, fonts.REGULAR, 8.5, GREY) + 6
    label_w = w * 0.42
    bar_w = w - label_w - 44
    for label, share, colour in rows:
        draw_fitted(canvas, x, y, label_w - 6, 14, label, fonts.BOLD, 9, INK)
        canvas.rect(x + label_w, y + 1, bar_w, 12, stroke=RULE, fill=PAPER_TINT, width=0.4)
        if share > 0:
            canvas.rect(x + label_w, y + 1, max(bar_w * share, 1.0), 12, stroke=INK,
                        fill=colour.tint(0.3),
                        width=0.5)
        canvas.text(x + w, y + 11, _pct(share), font=fonts.BOLD, size=9, color=INK, align="right")
        y += 17
    return y


def draw(canvas: Canvas, s: Summary, texts: dict[str, str]) -> None:
    """Draw the whole picture of a run on a WIDTH × HEIGHT canvas."""
    canvas.rect(0, 0, WIDTH, HEIGHT, stroke=None, fill=WHITE)
    canvas.text(24, 34, "The Fox and the Rabbit: simulated games", font=fonts.BLACK, size=18,
                color=INK)
    canvas.text(24, 52, f"{s.games:,} games on the {s.map} map, {MODE_NAMES.get(s.mode, s.mode)} "
                f"mode, played by printkit's {s.strategy} player (seed {s.seed})",
                font=fonts.REGULAR, size=10, color=INK)
    bands = list(zip(s.title_floors or (0,) * len(s.titles), s.titles))
    _histogram(canvas, s, 24, 86, 430, 390, bands)
    rx, rw = 486.0, WIDTH - 486.0 - 24
    n = max(s.games, 1)
    y = _bars(canvas, rx, 86, rw, "Who escaped", "share of games in which each animal got "
              "out through the gate", [
                  ("fox", s.fox / n, OKABE_ORANGE), ("rabbit", s.rabbit / n, OKABE_SKY),
                  ("both", s.both / n, OKABE_GREEN), ("neither", s.neither / n, OKABE_VERMILLION)])
    rows = [(f"{key}", count / n, OKABE_PURPLE) for key, count in s.achievements.items()]
    y = _bars(canvas, rx, y + 20, rw, "Achievements", f"share of games earning each "
              f"{MODE_NAMES.get(s.mode, s.mode)} achievement; the first is a win", rows)
    lines = [f"{key}: {texts[key]}" for key in s.achievements if key in texts]
    for line in lines:
        y = draw_paragraph(canvas, rx, y + 2, rw, line, fonts.REGULAR, 8, GREY)
    traps = s.traps_left / n
    y = draw_paragraph(canvas, rx, y + 14, rw,
                       f"Both animals fed in {_pct(s.both_fed / n)} of games; every food eaten "
                       f"in {_pct(s.all_food / n)}; {traps:.2f} traps left on average when the "
                       f"endgame began.", fonts.REGULAR, 8.5, INK)
    draw_paragraph(canvas, 24, HEIGHT - 30, WIDTH - 48,
                   "Score = 1 per food eaten (each animal's) + 5 per escaped animal + 1 per "
                   "trap left when the endgame began (only if an animal escaped). Made by "
                   f"printkit simulate --mode {s.mode} --games {s.games} --seed {s.seed} "
                   f"--strategy {s.strategy}"
                   + (f" --map {s.map}" if s.map != "classic" else "") + ".",
                   fonts.REGULAR, 8, GREY)


def plot_page(summary: Summary, texts: dict[str, str] | None = None) -> Page:
    """Return the picture of a run as a page."""
    return Page(WIDTH, HEIGHT, lambda c: draw(c, summary, texts or {}),
                "The Fox and the Rabbit simulation")


def plot_png(summary: Summary, texts: dict[str, str] | None = None) -> bytes:
    """Return the picture of a run as PNG bytes."""
    return render(plot_page(summary, texts), DPI)
