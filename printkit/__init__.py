"""printkit: printable material for a tabletop game night."""

__version__ = "0.1.0"
