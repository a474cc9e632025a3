"""The PNG backend (Pillow): rasterised at a chosen DPI, which is recorded in the file."""

from __future__ import annotations

import io
import math
import struct
import zlib
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFont

from printkit.draw import vector_art
from printkit.draw.canvas import Canvas, Field, Point
from printkit.draw.color import WHITE, Color
from printkit.draw.fonts import Font
from printkit.draw.page import Page
from printkit.draw.recording import Call, RecordingCanvas
from printkit.resources import font_path

#: The most rendered pieces of text a font keeps (a few KB each): a sheet prints some
#: 270, half of them again on the next sheet of another mode or language.
_MASKS_KEPT = 4096


class _KeptMasks(ImageFont.FreeTypeFont):
    """A font that keeps the masks FreeType renders: the same text at the same sub-pixel
    start is the same mask, and drawing it (Pillow's `text`) half the cost of a sheet's
    picture, where the reader draws five or six blank sheets whose words mostly repeat."""

    def __init__(self, path: str, px: float) -> None:
        super().__init__(path, px)
        self._masks: dict[tuple[object, ...], tuple[Any, tuple[int, int]]] = {}

    def getmask2(self, text: str | bytes, mode: str = "", direction: str | None = None,
                 features: list[str] | None = None, language: str | None = None,
                 stroke_width: float = 0, anchor: str | None = None, ink: int = 0,
                 start: tuple[float, float] | None = None, *args: Any,
                 **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        # a colour font's mask is changed by its drawer (its alpha band filled): not kept
        if mode == "RGBA" or args:
            return super().getmask2(text, mode, direction, features, language, stroke_width,
                                    anchor, ink, start, *args, **kwargs)
        key = (text, mode, direction, tuple(features) if features else None, language,
               stroke_width, anchor, ink, start, tuple(sorted(kwargs.items())))
        kept = self._masks.get(key)
        if kept is None:
            kept = super().getmask2(text, mode, direction, features, language, stroke_width,
                                    anchor, ink, start, **kwargs)
            if len(self._masks) >= _MASKS_KEPT:
                self._masks.clear()
            self._masks[key] = kept
        return kept


@cache
def _pil_font(font: Font, px: float) -> ImageFont.FreeTypeFont:
    return _KeptMasks(str(font_path(font.filename)), px)


def _dashed(p1: Point, p2: Point, dash: tuple[float, ...]) -> list[tuple[Point, Point]]:
    """Return the drawn pieces of a dashed segment (lengths already in pixels)."""
    (x1, y1), (x2, y2) = p1, p2
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    if length == 0:
        return []
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    pieces, pos, i = [], 0.0, 0
    while pos < length:
        step = dash[i % len(dash)]
        end = min(pos + step, length)
        if i % 2 == 0:
            pieces.append(((x1 + ux * pos, y1 + uy * pos), (x1 + ux * end, y1 + uy * end)))
        pos, i = end, i + 1
    return pieces


class PngCanvas(Canvas):
    """Paints on a Pillow image; shapes are drawn at `oversample` times and scaled down.

    Pillow draws a rectangle's or a circle's outline inside its box; a PDF strokes it
    centred on its path, half inside and half out. With `centred_strokes` they are drawn as
    the PDF draws them: the photo reader's blank sheet must be the sheet as printed, and a
    2-point outline drawn inside its box lies a point off the printed one on every side."""

    def __init__(self, width: float, height: float, dpi: float, oversample: int = 2,
                 background: Color = WHITE, centred_strokes: bool = False) -> None:
        super().__init__(width, height)
        self.centred_strokes = centred_strokes
        self.dpi = dpi
        self.oversample = oversample
        self.scale = dpi / 72 * oversample
        self.px_size = (round(width * dpi / 72), round(height * dpi / 72))
        self.picture = Image.new("RGB", (self.px_size[0] * oversample,
                                         self.px_size[1] * oversample),
                               (background.r, background.g, background.b))
        self._draw = ImageDraw.Draw(self.picture)
        # the pictures under the translucent layers being drawn, and each layer's opacity
        self._under: list[tuple[Image.Image, float]] = []
        self._clips: list[Image.Image | None] = []  # the masks of the clips being drawn

    def _begin_translucent(self, opacity: float) -> None:
        self._under.append((self.picture, opacity))
        self.picture = Image.new("RGBA", self.picture.size, (0, 0, 0, 0))
        self._draw = ImageDraw.Draw(self.picture)

    def _end_translucent(self) -> None:
        layer = self.picture
        self.picture, opacity = self._under.pop()
        self._draw = ImageDraw.Draw(self.picture)
        alpha = layer.getchannel("A")
        drawn = alpha.getbbox()  # only what was drawn is laid down
        if drawn is None:
            return
        layer = layer.crop(drawn)
        layer.putalpha(alpha.crop(drawn).point(lambda a: round(a * opacity)))
        _lay(self.picture, layer, drawn[:2])

    def _begin_clip(self, x: float, y: float, w: float, h: float, radius: float) -> None:
        corners = [self._pt(px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        width, height = self.picture.size
        square = not self.matrix.rotation % 90
        if (square and not radius and min(xs) <= 0.5 and min(ys) <= 0.5
                and max(xs) >= width - 0.5 and max(ys) >= height - 0.5):
            self._clips.append(None)  # the whole picture: nothing to clip
            return
        # drawn on a layer of its own, laid down only inside the box
        mask = Image.new("L", self.picture.size, 0)
        if radius and square:
            ImageDraw.Draw(mask).rounded_rectangle((min(xs), min(ys), max(xs), max(ys)),
                                                   radius=radius * self.scale, fill=255)
        else:
            ImageDraw.Draw(mask).polygon(corners, fill=255)
        self._clips.append(mask)
        self._begin_translucent(1.0)

    def _end_clip(self) -> None:
        mask = self._clips.pop()
        if mask is None:
            return
        layer = self.picture
        self.picture, _opacity = self._under.pop()
        self._draw = ImageDraw.Draw(self.picture)
        inside = mask.getbbox()
        if inside is None:
            return
        layer = layer.crop(inside)
        layer.putalpha(ImageChops.multiply(layer.getchannel("A"), mask.crop(inside)))
        _lay(self.picture, layer, inside[:2])

    def _pt(self, x: float, y: float) -> Point:
        px, py = self.matrix.apply(x, y)
        return (px * self.scale, py * self.scale)

    def _box(self, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        (ax, ay), (bx, by) = self._pt(x, y), self._pt(x + w, y + h)
        return (min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))

    def _w(self, width: float) -> int:
        return max(1, round(width * self.scale))

    def _out(self, stroke: Color | None, width: float) -> float:
        """Return how far (pixels) an outline's box is drawn beyond its path: half the
        outline's width where strokes are centred on their path, else none."""
        return self._w(width) / 2 if self.centred_strokes and stroke is not None else 0.0

    def _line(self, x1: float, y1: float, x2: float, y2: float, stroke: Color, width: float,
              dash: tuple[float, ...] | None) -> None:
        a, b = self._pt(x1, y1), self._pt(x2, y2)
        segments = _dashed(a, b, tuple(d * self.scale for d in dash)) if dash else [(a, b)]
        for p, q in segments:
            self._draw.line([p, q], fill=(stroke.r, stroke.g, stroke.b), width=self._w(width))

    def _rect(self, x: float, y: float, w: float, h: float, stroke: Color | None,
              fill: Color | None, width: float, radius: float,
              dash: tuple[float, ...] | None) -> None:
        if self.matrix.rotation % 90:
            pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            self._polygon(pts, stroke, fill, width, True)
            return
        box = self._box(x, y, w, h)
        rgb_fill = (fill.r, fill.g, fill.b) if fill else None
        if dash and stroke is not None:
            if rgb_fill:
                self._draw.rounded_rectangle(box, radius=radius * self.scale, fill=rgb_fill)
            for p, q in [((x, y), (x + w, y)), ((x + w, y), (x + w, y + h)),
                         ((x + w, y + h), (x, y + h)), ((x, y + h), (x, y))]:
                self._line(*p, *q, stroke, width, dash)
            return
        out = self._out(stroke, width)
        self._draw.rounded_rectangle(
            (box[0] - out, box[1] - out, box[2] + out, box[3] + out),
            radius=radius * self.scale + out if radius else 0,
            fill=rgb_fill,
            outline=(stroke.r, stroke.g, stroke.b) if stroke else None,
            width=self._w(width) if stroke else 0,
        )

    def _circle(self, cx: float, cy: float, r: float, stroke: Color | None, fill: Color | None,
                width: float, dash: tuple[float, ...] | None) -> None:
        px, py = self._pt(cx, cy)
        rr = r * self.scale + self._out(stroke, width)
        self._draw.ellipse(
            (px - rr, py - rr, px + rr, py + rr),
            fill=(fill.r, fill.g, fill.b) if fill else None,
            outline=(stroke.r, stroke.g, stroke.b) if stroke else None,
            width=self._w(width) if stroke else 0,
        )

    def _polygon(self, points: list[Point], stroke: Color | None, fill: Color | None,
                 width: float, closed: bool) -> None:
        pts = [self._pt(x, y) for x, y in points]
        if closed:
            if fill is not None:
                self._draw.polygon(pts, fill=(fill.r, fill.g, fill.b))
            if stroke is not None:
                self._draw.line(pts + [pts[0]], fill=(stroke.r, stroke.g, stroke.b),
                                width=self._w(width), joint="curve")
        elif stroke is not None:
            self._draw.line(pts, fill=(stroke.r, stroke.g, stroke.b), width=self._w(width),
                            joint="curve")

    def _image(self, x: float, y: float, w: float, h: float, path: Path) -> None:
        size = (max(1, round(w * self.scale)), max(1, round(h * self.scale)))
        if vector_art.is_svg(path):
            drawn = vector_art.to_png(str(path), *size)
            with Image.open(io.BytesIO(drawn)) as src:
                art = src.convert("RGBA")
            if art.size != size:  # resvg keeps the drawing's proportions: centred in the box
                boxed = Image.new("RGBA", size, (0, 0, 0, 0))
                boxed.paste(art, ((size[0] - art.width) // 2, (size[1] - art.height) // 2))
                art = boxed
        else:
            with Image.open(path) as src:
                art = src.convert("RGBA").resize(size, Image.Resampling.LANCZOS)
        rotation = self.matrix.rotation
        if rotation:  # drawn upright, then turned about its centre
            art = art.rotate(-rotation, expand=True, resample=Image.Resampling.BICUBIC)
        cx, cy = self._pt(x + w / 2, y + h / 2)
        _lay(self.picture, art, (round(cx - art.width / 2), round(cy - art.height / 2)))

    def _text(self, left: float, baseline: float, text: str, font: Font, size: float,
              color: Color, advance: float) -> None:
        pil_font = _pil_font(font, size * self.scale)
        rgb = (color.r, color.g, color.b)
        rotation = self.matrix.rotation
        if rotation == 0:
            self._draw.text(self._pt(left, baseline), text, font=pil_font, fill=rgb, anchor="ls")
            return
        # render upright on a transparent tile, turn it, and place its baseline origin
        x0, y0, x1, y1 = pil_font.getbbox(text, anchor="ls")
        tile = Image.new("RGBA", (max(1, int(x1 - x0) + 2), max(1, int(y1 - y0) + 2)),
                         (0, 0, 0, 0))
        ImageDraw.Draw(tile).text((-x0 + 1, -y0 + 1), text, font=pil_font, fill=rgb + (255,),
                                  anchor="ls")
        turned = tile.rotate(-rotation, expand=True, resample=Image.Resampling.BICUBIC)
        # where the tile's origin (baseline start) lands after turning about its centre
        cx, cy = tile.width / 2, tile.height / 2
        ox, oy = (-x0 + 1) - cx, (-y0 + 1) - cy
        rad = math.radians(rotation)
        rx = ox * math.cos(rad) - oy * math.sin(rad) + turned.width / 2
        ry = ox * math.sin(rad) + oy * math.cos(rad) + turned.height / 2
        px, py = self._pt(left, baseline)
        _lay(self.picture, turned, (round(px - rx), round(py - ry)))

    def finished(self) -> Image.Image:
        """Return the image at its final pixel size."""
        if self.oversample == 1:
            return self.picture
        return self.picture.resize(self.px_size, Image.Resampling.LANCZOS)


def _lay(picture: Image.Image, art: Image.Image, at: tuple[int, int]) -> None:
    """Lay `art` (RGBA) over `picture` with its top-left at `at`, seen through where it is
    transparent: on an opaque picture by its alpha as a mask, on a translucent layer by
    compositing, which keeps the layer's own alpha right."""
    if picture.mode != "RGBA":
        picture.paste(art, at, art)
        return
    x, y = at
    # alpha_composite takes only what lies on the picture: the art cut to it first
    left, top = max(0, -x), max(0, -y)
    right, bottom = min(art.width, picture.width - x), min(art.height, picture.height - y)
    if right > left and bottom > top:
        picture.alpha_composite(art.crop((left, top, right, bottom)), (x + left, y + top))


def render_image(page: Page, dpi: float, oversample: int = 2,
                 centred_strokes: bool = False) -> Image.Image:
    """Return the page as a Pillow image at `dpi` (its outlines centred on their path as a
    PDF strokes them with `centred_strokes`)."""
    canvas = PngCanvas(page.width, page.height, dpi, oversample,
                       centred_strokes=centred_strokes)
    page.draw(canvas)
    return canvas.finished()


class _RecordedPng(PngCanvas):
    """Paints on a Pillow image as `PngCanvas` does, and records every call as
    `RecordingCanvas` does, in one drawing of the page."""

    def __init__(self, width: float, height: float, dpi: float, oversample: int) -> None:
        super().__init__(width, height, dpi, oversample)
        self.recording = RecordingCanvas(width, height)

    def _recorder(self) -> RecordingCanvas:
        self.recording.matrix = self.matrix
        return self.recording

    def _line(self, x1: float, y1: float, x2: float, y2: float, stroke: Color, width: float,
              dash: tuple[float, ...] | None) -> None:
        self._recorder()._line(x1, y1, x2, y2, stroke, width, dash)
        super()._line(x1, y1, x2, y2, stroke, width, dash)

    def _rect(self, x: float, y: float, w: float, h: float, stroke: Color | None,
              fill: Color | None, width: float, radius: float,
              dash: tuple[float, ...] | None) -> None:
        self._recorder()._rect(x, y, w, h, stroke, fill, width, radius, dash)
        super()._rect(x, y, w, h, stroke, fill, width, radius, dash)

    def _circle(self, cx: float, cy: float, r: float, stroke: Color | None, fill: Color | None,
                width: float, dash: tuple[float, ...] | None) -> None:
        self._recorder()._circle(cx, cy, r, stroke, fill, width, dash)
        super()._circle(cx, cy, r, stroke, fill, width, dash)

    def _polygon(self, points: list[Point], stroke: Color | None, fill: Color | None,
                 width: float, closed: bool) -> None:
        self._recorder()._polygon(points, stroke, fill, width, closed)
        super()._polygon(points, stroke, fill, width, closed)

    def _image(self, x: float, y: float, w: float, h: float, path: Path) -> None:
        self._recorder()._image(x, y, w, h, path)
        super()._image(x, y, w, h, path)

    def _text(self, left: float, baseline: float, text: str, font: Font, size: float,
              color: Color, advance: float) -> None:
        self._recorder()._text(left, baseline, text, font, size, color, advance)
        super()._text(left, baseline, text, font, size, color, advance)

    def _field(self, field: Field, x: float, y: float, w: float, h: float) -> None:
        self._recorder()._field(field, x, y, w, h)

    def _anchor(self, name: str, x: float, y: float, w: float, h: float) -> None:
        self._recorder()._anchor(name, x, y, w, h)


def render_recorded(page: Page, dpi: float,
                    oversample: int = 2) -> tuple[Image.Image, tuple[Call, ...]]:
    """Return the page as a Pillow image at `dpi` (as `render_image` does) and the calls its
    drawing made (as `recording.record` does), the page drawn once for both: what a reader
    that needs a sheet's picture and its boxes would otherwise draw twice."""
    canvas = _RecordedPng(page.width, page.height, dpi, oversample)
    page.draw(canvas)
    return canvas.finished(), tuple(canvas.recording.calls)


def to_png_bytes(image: Image.Image, dpi: float, fast: bool = False) -> bytes:
    """Return PNG bytes with the DPI recorded (pHYs chunk).

    `fast` writes the rows unfiltered with light compression. On the deck's card faces at
    300 DPI it takes about half the time of Pillow at compress_level=1 and a third of Pillow's
    default, for files about 10 % bigger than the default's (bench/bench_png_writer.py);
    photographs would grow more. The file is an ordinary 8-bit RGB PNG either way.
    """
    if fast and image.mode == "RGB":
        return _unfiltered_png(image, dpi)
    buf = io.BytesIO()
    image.save(buf, format="PNG", dpi=(dpi, dpi))
    return buf.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def _unfiltered_png(image: Image.Image, dpi: float) -> bytes:
    """Return an RGB image as PNG with filter type 0 on every row, zlib level 1."""
    w, h = image.size
    raw, stride = memoryview(image.tobytes()), w * 3
    # each row fed to zlib behind its filter byte, without copying the image into a new
    # string first: the same bytes as compressing the whole at once
    deflate = zlib.compressobj(1)
    parts: list[bytes] = []
    for y in range(h):
        parts.append(deflate.compress(b"\x00"))
        parts.append(deflate.compress(raw[y * stride:(y + 1) * stride]))
    parts.append(deflate.flush())
    per_metre = int(dpi / 0.0254 + 0.5)  # as Pillow records it
    return (b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
            + _chunk(b"IDAT", b"".join(parts))
            + _chunk(b"IEND", b""))


def render(page: Page, dpi: float = 150, oversample: int = 2, fast: bool = False) -> bytes:
    """Return the PNG bytes of one page at `dpi`, with the DPI recorded in the file."""
    return to_png_bytes(render_image(page, dpi, oversample), dpi, fast)
