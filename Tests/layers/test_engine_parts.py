#!/usr/bin/env python3
"""Checks check_layers.py's rule on the engine's state against files written for the purpose: an
`Engine` class with 13 stored properties fails, naming the count; with 12 it passes, and computed
properties (`var x: Int { … }`) do not count. Exit status 0 when all three behave so."""
import os
import subprocess
import sys
import tempfile

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_layers.py")


def run(stored, computed=0):
    """Writes Engine/Engine.swift with `stored` stored and `computed` computed properties."""
    lines = ["public final class Engine {"]
    lines += [f"    var part{k} = {k}" for k in range(stored)]
    lines += [f"    public var view{k}: Int {{ part0 + {k} }}" for k in range(computed)]
    lines += ["}"]
    with tempfile.TemporaryDirectory() as root:
        os.mkdir(os.path.join(root, "Engine"))
        with open(os.path.join(root, "Engine", "Engine.swift"), "w") as f:
            f.write("\n".join(lines) + "\n")
        return subprocess.run([sys.executable, CHECK, root], capture_output=True, text=True)


def main():
    failures = []
    too_many = run(13)
    if too_many.returncode == 0 or "has 13 stored properties" not in too_many.stdout:
        failures.append(f"13 stored properties passed: {too_many.stdout!r}")
    enough = run(12)
    if enough.returncode != 0:
        failures.append(f"12 stored properties failed: {enough.stdout!r}")
    computed = run(12, computed=5)
    if computed.returncode != 0:
        failures.append(f"computed properties were counted: {computed.stdout!r}")
    for f in failures:
        print("FAIL:", f)
    print(f"engine-parts rule: {3 - len(failures)} of 3 cases as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
