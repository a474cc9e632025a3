"""The SVG backend (svgwrite): one page per file, text kept as editable text, or as outlines.

A page shown by printkit's own web page keeps its text as text (the page loads the Lato
faces). A file handed to someone else (the deck's SVG cards) can have its text drawn as
the glyphs' outlines instead, so it looks the same in any viewer, whatever fonts are
installed: no viewer needs Lato, and none can substitute another face.
"""

from __future__ import annotations

import base64
from functools import cache
from pathlib import Path
from typing import Any

import svgwrite
from svgwrite.container import Group

from printkit.draw import fonts
from printkit.draw.canvas import Canvas, Field, Point
from printkit.draw.color import Color
from printkit.draw.fonts import Font
from printkit.draw.page import Page
from printkit.resources import font_path


def _n(v: float) -> str:
    """Return a number with at most 3 decimals, so files are small and stable."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


class SvgCanvas(Canvas):
    """Paints into an svgwrite drawing; transforms become nested groups."""

    def __init__(self, width: float, height: float, outlines: bool = False) -> None:
        super().__init__(width, height)
        self._outlines = outlines
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

    def _begin_clip(self, x: float, y: float, w: float, h: float, radius: float) -> None:
        # ids numbered in drawing order: the same page gives the same file
        number = len(self.drawing.defs.elements)
        clip = self.drawing.defs.add(self.drawing.clipPath(id=f"clip{number}"))
        extra = {"rx": _n(radius), "ry": _n(radius)} if radius else {}
        clip.add(self.drawing.rect((_n(x), _n(y)), (_n(w), _n(h)), **extra))
        self._stack.append(self._group.add(self.drawing.g(clip_path=f"url(#{clip['id']})")))

    def _end_clip(self) -> None:
        self._stack.pop()

    def _begin_translucent(self, opacity: float) -> None:
        self._stack.append(self._group.add(self.drawing.g(opacity=_n(opacity))))

    def _end_translucent(self) -> None:
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
        if self._outlines:
            scale = size / _face(font)["head"].unitsPerEm
            self._group.add(self.drawing.path(
                d=_outline(font, text), fill=str(color),
                transform=f"translate({_n(left)} {_n(baseline)}) scale({scale:.6g} {-scale:.6g})",
                aria_label=text))
            return
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


@cache
def _face(font: Font) -> Any:
    import logging

    from fontTools.ttLib import TTFont as FontFile

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # its notes are not the player's
    return FontFile(str(font_path(font.filename)))


@cache
def _outline(font: Font, text: str) -> str:
    """Return the path data of `text` set in `font`, in font units from its origin (y up)."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    face = _face(font)
    glyphs = face.getGlyphSet()
    cmap = face.getBestCmap()
    metrics = face["hmtx"]
    pen = SVGPathPen(glyphs, ntos=lambda v: f"{v:g}")
    x = 0
    for ch in text:
        name = cmap.get(ord(ch), ".notdef")
        glyphs[name].draw(TransformPen(pen, (1, 0, 0, 1, x, 0)))
        x += metrics[name][0]
    return str(pen.getCommands()) or "M0 0"


def render(page: Page, outlines: bool = False) -> bytes:
    """Return the SVG bytes of one page; with `outlines`, text drawn as the glyphs' outlines."""
    canvas = SvgCanvas(page.width, page.height, outlines)
    page.draw(canvas)
    text: str = canvas.drawing.tostring()
    return text.encode("utf-8")
