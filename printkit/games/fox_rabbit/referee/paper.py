"""What the sheet alone shows, checked without a turn log; it builds the endgame's state.

Each trail crossed in order from its first cell and one at a time, the circles' numbers, the
foods at the end of the finished trails, one reward per food eaten while any is left, and
the aid circles against the active ones.
"""

from __future__ import annotations

from collections import Counter

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import PRIMARIES, makeable
from printkit.games.fox_rabbit.engine import NO_REWARD, REWARDS, aid_name, reward_parts
from printkit.games.fox_rabbit.referee.boxes import all_reward_fields, circle_fields
from printkit.games.fox_rabbit.referee.matching import assignable
from printkit.games.fox_rabbit.referee.state import Referee
from printkit.games.fox_rabbit.referee.words import and_
from printkit.games.fox_rabbit.rulings import Rule


def check_sheet(ref: Referee) -> None:
    """Check what the paper shows, and build the engine state the endgame starts from."""
    run, m, g = ref.run, ref.map, ref.game
    crossed = set(run.crossed)
    _trails(ref, crossed)
    # trails walked, one at a time, first from the start (one trail, tunnels, eating)
    for a, name in enumerate(ANIMALS):
        walked = [t for t in m.trails_of(name) if str(t.cells[0].id) in crossed]
        complete = [t for t in walked if str(t.cells[-1].id) in crossed]
        open_ = [t for t in walked if t not in complete]
        if len(open_) > 1:
            ref.add(Rule.ONE_TRAIL, f"trails {', '.join(str(t.id) for t in open_)}",
                    f"the {name} follows one trail at a time, to its end; "
                    f"{len(open_)} of its trails are started but not finished",
                    tuple(str(t.cells[0].id) for t in open_))
        first_ok = any(t.start == "start" for t in complete) or (
            len(walked) == 1 and walked[0].start == "start")
        if walked and not first_ok and len(open_) <= 1:
            ref.add(Rule.TUNNELS, f"the {name}'s trails",
                    f"the {name}'s first trail leaves its starting position and is walked "
                    f"to its end before a tunnel is taken; none of its finished trails "
                    f"leaves its start", tuple(str(t.cells[0].id) for t in walked))
        boxes = tuple(sf.food_field(name, f) for f in run.eaten[a])
        twice = sorted(f for f, n in Counter(run.eaten[a]).items() if n > 1)
        mine = list(dict.fromkeys(run.eaten[a]))  # a food written twice counts once
        if twice:  # said once: the counts below would only repeat it
            ref.add(Rule.EATING, f"the {name}'s foods", f"the {name} ate {and_(twice)} "
                    f"twice; an animal never eats the same food twice", boxes)
        elif len(mine) != len(complete):
            ref.add(Rule.EATING, f"the {name}'s foods",
                    f"the {name} finished {len(complete)} trail"
                    f"{'s' if len(complete) != 1 else ''} and eats once at the end of "
                    f"each, but {len(mine)} food{'s are' if len(mine) != 1 else ' is'} "
                    f"ticked", boxes)
        elif not assignable(mine, [m.foods_at(t) for t in complete]):
            ref.add(Rule.EATING, f"the {name}'s foods",
                    f"the foods eaten ({', '.join(mine)}) are not what the food "
                    f"locations at the end of its finished trails offer", boxes)
        else:
            for t in open_:
                if t.start == "tunnel" and mine and all(f in mine for f in m.foods_at(t)):
                    ref.add(Rule.TUNNELS, str(t.id), f"a tunnel leads only to a trail "
                            f"that ends where the {name} has a food left to eat; {t.id} "
                            f"leads to foods it has eaten", (str(t.cells[0].id),))
        g.eaten[a] = mine
        for food in mine:
            g.food_count[food] = g.food_count.get(food, 0) + 1
            g.eats.append((a, food, NO_REWARD))
    _rewards(ref)
    _aids(ref)
    g.traps = run.traps_crossed
    if run.traps_crossed > m.farmer.traps:
        ref.add(Rule.FARMER, "farmer trail", f"{run.traps_crossed} traps crossed; the "
                f"farmer trail has {m.farmer.traps}")
    g.crossed = list(run.crossed)


