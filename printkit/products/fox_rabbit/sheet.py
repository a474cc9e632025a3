"""The Fox and the Rabbit gamesheet, laid out from the map's structure (no coordinates in data).

One page: the colour key, each animal's trails from its start or a tunnel to a food location,
the foods, extra dice and aid tracks with the mode's active circles, the farmer trail and the
farmer's aids, the escape and trap requirements, an endgame log, the score box with titles and
the achievements checklist. Every cell carries its id so a run can be typed in afterwards.
"""

from __future__ import annotations

from printkit.draw import fonts
from printkit.draw.canvas import Canvas
from printkit.draw.color import GREY, INK, PAPER_TINT, RULE, WHITE
from printkit.draw.impose import Panel
from printkit.draw.text import draw_fitted, draw_paragraph
from printkit.games.fox_rabbit.board import AID_NAMES, AIDS, GameMap, Mode, Trail
from printkit.games.fox_rabbit.dice import COLOUR_NAMES
from printkit.products.fox_rabbit.cells import FILL, STROKE, colour_key, draw_cell

CELL = 30.0  # the largest a cell is drawn; narrower paper makes it smaller
GAP = 7.0
ROW = 44.0
_START_W = 24.0
_LOC_W = 60.0
MODE_NAMES = {"easy": "Easy", "hard": "Hard", "super-hard": "Super-hard"}
ANIMAL_NAMES = {"fox": "Fox", "rabbit": "Rabbit"}
HOMES = {"fox": "den", "rabbit": "burrow"}


def _heading(canvas: Canvas, x: float, y: float, text: str, note: str = "") -> None:
    canvas.text(x, y + 10, text, fonts.BLACK, 11, INK)
    if note:
        tw = fonts.width(text, fonts.BLACK, 11)
        canvas.text(x + tw + 6, y + 10, note, fonts.REGULAR, 8, GREY)


def _tick_box(canvas: Canvas, x: float, y: float, s: float = 10) -> None:
    canvas.rect(x, y, s, s, INK, WHITE, 0.8, radius=1.5)


def _start_marker(canvas: Canvas, x: float, y: float, trail: Trail) -> None:
    """Draw where a trail begins: the animal's home, or a tunnel box to cross when used."""
    letter = trail.id.animal_letter
    if trail.start == "start":
        canvas.circle(x + 11, y + CELL / 2, 11, INK, PAPER_TINT, 1.2)
        canvas.text(x + 11, y + CELL / 2 + 4, letter, fonts.BLACK, 11, INK, "center")
    else:
        # a tunnel: an arch over a box the player crosses when the animal comes through
        canvas.polygon([(x, y + CELL - 2), (x, y + 10), (x + 4, y + 4), (x + 11, y + 1),
                        (x + 18, y + 4), (x + 22, y + 10), (x + 22, y + CELL - 2)],
                       INK, PAPER_TINT, 1.2)
        canvas.rect(x + 6, y + 13, 10, 10, INK, WHITE, 0.8)


def cell_size(game_map: GameMap, w: float) -> tuple[float, float]:
    """Return the cell size and gap that fit the longest trail in an animal's column width w."""
    longest = max(len(t) for t in game_map.trails)
    room = w - _START_W - 8 - _LOC_W - 6
    gap = GAP if room / longest >= CELL + GAP else 5.0
    return min(CELL, room / longest - gap), gap


def _trail_row(canvas: Canvas, game_map: GameMap, x: float, y: float, w: float,
               trail: Trail) -> None:
    size, gap = cell_size(game_map, w)
    cells_x = x + _START_W + 8
    end_x = x + w - _LOC_W
    mid = y + CELL / 2
    canvas.line(x + _START_W, mid, end_x, mid, RULE, 2.0)
    _start_marker(canvas, x, y, trail)
    canvas.text(x + 11, y + CELL + 9, str(trail.id), fonts.BOLD, 8, INK, "center")
    for i, cell in enumerate(trail.cells):
        draw_cell(canvas, cells_x + i * (size + gap), mid - size / 2, size, cell.spec,
                  str(cell.id))
    # the food location: the foods it offers
    location = game_map.location(trail.location)
    foods = [f.name for f in game_map.foods if f.id in location.foods]
    box_h = max(CELL + 8, 10.0 * len(foods) + 6)
    by = mid - box_h / 2
    canvas.rect(end_x, by, _LOC_W, box_h, INK, PAPER_TINT, 1.0, radius=6)
    for j, name in enumerate(foods):
        draw_fitted(canvas, end_x + 2, by + 3 + j * 10, _LOC_W - 4, 10, name, fonts.BOLD, 8.5,
                    INK, "center")


