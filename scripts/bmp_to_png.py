#!/usr/bin/env python3
"""Converts an uncompressed 24- or 32-bit BMP (what SDL_SaveBMP writes) to an RGB PNG, with the
standard library only. Usage: bmp_to_png.py IN.bmp OUT.png"""
import struct
import sys
import zlib


def read_bmp(path):
    data = open(path, "rb").read()
    if data[:2] != b"BM":
        sys.exit(f"bmp_to_png: {path} is not a BMP file")
    offset = struct.unpack_from("<I", data, 10)[0]
    width, height, _, bits, compression = struct.unpack_from("<iiHHI", data, 18)
    if bits not in (24, 32) or compression not in (0, 3):
        sys.exit(f"bmp_to_png: {path}: {bits}-bit, compression {compression}; 24 or 32-bit uncompressed expected")
    masks = (0x00FF0000, 0x0000FF00, 0x000000FF)
    if compression == 3:
        masks = struct.unpack_from("<III", data, 54)
    stride = (width * bits // 8 + 3) & ~3
    rows = []
    for y in range(abs(height)):
        line = data[offset + y * stride:offset + y * stride + width * bits // 8]
        out = bytearray()
        for x in range(width):
            if bits == 24:
                b, g, r = line[x * 3:x * 3 + 3]
            else:
                v = struct.unpack_from("<I", line, x * 4)[0]
                r, g, b = ((v & m) >> ((m & -m).bit_length() - 1) for m in masks)
            out += bytes((r, g, b))
        rows.append(bytes(out))
    if height > 0:
        rows.reverse()   # bottom-up
    return width, abs(height), rows


def write_png(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\x00" + row for row in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: bmp_to_png.py IN.bmp OUT.png")
    write_png(sys.argv[2], *read_bmp(sys.argv[1]))
