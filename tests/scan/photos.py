"""A small stand-in photographer for the scan tests: the printed sheet rendered, marked with
Pillow (crosses, written numbers), and seen through a perspective. The bench's generator
(bench/photo) makes the harder photos; these are the plain ones the tests need."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from printkit.draw.paper import paper as find_paper
from printkit.draw.png import render_image
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.record import read_record
from printkit.games.fox_rabbit.run import Run
from printkit.games.fox_rabbit.sheet_fields import LAYOUT
from printkit.language import language
from printkit.products.fox_rabbit.gamesheet import gamesheet
from printkit.resources import font_path
from printkit.scan.field_read import FieldRead
from printkit.scan.fields import read_fields
from printkit.scan.layout import blank_image, layout, warmth_image
from printkit.scan.params import DEFAULT


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


def written_photo(record: Path, folder: Path) -> tuple[Run, Path]:
    """Return a record's run, and the path (in `folder`) of a photo of its sheet with its
    values written by hand (`played_sheet`'s `hand`, 160 dpi)."""
    run = read_record(record.read_text())
    path = folder / "sheet.jpg"
    path.write_bytes(photograph(played_sheet(run.map, run.mode, sf.form_values(run), dpi=160,
                                             hand=True)))
    return run, path


#: The documented example of a hard game won, whose circles hold two-digit numbers and a 9.
HARD_WON = Path(__file__).parent.parent.parent / "examples/fox-and-rabbit/hard-won-sheet-only.yaml"


def hard_won_photo(folder: Path) -> Path:
    """Return the path (in `folder`) of a photo of the hard-won example's sheet, its values
    written by hand (`written_photo`): among them `R-C2` 7 and `R-C3` 9."""
    run, path = written_photo(HARD_WON, folder)
    assert (sf.form_values(run)["R-C2"], sf.form_values(run)["R-C3"]) == ("7", "9")
    return path


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


def home_printed(sheet: Image.Image, printer: str, density: float = 0.45) -> Image.Image:
    """Return the sheet as a home printer prints it: `toner-save`, every colour at `density`
    of its own, as a dot screen (the markers' black a light grey); `mono`, a black-and-white
    laser printing the colour sheet, its greys as a dot screen."""
    rgb = np.asarray(sheet, np.float32) / 255
    h, w = rgb.shape[:2]
    # a printer's screen: a dot every 3 pixels, the ink laid where the cover asks for it
    yy, xx = np.mgrid[0:h, 0:w]
    screen = ((np.sin(xx * 2.1) * np.sin(yy * 2.1) + 1) / 2).astype(np.float32)[..., None]
    if printer == "toner-save":
        cover = np.clip((1 - rgb) * density, 0, 1)
    elif printer == "mono":
        grey = rgb @ np.array([0.3, 0.59, 0.11], np.float32)
        cover = np.repeat((1 - grey)[..., None], 3, axis=2) ** 0.9
    else:
        raise ValueError(printer)
    inked = np.clip((cover - screen) * 4 + cover, 0, 1)
    soft = cv2.GaussianBlur(inked, (0, 0), 0.7)
    return Image.fromarray(np.uint8(np.clip(255 * (1 - soft), 0, 255)))


def messaging_copy(photo: bytes) -> bytes:
    """Return a messaging app's copy of a photo: 1,280 pixels on its long side, JPEG 40."""
    image = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR)
    k = 1280 / max(image.shape[:2])
    small = cv2.resize(image, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 40])
    assert ok
    return bytes(data)


def photograph(sheet: Image.Image, tilt: float = 0.04, turn: float = 3.0,
               quality: int = 85, sharpen: float = 0.0, room: float = 1.0) -> bytes:
    """Return a JPEG of the sheet lying on a darker table, seen a little askew; `sharpen`:
    the amount of a phone's sharpening (an unsharp mask, which darkens printed letters);
    `room`: how much more of the table the frame shows around the sheet."""
    src = cv2.cvtColor(np.asarray(sheet), cv2.COLOR_RGB2BGR)
    if sharpen:
        soft = cv2.GaussianBlur(src, (0, 0), 2.0).astype(np.float32)
        src = np.uint8(np.clip(src.astype(np.float32) * (1 + sharpen) - soft * sharpen, 0, 255))
    h, w = src.shape[:2]
    out_w, out_h = int(w * 1.25 * room), int(h * 1.2 * room)
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


