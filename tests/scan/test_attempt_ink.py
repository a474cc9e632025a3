"""An endgame attempt's ink read as what it says (issue 31).

The crops are attempt fields of tuning photos of generator 2, cut where the reader cuts
them (the photo's a few pixels wider each way, at 2 pixels a point). The fox trap's of
ordinary 2150002: `flip` written in two strokes, `fl` and `ip`. Before, the word took a run
for each of its letters and left none for the die after it: what is written was not among
the ink's readings. The rabbit's of hard 2250028 (light pencil): a rule of ink along the
field's top joined its glyphs into one stroke."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import cv2
import pytest

from printkit.games.fox_rabbit.narrow_attempts import fits_so_far
from printkit.scan import edge, strokes
from printkit.scan.glyphs import model
from printkit.scan.spelling import spell
from printkit.scan.writing import aid_words

CROPS = Path(__file__).resolve().parent.parent / "fixtures/scan/attempts"
SCALE = 2.0


def _ink(tag: str) -> strokes.FieldInk:
    photo = cv2.imread(str(CROPS / f"{tag}-photo.png"), cv2.IMREAD_GRAYSCALE)
    blank = cv2.imread(str(CROPS / f"{tag}-blank.png"), cv2.IMREAD_GRAYSCALE)
    reach = round(edge.REACH * SCALE)
    return strokes.field_ink(edge.aligned(photo, blank, reach), blank, 2, SCALE, edge=True)


def test_an_aids_word_written_in_two_strokes_is_read_with_the_die_after_it():
    found = _ink("joined-letters")
    assert len(found.lines) == 2
    # two dice of each colour owned: what the rules may let the player roll
    fits = partial(fits_so_far, (2, 2, 2))
    read = [g.text for g in spell(found, model(), "attempt", aid_words("en"), fits)]
    # first of the readings the rules may allow: the model reads its Y4 as Y1 likelier, but
    # the 4 closes a hole as a 1 cannot (`loops.shut`; before, Y1 first, which the outcome
    # ticked rules out)
    assert [t for t in read if fits(t)][:2] == ["R2 B3 B1 Y2 Y4; flip B1",
                                                 "R2 B3 B1 Y2 Y1; flip B1"]


@pytest.mark.parametrize("faint", [False, True])
def test_a_light_pencils_attempt_joined_by_a_rule_along_its_field_is_read_as_written(faint):
    # the rabbit's escape of a light pencil's tuning photo (generator 2, hard 2250028):
    # `R2 R6 B6 B2`, each glyph apart, but a straight rule of ink along the field's top (a
    # page's edge the print does not explain) touches them all: one stroke, cut in six
    # pieces at most, for eight glyphs. Before, no reading the rules allow was near it (the
    # likeliest `O5 R3`), and the player typed the line; the reader now leaves the rule out,
    # read as its ink and as a light pencil's faint strokes alike
    photo = cv2.imread(str(CROPS / "light-rule-photo.png"), cv2.IMREAD_GRAYSCALE)
    blank = cv2.imread(str(CROPS / "light-rule-blank.png"), cv2.IMREAD_GRAYSCALE)
    found = strokes.field_ink(edge.aligned(photo, blank, round(edge.REACH * SCALE)), blank,
                              2, SCALE, faint, edge=True, joined=True)
    fits = partial(fits_so_far, (2, 2, 2))
    read = spell(found, model(), "attempt", aid_words("en"), fits)
    assert read[0].text == "R2 R6 B6 B2" and read[0].chance > 0.5


def _read(tag: str, lang: str, room: tuple[int, int, int]) -> tuple[strokes.FieldInk, list[str]]:
    photo = cv2.imread(str(CROPS / f"{tag}-photo.png"), cv2.IMREAD_GRAYSCALE)
    blank = cv2.imread(str(CROPS / f"{tag}-blank.png"), cv2.IMREAD_GRAYSCALE)
    found = strokes.field_ink(edge.aligned(photo, blank, round(edge.REACH * SCALE)), blank,
                              2, SCALE, edge=True, joined=True)
    fits = partial(fits_so_far, room)
    return found, [g.text for g in spell(found, model(), "attempt", aid_words(lang), fits)]


def test_an_attempt_written_on_one_line_across_the_printed_line_is_read_whole():
    # the fox trap's second attempt of a first generator's scan (dev-scans 203):
    # `R5 B5 B4 Y1 Y1` written on one line across the field's light dotted writing line, its
    # ink no darker than the line's print. Each glyph lost the rows the line takes and was
    # read as a top and a bottom half on two lines: no reading at all, the player typed it
    found, read = _read("across-line", "en", (2, 2, 2))
    assert len(found.lines) == 1
    assert read[0] == "R5 B5 B4 Y1 Y1"


def test_two_lines_whose_glyphs_meet_the_printed_line_stay_two_lines():
    # the rabbit trap's attempt of a first generator's photo (dev-photos 108): `R2 B2 Y5;`
    # on the first line, `+1 B2` on the second, the first's B and Y ending on the printed
    # line and the second's 1 and 2 starting there. Joined across it, each pair would be a
    # stroke two writing lines tall: they are left apart, and the rules choose the B2
    found, read = _read("lines-meeting", "fr", (2, 2, 1))
    assert len(found.lines) == 2
    assert read[:2] == ["R2 R2 Y5; +1 B2", "R2 B2 Y5; +1 B2"]


def test_an_attempt_written_small_on_three_lines_is_read_line_by_line():
    # the rabbit's attempt of a first generator's photo (dev-photos 110): `R6 R4 B6 B5;
    # -1 R4; retourner R6` written small on three lines, the second's glyphs touching the
    # first's and the third's, so that a line's height was told from strokes three lines
    # tall and none was cut: one line, read `R5 B6`. Now each line is found (the aid's die
    # read `Y4` likelier, which no yellow die the rabbit rolls allows)
    found, read = _read("three-lines", "fr", (2, 2, 0))
    assert len(found.lines) == 3
    assert "R6 R4 B6 B5; -1 R4; retourner R6" in read[:3]


def test_an_attempt_in_a_big_hand_on_one_line_is_not_cut_at_the_printed_line():
    # the rabbit's attempt of the same run's scan (dev-scans 203): `B3 Y5`, each glyph as
    # tall as the field, across its printed line: taller than a writing line, but most of
    # its strokes cross the line, so its line's height is theirs and nothing is cut
    found, read = _read("big-hand", "en", (2, 2, 0))
    assert len(found.lines) == 1
    assert read[0] == "B3 Y5"


def test_a_shadows_bar_across_an_empty_attempt_is_not_cut_into_glyphs():
    # the rabbit's second attempt of a light pencil's tuning photo (generator 2, dev-hard
    # 2200004), written nothing: a shadow's bar as tall as the field and the printed line's
    # specks. The bar is taller than a writing line and most strokes are specks that do not
    # cross the line, but they are no line's height: nothing is cut by them, the bar reads
    # as one glyph or none, as on main, and no die and aid is made of it (`B1; flip B1`)
    found, read = _read("shadow-bar", "es", (2, 2, 0))
    assert len(found.lines) == 1
    assert not any(";" in text for text in read[:3])


def test_an_attempt_crammed_on_three_lines_whose_glyphs_touch_is_read_line_by_line():
    # the fox's attempt of a first generator's photo (dev-photos 109): `R3 Y4 Y6;` over
    # `+1 R3;` over `-1 Y4`, crammed into the two-line field, the Y's stem running into both
    # 1s below it and the 6 into the 3 and the 4. The dot and the minus, too small to be a
    # line's height, had been counted against the three lines' cut, and the third line,
    # written smaller than the strokes joined above it, was put on the second: one line,
    # read `R4 Y6`, what is written not among the readings. Now the three lines are found,
    # and what is written is among the readings the dice allow
    found, read = _read("three-crammed", "fr", (2, 0, 2))
    assert len(found.lines) == 3
    assert "R3 Y4 Y6; +1 R3; -1 Y4" in read


def test_a_second_line_written_smaller_than_the_first_is_a_line_of_its_own():
    # the rabbit trap's attempt of an ordinary tuning photo of generator 2 (2150006):
    # `R6 B2 Y5;` over `+1 B2`, the second line two thirds as tall as the first. Its strokes
    # were too short to stand as a line and were put on the first, each glyph joined to the
    # one above it: read `Y5 B7 Y5`, no aid. Now its aid is read on a line of its own (its
    # glyphs the model reads otherwise: `+1 R3`)
    found, read = _read("smaller-line", "es", (2, 2, 1))
    assert len(found.lines) == 2
    assert "; +1 " in read[0]


def test_an_aids_word_in_small_letters_under_a_capital_stays_on_its_line():
    # the fox's attempt of a home print of generator 2 (2300001): `retourner R1` on the
    # second line, its small letters lower than the R and the 1 beside them. They stand on
    # no line of the tall strokes, but they overlap the R's line by half: one line with it,
    # as before, not a third line of small letters (read `... +1 O1; retourner O5`)
    found, read = _read("lowercase-line", "fr", (2, 0, 2))
    assert len(found.lines) == 2
    assert "R5 R1 Y1 Y5; retourner R1" in read
