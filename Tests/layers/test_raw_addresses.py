#!/usr/bin/env python3
"""Checks check_layers.py's rule on raw addresses against files written for the purpose: `.pointee`
in Engine/ fails the check, naming the file and line; the same line in Support/ or CAPI/ passes, and
so does a comment that mentions it. Exit status 0 when all four behave so."""
import os
import subprocess
import sys
import tempfile

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_layers.py")
BODY = "struct Holder {\n    func read(_ p: UnsafeMutablePointer<Int>) -> Int {\n        %s\n    }\n}\n"


def run(layer, line):
    """Writes LAYER/Holder.swift with `line` in a function body and runs the check on it."""
    with tempfile.TemporaryDirectory() as root:
        os.mkdir(os.path.join(root, layer))
        with open(os.path.join(root, layer, "Holder.swift"), "w") as f:
            f.write(BODY % line)
        return subprocess.run([sys.executable, CHECK, root], capture_output=True, text=True)


def main():
    failures = []
    engine = run("Engine", "return p.pointee")
    if engine.returncode == 0 or "Engine/Holder.swift:3: a raw address" not in engine.stdout:
        failures.append(f".pointee in Engine/ passed: {engine.stdout!r}")
    for layer in ("Support", "CAPI"):
        allowed = run(layer, "return p.pointee")
        if allowed.returncode != 0:
            failures.append(f".pointee in {layer}/ failed: {allowed.stdout!r}")
    comment = run("Engine", "return 0   // not p.pointee")
    if comment.returncode != 0:
        failures.append(f"a comment naming .pointee failed: {comment.stdout!r}")
    for f in failures:
        print("FAIL:", f)
    print(f"raw-address rule: {4 - len(failures)} of 4 cases as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
