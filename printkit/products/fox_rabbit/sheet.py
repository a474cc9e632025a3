"""The Fox and the Rabbit gamesheet, laid out from the map's structure (no coordinates in data).

One page: a turn in five steps, the colour key, each animal's trails from its start or a
tunnel to a food location, the foods with a box per animal, the rewards, the aid tracks with
the mode's active circles, the farmer trail and the farmer's aids (a box per aid and animal),
the escape and trap requirements, an endgame log, the score box with titles and the
achievements. Every cell carries its id so a run can be typed in afterwards.

Every box a player marks is also a field (`Canvas.field`), named as
`printkit.games.fox_rabbit.sheet_fields` names it: the fillable PDF makes it a form field,
the SVG page an element with that id. The drawing is the same for all of them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Literal

from printkit.draw import fonts
from printkit.draw.canvas import Align, Canvas, Field
from printkit.draw.color import GREY, INK, PAPER_TINT, RULE, WHITE
from printkit.draw.impose import Panel
from printkit.draw.text import draw_fitted, draw_paragraph, wrap
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import AIDS, GameMap, Mode, Trail
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import PRIMARY_LETTERS
from printkit.language import ENGLISH, Lang
from printkit.products.fox_rabbit import scan_marks
from printkit.products.fox_rabbit.cells import FILL, STROKE, animal_mark, colour_key, draw_cell
from printkit.products.fox_rabbit.words import (
    aid_name,
    animal_letter,
    animal_name,
    colour_name,
    map_name,
    map_words,
    mode_badge,
    mode_name,
    mode_word,
)

CELL = 30.0  # the largest a cell is drawn; narrower paper makes it smaller
GAP = 7.0
ROW = 40.0
_START_W = 24.0
_LOC_W = 60.0
#: The least side of a check box of a sheet drawn for the camera (layout 3 on), and the least
#: paper between it and any other box, in points (3.9 mm and 1.8 mm): layout 2's smallest
#: boxes (another mode's achievement, 7.5 pt; a title, 9 pt, 2 pt from the next) were read
#: ticked, sure, on photos where they were empty (docs/scan.md).
BOX = 11.0
BOX_GAP = 5.0
#: The room the mode's badge leaves on either side of its words (10 pt bold), from layout 3
#: on: their corners stay 4 pt or more inside its round ends.
BADGE_PAD = 8.0


def turn_steps(lang: Lang = ENGLISH) -> tuple[tuple[str, str], ...]:
    """Return a turn's five steps, in the words the referee's messages use (the rule summary
    says the rest)."""
    _ = lang.gettext
    return (
        (_("Roll"), _("all your dice.")),
        (_("Aids first"), _("each use crosses an active circle.")),
        (_("Cross cells"), _("in order, a die per cell; each animal follows one trail at a "
                             "time, to its end.")),
        (_("Eat"), _("at a trail's end, a food new to the animal; take a reward (it counts "
                     "from the next turn); tunnel if you like.")),
        (_("Farmer"), _("crosses the next trap.")),
    )

Mark = Callable[..., None]


class _Marks:
    """Marks the sheet's fields: each box drawn is named as sheet_fields names it."""

    def __init__(self, canvas: Canvas, game_map: GameMap, mode: Mode, lang: Lang,
                 layout: int) -> None:
        self.canvas = canvas
        self.spec = {f.name: f for f in sf.fields(game_map, mode, layout)}
        self.lang = lang
        self.layout = layout
        #: the sheet is drawn for the camera: its check boxes BOX at least, BOX_GAP apart
        self.camera = layout >= scan_marks.CAMERA_FROM

    def __call__(self, name: str, x: float, y: float, w: float, h: float, *,
                 shape: Literal["rect", "circle"] = "rect", size: float = 9.0,
                 align: Align = "center", lines: int = 1) -> None:
        f = self.spec[name]
        label = f.label_in(self.lang)  # what a PDF viewer's tooltip and a screen reader say
        form_kind: Literal["check", "text"] = "text" if f.kind.written else "check"
        self.canvas.field(Field(f.name, form_kind, label, shape=shape, align=align, size=size,
                                digits=f.digits, lines=lines),
                          x, y, w, h)


def map_line(game_map: GameMap, lang: Lang, layout: int = sf.LAYOUT) -> str:
    """Return the line under the title that names the map: `map: classic`, in the sheet's
    language from layout 3 on (`mapa: clásico`, `carte : variante 7`; in English by the
    name a record writes, `map: variant-7`), by its name in records before."""
    _ = lang.gettext
    name = map_name(game_map.name, lang) if layout >= scan_marks.CAMERA_FROM else game_map.name
    return _("map: {name}").format(name=name)


def _heading(canvas: Canvas, x: float, y: float, w: float, text: str, note: str = "") -> None:
    """Draw a section's heading, and a note after it in the room left on its line."""
    canvas.text(x, y + 10, text, font=fonts.BLACK, size=11, color=INK)
    if note:
        tw = fonts.width(text, fonts.BLACK, 11)
        draw_fitted(canvas, x + tw + 6, y, w - tw - 6, 10, note, fonts.REGULAR, 8, GREY,
                    valign="baseline")


def _tick_box(canvas: Canvas, mark: _Marks, name: str, x: float, y: float,
              s: float = 10) -> None:
    canvas.rect(x, y, s, s, stroke=INK, fill=WHITE, width=0.8, radius=1.5)
    mark(name, x, y, s, s)


