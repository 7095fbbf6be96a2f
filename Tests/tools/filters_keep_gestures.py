#!/usr/bin/env python3
"""No filter loses or invents a gesture (issue 41, item 2; docs/INPUT.md).

For every recording of the data samples, of examples/recordings and the made-up fast controller's
taps, the gestures that the default scene recognizes (taps ended; pans, pinches, rotations, long
presses and the rest begun) must be the same, in number and kind, when the recording is replayed
with each input filter alone and with all of them together (issue 53), each without a profile and
with the profile `gesturekit profile` measures from that recording, as with no filter at all.

Usage: filters_keep_gestures.py TOOL... -- DATA_SAMPLES RECORDINGS_DIR FAST_TAP_RECORDING"""
import collections
import os
import sys
import tempfile

from toolcheck import Checks, recordings as recordings_of

split = sys.argv.index("--")
tool = sys.argv[1:split]
samples, recordings, fast_tap = sys.argv[split + 1:split + 4]
checks = Checks(tool)
check, run = checks.check, checks.run


def gestures(*args):
    """What a person watching would count: taps ended, pans and long presses begun, by name."""
    r = run("replay", *args)
    if r.returncode != 0:
        return None
    count = collections.Counter()
    for line in r.stdout.splitlines():
        f = line.split()
        if len(f) >= 4 and f[0] == "action" and (f[3] == "ended" and "tap" in f[2] or f[3] == "began"):
            count[(f[2], f[3])] += 1
    return dict(count)


files = sorted(recordings_of(samples, recordings) + [fast_tap])
check(len(files) >= 15, f"{len(files)} recordings")
FILTERS = ["noise", "ghosts", "palms", "edges", "chatter", "one-euro", "hysteresis",
           "noise,ghosts,palms,edges,chatter,one-euro,hysteresis"]
with tempfile.TemporaryDirectory() as tmp:
    profile = os.path.join(tmp, "p.profile")
    for f in files:
        name = os.path.basename(f)
        plain = gestures(f)
        if plain is None:
            check(False, f"{name}: replays")
            continue
        has_profile = run("profile", f, "-o", profile).returncode == 0
        check(has_profile, f"{name}: profile")
        differ = []
        for filters in FILTERS:
            for with_profile in ((False, True) if has_profile else (False,)):
                got = gestures(f, "--filters", filters, *(["--profile", profile] if with_profile else []))
                if got != plain:
                    differ.append(f"{filters}{' with its profile' if with_profile else ''}: {got}")
        check(not differ, f"{name}: every filter alone and all together keep {plain}"
                          + "".join("\n  " + d for d in differ))
    taps = gestures(fast_tap, "--filters", "ghosts")
    check(taps is not None and sum(n for (r, s), n in taps.items() if s == "ended") == 2,
          f"the fast controller's two 50 us taps survive the ghost filter ({taps})")
print("filters:", "no gesture lost or invented" if checks.failures == 0 else f"{checks.failures} failures")
sys.exit(1 if checks.failures else 0)
