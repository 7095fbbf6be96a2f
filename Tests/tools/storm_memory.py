#!/usr/bin/env python3
"""The reload storm's memory check (Tests/vm/storm.py: flat()) on series whose answer is known:
it passes the allocator's moves between fixed levels and a one-off step, and fails a leak of
41 bytes a reload and a leak of a block a reload. The storm itself runs in the VM; this checks
the judgement it makes there, on the host."""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vm"))
from storm import flat  # noqa: E402

RELOADS = 1000


def leak(series, per_reload):
    """The series with `per_reload` bytes kept by each reload, seen a page at a time."""
    return [kib + (per_reload * i) // 4096 * 4 for i, kib in enumerate(series)]


def main():
    failures = []

    def expect(name, series, is_flat):
        got, _, steps, grown = flat(series)
        print(f"{'ok' if got == is_flat else 'WRONG'}: {name}: {steps} intervals lifted, {grown:+d} KiB "
              f"({'flat' if got else 'a leak'}, expected {'flat' if is_flat else 'a leak'})")
        if got != is_flat:
            failures.append(name)

    random.seed(1)
    # A run of 2026-11-29: 4,364 KiB at almost every reload, a few at 4,336 and 4,076 early on.
    steady = [4076 if i < 40 else 4336 if i < 140 else 4364 for i in range(RELOADS + 1)]
    # Another: the allocator between 3,084, 4,400 and 5,140 KiB with no trend, in clumps.
    levels = []
    while len(levels) <= RELOADS:
        levels += [random.choice((3084, 4400, 4400, 4400, 5140))] * random.randint(1, 40)
    levels = levels[:RELOADS + 1]
    # The allocator's one step (runs of 2026-11-29: 256 to 264 KiB once).
    step = [6580 if i < 550 else 6844 for i in range(RELOADS + 1)]

    expect("steady", steady, True)
    expect("levels without a trend", levels, True)
    expect("one step of 264 KiB", step, True)
    expect("steady with 41 bytes kept a reload", leak(steady, 41), False)
    expect("levels with 41 bytes kept a reload", leak(levels, 41), False)
    expect("levels with 1 KiB kept a reload", leak(levels, 1024), False)
    expect("steady with 1 KiB kept a reload", leak(steady, 1024), False)
    if failures:
        print(f"storm_memory: {len(failures)} judged wrongly: {', '.join(failures)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
