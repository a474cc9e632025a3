"""The icons printkit draws itself, as vector shapes: the four suits and the Crazy8ix symbols.

A layout's `icon` element or an inline `:name:` finds a file in the layout's icons/
folder first, then one of these. Each is drawn centred on (cx, cy), `size` the side of
the square it fills; `ink` outlines it (or fills a suit), `fill` and `accent` colour
its insides where it has them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from printkit.draw.canvas import Canvas, Point
from printkit.draw.color import INK, WHITE, Color
from printkit.products.cards import icons

Icon = Callable[[Canvas, float, float, float, Color | None, Color | None, Color | None, float],
               None]


def _heart_points(cx: float, cy: float, size: float, down: bool = False) -> list[Point]:
    """Return a heart's outline (the classic parametric curve), point down or up."""
    pts: list[Point] = []
    scale = size / 34
    flip = -1 if down else 1
    for i in range(64):
        t = 2 * math.pi * i / 64
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * scale, cy - flip * (y + 2.5) * scale))
    return pts


def heart(canvas: Canvas, cx: float, cy: float, size: float, ink: Color | None,
          fill: Color | None, accent: Color | None, width: float) -> None:
    canvas.polygon(_heart_points(cx, cy, size), stroke=None, fill=fill or ink or INK)


def spade(canvas: Canvas, cx: float, cy: float, size: float, ink: Color | None,
          fill: Color | None, accent: Color | None, width: float) -> None:
    colour = fill or ink or INK
    canvas.polygon(_heart_points(cx, cy - size * 0.08, size * 0.9, down=True), stroke=None,
                   fill=colour)
    canvas.polygon([(cx, cy + size * 0.05), (cx + size * 0.16, cy + size * 0.48),
                    (cx - size * 0.16, cy + size * 0.48)], stroke=None, fill=colour)


def club(canvas: Canvas, cx: float, cy: float, size: float, ink: Color | None,
         fill: Color | None, accent: Color | None, width: float) -> None:
    colour = fill or ink or INK
    r = size * 0.2
    for dx, dy in ((0.0, -0.24), (-0.22, 0.1), (0.22, 0.1)):
        canvas.circle(cx + dx * size, cy + dy * size, r, stroke=None, fill=colour)
    canvas.polygon([(cx, cy - size * 0.05), (cx + size * 0.15, cy + size * 0.48),
                    (cx - size * 0.15, cy + size * 0.48)], stroke=None, fill=colour)


def diamond(canvas: Canvas, cx: float, cy: float, size: float, ink: Color | None,
            fill: Color | None, accent: Color | None, width: float) -> None:
    canvas.polygon(icons.diamond_points(cx, cy, size * 0.36, size * 0.5), stroke=None,
                   fill=fill or ink or INK)


def star(canvas: Canvas, cx: float, cy: float, size: float, ink: Color | None,
         fill: Color | None, accent: Color | None, width: float) -> None:
    icons.star(canvas, cx, cy, size, fill or WHITE, ink or INK)


def vowel(canvas: Canvas, cx: float, cy: float, size: float, ink: Color | None,
          fill: Color | None, accent: Color | None, width: float) -> None:
    icons.vowel_mark(canvas, cx, cy, size, fill or WHITE, ink)  # ink none: no outline


def firecracker(canvas: Canvas, cx: float, cy: float, size: float, ink: Color | None,
                fill: Color | None, accent: Color | None, width: float) -> None:
    icons.firecracker(canvas, cx, cy, size, fill or WHITE, ink or INK, accent or WHITE)


def reverse(canvas: Canvas, cx: float, cy: float, size: float, ink: Color | None,
            fill: Color | None, accent: Color | None, width: float) -> None:
    icons.reverse_arrows(canvas, cx, cy, size, ink or INK, width or None)


ICONS: dict[str, Icon] = {"heart": heart, "diamond": diamond, "club": club, "spade": spade,
                          "star": star, "vowel": vowel, "firecracker": firecracker,
                          "reverse": reverse}


def draw(canvas: Canvas, name: str, cx: float, cy: float, size: float, ink: Color | None,
         fill: Color | None, accent: Color | None, width: float = 0.0) -> None:
    """Draw the built-in icon `name` centred on (cx, cy); no ink outlines it in black, but
    the vowel's diamond, which it leaves without an outline."""
    ICONS[name](canvas, cx, cy, size, ink, fill, accent, width)
