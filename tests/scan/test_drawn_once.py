"""A blank sheet's picture and its boxes come from one drawing of the sheet
(`draw/png.render_recorded`, `scan/layout.recording`): a photo whose code cannot be read
draws six sheets, each once, where it drew each twice (issue 29's speed target)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from printkit.draw.png import render_image, render_recorded
from printkit.draw.recording import record
from printkit.games.fox_rabbit.template import load_map
from printkit.scan import layout
from printkit.scan.reader import scan
from tests.scan.photos import code_scribbled


@pytest.mark.parametrize(("mode", "paper", "lang", "version"),
                         [("easy", "a4", "en", 3), ("super-hard", "letter", "fr", 3),
                          ("hard", "letter", "es", 2)])
def test_one_drawing_paints_the_same_picture_and_records_the_same_calls(mode, paper, lang,
                                                                        version):
    page = layout._page("classic", mode, paper, lang, version)
    picture, calls = render_recorded(page, 144.0, oversample=1)
    alone = render_image(layout._page("classic", mode, paper, lang, version), 144.0,
                         oversample=1)
    assert np.array_equal(np.asarray(picture), np.asarray(alone))
    assert calls == tuple(record(layout._page("classic", mode, paper, lang, version)).calls)


def test_a_photo_known_by_its_look_draws_each_sheet_once(monkeypatch):
    """Read as a new process reads it (nothing kept on disk), the photo is known by its look
    as the sheet it is, and no sheet's drawing is recorded apart from its picture's: each of
    the sheets compared is drawn once."""
    monkeypatch.setenv("PRINTKIT_CACHE_DIR", "")
    photo = code_scribbled(load_map("classic"), "hard", {"F-A1": True, "trap-2": True},
                           "a4", "es")
    layout.forget()
    pictures: list[str] = []
    recorded: list[str] = []
    real_picture, real_record = layout.render_recorded, layout.record

    def picture(page, *args, **kwargs):  # type: ignore[no-untyped-def]
        pictures.append(str(page))
        return real_picture(page, *args, **kwargs)

    def recording(page, *args, **kwargs):  # type: ignore[no-untyped-def]
        recorded.append(str(page))
        return real_record(page, *args, **kwargs)

    monkeypatch.setattr(layout, "render_recorded", picture)
    monkeypatch.setattr(layout, "record", recording)
    read = scan(photo, "sheet.jpg")
    layout.forget()
    assert (read.identified, read.code.mode, read.code.paper, read.code.lang) == \
        ("look", "hard", "a4", "es")
    assert len(pictures) >= 5
    assert recorded == []