def _trails(ref: Referee, crossed: set[str]) -> None:
    """Check that each trail is crossed from its first cell, and what its circles hold."""
    run = ref.run
    for trail in ref.map.trails:
        previous = 0
        gap = None
        for cell in trail.cells:
            key = str(cell.id)
            if key not in crossed:
                if key in run.written:
                    ref.add(Rule.CIRCLES, key, f"a number is written at {key} but the "
                            f"cell is not crossed", (key,))
                if gap is None:
                    gap = key
                previous = cell.value or previous
                continue
            if gap is not None:
                ref.add(Rule.CROSSING, key, f"{key} is crossed but {gap} before it is not; "
                        f"cells are crossed in order", (gap,))
                gap = None
            if cell.value:
                if key in run.written:
                    ref.add(Rule.CIRCLES, key, f"{cell.spec.describe()} is printed; no "
                            f"number is written in it", (key,))
                previous = cell.value
            elif key not in run.written:
                ref.add(Rule.CIRCLES, key, f"the crossed {cell.spec.describe()[2:]} needs "
                        f"the number written in it", (key,))
            else:
                w = run.written[key]
                colour = cell.spec.colour_name
                r = makeable(cell.spec.colour)
                if w not in r:
                    ref.add(Rule.CIRCLES, key, f"{w} is written in the {colour} circle, "
                            f"but {colour} numbers run from {r[0]} to {r[-1]} "
                            f"({cell.spec.needs()})", (key,))
                elif w <= previous:
                    ref.add(Rule.CIRCLES, key, f"the number written must be higher than "
                            f"{previous}, the number before it on the trail; {w} was "
                            f"written", (key,))
                previous = w


def _rewards(ref: Referee) -> None:
    """Check the rewards the sheet shows taken against the foods eaten (one each)."""
    run, g, m = ref.run, ref.game, ref.map
    taken = list(run.rewards or ())
    fields = all_reward_fields(m, run.mode)
    room = Counter({r: (m.max_per_colour - g.dice[i] if i < 3
                        else m.aid_circles - g.active[i - 3])
                    for i, r in enumerate(REWARDS)})
    over = [r for r, n in Counter(taken).items() if n > room[r]]
    for r in over:
        i = REWARDS.index(r)
        why = (f"a player has at most {m.max_per_colour} {PRIMARIES[i]} dice"
               if i < 3 else f"the {aid_name(i - 3)} track has {m.aid_circles} circles")
        ref.add(Rule.REWARDS, "rewards", f"{r} is taken {Counter(taken)[r]} times, but "
                f"{why}", fields)
    foods = g.foods_eaten()
    could = min(foods, sum(room.values()))
    # a reward the sheet does not show may still have been taken in play: the dice it
    # added are not held against the escape attempts (one mistake, one message)
    ref.untaken = max(0, could - len(taken))
    if not over and len(taken) != could:
        ref.add(Rule.REWARDS, "rewards", f"{foods} food{'s' if foods != 1 else ''} eaten, "
                f"so {could} reward{'s' if could != 1 else ''} taken (each food eaten earns "
                f"one reward while any is left); the sheet shows {len(taken)}", fields)
    for r in taken:
        kind, i = reward_parts(r)
        if kind == "die":
            g.dice[i] = min(m.max_per_colour, g.dice[i] + 1)
        else:
            g.active[i] = min(m.aid_circles, g.active[i] + 1)


def _aids(ref: Referee) -> None:
    """Check the aid circles crossed against the active ones (mode and rewards)."""
    run, g = ref.run, ref.game
    for k in range(3):
        spent = run.aids_spent[k]
        if spent > g.active[k]:
            ref.add(Rule.AIDS, "aid tracks", f"{spent} {aid_name(k)} circles crossed, "
                    f"but only {g.active[k]} were active ({run.mode} mode plus rewards); "
                    f"each use crosses an active circle", circle_fields(ref.map, k))
