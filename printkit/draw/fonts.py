"""The bundled font family, and the one source of text metrics every backend shares."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from printkit.characters import characters_named, code_points, invisible_characters
from printkit.errors import PrintkitError
from printkit.message import quoted
from printkit.resources import font_path

FAMILY = "Lato"


@dataclass(frozen=True)
class Font:
    """A bundled font face: its PostScript-style name and its file."""

    name: str
    filename: str
    weight: str = "normal"
    style: str = "normal"

    def __repr__(self) -> str:
        return f"Font({self.name!r})"


REGULAR = Font("Lato-Regular", "Lato-Regular.ttf")
BOLD = Font("Lato-Bold", "Lato-Bold.ttf", weight="bold")
ITALIC = Font("Lato-Italic", "Lato-Italic.ttf", style="italic")
BLACK = Font("Lato-Black", "Lato-Black.ttf", weight="900")
ALL_FONTS = (REGULAR, BOLD, ITALIC, BLACK)


def subset_tag(face: str, n: int) -> bytes:
    """Return the six capitals that name subset n of a face in a PDF ("QWMTRB+Lato-Bold"):
    drawn from the face's name, so each font of a file has its own, the same every time."""
    digest = hashlib.sha256(f"{face} {n}".encode()).digest()
    return bytes(65 + b % 26 for b in digest[:6])


class _TaggedTTFont(TTFont):  # type: ignore[misc]
    """A TrueType font whose subsets carry tags of their own (reportlab names the first
    subset of every font AAAAAA+, which print shops' checks flag as a clash)."""

    def addObjects(self, doc: Any) -> None:
        face = self.face.name.decode("latin-1") if isinstance(self.face.name, bytes) else str(
            self.face.name)
        original = ttfonts.SUBSETN
        ttfonts.SUBSETN = lambda n: subset_tag(face, n)
        try:
            super().addObjects(doc)
        finally:
            ttfonts.SUBSETN = original


@cache
def _tt(font: Font) -> TTFont:
    path = font_path(font.filename)
    if not path.is_file():
        raise PrintkitError(f"the bundled font file {path} is missing")
    try:
        if font not in ALL_FONTS:
            _check_licence(str(path))
        with open(path, "rb") as file:
            postscript = file.read(4) == b"OTTO"
        # reportlab embeds TrueType outlines only: PostScript ones are given it as TrueType
        source: str | io.BytesIO = (io.BytesIO(_as_truetype(str(path))) if postscript
                                    else str(path))
        tt = _TaggedTTFont(font.name, source)
    except (ttfonts.TTFError, OSError, ValueError, KeyError, AssertionError, TypeError) as err:
        raise PrintkitError(str(err) or type(err).__name__) from None
    pdfmetrics.registerFont(tt)
    return tt


def _check_licence(path: str) -> None:
    """Raise a ValueError if a font's licence forbids embedding it in a document (its OS/2
    fsType: restricted licence embedding, or bitmap embedding only). reportlab refuses such
    a font only past 255 glyphs."""
    import logging

    from fontTools.ttLib import TTFont as FontFile

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # its notes are not the player's
    found = FontFile(path, lazy=True)
    fs_type = found["OS/2"].fsType if "OS/2" in found else 0
    if fs_type & 0x000F == 0x0002 or fs_type & 0x0200:
        raise ValueError(f"its licence forbids embedding it in a document (OS/2 fsType "
                         f"{fs_type:#06x})")


