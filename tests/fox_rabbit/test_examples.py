"""The example runs in examples/fox-and-rabbit/ are legal, and won or lost as their names say."""

from pathlib import Path

import pytest

from printkit.games.fox_rabbit.validate import validate_text

ROOT = Path(__file__).parent.parent.parent
EXAMPLES = sorted((ROOT / "examples" / "fox-and-rabbit").glob("*.yaml"))
GOAL = {"easy": "easy-3-one", "hard": "hard-4-one", "super-hard": "superhard-all-both"}


def test_a_won_and_a_lost_run_in_each_mode_with_and_without_log():
    names = {p.stem for p in EXAMPLES}
    for mode in GOAL:
        for result in ("won", "lost"):
            assert f"{mode}-{result}" in names
            assert f"{mode}-{result}-sheet-only" in names


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_is_legal_with_the_expected_result(path):
    report = validate_text(path.read_text())
    assert report.legal, report.text()
    assert report.replayed == (not path.stem.endswith("sheet-only"))
    won = GOAL[report.mode] in report.achievements
    assert won == ("-won" in path.stem)
    if "-lost" in path.stem:
        assert report.escaped == []
    assert report.score == report.claimed_score
