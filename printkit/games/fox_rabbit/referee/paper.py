"""What the sheet alone shows, checked without a turn log; it builds the endgame's state.

Each trail crossed in order from its first cell and one at a time, the circles' numbers, the
foods at the end of the finished trails, one reward per food eaten while any is left, and
the aid circles against the active ones.
"""

from __future__ import annotations

from collections import Counter

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.dice import makeable
from printkit.games.fox_rabbit.engine import NO_REWARD, REWARDS, reward_parts
from printkit.games.fox_rabbit.matching import assignable
from printkit.games.fox_rabbit.referee.state import Referee
from printkit.games.fox_rabbit.rulings import Rule
from printkit.games.fox_rabbit.sheet_boxes import all_reward_fields, circle_fields
from printkit.message import Listing, ntr, tr


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
        animal = terms.animal(a)
        if len(open_) > 1:
            ref.add(Rule.ONE_TRAIL, tr("trails {trails}",
                                       trails=", ".join(str(t.id) for t in open_)),
                    tr("the {animal} follows one trail at a time, to its end; {n} of its "
                       "trails are started but not finished", animal=animal, n=len(open_)),
                    tuple(str(t.cells[0].id) for t in open_))
        first_ok = any(t.start == "start" for t in complete) or (
            len(walked) == 1 and walked[0].start == "start")
        if walked and not first_ok and len(open_) <= 1:
            ref.add(Rule.TUNNELS, tr("the {animal}'s trails", animal=animal),
                    tr("the {animal}'s first trail leaves its starting position and is walked "
                       "to its end before a tunnel is taken; none of its finished trails "
                       "leaves its start", animal=animal),
                    tuple(str(t.cells[0].id) for t in walked))
        boxes = tuple(sf.food_field(name, f) for f in run.eaten[a])
        twice = sorted(f for f, n in Counter(run.eaten[a]).items() if n > 1)
        mine = list(dict.fromkeys(run.eaten[a]))  # a food written twice counts once
        its_foods = tr("the {animal}'s foods", animal=animal)
        if twice:  # said once: the counts below would only repeat it
            ref.add(Rule.EATING, its_foods, tr("the {animal} ate {foods} twice; an animal "
                                               "never eats the same food twice",
                                               animal=animal, foods=terms.foods(m, twice)),
                    boxes)
        elif len(mine) != len(complete):
            # too few ticked: the foods the finished trails end at that are not ticked are
            # the violation's evidence too (a food misread empty is asked before it is blamed)
            unticked = () if len(mine) > len(complete) else tuple(dict.fromkeys(
                sf.food_field(name, f) for t in complete for f in m.foods_at(t)
                if f not in mine))
            ref.add(Rule.EATING, its_foods, tr(
                "the {animal} {finished} and eats once at the end of each, but {ticked}",
                animal=animal,
                finished=ntr("finished {n} trail", "finished {n} trails", len(complete)),
                ticked=ntr("{n} food is ticked", "{n} foods are ticked", len(mine))),
                boxes + unticked)
        elif not assignable(mine, [m.foods_at(t) for t in complete]):
            ref.add(Rule.EATING, its_foods, tr(
                "the foods eaten ({foods}) are not what the food locations at the end of its "
                "finished trails offer", foods=Listing(tuple(terms.food(m, f) for f in mine),
                                                       ",")), boxes)
        else:
            for t in open_:
                if t.start == "tunnel" and mine and all(f in mine for f in m.foods_at(t)):
                    ref.add(Rule.TUNNELS, str(t.id), tr(
                        "a tunnel leads only to a trail that ends where the {animal} has a "
                        "food left to eat; {trail} leads to foods it has eaten",
                        animal=animal, trail=str(t.id)), (str(t.cells[0].id),))
        g.eaten[a] = mine
        for food in mine:
            g.food_count[food] = g.food_count.get(food, 0) + 1
            g.eats.append((a, food, NO_REWARD))
    _rewards(ref)
    _aids(ref)
    g.traps = run.traps_crossed
    if run.traps_crossed > m.farmer.traps:
        ref.add(Rule.FARMER, tr("farmer trail"), tr(
            "{crossed} traps crossed; the farmer trail has {traps}",
            crossed=run.traps_crossed, traps=m.farmer.traps))
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
                    ref.add(Rule.CIRCLES, key, tr("a number is written at {id} but the cell "
                                                  "is not crossed", id=key), (key,))
                if gap is None:
                    gap = key
                previous = cell.value or previous
                continue
            if gap is not None:
                ref.add(Rule.CROSSING, key, tr("{id} is crossed but {gap} before it is not; "
                                               "cells are crossed in order", id=key, gap=gap),
                        (gap,))
                gap = None
            if cell.value:
                if key in run.written:
                    ref.add(Rule.CIRCLES, key, tr("{cell} is printed; no number is written "
                                                  "in it", cell=terms.describe(cell.spec)),
                            (key,))
                previous = cell.value
            elif key not in run.written:
                ref.add(Rule.CIRCLES, key, tr("the crossed {colour} circle needs the number "
                                              "written in it",
                                              colour=terms.colour(cell.spec.colour)), (key,))
            else:
                w = run.written[key]
                colour = terms.colour(cell.spec.colour)
                r = makeable(cell.spec.colour)
                if w not in r:
                    ref.add(Rule.CIRCLES, key, tr(
                        "{written} is written in the {colour} circle, but {colour} numbers "
                        "run from {low} to {high} ({needs})", written=w, colour=colour,
                        low=r[0], high=r[-1], needs=terms.needs(cell.spec)), (key,))
                elif w <= previous:
                    ref.add(Rule.CIRCLES, key, tr(
                        "the number written must be higher than {previous}, the number before "
                        "it on the trail; {written} was written", previous=previous,
                        written=w), (key,))
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
        why = (tr("a player has at most {dice} dice", dice=terms.count_words(
                   [m.max_per_colour if j == i else 0 for j in range(3)]))
               if i < 3 else tr("the {aid} track has {n} circles", aid=terms.aid(i - 3),
                                n=m.aid_circles))
        ref.add(Rule.REWARDS, tr("rewards"), tr("{reward} is taken {n} times, but {why}",
                                                reward=terms.reward(r), n=Counter(taken)[r],
                                                why=why), fields)
    foods = g.foods_eaten()
    could = min(foods, sum(room.values()))
    # a reward the sheet does not show may still have been taken in play: the dice it
    # added are not held against the escape attempts (one mistake, one message)
    ref.untaken = max(0, could - len(taken))
    if not over and len(taken) != could:
        ref.add(Rule.REWARDS, tr("rewards"), tr(
            "{eaten}, so {taken} (each food eaten earns one reward while any is left); the "
            "sheet shows {shown}", eaten=ntr("{n} food eaten", "{n} foods eaten", foods),
            taken=ntr("{n} reward taken", "{n} rewards taken", could), shown=len(taken)),
            fields)
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
            ref.add(Rule.AIDS, tr("aid tracks"), tr(
                "{spent} {aid} circles crossed, but only {active} were active ({mode} mode "
                "plus rewards); each use crosses an active circle", spent=spent,
                aid=terms.aid(k), active=g.active[k], mode=terms.mode(run.mode)),
                circle_fields(ref.map, k))
