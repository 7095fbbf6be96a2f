#!/usr/bin/env python3
"""docs/DAEMON.md's recipes run as written: each ```ini block that starts with
"# recipe: NAME (RECORDING)" is a configuration; gesturekitd --dry-run runs it on the recording,
and what it prints (the JSON lines of its events and actions, then the touches the app receives,
one "app:" line each, which must also be what its app stream holds) must be the ```text block that
follows it in the document. With --print, prints
what each recipe gives instead (to write the document). With --extract, writes each recipe as
NAME.conf into OUT_DIR and runs nothing (the gesturekitd package ships them beside the recordings).

Usage: recipes.py [--print] GESTUREKITD SOURCE_DIR WORK_DIR
       recipes.py --extract SOURCE_DIR OUT_DIR
"""
import os
import re
import subprocess
import sys

EV_SYN, EV_ABS = 0, 3
ABS_MT_SLOT, ABS_MT_TOOL_TYPE, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2F, 0x37, 0x35, 0x36, 0x39


def app_touches(path):
    """The touches of an app stream, one line each: where and when each began, and how it ended."""
    slot, slots, lines = 0, {}, []
    for line in open(path):
        if not line.startswith("E: "):
            continue
        t, ty, code, value = line.split()[1:5]
        t, ty, code, value = float(t), int(ty, 16), int(code, 16), int(value)
        if ty != EV_ABS:
            continue
        if code == ABS_MT_SLOT:
            slot = value
        elif code == ABS_MT_TRACKING_ID and value >= 0:
            slots[slot] = {"t": t, "x": None, "y": None, "palm": False}
        elif code in (ABS_MT_POSITION_X, ABS_MT_POSITION_Y) and slot in slots and slots[slot]["x" if code == ABS_MT_POSITION_X else "y"] is None:
            slots[slot]["x" if code == ABS_MT_POSITION_X else "y"] = value
        elif code == ABS_MT_TOOL_TYPE and value == 2 and slot in slots:
            slots[slot]["palm"] = True
        elif code == ABS_MT_TRACKING_ID and value < 0 and slot in slots:
            s = slots.pop(slot)
            how = "cancelled (MT_TOOL_PALM)" if s["palm"] else "lifted"
            lines.append(f"app: touch down at {s['t']:.3f} s at ({s['x']}, {s['y']}), {how} at {t:.3f} s")
    return lines or ["app: no touch"]


RECIPE = re.compile(r"```ini\n# recipe: (\S+) \((\S+)\)\n(.*?)```\n(?:.*?```text\n(.*?)```)?", re.S)


def extract(source, out):
    """Writes each recipe of docs/DAEMON.md as OUT/NAME.conf, with its recording named in a comment."""
    os.makedirs(out, exist_ok=True)
    doc = open(os.path.join(source, "docs", "DAEMON.md"), encoding="utf-8").read()
    for name, recording, config, _ in RECIPE.findall(doc):
        with open(os.path.join(out, name + ".conf"), "w") as f:
            f.write(f"# recipe: {name}, from gesturekitd's documentation (DAEMON.md); try it on its recording:\n"
                    f"#   gesturekitd --config {name}.conf --dry-run {os.path.basename(recording)}\n{config}")
    return 0


def main():
    args = sys.argv[1:]
    if args[:1] == ["--extract"] and len(args) == 3:
        return extract(args[1], args[2])
    printing = args[:1] == ["--print"]
    if printing:
        args = args[1:]
    daemon, source, work = args
    os.makedirs(work, exist_ok=True)
    doc = open(os.path.join(source, "docs", "DAEMON.md"), encoding="utf-8").read()
    recipes = RECIPE.findall(doc)
    if len(recipes) < 4:
        print(f"FAIL: docs/DAEMON.md has {len(recipes)} recipes, expected at least 4")
        return 1
    failures = 0
    for name, recording, config, shown in recipes:
        conf = os.path.join(work, name + ".conf")
        app, actions = os.path.join(work, name + ".app.events"), os.path.join(work, name + ".actions.jsonl")
        with open(conf, "w") as f:
            f.write(config)
        touches = os.path.join(work, name + ".touches.txt")
        result = subprocess.run([daemon, "--config", conf, "--dry-run", os.path.join(source, recording), "--app-out", app,
                                 "--actions-out", actions, "--touches-out", touches], capture_output=True, text=True,
                                timeout=60)
        if result.returncode != 0:
            print(f"FAIL: recipe {name}: gesturekitd said: {result.stderr}")
            failures += 1
            continue
        # The dry run says what the app receives itself (--touches-out); that must also be what its
        # app stream holds, read here independently.
        said = open(touches).read().splitlines()
        got = "".join(open(actions).readlines()) + "".join(line + "\n" for line in said)
        if said != app_touches(app):
            print(f"FAIL: recipe {name}: the dry run says {said}, its app stream holds {app_touches(app)}")
            failures += 1
            continue
        if printing:
            print(f"== {name}\n{got}")
        elif got != shown:
            print(f"FAIL: recipe {name} gives\n{got}where docs/DAEMON.md shows\n{shown}")
            failures += 1
        else:
            print(f"ok: recipe {name} gives what docs/DAEMON.md shows")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
