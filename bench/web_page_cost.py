#!/usr/bin/env python3
"""What a page pays per pointer event for its gesture library, in headless Chromium (issue 67).

Two elements on one page, each 400 x 600 px with the same gestures: a tap that waits for a double
tap to fail, the double tap, a pan, a pinch and a rotation recognized together, and a long press.
The left one is GestureKit's (gesturekit.js attached to it); the right one is another library's,
when one is given with --hammer (Hammer.js 2.x's UMD build, which the project does not ship: give
a copy you have). Hammer's pan takes any number of fingers (pointers: 0), as GestureKit's does; its
pinch and rotation take exactly two (Hammer has no other), so with five fingers they do nothing
while GestureKit's follow all five: the gesture callbacks per trial are printed beside the table. Every listener and timer callback a library registers is timed from the moment
it is called to its return (performance.now(), in a cross-origin-isolated page, so the clock has
5 us steps and not 100 us ones), so the figure is the time in the library's own handlers, with
whatever layout reads, allocations and callbacks they do; nothing else on the page is counted.

Each trial lands 1, 2 or 5 fingers on one element, moves them 40 times (spreading them: a pan,
a pinch and a turn at once), and lifts them; the element's pointer events are counted by a
listener of the page's own. A round plays every finger count on every library, in an order that
alternates between rounds; the table gives the median over the rounds of microseconds per pointer
event, per library and finger count.

Usage: web_page_cost.py WEB_DIR [--hammer hammer.js] [--rounds 9] [--chromium PATH] [--json OUT]
Exit status 1 when a library recognized nothing in a trial's gestures, or the page could not run.
"""
from __future__ import annotations

import argparse
import functools
import json
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "web"))
from browser_test import DevTools, Finger, Site, open_page  # noqa: E402

# Timing is installed before any library loads: a listener or timer registered while a library's
# tag is current is wrapped, and its time is added to that tag when it runs (and the tag is
# current again inside it, so the timers it arms count too).
TIMING = """
<script>
(() => {
  const cost = window.gkCost = {};
  let current = null;
  window.gkTagged = (tag, fn) => { const prev = current; current = tag; try { return fn(); } finally { current = prev; } };
  const wrap = (tag, fn) => function (...args) {
    const prev = current, t0 = performance.now();
    current = tag;
    try { return fn.apply(this, args); }
    finally { current = prev; cost[tag] = (cost[tag] || 0) + (performance.now() - t0); }
  };
  const wrapped = new WeakMap();
  const add = EventTarget.prototype.addEventListener, remove = EventTarget.prototype.removeEventListener;
  EventTarget.prototype.addEventListener = function (name, fn, options) {
    if (current && typeof fn === "function") {
      if (!wrapped.has(fn)) wrapped.set(fn, wrap(current, fn));
      fn = wrapped.get(fn);
    }
    return add.call(this, name, fn, options);
  };
  EventTarget.prototype.removeEventListener = function (name, fn, options) {
    return remove.call(this, name, wrapped.get(fn) || fn, options);
  };
  const setTimer = window.setTimeout;
  window.setTimeout = function (fn, ms, ...rest) {
    return setTimer.call(window, current && typeof fn === "function" ? wrap(current, fn) : fn, ms, ...rest);
  };
})();
</script>
"""

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; }
  #gk { position: absolute; left: 0; top: 0; width: 400px; height: 600px; background: #cdd; }
  #other { position: absolute; left: 400px; top: 0; width: 400px; height: 600px; background: #dcd; }
</style>""" + TIMING + """
HAMMER_SCRIPT
</head><body><div id="gk"></div><div id="other"></div>
<script type="module">
import { load } from "./gesturekit.js";
const gk = await load();
window.gkSeen = { gk: 0, other: 0 };
window.gkGestures = { gk: 0, other: 0 };   // gesture callbacks: the work each library did
for (const id of ["gk", "other"]) {
  const el = document.getElementById(id);
  for (const name of ["pointerdown", "pointermove", "pointerup", "pointercancel"])
    el.addEventListener(name, () => { window.gkSeen[id] += 1; });
}
const count = (lib) => () => { window.gkGestures[lib] += 1; };
gkTagged("gk", () => {
  const el = document.getElementById("gk"), r = el.getBoundingClientRect();
  const e = gk.engine({ width: innerWidth, height: innerHeight });
  const v = e.root.addView([r.left, r.top, r.width, r.height]);
  const double = e.tap(v, { numberOfTapsRequired: 2 });
  const single = e.tap(v);
  single.requireToFail(double);
  const pan = e.pan(v), pinch = e.pinch(v), rotation = e.rotation(v), press = e.longPress(v);
  const together = { shouldRecognizeSimultaneously: () => true };
  for (const g of [pan, pinch, rotation]) g.setDelegate(together);
  for (const g of [double, single, pan, pinch, rotation, press]) g.addTarget(count("gk"));
  e.attach(el);
});
if (window.Hammer) gkTagged("other", () => {
  const el = document.getElementById("other");
  const m = new Hammer.Manager(el);
  const double = new Hammer.Tap({ event: "doubletap", taps: 2 }), single = new Hammer.Tap();
  const pan = new Hammer.Pan({ direction: Hammer.DIRECTION_ALL, threshold: 10, pointers: 0 });
  const pinch = new Hammer.Pinch(), rotate = new Hammer.Rotate(), press = new Hammer.Press({ time: 500 });
  m.add([double, single, pan, pinch, rotate, press]);
  double.recognizeWith(single);
  single.requireFailure(double);
  pinch.recognizeWith([rotate, pan]);
  rotate.recognizeWith(pan);
  m.on("tap doubletap panstart panmove panend pinchstart pinchmove pinchend rotatestart rotatemove rotateend press",
       count("other"));
});
window.gkReady = true;
</script></body></html>
"""


class IsolatedSite(Site):
    """The page served cross-origin isolated, so that performance.now() has its fine steps."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        made = self.server.RequestHandlerClass      # functools.partial(handler, directory=...)

        class Isolated(made.func):
            def end_headers(self):
                self.send_header("Cross-Origin-Opener-Policy", "same-origin")
                self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
                super().end_headers()

        self.server.RequestHandlerClass = functools.partial(Isolated, *made.args, **made.keywords)


