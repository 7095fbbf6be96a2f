#!/usr/bin/env python3
"""Writes the hand-made recordings that docs/DAEMON.md's recipes run on (an 800x480 panel whose
units are points). Run it from the project's root to write them again:
    python3 examples/daemon/make_recordings.py examples/daemon
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "daemon"))
from recording import Recording  # noqa: E402


def corner_chain():
    """A technician: four quick taps in the top-right corner and a hold; then a customer's tap."""
    return Recording().chain(2.0, 780, 20).tap(6.0, 400, 300)


def shaky_taps():
    """A tremor: a brush too short to mean anything, a tap that bounces twice, a firm tap."""
    r = Recording().tap(1.0, 300, 200, 0.05)
    r.tap(2.0, 400, 200, 0.4).tap(2.55, 405, 203, 0.1).tap(2.8, 402, 200, 0.1)
    return r.tap(4.0, 500, 200, 0.4)


def cleaning():
    """Two fingers tap the corner (cleaning starts), a cloth wipes, a hand rests 3 s, a tap."""
    r = Recording().frame(1.0, (0, "down", 770, 20), (1, "down", 790, 30)).frame(1.05, (0, "up", 0, 0), (1, "up", 0, 0))
    r.frame(2.0, (0, "down", 100, 100), (1, "down", 160, 120))
    for i in range(1, 20):
        r.frame(2.0 + 0.03 * i, (0, "move", 100 + 20 * i, 100), (1, "move", 160 + 20 * i, 120))
    r.frame(2.6, (0, "up", 0, 0), (1, "up", 0, 0))
    r.frame(4.0, (0, "down", 300, 300)).frame(7.5, (0, "up", 0, 0))
    return r.tap(8.0, 400, 400)


def edge_swipe():
    """A swipe in from the left edge, then a tap in the app."""
    r = Recording().frame(1.0, (0, "down", 3, 240))
    for i in range(1, 11):
        r.frame(1.0 + 0.016 * i, (0, "move", 3 + 15 * i, 240))
    return r.frame(1.3, (0, "up", 0, 0)).tap(2.0, 400, 240)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for name, make in (("corner-chain", corner_chain), ("shaky-taps", shaky_taps), ("cleaning", cleaning),
                       ("edge-swipe", edge_swipe)):
        make().write(os.path.join(out, name + ".events"))


if __name__ == "__main__":
    main()
