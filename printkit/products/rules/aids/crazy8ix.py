"""Crazy8ix aids: the alphabet ring with a matching window and the vowels, the points table."""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import INK, OKABE_SKY, WHITE
from printkit.games import crazy8ix as rules
from printkit.language import ENGLISH, Lang
from printkit.products import ring
from printkit.products.pads.crazy8ix import card_words
from printkit.products.rules.aids.base import TEXT, Aid, table

# the letter the ring's example window is drawn around: C shows the wrap past Z and two vowels
RING_EXAMPLE = "C"
_WINDOW_FILL = OKABE_SKY.tint(0.78)


def ring_window() -> list[str]:
    """Return the letters that may be played on the example letter, in ring order."""
    return rules.match_window(RING_EXAMPLE)


_LETTER = 11.0
_RING = {"example": 9.5, "vowel": 8.5}  # the circles' radii, the example letter's filled


def ring_layout(radius: float) -> ring.Ring:
    """Return where each letter sits on the aid's ring, the vowels and the example circled."""
    circled = {c: _RING["example"] if c == RING_EXAMPLE else _RING["vowel"]
               for c in rules.ALPHABET if c == RING_EXAMPLE or c in rules.VOWELS}
    return ring.layout(rules.ALPHABET, fonts.BLACK, _LETTER, radius, circled)


def ring_radius(w: float) -> float:
    return min(w * 0.5 - 14, 66.0)


def draw_alphabet_ring(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    window = ring_window()
    r = ring_radius(w)
    cx, cy = w / 2, r + 14
    laid = ring_layout(r)
    # the window: a shaded band behind the letters that match the example, edged in ink
    start, end = laid.span(rules.ALPHABET.index(window[0]), rules.ALPHABET.index(window[-1]))
    canvas.polygon(ring.band(cx, cy, r - 12, r + 12, start, end), stroke=INK, fill=_WINDOW_FILL,
                   width=1.1)
    for letter, angle in zip(rules.ALPHABET, laid.angles):
        x, y = ring.point(cx, cy, r, angle)
        _letter(canvas, x, y, letter, example=letter == RING_EXAMPLE)
    # the middle explains the picture, with a key to the ringed letters
    _ = lang.gettext
    y = cy - 20
    canvas.text(cx, y, _("On {letter}, play").format(letter=RING_EXAMPLE), font=fonts.BOLD,
                size=TEXT, color=INK, align="center")
    canvas.text(cx, y + 13, " ".join(window), font=fonts.BLACK, size=10.5, color=INK,
                align="center")
    canvas.text(cx, y + 25, _("(the shaded arc)"), font=fonts.REGULAR, size=TEXT, color=INK,
                align="center")
    vowel = _("= vowel")
    key_w = 17 + fonts.width(vowel, fonts.REGULAR, TEXT)
    _letter(canvas, cx - key_w / 2 + 8, y + 38, "A", example=False)
    canvas.text(cx - key_w / 2 + 19, y + 41, vowel, font=fonts.REGULAR, size=TEXT, color=INK)
    return cy + r + 14


def _letter(canvas: Canvas, x: float, y: float, letter: str, example: bool) -> None:
    """Draw a letter of the ring centred on (x, y): vowels ringed, the example letter filled."""
    vowel = letter in rules.VOWELS
    if example:
        canvas.circle(x, y, _RING["example"], stroke=INK, fill=INK, width=1.0)
    elif vowel:
        canvas.circle(x, y, _RING["vowel"], stroke=INK, fill=WHITE, width=1.1)
    font = fonts.BLACK if example or vowel else fonts.BOLD
    size = _LETTER - 1 if example or vowel else _LETTER
    canvas.text(x, y + fonts.cap_height(font, size) / 2, letter, font=font, size=size,
                color=WHITE if example else INK, align="center")


def points_rows(lang: Lang = ENGLISH) -> list[tuple[str, str]]:
    """Return (card left in hand, points) rows, from the rules' points table."""
    words = card_words(lang)
    rows = []
    for what, points in rules.POINTS_TABLE:
        said = words.get(what, what)
        rows.append((said[0].upper() + said[1:], str(points)))
    rows.append((lang.gettext("The player who went out"), "0"))
    return rows


def draw_points_table(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    return table(canvas, 0, w, [_("Card left in your hand"), _("Points")], points_rows(lang),
                 ["left", "right"], [2.2, 1.0])


AIDS = (
    Aid("alphabet-ring", draw_alphabet_ring),
    Aid("points-table", draw_points_table),
)
