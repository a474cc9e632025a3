"""bench/scan_fields.py's figures: a messaging app's copy counted apart from the camera's own
photos (issue 29, point 3: a copy is to read as well as an ordinary photo), and a photo of
the same name in two folders counted twice."""

from __future__ import annotations

from typing import Any

from bench import scan_fields


def _row(folder: str, photo: str, copy: bool, truth: bool, read: bool,
         uncertain: bool = False) -> dict[str, Any]:
    return {"set": folder, "photo": photo, "copy": copy, "field": "F-A1", "group": "cell",
            "truth": truth, "read": read, "confidence": 0.8, "uncertain": uncertain,
            "share": 0.0, "mark": "cross", "pen": "pencil", "dark": 0.2}


def _line(out: str, name: str) -> list[str]:
    return next(line for line in out.splitlines() if line.startswith(name)).split()


def test_the_copies_are_counted_apart_from_the_camera_s_photos() -> None:
    rows = [_row("a", "1", False, True, True), _row("a", "2", True, True, False),
            _row("a", "2", True, False, False, uncertain=True), _row("b", "3", True, True, True)]
    out = scan_fields.figures(rows)
    own = _line(out, "camera's own")
    assert own[2:4] == ["1", "0"] and own[-1] == "1/1"            # photos, refused; all right
    copies = _line(out, "messaging copies")
    # 2 photos, 3 fields: one wrong, one asked; one photo all right
    assert copies[2:5] == ["2", "0", "3"] and copies[-3] == "1" and copies[-1] == "1/2"


def test_without_copies_no_split_is_printed() -> None:
    out = scan_fields.figures([_row("a", "1", False, True, True)])
    assert "messaging copies" not in out and "camera's own" not in out


def test_a_photo_of_one_name_in_two_folders_is_two_photos() -> None:
    out = scan_fields.figures([_row("a", "7", False, True, True),
                               _row("b", "7", False, True, False)])
    assert _line(out, "all")[1] == "2" and _line(out, "all")[-1] == "1/2"
