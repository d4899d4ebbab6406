#!/usr/bin/env python3
"""Checks that a PNG screenshot shows something: that enough of its pixels
differ from its most common colour and that it has more than a handful of
colours. A page that failed to render (a blank, a single-colour error
screen) fails; a page of text, tables and charts passes.

Usage: screenshot_not_blank.py FILE.png [--min-share 0.01] [--min-colours 8]

Exit 0: not blank; 1: blank; 2: not a PNG this script can read. Python 3.11
standard library only: the PNG's chunks are read, its IDAT data inflated
with zlib and its scanline filters undone here.
"""

import argparse
import struct
import sys
import zlib
from collections import Counter

SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Samples per pixel of each colour type (PNG spec, 11.2.2).
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


class NotReadable(Exception):
    """The file is not a PNG this script reads."""


def chunks(data):
    """Yields (type, body) of every chunk, checking each CRC."""
    if not data.startswith(SIGNATURE):
        raise NotReadable("no PNG signature")
    pos = len(SIGNATURE)
    while pos + 8 <= len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        crc_at = pos + 8 + length
        if len(body) != length or crc_at + 4 > len(data):
            raise NotReadable(f"chunk {kind!r} is cut short")
        (crc,) = struct.unpack(">I", data[crc_at : crc_at + 4])
        if zlib.crc32(kind + body) != crc:
            raise NotReadable(f"chunk {kind!r} has a bad CRC")
        yield kind, body
        if kind == b"IEND":
            return
        pos = crc_at + 4
    raise NotReadable("no IEND chunk")


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(raw, height, stride, bpp):
    """The scanlines with their filters undone (PNG spec, 9.2)."""
    rows = []
    prev = bytearray(stride)
    pos = 0
    for y in range(height):
        if pos + 1 + stride > len(raw):
            raise NotReadable(f"image data ends at row {y} of {height}")
        kind = raw[pos]
        row = bytearray(raw[pos + 1 : pos + 1 + stride])
        pos += 1 + stride
        if kind == 0:
            pass
        elif kind == 1:
            for i in range(bpp, stride):
                row[i] = (row[i] + row[i - bpp]) & 0xFF
        elif kind == 2:
            for i in range(stride):
                row[i] = (row[i] + prev[i]) & 0xFF
        elif kind == 3:
            for i in range(stride):
                left = row[i - bpp] if i >= bpp else 0
                row[i] = (row[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                if i >= bpp:
                    left, up_left = row[i - bpp], prev[i - bpp]
                else:
                    left, up_left = 0, 0
                row[i] = (row[i] + paeth(left, prev[i], up_left)) & 0xFF
        else:
            raise NotReadable(f"row {y} has unknown filter type {kind}")
        rows.append(row)
        prev = row
    return rows


def pixels(path):
    """(width, height, Counter of colours): every pixel's colour as bytes
    (RGB or RGBA, grey or grey-alpha; palette indices looked up)."""
    with open(path, "rb") as f:
        data = f.read()
    header = None
    palette = None
    idat = []
    for kind, body in chunks(data):
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = [bytes(body[i : i + 3]) for i in range(0, len(body), 3)]
        elif kind == b"IDAT":
            idat.append(body)
    if header is None:
        raise NotReadable("no IHDR chunk")
    width, height, depth, colour_type, _, _, interlace = header
    if colour_type not in CHANNELS:
        raise NotReadable(f"unknown colour type {colour_type}")
    if interlace != 0:
        raise NotReadable("interlaced PNGs are not read")
    if colour_type == 3 and palette is None:
        raise NotReadable("a palette image without PLTE")
    channels = CHANNELS[colour_type]
    bits = channels * depth
    stride = (width * bits + 7) // 8
    bpp = max(1, bits // 8)
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as e:
        raise NotReadable(f"image data does not inflate: {e}") from e
    colours = Counter()
    for row in unfilter(raw, height, stride, bpp):
        if depth >= 8:
            size = bits // 8
            if colour_type == 3:
                colours.update(palette[i] for i in row)
            else:
                colours.update(bytes(row[i : i + size]) for i in range(0, stride, size))
        else:
            # 1, 2 or 4 bits per pixel: grey or palette, one sample each.
            per_byte = 8 // depth
            mask = (1 << depth) - 1
            samples = [
                (b >> (8 - depth * (k + 1))) & mask for b in row for k in range(per_byte)
            ][:width]
            if colour_type == 3:
                colours.update(palette[s] for s in samples)
            else:
                colours.update(bytes([s]) for s in samples)
    return width, height, colours


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("png")
    parser.add_argument(
        "--min-share",
        type=float,
        default=0.01,
        help="least share of pixels that differ from the most common colour (default 0.01)",
    )
    parser.add_argument(
        "--min-colours",
        type=int,
        default=8,
        help="least number of distinct colours (default 8)",
    )
    args = parser.parse_args()
    try:
        width, height, colours = pixels(args.png)
    except (OSError, NotReadable, IndexError, struct.error) as e:
        print(f"{args.png}: cannot read the screenshot: {e}", file=sys.stderr)
        return 2
    total = width * height
    if total == 0:
        print(f"{args.png}: the screenshot has no pixels", file=sys.stderr)
        return 1
    common, count = colours.most_common(1)[0]
    share = 1 - count / total
    what = (
        f"{args.png}: {width}x{height}, {share:.2%} of the pixels differ from the most "
        f"common colour #{common.hex()}, {len(colours)} distinct colours"
    )
    problems = []
    if share < args.min_share:
        problems.append(f"fewer than {args.min_share:.2%} of the pixels differ")
    if len(colours) < args.min_colours:
        problems.append(f"fewer than {args.min_colours} distinct colours")
    if problems:
        print(f"{what}: BLANK ({'; '.join(problems)})", file=sys.stderr)
        return 1
    print(f"{what}: not blank")
    return 0


if __name__ == "__main__":
    sys.exit(main())
