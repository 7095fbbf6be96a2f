#!/usr/bin/env python3
"""Checks check_layers.py's rule on the C library's mathematics against files written for the
purpose: `import CGestureKitMath` (or Glibc, Foundation, ...) in any core file fails the check,
naming the file; the handle tags' module and a comment naming the import pass. Exit status 0 when
all behave so (issue 70: five files imported libm without using it, where its `sin` would have
typechecked and undone the engine's own trigonometry)."""
import sys

from layer_fixture import Cases, check_tree

BODY = "%s\nstruct Wave {\n    func value(_ x: Double) -> Double { x }\n}\n"


def wave(layer, first_line):
    return check_tree({f"{layer}/Wave.swift": BODY % first_line})


def main():
    cases = Cases("libm import rule")
    for module in ("CGestureKitMath", "Glibc", "Foundation", "WASILibc"):
        cases.fails(wave("Recognizers", f"import {module}"), f"Recognizers/Wave.swift: imports {module}",
                    f"import {module} in Recognizers/")
    cases.fails(wave("CAPI", "import CGestureKitMath"), "CAPI/Wave.swift: imports CGestureKitMath", "in CAPI/ too")
    cases.passes(wave("CAPI", "import CGestureKitHandles"), "the handle tags' module")
    cases.passes(wave("Geometry", "// not: import CGestureKitMath"), "a comment naming the import")
    return cases.finish()


if __name__ == "__main__":
    sys.exit(main())
