"""A score's part whose ink reads another number clearly is suggested as written: the part is
the player's claim, and the rules' value (the run as the boxes read it) is offered after it."""

from __future__ import annotations

from types import SimpleNamespace

from printkit.cli.value_list import shown
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.narrow_sheet import score_part_can_be
from printkit.games.fox_rabbit.narrowed import Narrowed, Reading, RuledOut
from printkit.games.fox_rabbit.template import load_map
from printkit.language import ENGLISH
from printkit.message import tr
from printkit.scan.spelling import Guess
from printkit.scan.suggest import _suggestion


def _found(name: str, kind: sf.FieldKind, light: bool = False, page_light: bool = False
           ) -> SimpleNamespace:
    """A scan of one score box (read from a light pencil's faint strokes: `light`) and one
    check box (the page read as light pencil: `page_light`)."""
    return SimpleNamespace(layout=SimpleNamespace(map=load_map("classic")),
                           fields={name: SimpleNamespace(kind=kind, uncertain=False,
                                                         light=light),
                                   "F-carrot": SimpleNamespace(kind=sf.CHECK,
                                                               light=page_light)})


def _decided(name: str, value: str, ink: list[Guess]) -> Narrowed:
    """A score box as the rules narrow it (`narrowing._score_field`): their value the one
    reading, the ink's other readings ruled out."""
    why = tr("the run scores {score} here", score=value)
    return Narrowed(name, (Reading(value, 1.0),),
                    tuple(RuledOut(g.text, g.chance, why) for g in ink if g.text != value),
                    False, value)


def test_a_score_part_its_ink_reads_clearly_otherwise_is_suggested_as_written():
    # a light pencil's foods eaten read empty: the rules score the foods 0, the ink reads
    # the 3 written surely (g2-tune-hard 2250020); the 3 is suggested, the rules' 0 next
    found = _found("score-foods", sf.SCORE_PART)
    ink = [Guess("3", 0.964, evidence=0.9), Guess("7", 0.02, evidence=0.2)]
    s = _suggestion(found, _decided("score-foods", "0", ink), ink)
    assert (s.value, s.sure) == ("3", False)
    assert [r.text for r in s.candidates] == ["3", "0"]
    assert shown(s, ENGLISH, 4) == "? asked: 3 (or 0 [4])"


def test_a_score_part_read_as_a_glyph_of_the_rules_value_keeps_the_rules_value():
    # an escape part of 10 whose 1 the pen left too faint reads 0 surely (g2-dev-pens
    # 2400011): a glyph lost, not another number; and a 1 no escape part can be
    found = _found("score-escaped", sf.SCORE_PART)
    for read in ("0", "1"):
        ink = [Guess(read, 0.974, evidence=0.9)]
        s = _suggestion(found, _decided("score-escaped", "10", ink), ink)
        assert (s.value, s.sure) == ("10", False)
    ink = [Guess("1", 0.98, evidence=0.9)]
    assert _suggestion(found, _decided("score-escaped", "0", ink), ink).value == "0"


def test_a_score_part_read_otherwise_but_not_surely_or_whole_keeps_the_rules_value():
    found = _found("score-traps", sf.SCORE_PART)
    for ink in ([Guess("2", 0.9, evidence=0.9)],
                [Guess("2", 0.99, evidence=0.9, whole=False)],
                [Guess("2", 0.99, evidence=0.01)]):
        assert _suggestion(found, _decided("score-traps", "1", ink), ink).value == "1"


def test_the_total_read_otherwise_keeps_the_rules_value():
    found = _found("score", sf.SCORE_TOTAL)
    ink = [Guess("18", 0.99, evidence=0.9)]
    assert _suggestion(found, _decided("score", "14", ink), ink).value == "14"


def test_a_score_part_can_be_a_whole_count_of_its_unit():
    game_map = load_map("classic")
    s = game_map.scoring
    assert score_part_can_be(game_map, "score-escaped", 2 * s.per_escape)
    assert not score_part_can_be(game_map, "score-escaped", 3 * s.per_escape)
    assert score_part_can_be(game_map, "score-foods", 0)
    assert not score_part_can_be(game_map, "score-traps",
                                 (game_map.farmer.traps + 1) * s.per_trap_left)


def test_a_score_part_on_a_page_whose_pen_is_not_found_is_suggested_as_its_ink_reads_it():
    # a light pencil's 5 foods on a page whose pen the reader lost (g2-dev-light 2500010):
    # its faint strokes read 5 at 0.89, under INK_OVER_RULES; the rules score the foods 0
    # from boxes read empty at 0.5, which tell nothing. The 5 is suggested, the 0 next
    ink = [Guess("5", 0.89, evidence=0.47, faint=True), Guess("1", 0.08, evidence=0.04)]
    found = _found("score-foods", sf.SCORE_PART, light=True)
    s = _suggestion(found, _decided("score-foods", "0", ink), ink)
    assert (s.value, s.sure) == ("5", False)
    assert [r.text for r in s.candidates] == ["5", "0"]
    # on a page read as light pencil (its boxes tell), the rules' value stands, as before
    found = _found("score-foods", sf.SCORE_PART, light=True, page_light=True)
    assert _suggestion(found, _decided("score-foods", "0", ink), ink).value == "0"
    # and under INK_PEN_LOST too
    ink = [Guess("5", 0.4, evidence=0.47, faint=True), Guess("1", 0.3, evidence=0.04)]
    found = _found("score-foods", sf.SCORE_PART, light=True)
    assert _suggestion(found, _decided("score-foods", "0", ink), ink).value == "0"


def test_a_doubted_part_whose_faint_strokes_read_the_rules_value_keeps_it():
    # light-2985569 `score-foods`: the ink as first read `2` at 1.0, the faint strokes `3`
    # at 1.0 (`doubted.both`: both kept, doubted); the rules score the foods 3. The two inks
    # of one pencil disagree and one of them reads what the boxes score: the rules' 3 first
    found = _found("score-foods", sf.SCORE_PART, light=True, page_light=True)
    ink = [Guess("2", 1.0, evidence=0.94, doubted=True),
           Guess("3", 0.5, evidence=0.95, doubted=True)]
    s = _suggestion(found, _decided("score-foods", "3", ink), ink)
    assert (s.value, s.sure) == ("3", False)
    # a doubted part whose readings hold no rules' value is still read over them
    ink = [Guess("2", 1.0, evidence=0.94, doubted=True),
           Guess("5", 0.5, evidence=0.95, doubted=True)]
    assert _suggestion(found, _decided("score-foods", "3", ink), ink).value == "2"
