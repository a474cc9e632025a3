"""A deck of one's own with art, as DriveThruCards' PDF/X-1a file: read back as a prepress
check would (poppler's pdfimages, qpdf, the file's own objects) and looked at in pixels."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from typer.testing import CliRunner

from printkit.cli import app
from printkit.draw.color import Color
from tests.helpers import reader

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "decks"
needs_poppler = pytest.mark.skipif(shutil.which("pdfimages") is None,
                                   reason="poppler-utils (pdfimages, pdftoppm) is not installed")
needs_qpdf = pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")


def dtc(data: Path, layout: Path, out: Path, *more: str) -> tuple[Path, str]:
    result = runner.invoke(app, ["deck", "--data", str(data), "--layout", str(layout),
                                 "--printer", "drivethrucards", "-o", str(out), *more])
    assert result.exit_code == 0, result.stderr
    (pdf,) = out.glob("*-drivethrucards/*.pdf")
    return pdf, result.stderr


def images(pdf: Path) -> list[tuple[str, str]]:
    """Return (type, colour space) of every image pdfimages finds, as a print shop's check
    lists them: a soft mask is listed as an image of its own, of type smask."""
    listed = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True,
                            check=True).stdout.splitlines()[2:]
    return [(line.split()[2], line.split()[5]) for line in listed]


def pdfx_problems(pdf: Path) -> list[str]:
    """Return what keeps a file from being PDF/X-1a as the built-in deck's is: RGB, soft
    masks, transparency (alpha, blend modes, groups), fonts not embedded, qpdf's errors."""
    problems = []
    data = pdf.read_bytes()
    if not data.startswith(b"%PDF-1.3"):
        problems.append("not PDF 1.3")
    for kind, space in images(pdf):
        if kind != "image" or space != "cmyk":
            problems.append(f"{kind} in {space}")
    for bad in (rb"/DeviceRGB", rb"/SMask", rb"/CA ", rb"/ca ", rb"/BM ", rb"/S /Transparency"):
        if re.search(bad, data):
            problems.append(bad.decode())
    doc = reader(pdf)
    if doc.trailer["/Info"].get_object().get("/GTS_PDFXConformance") != "PDF/X-1a:2001":
        problems.append("no PDF/X-1a:2001 key")

    def walk(resources: object, where: str) -> None:
        res = resources.get_object() if hasattr(resources, "get_object") else resources
        if "/ExtGState" in res:  # type: ignore[operator]
            problems.append(f"ExtGState on {where}")
        for ref in (res.get("/Font") or {}).values():  # type: ignore[union-attr]
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            if descriptor is None or not any(k in descriptor.get_object() for k in (
                    "/FontFile", "/FontFile2", "/FontFile3")):
                problems.append(f"font {font.get('/BaseFont')} not embedded")
        for ref in (res.get("/XObject") or {}).values():  # type: ignore[union-attr]
            xobject = ref.get_object()
            if "/Group" in xobject:
                problems.append(f"transparency group in {where}")
            if xobject.get("/Subtype") == "/Form":
                walk(xobject.get("/Resources") or {}, f"a form of {where}")
                if re.search(rb"\s(rg|RG|scn|SCN)\n", xobject.get_data()):
                    problems.append(f"RGB colour in a form of {where}")

    for number, page in enumerate(doc.pages, start=1):
        walk(page.get("/Resources") or {}, f"page {number}")
        if re.search(rb"\s(rg|RG|scn|SCN)\n", page.get_contents().get_data()):
            problems.append(f"RGB colour on page {number}")
    if shutil.which("qpdf"):
        checked = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
        if checked.returncode != 0 or "No syntax or stream encoding errors" not in checked.stdout:
            problems.append(f"qpdf: {checked.stdout.strip()[-200:]}")
    return sorted(set(problems))


@needs_poppler
@needs_qpdf
@pytest.mark.parametrize("name", sorted(p.parent.name for p in EXAMPLES.glob("*/card.toml")))
def test_every_example_decks_drivethrucards_file_is_pdf_x1a(tmp_path: Path, name: str) -> None:
    """PNG and SVG art (the action deck has 114 RGB pictures with soft masks as they come)
    are CMYK in the file, flattened where they are seen through."""
    pdf, _ = dtc(EXAMPLES / name / "cards.csv", EXAMPLES / name / "card.toml", tmp_path)
    assert pdfx_problems(pdf) == []


ART_LAYOUT = """
[card]
title = "Art Deck"
back = "plain"

[elements.band]
kind = "rect"
x = 0
y = "20mm"
width = "100%"
height = "20mm"
fill = "#c00000"

[elements.glass]
kind = "image"
file = "art/glass.png"
x = "10mm"
y = "10mm"
width = "40mm"
height = "40mm"

[elements.gem]
kind = "image"
file = "art/gem.svg"
x = "10mm"
y = "55mm"
width = "20mm"
height = "20mm"

[elements.photo]
kind = "image"
file = "art/photo.jpg"
x = "35mm"
y = "55mm"
width = "20mm"
height = "20mm"

[elements.veil]
kind = "rect"
x = "35mm"
y = "55mm"
width = "20mm"
height = "10mm"
fill = "#ffffff"
opacity = 0.5

[elements.name]
kind = "text"
text = "{name}"
x = "5mm"
y = "80mm"
width = "50mm"
height = "6mm"
opacity = 0.6

[backs.plain]
background = "#203040"
"""

