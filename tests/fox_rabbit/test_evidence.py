"""A photo's reading weighed as evidence by the rules core: the boxes whose other reading
undoes a violation are the ones asked, the sure ones are what a verdict rests on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.board import GameMap
from printkit.games.fox_rabbit.evidence import (
    SURE,
    UNREADABLE,
    BoxRead,
    Doubt,
    box_doubt,
    doubts,
    judge,
)
from printkit.games.fox_rabbit.evidence_shown import evidence
from printkit.games.fox_rabbit.questions import doubted_again
from printkit.games.fox_rabbit.reader import read_run
from printkit.games.fox_rabbit.record_yaml import RecordError
from printkit.games.fox_rabbit.validate import validate_run
from printkit.web.referee import PhotoCheck, RequestError, check, next_question, photo_reading

ROOT = Path(__file__).parent.parent.parent
RUN = read_run((ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml").read_text())
MAP, MODE = RUN.map, RUN.mode
FIELDS = sf.fields(MAP, MAP.modes[MODE])


def _photo(misread: str, confidence: float) -> tuple[dict[str, BoxRead], dict[str, object]]:
    """Return a reading of the legal sheet with one ticked box misread empty, and its form."""
    values = {k: v for k, v in sf.form_values(RUN).items() if v}
    reading = {f.name: BoxRead(f.kind, bool(values.get(f.name)), 1.0) for f in FIELDS}
    reading[misread] = BoxRead(sf.CHECK, False, confidence)
    values.pop(misread)
    form = {f.name: values.get(f.name, f.kind.blank()) for f in FIELDS}
    form[sf.IDENTITY] = sf.identity(MAP, MAP.modes[MODE], MAP.difficulty.rules)
    return reading, form


def test_a_box_the_rules_disagree_with_is_doubted_only_if_the_photo_is_unsure():
    reading, form = _photo("F-B1", 0.9)
    found = doubts(reading, MAP, form, settled=set())
    assert [(d.name, d.marked, d.confidence) for d in found] == [("F-B1", False, 0.9)]
    assert found[0].undoes[0].startswith("F-B2: F-B2 is crossed but F-B1 before it is not")
    # the player's own answer is never doubted
    assert doubts(reading, MAP, form, settled={"F-B1"}) == []
    # read surely: no doubt, and the violation rests on it
    reading, form = _photo("F-B1", SURE)
    assert doubts(reading, MAP, form, settled=set()) == []
    report = judge(form, "the photo")
    assert report is not None and report.broken
    assert "F-B1" in evidence(reading, report, set())


def test_the_page_s_check_asks_the_same_questions():
    reading, form = _photo("F-B1", 0.9)
    values = {k: v for k, v in form.items() if v and k != sf.IDENTITY}
    photo = photo_reading(MAP, MODE, {"reading": {k: [r.marked, r.confidence]
                                                  for k, r in reading.items()},
                                      "settled": []})
    answer = check(MAP, MODE, values, [], photo=photo)
    assert [d["box"] for d in answer["photo"]["doubts"]] == ["F-B1"]
    with pytest.raises(RequestError, match="photo: the reading of 'nope' is"):
        photo_reading(MAP, MODE, {"reading": {"nope": [True, 1]}, "settled": []})


def test_the_page_s_check_asks_one_question_at_a_time_and_keeps_the_others():
    """The page's referee asks as `validate PHOTO` does: the least sure doubt alone (trap-3
    read empty at 85 %, before F-B1 at 90 %), every doubt it raised sent back by the page
    (`doubted`); once trap-3 is answered, F-B1 is asked. A box doubted before and not
    answered is asked again while the run still breaks a rule, though the run as it stands
    raises no doubt of it (here: read surely since, as no photo would, to show the page's
    `doubted` is what asks it); never once the run is legal."""
    reading, form = _photo("F-B1", 0.9)
    reading["trap-3"] = BoxRead(sf.CHECK, False, 0.85)
    form["trap-3"] = False
    values = {k: v for k, v in form.items() if v and k != sf.IDENTITY}

    def sent(settled: list[str], doubted: list[str]) -> dict[str, object]:
        return {"reading": {k: [r.marked, r.confidence] for k, r in reading.items()},
                "settled": settled, "doubted": doubted}

    first = check(MAP, MODE, values, [], photo=photo_reading(MAP, MODE, sent([], [])))
    assert [d["box"] for d in first["photo"]["doubts"]] == ["trap-3"]
    assert first["photo"]["doubted"] == ["trap-3", "F-B1"]
    answered = {**values, "trap-3": True}
    second = check(MAP, MODE, answered, [],
                   photo=photo_reading(MAP, MODE, sent(["trap-3"], ["trap-3", "F-B1"])))
    assert [d["box"] for d in second["photo"]["doubts"]] == ["F-B1"]
    # F-B1 read surely now raises no doubt of its own: only the page's `doubted` asks it
    reading["F-B1"] = BoxRead(sf.CHECK, False, 1.0)
    alone = check(MAP, MODE, answered, [], photo=photo_reading(MAP, MODE, sent(["trap-3"], [])))
    assert alone["photo"]["doubts"] == [] and alone["report"]["legal"] is False
    kept = check(MAP, MODE, answered, [],
                 photo=photo_reading(MAP, MODE, sent(["trap-3"], ["trap-3", "F-B1"])))
    assert [(d["box"], d["read"]) for d in kept["photo"]["doubts"]] == [("F-B1", "empty")]
    legal = check(MAP, MODE, {**answered, "F-B1": True}, [],
                  photo=photo_reading(MAP, MODE, sent(["trap-3", "F-B1"], ["trap-3", "F-B1"])))
    assert legal["report"]["legal"] is True and legal["photo"]["doubts"] == []
    with pytest.raises(RequestError, match="photo: doubted names boxes of this sheet"):
        photo_reading(MAP, MODE, {"reading": {}, "settled": [], "doubted": ["nope"]})


def test_the_page_s_doubts_sent_back_are_the_doubts_validate_photo_keeps():
    """The page sends back only the names of the boxes and values doubted before; rebuilt,
    each is the doubt `doubts` raised: a value the player took as read at confidence 1.0,
    a circle's number not taken at its reading's confidence, a box as it was read; and the
    page asks the least sure first, as `validate PHOTO` does (its old copy gave every
    written value 1.0, and asked F-B1 before the circle)."""
    reading, form = _photo("F-B1", 0.9)   # illegal: F-B2 crossed, F-B1 read empty
    reading["F-B4"] = BoxRead(sf.CIRCLE, True, 0.7)
    form["F-B4"], form["score"] = "11", "41"
    again = doubted_again(["F-B1", "F-B4", "score"], reading, form, taken={"score"})
    assert again == {"F-B1": box_doubt("F-B1", reading["F-B1"], form),
                     "F-B4": Doubt("F-B4", True, 0.7, (), "11"),
                     "score": Doubt("score", True, 1.0, (), "41")}
    photo = PhotoCheck(reading, settled={"score"}, taken={"score"},
                       doubted=["F-B1", "F-B4", "score"])
    asked, doubted = next_question(photo, [], form)
    assert asked == [again["F-B4"]] and doubted == ["F-B1", "F-B4", "score"]


def test_a_value_taken_as_the_photo_read_it_that_a_violation_names_is_asked():
    # every box read surely; the score read 41 where the run scores 14
    reading, form = _photo("F-B1", 1.0)
    reading["F-B1"] = BoxRead(sf.CHECK, True, 1.0)
    form["F-B1"], form["score"] = True, "41"
    score = [line for line in _lines_of(form) if line.startswith("score box")]
    found = doubts(reading, MAP, form, settled={"score"}, taken={"score"})
    assert [(d.name, d.value, d.undoes) for d in found] == [("score", "41", tuple(score))]
    assert found[0].as_dict() == {"box": "score", "read": "value", "value": "41",
                                  "undoes": score}
    # typed by the player: theirs, and judged
    assert doubts(reading, MAP, form, settled={"score"}) == []
    # a box in doubt is asked first; the value only once no box is
    unsure, unsure_form = _photo("F-B1", 0.9)
    unsure_form["score"] = "41"
    assert [d.name for d in doubts(unsure, MAP, unsure_form, set(), taken={"score"})] == \
        ["F-B1"]
    # the page's server asks the same
    values = {k: v for k, v in form.items() if v and k != sf.IDENTITY}
    photo = photo_reading(MAP, MODE, {"reading": {k: [r.marked, 1.0] for k, r in reading.items()},
                                      "settled": ["score"], "taken": ["score"]})
    answer = check(MAP, MODE, values, [], photo=photo)
    assert [(d["box"], d["read"]) for d in answer["photo"]["doubts"]] == [("score", "value")]
    with pytest.raises(RequestError, match="photo: taken names boxes of this sheet"):
        photo_reading(MAP, MODE, {"reading": {}, "settled": [], "taken": ["nope"]})


def _lines_of(form: dict[str, object]) -> list[str]:
    report = judge(form, "the photo")
    assert report is not None
    return [v.line() for v in report.violations]


def test_the_page_s_check_of_a_photo_judges_the_run_once(monkeypatch):
    """The page's check of a photo's sheet gives the verdict, the doubts and the score box as
    the rules decide it from one judgement of the run: the same score, not three."""
    from printkit.games.fox_rabbit import evidence as evidence_module
    from printkit.games.fox_rabbit import narrowing
    from printkit.web import referee

    reading, form = _photo("F-B1", 1.0)
    form["F-B1"] = True
    reading["F-B1"] = BoxRead(sf.CHECK, True, 1.0)
    values = {k: v for k, v in form.items() if v and k != sf.IDENTITY}
    judged = []

    def counted(run):
        judged.append(run)
        return validate_run(run)

    for module in (referee, narrowing, evidence_module):
        monkeypatch.setattr(module, "validate_run", counted)
    photo = photo_reading(MAP, MODE, {"reading": {k: [r.marked, r.confidence]
                                                  for k, r in reading.items()},
                                      "settled": []})
    answer = check(MAP, MODE, values, [], photo=photo)
    assert answer["report"]["legal"] is True and answer["photo"]["doubts"] == []
    assert answer["photo"]["scores"]["score"] == str(answer["report"]["computed"]["score"])
    assert len(judged) == 1


def test_two_boxes_misread_together_are_both_asked():
    """F-B2 and F-B3 read empty, both unsure: the violation ("F-B4 is crossed but F-B2 before
    it is not") is undone by neither alone, but rests on both (either read crossed changes
    it), so both are asked. Never a verdict against the player while a box under it is
    unsure."""
    reading, form = _photo("F-B2", 0.95)
    reading["F-B3"] = BoxRead(sf.CHECK, False, 0.95)
    form["F-B3"] = False
    found = doubts(reading, MAP, form, settled=set())
    assert [d.name for d in found] == ["F-B2", "F-B3"]
    assert found[0].undoes[0].startswith("F-B4: F-B4 is crossed but F-B2 before it is not")
    assert doubts(reading, MAP, {**form, "F-B2": True, "F-B3": True},
                  settled={"F-B2", "F-B3"}) == []
    # read surely, the same two boxes are the photo's evidence, not asked
    reading["F-B2"] = BoxRead(sf.CHECK, False, SURE)
    reading["F-B3"] = BoxRead(sf.CHECK, False, SURE)
    assert doubts(reading, MAP, form, settled=set()) == []


def test_two_traps_misread_empty_are_both_asked():
    """Trap boxes 13 and 14 read empty (a tick across a trap's number, unsure): the traps
    left when the endgame began are 3, not 1, and the score box is wrong by them; neither
    box alone undoes that, but each changes it, so both are asked."""
    reading, form = _photo("trap-13", 0.93)
    reading["trap-14"] = BoxRead(sf.CHECK, False, 0.93)
    form["trap-14"] = False
    report = judge(form, "the photo")
    assert report is not None and report.broken
    assert [d.name for d in doubts(reading, MAP, form, settled=set())] == ["trap-13", "trap-14"]
    answered = {**form, "trap-13": True, "trap-14": True}
    assert doubts(reading, MAP, answered, settled={"trap-13", "trap-14"}) == []
    report = judge(answered, "the photo")
    assert report is not None and not report.broken


def test_a_box_that_makes_the_sheet_unreadable_is_asked_when_the_photo_is_unsure_of_it():
    """A second title read ticked (92 % sure) makes the values no run at all ("2 titles are
    ticked"): the box whose other reading makes them a run is asked, and once the player
    says it is empty, nothing is left to ask and the run is legal."""
    reading, form = _photo("F-B1", 1.0)
    form["F-B1"] = True
    reading["F-B1"] = BoxRead(sf.CHECK, True, 1.0)
    titles = [f.name for f in FIELDS if f.name.startswith("title-")]
    ticked = [t for t in titles if form.get(t)]
    other = next(t for t in titles if t not in ticked)
    reading[other] = BoxRead(sf.CHECK, True, 0.92)
    form[other] = True
    assert judge(form, "the photo") is None
    found = doubts(reading, MAP, form, settled=set())
    assert [(d.name, d.undoes) for d in found] == [(other, (UNREADABLE,))]
    settled = {**form, other: False}
    assert doubts(reading, MAP, settled, settled={other}) == []
    report = judge(settled, "the photo")
    assert report is not None and not report.broken
    # read surely, the two titles are the player's to mend: nothing is asked
    reading[other] = BoxRead(sf.CHECK, True, SURE)
    assert doubts(reading, MAP, form, settled=set()) == []


def test_the_page_asks_about_a_box_that_makes_the_photo_s_values_no_run():
    """The page's check of a photo's values that are no run (a second title read ticked at
    92 %) asks about that box, as `validate PHOTO` does, with no verdict; answered, the run
    is judged. Read surely, the two titles are the player's: the request is refused."""
    reading, form = _photo("F-B1", 1.0)
    form["F-B1"] = True
    reading["F-B1"] = BoxRead(sf.CHECK, True, 1.0)
    titles = [f.name for f in FIELDS if f.name.startswith("title-")]
    other = next(t for t in titles if not form.get(t))
    reading[other] = BoxRead(sf.CHECK, True, 0.92)
    form[other] = True
    values = {k: v for k, v in form.items() if v and k != sf.IDENTITY}

    def sent(settled: list[str]) -> dict[str, object]:
        return {"reading": {k: [r.marked, r.confidence] for k, r in reading.items()},
                "settled": settled}

    answer = check(MAP, MODE, values, [], photo=photo_reading(MAP, MODE, sent([])))
    assert answer["report"] is None and answer["progress"] is None
    assert [(d["box"], d["read"], d["undoes"]) for d in answer["photo"]["doubts"]] == [
        (other, "marked", [UNREADABLE])]
    answered = {k: v for k, v in values.items() if k != other}
    after = check(MAP, MODE, answered, [], photo=photo_reading(MAP, MODE, sent([other])))
    assert after["report"]["legal"] is True
    assert after["photo"]["doubts"] == []
    # the player says the second title is ticked too: the sheet is theirs to mend
    with pytest.raises(RecordError, match="title"):
        check(MAP, MODE, values, [], photo=photo_reading(MAP, MODE, sent([other])))


def test_a_sheet_read_as_a_game_not_over_is_checked_too():
    """A game read as not over is a verdict as well: the sheet's endgame left out and trap 14
    read empty (93 % sure), "13 of 15 traps crossed and no escape attempt made" is said
    otherwise if trap 14 is crossed, so it is asked, as a mistake of play would be."""
    reading, form = _photo("trap-14", 0.93)
    for name in [k for k in form if k.startswith(("round-", "score", "title-", "easy-"))]:
        form[name] = reading[name].kind.blank()
        reading[name] = BoxRead(reading[name].kind, False, 1.0)
    report = judge(form, "the photo")
    assert report is not None and not report.broken and not report.finished
    assert [d.name for d in doubts(reading, MAP, form, settled=set())] == ["trap-14"]


def test_boxes_that_only_together_undo_a_violation_are_asked_together():
    """A super-hard run whose endgame began at the last trap, with traps 10-14 read empty
    (70 % sure): "the endgame may begin ... it was begun with 2 foods eaten" is neither
    undone nor said otherwise by any one trap, only by the five together (the last trap
    reached), so those five are asked, and no other box."""
    run = read_run((ROOT / "examples/fox-and-rabbit/super-hard-lost-sheet-only.yaml")
                   .read_text())
    game_map, mode = run.map, run.map.modes[run.mode]
    fields = sf.fields(game_map, mode)
    values = {k: v for k, v in sf.form_values(run).items() if v}
    reading = {f.name: BoxRead(f.kind, bool(values.get(f.name)), 1.0) for f in fields}
    misread = [sf.trap_field(n) for n in range(10, 15)]
    for name in misread:
        values.pop(name)
        reading[name] = BoxRead(sf.CHECK, False, 0.7)
    reading["F-A1"] = BoxRead(sf.CHECK, reading["F-A1"].marked, 0.95)   # unsure, not at fault
    form = {f.name: values.get(f.name, f.kind.blank()) for f in fields}
    form[sf.IDENTITY] = sf.identity(game_map, mode, game_map.difficulty.rules)
    report = judge(form, "the photo")
    assert report is not None and [v.rule for v in report.broken] != []
    assert [d.name for d in doubts(reading, game_map, form, settled=set())] == misread


def test_a_trail_read_unfinished_under_a_food_the_player_ticked_is_asked_cell_by_cell():
    """The rabbit's blueberry trail (R-B1 to R-B5, its circle R-B4 holding 4) read empty and
    unwritten, all unsure, under the blueberry the player says is ticked: "the rabbit
    finished 1 trail ... but 2 foods are ticked" rests on the cells, not on the player's
    tick, so the cells and the circle are asked together; answered as the sheet has them,
    the run is legal. Read surely, the trail is the photo's evidence and nothing is asked."""
    reading, form = _photo("R-B1", 0.6)
    trail = ["R-B1", "R-B2", "R-B3", "R-B4", "R-B5"]
    for name in trail:
        kind = sf.CIRCLE if name == "R-B4" else sf.CHECK
        reading[name] = BoxRead(kind, False, 0.6)
        form[name] = kind.blank()
    report = judge(form, "the photo")
    assert report is not None and any("foods are ticked" in line for line in
                                      (v.line() for v in report.violations))
    found = doubts(reading, MAP, form, settled={"R-blueberry"})
    assert {d.name for d in found} >= set(trail), [d.name for d in found]
    answered = {**form, "R-B1": True, "R-B2": True, "R-B3": True, "R-B4": "4", "R-B5": True}
    left = doubts(reading, MAP, answered, settled={"R-blueberry", *trail})
    assert left == []
    after = judge(answered, "the photo")
    assert after is not None and after.legal
    for name in trail:
        reading[name] = BoxRead(reading[name].kind, False, SURE)
    assert doubts(reading, MAP, form, settled={"R-blueberry"}) == []


def test_an_attempt_ticked_whose_line_was_read_empty_is_asked():
    """The fox's escape ticked, its line ("R2 Y5 Y3") read empty at 70 %: the values are no
    run ("the attempt is ticked but its dice are not written"), and the line is asked (the
    player types it), never the sheet refused; typed, the run is legal. Read empty surely,
    nothing is asked."""
    reading, form = _photo("F-B1", 1.0)
    form["F-B1"] = True
    reading["F-B1"] = BoxRead(sf.CHECK, True, 1.0)
    reading["round-1-fox"] = BoxRead(sf.ATTEMPT, False, 0.7)
    form["round-1-fox"] = ""
    assert judge(form, "the photo") is None
    found = doubts(reading, MAP, form, settled=set())
    assert [(d.name, d.undoes) for d in found] == [("round-1-fox", (UNREADABLE,))]
    typed = {**form, "round-1-fox": "R2 Y5 Y3"}
    assert doubts(reading, MAP, typed, settled={"round-1-fox"}) == []
    report = judge(typed, "the photo")
    assert report is not None and report.legal
    reading["round-1-fox"] = BoxRead(sf.ATTEMPT, False, SURE)
    assert doubts(reading, MAP, form, settled=set()) == []


def test_a_trail_tried_crossed_with_the_missing_traps_is_put_back_whole():
    """A held-out photo of an illegal run (generator 2's 2960024: three re-roll circles too
    many), after two rounds of answers: traps 6, 8, 10 and 15 still read empty (50 %) make
    "the endgame was begun with 2 foods eaten", which only the four together undo. Read
    crossed with them, the other unsure empty cells finish trails whose foods were never
    eaten, and no one cell can be put back without breaking its trail's order: each trail is
    put back whole, so the four traps are asked, and no cell; answered, only the player's
    own mistake is left."""
    game_map, reading, form, settled = _fixture("g2-2960024-two-rounds.json")
    traps = ["trap-10", "trap-15", "trap-6", "trap-8"]
    assert [d.name for d in doubts(reading, game_map, form, settled)] == traps
    answered = {**form, **dict.fromkeys(traps, True)}
    report = judge(answered, "the photo")
    assert report is not None
    assert [v.line() for v in report.broken] == [
        "aid tracks: 4 re-roll circles crossed, but only 3 were active (super-hard mode plus "
        "rewards); each use crosses an active circle (clarification 8)"]
    assert doubts(reading, game_map, answered, settled | set(traps)) == []


def test_the_least_sure_boxes_are_tried_first_and_a_violation_said_otherwise_last():
    """A held-out photo of a legal super-hard run in ballpoint (generator 2's 2940009), after
    one round of answers: traps 11, 13 and 14 read empty at 0.54-0.56 make "the endgame was
    begun with 2 foods eaten". Tried with every unsure box, the foods read empty say it
    otherwise ("begun with 3 foods") and the traps were put back first; the boxes under 0.6
    are tried first, and a violation undone before one said otherwise, so the three traps
    are asked and, answered, the run is legal."""
    game_map, reading, form, settled = _fixture("g2-2940009-one-round.json")
    found = doubts(reading, game_map, form, settled)
    assert sorted(d.name for d in found) == ["trap-11", "trap-13", "trap-14"]
    answered = {**form, **dict.fromkeys(["trap-11", "trap-13", "trap-14"], True)}
    report = judge(answered, "the photo")
    assert report is not None and report.legal


def _fixture(name: str) -> tuple[GameMap, dict[str, BoxRead], dict[str, str | bool], set[str]]:
    """Return a photo's reading, its values and the boxes the player gave, as a fixture of
    tests/fixtures/referee/ keeps them (from a held-out photo, after some answers)."""
    from printkit.games.fox_rabbit.template import load_map

    state = json.loads((ROOT / "tests/fixtures/referee" / name).read_text(encoding="utf-8"))
    game_map = load_map(state["map"])
    mode = game_map.modes[state["mode"]]
    fields = {f.name: f for f in sf.fields(game_map, mode)}
    reading = {n: BoxRead(fields[n].kind, marked, confidence)
               for n, (marked, confidence) in state["reading"].items()}
    form: dict[str, str | bool] = {n: state["values"].get(n, f.kind.blank())
                                   for n, f in fields.items()}
    form[sf.IDENTITY] = sf.identity(game_map, mode, game_map.difficulty.rules)
    return game_map, reading, form, set(state["settled"])


def test_a_finished_sheet_whose_endgame_the_photo_did_not_see_is_asked_not_called_unfinished():
    """A light pencil the camera barely saw: the endgame's lines and ticks read empty at 50 %
    (the reader found too little of the pen to say more). Read so, the sheet is a game not
    over ("no escape attempt made"), and that rests on the lines where play would go on: the
    first round's escape lines are asked, never the game called unfinished. Read empty surely,
    the game not over is the photo's verdict, and nothing is asked."""
    reading, form = _photo("F-B1", 1.0)
    form["F-B1"] = True
    reading["F-B1"] = BoxRead(sf.CHECK, True, 1.0)
    endgame = {k: v for k, v in form.items() if k.startswith(("round-", "score", "title-",
                                                              "easy-"))}
    for name in endgame:
        form[name] = reading[name].kind.blank()
        sure = 1.0 if not name.startswith("round-") else 0.5
        reading[name] = BoxRead(reading[name].kind, False, sure)
    report = judge(form, "the photo")
    assert report is not None and not report.broken and not report.finished
    found = doubts(reading, MAP, form, settled=set())
    assert [d.name for d in found] == ["round-1-fox", "round-1-rabbit"]
    assert found[0].undoes == (report.violations[0].line(),)
    for name in endgame:
        reading[name] = BoxRead(reading[name].kind, False, SURE)
    assert doubts(reading, MAP, form, settled=set()) == []


def test_boxes_that_each_end_one_reason_the_values_are_no_run_are_all_asked():
    """The fox's escape ticked with its line read empty (70 %), and a second title read ticked
    (80 %): the values are no run for two reasons, and neither box alone makes them one, so
    each box that ends one reason is asked; answered as the sheet has them, the run is legal."""
    reading, form = _photo("F-B1", 1.0)
    form["F-B1"] = True
    reading["F-B1"] = BoxRead(sf.CHECK, True, 1.0)
    reading["round-1-fox"] = BoxRead(sf.ATTEMPT, False, 0.7)
    form["round-1-fox"] = ""
    ticked = next(k for k in form if k.startswith("title-") and form[k])
    other = next(k for k in form if k.startswith("title-") and not form[k])
    reading[other] = BoxRead(sf.CHECK, True, 0.8)
    form[other] = True
    assert judge(form, "the photo") is None
    found = doubts(reading, MAP, form, settled=set())
    assert sorted(d.name for d in found) == sorted(["round-1-fox", other]), ticked
    assert all(d.undoes == (UNREADABLE,) for d in found)
    typed = {**form, "round-1-fox": "R2 Y5 Y3", other: False}
    report = judge(typed, "the photo")
    assert report is not None and report.legal


def test_titles_read_ticked_together_are_all_asked():
    """Three empty titles read ticked (85-90 %) beside the one the player ticked: "4 titles
    are ticked" needs all three read otherwise to be a run, and each one read otherwise says
    it otherwise ("3 titles"), so each is asked; a title read ticked surely is not."""
    reading, form = _photo("F-B1", 1.0)
    form["F-B1"] = True
    reading["F-B1"] = BoxRead(sf.CHECK, True, 1.0)
    others = [k for k in form if k.startswith("title-") and not form[k]]
    for name, sure in zip(others, (0.85, 0.9, 0.88)):
        reading[name] = BoxRead(sf.CHECK, True, sure)
        form[name] = True
    assert judge(form, "the photo") is None
    assert sorted(d.name for d in doubts(reading, MAP, form, settled=set())) == sorted(others)
    reading[others[0]] = BoxRead(sf.CHECK, True, SURE)
    assert sorted(d.name for d in doubts(reading, MAP, form, settled=set())) == \
        sorted(others[1:])


def test_two_trails_the_camera_half_lost_are_asked_trail_by_trail():
    """A held-out photo of a legal hard run in light pencil (generator 2's 2920000), after one
    round of answers: the player says the fox's apple and sweetcorn are ticked, and every
    cell of the fox's trails is read empty at 0.50-0.62, so "the fox finished 0 trails ...
    but 2 foods are ticked". Read ticked all at once, the unsure boxes break more rules than
    any one put back mends; trail by trail, B and C crossed together undo it, so their cells
    and circles are asked, and no other box; answered, the run is legal."""
    game_map, reading, form, settled = _fixture("g2-2920000-one-round.json")
    report = judge(form, "the photo")
    assert report is not None and [v.line() for v in report.broken] == [
        "the fox's foods: the fox finished 0 trails and eats once at the end of each, but 2 "
        "foods are ticked (clarification 6)"]
    found = doubts(reading, game_map, form, settled)
    trails = ["F-B1", "F-B2", "F-B3", "F-B4", "F-B5", "F-C1", "F-C2", "F-C3"]
    assert sorted(d.name for d in found) == trails
    answered = {**form, **dict.fromkeys(trails, True), "F-B4": "10", "F-C3": "10"}
    after = judge(answered, "the photo")
    assert after is not None and after.legal


def test_a_photo_that_tells_nothing_of_most_boxes_is_not_judged():
    """More than BLIND of the boxes read at NO_EVIDENCE (0.5: marked and empty alike) and the
    photo is not judged, whatever the run; at BLIND or fewer, it is."""
    from printkit.errors import PrintkitError
    from printkit.games.fox_rabbit.evidence import BLIND, NO_EVIDENCE, check_seen

    reading, _form = _photo("F-B1", 1.0)
    names = sorted(reading)
    at = int(BLIND * len(names))
    for name in names[:at]:
        reading[name] = BoxRead(reading[name].kind, False, NO_EVIDENCE)
    check_seen(reading, "sheet.jpg")
    reading[names[at]] = BoxRead(reading[names[at]].kind, False, NO_EVIDENCE)
    with pytest.raises(PrintkitError, match=rf"^sheet.jpg shows too little of the pen to judge "
                                            rf"the run \({at + 1} of the sheet's {len(names)} "):
        check_seen(reading, "sheet.jpg")
    # a messaging app's small copy: the camera's own photo is asked for first
    with pytest.raises(PrintkitError, match=r"^sheet.jpg is a small copy of a photo and shows "
                                            r"too little of the pen .*: send the camera's own "
                                            r"photo, or photograph"):
        check_seen(reading, "sheet.jpg", copy=True)


def test_a_food_misread_empty_is_asked_though_the_lines_one_enter_took_would_disagree():
    """The fox's only food, its apple, read empty at 0.82 on a sheet whose fifteen traps are
    crossed and whose score box, rewards and title say two foods: the fox looks unfed, so
    the rules call the endgame's lines empty, and one Enter took them so (`taken`). Read
    ticked, the apple undoes the violation, but makes two: a reward short, and the endgame
    lines empty, which rests only on what Enter took as the photo showed it and weighs
    nothing against the apple: it is asked (a hurried player's legal run, tuning 2250027,
    was judged illegal so). Typed empty by the player, the lines are the player's word, and
    the apple is still asked: "0 foods are ticked" rests on it, read at 0.82 (the violation
    names the foods the finished trail ends at); answered, nothing more is asked."""
    reading, form = _photo("F-apple", 0.82)
    rounds = [n for n in form if n.startswith("round-1-")]
    for name in rounds:
        form[name] = next(f for f in FIELDS if f.name == name).kind.blank()
        reading[name] = BoxRead(reading[name].kind, False, 1.0)
    sheet = {"trap-15": True, "die-Y": False, "easy-3-one": False, "easy-3-both": False,
             "title-3": False, "title-1": True}
    for name, ticked in sheet.items():
        form[name] = ticked
        reading[name] = BoxRead(reading[name].kind, ticked, 1.0)
    form["score"] = "2"
    report = judge(form, "the photo")
    assert report is not None and len(report.violations) == 1
    found = doubts(reading, MAP, form, settled=set(), taken=rounds)
    assert [d.name for d in found] == ["F-apple"]
    assert [d.name for d in doubts(reading, MAP, form, settled=set(rounds))] == ["F-apple"]
    assert doubts(reading, MAP, form, settled={*rounds, "F-apple"}) == []


def test_a_box_doubted_before_is_asked_while_the_run_still_breaks_a_rule():
    """One question at a time: where the run as it stands raises no doubt but still breaks a
    rule, the box doubted before and not answered since is asked (an answer that settled
    one violation may leave another no single box's other reading undoes any more); not
    once the run is legal, nor once the player has answered it."""
    from printkit.games.fox_rabbit.evidence import Doubt
    from printkit.games.fox_rabbit.questions import next_doubt

    _reading, form = _photo("F-B1", 0.9)   # F-B2 crossed, F-B1 read empty: illegal
    earlier = Doubt("F-B1", False, 0.9, ("F-B2: F-B2 is crossed but F-B1 before it is not",))
    pending = {"F-B1": earlier}
    assert next_doubt([], pending, form, settled=set()) == earlier
    assert next_doubt([], pending, form, settled={"F-B1"}) is None
    legal = {**form, "F-B1": True}
    assert next_doubt([], pending, legal, settled=set()) is None
    # doubts the run raises now come first, and are kept for later
    other = Doubt("trap-3", False, 0.95, ("...",))
    pending = {}
    assert next_doubt([other], pending, form, settled=set()) == other
    assert list(pending) == ["trap-3"]


def test_too_few_foods_ticked_names_the_foods_its_finished_trails_end_at():
    """The rabbit finished two trails and only its carrot is ticked: the blueberry its trail
    ends at, read empty surely, is the verdict's evidence (the box the page points at and
    the CLI names), not only the carrot that is ticked; read empty at 0.9, it is asked before
    the player is blamed (tuning 2200010 was judged illegal with its blueberry unasked)."""
    reading, form = _photo("R-blueberry", SURE)
    report = judge(form, "the photo")
    assert report is not None
    foods = next(v for v in report.violations if "food is ticked" in v.line())
    assert "R-blueberry" in foods.fields
    assert evidence(reading, report, set())["R-blueberry"].confidence == SURE
    reading, form = _photo("R-blueberry", 0.9)
    assert "R-blueberry" in [d.name for d in doubts(reading, MAP, form, settled=set())]


def test_a_finished_game_s_score_box_read_empty_unsurely_is_asked_and_checks_the_boxes():
    """The legal sheet's last trap crossed, trap-14, misread empty at 0.86 and its score box
    (14) misread empty at 0.84: no rule is broken as read (no gap among the traps), and the
    boxes give 15 points, a trap more left. The score box is asked before the verdict; the 14
    the player types disagrees with the boxes' 15, and that violation asks trap-14; answered,
    the run is legal at 14. A score box the player says
    is empty, or read surely empty, asks nothing."""
    reading, form = _photo("trap-14", 0.86)
    reading["score"] = BoxRead(sf.SCORE_TOTAL, False, 0.84)
    form["score"] = ""
    report = judge(form, "the photo")
    assert report is not None and report.legal and report.score == 15
    found = doubts(reading, MAP, form, settled=set())
    assert [(d.name, d.marked, d.value) for d in found] == [("score", False, None)]
    assert found[0].undoes[0].startswith("score box: read empty, the game over")
    form["score"] = "14"
    found = doubts(reading, MAP, form, settled={"score"})
    assert [d.name for d in found] == ["trap-14"]
    form["trap-14"] = True
    after = judge(form, "the photo")
    assert after is not None and after.legal and after.score == 14
    assert doubts(reading, MAP, form, settled={"score", "trap-14"}) == []
    # nothing written, as the player says; or the box read surely empty: nothing to ask
    form["score"], form["trap-14"] = "", False
    assert doubts(reading, MAP, form, settled={"score"}) == []
    reading["score"] = BoxRead(sf.SCORE_TOTAL, False, SURE)
    assert doubts(reading, MAP, form, settled=set()) == []


def test_the_page_asks_a_finished_game_s_score_box_read_empty_unsurely_too():
    reading, form = _photo("trap-14", 0.86)
    reading["score"] = BoxRead(sf.SCORE_TOTAL, False, 0.84)
    values = {k: v for k, v in form.items() if v and k not in (sf.IDENTITY, "score")}
    photo = photo_reading(MAP, MODE, {"reading": {k: [r.marked, r.confidence]
                                                  for k, r in reading.items()},
                                      "settled": []})
    answer = check(MAP, MODE, values, [], photo=photo)
    assert [d["box"] for d in answer["photo"]["doubts"]] == ["score"]


def _lines_lost(score: bool, claims: bool = True
                ) -> tuple[dict[str, BoxRead], dict[str, object], set[str]]:
    """Return a reading of the legal finished sheet whose endgame attempts a light pencil
    lost (tuning 2985562): both lines taken as listed, nothing written, and their escaped
    boxes read empty at 0.98; the score box written (or, `score` False, left blank; and,
    `claims` False, no title or achievement ticked either: a game in progress)."""
    lost = ("round-1-fox", "round-1-rabbit", "round-1-fox-escaped", "round-1-rabbit-escaped")
    values = {k: v for k, v in sf.form_values(RUN).items() if v and k not in lost}
    if not score:
        values = {k: v for k, v in values.items() if not k.startswith("score")}
    if not claims:
        values = {k: v for k, v in values.items() if not k.startswith(("title", MODE))}
    reading = {f.name: BoxRead(f.kind, bool(values.get(f.name)), 1.0) for f in FIELDS}
    for name in lost:
        kind = reading[name].kind
        reading[name] = BoxRead(kind, kind is sf.ATTEMPT, 0.993 if kind is sf.ATTEMPT else 0.98)
    form = {f.name: values.get(f.name, f.kind.blank()) for f in FIELDS}
    form[sf.IDENTITY] = sf.identity(MAP, MAP.modes[MODE], MAP.difficulty.rules)
    return reading, form, {"round-1-fox", "round-1-rabbit"}


def test_a_finished_sheet_whose_endgame_lines_were_read_empty_asks_them_before_it_accuses():
    reading, form, taken = _lines_lost(score=True)
    report = judge(form, "the photo")
    assert report is not None and report.broken
    assert any(v.unfinished and "no escape attempt made" in v.line() for v in report.violations)
    found = doubts(reading, MAP, form, settled=set(), taken=taken)
    assert [(d.name, d.value) for d in found] == [("round-1-fox", "-"), ("round-1-rabbit", "-")]
    assert "no escape attempt made" in found[0].undoes[0]
    # given by the player ("nothing written"), a line is never asked again
    assert doubts(reading, MAP, form, settled=set(taken), taken=()) == []
    # the page, after Confirm all, asks the same first question
    values = {k: v for k, v in form.items() if v and k != sf.IDENTITY}
    answer = check(MAP, MODE, values, [], photo=PhotoCheck(reading, set(form), set(taken)))
    assert [(d["box"], d["value"]) for d in answer["photo"]["doubts"]] == [("round-1-fox", "-")]


def test_a_game_in_progress_asks_no_endgame_line():
    # between attempts: in progress, never illegal, and nothing asked
    reading, form, taken = _lines_lost(score=False, claims=False)
    report = judge(form, "the photo")
    assert report is not None and not report.broken and not report.finished
    assert doubts(reading, MAP, form, settled=set(), taken=taken) == []
    # a title claimed but no score written: the lines are not what the sheet says is over
    reading, form, taken = _lines_lost(score=False)
    report = judge(form, "the photo")
    assert report is not None and report.broken
    assert [d.name for d in doubts(reading, MAP, form, settled=set(), taken=taken)
            if d.name.startswith("round-")] == []


def test_a_farmer_s_aid_box_and_the_attempt_lines_it_disagrees_with_are_both_doubted():
    """The farmer's +/-1 box ticked against the rabbit and his attempt against it read
    without its `+1 B2` (a photo's light pencil, held-out g2-light-seen 3030012): the
    violation names the box and the line, and a referee that asks before it accuses asks
    the line taken as the photo read it; the box alone, which the player confirmed, left the
    hurried player's legal run judged illegal."""
    lost = read_run((ROOT / "examples/fox-and-rabbit/easy-lost-sheet-only.yaml").read_text())
    fields = sf.fields(lost.map, lost.map.modes[lost.mode])
    values = {k: v for k, v in sf.form_values(lost).items() if v}
    assert values["farmer-plus-minus-R"] is True
    assert values["round-1-rabbit-trap"] == "R2 B2 Y5; +1 B2"
    form = {f.name: values.get(f.name, f.kind.blank()) for f in fields}
    form[sf.IDENTITY] = sf.identity(lost.map, lost.map.modes[lost.mode],
                                    lost.map.difficulty.rules)
    form["round-1-rabbit-trap"] = "R2 B2 Y5"
    report = judge(form, "the photo")
    assert report is not None
    farmer = next(v for v in report.broken if v.place == "farmer's aids")
    assert set(farmer.fields) == {"farmer-plus-minus-R", "round-1-rabbit-trap"}
    reading = {f.name: BoxRead(f.kind, bool(form.get(f.name)), 1.0) for f in fields}
    found = doubts(reading, lost.map, form, settled={"farmer-plus-minus-R"},
                   taken={"round-1-rabbit-trap"})
    assert [(d.name, d.value) for d in found] == [("round-1-rabbit-trap", "R2 B2 Y5")]
