"""The Fox and the Rabbit: the map model, the rules engine, run records and the validator.

Pure Python: nothing here imports the drawing layer.
"""
