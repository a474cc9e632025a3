"""Reading a run record: one reader for every source, the sheet's own words, every problem at once.

Each source (YAML, JSON, a filled form) goes through one typed model; these tests hold the
sources to the same run, the model to the words a sheet prints, and the reader to saying
every problem with its line and column.
"""

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from printkit.games.fox_rabbit.record import RecordError, read_record
from printkit.games.fox_rabbit.record_yaml import MAX_PROBLEMS
from printkit.games.fox_rabbit.validate import validate_run

ROOT = Path(__file__).parent.parent.parent
EXAMPLES = sorted((ROOT / "examples/fox-and-rabbit").glob("*.yaml"))
SHEET = (ROOT / "examples/fox-and-rabbit/easy-won.yaml").read_text()
SHEET = SHEET[:SHEET.index("turns:")]


def _problems(text: str) -> list[str]:
    with pytest.raises(RecordError) as err:
        read_record(text)
    return err.value.problems


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_yaml_json_and_block_style_read_the_same_run(path):
    text = path.read_text()
    data = yaml.safe_load(text)
    assert read_record(json.dumps(data, indent=2)) == read_record(text)
    assert read_record(yaml.safe_dump(data, default_flow_style=False)) == read_record(text)


@pytest.mark.parametrize("old, new", [
    ("mode: easy", "mode: Easy"),
    ("fox: [apple]", "Fox: [Apple]"),
    ("rabbit: [carrot, blueberry]", "RABBIT: [CARROT, Blueberry]"),
    ("aids_spent: {plus-minus: 2,", "aids_spent: {+/-1: 2,"),
    ("aids_spent: {plus-minus: 2, flip: 2, re-roll: 2}",
     "aids_spent: {Plus-Minus: 2, FLIP: 2, reroll: 2}"),
    ("rewards: [red die, blue die, yellow die]", "rewards: [Red, +1 blue, yellow die]"),
    ("rewards: [red die, blue die, yellow die]", "rewards: [R, B, Y]"),
    ("crossed: [R-B1, F-B1,", "crossed: [r-b1, f-B1,"),
    ("roll: [R2, Y5, Y3]", "roll: [r2, y5, Y3]"),
    ("roll: [R2, Y5, Y3]", "roll: R2 Y5 Y3"),
    ("roll: [R2, R4, B5, B5], aids: [-1 R2]", "roll: R2 R4 B5 B5; -1 r2"),
    ("animal: fox", "animal: Fox"),
    ("achievements: [easy-3-one, easy-3-both]", "achievements: [Easy-3-One, EASY-3-BOTH]"),
])
def test_the_sheets_words_read_in_any_case(old, new):
    assert old in SHEET
    assert read_record(SHEET.replace(old, new)) == read_record(SHEET)


def test_progress_stands_for_the_first_cells_of_each_trail():
    crossed = read_record(SHEET)
    by_trail = "progress: {F-B: 5, F-A: 1, R-B: 5, R-A: 5}"
    line = next(x for x in SHEET.splitlines() if x.startswith("crossed:"))
    compact = read_record(SHEET.replace(line, by_trail))
    assert set(compact.crossed) == set(crossed.crossed)
    assert validate_run(compact).legal


def test_progress_past_a_trails_end_or_with_crossed_is_refused():
    line = next(x for x in SHEET.splitlines() if x.startswith("crossed:"))
    (problem,) = _problems(SHEET.replace(line, "progress: {F-B: 7}"))
    assert "trail F-B has 5 cells, not 7" in problem and problem.startswith("line 7, column")
    (problem,) = _problems(SHEET.replace(line, line + "\nprogress: {F-B: 5}"))
    assert "as crossed or as progress, not both" in problem


def test_a_title_left_out_is_computed_not_demanded():
    report = validate_run(read_record(SHEET.replace("  title: Twice as clever\n", "")))
    assert report.legal and report.claimed_title is None
    assert report.title == "Twice as clever"
    assert "(not written)" in report.text()


