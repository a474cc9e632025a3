"""The turn log replayed on the rules engine, and the sheet compared with what it played.

After a refused mark the replay goes on as the player evidently meant it, so later turns are
judged on their own and one mistake gives one message. Cells of one trail written out of
order within a turn (`F-B4 ...; F-B3 ...`) are one slip of the pen: said once, and replayed
in the order the trail runs.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.board import Cell
from printkit.games.fox_rabbit.cells import ANIMALS, AnimalIndex
from printkit.games.fox_rabbit.dice import DieCode, code_text
from printkit.games.fox_rabbit.engine import (
    NO_REWARD,
    AidUse,
    crossing_problem,
    reward_parts,
    take_dice,
)
from printkit.games.fox_rabbit.moves import Move, Turn
from printkit.games.fox_rabbit.referee.state import Referee
from printkit.games.fox_rabbit.rulings import Rule
from printkit.games.fox_rabbit.sheet_boxes import (
    all_reward_fields,
    circle_fields,
    die_fields,
    reward_fields,
)
from printkit.message import Listing, Message, Said, and_list, or_list, tr


def replay(ref: Referee, turns: tuple[Turn, ...]) -> None:
    """Replay every turn on the engine, saying each rule a mark breaks."""
    g = ref.game
    last_trap = ref.map.farmer.traps
    owned = g.dice  # updated in place as rewards join
    for n, turn in enumerate(turns, start=1):
        place = _turn(n)
        if g.traps == last_trap:  # said once, for the first turn too many
            ref.add(Rule.FARMER, place, tr(
                "the farmer's last trap was crossed after turn {last}: the endgame began at "
                "once, and no turn is played after it, so turn {n} is one too many",
                last=n - 1, n=n) if n == len(turns) else tr(
                "the farmer's last trap was crossed after turn {last}: the endgame began at "
                "once, and no turn is played after it, so turns {n}-{end} are one too many",
                last=n - 1, n=n, end=len(turns)), (sf.trap_field(last_trap),))
        if turn.colours != tuple(owned) and g.traps < last_trap:
            ref.add(Rule.DICE, place, tr(
                "the roll has {rolled}; each turn the player rolls all of their dice: {owned}",
                rolled=terms.count_words(turn.colours), owned=terms.count_words(owned)),
                die_fields())
        if turn.aids or turn.moves:
            dice = list(turn.roll)
            for aid in turn.aids:
                dice = _replay_aid(ref, place, aid, dice)
            if turn.meant is turn.moves:
                for mv in turn.moves:
                    _replay_move(ref, place, mv, dice)
            else:
                _replay_reordered(ref, place, turn, dice)
        g.end_turn()


@lru_cache(maxsize=512)
def _turn(n: int) -> Message:
    """Return the place `turn 7` (kept: every turn replayed has one, few are said)."""
    return tr("turn {n}", n=n)


def _replay_reordered(ref: Referee, place: Said, turn: Turn, dice: list[DieCode]) -> None:
    """Replay a turn whose cells of one trail are listed out of order, as the player meant
    it (`Turn.meant`), saying the slip once for each trail, where the first cell listed too
    early was."""
    said: set[str] = set()
    for listed, mv in zip(turn.moves, turn.meant):
        if listed is not mv:
            early = ref.map.cells[listed.cell]
            if str(early.id.trail) not in said:
                said.add(str(early.id.trail))
                ref.problem(ref.game.order_problem(early), place,
                            (listed.cell,) + _skipped(ref, early))
        _replay_move(ref, place, mv, dice)


def _replay_aid(ref: Referee, place: Said, aid: AidUse, dice: list[DieCode]) -> list[DieCode]:
    """Replay an aid on the turn's dice; return the dice after it."""
    g = ref.game
    if g.aids_left(aid.aid) <= 0:
        ref.add(Rule.AIDS, place, tr("{aid} needs an active {name} circle (each use crosses "
                                     "an active circle); none is left", aid=str(aid),
                                     name=terms.aid(aid.aid)), circle_fields(ref.map, aid.aid))
    g.spend_aid(aid.aid)
    ref.turn_aids[aid.aid] += 1
    if ref.problem(aid.problem(dice), place):
        return dice
    return aid.applied(dice)


