#!/usr/bin/env python3
"""The README's architecture block names every top-level folder, every folder of Sources/GestureKit
(with its subfolders), of bindings/ and of Tests/, and every module of the Python package, so that it
cannot fall behind the tree unnoticed.

Usage: readme_architecture.py SOURCE_DIR
"""
import os
import re
import sys


def main():
    root = sys.argv[1]
    text = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    section = text.split("## Architecture", 1)[1]
    block = section.split("```", 2)[1]
    missing = []
    core = os.path.join(root, "Sources", "GestureKit")
    for name in sorted(os.listdir(core)):
        if os.path.isdir(os.path.join(core, name)) and not re.search(rf"^\s+{re.escape(name)}/", block, re.M):
            missing.append(f"Sources/GestureKit/{name}/")
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if (os.path.isdir(path) and not name.startswith(".") and not name.startswith("build")
                and name != "Sources" and not re.search(rf"^{re.escape(name)}/", block, re.M)):
            missing.append(f"{name}/")
    for parent in ("bindings", "Tests"):
        for name in sorted(os.listdir(os.path.join(root, parent))):
            if (os.path.isdir(os.path.join(root, parent, name)) and not name.startswith(("_", "."))
                    and not re.search(rf"^{parent}/{re.escape(name)}/", block, re.M)):
                missing.append(f"{parent}/{name}/")
    for where, dirs, _ in os.walk(os.path.join(core, "Engine")):
        for d in dirs:
            sub = os.path.relpath(os.path.join(where, d), core)
            if not re.search(rf"^\s+{re.escape(sub)}/", block, re.M):
                missing.append(f"Sources/GestureKit/{sub}/")
    package = os.path.join(root, "bindings", "python", "gesturekit")
    for name in sorted(os.listdir(package)):
        if name.endswith(".py") and name != "__init__.py" and not re.search(rf"\b{re.escape(name)}\b", block):
            missing.append(f"bindings/python/gesturekit/{name}")
    if missing:
        print("README.md's architecture block does not name: " + ", ".join(missing))
        return 1
    print("README architecture: every top-level, core, bindings and Tests folder and every Python module is named")
    return 0


if __name__ == "__main__":
    sys.exit(main())
