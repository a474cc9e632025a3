"""The aid circles crossed and the farmer's boxes ticked, against the aids the game used.

One aid of each escape attempt is free (clarification 12), and the record does not say
which: the circles are legal when some choice of free aids makes them add up.
"""

from __future__ import annotations

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import AIDS
from printkit.games.fox_rabbit.cells import ANIMALS
from printkit.games.fox_rabbit.engine import AidIndex, aid_name
from printkit.games.fox_rabbit.referee.boxes import circle_fields
from printkit.games.fox_rabbit.referee.matching import assignable
from printkit.games.fox_rabbit.referee.state import Referee
from printkit.games.fox_rabbit.referee.words import and_, plural
from printkit.games.fox_rabbit.rulings import Rule


def check_aid_totals(ref: Referee, endgame_aids: list[list[AidIndex]]) -> None:
    """Check the circles crossed against the aids used, one aid per attempt being free.

    `endgame_aids` holds, for each escape attempt judged, the aid of each use.
    """
    run, g = ref.run, ref.game
    used = [sum(uses.count(k) for uses in endgame_aids) for k in range(3)]
    tracks = [set(uses) for uses in endgame_aids if uses]
    if run.turns is not None and not ref.unfinished:
        # every circle crossed is known: a turn's aid, or an attempt's paid aid
        paid_room = [run.aids_spent[k] - ref.turn_aids[k] for k in range(3)]
        for k in range(3):
            if paid_room[k] < 0 or paid_room[k] > used[k]:
                ref.add(Rule.RECORD, "aid tracks", f"the sheet shows "
                        f"{plural(run.aids_spent[k], f'{aid_name(k)} circle')} crossed; the "
                        f"turn log uses {ref.turn_aids[k]} and the attempts {used[k]}",
                        circle_fields(ref.map, k))
                return
        free = [used[k] - paid_room[k] for k in range(3)]
        if not free_aids_fit(tracks, free):
            ref.add(Rule.RECORD, "aid tracks", f"the sheet's crossed circles leave "
                    f"{and_([f'{n} {aid_name(k)}' for k, n in enumerate(free) if n])} "
                    f"aid use{'s' if sum(free) != 1 else ''} of the attempts free, but "
                    f"each attempt has one free aid at most")
            return
        for k in range(3):
            # a turn's aid without a circle is said where it was used; here the attempts'
            if ref.turn_aids[k] <= g.active[k] < run.aids_spent[k]:
                ref.add(Rule.AIDS, "aid tracks", f"{run.aids_spent[k]} {aid_name(k)} "
                        f"circles crossed, but only {g.active[k]} were active; each use "
                        f"crosses an active circle", circle_fields(ref.map, k))
    elif run.turns is None:
        need = [max(0, used[k] - run.aids_spent[k]) for k in range(3)]
        if not free_aids_fit(tracks, need):
            k = next(k for k in range(3) if need[k])
            ref.add(Rule.ESCAPE, "aid tracks", f"the escape attempts use {aid_name(k)} "
                    f"{used[k]} times; in an attempt one aid more is free and the others "
                    f"each cross a circle, but the sheet shows "
                    f"{plural(run.aids_spent[k], f'{aid_name(k)} circle')} crossed",
                    circle_fields(ref.map, k))


def check_farmer_boxes(ref: Referee) -> None:
    """Compare the farmer's ticked boxes with the aids his attempts use."""
    run = ref.run
    if run.farmer_aids is None:
        return
    used: list[set[int]] = [set(), set(), set()]
    for att in run.triggers:
        for aid in att.aids:
            used[aid.aid].add(att.animal)

    def who(s: set[int] | frozenset[int]) -> str:
        return and_([f"the {ANIMALS[a]}" for a in sorted(s)]) or "nobody"

    for k in range(3):
        if used[k] != set(run.farmer_aids[k]):
            ref.add(Rule.RECORD, "farmer's aids", f"the farmer's {aid_name(k)} box is "
                    f"ticked against {who(run.farmer_aids[k])}, but his attempts use it "
                    f"against {who(used[k])}",
                    tuple(sf.farmer_field(AIDS[k], ANIMALS[a])
                          for a in set(run.farmer_aids[k]) ^ used[k]))


def free_aids_fit(tracks: list[set[AidIndex]], free: list[int]) -> bool:
    """Return whether `free[k]` uses of each aid k can each be the one free aid of a different
    attempt that used aid k (`tracks`: the aids each attempt used)."""
    if any(n < 0 for n in free):
        return False
    slots = [k for k in range(3) for _ in range(free[k])]
    return assignable(slots, [tuple(t) for t in tracks])
