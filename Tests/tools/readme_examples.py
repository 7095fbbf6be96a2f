#!/usr/bin/env python3
"""The README's complete examples run as written: the C example compiles under the project's own
flags (-Wall -Wextra -Werror) and the Python example runs, against the built library, and each
prints exactly what the README shows after it ("It prints:").

The pumped Python example (libgesturekit-pump) runs from the source tree, where its recording is.

The decision-log fragments of "Why didn't my gesture fire?" run in the scene the README describes
there (built below, as the prose says): the Python fragment must print the README's log exactly,
and the C fragment must compile under the same flags and log the same entries (time and
recognizer, in order; it prints the event's short name where Python prints a sentence).

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
    # The pumped Python host reads one of the project's recordings, from the source tree.
    code, shown = example(readme, "### Python: the panel read in C", "python")
    app = os.path.join(work, "pump.py")
    open(app, "w").write(code)
    out = subprocess.run([sys.executable, app], check=True, capture_output=True, text=True, env=env, cwd=src).stdout
    if out != shown:
        print(f"FAIL: the pumped Python example printed\n{out}instead of\n{shown}")
        failures += 1
    failures += decision_log_fragments(readme, src, build, work, env)
    if not failures:
        print("README examples: the C and the Python examples, the pumped one, and both decision-log fragments, "
              "print what the README shows")
    return 1 if failures else 0


# The scene of "Why didn't my gesture fire?": a single tap that waits for a double tap on one view, a
# tap on a second view, a pan on the root; a tap on the first view, then a drag from the second.
PYTHON_SCENE = """import gesturekit as gk
engine = gk.Engine(width=800, height=480)
first = engine.root.add_view((0, 0, 400, 480))
second = engine.root.add_view((400, 0, 400, 480))
single, double = engine.tap(first), engine.tap(first, number_of_taps_required=2)
single.require_to_fail(double)
tap, pan = engine.tap(second), engine.pan(engine.root)
single.name, double.name, tap.name, pan.name = "single", "double", "tap", "pan"
"""
PYTHON_FEED = """engine.feed(0.00, [gk.Touch(1, gk.Phase.BEGAN, 200, 240)])
engine.feed(0.08, [gk.Touch(1, gk.Phase.ENDED, 200, 240)])
engine.advance(1.0)
engine.feed(2.00, [gk.Touch(2, gk.Phase.BEGAN, 600, 240)])
engine.feed(2.05, [gk.Touch(2, gk.Phase.MOVED, 640, 240)])
"""
C_SCENE = """#include <gesturekit.h>
#include <stdio.h>
#include <string.h>
static gk_recognizer named(gk_engine *engine, gk_recognizer_kind kind, gk_view view, const char *name) {
    gk_recognizer r;
    gk_recognizer_create(engine, kind, &r);
    gk_recognizer_attach(engine, r, view);
    gk_recognizer_set_name(engine, r, name, strlen(name));
    return r;
}
static void touch(gk_engine *engine, double t, int64_t id, gk_touch_phase phase, double x) {
    gk_touch one = {.id = id, .phase = phase, .type = GK_TOUCH_TYPE_DIRECT, .x = x, .y = 240};
    gk_engine_feed(engine, t, &one, 1);
}
int main(void) {
    gk_engine_options opts;
    gk_engine_options_init(&opts);
    opts.screen_width = 800;
    opts.screen_height = 480;
    gk_engine *engine;
    if (gk_engine_create(&opts, &engine) != GK_OK) return 1;
    gk_view root, first, second;
    gk_rect left = {.x = 0, .y = 0, .width = 400, .height = 480}, right = {.x = 400, .y = 0, .width = 400, .height = 480};
    gk_engine_root_view(engine, &root);
    gk_view_create(engine, root, &left, &first);
    gk_view_create(engine, root, &right, &second);
    gk_recognizer single = named(engine, GK_KIND_TAP, first, "single");
    gk_recognizer double_tap = named(engine, GK_KIND_TAP, first, "double");
    gk_recognizer_set_int(engine, double_tap, GK_PROP_TAP_NUMBER_OF_TAPS_REQUIRED, 2);
    gk_recognizer_require_failure_of(engine, single, double_tap);
    named(engine, GK_KIND_TAP, second, "tap");
    named(engine, GK_KIND_PAN, root, "pan");
"""
C_FEED = """touch(engine, 0.00, 1, GK_TOUCH_BEGAN, 200);
touch(engine, 0.08, 1, GK_TOUCH_ENDED, 200);
gk_engine_advance(engine, 1.0);
touch(engine, 2.00, 2, GK_TOUCH_BEGAN, 600);
touch(engine, 2.05, 2, GK_TOUCH_MOVED, 640);"""


def decision_log_fragments(readme, src, build, work, env):
    section = readme.split("## Why didn't my gesture fire?", 1)[1]
    python = section.split("```python\n", 1)[1].split("```", 1)[0]
    after = section.split("```python\n", 1)[1].split("```", 1)[1]
    shown = after.split("\n```\n", 1)[1].split("```", 1)[0]   # the log block (no language)
    c = section.split("```c\n", 1)[1].split("```", 1)[0]
    failures = 0
    if "# ... feed the frames that misbehaved ...\n" not in python or "/* ... feed ... */\n" not in c:
        print("FAIL: the README's decision-log fragments no longer have their feed placeholders")
        return 1
    app = os.path.join(work, "decision_log.py")
    with open(app, "w", encoding="utf-8") as f:
        f.write(PYTHON_SCENE + python.replace("# ... feed the frames that misbehaved ...\n", PYTHON_FEED))
    out = subprocess.run([sys.executable, app], check=True, capture_output=True, text=True, env=env).stdout
    if out != shown:
        print(f"FAIL: the Python decision-log fragment printed\n{out}instead of\n{shown}")
        failures += 1
    program = os.path.join(work, "decision_log")
    with open(program + ".c", "w", encoding="utf-8") as f:
        f.write(C_SCENE + "    " + c.replace("/* ... feed ... */", C_FEED).replace("\n", "\n    ").rstrip()
                + "\n    gk_engine_destroy(engine);\n    return 0;\n}\n")
    subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I" + os.path.join(src, "include"),
                    program + ".c", "-L" + build, "-lgesturekit", "-Wl,-rpath," + build, "-o", program], check=True)
    out = subprocess.run([program], check=True, capture_output=True, text=True).stdout
    got = [line.split()[:2] for line in out.splitlines()]
    wanted = [line.split()[:2] for line in shown.splitlines()]
    if got != wanted:
        print(f"FAIL: the C decision-log fragment logged\n{out}where the README shows\n{shown}")
        failures += 1
    return failures


if __name__ == "__main__":
    sys.exit(main())
