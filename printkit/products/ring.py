"""The Crazy8ix alphabet ring, laid out once for the rule summary's aid and help card A.

Letters set at equal angles look unevenly spaced: a W takes more of the ring than an I, a
letter at the top is as wide as its glyph but one at the side only as tall as a capital,
and a circled letter takes its circle. So each letter gets the room it takes along the
ring, and the gaps between neighbours are made equal, A at twelve o'clock.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from printkit.draw import fonts
from printkit.draw.canvas import Point
from printkit.draw.fonts import Font


def _extent(letter: str, font: Font, size: float, angle: float,
            circled: Mapping[str, float]) -> float:
    """Return how much of the ring a letter takes at `angle` (radians clockwise from 12)."""
    if letter in circled:
        return 2 * circled[letter]
    w, h = fonts.width(letter, font, size), fonts.cap_height(font, size)
    return w * abs(math.cos(angle)) + h * abs(math.sin(angle))


@dataclass(frozen=True)
class Ring:
    """Where the letters sit: each one's angle and the room it takes (radians), and the gap."""

    angles: tuple[float, ...]
    extents: tuple[float, ...]
    gap: float

    def span(self, first: int, last: int) -> tuple[float, float]:
        """Return the arc from the middle of the gap before letter `first` to the middle of
        the gap after letter `last`, going clockwise (the end may pass twelve o'clock)."""
        start = self.angles[first] - (self.extents[first] + self.gap) / 2
        end = self.angles[last] + (self.extents[last] + self.gap) / 2
        return start, end + (2 * math.pi if end <= start else 0.0)


def layout(letters: Sequence[str], font: Font, size: float, radius: float,
           circled: Mapping[str, float] | None = None) -> Ring:
    """Return the ring of `letters`, the first at twelve o'clock, with equal gaps between the
    letters (or their circles), each letter given the room it takes where it sits."""
    marks = circled or {}
    return Ring(*even_gaps([partial(_extent, c, font, size, circled=marks) for c in letters],
                           radius))


def even_gaps(extents: Sequence[Callable[[float], float]], radius: float
              ) -> tuple[tuple[float, ...], tuple[float, ...], float]:
    """Return the angles (radians clockwise from twelve o'clock, the first at twelve) of
    things set round a circle with equal gaps between them, the room each takes (radians)
    and the gap; `extents[i](angle)` is how long a stretch of the circle thing i takes
    where it sits at `angle`."""
    n = len(extents)
    angles = [2 * math.pi * i / n for i in range(n)]
    rooms, gap = [0.0] * n, 0.0
    for _ in range(4):  # the room a thing takes depends on where it sits: settle it
        rooms = [extent(a) / radius for extent, a in zip(extents, angles)]
        gap = (2 * math.pi - sum(rooms)) / n
        placed = [0.0]
        for i in range(1, n):
            placed.append(placed[-1] + (rooms[i - 1] + rooms[i]) / 2 + gap)
        angles = placed
    return tuple(angles), tuple(rooms), gap


def point(cx: float, cy: float, radius: float, angle: float) -> Point:
    """Return the point at `angle` (radians clockwise from twelve o'clock) on a circle."""
    return cx + radius * math.sin(angle), cy - radius * math.cos(angle)


def band(cx: float, cy: float, inner: float, outer: float, start: float, end: float,
         steps: int = 30) -> list[Point]:
    """Return a ring segment from `start` to `end` (radians clockwise from twelve) as a polygon."""
    out = [point(cx, cy, outer, start + (end - start) * t / steps) for t in range(steps + 1)]
    back = [point(cx, cy, inner, end - (end - start) * t / steps) for t in range(steps + 1)]
    return out + back