def _animal(canvas: Canvas, game_map: GameMap, x: float, y: float, w: float,
            animal: str) -> float:
    trails = game_map.trails_of(animal)
    starts = ", ".join(str(t.id) for t in game_map.start_trails(animal))
    _heading(canvas, x, y, ANIMAL_NAMES[animal].upper(),
             f"starts from its {HOMES[animal]} on {starts}; tunnels after eating")
    ty = y + 20
    for trail in trails:
        _trail_row(canvas, game_map, x, ty, w, trail)
        ty += ROW
    return ty


def _foods(canvas: Canvas, game_map: GameMap, x: float, y: float, w: float) -> float:
    _heading(canvas, x, y, "FOOD", "circle a food the first time it is eaten, cross it the "
             "second; write the turn in the eater's box")
    y += 15
    cell = w / len(game_map.foods)
    h = 36.0
    for i, food in enumerate(game_map.foods):
        fx = x + i * cell
        canvas.rect(fx + 2, y, cell - 4, h, INK, None, 1.0, radius=5)
        draw_fitted(canvas, fx + 2, y + 1, cell - 4, 13, food.name, fonts.BOLD, 10, INK,
                    "center")
        for j, letter in enumerate("FR"):
            bx = fx + 2 + (cell - 4) / 2 * j
            canvas.text(bx + 8, y + 28, letter, fonts.BOLD, 8.5, GREY, "center")
            canvas.rect(bx + 14, y + 15, (cell - 4) / 2 - 20, 17, RULE, WHITE, 0.7, radius=2)
    return y + h


def _aids(canvas: Canvas, game_map: GameMap, mode: Mode, x: float, y: float, w: float) -> float:
    _heading(canvas, x, y, "DICE & AIDS", "rewards: an extra die or an aid circle")
    y += 17
    canvas.text(x, y + 12, "Extra dice", fonts.BOLD, 9, INK)
    ex = x + 52
    for letter in "RBY":
        canvas.rect(ex, y, 17, 17, STROKE[letter], FILL[letter], 1.4, radius=3)
        canvas.text(ex + 8.5, y + 12.5, letter, fonts.BOLD, 10, STROKE[letter], "center")
        canvas.text(ex + 21, y + 12, f"+1 {COLOUR_NAMES[letter]}", fonts.REGULAR, 8.5, INK)
        ex += 60
    y += 23
    r = 7.0
    for aid in AIDS:
        canvas.text(x, y + r + 3.5, AID_NAMES[aid], fonts.BOLD, 9, INK)
        for k in range(game_map.aid_circles):
            cx = x + 52 + r + k * (2 * r + 7)
            active = k < mode.active_circles
            canvas.circle(cx, y + r, r, INK, PAPER_TINT if active else WHITE,
                          1.3 if active else 0.8, dash=None if active else (2, 2))
        y += 2 * r + 4
    return draw_paragraph(canvas, x, y, w, "Solid circles are active; a reward colours in a "
                          "dashed one. Cross a circle for each use.", fonts.REGULAR, 8, GREY)


def _farmer(canvas: Canvas, game_map: GameMap, mode: Mode, x: float, y: float,
            w: float) -> float:
    farmer = game_map.farmer
    _heading(canvas, x, y, "FARMER BROWN", "cross the next trap after every turn")
    y += 18
    n = farmer.traps
    s = min(22.0, (w - 30) / n - 3)
    for i in range(n):
        tx = x + i * (s + 3)
        last = i == n - 1
        size = s + 6 if last else s
        ty = y - (3 if last else 0)
        canvas.rect(tx, ty, size, size, INK, PAPER_TINT if last else WHITE,
                    2.0 if last else 0.9, radius=3)
        canvas.text(tx + size / 2, ty + size / 2 + 3, str(i + 1), fonts.REGULAR, 8, GREY,
                    "center")
    canvas.text(x + (n - 1) * (s + 3) + (s + 6) / 2, y + s + 13, "prized trap", fonts.BOLD, 8,
                INK, "center")
    y += s + 22
    canvas.text(x, y, "Farmer's aids:", fonts.BOLD, 8.5, INK)
    ax = x + 66
    for aid in AIDS:
        _tick_box(canvas, ax, y - 8.5)
        canvas.text(ax + 13, y, AID_NAMES[aid], fonts.REGULAR, 8.5, INK)
        ax += 52
    y += 6
    rule = ("any number per trigger attempt" if mode.farmer_aids_per_attempt is None
            else "one per trigger attempt in the endgame")
    y = draw_paragraph(canvas, x, y, w, f"The farmer may use {rule}: strike a box for the "
                       "first animal's trap, cross it for the second.", fonts.REGULAR, 8, GREY)
    return y


