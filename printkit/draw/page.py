"""A page to print: its size in points and the function that draws it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printkit.draw.canvas import Canvas

Draw = Callable[[Canvas], None]


@dataclass(frozen=True)
class Page:
    """One page (or card face) of a product: width and height in points, and its drawing."""

    width: float
    height: float
    draw: Draw
    label: str = ""
