"""The SVG backend (svgwrite): one page per file, text kept as editable text."""

from __future__ import annotations

import base64
from pathlib import Path

import svgwrite
from svgwrite.container import Group

from printkit.draw import fonts
from printkit.draw.canvas import Canvas, Field, Point
from printkit.draw.color import Color
from printkit.draw.fonts import Font
from printkit.draw.page import Page


def _n(v: float) -> str:
    """Return a number with at most 3 decimals, so files are small and stable."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


class SvgCanvas(Canvas):
    """Paints into an svgwrite drawing; transforms become nested groups."""

    def __init__(self, width: float, height: float) -> None:
        super().__init__(width, height)
        self.drawing = svgwrite.Drawing(
            size=(f"{_n(width)}pt", f"{_n(height)}pt"), profile="full", debug=False
        )
        self.drawing.viewbox(0, 0, width, height)
        self._stack: list[Group] = [self.drawing.add(self.drawing.g())]

    @property
    def _group(self) -> Group:
        return self._stack[-1]

    def _push(self, dx: float, dy: float, rotate: float) -> None:
        transform = f"translate({_n(dx)} {_n(dy)})" + (f" rotate({_n(rotate)})" if rotate else "")
        self._stack.append(self._group.add(self.drawing.g(transform=transform)))

    def _pop(self) -> None:
        self._stack.pop()

    @staticmethod
    def _paint(stroke: Color | None, fill: Color | None, width: float,
               dash: tuple[float, ...] | None = None) -> dict[str, str]:
        attrs = {"fill": str(fill) if fill else "none"}
        if stroke is not None:
            attrs["stroke"] = str(stroke)
            attrs["stroke_width"] = _n(width)
            attrs["stroke_linejoin"] = "round"
            if dash:
                attrs["stroke_dasharray"] = " ".join(_n(d) for d in dash)
        return attrs

    def _line(self, x1: float, y1: float, x2: float, y2: float, stroke: Color, width: float,
              dash: tuple[float, ...] | None) -> None:
        self._group.add(self.drawing.line((_n(x1), _n(y1)), (_n(x2), _n(y2)),
                                          **self._paint(stroke, None, width, dash)))

    def _rect(self, x: float, y: float, w: float, h: float, stroke: Color | None,
              fill: Color | None, width: float, radius: float,
              dash: tuple[float, ...] | None) -> None:
        extra = {"rx": _n(radius), "ry": _n(radius)} if radius else {}
        self._group.add(self.drawing.rect((_n(x), _n(y)), (_n(w), _n(h)), **extra,
                                          **self._paint(stroke, fill, width, dash)))

    def _circle(self, cx: float, cy: float, r: float, stroke: Color | None, fill: Color | None,
                width: float, dash: tuple[float, ...] | None) -> None:
        self._group.add(self.drawing.circle((_n(cx), _n(cy)), _n(r),
                                            **self._paint(stroke, fill, width, dash)))

    def _polygon(self, points: list[Point], stroke: Color | None, fill: Color | None,
                 width: float, closed: bool) -> None:
        pts = [(_n(x), _n(y)) for x, y in points]
        make = self.drawing.polygon if closed else self.drawing.polyline
        self._group.add(make(pts, **self._paint(stroke, fill if closed else None, width)))

    def _image(self, x: float, y: float, w: float, h: float, path: Path) -> None:
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        kind = {".jpg": "jpeg", ".jpeg": "jpeg", ".svg": "svg+xml"}.get(path.suffix.lower(),
                                                                     "png")
        self._group.add(self.drawing.image(f"data:image/{kind};base64,{data}",
                                           insert=(_n(x), _n(y)), size=(_n(w), _n(h))))

    def _text(self, left: float, baseline: float, text: str, font: Font, size: float,
              color: Color, advance: float) -> None:
        self._group.add(self.drawing.text(
            text,
            insert=(_n(left), _n(baseline)),
            # a custom deck's own font by its name; the bundled faces as the Lato family
            font_family=f"{fonts.FAMILY if font in fonts.ALL_FONTS else font.name}, sans-serif",
            font_size=_n(size),
            font_weight=font.weight,
            font_style=font.style,
            fill=str(color),
            # the width our metrics gave, so a substitute font still fits its box
            textLength=_n(advance),
            lengthAdjust="spacingAndGlyphs",
        ))

    def _field(self, field: Field, x: float, y: float, w: float, h: float) -> None:
        # an invisible target over what is drawn, named by the printed id, for a page's script
        attrs = {"id": field.name, "class_": f"field {field.kind}", "fill": "transparent",
                 "aria-label": field.label, "data-kind": field.kind}
        if field.digits:
            attrs["data-digits"] = "1"
        if field.shape == "circle":
            element = self.drawing.ellipse((_n(x + w / 2), _n(y + h / 2)), (_n(w / 2), _n(h / 2)),
                                           **attrs)
        else:
            element = self.drawing.rect((_n(x), _n(y)), (_n(w), _n(h)), **attrs)
        self._group.add(element)


def render(page: Page) -> bytes:
    """Return the SVG bytes of one page."""
    canvas = SvgCanvas(page.width, page.height)
    page.draw(canvas)
    text: str = canvas.drawing.tostring()
    return text.encode("utf-8")
