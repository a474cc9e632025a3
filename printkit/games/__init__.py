"""The rules of the five games, in plain Python: no drawing, no files written."""
