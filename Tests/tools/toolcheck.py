"""What the Python tool tests share: running the gesturekit tool and counting checks."""
import subprocess


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
