"""The run record's one typed model: every source (YAML, JSON, a filled PDF form) is read into it.

The model takes the sheet's own words in any case (`Carrot`, `+/-1`, `Fox`, `f-a1`) and gives
them back in one spelling; it holds only what the paper shows. Its JSON Schema is the
record's documented schema (docs/run-record.schema.json).

Ids that depend on the map (cells, trails, foods, achievements) are checked against the map
when the record is turned into a run (`record.to_run`), not here.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from printkit.games.fox_rabbit.board import AID_WORDS_PRINTED, aid_notation
from printkit.message import tr

#: Upper limits (list lengths, text lengths, largest values); lower ones are 0 or 1.
LIMITS: dict[str, int] = {
    "crossed": 500, "written": 36, "eaten": 6, "aid circles": 8, "traps": 40,
    "attempts": 500, "round": 999, "dice": 6, "attempt aids": 8, "score": 999, "title": 200,
    "achievements": 20, "turns": 200, "turn text": 400, "variant": 999_999, "rewards": 12,
    "trail cells": 99, "trails": 52,
}
DEFAULT_MAP = "classic"

DIE_PATTERN = r"[RBY][1-6]"
CELL_PATTERN = r"[FR]-[A-Z][1-9][0-9]?"
TRAIL_PATTERN = r"[FR]-[A-Z]"
AID_PATTERN = r"((\+1|-1|flip) [RBY][1-6]|re-roll( [RBY][1-6])+ -> [RBY][1-6]( [RBY][1-6])*)"
ID_PATTERN = r"[a-z][a-z0-9-]{0,39}"
MAP_PATTERN = r"[a-z0-9][a-z0-9-]{0,39}"

#: An aid's id in records, by every way the sheet and players write it.
AID_WORDS: dict[str, str] = {
    "plus-minus": "plus-minus", "+/-1": "plus-minus", "+/-": "plus-minus", "±1": "plus-minus",
    "plus/minus": "plus-minus", "plus-minus-1": "plus-minus",
    "flip": "flip", "re-roll": "re-roll", "reroll": "re-roll", "re roll": "re-roll",
    **AID_WORDS_PRINTED,
}
COLOUR_WORDS: dict[str, str] = {"red": "red", "r": "red", "blue": "blue", "b": "blue",
                                "yellow": "yellow", "y": "yellow"}


def _squash(value: Any) -> Any:
    """Return a text in lower case with single spaces (the sheet's words in any case)."""
    return " ".join(value.lower().split()) if isinstance(value, str) else value


#: The classic map's name as a Spanish or French sheet prints it (its catalogue's), which a
#: player of that sheet may write for the map.
MAP_NAMES_PRINTED: dict[str, str] = {"clásico": "classic", "classique": "classic"}


def _map(value: Any) -> Any:
    """Return a map's name as records keep it: `classic`, `variant-7`, from the name any
    language's sheet prints (`clásico`, `variante 7`)."""
    value = _squash(value)
    if not isinstance(value, str):
        return value
    variant = re.fullmatch(r"variante? (\d+)", value)
    return f"variant-{variant.group(1)}" if variant else MAP_NAMES_PRINTED.get(value, value)


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


def _upper(value: Any) -> Any:
    return value.strip().upper() if isinstance(value, str) else value


def _aid(value: Any) -> Any:
    """Return an aid's id from any of its names: `+/-1` and `Plus-Minus` are `plus-minus`."""
    if isinstance(value, str):
        return AID_WORDS.get(_squash(value), value)
    return value


def _reward(value: Any) -> Any:
    """Return a reward in the record's words: `Red`, `+1 red` -> `red die`; `Flip` -> `flip
    circle`."""
    if not isinstance(value, str):
        return value
    words = _squash(value)
    words = words.removeprefix("+1 ").removeprefix("extra ")
    for suffix in (" die", " dice", " circle"):
        if words.endswith(suffix):
            words = words[: -len(suffix)]
            break
    if words in COLOUR_WORDS:
        return f"{COLOUR_WORDS[words]} die"
    if words in AID_WORDS:
        return f"{AID_WORDS[words]} circle"
    return value


def _words(value: Any, one: Any) -> Any:
    """Return a list of words: a list as it is, or a text split at commas and semicolons."""
    if isinstance(value, str):
        return [one(w) for w in re.split(r"[,;]", value) if w.strip()]
    if isinstance(value, list):
        return [one(w) for w in value]
    return value


def _dice(value: Any) -> Any:
    """Return dice as a list: `[R5, Y6]` or a text `R5 Y6` (any case)."""
    if isinstance(value, str):
        return value.upper().split()
    if isinstance(value, list):
        return [_upper(d) for d in value]
    return value


def _aid_use(value: Any) -> Any:
    """Return an aid use in the record's spelling: `FLIP r6` -> `flip R6`, `Reroll` -> `re-roll`."""
    if not isinstance(value, str):
        return value
    words = value.split()
    if not words:
        return value
    head = aid_notation(words[0].lower())
    head = {"reroll": "re-roll", "re-roll:": "re-roll"}.get(head, head)
    return " ".join([head] + [w.upper() if w != "->" else w for w in words[1:]])


DieText = Annotated[str, StringConstraints(pattern=f"^{DIE_PATTERN}$")]
CellText = Annotated[str, BeforeValidator(_upper), StringConstraints(pattern=f"^{CELL_PATTERN}$")]
TrailText = Annotated[str, BeforeValidator(_upper),
                      StringConstraints(pattern=f"^{TRAIL_PATTERN}$")]
AidText = Annotated[str, BeforeValidator(_aid_use), StringConstraints(pattern=f"^{AID_PATTERN}$")]
IdText = Annotated[str, BeforeValidator(_squash), StringConstraints(pattern=f"^{ID_PATTERN}$")]
#: A food as its id (`carrot`) or as a sheet prints it, in any of printkit's languages
#: (`Zanahoria`, `Maïs`): the map says which it is
FoodText = Annotated[str, BeforeValidator(_squash),
                     StringConstraints(pattern=r"^[^\W\d_][\w' -]{0,39}$")]
TurnText = Annotated[str, StringConstraints(max_length=LIMITS["turn text"])]
Animal = Annotated[Literal["fox", "rabbit"], BeforeValidator(_squash)]
Mode = Annotated[Literal["easy", "hard", "super-hard"], BeforeValidator(_squash)]
AidId = Annotated[Literal["plus-minus", "flip", "re-roll"], BeforeValidator(_aid)]
Reward = Annotated[Literal["red die", "blue die", "yellow die", "plus-minus circle",
                           "flip circle", "re-roll circle"], BeforeValidator(_reward)]
Dice = Annotated[list[DieText], BeforeValidator(_dice),
                 Field(min_length=1, max_length=LIMITS["dice"])]
AidUses = Annotated[list[AidText], BeforeValidator(lambda v: _words(v, _strip)),
                    Field(max_length=LIMITS["attempt aids"])]
Count = Annotated[int, Field(ge=0, le=LIMITS["aid circles"])]


class _Strict(BaseModel):
    # built when first used: the nested models are built once, inside the record's own schema
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True,
                              defer_build=True)


