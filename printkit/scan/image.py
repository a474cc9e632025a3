"""A photo's file: which image it is, how large its header says it is, and its grey levels.

A photo comes from a player, or from anyone who can reach `printkit serve`: a file of a few
hundred bytes may claim a picture of a billion pixels. Its size is read from its header
first (Pillow's plugins read only the header until asked for the pixels; a WebP's is read
here, as its decoder lays out the whole canvas when it opens), and an image that would take
more than MAX_PIXELS, or more than MAX_DECODING bytes to decode, is refused before a byte of
it is decoded. The pixels are then decoded by Pillow, which says what goes wrong by raising
(OpenCV's decoders and the libraries under them print their warnings on standard error),
and made grey a band of rows at a time, so that a colour image is never held twice.

Only the formats phones and scanners write are read, each known by its first bytes: JPEG,
PNG, WebP, GIF, TIFF and, with the pillow-heif plugin, HEIC.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from printkit.errors import PrintkitError
from printkit.message import Said, tr

if TYPE_CHECKING:   # Pillow is imported to decode only: `image_format` is asked of every record
    from numpy.typing import NDArray
    from PIL import Image, ImageFile

#: The most pixels a photo may have: a phone's 12-, 48- or 50-megapixel photo reads. Just
#: under Pillow's own threshold (89.5 megapixels), past which its decoders warn on standard
#: error.
MAX_PIXELS = 89_000_000
#: The most memory (bytes) decoding a photo may take: the decoder's picture, a progressive
#: JPEG's coefficients and the grey copy (`_decoding_bytes`).
MAX_DECODING = 400_000_000
#: The most scans a JPEG may hold: each costs a pass over the whole image, and a few bytes
#: make one (a progressive JPEG from a camera or an encoder has 10 or so; 200 empty ones cost
#: a 48-megapixel JPEG 2.6 s of CPU more).
MAX_SCANS = 100
#: The bytes a pixel of a WebP takes to decode: its decoder's canvas, the frame it hands
#: over and Pillow's picture (4 bytes a pixel each), and the grey copy.
WEBP_BYTES = 16.0
#: How much a palette image's grey is smoothed (a Gaussian's sigma, in pixels).
DITHER_SMOOTH = 1.0
#: The rows made grey at a time.
BAND = 256
#: The ISO boxes' brands of a HEIC or HEIF photo.
HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1")
#: What each format is called in a message.
NAMES = {"JPEG": "JPEG", "PNG": "PNG", "WEBP": "WebP", "GIF": "GIF", "TIFF": "TIFF",
         "HEIF": "HEIC"}


class Size(NamedTuple):
    """An image's size, in pixels."""

    width: int
    height: int


#: How each EXIF orientation (2-8) is turned upright, as Pillow's `exif_transpose` does: a
#: view of the grey levels, copied once.
_UPRIGHT: dict[int, Callable[[Any], Any]] = {
    2: lambda a: a[:, ::-1], 3: lambda a: a[::-1, ::-1], 4: lambda a: a[::-1],
    5: lambda a: a.T, 6: lambda a: a.T[:, ::-1], 7: lambda a: a[::-1, ::-1].T,
    8: lambda a: a.T[::-1]}


class ScanError(PrintkitError):
    """A photo that cannot be read as a gamesheet."""


def image_format(data: bytes) -> str | None:
    """Return the format of an image the reader reads (JPEG, PNG, WEBP, GIF, TIFF, HEIF), by
    its first bytes, or None."""
    if data.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    if data[:4] in (b"II*\x00", b"MM\x00*"):
        return "TIFF"
    if data[4:8] == b"ftyp" and data[8:12] in HEIF_BRANDS:
        return "HEIF"
    return None


