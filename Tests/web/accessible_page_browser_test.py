#!/usr/bin/env python3
"""docs/WEB.md's accessible page, run as written in headless Chromium (issue 67, item 5): the
screen reader through the web module in a real browser. A tap on "Buy ticket" says it once the
double-tap interval has passed; a double tap anywhere presses it (its tap fires: "Ticket added");
a flick right says "Pay 12 EUR"; a double tap presses that ("Card declined"). What the page would
speak is read from its console.log lines ("say: ...").

Usage: accessible_page_browser_test.py WEB_DIR WEB_MD [--chromium PATH]     Exit status 1 when a check fails.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_test import Finger  # noqa: E402
from doc_snippet_browser_test import run_doc_page  # noqa: E402


def play(dt, check, log):
    said = lambda: [line[5:] for line in log() if line.startswith("say: ")]
    hand = Finger(dt)
    hand.tap(160, 85)                       # on "Buy ticket": focus once no second tap comes
    time.sleep(0.8)
    check(said() == ["Buy ticket"], f"a tap on the button says it: {said()}")
    hand.tap(600, 400)                      # a double tap anywhere
    time.sleep(0.12)
    hand.tap(602, 401)
    time.sleep(0.6)
    check(said()[1:] == ["Buy ticket, activated", "Ticket added"], f"a double tap presses it: {said()[1:]}")
    hand.drag({1: (400, 450)}, {1: (520, 452)}, steps=4, seconds=0.08)   # a flick right
    time.sleep(0.3)
    check(said()[3:] == ["Pay 12 EUR"], f"a flick right moves on: {said()[3:]}")
    hand.tap(600, 400)
    time.sleep(0.12)
    hand.tap(602, 401)
    time.sleep(0.6)
    check(said()[4:] == ["Pay 12 EUR, activated", "Card declined"], f"a double tap pays: {said()[4:]}")
    errors = [line for line in log() if line.startswith("error: ")]
    check(not errors, f"no error on the page: {errors}")


def main() -> int:
    return run_doc_page(__doc__, "## An accessible page", play)


if __name__ == "__main__":
    sys.exit(main())
