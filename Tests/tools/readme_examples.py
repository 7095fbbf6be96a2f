#!/usr/bin/env python3
"""The README's complete examples run as written: the C example compiles under the project's own
flags (-Wall -Wextra -Werror) and the Python example runs, against the built library, and each
prints exactly what the README shows after it ("It prints:").

Usage: readme_examples.py SOURCE_DIR BUILD_DIR WORK_DIR
"""
import os
import subprocess
import sys


def example(text, heading, language):
    """The first `language` block under `heading`, and the text block the README shows after it."""
    section = text.split(heading, 1)[1]
    code = section.split("```" + language + "\n", 1)[1].split("```", 1)[0]
    shown = section.split("It prints:", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    return code, shown


def main():
    src, build, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    readme = open(os.path.join(src, "README.md"), encoding="utf-8").read()
    failures = 0
    code, shown = example(readme, "## C example", "c")
    app = os.path.join(work, "app.c")
    open(app, "w").write(code)
    exe = os.path.join(work, "app")
    subprocess.run(["cc", "-Wall", "-Wextra", "-Werror", "-I" + os.path.join(src, "include"), app, "-L" + build,
                    "-lgesturekit", "-Wl,-rpath," + build, "-o", exe], check=True)
    out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
    if out != shown:
        print(f"FAIL: the C example printed\n{out}instead of\n{shown}")
        failures += 1
    code, shown = example(readme, "## Python example", "python")
    app = os.path.join(work, "app.py")
    open(app, "w").write(code)
    env = dict(os.environ, GESTUREKIT_LIBRARY=os.path.join(build, "libgesturekit.so.0"),
               PYTHONPATH=os.path.join(src, "bindings", "python"))
    out = subprocess.run([sys.executable, app], check=True, capture_output=True, text=True, env=env).stdout
    if out != shown:
        print(f"FAIL: the Python example printed\n{out}instead of\n{shown}")
        failures += 1
    if not failures:
        print("README examples: the C and the Python example print what the README shows")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
