"""Reads the pixels of a PNG without an imaging library, for the tests that check pictures by their
pixels (view_screenshot.py: gesturekit view's screenshots; Tests/web/browser_test.py: Chromium's).
Only what those programs write: 8-bit RGB or RGBA, not interlaced."""
import struct
import zlib


def read_png(source):
    """(width, height, rows of (r, g, b)) of the PNG at path `source`, or in the bytes `source`."""
    data = source if isinstance(source, (bytes, bytearray)) else open(source, "rb").read()
    where = "the picture" if isinstance(source, (bytes, bytearray)) else source
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{where} is not a PNG"
    pos, idat, width, height, channels = 8, b"", 0, 0, 3
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour_type, _c, _f, interlace = struct.unpack(">IIBBBBB", body[:13])
            assert depth == 8 and colour_type in (2, 6) and interlace == 0, \
                f"{where}: depth {depth}, colour type {colour_type}, interlace {interlace}; 8-bit RGB or RGBA expected"
            channels = 3 if colour_type == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride, rows, prev = width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = prev[x], prev[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + 3]) for i in range(0, stride, channels)])
        prev = line
    return width, height, rows
