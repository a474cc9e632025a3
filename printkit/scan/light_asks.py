"""A light pencil page's boxes asked after they are read (`fields.read_fields`): a number
box read empty whose faint strokes spell a number, and a box crossed in an order the rules
fix (a trail's cells, the farmer's traps) read empty before boxes of its order read
crossed; on any page, a trap read empty, not surely, before a trap read crossed, a box
read empty telling nothing (`ask_told_nothing`), the endgame's lines a box read ticked
needs, and those it says hold nothing (`ask_lines_needed`)."""

from __future__ import annotations

from dataclasses import replace

from printkit.games.fox_rabbit import evidence
from printkit.games.fox_rabbit.evidence import NO_EVIDENCE
from printkit.games.fox_rabbit.narrow_sheet import ended_lines
from printkit.games.fox_rabbit.rules_lean import (
    ORDER_EMPTY,
    TRAP_EMPTY,
    WEAK,
    leans,
    needs,
    order_empty,
    orders,
)
from printkit.games.fox_rabbit.sheet_boxes import trap_fields
from printkit.scan.faint_values import (
    ASKED,
    CIRCLE_PEN_LOST,
    FAINT_VALUE,
    NUMBERS,
    SCORE_FAINT,
    SCORES,
    ink_of,
    spells_a_number,
)
from printkit.scan.field_read import FieldRead, reading_of
from printkit.scan.ink_params import InkParams
from printkit.scan.layout import Layout
from printkit.scan.light import Gray


def read_faintly(fields: dict[str, FieldRead], flat: Gray, blank: Gray, lay: Layout,
                  scale: float, light: bool = True) -> dict[str, FieldRead]:
    """Return the fields of a light page (or one whose pen is not found: `light` False)
    with each number box read empty whose faint strokes spell a number
    (`faint_values.spells_a_number`; on a page whose pen is not found, a score's box at
    `faint_values.SCORE_FAINT`, a circle at `faint_values.CIRCLE_PEN_LOST`) read uncertain
    instead, and as a light pencil's
    (`FieldRead.light`): its value is read from its faint strokes and asked, and the box is
    no longer taken as surely empty."""
    out = dict(fields)
    for fb in lay.fields:
        f = fields[fb.name]
        if f.kind not in NUMBERS or f.marked or f.uncertain:
            continue
        least = FAINT_VALUE if light else SCORE_FAINT if f.kind in SCORES else \
            CIRCLE_PEN_LOST
        if spells_a_number(ink_of(flat, blank, fb.box, f.box, f.kind, scale, faint=True),
                           f.kind, least):
            out[fb.name] = replace(f, uncertain=True, confidence=min(f.confidence, ASKED),
                                   light=True)
    return out


#: A trail cell the photo reads empty, not surely, on a light pencil page is asked where the
#: cells read crossed (over `rules_lean.WEAK`) later on its trail weigh this much: one read
#: surely (not asked) weighs 2, one asked (a faint stroke's or shading's ask, leaning
#: crossed) 1. Measured on generator 2's tuning photos (docs/scan-measurement.md, "A trail's
#: cell the pencil left no pixel in"): one asked cell alone asks 7 empty cells of 43 on the
#: hard photos and 21 of 40 on the light ones; two, 2 of 21 and 4 of 18.
TRAIL_LATER = 2


