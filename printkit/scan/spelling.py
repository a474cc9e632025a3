"""A written value spelled from its glyphs: the readings a field's ink allows, each with its
chance, by what its kind of field holds.

A line's pieces (`strokes.Piece`) are put together into glyphs in every way a run of one to
`MOST_PIECES` of them can be (a glyph cut in two by a gap in a pencil line, two digits
written in one stroke and cut apart), the model gives each run the chance of each glyph
(`glyphs.py`), and the runs are read left to right, line after line, as the field's grammar
allows: a circle's or a score box's number (digits), an endgame attempt's dice (a colour
letter and a face each) and aids (`+1 B1`, `-1 R2`, `flip Y5`, `re-roll Y5 B4 -> Y2 B1`, or
in the words a Spanish or French sheet prints: `girar Y5`, `relancer Y5 -> Y2`).
A reading is the sum of the chances of every way of putting its glyphs together; the most
likely `BEAM` partial readings are kept at each step.

The grammar knows the shape of a value, not the rules: a face of 9, a green die or an aid
on a die not rolled are read as written, and the rules core rules them out
(`games/fox_rabbit/narrowing.py`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from printkit.scan.beam import Table, masses
from printkit.scan.glyphs import CLASSES, DIGITS, LOWER, NONE, Model
from printkit.scan.loops import closes_hole, opened, shut
from printkit.scan.strokes import FieldInk, GlyphShape, glyph_image

Floats = NDArray[Any]
#: What a move makes: the code of the state it leads to in the beam (`beam.CODES`: `2 *
#: state + left_out`, whether a glyph-sized piece was left out), what it writes, whether
#: `fits` is asked of it (`Symbol.asked`).
Made = tuple[int, str, bool]

#: The most pieces one glyph is put together from.
MOST_PIECES = 4
#: The widest glyph, for the height of its line (a run of pieces wider is not tried).
WIDEST = 1.7
#: The partial readings kept at each step.
BEAM = 64
#: The partial readings kept at each step where the rules drop those they forbid: more than
#: `BEAM`, as few readings are left once the rules have spoken, and what is written may have
#: lost its place to readings that differ from it by a face or two.
RULED_BEAM = 256
#: The readings given back, at most.
MOST_READINGS = 40
#: A piece left out of a reading (a stray mark) counts its chance of being no glyph, times this.
SKIP = 0.25
#: A piece this tall for its line's glyphs may be a glyph: a reading that leaves it out is
#: not `whole`, and counts SKIP_GLYPH instead of SKIP.
GLYPH_TALL = 0.6
SKIP_GLYPH = 0.01
#: Two letters of an aid's word written in one stroke (`fl` of `flip`, joined where the pen
#: did not lift) are read as one run, at this weight: the word is told by its first letter and
#: what follows it (`telling`), and a hand's joined letters left no run for the die after it.
JOINED = 0.5
#: An aid's sign too faint or short for a glyph (`-1 R2`'s dash, a few pixels of a light
#: pencil): a 1 read after the dice or a `;` is read as `+1` and as `-1`, each at this
#: weight times the glyph's chance, and the rules choose between them. On the tuning photos
#: the values read right are the same from 0.01 to 0.2 but one (docs/scan-measurement.md,
#: "An aid's sign lost").
LOST_SIGN = 0.05
#: A glyph's chance below this is not followed (the beam's room is for readings that may be).
LEAST = 1e-4


@dataclass(frozen=True)
class Guess:
    """A reading of a field: its text, as a record writes it, its chance among the readings
    of the field's ink, and whether it reads all of the ink (`whole`: no piece as tall as a
    glyph left out as a stray mark; a reading that leaves one out may miss a glyph)."""

    text: str
    chance: float
    whole: bool = True
    #: how surely the model reads the ink as these glyphs at all, each glyph's chance on
    #: average (the geometric mean of the chance of every way of reading it, a stray mark
    #: left out counted): `chance` is among the readings, and is high for the best of
    #: readings the model calls no glyph each; a number's only (1 for other values)
    evidence: float = 1.0
    #: its aids are in words the sheet prints (a word of another language, likely a word
    #: misread, is never taken surely)
    printed: bool = True
    #: how surely the model reads the ink as these glyphs at all, whatever the value's kind:
    #: each glyph's chance on average, as `evidence` (a number's), the glyphs counted as
    #: the text's characters but its spaces (an attempt's letters, digits and signs)
    per_glyph: float = 1.0
    #: read from a light pencil's faint strokes (`strokes.field_ink`'s `faint`): so little
    #: of the ink is told from the paper's grain that a glyph may be lost or broken, and the
    #: value is never taken surely unless the rules decide it
    faint: bool = False
    #: read otherwise, nearly as surely, from the same field's faint strokes
    #: (`writing.read_field`): never taken surely unless the rules decide it
    doubted: bool = False


@dataclass(frozen=True)
class Run:
    """A run of pieces read as one glyph: where it starts and ends in the field's pieces
    (the end left out), and its chances (one for each of CLASSES)."""

    start: int
    end: int
    chances: Floats


# --- the grammars: symbols, each a set of glyphs and what it writes -----------------------
@dataclass(frozen=True)
class Symbol:
    """A place in a value: the glyphs that may stand there (by class) and what each writes,
    and how likely a writer is to write it there (`weight`, times the glyph's chance)."""

    glyphs: tuple[tuple[int, str], ...]
    weight: float = 1.0
    #: a reading it writes is asked of the rules (`fits`); a die's colour letter alone is not
    asked: bool = True


def _symbol(spec: dict[str, str]) -> Symbol:
    return Symbol(tuple((CLASSES.index(glyph), text) for glyph, text in spec.items()))


DIGIT = _symbol({d: d for d in DIGITS})
COLOUR = replace(_symbol(dict(zip("RBYG0PK", "RBYGOPK"))), asked=False)
#: The die an aid names (`+1 R1`, `flip B1`) is one of the dice rolled, and a die is red,
#: blue or yellow (`dice.PRIMARY_LETTERS`: green, orange, purple and black are the cells'
#: mixes): its letter read as a mix's capital is read as well as the die's colour that capital
#: is likeliest a misread of, weighing COLOUR_ALIKE times the glyph's chance: an R read K or
#: P, a B read G (the glyph model's own last layer: K's and P's outputs lie nearest R's of the
#: three, G's nearest B's). Tuning photos: homeprint 2300001's `retourner R1`, its R read K at
#: 0.67 and R and Y at 0.01 or less, was read `retourner Y1` (the other 1 rolled); ordinary
#: 2100004's farmer's `retourner B1`, its B read G at 0.93, `retourner Y2`. Not the dice
#: rolled before the aids, which the letter alone names: there a Y read K became an R the
#: die boxes allowed, and the reading the boxes ruled out was no longer read again
#: (docs/scan-measurement.md, "An aid's die whose letter reads as a mix's").
MISREAD_COLOURS = {"K": "R", "P": "R", "G": "B"}
COLOUR_ALIKE = 1.0
MISREAD_COLOUR = replace(_symbol(MISREAD_COLOURS), weight=COLOUR_ALIKE, asked=False)


def _literal(text: str, *alike: str, writes: str | None = None) -> Symbol:
    """A symbol for one glyph (or a glyph it is often read as), writing `writes` (the glyph
    by default)."""
    written = text if writes is None else writes
    return _symbol({text: written} | dict.fromkeys(alike, written))


#: An aid's sign is read and writes nothing: its 1 writes the sign with it (`; +1`), so that
#: the same aid read with its sign lost (`LOST_SIGN`) is the same text, one way (`beam.Table`)
PLUS, MINUS = _literal("+", writes=""), _literal("-", writes="")
#: a re-roll's arrow: its dash writes nothing, its head the whole of it
ARROW = _literal(">", writes=" ->")
SEMI = _literal(";", writes="")   # the aid after it writes its `; `
PLUS_ONE, MINUS_ONE = _literal("1", "l", writes="; +1"), _literal("1", "l", writes="; -1")
#: The glyphs a letter of an aid's word may be read as (a lowercase l as a 1, an o as a 0).
ALIKE = {"l": "1", "i": "l1", "o": "0"}
#: Any ink that is no digit, capital or sign (a lowercase letter, a 1 or 0 a letter is read as,
#: or no glyph the model knows, weighing NONE_AS_LETTER): a word's letters but the telling ones.
ANY_LETTER = LOWER + "10"
NONE_AS_LETTER = 0.3
#: The glyph "any letter" stands for in a symbol: past CLASSES, its chance the sum of
#: ANY_LETTER's and NONE_AS_LETTER times no glyph's (one move, where one a class took sixteen)
ANY = len(CLASSES)
_ANY_CLASSES = [CLASSES.index(c) for c in ANY_LETTER]

#: A grammar: states, each with its moves (a symbol, the state it leads to, the text written
#: before what the symbol writes); the states a value may end in. State 0 is the start.
Moves = dict[int, list[tuple[Symbol, int, str]]]


@dataclass(frozen=True)
class Grammar:
    moves: Moves
    ends: frozenset[int]
    #: the states a line may not end in: inside a die, a sign or a word (none is cut
    #: across the field's writing lines)
    unbroken: frozenset[int] = frozenset()
    #: the moves out of each state's code in the beam (`Made`), in the grammar's order: each
    #: glyph a symbol may read, its weight and what it makes (made once, not at each piece)
    out: dict[int, list[tuple[int, float, Made]]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    #: the moves as arrays, for the beam over all its partial readings at once (raises
    #: ValueError for a grammar whose writes may read a text two ways: `beam.Table`)
    table: Table = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        for state, moves in self.moves.items():
            for code in (2 * state, 2 * state + 1):
                self.out[code] = [
                    (glyph, symbol.weight, (2 * to + (code & 1), before + written,
                                            symbol.asked and bool(before + written)))
                    for symbol, to, before in moves for glyph, written in symbol.glyphs]
        object.__setattr__(self, "table", Table(self.out, self.unbroken, self.ends))


def _number(most: int) -> Grammar:
    moves: Moves = {k: [(DIGIT, k + 1, "")] for k in range(most)}
    return Grammar(moves, frozenset(range(1, most + 1)))


#: The aids' words in English, the notation records keep, each with its aid and how likely a
#: player is to write it (see `attempt_grammar`).
ENGLISH_AIDS: tuple[tuple[str, str, float], ...] = (("flip", "flip", 1.0),
                                                   ("re-roll", "re-roll", 1.0))


def telling(word: str, aid: str, words: Sequence[tuple[str, str, float]]) -> set[int]:
    """Return where a word's glyphs must be read as its letters: its first, and the first
    where it differs from each other word of the same aid that begins alike (a French sheet's
    `relancer` from English's `re-roll`: `r` and `l`). Its other letters are read as any ink
    that is no digit, capital or sign: the aid's kind, and so the word, is told by what
    follows it (one die after a flip, dice, `->` and dice after a re-roll), and a hand's
    lowercase letters are what the glyph model reads worst."""
    at = {0}
    for other, other_aid, _weight in words:
        if other == word or other_aid != aid or other[:1] != word[:1]:
            continue
        at.add(next((k for k, (a, b) in enumerate(zip(word, other)) if a != b),
                    min(len(word), len(other)) - 1))
    return at | {k for k, letter in enumerate(word) if not letter.isalpha()}


@cache
def attempt_grammar(words: tuple[tuple[str, str, float], ...] = ENGLISH_AIDS) -> Grammar:
    """Return an endgame attempt's grammar: dice (a colour letter and a face each, spaced),
    then aids, `;` before each: `+1 B4`, `-1 B4`, or a word of `words` (each with its aid,
    `flip` or `re-roll`, and its weight: how likely a player is to write that word rather
    than another, 1 for the words the sheet prints) and its dice, written as it is read
    (`girar Y5` on a Spanish sheet). Only the glyphs that tell a word from the others are
    read as its letters (`telling`)."""
    m: Moves = {}

    def add(state: int, symbol: Symbol, to: int, before: str = "") -> None:
        m.setdefault(state, []).append((symbol, to, before))

    # 0 -colour-> 1 -face-> 2 (a die read); 2 -colour-> 1 (the next die, a space before it)
    add(0, COLOUR, 1)
    add(1, DIGIT, 2)
    add(2, COLOUR, 1, " ")
    # the die a one-die aid names: 40 -colour-> 41 -face-> 42
    add(40, COLOUR, 41, " ")
    if COLOUR_ALIKE > 0:
        add(40, MISREAD_COLOUR, 41, " ")
    add(41, DIGIT, 42)
    # a re-roll's dice, `->`, the dice they became
    add(50, COLOUR, 51, " ")
    add(51, DIGIT, 52)
    add(52, COLOUR, 51, " ")
    add(52, MINUS, 53)
    add(53, ARROW, 54)
    add(54, COLOUR, 55, " ")
    add(55, DIGIT, 56)
    add(56, COLOUR, 55, " ")
    # an aid starts after the dice or an aid's dice, its `;` read (state 3) or not
    aid_start = (2, 3, 42, 56)
    for done in (2, 42, 56):
        add(done, SEMI, 3)
    for start in aid_start:
        add(start, PLUS, 10)
        add(start, MINUS, 11)
        if LOST_SIGN > 0 and start in (2, 3):
            # an aid's sign too faint or short for a glyph: its 1 read as `+1` and as `-1`,
            # after the dice or a `;` only (an aid straight after an aid's die keeps its
            # own: two such, `+1 B5 +1 R5`, read a dice line whose rules fit nothing else)
            add(start, replace(PLUS_ONE, weight=LOST_SIGN), 40)
            add(start, replace(MINUS_ONE, weight=LOST_SIGN), 40)
    add(10, PLUS_ONE, 40)
    add(11, MINUS_ONE, 40)
    # the words, from state 100 on, each a chain of its own; a word is written when its last
    # letter is read
    nodes = 100
    for word, aid, weight in words:
        exact = telling(word, aid, words)
        n = len(word)
        inner = list(range(nodes, nodes + n - 1))
        nodes += n - 1
        before = [aid_start, *((state,) for state in inner)]
        after = [*inner, 40 if aid == "flip" else 50]
        for k, letter in enumerate(word):
            # a letter and the next written in one stroke (a hand's `fl`, `ip`) are one run,
            # read as the first: the next is no letter that tells the word apart
            joined = k + 1 < n and k + 1 not in exact and JOINED > 0
            for span in (1, 2) if joined else (1,):
                last = k + span == n
                written = word if last else ""
                symbol = _symbol(dict.fromkeys(letter + ALIKE.get(letter, ""), written)) \
                    if k in exact else Symbol(((ANY, written),))
                symbol = replace(symbol, weight=symbol.weight * (weight if last else 1.0)
                                 * (JOINED if span == 2 else 1.0))
                for state in before[k]:
                    add(state, symbol, after[k + span - 1], "; " if last else "")
    return Grammar(m, frozenset({2, 42, 56}),
                   frozenset({1, 10, 11, 41, 51, 53, 55, *range(100, nodes)}))


#: The grammar of each kind of written field (by `sheet_fields.FieldKind.name`); an
#: attempt's for the English words (`attempt_grammar` gives a sheet's in another language).
GRAMMARS: dict[str, Grammar] = {"circle": _number(2), "score-part": _number(3),
                                "score-total": _number(3), "attempt": attempt_grammar()}


@dataclass(frozen=True)
class Tried:
    """A run of pieces tried as one glyph: its line, its first and last piece there, where
    it starts and ends among the field's pieces (the end left out), and its shape."""

    line: int
    first: int
    last: int
    start: int
    end: int
    shape: GlyphShape


def tried(found: FieldInk) -> list[Tried]:
    """Return every run of pieces of a field that may be one glyph; the pieces are numbered
    line after line, and no run crosses a line."""
    out: list[Tried] = []
    start = 0
    for k, line in enumerate(found.lines):
        n = len(line.pieces)
        for i in range(n):
            for j in range(i, min(n, i + MOST_PIECES)):
                if j > i and line.pieces[j].x1 - line.pieces[i].x0 > WIDEST * line.height:
                    break
                shape = glyph_image(found, line, i, j)
                if shape is not None:
                    out.append(Tried(k, i, j, start + i, start + j + 1, shape))
        start += n
    return out


def runs(found: FieldInk, model: Model, number: bool = False) -> list[Run]:
    """Return every run of pieces of a field that may be one glyph, with its chances; a
    number's (a circle's, a score's) with a looped digit unlikely where the ink closes no
    loop (`loops.opened`), an attempt's with an open digit unlikely where it closes a 6's
    hole (`loops.shut`)."""
    found_runs = tried(found)
    if not found_runs:
        return []
    chances = model.chances(np.stack([t.shape.features() for t in found_runs]))
    if number:
        chances = opened(chances, np.array([t.shape.loops() for t in found_runs]), CLASSES)
    else:
        chances = shut(chances, np.array([t.shape.mask is not None and closes_hole(t.shape.mask)
                                          for t in found_runs]), CLASSES)
    return [Run(t.start, t.end, chances[k]) for k, t in enumerate(found_runs)]


@dataclass(frozen=True)
class Spelled:
    """A field's ink spelled as its kind allows, the rules not asked (what `spell` reads
    whatever `fits`, kept by `writing.read_values` for the same ink read again as the rules
    allow otherwise): its grammar, its runs and pieces, and the beam's own readings."""

    grammar: Grammar
    runs: list[Run]
    pieces: int
    big: list[int]
    starts: list[int]
    masses: dict[str, tuple[float, float]]


def spelled(found: FieldInk, model: Model, kind: str,
            aid_words: tuple[tuple[str, str, float], ...] = ENGLISH_AIDS) -> Spelled:
    """Return a field's ink spelled as its kind allows, the rules not asked (see `spell`)."""
    grammar = attempt_grammar(aid_words) if kind == "attempt" else GRAMMARS[kind]
    pieces, big = 0, []
    for line in found.lines:
        big += [pieces + k for k, p in enumerate(line.pieces)
                if p.y1 - p.y0 >= GLYPH_TALL * line.height]
        pieces += len(line.pieces)
    starts = list(itertools.accumulate(len(line.pieces) for line in found.lines))[:-1]
    found_runs = runs(found, model, kind != "attempt")
    return Spelled(grammar, found_runs, pieces, big, starts,
                   _masses(found_runs, pieces, grammar, big, starts))


def spell(found: FieldInk | Spelled, model: Model, kind: str,
          aid_words: tuple[tuple[str, str, float], ...] = ENGLISH_AIDS,
          fits: Callable[[str], bool] | None = None, beam: int = RULED_BEAM) -> list[Guess]:
    """Return the readings of a field's ink as its kind allows, most likely first, their
    chances summing to 1 (none when no reading fits the grammar); an attempt's aids are
    read in `aid_words` (see `attempt_grammar`), and only partial readings that `fits`
    (when given) are followed (`read_runs`), `beam` of them at each step. `found` may be the
    ink already `spelled` (in `kind` and `aid_words`)."""
    read = found if isinstance(found, Spelled) else spelled(found, model, kind, aid_words)
    grammar, found_runs, pieces = read.grammar, read.runs, read.pieces
    big, starts, masses = read.big, read.starts, dict(read.masses)
    if fits is not None:
        # the readings the rules may allow, followed where the beam alone dropped them; the
        # ink's own likeliest readings stay, for the rules to say what they rule out
        ruled = _masses(found_runs, pieces, grammar, big, starts, fits, beam)
        for text, (chance, left_out) in ruled.items():
            if chance > masses.get(text, (0.0, 0.0))[0]:
                masses[text] = (chance, left_out)
        fitting = _guesses(masses, set(ruled))
        seen = {g.text for g in fitting}
        guesses = sorted(fitting + [g for g in _guesses(masses) if g.text not in seen],
                         key=lambda g: -g.chance)
    else:
        guesses = _guesses(masses)
    foreign = {word for word, _aid, weight in aid_words if weight < 1}
    return [replace(g, printed=False) if foreign & set(g.text.split()) else g
            for g in guesses] if kind == "attempt" else guesses


def read_runs(found_runs: Sequence[Run], pieces: int, grammar: Grammar,
              big_pieces: Sequence[int] = (), line_starts: Sequence[int] = (),
              fits: Callable[[str], bool] | None = None) -> list[Guess]:
    """Return the readings a field's runs allow by a grammar (see `spell`); `big_pieces`
    are the pieces as tall as a glyph (a reading that leaves one out is not `whole`),
    `line_starts` the first piece of each line but the first. `fits`, when given, says
    whether a partial reading may still be completed into one the rules allow: the others
    are dropped as soon as they are read, so that the beam keeps readings the rules could
    choose among (not asked of a reading a symbol not `asked` writes)."""
    return _guesses(_masses(found_runs, pieces, grammar, big_pieces, line_starts, fits))


def _guesses(masses: dict[str, tuple[float, float]], among: set[str] | None = None
             ) -> list[Guess]:
    """Return the `MOST_READINGS` likeliest readings (of those `among`, when given) by their
    chances (a reading's, and that of its ways that leave a glyph-sized piece out), most
    likely first, each as a share of the chance of all."""
    whole = sum(chance for chance, _left_out in masses.values())
    if whole <= 0:
        return []
    best = sorted(((text, m) for text, m in masses.items() if among is None or text in among),
                  key=lambda kv: -kv[1][0])[:MOST_READINGS]
    return [Guess(text, chance / whole, left_out < 0.5 * chance,
                  chance ** (1 / len(text)) if text.isdigit() else 1.0,
                  per_glyph=chance ** (1 / max(1, len(text.replace(" ", "")))))
            for text, (chance, left_out) in best]


def _masses(found_runs: Sequence[Run], pieces: int, grammar: Grammar,
            big_pieces: Sequence[int] = (), line_starts: Sequence[int] = (),
            fits: Callable[[str], bool] | None = None, beam: int = 0
            ) -> dict[str, tuple[float, float]]:
    """Return the chance of each reading the beam keeps to the end (see `read_runs`), and
    that of its ways that leave a glyph-sized piece out (`beam.masses`, over the whole beam
    at each piece: a run's chance of each glyph read as a float of the model's, `ANY` last,
    as the beam read move by move did)."""
    if pieces == 0:
        return {}
    none = CLASSES.index(NONE)
    found = [(run.start, run.end, [*run.chances.tolist(),
                                   float(run.chances[_ANY_CLASSES].sum())
                                   + NONE_AS_LETTER * float(run.chances[none])])
             for run in found_runs]
    strays = {run.start: float(run.chances[none]) for run in found_runs
              if run.end == run.start + 1}
    return masses(found, pieces, grammar.table, set(big_pieces), set(line_starts), strays,
                  fits, beam or BEAM, (SKIP, SKIP_GLYPH), LEAST)