def _start_marker(canvas: Canvas, x: float, y: float, trail: Trail, lang: Lang) -> None:
    """Draw where a trail begins: the animal's home, or a tunnel's arch."""
    letter = trail.id.animal_letter
    if trail.start == "start":
        canvas.circle(x + 11, y + CELL / 2, 11, stroke=INK, fill=PAPER_TINT, width=1.2)
        canvas.text(x + 11, y + CELL / 2 + 4, letter, font=fonts.BLACK, size=11, color=INK,
                    align="center")
    else:
        canvas.polygon([(x, y + CELL - 2), (x, y + 10), (x + 4, y + 4), (x + 11, y + 1),
                        (x + 18, y + 4), (x + 22, y + 10), (x + 22, y + CELL - 2)],
                       stroke=INK, fill=PAPER_TINT, width=1.2)
        # TRANSLATORS: the letter that marks a tunnel on the gamesheet (T for Tunnel)
        canvas.text(x + 11, y + CELL - 7, lang.gettext("T"), font=fonts.BLACK, size=9,
                    color=INK, align="center")


def cell_size(game_map: GameMap, w: float) -> tuple[float, float]:
    """Return the cell size and gap that fit the longest trail in an animal's column width w."""
    longest = max(len(t) for t in game_map.trails)
    room = w - _START_W - 8 - _LOC_W - 6
    gap = GAP if room / longest >= CELL + GAP else 5.0
    return min(CELL, room / longest - gap), gap


def _trail_row(canvas: Canvas, mark: _Marks, game_map: GameMap, x: float, y: float, w: float,
               trail: Trail) -> None:
    size, gap = cell_size(game_map, w)
    cells_x = x + _START_W + 8
    end_x = x + w - _LOC_W
    mid = y + CELL / 2
    canvas.line(x + _START_W, mid, end_x, mid, stroke=RULE, width=2.0)
    _start_marker(canvas, x, y, trail, mark.lang)
    canvas.text(x + 11, y + CELL + 9, str(trail.id), font=fonts.BOLD, size=8, color=INK,
                align="center")
    for i, cell in enumerate(trail.cells):
        cx, cy = cells_x + i * (size + gap), mid - size / 2
        draw_cell(canvas, cx, cy, size, cell.spec, str(cell.id))
        if cell.spec.is_circle:
            mark(str(cell.id), cx + size * 0.18, cy + size * 0.3, size * 0.64, size * 0.6,
                 size=size * 0.42)
        else:
            mark(str(cell.id), cx, cy, size, size)
    # the food location: the foods it offers
    location = game_map.location(trail.location)
    foods = [map_words(f.name, mark.lang) for f in game_map.foods if f.id in location.foods]
    box_h = max(CELL + 6, 10.0 * len(foods) + 6)
    by = mid - box_h / 2
    canvas.rect(end_x, by, _LOC_W, box_h, stroke=INK, fill=PAPER_TINT, width=1.0, radius=6)
    for j, name in enumerate(foods):
        draw_fitted(canvas, end_x + 2, by + 3 + j * 10, _LOC_W - 4, 10, name, fonts.BOLD, 8.5,
                    INK, "center")


def _animal(canvas: Canvas, mark: _Marks, game_map: GameMap, x: float, y: float, w: float,
            animal: str) -> float:
    _ = mark.lang.gettext
    trails = game_map.trails_of(animal)
    starts = ", ".join(str(t.id) for t in game_map.start_trails(animal))
    note = {"fox": _("starts from its den on {trails}; T: a tunnel, after eating"),
            "rabbit": _("starts from its burrow on {trails}; T: a tunnel, after eating")}
    name = animal_name(animal, mark.lang).upper()
    letter = animal_letter(animal, mark.lang)
    if not name.startswith(letter):  # the cell ids keep the English initials: say which
        name = f"{name} ({letter})"
    _heading(canvas, x, y, w, name, note[animal].format(trails=starts))
    ty = y + 19
    for trail in trails:
        _trail_row(canvas, mark, game_map, x, ty, w, trail)
        ty += ROW
    return ty


def _turn(canvas: Canvas, x: float, y: float, w: float, lang: Lang) -> float:
    """Draw a turn in five steps, in a strip across the page; return the y below it."""
    _ = lang.gettext
    label_w = 44.0
    steps = [_("{step}: {what}").format(step=head, what=rest) for head, rest in turn_steps(lang)]
    # each step gets room by how long it reads, so that a longer language keeps to 8 pt;
    # the strip is as tall as its longest step (a step's number takes 19 pt of its room)
    room = w - label_w - 4
    widths, lines = _step_widths(tuple(steps), room)
    leading = 9.2
    h = max(35.0, 7 + lines * leading)
    canvas.rect(x, y, w, h, stroke=RULE, fill=PAPER_TINT, width=0.8, radius=5)
    draw_fitted(canvas, x + 7, y + 3, label_w - 9, 12, _("A TURN"), fonts.BLACK, 9, INK,
                valign="baseline")
    draw_fitted(canvas, x + 7, y + 16, label_w - 9, 10, _("in order"), fonts.REGULAR, 8, GREY,
                valign="baseline")
    step_x = x + label_w
    for i, (text, sw) in enumerate(zip(steps, widths)):
        canvas.circle(step_x + 7, y + 10, 6, stroke=INK, fill=WHITE, width=0.9)
        canvas.text(step_x + 7, y + 13, str(i + 1), font=fonts.BLACK, size=8, color=INK,
                    align="center")
        draw_paragraph(canvas, step_x + 16, y + 4, sw - 19, text, fonts.REGULAR, 8, INK,
                       leading=leading)
        step_x += sw
    return y + h


