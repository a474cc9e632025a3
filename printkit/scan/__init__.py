"""`printkit scan`: reading a photo of a played Fox and the Rabbit gamesheet.

`layout` rebuilds, from the drawing code that prints the sheet, where every field, marker and
the QR code are on the page; `reader` finds the markers in a photo, flattens it to the page,
reads the code and tells which fields hold ink. OpenCV (the `printkit[photo]` extra) is
imported by the reader only.
"""
