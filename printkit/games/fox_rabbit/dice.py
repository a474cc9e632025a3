"""Dice, colours and the rules that say which dice make which numbers
(clarifications 1-3 and 12 of the rule summary).

A die is written `R6` by people and records (`die_code`, `code_text`); in the code it is a
small int (`colour * 10 + value`, so `R6` is 6, `B4` is 14, `Y5` is 25) and a roll is a sorted
tuple of codes, so that tables keyed by a roll can be cached. A cell's rule is one int too
(`RuleKey`): the rules engine, the validator and the automatic players share these codes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import ClassVar, TypeAlias

from printkit.message import quoted, tr

#: A die on the hot path: its colour index * 10 + its value (`R6` 6, `B4` 14, `Y5` 25).
DieCode: TypeAlias = int
#: A roll on the hot path: its dice codes, sorted (red, blue, yellow; low to high).
Roll: TypeAlias = tuple[DieCode, ...]
#: A primary colour as an index into PRIMARIES: red 0, blue 1, yellow 2.
ColourIndex: TypeAlias = int
#: Primary colours as bits (red 1, blue 2, yellow 4): green is 6, orange 5, purple 3, black 7.
ColourBits: TypeAlias = int

#: The three dice colours, in the order used everywhere (index = colour code).
PRIMARIES: tuple[str, ...] = ("red", "blue", "yellow")
PRIMARY_LETTERS = "RBY"
#: Colour letter -> the primaries (as a bit mask: red 1, blue 2, yellow 4) that make it.
COLOUR_BITS: dict[str, ColourBits] = {"R": 1, "B": 2, "Y": 4, "G": 6, "O": 5, "P": 3, "K": 7}
COLOUR_NAMES: dict[str, str] = {
    "R": "red", "B": "blue", "Y": "yellow", "G": "green", "O": "orange", "P": "purple",
    "K": "black",
}
COLOUR_LETTERS: dict[str, str] = {name: letter for letter, name in COLOUR_NAMES.items()}
MAX_PER_COLOUR = 2
MAX_DICE = MAX_PER_COLOUR * len(PRIMARIES)
FACES = range(1, 7)

def colour_name(letter: str) -> str:
    """Return the player's word for a colour letter: `G` -> `green`."""
    return COLOUR_NAMES[letter]


def primaries_of(letter: str) -> tuple[str, ...]:
    """Return the primaries a colour is made of: `G` -> ('blue', 'yellow')."""
    bits = COLOUR_BITS[letter]
    return tuple(PRIMARIES[i] for i in range(3) if bits >> i & 1)


def mix_parts(letter: str) -> str:
    """Return how a colour is made, in words: `G` -> `blue + yellow`."""
    if letter == "K":
        return "any colours"
    return " + ".join(primaries_of(letter))


def code_of(colour: ColourIndex, value: int) -> DieCode:
    """Return the code of a die of this colour showing this value: (blue, 4) -> 14."""
    return colour * 10 + value


def colour_of(code: DieCode) -> ColourIndex:
    """Return the colour of a die's code, as an index into PRIMARIES: B4 (14) -> 1, blue."""
    return code // 10


def face_of(code: DieCode) -> int:
    """Return the face a die's code shows: B4 (14) -> 4."""
    return code % 10


def with_face(code: DieCode, value: int) -> DieCode:
    """Return the code of the same die showing another face: (B4, 6) -> B6 (16)."""
    return code - face_of(code) + value


_CODES = {f"{c}{v}": code_of(i, v) for i, c in enumerate(PRIMARY_LETTERS) for v in FACES}


def die_code(text: str) -> int:
    """Return the int code of a die written as `R6` (ValueError if it is not one)."""
    code = _CODES.get(text)
    if code is None:
        raise ValueError(tr("{text} is not a die (write a colour R, B or Y and a face 1-6, "
                            "e.g. R6)", text=quoted(text)))
    return code


