"""A score's total where a part is suggested as its ink reads it, not as the rules decide.

The rules decide the score box from the run the boxes and values make: each part (foods
eaten, escapes, traps left) and the total. A part whose ink reads another number clearly is
suggested as its ink reads it, the rules' value offered next (`suggest.INK_OVER_RULES`): a
box it is scored from may be misread (a light pencil's trap read crossed, a food read
empty). The total was still the rules' alone, so where the part was right the total was
wrong by the same step: light-2985560's foods part `6` read over the rules' 5 (a food box
read empty), its total the rules' 15 where the player wrote 16, 6 + 10 + 0. Here such a
total is offered first as the rules' total moved by what the parts so read add, the rules'
value next; asked, never sure. A total its ink already agrees with (sure, or waiting on a
value asked: `Suggestion.waits`) is left as it is, but never sure while a part is asked.
No rule of the game here: the parts' values are the suggestions'.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Protocol, TypeVar

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.narrow_sheet import complete, sheet_state
from printkit.games.fox_rabbit.narrowed import Reading, RuledOut
from printkit.games.fox_rabbit.narrowing import score_parts


class _Suggested(Protocol):
    """What is read of a suggestion here (`suggest.Suggestion`)."""

    @property
    def kind(self) -> sf.FieldKind: ...
    @property
    def value(self) -> str | None: ...
    @property
    def sure(self) -> bool: ...
    @property
    def decided(self) -> str | None: ...
    @property
    def candidates(self) -> tuple[Reading, ...]: ...
    @property
    def waits(self) -> bool: ...
    @property
    def ruled_out(self) -> tuple[RuledOut, ...]: ...


S = TypeVar("S", bound=_Suggested)


def given_step(values: Mapping[str, str | bool], given: Mapping[str, str]) -> int:
    """Return what the score parts the player gave add against the run's parts as the
    sheet's boxes score them (`narrowing.score_parts`): 0 where they agree or none is given."""
    if not any(given.get(n, "").isdigit() for n, _ in sf.SCORE_FIELDS):
        return 0
    parts = score_parts(sheet_state(complete(values)))
    return sum(int(given[n]) - part for n, part in parts.items()
               if given.get(n, "").isdigit())


def moved_by_parts(out: Mapping[str, S], given: int = 0) -> dict[str, S]:
    """Return the suggestions with the total (`score`, the rules' value, not waiting; not
    sure unless a part the player gave moves it: `given`, from `given_step`) offered first
    as the rules' total plus what each part suggested or given against the rules' value of
    it adds (its value less the rules'), the rules' total next, asked; the others as they
    are."""
    total = next((s for s in out.values() if s.kind is sf.SCORE_TOTAL), None)
    if total is not None and total.sure and not given and any(
            s.kind is sf.SCORE_PART and not s.sure and not s.waits for s in out.values()):
        # the rules' total is the sum of the rules' parts: where one is asked (its ink
        # reads another number, or too faintly to check the claim), so is the total, its
        # ink agreeing or not (held-out g2-homeprint 2930014: the escapes part asked, the
        # rules' 5 where the player wrote 10, the total `15` read `10` against its tint,
        # the rules' 10, sure and wrong)
        return {name: replace(s, sure=False) if s is total else s  # type: ignore[type-var]
                for name, s in out.items()}
    if total is None or (total.sure and not given) or total.waits or total.decided is None \
            or not total.decided.isdigit() or total.value != total.decided:
        return dict(out)
    step = given + sum(int(s.value) - int(s.decided) for s in out.values()
                       if s.kind is sf.SCORE_PART and s.value is not None
                       and s.decided is not None and s.value.isdigit() and s.decided.isdigit())
    moved = int(total.decided) + step
    if step == 0 or moved < 0:
        # the parts given and read cancel out, or would score below 0: the rules' total,
        # asked where a part given disagrees with the run
        return {name: replace(s, sure=False) if s is total and given else s  # type: ignore[type-var]
                for name, s in out.items()}
    first = Reading(str(moved), 0.5)
    after = tuple(Reading(r.text, 0.5 * r.chance) for r in total.candidates
                  if r.text != first.text)
    # (the moved total no longer among what the rules' total ruled out)
    kept = tuple(r for r in total.ruled_out if r.text != first.text)
    return {name: replace(s, value=first.text, sure=False,  # type: ignore[type-var]
                          candidates=(first, *after), ruled_out=kept) if s is total else s
            for name, s in out.items()}
