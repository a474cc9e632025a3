"""The rules narrow a trail's circles together: a circle's number is made by its colour's
dice (`circle_problem`) and higher than the number before it on its trail, printed or
written (`trail_numbers`, which weighs the readings of a trail's circles together: a
reading that no reading of its neighbours fits is ruled out). Asked by `narrowing.narrow`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.dice import COLOUR_BITS, FACES, makeable
from printkit.games.fox_rabbit.narrowed import Narrowed, Reading, narrowed_reading
from printkit.message import Said, tr


def circle_problem(game_map: GameMap, cell_id: str, number: int, previous: int
                   ) -> Said | None:
    """Return why a circle cannot hold `number` (its colour's dice cannot make it, or it is
    not higher than `previous`, the number before it on its trail), or None if it can."""
    colour = game_map.cell(cell_id).spec.colour
    made = makeable(colour)
    if number not in made:
        return tr("{colour} numbers run from {low} to {high}, not {number}",
                  colour=terms.colour(colour), low=made[0], high=made[-1], number=number)
    if number <= previous:
        return tr("the number written must be higher than {previous}, the number before it "
                  "on the trail", previous=previous)
    return None


#: A step along a trail: a printed number, a circle read (its name, and its numbers with
#: their chances; `free` when none of them fits the order, so that it is asked and the
#: circles after it are judged against what its ink says), or a circle left empty (None).
Step = int | tuple[str, list[tuple[int, float]], bool] | None


#: A circle's ink may not read what is written at all (a 10 whose 1 joins its 0, read 6 or
#: 8), and then it says nothing of the circles around it on its trail: a circle's readings
#: are weighed against its neighbours' as though each also held every number its colour
#: makes, together this share of the chance, so that a circle read clearly is not overruled
#: by a neighbour's misread ink (g2-dev-pens 2400010's R-C2, a 9 read at 0.995, was
#: suggested 4: the black circle after it, a 10, read 6 or 8). It orders the readings the
#: rules leave; none is offered or ruled out by it, and a circle is sure only as the
#: readings alone make it. On the tuning photos (docs/scan-measurement.md, "A crossed
#: circle whose ink spells nothing, and a neighbour misread"), 0.01 and 0.03 read one circle
#: more right than 0, none fewer; given each circle's own readings too, 0.03 asked 2 circles
#: sure on main, 0.1 41.
MISREAD = 0.01
#: A circle's number is made by dice the player owns when it is written: at most those the
#: sheet's ticks give by the endgame (`SheetState.dice`, the dice a game starts with and
#: those won), each showing 6 at most. A reading the dice of its colour's primaries cannot
#: make so (`most_made`: a purple 12 whose 1 is read 2, `22`, where the player owns one
#: red die and one blue) has its chance weighed by this share where the trail's readings
#: are ordered: offered after those they can make, never ruled out (a die won whose tick is
#: read empty), and a circle is sure only as the readings alone make it. On the tuning
#: photos (docs/scan-measurement.md, "A circle's number the player's dice cannot make")
#: no circle written holds a number beyond them; at 0.05 the seven folders read 970 values
#: right (main 969), none lost anywhere; 0.1 made none right, and under 0.03 a number read
#: clearly beyond the dice (0.98) would be offered second: the player's claim hidden.
BEYOND_DICE = 0.05


def most_made(colour: str, dice: Sequence[int]) -> int:
    """Return the highest number a circle of `colour` can hold with `dice` (the dice owned of
    each primary, red, blue, yellow): 6 for each die of the colour's primaries."""
    bits = COLOUR_BITS[colour]
    return max(FACES) * sum(n for i, n in enumerate(dice) if bits >> i & 1)


