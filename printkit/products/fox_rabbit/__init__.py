"""The Fox and the Rabbit on paper: the gamesheet and its cell drawings."""