def test_every_problem_is_listed_with_its_line_and_column():
    text = (SHEET.replace("mode: easy", "mode: medium").replace("traps_crossed: 14",
            "traps_crossed: -1").replace("score: 14", "score: many"))
    problems = _problems(text)
    assert problems == [
        "line 6, column 7: mode: expected easy, hard or super-hard (found 'medium')",
        "line 12, column 16: traps_crossed: expected at least 0 (found -1)",
        "line 18, column 10: claimed.score: expected a whole number (found 'many')"]
    with pytest.raises(RecordError) as err:
        read_record(text)
    assert str(err.value).splitlines()[0] == "3 problems:"


def test_problems_past_twenty_are_counted_not_listed():
    cells = ", ".join(f"F-Z{i}" for i in range(1, 26))
    with pytest.raises(RecordError) as err:
        read_record(SHEET.replace("crossed: [", f"crossed: [{cells}, "))
    assert len(err.value.problems) == MAX_PROBLEMS and err.value.more == 5
    assert str(err.value).splitlines()[-1] == "  - and 5 more"
    assert "25 problems:" in str(err.value)


@pytest.mark.parametrize("edit, words", [
    (("mode: easy", "mode: &m easy"), "line 6, column 7: anchors and aliases"),
    (("game: fox-and-rabbit", "game: &g fox-and-rabbit\nx: *g"), "anchors and aliases"),
    (("traps_crossed: 14", "traps_crossed: !!int 14"),
     "line 12, column 16: YAML tags such as !!int"),
    (("mode: easy", "mode: !!str easy"), "YAML tags such as !!str"),
    (("mode: easy", "mode: !mine easy"), "YAML tags such as !mine"),
    (("claimed:\n", "claimed:\n  <<: {score: 1}\n"), "the merge key << is not allowed"),
    (("mode: easy", "mode: easy\nmode: hard"), "line 7, column 1: the key 'mode' appears twice"),
])
def test_anchors_tags_merge_keys_and_twice_written_keys_are_refused(edit, words):
    (problem,) = _problems(SHEET.replace(*edit, 1))
    assert words in problem


def test_an_ampersand_or_asterisk_in_a_comment_or_quote_is_fine():
    text = SHEET.replace("mode: easy", "mode: easy  # fox & rabbit, *all* of it")
    assert read_record(text) == read_record(SHEET)
    assert read_record(SHEET.replace("title: Twice as clever", "title: 'Twice as clever'"))


def test_an_earlier_printkits_food_list_with_a_rewards_key_says_what_to_write_now():
    # the first format's eaten list holds the rewards: a rewards key beside it is neither format
    text = SHEET.replace("eaten: {fox: [apple], rabbit: [carrot, blueberry]}",
                         "eaten:\n  - {animal: fox, food: apple, reward: red die}")
    (problem,) = _problems(text)
    assert problem.startswith("line 11, column 10: rewards: a record whose eaten is a list")
    assert "write eaten as the foods of each animal, {fox: [apple], rabbit: [carrot]}" in problem


# --- whatever the text, the reader answers with a run or with its problems --------------------
_EDITS = st.lists(st.tuples(st.integers(0, len(SHEET)), st.integers(0, 4),
                            st.sampled_from(list("[]{},:-&*!#'\"\n 0123456789RBYFabcz<>|"))),
                  min_size=1, max_size=6)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_EDITS)
@example([(SHEET.index("aids: [-1 R2]") + 7, 4, "-")])  # a number among the aids: [-1]
def test_any_edit_of_a_record_reads_or_says_why(edits):
    text = SHEET
    for at, cut, insert in edits:
        text = text[:at] + insert + text[at + cut:]
    try:
        run = read_record(text)
    except RecordError as err:
        assert err.problems and all(p and "\n" not in p for p in err.problems)
        assert len(err.problems) <= MAX_PROBLEMS
        return
    validate_run(run)  # whatever it reads, the validator judges without raising


