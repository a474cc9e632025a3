"""A canvas that records every call, in page coordinates, so layouts can be tested exactly."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from printkit.draw.canvas import Canvas, Field, Point
from printkit.draw.color import Color
from printkit.draw.fonts import Font
from printkit.draw.page import Page


def _r(v: float) -> float:
    return round(v, 2)


@dataclass(frozen=True)
class Call:
    """One recorded drawing call: its kind, its page-space box and its details."""

    kind: str
    x: float
    y: float
    w: float = 0.0
    h: float = 0.0
    text: str = ""
    size: float = 0.0
    font: str = ""
    color: str = ""
    fill: str = ""

    def __str__(self) -> str:
        if self.kind == "text":
            return (f"text(x={self.x}, y={self.y}, w={self.w}, {self.text!r}, "
                    f"{self.font} {self.size})")
        return f"{self.kind}(x={self.x}, y={self.y}, w={self.w}, h={self.h})"

    @property
    def right(self) -> float:
        return _r(self.x + self.w)

    @property
    def bottom(self) -> float:
        return _r(self.y + self.h)


@dataclass
class RecordingCanvas(Canvas):
    """Logs each call with its bounding box in page coordinates (after any transform)."""

    width: float
    height: float
    calls: list[Call] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.width, self.height)

    def _bbox(self, pts: list[Point]) -> tuple[float, float, float, float]:
        mapped = [self.matrix.apply(x, y) for x, y in pts]
        xs, ys = [p[0] for p in mapped], [p[1] for p in mapped]
        return (_r(min(xs)), _r(min(ys)), _r(max(xs) - min(xs)), _r(max(ys) - min(ys)))

    def _add(self, kind: str, pts: list[Point], **details: object) -> None:
        x, y, w, h = self._bbox(pts)
        self.calls.append(Call(kind, x, y, w, h, **details))  # type: ignore[arg-type]

    def _line(self, x1: float, y1: float, x2: float, y2: float, stroke: Color, width: float,
              dash: tuple[float, ...] | None) -> None:
        self._add("line", [(x1, y1), (x2, y2)], color=str(stroke))

    def _rect(self, x: float, y: float, w: float, h: float, stroke: Color | None,
              fill: Color | None, width: float, radius: float,
              dash: tuple[float, ...] | None) -> None:
        self._add("rect", [(x, y), (x + w, y + h)], color=str(stroke or ""), fill=str(fill or ""))

    def _circle(self, cx: float, cy: float, r: float, stroke: Color | None, fill: Color | None,
                width: float, dash: tuple[float, ...] | None) -> None:
        self._add("circle", [(cx - r, cy - r), (cx + r, cy + r)], color=str(stroke or ""),
                  fill=str(fill or ""))

    def _polygon(self, points: list[Point], stroke: Color | None, fill: Color | None,
                 width: float, closed: bool) -> None:
        self._add("polygon", points, color=str(stroke or ""), fill=str(fill or ""))

    def _image(self, x: float, y: float, w: float, h: float, path: Path) -> None:
        self._add("image", [(x, y), (x + w, y + h)], text=path.name)

    def _text(self, left: float, baseline: float, text: str, font: Font, size: float,
              color: Color, advance: float) -> None:
        # the box runs from the baseline up by the size, which is enough to test containment
        self._add("text", [(left, baseline - size * 0.72), (left + advance, baseline)],
                  text=text, size=_r(size), font=font.name, color=str(color))

    def _field(self, field: Field, x: float, y: float, w: float, h: float) -> None:
        self._add("field", [(x, y), (x + w, y + h)], text=field.name, size=field.size)

    def _anchor(self, name: str, x: float, y: float, w: float, h: float) -> None:
        self._add("anchor", [(x, y), (x + w, y + h)], text=name)

    def texts(self) -> list[str]:
        return [c.text for c in self.calls if c.kind == "text"]


def record(page: Page) -> RecordingCanvas:
    """Return a recording of one page's drawing."""
    canvas = RecordingCanvas(page.width, page.height)
    page.draw(canvas)
    return canvas