@lru_cache(maxsize=16)
def _step_widths(steps: tuple[str, ...], room: float) -> tuple[tuple[float, ...], int]:
    """Return the room of each step and the fewest lines the longest needs, at 8 pt.

    Each step is given the narrowest room that holds it in that many lines (its number
    takes 19 pt); what is left over is shared out by length. Kept for each language and
    paper: the search wraps each step some forty times, and the photo reader draws a
    sheet of each candidate twice (its boxes, its picture).
    """
    def narrowest(text: str, most: int) -> float:
        low, high = fonts.width(max(text.split(), key=len), fonts.REGULAR, 8), \
            fonts.width(text, fonts.REGULAR, 8)
        while high - low > 0.5:
            mid = (low + high) / 2
            low, high = (mid, high) if len(wrap(text, fonts.REGULAR, 8, mid)) > most else \
                (low, mid)
        return high + 19

    for lines in range(1, 8):
        need = [narrowest(text, lines) for text in steps]
        if sum(need) <= room:
            spare = room - sum(need)
            longs = [fonts.width(text, fonts.REGULAR, 8) for text in steps]
            return tuple(n + spare * k / sum(longs) for n, k in zip(need, longs)), lines
    return (room / len(steps),) * len(steps), 8


def _foods(canvas: Canvas, mark: _Marks, game_map: GameMap, x: float, y: float,
           w: float) -> float:
    _ = mark.lang.gettext
    _heading(canvas, x, y, w, _("FOOD"), _("tick the box of the animal that eats it; circle a "
                                            "food the first time it is eaten, cross it the "
                                            "second"))
    y += 15
    cell = w / len(game_map.foods)
    h = 31.0
    for i, food in enumerate(game_map.foods):
        fx = x + i * cell
        canvas.rect(fx + 2, y, cell - 4, h, stroke=INK, fill=None, width=1.0, radius=5)
        draw_fitted(canvas, fx + 2, y + 1, cell - 4, 13, map_words(food.name, mark.lang),
                    fonts.BOLD, 10, INK, "center")
        inner = cell - 4
        for j, animal in enumerate(ANIMALS):
            bx = fx + 2 + inner / 2 * j
            animal_mark(canvas, animal, bx + inner / 4 - 12, y + 21.5, 12)
            _tick_box(canvas, mark, sf.food_field(animal, food.id), bx + inner / 4 - 4, y + 16,
                      11)
    return y + h


def _aids(canvas: Canvas, mark: _Marks, game_map: GameMap, mode: Mode, x: float, y: float,
          w: float) -> float:
    _ = mark.lang.gettext
    _heading(canvas, x, y, w, _("DICE & AIDS"), _("one reward per food, from the next turn"))
    y += 17
    rewards = _("Rewards")
    # the row labels' column: on a sheet drawn for the camera as wide as its words at 9 pt
    label_w = max(50.0, *(fonts.width(t, fonts.BOLD, 9) for t in
                          (rewards, *(aid_name(a, mark.lang) for a in AIDS)))) \
        if mark.camera else 50.0
    draw_fitted(canvas, x, y - 2, label_w, 11, rewards, fonts.BOLD, 9, INK, valign="baseline")
    # paper between the widest label (Récompenses) and the dice and circles right of it
    col = x + label_w + (5 if mark.camera else 2)
    ex = col
    die = _("die")
    for letter in PRIMARY_LETTERS:
        canvas.rect(ex, y, 13, 13, stroke=STROKE[letter], fill=FILL[letter], width=1.2, radius=2.5)
        canvas.text(ex + 6.5, y + 9.8, letter, font=fonts.BOLD, size=8.5, color=STROKE[letter],
                    align="center")
        draw_fitted(canvas, ex + 16, y - 2, 19, 11.5, die, fonts.REGULAR, 8, INK,
                    valign="baseline")
        mark(sf.die_field(letter), ex, y, 13, 13)
        ex += 36
    gained = sf.gained_circles(game_map, mode)
    r = 6.5
    # the rows of circles as far apart as the camera needs their boxes (13 + BOX_GAP)
    row = 13 + BOX_GAP if mark.camera else 17.0
    gain, gain_pitch = (BOX, BOX + BOX_GAP) if mark.camera else (10.0, 14.0)
    gx = max(ex + 4, col + game_map.aid_circles * (2 * r + 6) + 8)
    if gained:
        draw_fitted(canvas, gx - 2, y - 2, x + w - gx + 2, 11.5, _("or gain"), fonts.REGULAR, 8,
                    GREY, valign="baseline")
    y += row
    for aid in AIDS:
        draw_fitted(canvas, x, y + r + 3.2 - 11, label_w, 11, aid_name(aid, mark.lang),
                    fonts.BOLD, 9, INK, valign="baseline")
        for k in range(game_map.aid_circles):
            cx = col + r + k * (2 * r + 6)
            active = k < mode.active_circles
            canvas.circle(cx, y + r, r, stroke=INK, fill=PAPER_TINT if active else WHITE,
                          width=1.3 if active else 0.8, dash=None if active else (2, 2))
            mark(sf.circle_field(aid, k + 1), cx - r, y, 2 * r, 2 * r, shape="circle")
        for k in range(gained):
            gy = y + r - gain / 2
            canvas.rect(gx + k * gain_pitch, gy, gain, gain, stroke=INK, fill=WHITE, width=0.8,
                        radius=1.5)
            mark(sf.gained_field(aid, k + 1), gx + k * gain_pitch, gy, gain, gain)
        y += row
    return draw_paragraph(canvas, x, y, w, _("Solid circles are active; a reward ticks a die "
                                             "or a box that makes a dashed circle active. "
                                             "Cross a circle for each aid used."),
                          fonts.REGULAR, 8, GREY, leading=9.5)


