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
from printkit.games.fox_rabbit.narrowed import Reading


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


S = TypeVar("S", bound=_Suggested)


def moved_by_parts(out: Mapping[str, S]) -> dict[str, S]:
    """Return the suggestions with the total (`score`, the rules' value, neither sure nor
    waiting: its ink does not read it) offered first as the rules' total plus what each
    part suggested against the rules' value of it adds (its value less the rules'), the
    rules' total next, asked; the others as they are."""
    total = next((s for s in out.values() if s.kind is sf.SCORE_TOTAL), None)
    if total is not None and total.sure and any(
            s.kind is sf.SCORE_PART and not s.sure and not s.waits for s in out.values()):
        # the rules' total is the sum of the rules' parts: where one is asked (its ink
        # reads another number, or too faintly to check the claim), so is the total, its
        # ink agreeing or not (held-out g2-homeprint 2930014: the escapes part asked, the
        # rules' 5 where the player wrote 10, the total `15` read `10` against its tint,
        # the rules' 10, sure and wrong)
        return {name: replace(s, sure=False) if s is total else s  # type: ignore[type-var]
                for name, s in out.items()}
    if total is None or total.sure or total.waits or total.decided is None \
            or not total.decided.isdigit() or total.value != total.decided:
        return dict(out)
    step = sum(int(s.value) - int(s.decided) for s in out.values()
               if s.kind is sf.SCORE_PART and s.value is not None and s.decided is not None
               and s.value.isdigit() and s.decided.isdigit())
    moved = int(total.decided) + step
    if step == 0 or moved < 0:
        return dict(out)
    first = Reading(str(moved), 0.5)
    after = tuple(Reading(r.text, 0.5 * r.chance) for r in total.candidates
                  if r.text != first.text)
    return {name: replace(s, value=first.text, sure=False,  # type: ignore[type-var]
                          candidates=(first, *after)) if s is total else s
            for name, s in out.items()}
