"""What the rules need to know of a sheet to narrow its written values: the game as the
ticked boxes leave it at the endgame (the dice the player owns, the foods eaten, the aid
circles crossed, the farmer's boxes) and where each endgame attempt stands in the log.

It is what the referee plays from the sheet alone (`validate.played`), the written values
left out: the rewards the ticks show taken, so every die the player owned by the endgame.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.cells import ANIMALS, AnimalIndex
from printkit.games.fox_rabbit.engine import Game
from printkit.games.fox_rabbit.reader import SheetFields, read_run
from printkit.games.fox_rabbit.referee.endgame import CAUGHT_UNFED, begun_unfed, no_more_attempts
from printkit.games.fox_rabbit.run import Run
from printkit.games.fox_rabbit.validate import played
from printkit.message import Said

#: A line the rules say holds nothing: its name, why (the referee's words), and the boxes
#: the rule reads (a line is sure to be empty only where they are read surely)
Empty = tuple[str, Said, tuple[str, ...]]


@dataclass(frozen=True)
class AttemptPlace:
    """An endgame attempt's box: its round, the animal, the farmer's attempt or the
    animal's escape, and whether its outcome box is ticked (escaped, or caught)."""

    round: int
    animal: AnimalIndex
    farmer: bool
    ticked: bool


@dataclass(frozen=True)
class SheetState:
    """The game as a sheet's ticks leave it at the endgame."""

    map: GameMap
    mode: str
    kinds: dict[str, sf.FieldKind]
    dice: tuple[int, int, int]               # the player's dice of each colour
    foods_eaten: int
    traps_crossed: int
    aids_spent: tuple[int, int, int]         # the circles crossed on each aid track
    farmer_ticked: tuple[frozenset[int], ...]  # per aid: the animals its box is ticked for
    attempts: dict[str, AttemptPlace]
    #: the farmer's last trap crossed with an animal unfed: both are caught, no attempt follows
    no_attempts: bool = False
    #: the attempt lines the rules say hold nothing (`empty_lines`)
    empty: tuple[Empty, ...] = ()

    def empty_line(self, name: str) -> Empty | None:
        """Return why the rules say an attempt line holds nothing, or None."""
        return next((e for e in self.empty if e[0] == name), None)


def sheet_state(values: Mapping[str, str | bool]) -> SheetState:
    """Return the game a sheet's values leave at the endgame (`values`: the form's, its
    hidden identity field included); its written values are not looked at."""
    ticks: dict[str, str | bool] = {}
    game_map, mode = _sheet(values)
    kinds = {f.name: f.kind for f in _fields(game_map, mode, values)}
    attempts = attempt_places(kinds, lambda outcome: values.get(outcome) is True)
    ticks[sf.IDENTITY] = values[sf.IDENTITY]
    for name, kind in kinds.items():
        # an outcome or a title ticked asks for what is not read here
        ticks[name] = "" if kind.written else (
            values.get(name) is True and not name.startswith(("round-", "title-")))
    key = (tuple(ticks.items()), tuple(attempts.items()))
    with _STATES_LOCK:
        known = _STATES.get(key)
    if known is not None:
        return known
    run = read_run(SheetFields(ticks, "the photo"), "the photo")
    ref = played(run)
    g = ref.game
    boxes: tuple[frozenset[int], ...] = run.farmer_aids or (frozenset(),) * 3
    no_attempts = run.traps_crossed >= game_map.farmer.traps and not g.both_fed()
    state = SheetState(game_map, run.mode, kinds, (g.dice[0], g.dice[1], g.dice[2]),
                       g.foods_eaten(), run.traps_crossed, run.aids_spent, boxes, attempts,
                       no_attempts, empty_lines(game_map, attempts, _closed(run, g),
                                                no_attempts))
    with _STATES_LOCK:   # `printkit serve` narrows in a thread per request
        if len(_STATES) >= KEPT_STATES:
            del _STATES[next(iter(_STATES))]
        _STATES[key] = state
    return state


#: The games `sheet_state` played, by all it reads of the values (the ticks, the identity,
#: the layout's fields, the attempts' places): a sheet is narrowed again with each box in
#: doubt read the other way, and again at each `suggest` of the same photo (a value typed
#: changes no tick), each time playing the referee's game from its ticks. The last
#: KEPT_STATES are kept.
KEPT_STATES = 128
_STATES: dict[tuple[object, ...], SheetState] = {}
_STATES_LOCK = threading.Lock()


def attempt_places(names: Collection[str], ticked: Callable[[str], bool]
                   ) -> dict[str, AttemptPlace]:
    """Return each endgame attempt line among a sheet's fields (`names`) with its place in
    the log, its outcome box ticked as `ticked` says of the box's name."""
    attempts: dict[str, AttemptPlace] = {}
    for rnd in range(1, sf.READ_ROUNDS + 1):
        for farmer in (False, True):
            for a, animal in enumerate(ANIMALS):
                name = sf.attempt_field(rnd, animal, farmer)
                if name in names:
                    attempts[name] = AttemptPlace(
                        rnd, a, farmer, ticked(sf.outcome_field(rnd, animal, farmer)))
    return attempts


