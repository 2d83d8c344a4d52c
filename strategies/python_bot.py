"""User-written bots in Python: a file loaded with `--strategy-file my_bot.py` (see examples/my_bot.py).

The protocol is one function, `choose(game, legal_moves) -> move`:

- `game` is a `sim.Game` *as the deciding seat sees it*: a copy in which every pile order hidden from that seat has
  been re-sampled (HIDDEN-01), so a bot cannot peek at the real draw order, and changing the copy changes nothing;
- `legal_moves` is the list of `sim.game.Move` (code + description) of the pending decision;
- it returns one of those moves, or its integer code.

Optionally the file defines `make_bot(seed: int, seat: int)` returning an object with that `choose` method: it is
called once per game and seat, so a bot can keep per-game state and seed its own random generator from `seed`
(derived from the game seed: the same game gives the same bot). `NAME = "..."` sets the spec name (default: the
file name without `.py`). Python bots run on the Python loop (`experiments.play.play_out`), one decision at a
time; the built-in numba bots in the same game make exactly the choices they would make in a batch.

User code never runs in the calling process: `supervised` runs it in a child process that tells the caller when
each bot call (import, make_bot, choose) starts and ends, so the caller can kill it when a call overruns -- even
one that swallows every exception or sits in a C function -- and can say which call ended the process when it
dies (`os._exit`, a crash). Each failure is one line (BotFailure) naming the bot, the call, the seat and the seed.
"""
from __future__ import annotations

import functools
import hashlib
import importlib.util
import multiprocessing
import numbers
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Callable

from sim.errors import ConfigError

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
DEFAULT_BOT_TIMEOUT = 10.0   # seconds per decision (`--bot-timeout`)
LOAD_TIMEOUT = 60.0      # seconds to import a bot file when it is checked: before a run, so not its --bot-timeout
TIMEOUT_MARGIN = 0.1     # seconds: the caller hears of a bot call a moment after it started
PYTHON_BOT = -1          # the strategy id of a Python bot's seat (no numba bot plays it)
VIEW_SALT = 0x2545F491   # determinization seeds of the views: game seed ^ salt, plus the decision number
# The supervised process: dies with the thread that started it (even if that is SIGKILLed), then serves one call.
_CHILD = ("import sys; from experiments.backends import die_with_parent; die_with_parent(); "
          "from strategies.python_bot import serve; serve(int(sys.argv[1]))")


class BotFailure(ConfigError):
    """A user bot raised, exited, timed out or returned something that is not a legal move: one line naming the
    bot, the seat, the game seed and the move index. The run stops; finished shards are kept."""


class BotTimeout(BotFailure):
    """A bot call overran its time limit of `seconds`."""

    def __init__(self, message: str, seconds: float) -> None:
        super().__init__(message)
        self.seconds = seconds

    def __reduce__(self):
        return type(self), (str(self), self.seconds)     # raised in a worker, re-raised in the run


@dataclass(frozen=True)
class BotModule:
    """What an imported bot file defines."""

    name: str
    choose: Callable[[Any, list], Any] | None
    make_bot: Callable[[int, int], Any] | None


@dataclass(frozen=True)
class PythonStrategy:
    """A checked bot file: its spec name and path. Its code runs only in a supervised process, which imports the
    file itself (`for_game`)."""

    name: str
    path: Path

    @property
    def who(self) -> str:
        """How error messages name the bot."""
        return f"strategy {self.name!r} ({self.path})"

    def for_game(self, seed: int, seat: int) -> Callable[[Any, list], Any]:
        """The choose function of this bot for one game and seat (import and make_bot behind the boundary)."""
        bot = _bot_module(self.path, self.who)
        if bot.make_bot is None:
            return bot.choose
        return ask_bot(self.who, f"in make_bot() at seat {seat}, game seed {seed}", _chooser, bot.make_bot, seed,
                       seat)

    def code_for(self, chooser: Callable[[Any, list], Any], view: Any, legal: list, where: str) -> int:
        """The legal move code `chooser` picks on `view` (the call and the reading of its answer behind the
        boundary)."""
        return ask_bot(self.who, f"in choose() {where}", _picked, self.who, chooser, view, legal, where)


