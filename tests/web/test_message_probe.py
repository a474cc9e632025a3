"""Every kind of value a message echoes, sent long and hostile, in each language, to the
command line, to `printkit validate --json` and to the page's API: what comes back is one
line (a record's list of problems: a line each), at most 300 characters, with no control,
bidi or invisible character left raw (`tests/probes.py` says how each is sent)."""

from __future__ import annotations

import pytest

from tests import probes


@pytest.mark.parametrize("lang", probes.LANGUAGES)
@pytest.mark.parametrize("value", sorted(probes.VALUES))
@pytest.mark.parametrize("kind", probes.KINDS, ids=[k.name for k in probes.KINDS])
def test_a_long_or_hostile_value_is_shown_safe_and_short(kind, value, lang, server, tmp_path,
                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)  # the person's files are named as they are in their folder
    answers = probes.probe(kind, value, lang, tmp_path, server.url)
    for surface, answer in answers.items():
        if answer is None:
            continue
        assert answer.messages, surface
        assert not answer.problems, (surface, answer.problems, answer.messages[:3])


def test_the_probe_sees_an_overlong_or_broken_message():
    assert probes.problems_in("printkit: error: " + "a" * 300) == ["a line of 317 characters"]
    assert probes.problems_in("printkit: error: a\nb") == ["2 lines"]
    assert probes.problems_in("a \u202eb") == ["raw U+202E"]
    assert probes.problems_in("printkit: error: 2 problems:\n  - a\n  - b") == []
