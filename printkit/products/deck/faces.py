"""The deck cards' faces: a big letter in its medallion, an index in two opposite corners.

A consonant's letter sits in a circle, a vowel's in a diamond (and a small diamond marks
it in each corner), the X's circle is a pair of arrows going round, the star and the
firecracker are drawn as vector icons. Under the medallion, a letter card shows the 7
letters it matches (ruling 2). Everything but the background stays in the safe zone.
"""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import WHITE
from printkit.draw.text import draw_fitted
from printkit.games.crazy8ix import match_window
from printkit.games.crazy8ix_deck import DeckCard
from printkit.language import ENGLISH, Lang
from printkit.products.deck import icons, style
from printkit.products.deck.geometry import CardBox
from printkit.products.deck.style import Family

LETTER_SIZE = 84.0       # the big letter, in points
INDEX_LETTER_SIZE = 26.0
INDEX_WIDTH = 29.0       # the corner index column, from the safe line
COIN_R = 8.5             # the points circle in the index
CIRCLE_R = 60.0          # a consonant's medallion
DIAMOND_R = 70.0         # a vowel's medallion (centre to point)


def draw_face(canvas: Canvas, card: DeckCard, box: CardBox, lang: Lang = ENGLISH) -> None:
    """Draw a deck card's face but its background (trim top-left at 0, 0), whatever the bleed."""
    _ = lang.gettext
    fam = style.family(card)
    w, h = box.width, box.height
    _index(canvas, card, fam, box.inner)
    with canvas.translated(w, h, 180):
        _index(canvas, card, fam, box.inner)
    cx, cy = w / 2, h * 0.43
    if card.name == "star":
        canvas.circle(cx, cy, CIRCLE_R, stroke=fam.main, fill=WHITE, width=2.5)
        icons.star(canvas, cx, cy, CIRCLE_R * 1.55, style.STAR_FILL, fam.ink)
        _captions(canvas, box, fam, (_("stands for any letter:"), _("name it as you play it")))
    elif card.name == "firecracker":
        canvas.circle(cx, cy, CIRCLE_R, stroke=fam.main, fill=WHITE, width=2.5)
        icons.firecracker(canvas, cx, cy, CIRCLE_R * 1.45, style.FIRECRACKER_BODY, fam.ink,
                          style.SPARK_FILL)
        _captions(canvas, box, fam, (_("next player draws 2"), _("and misses a turn")))
    else:
        _letter_medallion(canvas, card, fam, cx, cy)
        _match_strip(canvas, card, fam, box, lang)


def _index(canvas: Canvas, card: DeckCard, fam: Family, safe: float) -> None:
    """Draw the corner index at the top left: letter (or icon), points, and the kind's mark."""
    xi = safe + INDEX_WIDTH / 2
    if card.is_letter:
        canvas.text(xi, safe + 1 + fonts.cap_height(fonts.BLACK, INDEX_LETTER_SIZE),
                    card.name, font=fonts.BLACK, size=INDEX_LETTER_SIZE, color=fam.ink,
                    align="center")
    elif card.name == "star":
        icons.star(canvas, xi, safe + 10.5, 23, style.STAR_FILL, fam.ink)
    else:
        icons.firecracker(canvas, xi, safe + 11, 24, style.FIRECRACKER_BODY, fam.ink,
                          style.SPARK_FILL)
    coin_y = safe + 22 + 4 + COIN_R
    canvas.circle(xi, coin_y, COIN_R, stroke=fam.ink, fill=WHITE, width=0.9)
    size = 9.0 if card.points < 100 else 7.5
    canvas.text(xi, coin_y + fonts.cap_height(fonts.BOLD, size) / 2, str(card.points),
                font=fonts.BOLD, size=size, color=fam.ink, align="center")
    mark_y = coin_y + COIN_R + 9
    if card.is_vowel:
        icons.vowel_mark(canvas, xi, mark_y, 12, fam.main, fam.ink)
    elif card.is_reverse:
        icons.reverse_arrows(canvas, xi, mark_y, 15, fam.ink, 1.3)


def _letter_medallion(canvas: Canvas, card: DeckCard, fam: Family, cx: float, cy: float) -> None:
    """Draw the big letter in its circle (consonant) or diamond (vowel)."""
    if card.is_vowel:
        canvas.polygon(icons.diamond_points(cx, cy, DIAMOND_R), stroke=fam.main, fill=WHITE,
                       width=2.5)
    elif card.is_reverse:
        canvas.circle(cx, cy, CIRCLE_R - 6, stroke=None, fill=WHITE)
        icons.reverse_arrows(canvas, cx, cy, CIRCLE_R * 2 / 0.78 * 0.95, fam.main, 4.0)
    else:
        canvas.circle(cx, cy, CIRCLE_R, stroke=fam.main, fill=WHITE, width=2.5)
    size = LETTER_SIZE
    # the widest letters (M, W) shrink a little so every letter clears its medallion
    limit = (CIRCLE_R * 1.5) if not card.is_vowel else DIAMOND_R * 1.15
    width = fonts.width(card.name, fonts.BLACK, size)
    if width > limit:
        size = size * limit / width
    canvas.text(cx, cy + fonts.cap_height(fonts.BLACK, size) / 2, card.name, font=fonts.BLACK,
                size=size,
                color=fam.main, align="center")


def _match_strip(canvas: Canvas, card: DeckCard, fam: Family, box: CardBox, lang: Lang) -> None:
    """Draw the 7 letters this card matches, the card's own letter picked out."""
    _ = lang.gettext
    w, h, s = box.width, box.height, box.inner
    letters = match_window(card.name)
    cell, gap = 12.0, 1.0
    total = len(letters) * cell + (len(letters) - 1) * gap
    x0 = (w - total) / 2
    top = h - s - 34
    caption = _("reverses play · matches:") if card.is_reverse else _("matches:")
    draw_fitted(canvas, x0 - 4, top - 13, total + 8, 10, caption, fonts.REGULAR, 8.5, fam.ink,
                "center", "baseline")
    for i, letter in enumerate(letters):
        x = x0 + i * (cell + gap)
        own = letter == card.name
        canvas.rect(x, top, cell, 15, stroke=fam.ink, fill=fam.ink if own else WHITE, width=0.6,
                    radius=2)
        canvas.text(x + cell / 2, top + 11, letter, font=fonts.BOLD, size=9,
                    color=WHITE if own else fam.ink,
                    align="center")
    if card.is_vowel:
        note = _("and any vowel")
        nw = fonts.width(note, fonts.BOLD, 8.5)
        left = (w - nw - 11) / 2
        icons.vowel_mark(canvas, left + 3.5, top + 25, 9, fam.main, fam.ink)
        canvas.text(left + 11, top + 28, note, font=fonts.BOLD, size=8.5, color=fam.ink)


def _captions(canvas: Canvas, box: CardBox, fam: Family, lines: tuple[str, str]) -> None:
    """Draw the two short lines under a special card's medallion."""
    w, h, s = box.width, box.height, box.inner
    inner = w - 2 * (s + INDEX_WIDTH + 3)
    for i, line in enumerate(lines):
        draw_fitted(canvas, (w - inner) / 2, h - s - 40 + i * 12, inner, 11, line,
                    fonts.BOLD if i == 0 else fonts.REGULAR, 9, fam.ink, "center", "baseline")
