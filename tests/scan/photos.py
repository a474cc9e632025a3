"""A small stand-in photographer for the scan tests: the printed sheet rendered, marked with
Pillow (crosses, written numbers), and seen through a perspective. The bench's generator
(bench/photo) makes the harder photos; these are the plain ones the tests need."""

from __future__ import annotations

import io
from collections.abc import Mapping
from functools import cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from printkit.draw.paper import paper as find_paper
from printkit.draw.png import render_image
from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.sheet_fields import LAYOUT
from printkit.language import language
from printkit.products.fox_rabbit.gamesheet import gamesheet
from printkit.resources import font_path
from printkit.scan.layout import layout


@cache
def _printed(game_map: GameMap, mode: str, paper: str, lang: str, dpi: float,
             version: int = LAYOUT) -> Image.Image:
    """Return the blank sheet as printed: rendered once per process (0.4 s each), and copied."""
    doc = gamesheet(game_map, mode, find_paper(paper), difficulty="", lang=language(lang),
                    layout=version)
    return render_image(doc.pages[0], dpi).convert("RGB")


def played_sheet(game_map: GameMap, mode: str, values: Mapping[str, str | bool],
                 paper: str = "letter", lang: str = "en", dpi: float = 200,
                 grey: bool = False, hand: bool = False, version: int = LAYOUT
                 ) -> Image.Image:
    """Return the printed sheet with a pencil mark in every field `values` fills; `grey`:
    printed by a black-and-white laser, whose grey is darker than the colours' own; `hand`:
    the values written by hand (the second photo generator's hand, which the glyph model
    never saw), else typed in Lato; `version`: the sheet printed in that layout."""
    image = _printed(game_map, mode, paper, lang, dpi, version).copy()
    if grey:
        tone = np.asarray(image.convert("L"), np.float32) / 255
        image = Image.fromarray(np.uint8(np.clip(255 * tone ** 1.2, 0, 255))).convert("RGB")
    k = dpi / 72
    pen = ImageDraw.Draw(image)
    font_file = str(font_path("Lato-Regular.ttf"))
    lay = layout(game_map.name, mode, paper, lang, version)
    for fb in lay.fields:
        value = values.get(fb.name)
        if not value:
            continue
        x, y, w, h = (v * k for v in fb.box)
        ink = (60, 60, 70)
        if value is True:
            pen.line((x + 0.2 * w, y + 0.2 * h, x + 0.8 * w, y + 0.8 * h), fill=ink,
                     width=int(1.2 * k))
            pen.line((x + 0.8 * w, y + 0.2 * h, x + 0.2 * w, y + 0.8 * h), fill=ink,
                     width=int(1.2 * k))
        elif hand:
            _handwrite(pen, fb.name, fb.box, str(value), k, ink)
        else:
            size = 9 * k
            font = ImageFont.truetype(font_file, int(size))
            while pen.textlength(str(value), font=font) > 0.8 * w and size > 4 * k:
                size *= 0.9
                font = ImageFont.truetype(font_file, int(size))
            pen.text((x + 0.12 * w, y + 0.15 * h), str(value), fill=ink, font=font)
    return image


def _handwrite(pen: ImageDraw.ImageDraw, name: str, box: tuple[float, float, float, float],
               text: str, k: float, ink: tuple[int, int, int]) -> None:
    """Write a value in a field by hand, neatly: an endgame attempt's dice on its first
    writing line, its aids on the second; a number in the middle of its circle or box."""
    from bench.photo2.glyphs import text_width, write

    x, y, w, h = box
    rng = np.random.default_rng(sum(map(ord, name)) * 7919 + len(text))
    attempt = name.startswith("round-")
    parts = [t.strip() for t in text.split(";")] if attempt else [text]
    lines = [parts[0], "; ".join(parts[1:])] if len(parts) > 1 else parts
    strokes = []
    for row, part in enumerate(lines):
        if attempt:
            size = min(h * 0.34, (w - 6) / (text_width(part) + 0.3))
            base, left = y + h * (0.44 if row == 0 else 0.92), x + 3
        else:
            size = min(h * 0.6, (w - 4) / (text_width(part) + 0.3))
            base, left = y + (h + size) / 2, x + (w - text_width(part) * size) / 2
        strokes += write(part, left, base, size, rng, slant=0.1, messiness=0.5)
    for path in strokes:
        points = [(float(px) * k, float(py) * k) for px, py in path]
        pen.line(points, fill=ink, width=max(1, round(0.8 * k)), joint="curve")


