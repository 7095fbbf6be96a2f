#!/usr/bin/env python3
"""gesturekitd's dry run on a recording played over and over (--repeat), for SECONDS: its resident
memory, sampled every INTERVAL, must stay flat after the first sample (the allocator's warm-up).
CTest runs it for a few seconds; docs/RELIABILITY.md has the hour-long run.

Usage: soak.py GESTUREKITD CONFIG RECORDING SECONDS INTERVAL [MAX_GROWTH_KB]
"""
import subprocess
import sys
import time

daemon, config, recording = sys.argv[1:4]
seconds, interval = float(sys.argv[4]), float(sys.argv[5])
max_growth = int(sys.argv[6]) if len(sys.argv) > 6 else 256


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


proc = subprocess.Popen([daemon, "--config", config, "--dry-run", recording, "--repeat", "1000000000",
                         "--app-out", "/dev/null", "--actions-out", "/dev/null"])
samples = []
start = time.time()
try:
    time.sleep(min(interval, 1.0))
    while time.time() - start < seconds and proc.poll() is None:
        samples.append((round(time.time() - start), rss_kb(proc.pid)))
        time.sleep(interval)
    samples.append((round(time.time() - start), rss_kb(proc.pid)))
finally:
    still_running = proc.poll() is None
    proc.kill()
    proc.wait()
for t, kb in samples:
    print(f"{t:>6} s  RSS {kb} kB")
growth = samples[-1][1] - samples[0][1] if len(samples) > 1 and None not in (samples[0][1], samples[-1][1]) else None
ok = still_running and growth is not None and growth <= max_growth
print(("ok: " if ok else "FAIL: ") + f"resident memory {samples[0][1]} -> {samples[-1][1]} kB over {samples[-1][0]} s "
      f"(growth {growth} kB, at most {max_growth}){'' if still_running else '; the daemon stopped'}")
sys.exit(0 if ok else 1)
