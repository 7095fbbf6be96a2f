#!/usr/bin/env python3
"""C, C++ and JavaScript files of the project over 500 lines say why at their top (a line with
"Long file:" within the first 20), as the Swift core's files over 400 do (check_layers.py).
include/gesturekit.h, the whole C contract in one header, is the exception.

Usage: long_files.py SOURCE_DIR     Exit status 1 naming each file without a reason.
"""
import os
import subprocess
import sys

LIMIT = 500
EXTENSIONS = (".c", ".h", ".cpp", ".hpp", ".js", ".mjs")
EXEMPT = {"include/gesturekit.h"}


def main():
    root = sys.argv[1]
    listed = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True)
    names = listed.stdout.split() if listed.returncode == 0 else [
        os.path.relpath(os.path.join(w, n), root) for w, _, ns in os.walk(root) for n in ns
        if not os.path.relpath(w, root).startswith(("build", "."))]
    long, told = [], 0
    for name in sorted(names):
        if not name.endswith(EXTENSIONS) or name in EXEMPT:
            continue
        with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
        if len(lines) <= LIMIT:
            continue
        if any("Long file:" in line for line in lines[:20]):
            told += 1
        else:
            long.append(f"{name}: {len(lines)} lines and no \"Long file:\" reason in its first 20")
    for problem in long:
        print("FAIL:", problem)
    print(f"long files: {told} over {LIMIT} lines with a reason, {len(long)} without")
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
