"""What the Python tool tests share: running the gesturekit tool, counting checks, and the list of
real recordings they replay."""
import glob
import os
import subprocess


def recordings(samples, recordings_dir=None):
    """Every real recording: the data samples' evemu files and Android traces, and with
    `recordings_dir` the project's own examples/recordings; sorted."""
    found = (glob.glob(os.path.join(samples, "evemu-devices", "*", "*.events")) +
             glob.glob(os.path.join(samples, "android-getevent", "traces", "*", "*.txt")))
    if recordings_dir:
        found += glob.glob(os.path.join(recordings_dir, "*.events"))
    return sorted(found)


class Checks:
    """Runs `tool` (a command list) and prints each check as ok or FAIL, counting failures."""

    def __init__(self, tool):
        self.tool = list(tool)
        self.failures = 0

    def run(self, *args):
        return subprocess.run(self.tool + list(args), capture_output=True, text=True)

    def check(self, ok, what):
        print(("ok: " if ok else "FAIL: ") + what)
        self.failures += 0 if ok else 1
