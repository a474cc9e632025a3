"""A deck of one's own: cards drawn from a spreadsheet's rows and a layout file."""
