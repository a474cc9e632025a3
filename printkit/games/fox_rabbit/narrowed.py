"""What the rules make of a written field's readings (`narrowing.narrow`): a reading, one
ruled out and why, and a field's readings narrowed. Apart from the narrowing itself so that
its helpers (`narrow_unsure`) name them without importing it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

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


#: A value is sure when its best reading holds this share of the chance of the readings the
#: rules allow (docs/scan.md, "The written values": measured on photos of both generators'
#: tuning sets).
SURE_SHARE = 0.9
#: ... and the readings the rules allow hold this share of all the ink's readings (else the
#: ink reads something the rules forbid: the player is asked what is written).
ALLOWED_SHARE = 0.3


def narrowed_reading(name: str, ink: Sequence[Reading], left: Mapping[str, float],
              why: Mapping[str, Said], prior: Mapping[str, float] | None = None) -> Narrowed:
    """Return a field's readings with the rules' verdicts: `left` the chance each reading
    allowed keeps (its ink's chance, or its share of the trail's), `why` each ruled out.
    `prior` weighs readings by how likely a player is to write them: it orders those
    offered, but a value is sure only when it is so by the ink and the rules alone, and
    stays first once weighed (a habit of players is no proof)."""
    if prior:
        plain = narrowed_reading(name, ink, left, why)
        weighed = narrowed_reading(name, ink, {t: c * prior.get(t, 1.0) for t, c in left.items()},
                            why)
        return replace(weighed, sure=plain.sure and weighed.value == plain.value)
    total = sum(left.values())
    kept = tuple(sorted((Reading(text, chance / total) for text, chance in left.items()
                         if chance > 0), key=lambda r: -r.chance)) if total > 0 else ()
    out = tuple(RuledOut(r.text, r.chance, why[r.text]) for r in ink if r.text in why)
    ink_total = sum(r.chance for r in ink)
    allowed = sum(r.chance for r in ink if r.text not in why) / ink_total if ink_total else 0.0
    sure = bool(kept) and kept[0].chance >= SURE_SHARE and allowed >= ALLOWED_SHARE
    return Narrowed(name, kept, out, sure, None, allowed)
