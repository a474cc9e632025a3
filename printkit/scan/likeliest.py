"""The likeliest partial readings of a beam (`spelling._masses`), kept at each step."""

from __future__ import annotations

from typing import TypeVar

import numpy as np

Key = TypeVar("Key")


def likeliest(here: dict[Key, float], kept: int) -> dict[Key, float]:
    """Return the `kept` likeliest partial readings, likeliest first (alike, in the order
    they were read): of many, those less likely than the `kept`-th are left out before the
    rest is sorted (the same readings in the same order as sorting all of them)."""
    keys = list(here)   # (no tuple made for each: the beam's keys, sorted by their chance)
    if len(keys) > 4 * kept:
        chances = np.fromiter(here.values(), np.float64, len(keys))
        least = float(np.partition(chances, len(keys) - kept)[len(keys) - kept])
        keys = [key for key, chance in here.items() if chance >= least]
    return {key: here[key] for key in sorted(keys, key=here.__getitem__, reverse=True)[:kept]}