def _farmer(canvas: Canvas, mark: _Marks, game_map: GameMap, mode: Mode, x: float, y: float,
            w: float) -> float:
    lang = mark.lang
    _ = lang.gettext
    farmer = game_map.farmer
    _heading(canvas, x, y, w, _("FARMER BROWN"), _("cross the next trap after every turn"))
    y += 18
    n = farmer.traps
    gap = BOX_GAP if mark.camera else 3.0
    # the prized trap is drawn 6 points larger
    s = min(22.0, (w - 6 - (n - 1) * gap) / n) if mark.camera else min(22.0, (w - 30) / n - 3)
    for i in range(n):
        tx = x + i * (s + gap)
        last = i == n - 1
        size = s + 6 if last else s
        ty = y - (3 if last else 0)
        canvas.rect(tx, ty, size, size, stroke=INK, fill=PAPER_TINT if last else WHITE,
                    width=2.0 if last else 0.9, radius=3)
        canvas.text(tx + size / 2, ty + size / 2 + 3, str(i + 1), font=fonts.REGULAR, size=8,
                    color=GREY,
                    align="center")
        mark(sf.trap_field(i + 1), tx, ty, size, size)
    prized = _("prized trap")
    prized_w = fonts.width(prized, fonts.BOLD, 8)
    centre = x + (n - 1) * (s + gap) + (s + 6) / 2
    # centred under the prized trap, unless that would run past the column's right edge
    px = min(centre, x + w - prized_w / 2)
    canvas.text(px, y + s + 13, prized, font=fonts.BOLD, size=8, color=INK, align="center")
    y += s + 20
    draw_fitted(canvas, x, y - 11, 60, 11, _("Farmer's aids"), fonts.BOLD, 8.5, INK,
                valign="baseline")
    draw_fitted(canvas, x, y, 60, 10, _("against"), fonts.REGULAR, 8, GREY, valign="baseline")
    ax = x + 62
    for aid in AIDS:
        draw_fitted(canvas, ax, y - 12, 58, 11, aid_name(aid, lang), fonts.BOLD, 8.5, INK,
                    valign="baseline")
        for j, animal in enumerate(ANIMALS):
            bx = ax + j * 24
            animal_mark(canvas, animal, bx + 2, y + 7, 10)
            _tick_box(canvas, mark, sf.farmer_field(aid, animal), bx + 9, y + 2,
                      BOX if mark.camera else 10)
        ax += 62
    y += 16
    if mode.farmer_aids_per_attempt is None:
        text = _("In the endgame the farmer may use any number per trigger attempt; "
                 "each box serves once against each animal's trap: the animal drawn beside it. "
                 "He plays to catch.")
    else:
        text = _("In the endgame the farmer may use one aid per trigger attempt; each box "
                 "serves once against each animal's trap: the animal drawn beside it. He plays to "
                 "catch.")
    y = draw_paragraph(canvas, x, y, w, text, fonts.REGULAR, 8, GREY, leading=9.5)
    # on a sheet drawn for the camera the traps' requirements are the farmer's: they make
    # room in the left column for its larger boxes
    return _trap_lines(canvas, game_map, x, y + 4, w, lang) if mark.camera else y


def _trap_lines(canvas: Canvas, game_map: GameMap, x: float, y: float, w: float,
                lang: Lang) -> float:
    """Draw what the farmer rolls against each trap and what it needs, a line each; return
    the y below them."""
    _ = lang.gettext
    for animal in ANIMALS:
        trap = game_map.farmer.trap(animal)
        req = trap.requirement
        trap_words = {"fox": _("Fox trap: the farmer rolls {dice}; {needs}"),
                      "rabbit": _("Rabbit trap: the farmer rolls {dice}; {needs}")}
        line = trap_words[animal].format(dice=" ".join(trap.dice), needs=_requirement(
            req.colour, req.sums, req.cap, lang))
        draw_fitted(canvas, x, y, w, 11, line, fonts.REGULAR, 9, INK, valign="baseline")
        y += TRAP_LINE
    return y


#: The ESCAPE paragraph's size and leading, and the gap below the requirement table, largest
#: first: in a language whose words run longer the next is taken, so that the left column
#: still ends where the English one does, above the footer (8 pt is the sheet's floor).
_ESCAPE_SIZES = ((8.5, 10.0, 12.0), (8.25, 9.5, 12.0), (8.0, 9.0, 12.0), (8.0, 8.6, 8.0))
#: A trap line's height.
TRAP_LINE = 11.5
#: What the ESCAPE block takes besides its paragraph: the heading and the requirement table
#: (head and two rows); when the block holds them, the two trap lines and the gap above them.
_ESCAPE_FIXED = 16 + 4 + (14 + 2 * 17)


