"""Crazy8ix aids: the alphabet ring with a matching window and the vowels, the points table."""

from __future__ import annotations

import math

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import INK, OKABE_SKY, WHITE
from printkit.games import crazy8ix as rules
from printkit.products.rules.aids.base import TEXT, Aid, table

# the letter the ring's example window is drawn around: C shows the wrap past Z and two vowels
RING_EXAMPLE = "C"
_WINDOW_FILL = OKABE_SKY.tint(0.78)


def ring_window() -> list[str]:
    """Return the letters that may be played on the example letter, in ring order."""
    return rules.match_window(RING_EXAMPLE)


def _angle(i: int) -> float:
    """Return the angle of letter i on the ring: A at the top, clockwise, y pointing down."""
    return math.radians(-90 + i * 360 / len(rules.ALPHABET))


def _band(cx: float, cy: float, r_in: float, r_out: float, start: float, end: float,
          steps: int = 24) -> list[tuple[float, float]]:
    outer = [(cx + r_out * math.cos(start + (end - start) * t / steps),
              cy + r_out * math.sin(start + (end - start) * t / steps)) for t in range(steps + 1)]
    inner = [(cx + r_in * math.cos(end - (end - start) * t / steps),
              cy + r_in * math.sin(end - (end - start) * t / steps)) for t in range(steps + 1)]
    return outer + inner


def draw_alphabet_ring(canvas: Canvas, w: float) -> float:
    window = ring_window()
    r = min(w * 0.5 - 14, 66.0)
    cx, cy = w / 2, r + 14
    step = 2 * math.pi / len(rules.ALPHABET)
    first = rules.ALPHABET.index(window[0])
    # the window: a shaded band behind the letters that match the example, edged in ink
    band = _band(cx, cy, r - 12, r + 12, _angle(first) - step / 2,
                 _angle(first) + step * (len(window) - 0.5))
    canvas.polygon(band, INK, _WINDOW_FILL, 1.1)
    for i, letter in enumerate(rules.ALPHABET):
        a = _angle(i)
        x, y = cx + r * math.cos(a), cy + r * math.sin(a)
        _letter(canvas, x, y, letter, example=letter == RING_EXAMPLE)
    # the middle explains the picture, with a key to the ringed letters
    y = cy - 20
    canvas.text(cx, y, f"On {RING_EXAMPLE}, play", fonts.BOLD, TEXT, INK, "center")
    canvas.text(cx, y + 13, " ".join(window), fonts.BLACK, 10.5, INK, "center")
    canvas.text(cx, y + 25, "(the shaded arc)", fonts.REGULAR, TEXT, INK, "center")
    key_w = 17 + fonts.width("= vowel", fonts.REGULAR, TEXT)
    _letter(canvas, cx - key_w / 2 + 8, y + 38, "A", example=False)
    canvas.text(cx - key_w / 2 + 19, y + 41, "= vowel", fonts.REGULAR, TEXT, INK)
    return cy + r + 14


def _letter(canvas: Canvas, x: float, y: float, letter: str, example: bool) -> None:
    """Draw a letter of the ring centred on (x, y): vowels ringed, the example letter filled."""
    vowel = letter in rules.VOWELS
    if example:
        canvas.circle(x, y, 9.5, INK, INK, 1.0)
    elif vowel:
        canvas.circle(x, y, 9.0, INK, WHITE, 1.1)
    font = fonts.BLACK if example or vowel else fonts.BOLD
    canvas.text(x, y + fonts.cap_height(font, 11) / 2, letter, font, 11,
                WHITE if example else INK, "center")


def points_rows() -> list[tuple[str, str]]:
    """Return (card left in hand, points) rows, from the rules' points table."""
    rows = [(what[0].upper() + what[1:], str(points)) for what, points in rules.POINTS_TABLE]
    rows.append(("The player who went out", "0"))
    return rows


def draw_points_table(canvas: Canvas, w: float) -> float:
    return table(canvas, 0, w, ["Card left in your hand", "Points"], points_rows(),
                 ["left", "right"], [2.2, 1.0])


AIDS = (
    Aid("alphabet-ring", draw_alphabet_ring),
    Aid("points-table", draw_points_table),
)
