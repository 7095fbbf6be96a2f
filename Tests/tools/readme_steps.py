#!/usr/bin/env python3
"""The README's steps, in order, as a newcomer runs them from a fresh clone (issue 55, item 1).

Every command is read from README.md itself, so what runs is what the README says:
  1. the first of "Two commands" (`scripts/demo.sh`);
  2. `cmake --build build`, which the README names before the steps that need the whole tree;
  3. the C example, compiled with the README's in-tree command and run: it must print what the
     README shows after it;
  4. the Python example, run with the README's command, the same;
  5. the Python example that reads a recording in C (gesturekit.evdev), run from the source tree
     with the README's command, the same (the README said `PYTHONPATH=bindings/python` alone, and
     the library was not found: this test's first run);
  6. the SDL kiosk's scripted visit, `build/gesturekit-sdl-kiosk --demo`, headless with
     `SDL_VIDEODRIVER=dummy` as the README says.
The clone is made with `git clone` of SOURCE_DIR's committed state into a temporary folder.

With --install 12|13 it runs instead the Install section's package lines (issue 69): the section
must build the packages with `scripts/package.sh`, whose packages SOURCE_DIR/build/packages/ must
then hold (CI runs it first: building them twice would not fit CI's hour), and its `apt install`
line runs as written (but for sudo) in a clean Debian 12 or 13 root made with mmdebstrap, where
the installed packages are then used from C, CMake, Python and the tools
(scripts/package_release_check.sh, given the line in GESTUREKIT_README_INSTALL).

Usage: readme_steps.py [SOURCE_DIR] [--keep]
       readme_steps.py [SOURCE_DIR] --install 12|13
Exit status 0 when every step ran and printed what the README shows; 1, naming the step, otherwise.
"""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time


