"""The one drawing interface every product paints on, measured in points, y pointing down.

Products call these methods and nothing else; the PDF, SVG and PNG backends only
paint. Text is placed by its baseline; alignment is resolved here, with the shared
font metrics, so every backend puts each glyph run at the same spot.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from printkit.draw import fonts
from printkit.draw.color import INK, Color
from printkit.draw.fonts import Font

Align = Literal["left", "center", "right"]
Point = tuple[float, float]


@dataclass(frozen=True)
class Field:
    """A place the player fills in, named by the id printed beside it (`F-A1`, `trap-7`).

    A `check` field is a box or cell to cross; a `text` field holds what is written (digits
    only when `digits`). The PDF backend makes it a form field when asked for a fillable
    document, the SVG backend an element with the name as its id; the others only paint.
    """

    name: str
    kind: Literal["check", "text"]
    label: str                                  # what a screen reader or tooltip says
    shape: Literal["rect", "circle"] = "rect"
    align: Align = "center"
    size: float = 10.0                          # the point size of a written value
    digits: bool = False
    max_length: int = 0                         # 0: no limit
    lines: int = 1                              # a written value may wrap onto this many lines


@dataclass(frozen=True)
class Matrix:
    """An affine transform: x' = a*x + c*y + e, y' = b*x + d*y + f."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def apply(self, x: float, y: float) -> Point:
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    def then(self, dx: float, dy: float, rotate: float) -> Matrix:
        """Return this transform followed (inside) by a move and a clockwise rotation."""
        ex, fy = self.apply(dx, dy)
        rad = math.radians(rotate)
        cos, sin = round(math.cos(rad), 12), round(math.sin(rad), 12)
        return Matrix(
            self.a * cos + self.c * sin,
            self.b * cos + self.d * sin,
            -self.a * sin + self.c * cos,
            -self.b * sin + self.d * cos,
            ex,
            fy,
        )

    def inverse(self) -> Matrix:
        """Return the transform that undoes this one."""
        det = self.a * self.d - self.b * self.c
        return Matrix(self.d / det, -self.b / det, -self.c / det, self.a / det,
                      (self.c * self.f - self.d * self.e) / det,
                      (self.b * self.e - self.a * self.f) / det)

    def shifted(self, dx: float, dy: float) -> Matrix:
        """Return this transform followed (outside) by a move of (dx, dy)."""
        return Matrix(self.a, self.b, self.c, self.d, self.e + dx, self.f + dy)

    @property
    def rotation(self) -> int:
        """Return the clockwise rotation in whole degrees."""
        return round(math.degrees(math.atan2(self.b, self.a))) % 360


