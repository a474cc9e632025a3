"""The gamesheet as a form: every box a player marks, by the name printed beside it.

One list of fields serves everything that reads or writes a sheet: the fillable PDF and the
browser page draw them (`printkit.products.fox_rabbit.sheet`), a filled form is turned into a
run record here (`record_data`), a record into a filled form (`form_values`), and
docs/gamesheet-form.md lists them. A field's name is what the sheet prints: the cell ids
(`F-A1`), or the words of its box (`trap-7`, `die-R`, `round-2-fox`).

No drawing here: the rules layer knows what a sheet holds, not what it looks like.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from printkit.games.fox_rabbit import terms
from printkit.games.fox_rabbit.board import AID_NAMES, AIDS, Achievement, GameMap, Mode
from printkit.games.fox_rabbit.cells import ANIMAL_LETTERS, ANIMALS
from printkit.games.fox_rabbit.dice import COLOUR_NAMES, PRIMARY_LETTERS, dice_text
from printkit.games.fox_rabbit.run import Run
from printkit.language import Lang
from printkit.message import Message, Said, Term, quoted, say, tr

#: The sheet's layouts, by version, and the endgame rounds each one's log holds. A sheet is
#: printed in the newest (LAYOUT); its corner markers say which one it is, so that a photo of
#: a sheet printed in an older layout is read against that layout (docs/scan.md).
LOG_ROUNDS_OF_LAYOUT = {1: 4, 2: 2, 3: 2}
LAYOUT = 3
#: The first layout that prints only its own mode's achievements: another mode's is never
#: earned on the sheet (rules, clarification 15), and its box was one more to misread.
OWN_ACHIEVEMENTS_FROM = 3
#: Endgame rounds the printed log holds; a longer endgame continues on the back of the sheet,
#: and in a record (rules, "Rounds").
LOG_ROUNDS = LOG_ROUNDS_OF_LAYOUT[LAYOUT]
#: Endgame rounds read from a filled form: those of any layout, so that a form filled in
#: an older one reads whole.
READ_ROUNDS = max(LOG_ROUNDS_OF_LAYOUT.values())
#: The hidden field that names the sheet a form was printed from.
IDENTITY = "printkit"
#: The most digits a number box holds (a score is at most three).
MAX_DIGITS = 6
#: The longest text a box of the sheet holds (an endgame attempt with its aids is ~40).
MAX_TEXT = 80
GAME = "fox-and-rabbit"


@dataclass(frozen=True)
class FieldKind:
    """What kind of box a field is, and so how every face treats it: the form draws it, the
    page's script and its referee take its value, the photo reader reads its ink, and the
    player types its value after a photo, all by asking its kind, never its name."""

    name: str
    written: bool                  # a value is written in it; else it is ticked or not
    digits: bool = False           # only digits are written in it
    #: after a photo, the player types the value written (the referee judges it); the others
    #: (a score's parts, the date) are read for ink only
    typed: bool = False
    max_length: int = 0            # the most characters its value holds (0: a tick)

    @property
    def ink(self) -> Literal["tick", "writing"]:
        """Return how a photo's ink in it is read: as a tick, or as writing."""
        return "writing" if self.written else "tick"

    def blank(self) -> str | bool:
        """Return the value of the box left empty."""
        return "" if self.written else False

    def value(self, raw: object) -> str | bool | None:
        """Return the value a page or a form gives the box, made plain (a tick, or a text
        without its outer spaces); None when it is not one this kind holds."""
        if not self.written:
            return raw if isinstance(raw, bool) else None
        if not isinstance(raw, str) or len(raw) > self.max_length:
            return None
        return raw.strip()

    def __reduce__(self) -> tuple[Callable[[str], FieldKind], tuple[str]]:
        # unpickled as the very kind of KINDS, not an equal copy: a kind is asked with `is`
        # (a scan kept by pickle, as bench/suggest_snapshot.py keeps them, read otherwise)
        return _kind_named, (self.name,)