def code_text(code: DieCode) -> str:
    """Return `R6` for the code of a red six."""
    return f"{PRIMARY_LETTERS[colour_of(code)]}{face_of(code)}"


def dice_text(codes: tuple[DieCode, ...] | list[DieCode]) -> str:
    """Return dice codes as the player writes them: `R6 B4 Y5`."""
    return " ".join(code_text(c) for c in codes)


def parse_dice(text: str) -> tuple[DieCode, ...]:
    """Return the codes of dice written `R6 B4 Y5` (or `R6+B4`)."""
    parts = text.replace("+", " ").split()
    if not parts:
        raise ValueError(tr("no dice written"))
    try:
        return tuple([_CODES[p] for p in parts])
    except KeyError:
        return tuple(die_code(p) for p in parts)


def colour_counts(codes: tuple[DieCode, ...] | list[DieCode]) -> tuple[int, int, int]:
    """Return how many red, blue and yellow dice are among `codes`."""
    counts = [0, 0, 0]
    for c in codes:
        counts[colour_of(c)] += 1
    return counts[0], counts[1], counts[2]


# --- what each kind of cell accepts ---------------------------------------------------------
#: The kind of a cell's rule: a face of one colour, a mix of two primaries, black.
CellKind: TypeAlias = int
FACE: CellKind = 0
MIX: CellKind = 1
BLACK: CellKind = 2
#: A cell's rule as one int: kind * 8 + colour bits. A die face is its colour's bit alone
#: (red 1, blue 2, yellow 4), a mix 8 + its two colours' bits (purple 11, orange 13, green
#: 14), black 23. Tables of which dice follow which rule are keyed by it.
RuleKey: TypeAlias = int
FIRST_MIX_RULE: RuleKey = MIX * 8   # the face rules are the keys below it
BLACK_RULE: RuleKey = BLACK * 8 + 7
_MIXES = (3, 5, 6)   # the colour bits of purple, orange and green
#: The fewest dice that cross a mix (one of each of its primaries) and a black number.
MIX_MIN_DICE = 2
BLACK_MIN_DICE = 3


def rule_key(kind: CellKind, bits: ColourBits) -> RuleKey:
    """Return the rule key of a kind of cell in a colour: (MIX, 6) (green) -> 14."""
    return kind * 8 + bits


def face_colour(rule: RuleKey) -> ColourIndex:
    """Return the colour of the die a die-face rule takes (a rule key below FIRST_MIX_RULE)."""
    return rule.bit_length() - 1


def colour_class(letter: str) -> tuple[CellKind, ColourBits]:
    """Return (kind, colour bits) of the rule a colour follows: `G` -> (MIX, blue|yellow)."""
    bits = COLOUR_BITS[letter]
    if letter in PRIMARY_LETTERS:
        return FACE, bits
    if letter == "K":
        return BLACK, bits
    return MIX, bits


def makeable(letter: str, per_colour: int = MAX_PER_COLOUR) -> range:
    """Return the numbers a colour's rule can make with `per_colour` dice of each primary.

    With the dice a player can have (2 of each): a die face 1-6; a mix 2-24 (2 or more
    dice, at least one of each of its primaries); black 3-36 (3 or more of 6 dice).
    """
    kind, bits = colour_class(letter)
    if kind == FACE:
        return range(1, max(FACES) + 1)
    fewest = MIX_MIN_DICE if kind == MIX else BLACK_MIN_DICE
    return range(fewest, bits.bit_count() * per_colour * max(FACES) + 1)


@lru_cache(maxsize=64)
def group_rules(size: int, bits: ColourBits) -> tuple[RuleKey, ...]:
    """Return the rules a group of `size` dice showing these colours follows (clarification 2).

    One die follows its colour's die face; 2 or more dice of exactly a mix's two primaries
    (at least one of each) follow that mix; 3 or more dice of any colours follow black.
    """
    if size == 1:
        return (rule_key(FACE, bits),)
    rules: tuple[RuleKey, ...] = ()
    if size >= MIX_MIN_DICE and bits in _MIXES:
        rules = (rule_key(MIX, bits),)
    return rules + (BLACK_RULE,) if size >= BLACK_MIN_DICE else rules