# --- bounded: a megabyte of mistakes is read and judged without holding them all -------------
def test_a_mapping_of_many_bad_keys_is_one_problem():
    entries = ", ".join(f"x{i}: 1" for i in range(600))
    (problem,) = _problems(SHEET.replace("written: {", "written: {" + entries + ", "))
    assert problem == "line 8, column 10: written: expected at most 500 entries (found 603)"


def test_a_record_of_more_values_than_any_run_is_refused_unbuilt_naming_where():
    entries = ", ".join(f"x{i}: 1" for i in range(60_000))
    (problem,) = _problems(SHEET.replace("written: {", "written: {" + entries + ", "))
    assert problem.startswith("line 8, column ")
    assert problem.endswith("the record holds more than 20,000 values, far more than any "
                            "run; is it the right file?")


def test_reading_stops_at_the_twentieth_unknown_key_without_building_the_rest(monkeypatch):
    from bench.hostile import unknown_keys_record
    from printkit.games.fox_rabbit import record_yaml

    def never(*args, **kwargs):
        raise AssertionError("the record was built")

    monkeypatch.setattr(record_yaml.yaml, "load", never)
    with pytest.raises(RecordError) as err:
        read_record(unknown_keys_record())
    assert len(err.value.problems) == MAX_PROBLEMS
    from printkit.games.fox_rabbit.record_model import RunRecord

    assert err.value.problems[0] == ("line 4, column 1: unknown key 'k0' (accepted keys: "
                                     f"{', '.join(RunRecord.model_fields)})")
    assert str(err.value).splitlines()[0] == \
        "20 problems (reading stopped there; the rest was not read):"


def test_a_run_with_thousands_of_violations_keeps_a_hundred_and_counts_the_rest():
    from printkit.games.fox_rabbit.validate import MAX_VIOLATIONS

    moves = "; ".join(["F-B1 B1"] * 30)  # each crossing breaks a rule
    record = SHEET + "turns:\n" + "".join(f"  - R1 B1 Y1; {moves}\n" for _ in range(150))
    report = validate_run(read_record(record))
    assert len(report.violations) == MAX_VIOLATIONS and report.more_violations > 1000
    assert report.text().splitlines()[1] == \
        f"illegal run: {MAX_VIOLATIONS + report.more_violations} violations"
    assert f"  - and {report.more_violations} more" in report.text()


