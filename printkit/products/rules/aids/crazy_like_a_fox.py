"""Crazy Like a Fox aids: BIG #1 chances, a tie-and-cancel example, the swap on the pad."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import INK, PAPER_TINT, RULE, WHITE
from printkit.games import crazy_like_a_fox as rules
from printkit.products.rules.aids.base import TEXT, Aid, arrow, die, paragraph, percent, table

# -- the chance of a BIG #1 -----------------------------------------------------------------


def big_one_rows() -> list[tuple[str, str]]:
    """Return (dice rolled, chance of at least one BIG #1) for one die and for each hand size."""
    one = rules.chance_of_big_one(1)
    rows = [("1 die", f"{percent(one)} (1 in {round(1 / one)})")]
    for players in (4, 5):
        dice = rules.dice_per_player(players)
        who = "3-4 players" if dice == 5 else "5 players"
        rows.append((f"a hand of {dice} dice ({who})", percent(rules.chance_of_big_one(dice))))
    return rows


def draw_big_one_chances(canvas: Canvas, w: float) -> float:
    return table(canvas, 0, w, ["You roll", "At least one BIG #1"], big_one_rows(),
                 ["left", "right"], [1.25, 1.0])


# -- ties cancel, worked through ---------------------------------------------------------------
# two rounds at a four-player table: what was shown, and what the ruling makes of it
TIE_EXAMPLES: tuple[dict[str, int], ...] = (
    {"Ana": 1, "Ben": 10, "Cleo": 1, "Dev": 6},
    {"Ana": 9, "Ben": 4, "Cleo": 9, "Dev": 4},
)


def _name_list(values: Sequence[int]) -> str:
    words = [f"the {v}s" if v != rules.BIG_ONE else "the BIG #1s" for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def explain_round(played: dict[str, int]) -> str:
    """Return, in words, what happens in a round where these values were shown."""
    counts = Counter(played.values())
    # the BIG #1 ranks above every number
    tied = sorted((v for v, c in counts.items() if c > 1),
                  key=lambda v: (v == rules.BIG_ONE, v), reverse=True)
    winner = rules.round_winner(played)
    text = ""
    if tied:
        names = _name_list(tied)
        text = f"{names[0].upper()}{names[1:]} cancel. "
    if winner is None:
        return text + "Nothing is left: **nobody wins**, and the round's points are lost."
    best = played[winner]
    shown = "the BIG #1" if best == rules.BIG_ONE else f"{best}"
    if tied:
        return text + f"The best value left is {shown}: **{winner} wins**."
    return f"{shown.capitalize()} is the best value: **{winner} wins**."


def draw_tie_example(canvas: Canvas, w: float) -> float:
    side = 21.0
    y = 5.0  # room above the dice for the cancelled badges
    for n, played in enumerate(TIE_EXAMPLES):
        counts = Counter(played.values())
        winner = rules.round_winner(played)
        slot = min(46.0, (w - 4) / len(played))
        for i, (name, value) in enumerate(played.items()):
            x = i * slot + (slot - side) / 2
            cancelled = counts[value] > 1
            won = name == winner
            die(canvas, x, y, side, str(value), PAPER_TINT if cancelled else WHITE, INK,
                fonts.BOLD, 10.5, INK, 2.2 if won else 0.9)
            if cancelled:  # a crossed badge on the corner: cancelled, shown by shape not shade
                bx, by, br = x + side, y, 4.6
                canvas.circle(bx, by, br, stroke=INK, fill=WHITE, width=0.9)
                canvas.line(bx - 2.2, by - 2.2, bx + 2.2, by + 2.2, stroke=INK, width=1.2)
                canvas.line(bx - 2.2, by + 2.2, bx + 2.2, by - 2.2, stroke=INK, width=1.2)
            canvas.text(x + side / 2, y + side + 11, name, font=fonts.BOLD if won else fonts.REGULAR,
                        size=TEXT, color=INK, align="center")
        text_x = len(played) * slot + 6
        bottom = paragraph(canvas, text_x, y + 1, w - text_x, explain_round(played))
        y = max(y + side + 15, bottom) + (8 if n < len(TIE_EXAMPLES) - 1 else 0)
    return y + 2


# -- the swap, on the pad ----------------------------------------------------------------------
SWAP_PLAYERS = ("Ana", "Ben", "Cleo", "Dev")
SWAP_POINTS = (4, 7, 2)
SWAP_BEFORE: tuple[str | None, ...] = ("Cleo", "Ben", "Dev")  # Dev wins round 3 with a BIG #1
SWAP_WITH = 2


def swap_after() -> tuple[str | None, ...]:
    """Return who holds each round once Dev has swapped round 3 for round 2."""
    return rules.swap(SWAP_BEFORE, len(SWAP_BEFORE), SWAP_WITH)


def _mini_pad(canvas: Canvas, x: float, y: float, w: float, holders: Sequence[str | None],
              title: str, swap_row: bool, changed: set[int]) -> float:
    label_w, total_w = w * 0.27, w * 0.2
    round_w = (w - label_w - total_w) / len(SWAP_POINTS)
    row_h = 13.0
    canvas.text(x, y + 9, title, font=fonts.BOLD, size=TEXT, color=INK)
    top = y + 14
    rows = ["Round", "Points", *SWAP_PLAYERS] + (["Swap"] if swap_row else [])
    for r, label in enumerate(rows):
        ry = top + r * row_h
        if r < 2:
            canvas.rect(x, ry, w, row_h, stroke=None, fill=PAPER_TINT)
        canvas.text(x + 3, ry + row_h - 3.5, label, font=fonts.BOLD if r < 2 else fonts.REGULAR,
                    size=TEXT, color=INK)
        for c in range(len(SWAP_POINTS)):
            cx = x + label_w + c * round_w
            if r == 0:
                value = str(c + 1)
            elif r == 1:
                value = str(SWAP_POINTS[c])
            elif label == "Swap":
                value = str(SWAP_WITH) if c == len(SWAP_POINTS) - 1 else ""
            else:
                value = "X" if holders[c] == label else ""
            if value == "X" and c in changed:
                canvas.rect(cx + 1.5, ry + 1.5, round_w - 3, row_h - 3, stroke=INK, fill=None, width=1.4)
            canvas.text(cx + round_w / 2, ry + row_h - 3.5, value,
                        font=fonts.BOLD if value in ("X", str(SWAP_WITH)) and r > 1 else fonts.REGULAR,
                        size=TEXT, color=INK, align="center")
        tx = x + w - total_w
        if r == 0:
            canvas.text(tx + total_w / 2, ry + row_h - 3.5, "Total", font=fonts.BOLD, size=TEXT, color=INK,
                        align="center")
        elif 1 < r < 2 + len(SWAP_PLAYERS):
            total = rules.points_held(holders, SWAP_POINTS, label)
            canvas.text(tx + total_w / 2, ry + row_h - 3.5, str(total), font=fonts.REGULAR, size=TEXT, color=INK,
                        align="center")
    bottom = top + len(rows) * row_h
    for r in range(len(rows) + 1):
        canvas.line(x, top + r * row_h, x + w, top + r * row_h, stroke=RULE, width=0.4)
    for cx in [x + label_w + c * round_w for c in range(len(SWAP_POINTS))] + [x + w - total_w]:
        canvas.line(cx, top, cx, bottom, stroke=RULE, width=0.4)
    canvas.rect(x, top, w, bottom - top, stroke=INK, fill=None, width=0.8)
    return bottom


def draw_swap_diagram(canvas: Canvas, w: float) -> float:
    after = swap_after()
    current = len(SWAP_BEFORE)
    winner = SWAP_BEFORE[current - 1]
    loser = SWAP_BEFORE[SWAP_WITH - 1]
    y = paragraph(canvas, 0, 0, w,
                  f"*Example:* {winner} wins round {current} ({SWAP_POINTS[current - 1]} "
                  f"points) with a BIG #1 and takes round {SWAP_WITH} "
                  f"({SWAP_POINTS[SWAP_WITH - 1]} points) from {loser}, who gets round "
                  f"{current} instead. Note the swap on the pad's last row.") + 6
    gap = 26.0
    pad_w = (w - gap) / 2
    changed = {current - 1, SWAP_WITH - 1}
    _mini_pad(canvas, 0, y, pad_w, SWAP_BEFORE, "Before", False, set())
    bottom = _mini_pad(canvas, pad_w + gap, y, pad_w, after, "After the swap", True, changed)
    mid = y + 14 + 13 * 3.5
    arrow(canvas, [(pad_w + 5, mid), (pad_w + gap - 5, mid)], INK, 1.4, 6)
    return bottom + 2


AIDS = (
    Aid("big-one-chances", draw_big_one_chances),
    Aid("tie-example", draw_tie_example),
    Aid("swap-diagram", draw_swap_diagram),
)
