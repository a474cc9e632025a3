"""The card engine: cards drawn from a spreadsheet's rows and a layout file, and the deck
they make (the built-in one's and one's own)."""
