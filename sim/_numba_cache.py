"""Keeps numba's on-disk cache from serving stale machine code.

Numba keys a cached function on its own file only, not on the functions and constants it uses from other
modules; an edit to `sim/rules/water.py` would leave callers' caches stale. We therefore point the cache at a
directory named by a hash of every engine source file (and the numba version), so any change to the code
starts a fresh cache. Must run before numba compiles anything (it is imported first by `sim`).
"""
from __future__ import annotations

import hashlib
import inspect
import os
from pathlib import Path

_ROOTS = ("sim", "strategies")
_CONSTANT_MODULES = ("ids.py", "layout.py")
# Text that marks jitted code: numba's own decorator and the greedy features' wrappers of it
# (strategies.feature_layout.fast / inlined; tests/test_numba_cache.py checks every wrapper is listed here).
JIT_MARKERS = (b"njit", b"@fast", b"@inlined")


def jitted_sources() -> list[Path]:
    """The numba-facing source files: every module that defines jitted code (`@njit`, or a wrapper of it:
    JIT_MARKERS) and the constant modules they read (`ids`, `layout`), in a fixed order."""
    top = Path(__file__).resolve().parent.parent
    files = []
    for root in _ROOTS:
        for f in sorted((top / root).rglob("*.py")):
            text = f.read_bytes()
            if f.resolve() == Path(__file__).resolve():
                continue                       # this file names the markers but compiles nothing
            if any(marker in text for marker in JIT_MARKERS) or f.name in _CONSTANT_MODULES:
                files.append(f)
    return files


def source_digest() -> str:
    """Hash of the engine's and bots' numba-facing sources (jitted_sources) plus the numba version; pure-Python
    modules (API, registry, reports) do not count, so editing them keeps the compiled cache."""
    import numba

    h = hashlib.sha256(numba.__version__.encode())
    top = Path(__file__).resolve().parent.parent
    for f in jitted_sources():
        h.update(str(f.relative_to(top)).encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def configure() -> Path:
    """Points numba's cache at a directory unique to this source tree (unless the user chose one)."""
    import numba

    if os.environ.get("BARRAGE_NUMBA_CACHE_DIR"):
        base = Path(os.environ["BARRAGE_NUMBA_CACHE_DIR"])
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "barrage-sim" / "numba"
    path = base / source_digest()
    path.mkdir(parents=True, exist_ok=True)
    os.environ["NUMBA_CACHE_DIR"] = str(path)
    numba.config.CACHE_DIR = str(path)
    return path


COMPILING_NOTE = ("compiling the engine for this version of barrage-sim (first run only: several minutes on 2 cores; "
                  "later runs load it in seconds)")


ANY_VERSION = object()   # is_warm's default: any compiled version of the entry point will do


def is_warm(entry_point, planners: object = ANY_VERSION) -> bool:
    """Whether this jitted entry point's compiled code is already cached for this source tree (a first run compiles
    for minutes): its own cache index, so a command that needs code an earlier command did not compile still says
    it compiles. Given `planners` (strategies.core.planners_for: None or True), only a version compiled for that
    value's type counts: a run without searching bots does not compile them, so a later run with one still does."""
    from numba import typeof

    try:                                       # numba's cache layout (Dispatcher._cache: FunctionCache)
        cache_file = entry_point._cache._cache_file
        if planners is ANY_VERSION:
            return Path(cache_file._index_path).is_file()
        at = list(inspect.signature(entry_point.py_func).parameters).index("planners")
        want = typeof(planners)
        return any(len(key[0]) > at and key[0][at] == want for key in cache_file._load_index())
    except (AttributeError, ValueError):       # another layout: assume a compile rather than stay silent
        return False
