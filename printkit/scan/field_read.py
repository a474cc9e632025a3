"""What a field of a photographed sheet was read as (`fields.read_fields`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.evidence import BoxRead
from printkit.scan.layout import Box


@dataclass(frozen=True)
class FieldRead:
    """What a field was read as: marked or not, the confidence (0-1: the probability, as
    measured, that the reading is right), the ink share."""

    name: str
    kind: sf.FieldKind
    marked: bool
    confidence: float
    uncertain: bool
    ink: float
    box: Box   # where it was read, on the page, in points
    #: The evidence's margin: the share's distance from the decision point, in units of
    #: what the page's empty boxes show (`ink.decide`); the confidence is calibrated on it.
    margin: float = 0.0
    #: Whether the page was read as light pencil (`ink.calibrated` weighs it).
    light: bool = False


def reading_of(fields: Mapping[str, FieldRead]) -> dict[str, BoxRead]:
    """Return what the photo showed of each box, as the referee weighs it as evidence."""
    return {name: BoxRead(f.kind, f.marked, f.confidence) for name, f in fields.items()}
