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


def _sure(truth: bool, read: bool, confidence: float) -> dict[str, Any]:
    return {**_row("a", "1", False, truth, read), "confidence": confidence}


def test_asking_alone_asks_the_least_sure_boxes_first() -> None:
    # 100 boxes: 5 asked, 90 right at 0.95, 3 wrong at 0.6 and 2 wrong at 0.97 (surer than
    # the right ones: asking alone reaches them only after every right one)
    rows = [_row("a", "1", False, True, True, uncertain=True) for _ in range(5)] + \
        [_sure(True, True, 0.95) for _ in range(90)] + \
        [_sure(True, False, 0.6) for _ in range(3)] + [_sure(False, True, 0.97) for _ in range(2)]
    assert scan_fields.asks_to_reach(rows, 0.95) == 5        # 5 wrong of 100 already
    assert scan_fields.asks_to_reach(rows, 0.98) == 8        # the three at 0.6 asked
    assert scan_fields.asks_to_reach(rows, 0.99) == 99       # every right one, then one at 0.97
    assert scan_fields.asks_to_reach(rows, 1.0) == 100


def test_asking_alone_never_reaches_a_refused_photo_s_boxes() -> None:
    rows = [_sure(True, True, 0.95) for _ in range(100)] + \
        [{"set": "a", "photo": "2", "copy": False, "refused": "too dark", "fields": 10}]
    assert scan_fields.asks_to_reach(rows, 0.9) == 0         # 10 of 110 unread: 90.9 %
    assert scan_fields.asks_to_reach(rows, 0.95) is None


def test_the_figures_say_what_asking_alone_reaches_per_set() -> None:
    rows = [_sure(True, True, 0.95) for _ in range(99)] + [_sure(True, False, 0.6)]
    out = scan_fields.figures(rows).split("asking alone")[1]
    # 1 wrong of 100: 99 % reached asking none; 99.5 % asking the one at 0.6 (1 % of boxes)
    assert _line(out, "a ")[1:] == ["0.00", "%", "0.00", "%", "1.00", "%"]


def test_a_pen_lighter_in_the_photo_than_light_pencil_is_counted_apart() -> None:
    light = {**_row("a", "1", False, True, False), "seen_dark": 0.06}
    seen = {**_row("a", "2", False, True, True), "seen_dark": 0.14}
    out = scan_fields.figures([light, seen, _row("a", "3", False, True, True)])
    # the photo whose truth says nothing of its pen is in neither
    assert _line(out, "pen seen 10%+")[3:5] == ["1", "0"] and \
        _line(out, "pen seen 10%+")[-1] == "1/1"
    assert _line(out, "pen seen < 10%")[4:6] == ["1", "0"] and \
        _line(out, "pen seen < 10%")[-1] == "0/1"


def test_the_second_generator_s_pen_is_measured_as_its_photo_shows_it() -> None:
    truth = {"generator": "photo2", "pen": {"kind": "pencil", "darkness": 0.2},
             "paper": {"white": 0.89}, "pen_darkness": 0.2}
    # sRGB's encoding, by its formula: a line taking a fifth of the light is 9.4 % darker
    def encoded(v: float) -> float:
        return 1.055 * v ** (1 / 2.4) - 0.055
    expected = 1 - encoded(0.89 * 0.8) / encoded(0.89)
    assert abs(scan_fields.seen_dark(truth) - expected) < 0.002
    assert abs(expected - 0.094) < 0.001
    # the first generator's pen darkness is its pixels' already
    assert scan_fields.seen_dark({"pen_darkness": 0.18, "pen": "pencil"}) == 0.18
