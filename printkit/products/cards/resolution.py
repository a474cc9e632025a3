"""How sharp a card's pictures print: each raster picture's dots per inch at the size the
card prints it (drawn as large as fits its box, its proportions kept). SVG art has no
pixels of its own: it is drawn at the resolution of whatever it goes into."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.draw import vector_art
from printkit.draw.paper import INCH, MM
from printkit.products.cards.engine import ICON_SCALE, Drawing, picture_size


@dataclass(frozen=True)
class Printed:
    """A raster picture as a card prints it: its file, its pixels and its printed size."""

    path: str
    pixels: tuple[int, int]
    width: float   # in points
    height: float

    @property
    def dpi(self) -> float:
        return self.pixels[0] / (self.width / INCH)

    def pixels_for(self, dpi: float) -> tuple[int, int]:
        """Return the pixels the picture needs to print at `dpi`."""
        return (round(self.width / INCH * dpi + 0.499), round(self.height / INCH * dpi + 0.499))

    @property
    def size_mm(self) -> tuple[float, float]:
        return self.width / MM, self.height / MM


def printed_pictures(drawing: Drawing) -> list[Printed]:
    """Return every raster picture a side of a card prints (images, icons from files, inline
    icons), at the size it prints."""
    found: list[Printed] = []

    def add(path: str, w: float, h: float) -> None:
        if not path or vector_art.is_svg(Path(path)):
            return
        pw, ph = picture_size(path)
        scale = min(w / pw, h / ph)
        found.append(Printed(path, (pw, ph), pw * scale, ph * scale))

    for op in drawing.ops:
        if op.kind in ("image", "icon"):
            add(op.path, op.w, op.h)
        for line in op.lines:
            for piece in line:
                add(piece.path, op.size * ICON_SCALE, op.size * ICON_SCALE)
    return found