def _requirements(canvas: Canvas, game_map: GameMap, mode: Mode, x: float, y: float,
                  w: float) -> float:
    threshold = ("all 6 foods (each eaten at least once)" if mode.escape_threshold == "all"
                 else f"{mode.escape_threshold} foods")
    _heading(canvas, x, y, "ESCAPE")
    y += 16
    y = draw_paragraph(canvas, x, y, w, f"May begin once {threshold} are eaten (each animal's "
                       "count) and both animals have eaten; the prized trap forces it. 2-4 dice "
                       "of the two colours, one of each at least, make the sum; all dice rolled "
                       "stay within the total.", fonts.REGULAR, 8.5, INK) + 4
    col = [w * 0.2, w * 0.4, w * 0.4]
    head_h, row_h = 14.0, 17.0
    cx = x
    tier_from = game_map.higher_tier_from
    for label, cw in zip(("", f"under {tier_from} foods", f"{tier_from}+ foods"), col):
        canvas.rect(cx, y, cw, head_h, None, PAPER_TINT)
        draw_fitted(canvas, cx, y, cw, head_h, label, fonts.BOLD, 8.5, INK, "center")
        cx += cw
    for r, animal in enumerate(("fox", "rabbit")):
        ry = y + head_h + r * row_h
        draw_fitted(canvas, x, ry, col[0], row_h, ANIMAL_NAMES[animal], fonts.BOLD, 9, INK,
                    "center")
        for t, tier in enumerate(("lower", "higher")):
            req = game_map.escape[(animal, tier)]
            text = f"{COLOUR_NAMES[req.colour]} {'/'.join(map(str, req.sums))}, all ≤ {req.cap}"
            draw_fitted(canvas, x + col[0] + t * col[1], ry, col[1], row_h, text,
                        fonts.REGULAR, 9, INK, "center")
    table_h = head_h + 2 * row_h
    canvas.rect(x, y, w, table_h, INK, None, 0.9)
    for line_y in (y + head_h, y + head_h + row_h):
        canvas.line(x, line_y, x + w, line_y, RULE, 0.5)
    for line_x in (x + col[0], x + col[0] + col[1]):
        canvas.line(line_x, y, line_x, y + table_h, RULE, 0.5)
    y += table_h + 13
    for animal in ("fox", "rabbit"):
        trap = game_map.farmer.trap(animal)
        req = trap.requirement
        line = (f"{ANIMAL_NAMES[animal]} trap: the farmer rolls {' '.join(trap.dice)}; "
                f"{COLOUR_NAMES[req.colour]} {'/'.join(map(str, req.sums))}, all ≤ {req.cap}")
        draw_fitted(canvas, x, y, w, 12, line, fonts.REGULAR, 9, INK, valign="baseline")
        y += 12
    return y


def _endgame(canvas: Canvas, x: float, y: float, w: float, rounds: int = 4) -> float:
    """Draw the endgame log (a row per round, a box per attempt); return the y below it."""
    _heading(canvas, x, y, "ENDGAME", "write the dice of each attempt; tick if it succeeds")
    y += 16
    labels = ("Round", "Fox escape", "Rabbit escape", "Trap vs fox", "Trap vs rabbit")
    widths = [w * 0.12] + [w * 0.22] * 4
    head_h, row_h = 14.0, 21.0
    cx = x
    for label, cw in zip(labels, widths):
        canvas.rect(cx, y, cw, head_h, None, PAPER_TINT)
        draw_fitted(canvas, cx, y, cw, head_h, label, fonts.BOLD, 8.5, INK, "center")
        cx += cw
    for r in range(rounds):
        ry = y + head_h + r * row_h
        canvas.text(x + widths[0] / 2, ry + row_h / 2 + 3, str(r + 1), fonts.REGULAR, 9, GREY,
                    "center")
        cx = x + widths[0]
        for cw in widths[1:]:
            _tick_box(canvas, cx + cw - 13, ry + (row_h - 10) / 2)
            cx += cw
        canvas.line(x, ry, x + w, ry, RULE, 0.5)
    total_h = head_h + rounds * row_h
    canvas.rect(x, y, w, total_h, INK, None, 0.9)
    cx = x
    for cw in widths[:-1]:
        cx += cw
        canvas.line(cx, y, cx, y + total_h, RULE, 0.5)
    return y + total_h