def _escape_size(text: str, w: float, room: float,
                 trap_lines: bool) -> tuple[float, float, float]:
    """Return the largest (size, leading, gap) at which the ESCAPE block fits in `room`."""
    from printkit.draw.recording import RecordingCanvas

    for size, leading, gap in _ESCAPE_SIZES:
        height = draw_paragraph(RecordingCanvas(w, 1000), 0, 0, w, text, fonts.REGULAR, size,
                                INK, leading=leading)
        below = gap + 2 * TRAP_LINE if trap_lines else 0.0
        if _ESCAPE_FIXED + below + height <= room + 0.01:
            return size, leading, gap
    return _ESCAPE_SIZES[-1]


def _requirements(canvas: Canvas, game_map: GameMap, mode: Mode, x: float, y: float,
                  w: float, lang: Lang, room: float, trap_lines: bool,
                  camera: bool = False) -> float:
    """Draw the ESCAPE block: when it begins, the escape requirements, and (`trap_lines`)
    the traps'; return the y below it."""
    _ = lang.gettext
    if mode.escape_threshold == "all":
        threshold = _("each of the six foods has been eaten at least once")
    else:
        threshold = _("{count} foods are eaten (by both animals together)").format(
            count=mode.escape_threshold)
    _heading(canvas, x, y, w, _("ESCAPE"))
    y += 16
    text = _("May begin once {threshold} and each animal has eaten; the prized trap forces "
             "it. Roll some of your dice: 2-4 of the two colours, one of each at least, make "
             "the sum; all dice rolled stay within the total. Aids: circles as in a turn, and "
             "one aid free.").format(threshold=threshold)
    size, leading, gap = _escape_size(text, w, room, trap_lines)
    y = draw_paragraph(canvas, x, y, w, text, fonts.REGULAR, size, INK, leading=leading) + 4
    # on a sheet drawn for the camera the requirements' columns are wider, with paper to
    # their rules, which the Spanish and French ones touched (naranja 10/11, total ≤ 13)
    col, pad = (([w * 0.16, w * 0.42, w * 0.42], 2.0) if camera
                else ([w * 0.2, w * 0.4, w * 0.4], 0.0))
    head_h, row_h = 14.0, 17.0
    cx = x
    tier_from = game_map.higher_tier_from
    for label, cw in zip(("", _("under {count} foods").format(count=tier_from),
                          _("{count}+ foods").format(count=tier_from)), col):
        canvas.rect(cx, y, cw, head_h, stroke=None, fill=PAPER_TINT)
        draw_fitted(canvas, cx, y, cw, head_h, label, fonts.BOLD, 8.5, INK, "center")
        cx += cw
    for r, animal in enumerate(ANIMALS):
        ry = y + head_h + r * row_h
        draw_fitted(canvas, x, ry, col[0], row_h, animal_name(animal, lang), fonts.BOLD, 9, INK,
                    "center")
        for t, tier in enumerate(("lower", "higher")):
            req = game_map.escape[(animal, tier)]
            draw_fitted(canvas, x + col[0] + t * col[1], ry, col[1], row_h,
                        _requirement(req.colour, req.sums, req.cap, lang), fonts.REGULAR, 9,
                        INK, "center", pad=pad)
    table_h = head_h + 2 * row_h
    canvas.rect(x, y, w, table_h, stroke=INK, fill=None, width=0.9)
    for line_y in (y + head_h, y + head_h + row_h):
        canvas.line(x, line_y, x + w, line_y, stroke=RULE, width=0.5)
    for line_x in (x + col[0], x + col[0] + col[1]):
        canvas.line(line_x, y, line_x, y + table_h, stroke=RULE, width=0.5)
    y += table_h
    return _trap_lines(canvas, game_map, x, y + gap, w, lang) if trap_lines else y


def _requirement(colour: str, sums: tuple[int, ...], cap: int, lang: Lang) -> str:
    """Return a requirement as the sheet states it: 'orange 10/11, all ≤ 13'."""
    return lang.gettext("{colour} {sums}, all ≤ {cap}").format(
        colour=colour_name(colour, lang), sums="/".join(map(str, sums)), cap=cap)


#: The endgame log's writing lines, in points, two to an attempt: 17.1 apart (6 mm) on a
#: sheet drawn for the camera, 15.6 (5.5 mm, for 4 mm handwriting) in layout 2; the row
#: labels' column.
LOG_LINE = 17.1
LOG_LINE_2 = 15.6
LOG_LABEL_W = 56.0


def _attempt_kinds(lang: Lang) -> tuple[tuple[bool, str, str], ...]:
    """Return the attempts of a round, in the order they are made (as sheet_fields lists
    them): (by the farmer, animal, label)."""
    _ = lang.gettext
    return ((False, "fox", _("Fox escapes")), (False, "rabbit", _("Rabbit escapes")),
            (True, "fox", _("Trap vs fox")), (True, "rabbit", _("Trap vs rabbit")))


