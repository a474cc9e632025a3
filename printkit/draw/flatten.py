"""Art made fit for PDF/X-1a: pictures turned CMYK, transparency flattened.

PDF/X-1a:2001 allows no RGB and no transparency (no soft mask, no alpha, no transparency
group), while a designer's art is RGB and often see-through: a PNG with an alpha channel,
an SVG, an element drawn at an opacity. A PDF/X page is painted as any other, and a
`Keeper` keeps every call it makes, with its transform. What needs transparency is then
painted as one opaque CMYK picture of its box: what the page holds there so far (the kept
calls painted again, on pixels, by the PNG backend, over white paper), with the
see-through thing laid over it. Such a picture is made at the art's own resolution, but at
least `MIN_DPI` and at most `MAX_DPI` (SVG art at `vector_art.PRINT_DPI`); an opaque
picture keeps its own pixels and is only turned CMYK.

The one conversion from RGB to CMYK, for pictures as for every colour printkit paints
(`Color.cmyk01`), with no ICC profile: black is taken out first, as far as the colour
allows, and the rest is made of cyan, magenta and yellow:

    K = 1 - max(R, G, B)        C = (1 - R - K) / (1 - K)   (and M from G, Y from B)

So white stays paper, black is one ink (K 100 %), a grey is black ink alone, and a
photograph's colour prints with the same inks as the same colour filled by the layout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageMath

from printkit.draw import fonts, vector_art
from printkit.draw.canvas import Canvas, Field, Matrix, Point
from printkit.draw.color import Color
from printkit.draw.fonts import Font

MIN_DPI = 300  # what print shops ask of a picture at the size it prints
MAX_DPI = 600  # past this a press shows nothing more, and files grow


@dataclass(frozen=True)
class Kept:
    """One call a page made: the backend hook, its arguments, and the transform it was
    made under (from the page's own space, in points, y down)."""

    matrix: Matrix
    hook: str
    args: tuple[Any, ...]


@dataclass(frozen=True)
class Layer:
    """Calls drawn together as one layer seen through at an opacity."""

    opacity: float
    calls: tuple[Kept | Layer, ...]


Call = Kept | Layer


class Keeper(Canvas):
    """A canvas that paints nothing and keeps every call, to be painted again on pixels."""

    def __init__(self, width: float, height: float, matrix: Matrix | None = None) -> None:
        super().__init__(width, height)
        if matrix is not None:
            self.matrix = matrix
        self.calls: list[Call] = []
        self._open: list[tuple[float, list[Call]]] = []

    @property
    def in_layer(self) -> bool:
        """Return whether a translucent layer is open: its calls are not painted yet."""
        return bool(self._open)

    def _keep(self, hook: str, *args: Any) -> None:
        (self._open[-1][1] if self._open else self.calls).append(Kept(self.matrix, hook, args))

    def _begin_translucent(self, opacity: float) -> None:
        self._open.append((opacity, []))

    def _end_translucent(self) -> None:
        opacity, calls = self._open.pop()
        (self._open[-1][1] if self._open else self.calls).append(Layer(opacity, tuple(calls)))

    def _line(self, x1: float, y1: float, x2: float, y2: float, stroke: Color, width: float,
              dash: tuple[float, ...] | None) -> None:
        self._keep("_line", x1, y1, x2, y2, stroke, width, dash)

    def _rect(self, x: float, y: float, w: float, h: float, stroke: Color | None,
              fill: Color | None, width: float, radius: float,
              dash: tuple[float, ...] | None) -> None:
        self._keep("_rect", x, y, w, h, stroke, fill, width, radius, dash)

    def _circle(self, cx: float, cy: float, r: float, stroke: Color | None, fill: Color | None,
                width: float, dash: tuple[float, ...] | None) -> None:
        self._keep("_circle", cx, cy, r, stroke, fill, width, dash)

    def _polygon(self, points: list[Point], stroke: Color | None, fill: Color | None,
                 width: float, closed: bool) -> None:
        self._keep("_polygon", tuple(points), stroke, fill, width, closed)

    def _image(self, x: float, y: float, w: float, h: float, path: Path) -> None:
        self._keep("_image", x, y, w, h, path)

    def _text(self, left: float, baseline: float, text: str, font: Font, size: float,
              color: Color, advance: float) -> None:
        self._keep("_text", left, baseline, text, font, size, color, advance)

    def _field(self, field: Field, x: float, y: float, w: float, h: float) -> None:
        pass


def needs_flattening(call: Call) -> bool:
    """Return whether a call cannot be painted opaque as it is: a layer seen through, or a
    picture with pixels that are not wholly opaque (SVG art is taken to have some)."""
    if isinstance(call, Layer):
        return True
    return call.hook == "_image" and see_through(call.args[4])


def any_see_through(calls: Sequence[Call]) -> bool:
    return any(needs_flattening(call) for call in calls)


@lru_cache(maxsize=256)
def see_through(path: Path) -> bool:
    """Return whether the picture at `path` has a pixel that is not wholly opaque."""
    if vector_art.is_svg(path):
        return True
    with Image.open(path) as picture:
        if picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info:
            extrema = picture.convert("RGBA").getchannel("A").getextrema()
            return bool(extrema[0] != 255)
    return False


def cmyk(picture: Image.Image) -> Image.Image:
    """Return an RGB picture in CMYK by the formula above (a CMYK one as it is)."""
    if picture.mode == "CMYK":
        return picture
    rgb = picture.convert("RGB")
    r, g, b = rgb.split()
    most = ImageChops.lighter(ImageChops.lighter(r, g), b)  # 1 - K
    black = most.point(lambda v: 255 - v)

    def ink(channel: Image.Image) -> Image.Image:
        found = ImageMath.lambda_eval(
            lambda a: a["convert"]((a["m"] - a["c"]) * 255 / a["max"](a["m"], 1) + 0.5, "L"),
            c=channel, m=most)
        assert isinstance(found, Image.Image)
        return found

    return Image.merge("CMYK", (ink(r), ink(g), ink(b), black))


@lru_cache(maxsize=64)
def opaque_cmyk(path: Path) -> Image.Image:
    """Return a wholly opaque picture file as CMYK, at its own pixels."""
    with Image.open(path) as picture:
        picture.load()
        return cmyk(picture)


def bounds(call: Call) -> tuple[float, float, float, float]:
    """Return the box (left, top, right, bottom) a call paints in, in the page's space."""
    if isinstance(call, Layer):
        boxes = [bounds(c) for c in call.calls]
        if not boxes:
            return (0.0, 0.0, 0.0, 0.0)
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))
    a = call.args
    pad = 0.0
    if call.hook == "_line":
        points, pad = [(a[0], a[1]), (a[2], a[3])], a[5] / 2
    elif call.hook == "_rect":
        points, pad = [(a[0], a[1]), (a[0] + a[2], a[1] + a[3])], a[6] / 2
    elif call.hook == "_circle":
        points, pad = [(a[0] - a[2], a[1] - a[2]), (a[0] + a[2], a[1] + a[2])], a[5] / 2
    elif call.hook == "_polygon":
        points, pad = list(a[0]), a[3] / 2
    elif call.hook == "_image":
        points = [(a[0], a[1]), (a[0] + a[2], a[1] + a[3])]
    else:  # text: from its ascent to its descent, along its advance
        left, baseline, font, size, advance = a[0], a[1], a[3], a[4], a[6]
        points = [(left, baseline - fonts.ascent(font, size)),
                  (left + advance, baseline + fonts.descent(font, size))]
    if call.hook == "_polygon":
        local = points
    else:  # a box turned by the transform: each of its corners counts
        (x0, y0), (x1, y1) = points
        local = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    xs, ys = zip(*(call.matrix.apply(px, py) for px, py in local))
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def resolution(call: Call) -> float:
    """Return the DPI a flattened picture of `call` is made at: its art's own, held between
    MIN_DPI and MAX_DPI; SVG art, and a layer, at the PDF's resolution for vector art."""
    if isinstance(call, Layer) or vector_art.is_svg(call.args[4]):
        return float(vector_art.PRINT_DPI)
    _x, _y, w, h, path = call.args
    with Image.open(path) as picture:
        pw, ph = picture.size
    drawn = max(pw / max(float(w), 1e-6), ph / max(float(h), 1e-6)) * 72
    return float(max(MIN_DPI, min(MAX_DPI, drawn)))


