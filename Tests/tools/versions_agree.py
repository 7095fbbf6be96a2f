#!/usr/bin/env python3
"""Every place that states GestureKit's version agrees, and the ABI's version nodes tell the truth.

Checks, on the source tree, for each shared library (libgesturekit.so.0 and libgesturekit-pump.so.0):
- the linker script (cmake/gesturekit.map, cmake/gesturekit-pump.map) and the Debian symbols file
  (debian/libgesturekit0.symbols, debian/libgesturekit-pump0.symbols) list the same functions in
  the same nodes, and the symbols file gives no function a minimum version older than its node (a
  function of GESTUREKIT_0.2 at 0.1.0 would let a program that calls it install against a 0.1.0
  library that lacks it);
- each function's `@since` in its header (include/gesturekit.h, include/gesturekit-pump.h) is its
  node's release;
and for the project:
- GK_VERSION_MAJOR.MINOR in gesturekit.h is the newest node of either library, so a release that
  adds a function adds a node and a minor version (docs/ABI.md);
- the header, the Swift library (gk_version_string), CMake's project version, the Python package,
  debian/changelog and the newest released CHANGELOG heading all give the same version.

With --generated FILE, the symbols file that dpkg-gensymbols wrote is checked too: the Debian tools
lower a minimum version that is newer than the package's own version, and that is how a wrong
package version would show.

--mutate NAME runs the checks on a copy with one planted mistake, so that CTest can show each
guard failing (the test is marked WILL_FAIL): lower-symbol, header-minor, swift-version,
since-tag, pump-symbol, pump-since.

Usage: versions_agree.py SOURCE_DIR [--generated FILE] [--mutate NAME]
"""
import argparse
import os
import re
import sys


def parse_version(text):
    parts = text.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"not a version: {text!r}")
    return tuple(int(p) for p in parts)


NODE = r"GESTUREKIT_(?:PUMP_)?\d+\.\d+"


def node_version(node):
    match = re.fullmatch(r"GESTUREKIT_(?:PUMP_)?(\d+)\.(\d+)", node)
    if not match:
        raise ValueError(f"not a version node: {node!r}")
    return (int(match.group(1)), int(match.group(2)), 0)


def show(version):
    return ".".join(str(v) for v in version)


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def map_nodes(text):
    """Node name -> function names, from the linker script."""
    nodes = {}
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    for node, body in re.findall(rf"({NODE})\s*\{{(.*?)\}}", text, flags=re.S):
        names = re.findall(r"\b(gk_\w+)\s*;", body)
        nodes[node] = names
    return nodes


def symbols_entries(text):
    """Function name -> (node, minimum version), from a symbols file."""
    entries = {}
    for line in text.splitlines():
        match = re.match(rf"^ (gk_\w+)@({NODE}) (\S+)", line)
        if match:
            entries[match.group(1)] = (match.group(2), match.group(3))
    return entries


def header_since(text, api="GK_API"):
    """Function name -> the @since of the comment before its declaration (`api` is the header's
    export macro)."""
    result = {}
    last_since = None
    for line in text.splitlines():
        since = re.search(r"@since (\d+\.\d+\.\d+)", line)
        if since:
            last_since = since.group(1)
        declared = re.match(rf"^{api}\b.*?\b(gk_\w+)\s*\(", line)
        if declared:
            result[declared.group(1)] = last_since
    return result


def mutate(sources, name):
    if name == "lower-symbol":
        sources["symbols"] = sources["symbols"].replace(
            "gk_engine_audit@GESTUREKIT_0.2 0.2.0", "gk_engine_audit@GESTUREKIT_0.2 0.1.0")
    elif name == "header-minor":
        sources["header"] = re.sub(r"#define GK_VERSION_MINOR \d+", "#define GK_VERSION_MINOR 1",
                                   sources["header"])
    elif name == "swift-version":
        sources["swift"] = re.sub(r'versionText: StaticString = "[^"]*"',
                                  'versionText: StaticString = "0.1.0"', sources["swift"])
    elif name == "since-tag":
        lines = sources["header"].split("\n")
        at = next(i for i, line in enumerate(lines) if re.match(r"GK_API .*\bgk_engine_audit\(", line))
        while "@since" not in lines[at]:
            at -= 1
        lines[at] = lines[at].replace("@since 0.2.0", "@since 0.1.0")
        sources["header"] = "\n".join(lines)
    elif name == "web-version":
        sources["package_json"] = re.sub(r'"version": "[^"]*"', '"version": "0.1.0"', sources["package_json"])
    elif name == "pump-symbol":
        sources["pump_symbols"] = sources["pump_symbols"].replace(
            "gk_pump_run@GESTUREKIT_PUMP_0.4 0.4.0", "gk_pump_run@GESTUREKIT_PUMP_0.4 0.3.0")
    elif name == "pump-since":
        sources["pump_header"] = sources["pump_header"].replace(
            " * @since 0.4.0\n */\nGESTUREKIT_PUMP_API gk_status gk_pump_run(",
            " * @since 0.3.0\n */\nGESTUREKIT_PUMP_API gk_status gk_pump_run(")
    else:
        raise SystemExit(f"unknown mutation {name!r}")
    return sources


