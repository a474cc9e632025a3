"""What the rules make of a written field's readings (`narrowing.narrow`): a reading, one
ruled out and why, and a field's readings narrowed. Apart from the narrowing itself so that
its helpers (`narrow_unsure`) name them without importing it."""

from __future__ import annotations

from dataclasses import dataclass

from printkit.message import Said

#: A written field's value where nothing is written, as the player types it and as a line
#: the rules say is empty is suggested
NOTHING = "-"


@dataclass(frozen=True)
class Reading:
    """A reading of a written field: its text, as a record writes it, and its chance."""

    text: str
    chance: float


@dataclass(frozen=True)
class RuledOut:
    """A reading the rules forbid, its chance as the ink read it, and why."""

    text: str
    chance: float
    why: Said


@dataclass(frozen=True)
class Narrowed:
    """A written field's readings once the rules are asked: those left (their chances
    summing to 1, most likely first), those ruled out, and whether the value is sure.
    `decided` holds the value the rules alone give (the score), when they give one."""

    name: str
    left: tuple[Reading, ...]
    ruled_out: tuple[RuledOut, ...] = ()
    sure: bool = False
    decided: str | None = None
    allowed: float = 1.0          # the share of the ink's readings the rules allow
    waits: bool = False           # a score the ink agrees with, asked while a value it rests
                                  # on is (sure once the player has given that value)
    #: the boxes read short of sure whose other reading lets the ink's likeliest reading
    #: stand, where the boxes as read rule it out: asked before the value is judged
    rests_on: tuple[str, ...] = ()
    #: why the rules say the field holds nothing, with the boxes as read (`NOTHING` then
    #: leads its readings), and the boxes that rule reads
    empty: Said | None = None
    empty_on: tuple[str, ...] = ()
    #: of such a field's readings, those the rules would allow were it not empty
    but_empty: tuple[str, ...] = ()

    @property
    def value(self) -> str | None:
        """Return the value suggested: the best reading left (None when none is)."""
        return self.left[0].text if self.left else None