#: The kinds of box the sheet has.
CHECK = FieldKind("check", written=False)
CIRCLE = FieldKind("circle", written=True, digits=True, typed=True, max_length=MAX_DIGITS)
SCORE_PART = FieldKind("score-part", written=True, digits=True, max_length=MAX_DIGITS)
SCORE_TOTAL = FieldKind("score-total", written=True, digits=True, typed=True,
                        max_length=MAX_DIGITS)
ATTEMPT = FieldKind("attempt", written=True, typed=True, max_length=MAX_TEXT)
NOTE = FieldKind("note", written=True, max_length=MAX_TEXT)
KINDS: dict[str, FieldKind] = {k.name: k for k in (CHECK, CIRCLE, SCORE_PART, SCORE_TOTAL,
                                                   ATTEMPT, NOTE)}


def _kind_named(name: str) -> FieldKind:
    """Return the kind of box named `name` (a pickled kind's way back)."""
    return KINDS[name]


@dataclass(frozen=True)
class SheetField:
    """One box of the sheet: its name, its kind, and what it means."""

    name: str
    kind: FieldKind
    label: str          # in a player's words, for a screen reader and the docs' table
    said: Said = ""     # the label in any language (`message.Said`); the label itself if ""

    @property
    def digits(self) -> bool:
        return self.kind.digits

    def label_in(self, lang: Lang) -> str:
        """Return the label in `lang`, as a screen reader on the page says it."""
        return say(self.said, lang) if self.said != "" else self.label


def _field(name: str, kind: FieldKind, said: Said) -> SheetField:
    return SheetField(name, kind, say(said), said)


def cell_label(game_map: GameMap, cell_id: str) -> Message:
    """Return a cell as a screen reader names it: `F-A1, red 2` or `F-A3, orange circle`."""
    spec = game_map.cell(cell_id).spec
    if spec.value is None:
        return tr("{cell}, {colour} circle", cell=cell_id, colour=terms.colour(spec.colour))
    return tr("{cell}, {colour} {value}", cell=cell_id, colour=terms.colour(spec.colour),
              value=spec.value)


def _aid(aid: str) -> Term:
    """Return an aid by its id (`plus-minus`), as the labels say it: its id in English, its
    printed name elsewhere (`+/-1`, `flip`, `re-roll`)."""
    return Term(AID_NAMES[aid], english=aid)


def food_field(animal: str, food: str) -> str:
    """Return the name of an animal's box under a food: `F-apple`."""
    return f"{ANIMAL_LETTERS[animal]}-{food}"


def die_field(letter: str) -> str:
    return f"die-{letter}"


def gained_field(aid: str, k: int) -> str:
    """Return the box ticked when a reward gains the k-th extra circle (1, 2, ...) of an aid."""
    return f"gain-{aid}-{k}"


def circle_field(aid: str, k: int) -> str:
    """Return the k-th circle (1-4) of an aid track, crossed when spent."""
    return f"{aid}-{k}"


def trap_field(n: int) -> str:
    return f"trap-{n}"


def farmer_field(aid: str, animal: str) -> str:
    """Return the farmer's box for an aid used against an animal's trap (clarification 14)."""
    return f"farmer-{aid}-{ANIMAL_LETTERS[animal]}"


def attempt_field(rnd: int, animal: str, farmer: bool) -> str:
    """Return the endgame log's box for an attempt's dice and aids."""
    return f"round-{rnd}-{animal}" + ("-trap" if farmer else "")


def outcome_field(rnd: int, animal: str, farmer: bool) -> str:
    """Return the tick of an attempt: escaped, or caught by the farmer's trap."""
    return f"round-{rnd}-{animal}-" + ("caught" if farmer else "escaped")


def title_field(i: int) -> str:
    return f"title-{i + 1}"


