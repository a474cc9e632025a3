""""Check a photo" in a real headless Chromium: a line the rules say is empty is filled in
as nothing written (`-`), the referee's words beside it, and Confirm all takes it as
nothing written, as the terminal's Enter does."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.scan.test_nothing_written import WHY, _sheet_photo
from tests.web.page import RefereePage
from tests.web.test_photo import upload


@contextmanager
def _read(tab: Any, url: str, photo: Path, js: str) -> Iterator[tuple[RefereePage, dict]]:
    """Open the page, check `photo`, and yield the page with what each question in the photo
    panel shows (`js`: what to take of each `li`), by box."""
    page = RefereePage(tab, url)
    try:
        upload(page, photo)
        page.page.wait_for_selector("#photo-panel:not([hidden])", state="attached")
        page.settled()
        yield page, page.page.evaluate(f"""() => Object.fromEntries(
            [...document.querySelectorAll('#photo-asks li')].map((li) => [li.dataset.box,
              {js}]))""")
    finally:
        page.close()


@pytest.fixture(scope="module")
def specks(tmp_path_factory) -> Path:
    """easy-won's sheet (the fox escaped in round 1) with a pencil's specks on the fox's
    round-2 escape line, where nothing is written."""
    return _sheet_photo(tmp_path_factory.mktemp("nothing") / "specks.jpg", {}, "round-2-fox")


def test_a_line_the_rules_say_is_empty_is_filled_in_as_nothing_written_and_one_tap_takes_it(
        browser_tab, server, specks):
    with _read(browser_tab, server.url, specks,
               "[li.querySelector('input')?.value ?? null, li.querySelector('p').textContent]"
               ) as (page, shown):
        assert shown["round-2-fox"] == [
            "-", f"round-2-fox: nothing written (-), as the rules say: {WHY}"]
        page.page.click("#photo-confirm")
        page.settled()
        assert page.page.is_hidden("#photo-panel")
        # nothing written there: no attempt after the fox's escape for the referee to judge
        assert page.verdict()["head"] == "Legal run: no rule broken"


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Path:
    """The same sheet with `R4 Y2` written on that line, where the rules say none can be."""
    return _sheet_photo(tmp_path_factory.mktemp("nothing") / "written.jpg",
                        {"round-2-fox": "R4 Y2"})


def test_dice_written_where_the_rules_say_none_can_be_are_asked_nothing_written_first(
        browser_tab, server, written):
    with _read(browser_tab, server.url, written,
               "[li.querySelector('input')?.value ?? null, li.dataset.asked ?? null, "
               "li.querySelector('p').textContent, [...li.querySelectorAll('button.candidate')]"
               ".map((b) => b.textContent)]") as (_page, shown):
        value, asked, words, buttons = shown["round-2-fox"]
        assert (value, asked) == ("-", "true")
        assert words.startswith(f"round-2-fox: asked, look at it: nothing written (-, filled "
                                f"in), as the rules say: {WHY}; the photo reads R4 Y2")
        assert buttons[:2] == ["nothing written", "R4 Y2"]
