"""What one tap on Confirm all took as the photo shows it (a value as filled in, a box as it
leans) is the photo's reading, not the player's: where the rules disagree with it, the page
asks it again before any verdict, as `printkit validate PHOTO` does. What the player typed
or tapped on its own is theirs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.web.page import RefereePage
from tests.web.test_photo import _photo_read_as, handwritten  # noqa: F401


def _misread(value: str):  # type: ignore[no-untyped-def]
    """The reader's answer with `value` (a circle) read surely as 1: the trail's order
    breaks where it is not the trail's first number."""
    def change(data: dict[str, Any]) -> None:
        data["suggested"][value] |= {"value": "1", "sure": True,
                                     "candidates": [{"value": "1", "chance": 0.99}]}
    return change


@contextmanager
def _checked(tab: Any, url: str, handwritten: tuple[Path, dict[str, str | bool]],  # noqa: F811
             misread: bool) -> Iterator[tuple[RefereePage, str, dict[str, str]]]:
    """Open the page and check the handwritten sheet's photo, its last circle read surely as
    1 where `misread`; yield the page, the circle and the values written."""
    path, values = handwritten
    written = {n: v for n, v in values.items() if isinstance(v, str)}
    circles = [n for n in written if n[:2] in ("F-", "R-")]
    value = max(circles, key=lambda n: int(written[n]))
    page = RefereePage(tab, url)
    try:
        with _photo_read_as(page, path, _misread(value) if misread else lambda data: None):
            yield page, value, written
    finally:
        page.close()


def _asks(page: RefereePage) -> list[tuple[str, str, str | None]]:
    return page.page.evaluate("""() => [...document.querySelectorAll('#photo-asks li')]
        .map((li) => [li.dataset.box, li.querySelector('p').textContent,
                      li.querySelector('input')?.value ?? null])""")


def test_a_value_taken_as_read_that_breaks_a_rule_is_asked_before_any_verdict(
        browser_tab, server, handwritten):  # noqa: F811
    with _checked(browser_tab, server.url, handwritten, True) as (page, value, written):
        page.page.click("#photo-confirm")
        page.settled()
        # no verdict: the value is asked, empty, beside its crop
        assert _asks(page) == [
            [value, f"{value} was read 1, but the rules disagree: what is written?", ""]]
        assert page.page.get_attribute("#verdict", "data-state") == "photo"
        assert page.page.is_visible(f'#photo-asks li[data-box="{value}"] canvas.crop')
        # nothing for one tap to confirm: the value is typed
        assert page.page.is_hidden("#photo-confirm")
        page.page.fill(f'#photo-asks li[data-box="{value}"] input', written[value])
        page.page.click(f'#photo-asks li[data-box="{value}"] button[type=submit]')
        page.settled()
        assert _asks(page) == [], _asks(page)
        assert page.page.is_hidden("#photo-panel")
        assert page.verdict()["head"] == "Legal run: no rule broken"


def test_a_value_the_player_typed_is_theirs_and_judged(browser_tab, server,
                                                       handwritten):  # noqa: F811
    with _checked(browser_tab, server.url, handwritten, False) as (page, value, _written):
        page.page.fill(f'#photo-asks li[data-box="{value}"] input', "1")
        page.page.click("#photo-confirm")
        page.settled()
        assert page.page.is_hidden("#photo-panel")
        verdict = page.verdict()
        assert verdict["head"].startswith("Illegal run")
        assert any(value in line for line in verdict["violations"]), verdict


def test_a_box_confirm_all_took_as_it_leaned_is_asked_again_where_the_rules_disagree(
        browser_tab, server, handwritten):  # noqa: F811
    """F-B1 (crossed on the sheet) leans empty at 70 %: Confirm all takes the lean, the
    trail's order (F-B2 crossed) disagrees, and F-B1 is asked again on its own; answered,
    the run is legal. Tapped on its own as empty, it is the player's, and judged."""
    def leaning_wrong(data: dict[str, Any]) -> None:
        data["uncertain"] = ["F-B1"]
        data["reading"]["F-B1"] = [False, 0.7]
        data["values"].pop("F-B1", None)
        data["leans"] = {"F-B1": False}

    path, _values = handwritten
    for tap in ("#photo-confirm", '#photo-asks li[data-box="F-B1"] button[data-answer="false"]'):
        page = RefereePage(browser_tab, server.url)
        try:
            with _photo_read_as(page, path, leaning_wrong):
                page.page.click(tap)
                page.settled()
                if tap == "#photo-confirm":
                    assert [a[:2] for a in _asks(page)] == [[
                        "F-B1", "F-B1 was read empty (70.0 % sure), but the rules disagree: "
                        "is it crossed?"]]
                    page.page.click('#photo-asks li[data-box="F-B1"] button[data-answer="true"]')
                    page.settled()
                    assert page.verdict()["head"] == "Legal run: no rule broken"
                else:
                    page.page.click("#photo-confirm")
                    page.settled()
                    verdict = page.verdict()
                    assert verdict["head"].startswith("Illegal run")
                    assert any("F-B1 before it is not" in v for v in verdict["violations"])
        finally:
            page.close()


def test_a_finished_game_s_score_box_read_empty_unsurely_is_asked_for_what_is_written(
        browser_tab, server, handwritten):  # noqa: F811
    """The score box read empty at 83.8 %, the game over and legal as read: before any verdict
    the page asks what is written there (a number, not a tick), beside its crop, as
    `validate PHOTO` does; the score typed is judged."""
    path, values = handwritten

    def unseen(data: dict[str, Any]) -> None:
        data["values"].pop("score", None)
        data["suggested"].pop("score", None)
        data["reading"]["score"] = [False, 0.838]
        data["leans"]["score"] = False

    page = RefereePage(browser_tab, server.url)
    try:
        with _photo_read_as(page, path, unseen):
            page.page.click("#photo-confirm")
            page.settled()
            assert _asks(page) == [
                ["score", "score was read empty (83.8 % sure), but the rules disagree: what is "
                          "written?", ""]]
            assert page.page.get_attribute("#verdict", "data-state") == "photo"
            assert page.page.is_visible('#photo-asks li[data-box="score"] canvas.crop')
            page.page.fill('#photo-asks li[data-box="score"] input', str(values["score"]))
            page.page.click('#photo-asks li[data-box="score"] button[type=submit]')
            page.settled()
            assert _asks(page) == []
            assert page.verdict()["head"] == "Legal run: no rule broken"
    finally:
        page.close()
