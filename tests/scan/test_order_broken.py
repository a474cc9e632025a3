"""The rules' ask on a light pencil page (`light_asks.ask_before_crossed`): a box of an order
the rules fix (a trail's cells, the farmer's traps) read empty, not surely, before boxes
read crossed is asked, but not where the order is broken before it, by a box the photo and
the rules both take as empty (docs/scan-measurement.md, "The rules' ask where their order is
broken before it")."""

from functools import cache

from printkit.scan.field_read import FieldRead
from printkit.scan.layout import Layout, layout
from printkit.scan.light_asks import ask_before_crossed


@cache
def _lay() -> Layout:
    return layout("classic", "easy", "letter", "en")


def _page(reads: dict[str, tuple[bool, float]]) -> dict[str, FieldRead]:
    """Every field of a light pencil page read as `reads` says (marked, confidence), and
    read surely as it is printed, empty, where it says nothing."""
    out = {}
    for fb in _lay().fields:
        marked, confidence = reads.get(fb.name, (False, 0.97))
        out[fb.name] = FieldRead(fb.name, fb.kind, marked, confidence, False, 0.0, fb.box,
                                 light=True)
    return out


def _asked(reads: dict[str, tuple[bool, float]]) -> list[str]:
    fields = ask_before_crossed(_page(reads), _lay())
    return sorted(name for name, f in fields.items() if f.uncertain)


def test_a_trap_read_empty_after_traps_read_surely_empty_is_not_asked():
    # generator 1's hard 2981000, a sheet of random marks: traps 2, 4 and 6 read empty at
    # 0.92-0.93, over the 0.9 up to which the rules doubt a trap; trap-13, empty, read so at
    # 0.84, before traps 14 and 15 read crossed. The order is broken long before it: asked
    # on main, leaning empty (the rules' lean takes no witness there either), it is read
    # empty, not asked
    reads = {f"trap-{k}": (True, 0.99) for k in (1, 3, 5, 7, 8, 9, 10, 11, 12, 14, 15)}
    reads |= {"trap-2": (False, 0.92), "trap-4": (False, 0.93), "trap-6": (False, 0.92),
              "trap-13": (False, 0.84)}
    assert _asked(reads) == []


def test_a_trail_cell_read_empty_after_a_cell_read_surely_empty_is_not_asked():
    # 2981003: the fox's trail B read empty at 0.82 in its first cell (over the rules'
    # 0.8), at 0.80 and 0.76 in the next two, crossed in the fourth: the order is broken at
    # its start; its second and third cells are read empty, not asked
    reads = {"F-B1": (False, 0.82), "F-B2": (False, 0.8), "F-B3": (False, 0.76),
             "F-B4": (True, 0.99)}
    assert _asked(reads) == []


def test_a_box_read_empty_not_surely_in_an_unbroken_order_is_still_asked():
    # the same boxes where every box before them is crossed, or read empty only as far as
    # the rules doubt it (and so asked too): asked, as on main
    traps = {f"trap-{k}": (True, 0.99) for k in range(1, 13)}
    traps |= {"trap-13": (False, 0.84), "trap-14": (True, 0.99), "trap-15": (True, 0.99)}
    assert _asked(traps) == ["trap-13"]
    doubted = {"trap-1": (True, 0.99), "trap-2": (False, 0.88), "trap-3": (False, 0.6),
               "trap-4": (True, 0.99)}
    assert _asked(doubted) == ["trap-2", "trap-3"]
    trail = {"F-B1": (True, 0.99), "F-B2": (False, 0.8), "F-B3": (False, 0.76),
             "F-B4": (True, 0.99)}
    assert _asked(trail) == ["F-B2", "F-B3"]
