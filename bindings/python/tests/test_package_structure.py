"""The package's own structure (issue 42): no module imports another in a circle, type-checking
imports included, and no module reaches into another's private members. The engine's C handle and
its bookkeeping live in ``gesturekit._session``; views, recognizers and the engine's mixins find
the session with ``session_of`` instead of reading the engine's attributes."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "gesturekit"


def modules():
    return {p.stem: ast.parse(p.read_text(), str(p)) for p in sorted(PACKAGE.glob("*.py"))}


def imports_of(tree):
    """The package modules a module imports, wherever the import statement is."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(a.name for a in node.names)
    return out


def cycles(graph):
    found, state = [], {}

    def visit(node, path):
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                found.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def private(name):
    """A private name: one leading underscore; not a dunder, nor a "sunder" such as ctypes'
    ``_fields_`` (a library's public convention)."""
    return name.startswith("_") and not name.endswith("_")


def defined_privates(tree):
    """Private names a module defines: its functions, classes and attributes it assigns, the
    names it imports under a private alias, and names it sets through setattr with a string."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for sub in ast.walk(t):
                    if isinstance(sub, ast.Attribute):
                        out.add(sub.attr)
                    elif isinstance(sub, ast.Name):
                        out.add(sub.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Call) and node.args and any(
                isinstance(a, ast.Constant) and isinstance(a.value, str) and private(a.value) for a in node.args[1:2]):
            out.add(node.args[1].value)
    return {n for n in out if private(n)}


def reaches(name, tree):
    """`x._name` reads of private attributes the module does not define itself."""
    own = defined_privates(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr) and node.attr not in own:
            out.append(f"{name}.py:{node.lineno}: .{node.attr}")
    return out


def test_no_module_imports_another_in_a_circle():
    graph = {name: imports_of(tree) & set(modules()) for name, tree in modules().items()}
    assert cycles(graph) == []


def test_no_module_reaches_into_another_modules_private_members():
    found = [r for name, tree in modules().items() for r in reaches(name, tree)]
    assert found == []


def test_the_checks_catch_what_they_look_for():
    """The two checks fail on the patterns they exist for."""
    assert cycles({"engine": {"recognizers"}, "recognizers": {"views"}, "views": {"engine"}}) == \
        [["engine", "recognizers", "views", "engine"]]
    sample = ast.parse("def f(engine):\n    return engine._ptr\n\nclass V:\n    def g(self):\n        self._own = 1\n"
                       "        return self._own\n")
    assert reaches("sample", sample) == ["sample.py:2: ._ptr"]
    type_only = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .engine import Engine\n")
    assert imports_of(type_only) == {"engine"}
