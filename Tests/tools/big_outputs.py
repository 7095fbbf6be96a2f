"""Big outputs cost what their input or their pixels need, no more (issue 52, item 10).

`gesturekit convert` writes the expectations as the replay makes them: its peak memory is the
input's frames, under 7.5 times the file (it was 9.5 here, and 8.6 in the probe's run, when every
line was kept twice). `gesturekit view --screenshot` writes the PNG a row at a time: its peak is
the canvas (4 bytes a pixel) and little more, and a picture past 8192x8192 is refused.

    big_outputs.py GESTUREKIT WORKDIR
"""
import os
import resource
import subprocess
import sys

tool, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
failures = 0


def check(ok, what):
    global failures
    print(("ok: " if ok else "FAIL: ") + what)
    failures += 0 if ok else 1


def peak_kib(args):
    """Runs the tool in a child of its own and returns (status, the child's peak RSS in KiB)."""
    child = subprocess.run([sys.executable, "-c", (
        "import resource, subprocess, sys\n"
        "status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode\n"
        "print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"), tool, *args],
        capture_output=True, text=True, check=True)
    status, kib = child.stdout.split()
    return int(status), int(kib)


# A long pan, back and forth: 300,000 frames.
trace = os.path.join(work, "long.trace")
with open(trace, "w") as f:
    f.write("gesturekit-trace 1\nscreen 800 480\nview map root 0 0 800 480\n"
            "recognizer pan pan map\nrecognizer tap tap map\n")
    t, touch = 0.0, 0
    for stroke in range(6000):
        touch += 1
        f.write(f"frame {t:.3f} {touch}:down:100:100\n")
        for k in range(48):
            t += 0.01
            f.write(f"frame {t:.3f} {touch}:move:{100 + 5 * k}:100\n")
        t += 0.01
        f.write(f"frame {t:.3f} {touch}:up:340:100\n")
        t += 0.01
size_kib = os.path.getsize(trace) / 1024
converted = os.path.join(work, "long-converted.trace")
status, kib = peak_kib(["convert", trace, "-o", converted])
check(status == 0, f"convert of a {size_kib / 1024:.1f} MiB trace succeeds")
check(kib < 7.5 * size_kib, f"... and peaks at {kib / size_kib:.1f} times its input ({kib / 1024:.0f} MiB), under 7.5")
status = subprocess.run([tool, "check", converted], stdout=subprocess.DEVNULL).returncode
check(status == 0, "... and the converted trace checks")

picture = os.path.join(work, "big.png")
small = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "traces", "double-tap-delays-single.trace")
status, kib = peak_kib(["view", small, "--size", "4096x4096", "--screenshot", picture, "--at", "1"])
canvas_kib = 4096 * 4096 * 4 / 1024
check(status == 0 and os.path.getsize(picture) > 0, "a 4096x4096 screenshot is written")
check(kib < 1.25 * canvas_kib, f"... peaking at {kib / canvas_kib:.2f} times its canvas ({kib / 1024:.0f} MiB), "
                               "under 1.25 (the RGB copy of the whole picture was 1.75)")
print(f"big outputs: {'all passed' if not failures else f'{failures} failed'}")
sys.exit(1 if failures else 0)
