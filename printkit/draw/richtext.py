"""Text in mixed weights (regular, bold, italic) wrapped to a width and drawn line by line.

`draw/text.py` fits one font; a rule summary's sentence mixes them ("roll the **black**
die"). A line is kept as segments of one font each, spaces included, so the widths
measured here are exactly the advances the backends paint, and a PDF reader gets whole
phrases back rather than one word per string.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printkit.draw import fonts
from printkit.draw.canvas import Align, Canvas
from printkit.draw.color import INK, Color
from printkit.draw.fonts import Font


@dataclass(frozen=True)
class Run:
    """A stretch of text in one font."""

    text: str
    font: Font = fonts.REGULAR


Line = tuple[Run, ...]


def _words(runs: Sequence[Run]) -> list[list[Run]]:
    """Return the words of `runs`; a word may change font midway ("**BIG #1**s")."""
    words: list[list[Run]] = [[]]
    for run in runs:
        parts = run.text.replace("\n", " ").split(" ")
        for i, part in enumerate(parts):
            if i > 0 and words[-1]:
                words.append([])
            if part:
                words[-1].append(Run(part, run.font))
    return [w for w in words if w]


def _join(line_words: Sequence[Sequence[Run]]) -> Line:
    """Return the words as segments of one font each, a space after every word but the last."""
    segments: list[Run] = []
    for i, word in enumerate(line_words):
        for j, run in enumerate(word):
            text = run.text + (" " if j == len(word) - 1 and i < len(line_words) - 1 else "")
            if segments and segments[-1].font == run.font:
                segments[-1] = Run(segments[-1].text + text, run.font)
            else:
                segments.append(Run(text, run.font))
    return tuple(segments)


def line_width(line: Line, size: float) -> float:
    """Return the advance width of a line, in points."""
    return sum(fonts.width(r.text, r.font, size) for r in line)


def word_widths(runs: Sequence[Run], size: float) -> list[float]:
    """Return the width of every word: the narrowest a column holding `runs` may be."""
    return [line_width(tuple(word), size) for word in _words(runs)]


def wrap(runs: Sequence[Run], size: float, max_width: float,
         max_lines: int | None = None, min_last: int = 2) -> list[Line]:
    """Return `runs` broken into lines no wider than `max_width`.

    A word wider than the width is broken between two letters, on as many lines as it takes
    (a table, which must not break its words, checks `word_widths` first). With `max_lines`,
    wrapping stops once that many lines are full: the caller only wants to know it is too long.
    A paragraph's last line keeps at least `min_last` words where the line above can give
    them and they fit: a word left alone on the last line reads as a stray.
    """
    lines: list[list[list[Run]]] = []
    current: list[list[Run]] = []
    width = 0.0
    # widths add up (the fonts are set without kerning), so a line is measured word by word:
    # each word, plus the space that follows the previous word, in that word's last font
    for word in _words(runs):
        if max_lines is not None and len(lines) >= max_lines:
            return [_join(line) for line in lines]
        word_w = line_width(tuple(word), size)
        if word_w > max_width:
            if current:
                lines.append(current)
            *whole, word = _break_word(word, size, max_width)
            lines.extend([piece] for piece in whole)
            current, width = [word], line_width(tuple(word), size)
            continue
        if not current:
            current, width = [word], word_w
            continue
        grown = width + fonts.width(" ", current[-1][-1].font, size) + word_w
        if grown > max_width:
            lines.append(current)
            current, width = [word], word_w
        else:
            current.append(word)
            width = grown
    if current:
        lines.append(current)
    if len(lines) >= 2:
        _keep_company(lines, size, max_width, min_last)
    return [_join(line) for line in lines]


def _keep_company(lines: list[list[list[Run]]], size: float, max_width: float,
                  min_last: int) -> None:
    """Move words down from the line above until the last line has `min_last` of them."""
    above, last = lines[-2], lines[-1]
    while len(last) < min_last and len(above) > min_last:
        trial = [above[-1], *last]
        if line_width(_join(trial), size) > max_width:
            return
        last.insert(0, above.pop())


def _break_word(word: Sequence[Run], size: float, max_width: float) -> list[list[Run]]:
    """Return a word too wide for a line cut into pieces that fit, letter by letter."""
    pieces: list[list[Run]] = [[]]
    width = 0.0
    for run in word:
        start = 0
        for i, ch in enumerate(run.text):
            w = fonts.width(ch, run.font, size)
            if width + w > max_width and (i > start or pieces[-1]):
                if i > start:
                    pieces[-1].append(Run(run.text[start:i], run.font))
                pieces.append([])
                start, width = i, 0.0
            width += w
        pieces[-1].append(Run(run.text[start:], run.font))
    return pieces


def draw_line(canvas: Canvas, x: float, baseline: float, line: Line, size: float,
              color: Color = INK) -> float:
    """Draw one line from x at `baseline` and return the x where it ends."""
    for run in line:
        canvas.text(x, baseline, run.text, font=run.font, size=size, color=color)
        x += fonts.width(run.text, run.font, size)
    return x


def draw_paragraph(canvas: Canvas, x: float, y: float, w: float, runs: Sequence[Run],
                   size: float, color: Color = INK, leading: float | None = None,
                   align: Align = "left", min_last: int = 2) -> float:
    """Draw `runs` wrapped to width w from top y; return the y just below the last line.

    The one paragraph painter: one font (`draw/text.py`) or several (a rule summary's aids).
    """
    leading = leading or size * 1.25
    first = runs[0].font if runs else fonts.REGULAR
    baseline = y + fonts.ascent(first, size)
    for line in wrap(runs, size, w, min_last=min_last):
        lw = line_width(line, size)
        lx = {"left": x, "center": x + (w - lw) / 2, "right": x + w - lw}[align]
        draw_line(canvas, lx, baseline, line, size, color)
        baseline += leading
    return baseline - leading + fonts.descent(first, size)

