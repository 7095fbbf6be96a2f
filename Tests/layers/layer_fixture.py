"""What the tests of check_layers.py's rules share: a source tree written for the case, the check
run on it, and the expectations tallied."""
import os
import subprocess
import sys
import tempfile

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_layers.py")


def check_tree(files):
    """Writes `files` ({"Layer/Name.swift": text}) into a fresh tree and runs the check on it."""
    with tempfile.TemporaryDirectory() as root:
        for path, text in files.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), "w") as f:
                f.write(text)
        return subprocess.run([sys.executable, CHECK, root], capture_output=True, text=True)


class Cases:
    """Expectations of one rule: each case either fails naming what it should, or passes."""

    def __init__(self, rule):
        self.rule, self.count, self.failures = rule, 0, []

    def fails(self, result, naming, what):
        self.count += 1
        if result.returncode == 0 or naming not in result.stdout:
            self.failures.append(f"{what} passed: {result.stdout!r}")

    def passes(self, result, what):
        self.count += 1
        if result.returncode != 0:
            self.failures.append(f"{what} failed: {result.stdout!r}")

    def finish(self):
        for f in self.failures:
            print("FAIL:", f)
        print(f"{self.rule}: {self.count - len(self.failures)} of {self.count} cases as expected")
        return 1 if self.failures else 0
