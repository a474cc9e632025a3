"""Every backend paints the same picture; PDFs are print-shop grade."""

import hashlib
import xml.dom.minidom
from io import BytesIO

import pytest
from PIL import Image

from printkit.draw import fonts, pdf, png, svg
from printkit.draw.canvas import Canvas
from printkit.draw.color import Color
from printkit.draw.page import Page
from printkit.draw.paper import A4, LETTER, MM
from printkit.draw.recording import record
from tests.helpers import BASE14, page_sizes, text
from tests.helpers import fonts as pdf_fonts

RED = Color(200, 0, 0)


def _sample(canvas: Canvas) -> None:
    canvas.rect(10, 10, 100, 50, fill=RED, stroke=None)
    with canvas.translated(150, 20):
        canvas.circle(20, 20, 10, fill=RED)
    with canvas.translated(100, 150, rotate=180):
        canvas.text(0, 0, "Zoë", font=fonts.BOLD, size=14)
    canvas.text(20, 120, "Łukasz Ñúñez", font=fonts.REGULAR, size=12)


PAGE = Page(288, 216, _sample)


def test_png_has_the_asked_pixel_size_and_records_its_dpi():
    data = png.render(PAGE, dpi=300)
    image = Image.open(BytesIO(data))
    assert image.size == (1200, 900)
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert image.mode == "RGB"


def test_png_paints_shapes_where_the_canvas_put_them():
    image = Image.open(BytesIO(png.render(PAGE, dpi=72, oversample=1)))
    assert image.getpixel((60, 35)) == (200, 0, 0)  # inside the rect
    assert image.getpixel((170, 40)) == (200, 0, 0)  # the translated circle's centre
    assert image.getpixel((5, 5)) == (255, 255, 255)


def test_svg_is_well_formed_and_carries_text_and_transforms():
    data = svg.render(PAGE).decode()
    doc = xml.dom.minidom.parseString(data)
    texts = [t.firstChild.data for t in doc.getElementsByTagName("text")]
    assert texts == ["Zoë", "Łukasz Ñúñez"]
    assert "rotate(180)" in data and 'width="288pt"' in data


def test_recording_maps_a_rotated_block_to_page_coordinates():
    calls = record(PAGE).calls
    (zoe,) = [c for c in calls if c.text == "Zoë"]
    # drawn at the origin of a block turned 180° about (100, 150): it lies left of and above x=100
    assert zoe.x + zoe.w == pytest.approx(100, abs=0.01)
    assert zoe.y >= 150


def test_pdf_embeds_every_font_and_references_no_base14_font():
    found = pdf_fonts(pdf.render([PAGE], "sample"))
    assert found, "the sample draws text"
    assert all(found.values()), found
    assert not set(found) & BASE14
    assert set(found) <= {f.name for f in fonts.ALL_FONTS}


@pytest.mark.parametrize("paper, size", [(LETTER, (612, 792)), (A4, (595.28, 841.89))])
def test_pdf_page_sizes_are_exact(paper, size):
    page = Page(paper.width, paper.height, _sample)
    ((w, h),) = page_sizes(pdf.render([page], "sample"))
    assert (w, h) == pytest.approx(size, abs=0.005)


def test_a4_is_210_by_297_mm():
    assert A4.width / MM == pytest.approx(210, abs=0.01)
    assert A4.height / MM == pytest.approx(297, abs=0.01)


def test_the_same_input_gives_the_same_bytes():
    digests = {hashlib.sha256(pdf.render([PAGE], "sample")).hexdigest() for _ in range(2)}
    assert len(digests) == 1
    assert svg.render(PAGE) == svg.render(PAGE)
    assert png.render(PAGE, 150) == png.render(PAGE, 150)


def test_pdf_text_reads_back_with_accents():
    assert "Łukasz Ñúñez" in text(pdf.render([PAGE], "sample"))


def test_cmyk_pdf_uses_cmyk_colour_operators():
    import re
    import zlib

    data = pdf.render([PAGE], "sample", cmyk=True)
    streams = [zlib.decompress(m) for m in re.findall(rb"stream\r?\n(.*?)endstream", data, re.S)
               if m[:2] == b"x\x9c"]
    content = b"".join(streams)
    assert b" k" in content or b" K" in content
    assert b" rg" not in content


def test_a_page_drawn_again_renders_none_of_its_words_again(monkeypatch):
    """The photo reader draws five or six blank sheets whose words mostly repeat; FreeType's
    rendering of a piece of text was half of each picture's cost. The same text at the same
    sub-pixel start is now rendered once, and the page drawn again is the same picture."""
    from PIL import ImageFont

    rendered = []
    real = ImageFont.FreeTypeFont.getmask2

    def counted(self, text, *args, **kwargs):
        rendered.append(text)
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", counted)
    png._pil_font.cache_clear()
    first = png.render_image(PAGE, 150).tobytes()
    assert "Łukasz Ñúñez" in rendered
    rendered.clear()
    assert png.render_image(PAGE, 150).tobytes() == first
    assert rendered == []
