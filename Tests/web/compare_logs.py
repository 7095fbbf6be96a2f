#!/usr/bin/env python3
"""Compares the conformance logs of the native library (Tests/conformance/run.py --dump) with the
WebAssembly build's (Tests/web/conformance.mjs), scenario by scenario: the same entries in the same
order, every number equal to the bit (both sides write the shortest decimal that reads back as
the same double; the JS side writes NaN and the infinities as strings).

Usage: compare_logs.py NATIVE_DIR WASM_DIR
Exit status 1 when a scenario differs or is missing on one side.
"""
import json
import math
import struct
import sys
from pathlib import Path


def same(a, b, where, out):
    if isinstance(a, float) and isinstance(b, str) and b in ("NaN", "Infinity", "-Infinity"):
        b = float(b.replace("Infinity", "inf"))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) and not isinstance(b, bool):
        if struct.pack("<d", float(a)) != struct.pack("<d", float(b)) and not (math.isnan(a) and math.isnan(b)):
            out.append(f"{where}: {a!r} != {b!r}")
        return
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            out.append(f"{where}: {len(a)} entries != {len(b)}")
            return
        for i, (x, y) in enumerate(zip(a, b)):
            same(x, y, f"{where}[{i}]", out)
        return
    if isinstance(a, dict) and isinstance(b, dict):
        if set(a) != set(b):
            out.append(f"{where}: keys {sorted(a)} != {sorted(b)}")
            return
        for k in a:
            same(a[k], b[k], f"{where}.{k}", out)
        return
    if a != b:
        out.append(f"{where}: {a!r} != {b!r}")


def main(argv):
    native, wasm = Path(argv[1]), Path(argv[2])
    names = sorted(p.name for p in native.glob("S*.json"))
    bad = 0
    entries = 0
    for name in names:
        other = wasm / name
        if not other.exists():
            print(f"{name}: no WebAssembly log")
            bad += 1
            continue
        a, b = json.loads((native / name).read_text()), json.loads(other.read_text())
        diffs = []
        same(a, b, name, diffs)
        entries += len(a["log"])
        if diffs:
            bad += 1
            print("\n".join(diffs[:10]))
    extra = sorted({p.name for p in wasm.glob("S*.json")} - set(names))
    for name in extra:
        print(f"{name}: no native log")
        bad += 1
    print(f"{len(names) - bad} of {len(names) + len(extra)} scenarios give the same log ({entries} entries natively)")
    return 1 if bad or not names else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
