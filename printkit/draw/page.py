"""A page to print: its size in points and the function that draws it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printkit.draw.canvas import Canvas

Draw = Callable[[Canvas], None]


@dataclass(frozen=True)
class Page:
    """One page (or card face) of a product: width and height in points, and its drawing.

    `trim`, when given, is how far inside each edge (left, top, right, bottom) the page is
    cut: a print shop's file says where the trim is, and that the rest is bleed.
    """

    width: float
    height: float
    draw: Draw
    label: str = ""
    trim: tuple[float, float, float, float] | None = None
