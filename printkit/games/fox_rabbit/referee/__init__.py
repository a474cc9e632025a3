"""The referee's parts, one job each; `validate.validate_run` runs them in order.

- `state`: what one validation holds (the run, the engine state it builds, the findings);
- `replay`: the turn log replayed on the engine, and the sheet compared with it;
- `paper`: what the sheet alone shows, checked without a turn log;
- `endgame`: the rounds of escape and trigger attempts;
- `aid_totals`: the aid circles and the farmer's boxes against the aids used;
- `score_box`: the score, title and achievements written, and what a mistake changes;
- `report`: the verdict as a player and a tool read it;
- `words`, `boxes`: how a message says things, and which boxes of the sheet it points at;
- `matching`: whether each item the sheet shows can take a different offer that explains it.
"""
