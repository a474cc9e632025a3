"""The deck's symbols, drawn as vector shapes (the bundled font has no ★ or ◆).

Each icon is drawn centred on (cx, cy) and sized by `size`, the side of the square it
fills, so the same function serves a corner index, a help card and the middle of a card.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from printkit.draw.canvas import Canvas, Point
from printkit.draw.color import WHITE, Color


def rounded_rect_points(x: float, y: float, w: float, h: float, r: float,
                        steps: int = 6) -> list[Point]:
    """Return a rounded rectangle as a polygon, so it stays round when a card is turned."""
    r = max(0.0, min(r, w / 2, h / 2))
    if r == 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    corners = ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90),
               (x + r, y + r, 180))
    pts: list[Point] = []
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def arc_points(cx: float, cy: float, r: float, start: float, end: float,
               steps: int = 24) -> list[Point]:
    """Return points along a circular arc, angles in degrees clockwise from 3 o'clock."""
    return [(cx + r * math.cos(math.radians(start + (end - start) * i / steps)),
             cy + r * math.sin(math.radians(start + (end - start) * i / steps)))
            for i in range(steps + 1)]


def star_points(cx: float, cy: float, outer: float, inner_ratio: float = 0.45,
                spikes: int = 5) -> list[Point]:
    """Return the outline of a star with one point straight up."""
    pts: list[Point] = []
    for i in range(spikes * 2):
        r = outer if i % 2 == 0 else outer * inner_ratio
        a = math.radians(-90 + 180 * i / spikes)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def diamond_points(cx: float, cy: float, rx: float, ry: float | None = None) -> list[Point]:
    """Return a diamond (a square on its point) with half-widths rx and ry.

    The outline starts halfway along an edge, so no backend has to join its ends at a point.
    """
    ry = rx if ry is None else ry
    return [(cx - rx / 2, cy - ry / 2), (cx, cy - ry), (cx + rx, cy), (cx, cy + ry),
            (cx - rx, cy)]


def star(canvas: Canvas, cx: float, cy: float, size: float, fill: Color, outline: Color) -> None:
    """Draw the star card's symbol."""
    outer = size / 2
    canvas.polygon(star_points(cx, cy + outer * 0.1, outer), stroke=outline, fill=fill,
                   width=max(0.6, size * 0.035))


def vowel_mark(canvas: Canvas, cx: float, cy: float, size: float, fill: Color,
               outline: Color | None = None) -> None:
    """Draw the vowel symbol: a diamond, the same shape as a vowel card's middle."""
    canvas.polygon(diamond_points(cx, cy, size * 0.4, size / 2), stroke=outline, fill=fill,
                   width=max(0.5, size * 0.06))


def firecracker(canvas: Canvas, cx: float, cy: float, size: float, body: Color, ink: Color,
                spark: Color) -> None:
    """Draw a firecracker: a banded stick leaning right, its fuse curling up to a spark."""
    s = size / 2
    with canvas.translated(cx - s * 0.12, cy + s * 0.22, 25):
        w, h = s * 0.62, s * 1.15
        canvas.polygon(rounded_rect_points(-w / 2, -h / 2, w, h, w * 0.12, 3), stroke=ink,
                       fill=body,
                       width=max(0.6, s * 0.05))
        for band in (-0.22, 0.22):
            y = h * band
            canvas.rect(-w / 2 + s * 0.03, y - h * 0.05, w - s * 0.06, h * 0.1, stroke=None,
                        fill=WHITE)
        canvas.polygon([(0, -h / 2), (s * 0.06, -h / 2 - s * 0.2), (s * 0.22, -h / 2 - s * 0.34),
                        (s * 0.32, -h / 2 - s * 0.3)], stroke=ink, fill=None, width=max(0.6,
                                                                                        s * 0.05),
                       closed=False)
        tip = (s * 0.34, -h / 2 - s * 0.36)
    # the spark is drawn unturned so its spikes stay even
    rad = math.radians(25)
    sx = cx - s * 0.12 + tip[0] * math.cos(rad) - tip[1] * math.sin(rad)
    sy = cy + s * 0.22 + tip[0] * math.sin(rad) + tip[1] * math.cos(rad)
    canvas.polygon(star_points(sx, sy, s * 0.34, 0.42, spikes=8), stroke=ink, fill=spark,
                   width=max(0.5, s * 0.035))


def reverse_arrows(canvas: Canvas, cx: float, cy: float, size: float, color: Color,
                   width: float | None = None) -> None:
    """Draw two arrows chasing each other round a circle: the X reverses play."""
    r = size / 2 * 0.78
    width = width or max(0.8, size * 0.09)
    head = width * 2.2 + size * 0.06
    for start in (200.0, 20.0):  # two arcs, each turned half a circle from the other
        end = start + 130
        back_deg = math.degrees(head * 0.8 / r)
        canvas.polygon(arc_points(cx, cy, r, start, end - back_deg), stroke=color, fill=None,
                       width=width,
                       closed=False)
        tip = math.radians(end)
        tx, ty = cx + r * math.cos(tip), cy + r * math.sin(tip)
        # the head points along the circle (clockwise tangent) at the arc's end
        ux, uy = -math.sin(tip), math.cos(tip)
        nx, ny = math.cos(tip), math.sin(tip)
        back = (tx - ux * head, ty - uy * head)
        canvas.polygon([(tx, ty),
                        (back[0] + nx * head * 0.6, back[1] + ny * head * 0.6),
                        (back[0] - nx * head * 0.6, back[1] - ny * head * 0.6)],
                       stroke=None, fill=color, width=0)


def ring_of_dots(canvas: Canvas, cx: float, cy: float, r: float, count: int, dot: float,
                 fill: Color, skip: Sequence[int] = ()) -> None:
    """Draw `count` dots evenly round a circle, starting at 12 o'clock."""
    for i in range(count):
        if i in skip:
            continue
        a = math.radians(-90 + 360 * i / count)
        canvas.circle(cx + r * math.cos(a), cy + r * math.sin(a), dot, stroke=None, fill=fill)