def grey(data: bytes, name: Said) -> NDArray[Any]:
    """Return the photo in grey levels (0-255, one byte a pixel), turned as its EXIF
    orientation says; or raise ScanError saying why it cannot be decoded."""
    import numpy as np
    from PIL import Image, ImageFilter

    kind = image_format(data)
    if kind is None:
        if data.startswith(b"%PDF"):
            raise ScanError(tr("{photo} is a PDF, not a photo: check a filled PDF gamesheet "
                               "with printkit validate {photo}", photo=name))
        raise ScanError(tr("{photo} is not a JPEG, PNG, WebP, GIF, TIFF or HEIC image",
                           photo=name))
    if kind == "WEBP":   # its decoder lays out the canvas as it opens: sized first
        _check_size(name, _webp_size(data, name), WEBP_BYTES)
    if kind == "GIF":    # a frame may lie past the screen, and grows the canvas as it opens
        _check_size(name, _gif_size(data), 1)
    if kind == "JPEG" and _jpeg_scans(data) > MAX_SCANS:
        raise _damaged(name, kind)
    image = _opened(kind, data, name)
    try:
        _check_size(name, Size(*image.size), _decoding_bytes(image))
        if image.format == "JPEG":   # libjpeg gives the luma itself, one byte a pixel
            image.draft("L", None)
        dithered = image.mode in ("1", "P", "PA")
        image.load()
        orientation = _orientation(image)   # a PNG's EXIF may follow its pixels
        out = _grey_of(image)
        if dithered:
            # a palette's few tones, dithered, are noise at a pixel's scale that reads as ink:
            # smoothed, the page's tones come back (12 photos in 64 colours: 28 boxes read
            # ticked that were not and 32 asked; smoothed, 2 and 1)
            out = np.array(Image.fromarray(out).filter(ImageFilter.GaussianBlur(DITHER_SMOOTH)))
    except ScanError:
        raise
    except Exception:  # whatever a damaged file makes a decoder raise: one line, no traceback
        raise _damaged(name, kind) from None
    finally:
        image.close()
    if orientation in _UPRIGHT:
        out = np.ascontiguousarray(_UPRIGHT[orientation](out))
    return out


def _opened(kind: str, data: bytes, name: Said) -> Image.Image:
    """Return the image with its header read, not its pixels."""
    try:
        if kind == "HEIF":
            try:
                from pillow_heif import HeifImageFile  # an optional Pillow plugin
            except ImportError:
                raise ScanError(tr("{photo} is a HEIC photo, which needs the pillow-heif "
                                   "package (pip install pillow-heif)", photo=name)) from None
            # typed or not, as the installed pillow-heif is
            heif: Image.Image = HeifImageFile(  # type: ignore[no-untyped-call, unused-ignore]
                io.BytesIO(data))
            return heif
        # the plugin itself, not Image.open: no other format is tried, and Pillow's own size
        # check (a warning on standard error) is left to ours
        return _plugins()[kind](io.BytesIO(data))
    except ScanError:
        raise
    except Exception:  # a header a plugin cannot make sense of
        raise _damaged(name, kind) from None


def _damaged(name: Said, kind: str) -> ScanError:
    return ScanError(tr("{photo} is a damaged {format} image: it cannot be decoded; take the "
                        "photo again, or send the camera's own file", photo=name,
                        format=NAMES[kind]))


@cache
def _plugins() -> dict[str, type[ImageFile.ImageFile]]:
    from PIL import (
        GifImagePlugin,
        JpegImagePlugin,
        PngImagePlugin,
        TiffImagePlugin,
        WebPImagePlugin,
    )

    return {"JPEG": JpegImagePlugin.JpegImageFile, "PNG": PngImagePlugin.PngImageFile,
            "WEBP": WebPImagePlugin.WebPImageFile, "GIF": GifImagePlugin.GifImageFile,
            "TIFF": TiffImagePlugin.TiffImageFile}



