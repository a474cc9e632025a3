""""Check a photo" with a messaging app's small copy of the photo (1,280 pixels, JPEG 40):
the page says, above what it asks, that some boxes may be asked or missed and that the
camera's own photo reads better; the camera's own photo says nothing of it (issue 29)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.record import read_record
from tests.scan.photos import messaging_copy, photograph, played_sheet
from tests.web.conftest import call
from tests.web.page import RefereePage
from tests.web.test_photo import upload

ROOT = Path(__file__).parent.parent.parent
RECORD = ROOT / "examples/fox-and-rabbit/easy-won-sheet-only.yaml"
#: the note's second sentence, after the time it took and before what it asks
SAID = re.compile(r"^Read from the photo in [\d.]+ s\. The photo is a small copy of a photo "
                  r"\(about \d\.\d pixels to a point of the sheet\): some boxes may be asked "
                  r"or missed; the camera's own photo reads better\. \S")


@pytest.fixture(scope="module")
def photos(tmp_path_factory) -> tuple[Path, Path]:
    run = read_record(RECORD.read_text())
    values = {k: v for k, v in sf.form_values(run).items()
              if not k.startswith("score-") and k != "date"}
    camera = photograph(played_sheet(run.map, run.mode, values), room=1.1)
    folder = tmp_path_factory.mktemp("copy")
    (folder / "camera.jpg").write_bytes(camera)
    (folder / "copy.jpg").write_bytes(messaging_copy(camera))
    return folder / "camera.jpg", folder / "copy.jpg"


def _note(browser_tab, server, path: Path) -> str:
    page = RefereePage(browser_tab, server.url)
    try:
        upload(page, path)
        page.page.wait_for_selector('#photo-note:has-text("Read from the photo")',
                                    state="attached")
        page.settled()
        return page.page.inner_text("#photo-note")
    finally:
        page.close()


def test_the_page_says_a_small_copy_reads_less_well(browser_tab, server, photos):
    camera, copy = photos
    answer = call(f"{server.url}api/scan", copy.read_bytes(), {"Content-Type": "image/jpeg"})
    assert answer.status == 200, answer.body
    small = answer.json()["small_copy"]
    assert small["pixels_a_point"] < 1.75
    note = _note(browser_tab, server, copy)
    assert SAID.match(note), note
    assert "small copy" not in _note(browser_tab, server, camera)