def check_library(problems, map_text, symbols_text, header_text, api, where):
    """The checks of one library: its linker script, symbols file and header agree. Returns its nodes."""
    nodes = map_nodes(map_text)
    if not nodes:
        problems.append(f"{where['map']}: no version node found")
        return nodes
    symbols = symbols_entries(symbols_text)
    since = header_since(header_text, api)
    in_map = {}
    for node, names in nodes.items():
        for name in names:
            in_map[name] = node
    for name, node in sorted(in_map.items()):
        wanted = node_version(node)
        if name not in symbols:
            problems.append(f"{name} is in {node} of the linker script but not in the symbols file")
            continue
        listed_node, minimum = symbols[name]
        if listed_node != node:
            problems.append(f"{name}: linker script node {node}, symbols file node {listed_node}")
        if parse_version(minimum) < wanted:
            problems.append(f"{name} is in {node} but the symbols file gives it {minimum}: a program that "
                            f"calls it would accept a {minimum} library without it")
        if since.get(name) is None:
            problems.append(f"{name}: no declaration with @since in {where['header']}")
        elif parse_version(since[name]) != wanted:
            problems.append(f"{name}: @since {since[name]} in the header, but it is in {node}")
    for name in sorted(set(symbols) - set(in_map)):
        problems.append(f"{name} is in the symbols file but in no node of the linker script")
    return nodes


def check(sources, generated):
    problems = []
    nodes = check_library(problems, sources["map"], sources["symbols"], sources["header"], "GK_API",
                          {"map": "cmake/gesturekit.map", "header": "include/gesturekit.h"})
    if not nodes:
        return problems
    nodes.update(check_library(problems, sources["pump_map"], sources["pump_symbols"], sources["pump_header"],
                               "GESTUREKIT_PUMP_API",
                               {"map": "cmake/gesturekit-pump.map", "header": "include/gesturekit-pump.h"}))

    if generated is not None:
        for name, (node, minimum) in sorted(symbols_entries(generated).items()):
            if parse_version(minimum) < node_version(node):
                problems.append(f"dpkg-gensymbols wrote {name} {minimum} (node {node}): the package version "
                                f"is older than the node")

    header = {}
    for part in ("MAJOR", "MINOR", "PATCH"):
        match = re.search(rf"#define GK_VERSION_{part} (\d+)", sources["header"])
        if not match:
            return problems + [f"include/gesturekit.h: no GK_VERSION_{part}"]
        header[part] = int(match.group(1))
    version = (header["MAJOR"], header["MINOR"], header["PATCH"])
    newest = max(node_version(node) for node in nodes)
    if version[:2] != newest[:2]:
        problems.append(f"GK_VERSION is {show(version)} but the newest version node (of either library) is "
                        f"{newest[0]}.{newest[1]}: a release that adds functions adds a node and a minor version")

    stated = {
        "Sources/GestureKit/CAPI/Version+CAPI.swift (gk_version_string)":
            re.search(r'versionText: StaticString = "([^"]*)"', sources["swift"]),
        "CMakeLists.txt (project VERSION)": re.search(r"project\(gesturekit VERSION (\S+)", sources["cmake"]),
        "bindings/python/pyproject.toml": re.search(r'^version = "([^"]*)"', sources["pyproject"], re.M),
        "bindings/python/gesturekit/__init__.py (__version__)":
            re.search(r'^__version__ = "([^"]*)"', sources["init"], re.M),
        "debian/changelog (newest entry)": re.match(r"gesturekit \(([^)-]*)", sources["changelog"]),
        "bindings/web/package.json": re.search(r'"version": "([^"]*)"', sources["package_json"]),
        "CHANGELOG.md (newest released heading)":
            re.search(r"^## (\d+\.\d+\.\d+) — \d{4}-\d{2}-\d{2}", sources["changes"], re.M),
    }
    for where, match in stated.items():
        if not match:
            problems.append(f"{where}: no version found")
        elif match.group(1) != show(version):
            problems.append(f"{where} says {match.group(1)}, the header says {show(version)}")
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("root")
    parser.add_argument("--generated")
    parser.add_argument("--mutate")
    args = parser.parse_args()
    sources = {
        "map": read(args.root, "cmake/gesturekit.map"),
        "symbols": read(args.root, "debian/libgesturekit0.symbols"),
        "header": read(args.root, "include/gesturekit.h"),
        "pump_map": read(args.root, "cmake/gesturekit-pump.map"),
        "pump_symbols": read(args.root, "debian/libgesturekit-pump0.symbols"),
        "pump_header": read(args.root, "include/gesturekit-pump.h"),
        "swift": read(args.root, "Sources/GestureKit/CAPI/Version+CAPI.swift"),
        "cmake": read(args.root, "CMakeLists.txt"),
        "pyproject": read(args.root, "bindings/python/pyproject.toml"),
        "init": read(args.root, "bindings/python/gesturekit/__init__.py"),
        "changelog": read(args.root, "debian/changelog"),
        "changes": read(args.root, "CHANGELOG.md"),
        "package_json": read(args.root, "bindings/web/package.json"),
    }
    if args.mutate:
        before = dict(sources)
        sources = mutate(sources, args.mutate)
        if sources == before:
            print(f"mutation {args.mutate} changed nothing: the guard test would prove nothing")
            return 0  # WILL_FAIL test: returning 0 makes it fail
    generated = None
    if args.generated:
        with open(args.generated, encoding="utf-8") as f:
            generated = f.read()
    problems = check(sources, generated)
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"versions agree: {len(symbols_entries(sources['symbols']))} functions in "
          f"{len(map_nodes(sources['map']))} nodes of libgesturekit, "
          f"{len(symbols_entries(sources['pump_symbols']))} in {len(map_nodes(sources['pump_map']))} of "
          f"libgesturekit-pump")
    return 0


if __name__ == "__main__":
    sys.exit(main())
