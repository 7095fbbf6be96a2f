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


def load(environ=None, package_dir: Optional[Path] = None, system_name: str = SONAME) -> Tuple[ctypes.CDLL, str]:
    """Loads the library; returns it and the path of the file loaded. The arguments exist for the
    tests: the environment, this package's folder, and the name looked up on the system path."""
    environ = os.environ if environ is None else environ
    package_dir = Path(__file__).resolve().parent if package_dir is None else package_dir
    tried: List[str] = []
    explicit = environ.get(ENVIRONMENT)
    if explicit:
        try:
            return ctypes.CDLL(explicit), os.path.abspath(explicit)
        except OSError as exc:
            raise LibraryNotFoundError(
                f"gesturekit: {ENVIRONMENT}={explicit} cannot be loaded: {exc}\n"
                f"Set {ENVIRONMENT} to the path of libgesturekit.so.0 (for a build tree, "
                f"{ENVIRONMENT}=/path/to/build/libgesturekit.so.0), or unset it to use the copy in the "
                f"wheel or on the system.") from None
    tried.append(f"${ENVIRONMENT}: not set")
    bundled = package_dir / SONAME
    if bundled.exists():
        try:
            return ctypes.CDLL(str(bundled)), str(bundled)
        except OSError as exc:
            tried.append(f"{bundled}: {exc}")
    else:
        tried.append(f"{bundled}: not there (only the platform wheel carries the library)")
    try:
        library = ctypes.CDLL(system_name)
        return library, _loaded_path(system_name) or system_name
    except OSError as exc:
        tried.append(f"{system_name} on the system's library path (ld.so.cache, LD_LIBRARY_PATH): {exc}")
    raise LibraryNotFoundError(
        "gesturekit: libgesturekit.so.0 could not be loaded. Tried:\n  " + "\n  ".join(tried) + "\n"
        "To fix it, do one of these:\n"
        "  - install the library: apt install libgesturekit0 (Debian), or the platform wheel "
        "(pip install gesturekit-VERSION-py3-none-manylinux_*.whl);\n"
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
    explicit = environ.get(PUMP_ENVIRONMENT)
    if explicit:
        try:
            return ctypes.CDLL(explicit), os.path.abspath(explicit)
        except OSError as exc:
            raise LibraryNotFoundError(
                f"gesturekit.evdev: {PUMP_ENVIRONMENT}={explicit} cannot be loaded: {exc}\n"
                f"Set {PUMP_ENVIRONMENT} to the path of {PUMP_SONAME}, or unset it.") from None
    tried = [f"${PUMP_ENVIRONMENT}: not set"]
    beside = Path(core_path).resolve().parent / PUMP_SONAME if os.path.isabs(core_path) else None
    if beside is not None and beside.exists():
        try:
            return ctypes.CDLL(str(beside)), str(beside)
        except OSError as exc:
            tried.append(f"{beside}: {exc}")
    elif beside is not None:
        tried.append(f"{beside}: not there")
    try:
        library = ctypes.CDLL(system_name)
        return library, _loaded_path(system_name) or system_name
    except OSError as exc:
        tried.append(f"{system_name} on the system's library path: {exc}")
    raise LibraryNotFoundError(
        f"gesturekit.evdev: {PUMP_SONAME} could not be loaded. Tried:\n  " + "\n  ".join(tried) + "\n"
        "To fix it, install it (apt install libgesturekit-pump0, or the platform wheel, which carries it), "
        f"or set {PUMP_ENVIRONMENT} to its path, e.g. {PUMP_ENVIRONMENT}=/path/to/build/{PUMP_SONAME}")
