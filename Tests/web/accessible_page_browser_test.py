#!/usr/bin/env python3
"""docs/WEB.md's accessible page, run as written in headless Chromium (issue 67, item 5): the
screen reader through the web module in a real browser. A tap on "Buy ticket" says it once the
double-tap interval has passed; a double tap anywhere presses it (its tap fires: "Ticket added");
a flick right says "Pay 12 EUR"; a double tap presses that ("Card declined"). What the page would
speak is read from its console.log lines ("say: ...").

Usage: accessible_page_browser_test.py WEB_DIR WEB_MD [--chromium PATH]     Exit status 1 when a check fails.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_test import Checks, DevTools, Finger, Site, open_page  # noqa: E402
from doc_snippet_browser_test import PRELUDE  # noqa: E402


def snippet(web_md: str) -> str:
    text = Path(web_md).read_text()
    section = text[text.index("## An accessible page"):]
    return re.search(r"```html\n(.*?)```", section, re.S).group(1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("web_dir")
    ap.add_argument("web_md")
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    args = ap.parse_args()
    page = PRELUDE + snippet(args.web_md) + "</body></html>\n"
    check = Checks()
    with Site(args.web_dir, {"accessible.html": page}, "gk-accessible-") as site:
        dt = DevTools(args.chromium, str(site.dir / "profile"))
        try:
            open_page(dt, site.url("accessible.html"))
            said = lambda: [line[5:] for line in json.loads(dt.evaluate("JSON.stringify(window.gkLog)")) if line.startswith("say: ")]
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
            errors = [line for line in json.loads(dt.evaluate("JSON.stringify(window.gkLog)")) if line.startswith("error: ")]
            check(not errors, f"no error on the page: {errors}")
        finally:
            dt.close()
    return check.result()


if __name__ == "__main__":
    sys.exit(main())
