"""The 4 help cards, laid out on the table: which letters match, vowels, specials, points.

Each card carries a dark title band (its letter and heading), so it is never taken for a
deck card, and one topic only, so its text stays at a size that is read across a table.
The words are printkit's own; the facts come from the rules module and RULINGS.md.
"""

from __future__ import annotations

from collections.abc import Callable

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import WHITE
from printkit.draw.text import MIN_SIZE, draw_fitted, draw_paragraph, wrap
from printkit.games import crazy8ix as rules
from printkit.games.crazy8ix_deck import HelpCard
from printkit.language import ENGLISH, Lang
from printkit.products import ring
from printkit.products.deck import icons, style
from printkit.products.deck.geometry import CardBox
from printkit.products.pads.crazy8ix import card_words

BODY = 9.0  # body text; the art direction's floor is 8
BAND_H = 30.0
_FAM = style.HELP


def headings(lang: Lang = ENGLISH) -> dict[str, str]:
    """Return each help card's heading, by topic."""
    _ = lang.gettext
    return {"ring": _("Which letters match"), "vowels": _("Vowels"),
            "specials": _("Special cards"), "points": _("Points left in hand")}


def draw_help(canvas: Canvas, card: HelpCard, box: CardBox, count: int = 4,
              number: int = 1, lang: Lang = ENGLISH) -> None:
    """Draw help card `card` (the `number`-th of `count`) but its background, in `box`."""
    _ = lang.gettext
    s, w, h = box.inner, box.width, box.height
    inner = w - 2 * s
    canvas.rect(s, s, inner, BAND_H, stroke=None, fill=_FAM.ink, radius=4)
    badge = BAND_H - 8
    canvas.rect(s + 4, s + 4, badge, badge, stroke=None, fill=WHITE, radius=3)
    draw_fitted(canvas, s + 4, s + 4, badge, badge, card.title, fonts.BLACK, 17, _FAM.ink,
                "center")
    draw_fitted(canvas, s + badge + 10, s, inner - badge - 14, BAND_H, headings(lang)[card.topic],
                fonts.BOLD, 11, WHITE, "left")
    footer = _("{game} · help card {number} of {count}").format(
        game=_("Crazy8ix"), number=number, count=count)
    draw_fitted(canvas, s, h - s - 12, inner, 10, footer, fonts.REGULAR, 8, _FAM.ink, "center",
                "baseline")
    _TOPICS[card.topic](canvas, s, s + BAND_H + 6, inner, h - 2 * s - BAND_H - 20, lang)


RING_LETTER = 9.5
RING_EXAMPLE = 8.0  # the radius of the circle round the example letter


def ring_layout(radius: float) -> ring.Ring:
    """Return where each letter sits on the card's ring, the example letter circled."""
    return ring.layout(rules.ALPHABET, fonts.BOLD, RING_LETTER, radius, {"X": RING_EXAMPLE})


def _ring(canvas: Canvas, x: float, y: float, w: float, h: float, lang: Lang) -> None:
    """The alphabet as a ring, with the window of the X picked out as the example."""
    _ = lang.gettext
    r = 54.0
    cx, cy = x + w / 2, y + r + 14
    window = rules.match_window("X")
    laid = ring_layout(r)
    # a band behind the example's 7 letters, running through Z to A
    start, end = laid.span(rules.ALPHABET.index(window[0]), rules.ALPHABET.index(window[-1]))
    canvas.polygon(ring.band(cx, cy, r - 7.5, r + 7.5, start, end), stroke=None,
                   fill=style.HIGH.fill.mix(style.HIGH.main, 0.2), width=0)
    for letter, angle in zip(rules.ALPHABET, laid.angles):
        lx, ly = ring.point(cx, cy, r, angle)
        color = _FAM.ink
        if letter == "X":
            canvas.circle(lx, ly, RING_EXAMPLE, stroke=None, fill=style.HIGH.ink)
            color = WHITE
        elif letter in rules.VOWELS:
            color = style.VOWEL.ink
        if letter in rules.VOWELS:
            mx, my = ring.point(cx, cy, r + 12, angle)
            icons.vowel_mark(canvas, mx, my, 6.5, style.VOWEL.main)
        canvas.text(lx, ly + fonts.cap_height(fonts.BOLD, RING_LETTER) / 2, letter, font=fonts.BOLD,
                    size=RING_LETTER, color=color, align="center")
    canvas.text(cx, cy - 6, _("on an X, play"), font=fonts.REGULAR, size=8.5, color=_FAM.ink,
                align="center")
    canvas.text(cx, cy + 7, " ".join(window), font=fonts.BOLD, size=9, color=style.HIGH.ink,
                align="center")
    _body(canvas, x + 1, cy + r + 20, w - 2, y + h - (cy + r + 20),
          _("Play the same letter, or one of the {n} letters just before or after it. After Z "
            "the ring goes on with A.").format(n=rules.MATCH_WINDOW))