def test_a_food_may_be_typed_as_a_spanish_or_french_sheet_prints_it(tmp_path):
    from typer.testing import CliRunner

    from printkit.cli import app

    printed = SHEET.replace("eaten: {fox: [apple], rabbit: [carrot, blueberry]}",
                            "eaten: {fox: [Manzana], rabbit: [carotte, Arándano]}")
    path = tmp_path / "run.yaml"
    path.write_text(printed, encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert read_record(printed) == read_record(SHEET)
    # a word no sheet prints is still unknown, named as it was written
    (problem,) = _problems(printed.replace("Manzana", "Manzanilla"))
    assert "unknown food 'manzanilla'" in problem


def test_problems_the_map_finds_come_with_those_the_model_finds():
    # a die that is not one (the model) and a trail longer than the map's (the map): together
    crossed = SHEET[SHEET.index("crossed:"):SHEET.index("written:")]
    text = (SHEET.replace(crossed, "progress: {F-B: 9, F-A: 1, R-B: 5, R-A: 5}\n")
            .replace("roll: [R2, Y5, Y3]", "roll: [Q3, Y5, Y3]")
            .replace("rabbit: [carrot, blueberry]", "rabbit: [carrot, bogus]"))
    problems = _problems(text)
    assert len(problems) == 3
    assert problems[0].endswith("progress.F-B: trail F-B has 5 cells, not 9")
    assert problems[1].endswith("eaten.rabbit[1]: unknown food 'bogus' (foods: carrot, lettuce, "
                                "blueberry, strawberry, apple, sweetcorn)")
    assert "escape_attempts[0].roll[0]: not a die" in problems[2]
    # in reading order, each with its line
    assert [int(p.split(",")[0].removeprefix("line ")) for p in problems] == sorted(
        int(p.split(",")[0].removeprefix("line ")) for p in problems)


def test_a_refused_map_leaves_nothing_to_check_the_rest_against():
    text = (SHEET.replace("map: classic", "map: Not A Map")
            .replace("roll: [R2, Y5, Y3]", "roll: [Q3]"))
    problems = _problems(text)
    assert len(problems) == 2
    assert "map: not a map name" in problems[0] and "not a die" in problems[1]


def test_a_turn_logs_food_may_be_written_as_a_sheet_prints_it():
    text = (ROOT / "examples/fox-and-rabbit/easy-won.yaml").read_text()
    assert " eats apple, takes red die" in text
    for word in ("Manzana", "pomme", "APPLE"):
        printed = text.replace(" eats apple, takes red die", f" eats {word}, takes red die")
        assert read_record(printed) == read_record(text)
    (problem,) = _problems(text.replace(" eats apple,", " eats Manzanilla,"))
    assert problem.endswith("unknown food 'Manzanilla' (foods: carrot, lettuce, blueberry, "
                            "strawberry, apple, sweetcorn)")


def test_an_aid_may_be_written_as_a_spanish_or_french_sheet_prints_it():
    # the Spanish sheet prints girar and relanzar, the French one retourner and relancer, and
    # a player writes them in the endgame log as the sheet does; the English words still read
    from printkit.games.fox_rabbit.board import AIDS
    from printkit.language import language
    from printkit.products.fox_rabbit.words import aid_name

    text = (ROOT / "examples/fox-and-rabbit/hard-won-sheet-only.yaml").read_text()
    english = "roll: [R2, R6, Y4, Y2], aids: [flip R2]"
    assert english in text
    for written in ("roll: R2 R6 Y4 Y2; girar R2", "roll: R2 R6 Y4 Y2 Retourner R2",
                    "roll: [R2, R6, Y4, Y2], aids: [retourner r2]"):
        assert read_record(text.replace(english, written)) == read_record(text)
    rolled = read_record(text.replace(english, "roll: R2 R6 Y4 Y2; relanzar R2 Y4 -> R5 Y1"))
    assert str(rolled.escapes[0].aids[0]) == "re-roll R2 Y4 -> R5 Y1"
    relance = read_record(text.replace(english, "roll: R2 R6 Y4 Y2 relancer R2 -> R5"))
    assert str(relance.escapes[0].aids[0]) == "re-roll R2 -> R5"
    # whatever the catalogues print for flip and re-roll is read so
    for code in ("es", "fr"):
        for aid in AIDS[1:]:
            word = aid_name(aid, language(code))
            assert word != aid and read_record(text.replace(
                english, f"roll: R2 R6 Y4 Y2; {word} R2 -> R5" if aid == "re-roll" else
                f"roll: R2 R6 Y4 Y2; {word} R2")).escapes[0].aids[0].aid == AIDS.index(aid)
    # and so in a turn line
    log = (ROOT / "examples/fox-and-rabbit/easy-won.yaml").read_text()
    assert "R2 B3 Y3; flip R2;" in log and "R1 B6 Y3; re-roll R1 B6 Y3 -> R5 B1 Y3;" in log
    written = log.replace("R2 B3 Y3; flip R2;", "R2 B3 Y3; girar R2;").replace(
        "R1 B6 Y3; re-roll R1 B6 Y3", "R1 B6 Y3; relancer R1 B6 Y3")
    assert read_record(written) == read_record(log)


def test_a_map_may_be_written_as_a_spanish_or_french_sheet_names_it():
    # the Spanish sheet prints "mapa: clásico", the French "carte : variante 7"
    from printkit.language import language
    from printkit.products.fox_rabbit.words import map_name

    for code in ("es", "fr"):
        for name in ("classic", "variant-7"):
            printed = map_name(name, language(code))
            assert printed != name
            written = SHEET.replace("map: classic", f"map: {printed}")
            assert read_record(written).map.name == name
    assert read_record(SHEET.replace("map: classic", "map: Clásico")) == read_record(SHEET)
