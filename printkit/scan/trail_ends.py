"""A light pencil page's trail end asked for the food it leads to: a trail's last cell that
the photo reads empty, not surely, where a food that only this trail of its animal ends at
is read ticked (an animal eats a food only at the end of a trail it finished)."""

from __future__ import annotations

from dataclasses import replace

from printkit.games.fox_rabbit import sheet_fields as sf
from printkit.games.fox_rabbit.rules_lean import ORDER_EMPTY
from printkit.scan.field_read import FieldRead
from printkit.scan.layout import Layout

#: A food's box read ticked over this confidence (asked or not) is a witness that the one
#: trail of its animal ending at it was finished (the rules' `WEAK`, a box read crossed).
#: Measured on generator 2's light pencil tuning photos and the earlier rounds' own hard and
#: light seeds (docs/scan-measurement.md, "A light pencil's trail end asked for its food"):
#: over 0.5 / 0.6 / 0.8 it asks 17 / 16 / 14 last cells, each crossed and read empty (wrong)
#: on main, and no empty one. Asking the trail's other cells so too asked 33 crossed cells
#: and 16 empty ones (foods misread ticked), so only the last cell is asked.
FOOD_EATEN = 0.6


def ask_trail_ends(fields: dict[str, FieldRead], lay: Layout, light: bool
                   ) -> dict[str, FieldRead]:
    """Return the fields of a light pencil page with each trail's last cell that the photo
    reads empty, not surely (at `rules_lean.ORDER_EMPTY` or less, not asked), asked where
    one of the foods at the trail's end is read ticked over `FOOD_EATEN` and no other trail
    of the same animal ends at that food: the animal ate there, so it finished this trail,
    and a light pencil's tick in its last cell left no trace to read. Its lean stays the
    photo's. On a page not read as light pencil nothing is asked so."""
    if not light:
        return fields
    out = dict(fields)
    game_map = lay.map
    for trail in game_map.trails:
        cells = [str(c.id) for c in trail.cells if str(c.id) in fields]
        if not cells:
            continue
        f = fields[cells[-1]]
        if f.kind.written or f.marked or f.uncertain or f.confidence > ORDER_EMPTY:
            continue
        for food in game_map.foods_at(trail):
            box = fields.get(sf.food_field(trail.animal, food))
            if box is None or not box.marked or box.confidence <= FOOD_EATEN:
                continue
            others = [t for t in game_map.trails_of(trail.animal)
                      if t.id != trail.id and food in game_map.foods_at(t)]
            if not others:
                out[f.name] = replace(f, uncertain=True)
                break
    return out
