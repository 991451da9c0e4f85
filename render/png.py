"""PNG bytes of a finished board, compressed with ISA-L's deflate.

Encoding was most of a picture's cost: Pillow's PNG writer at ``compress_level=1`` took
~10 ms of a Navegador board's ~21 ms (the other games' boards: 10–15 ms of 11–16). ISA-L
(``isal``, Intel's storage acceleration library) deflates the same rows in ~2 ms, so the
PNG is assembled here: the signature, IHDR, PLTE for a palette picture, one IDAT and IEND.
Every row uses PNG filter 0 (none): the boards are palette pictures of flat colours, where
filters gain little and cost time.

The output depends only on the pixels (and the palette), so the same view gives the same
bytes in every process on a machine (at ISA-L's level 0: see ``LEVEL``).
"""

from __future__ import annotations

import struct

from isal import isal_zlib
from PIL import Image

# ISA-L levels are 0–3. Level 0, because it is the one whose output depends only on the
# input: at 1–3 ISA-L works in a buffer the binding allocates uninitialised
# (``PyMem_Malloc``), and the same rows then deflated differently in about one fresh
# process in 150 — the same pixels, other bytes, breaking "the same view gives the same
# bytes". Level 0 gave one output in 550 fresh processes, in the same time (1.8 ms for a
# Navegador board); its files are ~16% larger (Navegador 250–275 KB, the others under 220).
LEVEL = 0

SIGNATURE = b"\x89PNG\r\n\x1a\n"
# mode -> (PNG colour type, bytes per pixel); 8 bits per sample in all of them
COLOUR_TYPES = {"L": (0, 1), "RGB": (2, 3), "P": (3, 1), "RGBA": (6, 4)}


def chunk(kind: bytes, body: bytes) -> bytes:
    """One PNG chunk: length, type, body, CRC of type + body."""
    crc = isal_zlib.crc32(body, isal_zlib.crc32(kind))
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def filtered_rows(raw: bytes, stride: int) -> bytes:
    """The image data as PNG wants it: each row preceded by its filter type, 0."""
    return b"".join(b"\x00" + raw[start:start + stride]
                    for start in range(0, len(raw), stride))


def image_rows(image: Image.Image) -> bytes:
    """``filtered_rows`` of the image's pixels. A one-byte-per-pixel picture (every
    board) is pasted one column in on a zero-filled picture a column wider, whose rows
    are then exactly that: 0.4 ms for a Navegador board against 1.0 ms joining rows."""
    width, height = image.size
    if image.mode in ("P", "L"):
        wider = Image.new(image.mode, (width + 1, height), 0)
        wider.paste(image, (1, 0))
        return wider.tobytes()
    return filtered_rows(image.tobytes(), width * COLOUR_TYPES[image.mode][1])


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes of ``image`` (mode L, RGB, RGBA or P), lossless."""
    if image.mode not in COLOUR_TYPES:
        raise ValueError(f"cannot encode a {image.mode} picture as PNG here "
                         f"(modes: {', '.join(COLOUR_TYPES)})")
    if "transparency" in image.info:
        raise ValueError("a palette transparency (tRNS) is not supported; use RGBA")
    colour_type, _ = COLOUR_TYPES[image.mode]
    width, height = image.size
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    parts = [SIGNATURE, chunk(b"IHDR", header)]
    if image.mode == "P":
        palette = image.getpalette()
        if not palette or image.palette is None or image.palette.mode != "RGB":
            raise ValueError("a palette picture needs an RGB palette here")
        parts.append(chunk(b"PLTE", bytes(palette)))
    parts.append(chunk(b"IDAT", isal_zlib.compress(image_rows(image), LEVEL)))
    parts.append(chunk(b"IEND", b""))
    return b"".join(parts)
