"""A value written on a photo whose reading rests on a box read short of sure: the page asks
the box with the boxes to confirm, saying why as `printkit validate PHOTO` does, and reads
the values again against the answer (POST /api/scan/values) before any verdict."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import call
from tests.web.page import RefereePage
from tests.web.test_language import spanish  # noqa: F401
from tests.web.test_photo import _photo_read_as, handwritten, photo  # noqa: F401

#: the box the test has the camera read short of sure: crossed on the sheet, read empty
BOX = "F-B1"


def _rests_on_the_box(value: str, written: dict[str, str],  # type: ignore[no-untyped-def]
                      lang: str = "en"):
    """The reader's answer changed as narrow_unsure makes it: BOX read empty at 93.8 %
    (under the sure bound, not uncertain), and `value`'s reading, which needs BOX crossed,
    kept and asked, naming the box it rests on, and why, as the server says it in `lang`."""
    from printkit.language import language
    from printkit.scan.suggest import rest_said

    other = str(int(written[value]) + 6)
    why = rest_said(False, False, value, written[value], 0.938, language(lang))

    def change(data: dict[str, Any]) -> None:
        data["values"].pop(BOX, None)
        data["reading"][BOX] = [False, 0.938]
        data["leans"][BOX] = False
        data["rested"] = {BOX: {"field": value, "reads": written[value],
                                "needs_crossed": True, "why": why}}
        data["suggested"][value] |= {"sure": False, "rests_on_boxes": [BOX], "candidates": [
            {"value": written[value], "chance": 0.7}, {"value": other, "chance": 0.3}]}
    return change


@contextmanager
def _resting(tab: Any, url: str, handwritten: tuple[Path, dict[str, str | bool]],  # noqa: F811
             lang: str = "en") -> Iterator[tuple[RefereePage, str, dict[str, str]]]:
    """Open the page and check the handwritten sheet's photo with its first circle's reading
    resting on BOX (`_rests_on_the_box`); yield the page, the circle and the values written."""
    path, values = handwritten
    written = {n: v for n, v in values.items() if isinstance(v, str)}
    value = next(n for n in written if n[:2] in ("F-", "R-"))
    page = RefereePage(tab, url)
    try:
        with _photo_read_as(page, path, _rests_on_the_box(value, written, lang)):
            yield page, value, written
    finally:
        page.close()


def _asks(page: RefereePage) -> dict[str, Any]:
    return page.page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('#photo-asks li')].map((li) => [li.dataset.box, {
          crop: li.querySelector('canvas.crop')?.width ?? 0,
          said: li.querySelector('p').textContent,
          pressed: [...li.querySelectorAll('button[aria-pressed=true]')]
            .map((b) => b.dataset.answer),
          asked: li.dataset.asked ?? null,
          value: li.querySelector('input')?.value ?? null}]))""")


def test_a_box_a_value_rests_on_is_asked_with_why_and_the_values_read_again(
        browser_tab, server, handwritten):  # noqa: F811
    """BOX, crossed on the sheet, read empty at 93.8 %: a circle's reading needs it crossed.
    The page lists BOX with the boxes to confirm, beside its crop, its lean pressed and why
    it is asked in the terminal's words; the circle waits for it (Confirm all does not take
    it). The player turns BOX: the server reads the values again, the circle is read surely,
    and the verdict comes only once it is confirmed."""
    with _resting(browser_tab, server.url, handwritten) as (page, value, written):
        reads: list[dict[str, Any]] = []
        page.page.on("request", lambda r: reads.append(json.loads(r.post_data or "{}"))
                     if r.url.endswith("/api/scan/values") else None)
        asks = _asks(page)
        assert next(iter(asks)) == BOX
        assert asks[BOX]["said"] == (
            f"{BOX}: is it crossed? Looks empty (93.8 % sure), but {value} reads "
            f"{written[value]}, which needs it crossed")
        assert asks[BOX]["crop"] > 40 and asks[BOX]["pressed"] == ["false"]
        assert asks[value]["asked"] == "true"
        assert page.page.get_attribute("#verdict", "data-state") == "photo"
        assert f"Boxes to confirm (orange): {BOX}" in page.page.inner_text("#photo-note")
        # the circle waits for its box: Confirm all counts the box and the other values
        assert page.page.inner_text("#photo-confirm") == \
            f"Confirm all {len(written)} boxes and values as read"
        page.page.click(f'#photo-asks li[data-box="{BOX}"] button[data-answer="true"]')
        page.settled()
        assert reads and reads[-1]["given"] == {BOX: "x"}
        asks = _asks(page)
        assert BOX not in asks
        # read again against the answer: the circle is read surely now, still to confirm
        assert asks[value]["said"] == f"{value}: read {written[value]}"
        assert asks[value]["asked"] is None and asks[value]["value"] == written[value]
        assert page.page.get_attribute("#verdict", "data-state") == "photo"
        page.page.click("#photo-confirm")
        page.settled()
        assert page.page.is_hidden("#photo-panel")
        assert page.verdict()["head"] == "Legal run: no rule broken"
        assert page.pressed(BOX)