SCORE_FIELDS: tuple[tuple[str, Message], ...] = (
    ("score-foods", tr("foods eaten, times 1")), ("score-escaped", tr("escaped animals, times 5")),
    ("score-traps", tr("traps left, times 1")), ("score", tr("total score")))


def gained_circles(game_map: GameMap, mode: Mode) -> int:
    """Return how many circles of each aid track a reward can gain in a mode."""
    return game_map.aid_circles - mode.active_circles


#: The fields of the sheets asked for lately, by map (kept, so that its id stays its own), mode
#: and layout: the web page's referee asks for them at every tap.
_FIELDS: dict[tuple[int, Mode, int], tuple[GameMap, tuple[SheetField, ...]]] = {}


def fields(game_map: GameMap, mode: Mode, layout: int = LAYOUT) -> tuple[SheetField, ...]:
    """Return every field of a mode's sheet, in the order the sheet prints them (the sheet
    printed today, or one of an older `layout`)."""
    key = (id(game_map), mode, layout)
    found = _FIELDS.get(key)
    if found is None or found[0] is not game_map:
        if len(_FIELDS) >= 64:
            _FIELDS.clear()
        found = _FIELDS[key] = (game_map, tuple(_fields(game_map, mode, layout)))
    return found[1]


def _fields(game_map: GameMap, mode: Mode, layout: int) -> Iterator[SheetField]:
    yield _field("date", NOTE, tr("date"))
    for trail in game_map.trails:
        for cell in trail.cells:
            name = str(cell.id)
            if cell.spec.value is None:
                yield _field(name, CIRCLE, tr("{cell}: the number written",
                                              cell=cell_label(game_map, name)))
            else:
                yield _field(name, CHECK, tr("{cell}: crossed", cell=cell_label(game_map, name)))
    for food in game_map.foods:
        for animal in ANIMALS:
            yield _field(food_field(animal, food.id), CHECK,
                         tr("{food}: eaten by the {animal}", food=Term(food.name),
                            animal=terms.animal_named(animal)))
    for letter in PRIMARY_LETTERS:
        yield _field(die_field(letter), CHECK,
                     tr("extra {colour} die taken", colour=terms.colour(letter)))
    for aid in AIDS:
        for k in range(1, game_map.aid_circles + 1):
            yield _field(circle_field(aid, k), CHECK,
                         tr("{aid} circle {n} spent", aid=_aid(aid), n=k))
        for k in range(1, gained_circles(game_map, mode) + 1):
            yield _field(gained_field(aid, k), CHECK,
                         tr("extra {aid} circle {n} gained", aid=_aid(aid), n=k))
    for n in range(1, game_map.farmer.traps + 1):
        yield _field(trap_field(n), CHECK, tr("trap {n} crossed", n=n))
    for aid in AIDS:
        for animal in ANIMALS:
            yield _field(farmer_field(aid, animal), CHECK,
                         tr("farmer's {aid} used against the {animal}'s trap", aid=_aid(aid),
                            animal=terms.animal_named(animal)))
    for name, label in SCORE_FIELDS:
        yield _field(name, SCORE_TOTAL if name == "score" else SCORE_PART, label)
    for i, title in enumerate(game_map.scoring.titles):
        yield _field(title_field(i), CHECK, tr("title: {title}", title=Term(title.title)))
    for rnd in range(1, LOG_ROUNDS_OF_LAYOUT[layout] + 1):
        for farmer in (False, True):
            for animal in ANIMALS:
                who = terms.animal_named(animal)
                what = (tr("farmer against the {animal}", animal=who) if farmer
                        else tr("{animal}'s escape", animal=who))
                yield _field(attempt_field(rnd, animal, farmer), ATTEMPT,
                             tr("round {n}, {what}: dice and aids", n=rnd, what=what))
                yield _field(outcome_field(rnd, animal, farmer), CHECK,
                             tr("round {n}, {what}: caught", n=rnd, what=what) if farmer else
                             tr("round {n}, {what}: escaped", n=rnd, what=what))
    for ach in achievements_on(game_map, mode, layout):
        yield _field(ach.id, CHECK, tr("achievement: {text}", text=Term(ach.text)))


