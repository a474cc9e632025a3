"""A run as the rules see it: what a record holds, read into engine values for the validator.

Every source of a record (YAML or JSON text, a filled PDF form) is read into one `Run`
(`record.py`), and a `Run` fills a form back (`sheet_fields.form_values`).
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.cells import AnimalIndex
from printkit.games.fox_rabbit.dice import DieCode
from printkit.games.fox_rabbit.engine import AidUse
from printkit.games.fox_rabbit.moves import Turn


@dataclass(frozen=True)
class Attempt:
    """An escape or trigger attempt as engine values."""

    round: int
    animal: AnimalIndex
    roll: tuple[DieCode, ...]
    aids: tuple[AidUse, ...]
    outcome: bool  # escaped / triggered, as recorded


@dataclass(frozen=True)
class Run:
    """A run record read and checked for form, ready for the rules."""

    map: GameMap
    mode: str
    crossed: tuple[str, ...]
    written: dict[str, int]
    eaten: tuple[tuple[str, ...], tuple[str, ...]]   # the foods of the fox, of the rabbit
    rewards: tuple[str, ...] | None                  # as the sheet shows them taken
    aids_spent: tuple[int, int, int]
    traps_crossed: int
    farmer_aids: tuple[frozenset[int], ...] | None   # per aid: the animals it was used against
    escapes: tuple[Attempt, ...]
    triggers: tuple[Attempt, ...]
    claim_score: int | None
    claim_title: str | None
    claim_achievements: tuple[str, ...]
    turns: tuple[Turn, ...] | None
    #: the format version the record was written in, where it is an earlier one than
    #: printkit writes (`record_formats`): the report says how to update the file
    old_format: int | None = None
