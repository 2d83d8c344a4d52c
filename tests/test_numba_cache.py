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
    greedy = {"strategies/greedy.py", "strategies/greedy_main.py", "strategies/greedy_follow_up.py",
              "strategies/score_buffer.py"}
    assert greedy | {"sim/ids.py", "sim/layout.py"} <= keyed
    assert "strategies/registry.py" not in keyed          # pure Python: editing it keeps the cache


def test_every_wrapper_of_njit_is_a_cache_marker():
    """A decorator that wraps njit (like `fast`, `inlined`) hides jitted code from a text search for "njit": each
    such wrapper in sim/ and strategies/ must be one of the cache's JIT_MARKERS, or its modules' edits would run
    stale machine code."""
    import ast

    from sim._numba_cache import JIT_MARKERS

    wrappers = set()
    for root in ("sim", "strategies"):
        for f in (ROOT / root).rglob("*.py"):
            for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef) and any(          # njit called in the body, not the decorators
                        isinstance(call, ast.Call) and getattr(call.func, "id", None) == "njit"
                        for statement in node.body for call in ast.walk(statement)):
                    wrappers.add(node.name)
    assert wrappers >= {"fast", "inlined"}
    assert {f"@{name}".encode() for name in wrappers} <= set(JIT_MARKERS)


def test_jitted_callees_compile_one_version_per_plain_argument_type():
    """sim.jit.njit (issue #31): constants and omitted arguments of jitted calls do not make new versions of the
    callee (numba's own dispatcher compiles one per literal value and per omission); the results are unchanged."""
    from sim.jit import njit

    @njit
    def add(a, b=3, scale=True):
        return a + b if scale else a

    @njit
    def calls(x):
        return add(x) + add(x, 1) + add(x, 2, False) + add(x, scale=False) + add(x, x, True)

    assert calls(10) == 13 + 11 + 10 + 10 + 20
    assert len(add.signatures) == 1


def test_every_engine_and_bot_module_jits_through_sim_jit():
    """numba's own njit would bring the per-literal versions back (docs/performance.md § Compile time)."""
    offenders = [f.relative_to(ROOT).as_posix() for root in ("sim", "strategies") for f in (ROOT / root).rglob("*.py")
                 if "from numba import njit" in f.read_text() or "numba.njit(" in f.read_text()]
    assert offenders == []
