""""Check a photo" on the referee page, in a real headless Chromium, with a synthetic photo."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.hostile_images import png_garbage
from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.record import read_record
from printkit.games.fox_rabbit.template import load_map
from tests.scan.photos import code_scribbled, photograph, played_sheet
from tests.web.conftest import call
from tests.web.page import RefereePage

ROOT = Path(__file__).parent.parent.parent
RECORD = ROOT / "examples/fox-and-rabbit/hard-won-sheet-only.yaml"


@pytest.fixture(scope="module")
def photo(tmp_path_factory) -> tuple[Path, dict[str, str | bool]]:
    run = read_record(RECORD.read_text())
    values = {k: v for k, v in sf.form_values(run).items()
              if not k.startswith("score-") and k != "date"}
    path = tmp_path_factory.mktemp("photo") / "sheet.jpg"
    path.write_bytes(photograph(played_sheet(run.map, run.mode, values)))
    return path, values


def upload(page: RefereePage, path: Path) -> str | None:
    """Give the page's "Check a photo" the file at `path`, as a player picks it; return
    the file input's `capture` (which camera a phone opens)."""
    with page.page.expect_file_chooser() as chooser:
        page.page.click("#photo")
    chooser.value.set_files(str(path))
    return chooser.value.element.get_attribute("capture")


def test_a_photo_fills_the_sheet_and_highlights_the_values_to_type(browser_tab, server, photo):
    path, values = photo
    page = RefereePage(browser_tab, server.url)
    try:
        assert upload(page, path) == "environment"
        page.page.wait_for_selector('svg[aria-label$=" hard mode"]', state="attached")
        page.page.wait_for_selector("#photo-note:not([hidden])", state="attached")
        page.page.wait_for_selector("[data-field].to-type", state="attached")
        page.settled()
        ticked = {n for n, v in values.items() if v is True}
        assert all(page.pressed(n) for n in ticked)
        to_type = {el.get_attribute("data-field")
                   for el in page.page.locator("[data-field].to-type").all()}
        assert to_type == {n for n, v in values.items() if isinstance(v, str)}
        note = page.page.inner_text("#photo-note")
        assert "to type (blue)" in note and "F-B4" in note
        # the player types a value: its highlight goes, the verdict comes as for any sheet
        page.write("F-B4", str(values["F-B4"]))
        page.settled()
        assert "to-type" not in (page.field("F-B4").get_attribute("class") or "")
        assert page.page.inner_text("#verdict-head") != ""
    finally:
        page.close()


def test_a_sheet_known_by_its_look_asks_the_player_to_check_map_and_mode(browser_tab, server,
                                                                         tmp_path):
    """A photo whose code is unreadable is read by the sheet's look: the page says so."""
    path = tmp_path / "scribbled.jpg"
    path.write_bytes(code_scribbled(load_map("classic"), "super-hard", {"F-A1": True}))
    page = RefereePage(browser_tab, server.url)
    try:
        upload(page, path)
        page.page.wait_for_selector('svg[aria-label$=" super-hard mode"]', state="attached")
        page.page.wait_for_selector("#photo-note:not([hidden])", state="attached")
        page.settled()
        note = page.page.inner_text("#photo-note")
        assert "the sheet was known by its look" in note
        assert "Check that the map and the mode above are your sheet's." in note
        assert page.pressed("F-A1")
    finally:
        page.close()


def test_a_photo_that_is_no_sheet_says_why(browser_tab, server, tmp_path):
    not_a_sheet = tmp_path / "wall.png"
    not_a_sheet.write_bytes(b"\x89PNG\r\n\x1a\n not really a picture")
    page = RefereePage(browser_tab, server.url)
    try:
        upload(page, not_a_sheet)
        page.page.wait_for_selector("#photo-note.photo-bad", state="attached")
        assert page.page.inner_text("#photo-note").startswith("The photo cannot be read: ")
    finally:
        page.close()


def test_api_scan_answers_what_api_open_answers(server, photo):
    path, values = photo
    answer = call(f"{server.url}api/scan", path.read_bytes(), {"Content-Type": "image/jpeg"})
    assert answer.status == 200, answer.body
    data = answer.json()
    assert (data["map"], data["mode"], data["turns"]) == ("classic", "hard", [])
    assert data["identified"] == "code"
    assert set(data["values"]) == {n for n, v in values.items() if v is True}
    assert data["uncertain"] == []
    assert set(data["to_type"]) == {n for n, v in values.items() if isinstance(v, str)}
    bad = call(f"{server.url}api/scan", b"BM not read", {"Content-Type": "image/bmp"})
    assert bad.status == 422
    assert bad.json() == {"error": "the photo is not a JPEG, PNG, WebP, GIF, TIFF or HEIC image"}
    # said in the page's language: the browser's, when the server was started without one
    bad = call(f"{server.url}api/scan", b"BM not read",
               {"Content-Type": "image/bmp", "Accept-Language": "es-ES,es;q=0.9"})
    assert bad.status == 422
    assert "no es una imagen JPEG, PNG, WebP, GIF, TIFF ni HEIC" in bad.json()["error"]
    # a damaged image is said so in the player's words, no library's object or jargon
    bad = call(f"{server.url}api/scan", png_garbage(), {"Content-Type": "image/png"})
    assert bad.status == 422
    assert bad.json() == {"error": "the photo is a damaged PNG image: it cannot be decoded; take "
                                   "the photo again, or send the camera's own file"}
