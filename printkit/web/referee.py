"""What the page asks the referee, in plain Python: no HTTP here, so each answer is testable.

The page holds a sheet as its field values (`{"F-A1": true, "F-B4": "10", ...}`, named as in
`sheet_fields`) and, in play-along mode, a turn log. Everything is judged by the validator of
`printkit validate`: the values are read as a filled PDF form is (`reader.read_run`), and a
record is shown on the sheet as a filled PDF shows it (`sheet_fields.form_values`).
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from printkit.errors import PrintkitError
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import AIDS, MODES, GameMap, rules_digest
from printkit.games.fox_rabbit.dice import PRIMARY_LETTERS
from printkit.games.fox_rabbit.engine import REWARDS, reward_parts
from printkit.games.fox_rabbit.evidence import BoxRead, Doubt, doubts
from printkit.games.fox_rabbit.evidence_shown import evidence
from printkit.games.fox_rabbit.narrow_sheet import sheet_state
from printkit.games.fox_rabbit.narrowing import score_values
from printkit.games.fox_rabbit.position import position
from printkit.games.fox_rabbit.questions import doubted_again, misread_shown, next_doubt
from printkit.games.fox_rabbit.reader import SheetFields, read_run
from printkit.games.fox_rabbit.record import MapLoader, Run, from_data
from printkit.games.fox_rabbit.record_model import MAP_PATTERN
from printkit.games.fox_rabbit.record_text import record_yaml, run_data
from printkit.games.fox_rabbit.record_yaml import RecordError
from printkit.games.fox_rabbit.sheet_boxes import trap_fields
from printkit.games.fox_rabbit.validate import Report, validate_run
from printkit.language import ENGLISH, Lang
from printkit.message import quoted, tr

_MAP_NAME = re.compile(f"^{MAP_PATTERN}$")


class RequestError(PrintkitError):
    """A request the page or a tool got wrong (not a record that breaks a rule): HTTP 400."""


class NotKept(Exception):
    """A map not in memory yet: making it (a variant's, seconds) is heavy work."""


K = TypeVar("K")
V = TypeVar("V")


class Kept(Generic[K, V]):
    """The last `size` values made, by key, the least recently used dropped first; shared by
    the server's threads. Unlike an lru_cache it says whether it holds a key: what it holds
    costs nothing to answer, what it does not is made as heavy work."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> V:
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value

    def make(self, key: K, making: Callable[[], V]) -> V:
        """Return the value kept for `key`, or make it, keep it and return it."""
        value = self.get(key)
        return value if value is not None else self.put(key, making())


#: The maps the server has in memory (fewer than template.load_map keeps, so that every
#: one of them is also in its cache).
_MAPS: Kept[str, GameMap] = Kept(8)


@dataclass(frozen=True)
class PhotoCheck:
    """The photo a page's sheet was read from: what it showed of each box, and the boxes the
    player has settled since (their values are the player's, never doubted)."""

    reading: dict[str, BoxRead]
    settled: set[str]
    #: what one tap took as the photo shows it (Confirm all: the boxes as they lean, the
    #: values as filled in): the photo's reading still, asked again where the rules disagree
    taken: set[str] = field(default_factory=set)
    #: the boxes and values the referee asked about before (the page sends back what the
    #: server said it doubted): asked again while the run still breaks a rule and no other
    #: doubt is left, as `questions.next_doubt` keeps them for `validate PHOTO`
    doubted: list[str] = field(default_factory=list)

    @property
    def answered(self) -> set[str]:
        """Return the boxes and values the player answered: settled, and not by one tap."""
        return self.settled - self.taken


# --- which sheet ----------------------------------------------------------------------------
def load_kept(name: str) -> GameMap:
    """Return a map by the name a record or a sheet gives it, keeping it in memory; a
    variant not met yet is made (a second or more)."""
    from printkit.games.fox_rabbit.template import load_map

    return _MAPS.make(name, lambda: load_map(name))


def kept_map(name: str) -> GameMap:
    """Return a map already in memory, or raise NotKept: a loader for cheap work."""
    game_map = _MAPS.get(name)
    if game_map is None:
        raise NotKept(name)
    return game_map


def sheet_map(name: str, loader: MapLoader = load_kept) -> GameMap:
    """Return a map by the name its sheet prints (`classic`, `variant-17`); never a file."""
    if not _MAP_NAME.match(name):
        raise RequestError(f"unknown map {quoted(name)}: expected classic or variant-N")
    try:
        return loader(name)
    except PrintkitError as err:
        raise RequestError(str(err)) from None


def sheet_mode(mode: str) -> str:
    if mode not in MODES:
        raise RequestError(f"unknown mode {quoted(mode)}: expected one of {', '.join(MODES)}")
    return mode


def form(game_map: GameMap, mode_id: str, lang: Lang = ENGLISH) -> dict[str, Any]:
    """Return what the page needs to know of a sheet: its fields and how its boxes connect;
    the names a player reads (foods, places, dice, aids) in `lang`."""
    from printkit.products.fox_rabbit.words import aid_name, colour_name, map_words

    mode = game_map.modes[mode_id]
    gained = sf.gained_circles(game_map, mode)
    return {
        "map": game_map.name, "mode": mode_id, "title": game_map.title,
        "fields": [{"name": f.name, "kind": f.kind.name, "written": f.kind.written,
                    "label": f.label_in(lang), "digits": f.digits}
                   for f in sf.fields(game_map, mode)],
        "trails": [{"id": str(t.id), "cells": [str(c.id) for c in t.cells],
                    "location": map_words(game_map.location(t.location).name, lang),
                    "foods": list(game_map.foods_at(t))} for t in game_map.trails],
        "foods": {f.id: map_words(f.name, lang) for f in game_map.foods},
        "dice": {x: colour_name(x, lang) for x in PRIMARY_LETTERS},
        # each reward, in the record's words, and the boxes that show it taken
        "rewards": {r: _reward_boxes(r, gained) for r in REWARDS},
        "aids": [{"id": aid, "name": aid_name(aid, lang),
                  "circles": [sf.circle_field(aid, k)
                              for k in range(1, game_map.aid_circles + 1)]} for aid in AIDS],
        "traps": list(trap_fields(game_map)),
    }


def _reward_boxes(reward: str, gained: int) -> list[str]:
    kind, i = reward_parts(reward)
    if kind == "die":
        return [sf.die_field(PRIMARY_LETTERS[i])]
    return [sf.gained_field(AIDS[i], k) for k in range(1, gained + 1)]


# --- the sheet as a record, and a record as a sheet ------------------------------------------
def sheet_values(game_map: GameMap, mode_id: str, raw: Any) -> dict[str, str | bool]:
    """Return the page's field values, checked: known names, ticks or short texts."""
    if not isinstance(raw, Mapping):
        raise RequestError("values must be an object of field names")
    known = {f.name: f.kind for f in sf.fields(game_map, game_map.modes[mode_id])}
    out: dict[str, str | bool] = {}
    for name, raw_value in raw.items():
        kind = known.get(name)
        if kind is None:
            raise RequestError(f"there is no field {quoted(name)} on the {game_map.name} {mode_id} "
                               f"sheet")
        value = kind.value(raw_value)
        if value is None:
            raise RequestError(f"field {name}: expected " + (
                f"a text of at most {kind.max_length} characters" if kind.written
                else "true or false"))
        if value:
            out[name] = value
    return out


def turn_lines(raw: Any) -> list[str]:
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        raise RequestError("turns must be a list of turn lines")
    return [" ".join(t.split()) for t in raw]


def _form_values(game_map: GameMap, mode_id: str,
                 values: Mapping[str, str | bool]) -> dict[str, str | bool]:
    """Return a page's sheet as a filled form's values: every field, and the hidden field
    that names the sheet."""
    mode = game_map.modes[mode_id]
    form: dict[str, str | bool] = {f.name: values.get(f.name, f.kind.blank())
                                   for f in sf.fields(game_map, mode)}
    form[sf.IDENTITY] = sf.identity(game_map, mode, rules_digest(game_map))
    return form


def read_page(game_map: GameMap, mode_id: str, values: Mapping[str, str | bool],
              turns: list[str]) -> Run:
    """Return the run a page's sheet (and turn log) holds, read as a filled PDF form is.

    A box that cannot be read (letters in a number) raises RecordError naming its field.
    """
    run = read_run(SheetFields(_form_values(game_map, mode_id, values), "the sheet"),
                   map_loader=lambda name: game_map)
    if turns:
        run = from_data({**run_data(run), "turns": list(turns)}, None, lambda name: game_map)
    return run


def page_values(run: Run) -> dict[str, str | bool]:
    """Return the page's field values that show a run, as its filled gamesheet would."""
    try:
        return sf.form_values(run)
    except ValueError as err:
        raise RecordError(f"the run does not fit on a gamesheet: {err}") from None


# --- what the page asks ------------------------------------------------------------------------
def photo_reading(game_map: GameMap, mode_id: str, raw: Any) -> PhotoCheck | None:
    """Return the photo a page's sheet was read from, as the page sends it back (`photo`:
    {reading: {box: [marked, confidence]}, settled: [box, ...], taken: [box, ...],
    doubted: [box, ...]}), checked; None without one."""
    if raw is None:
        return None
    kinds = {f.name: f.kind for f in sf.fields(game_map, game_map.modes[mode_id])}
    reading = raw.get("reading") if isinstance(raw, Mapping) else None
    settled = raw.get("settled", []) if isinstance(raw, Mapping) else None
    if not isinstance(reading, Mapping) or not isinstance(settled, list):
        raise RequestError("photo is {\"reading\": {box: [marked, confidence]}, \"settled\": "
                           "[box, ...]}")
    read: dict[str, BoxRead] = {}
    for name, seen in reading.items():
        if name not in kinds or not (isinstance(seen, list) and len(seen) == 2 and
                                     isinstance(seen[0], bool) and
                                     isinstance(seen[1], (int, float)) and 0 <= seen[1] <= 1):
            raise RequestError(f"photo: the reading of {quoted(name)} is [marked, confidence] "
                               "of a box of this sheet")
        read[name] = BoxRead(kinds[name], seen[0], float(seen[1]))
    if not all(isinstance(n, str) and n in kinds for n in settled):
        raise RequestError("photo: settled names boxes of this sheet")
    taken = raw.get("taken", [])
    if not isinstance(taken, list) or not all(isinstance(n, str) and n in kinds for n in taken):
        raise RequestError("photo: taken names boxes of this sheet")
    doubted = raw.get("doubted", [])
    if not isinstance(doubted, list) or not all(isinstance(n, str) and n in kinds
                                                for n in doubted):
        raise RequestError("photo: doubted names boxes of this sheet")
    return PhotoCheck(read, set(settled), set(taken), list(dict.fromkeys(doubted)))


def next_question(photo: PhotoCheck, found: list[Doubt], form: Mapping[str, str | bool],
                  judged: Report | None = None) -> tuple[list[Doubt], list[str]]:
    """Return the referee's next question on a photo's sheet (none, or one: asked one at a
    time, the least sure first, as `validate PHOTO` asks them) and every box and value it
    has doubted so far, for the page to send back: a doubt raised before and not answered
    since is asked again while the run still breaks a rule (`questions.next_doubt`;
    `judged`: the report on `form`, when the caller has it)."""
    pending = doubted_again(photo.doubted, photo.reading, form, photo.taken)
    doubt = next_doubt(found, pending, form, photo.answered, judged=judged)
    return ([doubt] if doubt is not None else []), list(pending)


def check(game_map: GameMap, mode_id: str, values: Mapping[str, str | bool],
          turns: list[str], current: str | None = None,
          lang: Lang = ENGLISH, photo: PhotoCheck | None = None) -> dict[str, Any]:
    """Return the verdict on a sheet (`printkit validate --json`'s report), its record, and how
    far its game has come.

    `current` is the turn being played (its roll and the marks made so far): the sheet is
    judged as it stands when that turn ends now, with its line in the log and the trap its
    end crosses, so a legal mark mid-turn is legal, and a wrong one is said at that turn.
    `lang` is the page's language: the progress and each violation's `said` are in it.
    """
    try:
        run = read_page(game_map, mode_id, values, turns)
    except RecordError:
        # a photo's values that are no run (two titles ticked) may be the camera's doing: the
        # boxes whose other reading makes them a run are asked first, as `validate PHOTO` asks
        if photo is None:
            raise
        form = _form_values(game_map, mode_id, values)
        question, doubted = next_question(
            photo, doubts(photo.reading, game_map, form, photo.answered), form)
        if not question:
            raise
        return {"report": None, "record": None, "progress": None,
                "photo": {"doubts": [d.as_dict() for d in question], "doubted": doubted,
                          "evidence": {}}}
    judged = run
    if current:
        at_end = dict(values)
        trap = next((name for name in trap_fields(game_map) if not values.get(name)), None)
        if trap is not None:
            at_end[trap] = True
        judged = read_page(game_map, mode_id, at_end, [*turns, current])
    report = validate_run(judged)
    answer = {"report": report.as_dict(lang), "record": record_yaml(run_data(judged)),
              "progress": progress(run, report, playing=bool(current), lang=lang)}
    if photo is not None:
        # the referee checks the photo's reading before it accuses (games/fox_rabbit/evidence);
        # with no turn log the run judged is the one the photo's values give: judged once
        same = report if judged is run and not turns else None
        form = _form_values(game_map, mode_id, values)
        # what one tap took as the photo shows it is the photo's: weighed as never answered
        asked = doubts(photo.reading, game_map, form, photo.answered, judged=same,
                       taken=photo.taken)
        question, doubted = next_question(photo, asked, form, same)
        scores = score_values(form, sheet_state(form),
                              same.score if same is not None else None)
        shown = misread_shown(photo.reading, form, photo.answered)
        answer["photo"] = {
            "doubts": [d.as_dict() for d in question], "doubted": doubted,
            # the player's answers have shown the photo wrong about so many boxes that it
            # does not see the pen: said beside the questions, which go on (as the terminal)
            "misread": ({"n": shown[0], "m": shown[1]} if question and shown else None),
            # the score box as the rules decide it from the values given: a score read from
            # the photo that waited for the values to type is settled by it (page.js)
            "scores": {name: str(v) for name, v in scores.items()},
            "evidence": {name: f.as_dict() for name, f in evidence(photo.reading, report,
                                                                   photo.answered).items()}}
    return answer


def progress(run: Run, report: Report, playing: bool = False,
             lang: Lang = ENGLISH) -> dict[str, Any]:
    """Return how far a game has come, for a sheet whose endgame is not over.

    A game in progress is no mistake: the violations that say only "the game is not
    finished" (`Violation.unfinished`) are named (by their index in the report) so that the
    page shows them as progress. `lines` say where the game stands and when the endgame may
    begin, in `lang`.
    """
    _ = lang.gettext
    m = run.map
    pos = position(run)
    unfinished = [i for i, v in enumerate(report.violations) if v.unfinished]
    eaten = pos.eaten
    foods = pos.foods_eaten
    endgame = pos.begun or pos.forced
    names = {f.id: _(f.name) for f in m.foods}
    lines = []
    if not endgame:
        lines.append(lang.ngettext(
            "turn {n}: {crossed} of {traps} traps crossed; {foods} food eaten (fox: {fox}; "
            "rabbit: {rabbit})",
            "turn {n}: {crossed} of {traps} traps crossed; {foods} foods eaten (fox: {fox}; "
            "rabbit: {rabbit})", foods).format(
            n=run.traps_crossed + 1, crossed=run.traps_crossed, traps=m.farmer.traps,
            foods=foods, fox=", ".join(names[f] for f in eaten[0]) or _("none"),
            rabbit=", ".join(names[f] for f in eaten[1]) or _("none")))
        if pos.may_begin:
            lines.append((_("you may start the endgame now: {foods} foods eaten, both animals "
                             "fed, once this turn ends") if playing else
                           _("you may start the endgame now: {foods} foods eaten, both "
                             "animals fed")).format(foods=foods))
        else:
            unfed = [a for a in (0, 1) if not eaten[a]]
            kinds = len({f for a in eaten for f in a})
            threshold = m.modes[run.mode].escape_threshold
            need = (_("each of the {n} foods is eaten ({k} so far)").format(
                        n=len(m.foods), k=kinds) if threshold == "all" else
                    _("{n} foods are eaten ({k} so far)").format(n=threshold, k=foods))
            fed_words = (_("both animals have eaten") if not unfed else
                         _("both animals have eaten (the fox and the rabbit have not yet)")
                         if len(unfed) == 2 else
                         _("both animals have eaten (the fox has not yet)") if unfed == [0]
                         else _("both animals have eaten (the rabbit has not yet)"))
            lines.append(_("the endgame may begin once {fed} and {need}, or at the farmer's "
                           "last trap").format(fed=fed_words, need=need))
    elif unfinished:
        lines.append(_("the endgame is under way: each animal still inside attempts to escape, "
                       "then the farmer attempts to catch it, round by round"))
    return {"finished": not unfinished, "endgame": endgame, "may_end": pos.may_begin,
            "foods_eaten": foods, "traps_crossed": run.traps_crossed,
            "traps": m.farmer.traps, "not_finished": unfinished, "lines": lines}


def filled_pdf(game_map: GameMap, mode_id: str, values: Mapping[str, str | bool],
               turns: list[str], paper_id: str) -> tuple[str, bytes]:
    """Return (file name, bytes) of the filled PDF gamesheet of a page's sheet."""
    from printkit.draw.paper import paper
    from printkit.products.fox_rabbit.gamesheet import filled_gamesheet

    try:
        sheet_paper = paper(paper_id)
    except PrintkitError as err:
        raise RequestError(str(err)) from None
    doc = filled_gamesheet(read_page(game_map, mode_id, values, turns), sheet_paper)
    return doc.filename, doc.pdf_bytes()


def play(game_map: GameMap, mode_id: str, turns: list[str],
         lang: Lang = ENGLISH) -> list[str]:
    """Return why the last turn line (as far as it is written) breaks a rule; [] if it does not.

    The page sends the turn log with the mark a player is about to make at the end of its
    last line; the validator replays the whole log, and what it says of that turn refuses the
    mark. Turns before it were accepted one mark at a time, so they are legal.
    """
    if not turns:
        raise RequestError("send the turn log, with the turn being played last")
    data = {"game": sf.GAME, "map": game_map.name, "mode": mode_id, "turns": turns}
    try:
        report = validate_run(from_data(data, None, lambda name: game_map))
    except RecordError as err:
        return [p.split(": ", 1)[-1] if p.startswith("turns[") else p for p in err.problems]
    here = f"turn {len(turns)}"
    return [tr("{text} ({rule})", text=v.said, rule=v.rule.citation_said).say(lang)
            for v in report.violations if v.place == here]


def open_record(data: bytes, loader: MapLoader = load_kept) -> dict[str, Any]:
    """Return a record (YAML, JSON) or a filled PDF gamesheet as the page shows it."""
    run = read_run(data, "the PDF" if data.startswith(b"%PDF-") else "the file", loader)
    return {"map": run.map.name, "mode": run.mode, "values": page_values(run),
            "turns": [str(t) for t in run.turns or ()]}