def test_confirm_all_takes_the_box_as_it_leans_then_the_value_is_read_again(
        browser_tab, server, handwritten):  # noqa: F811
    """One tap takes BOX as it looks (empty): the values are read again against it, and the
    circle that rested on it stays to confirm, with no verdict before; BOX, taken as the
    photo leans and not answered on its own, is asked again, the trail's order (F-B2
    crossed) disagreeing with it."""
    with _resting(browser_tab, server.url, handwritten) as (page, value, _written):
        page.page.click("#photo-confirm")
        page.settled()
        left = [li.get_attribute("data-box")
                for li in page.page.locator("#photo-asks li").all()]
        assert left == [value, BOX]
        assert _asks(page)[BOX]["said"] == (
            f"{BOX} was read empty (93.8 % sure), but the rules disagree: is it crossed?")
        assert page.page.get_attribute("#verdict", "data-state") == "photo"


def test_the_box_tapped_on_the_sheet_itself_reads_the_values_again(
        browser_tab, server, handwritten):  # noqa: F811
    """BOX answered where it is drawn rather than in the list: the values are read again as
    well, and the circle that rested on it is read surely."""
    with _resting(browser_tab, server.url, handwritten) as (page, value, written):
        page.tap(BOX)
        page.settled()
        asks = _asks(page)
        assert BOX not in asks
        assert asks[value]["said"] == f"{value}: read {written[value]}"
        assert page.page.get_attribute("#verdict", "data-state") == "photo"


def test_the_spanish_page_says_why_in_spanish(browser, spanish, handwritten):  # noqa: F811
    """The reason is the page's catalogue's, in the player's language."""
    with _resting(browser, spanish.url, handwritten, "es") as (page, value, written):
        assert _asks(page)[BOX]["said"] == (
            f"{BOX}: ¿está tachada? Parece vacía (con un 93,8\u00a0% de seguridad), pero en "
            f"{value} se lee {written[value]}, que pide que esté tachada")


def _names_broken(page: RefereePage) -> dict[str, int]:
    """Return each field's name in the photo panel's questions that the page shows over more
    than one line, with the lines it takes (measured on the text itself, whatever elements
    hold it)."""
    return page.page.evaluate("""() => {
      const broken = {};
      for (const p of document.querySelectorAll('#photo-asks li p')) {
        const walk = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        const nodes = [];
        for (let n = walk.nextNode(); n; n = walk.nextNode()) nodes.push(n);
        const text = nodes.map((n) => n.nodeValue).join('');
        for (const m of text.matchAll(/[A-Za-z]+(?:-[A-Za-z0-9]+)+/g)) {
          const at = (i) => {
            let rest = i;
            for (const n of nodes) {
              if (rest <= n.nodeValue.length) return [n, rest];
              rest -= n.nodeValue.length;
            }
          };
          const range = document.createRange();
          range.setStart(...at(m.index));
          range.setEnd(...at(m.index + m[0].length));
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)));
          if (tops.size > 1) broken[m[0]] = tops.size;
        }
      }
      return broken;
    }""")


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)])
def test_the_box_and_why_fit_a_desktop_and_a_phone(browser_tab, server, handwritten,  # noqa: F811
                                                   size, tmp_path):
    """The question and its reason wrap inside the panel on a phone as on a desktop: nothing
    sticks out of the page's width, and no field's name is broken over two lines (a phone
    broke `F-B4` at its hyphen: `F-` at a line's end, `B4` at the next one's start; the
    screenshots are kept in the test's folder)."""
    with _resting(browser_tab, server.url, handwritten) as (page, _value, _written):
        # the page's menu hides "Check a photo" on a phone: the photo is read first
        page.page.set_viewport_size({"width": size[0], "height": size[1]})
        li = page.page.locator(f'#photo-asks li[data-box="{BOX}"]')
        li.scroll_into_view_if_needed()
        page.page.screenshot(path=str(tmp_path / f"rested-{size[0]}.png"))
        wide = page.page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= size[0]
        box = li.locator("p").bounding_box()
        assert box is not None and box["x"] + box["width"] <= size[0]
        assert page.page.locator("#photo-asks li p").count() > 5
        assert _names_broken(page) == {}


