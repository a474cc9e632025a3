"""Exporting a deck, any deck: the formats (print-and-play, printer files, SVG, Tabletop
Simulator), their registry, the pictures, and the built-in Crazy8ix deck loaded from its
templates as a deck like any other."""
