"""The beam of a field's partial readings (`spelling._masses`), in arrays: each partial reading
a number, each step's moves, chances and sums made over the whole beam at once.

A partial reading is its state's code (at most `CODES`) and its text. A
text is numbered once it is kept by the beam (`Texts`), and a move's text by the number of
the text it grows and what the move writes (`Texts.pair`): a grammar whose writes no text
can be read two ways by (`Table`: `R2 B` + `4`, never `R2` + ` B4`) gives each text one
number, so that the readings a move makes need no string until the beam keeps them. The
chances add up as the moves were read one by one, reading after reading, likeliest first
(`np.bincount` adds them in that order): every chance is the float the beam read move by
move gave.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import cast

import numpy as np
from numpy.typing import NDArray

Ints = NDArray[np.int64]
Floats = NDArray[np.float64]
#: A state's code: `2 * state + left_out` (a glyph-sized piece left out), as `spelling.Made`.
CODES = 1024
SHIFT = 10
#: A state's moves: the glyph, its weight, and what it makes (the code it leads to, what it
#: writes, whether the rules are asked of it: `spelling.Made`).
Move = tuple[int, float, tuple[int, str, bool]]


class Table:
    """A grammar's moves as arrays (`spelling.Grammar.out`), state by state: the glyph each
    reads, its weight, the code it leads to, what it writes (its number among `writes`, 0
    for nothing) and whether the rules are asked; where each code's moves start and end."""

    def __init__(self, out: Mapping[int, Sequence[Move]], unbroken: frozenset[int],
                 ends: frozenset[int]) -> None:
        numbers: dict[str, int] = {"": 0}
        rows: list[tuple[int, float, int, int, bool, int]] = []
        for code in range(CODES):
            for glyph, weight, (to, written, asked) in out.get(code, ()):
                rows.append((glyph, weight, to, numbers.setdefault(written, len(numbers)),
                             asked, code))
        self.writes = list(numbers)
        _one_way(self.writes[1:])
        self.glyph = np.array([r[0] for r in rows], np.intp)
        self.weight = np.array([r[1] for r in rows], np.float64)
        self.to = np.array([r[2] for r in rows], np.int64)
        self.wrote = np.array([r[3] for r in rows], np.int64)
        self.asked = np.array([r[4] for r in rows], bool)
        self.code = np.array([r[5] for r in rows], np.intp)
        self.unbroken = np.array([code >> 1 in unbroken for code in range(CODES)])
        self.ends = np.array([code >> 1 in ends for code in range(CODES)])


def _one_way(writes: Sequence[str]) -> None:
    """Raise ValueError unless no text made of `writes` is made two ways by its last one:
    `T1 + w1 == T2 + w2` for two writes asks that one end the other, `w1 = x + w2`, and a
    text end with `x` (`T2 = T1 + x`): so that no write ends `x` and `x` ends no write."""
    for w1 in writes:
        for w2 in writes:
            if w1 != w2 and w1.endswith(w2):
                x = w1[:-len(w2)]
                if any(x.endswith(w3) or w3.endswith(x) for w3 in writes):
                    raise ValueError(f"a text may be read as {w1!r} or {w2!r} last")


