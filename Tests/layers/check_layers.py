#!/usr/bin/env python3
"""The layers of the Swift core point one way:

    CAPI -> Engine -> Recognizers / Views / Tracking -> Input / Geometry / Support / Model

Each folder of Sources/GestureKit is a layer. This check fails when a file names a type that is
declared in a higher layer (peers may name each other). Comments and string literals are ignored.
It also fails on a file of more than 400 lines that does not say why at its top: a comment line
beginning "// Long file:" within its first ten lines; and on a raw address (`.pointee`) outside
Support/ and CAPI/: the rest of the core reaches records by index or through closure accessors
(`RecordBuffer.update`, `RingBuffer.push(_:filling:)`); and on an `Engine` class with more than 12
stored properties: its state belongs to the parts in Engine/Parts/, each a struct that owns its
fields. A layer's subfolders (Engine/Parts/) belong to the layer. And it fails on a file that imports
the C library's mathematics (CGestureKitMath, Glibc, Musl, WASILibc, Foundation): the engine computes
its trigonometry itself (Geometry/Trigonometry.swift) for the same bits on every build, and libm's
`sin` would typecheck, and quietly undo that, in any file that imported it.

Usage: check_layers.py [SOURCES_DIR]   (default: Sources/GestureKit beside this repository's Tests)
"""
import os
import re
import sys

RANKS = {"CAPI": 4, "Engine": 3, "Recognizers": 2, "Views": 2, "Tracking": 2,
         "Input": 1, "Geometry": 1, "Support": 1, "Model": 1}
DECL = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|open|internal|private|fileprivate|final|indirect)\s+)*"
                  r"(?:class|struct|enum|protocol|typealias|actor)\s+(\w+)", re.M)
IDENT = re.compile(r"\b[A-Z]\w*\b")
MAXIMUM_LINES = 400
ADDRESS_LAYERS = {"Support", "CAPI"}   # the only folders that may write `.pointee`
POINTEE = re.compile(r"\.pointee\b")
MAXIMUM_ENGINE_PROPERTIES = 12
LIBM = re.compile(r"^\s*import\s+(CGestureKitMath|Glibc|Musl|WASILibc|Foundation|Darwin)\b", re.M)
STORED = re.compile(r"^    (?:public |private |fileprivate |internal |public internal\(set\) |private\(set\) )*(?:var|let) "
                    r"(\w+)(?![^{\n]*\{)", re.M)


def engine_stored_properties(text):
    """The stored properties declared in the body of `class Engine` (computed ones end in `{ … }`)."""
    m = re.search(r"^(?:public )?(?:final )?class Engine\b[^{]*\{(.*?)^\}", text, re.S | re.M)
    return STORED.findall(m.group(1)) if m else []


def strip(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "Sources",
                                                              "GestureKit")
    files = {}
    long_files = []
    engine_properties = None
    for layer in os.listdir(root):
        folder = os.path.join(root, layer)
        if not os.path.isdir(folder):
            continue
        if layer not in RANKS:
            print(f"FAIL: folder {layer} has no layer: add it to RANKS")
            return 1
        for where, _dirs, names in sorted(os.walk(folder)):
            for name in sorted(names):
                if not name.endswith(".swift"):
                    continue
                path = os.path.relpath(os.path.join(where, name), root)
                with open(os.path.join(where, name)) as f:
                    raw = f.read()
                files[path] = (layer, strip(raw))
                lines = raw.splitlines()
                if len(lines) > MAXIMUM_LINES and not any(l.startswith("// Long file:") for l in lines[:10]):
                    long_files.append(f"{path}: {len(lines)} lines and no \"// Long file:\" reason at its top")
                if name == "Engine.swift" and layer == "Engine":
                    engine_properties = engine_stored_properties(strip(raw))
    owner = {}
    for path, (layer, text) in files.items():
        for m in DECL.finditer(text):
            owner.setdefault(m.group(1), layer)
    problems = []
    addresses = 0
    libm = 0
    for path, (layer, text) in files.items():
        for m in LIBM.finditer(text):
            libm += 1
            problems.append(f"{path}: imports {m.group(1)}, the C library's mathematics: the engine's trigonometry is "
                            f"its own (Geometry/Trigonometry.swift)")
        if layer not in ADDRESS_LAYERS:
            for n, line in enumerate(text.splitlines(), 1):
                if POINTEE.search(line):
                    addresses += 1
                    problems.append(f"{path}:{n}: a raw address (.pointee) outside Support/ and CAPI/")
        for n, line in enumerate(text.splitlines(), 1):
            for ident in set(IDENT.findall(line)):
                higher = owner.get(ident)
                if higher and RANKS[higher] > RANKS[layer]:
                    problems.append(f"{path}:{n}: {layer} names {ident}, a type of the higher layer {higher}")
    references_up = len(problems) - addresses - libm
    if engine_properties is not None and len(engine_properties) > MAXIMUM_ENGINE_PROPERTIES:
        problems.append(f"Engine/Engine.swift: class Engine has {len(engine_properties)} stored properties, more "
                        f"than {MAXIMUM_ENGINE_PROPERTIES}: give the new state to one of the parts (Engine/Parts/)")
    for p in problems + long_files:
        print("FAIL:", p)
    print(f"layers: {len(files)} files, {len(owner)} types, {references_up} references up, "
          f"{addresses} raw addresses outside Support/ and CAPI/, {libm} imports of libm, "
          f"Engine stored properties: {len(engine_properties) if engine_properties is not None else 'no Engine.swift'}, "
          f"{len(long_files)} files over {MAXIMUM_LINES} lines without a reason")
    return 1 if problems or long_files else 0


if __name__ == "__main__":
    sys.exit(main())
