"""Go Nuts! aid: the turn as a flow diagram (roll, cars, All Cars, Go Nuts!, One Die Left, bank)."""

from __future__ import annotations

from typing import Literal

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import INK, PAPER_TINT, WHITE
from printkit.draw.richtext import draw_line, line_width, wrap
from printkit.games import go_nuts as rules
from printkit.products.rules.aids.base import LEADING, TEXT, Aid, arrow, runs

Kind = Literal["action", "question", "end"]
_PAD = 4.0


def _lines(text: str, w: float) -> int:
    return len(wrap(runs(text), TEXT, w - 2 * _PAD - 6))


def _node_height(text: str, w: float) -> float:
    return _lines(text, w) * TEXT * LEADING + 2 * _PAD + 1


def _node(canvas: Canvas, x: float, y: float, w: float, text: str, kind: Kind) -> float:
    """Draw a node and return its height: actions are boxes, questions pointed, ends heavy."""
    h = _node_height(text, w)
    if kind == "question":
        tip = 7.0
        canvas.polygon([(x + tip, y), (x + w - tip, y), (x + w, y + h / 2), (x + w - tip, y + h),
                        (x + tip, y + h), (x, y + h / 2)], stroke=INK, fill=WHITE, width=0.9)
    elif kind == "end":
        canvas.rect(x, y, w, h, stroke=INK, fill=PAPER_TINT, width=1.8, radius=6)
    else:
        canvas.rect(x, y, w, h, stroke=INK, fill=WHITE, width=0.9, radius=2)
    lines = wrap(runs(text), TEXT, w - 2 * _PAD - 6)
    baseline = y + _PAD + fonts.ascent(fonts.REGULAR, TEXT) - 0.5
    for line in lines:
        draw_line(canvas, x + (w - line_width(line, TEXT)) / 2, baseline, line, TEXT)
        baseline += TEXT * LEADING
    return h


def _label(canvas: Canvas, x: float, y: float, text: str) -> None:
    canvas.text(x, y, text, font=fonts.ITALIC, size=TEXT, color=INK)


# what the diagram says, in order; the numbers come from the rules module
def steps() -> dict[str, str]:
    """Return the text of every node of the flow diagram."""
    n = rules.SQUIRREL_DICE
    return {
        "roll": f"**Roll** the dice (all {n} to start)",
        "squirrels": "All squirrels?",
        "cars": "All cars?",
        "count": "+1 per acorn; set cars aside",
        "one_die": "Rolled one die: an acorn?",
        "choose": "Bank or roll again?",
        "go_nuts": "**Go Nuts!** This turn's acorns are lost. Roll those dice fast until every "
                   "other player rolls a dog; score the acorns of that round.",
        "all_cars": "**All Cars:** the turn scores 0.",
        "pick_up": f"**One Die Left:** pick up all {n} dice.",
        "bank": "**Bank:** write the total, pass the dice left.",
        "again": "roll again every die that is not a car",
    }


def draw_turn_flow(canvas: Canvas, w: float) -> float:
    """Draw the turn left to right; 'yes' answers drop to the row below, 'roll again' loops back."""
    text = steps()
    row = ["roll", "squirrels", "cars", "count", "one_die", "choose"]
    kinds: dict[str, Kind] = {"roll": "action", "count": "action"}
    gap = 17.0
    node_w = (w - gap * (len(row) - 1)) / len(row)
    xs = [i * (node_w + gap) for i in range(len(row))]
    centre = {key: x + node_w / 2 for key, x in zip(row, xs)}
    loop_h = 18.0
    top = loop_h
    row_h = max(_node_height(text[k], node_w) for k in row)
    for key, x in zip(row, xs):
        h = _node_height(text[key], node_w)
        _node(canvas, x, top + (row_h - h) / 2, node_w, text[key], kinds.get(key, "question"))
    mid = top + row_h / 2
    for i in range(len(row) - 1):
        arrow(canvas, [(xs[i] + node_w, mid), (xs[i + 1], mid)], INK, 1.0, 4.5)
        if row[i] in ("squirrels", "cars", "one_die"):
            _label(canvas, xs[i] + node_w + 2, mid - 3, "no")
    # roll again: from the last question back over the row to the roll
    canvas.line(centre["choose"], top, centre["choose"], 4, stroke=INK, width=1.0)
    canvas.line(centre["choose"], 4, centre["roll"], 4, stroke=INK, width=1.0)
    arrow(canvas, [(centre["roll"], 4), (centre["roll"], top)], INK, 1.0, 4.5)
    label = text["again"]
    lw = fonts.width(label, fonts.ITALIC, TEXT)
    lx = (centre["roll"] + centre["choose"]) / 2 - lw / 2
    canvas.rect(lx - 3, 0, lw + 6, 9, stroke=None, fill=WHITE)
    canvas.text(lx, 7.5, label, font=fonts.ITALIC, size=TEXT, color=INK)
    # the answers below: each sits under the question it answers
    below = top + row_h + 16
    span = 2 * node_w + gap
    boxes = [("squirrels", "go_nuts", xs[0], span, "end"),
             ("cars", "all_cars", xs[2], node_w, "end"),
             ("one_die", "pick_up", xs[4] - node_w * 0.35, node_w * 1.2, "action"),
             ("choose", "bank", xs[5], node_w, "end")]
    bottom = below
    for question, key, x, bw, kind in boxes:
        arrow(canvas, [(centre[question], top + row_h), (centre[question], below)], INK, 1.0, 4.5)
        _label(canvas, centre[question] + 3, top + row_h + 10, "bank" if key == "bank" else "yes")
        h = _node(canvas, x, below, bw, text[key], kind)  # type: ignore[arg-type]
        bottom = max(bottom, below + h)
        if key == "pick_up":  # the turn goes on to the same choice, up through the gutter
            lane_x, lane_y = xs[5] - gap / 2, top + row_h + 7
            join_x = xs[5] + node_w * 0.22
            arrow(canvas, [(x + bw, below + h / 2), (lane_x, below + h / 2), (lane_x, lane_y),
                           (join_x, lane_y), (join_x, top + row_h + 0.5)], INK, 1.0, 4.5)
    return bottom + 2


AIDS = (Aid("turn-flow", draw_turn_flow, wide=True),)
