#!/usr/bin/env python3
"""The tool's help and its man pages say the same thing, and the pages are well formed.

- every command and option of tools/gesturekit_cli.def is in `gesturekit --help` and in the
  rendered gesturekit(1);
- `gesturekit COMMAND --help` lists exactly the options the definition says that command reads;
- gesturekit(1)'s version is the tool's, libgesturekit(3)'s and libgesturekit-pump(3)'s its major
  and minor;
- groff reads gesturekit(1), libgesturekit(3) and libgesturekit-pump(3) without a warning;
- the examples of libgesturekit(3) and libgesturekit-pump(3) compile with the project's flags, run
  against the built libraries, and print what their pages say.

Usage: usage_and_man.py TOOL BUILD_DIR SOURCE_DIR WORK_DIR
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys


def load_generator(source):
    spec = importlib.util.spec_from_file_location("gen_manpage", os.path.join(source, "tools", "gen_manpage.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def library_page(source, build, work, name, libs, args, version):
    """Problems with docs/man/NAME.3: groff's warnings, a .TH that does not name the release, an
    example that does not compile with the project's flags against the built libraries, or that
    does not print what the page says it prints."""
    problems = []
    page = os.path.join(source, "docs", "man", f"{name}.3")
    _, warnings = render(page)
    if warnings:
        problems.append(f"groff warns about {name}.3:\n{warnings}")
    roff = open(page, encoding="utf-8").read()
    if len(version) >= 2 and f'"{name} {".".join(version[1].split(".")[:2])}"' not in roff:
        problems.append(f"{name}(3)'s .TH does not name the library's release {version[1]}")
    example = roff.split(".SH EXAMPLE\n.nf\n", 1)[1].split("\n.fi\n", 1)[0].replace("\\e", "\\")
    promised = re.search(r'[Ii]t prints\n\.BR "([^"]*)"', roff)
    program = os.path.join(work, f"man3-{name}-example")
    with open(program + ".c", "w", encoding="utf-8") as f:
        f.write(example + "\n")
    cc = run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", f"-I{os.path.join(source, 'include')}",
              program + ".c", f"-L{build}", f"-Wl,-rpath,{os.path.abspath(build)}", *libs, "-o", program])
    if cc.returncode != 0:
        problems.append(f"{name}(3)'s example does not compile:\n{cc.stderr}")
    else:
        out = run([program, *args])
        if out.returncode != 0 or not promised or out.stdout.strip() != promised.group(1):
            problems.append(f"{name}(3)'s example printed {out.stdout.strip()!r} (exit {out.returncode}), "
                            f"the page says {promised.group(1) if promised else None!r}")
    return problems


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, timeout=60, **kwargs)


def listed_options(help_text):
    """The flags in the "Options:" part of a help text."""
    part = help_text.split("\nOptions:\n", 1)[1] if "\nOptions:\n" in help_text else ""
    return {m.group(1) for m in re.finditer(r"^  (-\S+)", part, re.M)}


def render(page):
    """groff's plain-text rendering of a man page, and its warnings."""
    result = run(["groff", "-man", "-ww", "-Tascii", "-P-cbou", page])
    return result.stdout, result.stderr.strip()


def main():
    tool, build, source, work = sys.argv[1:5]
    os.makedirs(work, exist_ok=True)
    gen = load_generator(source)
    commands, options = gen.read_def(os.path.join(source, "tools", "gesturekit_cli.def"))
    problems = []

    usage = run([tool, "--help"])
    if usage.returncode != 0:
        problems.append(f"gesturekit --help exited {usage.returncode}")
    for c in commands:
        if not re.search(rf"^  {re.escape(c['name'])}\b", usage.stdout, re.M):
            problems.append(f"gesturekit --help does not list the command {c['name']}")
        wanted = {o["flag"] for o in options if o["commands"] == "*" or c["name"] in o["commands"].split()}
        own = run([tool, c["name"], "--help"])
        got = listed_options(own.stdout)
        if own.returncode != 0 or got != wanted:
            problems.append(f"gesturekit {c['name']} --help: exit {own.returncode}, options {sorted(got)}, "
                            f"wanted {sorted(wanted)}")
    if listed_options(usage.stdout) != {o["flag"] for o in options}:
        problems.append(f"gesturekit --help lists the options {sorted(listed_options(usage.stdout))}")

    page1 = os.path.join(build, "gesturekit.1")
    if not shutil.which("groff"):
        print("NOT RUN: groff is not installed (apt install groff-base); the man pages are not checked")
        return 1
    text, warnings = render(page1)
    if warnings:
        problems.append(f"groff warns about gesturekit.1:\n{warnings}")
    sections = re.split(r"^(COMMANDS|OPTIONS|EXIT STATUS)$", text, flags=re.M)
    named = dict(zip(sections[1::2], sections[2::2]))
    for c in commands:
        if not re.search(rf"^ +{re.escape(c['name'])}(\s|$)", named.get("COMMANDS", ""), re.M):
            problems.append(f"gesturekit(1) has no entry for the command {c['name']}")
    for o in options:
        if not re.search(rf"^ +{re.escape(o['flag'])}(\s|$)", named.get("OPTIONS", ""), re.M):
            problems.append(f"gesturekit(1) has no entry for the option {o['flag']}")
    version = run([tool, "--version"]).stdout.split()
    header = open(page1, encoding="utf-8").read()
    if len(version) < 2 or f'"gesturekit {version[1]}"' not in header:
        problems.append(f"gesturekit(1)'s .TH does not name the tool's version {version[1:2]}")

    problems += library_page(source, build, work, "libgesturekit", ["-lgesturekit"], [], version)
    problems += library_page(source, build, work, "libgesturekit-pump", ["-lgesturekit-pump", "-lgesturekit"],
                             [os.path.join(source, "examples", "recordings", "fast-taps.events")], version)

    for problem in problems:
        print("FAIL:", problem)
    if problems:
        return 1
    print(f"usage and man pages agree: {len(commands)} commands, {len(options)} options; "
          "the examples of libgesturekit(3) and libgesturekit-pump(3) run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
