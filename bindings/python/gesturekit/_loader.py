"""Finding and loading libgesturekit.so.0. Where it looks, in order:

1. ``$GESTUREKIT_LIBRARY``, when set: that file and nothing else (an explicit choice that fails is
   an error, never a silent fall-back to another copy);
2. the copy inside this package, which the platform wheel carries;
3. the system's search path (``ld.so.cache``, ``LD_LIBRARY_PATH``): the Debian package
   ``libgesturekit0``.

When none loads, :class:`LibraryNotFoundError` says what was tried and what to set.
"""
from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import List, Optional, Tuple

SONAME = "libgesturekit.so.0"
ENVIRONMENT = "GESTUREKIT_LIBRARY"


class LibraryNotFoundError(ImportError):
    """libgesturekit.so.0 could not be loaded; the message lists each place tried and why."""


def _loaded_path(name: str) -> Optional[str]:
    """The file a library loaded by name came from, read from /proc/self/maps (Linux)."""
    base = os.path.basename(name).split(".so")[0] + ".so"
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                path = line.rstrip("\n").split(None, 5)[-1]
                if os.path.basename(path).startswith(base):
                    return path
    except OSError:
        pass
    return None


def _explicit(environ, variable: str, module: str, advice: str) -> Optional[Tuple[ctypes.CDLL, str]]:
    """The file named by ``$variable``, when it is set: loaded, or an error that names ``module``
    and gives ``advice`` (never a fall-back to another copy)."""
    explicit = environ.get(variable)
    if not explicit:
        return None
    try:
        return ctypes.CDLL(explicit), os.path.abspath(explicit)
    except OSError as exc:
        raise LibraryNotFoundError(f"{module}: {variable}={explicit} cannot be loaded: {exc}\n{advice}") from None


def _beside(path: Path, tried: List[str], absent: str) -> Optional[Tuple[ctypes.CDLL, str]]:
    """``path`` loaded, or None with the reason added to ``tried``."""
    if not path.exists():
        tried.append(f"{path}: {absent}")
        return None
    try:
        return ctypes.CDLL(str(path)), str(path)
    except OSError as exc:
        tried.append(f"{path}: {exc}")
        return None


def _system(name: str, tried: List[str], where: str) -> Optional[Tuple[ctypes.CDLL, str]]:
    """``name`` loaded from the system's search path, or None with the reason added to ``tried``."""
    try:
        library = ctypes.CDLL(name)
        return library, _loaded_path(name) or name
    except OSError as exc:
        tried.append(f"{name} on {where}: {exc}")
        return None


def load(environ=None, package_dir: Optional[Path] = None, system_name: str = SONAME) -> Tuple[ctypes.CDLL, str]:
    """Loads the library; returns it and the path of the file loaded. The arguments exist for the
    tests: the environment, this package's folder, and the name looked up on the system path."""
    environ = os.environ if environ is None else environ
    package_dir = Path(__file__).resolve().parent if package_dir is None else package_dir
    found = _explicit(environ, ENVIRONMENT, "gesturekit",
                      f"Set {ENVIRONMENT} to the path of libgesturekit.so.0 (for a build tree, "
                      f"{ENVIRONMENT}=/path/to/build/libgesturekit.so.0), or unset it to use the copy in the "
                      f"wheel or on the system.")
    tried: List[str] = [f"${ENVIRONMENT}: not set"]
    found = found or _beside(package_dir / SONAME, tried, "not there (only the platform wheel carries the library)") \
        or _system(system_name, tried, "the system's library path (ld.so.cache, LD_LIBRARY_PATH)")
    if found:
        return found
    raise LibraryNotFoundError(
        "gesturekit: libgesturekit.so.0 could not be loaded. Tried:\n  " + "\n  ".join(tried) + "\n"
        "To fix it, do one of these:\n"
        "  - install the library from the project's own packages, which are in no Debian archive: "
        "scripts/package.sh builds them, then sudo apt install ./build/packages/libgesturekit0_*.deb;\n"
        "  - or install the platform wheel, which carries the library: scripts/wheel.sh builds it, then "
        "pip install build/wheels/gesturekit-*-manylinux_*.whl;\n"
        f"  - set {ENVIRONMENT} to the library's path, e.g. "
        f"{ENVIRONMENT}=/path/to/gesturekit/build/libgesturekit.so.0")


PUMP_SONAME = "libgesturekit-pump.so.0"
PUMP_ENVIRONMENT = "GESTUREKIT_PUMP_LIBRARY"


def load_pump(core_path: str, environ=None, system_name: str = PUMP_SONAME) -> Tuple[ctypes.CDLL, str]:
    """Loads libgesturekit-pump.so.0, for :mod:`gesturekit.evdev`; returns it and its path. Where
    it looks, in order: ``$GESTUREKIT_PUMP_LIBRARY`` (that file and nothing else); the file beside
    the libgesturekit.so.0 that was loaded (``core_path``: the wheel's copy or a build tree); the
    system's search path (the Debian package ``libgesturekit-pump0``)."""
    environ = os.environ if environ is None else environ
    found = _explicit(environ, PUMP_ENVIRONMENT, "gesturekit.evdev",
                      f"Set {PUMP_ENVIRONMENT} to the path of {PUMP_SONAME}, or unset it.")
    tried = [f"${PUMP_ENVIRONMENT}: not set"]
    if not found and os.path.isabs(core_path):
        found = _beside(Path(core_path).resolve().parent / PUMP_SONAME, tried, "not there")
    found = found or _system(system_name, tried, "the system's library path")
    if found:
        return found
    raise LibraryNotFoundError(
        f"gesturekit.evdev: {PUMP_SONAME} could not be loaded. Tried:\n  " + "\n  ".join(tried) + "\n"
        "To fix it, install it (the project's package: scripts/package.sh builds it, then sudo apt install "
        "./build/packages/libgesturekit-pump0_*.deb; or the platform wheel, which carries it), "
        f"or set {PUMP_ENVIRONMENT} to its path, e.g. {PUMP_ENVIRONMENT}=/path/to/build/{PUMP_SONAME}")