def ask_before_crossed(fields: dict[str, FieldRead], lay: Layout, light: bool = True
                       ) -> dict[str, FieldRead]:
    """Return the fields of a light pencil page (`light`; on any other page, the traps
    alone: below) with each box crossed in an order the rules fix (`rules_lean.orders`: an
    animal's trail cell by cell, the farmer's traps one after another) that the photo reads
    empty, not surely (at `rules_lean.ORDER_EMPTY` or less,
    a trap at `rules_lean.TRAP_EMPTY`: little or no trace of the pen), asked where later
    boxes of its order are read crossed over `rules_lean.WEAK`: a light pencil's tick or
    hatching may leave no pixel to read.
    A trap is asked for one such later trap (asked, leaning so, or not; read over
    ORDER_EMPTY, for one not asked); a trail cell for `TRAIL_LATER`'s weight of later
    cells. Its lean stays the photo's; the rules'
    (`rules_lean.leans`) is what the player's Enter takes where the photo tells little. A
    trail's circle cell is a written value, asked as a value, never so. On generator 2's
    light pencil tuning photos 190 of 199 such traps read at WEAK or less are crossed, and
    the 30 read between it and ORDER_EMPTY all are.
    A box is not asked where the order is broken before it: a box earlier in its order is
    read empty, not asked, over the confidence up to which the rules doubt it
    (`rules_lean.order_empty`). The boxes are crossed one after another, so a later box read
    crossed says nothing of one after a box the photo and the rules both take as empty (and
    the rules' lean, `rules_lean.leans`, takes no witness there either: the player's Enter
    would take the photo's empty). On the tuning photos (docs/scan-measurement.md, "The
    rules' ask where their order is broken before it") it spares 9 empty boxes of 30 asked
    on the first generator's hard photos (sheets of random marks) and none of the 282 asked
    on generator 2's.
    On a page not read as light pencil (`light` False) only the traps are so asked, each for
    a later trap read crossed and not asked, where the order is not broken before it (as
    above): a tick lying all on a trap's printed number leaves no pixel of paper to read on
    an ordinary photo too, and reads as empty as the same trap left empty
    (docs/scan-measurement.md, "A trap ticked on its number on a page not read as light
    pencil")."""
    out = dict(fields)
    for boxes, _words in orders(lay.map):
        order = [name for name in boxes if name in fields]
        traps = order[0].startswith("trap-") if order else False
        if not (light or traps):
            continue
        for i, name in enumerate(order):
            f = fields[name]
            if f.kind.written or f.marked or f.uncertain or f.confidence > order_empty(name):
                continue
            if any(not out[b].marked and not out[b].uncertain and
                   out[b].confidence > order_empty(b) for b in order[:i]):
                continue   # the order is broken before it
            later = [fields[b] for b in order[i + 1:]
                     if fields[b].marked and fields[b].confidence > WEAK]
            if f.confidence > ORDER_EMPTY or not light:
                # a trap read empty over a trail's bound (`rules_lean.TRAP_EMPTY`) is asked
                # for a later trap read crossed and not asked only, the witness its lean
                # takes: an asked one may be a stroke beside its number on a page whose
                # traps are not in order; and read crossed over TRAP_EMPTY, surer of its
                # cross than this trap is doubted (an empty trap asked for its print's edge
                # or a shade, brought to `ask_share`, over `own_high`, reads crossed at 0.85)
                later = [b for b in later if not b.uncertain and b.confidence > TRAP_EMPTY]
            if (later and traps) or \
                    sum(1 if b.uncertain else 2 for b in later) >= TRAIL_LATER:
                out[name] = replace(f, uncertain=True)
    return out


def ask_told_nothing(fields: dict[str, FieldRead], lay: Layout, shows_pen: bool,
                     unlined: set[str], p: InkParams) -> dict[str, FieldRead]:
    """Return the fields with each box read empty telling nothing (NO_EVIDENCE: its margin,
    taken in proportion to its room over the page's spread of empty boxes, too small to
    lift the calibrated logistic off its floor) asked, leaning empty; not one read so for
    no pixel on a stroke's line (`unlined`).
    On a light pencil page that shows its pen (`shows_pen`), every such box (`floor_lean`).
    On another page that is not blind (`evidence.blind`: most of its boxes tell something;
    `floor_unseen`), those the rules do not say are empty (`rules_lean.leans`: one reward
    per food eaten, a trail's order, an attempt's empty line); of the traps, those up to
    the next one after the last trap read marked (`trap_in_reach`). A blind page's boxes
    stay as they are: the referee judges no such page (`evidence.check_seen`)."""
    floor = [name for name, f in fields.items() if name not in unlined and
             not f.marked and not f.uncertain and f.confidence <= NO_EVIDENCE]
    lean = p.floor_lean
    if not shows_pen:
        lean = p.floor_unseen
        if evidence.blind([f.confidence for f in fields.values()]) is not None:
            return fields
        reach = trap_in_reach(fields, lay)
        said = leans(reading_of(fields), lay.map,
                     [name for name in floor if not name.startswith("trap-") or name in reach])
        floor = [name for name, rules in said.items() if rules.crossed is not False]
    return fields | {name: replace(fields[name], confidence=lean, uncertain=True)
                     for name in floor}


