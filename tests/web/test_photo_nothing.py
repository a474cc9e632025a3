""""Check a photo" in a real headless Chromium: a line the rules say is empty is filled in
as nothing written (`-`), the referee's words beside it, and Confirm all takes it as
nothing written, as the terminal's Enter does."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scan.test_nothing_written import WHY, _sheet_photo
from tests.web.page import RefereePage
from tests.web.test_photo import upload


@pytest.fixture(scope="module")
def specks(tmp_path_factory) -> Path:
    """easy-won's sheet (the fox escaped in round 1) with a pencil's specks on the fox's
    round-2 escape line, where nothing is written."""
    return _sheet_photo(tmp_path_factory.mktemp("nothing") / "specks.jpg", {}, "round-2-fox")


def test_a_line_the_rules_say_is_empty_is_filled_in_as_nothing_written_and_one_tap_takes_it(
        browser_tab, server, specks):
    page = RefereePage(browser_tab, server.url)
    try:
        upload(page, specks)
        page.page.wait_for_selector("#photo-panel:not([hidden])", state="attached")
        page.settled()
        shown = page.page.evaluate("""() => Object.fromEntries(
            [...document.querySelectorAll('#photo-asks li')].map((li) => [li.dataset.box,
              [li.querySelector('input')?.value ?? null, li.querySelector('p').textContent]]))""")
        assert shown["round-2-fox"] == [
            "-", f"round-2-fox: nothing written (-), as the rules say: {WHY}"]
        page.page.click("#photo-confirm")
        page.settled()
        assert page.page.is_hidden("#photo-panel")
        # nothing written there: no attempt after the fox's escape for the referee to judge
        assert page.verdict()["head"] == "Legal run: no rule broken"
    finally:
        page.close()


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Path:
    """The same sheet with `R4 Y2` written on that line, where the rules say none can be."""
    return _sheet_photo(tmp_path_factory.mktemp("nothing") / "written.jpg",
                        {"round-2-fox": "R4 Y2"})


def test_dice_written_where_the_rules_say_none_can_be_are_asked_nothing_written_first(
        browser_tab, server, written):
    page = RefereePage(browser_tab, server.url)
    try:
        upload(page, written)
        page.page.wait_for_selector("#photo-panel:not([hidden])", state="attached")
        page.settled()
        shown = page.page.evaluate("""() => Object.fromEntries(
            [...document.querySelectorAll('#photo-asks li')].map((li) => [li.dataset.box,
              [li.querySelector('input')?.value ?? null, li.dataset.asked ?? null,
               li.querySelector('p').textContent,
               [...li.querySelectorAll('button.candidate')].map((b) => b.textContent)]]))""")
        value, asked, words, buttons = shown["round-2-fox"]
        assert (value, asked) == ("-", "true")
        assert words.startswith(f"round-2-fox: asked, look at it: nothing written (-, filled "
                                f"in), as the rules say: {WHY}; the photo reads R4 Y2")
        assert buttons[:2] == ["nothing written", "R4 Y2"]
    finally:
        page.close()