def achievements_on(game_map: GameMap, mode: Mode, layout: int = LAYOUT) -> list[Achievement]:
    """Return the achievements a mode's sheet has a box for, in the order it prints them:
    the mode's own (from layout 3 on, only those), then the other modes' (layout 2), or
    every mode's in the map's order (layout 1)."""
    every = game_map.scoring.achievements
    if layout == 1:
        return list(every)
    own = [a for a in every if a.mode == mode.id]
    return own if layout >= OWN_ACHIEVEMENTS_FROM else \
        own + [a for a in every if a.mode != mode.id]


def field_table(game_map: GameMap) -> str:
    """Return the Markdown table of every field of a map's sheets (docs/gamesheet-form.md)."""
    rows = ["| field | kind | modes | what it holds |", "|---|---|---|---|"]
    by_name: dict[str, tuple[SheetField, list[str]]] = {}
    for mode in game_map.modes.values():
        for f in fields(game_map, mode):
            by_name.setdefault(f.name, (f, []))[1].append(mode.id)
    every = list(game_map.modes)
    # the achievements last, together: each mode's sheet lists its own at its end
    achievements = {a.id for a in game_map.scoring.achievements}
    for f, modes in sorted(by_name.values(), key=lambda item: item[0].name in achievements):
        kind = "check box" if not f.kind.written else ("number" if f.digits else "text")
        rows.append(f"| `{f.name}` | {kind} | {'all' if modes == every else ', '.join(modes)} "
                    f"| {f.label} |")
    return "\n".join(rows) + "\n"


def identity(game_map: GameMap, mode: Mode, digest: str) -> str:
    """Return the hidden field's value: the game, the map, the mode and the map's digest."""
    return f"{GAME} {game_map.name} {mode.id} {digest}"


def parse_identity(value: str) -> tuple[str, str, str]:
    """Return (map, mode, digest) from the hidden field, or raise ValueError."""
    parts = value.split()
    if len(parts) != 4 or parts[0] != GAME:
        raise ValueError(value)
    return parts[1], parts[2], parts[3]


# --- a filled form as a record, and a record as a filled form -------------------------------
def _ticked(values: Mapping[str, Any], name: str) -> bool:
    return values.get(name) is True


def _written(values: Mapping[str, Any], name: str) -> str:
    value = values.get(name)
    return " ".join(value.split()) if isinstance(value, str) else ""


@dataclass(frozen=True)
class FormRecord:
    """What a filled sheet holds, as record data, and which field each part came from."""

    data: dict[str, Any]
    places: dict[tuple[Any, ...], str]   # a path in the record -> the field it was read from
    problems: list[Said]                 # boxes that cannot be read (letters in a number box)

    def field_of(self, loc: tuple[Any, ...]) -> str | None:
        """Return the field a place in the record came from (the nearest one that is known)."""
        for n in range(len(loc), 0, -1):
            name = self.places.get(loc[:n])
            if name is not None:
                return name
        return None


