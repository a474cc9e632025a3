"""Hostile images a player could hand `printkit scan`: small files whose header claims a huge
picture (decompression bombs), one per format the reader reads, and damaged images.

`bench/bench_image_bombs.py` measures printkit on them, and the tests use the same builders.
Each builder returns the file's bytes; nothing is written. A `*_bomb` is a whole, valid
image (its pixels all there, compressed); a `*_header` only claims its size and stops
(cheap to make, for the tests: a reader that checks the size first never gets further).
"""

from __future__ import annotations

import io
import struct
import zlib

#: The side of the bombs of the issue: 1,024 megapixels, all white.
SIDE = 32000


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + \
        struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def _deflated(row: bytes, rows: int) -> bytes:
    """Return `rows` copies of `row`, deflated (the same row over and over packs 1000:1)."""
    packer = zlib.compressobj(9)
    block = row * max(1, 4_000_000 // len(row))
    per_block = len(block) // len(row)
    out = []
    left = rows
    while left >= per_block:
        out.append(packer.compress(block))
        left -= per_block
    out.append(packer.compress(row * left))
    out.append(packer.flush())
    return b"".join(out)


#: PNG colour types: bits per sample and samples per pixel.
_PNG_KINDS = {"1-bit": (1, 0, 1), "grey": (8, 0, 1), "rgb16": (16, 2, 3), "palette": (8, 3, 1)}


def png_bomb(width: int = SIDE, height: int = SIDE, kind: str = "1-bit",
             whole: bool = True) -> bytes:
    """Return a white PNG of width × height pixels (`kind`: 1-bit, grey, rgb16 or palette);
    with `whole` False, its data is one row (a header that claims the size)."""
    depth, colour, samples = _PNG_KINDS[kind]
    row = b"\x00" + b"\xff" * ((width * depth * samples + 7) // 8)
    if kind == "palette":
        row = b"\x00" + b"\x00" * width
    head = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth,
                                                                colour, 0, 0, 0))
    if kind == "palette":
        head += _chunk(b"PLTE", b"\xff\xff\xff\x00\x00\x00")
    return head + _chunk(b"IDAT", _deflated(row, height if whole else 1)) + \
        _chunk(b"IEND", b"")


def jpeg_header(width: int = 30000, height: int = 30000) -> bytes:
    """Return a JPEG of 16 × 16 pixels whose frame header says width × height (the issue's
    380-byte bomb: a decoder lays out the whole frame, then finds the data short)."""
    from PIL import Image

    buf = io.BytesIO()
    Image.new("L", (16, 16), 255).save(buf, "JPEG", quality=50)
    data = bytearray(buf.getvalue())
    at = data.index(b"\xff\xc0")
    data[at + 5:at + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def jpeg_scans(width: int = 8000, height: int = 6000, extra: int = 400) -> bytes:
    """Return a progressive JPEG (an even grey, in colour) with its last scan repeated `extra`
    times: a few bytes each, and each a pass of the decoder over the whole image."""
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (width, height), (200, 200, 200)).save(buf, "JPEG", quality=90,
                                                             progressive=True)
    data = buf.getvalue()
    last, end = data.rindex(b"\xff\xda"), data.rindex(b"\xff\xd9")
    return data[:end] + data[last:end] * extra + data[end:]


def gif_header(width: int = 65535, height: int = 65535,
               frame: tuple[int, int] = (1, 1)) -> bytes:
    """Return a GIF whose screen is width × height and whose one frame says it is `frame`
    (a frame past the screen makes the canvas larger), its data a single pixel."""
    return (b"GIF89a" + struct.pack("<HHBBB", width, height, 0x80, 0, 0)
            + b"\xff\xff\xff\x00\x00\x00"
            + b"," + struct.pack("<HHHHB", 0, 0, *frame, 0) + b"\x02\x02\x44\x01\x00;")