class Texts:
    """The texts the beam kept, numbered: the empty text is 0; a text is known by its pair,
    the number of the text it grows and what it writes (`pair`), the empty text's pair 0."""

    def __init__(self, writes: Sequence[str]) -> None:
        self.writes = writes
        self.wide = len(writes)
        self.text = [""]
        self.number: dict[int, int] = {0: 0}

    def pair(self, parent: Ints, wrote: Ints) -> Ints:
        return (parent + 1) * self.wide + wrote

    def numbered(self, pairs: list[int]) -> list[int]:
        """Return each pair's text's number, the texts not numbered yet written out."""
        number, text, out = self.number, self.text, []
        for pair in pairs:
            n = number.get(pair)
            if n is None:
                n = number[pair] = len(text)
                text.append(text[pair // self.wide - 1] + self.writes[pair % self.wide])
            out.append(n)
        return out


def _summed(blocks: list[tuple[Ints, Floats]]) -> tuple[Ints, Floats]:
    """Return the partial readings of a step (pair and code, as one number), in the order
    they were first made, and each one's chance: its moves' chances added in the order
    they were made."""
    if len(blocks) == 1:
        keys, chances = blocks[0]
    else:
        keys = np.concatenate([b[0] for b in blocks])
        chances = np.concatenate([b[1] for b in blocks])
    found, first, where = np.unique(keys, return_index=True, return_inverse=True)
    order = np.argsort(first)
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    return found[order], cast(Floats, np.bincount(rank[where], chances, len(found)))


def likeliest(chances: Floats, kept: int) -> NDArray[np.intp]:
    """Return where the `kept` likeliest are, likeliest first (alike, in their order): of
    many, those less likely than the `kept`-th are left out before the rest is sorted."""
    n = len(chances)
    if n > 4 * kept:
        least = np.partition(chances, n - kept)[n - kept]
        among = np.flatnonzero(chances >= least)
        return among[np.argsort(-chances[among], kind="stable")[:kept]]
    return np.argsort(-chances, kind="stable")[:kept]


def masses(runs: Sequence[tuple[int, int, list[float]]], pieces: int, table: Table,
           big: set[int], breaks: set[int], strays: Mapping[int, float],
           fits: Callable[[str], bool] | None, kept: int, skips: tuple[float, float],
           least: float) -> dict[str, tuple[float, float]]:
    """Return the chance of each reading the beam keeps to the end, and that of its ways
    that leave a glyph-sized piece out (see `spelling._masses`): `runs` each run's start,
    end and chance of each glyph; `strays` the chance that each piece alone is no glyph;
    `skips` what a piece left out counts (as tall as a glyph or not)."""
    texts = Texts(table.writes)
    wide = texts.wide
    fitting: dict[int, bool] = {}
    by_start: dict[int, list[tuple[int, Ints, Floats]]] = {}
    for start, end, glyphs in runs:
        c = np.array(glyphs)[table.glyph] * table.weight
        valid = np.flatnonzero(c >= least)
        by_start.setdefault(start, []).append((end, valid, c[valid]))
    # the moves of the runs leaving each piece, state by state: run after run, each in the
    # grammar's order (its rows among the table's, chances, run; where each state's start)
    leaving: dict[int, tuple[list[int], Ints, Floats, Ints, Ints, Ints]] = {}
    for start, out in by_start.items():
        rows = np.concatenate([valid for _end, valid, _c in out])
        order = np.argsort(table.code[rows], kind="stable")
        count = np.bincount(table.code[rows], minlength=CODES)
        leaving[start] = ([end for end, _valid, _c in out], rows[order],
                          np.concatenate([c for _end, _valid, c in out])[order],
                          np.repeat(np.arange(len(out)), [len(v) for _e, v, _c in out])[order],
                          count, np.cumsum(count) - count)
    at: list[list[tuple[Ints, Floats]]] = [[] for _ in range(pieces + 1)]
    at[0].append((np.zeros(1, np.int64), np.ones(1)))

    def allowed(pairs: list[int]) -> list[bool]:
        for pair in sorted(set(pairs).difference(fitting)):   # not asked yet
            assert fits is not None
            fitting[pair] = fits(texts.text[pair // wide - 1] + texts.writes[pair % wide])
        return list(map(fitting.__getitem__, pairs))

    for p in range(pieces):
        if not at[p]:
            continue
        keys, chances = _summed(at[p])
        at[p] = []
        codes = keys & (CODES - 1)
        if p in breaks:
            inside = ~table.unbroken[codes]
            keys, chances, codes = keys[inside], chances[inside], codes[inside]
        if len(keys) > kept:
            top = likeliest(chances, kept)
            keys, chances, codes = keys[top], chances[top], codes[top]
        n = len(keys)
        if n == 0:
            continue
        pairs = keys >> SHIFT
        numbers = np.array(texts.numbered(pairs.tolist()), np.int64)
        stray: tuple[Ints, Floats] | None = None
        if p in strays:   # a stray mark left out
            left = codes | 1 if p in big else codes
            stray = ((pairs << SHIFT) | left, chances * strays[p] * skips[p in big])
        # each run's moves out of each reading, reading after reading, in the grammar's order
        if p in leaving:
            ends, valid, c, run, count, first = leaving[p]
            each = count[codes]
            total = int(each.sum())
        else:
            total = 0
        if total:   # each reading's moves, reading after reading
            reading = np.repeat(np.arange(n), each)
            row = np.repeat(first[codes] - (np.cumsum(each) - each), each) + np.arange(total)
            moves = valid[row]
            wrote = table.wrote[moves]
            pair = np.where(wrote == 0, pairs[reading], texts.pair(numbers[reading], wrote))
            made = (pair << SHIFT) | table.to[moves]
            made_chances = chances[reading] * c[row]
            runs_of = run[row]
            if fits is not None:   # the rules asked once of each reading the moves make
                asked = np.flatnonzero(table.asked[moves])
                if len(asked):
                    found, where = np.unique(pair[asked], return_inverse=True)
                    keep = np.ones(total, bool)
                    keep[asked] = np.array(allowed(found.tolist()), bool)[where]
                    made, made_chances = made[keep], made_chances[keep]
                    reading, runs_of = reading[keep], runs_of[keep]
            by_run = np.argsort(runs_of, kind="stable")
            cuts = np.searchsorted(runs_of[by_run], np.arange(len(ends) + 1)).tolist()
            for k, end in enumerate(ends):
                part = by_run[cuts[k]:cuts[k + 1]]
                run_made, run_chances = made[part], made_chances[part]
                if end == p + 1 and stray is not None:   # read after each reading's stray
                    order = np.argsort(np.concatenate([np.arange(n), reading[part]]),
                                       kind="stable")
                    run_made = np.concatenate([stray[0], run_made])[order]
                    run_chances = np.concatenate([stray[1], run_chances])[order]
                    stray = None
                if len(run_made):
                    at[end].append((run_made, run_chances))
        if stray is not None:
            at[p + 1].append(stray)
    totals: dict[str, float] = {}
    partial: dict[str, float] = {}
    if not at[pieces]:
        return {}
    keys, chances = _summed(at[pieces])
    codes = keys & (CODES - 1)
    ending = table.ends[codes]
    keys, chances, codes = keys[ending], chances[ending], codes[ending]
    ended = texts.numbered((keys >> SHIFT).tolist())
    for number, code, chance in zip(ended, codes.tolist(), chances.tolist()):
        text = texts.text[number]
        totals[text] = totals.get(text, 0.0) + chance
        if code & 1:
            partial[text] = partial.get(text, 0.0) + chance
    return {text: (chance, partial.get(text, 0.0)) for text, chance in totals.items()}
