"""The stroke-template text format (docs/STROKES.md), read and written by the Python binding and
by the evdev library's gk_strokes.h:

    gesturekit-strokes 1
    # a comment
    template check
    stroke 0 60 35 100 100 0
    template x
    stroke 0 0 100 100
    stroke 100 0 0 100

A template is a name (1..63 bytes of UTF-8, no line break, leading and trailing blanks dropped)
followed by its strokes in drawing order; a stroke is its points as x y pairs, at least one point,
numbers finite. Blank lines and lines starting with # are ignored.
"""
from __future__ import annotations

import math
import os
import stat
from typing import List, Tuple

MAGIC = "gesturekit-strokes 1"
MAX_NAME = 63

Template = Tuple[str, List[List[Tuple[float, float]]]]


def _number(x: float) -> str:
    return repr(float(x)) if x != int(x) else str(int(x))


def write_templates(path, templates: List[Template]) -> None:
    """Writes `templates` (name, strokes) to `path`."""
    lines = [MAGIC]
    for name, strokes in templates:
        # A name the format cannot carry (a line break, blanks around it: reading drops them) is
        # refused, never changed on its way through the file.
        if ("\n" in name or "\r" in name or not name.strip() or name != name.strip(" \t")
                or len(name.encode()) > MAX_NAME):
            raise ValueError(f"template name {name!r} cannot be written (no line break, no blanks around it, "
                             f"1..{MAX_NAME} bytes)")
        lines.append(f"template {name}")
        for stroke in strokes:
            lines.append("stroke " + " ".join(f"{_number(x)} {_number(y)}" for x, y in stroke))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


# What read_templates() reads at most, as gk_strokes_load() in C: a file of 16 MiB, a line of
# 1 MiB, the 256 templates a recognizer can hold, 4,096 points and 64 strokes in one template.
MAX_FILE = 16 << 20
MAX_LINE = 1 << 20
MAX_TEMPLATES = 256
MAX_POINTS = 4096
MAX_STROKES = 64
MAX_COORDINATE = 1e12   # the library's limit for a point


def _open_regular(path):
    """`path` opened for reading in binary, if it is a regular file. The open never blocks (a FIFO
    with no writer would wait for ever); anything but a regular file raises ValueError."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            what = ("a FIFO" if stat.S_ISFIFO(mode) else "a directory" if stat.S_ISDIR(mode)
                    else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a file")
            raise ValueError(f"{path}: {what}, not a regular file")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_lines(path, max_file: int = MAX_FILE, max_line: int = MAX_LINE):
    """The lines of the regular file at `path` (UTF-8, without line ends), read one at a time: a
    line longer than `max_line` bytes or a file past `max_file` raises ValueError before more
    is read, so a huge file costs at most one line of memory. A FIFO or a device is refused."""
    total = 0
    with _open_regular(path) as f:
        number = 0
        while True:
            raw = f.readline(max_line + 1)
            if not raw:
                return
            number += 1
            total += len(raw)
            if len(raw) > max_line and not raw.endswith(b"\n"):
                raise ValueError(f"{path}: line {number} is longer than {max_line} bytes")
            if total > max_file:
                raise ValueError(f"{path}: larger than {max_file >> 20} MiB")
            try:
                yield number, raw.rstrip(b"\n").decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError(f"{path}: line {number}: not UTF-8") from None


def _length(stroke) -> float:
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(stroke, stroke[1:]))


def read_templates(path, room: int = MAX_TEMPLATES) -> List[Template]:
    """The templates of the file at `path`; ValueError (with the line number) when malformed.
    Reading stops at the first error, including the template past `room` (the recognizer's room
    for more), at a line over 1 MiB and past 16 MiB. Every template is checked as the library
    checks it (points, strokes, a length), so adding the result cannot fail half-way."""
    out: List[Template] = []
    header = False
    for number, raw in read_lines(path):
        line = raw.strip()
        if not header:
            if line != MAGIC:
                raise ValueError(f"{path}: line {number}: expected '{MAGIC}'")
            header = True
            continue
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "template":
            name = rest.strip()
            if not name or len(name.encode()) > MAX_NAME:
                raise ValueError(f"{path}: line {number}: a template name is 1..{MAX_NAME} bytes")
            if len(out) >= room:
                raise ValueError(f"{path}: line {number}: one template too many: the recognizer has room for {room}")
            out.append((name, []))
        elif word == "stroke":
            if not out:
                raise ValueError(f"{path}: line {number}: a stroke before any template")
            try:
                values = [float(v) for v in rest.split()]
            except ValueError:
                raise ValueError(f"{path}: line {number}: a stroke is numbers") from None
            if not values or len(values) % 2 or not all(math.isfinite(v) for v in values):
                raise ValueError(f"{path}: line {number}: a stroke is x y pairs of finite numbers")
            if any(abs(v) > MAX_COORDINATE for v in values):
                raise ValueError(f"{path}: line {number}: a coordinate beyond {MAX_COORDINATE:g} pt")
            strokes = out[-1][1]
            if len(strokes) >= MAX_STROKES:
                raise ValueError(f"{path}: line {number}: template '{out[-1][0]}' has more than {MAX_STROKES} strokes")
            if sum(len(s) for s in strokes) + len(values) // 2 > MAX_POINTS:
                raise ValueError(f"{path}: line {number}: template '{out[-1][0]}' has more than {MAX_POINTS} points")
            strokes.append(list(zip(values[0::2], values[1::2])))
        else:
            raise ValueError(f"{path}: line {number}: unknown statement '{word}'")
    if not header:
        raise ValueError(f"{path}: line 1: expected '{MAGIC}'")
    for name, strokes in out:
        if not strokes:
            raise ValueError(f"{path}: template '{name}' has no stroke")
        length = sum(_length(s) for s in strokes)
        if not (length > 0 and math.isfinite(length)):
            raise ValueError(f"{path}: template '{name}' has no length")
    return out
