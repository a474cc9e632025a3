"""A circle whose ink reads a lone `0` the rules rule out (a 10 whose 1 was lost): the
numbers left that hold the 0 with one digit more offered first (`digit_lost`). The
readings are made up as tuning photo g2-tune-ordinary 2150006's `F-B4` (a 10) was read."""

from __future__ import annotations

from printkit.games.fox_rabbit.narrowed import Narrowed, Reading, RuledOut
from printkit.message import tr
from printkit.scan.digit_lost import digit_lost
from printkit.scan.spelling import Guess

WHY = tr("the numbers after it on the trail are not higher: a trail's numbers rise")


def _narrowed(left: list[tuple[str, float]], ruled: list[tuple[str, float]],
              sure: bool = False) -> Narrowed:
    total = sum(c for _t, c in left)
    return Narrowed("F-B4", tuple(Reading(t, c / total) for t, c in left),
                    tuple(RuledOut(t, c, WHY) for t, c in ruled), sure)


#: 2150006's `F-B4` as main offered it: `4` first, the 10 12th of 19
LEFT = [("4", 0.308), ("9", 0.297), ("7", 0.119), ("5", 0.087), ("6", 0.08), ("8", 0.051),
        ("11", 0.022), ("17", 0.009), ("12", 0.008), ("13", 0.006), ("14", 0.005),
        ("10", 0.004), ("15", 0.002), ("16", 0.001), ("18", 0.001)]
RULED = [("0", 0.629), ("3", 0.097), ("2", 0.045), ("1", 0.036)]


def _ink(first: str, chance: float, whole: bool = True) -> list[Guess]:
    return [Guess(first, chance, whole, 0.054), Guess("3", 0.097), Guess("4", 0.086)]


def test_a_lone_zero_ruled_out_offers_the_ten_first() -> None:
    out = digit_lost(_narrowed(LEFT, RULED), _ink("0", 0.629))
    assert out.value == "10"
    assert not out.sure
    # nothing offered that the rules did not leave, nothing taken away
    assert {r.text for r in out.left} == {t for t, _c in LEFT}
    assert abs(sum(r.chance for r in out.left) - 1.0) < 1e-9
    assert out.ruled_out[0].text == "0"


def test_only_the_ten_not_a_twenty() -> None:
    # a 20 the trail leaves beside the 10: the 10 takes the share, the 20 none
    left = [*LEFT, ("20", 0.008)]
    out = digit_lost(_narrowed(left, RULED), _ink("0", 0.629))
    chance = {r.text: r.chance for r in out.left}
    assert out.value == "10"
    # the 20's own chance, among readings that now hold the 0's 0.629 more
    assert abs(chance["20"] - 0.008 / sum(c for _t, c in left) / 1.629) < 1e-9
    # light pencil light-2985727's `R-B4`, a 4 read `0` at 0.93, whose trail leaves a 20
    # and no 10: the rules' 4 stays first
    four = _narrowed([("4", 0.59), ("8", 0.14), ("9", 0.10), ("20", 0.007)],
                     [("0", 0.926), ("1", 0.012)])
    assert digit_lost(four, [Guess("0", 0.926), Guess("4", 0.037)]) is four


def test_no_move_where_the_zero_is_not_the_likeliest_or_not_whole() -> None:
    n = _narrowed(LEFT, RULED)
    assert digit_lost(n, [Guess("4", 0.7), Guess("0", 0.2)]) is n
    assert digit_lost(n, _ink("0", 0.629, whole=False)) is n
    # a digit the rules leave (a `4` written and read) moves nothing
    four = _narrowed([("4", 0.95), ("14", 0.05)], [], sure=True)
    assert digit_lost(four, [Guess("4", 0.95)]) is four


def test_no_number_holding_it_left() -> None:
    n = _narrowed([("4", 0.6), ("9", 0.4)], RULED)
    assert digit_lost(n, _ink("0", 0.629)) is n