def photograph(sheet: Image.Image, tilt: float = 0.04, turn: float = 3.0,
               quality: int = 85, sharpen: float = 0.0) -> bytes:
    """Return a JPEG of the sheet lying on a darker table, seen a little askew; `sharpen`:
    the amount of a phone's sharpening (an unsharp mask, which darkens printed letters)."""
    src = cv2.cvtColor(np.asarray(sheet), cv2.COLOR_RGB2BGR)
    if sharpen:
        soft = cv2.GaussianBlur(src, (0, 0), 2.0).astype(np.float32)
        src = np.uint8(np.clip(src.astype(np.float32) * (1 + sharpen) - soft * sharpen, 0, 255))
    h, w = src.shape[:2]
    out_w, out_h = int(w * 1.25), int(h * 1.2)
    c, s = np.cos(np.radians(turn)), np.sin(np.radians(turn))
    corners = np.float32([(0, 0), (w, 0), (w, h), (0, h)])
    centre = np.float32([w / 2, h / 2])
    turned = [(centre + np.float32([c * (x - w / 2) - s * (y - h / 2),
                                    s * (x - w / 2) + c * (y - h / 2)])) for x, y in corners]
    skew = np.float32([(tilt * w, 0), (-tilt * w, 0), (0, 0), (0, 0)])
    target = np.float32(turned) + skew + np.float32([(out_w - w) / 2, (out_h - h) / 2])
    matrix = cv2.getPerspectiveTransform(corners, target)
    photo = cv2.warpPerspective(src, matrix, (out_w, out_h), borderValue=(70, 90, 110))
    shade = np.linspace(0.8, 1.0, out_w, dtype=np.float32)[None, :, None]
    photo = np.clip(photo.astype(np.float32) * shade, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return bytes(data)


def png_bytes(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG")
    return buf.getvalue()


def scribble(sheet: np.ndarray, box: tuple[int, int, int, int], width: int = 5) -> None:
    """Scribble over `box` (x, y, w, h in the image's pixels) of `sheet` in pencil, as a
    player who wrote over the sheet's code does: forty strokes and a filled square."""
    x, y, w, h = box
    rng = np.random.default_rng(5)
    for _ in range(40):
        a = (int(x + rng.uniform(0, w)), int(y + rng.uniform(0, h)))
        b = (int(x + rng.uniform(0, w)), int(y + rng.uniform(0, h)))
        cv2.line(sheet, a, b, (90, 90, 95), width)
    cv2.rectangle(sheet, (x + w // 4, y + h // 4), (x + 3 * w // 4, y + 3 * h // 4),
                  (80, 80, 80), -1)


def code_scribbled(game_map: GameMap, mode: str, values: Mapping[str, str | bool],
                   paper: str = "letter", lang: str = "en") -> bytes:
    """Return a photo (JPEG) of a played sheet whose code a pencil scribble has made
    unreadable."""
    dpi = 200
    sheet = np.asarray(played_sheet(game_map, mode, values, paper, lang, dpi)).copy()
    k = dpi / 72
    x, y, w, h = (round(v * k) for v in layout(game_map.name, mode, paper,
                                                lang).anchors["code"])
    scribble(sheet, (x, y, w, h))
    return photograph(Image.fromarray(sheet))


def marker_lifted(sheet: Image.Image, game_map: GameMap, mode: str) -> np.ndarray:
    """Return a played sheet (RGB pixels at 200 dpi) whose top-right corner marker is read a
    few points off its place: a lifted corner, a smudge."""
    pixels = np.asarray(sheet).copy()
    x, y, w, h = (round(v * 200 / 72) for v in layout(game_map.name, mode, "letter",
                                                       "en").anchors["marker-1"])
    corner = pixels[y - 4:y + h + 4, x - 4:x + w + 4].copy()
    pixels[y - 4:y + h + 4, x - 4:x + w + 4] = 255
    pixels[y + 16:y + h + 24, x - 4:x + w + 4] = corner
    return pixels
