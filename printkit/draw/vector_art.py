"""SVG artwork placed on a card: drawn to pixels by resvg (resvg-py), a Rust renderer with
no system library to install, for the PDF and PNG backends; the SVG backend embeds the
file itself. resvg-py is one of printkit's dependencies; where it cannot be imported (a
platform without its wheel), an SVG image is refused with a line saying what to install.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

PRINT_DPI = 600  # an SVG drawn into a PDF: as sharp as a print shop's press


def available() -> bool:
    """Return whether SVG artwork can be drawn to pixels here."""
    try:
        import resvg_py  # noqa: F401
    except ImportError:
        return False
    return True


@lru_cache(maxsize=64)
def to_png(path: str, width: int, height: int) -> bytes:
    """Return the SVG file at `path` drawn to a PNG `width` × `height` pixels (at most)."""
    import resvg_py

    data: bytes = bytes(resvg_py.svg_to_bytes(svg_path=path, width=max(1, width),
                                              height=max(1, height), skip_system_fonts=True))
    return data


@lru_cache(maxsize=64)
def natural_size(path: str) -> tuple[int, int]:
    """Return the size an SVG file gives itself, in pixels; raise ValueError if it is not one."""
    import resvg_py
    from PIL import Image

    data = bytes(resvg_py.svg_to_bytes(svg_path=path, skip_system_fonts=True))
    with Image.open(io.BytesIO(data)) as picture:
        size: tuple[int, int] = picture.size
        return size


def is_svg(path: Path) -> bool:
    return path.suffix.lower() == ".svg"
