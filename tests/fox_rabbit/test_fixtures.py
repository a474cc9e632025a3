"""Regression records, like perft files: one per legal run and per way to break a rule.

Each file in tests/fixtures/fox_rabbit/ starts with `# expect: legal`, `# expect: illegal:
RULES` (exactly the rules the validator must cite: `clarification 2, the record`) or
`# expect: unreadable`. Each `fail_` fixture is one mistake in a legal run (its second line
says which), and one mistake gets one message, two at most. A fixture named after a rule
names it by the number the rule summary prints and the validator cites: `fail_c7_...`
breaks clarification 7.
"""

import re
from pathlib import Path

import pytest

from printkit.games.fox_rabbit.record import RecordError
from printkit.games.fox_rabbit.validate import validate_text

FIXTURES = sorted((Path(__file__).parent.parent / "fixtures" / "fox_rabbit").glob("*.yaml"))


def expected(text: str) -> str:
    first = text.splitlines()[0]
    assert first.startswith("# expect: "), "a fixture starts with '# expect: ...'"
    return first[len("# expect: "):]


def test_there_are_fixtures_for_every_kind():
    names = [f.stem for f in FIXTURES]
    assert sum(n.startswith("legal") for n in names) >= 4
    assert sum(n.startswith("fail") for n in names) >= 20
    assert sum(n.startswith("bad") for n in names) >= 8


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_fixture_is_named_by_the_clarification_it_breaks(path):
    rules = re.findall(r"_([a-z])(\d+)_", path.stem)
    assert all(letter == "c" for letter, _ in rules), \
        f"{path.name}: a rule is named cN, N the clarification the rule summary prints"
    want = expected(path.read_text())
    if path.stem.startswith("fail_") and want != "illegal: the record":
        assert len(rules) == 1, f"{path.name}: expected fail_cN_... or fail_sheet_cN_..."
        assert f"clarification {rules[0][1]}" in want.removeprefix("illegal: ").split(", ")


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_fixture_verdict(path):
    text = path.read_text()
    want = expected(text)
    if want == "unreadable":
        with pytest.raises(RecordError):
            validate_text(text)
        return
    report = validate_text(text)
    rules = sorted({v.rule for v in report.violations}, key=lambda r: r.number or 99)
    got = "legal" if not rules else "illegal: " + ", ".join(r.citation for r in rules)
    assert got == want, "\n".join(map(str, report.violations))
    for v in report.violations:
        assert v.place and v.text and "Traceback" not in v.text


@pytest.mark.parametrize("path", [f for f in FIXTURES if f.stem.startswith("fail")],
                         ids=lambda p: p.stem)
def test_one_mistake_gets_one_message_two_at_most(path):
    report = validate_text(path.read_text())
    assert 1 <= len(report.violations) <= 2, "\n".join(map(str, report.violations))
