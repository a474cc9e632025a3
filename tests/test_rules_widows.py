"""No word left alone on the last line of a rule summary's paragraph."""

from __future__ import annotations

from collections import defaultdict

import pytest

from printkit.draw.paper import A4, LETTER
from printkit.draw.recording import Call, RecordingCanvas
from printkit.draw.richtext import Run, wrap
from printkit.games.catalog import GAMES
from printkit.products.rules.summary import plan, rule_summary, template_file
from printkit.reading import read_text
from tests.rules_support import GAME_IDS


def _lines(calls: list[Call]) -> dict[tuple[float, float], str]:
    """Return the body's lines: text runs on one baseline in one column, joined, by (x, y)."""
    by_line: dict[tuple[int, float], list[Call]] = defaultdict(list)
    for c in calls:
        if c.kind == "text":
            by_line[(0 if c.x < 306 else 1, round(c.y + c.h, 1))].append(c)
    lines = {}
    for runs in by_line.values():
        runs.sort(key=lambda c: c.x)
        # runs of one line touch: a gap means another column or a table cell
        group = [runs[0]]
        for c in runs[1:]:
            if c.x - group[-1].right > 1.5:
                lines[(group[0].x, round(group[0].y + group[0].h, 1))] = "".join(
                    g.text for g in group)
                group = []
            group.append(c)
        lines[(group[0].x, round(group[0].y + group[0].h, 1))] = "".join(g.text for g in group)
    return lines


@pytest.mark.parametrize("paper", [LETTER, A4], ids=["letter", "a4"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_paragraphs_last_line_keeps_at_least_two_words(game_id, paper):
    game = GAMES[game_id]
    plans = plan(game, paper)
    for page, page_plan in zip(rule_summary(game, paper).pages, plans):
        leading = round(page_plan.size * 1.3, 1)
        canvas = RecordingCanvas(page.width, page.height)
        page.draw(canvas)
        lines = _lines(canvas.calls)
        for (x, y), text in lines.items():
            above = lines.get((x, round(y - leading, 1)))
            below = lines.get((x, round(y + leading, 1)))
            if above is None:  # rounding: one tenth either way
                above = lines.get((x, round(y - leading - 0.1, 1))) or lines.get(
                    (x, round(y - leading + 0.1, 1)))
            if above is not None and below is None and len(above.split()) > 2:
                assert len(text.split()) >= 2, (game_id, text, above)


def test_a_stray_word_is_given_company_from_the_line_above():
    runs = [Run("Everyone chooses one of their own hidden dice and covers it.")]
    for width in range(120, 300, 7):
        lines = wrap(runs, 10, width)
        if len(lines) > 1:
            assert len("".join(r.text for r in lines[-1]).split()) >= 2, width
    # one word too wide to share a line keeps its own, rather than overflowing
    lonely = wrap([Run("aaaaaaaaaa bbbbbbbbbb cccccccccccccccccccc")], 10, 110)
    assert "".join(r.text for r in lonely[-1]) == "cccccccccccccccccccc"


def test_the_go_nuts_summary_has_no_doubled_stop():
    text = read_text(template_file(GAMES["go-nuts"]), "the rule summary")
    assert "Go Nuts!." not in text and "!." not in text
