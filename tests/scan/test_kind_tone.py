"""A light pencil's fill measured against the page's empty boxes of its kind
(`kind_tone.ask_darker_than_their_like`): the tones of generator 2's hard tuning photo
2985733 (a pencil 0.117 dark, most of its marks fills) as the reader measured them, no image.
On main its filled `gain-plus-minus-1`, `superhard-all-both` and `plus-minus-2` were read
empty at 0.8, not asked: the spread `faint.ask_darker_than_their_kind` measures over every
box of the page is the filled boxes' own (docs/scan-measurement.md, "A light pencil's fill
measured against the page's empty boxes of its kind")."""

from __future__ import annotations

from printkit.scan.faint import ask_darker_than_their_kind
from printkit.scan.ink import Tone
from printkit.scan.kind_tone import above_their_like, ask_darker_than_their_like
from printkit.scan.layout import layout
from printkit.scan.params import ReaderParams

#: Each check box's paper as read on 2985733: (median, around, the blank's fill).
TONES = {
    "F-A1": (-0.0325, -0.0117, 0.923),
    "F-A2": (-0.0322, -0.0078, 0.872),
    "F-A4": (-0.0191, -0.0047, 0.881),
    "F-A5": (-0.0127, 0.0018, 1.000),
    "F-B1": (0.0076, -0.0058, 0.872),
    "F-B2": (-0.0009, -0.0070, 0.909),
    "F-B3": (0.0057, -0.0022, 0.923),
    "F-B5": (0.0125, 0.0036, 1.000),
    "F-C1": (0.0004, -0.0028, 0.881),
    "F-D1": (-0.0188, -0.0067, 0.923),
    "F-D2": (-0.0203, -0.0057, 0.869),
    "R-A1": (-0.0156, -0.0090, 0.881),
    "R-A2": (-0.0131, -0.0103, 0.923),
    "R-A4": (-0.0173, -0.0077, 0.872),
    "R-A5": (-0.0035, -0.0056, 1.000),
    "R-B1": (-0.0143, -0.0101, 0.923),
    "R-B2": (-0.0248, -0.0121, 0.874),
    "R-B3": (-0.0142, -0.0100, 0.881),
    "R-B5": (-0.0033, -0.0045, 1.000),
    "R-C1": (-0.0138, -0.0100, 0.869),
    "R-D1": (-0.0189, -0.0120, 0.923),
    "R-D2": (-0.0304, -0.0121, 0.870),
    "F-carrot": (0.0043, 0.0046, 1.000),
    "R-carrot": (-0.0008, -0.0009, 1.000),
    "F-lettuce": (-0.0060, 0.0032, 1.000),
    "R-lettuce": (0.0384, -0.0022, 1.000),
    "F-blueberry": (0.0218, -0.0076, 1.000),
    "R-blueberry": (0.0005, -0.0046, 1.000),
    "F-strawberry": (0.0210, -0.0069, 1.000),
    "R-strawberry": (-0.0117, -0.0080, 1.000),
    "F-apple": (-0.0121, -0.0080, 1.000),
    "R-apple": (0.0195, -0.0080, 1.000),
    "F-sweetcorn": (-0.0091, -0.0086, 1.000),
    "R-sweetcorn": (0.0200, -0.0085, 1.000),
    "die-R": (0.0348, 0.0034, 0.831),
    "die-B": (0.0351, 0.0020, 0.843),
    "die-Y": (0.0164, 0.0051, 0.898),
    "plus-minus-1": (0.0326, -0.0025, 0.953),
    "plus-minus-2": (0.0243, -0.0040, 0.953),
    "plus-minus-3": (0.0019, -0.0005, 1.000),
    "plus-minus-4": (0.0021, 0.0002, 1.000),
    "gain-plus-minus-1": (0.0173, -0.0079, 1.000),
    "gain-plus-minus-2": (0.0237, -0.0071, 1.000),
    "flip-1": (-0.0020, -0.0055, 0.953),
    "flip-2": (0.0296, -0.0046, 0.953),
    "flip-3": (-0.0028, -0.0018, 1.000),
    "flip-4": (-0.0042, 0.0014, 1.000),
    "gain-flip-1": (0.0200, -0.0096, 1.000),
    "gain-flip-2": (-0.0094, -0.0070, 1.000),
    "re-roll-1": (0.0288, -0.0053, 0.953),
    "re-roll-2": (0.0012, -0.0025, 0.953),
    "re-roll-3": (-0.0033, 0.0017, 1.000),
    "re-roll-4": (-0.0030, -0.0028, 1.000),
    "gain-re-roll-1": (0.0279, -0.0074, 1.000),
    "gain-re-roll-2": (-0.0080, -0.0055, 1.000),
    "trap-1": (0.0018, -0.0079, 1.000),
    "trap-2": (0.0089, -0.0079, 1.000),
    "trap-3": (0.0032, -0.0090, 1.000),
    "trap-4": (0.0016, -0.0081, 1.000),
    "trap-5": (0.0043, -0.0080, 1.000),
    "trap-6": (-0.0111, -0.0080, 1.000),
    "trap-7": (0.0101, -0.0083, 1.000),
    "trap-8": (-0.0113, -0.0094, 1.000),
    "trap-9": (0.0081, -0.0115, 1.000),
    "trap-10": (-0.0044, -0.0081, 0.997),
    "trap-11": (-0.0003, -0.0081, 0.998),
    "trap-12": (-0.0164, -0.0080, 0.996),
    "trap-13": (0.0037, -0.0080, 0.998),
    "trap-14": (-0.0045, -0.0080, 0.998),
    "trap-15": (-0.0223, -0.0080, 0.957),
    "farmer-plus-minus-F": (-0.0080, -0.0085, 1.000),
    "farmer-plus-minus-R": (-0.0080, -0.0040, 1.000),
    "farmer-flip-F": (-0.0080, -0.0045, 1.000),
    "farmer-flip-R": (-0.0083, -0.0080, 1.000),
    "farmer-re-roll-F": (-0.0080, -0.0121, 1.000),
    "farmer-re-roll-R": (-0.0080, -0.0080, 1.000),
    "title-1": (-0.0021, -0.0006, 1.000),
    "title-2": (-0.0013, -0.0001, 1.000),
    "title-3": (-0.0010, 0.0025, 1.000),
    "title-4": (0.0301, 0.0017, 1.000),
    "round-1-fox-escaped": (0.0280, -0.0080, 1.000),
    "round-1-rabbit-escaped": (0.0210, -0.0064, 1.000),
    "round-1-fox-caught": (-0.0041, -0.0041, 1.000),
    "round-1-rabbit-caught": (-0.0077, -0.0036, 1.000),
    "round-2-fox-escaped": (-0.0042, -0.0081, 1.000),
    "round-2-rabbit-escaped": (-0.0041, -0.0041, 1.000),
    "round-2-fox-caught": (-0.0036, -0.0062, 1.000),
    "round-2-rabbit-caught": (-0.0038, -0.0038, 1.000),
    "superhard-all-both": (0.0219, -0.0027, 1.000),
}
#: The boxes left empty on that sheet.
EMPTY = frozenset({
    "F-D1", "F-D2", "F-apple", "F-lettuce", "F-sweetcorn", "R-carrot", "R-strawberry",
    "farmer-flip-F", "farmer-flip-R", "farmer-plus-minus-F", "farmer-plus-minus-R",
    "farmer-re-roll-F", "farmer-re-roll-R", "flip-3", "flip-4", "gain-flip-2",
    "gain-re-roll-2", "plus-minus-4", "re-roll-3", "re-roll-4", "round-1-fox-caught",
    "round-1-rabbit-caught", "round-2-fox-caught", "round-2-fox-escaped",
    "round-2-rabbit-caught", "round-2-rabbit-escaped", "title-1", "title-2", "title-3",
})
FILLED_LEFT = ("gain-plus-minus-1", "superhard-all-both", "plus-minus-2")
LAY = layout("classic", "super-hard", "letter", "en")
PARAMS = ReaderParams()


