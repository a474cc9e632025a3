"""How The Fox and the Rabbit's colours and cells look, for the sheet and the rule summary.

Colour never carries meaning alone: every cell also prints its colour letter (R, B, Y; G, O,
P for the mixes, with their two parts; K for black), and a mix is filled with its two parts.
"""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK, WHITE, Color
from printkit.draw.text import draw_fitted
from printkit.games.fox_rabbit.cells import CellSpec
from printkit.games.fox_rabbit.dice import COLOUR_BITS, PRIMARY_LETTERS
from printkit.language import ENGLISH, Lang

# The dice stay red, blue and yellow (the game needs them); mixes and black follow Okabe-Ito.
STROKE: dict[str, Color] = {
    "R": Color.hex("#b0102a"),
    "B": Color.hex("#00569a"),
    "Y": Color.hex("#7a5f00"),  # a yellow line on white is invisible: its outline is dark gold
    "G": Color.hex("#006a4e"),
    "O": Color.hex("#874200"),
    "P": Color.hex("#8b3a78"),
    "K": Color.hex("#1d1d1f"),
}
FILL: dict[str, Color] = {
    "R": Color.hex("#f4c6cc"),
    "B": Color.hex("#c3dcf0"),
    "Y": Color.hex("#fbe8a0"),
    "G": Color.hex("#bfe6da"),
    "O": Color.hex("#f6d7b3"),
    "P": Color.hex("#e8c9df"),
    "K": Color.hex("#e3e3e3"),
}


def parts(colour: str) -> str:
    """Return a colour's primaries as letters: `G` -> `B+Y`; a primary is itself; black `any`."""
    if colour == "K":
        return "3+ any"
    bits = COLOUR_BITS[colour]
    return "+".join(letter for i, letter in enumerate(PRIMARY_LETTERS) if bits >> i & 1)


def _split_fill(canvas: Canvas, x: float, y: float, s: float, colour: str) -> None:
    """Fill a square with the two primaries of a mix, left half and right half."""
    left, right = parts(colour).split("+")
    canvas.rect(x, y, s / 2, s, stroke=None, fill=FILL[left])
    canvas.rect(x + s / 2, y, s / 2, s, stroke=None, fill=FILL[right])


def draw_cell(canvas: Canvas, x: float, y: float, s: float, spec: CellSpec,
              label: str | None = None) -> None:
    """Draw one trail cell as an s × s square (a circle for a blank circle) at (x, y)."""
    colour = spec.colour
    stroke = STROKE[colour]
    letter_size = max(8.0, s * 0.24)
    if spec.is_circle:
        r = s / 2
        canvas.circle(x + r, y + r, r - 0.6, stroke=stroke, fill=WHITE, width=1.6)
        canvas.circle(x + r, y + r, r - 3.2, stroke=FILL[colour], fill=None, width=1.2)
        canvas.text(x + r, y + letter_size + 1.5, colour, font=fonts.BOLD, size=letter_size,
                    color=stroke,
                    align="center")
    else:
        kind = spec.kind
        if kind == "mix":
            _split_fill(canvas, x, y, s, colour)
        elif kind == "black":
            canvas.rect(x, y, s, s, stroke=None, fill=WHITE)
        else:
            canvas.rect(x, y, s, s, stroke=None, fill=FILL[colour])
        canvas.rect(x, y, s, s, stroke=stroke, fill=None, width=2.2 if kind == "black" else 1.6,
                    radius=s * 0.16)
        canvas.text(x + 3, y + letter_size + 1, colour, font=fonts.BOLD, size=letter_size,
                    color=stroke)
        draw_fitted(canvas, x, y + s * 0.3, s, s * 0.62, str(spec.value), fonts.BLACK, s * 0.48,
                    INK, "center", valign="middle")
        if kind == "mix" and s >= 34:
            # a mix also names its two parts, for anyone who cannot tell the fills apart
            canvas.text(x + s - 2.5, y + letter_size + 1, parts(colour), font=fonts.BOLD, size=8,
                        color=INK,
                        align="right")
    if label:
        canvas.text(x + s / 2, y + s + 9, label, font=fonts.REGULAR, size=8, color=GREY,
                    align="center")


def chip(canvas: Canvas, x: float, y: float, s: float, colour: str) -> None:
    """Draw a colour's key chip: its fill (a mix as its two parts) and its letter."""
    if colour in "GOP":
        _split_fill(canvas, x, y, s, colour)
        canvas.rect(x, y, s, s, stroke=STROKE[colour], fill=None, width=1.4, radius=3)
    else:
        canvas.rect(x, y, s, s, stroke=STROKE[colour],
                    fill=WHITE if colour == "K" else FILL[colour], width=1.4,
                    radius=3)
    size = min(10.0, max(8.0, s * 0.5))
    canvas.text(x + s / 2, y + s / 2 + fonts.cap_height(fonts.BOLD, size) / 2, colour,
                font=fonts.BOLD, size=size, color=STROKE[colour], align="center")


def colour_key(canvas: Canvas, x: float, y: float, w: float, h: float = 26,
               lang: Lang = ENGLISH) -> None:
    """Draw the key: each colour's letter, name and what crosses it, one chip per colour."""
    _ = lang.gettext
    entries = [("R", _("red die")), ("B", _("blue die")), ("Y", _("yellow die")),
               ("G", _("green B+Y")), ("O", _("orange R+Y")), ("P", _("purple R+B")),
               ("K", _("black 3+ dice"))]
    cell = w / len(entries)
    size = h - 6
    for i, (colour, words) in enumerate(entries):
        cx = x + i * cell
        chip(canvas, cx, y + 3, size, colour)
        draw_fitted(canvas, cx + size + 3, y + 3, cell - size - 5, size, words, fonts.REGULAR,
                    8.5, INK)


FOX_COLOUR = Color.hex("#b35900")     # a fox's russet (Okabe-Ito orange, darkened)
RABBIT_COLOUR = Color.hex("#5a6b7d")  # a wild rabbit's grey-blue


def animal_mark(canvas: Canvas, animal: str, cx: float, cy: float, s: float = 10) -> None:
    """Draw the animal's head, about s wide, centred at (cx, cy): the fox's pointed face
    and ears in russet, the rabbit's round face and long ears in grey-blue.

    It marks the boxes that belong to one animal (its foods, the farmer's aids against
    its trap) without a letter, which would read differently in every language.
    """
    r = s / 2
    if animal == "fox":
        canvas.polygon([(cx - r, cy - r), (cx - r * 0.45, cy - r * 0.35), (cx + r * 0.45,
                        cy - r * 0.35), (cx + r, cy - r), (cx + r * 0.8, cy - r * 0.05),
                        (cx, cy + r), (cx - r * 0.8, cy - r * 0.05)],
                       stroke=None, fill=FOX_COLOUR, width=0)
        canvas.circle(cx, cy + r * 0.85, r * 0.16, stroke=None, fill=INK, width=0)
    else:
        for side in (-1, 1):
            canvas.polygon([(cx + side * r * 0.55, cy - r * 0.15), (cx + side * r * 0.5,
                            cy - r * 1.1), (cx + side * r * 0.2, cy - r * 1.15),
                            (cx + side * r * 0.1, cy - r * 0.15)],
                           stroke=None, fill=RABBIT_COLOUR, width=0)
        canvas.circle(cx, cy + r * 0.25, r * 0.62, stroke=None, fill=RABBIT_COLOUR, width=0)
