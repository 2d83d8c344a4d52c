"""The project's numba decorator: `njit`, whose calls from other jitted code compile one version per argument type.

Numba types a constant argument of a jitted call (`push(stack, KIND, 0, -1)`, `f(..., True)`) as a literal
(`Literal[int](0)`), and an argument left at its default as `omitted(default=0)`; a jitted callee compiles a
separate version for every literal value and every omission it is called with: `stack.push` was compiled 33 times,
`produce.list_productions` 7 times -- 181 extra compiles, 79 s of a 491 s cold compile (tools/compile_profile.py,
docs/performance.md). This dispatcher types such arguments as their plain type (`int64`, `bool`) before it looks
up or compiles a version, so a callee gets one version per *type*. An omitted argument is then passed as its
default value, a constant the caller's code folds as before.

Use it exactly like `numba.njit` (`@njit(cache=True, _nrt=False)`); every engine and bot module imports it from
here.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba import typeof
from numba.core import config, types, typing
from numba.core.registry import CPUDispatcher


def _plain(t: types.Type) -> types.Type:
    """The type a version is compiled for: literals and omitted arguments (with a plain default) as plain types."""
    if isinstance(t, types.Omitted) and isinstance(t.value, (bool, int, float)):
        return typeof(t.value)
    return types.unliteral(t)


class Dispatcher(CPUDispatcher):
    """numba's CPU dispatcher, except that a call from jitted code compiles one version per plain argument type
    (numba.core.dispatcher.Dispatcher.get_call_template, with the arguments' types made plain)."""

    def get_call_template(self, args, kws):
        pysig, args = self._compiler.fold_argument_types(args, kws)
        args = tuple(_plain(a) for a in args)
        if self._can_compile:
            self.compile(args)
        template = typing.make_concrete_template(f"CallTemplate({self.py_func.__name__})",
                                                 key=self.py_func.__name__, signatures=self.nopython_signatures)
        return template, pysig, args, {}


def njit(fn: Callable | None = None, **options: Any):
    """`numba.njit` with the project's Dispatcher; options as numba's (`cache`, `_nrt`, `inline`, `parallel`)."""
    cache = options.pop("cache", False)
    options.setdefault("boundscheck", None)
    options["nopython"] = True

    def wrap(func: Callable):
        if config.DISABLE_JIT:
            return func
        disp = Dispatcher(py_func=func, locals={}, targetoptions=dict(options))
        if cache:
            disp.enable_caching()
        return disp

    return wrap(fn) if fn is not None else wrap