def soft(photo: bytes, sigma: float = 2.0) -> bytes:
    """Return the photo as a phone takes it a little out of focus: blurred by a Gaussian of
    `sigma` pixels, saved again at JPEG 80."""
    image = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR)
    ok, data = cv2.imencode(".jpg", cv2.GaussianBlur(image, (0, 0), sigma),
                            [cv2.IMWRITE_JPEG_QUALITY, 80])
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
                   paper: str = "letter", lang: str = "en", curl: float = 0.0,
                   top_curl: float = 0.0) -> bytes:
    """Return a photo (JPEG) of a played sheet whose code a pencil scribble has made
    unreadable; `curl`: its bottom fifth curled up toward the lens, its rows squeezed toward
    the edge by up to that share of the page's height; `top_curl`: its top fifth so."""
    dpi = 200
    sheet = np.asarray(played_sheet(game_map, mode, values, paper, lang, dpi)).copy()
    k = dpi / 72
    x, y, w, h = (round(v * k) for v in layout(game_map.name, mode, paper,
                                                lang).anchors["code"])
    scribble(sheet, (x, y, w, h))
    if curl or top_curl:
        height, width = sheet.shape[:2]
        yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
        edge = 0.2 * height
        for share, t in ((curl, np.clip((yy - (height - edge)) / edge, 0, 1)),
                         (-top_curl, np.clip((edge - yy) / edge, 0, 1))):
            if share:
                sheet = cv2.remap(sheet, xx, (yy + share * height * t * t).astype(np.float32),
                                  cv2.INTER_LINEAR, borderValue=(255, 255, 255))
    return photograph(Image.fromarray(sheet))


def lamp_reflection(photo: bytes, at: tuple[float, float], radius: float,
                    exposure: float = 0.8) -> bytes:
    """Return the photo taken under a lamp whose reflection on the sheet is a patch at the
    sensor's white, centred at `at` (shares of the frame's width and height), `radius` a
    share of its width; the rest exposed at `exposure` (the paper a light grey, as a phone
    exposes it)."""
    image = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR).astype(np.float32)
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r = radius * w
    light = np.exp(-((xx - at[0] * w) ** 2 + (yy - at[1] * h) ** 2) / (2 * r * r))
    out = image * exposure + 500 * light[..., None]
    ok, data = cv2.imencode(".jpg", np.uint8(np.clip(out, 0, 255)),
                            [cv2.IMWRITE_JPEG_QUALITY, 85])
    assert ok
    return bytes(data)


def far_away(sheet: Image.Image, frame: tuple[int, int] = (4000, 3000)) -> bytes:
    """Return a photo of the sheet lying far from the camera: small in a large frame, on a
    dark table."""
    page = cv2.imdecode(np.frombuffer(photograph(sheet), np.uint8), cv2.IMREAD_COLOR)
    out = np.full((frame[1], frame[0], 3), (45, 40, 35), np.uint8)
    h, w = page.shape[:2]
    y, x = (frame[1] - h) // 3, (frame[0] - w) // 2
    out[y:y + h, x:x + w] = page
    ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 85])
    assert ok
    return bytes(data)


def in_poor_light(photo: bytes, light: float = 0.3, noise: float = 12.0) -> bytes:
    """Return the photo taken in poor light: dim, and grainy with the sensor's amplified
    noise."""
    image = cv2.imdecode(np.frombuffer(photo, np.uint8), cv2.IMREAD_COLOR).astype(np.float32)
    grain = np.random.default_rng(2).normal(0, noise, image.shape).astype(np.float32)
    ok, data = cv2.imencode(".jpg", np.uint8(np.clip(image * light + grain, 0, 255)),
                            [cv2.IMWRITE_JPEG_QUALITY, 85])
    assert ok
    return bytes(data)