def _tones(names: frozenset[str] | None = None) -> dict[str, Tone]:
    return {name: Tone(*value) for name, value in TONES.items()
            if names is None or name in names}


def _own() -> frozenset[str]:
    return frozenset(name for name in TONES if name.startswith("trap-"))


def test_filled_boxes_over_their_empty_kind_are_asked() -> None:
    tones = _tones()
    shares = dict.fromkeys(tones, 0.0)
    before = ask_darker_than_their_kind(tones, _own(), shares, PARAMS)
    assert all(before[name] == 0.0 for name in FILLED_LEFT)  # the spread over every box
    asked = ask_darker_than_their_like(tones, LAY, _own(), shares, PARAMS)
    assert all(asked[name] == PARAMS.ink.ask_share for name in FILLED_LEFT)


def test_the_pages_empty_boxes_are_not_asked() -> None:
    tones = _tones()
    asked = ask_darker_than_their_like(tones, LAY, _own(), dict.fromkeys(tones, 0.0), PARAMS)
    assert not [name for name in EMPTY if asked[name] > 0.0]


def test_a_page_of_empty_boxes_asks_nothing() -> None:
    tones = _tones(EMPTY)
    shares = dict.fromkeys(tones, 0.0)
    assert ask_darker_than_their_like(tones, LAY, _own(), shares, PARAMS) == shares


def test_traps_tinted_boxes_and_trail_cells_are_left_to_their_own_asks() -> None:
    tones = _tones()
    left = ("trap-3", "F-A1", "R-A5")  # a trap, a tinted trail cell, a white one
    for name in left:
        tones[name] = Tone(0.05, -0.008, tones[name].fill)
    above, spread = above_their_like(tones, LAY, _own(), PARAMS)
    assert spread > 0.0
    assert not above.keys() & set(left)
    shares = dict.fromkeys(tones, 0.0)
    asked = ask_darker_than_their_like(tones, LAY, _own(), shares, PARAMS)
    assert all(asked[name] == 0.0 for name in left)


def test_a_box_read_over_the_ask_band_keeps_its_share() -> None:
    tones = _tones()
    shares = dict.fromkeys(tones, 0.0) | {"superhard-all-both": 0.2}
    asked = ask_darker_than_their_like(tones, LAY, _own(), shares, PARAMS)
    assert asked["superhard-all-both"] == 0.2
