"""`printkit serve`: the gamesheet in the browser, refereed as it is tapped.

`referee` turns what the page holds (the sheet's field values and a turn log) into a run
record and judges it with the validator of `printkit validate`; `app` is the HTTP layer
(Starlette) around it; `static/` is the page itself, a small script with no build step.
"""
