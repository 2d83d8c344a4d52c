"""The compiled-code cache is keyed on every numba-facing source file (sim._numba_cache)."""
from pathlib import Path

from sim._numba_cache import jitted_sources

ROOT = Path(__file__).resolve().parent.parent


def test_every_feature_module_keys_the_cache():
    """The greedy feature modules jit through `@fast` without naming njit; an edit to one of them must start a
    fresh cache, or the bots keep running the old machine code."""
    keyed = {f.relative_to(ROOT).as_posix() for f in jitted_sources()}
    features = {f.relative_to(ROOT).as_posix() for f in (ROOT / "strategies").glob("feature*.py")}
    assert features and features <= keyed
    assert {"strategies/greedy.py", "sim/ids.py", "sim/layout.py"} <= keyed
    assert "strategies/registry.py" not in keyed          # pure Python: editing it keeps the cache