def _body(canvas: Canvas, x: float, y: float, w: float, h: float, text: str,
          leading: float = 1.22) -> float:
    """Draw a help card's text in its room: at the body size, or a little smaller where a
    language needs more words (never under the 8 pt floor); return the y below it."""
    size = BODY
    while size > MIN_SIZE and _height(text, size, w, leading) > h:
        size -= 0.25
    return draw_paragraph(canvas, x, y, w, text, fonts.REGULAR, size, _FAM.ink, size * leading)


def _height(text: str, size: float, w: float, leading: float) -> float:
    return (len(wrap(text, fonts.REGULAR, size, w)) - 1) * size * leading + size * 1.2


def _vowels(canvas: Canvas, x: float, y: float, w: float, h: float, lang: Lang) -> None:
    """The six vowels, and the example of the E."""
    _ = lang.gettext
    vowels = sorted(rules.VOWELS, key=rules.ALPHABET.index)
    cell = w / len(vowels)
    for i, v in enumerate(vowels):
        vx = x + cell * (i + 0.5)
        icons.vowel_mark(canvas, vx, y + 16, 30, WHITE, style.VOWEL.main)
        canvas.text(vx, y + 16 + fonts.cap_height(fonts.BLACK, 13) / 2, v, font=fonts.BLACK,
                    size=13,
                    color=style.VOWEL.ink, align="center")
    ty = _body(canvas, x + 1, y + 40, w - 2, 4 * BODY * 1.22,
               _("A, E, I, O, U and Y are vowels, marked with a diamond. On a vowel, any other "
                 "vowel matches too, as well as the letters either side."))
    ty += 10
    canvas.text(x + w / 2, ty, _("on an E, play"), font=fonts.REGULAR, size=8.5, color=_FAM.ink,
                align="center")
    ty += 6
    window = rules.match_window("E")
    others = [v for v in vowels if v not in window]
    _letter_row(canvas, x + w / 2, ty, window, "E", style.VOWEL)
    canvas.text(x + w / 2, ty + 28, _("or"), font=fonts.REGULAR, size=8.5, color=_FAM.ink,
                align="center")
    _letter_row(canvas, x + w / 2, ty + 33, others, "", style.VOWEL)


def _letter_row(canvas: Canvas, cx: float, top: float, letters: list[str], own: str,
                fam: style.Family) -> None:
    """Draw letters in small boxes, centred on cx; `own` picked out."""
    cell, gap = 13.0, 1.5
    total = len(letters) * cell + (len(letters) - 1) * gap
    x = cx - total / 2
    for letter in letters:
        picked = letter == own
        canvas.rect(x, top, cell, 16, stroke=fam.ink, fill=fam.ink if picked else WHITE, width=0.6,
                    radius=2)
        canvas.text(x + cell / 2, top + 11.5, letter, font=fonts.BOLD, size=9.5,
                    color=WHITE if picked else fam.ink, align="center")
        x += cell + gap