def _replay_move(ref: Referee, place: Said, mv: Move, dice: list[DieCode]) -> None:
    """Replay one cell crossed (taking its dice from the turn's unused ones)."""
    g = ref.game
    cell = ref.map.cells[mv.cell]
    here = (mv.cell,)
    a = cell.id.animal_index
    order = g.order_problem(cell)
    if order is not None:
        ref.problem(order, place, here + _skipped(ref, cell))
        if mv.cell in g.crossed:  # crossed twice: the second time changes nothing
            if mv.food is not None:
                ref.add(Rule.EATING, place, tr("the {animal} eats only on arriving at a food "
                                               "location; {id} was crossed before",
                                               animal=terms.animal(a), id=str(cell.id)))
            return
        g.enter(cell)  # go on as the player evidently meant
    missing = take_dice(dice, mv.dice)
    if missing is not None:
        ref.add(Rule.CROSSING, place, tr("{id} is crossed with {die}, but no unused {die} is "
                                         "left this turn (each die crosses at most one cell "
                                         "a turn)", id=str(cell.id), die=code_text(missing)),
                here)
    ref.problem(crossing_problem(cell, mv.dice, mv.write, g.previous_number(cell)), place, here)
    arrived = g.cross(cell, mv.total if mv.write is None else mv.write)
    if arrived:
        _eat(ref, place, a, mv.food, mv.reward, cell)
    elif mv.food is not None:
        ref.add(Rule.EATING, place, tr("the {animal} eats only on arriving at a food "
                                       "location, at the end of a trail; {id} is not the end "
                                       "of one", animal=terms.animal(a), id=str(cell.id)),
                here)


def _skipped(ref: Referee, cell: Cell) -> tuple[str, ...]:
    """Return the cells of the trail passed over by crossing `cell` too early."""
    g = ref.game
    a = cell.id.animal_index
    trail = g.trail[a]
    if trail is None or trail.id != cell.id.trail:
        return ()
    return tuple(str(c.id) for c in trail.cells[g.pos[a]:cell.id.position - 1])


def _eat(ref: Referee, place: Said, a: AnimalIndex, food: str | None, reward: str | None,
         cell: Cell) -> None:
    g = ref.game
    trail = g.trail[a]
    assert trail is not None
    loc = ref.map.location(trail.location)
    edible = g.edible(a)
    name = ANIMALS[a]
    m = ref.map
    if food is None:
        ref.add(Rule.EATING, place, tr(
            "the {animal} arrives at the {place} at {id} and eats one of {foods}; write "
            "'eats FOOD, takes REWARD'", animal=terms.animal(a), place=terms.place(loc.name),
            id=str(cell.id), foods=Listing(tuple(terms.food(m, f) for f in edible), ",")
            if edible else tr("its foods")), (str(cell.id),))
        g.hungry[a] = False
        return
    boxes = (sf.food_field(name, food),)
    if food not in loc.foods:
        ref.add(Rule.EATING, place, tr(
            "the {animal} arrives at the {place} at {id}, which offers {foods}, not {food}",
            animal=terms.animal(a), place=terms.place(loc.name), id=str(cell.id),
            foods=terms.foods(m, loc.foods), food=terms.food(m, food)), boxes)
    elif food in g.eaten[a]:
        ref.add(Rule.EATING, place, tr("the {animal} already ate {food}; an animal never eats "
                                       "the same food twice", animal=terms.animal(a),
                                       food=terms.food(m, food)), boxes)
    _check_reward(ref, place, reward or NO_REWARD)
    g.eat(a, food, reward or NO_REWARD)
    if reward and reward != NO_REWARD:
        ref.turn_rewards.append(reward)