def record_data(values: Mapping[str, str | bool], game_map: GameMap, mode: Mode) -> FormRecord:
    """Return the run record a filled sheet holds, as the data a YAML record would give.

    `values` maps field names to their text (written boxes) or True (ticked boxes); empty
    boxes may be absent. Only what the sheet shows goes in; the record model then reads it
    like any record, so a form and a YAML file are judged alike.
    """
    places: dict[tuple[Any, ...], str] = {}
    problems: list[Said] = []

    def number(name: str, what: Said) -> int | None:
        text = _written(values, name)
        if not text:
            return None
        if not (text.isascii() and text.isdigit()):
            problems.append(tr("field {name}: {what} holds {value}; write a whole number",
                               name=name, what=what, value=quoted(text)))
            return None
        if len(text) > MAX_DIGITS:
            problems.append(tr("field {name}: {what} holds a number of {n} digits; no box on "
                               "the sheet takes more than {most}", name=name, what=what,
                               n=len(text), most=MAX_DIGITS))
            return None
        return int(text)

    crossed: list[str] = []
    written: dict[str, int] = {}
    for trail in game_map.trails:
        for cell in trail.cells:
            name = str(cell.id)
            if cell.spec.value is None:
                n = number(name, tr("the circle"))
                if n is not None:
                    places[("crossed", len(crossed))] = name
                    places[("written", name)] = name
                    crossed.append(name)
                    written[name] = n
            elif _ticked(values, name):
                places[("crossed", len(crossed))] = name
                crossed.append(name)
    eaten: dict[str, list[str]] = {}
    for animal in ANIMALS:
        eaten[animal] = []
        for f in game_map.foods:
            if _ticked(values, food_field(animal, f.id)):
                places[("eaten", animal, len(eaten[animal]))] = food_field(animal, f.id)
                eaten[animal].append(f.id)
    rewards = [f"{COLOUR_NAMES[x]} die" for x in PRIMARY_LETTERS if _ticked(values, die_field(x))]
    rewards += [f"{aid} circle" for aid in AIDS
                for k in range(1, gained_circles(game_map, mode) + 1)
                if _ticked(values, gained_field(aid, k))]
    places[("rewards",)] = die_field(PRIMARY_LETTERS[0])
    spent = {aid: sum(_ticked(values, circle_field(aid, k))
                      for k in range(1, game_map.aid_circles + 1)) for aid in AIDS}
    for aid in AIDS:
        places[("aids_spent", aid)] = circle_field(aid, 1)
    traps = sum(_ticked(values, trap_field(n)) for n in range(1, game_map.farmer.traps + 1))
    farmer = {aid: [a for a in ANIMALS if _ticked(values, farmer_field(aid, a))] for aid in AIDS}
    attempts: dict[bool, list[dict[str, Any]]] = {False: [], True: []}
    for rnd in range(1, READ_ROUNDS + 1):
        for farmer_side in (False, True):
            key = "trigger_attempts" if farmer_side else "escape_attempts"
            out = attempts[farmer_side]
            for animal in ANIMALS:
                name = attempt_field(rnd, animal, farmer_side)
                text = _written(values, name)
                ok = _ticked(values, outcome_field(rnd, animal, farmer_side))
                if not text and not ok:
                    continue
                if not text:
                    problems.append(tr("field {name}: the attempt is ticked but its dice are "
                                       "not written", name=name))
                    continue
                places[(key, len(out))] = name
                out.append({"round": rnd, "animal": animal, "roll": text,
                            ("triggered" if farmer_side else "escaped"): ok})
    claimed: dict[str, Any] = {}
    score = number("score", tr("the score"))
    if score is not None:
        claimed["score"] = score
        places[("claimed", "score")] = "score"
    titles = [i for i in range(len(game_map.scoring.titles)) if _ticked(values, title_field(i))]
    if len(titles) > 1:
        problems.append(tr("fields {names}: {n} titles are ticked; tick the one the score earns",
                           names=", ".join(title_field(i) for i in titles), n=len(titles)))
    elif titles:
        claimed["title"] = game_map.scoring.titles[titles[0]].title
    claimed["achievements"] = [a.id for a in game_map.scoring.achievements
                               if _ticked(values, a.id)]
    data: dict[str, Any] = {
        "game": GAME, "map": game_map.name, "mode": mode.id, "crossed": crossed,
        "written": written, "eaten": eaten, "rewards": rewards, "aids_spent": spent,
        "traps_crossed": traps, "farmer_aids": farmer, "escape_attempts": attempts[False],
        "trigger_attempts": attempts[True], "claimed": claimed,
    }
    return FormRecord(data, places, problems)