class _Attempt(_Strict):
    round: int = Field(ge=1, le=LIMITS["round"])
    animal: Animal
    roll: Dice
    aids: AidUses = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _roll_then_aids(cls, data: Any) -> Any:
        """Read a roll written with its aids, as the endgame log holds them: `R5 Y6; flip Y6`."""
        if isinstance(data, dict) and isinstance(data.get("roll"), str) and "aids" not in data:
            roll, aids = split_attempt(data["roll"])
            data = {**data, "roll": roll, "aids": aids}
        return data


class EscapeAttempt(_Attempt):
    """An animal's escape attempt: the dice it rolled, the aids used, whether it escaped."""

    escaped: bool


class TriggerAttempt(_Attempt):
    """The farmer's trigger attempt against an animal's trap: dice, the farmer's aids, the tick."""

    triggered: bool


class Eaten(_Strict):
    """The foods each animal ate: the boxes ticked under the foods."""

    fox: list[FoodText] = Field(default_factory=list, max_length=LIMITS["eaten"])
    rabbit: list[FoodText] = Field(default_factory=list, max_length=LIMITS["eaten"])

    @model_validator(mode="before")
    @classmethod
    def _any_case(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {_squash(k) if isinstance(k, str) else k: v for k, v in data.items()}
        if isinstance(data, list):
            raise ValueError(tr("eaten lists the foods of each animal, as the food boxes show: "
                                "{{fox: [apple], rabbit: [carrot]}}; the rewards go under "
                                "rewards"))
        return data


class Claim(_Strict):
    """What the player wrote in the score box; what is left out is computed, not demanded."""

    score: int | None = Field(None, ge=0, le=LIMITS["score"])
    title: str | None = Field(None, max_length=LIMITS["title"])
    achievements: list[IdText] = Field(default_factory=list, max_length=LIMITS["achievements"])


class RunRecord(_Strict):
    """A finished Fox and the Rabbit sheet, and optionally the log of every turn."""

    model_config = ConfigDict(title="The Fox and the Rabbit run record")

    game: Literal["fox-and-rabbit"]
    version: Literal[2] = Field(
        2, description="The record format's version. A record without one, or with an "
                       "earlier one, is read as printkit wrote it then (docs/run-record.md)")
    map: Annotated[str, BeforeValidator(_map),
                   StringConstraints(pattern=f"^{MAP_PATTERN}$")] = DEFAULT_MAP
    variant: int | None = Field(
        None, ge=1, le=LIMITS["variant"],
        description="A sheet printed with --variant N: the same as map: variant-N")
    mode: Mode
    crossed: list[CellText] | None = Field(
        None, max_length=LIMITS["crossed"], description="Every crossed cell, by its id")
    progress: dict[TrailText, Annotated[int, Field(ge=0, le=LIMITS["trail cells"])]] | None = \
        Field(None, max_length=LIMITS["trails"],
              description="Instead of crossed: the cells crossed on each trail, "
                          "from its first (F-A: 5 is F-A1 to F-A5)")
    written: dict[CellText, Annotated[int, Field(ge=1, le=LIMITS["written"])]] = Field(
        default_factory=dict, max_length=LIMITS["crossed"],
        description="The number written in each crossed circle")
    eaten: Eaten = Field(default_factory=lambda: Eaten.model_validate({}))
    rewards: list[Reward] | None = Field(
        None, max_length=LIMITS["rewards"],
        description="The rewards the sheet shows taken: extra dice ticked, circles gained")
    aids_spent: dict[AidId, Count] = Field(
        default_factory=dict, max_length=3, description="Circles crossed on each aid track")
    traps_crossed: int = Field(0, ge=0, le=LIMITS["traps"])
    farmer_aids: dict[AidId, Annotated[list[Animal], Field(max_length=2)]] | None = Field(
        None, max_length=3,
        description="The farmer's aid boxes ticked: each aid against which animals' traps")
    escape_attempts: list[EscapeAttempt] = Field(default_factory=list,
                                                 max_length=LIMITS["attempts"])
    trigger_attempts: list[TriggerAttempt] = Field(default_factory=list,
                                                   max_length=LIMITS["attempts"])
    claimed: Claim = Field(default_factory=lambda: Claim.model_validate({}))
    turns: list[TurnText] | None = Field(
        None, max_length=LIMITS["turns"],
        description="Optional turn log, one line per turn: the roll; the aids; each cell "
                    "crossed with its dice, e.g. 'R6 B4 Y5; +1 B4; F-A1 R6; R-A2=10 B5 Y5'")

    @model_validator(mode="after")
    def _one_way_to_cross(self) -> RunRecord:
        if self.crossed is not None and self.progress is not None:
            raise ValueError(tr("write the crossed cells as crossed or as progress, not both"))
        return self


#: An aid's first word as an endgame attempt writes it: English's, or the sheet's language's.
_AID_HEADS = "|".join([r"\+1", "-1", "flip", "re-?roll", *AID_WORDS_PRINTED])
_AID_WORD = re.compile(rf"(?i)(?:^|[\s;,])({_AID_HEADS})\s")


def split_attempt(text: str) -> tuple[str, list[str]]:
    """Return the dice and the aids of an attempt written in one box: `R2 B6; flip B6`."""
    head, sep, tail = text.partition(";")
    if not sep:
        m = _AID_WORD.search(text)
        if m is None:
            return text, []
        head, tail = text[:m.start(1)], text[m.start(1):]
    aids = [a.strip() for a in re.split(rf"[;,]|\s(?=(?:{_AID_HEADS})\s)", tail,
                                        flags=re.IGNORECASE) if a.strip()]
    return head.strip(" ,"), aids


#: The model of each mapping in a record, by its place (list items at index 0).
MODELS: dict[tuple[str | int, ...], type[BaseModel]] = {
    (): RunRecord, ("claimed",): Claim, ("eaten",): Eaten,
    ("escape_attempts", 0): EscapeAttempt, ("trigger_attempts", 0): TriggerAttempt,
}
