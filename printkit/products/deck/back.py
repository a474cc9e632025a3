"""The card back every card shares: the same either way up.

The back is drawn as one half and the same half turned half a circle about the card's
centre, so it is symmetric by construction; the middle is an 8-pointed star, which is
symmetric on its own. A dealt card therefore never shows which way up its face is.
"""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import WHITE
from printkit.draw.text import fit
from printkit.products.deck import icons, style
from printkit.products.deck.geometry import CardBox

_FAM = style.BACK


def draw_back(canvas: Canvas, title: str, box: CardBox) -> None:
    """Draw the back but its background in `box`, with `title` written once each way up."""
    w, h = box.width, box.height
    inset = box.inner + 1.0  # the frame's stroke (1.6 pt wide) stays inside the inner line
    canvas.rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=_FAM.main, fill=None, width=1.6,
                radius=8)
    canvas.rect(inset + 4, inset + 4, w - 2 * inset - 8, h - 2 * inset - 8, stroke=_FAM.main,
                fill=None,
                width=0.6, radius=5)
    cx, cy = w / 2, h / 2
    for turn in (0, 180):
        with canvas.translated(cx, cy, turn):
            _half(canvas, w, h, inset + 4, title)
    # the middle: a ring of 26 dots (one per letter) round an 8-pointed star
    canvas.circle(cx, cy, 46, stroke=_FAM.main, fill=WHITE, width=2.2)
    icons.ring_of_dots(canvas, cx, cy, 39, 26, 1.6, _FAM.main)
    canvas.polygon(icons.star_points(cx, cy, 31, 0.55, spikes=8), stroke=_FAM.ink, fill=_FAM.fill,
                   width=1.2)
    canvas.circle(cx, cy, 11, stroke=_FAM.ink, fill=WHITE, width=1.2)
    icons.vowel_mark(canvas, cx, cy, 11, _FAM.main)


def _half(canvas: Canvas, w: float, h: float, inset: float, title: str) -> None:
    """Draw the top half of the back around the card's centre (0, 0)."""
    top = -h / 2 + inset
    inner = w - 2 * inset - 24
    fitted = fit(title.upper(), fonts.BLACK, 20, inner)
    canvas.text(0, top + 17 + fonts.cap_height(fonts.BLACK, fitted.size) / 2, fitted.text,
                font=fonts.BLACK, size=fitted.size, color=_FAM.ink, align="center")
    for side in (-1, 1):
        icons.star(canvas, side * (w / 2 - inset - 12), top + 13, 11, WHITE, _FAM.main)
    # a row of diamonds, one per vowel, between the title and the middle
    y = top + 42
    for i in range(6):
        x = (i - 2.5) * 16
        icons.vowel_mark(canvas, x, y, 9, WHITE if i % 2 else _FAM.main, _FAM.main)
