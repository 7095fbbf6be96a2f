#!/usr/bin/env python3
"""The web kiosk example (examples/web/kiosk.html) in a real browser: headless Chromium, driven over
the DevTools protocol (through a pipe: no port, no extra package) with touch events
(Input.dispatchTouchEvent), which the page receives as Pointer Events and feeds to GestureKit's
WebAssembly engine through gesturekit.js.

It plays, with real pauses: a tap on the ticket button; a one-finger drag of the map; a double tap
on the map (the zoom) and a single tap (the selection, which waits for the double tap to fail);
a two-finger pinch and a two-finger turn; and three fingers held on the free area (the service
gesture). Then it checks the page's log of actions and a screenshot: the map's red marker moved
by the drag, where the page's transforms say it should be, and the service panel is shown. The
screenshot is kept (--screenshot) for a person to look at.

Usage: browser_test.py WEB_DIR EXAMPLE_DIR [--screenshot OUT.png] [--chromium PATH]
Exit status 1 when a check fails.
"""
from __future__ import annotations

import argparse
import base64
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from pngfile import read_png  # noqa: E402  (the project's PNG reader, Tests/tools/pngfile.py)


class DevTools:
    """The DevTools protocol over --remote-debugging-pipe: JSON messages ended by NUL on fds 3 and 4."""

    def __init__(self, chromium: str, profile: str):
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def child_fds():
            # The pipe ends go to 3 (commands in) and 4 (replies out), whatever numbers they had.
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--hide-scrollbars", f"--user-data-dir={profile}",
             "--window-size=800,600", "about:blank"],
            # preexec_fn runs before the child closes what pass_fds does not keep: 3 and 4 are kept.
            pass_fds=(3, 4, to_chrome_r, from_chrome_w), preexec_fn=child_fds,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next = 1
        self.session = None

    def send(self, method: str, params: dict | None = None, session: bool = True) -> dict:
        msg = {"id": self._next, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        self._next += 1
        os.write(self._to_chrome, json.dumps(msg).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == msg["id"]:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def _read(self) -> dict:
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_chrome, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def evaluate(self, expression: str):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Site:
    """A temporary folder served on a local port: the module's files (gesturekit.js, the modules it
    imports, gesturekit.wasm) from `web_dir`,
    and `pages` (name: text). Stops and removes itself on exit."""

    def __init__(self, web_dir: str, pages: dict[str, str], prefix: str):
        self.dir = Path(tempfile.mkdtemp(prefix=prefix))
        for f in [*Path(web_dir).glob("*.js"), Path(web_dir) / "gesturekit.wasm"]:
            shutil.copy(f, self.dir / f.name)
        for name, text in pages.items():
            (self.dir / name).write_text(text)

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

        handler = functools.partial(Quiet, directory=str(self.dir))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/{name}"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        shutil.rmtree(self.dir, ignore_errors=True)


def open_page(dt: DevTools, url: str):
    """A new 800 x 600 tab with touch input, at `url`, once the page sets window.gkReady."""
    print(f"browser: {dt.send('Browser.getVersion', session=False).get('product')}")
    target = dt.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
    dt.session = dt.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
    dt.send("Page.enable")
    dt.send("Runtime.enable")
    dt.send("Emulation.setDeviceMetricsOverride", {"width": 800, "height": 600, "deviceScaleFactor": 1, "mobile": False})
    dt.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    dt.send("Page.navigate", {"url": url})
    deadline = time.time() + 20
    while not dt.evaluate("window.gkReady === true"):
        if time.time() > deadline:
            raise RuntimeError("the page did not start: " + str(dt.evaluate("document.body && document.body.innerText")))
        time.sleep(0.1)


class Checks:
    """ok/FAIL lines, and the failures kept for the exit status."""

    def __init__(self):
        self.failures = []

    def __call__(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            self.failures.append(what)

    def result(self) -> int:
        print(f"{'FAILED' if self.failures else 'passed'}: {len(self.failures)} check(s) failed")
        return 1 if self.failures else 0


class Finger:
    """Touch points sent as DevTools touch events, with the pauses a hand takes."""

    def __init__(self, dt: DevTools):
        self.dt = dt
        self.down: dict[int, tuple[float, float]] = {}

    def _send(self, kind: str):
        points = [{"x": x, "y": y, "id": i, "radiusX": 5, "radiusY": 5, "force": 0.5} for i, (x, y) in self.down.items()]
        self.dt.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def press(self, points: dict[int, tuple[float, float]]):
        self.down.update(points)
        self._send("touchStart")

    def move(self, points: dict[int, tuple[float, float]]):
        self.down.update(points)
        self._send("touchMove")

    def lift(self, ids=None):
        for i in list(self.down) if ids is None else ids:
            del self.down[i]
        self._send("touchEnd")

    def tap(self, x: float, y: float, ident: int = 1):
        self.press({ident: (x, y)})
        time.sleep(0.05)
        self.lift()

    def drag(self, starts: dict[int, tuple[float, float]], ends: dict[int, tuple[float, float]], steps=12, seconds=0.4):
        self.press(dict(starts))
        time.sleep(0.03)
        for k in range(1, steps + 1):
            f = k / steps
            self.move({i: (starts[i][0] + (ends[i][0] - starts[i][0]) * f, starts[i][1] + (ends[i][1] - starts[i][1]) * f)
                       for i in starts})
            time.sleep(seconds / steps)
        self.lift()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("web_dir")
    ap.add_argument("example_dir")
    ap.add_argument("--screenshot")
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    args = ap.parse_args()

    check = Checks()
    with Site(args.web_dir, {"kiosk.html": (Path(args.example_dir) / "kiosk.html").read_text()}, "gk-web-") as site:
        dt = DevTools(args.chromium, str(site.dir / "profile"))
        try:
            open_page(dt, site.url("kiosk.html"))
            play_and_check(dt, check, args.screenshot)
        finally:
            dt.close()
    return check.result()


def play_and_check(dt: DevTools, check: Checks, screenshot: str | None):
    """The gestures on the kiosk page, then its log and a screenshot checked."""
    hand = Finger(dt)
    hand.tap(140, 80)                                   # the ticket button
    time.sleep(0.4)
    hand.drag({1: (450, 300)}, {1: (570, 360)})          # the map, one finger: +120, +60
    time.sleep(0.5)
    hand.tap(600, 150)                                   # double tap on the map
    time.sleep(0.12)
    hand.tap(602, 151)
    time.sleep(0.6)
    hand.tap(420, 380)                                   # single tap: selected once the double tap failed
    time.sleep(0.8)
    hand.drag({1: (480, 240), 2: (580, 240)}, {1: (430, 240), 2: (630, 240)})       # pinch out
    time.sleep(0.5)
    hand.drag({1: (530, 160), 2: (530, 320)}, {1: (610, 180), 2: (450, 300)})       # turn clockwise
    time.sleep(0.5)
    hand.press({1: (100, 500), 2: (160, 510), 3: (220, 505)})                      # service: 3 fingers held
    time.sleep(1.9)
    hand.lift()
    time.sleep(0.3)

    stats = dt.evaluate("JSON.stringify(window.gkEngine.attachStats)")
    stats = json.loads(stats)
    print(f"page work: {stats['events']} pointer events and timers, {stats['ms']:.1f} ms in all, "
          f"{1000 * stats['ms'] / max(1, stats['events']):.1f} µs each (feed, targets, drawing calls, timer)")
    log = dt.evaluate("JSON.stringify(window.gkLog)")
    log = json.loads(log)
    for e in log:
        print("  action:", {k: (round(v, 3) if isinstance(v, float) else v) for k, v in e.items()})
    names = [(e["name"], e["state"]) for e in log]
    check(("ticket", "ended") in names and dt.evaluate("document.getElementById('count').textContent") == "Tickets: 1",
          "a tap on the button buys one ticket")
    pans = [e for e in log if e["name"] == "pan"]
    ended = [e for e in pans if e["state"] == "ended"]
    check(bool(pans) and pans[0]["state"] == "began" and bool(ended), "the one-finger drag is a pan that begins and ends")
    first_pan = ended[0] if ended else {"x": 0, "y": 0}
    # The pan begins at the drag's first step (+10, +5: past its 10 pt), and counts from there.
    check(abs(first_pan["x"] - 110) < 1 and abs(first_pan["y"] - 55) < 1,
          f"the pan's translation is the finger's movement since it began (+110, +55): "
          f"{first_pan.get('x'):.1f}, {first_pan.get('y'):.1f}")
    zooms = [e for e in log if e["name"] == "zoom"]
    selects = [e for e in log if e["name"] == "select"]
    check(len(zooms) == 1, "the double tap zooms once")
    check(len(selects) == 1 and selects[0]["t"] > zooms[0]["t"] if zooms and selects else False,
          "the single tap selects once, after the double tap (none of the double tap's taps selected)")
    if zooms and selects:
        check(abs(selects[0]["x"] - 420) < 2 and abs(selects[0]["y"] - 380) < 2,
              f"the selection is where the finger tapped: {selects[0]['x']:.1f}, {selects[0]['y']:.1f}")
    pinches = [e for e in log if e["name"] == "pinch" and e["state"] in ("changed", "ended")]
    check(bool(pinches) and max(e["scale"] for e in pinches) > 1.5,
          f"the pinch out scales the map up: {max((e['scale'] for e in pinches), default=0):.2f}")
    turns = [e for e in log if e["name"] == "rotation" and e["state"] in ("changed", "ended")]
    check(bool(turns) and max(e["rotation"] for e in turns) > 0.3,
          f"the turn rotates the map clockwise: {max((e['rotation'] for e in turns), default=0):.2f} rad")
    check(("service", "began") in names and dt.evaluate("getComputedStyle(document.getElementById('service')).display") == "flex",
          "three fingers held for 1.5 s open the service menu")
    check(not any(e["name"] == "error" for e in log), "no call failed")

    shot = base64.b64decode(dt.send("Page.captureScreenshot", {"format": "png"})["data"])
    if screenshot:
        Path(screenshot).parent.mkdir(parents=True, exist_ok=True)
        Path(screenshot).write_bytes(shot)
        print(f"screenshot: {screenshot}")
    # Where the marker's centre is now, by the page's own transform; its pixel must be red.
    cx, cy = dt.evaluate("(() => { const r = document.getElementById('marker').getBoundingClientRect(); "
                         "return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    inside = 300 <= cx < 760 and 40 <= cy < 440
    _w, _h, pixels = read_png(shot)   # rows of (r, g, b)
    px = pixels[int(cy)][int(cx)] if inside else (0, 0, 0)
    check(inside and px[0] > 180 and px[1] < 80 and px[2] < 80,
          f"the screenshot shows the red marker where the gestures moved it ({cx:.0f}, {cy:.0f}): rgb{px}")
    svc = pixels[520][400]
    check(svc == (0x22, 0x22, 0x22) or (svc[0] < 60 and svc[1] < 60 and svc[2] < 60),
          f"the screenshot shows the service panel: rgb{svc}")
    btn = pixels[60][60]
    check(abs(btn[0] - 0x1f) < 8 and abs(btn[1] - 0x6f) < 8 and abs(btn[2] - 0x3f) < 8, f"the ticket button is drawn: rgb{btn}")


if __name__ == "__main__":
    sys.exit(main())
