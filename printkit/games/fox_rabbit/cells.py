"""Cell ids and what is printed in a cell (clarifications 2, 3), as small values that read and
print text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import TypeAlias

from printkit.games.fox_rabbit.dice import (
    COLOUR_BITS,
    COLOUR_NAMES,
    FACE,
    MIX,
    colour_class,
    makeable,
    mix_parts,
)
from printkit.message import quoted

#: An animal as the rules engine and the players hold it: its index in ANIMALS.
AnimalIndex: TypeAlias = int

ANIMALS: tuple[str, ...] = ("fox", "rabbit")
FOX: AnimalIndex = 0
RABBIT: AnimalIndex = 1
ANIMAL_INDEX: dict[str, AnimalIndex] = {name: i for i, name in enumerate(ANIMALS)}
ANIMAL_LETTERS: dict[str, str] = {"fox": "F", "rabbit": "R"}
LETTER_ANIMALS: dict[str, str] = {"F": "fox", "R": "rabbit"}

_CELL_ID_RE = re.compile(r"([FR])-([A-Z])([1-9][0-9]?)")
_TRAIL_ID_RE = re.compile(r"([FR])-([A-Z])")
_SPEC_RE = re.compile(r"([RBYGOPK])([1-9][0-9]?)|\(([RBYGOPK])\)")


@dataclass(frozen=True, order=True)
class TrailId:
    """A trail's id, printed on the sheet: `F-B` is the fox's trail B."""

    animal_letter: str
    letter: str

    @classmethod
    def parse(cls, text: str) -> TrailId:
        m = _TRAIL_ID_RE.fullmatch(text.strip())
        if not m:
            raise ValueError(f"{quoted(text)} is not a trail id (write e.g. F-B or R-A)")
        return cls(m.group(1), m.group(2))

    @property
    def animal(self) -> str:
        return LETTER_ANIMALS[self.animal_letter]

    def __str__(self) -> str:
        return f"{self.animal_letter}-{self.letter}"

    def __repr__(self) -> str:
        return f"TrailId.parse({str(self)!r})"


@dataclass(frozen=True, order=True)
class CellId:
    """A cell's id, printed small in the cell: `F-B3` is the 3rd cell of the fox's trail B."""

    animal_letter: str
    letter: str
    position: int

    @classmethod
    def parse(cls, text: str) -> CellId:
        m = _CELL_ID_RE.fullmatch(text.strip())
        if not m:
            raise ValueError(f"{quoted(text)} is not a cell id (write e.g. F-B3: animal F or R, "
                             f"trail letter, position)")
        return cls(m.group(1), m.group(2), int(m.group(3)))

    # Cached: the rules engine asks a map's cell ids for these on every move it replays.
    @cached_property
    def trail(self) -> TrailId:
        return TrailId(self.animal_letter, self.letter)

    @cached_property
    def animal(self) -> str:
        return LETTER_ANIMALS[self.animal_letter]

    @cached_property
    def animal_index(self) -> AnimalIndex:
        """Return the animal whose trail the cell is on, as an index (FOX or RABBIT)."""
        return ANIMAL_INDEX[self.animal]

    @cached_property
    def text(self) -> str:
        """Return the id as printed: `F-B3`."""
        return f"{self.animal_letter}-{self.letter}{self.position}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"CellId.parse({str(self)!r})"


@dataclass(frozen=True)
class CellSpec:
    """What a cell shows: a die face `R3`, a mix `G8`, a black number `K11` or a circle `(O)`.

    `value` is None for a circle, where the player writes a number (clarification 3).
    """

    colour: str  # one of R B Y G O P K
    value: int | None

    @classmethod
    def parse(cls, text: str) -> CellSpec:
        m = _SPEC_RE.fullmatch(text.strip())
        if not m:
            raise ValueError(
                f"{quoted(text)} is not a cell (write a die face R3/B4/Y2, a mix G8/O7/P9, "
                f"a black number K11, or a circle (R) (B) (Y) (G) (O) (P) (K))")
        if m.group(3):
            return cls(m.group(3), None)
        return cls(m.group(1), int(m.group(2)))

    @property
    def is_circle(self) -> bool:
        return self.value is None

    @property
    def kind(self) -> str:
        """Return `die face`, `mix`, `black` or `circle`."""
        if self.value is None:
            return "circle"
        k, _ = colour_class(self.colour)
        return "die face" if k == FACE else "mix" if k == MIX else "black"

    @property
    def colour_name(self) -> str:
        return COLOUR_NAMES[self.colour]

    @property
    def bits(self) -> int:
        return COLOUR_BITS[self.colour]

    def describe(self) -> str:
        """Return the cell in a player's words: `orange 9`, `red 3`, `a green circle`."""
        if self.value is None:
            return f"a {self.colour_name} circle"
        return f"{self.colour_name} {self.value}"

    def needs(self) -> str:
        """Return what crosses the cell, in a player's words."""
        kind, _ = colour_class(self.colour)
        if kind == FACE:
            what = f"one {self.colour_name} die"
        elif kind == MIX:
            what = f"2 or more {mix_parts(self.colour)} dice, at least one of each"
        else:
            what = "3 or more dice of any colours"
        return what

    def printable(self) -> bool:
        """Return whether a player's dice can make the printed number."""
        return self.value is None or self.value in makeable(self.colour)

    def __str__(self) -> str:
        return f"({self.colour})" if self.value is None else f"{self.colour}{self.value}"

    def __repr__(self) -> str:
        return f"CellSpec.parse({str(self)!r})"