def _chooser(make_bot: Callable[[int, int], Any], seed: int, seat: int) -> Callable[[Any, list], Any]:
    choose = getattr(make_bot(seed, seat), "choose", None)
    if not callable(choose):
        raise TypeError("make_bot() must return an object with a choose(game, legal_moves) method")
    return choose


def _picked(who: str, chooser: Callable[[Any, list], Any], view: Any, legal: list, where: str) -> int:
    return picked_code(who, chooser(view, legal), legal, where)


def picked_code(who: str, answer: Any, legal: list, where: str = "") -> int:
    """The move code a Python bot returned, checked against the legal moves: a Move or an integer code, never a
    float, string or bool that merely converts to one."""
    code = getattr(answer, "code", answer)
    if isinstance(code, bool) or not isinstance(code, numbers.Integral):
        raise BotFailure(f"{who}: choose() returned {answer!r} {where}, not a move or an integer move code")
    code = int(code)
    if all(m.code != code for m in legal):
        raise BotFailure(f"{who}: choose() returned move {code} {where}, which is not legal there; legal codes: "
                         f"{', '.join(str(m.code) for m in legal)}")
    return code


# -- the boundary (inside the supervised process) ---------------------------------------------------------------
_caller: Connection | None = None      # in a supervised process: where ask_bot reports each call


def ask_bot(who: str, where: str, fn: Callable, *args: Any) -> Any:
    """Calls user code behind the boundary: the supervising process hears when the call starts and ends (and kills
    this process if it overruns); an exception, SystemExit or runaway recursion becomes a one-line BotFailure."""
    _tell(("ask", who, where))
    try:
        return fn(*args)
    except BotFailure:
        raise
    except BaseException as e:  # noqa: BLE001 - SystemExit, RecursionError, anything the user's code raises
        raise BotFailure(f"{who} failed {where}: {_one_line(e)}") from None
    finally:
        _tell(("done",))


def _tell(message: tuple) -> None:
    if _caller is not None:
        _caller.send(message)


def _one_line(e: BaseException) -> str:
    """`Type: message` of an exception on one line (its str() is user code: it may fail too)."""
    try:
        text = " ".join(str(e).split())[:200]
    except Exception:  # noqa: BLE001
        text = ""
    return type(e).__name__ + (f": {text}" if text else "")


@functools.lru_cache(maxsize=None)
def _bot_module(path: Path, who: str) -> BotModule:
    """The bot file imported in this process (once), behind the boundary."""
    return ask_bot(who, "at import", _import, path)


def _import(path: Path) -> BotModule:
    module_name = f"barrage_user_bot_{hashlib.sha256(str(path).encode()).hexdigest()[:16]}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ImportError("not importable as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module              # so that pickle can find its classes
    spec.loader.exec_module(module)
    choose, make_bot = getattr(module, "choose", None), getattr(module, "make_bot", None)
    return BotModule(str(getattr(module, "NAME", path.stem)).strip().lower(), choose if callable(choose) else None,
                     make_bot if callable(make_bot) else None)


def _inspect(path: Path) -> tuple[str, bool]:
    """(NAME, whether it defines choose or make_bot) of a bot file: what checking it needs."""
    bot = _bot_module(path, f"strategy file {path}")
    return bot.name, bot.choose is not None or bot.make_bot is not None


def serve(fd: int) -> None:
    """The supervised process: runs the one call the caller sends on socket `fd` and sends back its result or
    exception. Ctrl-C is the caller's to handle (it kills this process)."""
    global _caller
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _caller = Connection(fd)
    try:
        fn, args = _caller.recv()
        reply = ("result", fn(*args))
    except BaseException as e:  # noqa: BLE001 - whatever the call raised is the caller's
        reply = ("raised", e)
    sys.stdout.flush()          # what the bots printed: the caller kills this process once it has the reply
    sys.stderr.flush()
    try:
        _caller.send(reply)
    except Exception as e:  # noqa: BLE001 - an answer that does not pickle: its one line
        _caller.send(("raised", RuntimeError(f"the supervised call's {reply[0]} cannot be sent back: "
                                             f"{_one_line(e)}")))


