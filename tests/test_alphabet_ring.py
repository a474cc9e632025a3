"""The Crazy8ix alphabet ring, on the rule summary and help card A: even, nothing touching."""

from __future__ import annotations

import math
import string

import pytest

from printkit.draw.recording import Call, RecordingCanvas
from printkit.games.crazy8ix_deck import load_deck
from printkit.products.catalog import products_of
from printkit.products.deck import crazy8ix
from printkit.products.deck.printers import load_printer

Item = tuple[float, float, float, float, bool]  # centre x, y, half width, half height, round


def _ring_items(calls: list[Call], sizes: tuple[float, ...]) -> list[Item]:
    """Return each ring letter, A to Z, as what takes room: its circle, or its glyph."""
    letters = {}
    for c in calls:
        if c.kind == "text" and c.text in string.ascii_uppercase and c.size in sizes \
                and c.text not in letters:
            letters[c.text] = c
    assert sorted(letters) == list(string.ascii_uppercase)
    circles = [c for c in calls if c.kind == "circle" and 14 < c.w < 22]
    items = []
    for letter in string.ascii_uppercase:
        t = letters[letter]
        cx, cy = t.x + t.w / 2, t.y + t.h / 2
        around = [c for c in circles if c.x < cx < c.right and c.y < cy < c.bottom]
        if around:
            c = around[0]
            items.append((c.x + c.w / 2, c.y + c.h / 2, c.w / 2, c.h / 2, True))
        else:
            items.append((cx, cy, t.w / 2, t.h / 2, False))
    return items


def _gap(a: Item, b: Item) -> float:
    """Return the room between two neighbours, along the line from one to the other."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    ux, uy = abs(dx) / d, abs(dy) / d

    def reach(item: Item) -> float:
        return item[2] if item[4] else item[2] * ux + item[3] * uy

    return d - reach(a) - reach(b)


def _rules_ring() -> list[Item]:
    canvas = RecordingCanvas(267, 400)
    products_of("crazy8ix").aid("alphabet-ring").draw(canvas, 267)
    return _ring_items(canvas.calls, (10.0, 11.0))


def _help_card_ring() -> list[Item]:
    card = load_printer("tgc").card.with_bleed((0, 0, 0, 0))
    art = crazy8ix.load(load_deck(), card=card).cards[-4].front  # help card A
    canvas = RecordingCanvas(card.width, card.height)
    art.draw(canvas, card)
    return _ring_items(canvas.calls, (9.5,))


@pytest.mark.parametrize("calls", [_rules_ring, _help_card_ring], ids=["rules", "help-card"])
def test_ring_letters_and_circles_never_touch_and_are_evenly_spaced(calls):
    items = calls()
    gaps = [_gap(items[i], items[(i + 1) % 26]) for i in range(26)]
    # the circled vowels once collided with their neighbours (Y Z A B, O N)
    assert min(gaps) >= 2.0, [round(g, 1) for g in gaps]
    # and the room between neighbours is even to the eye
    assert max(gaps) <= 1.5 * min(gaps), [round(g, 1) for g in gaps]
