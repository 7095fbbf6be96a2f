#!/usr/bin/env python3
"""Checks check_layers.py's rule on raw addresses against files written for the purpose: `.pointee`
in Engine/ fails the check, naming the file and line; the same line in Support/ or CAPI/ passes, and
so does a comment that mentions it. Exit status 0 when all four behave so."""
import sys

from layer_fixture import Cases, check_tree

BODY = "struct Holder {\n    func read(_ p: UnsafeMutablePointer<Int>) -> Int {\n        %s\n    }\n}\n"


def holder(layer, line):
    """LAYER/Holder.swift with `line` in a function body, checked."""
    return check_tree({f"{layer}/Holder.swift": BODY % line})


def main():
    cases = Cases("raw-address rule")
    cases.fails(holder("Engine", "return p.pointee"), "Engine/Holder.swift:3: a raw address", ".pointee in Engine/")
    for layer in ("Support", "CAPI"):
        cases.passes(holder(layer, "return p.pointee"), f".pointee in {layer}/")
    cases.passes(holder("Engine", "return 0   // not p.pointee"), "a comment naming .pointee")
    return cases.finish()


if __name__ == "__main__":
    sys.exit(main())
