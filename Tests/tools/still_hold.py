#!/usr/bin/env python3
"""Still holds never begin a pinch, a rotation or a pan (issue 53, item 3; docs/INPUT.md, "Still
holds").

Each trace holds two fingers still in a way a real panel shows: reports scattering by 2 pt, a
panel that reports only changes with an 11 pt creep, pads settling after landing and then a
creeping hand. For each, nothing may begin:
  - by default, with no profile;
  - with every profile `gesturekit profile` measures from any recording the project has (the
    hold's own, and others': a kiosk's profile comes from some other recording of its panel);
  - under every input filter alone and all of them together, with and without those profiles.
And each trace must pinch with the drift allowance turned off (drift_allowance=0), so that it
still tests something.

Usage: still_hold.py TOOL... -- WORKDIR DATA_SAMPLES RECORDINGS_DIR HOLD_TRACE..."""
import os
import re
import sys

from toolcheck import Checks, recordings as recordings_of

split = sys.argv.index("--")
tool = sys.argv[1:split]
work, samples, recordings, *holds = sys.argv[split + 1:]
checks = Checks(tool)
check, run = checks.check, checks.run
os.makedirs(work, exist_ok=True)

FILTERS = ["none", "noise", "ghosts", "palms", "edges", "chatter", "one-euro", "hysteresis",
           "noise,ghosts,palms,edges,chatter,one-euro,hysteresis"]
BEGUN = re.compile(r"^action [0-9.]+ (\S+) began", re.M)


def begun(*args):
    r = run("replay", *args)
    if r.returncode != 0:
        return ["replay failed: " + r.stderr.strip()]
    return BEGUN.findall(r.stdout)


# Profiles: every recording the project has, and the holds themselves.
sources = recordings_of(samples, recordings) + holds
profiles = []
for i, source in enumerate(sources):
    out = os.path.join(work, f"{i}.profile")
    if run("profile", source, "-o", out).returncode == 0:
        profiles.append((os.path.basename(source), out))
check(len(profiles) >= 15, f"{len(profiles)} profiles measured from {len(sources)} recordings")

for hold in holds:
    name = os.path.basename(hold)
    # Without the allowance the trace pinches: it is a hold the plain 8 pt rule gets wrong.
    plain = os.path.join(work, name + ".no-drift.trace")
    with open(hold) as f, open(plain, "w") as g:
        for line in f:
            if line.startswith("expect "):
                continue
            if line.startswith("recognizer ") and line.split()[2] in ("pinch", "rotation", "pan"):
                line = line.rstrip("\n") + " drift_allowance=0\n"
            g.write(line)
    check("pinch" in begun(plain), f"{name}: pinches with drift_allowance=0")
    wrong = []
    for filters in FILTERS:
        for pname, profile in [(None, None)] + profiles:
            args = [hold, "--filters", filters] + (["--profile", profile] if profile else [])
            got = begun(*args)
            if got:
                wrong.append(f"filters {filters}, profile {pname or 'none'}: {', '.join(got)} began")
    runs = len(FILTERS) * (len(profiles) + 1)
    check(not wrong, f"{name}: nothing begins in {runs} replays (each filter alone and all together, "
                     f"with no profile and with each of {len(profiles)})" + "".join("\n  " + w for w in wrong[:10]))
sys.exit(1 if checks.failures else 0)