GEM = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
<circle cx="50" cy="50" r="45" fill="#0000ff" fill-opacity="0.5"/></svg>"""


def art_deck(folder: Path, glass_px: int = 945) -> tuple[Path, Path]:
    """A deck whose art is a 600-DPI PNG half seen through (a blue disc over a red band), an
    SVG with transparency, an opaque JPEG, a white rectangle at half opacity over it, and a
    name at 60 %."""
    art = folder / "art"
    art.mkdir(parents=True)
    glass = Image.new("RGBA", (glass_px, glass_px), (0, 0, 0, 0))
    ImageDraw.Draw(glass).ellipse((0, 0, glass_px - 1, glass_px - 1), fill=(0, 0, 255, 128))
    glass.save(art / "glass.png")
    (art / "gem.svg").write_text(GEM)
    Image.new("RGB", (240, 240), (0, 160, 0)).save(art / "photo.jpg", quality=95)
    (folder / "cards.csv").write_text("name,copies\nOne,2\nTwo,1\n")
    (folder / "card.toml").write_text(ART_LAYOUT)
    return folder / "cards.csv", folder / "card.toml"


def _inks(pdf: Path, page: int, dpi: int = 60) -> Image.Image:
    """Return a page as a press would ink it: poppler's CMYK rendering, channel by channel."""
    stem = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-jpegcmyk", "-jpegopt", "quality=100", "-f",
                    str(page), "-l", str(page), "-singlefile", str(pdf), str(stem)], check=True)
    return Image.open(f"{stem}.jpg")


@needs_poppler
@needs_qpdf
def test_art_seen_through_is_flattened_over_what_lies_below(tmp_path: Path) -> None:
    data, layout = art_deck(tmp_path / "deck")
    pdf, warned = dtc(data, layout, tmp_path / "out")
    assert pdfx_problems(pdf) == []
    assert "warning" not in warned  # 945 px over 40 mm is 600 DPI
    face = _inks(pdf, 2)  # back, then front
    bleed = 0.125 * 60    # DriveThruCards' bleed, in pixels at 60 DPI

    def inks(mm_x: float, mm_y: float, rgb: tuple[float, float, float]) -> None:
        """Check the inks at a point of the card are those of the colour `rgb` would show
        with real transparency."""
        found = face.getpixel((round(bleed + mm_x / 25.4 * 60), round(bleed + mm_y / 25.4 * 60)))
        want = [round(v * 255) for v in Color(*(round(c) for c in rgb)).cmyk01]
        assert all(abs(a - b) <= 4 for a, b in zip(found, want)), (mm_x, mm_y, found, want)

    def over(top: tuple[int, int, int], alpha: float, below: tuple[int, int, int]
             ) -> tuple[float, float, float]:
        return tuple(t * alpha + b * (1 - alpha) for t, b in zip(top, below))  # type: ignore

    half = 128 / 255
    inks(30, 30, over((0, 0, 255), half, (192, 0, 0)))    # the PNG's blue disc over the band
    inks(30, 15, over((0, 0, 255), half, (255, 255, 255)))  # and over white card
    inks(3, 30, (192, 0, 0))                               # the band beside it
    inks(20, 65, over((0, 0, 255), 0.5, (255, 255, 255)))  # the SVG's disc, half seen through
    inks(45, 58, over((255, 255, 255), 0.5, (0, 160, 0)))  # half-white over the photo
    inks(45, 72, (0, 160, 0))                              # the photo alone


def test_the_cmyk_of_a_picture_is_the_cmyk_of_the_same_colour_filled() -> None:
    """One conversion for pictures and for every colour printkit fills, so a picture's
    colour prints with the inks of the same colour in the layout."""
    from printkit.draw.flatten import cmyk

    for code in ("#8c2f14", "#ffffff", "#000000", "#808080", "#1f4f7a", "#f4ead8"):
        colour = Color.hex(code)
        picture = cmyk(Image.new("RGB", (2, 2), (colour.r, colour.g, colour.b)))
        assert picture.mode == "CMYK"
        inks = [v / 255 for v in picture.getpixel((0, 0))]
        assert all(abs(a - b) <= 1 / 255 for a, b in zip(inks, colour.cmyk01)), code


def test_a_picture_below_300_dpi_is_warned_of_with_the_pixels_it_needs(tmp_path: Path) -> None:
    data, layout = art_deck(tmp_path / "deck", glass_px=236)  # 150 DPI over 40 mm
    result = runner.invoke(app, ["deck", "--data", str(data), "--layout", str(layout),
                                 "--printer", "drivethrucards", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0
    lines = [line for line in result.stderr.splitlines() if "warning" in line]
    assert lines == ["printkit: warning: art/glass.png prints at 150 DPI on One (236 × 236 px "
                     "printed 40.0 × 40.0 mm); printers ask for 300 DPI or more: give it "
                     "473 × 473 px"]
    # the SVG (vector) and the photo (240 px over 20 mm: 305 DPI) are not warned of
    svg = runner.invoke(app, ["deck", "--data", str(data), "--layout", str(layout),
                              "--format", "svg", "-o", str(tmp_path / "svg")])
    assert svg.exit_code == 0 and "warning" not in svg.stderr  # an SVG card is not printed