def _endgame(canvas: Canvas, mark: _Marks, x: float, y: float, w: float) -> float:
    """Draw the endgame log: a row for each attempt of a round, in the order they are made,
    and a column for each round; an attempt is two writing lines with its tick in the bottom
    right corner. Return the y below it."""
    _ = mark.lang.gettext
    rounds = sf.LOG_ROUNDS
    _heading(canvas, x, y, w, _("ENDGAME"), _("write the dice, then any aids (R5 Y6 flip Y6); "
                                              "tick if it works"))
    y += 14
    attempts = _attempt_kinds(mark.lang)
    line = LOG_LINE if mark.camera else LOG_LINE_2
    head_h, row_h = 11.0, 2 * line
    col_w = (w - LOG_LABEL_W) / rounds
    # the tick in the bottom right corner, and the paper the written field leaves beside it
    tick, tick_in, beside = (BOX, 4.0, BOX_GAP) if mark.camera else (10.0, 2.5, 1.5)
    total_h = head_h + len(attempts) * row_h
    canvas.rect(x, y, w, head_h, stroke=None, fill=PAPER_TINT)
    for r in range(1, rounds + 1):
        draw_fitted(canvas, x + LOG_LABEL_W + (r - 1) * col_w, y, col_w, head_h,
                    f"{_('Round')} {r}", fonts.BOLD, 8.5, INK, "center")
    for i, (_farmer, animal, label) in enumerate(attempts):
        ry = y + head_h + i * row_h
        animal_mark(canvas, animal, x + 7.5, ry + row_h / 2, 9)
        # the label on as many lines as it needs (three fit the row), centred on the row
        label_lines = wrap(label, fonts.BOLD, 8, LOG_LABEL_W - 17)
        top = ry + row_h / 2 - 4.5 * len(label_lines) + 6.5
        for k, text in enumerate(label_lines):
            canvas.text(x + 14, top + 9 * k, text, font=fonts.BOLD, size=8, color=INK)
        if i:
            canvas.line(x, ry, x + w, ry, stroke=INK if i == 2 else RULE,
                        width=0.9 if i == 2 else 0.5)
    # the boxes round by round, as sheet_fields lists them
    for r in range(1, rounds + 1):
        cx = x + LOG_LABEL_W + (r - 1) * col_w
        for i, (farmer, animal, _label) in enumerate(attempts):
            ry = y + head_h + i * row_h
            # the first line's foot, dotted: the second line is below it
            canvas.line(cx + 4, ry + line, cx + col_w - 4, ry + line, stroke=RULE,
                        width=0.5, dash=(1, 2))
            tick_x = cx + col_w - tick_in - tick
            mark(sf.attempt_field(r, animal, farmer), cx + 1, ry + 1, tick_x - beside - cx - 1,
                 row_h - 2, size=9, align="left", lines=2)
            # the tick in the bottom right corner: the roll, the longer part, has the whole
            # first line (its foot runs on past the box's field, to the column's edge)
            _tick_box(canvas, mark, sf.outcome_field(r, animal, farmer), tick_x,
                      ry + row_h - 2.5 - tick, tick)
    canvas.rect(x, y, w, total_h, stroke=INK, fill=None, width=0.9)
    for r in range(rounds):
        cx = x + LOG_LABEL_W + r * col_w
        canvas.line(cx, y, cx, y + total_h, stroke=INK if r == 0 else RULE,
                    width=0.9 if r == 0 else 0.5)
    return draw_paragraph(canvas, x, y + total_h + 1.5, w, _(
        "Past round {rounds}, continue on the back of the sheet, in the same order.").format(
        rounds=rounds), fonts.REGULAR, 8, GREY, leading=9.5)


def _achievements(canvas: Canvas, mark: _Marks, game_map: GameMap, mode: Mode, x: float,
                  y: float, w: float) -> float:
    """Draw the achievements: the mode's own, one to a line; on a sheet drawn for the camera
    only those (another mode's is never earned on it), in layout 2 then the other modes', a
    smaller line each (10.6 pt apart: on the page's zoomed sheet a tap area is still a
    fingertip, 44 px). Return the y below them."""
    lang = mark.lang
    _heading(canvas, x, y, w, lang.gettext("ACHIEVEMENTS"), lang.gettext(
        "this sheet counts for {mode} mode").format(mode=mode_word(mode.id, lang))
        if mark.camera else
        lang.gettext("this sheet counts for {mode}").format(mode=mode_name(mode.id, lang)))
    # a box drawn for the camera is larger: its line as far below the heading as it needs
    y += 22 if mark.camera else 18.5
    every = game_map.scoring.achievements
    box, pitch = (BOX, BOX + BOX_GAP) if mark.camera else (9.0, 10.6)
    for achievement in [a for a in every if a.mode == mode.id]:
        _tick_box(canvas, mark, achievement.id, x, y - 3 - box / 2, box)
        draw_fitted(canvas, x + box + 5, y - 13, w - box - 5, 13,
                    map_words(achievement.text, lang), fonts.BOLD, 9, INK, valign="baseline")
        y += pitch
    if mark.camera:
        return y - pitch + 10.6  # what follows, as far below the last as in layout 2
    y += 0.5  # the own lines' boxes are larger: as far from the next as the others are apart
    for achievement in [a for a in every if a.mode != mode.id]:
        _tick_box(canvas, mark, achievement.id, x + 1, y - 6.5, 7.5)
        draw_fitted(canvas, x + 14, y - 11, w - 14, 11, map_words(achievement.text, lang),
                    fonts.REGULAR, 8, GREY, valign="baseline")
        y += 10.6
    return y


