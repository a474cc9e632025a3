"""Small reference tables for rule summaries: wrapped cells, a shaded header, thin rules.

Markdown tables and the player aids' tables go through the same two steps: `lay_out`
decides column widths and row heights for a width, `draw` paints the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printkit.draw import fonts
from printkit.draw.canvas import Align, Canvas
from printkit.draw.color import INK, PAPER_TINT, RULE
from printkit.draw.richtext import Line, Run, draw_line, line_width, word_widths, wrap

PAD_X = 4.0
PAD_Y = 2.5
LEADING = 1.22

Cell = Sequence[Run]


class TableTooWide(ValueError):
    """A table whose longest words do not fit side by side in the width it was given."""


@dataclass(frozen=True)
class LaidTable:
    """A table ready to draw: its columns, rows and every cell's lines."""

    widths: tuple[float, ...]
    heights: tuple[float, ...]  # header first
    cells: tuple[tuple[tuple[Line, ...], ...], ...]  # [row][column] -> lines, header first
    align: tuple[Align, ...]
    size: float

    @property
    def width(self) -> float:
        return sum(self.widths)

    @property
    def height(self) -> float:
        return sum(self.heights)


def _bold(cell: Cell) -> list[Run]:
    return [Run(r.text, fonts.BOLD if r.font == fonts.REGULAR else r.font) for r in cell]


def lay_out(header: Sequence[Cell], rows: Sequence[Sequence[Cell]], width: float,
            size: float, align: Sequence[Align] | None = None,
            weights: Sequence[float] | None = None) -> LaidTable:
    """Return the table laid out to fill `width`, each column as wide as it needs to be.

    Columns get at least their longest word; the room left over goes where the text is
    longest (or by `weights`, when given). Raises TableTooWide when the words cannot fit.
    """
    n = len(header)
    all_rows = [list(map(_bold, header))] + [list(r) for r in rows]
    smallest = [0.0] * n
    natural = [0.0] * n
    for row in all_rows:
        for c, cell in enumerate(row):
            words = word_widths(cell, size)
            smallest[c] = max(smallest[c], max(words, default=0.0) + 2 * PAD_X)
            natural[c] = max(natural[c], line_width(tuple(cell), size) + 2 * PAD_X)
    if sum(smallest) > width + 0.01:
        raise TableTooWide(f"needs {sum(smallest):.0f} pt for its longest words, "
                           f"has {width:.0f} pt")
    if weights is not None:
        total = sum(weights)
        widths = [max(s, width * w / total) for s, w in zip(smallest, weights)]
        # columns pushed up to their smallest take their room from the others
        excess = sum(widths) - width
        flexible = [i for i in range(n) if widths[i] > smallest[i]]
        slack = sum(widths[i] - smallest[i] for i in flexible)
        for i in flexible:
            widths[i] -= excess * (widths[i] - smallest[i]) / slack if slack else 0
    elif sum(natural) <= width:
        widths = [w * width / sum(natural) for w in natural]
    else:
        spare = width - sum(smallest)
        want = [nat - s for nat, s in zip(natural, smallest)]
        widths = [s + spare * wt / sum(want) for s, wt in zip(smallest, want)]
    cells = tuple(tuple(tuple(wrap(cell, size, w - 2 * PAD_X)) for cell, w in zip(row, widths))
                  for row in all_rows)
    line_h = size * LEADING
    text_h = fonts.ascent(fonts.REGULAR, size) + fonts.descent(fonts.REGULAR, size)
    heights = tuple((max(1, *(len(lines) for lines in row)) - 1) * line_h + text_h + 2 * PAD_Y
                    for row in cells)
    return LaidTable(tuple(widths), heights, cells, tuple(align or ["left"] * n), size)


def draw(canvas: Canvas, x: float, y: float, table: LaidTable) -> None:
    """Draw a laid-out table with its top-left corner at (x, y)."""
    size = table.size
    line_h = size * LEADING
    canvas.rect(x, y, table.width, table.heights[0], stroke=None, fill=PAPER_TINT)
    ry = y
    for r, (row, h) in enumerate(zip(table.cells, table.heights)):
        cx = x
        for lines, w, align in zip(row, table.widths, table.align):
            baseline = ry + PAD_Y + fonts.ascent(fonts.REGULAR, size)
            for line in lines:
                lw = line_width(line, size)
                lx = {"left": cx + PAD_X, "center": cx + (w - lw) / 2,
                      "right": cx + w - PAD_X - lw}[align]
                draw_line(canvas, lx, baseline, line, size)
                baseline += line_h
            cx += w
        ry += h
        if r > 0 and r < len(table.heights) - 1:
            canvas.line(x, ry, x + table.width, ry, stroke=RULE, width=0.4)
    canvas.line(x, y + table.heights[0], x + table.width, y + table.heights[0], stroke=INK,
                width=0.8)
    cx = x
    for w in table.widths[:-1]:
        cx += w
        canvas.line(cx, y, cx, y + table.height, stroke=RULE, width=0.4)
    canvas.rect(x, y, table.width, table.height, stroke=INK, fill=None, width=0.8)