def form_values(run: Run, layout: int = LAYOUT) -> dict[str, str | bool]:
    """Return the filled sheet a run shows: each field's text, or True for a ticked box (on
    the sheet printed today, or one of an older `layout`).

    The score box shows what the run claims: its total is the claimed score, and its parts
    what the run records (its foods, the escapes it ticks, the traps left); a run that claims
    no score or title leaves those boxes empty, so that reading the sheet back gives the
    same claims. Raises ValueError when the run does not fit the sheet (an endgame longer
    than the log, another mode's achievement claimed on a sheet that lists only its own).
    """
    m = run.map
    mode = m.modes[run.mode]
    values: dict[str, str | bool] = {}
    for cell_id in run.crossed:
        values[cell_id] = str(run.written[cell_id]) if cell_id in run.written else True
    for a, animal in enumerate(ANIMALS):
        for food in run.eaten[a]:
            values[food_field(animal, food)] = True
    gained = dict.fromkeys(AIDS, 0)
    for reward in run.rewards or ():
        word, kind = reward.rsplit(" ", 1)
        if kind == "die":
            values[die_field(PRIMARY_LETTERS[list(COLOUR_NAMES.values()).index(word)])] = True
        else:
            gained[word] += 1
            if gained[word] > gained_circles(m, mode):
                raise ValueError(f"{gained[word]} {word} circles gained; the {mode.id} sheet "
                                 f"has {gained_circles(m, mode)} to gain")
            values[gained_field(word, gained[word])] = True
    for k, aid in enumerate(AIDS):
        for i in range(1, min(run.aids_spent[k], m.aid_circles) + 1):
            values[circle_field(aid, i)] = True
    for n in range(1, min(run.traps_crossed, m.farmer.traps) + 1):
        values[trap_field(n)] = True
    rounds = LOG_ROUNDS_OF_LAYOUT[layout]
    for attempts, farmer in ((run.escapes, False), (run.triggers, True)):
        for att in attempts:
            if att.round > rounds:
                raise ValueError(f"the endgame goes to round {att.round}; the sheet's log holds "
                                 f"{rounds} rounds (keep such a run as a YAML record)")
            animal = ANIMALS[att.animal]
            text = dice_text(att.roll) + "".join(f"; {aid}" for aid in att.aids)
            values[attempt_field(att.round, animal, farmer)] = text
            if att.outcome:
                values[outcome_field(att.round, animal, farmer)] = True
            if farmer:
                for use in att.aids:
                    values[farmer_field(AIDS[use.aid], animal)] = True
    if run.farmer_aids is not None:
        for k, animals in enumerate(run.farmer_aids):
            for a in animals:
                values[farmer_field(AIDS[k], ANIMALS[a])] = True
    scoring = m.scoring
    escaped = len({att.animal for att in run.escapes if att.outcome})
    parts = (sum(len(foods) for foods in run.eaten) * scoring.per_food,
             escaped * scoring.per_escape,
             max(0, m.farmer.traps - run.traps_crossed) * scoring.per_trap_left if escaped else 0)
    if run.claim_score is not None:  # a score box the record leaves empty stays empty
        for (name, _), points in zip(SCORE_FIELDS, parts):
            values[name] = str(points)
        values["score"] = str(run.claim_score)
    title = run.claim_title or ""
    for i, t in enumerate(m.scoring.titles):
        if " ".join(t.title.casefold().split()) == " ".join(title.casefold().split()):
            values[title_field(i)] = True
    unboxed = {a.id for a in m.scoring.achievements} - \
        {a.id for a in achievements_on(m, mode, layout)}
    for ach in run.claim_achievements:
        if ach in unboxed:
            raise ValueError(f"the run claims {ach}, another mode's achievement; the {mode.id} "
                             f"sheet has no box for it")
        values[ach] = True
    return values
