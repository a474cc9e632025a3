"""Fitting text into boxes: shrink to a floor, then end in an ellipsis. Never overflow."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from printkit.draw import fonts
from printkit.draw.canvas import Align, Canvas
from printkit.draw.color import INK, Color
from printkit.draw.fonts import Font

ELLIPSIS = "…"
MIN_SIZE = 8.0  # the art direction's floor for anything printed on a sheet or card

VAlign = Literal["top", "middle", "baseline"]


@dataclass(frozen=True)
class Fitted:
    """Text as it will be printed: possibly shortened, at a possibly smaller size."""

    text: str
    size: float
    width: float

    @property
    def shortened(self) -> bool:
        return self.text.endswith(ELLIPSIS)


def fit(text: str, font: Font, size: float, max_width: float, min_size: float = MIN_SIZE) -> Fitted:
    """Return `text` at the largest size from `size` down to `min_size` that fits, else shortened."""
    w = fonts.width(text, font, size)
    if w <= max_width:
        return Fitted(text, size, w)
    floor = min(min_size, size)
    shrunk = max(floor, size * max_width / w)
    # widths scale linearly with size, so one division finds the size; step down for rounding
    shrunk = int(shrunk * 4) / 4
    while shrunk > floor and fonts.width(text, font, shrunk) > max_width:
        shrunk -= 0.25
    shrunk = max(shrunk, floor)
    w = fonts.width(text, font, shrunk)
    if w <= max_width:
        return Fitted(text, shrunk, w)
    cut = len(text)
    while cut > 0:
        cut -= 1
        candidate = text[:cut].rstrip() + ELLIPSIS
        w = fonts.width(candidate, font, shrunk)
        if w <= max_width:
            return Fitted(candidate, shrunk, w)
    return Fitted("", shrunk, 0.0)


def wrap(text: str, font: Font, size: float, max_width: float) -> list[str]:
    """Return `text` broken into lines no wider than `max_width` (a long word is shortened)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            trial = f"{current} {word}" if current else word
            if fonts.width(trial, font, size) <= max_width:
                current = trial
                continue
            if current:
                lines.append(current)
            current = word if fonts.width(word, font, size) <= max_width else fit(
                word, font, size, max_width, min_size=size).text
        lines.append(current)
    return lines


def draw_fitted(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    text: str,
    font: Font = fonts.REGULAR,
    size: float = 10,
    color: Color = INK,
    align: Align = "left",
    valign: VAlign = "middle",
    pad: float = 0,
    min_size: float = MIN_SIZE,
) -> Fitted:
    """Draw `text` on one line inside the box (x, y, w, h) and return what was drawn."""
    inner = max(w - 2 * pad, 0)
    f = fit(text, font, min(size, _max_size_for_height(font, h)), inner, min_size)
    tx = {"left": x + pad, "center": x + w / 2, "right": x + w - pad}[align]
    if valign == "middle":
        ty = y + h / 2 + fonts.cap_height(font, f.size) / 2
    elif valign == "top":
        ty = y + pad + fonts.ascent(font, f.size)
    else:
        ty = y + h - pad
    canvas.text(tx, ty, f.text, font, f.size, color, align)
    return f


def _max_size_for_height(font: Font, h: float) -> float:
    """Return the largest size whose ascent plus descent fits in height h."""
    per_point = fonts.ascent(font, 1) + fonts.descent(font, 1)
    return h / per_point if per_point > 0 else h


def draw_paragraph(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    text: str,
    font: Font = fonts.REGULAR,
    size: float = 9,
    color: Color = INK,
    leading: float | None = None,
    align: Align = "left",
) -> float:
    """Draw wrapped text from top y and return the y just below the last line."""
    leading = leading or size * 1.25
    baseline = y + fonts.ascent(font, size)
    tx = {"left": x, "center": x + w / 2, "right": x + w}[align]
    for line in wrap(text, font, size, w):
        canvas.text(tx, baseline, line, font, size, color, align)
        baseline += leading
    return baseline - leading + fonts.descent(font, size)
