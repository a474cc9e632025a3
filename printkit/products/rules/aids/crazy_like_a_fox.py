"""Crazy Like a Fox aids: BIG #1 chances, a tie-and-cancel example, the swap on the pad."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import INK, PAPER_TINT, RULE, WHITE
from printkit.draw.text import draw_fitted
from printkit.games import crazy_like_a_fox as rules
from printkit.language import ENGLISH, Lang
from printkit.products.rules.aids.base import TEXT, Aid, arrow, die, paragraph, percent, table

# -- the chance of a BIG #1 -----------------------------------------------------------------


def big_one_rows(lang: Lang = ENGLISH) -> list[tuple[str, str]]:
    """Return (dice rolled, chance of at least one BIG #1) for one die and for each hand size."""
    _ = lang.gettext
    one = rules.chance_of_big_one(1)
    rows = [(_("1 die"), _("{percent} (1 in {n})").format(percent=percent(one, lang=lang),
                                                           n=round(1 / one)))]
    for players in (4, 5):
        dice = rules.dice_per_player(players)
        who = _("3-4 players") if dice == 5 else _("5 players")
        rows.append((_("a hand of {dice} dice ({who})").format(dice=dice, who=who),
                     percent(rules.chance_of_big_one(dice), lang=lang)))
    return rows


def draw_big_one_chances(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    return table(canvas, 0, w, [_("You roll"), _("At least one BIG #1")], big_one_rows(lang),
                 ["left", "right"], [1.25, 1.0])


# -- ties cancel, worked through ---------------------------------------------------------------
# two rounds at a four-player table: what was shown, and what the ruling makes of it
TIE_EXAMPLES: tuple[dict[str, int], ...] = (
    {"Ana": 1, "Ben": 10, "Cleo": 1, "Dev": 6},
    {"Ana": 9, "Ben": 4, "Cleo": 9, "Dev": 4},
)


def _name_list(values: Sequence[int], lang: Lang) -> str:
    _ = lang.gettext
    words = [_("the {value}s").format(value=v) if v != rules.BIG_ONE else _("the BIG #1s")
             for v in values]
    if len(words) == 1:
        return words[0]
    return _("{values} and {last}").format(values=", ".join(words[:-1]), last=words[-1])


def explain_round(played: dict[str, int], lang: Lang = ENGLISH) -> str:
    """Return, in words, what happens in a round where these values were shown."""
    _ = lang.gettext
    counts = Counter(played.values())
    # the BIG #1 ranks above every number
    tied = sorted((v for v, c in counts.items() if c > 1),
                  key=lambda v: (v == rules.BIG_ONE, v), reverse=True)
    winner = rules.round_winner(played)
    text = ""
    if tied:
        text = _("{values} cancel.").format(values=_name_list(tied, lang)) + " "
        text = text[0].upper() + text[1:]
    if winner is None:
        return text + _("Nothing is left: **nobody wins**, and the round's points are lost.")
    best = played[winner]
    shown = _("the BIG #1") if best == rules.BIG_ONE else f"{best}"
    if tied:
        return text + _("The best value left is {value}: **{winner} wins**.").format(
            value=shown, winner=winner)
    said = _("{value} is the best value: **{winner} wins**.").format(value=shown, winner=winner)
    return said[0].upper() + said[1:]


def draw_tie_example(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
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
            canvas.text(x + side / 2, y + side + 11, name,
                        font=fonts.BOLD if won else fonts.REGULAR,
                        size=TEXT, color=INK, align="center")
        text_x = len(played) * slot + 6
        bottom = paragraph(canvas, text_x, y + 1, w - text_x, explain_round(played, lang))
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
              title: str, swap_row: bool, changed: set[int], lang: Lang) -> float:
    _ = lang.gettext
    rows = [_("Round"), _("Points"), *SWAP_PLAYERS] + ([_("Swap")] if swap_row else [])
    # the labels' column is as wide as its longest word needs
    widest = max(fonts.width(label, fonts.BOLD, TEXT) for label in rows)
    label_w, total_w = max(w * 0.27, widest + 5), w * 0.2
    round_w = (w - label_w - total_w) / len(SWAP_POINTS)
    row_h = 13.0
    canvas.text(x, y + 9, title, font=fonts.BOLD, size=TEXT, color=INK)
    top = y + 14
    swap_at = len(rows) - 1 if swap_row else -1
    for r, label in enumerate(rows):
        ry = top + r * row_h
        if r < 2:
            canvas.rect(x, ry, w, row_h, stroke=None, fill=PAPER_TINT)
        draw_fitted(canvas, x + 3, ry - 3.5, label_w - 4, row_h, label,
                    fonts.BOLD if r < 2 else fonts.REGULAR, TEXT, INK, valign="baseline")
        for c in range(len(SWAP_POINTS)):
            cx = x + label_w + c * round_w
            if r == 0:
                value = str(c + 1)
            elif r == 1:
                value = str(SWAP_POINTS[c])
            elif r == swap_at:
                value = str(SWAP_WITH) if c == len(SWAP_POINTS) - 1 else ""
            else:
                value = "X" if holders[c] == label else ""
            if value == "X" and c in changed:
                canvas.rect(cx + 1.5, ry + 1.5, round_w - 3, row_h - 3, stroke=INK, fill=None,
                            width=1.4)
            canvas.text(cx + round_w / 2, ry + row_h - 3.5, value,
                        font=fonts.BOLD if value in ("X",
                                                     str(SWAP_WITH)) and r > 1 else fonts.REGULAR,
                        size=TEXT, color=INK, align="center")
        tx = x + w - total_w
        if r == 0:
            draw_fitted(canvas, tx, ry - 3.5, total_w, row_h, _("Total"), fonts.BOLD, TEXT, INK,
                        "center", "baseline", pad=0)
        elif 1 < r < 2 + len(SWAP_PLAYERS):
            total = rules.points_held(holders, SWAP_POINTS, label)
            canvas.text(tx + total_w / 2, ry + row_h - 3.5, str(total), font=fonts.REGULAR,
                        size=TEXT, color=INK,
                        align="center")
    bottom = top + len(rows) * row_h
    for r in range(len(rows) + 1):
        canvas.line(x, top + r * row_h, x + w, top + r * row_h, stroke=RULE, width=0.4)
    for cx in [x + label_w + c * round_w for c in range(len(SWAP_POINTS))] + [x + w - total_w]:
        canvas.line(cx, top, cx, bottom, stroke=RULE, width=0.4)
    canvas.rect(x, top, w, bottom - top, stroke=INK, fill=None, width=0.8)
    return bottom


def draw_swap_diagram(canvas: Canvas, w: float, lang: Lang = ENGLISH) -> float:
    _ = lang.gettext
    after = swap_after()
    current = len(SWAP_BEFORE)
    winner = SWAP_BEFORE[current - 1]
    loser = SWAP_BEFORE[SWAP_WITH - 1]
    y = paragraph(canvas, 0, 0, w,
                  _("*Example:* {winner} wins round {current} ({points} points) with a BIG #1 "
                    "and takes round {earlier} ({earlier_points} points) from {loser}, who gets "
                    "round {current} instead. Note the swap on the pad's last row.").format(
                      winner=winner, current=current, points=SWAP_POINTS[current - 1],
                      earlier=SWAP_WITH, earlier_points=SWAP_POINTS[SWAP_WITH - 1],
                      loser=loser)) + 6
    gap = 26.0
    pad_w = (w - gap) / 2
    changed = {current - 1, SWAP_WITH - 1}
    _mini_pad(canvas, 0, y, pad_w, SWAP_BEFORE, _("Before"), False, set(), lang)
    bottom = _mini_pad(canvas, pad_w + gap, y, pad_w, after, _("After the swap"), True, changed,
                       lang)
    mid = y + 14 + 13 * 3.5
    arrow(canvas, [(pad_w + 5, mid), (pad_w + gap - 5, mid)], INK, 1.4, 6)
    return bottom + 2


AIDS = (
    Aid("big-one-chances", draw_big_one_chances),
    Aid("tie-example", draw_tie_example),
    Aid("swap-diagram", draw_swap_diagram),
)
