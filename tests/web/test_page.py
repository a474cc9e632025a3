"""The referee page in a real headless Chromium: what a player taps, and what the page says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from printkit.cli import app
from printkit.web.referee import open_record
from tests.web.page import PHONE, THREE_TURNS, RefereePage, play_three_turns

ROOT = Path(__file__).parent.parent.parent
LEGAL = ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml"
ILLEGAL = ROOT / "tests/fixtures/fox_rabbit/fail_sheet_c4_two_open_trails.yaml"


@pytest.fixture
def page(browser_tab, server):
    p = RefereePage(browser_tab, server.url)
    yield p
    p.close()


def printkit_validate(path: Path) -> dict:
    """Return what `printkit validate --json` says of a record."""
    result = CliRunner().invoke(app, ["validate", str(path), "--json"])
    return json.loads(result.output)


def shown(report: dict) -> dict:
    """Return a report as the page must show it."""
    n = len(report["violations"]) + report["more_violations"]
    claimed = report["claimed"]

    def claim(value):
        return "(not written)" if value is None else str(value)

    return {
        "head": "Legal run: no rule broken" if report["legal"] else
        f"Illegal run: {n} violation{'s' if n != 1 else ''}",
        "violations": [f"{v['place']}: {v['text']} ({v['rule']})" for v in report["violations"]],
        "score": (str(report["computed"]["score"]), claim(claimed["score"])),
        "title": (report["computed"]["title"], claim(claimed["title"])),
        # as the sheet prints them, not by their ids
        "achievements": ("; ".join(report["computed"]["achievements_said"]) or "none",
                         "; ".join(claimed["achievements_said"]) or "none"),
    }


@pytest.mark.parametrize("record", [LEGAL, ILLEGAL], ids=["legal", "illegal"])
def test_a_sheet_entered_by_tapping_gets_the_verdict_of_printkit_validate(page, record):
    sheet = open_record(record.read_bytes())
    page.choose(sheet["mode"])
    page.enter(sheet["values"])
    want = printkit_validate(record)
    assert page.verdict() == shown(want)
    # the boxes each violation names are marked on the map
    assert page.marked() == {f for v in want["violations"] for f in v["fields"]}


def test_the_legal_example_is_legal_and_the_illegal_one_is_not():
    # what the comparison above rests on, said plainly
    assert printkit_validate(LEGAL)["legal"] is True
    assert printkit_validate(ILLEGAL)["legal"] is False


def test_three_turns_played_along_are_logged_and_downloaded(page, tmp_path):
    play_three_turns(page)
    assert page.log() == THREE_TURNS
    assert page.refusal() == ""
    # before the endgame the game is in progress, not an illegal run
    assert page.verdict()["head"] == "In progress: no rule broken so far"
    record = page.download_yaml()
    data = yaml.safe_load(record)
    assert data["turns"] == THREE_TURNS
    # the sheet was marked as the turns went: the cells, the aid circles, a trap a turn
    assert data["progress"] == {"F-B": 1, "R-B": 2}
    assert data["written"] == {}  # R-B2 is a printed purple 8, not a circle
    assert data["aids_spent"] == {"plus-minus": 2, "flip": 1, "re-roll": 0}
    assert data["traps_crossed"] == 3
    # and the downloaded record replays in printkit validate without a turn's violation
    path = tmp_path / "run.yaml"
    path.write_text(record)
    report = printkit_validate(path)
    assert report["replayed_turn_log"] is True
    assert [v for v in report["violations"] if v["place"].startswith("turn ")] == []


def test_an_illegal_mark_is_refused_with_its_reason_before_it_is_made(page):
    page.choose("easy", "play")
    page.roll("R1 B6 Y5")
    page.cross("F-A1", "B6")
    assert page.refusal() == ("Refused: yellow 2 at F-A1 needs one yellow die; B6 was used "
                              "(clarification 2)")
    assert not page.pressed("F-A1")
    assert page.log() == ["R1 B6 Y5"]
    # nothing of it reached the sheet or the log, and the dice are free to pick again
    assert page.page.locator("#dice .die[aria-pressed=true]").count() == 0
    # the turn in progress, its roll alone, is legal so far; the game is not over, no mistake
    verdict = page.verdict()
    assert verdict["violations"] == []
    assert verdict["head"] == "Turn 1 in progress: legal so far"


def test_a_wrong_die_then_the_right_one(page):
    page.choose("easy", "play")
    page.roll("R1 B2 Y5")
    page.cross("R-A1", "R1")
    assert "blue 2 at R-A1 needs one blue die; R1 was used" in page.refusal()
    page.cross("R-A1", "B2")
    assert page.refusal() == ""
    assert page.pressed("R-A1")
    assert page.log() == ["R1 B2 Y5; R-A1 B2"]
    page.page.click("#undo")
    page.settled()
    assert not page.pressed("R-A1")
    assert page.log() == ["R1 B2 Y5"]


def test_a_reload_keeps_the_sheet_the_turns_and_the_verdict(page):
    play_three_turns(page)
    page.choose("easy", "enter")
    page.write("score", "4")
    before = page.verdict()
    page.reload()
    assert page.log() == THREE_TURNS
    assert page.pressed("F-B1") and page.pressed("flip-1") and page.pressed("trap-3")
    assert page.verdict() == before
    assert page.page.get_attribute("#tab-enter", "aria-selected") == "true"


def test_cells_are_buttons_named_by_id_and_colour(page):
    cell = page.page.get_by_role("button", name="F-A1, yellow 2: crossed", exact=True)
    assert cell.count() == 1
    cell.focus()
    page.page.keyboard.press("Enter")
    page.settled()
    assert cell.get_attribute("aria-pressed") == "true"
    circle = page.page.get_by_role("button", name="F-A3, orange circle: the number written: empty")
    assert circle.count() == 1


def test_opening_a_record_shows_it_on_the_map(page):
    with page.page.expect_file_chooser() as chooser:
        page.page.click("#open")
    chooser.value.set_files(str(ROOT / "examples/fox-and-rabbit/hard-won.yaml"))
    page.page.wait_for_selector('svg[aria-label$=" hard mode"]', state="attached")
    page.settled()
    assert page.verdict()["head"] == "Legal run: no rule broken"
    want = open_record((ROOT / "examples/fox-and-rabbit/hard-won.yaml").read_bytes())
    ticked = [n for n, v in want["values"].items() if v is True]
    assert all(page.pressed(n) for n in ticked)
    assert len(page.log()) == len(want["turns"])


def test_an_unreadable_record_says_why(page, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: fox-and-rabbit\nmode: medium\n")
    with page.page.expect_file_chooser() as chooser:
        page.page.click("#open")
    chooser.value.set_files(str(bad))
    page.page.wait_for_selector('#verdict[data-state="unreadable"]', state="attached")
    assert "mode: expected easy, hard or super-hard" in page.page.inner_text("#violations")


def test_the_page_works_on_a_phone_sized_screen(browser_tab, server):
    p = RefereePage(browser_tab, server.url, PHONE)
    try:
        width = p.page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"]  # only the sheet scrolls sideways, not the page
        p.tap("F-B1")
        p.settled()
        assert p.pressed("F-B1")
        assert p.page.is_visible("#summary")
    finally:
        p.close()


def test_the_sheet_downloads_as_a_filled_pdf_that_opens_again(page, tmp_path):
    # the sheet is filled by opening its record (entering one by taps is tested above)
    with page.page.expect_file_chooser() as chooser:
        page.page.click("#open")
    chooser.value.set_files(str(LEGAL))
    page.page.wait_for_selector('[data-field="F-B1"][aria-pressed="true"]', state="attached")
    page.settled()
    legal = printkit_validate(LEGAL)
    assert page.verdict() == shown(legal)
    with page.page.expect_download() as info:
        page.page.click("#save-pdf")
    pdf = tmp_path / info.value.suggested_filename
    info.value.save_as(pdf)
    assert pdf.name == "fox-and-rabbit-easy-letter-filled.pdf"
    assert printkit_validate(pdf) == legal
    page.page.once("dialog", lambda d: d.accept())
    page.page.click("#clear")
    page.settled()
    assert not page.pressed("F-B1")
    with page.page.expect_file_chooser() as chooser:
        page.page.click("#open")
    chooser.value.set_files(str(pdf))
    page.page.wait_for_selector('[data-field="F-B1"][aria-pressed="true"]', state="attached")
    page.settled()
    assert page.verdict() == shown(legal)
