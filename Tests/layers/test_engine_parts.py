#!/usr/bin/env python3
"""Checks check_layers.py's rule on the engine's state against files written for the purpose: an
`Engine` class with 13 stored properties fails, naming the count; with 12 it passes, and computed
properties (`var x: Int { … }`) do not count. Exit status 0 when all three behave so."""
import sys

from layer_fixture import Cases, check_tree


def engine(stored, computed=0):
    """Engine/Engine.swift with `stored` stored and `computed` computed properties, checked."""
    lines = ["public final class Engine {"]
    lines += [f"    var part{k} = {k}" for k in range(stored)]
    lines += [f"    public var view{k}: Int {{ part0 + {k} }}" for k in range(computed)]
    return check_tree({"Engine/Engine.swift": "\n".join(lines + ["}"]) + "\n"})


def main():
    cases = Cases("engine-parts rule")
    cases.fails(engine(13), "has 13 stored properties", "13 stored properties")
    cases.passes(engine(12), "12 stored properties")
    cases.passes(engine(12, computed=5), "12 stored and 5 computed properties")
    return cases.finish()


if __name__ == "__main__":
    sys.exit(main())
