"""The Fox and the Rabbit: the map model, the rules engine, run records and the validator.

Pure Python: nothing here imports the drawing layer.
"""

#: The modes, easiest first (the map template gives each its rules).
MODES: tuple[str, ...] = ("easy", "hard", "super-hard")

#: The automatic players, by name (see `players/`); kept here so that the command line can
#: name them without loading the players themselves at start-up.
STRATEGIES: tuple[str, ...] = ("random", "greedy", "careful")