def _check_reward(ref: Referee, place: Said, reward: str) -> None:
    available = ref.game.rewards_available()
    if reward == NO_REWARD:
        if available:
            ref.add(Rule.REWARDS, place, tr("each food eaten earns one reward while any is "
                                            "left; {rewards} could be taken",
                                            rewards=or_list([terms.reward(r)
                                                             for r in available])))
        return
    if reward not in available:
        kind, i = reward_parts(reward)
        why = (tr("the player already has {dice} dice", dice=terms.count_words(
                   [ref.map.max_per_colour if j == i else 0 for j in range(3)]))
               if kind == "die" else
               tr("every circle of the {aid} track is already active", aid=terms.aid(i)))
        ref.add(Rule.REWARDS, place, tr("{reward} cannot be taken: {why}",
                                        reward=terms.reward(reward), why=why),
                reward_fields(ref.map, ref.run.mode, reward))


def compare_sheet(ref: Referee) -> None:
    """Report where the sheet and the replayed turn log disagree."""
    g, run = ref.game, ref.run
    # a box a mistake already points at is not said again as a disagreement
    marked = ref.marked()
    sheet = set(run.crossed) - marked
    played = set(g.crossed) - marked
    for c in sorted(sheet - played):
        ref.add(Rule.RECORD, c, tr("the sheet shows {id} crossed, but no turn crosses it",
                                   id=c), (c,))
    for c in sorted(played - sheet):
        ref.add(Rule.RECORD, c, tr("turns cross {id}, but the sheet does not show it crossed",
                                   id=c), (c,))
    for c, v in sorted(run.written.items()):
        if c in g.written and g.written[c] != v:
            ref.add(Rule.RECORD, c, tr("the sheet shows {written} written at {id}; the turn "
                                       "log writes {logged}", written=v, id=c,
                                       logged=g.written[c]), (c,))
        elif c not in g.written and c in played:
            ref.add(Rule.RECORD, c, tr("the sheet shows {written} written at {id}, but {cell} "
                                       "is printed there: only a circle takes a number",
                                       written=v, id=c,
                                       cell=terms.describe(ref.map.cells[c].spec)), (c,))
    for c, v in sorted(g.written.items()):
        if c in sheet and c not in run.written:
            ref.add(Rule.RECORD, c, tr("the turn log writes {logged} here; the sheet has no "
                                       "number", logged=v), (c,))
    m = ref.map
    for a, name in enumerate(ANIMALS):
        on_sheet, in_log = sorted(run.eaten[a]), sorted(g.eaten[a])
        if on_sheet != in_log:
            ref.add(Rule.RECORD, tr("the {animal}'s foods", animal=terms.animal(a)), tr(
                "the sheet shows the {animal} ate {sheet}; the turn log has {log}",
                animal=terms.animal(a),
                sheet=terms.foods(m, on_sheet) if on_sheet else tr("nothing"),
                log=terms.foods(m, in_log) if in_log else tr("nothing")),
                tuple(sf.food_field(name, f) for f in set(on_sheet) ^ set(in_log)))
    if run.rewards is not None and Counter(run.rewards) != Counter(ref.turn_rewards):
        ref.add(Rule.RECORD, tr("rewards"), tr(
            "the sheet shows {sheet} taken; the turn log takes {log}",
            sheet=and_list([terms.reward(r) for r in sorted(run.rewards)])
            if run.rewards else tr("no reward"),
            log=and_list([terms.reward(r) for r in sorted(ref.turn_rewards)])
            if ref.turn_rewards else tr("none")), all_reward_fields(ref.map, run.mode))
    if run.traps_crossed != min(g.traps, ref.map.farmer.traps):
        ref.add(Rule.RECORD, tr("farmer trail"), tr(
            "the sheet shows {sheet} traps crossed; the turn log has {turns} turns, one trap "
            "after each", sheet=run.traps_crossed, turns=g.traps),
            (sf.trap_field(max(1, run.traps_crossed)),))
