#!/usr/bin/env python3
"""gesturekit view --screenshot on a real recording, checked by its pixels: each touch's mark is
where the recording puts the finger, in that touch's colour; the scene's views have their frames
where the scene puts them; a later picture differs where the finger moved. Then the bad inputs.

Usage: view_screenshot.py TOOL RECORDING SCENE
No display is needed: --screenshot draws into memory and opens no window.
"""
import os
import re
import subprocess
import sys
import tempfile

from pngfile import read_png

TOUCH_COLOURS = [(255, 140, 0), (0, 200, 255)]   # the first two of tools/view/draw.c's palette
VIEW_COLOUR = (110, 160, 255)
BACKGROUND = (32, 35, 45)                        # the screen's fill


def near(a, b, tolerance=12):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def fingers_at(trace_text, t):
    """{touch id: (x, y)} of the touches down at `t` seconds after the first input step."""
    down, start = {}, None
    for line in trace_text.splitlines():
        words = line.split()
        if not words or words[0] != "frame":
            continue
        when = float(words[1])
        start = when if start is None else start
        if when - start > t:
            break
        for touch in words[2:]:
            ident, phase, x, y = touch.split(":")[:4]
            if phase in ("down", "move"):
                down[ident] = (float(x), float(y))
            elif phase in ("up", "cancel"):
                down.pop(ident, None)
    return down


def shoot(tool, recording, scene, out, at):
    run = subprocess.run([tool, "view", recording, "--scene", scene, "--screenshot", out, "--at", str(at)],
                         capture_output=True, text=True, check=True)
    m = re.search(r"pixel \(([-\d.]+) \+ x \* ([\d.]+), ([-\d.]+) \+ y \* ([\d.]+)\)", run.stdout)
    assert m, f"no mapping in: {run.stdout!r}"
    ox, s, oy, _ = map(float, m.groups())
    return read_png(out), (lambda x, y: (round(ox + x * s), round(oy + y * s)))


def check_marks(picture, to_pixel, fingers, label):
    width, height, rows = picture
    for order, (ident, (x, y)) in enumerate(sorted(fingers.items(), key=lambda kv: int(kv[0]))):
        px, py = to_pixel(x, y)
        got = rows[py][px]
        assert near(got, TOUCH_COLOURS[order]), \
            f"{label}: touch {ident} at ({x:.0f}, {y:.0f}) pt, pixel ({px}, {py}) is {got}, not {TOUCH_COLOURS[order]}"
        print(f"{label}: touch {ident} at ({x:.0f}, {y:.0f}) pt: pixel ({px}, {py}) = {got}, its mark")


def main():
    tool, recording, scene = sys.argv[1:4]
    trace = subprocess.run([tool, "convert", recording, "--scene", scene], capture_output=True, text=True,
                           check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        first, second = os.path.join(tmp, "a.png"), os.path.join(tmp, "b.png")
        t1, t2 = 0.3, 0.6
        a, to_pixel = shoot(tool, recording, scene, first, t1)
        b, _ = shoot(tool, recording, scene, second, t2)
        width, height, rows = a
        assert (width, height) == (1280, 720), (width, height)
        f1, f2 = fingers_at(trace, t1), fingers_at(trace, t2)
        assert len(f1) == 2 and len(f2) == 2, (f1, f2)
        check_marks(a, to_pixel, f1, f"at {t1} s")
        check_marks(b, to_pixel, f2, f"at {t2} s")

        # The button's frame (view button map 40 40 160 90): its left edge halfway down, and its top
        # edge halfway across, in the view colour; just inside, the screen's fill.
        left, top = to_pixel(40, 40)
        right, bottom = to_pixel(200, 130)
        for x, y, what in ((left, (top + bottom) // 2, "left edge"), ((left + right) // 2, top, "top edge")):
            assert near(rows[y][x], VIEW_COLOUR), f"button {what}: pixel ({x}, {y}) is {rows[y][x]}"
        inside = rows[(top + bottom) // 2][left + 6]
        assert near(inside, BACKGROUND), f"inside the button: {inside}"
        print(f"button frame at pixels ({left}, {top})-({right}, {bottom}): {rows[(top + bottom) // 2][left]}")

        # Where the first finger is at t2, the first picture has no mark: the two pictures differ there.
        ident = min(f2, key=int)
        px, py = to_pixel(*f2[ident])
        before, after = a[2][py][px], b[2][py][px]
        assert not near(before, after), f"pixel ({px}, {py}) is {before} at {t1} s and {after} at {t2} s"
        moved = sum(1 for y in range(height) for x in range(0, width, 4) if a[2][y][x] != b[2][y][x])
        print(f"touch {ident} moved: pixel ({px}, {py}) {before} -> {after}; {moved} sampled pixels differ")

        # Bad input: each refused with a message, and no picture written.
        bad = [
            (["--at", "-1"], "--at takes seconds"),
            (["--size", "10x10"], "--size"),
            (["--speed", "100"], "--speed"),
            (["--font", os.path.join(tmp, "no-such-font.ttf")], None),   # a picture without text, and a warning
        ]
        for extra, message in bad:
            out = os.path.join(tmp, "bad.png")
            if os.path.exists(out):
                os.unlink(out)
            run = subprocess.run([tool, "view", recording, "--screenshot", out] + extra, capture_output=True, text=True)
            if message:
                assert run.returncode == 2 and message in run.stderr and not os.path.exists(out), (extra, run)
            else:
                assert run.returncode == 0 and "cannot use the font" in run.stderr and os.path.exists(out), (extra, run)
            print(f"{' '.join(extra)}: exit {run.returncode}: {run.stderr.strip().splitlines()[-1]}")
        run = subprocess.run([tool, "view", os.path.join(tmp, "missing.events"), "--screenshot", os.path.join(tmp, "m.png")],
                             capture_output=True, text=True)
        assert run.returncode == 1 and "missing.events" in run.stderr, run
        run = subprocess.run([tool, "view", "/dev/null", "--screenshot", os.path.join(tmp, "d.png")], capture_output=True,
                             text=True)
        assert run.returncode == 2 and "press S" in run.stderr, run
        print("a missing file and a device with --screenshot are refused")
        # A trace without input: the scene alone is drawn.
        empty = os.path.join(tmp, "empty.trace")
        with open(empty, "w") as f:
            f.write("gesturekit-trace 1\nscreen 800 480\nview button root 40 40 160 90\nrecognizer tap tap button\n")
        subprocess.run([tool, "view", empty, "--screenshot", os.path.join(tmp, "e.png"), "--at", "5"], check=True,
                       capture_output=True)
        _, _, rows = read_png(os.path.join(tmp, "e.png"))
        assert near(rows[(top + bottom) // 2][left], VIEW_COLOUR)
        print("a trace without input: the scene is drawn")


if __name__ == "__main__":
    main()