def _endgame_1(canvas: Canvas, mark: _Marks, x: float, y: float, w: float) -> float:
    """Draw layout 1's endgame log (a row per round, a box per attempt, for four rounds);
    return the y below it."""
    rounds = sf.LOG_ROUNDS_OF_LAYOUT[1]
    _ = mark.lang.gettext
    _heading(canvas, x, y, w, _("ENDGAME"), _("write the dice, then any aids (R5 Y6 flip Y6); "
                                              "tick if it works"))
    y += 16
    columns = _attempt_kinds(mark.lang)
    widths = [w * 0.08] + [w * 0.23] * 4
    head_h, row_h = 14.0, 20.0
    cx = x
    for label, cw in zip(["#"] + [c[2] for c in columns], widths):
        canvas.rect(cx, y, cw, head_h, stroke=None, fill=PAPER_TINT)
        draw_fitted(canvas, cx, y, cw, head_h, label, fonts.BOLD, 8.5, INK, "center")
        cx += cw
    for r in range(1, rounds + 1):
        ry = y + head_h + (r - 1) * row_h
        canvas.text(x + widths[0] / 2, ry + row_h / 2 + 3, str(r), font=fonts.REGULAR, size=9,
                    color=GREY,
                    align="center")
        cx = x + widths[0]
        for (farmer, animal, _label), cw in zip(columns, widths[1:]):
            mark(sf.attempt_field(r, animal, farmer), cx + 1, ry + 1, cw - 16, row_h - 2,
                 size=8, align="left", lines=2)
            _tick_box(canvas, mark, sf.outcome_field(r, animal, farmer), cx + cw - 13,
                      ry + (row_h - 10) / 2)
            cx += cw
        canvas.line(x, ry, x + w, ry, stroke=RULE, width=0.5)
    total_h = head_h + rounds * row_h
    canvas.rect(x, y, w, total_h, stroke=INK, fill=None, width=0.9)
    cx = x
    for cw in widths[:-1]:
        cx += cw
        canvas.line(cx, y, cx, y + total_h, stroke=RULE, width=0.5)
    return draw_paragraph(canvas, x, y + total_h + 3, w, _(
        "A round: each animal inside tries to escape, then the farmer tries each trap. Past "
        "round {rounds}, go on below.").format(rounds=rounds), fonts.REGULAR, 8, GREY,
        leading=9.5)


def _title_pitch(camera: bool) -> float:
    """Return how far apart the titles' lines are: their boxes BOX_GAP apart for the camera."""
    return BOX + BOX_GAP if camera else 11.0


def _score_height(game_map: GameMap, camera: bool) -> float:
    """Return the height the SCORE block takes: its heading, the boxes and the titles."""
    return 17 + 46 + _title_pitch(camera) * len(game_map.scoring.titles)


def _score(canvas: Canvas, mark: _Marks, game_map: GameMap, x: float, y: float,
           w: float) -> float:
    _ = mark.lang.gettext
    scoring = game_map.scoring
    _heading(canvas, x, y, w, _("SCORE"), _("traps left count only if an animal escaped"))
    y += 17
    labels = (_("foods × {points}").format(points=scoring.per_food),
              _("escaped × {points}").format(points=scoring.per_escape),
              _("traps left × {points}").format(points=scoring.per_trap_left), _("total"))
    cell = w / len(labels)
    for i, ((name, _label), label) in enumerate(zip(sf.SCORE_FIELDS, labels)):
        bx = x + i * cell
        last = i == len(labels) - 1
        canvas.rect(bx + 4, y, cell - 8, 22, stroke=INK, fill=PAPER_TINT if last else WHITE,
                    width=1.6 if last else 0.9, radius=2)
        mark(name, bx + 4, y, cell - 8, 22, size=12)
        draw_fitted(canvas, bx, y + 24, cell, 11, label, fonts.BLACK if last else fonts.BOLD,
                    8.5, INK, "center")
        if not last:
            canvas.text(bx + cell, y + 15, "=" if i == len(labels) - 2 else "+", font=fonts.BOLD,
                        size=10, color=GREY, align="center")
    y += 46
    titles = scoring.titles
    box = BOX if mark.camera else 9.0
    # the title's words where they always began, whatever the box's size
    span_x, title_x = x + box + (4 if mark.camera else 5), x + 42
    for i, title in enumerate(titles):
        upper = titles[i + 1].minimum - 1 if i + 1 < len(titles) else None
        span = f"{title.minimum}-{upper}" if upper is not None else f"{title.minimum}+"
        _tick_box(canvas, mark, sf.title_field(i), x, y - 3 - box / 2, box)
        canvas.text(span_x, y, span, font=fonts.BOLD, size=8.5, color=INK)
        draw_fitted(canvas, title_x, y - 12, x + w - title_x, 12,
                    map_words(title.title, mark.lang), fonts.ITALIC, 8.5, INK, valign="baseline")
        y += _title_pitch(mark.camera)
    return y


def _achievements_1(canvas: Canvas, mark: _Marks, game_map: GameMap, mode: Mode, x: float,
                    y: float, w: float) -> float:
    """Draw layout 1's achievements: every mode's, one to a line."""
    lang = mark.lang
    _heading(canvas, x, y, w, lang.gettext("ACHIEVEMENTS"),
             lang.gettext("this sheet counts for {mode}").format(mode=mode_name(mode.id, lang)))
    y += 20
    for achievement in game_map.scoring.achievements:
        mine = achievement.mode == mode.id
        _tick_box(canvas, mark, achievement.id, x, y - 7.5, 9)
        draw_fitted(canvas, x + 14, y - 13, w - 14, 13, map_words(achievement.text, lang),
                    fonts.BOLD if mine else fonts.REGULAR, 9, INK if mine else GREY,
                    valign="baseline")
        y += 12
    return y