# -- supervision (in the calling process) -----------------------------------------------------------------------
def supervised(fn: Callable, args: tuple, timeout: float) -> Any:
    """Runs fn(*args) in a new Python process and returns its result (fn, args and the result are pickled). Every
    bot call in it (ask_bot) must end within `timeout` seconds, or the process is killed and BotTimeout raised; if
    the process dies, a BotFailure says which call ended it and how; an exception of fn is raised here."""
    # A fresh interpreter (like multiprocessing's 'spawn', which fails inside loky workers: their start method is
    # 'loky'), importing this code from where this process does; a socket pair carries the call and the reports.
    ours, theirs = multiprocessing.Pipe()
    path = os.pathsep.join(map(str, sys.path))
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(theirs.fileno())], pass_fds=(theirs.fileno(),),
                             stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": path})
    theirs.close()
    try:
        try:
            ours.send((fn, args))
        except OSError:        # it died at start: _await reports how
            pass
        return _await(child, ours, timeout)
    finally:
        ours.close()
        if child.poll() is None:
            child.kill()
        child.wait()


def _await(child: subprocess.Popen, conn: Connection, timeout: float) -> Any:
    """Follows the supervised process's reports until its result; enforces the time limit of each bot call."""
    asking: tuple[str, str] | None = None       # (who, where) of the bot call under way
    last: tuple[str, str] | None = None
    deadline: float | None = None
    while True:
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        if not conn.poll(wait):
            raise BotTimeout(f"{asking[0]}: no answer within {timeout:g} s {asking[1]}", timeout)
        try:
            kind, *rest = conn.recv()
        except EOFError:
            raise BotFailure(_death(child.wait(), asking, last)) from None
        if kind == "ask":
            asking = last = (rest[0], rest[1])
            deadline = time.monotonic() + timeout + TIMEOUT_MARGIN
        elif kind == "done":
            asking = deadline = None
        elif kind == "result":
            return rest[0]
        else:
            raise rest[0]


def _death(code: int, asking: tuple[str, str] | None, last: tuple[str, str] | None) -> str:
    """One line on a supervised process that ended without an answer."""
    how = f"with exit code {code}" if code >= 0 else f"by signal {_signal_name(-code)}"
    if asking:
        return f"{asking[0]} ended the process {how} {asking[1]}"
    if last:
        return f"the process of the Python bots ended {how} between bot calls (the last: {last[0]} {last[1]})"
    return f"the process of the Python bots ended {how} before any bot call"


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


# -- loading --------------------------------------------------------------------------------------------------
def load_strategy_file(path: str | Path, timeout: float = LOAD_TIMEOUT) -> PythonStrategy:
    """Checks a bot file follows the protocol (importing it in a supervised process); problems are one-line
    ConfigErrors."""
    p = Path(path)
    if not p.is_file():
        raise ConfigError(f"strategy file {p}: no such file")
    if p.suffix != ".py":
        raise ConfigError(f"strategy file {p}: expected a Python file ending in .py")
    p = p.resolve()
    try:
        name, follows = _checked(p, hashlib.sha256(p.read_bytes()).hexdigest(), timeout)
    except BotTimeout as e:       # the check's own limit: --bot-timeout does not change it
        raise BotFailure(str(e)) from None
    if not follows:
        raise ConfigError(f"strategy file {p}: define choose(game, legal_moves) -> move (or make_bot(seed, seat) "
                          "returning an object with that method); see examples/my_bot.py")
    if not _NAME.match(name):
        raise ConfigError(f"strategy file {p}: strategy name {name!r} must be lower-case letters, digits and _ "
                          "(set NAME = \"...\" in the file)")
    from strategies.registry import REGISTRY

    if name in REGISTRY:
        raise ConfigError(f"strategy file {p}: name {name!r} is a built-in strategy; set another NAME in the file")
    return PythonStrategy(name, p)


@functools.lru_cache(maxsize=None)
def _checked(path: Path, sha256: str, timeout: float) -> tuple[str, bool]:
    """`_inspect` of a bot file in a supervised process, once per content (`sha256` is part of the cache key)."""
    return supervised(_inspect, (path,), timeout)


def load_strategy_files(paths: list[str | Path] | None) -> dict[str, PythonStrategy]:
    """Loads several bot files; two files with the same name are an error."""
    out: dict[str, PythonStrategy] = {}
    for path in paths or []:
        bot = load_strategy_file(path)
        if bot.name in out:
            raise ConfigError(f"strategy file {path}: name {bot.name!r} is already used by {out[bot.name].path}")
        out[bot.name] = bot
    return out