def block(text, heading, language, nth=0):
    """The nth ``language`` code block under `heading`, and the text block shown after it (if any)."""
    section = text.split(heading, 1)[1]
    parts = section.split("```" + language + "\n")
    code = parts[1 + nth].split("```", 1)[0]
    rest = parts[1 + nth].split("```", 1)[1]
    shown = None
    if "It prints:" in rest.split("\n## ", 1)[0]:
        shown = rest.split("It prints:", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    return code, shown


def step(name, cmd, cwd, env=None, shell=False, expect=None, stderr_too=False):
    """Runs one step; with `stderr_too` its stderr is read with its stdout, in order."""
    start = time.monotonic()
    r = subprocess.run(cmd, cwd=cwd, env=env, shell=shell, text=True, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT if stderr_too else subprocess.PIPE)
    took = time.monotonic() - start
    if r.returncode != 0:
        print(f"FAIL: {name}: exit {r.returncode}\n{r.stdout[-3000:]}\n{(r.stderr or '')[-2000:]}")
        sys.exit(1)
    if expect is not None and r.stdout != expect:
        print(f"FAIL: {name}: printed\n{r.stdout}\nthe README shows\n{expect}")
        sys.exit(1)
    print(f"ok: {name} ({took:.0f} s)")
    return r.stdout


def install_lines(readme):
    """The Install section's package block: (the build line, the apt install line without sudo)."""
    section = readme.split("## Install\n", 1)[1].split("\n## ", 1)[0]
    code = section.split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [line.split("#", 1)[0].strip() for line in code.splitlines()]
    build = next((line for line in lines if line == "scripts/package.sh"), None)
    apt = next((line for line in lines if line.startswith("sudo apt install ./build/packages/")), None)
    if build is None or apt is None:
        print(f"FAIL: 7. the Install section names no `scripts/package.sh` or no `sudo apt install` line:\n{code}")
        sys.exit(1)
    return build, apt[len("sudo "):]


def install(source, release):
    """7. The Install section's lines, with the packages CI built, in a clean root of `release`."""
    readme = open(os.path.join(source, "README.md"), encoding="utf-8").read()
    build, apt = install_lines(readme)
    if not glob.glob(os.path.join(source, "build", "packages", "libgesturekit0_*.deb")):
        print(f"FAIL: 7. {source}/build/packages/ holds no packages: run `{build}` first, as the README says")
        sys.exit(1)
    env = dict(os.environ, GESTUREKIT_README_INSTALL=apt)
    # mmdebstrap passes the root's output on stderr.
    out = step(f"7. `{build}`'s packages, then `{apt}` in a clean Debian {release} root",
               ["scripts/package_release_check.sh", release], source, env, stderr_too=True)
    if "installed by the README line" not in out or "release check: OK" not in out:
        print(f"FAIL: 7. the README's install line did not run in the root:\n{out[-2000:]}")
        sys.exit(1)
    print(out.rstrip())
    print("readme steps: the Install section's package lines ran as written")


def main():
    if "--install" in sys.argv:
        i = sys.argv.index("--install")
        rest = sys.argv[1:i] + sys.argv[i + 2:]
        release = sys.argv[i + 1] if i + 1 < len(sys.argv) else ""
        if release not in ("12", "13"):
            print("readme_steps.py: --install takes 12 or 13", file=sys.stderr)
            sys.exit(2)
        install(os.path.abspath(rest[0] if rest else os.path.join(os.path.dirname(__file__), "..", "..")), release)
        return
    args = [a for a in sys.argv[1:] if a != "--keep"]
    source = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), "..", ".."))
    work = tempfile.mkdtemp(prefix="readme-steps-")
    tree = os.path.join(work, "gesturekit")
    try:
        subprocess.run(["git", "clone", "--quiet", source, tree], check=True)
        readme = open(os.path.join(tree, "README.md"), encoding="utf-8").read()
        env = dict(os.environ)
        for var in ("GESTUREKIT_LIBRARY", "PYTHONPATH", "LD_LIBRARY_PATH"):
            env.pop(var, None)

        # 1. The demo, as the "Two commands" block writes it.
        two, _ = block(readme, "## Two commands", "sh")
        demo = two.splitlines()[0].split("#", 1)[0].strip()
        assert demo == "scripts/demo.sh", demo
        step(f"1. {demo}", shlex.split(demo), tree, env)

        # 2. The rest of the tree.
        assert "`cmake --build build`" in readme
        step("2. cmake --build build", ["cmake", "--build", "build"], tree, env)

        # 3. The C example, with the in-tree command the README gives.
        c_code, c_shown = block(readme, "## C example", "c")
        open(os.path.join(tree, "app.c"), "w").write(c_code)
        cc = re.search(r"`(cc -Wall[^`]*app\.c[^`]*)`", readme).group(1)
        step("3. the C example compiles as the README says", cc, tree, env, shell=True)
        step("3. the C example prints what the README shows", ["./a.out"], tree, env, expect=c_shown)

        # 4. The Python example, with the README's command.
        py_code, py_shown = block(readme, "## Python example", "python")
        open(os.path.join(tree, "app.py"), "w").write(py_code)
        run_py = re.search(r"Run it with `([^`]*python3 app\.py)`", readme).group(1)
        step("4. the Python example", run_py, tree, env, shell=True, expect=py_shown)

        # 5. gesturekit.evdev, from the source tree with PYTHONPATH=bindings/python.
        ev_code, ev_shown = block(readme, "### Python: the panel read in C", "python")
        open(os.path.join(tree, "pumped.py"), "w").write(ev_code)
        run_ev = re.search(r"with\s+`([^`]*python3 pumped\.py)`", readme).group(1)
        step("5. the gesturekit.evdev example", run_ev, tree, env, shell=True, expect=ev_shown)

        # 6. The SDL kiosk's scripted visit, headless.
        assert "`build/gesturekit-sdl-kiosk --demo`" in readme and "`SDL_VIDEODRIVER=dummy`" in readme
        out = step("6. build/gesturekit-sdl-kiosk --demo", "SDL_VIDEODRIVER=dummy build/gesturekit-sdl-kiosk --demo",
                   tree, env, shell=True)
        if "service menu" not in out.lower():
            print(f"FAIL: 6. the SDL kiosk's visit did not reach the service menu:\n{out[-1500:]}")
            sys.exit(1)
        print("readme steps: all six ran as written")
    finally:
        if "--keep" in sys.argv:
            print("left in", work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
