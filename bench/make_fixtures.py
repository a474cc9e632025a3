"""Write tests/fixtures/fox_rabbit/: one record per legal run and per way to break a rule.

Each fixture is a legal example with one change; its first line says the expected verdict
(`# expect: legal`, `# expect: illegal: ruling 4`, `# expect: unreadable: <words>`). The
rules listed are those the validator reports; review a change before freezing it.
Run: python bench/make_fixtures.py
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from printkit.games.fox_rabbit.record import RecordError  # noqa: E402
from printkit.games.fox_rabbit.validate import validate_text  # noqa: E402

EX = Path("examples/fox-and-rabbit")
OUT = Path("tests/fixtures/fox_rabbit")


def body(name: str) -> str:
    return "".join(l for l in (EX / name).read_text().splitlines(True) if not l.startswith("#"))


def sub(text: str, old: str, new: str, count: int = 1) -> str:
    assert old in text, (old, text[:200])
    return text.replace(old, new, count)


def line_sub(text: str, pattern: str, new: str) -> str:
    out, n = re.subn(pattern, new, text, count=1, flags=re.M)
    assert n, pattern
    return out


E = body("easy-won.yaml")
ES = body("easy-won-sheet-only.yaml")
HL = body("hard-lost.yaml")
SL = body("super-hard-lost-sheet-only.yaml")

CASES: dict[str, tuple[str, str]] = {
    # legal runs
    "legal_easy_won_log": ("a won easy run with its turn log", E),
    "legal_easy_won_sheet": ("the same run, sheet only", ES),
    "legal_hard_lost_log": ("a lost hard run with its turn log", HL),
    "legal_superhard_lost_sheet": ("a lost super-hard run, sheet only", SL),
    "legal_title_spacing": ("the title written with other capitals and spaces",
                            sub(E, "title: Twice as clever", "title: twice  AS clever")),
    # rulings, with the turn log
    "fail_r1_roll_extra_die": ("turn 1 rolls a second red die the player does not have",
                               sub(E, "- R2 B5 Y1; flip R2", "- R2 R3 B5 Y1; flip R2")),
    "fail_r3_out_of_order": ("turn 4 no longer crosses F-B2, so turn 5 crosses F-B3 before it",
                             sub(E, "-> R4 B1 Y4; F-B2 R4 Y4", "-> R4 B1 Y4")),
    "fail_r4_wrong_colour": ("turn 1 crosses red 5 with a blue die",
                             sub(E, "F-B1 R5", "F-B1 B5")),
    "fail_r4_circle_sum_wrong": ("turn 12 writes 7 in an orange circle crossed with R2 Y6",
                                 sub(sub(E, "F-C2=8 R2 Y6", "F-C2=7 R2 Y6"), "F-C2: 8", "F-C2: 7")),
    "fail_r5_die_used_twice": ("turn 5 uses Y3 for two cells",
                               sub(E, "F-B3 Y3; R-A4 R6", "F-B3 Y3; R-A4 R6 Y3")),
    "fail_r6_aid_on_missing_die": ("turn 1 flips a die that was not rolled",
                                   sub(E, "R2 B5 Y1; flip R2", "R2 B5 Y1; flip R3")),
    "fail_r6_no_circle_left": ("a fourth flip in easy mode, with 3 circles active",
                               sub(sub(E, "R1 B3 Y1\n", "R1 B3 Y1; flip R1\n"), "flip: 3", "flip: 4")),
    "fail_r8_food_not_offered": ("the fox eats carrot at the orchard",
                                 sub(sub(E, "eats apple", "eats carrot"), "food: apple", "food: carrot")),
    "fail_r10_third_red_die": ("a red die taken when the player has 2",
                               sub(sub(E, "eats strawberry, takes yellow die", "eats strawberry, takes red die"),
                                   "food: strawberry, reward: yellow die", "food: strawberry, reward: red die")),
    "fail_r12_turn_after_last_trap": ("a turn played after the last trap",
                                      body("super-hard-lost.yaml").rstrip("\n") + "\n  - R1 R2 B3 Y4 Y5\n"),
    "fail_r16_escape_over_cap": ("the fox's escape dice total 14, over the cap of 13",
                                 sub(E, "roll: [R5, Y6, Y1]", "roll: [R5, Y6, Y3]")),
    "fail_r17_missing_attempt": ("round 1 has no escape attempt for the rabbit",
                                 line_sub(E, r"^  - \{round: 1, animal: rabbit.*\n", "")),
    "fail_r18_score": ("the claimed score is one too many",
                       sub(sub(E, "score: 15", "score: 16"), "title: Twice as clever", "title: Twice as clever")),
    "fail_r19_title": ("the wrong title for 15 points",
                       sub(E, "title: Twice as clever", "title: Two quick, cunning conspirators!")),
    "fail_r20_achievement": ("an achievement of another mode claimed",
                             sub(E, "achievements: [easy-3-one, easy-3-both]",
                                 "achievements: [easy-3-one, easy-3-both, easy-all-one]")),
    "fail_record_sheet_differs": ("the sheet shows a cell the turn log never crosses",
                                  sub(E, "crossed: [F-B1,", "crossed: [F-A1, F-B1,")),
    # rulings and decisions, sheet only
    "fail_sheet_r3_gap": ("R-A3 crossed with R-A2 not crossed",
                          sub(ES, " R-A2,", "")),
    "fail_sheet_r4_written_too_low": ("7 written after 8 on trail F-C",
                                      sub(ES, "F-C3: 9", "F-C3: 7")),
    "fail_sheet_r4_unmakeable": ("25 written in an orange circle (2 red + 2 yellow make at most 24)",
                                 sub(sub(ES, "crossed: [", "crossed: [F-A1, F-A2, F-A3, "), "written: {", "written: {F-A3: 25, ")),
    "fail_sheet_d1_two_open_trails": ("the rabbit starts trail R-C while R-B is unfinished",
                                      sub(ES, "R-B3]", "R-B3, R-C1]")),
    "fail_sheet_r8_eats_twice": ("the fox eats apple twice",
                                 sub(ES, "{animal: fox, food: strawberry", "{animal: fox, food: apple")),
    "fail_sheet_r7_aids_overspent": ("4 re-roll circles crossed, 3 active",
                                     sub(ES, "re-roll: 2", "re-roll: 4")),
    "fail_sheet_r14_endgame_too_early": ("the endgame begun with 2 foods eaten in easy mode",
                                         line_sub(sub(sub(ES, ", F-C1, F-C2, F-C3", ""), ", F-C2: 8, F-C3: 9", ""),
                                                  r"^  - \{animal: fox, food: strawberry.*\n", "")),
    "fail_r13_wrong_trap_dice": ("the farmer tries the rabbit trap with 2 blue dice",
                                       sub(HL, "animal: rabbit, roll: [R3, B3, Y1]", "animal: rabbit, roll: [R3, B3, B1]")),
    "fail_d9_farmer_lets_off": ("the farmer does not flip Y1 although it would catch the rabbit",
                                sub(HL, "roll: [R3, B3, Y1], aids: [flip Y1], triggered: true",
                                    "roll: [R3, B3, Y1], aids: [], triggered: false")),
    # unreadable records
    "bad_yaml_syntax": ("a bracket never closed", sub(E, "crossed: [F-B1,", "crossed: [F-B1,,{")),
    "bad_unknown_key": ("a key the record does not have", sub(E, "mode: easy", "mode: easy\ncolour: red")),
    "bad_wrong_type": ("traps crossed written as a word", sub(E, "traps_crossed: 13", "traps_crossed: thirteen")),
    "bad_out_of_range_die": ("a seven on a die", sub(E, "roll: [R5, Y6, Y1]", "roll: [R5, Y7, Y1]")),
    "bad_unknown_cell": ("a cell that is not on the map", sub(E, "crossed: [F-B1,", "crossed: [F-Z1, F-B1,")),
    "bad_unknown_food": ("a food that is not on the map", sub(ES, "food: apple", "food: kale")),
    "bad_turn_line": ("a turn line that cannot be read", sub(E, "- R1 B3 Y1\n", "- R1 B3 Y1; G8 G4\n")),
    "bad_alias": ("an alias", sub(E, "mode: easy", "mode: &m easy\nmap2: *m")),
    "bad_duplicate_key": ("the same key twice", sub(E, "mode: easy", "mode: easy\nmode: hard")),
    "bad_not_a_mapping": ("a list instead of a record", "- game\n- fox-and-rabbit\n"),
    "bad_empty": ("an empty file", "# nothing here\n"),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.yaml"):
        old.unlink()
    for name, (what, text) in CASES.items():
        try:
            report = validate_text(text)
            rules = sorted({v.rule for v in report.violations}, key=lambda r: (len(r), r))
            expect = "legal" if not rules else "illegal: " + ", ".join(rules)
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
