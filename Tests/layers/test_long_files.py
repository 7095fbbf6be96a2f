#!/usr/bin/env python3
"""Checks check_layers.py's rule on long files against files written for the purpose: a Swift file
over 400 lines fails the check, naming the file, unless a "// Long file:" line near its top gives
the reason; a file of exactly 400 lines passes. Exit status 0 when all three behave so."""
import os
import subprocess
import sys
import tempfile

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_layers.py")


def run(lines, header=""):
    """Writes Support/Long.swift of `lines` lines (the header counts) and runs the check on it."""
    with tempfile.TemporaryDirectory() as root:
        os.mkdir(os.path.join(root, "Support"))
        body = [header] if header else []
        body += ["struct Long {"] + [f"    var field{k} = {k}" for k in range(lines - len(body) - 2)] + ["}"]
        with open(os.path.join(root, "Support", "Long.swift"), "w") as f:
            f.write("\n".join(body) + "\n")
        return subprocess.run([sys.executable, CHECK, root], capture_output=True, text=True)


def main():
    failures = []
    too_long = run(401)
    if too_long.returncode == 0 or "Support/Long.swift: 401 lines" not in too_long.stdout:
        failures.append(f"401 lines without a reason passed: {too_long.stdout!r}")
    with_reason = run(401, "// Long file: one table, read by position.")
    if with_reason.returncode != 0:
        failures.append(f"401 lines with a reason failed: {with_reason.stdout!r}")
    at_limit = run(400)
    if at_limit.returncode != 0:
        failures.append(f"400 lines failed: {at_limit.stdout!r}")
    for f in failures:
        print("FAIL:", f)
    print(f"long files: {3 - len(failures)} of 3 cases as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