@cache
def _as_truetype(path: str) -> bytes:
    """Return an OpenType font with PostScript (CFF) outlines as the same font with TrueType
    outlines: each curve turned quadratic within a unit of its em (fontTools' cu2qu, as its
    otf2ttf does), every other table kept, the licence's embedding bits included."""
    import logging

    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as FontFile
    from fontTools.ttLib import newTable

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # its notes are not the player's
    found = FontFile(path, recalcTimestamp=False)
    if "CFF " not in found:
        raise ValueError("an OpenType font with PostScript outlines needs its CFF table "
                         "(CFF2, a variable font's, is not read)")
    order = found.getGlyphOrder()
    shapes = found.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(shapes)
        shapes[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    found["loca"] = newTable("loca")
    found["glyf"] = glyf
    del found["CFF "]
    if "VORG" in found:
        del found["VORG"]
    glyf.compile(found)
    metrics = found["hmtx"]
    for name, glyph in glyf.glyphs.items():
        if hasattr(glyph, "xMin"):
            metrics[name] = (metrics[name][0], glyph.xMin)
    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones, maxp.maxTwilightPoints, maxp.maxStorage = 1, 0, 0
    maxp.maxFunctionDefs = maxp.maxInstructionDefs = maxp.maxStackElements = 0
    maxp.maxSizeOfInstructions = 0
    maxp.maxComponentElements = max((len(getattr(g, "components", []) or [])
                                     for g in glyf.glyphs.values()), default=0)
    found["maxp"] = maxp
    post = found["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    found.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    found.save(out)
    return out.getvalue()


def register(font: Font) -> str:
    """Register the font with reportlab (once) and return its name."""
    _tt(font)
    return font.name


_WIDTH: dict[str, Callable[[str, float], float]] = {}  # by font name: the hottest call in layout


def width(text: str, font: Font, size: float) -> float:
    """Return the advance width of `text` in points."""
    measure = _WIDTH.get(font.name)
    if measure is None:
        measure = _WIDTH[font.name] = _tt(font).stringWidth
    return float(measure(text, size))


def ascent(font: Font, size: float) -> float:
    """Return how far capitals and ascenders rise above the baseline, in points."""
    return float(_tt(font).face.ascent) * size / 1000


def descent(font: Font, size: float) -> float:
    """Return how far descenders fall below the baseline, in points (positive)."""
    return -float(_tt(font).face.descent) * size / 1000


def cap_height(font: Font, size: float) -> float:
    """Return the height of a capital letter, in points (for centring text)."""
    face = _tt(font).face
    cap = getattr(face, "capHeight", 0) or 0.72 * face.ascent
    return float(cap) * size / 1000


@cache
def _code_points(font: Font) -> frozenset[int]:
    return frozenset(_tt(font).face.charToGlyph)


def missing_characters(text: str, font: Font = REGULAR) -> list[str]:
    """Return the characters of `text` the font has no glyph for (spaces excepted)."""
    glyphs = _code_points(font)
    return sorted(ch for ch in set(text) if not ch.isspace() and ord(ch) not in glyphs)


def check_printable(text: str, what: str, font: Font = REGULAR) -> None:
    """Raise a PrintkitError naming any character of `text` the bundled font cannot print
    (or that prints as nothing: a control or separator character)."""
    hidden = invisible_characters(text)
    if hidden:
        raise PrintkitError(f"{what} {quoted(text)} has {code_points(hidden)}, which would not "
                            "print")
    missing = missing_characters(text, font)
    if missing:
        shown = characters_named(missing)
        raise PrintkitError(
            f"{what} {quoted(text)} has {shown}, which the bundled {FAMILY} font cannot print"
        )


def subset(font: Font, unicodes: Iterable[int], layout: bool) -> Any:
    """Return a bundled face cut to `unicodes`, as a fontTools font (with its licence names).

    `layout` keeps kerning and ligatures (a browser sets text with them); without it, the
    layout tables and hinting go too (a PDF form's text is set glyph by glyph). fontTools
    is imported here: only the fillable gamesheet and the web page cut fonts.
    """
    import logging

    from fontTools import subset as cut
    from fontTools.ttLib import TTFont as FontFile

    logging.getLogger("fontTools").setLevel(logging.ERROR)  # its notes are not the player's
    found = FontFile(str(font_path(font.filename)), recalcTimestamp=False)
    options = cut.Options()
    options.name_IDs = ["*"]   # the licence and names travel with the font
    if layout:
        options.layout_features = ["kern", "liga"]
    else:
        options.layout_features = []
        options.drop_tables += ["GPOS", "GSUB", "GDEF", "kern"]
        options.hinting = False
        options.notdef_outline = True
    subsetter = cut.Subsetter(options)
    subsetter.populate(unicodes=list(unicodes))
    subsetter.subset(found)
    return found


def font_bytes(found: Any) -> bytes:
    """Return a fontTools font as the bytes of its TrueType file."""
    out = io.BytesIO()
    found.save(out)
    return out.getvalue()
