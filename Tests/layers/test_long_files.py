#!/usr/bin/env python3
"""Checks check_layers.py's rule on long files against files written for the purpose: a Swift file
over 400 lines fails the check, naming the file, unless a "// Long file:" line near its top gives
the reason; a file of exactly 400 lines passes. Exit status 0 when all three behave so."""
import sys

from layer_fixture import Cases, check_tree


def long_file(lines, header=""):
    """Support/Long.swift of `lines` lines (the header counts), checked."""
    body = [header] if header else []
    body += ["struct Long {"] + [f"    var field{k} = {k}" for k in range(lines - len(body) - 2)] + ["}"]
    return check_tree({"Support/Long.swift": "\n".join(body) + "\n"})


def main():
    cases = Cases("long files")
    cases.fails(long_file(401), "Support/Long.swift: 401 lines", "401 lines without a reason")
    cases.passes(long_file(401, "// Long file: one table, read by position."), "401 lines with a reason")
    cases.passes(long_file(400), "400 lines")
    return cases.finish()


if __name__ == "__main__":
    sys.exit(main())
