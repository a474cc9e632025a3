"""Photo files as players (and strangers) send them: each format a phone or a scanner writes
reads as the JPEG does; an image too large, damaged, a PDF or a bare wall is refused in one
line of printkit's own, with nothing from the libraries on standard error; and every photo
of several is read."""

from __future__ import annotations

import functools
import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from bench import hostile_images as hostile
from printkit.cli import app
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.evidence import SURE
from printkit.games.fox_rabbit.record import read_record
from tests.scan.photos import photograph, played_sheet

ROOT = Path(__file__).parent.parent.parent
RECORD = ROOT / "examples/fox-and-rabbit/hard-won-sheet-only.yaml"
runner = CliRunner()


@functools.cache
def _sheet_jpeg() -> bytes:
    run = read_record(RECORD.read_text())
    values = {k: v for k, v in sf.form_values(run).items()
              if not k.startswith("score-") and k != "date"}
    return photograph(played_sheet(run.map, run.mode, values, dpi=160))


def _marks(path: Path) -> tuple[set[str], list[str]]:
    result = runner.invoke(app, ["scan", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    return {k for k, f in data["fields"].items() if f["marked"]}, data["uncertain"]


def _saved(image: Image.Image, kind: str, **options: object) -> bytes:
    buf = io.BytesIO()
    image.save(buf, kind, **options)
    return buf.getvalue()


def _grey16(image: Image.Image) -> bytes:
    grey = np.asarray(image.convert("L")).astype(np.uint16) * 257
    return bytes(cv2.imencode(".png", grey)[1])


def _turned(image: Image.Image) -> bytes:
    """A JPEG stored on its side, its EXIF orientation (6) saying to turn it upright."""
    exif = Image.Exif()
    exif[0x0112] = 6
    return _saved(image.transpose(Image.Transpose.ROTATE_90), "JPEG", quality=92, exif=exif)


FORMATS: dict[str, tuple[str, Callable[[Image.Image], bytes]]] = {
    "palette PNG, 64 colours": ("png", lambda im: _saved(im.quantize(64), "PNG")),
    "16-bit grey PNG": ("png", _grey16),
    "GIF": ("gif", lambda im: _saved(im, "GIF")),
    "WebP": ("webp", lambda im: _saved(im, "WEBP", quality=90)),
    "TIFF": ("tif", lambda im: _saved(im, "TIFF", compression="tiff_deflate")),
    "CMYK JPEG": ("jpg", lambda im: _saved(im.convert("CMYK"), "JPEG", quality=92)),
    "JPEG turned by its EXIF": ("jpg", _turned),
}

#: The classic map's trail cells printed in two colours (`fills.even_fills`).
MIX_CELLS = {"F-B2", "F-D2"}


@functools.cache
def _jpeg_marks(tmp: Path) -> tuple[set[str], list[str]]:
    jpeg = tmp / "sheet.jpg"
    jpeg.write_bytes(_sheet_jpeg())
    return _marks(jpeg)


@pytest.mark.parametrize("kind", list(FORMATS))
def test_each_format_reads_as_the_jpeg_does(tmp_path_factory, tmp_path, kind):
    marked, uncertain = _jpeg_marks(tmp_path_factory.getbasetemp())
    assert uncertain == []
    suffix, convert = FORMATS[kind]
    other = tmp_path / f"sheet.{suffix}"
    other.write_bytes(convert(Image.open(io.BytesIO(_sheet_jpeg())).convert("RGB")))
    if kind == "GIF":
        # a GIF's 256 colours, not dithered, can make the two tints of a mix cell one, which
        # the reader may then read as ink (docs/scan-measurement.md): the GIF is held to the
        # JPEG of its own colours, but for a box either reads with less than SURE confidence
        same = tmp_path / "same-colours.jpg"
        same.write_bytes(_saved(Image.open(other).convert("RGB"), "JPEG", quality=95))
        marked, uncertain = _marks(same)
        assert uncertain == []
        gif_marked, gif_uncertain = _marks(other)
        assert gif_uncertain == []
        assert gif_marked ^ marked <= _unsure(same) | _unsure(other)
        return
    other_marked, other_asked = _marks(other)
    if kind == "palette PNG, 64 colours":
        # 64 colours merge a mix cell's two tints too (0.07 of the light apart in the blank,
        # 0.014 in this copy): the cell's two fills are set level, and its dithered paper may
        # then be asked about, leaning empty; never read otherwise than in the JPEG
        assert set(other_asked) <= MIX_CELLS
        assert other_marked == marked
        return
    assert (other_marked, other_asked) == (marked, [])


def _unsure(path: Path) -> set[str]:
    data = json.loads(runner.invoke(app, ["scan", str(path), "--json"]).stdout)
    return {k for k, f in data["fields"].items() if f["confidence"] < SURE}


def _refused(path: Path, *options: str) -> str:
    """Return printkit's one line on a photo it refuses (exit status 2)."""
    result = runner.invoke(app, ["scan", str(path), *options])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("printkit: error: "), result.output
    return lines[0].removeprefix("printkit: error: ")


BOMBS: dict[str, tuple[str, Callable[[], bytes], str]] = {
    "PNG, 1-bit, 32000 × 32000, all there": ("png", lambda: hostile.png_bomb(),
                                             "32000 × 32000 pixels"),
    "PNG, grey": ("png", lambda: hostile.png_bomb(20000, 20000, "grey", whole=False),
                  "20000 × 20000 pixels"),
    "PNG, palette": ("png", lambda: hostile.png_bomb(20000, 20000, "palette", whole=False),
                     "20000 × 20000 pixels"),
    "PNG, 16-bit colour": ("png", lambda: hostile.png_bomb(12000, 12000, "rgb16", whole=False),
                           "12000 × 12000 pixels"),
    "JPEG": ("jpg", lambda: hostile.jpeg_header(), "30000 × 30000 pixels"),
    "GIF": ("gif", lambda: hostile.gif_header(), "65535 × 65535 pixels"),
    "GIF, its frame past its screen": ("gif", lambda: hostile.gif_header(1, 1, (40000, 40000)),
                                       "40000 × 40000 pixels"),
    "WebP": ("webp", lambda: hostile.webp_header(), "16383 × 16383 pixels"),
    "TIFF": ("tif", lambda: hostile.tiff_bomb(whole=False), "32000 × 32000 pixels"),
}


@pytest.mark.parametrize("kind", list(BOMBS))
def test_an_image_too_large_is_refused_from_its_header(tmp_path, kind):
    suffix, make, size = BOMBS[kind]
    path = tmp_path / f"bomb.{suffix}"
    path.write_bytes(make())
    # a colour image takes more memory to decode than a grey one, a WebP more still
    most = {"PNG, 16-bit colour": 66, "WebP": 25}.get(kind, 89)
    assert _refused(path) == (f"{path} is {size}: too large to read; printkit reads such a "
                              f"photo up to {most} megapixels (take it at a lower resolution)")


def test_a_colour_image_takes_more_memory_and_is_read_smaller(tmp_path):
    """A colour PNG is decoded at 4 bytes a pixel, and more: the most pixels it may have is
    what MAX_DECODING holds, fewer than a grey photo's."""
    path = tmp_path / "colour.png"
    path.write_bytes(hostile.png_bomb(8400, 8400, "rgb16", whole=False))
    assert _refused(path) == (f"{path} is 8400 × 8400 pixels: too large to read; printkit "
                              "reads such a photo up to 66 megapixels (take it at a lower "
                              "resolution)")


def test_a_heic_photo_is_sized_from_its_header_then_decoded(tmp_path):
    """With the pillow-heif plugin: a HEIC whose header claims 30000 × 30000 pixels is
    refused, an even grey one is decoded (and shows no sheet)."""
    pillow_heif = pytest.importorskip("pillow_heif")
    pillow_heif.register_heif_opener()
    heic = _saved(Image.new("RGB", (320, 320), (200, 200, 200)), "HEIF", quality=50)
    path = tmp_path / "even.heic"
    path.write_bytes(heic)
    assert _refused(path) == (f"{path} shows no sheet, only an even surface: photograph the "
                              "gamesheet, its four corners in view")
    at = heic.index(b"ispe") + 8    # the image's spatial extent: width, height
    path.write_bytes(heic[:at] + (30000).to_bytes(4, "big") * 2 + heic[at + 8:])
    assert _refused(path) == (f"{path} is 30000 × 30000 pixels: too large to read; printkit "
                              "reads such a photo up to 50 megapixels (take it at a lower "
                              "resolution)")


def test_a_jpeg_of_hundreds_of_scans_is_refused_before_it_is_decoded(tmp_path):
    """Each scan of a progressive JPEG is a pass over the whole image, and takes a few bytes."""
    path = tmp_path / "scans.jpg"
    path.write_bytes(hostile.jpeg_scans(400, 300, extra=120))
    assert _refused(path) == (f"{path} is a damaged JPEG image: it cannot be decoded; take the "
                              "photo again, or send the camera's own file")


def _wall(height: int = 1500, width: int = 2000) -> bytes:
    """Return a sharp photo of a bare wall: plaster's fine grain under an even light."""
    rng = np.random.default_rng(3)
    grain = cv2.GaussianBlur(rng.normal(0, 4, (height, width)).astype(np.float32), (0, 0), 1.2)
    light = np.linspace(150, 205, width, dtype=np.float32)[None, :] * \
        np.linspace(0.9, 1.0, height, dtype=np.float32)[:, None]
    wall = np.clip(light + grain, 0, 255).astype(np.uint8)
    return bytes(cv2.imencode(".jpg", wall, [cv2.IMWRITE_JPEG_QUALITY, 88])[1])


def test_a_photo_of_a_bare_wall_shows_no_sheet(tmp_path):
    path = tmp_path / "wall.jpg"
    path.write_bytes(_wall())
    assert _refused(path) == (f"{path} shows no sheet, only an even surface: photograph the "
                              "gamesheet, its four corners in view")


DAMAGED = "is a damaged PNG image: it cannot be decoded; take the photo again, or send the " \
          "camera's own file"


def test_a_damaged_image_is_refused_in_the_players_words_and_language(tmp_path):
    path = tmp_path / "garbage.png"
    path.write_bytes(hostile.png_garbage())
    assert _refused(path) == f"{path} {DAMAGED}"
    for lang in ("es", "fr"):
        said = _refused(path, "--lang", lang)
        assert said.startswith(str(path)) and DAMAGED not in said
        assert "BytesIO" not in said and "0x" not in said and "PNG" in said


def test_a_pdf_given_to_scan_is_sent_to_validate(tmp_path):
    path = tmp_path / "filled.pdf"
    path.write_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< >>\nendobj\n")
    assert _refused(path) == (f"{path} is a PDF, not a photo: check a filled PDF gamesheet "
                              f"with printkit validate {path}")


def test_validate_knows_a_large_gif_for_a_photo(tmp_path):
    """A GIF is read as a photo by its first bytes: one over 5 MB (a comment fills it) is
    not taken for an oversized record."""
    wall = Image.open(io.BytesIO(_wall())).convert("L")
    gif = bytearray(_saved(wall, "GIF"))
    comment = b"\x21\xfe" + b"\xff" + b"x" * 255
    comment = comment + comment[2:] * 24_000 + b"\x00"
    gif[-1:-1] = comment   # before the trailer
    for name in ("wall.gif", "IMG_0042"):   # named as a photo or not
        path = tmp_path / name
        path.write_bytes(bytes(gif))
        assert path.stat().st_size > 6_000_000
        result = runner.invoke(app, ["validate", str(path)])
        assert result.exit_code == 2, result.output
        assert result.output.strip() == (f"printkit: error: {path} shows no sheet, only an "
                                         "even surface: photograph the gamesheet, its four "
                                         "corners in view")


@pytest.mark.parametrize(("name", "make"), [("bomb.jpg", hostile.jpeg_header),
                                            ("garbage.png", hostile.png_garbage)])
@pytest.mark.parametrize("command", ["scan", "validate"])
def test_standard_error_holds_printkits_one_line_and_nothing_of_the_libraries(
        tmp_path, name, make, command):
    """OpenCV, libpng and libjpeg print on the process's standard error themselves: only a
    whole process shows what a player sees."""
    path = tmp_path / name
    path.write_bytes(make())
    done = subprocess.run([sys.executable, "-m", "printkit", command, str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"printkit: error: {path} "), done.stderr


def test_every_photo_given_is_read_and_each_refusal_said(tmp_path):
    """`printkit scan a.jpg wall.jpg c.jpg`: the wall does not stop the third photo."""
    first, wall, third = tmp_path / "a.jpg", tmp_path / "wall.jpg", tmp_path / "c.jpg"
    first.write_bytes(_sheet_jpeg())
    third.write_bytes(_sheet_jpeg())
    wall.write_bytes(_wall())
    result = runner.invoke(app, ["scan", str(first), str(wall), str(third)])
    assert result.exit_code == 2
    read = result.stdout.splitlines()
    assert [line.split(":")[0] for line in read] == [str(first), str(third)]
    assert all("classic map, hard mode, letter paper" in line for line in read)
    assert result.stderr.splitlines() == [
        f"printkit: error: {wall} shows no sheet, only an even surface: photograph the "
        "gamesheet, its four corners in view"]
    result = runner.invoke(app, ["scan", str(first), str(wall), str(third), "--json"])
    assert result.exit_code == 2
    entries = json.loads(result.stdout)
    assert [e["photo"] for e in entries] == [str(first), str(wall), str(third)]
    assert entries[0]["sheet"]["mode"] == entries[2]["sheet"]["mode"] == "hard"
    assert entries[1] == {"photo": str(wall), "error": f"{wall} shows no sheet, only an even "
                          "surface: photograph the gamesheet, its four corners in view",
                          "error_said": f"{wall} shows no sheet, only an even surface: "
                          "photograph the gamesheet, its four corners in view"}
