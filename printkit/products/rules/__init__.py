"""Rule summaries: one page per game (two for The Fox and the Rabbit), and the booklet of all.

`summary` lays them out from `templates/rules/<game-id>.md` (see docs/rules-markdown.md for
the Markdown subset); `aids` draws the player aids a summary places, from the games' rules
code. Which aids a game has, and its place in the booklet, are its entry in
`printkit.products.catalog`.
"""
