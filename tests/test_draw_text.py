"""Text that does not fit its box shrinks, then ends in an ellipsis; it never overflows."""

import pytest

from printkit.draw import fonts
from printkit.draw.recording import RecordingCanvas
from printkit.draw.text import ELLIPSIS, MIN_SIZE, draw_fitted, fit, wrap


def test_text_that_fits_keeps_its_size():
    f = fit("Ana", fonts.BOLD, 11, 100)
    assert (f.text, f.size) == ("Ana", 11)


def test_text_too_wide_shrinks_before_it_is_shortened():
    natural = fonts.width("Wojciechowski", fonts.BOLD, 11)
    f = fit("Wojciechowski", fonts.BOLD, 11, natural * 0.85)
    assert f.text == "Wojciechowski"
    assert MIN_SIZE <= f.size < 11
    assert f.width <= natural * 0.85


def test_text_still_too_wide_at_the_floor_ends_in_an_ellipsis():
    long = "Maximiliana Ñúñez-Wojciechowska de la Fuente"
    f = fit(long, fonts.BOLD, 11, 80)
    assert f.size == MIN_SIZE
    assert f.text.endswith(ELLIPSIS) and long.startswith(f.text[:-1].rstrip())
    assert fonts.width(f.text, fonts.BOLD, f.size) <= 80


@pytest.mark.parametrize("box_w", [20, 45, 90, 200])
def test_drawn_text_stays_inside_its_box(box_w):
    canvas = RecordingCanvas(300, 100)
    draw_fitted(canvas, 10, 10, box_w, 20, "Łukasz Ñúñez-Wojciechowski", fonts.BOLD, 12,
                align="center", pad=2)
    (call,) = [c for c in canvas.calls if c.kind == "text"]
    assert call.x >= 10 + 2 - 0.01
    assert call.right <= 10 + box_w - 2 + 0.01


def test_text_is_never_taller_than_its_box():
    canvas = RecordingCanvas(300, 100)
    draw_fitted(canvas, 0, 0, 200, 12, "Zoë", fonts.BOLD, 30)
    (call,) = [c for c in canvas.calls if c.kind == "text"]
    per_point = fonts.ascent(fonts.BOLD, 1) + fonts.descent(fonts.BOLD, 1)
    assert call.size * per_point <= 12 + 0.01


def test_wrap_breaks_on_spaces_and_respects_the_width():
    lines = wrap("Ties cancel: a value played by two or more players is out.", fonts.REGULAR,
                 9, 120)
    assert len(lines) > 1
    assert all(fonts.width(line, fonts.REGULAR, 9) <= 120 for line in lines)
    assert " ".join(lines) == "Ties cancel: a value played by two or more players is out."


def test_accented_names_are_printable_and_a_snowman_is_not():
    for name in ("Zoë", "Ñúñez", "Łukasz", "Amérix"):
        assert fonts.missing_characters(name) == []
    assert fonts.missing_characters("☃ Bob") == ["☃"]
