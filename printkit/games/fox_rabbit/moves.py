"""The turn log's text, like chess move text: one line per turn, read into frozen values.

    R6 B4 Y5; +1 B4; F-A1 R6; R-A2=10 B5 Y5
    R3 B2 Y4 R1; F-A5 R3 B2 Y4 R1 eats carrot, takes red die

A turn is the roll, then the aids used on it (`+1 B4`, `-1 B4`, `flip Y5`,
`re-roll Y5 B4 -> Y2 B1`), then each cell crossed with the dice that crossed it; a circle
carries the number written in it (`R-A2=10`), and the last cell of a trail says what the
animal ate and which reward was taken.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from printkit.games.fox_rabbit.board import AID_WORDS_PRINTED
from printkit.games.fox_rabbit.cells import CellId, TrailId
from printkit.games.fox_rabbit.dice import colour_counts, dice_text, face_of, parse_dice
from printkit.games.fox_rabbit.engine import NO_REWARD, REWARDS, AidUse
from printkit.message import quoted, said_of, tr

_MOVE_RE = re.compile(
    r"(?P<cell>[FR]-[A-Z][1-9][0-9]?)(?:=(?P<write>[0-9]{1,2}))?"
    r"(?P<dice>(?: [RBY][1-6])+)"
    r"(?: eats (?P<food>[^\W\d_][\w-]*)(?:, takes (?P<reward>[a-z+/ -]+))?)?")
_AID_START = ("+1 ", "-1 ", "flip ", "re-roll ", *(f"{w} " for w in AID_WORDS_PRINTED))


@dataclass(frozen=True)
class Move:
    """One cell crossed: `F-A1 R6`, `R-A2=10 B5 Y5`, `F-A5 R3 Y4 eats carrot, takes red die`."""

    cell: str
    dice: tuple[int, ...]
    write: int | None = None
    food: str | None = None
    reward: str | None = None
    total: int = field(init=False, repr=False, compare=False)  # of the dice

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(face_of(d) for d in self.dice))

    @classmethod
    def parse(cls, text: str) -> Move:
        """Return the move written as text (cached: a value is immutable)."""
        return _parse_move(text)

    @classmethod
    def _parse(cls, text: str) -> Move:
        m = _MOVE_RE.fullmatch(" ".join(text.split()))
        if not m:
            raise ValueError(tr("cannot read {text} as a cell crossed (write e.g. 'F-A1 R6', "
                                "'R-A2=10 B5 Y5' or 'F-A5 R3 Y4 eats carrot, takes red die')",
                                text=quoted(text)))
        reward = m.group("reward")
        if reward is not None and reward not in REWARDS and reward != NO_REWARD:
            raise ValueError(tr("{text}: unknown reward {reward} (rewards: {rewards})",
                                text=quoted(text), reward=quoted(reward),
                                rewards=", ".join([*REWARDS, NO_REWARD])))
        if m.group("food") and reward is None:
            raise ValueError(tr("{text}: say which reward was taken (', takes red die')",
                                text=quoted(text)))
        write = m.group("write")
        return cls(m.group("cell"), parse_dice(m.group("dice")),
                   int(write) if write is not None else None, m.group("food"), reward)

    def __str__(self) -> str:
        written = "" if self.write is None else f"={self.write}"
        text = f"{self.cell}{written} {dice_text(self.dice)}"
        if self.food:
            text += f" eats {self.food}, takes {self.reward}"
        return text

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


@lru_cache(maxsize=8192)
def _parse_move(text: str) -> Move:
    return Move._parse(text)


@dataclass(frozen=True)
class Turn:
    """One turn of the animals: the roll, the aids used on it, the cells crossed."""

    roll: tuple[int, ...]
    aids: tuple[AidUse, ...] = ()
    moves: tuple[Move, ...] = ()
    colours: tuple[int, int, int] = field(init=False, repr=False, compare=False)  # dice rolled
    #: the moves with those of one trail in the order its cells run (`moves` itself when they
    #: are listed so): what a turn listing F-B4 before F-B3 evidently meant
    meant: tuple[Move, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "colours", colour_counts(self.roll))
        object.__setattr__(self, "meant", in_trail_order(self.moves))

    @classmethod
    def parse(cls, text: str) -> Turn:
        """Return the turn written as text (cached: a value is immutable, and rolls repeat)."""
        return _parse_turn(text)

    @classmethod
    def _parse(cls, text: str) -> Turn:
        parts = text.split(";")
        first = parts[0].strip()
        if not first:
            raise ValueError(tr("a turn starts with the dice rolled, e.g. 'R6 B4 Y5'"))
        try:
            roll = _parse_roll(first)
        except ValueError as err:
            if len(first.split()) == 1:  # the problem names it: a die that is not one
                raise
            raise ValueError(tr("the roll {roll}: {problem}", roll=quoted(first),
                                problem=said_of(err))) from None
        aids: list[AidUse] = []
        moves: list[Move] = []
        for part in parts[1:]:
            part = part.strip()
            if part.startswith(_AID_START):
                if moves:
                    raise ValueError(tr("{part}: aids are written before the cells crossed",
                                        part=quoted(part)))
                aids.append(_parse_aid(part))
            else:
                moves.append(_parse_move(part))
        return cls(roll, tuple(aids), tuple(moves))

    def __str__(self) -> str:
        return "; ".join([dice_text(self.roll)] + [str(a) for a in self.aids]
                         + [str(m) for m in self.moves])

    def __repr__(self) -> str:
        return f"Turn.parse({str(self)!r})"


def in_trail_order(moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """Return moves with those on one trail in the order its cells run, each trail's moves
    taking the places in the line its moves had (so a tunnel still follows the end of the
    trail before it); the same tuple when they are in that order already."""
    places: dict[TrailId, list[int]] = {}
    ids = [CellId.parse(mv.cell) for mv in moves]
    for i, cell in enumerate(ids):
        places.setdefault(cell.trail, []).append(i)
    out = list(moves)
    for idx in places.values():
        for i, j in zip(idx, sorted(idx, key=lambda k: ids[k].position)):
            out[i] = moves[j]
    return moves if out == list(moves) else tuple(out)


_parse_aid = lru_cache(maxsize=4096)(AidUse.parse)
_parse_roll = lru_cache(maxsize=4096)(parse_dice)


@lru_cache(maxsize=8192)
def _parse_turn(text: str) -> Turn:
    return Turn._parse(text)
