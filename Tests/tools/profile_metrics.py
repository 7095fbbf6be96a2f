#!/usr/bin/env python3
"""`gesturekit profile` and `gesturekit metrics` end to end (docs/INPUT.md, docs/TELEMETRY.md):
a profile measured from a real recording is read back by `replay --profile`, bad profiles and
filter names are refused, and the metrics of every recording parse with prometheus_client.

Usage: profile_metrics.py TOOL... -- DATA_SAMPLES"""
import os
import sys
import tempfile

from prometheus_client.openmetrics.parser import text_string_to_metric_families as parse_openmetrics
from prometheus_client.parser import text_string_to_metric_families as parse_prometheus
from toolcheck import Checks, recordings as recordings_of

split = sys.argv.index("--")
tool, samples = sys.argv[1:split], sys.argv[split + 1]
checks = Checks(tool)
check, run = checks.check, checks.run


ntrig = os.path.join(samples, "evemu-devices/touchscreens/N-Trig MultiTouch.1-finger-drag-NW-SE.events")
with tempfile.TemporaryDirectory() as d:
    profile = os.path.join(d, "panel.profile")
    r = run("profile", ntrig, "-o", profile)
    check(r.returncode == 0 and "noise:" in r.stderr, "profile measures the N-Trig panel")
    text = open(profile).read() if r.returncode == 0 else ""
    check("gesturekit-panel-profile 1" in text and "sample_rate_hz 69" in text and "reports_size 1" in text,
          "the profile file has the header, the 69 Hz rate and the size flag")
    r = run("replay", ntrig, "--profile", profile)
    check(r.returncode == 0 and "pan began" in r.stdout, "replay --profile reads it, and the drag is still a pan")
    bad = os.path.join(d, "bad.profile")
    with open(bad, "w") as f:
        f.write("gesturekit-panel-profile 1\nnoise -3\n")
    r = run("replay", ntrig, "--profile", bad)
    check(r.returncode == 2 and "line 2" in r.stderr, "a negative noise is refused with its line")
    r = run("replay", ntrig, "--filters", "median")
    check(r.returncode == 2 and "unknown filter" in r.stderr, "an unknown filter name is refused")

recordings = recordings_of(samples)
for path in recordings:
    for openmetrics in (False, True):
        r = run("metrics", path, *(["--openmetrics"] if openmetrics else []))
        try:
            parse = parse_openmetrics if openmetrics else parse_prometheus
            families = list(parse(r.stdout))
            ok = r.returncode == 0 and any(f.name == "gesturekit_frames" for f in families)
        except Exception as e:  # the parser's own error says what is wrong
            ok = False
            print(e)
        check(ok, f"metrics of {os.path.basename(path)} parse ({'OpenMetrics' if openmetrics else 'Prometheus'})")
check(len(recordings) >= 10, f"{len(recordings)} recordings")
sys.exit(1 if checks.failures else 0)
