"""The page on a 390x844 phone in a real headless Chromium: fingertip targets, no bar over the
sheet, and most of the screen for the sheet while the player chooses cells."""

from __future__ import annotations

import re

import pytest

from tests.web.page import PHONE, RefereePage

TAP = 44
CELL = re.compile(r"^[FR]-[A-Z][0-9]+$")


@pytest.fixture
def phone(browser_tab, server):
    p = RefereePage(browser_tab, server.url, PHONE)
    yield p
    p.close()


def hit_sizes(p: RefereePage) -> dict[str, tuple[float, float]]:
    """Return each field's tap area on screen, in CSS px (read in one call to the page)."""
    return {name: (w, h) for name, w, h in p.page.evaluate("""() =>
        [...document.querySelectorAll(".sheet .hit")].map((hit) => {
            const r = hit.getBoundingClientRect();
            return [hit.dataset.for, r.width, r.height];
        })""")}


def small_buttons(p: RefereePage) -> list[str]:
    """Return the visible buttons, inputs and selects smaller than a fingertip (visible as
    Playwright's `:visible` says it: a box of some size, not `visibility: hidden`)."""
    return p.page.evaluate("""(tap) =>
        [...document.querySelectorAll("button, input, select")].flatMap((el) => {
            const r = el.getBoundingClientRect();
            const visible = r.width > 0 && r.height > 0 &&
                getComputedStyle(el).visibility !== "hidden";
            if (!visible || (r.width >= tap && r.height >= tap)) return [];
            return [`${el.id || el.innerText}: ${Math.round(r.width)}x${Math.round(r.height)}`];
        })""", TAP)


def test_every_button_is_a_fingertip_and_every_cell_too(phone):
    phone.choose("easy", "play")
    assert small_buttons(phone) == []
    phone.roll("R1 B6 Y5")
    assert small_buttons(phone) == []
    hits = hit_sizes(phone)
    cells = {name: size for name, size in hits.items() if CELL.match(name)}
    assert len(cells) == 32
    assert [(n, s) for n, s in cells.items() if min(s) < TAP - 0.05] == []


def test_zoom_makes_every_box_a_fingertip_and_keeps_the_game(phone):
    phone.choose("easy", "play")
    phone.roll("R1 B6 Y5")
    phone.pick("Y5")
    phone.aid("+1")
    phone.pick("Y6")
    before = sorted(hit_sizes(phone).items())
    assert any(min(size) < TAP for _, size in before)  # a trap box, an aid circle
    phone.page.click("#zoom-play")
    phone.page.wait_for_selector('.sheet svg[style], body[data-zoom]', state="attached")
    phone.page.wait_for_function("() => document.querySelector('.hit[data-for=\"trap-1\"]')"
                                 ".getBoundingClientRect().width >= 44")
    hits = hit_sizes(phone)
    assert len(hits) == len(before)
    assert [(n, s) for n, s in hits.items() if min(s) < TAP - 0.05] == []
    # the turn in progress, the picked die and the marks are all still there
    assert phone.log() == ["R1 B6 Y5; +1 Y5"]
    assert phone.page.locator("#dice .die[aria-pressed=true]").inner_text() == "Y6"
    phone.tap("R-B1")
    phone.settled()
    assert phone.pressed("R-B1")
    assert phone.verdict()["head"] == "Turn 1 in progress: legal so far"


def test_a_tap_beside_a_small_box_ticks_it(phone):
    box = phone.field("F-carrot").bounding_box()
    hit = phone.page.locator('.hit[data-for="F-carrot"]').bounding_box()
    assert box is not None and hit is not None
    assert box["width"] < TAP and hit["width"] >= TAP - 0.05 and hit["height"] >= TAP - 0.05
    # beside the drawn box, inside its tap area: the box is ticked
    x, y = hit["x"] + hit["width"] - 2, hit["y"] + hit["height"] - 2
    assert x > box["x"] + box["width"] and y > box["y"] + box["height"]
    phone.page.mouse.click(x, y)
    phone.settled()
    assert phone.pressed("F-carrot")


def test_the_tap_areas_are_laid_out_again_in_place(phone):
    # a turned phone lays the tap areas out again: the same elements, moved, so that a tap
    # made as it happens (or a test holding one) is not lost on a removed one (CI once saw
    # F-carrot's tap area gone between finding it and measuring it)
    hit = phone.page.locator('.hit[data-for="F-carrot"]').element_handle()
    first = hit.bounding_box()
    phone.page.set_viewport_size({"width": PHONE["height"], "height": PHONE["width"]})
    phone.page.wait_for_timeout(400)   # the page lays its tap areas out 100 ms after a resize
    assert hit.evaluate("(el) => el.isConnected")
    moved, box = hit.bounding_box(), phone.field("F-carrot").bounding_box()
    assert first is not None and moved is not None and box is not None and moved != first
    assert moved["x"] <= box["x"] and moved["x"] + moved["width"] >= box["x"] + box["width"]
    assert len(phone.page.locator('.hit[data-for="F-carrot"]').all()) == 1


def test_the_sheet_gets_most_of_the_screen_while_choosing_cells(phone):
    phone.choose("easy", "play")
    phone.roll("R1 B6 Y5")
    pane = phone.page.locator("#sheet-pane").bounding_box()
    assert pane is not None
    assert pane["height"] >= 0.6 * PHONE["height"]


@pytest.mark.parametrize("tab", ["enter", "play"])
def test_nothing_tappable_lies_under_a_bar(phone, tab):
    phone.choose("easy", tab)
    if tab == "play":
        phone.roll("R1 B6 Y5")
    summary = phone.page.locator("#summary").bounding_box()
    assert summary is not None and summary["y"] + summary["height"] == PHONE["height"]
    scroller = "#sheet-pane" if tab == "play" else "#scroller"
    pane = phone.page.locator(scroller).bounding_box()
    assert pane is not None and pane["y"] + pane["height"] <= summary["y"] + 0.5
    # a box scrolled to the bottom edge of what scrolls: a tap there is the box's
    name = "trap-3"
    phone.field(name).scroll_into_view_if_needed()
    phone.page.locator(scroller).evaluate(
        "(el, name) => { const c = document.querySelector(`[data-field=\"${name}\"]`);"
        "el.scrollTop += c.getBoundingClientRect().bottom - el.getBoundingClientRect().bottom"
        " - 4; }", name)
    cell = phone.field(name).bounding_box()
    edge = pane["y"] + pane["height"]
    assert cell is not None and cell["y"] < edge < cell["y"] + cell["height"]  # cut by the edge
    phone.page.mouse.click(cell["x"] + cell["width"] / 2, edge - 3)
    phone.settled()
    assert phone.pressed(name)  # the box was tapped, not what lies below the edge
    assert phone.page.get_attribute("#summary", "aria-expanded") == "false"
