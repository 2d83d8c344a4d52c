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

import contextlib
import hashlib
import importlib.util
import numbers
import re
import signal
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from sim.errors import ConfigError, Terminated

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
DEFAULT_BOT_TIMEOUT = 10.0   # seconds per decision (`--bot-timeout`)
PYTHON_BOT = -1          # the strategy id of a Python bot's seat (no numba bot plays it)
VIEW_SALT = 0x2545F491   # determinization seeds of the views: game seed ^ salt, plus the decision number


@dataclass(frozen=True)
class PythonStrategy:
    """A loaded bot file: its spec name, path and the callables it defines."""

    name: str
    path: Path
    choose: Callable[[Any, list], Any] | None
    make_bot: Callable[[int, int], Any] | None

    def for_game(self, seed: int, seat: int, timeout: float | None = DEFAULT_BOT_TIMEOUT
                 ) -> Callable[[Any, list], Any]:
        """The choose function of this bot for one game and seat (make_bot runs behind the boundary)."""
        if self.make_bot is None:
            return self.choose
        bot = ask_bot(self, self.make_bot, (seed, seat), f"in make_bot() at seat {seat}, game seed {seed}", timeout)
        if not callable(getattr(bot, "choose", None)):
            raise BotFailure(f"strategy {self.name!r} ({self.path}): make_bot() must return an object with a "
                             "choose(game, legal_moves) method")
        return bot.choose

    def sha256(self) -> str:
        """SHA-256 of the bot file (recorded in the manifest: a resume with an edited bot is refused)."""
        return hashlib.sha256(self.path.read_bytes()).hexdigest()


class BotFailure(ConfigError):
    """A user bot raised, exited, timed out or returned something that is not a legal move: one line naming the
    bot, the seat, the game seed and the move index. The run stops; finished shards are kept for --resume."""


class _Deadline(BaseException):
    """Raised inside a bot that overran its time (a BaseException, so the bot's own `except Exception` cannot
    swallow it)."""


@contextlib.contextmanager
def _deadline(seconds: float | None):
    """Interrupts the block after `seconds` (SIGALRM: only in a process's main thread, where bots run in play,
    in-process runs and loky workers; elsewhere, e.g. dask worker threads, no time-out is enforced)."""
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise _Deadline()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def ask_bot(strategy: PythonStrategy, fn: Callable, args: tuple, where: str, timeout: float | None) -> Any:
    """Calls user code behind the boundary: an exception, SystemExit, runaway recursion or a time-out becomes a
    one-line BotFailure; Ctrl-C and SIGTERM still stop the run as usual."""
    try:
        with _deadline(timeout):
            return fn(*args)
    except _Deadline:
        raise BotFailure(f"strategy {strategy.name!r} ({strategy.path}): no answer within {timeout:g} s {where} "
                         "(--bot-timeout)") from None
    except (KeyboardInterrupt, Terminated):
        raise
    except BaseException as e:  # noqa: BLE001 - SystemExit, RecursionError, anything the user's code raises
        message = " ".join(str(e).split())[:200]
        raise BotFailure(f"strategy {strategy.name!r} ({strategy.path}) failed {where}: {type(e).__name__}"
                         + (f": {message}" if message else "")) from None


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


def picked_code(strategy: PythonStrategy, answer: Any, legal: list, where: str = "") -> int:
    """The move code a Python bot returned, checked against the legal moves: a Move or an integer code, never a
    float, string or bool that merely converts to one."""
    code = getattr(answer, "code", answer)
    if isinstance(code, bool) or not isinstance(code, numbers.Integral):
        raise BotFailure(f"strategy {strategy.name!r} ({strategy.path}): choose() returned {answer!r} {where}, not a "
                         "move or an integer move code")
    code = int(code)
    if all(m.code != code for m in legal):
        raise BotFailure(f"strategy {strategy.name!r} ({strategy.path}): choose() returned move {code} {where}, "
                         f"which is not legal there; legal codes: {', '.join(str(m.code) for m in legal)}")
    return code