def test_api_scan_values_reads_the_values_again_against_the_answers(server, photo):  # noqa: F811
    """/api/scan names the photo it keeps and the boxes a reading rests on (none on a clean
    photo); /api/scan/values reads the values again against the player's answers, each given
    value taken and not suggested; a photo no longer kept is 410, a bad body 400."""
    path, _values = photo
    answer = call(f"{server.url}api/scan", path.read_bytes(), {"Content-Type": "image/jpeg"})
    assert answer.status == 200, answer.body
    scanned = answer.json()
    assert scanned["rested"] == {} and isinstance(scanned["photo"], str)
    first = next(iter(scanned["suggested"]))
    again = call(f"{server.url}api/scan/values", json.dumps(
        {"photo": scanned["photo"], "given": {BOX: "x", first: "9"}}).encode(),
        {"Content-Type": "application/json"})
    assert again.status == 200, again.body
    data = again.json()
    assert set(data) == {"suggested", "rested", "leans"}
    assert set(data["suggested"]) == set(scanned["suggested"]) - {first}
    gone = call(f"{server.url}api/scan/values", json.dumps({"photo": "nope", "given": {}})
                .encode(), {"Content-Type": "application/json"})
    assert gone.status == 410
    assert gone.json()["error"] == "the photo is no longer on the server: check it again"
    bad = call(f"{server.url}api/scan/values", json.dumps(
        {"photo": scanned["photo"], "given": {"no-such-box": "x"}}).encode(),
        {"Content-Type": "application/json"})
    assert bad.status == 400
    not_json = call(f"{server.url}api/scan/values", b"photo=1",
                    {"Content-Type": "application/json"})
    assert not_json.status == 400
    assert not_json.json()["error"] == "the body is not JSON: Expecting value at line 1, column 1"


def test_the_page_is_told_the_box_a_value_rests_on_and_why(handwritten, monkeypatch):  # noqa: F811
    """What /api/scan gives the page (printkit.web.photo.read) when the rules rule a value's
    reading out only by a box read short of sure: the box, the value, its reading and which
    way it needs the box, with the box's lean; read again with the box answered, the value
    is sure and nothing rests on a box."""
    import printkit.scan.reader
    import printkit.scan.suggest
    from printkit.web import photo as web_photo

    path, values = handwritten
    written = {n: v for n, v in values.items() if isinstance(v, str)}
    value = next(n for n in written if n[:2] in ("F-", "R-"))
    real_scan, real_suggest = printkit.scan.reader.scan, printkit.scan.suggest.suggest

    def scan(data: bytes, shown: str):  # type: ignore[no-untyped-def]
        found = real_scan(data, shown)
        found.fields[BOX] = replace(found.fields[BOX], marked=False, confidence=0.938,
                                    uncertain=False)
        return found

    def suggest(found, given=None):  # type: ignore[no-untyped-def]
        out = real_suggest(found, given)
        if BOX not in (given or {}):   # as narrow_unsure leaves it while BOX is read empty
            out[value] = replace(out[value], sure=False, rests_on=(BOX,))
        return out

    monkeypatch.setattr(printkit.scan.reader, "scan", scan)
    monkeypatch.setattr(printkit.scan.suggest, "suggest", suggest)
    answer = web_photo.read(path.read_bytes())
    assert answer["rested"] == {BOX: {
        "field": value, "reads": written[value], "needs_crossed": True,
        "why": f"looks empty (93.8 % sure), but {value} reads {written[value]}, which needs "
               "it crossed"}}
    assert answer["leans"][BOX] is False and answer["reading"][BOX] == [False, 0.938]
    assert answer["suggested"][value]["rests_on_boxes"] == [BOX]
    again = web_photo.read_again(answer["photo"], {BOX: "x"})
    assert again["rested"] == {} and again["leans"] == {}
    assert again["suggested"][value]["sure"] is True
    assert again["suggested"][value]["value"] == written[value]
