#!/usr/bin/env python3
"""gesturekit.js's attach() against what a real browser does (issue 64), in headless Chromium driven
over the DevTools protocol with touch events (browser_test.py's driver):

- an element removed in mid-drag (a sheet closed while a finger is on it): the engine's pan is
  cancelled, no touch stays down, and the next drag on the element when it is back is a new pan;
- two engines on nested elements: the outer one takes the pointer from the inner one, whose touch
  is cancelled (it does not stay down), and a second drag starts afresh in both;
- a view's touch handler that throws once, at touch-down: a long press held still still begins on
  time; at the lift: a single tap waiting for a double tap to fail still fires on time (the timers
  were armed despite the exception);
- close() called from the engine's own action callback: refused (BUSY, to onError), and the engine
  stays attached and gets the next tap.

Usage: attach_browser_test.py WEB_DIR [--chromium PATH]     Exit status 1 when a check fails.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser_test import Checks, DevTools, Finger, Site, open_page  # noqa: E402

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; }
  #sheet { position: absolute; left: 0; top: 0; width: 300px; height: 300px; background: #ccc; }
  #outer { position: absolute; left: 400px; top: 0; width: 400px; height: 300px; background: #aac; }
  #inner { position: absolute; left: 100px; top: 100px; width: 200px; height: 150px; background: #caa; }
  #timers { position: absolute; left: 0; top: 320px; width: 300px; height: 250px; background: #aca; }
  #closer { position: absolute; left: 400px; top: 320px; width: 300px; height: 250px; background: #cca; }
</style></head><body>
<div id="sheet"></div><div id="outer"><div id="inner"></div></div><div id="timers"></div><div id="closer"></div>
<script type="module">
import { load, Phase, State, Status } from "./gesturekit.js";
const gk = await load();
const names = {};   // ENDED and RECOGNIZED are one value: the first name wins
for (const [k, v] of Object.entries(State)) names[v] ??= k.toLowerCase();
const log = (list, name) => (a) => list.push({ name, state: names[a.state], t: performance.now(),
                                               x: a.translation ? a.translation.x : 0 });
window.gkSeen = { sheet: [], outer: [], inner: [], timers: [], closer: [], errors: [], lifts: [] };
const seen = window.gkSeen;
addEventListener("pointerup", (ev) => seen.lifts.push(performance.now()), true);
// Touches come in the viewport's coordinates: each engine has the viewport's size and one view at
// its element's rectangle.
const viewOf = (e, el) => { const r = el.getBoundingClientRect(); return e.root.addView([r.left, r.top, r.width, r.height]); };
function engineOn(id, name) {
  const el = document.getElementById(id);
  const e = gk.engine({ width: innerWidth, height: innerHeight });
  e.pan(viewOf(e, el)).addTarget(log(seen[name], "pan"));
  e.attach(el, { onError: (err) => seen.errors.push(name + ": " + (err.status ?? err.message)) });
  return e;
}
window.gkEngines = { sheet: engineOn("sheet", "sheet"), outer: engineOn("outer", "outer"), inner: engineOn("inner", "inner") };
// The timers' element: a long press, and a single tap that waits for a double tap.
{
  const el = document.getElementById("timers");
  const e = gk.engine({ width: innerWidth, height: innerHeight });
  const v = viewOf(e, el);
  e.longPress(v, { minimumPressDuration: 0.5 }).addTarget(log(seen.timers, "press"));
  const double = e.tap(v, { numberOfTapsRequired: 2 });
  double.addTarget(log(seen.timers, "double"));
  const single = e.tap(v);
  single.requireToFail(double);
  single.addTarget(log(seen.timers, "single"));
  // The handler throws once: at touch-down, or (armed again) at the touch's end, which the view
  // gets as a cancel when the tap is recognized (cancelsTouchesInView).
  let throwAt = [Phase.BEGAN];
  v.onTouches((d) => { if (throwAt.includes(d.phase)) { throwAt = []; throw new Error("the page's own bug"); } });
  window.gkArmThrow = () => { throwAt = [Phase.ENDED, Phase.CANCELLED]; };
  e.attach(el, { onError: (err) => seen.errors.push("timers: " + err.message) });
  window.gkEngines.timers = e;
}
// The closer: its tap's callback closes the engine once.
{
  const el = document.getElementById("closer");
  const e = gk.engine({ width: innerWidth, height: innerHeight });
  let closing = true;
  e.tap(viewOf(e, el)).addTarget((a) => { seen.closer.push(a.state); if (closing) { closing = false; e.close(); } });
  e.attach(el, { onError: (err) => seen.errors.push("closer: " + (err.status === Status.BUSY ? "BUSY" : err.message)) });
  window.gkEngines.closer = e;
}
window.gkReady = true;
</script></body></html>
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("web_dir")
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    args = ap.parse_args()

    check = Checks()
    with Site(args.web_dir, {"attach.html": PAGE}, "gk-attach-") as site:
        dt = DevTools(args.chromium, str(site.dir / "profile"))
        try:
            open_page(dt, site.url("attach.html"))
            play_and_check(dt, check)
        finally:
            dt.close()
    return check.result()


def play_and_check(dt: DevTools, check: Checks):
    """The four cases on the test page, each checked."""
    seen = lambda: json.loads(dt.evaluate("JSON.stringify(window.gkSeen)"))
    down = lambda name: dt.evaluate(f"window.gkEngines.{name}.stats().touchesDown")
    hand = Finger(dt)

    # 1. The sheet removed in mid-drag, then put back and dragged again.
    hand.press({1: (100, 100)})
    for k in range(1, 6):
        time.sleep(0.03)
        hand.move({1: (100 + 12 * k, 100)})
    dt.evaluate("window.gkSheet = document.getElementById('sheet'); window.gkSheet.remove(); true")
    time.sleep(0.03)
    hand.move({1: (170, 100)})
    time.sleep(0.03)
    hand.lift()
    time.sleep(0.2)
    first = [e["state"] for e in seen()["sheet"]]
    check(first[:1] == ["began"] and first[-1:] == ["cancelled"],
          f"a pan on an element removed in mid-drag is cancelled: {first[0:1] + first[-2:]}")
    dt.evaluate("document.body.prepend(window.gkSheet); true")
    hand.drag({1: (100, 200)}, {1: (160, 200)}, steps=6, seconds=0.2)
    time.sleep(0.2)
    again = seen()["sheet"][len(first):]
    # The pan counts from where it began, 10 pt into the drag: +50 of the finger's +60.
    check([e["state"] for e in again][:1] == ["began"] and again[-1]["state"] == "ended" and
          abs(again[-1]["x"] - 50) < 3,
          f"the next drag on it when it is back is a new pan that ends: translation "
          f"{again[-1]['x'] if again else None} (the finger moved 60 from where it landed, 50 from where the pan began)")
    check(down("sheet") == 0, f"the sheet's engine holds no touch: {down('sheet')} down")

    # 2. Nested engines: the outer one takes the pointer.
    hand.drag({1: (550, 150)}, {1: (620, 150)}, steps=8, seconds=0.25)
    time.sleep(0.2)
    s = seen()
    inner, outer = [e["state"] for e in s["inner"]], [e["state"] for e in s["outer"]]
    check(down("inner") == 0 and (not inner or inner[-1] in ("cancelled", "ended")),
          f"the inner engine's touch does not stay down when the outer one takes the pointer: "
          f"{down('inner')} down, its pan {inner[-2:] or 'never began'}")
    check(outer[:1] == ["began"] and outer[-1:] == ["ended"], f"the outer engine's pan ends: {outer[:1] + outer[-1:]}")
    hand.drag({1: (550, 150)}, {1: (620, 150)}, steps=8, seconds=0.25)
    time.sleep(0.2)
    s2 = seen()
    outer2 = [e["state"] for e in s2["outer"]][len(outer):]
    check(outer2[:1] == ["began"] and outer2[-1:] == ["ended"] and down("outer") == 0 and down("inner") == 0,
          f"a second drag is a new pan: {outer2[:1] + outer2[-1:]}; touches down: outer {down('outer')}, "
          f"inner {down('inner')}")

    # 3. A touch handler that throws at touch-down: the timers are armed all the same.
    hand.press({1: (100, 400)})
    time.sleep(0.9)
    hand.lift()
    time.sleep(0.2)
    s = seen()
    presses = [e for e in s["timers"] if e["name"] == "press"]
    down_at = s["lifts"][-1] - 900 if s["lifts"] else 0
    began = presses[0]["t"] - down_at if presses else None
    check(bool(presses) and presses[0]["state"] == "began" and began is not None and began < 800,
          f"a long press held still begins despite the exception at touch-down "
          f"({'%.0f ms after the press (0.5 s required)' % began if began is not None else 'never'})")
    dt.evaluate("window.gkArmThrow(); true")   # at the touch's end
    hand.tap(150, 450)
    time.sleep(1.8)
    s = seen()
    singles = [e for e in s["timers"] if e["name"] == "single"]
    wait = singles[-1]["t"] - s["lifts"][-1] if singles and s["lifts"] else None
    check(wait is not None and wait < 800,
          f"a single tap waiting for the double tap fires on time despite the exception "
          f"({'%.0f ms after the lift' % wait if wait is not None else 'never'}; 1.5 s when the timer was lost)")
    check(sum(1 for e in s["errors"] if e.startswith("timers: the page's own bug")) == 2,
          f"each exception reached onError once: {[e for e in s['errors'] if e.startswith('timers')]}")

    # 4. close() from the engine's own callback.
    hand.tap(550, 450)
    time.sleep(0.5)
    hand.tap(560, 460)
    time.sleep(0.5)
    s = seen()
    check("closer: BUSY" in s["errors"], f"close() from a callback is refused with BUSY: {s['errors'][-2:]}")
    check(len(s["closer"]) == 2 and down("closer") == 0 and down("timers") == 0,
          f"the engine stays attached and gets the next tap: {len(s['closer'])} taps")


if __name__ == "__main__":
    sys.exit(main())