def trial(dt: DevTools, hand: Finger, lib: str, fingers: int, moves: int = 40):
    """One gesture on `lib`'s element: (milliseconds in its handlers, its pointer events, its gesture callbacks)."""
    left = 0 if lib == "gk" else 400
    state = f"JSON.stringify([window.gkCost['{lib}'] || 0, window.gkSeen['{lib}'], window.gkGestures['{lib}']])"
    before = dt.evaluate(state)
    ms0, n0, g0 = json.loads(before)
    cx, cy = left + 200, 300
    starts = {i + 1: (cx - 80 + 40 * i, cy - 30 + 15 * i) for i in range(fingers)}
    hand.press(starts)
    time.sleep(0.03)
    for k in range(1, moves + 1):
        f = k / moves
        hand.move({i: (cx + (x - cx) * (1 + 0.5 * f) + 60 * f, cy + (y - cy) * (1 + 0.5 * f) - 40 * f)
                   for i, (x, y) in starts.items()})
        time.sleep(0.008)
    hand.lift()
    time.sleep(0.6)   # the timers (a double tap's wait, a long press) run out before the next trial
    ms1, n1, g1 = json.loads(dt.evaluate(state))
    return ms1 - ms0, n1 - n0, g1 - g0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("web_dir")
    ap.add_argument("--hammer", help="a Hammer.js 2.x UMD build (hammer.js), compared on the same page")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    ap.add_argument("--json", help="write the per-round figures here")
    args = ap.parse_args()
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")

    libs = ["gk"]
    hammer_tag = ""
    pages = {}
    if args.hammer:
        source = Path(args.hammer)
        if not source.is_file():
            ap.error(f"--hammer: no file {source}")
        pages["hammer.js"] = source.read_text(encoding="utf-8")
        hammer_tag = '<script src="hammer.js"></script>'
        libs.append("other")
    pages["cost.html"] = PAGE.replace("HAMMER_SCRIPT", hammer_tag)

    per = {(lib, n): [] for lib in libs for n in (1, 2, 5)}
    calls = {(lib, n): [] for lib in libs for n in (1, 2, 5)}
    with IsolatedSite(args.web_dir, pages, "gk-cost-") as site:
        dt = DevTools(args.chromium, str(site.dir / "profile"))
        try:
            open_page(dt, site.url("cost.html"))
            if not dt.evaluate("window.crossOriginIsolated === true"):
                print("web_page_cost: the page is not cross-origin isolated (coarse clock)", file=sys.stderr)
                return 1
            if args.hammer:
                version = dt.evaluate("window.Hammer && Hammer.VERSION")
                if not version:
                    print("web_page_cost: --hammer: the file defines no window.Hammer", file=sys.stderr)
                    return 1
                print(f"Hammer.js {version}")
            hand = Finger(dt)
            for lib in libs:          # one warm-up trial each: the first calls compile
                trial(dt, hand, lib, 2)
            for r in range(args.rounds):
                order = libs if r % 2 == 0 else libs[::-1]
                for n in (1, 2, 5):
                    for lib in order:
                        ms, events, called = trial(dt, hand, lib, n)
                        calls[(lib, n)].append(called)
                        if events == 0:
                            print(f"web_page_cost: {lib}: no pointer events reached the element", file=sys.stderr)
                            return 1
                        per[(lib, n)].append(1000 * ms / events)
        finally:
            dt.close()

    names = {"gk": "GestureKit", "other": "Hammer.js"}
    print(f"median of {args.rounds} rounds, microseconds in the library's handlers per pointer event")
    print("| fingers | " + " | ".join(names[lib] for lib in libs) + " |")
    print("|---:|" + "---:|" * len(libs))
    for n in (1, 2, 5):
        print(f"| {n} | " + " | ".join(f"{statistics.median(per[(lib, n)]):.1f}" for lib in libs) + " |")
    print("gesture callbacks per trial (median): " + ", ".join(
        f"{names[lib]} {n} finger(s) {statistics.median(calls[(lib, n)]):.0f}" for lib in libs for n in (1, 2, 5)))
    idle = [f"{names[lib]} with {n} finger(s)" for (lib, n), v in calls.items() if statistics.median(v) == 0]
    if idle:
        print("web_page_cost: no gesture was recognized: " + ", ".join(idle), file=sys.stderr)
        return 1
    if args.json:
        Path(args.json).write_text(json.dumps({f"{lib}/{n}": v for (lib, n), v in per.items()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