def _score(canvas: Canvas, game_map: GameMap, x: float, y: float, w: float) -> float:
    scoring = game_map.scoring
    _heading(canvas, x, y, "SCORE", "traps left count only if an animal escaped")
    y += 17
    items = (f"foods × {scoring.per_food}", f"escaped × {scoring.per_escape}",
             f"traps left × {scoring.per_trap_left}", "total")
    cell = w / len(items)
    for i, label in enumerate(items):
        bx = x + i * cell
        last = i == len(items) - 1
        canvas.rect(bx + 4, y, cell - 8, 22, INK, PAPER_TINT if last else WHITE,
                    1.6 if last else 0.9, radius=2)
        draw_fitted(canvas, bx, y + 24, cell, 11, label, fonts.BLACK if last else fonts.BOLD,
                    8.5, INK, "center")
        if i < len(items) - 1:
            canvas.text(bx + cell, y + 15, "=" if i == len(items) - 2 else "+", fonts.BOLD,
                        10, GREY, "center")
    y += 48
    titles = scoring.titles
    for i, title in enumerate(titles):
        upper = titles[i + 1].minimum - 1 if i + 1 < len(titles) else None
        span = f"{title.minimum}-{upper}" if upper is not None else f"{title.minimum}+"
        _tick_box(canvas, x, y - 8, 9)
        canvas.text(x + 14, y, span, fonts.BOLD, 8.5, INK)
        draw_fitted(canvas, x + 40, y - 9, w - 40, 12, title.title, fonts.ITALIC, 8.5, INK,
                    valign="baseline")
        y += 12
    return y


def _achievements(canvas: Canvas, game_map: GameMap, mode: Mode, x: float, y: float,
                  w: float) -> float:
    _heading(canvas, x, y, "ACHIEVEMENTS", f"this sheet counts for {MODE_NAMES[mode.id]}")
    y += 20
    for achievement in game_map.scoring.achievements:
        mine = achievement.mode == mode.id
        _tick_box(canvas, x, y - 8, 9)
        draw_fitted(canvas, x + 14, y - 10, w - 14, 13, achievement.text,
                    fonts.BOLD if mine else fonts.REGULAR, 9, INK if mine else GREY,
                    valign="baseline")
        y += 13.5
    return y


def draw(canvas: Canvas, w: float, h: float, game_map: GameMap, mode: Mode,
         difficulty: str = "") -> None:
    """Draw the whole gamesheet in a w × h box; `difficulty` is the measured-difficulty note
    printed under the achievements ('' prints none)."""
    title = game_map.title
    canvas.text(0, 20, title, fonts.BLACK, 20, INK)
    tw = fonts.width(title, fonts.BLACK, 20)
    canvas.rect(tw + 10, 4, 86, 20, INK, PAPER_TINT, 1.2, radius=10)
    draw_fitted(canvas, tw + 10, 4, 86, 20, f"{MODE_NAMES[mode.id]} mode", fonts.BOLD, 10, INK,
                "center")
    canvas.text(0, 34, f"map: {game_map.name}", fonts.REGULAR, 8.5, GREY)
    canvas.text(w * 0.66, 20, "Date", fonts.BOLD, 9, INK)
    canvas.line(w * 0.66 + 26, 21, w, 21, RULE, 0.75)
    canvas.text(w, 36, "Each turn: roll, cross cells in order, then the farmer sets a trap.",
                fonts.REGULAR, 8, GREY, "right")
    y = 48.0
    colour_key(canvas, 0, y, w)
    y += 32
    half = (w - 18) / 2
    bottom = max(_animal(canvas, game_map, 0, y, half, "fox"),
                 _animal(canvas, game_map, half + 18, y, half, "rabbit"))
    canvas.line(half + 9, y, half + 9, bottom - 12, RULE, 0.6, dash=(1, 3))
    y = bottom + 2
    y = _foods(canvas, game_map, 0, y, w) + 12
    left_w = w * 0.42
    right_x = left_w + 18
    right_w = w - right_x
    a = _aids(canvas, game_map, mode, 0, y, left_w)
    b = _farmer(canvas, game_map, mode, right_x, y, right_w)
    y = max(a, b) + 10
    a = _requirements(canvas, game_map, mode, 0, y, left_w) + 10
    _score(canvas, game_map, 0, a, left_w)
    b = _endgame(canvas, right_x, y, right_w) + 12
    b = _achievements(canvas, game_map, mode, right_x, b, right_w)
    if difficulty:
        # the measured difficulty, in the achievements' corner: its % are about them
        headline, _, meaning = difficulty.partition("\n")
        draw_fitted(canvas, right_x, b - 6, right_w, 11, headline, fonts.BOLD, 8.5, INK,
                    valign="baseline")
        if meaning:
            draw_paragraph(canvas, right_x, b + 7.5, right_w, meaning, fonts.REGULAR, 8, GREY,
                           leading=9.5)


def panel(game_map: GameMap, mode: Mode, difficulty: str = "") -> Panel:
    """Return the gamesheet as a panel that needs a whole sheet of paper."""
    return Panel(lambda c, w, h: draw(c, w, h, game_map, mode, difficulty), 520, 700,
                 f"{game_map.title} gamesheet")
