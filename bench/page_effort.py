"""Taps and keys to referee a run on the page, counted from its record, before and after
play-along's guided endgame and the phone's Zoom.

Run: python bench/page_effort.py [RECORD]   (default examples/fox-and-rabbit/easy-won.yaml)

Counted by the page's own rules (what each action takes), not timed:
- Enter a finished sheet: a tap per ticked box; a tap, the characters and Enter per box
  written in. On a phone, Zoom (on, then off) gives every box a 44 px tap area.
- Play along, turns: the roll tapped on the dice pad and Roll, a tap per die picked, per aid
  and per cell, the food and the reward chosen, End turn.
- Play along, the endgame before: each attempt typed into its box (tap, characters, Enter),
  its outcome box, the aid circles and farmer's boxes ticked by hand, then the score box
  typed (four boxes), its title and achievements ticked.
- Play along, the endgame now: Start the endgame; per attempt its roll typed and Enter, a
  tap per aid offered (a re-roll's faces typed), Record; the score box fills itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "bench"))
from play_along import taps as turn_taps  # noqa: E402

from printkit.games.fox_rabbit.record import read_record  # noqa: E402
from printkit.web.referee import open_record  # noqa: E402


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else \
        ROOT / "examples/fox-and-rabbit/easy-won.yaml"
    data = path.read_bytes()
    sheet = open_record(data)
    run = read_record(data.decode("utf-8"))
    ticked = [k for k, v in sheet["values"].items() if v is True]
    written = {k: v for k, v in sheet["values"].items() if isinstance(v, str)}
    enter_taps = len(ticked) + len(written)
    enter_keys = sum(len(v) + 1 for v in written.values())
    print(f"{path.name}: {len(sheet['turns'])} turns, {len(run.escapes)} escape and "
          f"{len(run.triggers)} farmer attempts")
    print(f"enter a finished sheet, desktop: {enter_taps} taps, {enter_keys} keys "
          f"(before and after)")
    print(f"enter a finished sheet, phone: {enter_taps} taps, {enter_keys} keys before "
          f"(boxes' tap areas down to 25 px); {enter_taps + 2} taps after (Zoom on and off, "
          f"every tap area 44 px)")
    turns = sum(turn_taps(line) for line in sheet["turns"])
    # the endgame by hand: the boxes the endgame and score fill
    endgame_boxes = {k: v for k, v in sheet["values"].items() if k.startswith("round-")}
    by_hand_taps = by_hand_keys = 0
    for value in endgame_boxes.values():
        by_hand_taps += 1
        by_hand_keys += len(value) + 1 if isinstance(value, str) else 0
    paid = sum(len(a.aids) for a in run.escapes) - len([a for a in run.escapes if a.aids])
    farmer = sum(len(a.aids) for a in run.triggers)
    score_boxes = [k for k in sheet["values"] if k.startswith("score")]
    claims = [k for k, v in sheet["values"].items()
              if v is True and (k.startswith("title-") or "-one" in k or "-both" in k)]
    by_hand_taps += paid + farmer + len(score_boxes) + len(claims)
    by_hand_keys += sum(len(str(sheet["values"][k])) + 1 for k in score_boxes)
    guided_taps, guided_keys = 1, 0
    for att in (*run.escapes, *run.triggers):
        guided_keys += len(" ".join(f"{'RBY'[d // 10]}{d % 10}" for d in att.roll)) + 1
        guided_taps += 1 + len(att.aids)  # Record, and each aid offered
        for aid in att.aids:
            if str(aid).startswith("re-roll"):
                guided_keys += len(str(aid).split("->")[1]) + 1
    print(f"play along, the turns: {turns} taps ({turns / len(sheet['turns']):.1f} a turn), "
          f"before and after")
    print(f"play along, the endgame and score box: before {by_hand_taps} taps, {by_hand_keys} "
          f"keys; after {guided_taps} taps, {guided_keys} keys")
    print(f"play along, the whole run: before {turns + by_hand_taps} taps, {by_hand_keys} keys;"
          f" after {turns + guided_taps} taps, {guided_keys} keys (desktop and phone alike)")


if __name__ == "__main__":
    main()
