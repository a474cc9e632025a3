"""Score pads: one module per game, each with its `PAD` (see `common.Pad`), which the game's
entry in `printkit.products.catalog` names."""
