"""Paper sizes, in points."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.errors import PrintkitError
from printkit.message import quoted

MM = 72 / 25.4
INCH = 72.0


@dataclass(frozen=True)
class Paper:
    """A sheet of paper: its id, its name as printed in footers, and its size in points."""

    id: str
    label: str
    width: float
    height: float

    @property
    def landscape(self) -> tuple[float, float]:
        return (self.height, self.width)


LETTER = Paper("letter", "Letter 8.5 × 11 in", 612.0, 792.0)
A4 = Paper("a4", "A4 210 × 297 mm", round(210 * MM, 2), round(297 * MM, 2))
PAPERS = {p.id: p for p in (LETTER, A4)}


def paper(name: str) -> Paper:
    """Return the paper called `name` (case-insensitive), or say which names exist."""
    found = PAPERS.get(name.strip().lower())
    if found is None:
        raise PrintkitError(f"unknown paper size {quoted(name)}: expected one of "
                            f"{', '.join(PAPERS)}")
    return found