def trail_numbers(game_map: GameMap, trail: int, readings: Mapping[str, Sequence[Reading]],
                  dice: Sequence[int]) -> dict[str, Narrowed]:
    """Return the circles of a trail (by index in `game_map.trails`) narrowed together: the
    chance of a reading is that of every way the trail's readings fit its rising order with
    it (a circle with no readings is not crossed), each circle's readings taken with
    `MISREAD` of its colour's numbers, and those the player's `dice` (owned by the endgame,
    of each primary) cannot make weighed by `BEYOND_DICE`. A circle none of whose readings
    fits is asked, and the circles after it are judged against what its ink reads."""
    plain = _trail_numbers(game_map, trail, readings)
    if MISREAD <= 0:
        return plain
    spread: dict[str, Sequence[Reading]] = {}
    for key, ink in readings.items():
        colour = game_map.cell(key).spec.colour
        made = makeable(colour)
        chances = {r.text: r.chance * (1 - MISREAD) for r in ink}
        for number in made:
            chances[str(number)] = chances.get(str(number), 0.0) + MISREAD / len(made)
        most = most_made(colour, dice)
        spread[key] = [Reading(t, c * BEYOND_DICE if t.isdigit() and int(t) > most else c)
                       for t, c in chances.items()]
    weighed = _trail_numbers(game_map, trail, spread)
    out: dict[str, Narrowed] = {}
    for key, n in plain.items():
        # the readings the rules leave, and those they rule out, as before: only their order
        # and chances are the weighed trail's
        chances = {r.text: r.chance for r in weighed[key].left}
        total = sum(chances.get(r.text, 0.0) for r in n.left)
        if total <= 0:
            out[key] = n
            continue
        left = tuple(sorted((Reading(r.text, chances.get(r.text, 0.0) / total) for r in n.left),
                            key=lambda r: -r.chance))
        out[key] = replace(n, left=left, sure=n.sure and left[0].text == n.value)
    return out


def _trail_numbers(game_map: GameMap, trail: int, readings: Mapping[str, Sequence[Reading]]
                   ) -> dict[str, Narrowed]:
    """Return the circles of a trail narrowed together (`trail_numbers`), their readings as
    given."""
    steps: list[Step] = []
    for cell in game_map.trails[trail].cells:
        key = str(cell.id)
        if cell.spec.value is not None:
            steps.append(cell.spec.value)
        elif key in readings:
            made = makeable(cell.spec.colour)
            steps.append((key, [(int(r.text), r.chance) for r in readings[key]
                                if r.text.isdigit() and int(r.text) in made], False))
        else:
            steps.append(None)
    forward, backward = _passes(steps)
    for k, step in enumerate(steps):   # a circle nothing fits: asked, its ink kept for after
        if isinstance(step, tuple) and step[1] and not _left(step, forward[k], backward[k + 1]):
            steps[k] = (step[0], step[1], True)
            forward, backward = _passes(steps)
    out: dict[str, Narrowed] = {}
    for k, step in enumerate(steps):
        if not isinstance(step, tuple):
            continue
        key = step[0]
        left = {} if step[2] else _left(step, forward[k], backward[k + 1])
        why: dict[str, Said] = {}
        previous = max(forward[k], key=lambda v: forward[k][v]) if forward[k] else 0
        for r in readings[key]:
            if left.get(r.text, 0.0) > 0:
                continue
            problem = circle_problem(game_map, key, int(r.text), previous) \
                if r.text.isdigit() else None
            why[r.text] = problem or tr("the numbers after it on the trail are not higher: "
                                        "a trail's numbers rise")
        out[key] = narrowed_reading(key, readings[key], left, why)
    return out


def _left(step: tuple[str, list[tuple[int, float]], bool], before: dict[int, float],
          after: dict[int, float]) -> dict[str, float]:
    """Return the chance of each number of a circle read that fits the trail around it."""
    left: dict[str, float] = {}
    for value, chance in step[1]:
        below = sum(m for prev, m in before.items() if prev < value)
        mass = below * chance * after.get(value, 0.0)
        if mass > 0:
            left[str(value)] = left.get(str(value), 0.0) + mass
    return left


def _passes(steps: list[Step]) -> tuple[list[dict[int, float]], list[dict[int, float]]]:
    """Return, before each step, the chance of each number standing last on the trail
    (forward), and the chance that the steps from there on fit after it (backward)."""
    forward: list[dict[int, float]] = [{0: 1.0}]
    for step in steps:
        before, out = forward[-1], {}
        if step is None:
            out = dict(before)
        elif isinstance(step, int):
            out = {step: sum(before.values())}
        else:
            for value, chance in step[1]:
                mass = (sum(before.values()) if step[2] else
                        sum(m for prev, m in before.items() if prev < value)) * chance
                if mass > 0:
                    out[value] = out.get(value, 0.0) + mass
        forward.append(out)
    backward: list[dict[int, float]] = [{} for _ in range(len(steps) + 1)]
    backward[-1] = dict.fromkeys(forward[-1], 1.0)
    for k in range(len(steps) - 1, -1, -1):
        step, nxt = steps[k], backward[k + 1]
        if step is None:
            backward[k] = {p: nxt.get(p, 0.0) for p in forward[k]}
        elif isinstance(step, int):
            backward[k] = dict.fromkeys(forward[k], nxt.get(step, 0.0))
        else:
            backward[k] = {p: sum(c * nxt.get(v, 0.0) for v, c in step[1]
                                  if step[2] or v > p) for p in forward[k]}
    return forward, backward