def ended_lines(game_map: GameMap, names: Collection[str], ticked: Callable[[str], bool]
                ) -> tuple[Empty, ...]:
    """Return the attempt lines among a sheet's fields (`names`) that an outcome box ticked
    (as `ticked` says) says hold nothing: an animal's lines after its escape or its capture
    (`empty_lines`, without the game's own reasons, which need the whole sheet played)."""
    return empty_lines(game_map, attempt_places(names, ticked), None, False)


def _closed(run: Run, g: Game) -> tuple[Said, tuple[str, ...]] | None:
    """Return why no attempt may be made on a sheet, in the referee's words
    (`referee/endgame.py`), and the boxes that says it, or None: an animal unfed, at the
    farmer's last trap (both are caught at once) or short of it (the endgame may not begin).
    Either way no line is written, so the rule reads the unfed animal's food boxes alone,
    not the traps."""
    m = run.map
    unfed = [a for a in (0, 1) if not g.eaten[a]]
    if not unfed:
        return None
    foods = tuple(sf.food_field(ANIMALS[a], f.id) for a in unfed for f in m.foods)
    return (CAUGHT_UNFED if run.traps_crossed >= m.farmer.traps else begun_unfed(unfed)), foods


def empty_lines(game_map: GameMap, attempts: Mapping[str, AttemptPlace],
                closed: tuple[Said, tuple[str, ...]] | None, caught: bool
                ) -> tuple[Empty, ...]:
    """Return the attempt lines the ticks say hold nothing, each in the referee's words
    and with the boxes it reads: every line where no attempt may be made (`_closed`), and
    an animal's lines after its escape or its capture is ticked. But where both animals are
    caught at the last trap (`caught`), a line whose own outcome is ticked is not said
    empty: the ticks disagree, and its ink is judged as before."""
    out: list[Empty] = []
    for name, place in attempts.items():
        if place.ticked and not caught:
            continue
        if closed is not None:
            out.append((name, *closed))
            continue
        ended = _ended(attempts, place)
        if ended is not None:
            out.append((name, no_more_attempts(place.animal, place.farmer), (ended,)))
    return tuple(out)


def _ended(attempts: Mapping[str, AttemptPlace], place: AttemptPlace) -> str | None:
    """Return the outcome box ticked that ended an animal's game before an attempt of it
    (an escape in an earlier round, or in the same round before the farmer's attempt; a
    capture in an earlier round), or None."""
    for other in attempts.values():
        if other.animal != place.animal or not other.ticked:
            continue
        before = other.round < place.round or (
            other.round == place.round and not other.farmer and place.farmer)
        if before:
            return sf.outcome_field(other.round, ANIMALS[other.animal], other.farmer)
    return None


def complete(values: Mapping[str, str | bool]) -> dict[str, str | bool]:
    """Return a sheet's values with every field of its layout (a box left out is empty)."""
    game_map, mode = _sheet(values)
    out = {f.name: values.get(f.name, f.kind.blank()) for f in _fields(game_map, mode, values)}
    out[sf.IDENTITY] = values[sf.IDENTITY]
    return out


def _sheet(values: Mapping[str, str | bool]) -> tuple[GameMap, str]:
    from printkit.games.fox_rabbit.template import load_map

    identity = values.get(sf.IDENTITY)
    map_name, mode, _digest = sf.parse_identity(identity if isinstance(identity, str) else "")
    return load_map(map_name), mode


def _fields(game_map: GameMap, mode: str, values: Mapping[str, str | bool]
            ) -> tuple[sf.SheetField, ...]:
    """Return the fields of the layout whose names the values hold (today's, or older)."""
    names = set(values)
    return min((sf.fields(game_map, game_map.modes[mode], layout)
                for layout in sorted(sf.LOG_ROUNDS_OF_LAYOUT, reverse=True)),
               key=lambda fs: len({f.name for f in fs} ^ names))


def skipped_circles(game_map: GameMap, crossed: Collection[str]) -> tuple[str, ...]:
    """Return the circles not `crossed` (none written in them) that a cell crossed after them
    on their trail says are: a trail is crossed in order from its first cell, one cell at a
    time (the referee's `paper._trails`), so on a run that keeps the rules each holds a
    number, and one the trail's order leaves room for."""
    out: list[str] = []
    for trail in game_map.trails:
        ids = [str(cell.id) for cell in trail.cells]
        last = max((k for k, key in enumerate(ids) if key in crossed), default=0)
        out += [key for cell, key in zip(trail.cells[:last], ids[:last], strict=True)
                if cell.spec.value is None and key not in crossed]
    return tuple(out)


def score_part_can_be(game_map: GameMap, name: str, number: int) -> bool:
    """Return whether a score's part (`score-foods`, `score-escaped`, `score-traps`) can be
    `number` on any run of the map: a whole count of its unit (a food eaten by either
    animal, an animal escaped, a trap left), no more than the sheet holds."""
    s = game_map.scoring
    unit, most = {"score-foods": (s.per_food, 2 * len(game_map.foods)),
                  "score-escaped": (s.per_escape, len(ANIMALS)),
                  "score-traps": (s.per_trap_left, game_map.farmer.traps)}.get(name, (0, 0))
    if unit <= 0:
        return number == 0
    return number % unit == 0 and 0 <= number // unit <= most
