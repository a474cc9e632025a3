"""The run record's pydantic model: the JSON Schema is generated from it, and reading a record
that the quick check refuses goes through it to say what is wrong and where.

Its limits and patterns are the ones in `record.py`, which the quick check reads too; a test
holds the two to the same verdict on every fixture and on thousands of changed records.
Imported only when needed: building the models takes longer than checking a record.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from printkit.games.fox_rabbit.record import (
    AID_PATTERN, CELL_PATTERN, DEFAULT_MAP, DIE_PATTERN, ID_PATTERN, LIMITS, MAP_PATTERN)

DieText = Annotated[str, StringConstraints(pattern=f"^{DIE_PATTERN}$")]
CellText = Annotated[str, StringConstraints(pattern=f"^{CELL_PATTERN}$")]
AidText = Annotated[str, StringConstraints(pattern=f"^{AID_PATTERN}$")]
IdText = Annotated[str, StringConstraints(pattern=f"^{ID_PATTERN}$")]
TurnText = Annotated[str, StringConstraints(max_length=LIMITS["turn text"])]
Animal = Literal["fox", "rabbit"]
Reward = Literal["red die", "blue die", "yellow die", "plus-minus circle", "flip circle",
                 "re-roll circle", "nothing"]
Mode = Literal["easy", "hard", "super-hard"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True,
                              populate_by_name=True)


class Eaten(_Strict):
    """A food eaten: by which animal, which food, and the reward taken for it."""

    animal: Animal
    food: IdText
    reward: Reward


class AidsSpent(_Strict):
    """Circles crossed on each aid track (turns and endgame together)."""

    plus_minus: int = Field(0, alias="plus-minus", ge=0, le=LIMITS["aid circles"])
    flip: int = Field(0, ge=0, le=LIMITS["aid circles"])
    re_roll: int = Field(0, alias="re-roll", ge=0, le=LIMITS["aid circles"])


class EscapeAttempt(_Strict):
    """An animal's escape attempt: the dice it rolled, aids used, and whether it escaped."""

    round: int = Field(ge=1, le=LIMITS["round"])
    animal: Animal
    roll: list[DieText] = Field(min_length=1, max_length=LIMITS["dice"])
    aids: list[AidText] = Field(default_factory=list, max_length=LIMITS["attempt aids"])
    escaped: bool


class TriggerAttempt(_Strict):
    """The farmer's trigger attempt against an animal: dice, farmer's aids, triggered or not."""

    round: int = Field(ge=1, le=LIMITS["round"])
    animal: Animal
    roll: list[DieText] = Field(min_length=1, max_length=LIMITS["dice"])
    aids: list[AidText] = Field(default_factory=list, max_length=LIMITS["attempt aids"])
    triggered: bool


class Claim(_Strict):
    """What the player wrote in the score box."""

    score: int = Field(ge=0, le=LIMITS["score"])
    title: str = Field(max_length=LIMITS["title"])
    achievements: list[IdText] = Field(default_factory=list, max_length=LIMITS["achievements"])


class RunRecord(_Strict):
    """A completed Fox and the Rabbit sheet, and optionally the log of every turn."""

    model_config = ConfigDict(title="The Fox and the Rabbit run record")

    game: Literal["fox-and-rabbit"]
    map: Annotated[str, StringConstraints(pattern=f"^{MAP_PATTERN}$")] = DEFAULT_MAP
    variant: int | None = Field(
        None, ge=1, le=LIMITS["variant"],
        description="A sheet printed with --variant N: the same as map: variant-N")
    mode: Mode
    crossed: list[CellText] = Field(default_factory=list, max_length=LIMITS["crossed"])
    written: dict[CellText, Annotated[int, Field(ge=1, le=LIMITS["written"])]] = Field(
        default_factory=dict)
    eaten: list[Eaten] = Field(default_factory=list, max_length=LIMITS["eaten"])
    aids_spent: AidsSpent = Field(default_factory=lambda: AidsSpent.model_validate({}))
    traps_crossed: int = Field(0, ge=0, le=LIMITS["traps"])
    escape_attempts: list[EscapeAttempt] = Field(default_factory=list,
                                                 max_length=LIMITS["attempts"])
    trigger_attempts: list[TriggerAttempt] = Field(default_factory=list,
                                                   max_length=LIMITS["attempts"])
    claimed: Claim
    turns: list[TurnText] | None = Field(
        None, max_length=LIMITS["turns"],
        description="Optional turn log, one line per turn: the roll; the aids; each cell "
                    "crossed with its dice, e.g. 'R6 B4 Y5; +1 B4; F-A1 R6; R-A2=10 B5 Y5'")


#: The model of each mapping in a record, by its place (list items at index 0).
MODELS: dict[tuple[str | int, ...], type[BaseModel]] = {
    (): RunRecord, ("aids_spent",): AidsSpent, ("claimed",): Claim, ("eaten", 0): Eaten,
    ("escape_attempts", 0): EscapeAttempt, ("trigger_attempts", 0): TriggerAttempt,
}
