"""The compiled-code cache is keyed on every numba-facing source file (sim._numba_cache)."""
from pathlib import Path

import pytest

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


def test_a_game_without_searching_bots_never_compiles_them(monkeypatch):
    """Issue #31: choose_move's version for `planners=None` (strategies.core.planners_for of seats without a
    searching bot) is compiled without the planners' and the lookahead's code -- numba prunes that branch before
    typing it, so their callees are never asked for a version -- and the version for `True` reaches them. A fresh,
    uncached copy of choose_move is compiled for both, with a spy on the callees numba types."""
    import numpy as np

    from sim import Game, jit
    from sim.config import GameConfig
    from sim.rules.engine import BUFFER_SIZE
    from strategies import core
    from strategies.registry import parse_spec
    from strategies.score_buffer import new_score_buffer
    from strategies.tree_memory import new_tree_memory
    from strategies.value_model import no_model

    typed = []
    real = jit.Dispatcher.get_call_template

    def spy(self, args, kws):
        typed.append(self.py_func.__name__)
        return real(self, args, kws)

    monkeypatch.setattr(jit.Dispatcher, "get_call_template", spy)
    g = Game.new(GameConfig(players=2), seed=1)
    moves = g.legal_codes()
    bot, params = parse_spec("greedy")
    args = (bot, params, g.state, g.tables, moves, len(moves), np.ones(1, dtype=np.int64),
            new_score_buffer(BUFFER_SIZE), new_tree_memory(0), no_model())
    searching = {"ismcts_choose", "flat_mc_choose", "lookahead_choose"}
    fresh = jit.njit(_nrt=False)(core.choose_move.py_func)
    assert 0 <= fresh(*args, core.planners_for([bot])) < len(moves)
    assert "greedy_pick" in typed and not searching & set(typed)
    typed.clear()
    fresh(*args, core.planners_for([bot, parse_spec("mcts")[0]]))
    assert searching <= set(typed)
    with pytest.raises(ValueError, match="searching bot in a game compiled without them"):
        fresh(parse_spec("mcts")[0], *args[1:], None)


def test_is_warm_tells_the_planners_versions_apart(tmp_path, monkeypatch):
    """Issue #31: a run without searching bots caches only choose_move's `planners=None` version, so a later run with
    one must still say it compiles: is_warm(entry, planners) looks for a cached version of that `planners` type."""
    from sim import jit
    from sim._numba_cache import ANY_VERSION, is_warm

    monkeypatch.setattr("numba.config.CACHE_DIR", str(tmp_path))

    def pick(x, planners):
        return x if planners is None else -x

    entry = jit.njit(cache=True)(pick)
    assert not is_warm(entry, None) and not is_warm(entry, ANY_VERSION)
    assert entry(3, None) == 3
    assert is_warm(entry, None) and is_warm(entry, ANY_VERSION) and not is_warm(entry, True)
    assert entry(3, True) == -3
    assert is_warm(entry, True)