def draw(canvas: Canvas, w: float, h: float, game_map: GameMap, mode: Mode,
         difficulty: str = "", lang: Lang = ENGLISH, code: str = "",
         layout: int = sf.LAYOUT) -> None:
    """Draw the whole gamesheet in a w × h box; `difficulty` is the measured-difficulty note
    printed under the achievements ('' prints none); `code`, when given, is the text of the
    sheet's QR code, printed with corner markers for a camera (`scan_marks`). `layout` is
    the version of the endgame log and achievements (`sheet_fields.LOG_ROUNDS_OF_LAYOUT`):
    an older one is drawn only to read a photo of a sheet printed in it."""
    _ = lang.gettext
    mark = _Marks(canvas, game_map, mode, lang, layout)
    title = map_words(game_map.title, lang)
    if mark.camera:
        badge = mode_badge(mode.id, lang)
        badge_w = max(86.0, fonts.width(badge, fonts.BOLD, 10) + 2 * BADGE_PAD)
    else:
        badge = _("{mode} mode").format(mode=mode_name(mode.id, lang))
        badge_w = max(86.0, fonts.width(badge, fonts.BOLD, 10) + 8)
    code_room = scan_marks.code_room(layout) if code else 0.0
    title_size = draw_fitted(canvas, 0, -5, w * 0.66 - badge_w - 16 - code_room, 25, title,
                             fonts.BLACK, 20, INK, valign="baseline", min_size=14).size
    tw = fonts.width(title, fonts.BLACK, title_size)
    canvas.rect(tw + 10, 4, badge_w, 20, stroke=INK, fill=PAPER_TINT, width=1.2, radius=10)
    draw_fitted(canvas, tw + 10, 4, badge_w, 20, badge, fonts.BOLD, 10, INK, "center")
    canvas.text(0, 33, map_line(game_map, lang, layout), font=fonts.REGULAR, size=8.5,
                color=GREY)
    date = _("Date")
    date_w = max(26.0, fonts.width(date, fonts.BOLD, 9) + 6)
    canvas.text(w * 0.66, 20, date, font=fonts.BOLD, size=9, color=INK)
    canvas.line(w * 0.66 + date_w, 21, w, 21, stroke=RULE, width=0.75)
    mark("date", w * 0.66 + date_w + 1, 8, w * 0.34 - date_w - 1, 13, size=10, align="left")
    if code and mark.camera:
        # beside the code, what reads it
        # TRANSLATORS: printkit's command stays as it is; the photo's file name may be yours
        draw_fitted(canvas, w * 0.66, 23, w * 0.34, 10,
                    _("printkit validate photo.jpg reads this sheet"), fonts.REGULAR, 8, GREY,
                    valign="baseline")
    # a sheet drawn for the camera takes some of the room its larger boxes need from the
    # key (its chips 14 pt, not 18) and the gaps between the blocks
    key_h, gap = (20.0, 4.0) if mark.camera else (24.0, 6.0)
    y = _turn(canvas, 0, 40, w, lang) + gap
    colour_key(canvas, 0, y, w, key_h, lang)
    y += key_h + 4
    half = (w - 18) / 2
    bottom = max(_animal(canvas, mark, game_map, 0, y, half, "fox"),
                 _animal(canvas, mark, game_map, half + 18, y, half, "rabbit"))
    canvas.line(half + 9, y, half + 9, bottom - 12, stroke=RULE, width=0.6, dash=(1, 3))
    y = bottom + 1
    y = _foods(canvas, mark, game_map, 0, y, w) + (8.0 if mark.camera else 10.0)
    left_w = w * 0.42
    right_x = left_w + 18
    right_w = w - right_x
    a = _aids(canvas, mark, game_map, mode, 0, y, left_w)
    b = _farmer(canvas, mark, game_map, mode, right_x, y, right_w)
    farmer_end = b
    # on a sheet drawn for the camera each column goes on from its own block (the farmer's,
    # holding the traps' lines, runs longer)
    y = (a if mark.camera else max(a, b)) + 8
    a = _requirements(canvas, game_map, mode, 0, y, left_w, lang,
                      room=h - y - 6 - _score_height(game_map, mark.camera),
                      trap_lines=not mark.camera, camera=mark.camera) + 6
    _score(canvas, mark, game_map, 0, a, left_w)
    if layout == 1:
        b = _endgame_1(canvas, mark, right_x, y, right_w) + 7
        b = _achievements_1(canvas, mark, game_map, mode, right_x, b, right_w)
    else:
        # the endgame follows the farmer it is about, whether or not DICE & AIDS runs longer
        b = _endgame(canvas, mark, right_x, farmer_end + 8, right_w) + (6 if mark.camera else 4)
        b = _achievements(canvas, mark, game_map, mode, right_x, b, right_w)
    if difficulty:
        # the measured difficulty, in the achievements' corner: its % are about them
        headline, _sep, meaning = difficulty.partition("\n")
        draw_fitted(canvas, right_x, b - 6, right_w, 11, headline, fonts.BOLD, 8.5, INK,
                    valign="baseline")
        if meaning:
            draw_paragraph(canvas, right_x, b + 7, right_w, meaning, fonts.REGULAR, 8, GREY,
                           leading=9.5)
    if code:
        scan_marks.draw(canvas, w, h, code, layout)


def panel(game_map: GameMap, mode: Mode, difficulty: str = "", lang: Lang = ENGLISH,
          code: str = "", layout: int = sf.LAYOUT) -> Panel:
    """Return the gamesheet as a panel that needs a whole sheet of paper (with the markers
    and QR code of `code`, when given), in the layout printed today or an older one."""
    return Panel(lambda c, w, h: draw(c, w, h, game_map, mode, difficulty, lang, code, layout),
                 520, 700,
                 lang.gettext("{title} gamesheet").format(title=map_words(game_map.title, lang)))
