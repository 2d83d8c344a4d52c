"""User-written bots in Python: a file loaded with `--strategy-file my_bot.py` (see examples/my_bot.py).

The protocol is one function, `choose(game, legal_moves) -> move`:

- `game` is a `sim.Game` *as the deciding seat sees it*: a copy in which every pile order hidden from that seat has
  been re-sampled (HIDDEN-01), so a bot cannot peek at the real draw order, and changing the copy changes nothing;
- `legal_moves` is the list of `sim.game.Move` (code + description) of the pending decision;
- it returns one of those moves, or its integer code.

Optionally the file defines `make_bot(seed: int, seat: int)` returning an object with that `choose` method: it is
called once per game and seat, so a bot can keep per-game state and seed its own random generator from `seed`
(derived from the game seed: the same game gives the same bot). `NAME = "..."` sets the spec name (default: the
file name without `.py`). Python bots run on the Python loop (`play_python_game`), one decision at a time; the
built-in numba bots in the same game make exactly the choices they would make in a batch.
"""
from __future__ import annotations

import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from sim.errors import ConfigError

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
PYTHON_BOT = -1          # the strategy id of a Python bot's seat (no numba bot plays it)
VIEW_SALT = 0x2545F491   # determinization seeds of the views: game seed ^ salt, plus the decision number


@dataclass(frozen=True)
class PythonStrategy:
    """A loaded bot file: its spec name, path and the callables it defines."""

    name: str
    path: Path
    choose: Callable[[Any, list], Any] | None
    make_bot: Callable[[int, int], Any] | None

    def for_game(self, seed: int, seat: int) -> Callable[[Any, list], Any]:
        """The choose function of this bot for one game and seat."""
        if self.make_bot is None:
            return self.choose
        bot = self.make_bot(seed, seat)
        if not callable(getattr(bot, "choose", None)):
            raise ConfigError(f"strategy file {self.path}: make_bot() must return an object with a "
                              "choose(game, legal_moves) method")
        return bot.choose


def load_strategy_file(path: str | Path) -> PythonStrategy:
    """Imports a bot file and checks it follows the protocol; problems are one-line ConfigErrors."""
    p = Path(path)
    if not p.is_file():
        raise ConfigError(f"strategy file {p}: no such file")
    if p.suffix != ".py":
        raise ConfigError(f"strategy file {p}: expected a Python file ending in .py")
    module_name = f"barrage_user_bot_{abs(hash(str(p.resolve())))}"
    spec = importlib.util.spec_from_file_location(module_name, p)
    if spec is None or spec.loader is None:
        raise ConfigError(f"strategy file {p}: cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module              # so that pickling (worker processes) can find its classes
    try:
        spec.loader.exec_module(module)
    except Exception as e:  # noqa: BLE001 - any error in user code is reported in one line
        raise ConfigError(f"strategy file {p}: importing it failed: {type(e).__name__}: {e}") from None
    choose = getattr(module, "choose", None)
    make_bot = getattr(module, "make_bot", None)
    if not callable(choose) and not callable(make_bot):
        raise ConfigError(f"strategy file {p}: define choose(game, legal_moves) -> move (or make_bot(seed, seat) "
                          "returning an object with that method); see examples/my_bot.py")
    name = str(getattr(module, "NAME", p.stem)).strip().lower()
    if not _NAME.match(name):
        raise ConfigError(f"strategy file {p}: strategy name {name!r} must be lower-case letters, digits and _ "
                          "(set NAME = \"...\" in the file)")
    from strategies.registry import REGISTRY

    if name in REGISTRY:
        raise ConfigError(f"strategy file {p}: name {name!r} is a built-in strategy; set another NAME in the file")
    return PythonStrategy(name, p.resolve(), choose if callable(choose) else None,
                          make_bot if callable(make_bot) else None)


def load_strategy_files(paths: list[str | Path] | None) -> dict[str, PythonStrategy]:
    """Loads several bot files; two files with the same name are an error."""
    out: dict[str, PythonStrategy] = {}
    for path in paths or []:
        bot = load_strategy_file(path)
        if bot.name in out:
            raise ConfigError(f"strategy file {path}: name {bot.name!r} is already used by {out[bot.name].path}")
        out[bot.name] = bot
    return out


def picked_code(strategy: PythonStrategy, answer: Any, legal: list) -> int:
    """The move code a Python bot returned, checked against the legal moves."""
    code = getattr(answer, "code", answer)
    try:
        code = int(code)
    except (TypeError, ValueError):
        raise ConfigError(f"strategy {strategy.name!r} ({strategy.path}): choose() returned {answer!r}, not a move "
                          "or a move code") from None
    if all(m.code != code for m in legal):
        raise ConfigError(f"strategy {strategy.name!r} ({strategy.path}): choose() returned move {code}, which is "
                          f"not legal here; legal codes: {', '.join(str(m.code) for m in legal)}")
    return code
