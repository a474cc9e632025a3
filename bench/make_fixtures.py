"""Write tests/fixtures/fox_rabbit/: one record per legal run and per way to break a rule.

Each fixture is a legal example with one change; its first line says the expected verdict
(`# expect: legal`, `# expect: illegal: clarification 2`, `# expect: unreadable`). The
rules listed are those the validator reports; review a change before freezing it.
Run: python bench/make_fixtures.py
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from printkit.games.fox_rabbit.record import RecordError
from printkit.games.fox_rabbit.validate import validate_text

EX = Path("examples/fox-and-rabbit")
OUT = Path("tests/fixtures/fox_rabbit")


def body(name: str) -> str:
    lines = (EX / name).read_text().splitlines(True)
    return "".join(line for line in lines if not line.startswith("#"))


def sub(text: str, old: str, new: str, count: int = 1) -> str:
    assert old in text, (old, text[:200])
    return text.replace(old, new, count)


def line_sub(text: str, pattern: str, new: str) -> str:
    out, n = re.subn(pattern, new, text, count=1, flags=re.M)
    assert n, pattern
    return out


E = body("easy-won.yaml")
ES = E[:E.index("turns:")]          # the same run, sheet only (cells listed one by one)
HL = body("hard-lost.yaml")
SL = body("super-hard-lost-sheet-only.yaml")

CASES: dict[str, tuple[str, str]] = {
    # legal runs
    "legal_easy_won_log": ("a won easy run with its turn log", E),
    "legal_easy_won_sheet": ("the same run, sheet only", ES),
    "legal_hard_lost_log": ("a lost hard run with its turn log; the farmer's flip box is used "
                            "once against each animal's trap (clarification 14)", HL),
    "legal_superhard_lost_sheet": ("a lost super-hard run, sheet only", SL),
    "legal_title_spacing": ("the title written with other capitals and spaces",
                            sub(E, "title: Twice as clever", "title: twice  AS clever")),
    "legal_compact_labels": (
        "the sheet's own words in any case, progress instead of crossed, no title",
        sub(sub(sub(sub(sub(ES, "crossed: [R-B1, F-B1, R-B2, F-B2, F-B3, F-B4, F-B5, F-A1, R-B3, "
                                "R-B4, R-B5, R-A1, R-A2, R-A3, R-A4, R-A5]",
                            "progress: {F-B: 5, F-A: 1, R-B: 5, R-A: 5}"),
                    "eaten: {fox: [apple], rabbit: [carrot, blueberry]}",
                    "eaten: {Fox: [Apple], rabbit: [CARROT, Blueberry]}"),
                "aids_spent: {plus-minus: 2,", "aids_spent: {+/-1: 2,"),
            "rewards: [red die, blue die, yellow die]", "rewards: [Red, +1 blue, yellow die]"),
            "  title: Twice as clever\n", "")),
    "legal_c12_circle_and_free_aid": (
        "an escape attempt with two aids: one crosses a circle, one is the free aid "
        "(clarification 12)",
        sub(sub(ES, "roll: [R2, Y5, Y3], aids: []", "roll: [R2, Y5, Y1], aids: [+1 Y1, +1 Y2]"),
            "plus-minus: 2", "plus-minus: 3")),
    # a rule broken (named by its clarification), with the turn log
    "fail_c1_roll_extra_die": ("turn 1 rolls a second red die the player does not have",
                               sub(E, "- R1 B6 Y5; +1 Y5", "- R1 R3 B6 Y5; +1 Y5")),
    "fail_c2_out_of_order": ("turn 4 no longer crosses F-B2, so turn 6 crosses F-B3 before it",
                             sub(E, "-> R5 B1 Y3; F-B2 R5 Y3", "-> R5 B1 Y3")),
    "fail_c2_cells_listed_out_of_order": ("turn 6 crosses F-B3 and F-B4, listing F-B4 first",
                                          sub(E, "F-B3 Y3; F-B4=10 R4 B6",
                                              "F-B4=10 R4 B6; F-B3 Y3")),
    "fail_c2_wrong_colour": ("turn 8 crosses yellow 2 with a red 2",
                             sub(E, "F-A1 Y2; R-B3 B3", "F-A1 R2; R-B3 B3")),
    "fail_c2_circle_sum_wrong": ("turn 6 writes 9 in a purple circle crossed with R4 B6",
                                 sub(sub(E, "F-B4=10 R4 B6", "F-B4=9 R4 B6"), "F-B4: 10",
                                     "F-B4: 9")),
    "fail_c2_die_used_twice": ("turn 14 uses R6 for two cells with one red 6 rolled",
                               sub(E, "- R6 R6 B4 B4 Y1;", "- R5 R6 B4 B4 Y1;")),
    "fail_c8_aid_on_missing_die": ("turn 2 flips a die that was not rolled",
                                   sub(E, "R2 B3 Y3; flip R2", "R2 B3 Y3; flip R3")),
    "fail_c8_no_circle_left": ("a third and a fourth flip in easy mode, with 3 circles active",
                               sub(sub(E, "- R1 R6 B4 Y4\n", "- R1 R6 B4 Y4; flip R1; flip R6\n"),
                                   "flip: 2", "flip: 4")),
    "fail_c6_food_not_offered": ("the fox eats carrot at the orchard",
                                 sub(sub(E, "eats apple", "eats carrot"), "fox: [apple]",
                                     "fox: [carrot]")),
    "fail_c7_third_red_die": ("a red die taken when the player has 2",
                               sub(sub(E, "eats blueberry, takes yellow die",
                                       "eats blueberry, takes red die"),
                                   "rewards: [red die, blue die, yellow die]",
                                   "rewards: [red die, blue die, red die]")),
    "fail_c9_turn_after_last_trap": ("a turn played after the last trap",
                                      body("super-hard-lost.yaml").rstrip("\n")
                                      + "\n  - R1 B2 Y3\n"),
    "fail_c12_escape_over_cap": ("the fox's escape dice total 16, over the cap of 13",
                                 sub(E, "roll: [R2, Y5, Y3]", "roll: [R5, Y5, Y6]")),
    "fail_c13_missing_attempt": ("round 1 has no escape attempt for the rabbit",
                                 line_sub(E, r"^  - \{round: 1, animal: rabbit.*\n", "")),
    "fail_c15_score": ("the claimed score is one too many", sub(E, "score: 14", "score: 15")),
    "fail_c15_title": ("the wrong title for 14 points",
                       sub(E, "title: Twice as clever", "title: Two quick, cunning conspirators!")),
    "fail_c15_achievement": ("an achievement the run did not earn claimed",
                             sub(E, "achievements: [easy-3-one, easy-3-both]",
                                 "achievements: [easy-3-one, easy-3-both, easy-all-one]")),
    "fail_record_sheet_differs": ("the sheet shows a cell the turn log never crosses",
                                  sub(E, "crossed: [R-B1,", "crossed: [F-D1, R-B1,")),
    "fail_c14_farmer_box_twice": ("the farmer's flip box used twice against the fox's trap",
                                  sub(HL, "aids: [re-roll R4 B1 B1 Y1 Y4 -> R6 B2 B5 Y4 Y6], "
                                          "triggered: false", "aids: [flip B1], triggered: false")),
    # a rule broken, sheet only
    "fail_sheet_c2_gap": ("R-A3 crossed with R-A2 not crossed", sub(ES, " R-A2,", "")),
    "fail_sheet_c3_written_too_low": ("3 written after 4 on trail R-A",
                                      sub(ES, "R-A3: 8", "R-A3: 3")),
    "fail_sheet_c3_unmakeable": ("25 written in an orange circle (2 red + 2 yellow make 24)",
                                 sub(sub(ES, " F-A1,", " F-A1, F-A2, F-A3,"), "written: {",
                                     "written: {F-A3: 25, ")),
    "fail_sheet_c4_two_open_trails": ("the fox starts trail F-D while F-A is unfinished",
                                      sub(ES, " F-A1,", " F-A1, F-D1,")),
    "fail_sheet_c6_eats_twice": ("the fox eats apple twice",
                                 sub(ES, "fox: [apple]", "fox: [apple, apple]")),
    "fail_sheet_c8_aids_overspent": ("4 re-roll circles crossed, 3 active",
                                     sub(ES, "re-roll: 2", "re-roll: 4")),
    "fail_sheet_c7_reward_missing": ("3 foods eaten but only 2 rewards ticked",
                                      sub(ES, "rewards: [red die, blue die, yellow die]",
                                          "rewards: [red die, blue die]")),
    "fail_sheet_c12_free_aids_short": (
        "an escape attempt with two aids while no +/-1 circle is left to pay for one",
        sub(sub(ES, "roll: [R2, Y5, Y3], aids: []", "roll: [R2, Y5, Y1], aids: [+1 Y1, +1 Y2]"),
            "plus-minus: 2", "plus-minus: 0")),
    "fail_sheet_c10_endgame_too_early": (
        "the endgame begun with 2 foods eaten in easy mode (the rest of the sheet agrees)",
        sub(sub(sub(sub(sub(sub(ES, ", R-A1, R-A2, R-A3, R-A4, R-A5", ""), ", R-A3: 8", ""),
                        "rabbit: [carrot, blueberry]", "rabbit: [carrot]"),
                    "rewards: [red die, blue die, yellow die]", "rewards: [blue die, yellow die]"),
                "roll: [R2, R4, B5, B5], aids: [-1 R2]", "roll: [R2, B5, B5], aids: []"),
            "  score: 14\n  title: Twice as clever\n  achievements: [easy-3-one, easy-3-both]",
            "  score: 13\n  title: Twice as clever\n  achievements: []")),
    "fail_c14_wrong_trap_dice": ("the farmer tries the rabbit's trap with 2 blue dice",
                                 sub(HL, "animal: rabbit, roll: [R2, B2, Y4]",
                                     "animal: rabbit, roll: [R2, B2, B4]")),
    "fail_c14_farmer_lets_off": ("the farmer does not flip B2 although it would catch the fox",
                                sub(HL, "roll: [R4, B1, B2, Y3, Y5], aids: [flip B2], "
                                        "triggered: true",
                                    "roll: [R4, B1, B2, Y3, Y5], aids: [], triggered: false")),
    # unreadable records
    "bad_yaml_syntax": ("a bracket never closed", sub(E, "crossed: [R-B1,", "crossed: [R-B1,,{")),
    "bad_unknown_key": ("a key the record does not have", sub(E, "mode: easy",
                                                              "mode: easy\ncolour: red")),
    "bad_wrong_type": ("traps crossed written as a word", sub(E, "traps_crossed: 14",
                                                              "traps_crossed: fourteen")),
    "bad_out_of_range_die": ("a seven on a die", sub(E, "roll: [R2, Y5, Y3]",
                                                     "roll: [R2, Y7, Y3]")),
    "bad_unknown_cell": ("a cell that is not on the map", sub(E, "crossed: [R-B1,",
                                                              "crossed: [F-Z1, R-B1,")),
    "bad_unknown_food": ("a food that is not on the map", sub(ES, "fox: [apple]", "fox: [kale]")),
    "bad_turn_line": ("a turn line that cannot be read", sub(E, "- R1 R6 B4 Y4\n",
                                                             "- R1 R6 B4 Y4; G8 G4\n")),
    "bad_alias": ("an alias", sub(E, "mode: easy", "mode: &m easy\nmap2: *m")),
    "bad_tag": ("an explicit tag", sub(E, "traps_crossed: 14", "traps_crossed: !!int 14")),
    "bad_duplicate_key": ("the same key twice", sub(E, "mode: easy", "mode: easy\nmode: hard")),
    "bad_old_eaten_list": ("the food list of an earlier printkit (rewards inside it) beside a "
                           "rewards key: neither format",
                           sub(ES, "eaten: {fox: [apple], rabbit: [carrot, blueberry]}",
                               "eaten:\n  - {animal: fox, food: apple, reward: red die}")),
    "bad_many_problems": ("three problems at once, each listed with its line",
                          sub(sub(sub(E, "mode: easy", "mode: medium"), "traps_crossed: 14",
                                  "traps_crossed: -1"), "score: 14", "score: many")),
    "bad_not_a_mapping": ("a list instead of a record", "- game\n- fox-and-rabbit\n"),
    "bad_empty": ("an empty file", "# nothing here\n"),
}


def verdict(report) -> str:  # type: ignore[no-untyped-def]
    """Return a report's verdict as a fixture states it: `illegal: clarification 2, the record`."""
    rules = sorted({v.rule for v in report.violations}, key=lambda r: (r.number or 99))
    return "legal" if not rules else "illegal: " + ", ".join(r.citation for r in rules)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.yaml"):
        old.unlink()
    for name, (what, text) in CASES.items():
        try:
            report = validate_text(text)
            expect = verdict(report)
            detail = [str(v) for v in report.violations]
        except RecordError as err:
            expect = "unreadable"
            detail = [str(err)]
        (OUT / f"{name}.yaml").write_text(f"# expect: {expect}\n# {what}\n" + text)
        print(f"{name:36} {expect}")
        for d in detail[:6]:
            print(f"{'':38}{d}")


if __name__ == "__main__":
    main()