def _check_size(name: Said, size: Size, bytes_per_pixel: float) -> None:
    """Refuse an image of `size` when it has more pixels than MAX_PIXELS or
    would take more than MAX_DECODING bytes to decode at `bytes_per_pixel`."""
    width, height = size
    most = min(MAX_PIXELS, int(MAX_DECODING / bytes_per_pixel))
    if width * height > most:
        raise ScanError(tr("{photo} is {width} × {height} pixels: too large to read; printkit "
                           "reads such a photo up to {most} megapixels (take it at a lower "
                           "resolution)", photo=name, width=width, height=height,
                           most=most // 1_000_000))


def _decoding_bytes(image: Image.Image) -> float:
    """Return the bytes a pixel of the image takes while it is decoded and made grey, as
    measured (`bench/bench_image_bombs.py`): the decoder's picture (a JPEG's luma alone;
    Pillow keeps 4 bytes a pixel of colour, a WebP's decoder two more copies of it), a
    progressive JPEG's coefficients (2 bytes each, every component's, held whole), and the
    grey copy."""
    if image.format == "JPEG":
        layers = getattr(image, "layer", [])
        picture = 5.0 if image.mode == "CMYK" else 1.0
        if image.info.get("progressive") and layers:
            most = max(h * v for _id, h, v, _q in layers)
            picture += 2.0 * sum(h * v for _id, h, v, _q in layers) / most
        return picture + 1
    if image.format == "WEBP":
        return WEBP_BYTES
    if image.format == "HEIF":   # libheif's decoded picture, 3 bytes a pixel, and Pillow's
        return 8.0
    if image.mode in ("1", "P", "PA"):   # and a smoothed copy
        return 4.0
    if image.mode == "L":
        return 2.0
    if image.mode.startswith("I;16"):
        return 3.0
    return 6.0


def _orientation(image: Image.Image) -> int:
    try:
        return int(image.getexif().get(0x0112, 1))
    except Exception:  # a damaged EXIF block: the photo as it is
        return 1


def _grey_of(image: Image.Image) -> NDArray[Any]:
    """Return the decoded image's grey levels, made a band of BAND rows at a time: a palette
    through its colours, 16 bits to 8, colour as ITU-R 601's luma (as libpng's grey, which
    the reader read PNG photos by)."""
    import numpy as np

    width, height = image.size
    out = np.empty((height, width), np.uint8)
    for top in range(0, height, BAND):
        band = image.crop((0, top, width, min(height, top + BAND)))
        if band.mode == "L":
            rows = np.asarray(band)
        elif band.mode.startswith("I;16") or band.mode == "I":
            rows = (np.asarray(band).astype(np.uint32) >> 8).clip(0, 255).astype(np.uint8)
        else:
            rgb = np.asarray(band.convert("RGB")).astype(np.uint32)
            rows = ((9797 * rgb[..., 0] + 19234 * rgb[..., 1] + 3737 * rgb[..., 2]) >> 15) \
                .astype(np.uint8)
        out[top:top + BAND] = rows
    return out


def _webp_size(data: bytes, name: Said) -> Size:
    """Return the width and height a WebP's first chunk says (VP8X, VP8L or VP8)."""
    chunk = data[12:16]
    try:
        if chunk == b"VP8X":
            width, height = (int.from_bytes(data[at:at + 3], "little") + 1 for at in (24, 27))
            return Size(width, height)
        if chunk == b"VP8L":
            bits = int.from_bytes(data[21:25], "little")
            return Size((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        if chunk == b"VP8 ":
            width, height = struct.unpack_from("<HH", data, 26)
            return Size(width & 0x3FFF, height & 0x3FFF)
    except (struct.error, ValueError):
        pass
    raise _damaged(name, "WEBP")


def _jpeg_scans(data: bytes) -> int:
    """Return how many scans (SOS segments) a JPEG's image holds, up to its end (EOI): the
    segments before each scan are stepped over by their lengths, a scan's data to the next
    marker (a 0xFF its data holds is followed by 0x00, or is a restart marker)."""
    at, scans = 2, 0
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            break
        marker = data[at + 1]
        if marker == 0xD9:   # the end of the image
            break
        if marker == 0xFF:   # fill bytes before a marker
            at += 1
            continue
        at += 2 + int.from_bytes(data[at + 2:at + 4], "big")
        if marker == 0xDA:
            scans += 1
            while True:
                at = data.find(b"\xff", at)
                if at < 0 or at + 1 >= len(data):
                    return scans
                if data[at + 1] == 0x00 or 0xD0 <= data[at + 1] <= 0xD7:
                    at += 2
                    continue
                break
    return scans


def _gif_size(data: bytes) -> Size:
    """Return the size of a GIF's canvas once its first frame is laid on it."""
    try:
        width, height, flags = struct.unpack_from("<HHB", data, 6)
        at = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
        while at < len(data):
            if data[at] == 0x21:        # an extension: its label, then its blocks
                at += 2
                while at < len(data) and data[at]:
                    at += data[at] + 1
                at += 1
            elif data[at] == 0x2C:      # the first frame: its place and size
                x, y, w, h = struct.unpack_from("<HHHH", data, at + 1)
                return Size(max(width, x + w), max(height, y + h))
            else:
                break
    except struct.error:
        pass
    return Size(0, 0)
