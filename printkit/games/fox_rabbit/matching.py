"""Matching what the sheet shows to what could explain it: each item to a different offer.

The paper checks ask whether the foods ticked can each be the food at the end of a
different finished trail; the aid totals, whether the free aids can each be the one free
aid of a different escape attempt.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def assignable(items: Sequence[Hashable], offers: Sequence[Sequence[Hashable]]) -> bool:
    """Return whether each item can be matched to a different offer that holds it."""
    match: dict[int, int] = {}

    def try_item(i: int, seen: set[int]) -> bool:
        for j, offer in enumerate(offers):
            if items[i] in offer and j not in seen:
                seen.add(j)
                if j not in match or try_item(match[j], seen):
                    match[j] = i
                    return True
        return False

    return all(try_item(i, set()) for i in range(len(items)))
