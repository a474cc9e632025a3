"""The aid circles crossed and the farmer's boxes ticked, against the aids the game used.

One aid of each escape attempt is free (clarification 12), and the record does not say
which: the circles are legal when some choice of free aids makes them add up.
"""

from __future__ import annotations

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.board import AIDS
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.endgame import free_aids_fit, paid_circles
from printkit.games.fox_rabbit.engine import AidIndex
from printkit.games.fox_rabbit.referee.state import Referee
from printkit.games.fox_rabbit.rulings import Rule
from printkit.games.fox_rabbit.sheet_boxes import circle_fields
from printkit.message import Message, Said, and_list, ntr, tr

AID_TRACKS = tr("aid tracks")


def check_aid_totals(ref: Referee, endgame_aids: list[list[AidIndex]]) -> None:
    """Check the circles crossed against the aids used, one aid per attempt being free.

    `endgame_aids` holds, for each escape attempt judged, the aid of each use.
    """
    run, g = ref.run, ref.game
    used = [sum(uses.count(k) for uses in endgame_aids) for k in range(3)]
    if run.turns is not None and not ref.unfinished:
        # every circle crossed is known: a turn's aid, or an attempt's paid aid
        paid_room = [run.aids_spent[k] - ref.turn_aids[k] for k in range(3)]
        for k in range(3):
            if paid_room[k] < 0 or paid_room[k] > used[k]:
                ref.add(Rule.RECORD, AID_TRACKS, tr(
                    "the sheet shows {circles} crossed; the turn log uses {turns} and the "
                    "attempts {attempts}", circles=_circles(run.aids_spent[k], k),
                    turns=ref.turn_aids[k], attempts=used[k]), circle_fields(ref.map, k))
                return
        free = [used[k] - paid_room[k] for k in range(3)]
        if not free_aids_fit(endgame_aids, free):
            uses = and_list([tr("{n} {aid}", n=n, aid=terms.aid(k))
                             for k, n in enumerate(free) if n])
            ref.add(Rule.RECORD, AID_TRACKS, ntr(
                "the sheet's crossed circles leave {uses} aid use of the attempts free, but "
                "each attempt has one free aid at most",
                "the sheet's crossed circles leave {uses} aid uses of the attempts free, but "
                "each attempt has one free aid at most", sum(free), uses=uses))
            return
        for k in range(3):
            # a turn's aid without a circle is said where it was used; here the attempts'
            if ref.turn_aids[k] <= g.active[k] < run.aids_spent[k]:
                ref.add(Rule.AIDS, AID_TRACKS, tr(
                    "{spent} {aid} circles crossed, but only {active} were active; each use "
                    "crosses an active circle", spent=run.aids_spent[k], aid=terms.aid(k),
                    active=g.active[k]), circle_fields(ref.map, k))
    elif run.turns is None and paid_circles(endgame_aids, run.aids_spent) is None:
        # the circles crossed, all of them the attempts', cannot pay their aids
        k = next(k for k in range(3) if used[k] > run.aids_spent[k])
        ref.add(Rule.ESCAPE, AID_TRACKS, tr(
            "the escape attempts use {aid} {n} times; in an attempt one aid more is free "
            "and the others each cross a circle, but the sheet shows {circles} crossed",
            aid=terms.aid(k), n=used[k], circles=_circles(run.aids_spent[k], k)),
            circle_fields(ref.map, k))


def check_farmer_boxes(ref: Referee) -> None:
    """Compare the farmer's ticked boxes with the aids his attempts use. A box that
    disagrees is named with the lines of the farmer's attempts against its animal: either
    may be the mistake (a photo's `+1 B2` lost from a line, as the player's tick), and a
    referee that asks before it accuses asks both."""
    run = ref.run
    if run.farmer_aids is None:
        return
    used: list[set[int]] = [set(), set(), set()]
    for att in run.triggers:
        for aid in att.aids:
            used[aid.aid].add(att.animal)

    def who(s: set[int] | frozenset[int]) -> Said:
        if not s:
            return tr("nobody")
        return and_list([tr("the {animal}", animal=terms.animal(a)) for a in sorted(s)])

    for k in range(3):
        if used[k] != set(run.farmer_aids[k]):
            differ = sorted(set(run.farmer_aids[k]) ^ used[k])
            lines = tuple(sf.attempt_field(att.round, ANIMALS[att.animal], True)
                          for att in run.triggers
                          if att.animal in differ and att.round <= sf.LOG_ROUNDS)
            ref.add(Rule.RECORD, tr("farmer's aids"), tr(
                "the farmer's {aid} box is ticked against {ticked}, but his attempts use it "
                "against {used}", aid=terms.aid(k), ticked=who(run.farmer_aids[k]),
                used=who(used[k])),
                    tuple(sf.farmer_field(AIDS[k], ANIMALS[a]) for a in differ) + lines)


def _circles(n: int, k: AidIndex) -> Message:
    """Return `2 flip circles`."""
    return ntr("{n} {aid} circle", "{n} {aid} circles", n, aid=terms.aid(k))