def trap_in_reach(fields: dict[str, FieldRead], lay: Layout) -> set[str]:
    """Return the farmer's traps up to the next one after the last trap read marked (asked
    or not): the farmer sets one trap per turn of the animals, so the trap after the last
    one the photo shows crossed is the one the game may have reached while the photo lost
    its pen; one further on would need a trap before it the photo also lost. With no trap
    read marked, none: nothing on the page places the farmer's trail (on tuning, every such
    page is blind; on a blank sheet an empty first trap may read 0.5). On the eleven
    tuning folders of 3 December, of the traps read with no evidence on pages that are not
    blind, the next one after the last read marked was crossed 10 times of 15, the one after
    it 5 of 9, those further 8 of 20 (docs/scan-measurement.md, "The next trap after the
    last read crossed")."""
    traps = [name for name in trap_fields(lay.map) if name in fields]
    marked = [i for i, name in enumerate(traps) if fields[name].marked]
    return set(traps[:marked[-1] + 2]) if marked else set()


def ask_lines_needed(fields: dict[str, FieldRead], lay: Layout) -> dict[str, FieldRead]:
    """Return the fields with the endgame's lines asked, leaning as the photo reads them,
    where a box that needs one of them written (`rules_lean.needs`: an attempt's outcome its
    own line, a farmer's aid against an animal a farmer's line against it) is read ticked,
    asked or not, and every one of them is read empty, not asked; and a line read written,
    not asked, that an outcome read ticked before it says holds nothing (an animal's line
    after its escape or capture: `narrow_sheet.ended_lines`, the referee's own rule). Either
    way the photo reads the sheet against itself and cannot say which of the two it misread
    (a light pencil's line lost, a shadow's edge across an empty line, a tick brought up by
    a shade), so neither is said; the box's own ask is the reader's as before, and the
    referee, where the two still disagree, names the rule. On the eleven tuning folders of
    3 December (docs/scan-measurement.md, "An endgame line a tick needs, read empty", and
    "A line read written that a tick says holds nothing"), every such pair of generator 2's
    is both written or both empty, and every such line read written is empty."""
    out = dict(fields)
    for box, lines, _said in needs(lay.map):
        ticked = fields.get(box)
        on_sheet = [fields[line] for line in lines if line in fields]
        if ticked is None or not ticked.marked or not on_sheet or \
                any(f.marked or f.uncertain for f in on_sheet):
            continue
        out |= {f.name: replace(f, uncertain=True) for f in on_sheet}
    # and a line read written that an outcome ticked before it says holds nothing (an
    # animal's after its escape or capture, `narrow_sheet.ended_lines`): a shadow's edge
    # across an empty line, or the tick misread
    for name, _why, _boxes in ended_lines(lay.map, fields.keys(),
                                          lambda box: box in fields and fields[box].marked):
        if fields[name].marked and not fields[name].uncertain:
            out[name] = replace(fields[name], uncertain=True)
    return out


def settle_by_order(fields: dict[str, FieldRead], lay: Layout, lean: float
                    ) -> dict[str, FieldRead]:
    """Return the fields with each check box crossed in an order the rules fix
    (`rules_lean.orders`: a trail's cells, the farmer's traps) that is asked leaning crossed
    read crossed, not asked, where the next box of its order not asked is read crossed (a
    circle cell: written). The boxes are crossed one after another, so that later box says
    this one is crossed, as the photo leans: the question would only have the player say so
    again. Its confidence is its own or its witness's, the higher, and no higher than a
    faint ask's lean (`lean`, `InkParams.faint_lean`): under sure, so the referee still asks
    about it where a rule it breaks rests on it. A later box read empty, or none, settles
    nothing, and one asked is no witness. On the eleven tuning folders of 3 December
    (docs/scan-measurement.md, "A box asked leaning crossed, its order crossed after it")
    every one of the 442 such boxes is crossed (376 on the camera's own photos)."""
    out = dict(fields)
    for boxes, _words in orders(lay.map):
        order = [name for name in boxes if name in fields]
        for i, name in enumerate(order):
            f = fields[name]
            if f.kind.written or not (f.marked and f.uncertain):
                continue
            witness = next((fields[b] for b in order[i + 1:] if not fields[b].uncertain), None)
            if witness is not None and witness.marked:
                out[name] = replace(f, uncertain=False, confidence=min(
                    lean, max(f.confidence, witness.confidence)))
    return out
