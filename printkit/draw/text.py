"""Fitting text into boxes: shrink to a floor, then end in an ellipsis. Never overflow."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from printkit.draw import fonts, richtext
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


def fit(text: str, font: Font, size: float, max_width: float,
        min_size: float = MIN_SIZE) -> Fitted:
    """Return `text` at the largest size from `size` down to `min_size` that fits, else cut."""
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
    """Return `text` broken into lines no wider than `max_width` (richtext's wrap, one font).

    A sheet's short notes keep their lines as written: no word is moved down to keep the
    last line company (a rule summary's paragraphs do that).
    """
    return ["".join(run.text for run in line)
            for paragraph in text.split("\n")
            for line in (richtext.wrap([richtext.Run(paragraph, font)], size, max_width,
                                       min_last=1) or [()])]


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
    canvas.text(tx, ty, f.text, font=font, size=f.size, color=color, align=align)
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
    """Draw wrapped text in one font from top y and return the y just below the last line."""
    return richtext.draw_paragraph(canvas, x, y, w, [richtext.Run(text, font)], size, color,
                                   leading, align, min_last=1)


@dataclass(frozen=True)
class FittedLines:
    """Text broken into at most a few lines at one size, as it will be printed."""

    lines: tuple[str, ...]
    size: float

    @property
    def shortened(self) -> bool:
        return self.lines[-1].endswith(ELLIPSIS)


def _pieces(text: str, hyphens: bool = True) -> list[str]:
    """Return `text` cut where a line may break: after a space or a hyphen (kept with it)."""
    pieces, current = [], ""
    for i, ch in enumerate(text):
        current += ch
        if ch == " " or (hyphens and ch == "-" and 0 < i < len(text) - 1
                         and text[i + 1] != " "):
            pieces.append(current)
            current = ""
    if current:
        pieces.append(current)
    return pieces


def _break(pieces: list[str], font: Font, size: float, max_width: float) -> list[list[str]]:
    """Return the pieces set in lines greedily, each line as full as `max_width` allows."""
    lines: list[list[str]] = []
    current: list[str] = []
    for piece in pieces:
        if current and fonts.width("".join(current + [piece]).rstrip(), font, size) > max_width:
            lines.append(current)
            current = [piece]
        else:
            current.append(piece)
    if current:
        lines.append(current)
    return lines


def _block_height(font: Font, size: float, lines: int, leading: float) -> float:
    return (lines - 1) * size * leading + fonts.ascent(font, size) + fonts.descent(font, size)


def split_words(text: str, font: Font, size: float, max_width: float) -> list[str] | None:
    """Return `text` in lines no wider than `max_width`, breaking at spaces and hyphens and,
    for a word wider than a line, inside the word with a hyphen; None if a letter is wider."""
    lines: list[str] = []
    current = ""

    def fits(line: str) -> bool:
        return fonts.width(line, font, size) <= max_width

    for piece in _pieces(text):
        if fits((current + piece).rstrip()):
            current += piece
            continue
        if current:
            lines.append(current.rstrip())
            current = ""
        while not fits(piece.rstrip()):
            cut = len(piece) - 1
            while cut > 1 and not fits(piece[:cut] + "-"):
                cut -= 1
            if cut <= 1:
                return None
            head = piece[:cut]
            lines.append(head if head.endswith("-") else head + "-")
            piece = piece[cut:]
        current = piece
    if current.strip():
        lines.append(current.rstrip())
    return lines


def fit_lines(text: str, font: Font, size: float, max_width: float, max_height: float,
              min_size: float = MIN_SIZE, leading: float = 1.1, max_lines: int = 3
              ) -> FittedLines:
    """Return `text` on as few lines as fit (broken at spaces and hyphens) before it shrinks.

    Each size from `size` down to `min_size` is tried on one line, then on two, and so on
    up to `max_lines` as the height allows; then, at the floor, with words too long for a
    line broken inside (a hyphen ends the line). Text that fits nowhere is set at the floor
    on as many lines as fit, its last line ending in "…" (`shortened`): a product checks
    that before it prints.
    """
    pieces = _pieces(text)
    floor = min(min_size, size)
    s = size
    while True:
        # a hyphenated name breaks at its hyphen only when its spaces are not enough
        for cuts in (_pieces(text, hyphens=False), pieces):
            lines = ["".join(line).rstrip() for line in _break(cuts, font, s, max_width)]
            if (len(lines) <= max_lines
                    and all(fonts.width(line, font, s) <= max_width for line in lines)
                    and _block_height(font, s, len(lines), leading) <= max_height):
                return FittedLines(tuple(lines), s)
        if s <= floor:
            break
        s = max(floor, s - 0.25)
    room = max_lines
    while room > 1 and _block_height(font, floor, room, leading) > max_height:
        room -= 1
    # a word too long for the width (a long surname in a narrow column) is broken inside, a
    # hyphen ending the line, before anything is cut
    split = split_words(text, font, floor, max_width)
    if split is not None and len(split) <= room:
        return FittedLines(tuple(split), floor)
    room = min(room, len(lines))
    broken = _break(pieces, font, floor, max_width)
    kept = ["".join(line).rstrip() for line in broken[:room - 1]]
    rest = "".join(piece for line in broken[room - 1:] for piece in line).strip()
    return FittedLines(tuple(fit(line, font, floor, max_width, floor).text
                             for line in (*kept, rest)), floor)


def fit_box(w: float, h: float, text: str, font: Font = fonts.REGULAR, size: float = 10,
            pad: float = 0, min_size: float = MIN_SIZE, leading: float = 1.1,
            max_lines: int = 3) -> FittedLines:
    """Return `text` as `draw_lines_fitted` sets it in a w × h box."""
    inner_w, inner_h = max(w - 2 * pad, 0), max(h - 2 * pad, 0)
    return fit_lines(text, font, min(size, _max_size_for_height(font, inner_h)), inner_w,
                     inner_h, min_size, leading, max_lines)


def draw_lines_fitted(canvas: Canvas, x: float, y: float, w: float, h: float, text: str,
                      font: Font = fonts.REGULAR, size: float = 10, color: Color = INK,
                      align: Align = "left", pad: float = 0, min_size: float = MIN_SIZE,
                      leading: float = 1.1, max_lines: int = 3) -> FittedLines:
    """Draw `text` in the box (x, y, w, h) on as few lines as fit, centred top to bottom."""
    f = fit_box(w, h, text, font, size, pad, min_size, leading, max_lines)
    block = (len(f.lines) - 1) * f.size * leading + fonts.cap_height(font, f.size)
    baseline = y + (h - block) / 2 + fonts.cap_height(font, f.size)
    tx = {"left": x + pad, "center": x + w / 2, "right": x + w - pad}[align]
    for line in f.lines:
        canvas.text(tx, baseline, line, font=font, size=f.size, color=color, align=align)
        baseline += f.size * leading
    return f
