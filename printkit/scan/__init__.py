"""`printkit scan`: reading a photo of a played Fox and the Rabbit gamesheet.

`layout` rebuilds, from the drawing code that prints the sheet, where every field, marker and
the QR code are on the page; `reader.scan` runs the reader's rooms in turn (`light`,
`markers`, `code` or `look`, `page`, `fields` and `ink`), tuned by one `params.ReaderParams`.
OpenCV (the `printkit[photo]` extra) is imported by the rooms only, never by `layout`,
`image` or `params`.
"""