def group_follows(rule: RuleKey, codes: tuple[DieCode, ...] | list[DieCode]) -> bool:
    """Return whether a group of dice follows a cell's rule (ignoring the number)."""
    used = 0
    for c in codes:
        used |= 1 << colour_of(c)
    return rule in group_rules(len(codes), used)


# --- requirements: escape tiers and farmer triggers (clarifications 12, 14) -----------------
_REQ_RE = re.compile(
    r"(?P<colour>green|orange|purple) (?P<sums>\d+(?:/\d+)*) total at most (?P<cap>\d+)")


@dataclass(frozen=True)
class Requirement:
    """An escape or trap requirement: `orange 10/11 total at most 13`.

    Met by a set of rolled dice when some 2, 3 or 4 of them, all of the colour's two
    primaries with at least one of each, sum to one of `sums`, and all of them together
    total at most `cap`.
    """

    #: How many of the rolled dice may make the colour's sum.
    DICE: ClassVar[range] = range(2, 5)

    colour: str  # "G", "O" or "P"
    sums: tuple[int, ...]
    cap: int

    @classmethod
    def parse(cls, text: str) -> Requirement:
        """Return the requirement written as `orange 10/11 total at most 13`."""
        m = _REQ_RE.fullmatch(" ".join(text.split()))
        if not m:
            raise ValueError(f"{quoted(text)} is not a requirement "
                             f"(write e.g. 'orange 10/11 total at most 13')")
        return cls(COLOUR_LETTERS[m.group("colour")],
                   tuple(int(s) for s in m.group("sums").split("/")), int(m.group("cap")))

    def __str__(self) -> str:
        return (f"{COLOUR_NAMES[self.colour]} {'/'.join(map(str, self.sums))} "
                f"total at most {self.cap}")

    def __repr__(self) -> str:
        return f"Requirement.parse({str(self)!r})"

    @cached_property   # asked on every escape and trap check the simulator makes
    def bits(self) -> ColourBits:
        return COLOUR_BITS[self.colour]

    def met_by(self, codes: tuple[DieCode, ...] | list[DieCode]) -> bool:
        """Return whether these rolled dice (after aids) meet the requirement."""
        # the answer does not depend on the dice's order: a sorted roll is a key as it is
        return _met(self.bits, self.sums, self.cap, tuple(codes))

    def explain(self, codes: tuple[DieCode, ...] | list[DieCode]) -> str | None:
        """Return, in words, why these dice do not meet the requirement (None if they do)."""
        total = sum(face_of(c) for c in codes)
        if total > self.cap:
            return f"all dice rolled total {total}, more than {self.cap}"
        if not _met(self.bits, self.sums, 10 ** 6, tuple(sorted(codes))):
            return (f"no 2-4 of the {mix_parts(self.colour)} dice (at least one of each) "
                    f"sum to {' or '.join(map(str, self.sums))}")
        return None


@lru_cache(maxsize=1 << 16)
def _met(bits: ColourBits, sums: tuple[int, ...], cap: int, roll: tuple[DieCode, ...]) -> bool:
    if sum(face_of(c) for c in roll) > cap:
        return False
    usable = [c for c in roll if (1 << colour_of(c)) & bits]
    n = len(usable)
    for mask in range(3, 1 << n):
        if mask.bit_count() not in Requirement.DICE:
            continue
        total = 0
        used = 0
        for i in range(n):
            if mask >> i & 1:
                total += face_of(usable[i])
                used |= 1 << colour_of(usable[i])
        if used == bits and total in sums:
            return True
    return False
