"""A field's kind is declared once, on the sheet's field model, and every face asks it: the
form draws it, the page's referee takes its value, the photo reader reads its ink and says
which values the player types. None tests a field's name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.template import load_map
from printkit.web.referee import RequestError, form, sheet_values

ROOT = Path(__file__).parent.parent.parent
MAP = load_map("classic")
FIELDS = {f.name: f for f in sf.fields(MAP, MAP.modes["easy"])}


def test_every_box_has_the_kind_of_what_is_marked_in_it():
    assert FIELDS["F-A1"].kind is sf.CHECK                # a printed cell: crossed
    assert FIELDS["F-A3"].kind is sf.CIRCLE               # a circle: a number written
    assert FIELDS["score"].kind is sf.SCORE_TOTAL
    assert FIELDS["score-foods"].kind is sf.SCORE_PART
    assert FIELDS["round-1-fox"].kind is sf.ATTEMPT
    assert FIELDS["round-1-fox-escaped"].kind is sf.CHECK
    assert FIELDS["date"].kind is sf.NOTE
    assert {f.kind for f in FIELDS.values()} <= set(sf.KINDS.values())


def test_a_kind_says_the_blank_value_and_which_values_it_holds():
    assert (sf.CHECK.blank(), sf.CIRCLE.blank()) == (False, "")
    assert sf.CHECK.value(True) is True and sf.CHECK.value("x") is None
    assert sf.CIRCLE.value(" 12 ") == "12" and sf.CIRCLE.value("1234567") is None
    assert sf.ATTEMPT.value("R2 Y5 Y3; -1 R2") == "R2 Y5 Y3; -1 R2"
    assert sf.ATTEMPT.value("x" * (sf.MAX_TEXT + 1)) is None
    # the values a player types after a photo: what the referee judges
    typed = {k.name for k in sf.KINDS.values() if k.typed}
    assert typed == {"circle", "score-total", "attempt"}
    assert {k.ink for k in sf.KINDS.values()} == {"tick", "writing"}


def test_the_page_is_told_each_box_s_kind_and_its_values_are_checked_by_it():
    page_fields = {f["name"]: f for f in form(MAP, "easy")["fields"]}
    assert page_fields["F-A3"] | {"label": ""} == {
        "name": "F-A3", "kind": "circle", "written": True, "digits": True, "label": ""}
    assert page_fields["F-A1"]["written"] is False
    assert sheet_values(MAP, "easy", {"F-A1": True, "F-A3": " 9 ", "F-A2": False}) == {
        "F-A1": True, "F-A3": "9"}
    with pytest.raises(RequestError, match="F-A3: expected a text of at most 6 characters"):
        sheet_values(MAP, "easy", {"F-A3": "1234567"})
    with pytest.raises(RequestError, match="F-A1: expected true or false"):
        sheet_values(MAP, "easy", {"F-A1": "x"})


def test_no_face_tells_a_box_s_kind_by_its_name():
    """The photo reader, its values and the page's referee dispatch on the kind, not on a
    name's prefix (`round-`, `score`)."""
    pattern = re.compile(r"""(startswith\(\s*["'](round-|score)|==\s*["']score["'])""")
    offenders = [f"{path.relative_to(ROOT)}:{no}"
                 for folder in ("printkit/scan", "printkit/web")
                 for path in sorted((ROOT / folder).rglob("*.py"))
                 for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if pattern.search(line)]
    assert offenders == []