def webp_header(width: int = 16383, height: int = 16383) -> bytes:
    """Return a lossless WebP whose header says width × height, its data that of one pixel."""
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (1, 1), "white").save(buf, "WEBP", lossless=True)
    data = bytearray(buf.getvalue())
    at = data.index(b"VP8L") + 8     # the chunk's body: 0x2f, then 14 + 14 bits of size
    bits = int.from_bytes(data[at + 1:at + 5], "little")
    bits = (bits & ~0xFFFFFFF) | (width - 1) | ((height - 1) << 14)
    data[at + 1:at + 5] = bits.to_bytes(4, "little")
    return bytes(data)


def tiff_bomb(width: int = SIDE, height: int = SIDE, whole: bool = True) -> bytes:
    """Return a white 1-bit TIFF of width × height pixels in one deflated strip; with `whole`
    False, the strip holds one row."""
    strip = _deflated(b"\xff" * ((width + 7) // 8), height if whole else 1)
    entries = [(256, 4, width), (257, 4, height), (258, 3, 1), (259, 3, 8), (262, 3, 1),
               (273, 4, 8), (277, 3, 1), (278, 4, height), (279, 4, len(strip))]
    ifd_at = 8 + len(strip)
    ifd = struct.pack("<H", len(entries)) + b"".join(
        struct.pack("<HHII", tag, kind, 1, value) if kind == 4 else
        struct.pack("<HHIHH", tag, kind, 1, value, 0) for tag, kind, value in entries) + \
        struct.pack("<I", 0)
    return b"II*\x00" + struct.pack("<I", ifd_at) + strip + ifd


def bmp_header(width: int = 30000, height: int = 30000) -> bytes:
    """Return a BMP (8-bit grey) whose header says width × height, with no pixels."""
    palette = b"".join(bytes((i, i, i, 0)) for i in range(256))
    offset = 14 + 40 + len(palette)
    return (b"BM" + struct.pack("<IHHI", offset, 0, 0, offset)
            + struct.pack("<IiiHHIIiiII", 40, width, height, 1, 8, 0, 0, 2835, 2835, 256, 0)
            + palette)


def heic_header(width: int = 30000, height: int = 30000) -> bytes:
    """Return the start of a HEIC file (its `ftyp` box): what tells a HEIC photo apart."""
    return struct.pack(">I", 24) + b"ftypheic" + b"\x00\x00\x00\x00" + b"mif1heic"


def png_garbage() -> bytes:
    """Return a PNG's signature and header followed by garbage (OpenCV printed three lines
    of libpng's and its own on it)."""
    return png_bomb(800, 600, "grey", whole=False)[:33] + b"\x13\x37" * 200


def jpeg_corrupt() -> bytes:
    """Return a JPEG with garbage between its data and its end (libjpeg's "Corrupt JPEG data:
    N extraneous bytes before marker" on standard error)."""
    from PIL import Image

    buf = io.BytesIO()
    Image.new("L", (640, 480), 200).save(buf, "JPEG", quality=80)
    data = buf.getvalue()
    return data[:-2] + b"\x00\x01\x02\x03" + data[-2:]


#: Every bomb of the bench, by name: the formats the reader reads, and two it does not.
BOMBS = {
    "PNG 1-bit 32000²": lambda: png_bomb(),
    "PNG grey 8-bit 20000²": lambda: png_bomb(20000, 20000, "grey"),
    "PNG palette 20000²": lambda: png_bomb(20000, 20000, "palette"),
    "PNG RGB 16-bit 12000²": lambda: png_bomb(12000, 12000, "rgb16"),
    "JPEG header 30000²": lambda: jpeg_header(),
    "JPEG 48 MP, 400 scans more": lambda: jpeg_scans(),
    "GIF header 65535²": lambda: gif_header(),
    "WebP header 16383²": lambda: webp_header(),
    "TIFF 1-bit 32000²": lambda: tiff_bomb(),
    "BMP header 30000²": lambda: bmp_header(),
}
