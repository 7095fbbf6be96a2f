#!/usr/bin/env python3
"""docs/WEB.md's example page, run as written in headless Chromium (issue 67, item 3): the page's
body keeps its default 8 px margin, the map's view comes from getBoundingClientRect() (viewport
coordinates) and attach(document.body) must give touches in the same frame. A tap 3 px inside the
map's left edge and one 3 px inside its right edge are selections; a tap 3 px outside is nothing.

The snippet is the first ```html block under "## A page"; its console.log lines are collected.

Usage: doc_snippet_browser_test.py WEB_DIR WEB_MD [--chromium PATH]     Exit status 1 when a check fails.
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

# Before the snippet: console.log and errors are collected, and the page counts as ready once attach() has set
# the attached element's touch-action (the body's or the document's: the snippet's last line).
PRELUDE = """<!doctype html>
<html><head><meta charset="utf-8"></head><body>
<script>
window.gkLog = [];
const print = console.log;
console.log = (...a) => { window.gkLog.push(a.map((v) => typeof v === "object" ? JSON.stringify(v) : String(v)).join(" ")); print(...a); };
const complain = console.error;
console.error = (...a) => { window.gkLog.push("error: " + a.map(String).join(" ")); complain(...a); };
addEventListener("error", (ev) => window.gkLog.push("error: " + ev.message));
Object.defineProperty(window, "gkReady", { get: () => [document.body, document.documentElement].some((e) => e.style.touchAction === "none") });
</script>
"""


def doc_page(web_md: str, heading: str) -> str:
    """The first ```html block under `heading` of WEB_MD, with the prelude before it."""
    text = Path(web_md).read_text()
    section = text[text.index(heading):]
    m = re.search(r"```html\n(.*?)```", section, re.S)
    if not m:
        raise SystemExit(f"no ```html block under '{heading}' in {web_md}")
    return PRELUDE + m.group(1) + "</body></html>\n"


def run_doc_page(description: str, heading: str, play) -> int:
    """Serves WEB_DIR with WEB_MD's page under `heading`, opens it in headless Chromium and calls
    play(dt, check, log) with the page's collected lines; the exit status of the checks."""
    ap = argparse.ArgumentParser(description=description.split("\n\n")[0])
    ap.add_argument("web_dir")
    ap.add_argument("web_md")
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    args = ap.parse_args()
    check = Checks()
    with Site(args.web_dir, {"page.html": doc_page(args.web_md, heading)}, "gk-doc-page-") as site:
        dt = DevTools(args.chromium, str(site.dir / "profile"))
        try:
            open_page(dt, site.url("page.html"))
            play(dt, check, lambda: json.loads(dt.evaluate("JSON.stringify(window.gkLog)")))
        finally:
            dt.close()
    return check.result()


def play(dt, check, log):
    """Taps 3 px inside the map's left and right edges, and 3 px outside the left one."""
    rect = json.loads(dt.evaluate("JSON.stringify(document.getElementById('map').getBoundingClientRect())"))
    margin = dt.evaluate("getComputedStyle(document.body).marginLeft")
    print(f"map at left {rect['left']}, right {rect['right']}; body margin {margin}")
    hand = Finger(dt)
    for x, inside in ((rect["left"] + 3, True), (rect["right"] - 3, True), (rect["left"] - 3, False)):
        before = len(log())
        hand.tap(x, rect["top"] + 100)
        time.sleep(0.8)   # the single tap waits for the double tap to fail
        new = [line for line in log()[before:] if line.startswith("select at")]
        check(bool(new) == inside, f"a tap at x = {x:g} ({'3 px inside' if inside else '3 px outside'} the map): "
                                   f"{new or 'nothing'}")


def main() -> int:
    return run_doc_page(__doc__, "## A page", play)


if __name__ == "__main__":
    sys.exit(main())
