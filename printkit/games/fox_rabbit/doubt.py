"""What the referee weighs a photo's reading with: each box as the photo read it (`BoxRead`),
the bound over which a reading is taken as shown (`SURE`), and a box or a value the referee
asks the player about before its verdict (`Doubt`). Shared by `evidence` (the doubts of a run
that breaks a rule) and `gaps` (those of a run read as legal whose verdict rests on a box)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printkit.games.fox_rabbit import sheet_fields as sf

#: A box read with this confidence or more is taken as the photo shows it: at most one box
#: in 10,000 read so is wrong (docs/scan-measurement.md, "Calibration"). Under it, a reading
#: the rules disagree with is asked, never blamed on the player.
SURE = 0.99


@dataclass(frozen=True)
class BoxRead:
    """What a photo showed of one box: its kind, whether it holds ink, how sure (0-1)."""

    kind: sf.FieldKind
    marked: bool
    confidence: float

    def as_dict(self) -> dict[str, object]:
        """Return the box as read, as `validate --json` and the page give it."""
        return {"read": "marked" if self.marked else "empty",
                "confidence": round(self.confidence, 3)}


#: A photo's reading: each box of the sheet by its field name.
Reading = Mapping[str, BoxRead]


@dataclass(frozen=True)
class Doubt:
    """A box whose other reading would undo a violation, or on which one rests, and how sure
    the photo is of it; or a value written that a violation names, taken as the photo read
    it (`value`: the player did not type it)."""

    name: str
    marked: bool          # as the photo read it
    confidence: float
    #: the violations (English lines) its other reading undoes, or that rest on it
    undoes: tuple[str, ...]
    value: str | None = None

    def as_dict(self) -> dict[str, object]:
        """Return the doubt as `validate --json` and the page give it."""
        if self.value is not None:
            return {"box": self.name, "read": "value", "value": self.value,
                    "undoes": list(self.undoes)}
        return {"box": self.name, "read": "marked" if self.marked else "empty",
                "confidence": round(self.confidence, 3), "undoes": list(self.undoes)}


def unsure_boxes(reading: Reading, settled: set[str]) -> dict[str, BoxRead]:
    """Return the boxes the photo read with less confidence than SURE that the player has not
    given: the only ones ever asked."""
    return {n: f for n, f in reading.items() if n not in settled and f.confidence < SURE}
