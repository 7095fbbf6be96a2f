#!/usr/bin/env python3
"""The standard touch workload (gesture-workload v1), written by the project from its published
description, so that the benchmark and its tests need nothing outside this tree.

The stream: taps, one-finger pans and two-finger pinches on a 4x4 grid of cells on an 800x480
screen, one sequence after another, at 100 Hz. The random source is SplitMix64, and every draw is
taken in a fixed order, so a seed gives the same file on every machine. With the defaults
(10,000 sequences, seed 0x5EED0001) the file has 279,604 events and the sha256
3bd334e92944c2d5f05dfac42b069b6715f1a5fe89ef521e0859b7de771a7a52, the same bytes as the reference
generator beside the project (../shared/bench/gen_workload.py; CTest
`bench_workload_matches_the_reference_generator` compares the two where it is present).

Usage: workload.py [--sequences N] [--seed S] [-o FILE]
"""
import argparse
import math
import sys

SCREEN = (800, 480)
GRID = (4, 4)                      # columns, rows
PITCH = (200, 120)                 # the grid's step
INSET = 4                          # a cell is its pitch rectangle less this on each side
CELL = (PITCH[0] - 2 * INSET, PITCH[1] - 2 * INSET)   # 192 x 112
FRAME_MS = 10
PAUSE_MS = 500                     # between sequences
START_MS = 1000
MASK = (1 << 64) - 1


class SplitMix64:
    """The generator's only source of randomness."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next_u64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def uniform(self):
        """A double in [0, 1) from the top 53 bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def below(self, n):
        return int(self.uniform() * n)


def clamp(value, low, high):
    return low if value < low else high if value > high else value


class Writer:
    def __init__(self):
        self.lines = []

    def event(self, t, finger, phase, x, y):
        self.lines.append("%d %d %s %.2f %.2f" % (t, finger, phase, x, y))


def tap(rng, out, t, left, top):
    x = left + 8 + rng.uniform() * (CELL[0] - 16)
    y = top + 8 + rng.uniform() * (CELL[1] - 16)
    duration = 50 + 10 * rng.below(8)
    jitter_x = (rng.uniform() - 0.5) * 4
    jitter_y = (rng.uniform() - 0.5) * 4
    out.event(t, 0, "down", x, y)
    out.event(t + duration, 0, "up", x + jitter_x, y + jitter_y)
    return t + duration + PAUSE_MS


def pan(rng, out, t, left, top):
    x = left + 10 + rng.uniform() * (CELL[0] - 20)
    y = top + 10 + rng.uniform() * (CELL[1] - 20)
    length = 60 + 180 * rng.uniform()
    angle = 2 * math.pi * rng.uniform()
    dx = length * math.cos(angle)
    dy = length * math.sin(angle)
    if not 2 <= x + dx <= SCREEN[0] - 3:       # turn back from the screen's edge
        dx = -dx
    if not 2 <= y + dy <= SCREEN[1] - 3:
        dy = -dy
    end_x = clamp(x + dx, 2, SCREEN[0] - 3)
    end_y = clamp(y + dy, 2, SCREEN[1] - 3)
    out.event(t, 0, "down", x, y)
    for k in range(1, 31):
        out.event(t + FRAME_MS * k, 0, "move", x + (end_x - x) * k / 30, y + (end_y - y) * k / 30)
    out.event(t + 310, 0, "up", end_x, end_y)
    return t + 310 + PAUSE_MS


def pinch(rng, out, t, left, top):
    half = 20 + 25 * rng.uniform()                  # half the distance between the fingers
    axis = math.pi * rng.uniform()
    centre_x = left + half + 4 + rng.uniform() * (CELL[0] - 2 * half - 8)
    centre_y = top + half + 4 + rng.uniform() * (CELL[1] - 2 * half - 8)
    scale = math.exp(math.log(0.5) + rng.uniform() * math.log(4))
    turn = (rng.uniform() - 0.5) * math.pi / 3

    def fingers(f):
        r = half * (1 + (scale - 1) * f)
        th = axis + turn * f
        ax, ay = centre_x + r * math.cos(th), centre_y + r * math.sin(th)
        bx, by = centre_x - r * math.cos(th), centre_y - r * math.sin(th)
        w, h = SCREEN[0] - 1, SCREEN[1] - 1
        return (clamp(ax, 0, w), clamp(ay, 0, h)), (clamp(bx, 0, w), clamp(by, 0, h))

    a, b = fingers(0)
    out.event(t, 0, "down", *a)
    out.event(t + FRAME_MS, 1, "down", *b)
    for k in range(1, 31):
        a, b = fingers(k / 30)
        out.event(t + FRAME_MS * (k + 1), 0, "move", *a)
        out.event(t + FRAME_MS * (k + 1), 1, "move", *b)
    a, b = fingers(1)
    out.event(t + 320, 0, "up", *a)
    out.event(t + 330, 1, "up", *b)
    return t + 330 + PAUSE_MS


def generate(sequences, seed):
    """The workload's lines, header first."""
    rng = SplitMix64(seed)
    out = Writer()
    counts = {"tap": 0, "pan": 0, "pinch": 0}
    t = START_MS
    for _ in range(sequences):
        u = rng.uniform()
        kind = "tap" if u < 0.40 else "pan" if u < 0.75 else "pinch"
        cell = rng.below(GRID[0] * GRID[1])
        left = PITCH[0] * (cell % GRID[0]) + INSET
        top = PITCH[1] * (cell // GRID[0]) + INSET
        t = {"tap": tap, "pan": pan, "pinch": pinch}[kind](rng, out, t, left, top)
        counts[kind] += 1
    header = [
        "# gesture-workload v1",
        "# window %d %d" % SCREEN,
        "# grid %d %d pitch %d %d inset %d" % (GRID + PITCH + (INSET,)),
        "# seed 0x%X sequences %d tap %d pan %d pinch %d events %d"
        % (seed, sequences, counts["tap"], counts["pan"], counts["pinch"], len(out.lines)),
        "# columns: time_ms finger_id phase x y",
    ]
    return header + out.lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sequences", type=int, default=10000)
    parser.add_argument("--seed", type=lambda s: int(s, 0), default=0x5EED0001)
    parser.add_argument("-o", "--output")
    args = parser.parse_args()
    if not 0 < args.sequences <= 10_000_000:
        parser.error("--sequences takes 1 to 10,000,000")
    if not 0 <= args.seed <= MASK:
        parser.error("--seed takes a 64-bit unsigned number")
    text = "\n".join(generate(args.sequences, args.seed)) + "\n"
    if args.output:
        with open(args.output, "w", encoding="ascii") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