def brick_wall(height: int = 2250, width: int = 3000) -> bytes:
    """Return a photo of a brick wall: no sheet, but edges everywhere."""
    rng = np.random.default_rng(4)
    wall = np.zeros((height, width), np.float32)
    brick_h, brick_w, mortar = 75, 225, 12
    for row, y in enumerate(range(0, height, brick_h)):
        offset = (row % 2) * brick_w // 2
        for x in range(-offset, width, brick_w):
            tone = rng.uniform(95, 140)
            wall[y + mortar:y + brick_h, max(0, x + mortar):max(0, x + brick_w)] = tone
    wall[wall == 0] = 175   # the mortar, lighter than the bricks
    grain = cv2.GaussianBlur(rng.normal(0, 9, wall.shape).astype(np.float32), (0, 0), 1.5)
    light = np.linspace(0.85, 1.1, width, dtype=np.float32)[None, :]
    image = np.clip((wall + grain) * light, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", cv2.cvtColor(image, cv2.COLOR_GRAY2BGR),
                            [cv2.IMWRITE_JPEG_QUALITY, 85])
    assert ok
    return bytes(data)

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


def ringed_along_print(sheet: Image.Image, game_map: GameMap, mode: str, names: list[str],
                       darkness: float = 0.3, dpi: float = 160) -> Image.Image:
    """Return the played sheet (rendered at `dpi`) with a thin ring (a pixel, its edge
    smoothed, `darkness` dark) drawn in each named aid circle along the inner edge of its
    printed line, darkening the print and the paper alike, as a pen's stroke does."""
    pixels = np.asarray(sheet).astype(np.float32)
    grey = pixels.mean(axis=2)
    boxes = {fb.name: fb.box for fb in layout(game_map.name, mode, "letter", "en").fields}
    k = dpi / 72
    for name in names:
        x, y, w, h = (v * k for v in boxes[name])
        cx, cy = x + w / 2 - 0.5, y + h / 2 - 0.5
        x0, y0 = int(x) - 8, int(y) - 8
        rows, cols = np.nonzero(grey[y0:int(y + h) + 8, x0:int(x + w) + 8] < 150)
        inner = float(np.hypot(rows + y0 - cy, cols + x0 - cx).min())
        ring = np.zeros(grey.shape, np.float32)
        cv2.circle(ring, (round(cx * 16), round(cy * 16)), round(inner * 16), 1.0, 1,
                   lineType=cv2.LINE_AA, shift=4)
        pixels *= (1 - darkness * ring)[:, :, None]
    return Image.fromarray(np.uint8(np.clip(pixels, 0, 255)))


def scanned_values(photo: Path) -> dict[str, dict[str, object]]:
    """Return the written values `printkit scan PHOTO --json` suggests, by field name."""
    from typer.testing import CliRunner

    from printkit.cli import app

    result = CliRunner().invoke(app, ["scan", str(photo), "--json"])
    assert result.exit_code == 0, result.output
    values: dict[str, dict[str, object]] = json.loads(result.stdout)["values"]
    return values


def flat_fields(page: Path, sheet: tuple[str, str, str, str], photo_scale: float | None,
                warm: bool = False) -> dict[str, FieldRead]:
    """Return the boxes `read_fields` reads on a flattened page kept as a fixture.

    `page` is a photo as the reader flattened it (saved before its boxes were read), `sheet` its
    (variant, mode, paper, language), `photo_scale` the photo's own pixels a point of the sheet
    (None: unknown), `warm` whether the sheet's warm colours are given as the reader gives them.
    """
    blank = np.asarray(blank_image(*sheet, DEFAULT.scale))
    warmth = np.asarray(warmth_image(*sheet, DEFAULT.scale)) if warm else None
    flat = cv2.imread(str(page), cv2.IMREAD_GRAYSCALE)
    return read_fields(flat, blank, layout(*sheet), DEFAULT, photo_scale, warmth).fields


def flat_truth(folder: Path) -> dict[str, bool]:
    """Return each field's truth (marked or not) kept beside a flattened page's fixture, in
    its folder's `truth.json` (the photo's truth, its fields alone)."""
    fields: dict[str, bool] = json.loads((folder / "truth.json").read_text())["fields"]
    return fields
