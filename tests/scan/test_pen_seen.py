"""What a check box read empty tells on a page whose boxes show their pen little or not at
all (`scan.pen_seen`; docs/scan-measurement.md, "A marked box read empty at 0.5-0.9 and not
asked, on generator 2's hard photos")."""

from PIL import Image

from printkit.games.fox_rabbit.evidence import NO_EVIDENCE
from printkit.games.fox_rabbit.rules_lean import ORDER_EMPTY
from printkit.scan import reader
from printkit.scan.light_asks import ask_before_crossed
from printkit.scan.params import DEFAULT
from printkit.scan.pen_seen import no_surer_than_the_rules
from tests.scan.photos import photograph, played_sheet
from tests.scan.read_pages import classic_layout, read_page
from tests.scan.test_doubt import LEGAL
from tests.scan.test_scan import _shown


def test_numbers_read_on_a_page_whose_boxes_show_no_pen_do_not_vouch_for_its_empty_boxes():
    # generator 2's hard 2985793: its numbers in a ballpoint, its boxes ticked in a pencil
    # (0.125 dark) the camera lost: no check box read marked (the pen not found), 15 numbers
    # read marked, and the pencil's 52 marks read empty at 0.84-0.99 (12 at 0.99 or more).
    # Here a legal sheet's numbers written as they are, its boxes' marks at 3 % of their
    # darkness: every check box read empty tells nothing (main read them at 0.6 and more)
    run, values = _shown(LEGAL)
    numbers = {k: v for k, v in values.items() if isinstance(v, str)}
    sheet = Image.blend(played_sheet(run.map, run.mode, numbers),
                        played_sheet(run.map, run.mode, values), 0.03)
    scan = reader.scan(photograph(sheet), "pencil-lost.jpg")
    assert sum(f.marked and not f.uncertain for f in scan.fields.values()
               if f.kind.written) >= 5   # the numbers are read
    boxes = [f for f in scan.fields.values() if not f.kind.written]
    assert not any(f.marked for f in boxes)
    assert max(f.confidence for f in boxes if not f.uncertain) <= NO_EVIDENCE


def test_a_trail_cell_the_faint_asks_left_is_doubted_as_the_rules_doubt_it():
    # generator 2's hard 2985733: a light pencil page read marked in one box, its pen seen
    # through 33 faint asks; the fox's ticked F-A1 read empty at 0.832, not asked, before
    # cells of its trail read crossed: read at ORDER_EMPTY, the rules ask it
    fields = read_page({"F-A1": (False, 0.832), "F-A2": (True, 0.95)})
    capped = no_surer_than_the_rules(fields, True, 1, DEFAULT.ink)
    assert capped["F-A1"].confidence == ORDER_EMPTY
    assert ask_before_crossed(capped, classic_layout())["F-A1"].uncertain
    assert not ask_before_crossed(fields, classic_layout())["F-A1"].uncertain   # main


def test_a_page_that_shows_its_pen_keeps_its_empty_boxes_confidence():
    # read marked in `least_marks` boxes or more, or not a light pencil page: unchanged
    fields = read_page({"F-A1": (False, 0.95)})
    assert no_surer_than_the_rules(fields, True, DEFAULT.ink.least_marks, DEFAULT.ink) == fields
    assert no_surer_than_the_rules(fields, False, 0, DEFAULT.ink) == fields
