"""The bundled Lato faces as the page loads them: cut to the characters printkit prints.

The whole files are 0.6 MB each, mostly scripts the sheet never uses; the page draws the sheet
in Lato (the SVG names it), so four whole faces would be most of what a page load carries.
The cut faces are made ahead, by fontTools (`python bench/web_fonts.py`), and ship in
`fonts/web/` with the digest of what they were cut from (`INPUTS`): cutting them took 1.4 s of
CPU at every server start. Where the digest does not match (the faces or the characters
changed and the cut faces were not made again), the server cuts them itself, as before.
"""

from __future__ import annotations

import hashlib
from functools import cache

from printkit.draw.fonts import ALL_FONTS, font_bytes, subset
from printkit.resources import font_path

FILES = frozenset(f.filename for f in ALL_FONTS)
#: Latin-1 and Latin Extended-A (what the PDFs print: Zoë, Łukasz) and the signs the sheet uses.
CHARACTERS = [*range(0x20, 0x7F), *range(0xA0, 0x180), 0x2013, 0x2014, 0x2018, 0x2019, 0x201C,
              0x201D, 0x2022, 0x2026, 0x2212, 0x2264, 0x2265, 0x00D7]
#: Where the cut faces ship, beside the whole ones, and the file naming what they were cut from.
FOLDER = "web"
STAMP = "INPUTS"


def inputs_digest() -> str:
    """Return the digest of what the cut faces are made from: each whole face and the
    characters kept."""
    digest = hashlib.sha256(" ".join(f"{c:x}" for c in CHARACTERS).encode())
    for filename in sorted(FILES):
        digest.update(filename.encode())
        digest.update(font_path(filename).read_bytes())
    return digest.hexdigest()


def cut(filename: str) -> bytes:
    """Return a bundled face cut now to the characters the page shows."""
    (face,) = [f for f in ALL_FONTS if f.filename == filename]
    return font_bytes(subset(face, CHARACTERS, layout=True))


@cache
def shipped_current() -> bool:
    """Return whether fonts/web/ holds the faces cut from today's faces and characters."""
    stamp = font_path(FOLDER) / STAMP
    return stamp.is_file() and stamp.read_text(encoding="ascii").strip() == inputs_digest()


@cache
def web_font(filename: str) -> bytes:
    """Return a bundled face as a TrueType file with only the characters the page shows."""
    if shipped_current():
        return (font_path(FOLDER) / filename).read_bytes()
    return cut(filename)


def warm() -> None:
    """Have every face ready now, so the first page load does not wait for it."""
    for filename in sorted(FILES):
        web_font(filename)