class Canvas:
    """Base of every backend: keeps the transform stack and resolves text alignment.

    Subclasses implement the backend hooks (`_line`, `_rect`, `_circle`, `_polygon`, `_image`,
    `_text`, `_field`), which get coordinates in the current transform: a backend either keeps
    its own transform stack through `_push` and `_pop` (PDF, SVG) or maps points through
    `self.matrix` (PNG).
    """

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self.matrix = Matrix()

    # -- placement -------------------------------------------------------------
    @contextmanager
    def translated(self, dx: float, dy: float, rotate: float = 0) -> Iterator[None]:
        """Draw the block's calls moved by (dx, dy) and turned clockwise by `rotate` degrees."""
        saved = self.matrix
        self.matrix = saved.then(dx, dy, rotate)
        self._push(dx, dy, rotate)
        try:
            yield
        finally:
            self._pop()
            self.matrix = saved

    def reuse(self, key: Hashable, bounds: tuple[float, float, float, float],
              draw: Callable[[Canvas], None]) -> None:
        """Draw `draw` at the current origin; the same `key` must always mean the same drawing.

        A backend may record the drawing once and repeat the recording wherever the key
        comes back (the PDF backend makes it a form XObject), so a design printed a hundred
        times is painted once. `bounds` (left, top, right, bottom) holds all of it.
        """
        draw(self)

    @contextmanager
    def translucent(self, opacity: float) -> Iterator[None]:
        """Draw the block's calls as one layer seen through at `opacity` (0 to 1): where two
        of its shapes overlap, the one above hides the one below, as on an opaque layer."""
        if opacity >= 1:
            yield
            return
        self._begin_translucent(max(0.0, opacity))
        try:
            yield
        finally:
            self._end_translucent()

    @contextmanager
    def clipped(self, x: float, y: float, w: float, h: float,
                radius: float = 0.0) -> Iterator[None]:
        """Draw the block's calls only inside the box (x, y, w, h), its corners rounded by
        `radius`: a card's art stops at its bleed, or at a cut card's rounded edge."""
        self._begin_clip(x, y, w, h, radius)
        try:
            yield
        finally:
            self._end_clip()

    def _push(self, dx: float, dy: float, rotate: float) -> None:
        """Tell the backend a transform was pushed (PDF and SVG keep their own stack)."""

    def _pop(self) -> None:
        """Tell the backend the last transform was popped."""

    # -- shapes ----------------------------------------------------------------
    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: Color = INK,
        width: float = 0.75,
        dash: Sequence[float] | None = None,
    ) -> None:
        self._line(x1, y1, x2, y2, stroke, width, tuple(dash) if dash else None)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        stroke: Color | None = INK,
        fill: Color | None = None,
        width: float = 0.75,
        radius: float = 0,
        dash: Sequence[float] | None = None,
    ) -> None:
        self._rect(x, y, w, h, stroke, fill, width, radius, tuple(dash) if dash else None)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        stroke: Color | None = INK,
        fill: Color | None = None,
        width: float = 0.75,
        dash: Sequence[float] | None = None,
    ) -> None:
        self._circle(cx, cy, r, stroke, fill, width, tuple(dash) if dash else None)

    def polygon(
        self,
        points: Sequence[Point],
        *,
        stroke: Color | None = INK,
        fill: Color | None = None,
        width: float = 0.75,
        closed: bool = True,
    ) -> None:
        self._polygon([(float(x), float(y)) for x, y in points], stroke, fill, width, closed)

    def image(self, x: float, y: float, w: float, h: float, path: Path) -> None:
        self._image(x, y, w, h, Path(path))

    def field(self, field: Field, x: float, y: float, w: float, h: float) -> None:
        """Mark the box (x, y, w, h) as the place where `field` is filled in; paints nothing."""
        self._field(field, x, y, w, h)

    def anchor(self, name: str, x: float, y: float, w: float, h: float) -> None:
        """Name the box (x, y, w, h) of something a reader finds on the printed page (a
        corner marker, a printed code); paints nothing. A recording keeps it."""
        self._anchor(name, x, y, w, h)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        font: Font = fonts.REGULAR,
        size: float = 10,
        color: Color = INK,
        align: Align = "left",
    ) -> None:
        """Draw `text` with its baseline at y; x is its left, centre or right end."""
        if not text:
            return
        w = fonts.width(text, font, size)
        left = x - {"left": 0.0, "center": w / 2, "right": w}[align]
        self._text(left, y, text, font, size, color, w)

    # -- backend hooks ---------------------------------------------------------
    def _line(self, x1: float, y1: float, x2: float, y2: float, stroke: Color, width: float,
              dash: tuple[float, ...] | None) -> None:
        raise NotImplementedError

    def _rect(self, x: float, y: float, w: float, h: float, stroke: Color | None,
              fill: Color | None, width: float, radius: float,
              dash: tuple[float, ...] | None) -> None:
        raise NotImplementedError

    def _circle(self, cx: float, cy: float, r: float, stroke: Color | None, fill: Color | None,
                width: float, dash: tuple[float, ...] | None) -> None:
        raise NotImplementedError

    def _polygon(self, points: list[Point], stroke: Color | None, fill: Color | None,
                 width: float, closed: bool) -> None:
        raise NotImplementedError

    def _image(self, x: float, y: float, w: float, h: float, path: Path) -> None:
        raise NotImplementedError

    def _text(self, left: float, baseline: float, text: str, font: Font, size: float,
              color: Color, advance: float) -> None:
        raise NotImplementedError

    def _begin_clip(self, x: float, y: float, w: float, h: float, radius: float) -> None:
        """Start drawing inside a box only; a backend that records calls draws them all."""

    def _end_clip(self) -> None:
        """End the clip begun last."""

    def _begin_translucent(self, opacity: float) -> None:
        """Start a layer drawn at `opacity`; a backend that cannot show one draws it opaque."""

    def _end_translucent(self) -> None:
        """End the layer begun last."""

    def _field(self, field: Field, x: float, y: float, w: float, h: float) -> None:
        """A backend without forms (PNG) has nothing to do for a field."""

    def _anchor(self, name: str, x: float, y: float, w: float, h: float) -> None:
        """Only a recording keeps anchors."""
