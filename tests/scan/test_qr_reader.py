"""The sheet's QR code is read by zxing-cpp's reader where it is installed (`code._read_qr`),
else by OpenCV's: a code OpenCV reads is read, the same sheet, and every field the same
(issue 29's speed target: the reader's QR tries took a fifth of a messaging app's copy's CPU)."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from printkit.games.fox_rabbit.template import load_map
from printkit.scan import code
from printkit.scan.reader import scan
from tests.scan.photos import home_printed, messaging_copy, photograph, played_sheet

MARKS = {"F-A1": True, "trap-2": True, "R-A2": True}


def _copy() -> bytes:
    """A messaging app's copy (1,280 pixels, JPEG 40) of a toner-save print at 40 %: its code
    is read only once its crop is enlarged, or drawn again module by module."""
    sheet = played_sheet(load_map("classic"), "easy", MARKS, "a4", "en", 200)
    return messaging_copy(photograph(home_printed(sheet, "toner-save", 0.4), room=1.05))


def _sharp() -> bytes:
    return photograph(played_sheet(load_map("classic"), "hard", MARKS, "letter", "fr", 150))


@pytest.mark.parametrize("photo", [_copy, _sharp], ids=["messaging-copy", "sharp"])
def test_zxing_reads_every_code_opencv_reads_and_the_sheet_reads_the_same(photo, monkeypatch):
    pytest.importorskip("zxingcpp")
    data = photo()
    assert code.ZXING is not None
    read = scan(data, "sheet.jpg")
    monkeypatch.setattr(code, "ZXING", None)
    by_opencv = scan(data, "sheet.jpg")
    assert read.identified == by_opencv.identified == "code"
    assert read.code == by_opencv.code
    assert read.fields == by_opencv.fields
    assert read.alignment == by_opencv.alignment


def test_the_copys_code_names_its_sheet():
    pytest.importorskip("zxingcpp")
    read = scan(_copy(), "sheet.jpg")
    assert (read.identified, read.code.mode, read.code.paper, read.code.lang) == \
        ("code", "easy", "a4", "en")
    assert read.fields["F-A1"].marked and read.fields["trap-2"].marked


def test_without_zxing_the_code_is_read_by_opencv(monkeypatch):
    monkeypatch.setattr(code, "ZXING", None)
    read = scan(_sharp(), "sheet.jpg")
    assert (read.identified, read.code.mode, read.code.paper, read.code.lang) == \
        ("code", "hard", "letter", "fr")
