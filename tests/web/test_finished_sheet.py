"""Entering a finished sheet in a real headless Chromium: what a record says, readable, in view."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.page import RefereePage
from tests.web.test_page import printkit_validate, shown

ROOT = Path(__file__).parent.parent.parent
LEGAL = ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml"
DESK = {"width": 1280, "height": 900}


@pytest.fixture
def page(browser_tab, server):
    p = RefereePage(browser_tab, server.url, DESK)
    yield p
    p.close()


def open_file(page: RefereePage, path: Path) -> None:
    page.page.set_input_files("#file", str(path))
    page.page.wait_for_selector('[data-field="F-B4"] + .written', state="attached")
    page.settled()


def test_open_record_shows_only_the_claims_the_record_makes(page, tmp_path):
    text = LEGAL.read_text(encoding="utf-8")
    unclaimed = tmp_path / "no-claims.yaml"
    unclaimed.write_text(text[:text.index("claimed:")] + "claimed:\n  achievements: []\n",
                         encoding="utf-8")
    open_file(page, unclaimed)
    verdict = page.verdict()
    want = printkit_validate(unclaimed)
    assert want["claimed"] == {"score": None, "title": None, "achievements": [],
                               "achievements_said": []}
    assert verdict == shown(want)
    assert verdict["title"][1] == "(not written)" and verdict["score"][1] == "(not written)"
    # no title ticked, the score box empty: nothing the record leaves out is filled in
    titles = page.page.locator('[data-field^="title-"][aria-pressed="true"]').count()
    assert titles == 0
    for box in ("score", "score-foods", "score-escaped", "score-traps"):
        assert page.field(box).get_attribute("aria-label").endswith(": empty"), box


def test_open_record_keeps_the_claims_it_makes(page):
    open_file(page, LEGAL)
    assert page.verdict() == shown(printkit_validate(LEGAL))
    assert page.pressed("title-3") or page.page.locator(
        '[data-field^="title-"][aria-pressed="true"]').count() == 1
    assert page.field("score").get_attribute("aria-label").endswith(": 14")


def written_sizes(page: RefereePage) -> dict[str, tuple[str, float]]:
    """Return each written value on the sheet and its rendered font size in CSS px (read in
    one call to the page)."""
    return {box: (" ".join(lines), size) for box, lines, size in page.page.evaluate("""() =>
        [...document.querySelectorAll(".sheet .written")].map((t) => [
            t.previousElementSibling.dataset.field,
            [...t.childNodes].map((n) => n.textContent),
            parseFloat(t.style.fontSize) * t.ownerSVGElement.getScreenCTM().a,
        ])""")}


@pytest.mark.parametrize("width", [1280, 1024])
def test_long_endgame_values_stay_readable(browser_tab, server, width):
    page = RefereePage(browser_tab, server.url, {"width": width, "height": 900})
    open_file(page, LEGAL)
    sizes = written_sizes(page)
    assert sizes["round-1-rabbit"][0] == "R2 R4 B5 B5; -1 R2"
    assert sizes["round-1-rabbit"][1] >= 12
    assert min(size for _, size in sizes.values()) >= 12
    page.close()


def test_the_desktop_verdict_stays_in_view_down_the_sheet(page):
    open_file(page, LEGAL)
    for box in ("trap-15", "round-1-rabbit", "score", "superhard-all-both"):
        if page.field(box).count() == 0:
            continue
        page.field(box).scroll_into_view_if_needed()
        head = page.page.locator("#verdict-head").bounding_box()
        assert head is not None and head["y"] >= 0 and head["y"] + head["height"] <= 900, box
    # and a box tapped at the bottom of the sheet is judged where the player looks
    page.write("score", "15")
    assert page.verdict()["head"] == "Illegal run: 1 violation"
    box = page.page.locator("#verdict-head").bounding_box()
    assert box is not None and 0 <= box["y"] <= 900


def test_entering_a_finished_sheet_mark_by_mark_never_says_illegal(page):
    """A legal sheet entered tap by tap, the score box last as a player fills it: progress at
    every tap, never a verdict, until the score box is filled; then the verdict."""
    from printkit.games.fox_rabbit.reader import read_run
    from printkit.games.fox_rabbit.sheet_fields import fields
    from printkit.web.referee import page_values

    run = read_run(LEGAL.read_text(encoding="utf-8"))
    values = page_values(run)
    order = [f.name for f in fields(run.map, run.map.modes[run.mode]) if f.name in values]
    score_box = [n for n in order if n.startswith(("score", "title-")) or n in
                 {a.id for a in run.map.scoring.achievements}]
    order = [n for n in order if n not in score_box] + sorted(score_box, key=lambda n: n != "score")
    states = []
    for i, name in enumerate(order, 1):
        page.enter({name: values[name]})
        head, state = page.page.evaluate(
            "() => [document.querySelector('#verdict-head').innerText,"
            "       document.querySelector('#verdict').dataset.state]")
        states.append((name, state, head))
        if name == "score":
            break
        assert state == "entering" and head == (
            "Entering the sheet: 1 mark so far" if i == 1 else
            f"Entering the sheet: {i} marks so far"), states[-1]
    assert states[-1][:2] == ("score", "legal")
    for name in order[len(states):]:   # the title and achievements ticked after the score
        page.enter({name: values[name]})
        assert page.verdict()["head"] == "Legal run: no rule broken", name
    assert page.verdict() == shown(printkit_validate(LEGAL))


def test_check_the_sheet_gives_the_verdict_before_the_score_box_is_filled(page):
    page.tap("F-B2")
    page.settled()
    assert page.page.get_attribute("#verdict", "data-state") == "entering"
    assert not page.marked()
    page.check_sheet()
    verdict = page.verdict()
    assert verdict["head"] == "Illegal run: 1 violation"
    assert verdict["violations"][0].startswith("F-B2: F-B2 is crossed but F-B1 before it is not")
    assert page.marked() == {"F-B1"}
    assert page.page.is_hidden("#check-now")