def flattened(below: Sequence[Call], above: Call, box: tuple[float, float, float, float],
              dpi: float) -> Image.Image:
    """Return a CMYK picture of `box` (left, top, right, bottom, in the page's space): the
    calls `below` painted on white paper, then `above` laid over them."""
    from printkit.draw.png import PngCanvas  # Pillow's drawing, only where art is flattened

    left, top, right, bottom = box
    canvas = PngCanvas(right - left, bottom - top, dpi, oversample=1)
    for call in [*below, above]:
        _paint_again(canvas, call, left, top)
    return cmyk(canvas.finished())


def _paint_again(canvas: Canvas, call: Call, left: float, top: float) -> None:
    if isinstance(call, Layer):
        canvas._begin_translucent(call.opacity)
        for inner in call.calls:
            _paint_again(canvas, inner, left, top)
        canvas._end_translucent()
        return
    canvas.matrix = call.matrix.shifted(-left, -top)
    args = list(call.args)
    if call.hook == "_polygon":
        args[0] = list(args[0])
    getattr(canvas, call.hook)(*args)


def overlaps(call: Call, box: tuple[float, float, float, float]) -> bool:
    left, top, right, bottom = bounds(call)
    return left < box[2] and right > box[0] and top < box[3] and bottom > box[1]
