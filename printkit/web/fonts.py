"""The bundled Lato faces as the page loads them: cut to the characters printkit prints.

The whole files are 0.6 MB each, mostly scripts the sheet never uses; the page draws the sheet
in Lato (the SVG names it), so four whole faces would be most of what a page load carries.
Subset once per server, by fontTools (already printkit's, for the fillable PDF's form font).
"""

from __future__ import annotations

from functools import cache

from printkit.draw.fonts import ALL_FONTS, font_bytes, subset

FILES = frozenset(f.filename for f in ALL_FONTS)
#: Latin-1 and Latin Extended-A (what the PDFs print: Zoë, Łukasz) and the signs the sheet uses.
CHARACTERS = [*range(0x20, 0x7F), *range(0xA0, 0x180), 0x2013, 0x2014, 0x2018, 0x2019, 0x201C,
              0x201D, 0x2022, 0x2026, 0x2212, 0x2264, 0x2265, 0x00D7]


@cache
def web_font(filename: str) -> bytes:
    """Return a bundled face as a TrueType file with only the characters the page shows."""
    (face,) = [f for f in ALL_FONTS if f.filename == filename]
    return font_bytes(subset(face, CHARACTERS, layout=True))


def warm() -> None:
    """Cut every face now, so the first page load does not wait for it."""
    for filename in sorted(FILES):
        web_font(filename)
