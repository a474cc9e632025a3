"""The player aids a rule summary can place with `::aid NAME`: one module per game, each
with its `AIDS`, which the game's entry in `printkit.products.catalog` names."""