def _specials(canvas: Canvas, x: float, y: float, w: float, h: float, lang: Lang) -> None:
    """The star, the firecracker and the X: an icon, a name and what it does."""
    _ = lang.gettext
    rows: list[tuple[Callable[[float, float], None], str, str]] = [
        (lambda cx, cy: icons.star(canvas, cx, cy, 24, style.STAR_FILL, style.STAR.ink),
         _("Star"), _("Play it on any card and name a letter: that letter is now the one to "
                      "match.")),
        (lambda cx, cy: icons.firecracker(canvas, cx, cy, 25, style.FIRECRACKER_BODY,
                                          style.FIRECRACKER.ink, style.SPARK_FILL),
         _("Firecracker"), _("Play it on any card. The next player draws 2 and misses a turn; "
                             "the card under it is still the one to match.")),
        (lambda cx, cy: icons.reverse_arrows(canvas, cx, cy, 24, style.HIGH.main, 1.8),
         "X", _("Turns the direction of play round. With 2 players, you play again.")),
    ]
    icon_w = 28.0
    # the three texts share the card: a longer language sets them all a little smaller
    lines = sum(len(wrap(text, fonts.REGULAR, BODY, w - icon_w)) for _i, _n, text in rows)
    room = h - len(rows) * (13 + 9) - 2
    size = BODY
    while size > MIN_SIZE and lines * size * 1.2 > room:
        size -= 0.25
        lines = sum(len(wrap(text, fonts.REGULAR, size, w - icon_w)) for _i, _n, text in rows)
    ty = y + 2
    for draw_icon, name, text in rows:
        draw_icon(x + icon_w / 2 - 2, ty + 12)
        canvas.text(x + icon_w, ty + fonts.cap_height(fonts.BOLD, 10), name, font=fonts.BOLD,
                    size=10,
                    color=_FAM.ink)
        ty = draw_paragraph(canvas, x + icon_w, ty + 13, w - icon_w, text, fonts.REGULAR,
                            size, _FAM.ink, size * 1.2) + 9


def _points(canvas: Canvas, x: float, y: float, w: float, h: float, lang: Lang) -> None:
    """The points table of ruling 4, a row per kind of card."""
    words = card_words(lang)
    row_h = 17.0
    for i, (what, points) in enumerate(rules.POINTS_TABLE):
        ry = y + i * row_h
        if i % 2 == 0:
            canvas.rect(x, ry, w, row_h, stroke=None, fill=WHITE, radius=2)
        base = ry + row_h / 2 + fonts.cap_height(fonts.BOLD, 9.5) / 2
        label_x = x + 5
        if what == rules.STAR:
            icons.star(canvas, x + 10, ry + row_h / 2, 13, style.STAR_FILL, style.STAR.ink)
            label_x = x + 21
        elif what == rules.FIRECRACKER:
            icons.firecracker(canvas, x + 10, ry + row_h / 2, 14, style.FIRECRACKER_BODY,
                              style.FIRECRACKER.ink, style.SPARK_FILL)
            label_x = x + 21
        said = words.get(what, what)
        label = said[0].upper() + said[1:]
        draw_fitted(canvas, label_x, ry, w - (label_x - x) - 30, row_h, label, fonts.BOLD, 9.5,
                    _FAM.ink, "left", "middle")
        canvas.text(x + w - 5, base, str(points), font=fonts.BLACK, size=10.5, color=_FAM.ink,
                    align="right")
    ty = y + len(rules.POINTS_TABLE) * row_h + 8
    _body(canvas, x + 1, ty, w - 2, y + h - ty,
          lang.gettext("The number in a card's corner circle is what it scores. Whoever goes "
                       "out scores 0. After the hand in which a total reaches {target} (or the "
                       "total agreed), fewest points wins.").format(
                           target=rules.DEFAULT_TARGET))


_TOPICS: dict[str, Callable[[Canvas, float, float, float, float, Lang], None]] = {
    "ring": _ring,
    "vowels": _vowels,
    "specials": _specials,
    "points": _points,
}
