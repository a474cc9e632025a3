"""Go Nuts!: the target and how a turn is recorded."""

DEFAULT_TARGET = 50
SQUIRREL_DICE = 5
