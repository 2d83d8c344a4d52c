"""Issue #35 W3, X4: user bots run in a supervised process (strategies.python_bot.supervised). A bot that exits,
swallows every exception, sits in a C call, ends its process or loops at import is stopped with one line naming
the bot, the call, the seat and the game seed; the rows of well-behaved bots are the ones played before."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from exp_helpers import REPO, rows

from experiments.experiment_config import ExperimentConfig
from experiments.runner import RunOptions, run_experiment
from sim._numba_cache import COMPILING_NOTE
from strategies.python_bot import BotFailure, BotTimeout, load_strategy_file

EXAMPLE = REPO / "examples" / "my_bot.py"
HANGS = "def choose(game, legal):\n    while True:\n        pass\n"


def bot_file(tmp_path: Path, name: str, source: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    return path


def tournament(path: Path, games: int = 2, chunk_size: int = 2) -> ExperimentConfig:
    return ExperimentConfig.from_dict(dict(kind="tournament", players=2, games=games, chunk_size=chunk_size, seed=6,
                                           strategies=[path.stem, "random"], strategy_files=[str(path)]))


def barrage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "experiments", *map(str, args)], capture_output=True, text=True,
                          timeout=600, cwd=REPO)


def one_line_error(p: subprocess.CompletedProcess) -> str:
    """The error line of a failed command; the note that the engine is being compiled (a cold cache, as in CI) is a
    progress line before it, not part of the error."""
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    lines = [line for line in p.stderr.strip().splitlines() if line.strip() and line.strip() not in COMPILING_NOTE]
    assert len(lines) == 1 and lines[0].startswith("error: "), p.stderr
    return lines[0]


@pytest.fixture(scope="module")
def warm_python_loop(tmp_path_factory) -> None:
    """A well-behaved Python bot's short tournament, so the engine code a supervised game process loads is compiled
    before a test times a bot (with a cold cache the first child compiles for minutes)."""
    root = tmp_path_factory.mktemp("warm")
    bot = bot_file(root, "first", "def choose(game, legal):\n    return legal[0]\n")
    run_experiment(tournament(bot), RunOptions(out=root / "out", progress=False))


def alive(pid: int) -> bool:
    """The process exists and is not a zombie (a container's init may never reap it)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def test_a_bot_file_that_exits_at_import_is_a_one_line_error_naming_it(tmp_path: Path):
    """W3: `sys.exit(0)` at import used to end the command with exit 0, no output and nothing written."""
    bot = bot_file(tmp_path, "quits", "import sys\nsys.exit(0)\n")
    out = tmp_path / "out"
    for args in (("tournament", "-p", "2", "-n", "2", "--out", out), ("play", "-p", "2")):
        message = one_line_error(barrage(*args, "--strategy-file", bot, "--strategies", "quits,random"))
        assert str(bot) in message and "failed at import: SystemExit" in message, message
    assert not out.exists()


def test_a_bot_that_swallows_every_exception_is_stopped_at_its_time_limit(tmp_path: Path, warm_python_loop):
    """X4: the time limit was an exception raised inside the bot, which `except BaseException` swallowed."""
    bot = bot_file(tmp_path, "stubborn", "def choose(game, legal):\n    while True:\n        try:\n"
                                         "            while True:\n                pass\n"
                                         "        except BaseException:\n            pass\n")
    began = time.monotonic()
    with pytest.raises(BotTimeout, match=r"strategy 'stubborn' .*: no answer within 0.5 s in choose\(\) at seat \d, "
                                         r"game seed \d+, move \d+$"):
        run_experiment(tournament(bot), RunOptions(out=tmp_path / "out", progress=False, bot_timeout=0.5))
    assert time.monotonic() - began < 60 and not (tmp_path / "out").exists()


@pytest.mark.parametrize("call", ["import time\n\ndef choose(game, legal):\n    time.sleep(1e6)\n",
                                  "import re\n\ndef choose(game, legal):\n    re.match(r'(a+)+$', 'a' * 64 + 'b')\n"],
                         ids=["sleep", "regex"])
def test_a_long_c_call_is_stopped_at_the_time_limit(tmp_path: Path, call: str):
    """X4: a signal handler cannot run inside a C call (sleep, a backtracking regex holding the GIL)."""
    bot = bot_file(tmp_path, "slow", call)
    with pytest.raises(BotTimeout, match=r"no answer within 0.5 s in choose\(\) at seat \d, game seed \d+"):
        run_experiment(tournament(bot), RunOptions(out=tmp_path / "out", progress=False, bot_timeout=0.5))


def exits_at_second_make_bot(tmp_path: Path) -> Path:
    """A bot that ends its process (os._exit(7)) from its second make_bot call on (the first is the run's
    warm-up game: the later ones are played by the chunks, in worker processes with -j 2)."""
    calls = tmp_path / "calls"
    return bot_file(tmp_path, "quitter", f"import os\n\nclass Bot:\n    def choose(self, game, legal):\n"
                                         f"        return legal[0]\n\ndef make_bot(seed, seat):\n"
                                         f"    with open({str(calls)!r}, 'a') as f:\n        f.write('x')\n"
                                         f"    if len(open({str(calls)!r}).read()) >= 2:\n        os._exit(7)\n"
                                         f"    return Bot()\n")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_bot_that_ends_its_process_is_named_with_its_exit_code(tmp_path: Path, jobs: int):
    """X4: os._exit(7) ended the run silently at -j 1 and as "TerminatedWorkerError" at -j 2."""
    bot = exits_at_second_make_bot(tmp_path)
    with pytest.raises(BotFailure, match=r"strategy 'quitter' .* ended the process with exit code 7 in make_bot\(\) "
                                         r"at seat \d, game seed \d+$"):
        run_experiment(tournament(bot, games=4), RunOptions(out=tmp_path / "out", jobs=jobs, progress=False))


def test_the_cli_reports_an_ended_bot_process_at_j2_in_one_line(tmp_path: Path):
    bot = exits_at_second_make_bot(tmp_path)
    message = one_line_error(barrage("tournament", "-p", "2", "-n", "4", "--chunk-size", "2", "-j", "2", "-q",
                                     "--out", tmp_path / "out", "--strategy-file", bot, "-s", "quitter,random"))
    assert "ended the process with exit code 7 in make_bot()" in message and "TerminatedWorker" not in message


def test_an_endless_loop_at_import_is_stopped_when_the_file_is_checked(tmp_path: Path):
    """X4: an endless loop at import used to hang the command (the check's limit is LOAD_TIMEOUT, 60 s)."""
    bot = bot_file(tmp_path, "loops", "while True:\n    pass\n")
    with pytest.raises(BotFailure, match=r"strategy file .*loops.py: no answer within 1 s at import$") as caught:
        load_strategy_file(bot, timeout=1.0)
    assert not isinstance(caught.value, BotTimeout)       # its limit is not --bot-timeout: no hint to raise that


def test_the_import_in_a_game_process_has_the_bot_timeout(tmp_path: Path):
    """The file is imported again by each process that plays its games, within --bot-timeout: here the check's
    import is quick and the games' import hangs."""
    marker = tmp_path / "checked"
    bot = bot_file(tmp_path, "late_loader", f"import os, time\nif os.path.exists({str(marker)!r}):\n"
                                            f"    time.sleep(1e6)\nopen({str(marker)!r}, 'w').close()\n{HANGS}")
    with pytest.raises(BotTimeout, match=r"strategy 'late_loader' .*: no answer within 0.5 s at import$"):
        run_experiment(tournament(bot), RunOptions(out=tmp_path / "out", progress=False, bot_timeout=0.5))


def test_the_bot_process_is_killed_at_the_limit_and_dies_with_its_parent(tmp_path: Path):
    pid_file = tmp_path / "pid"
    source = f"import os\n\ndef choose(game, legal):\n    open({str(pid_file)!r}, 'w').write(str(os.getpid()))\n" \
             f"    while True:\n        pass\n"
    bot = bot_file(tmp_path, "spinner", source)
    with pytest.raises(BotTimeout):
        run_experiment(tournament(bot), RunOptions(out=tmp_path / "out", progress=False, bot_timeout=0.5))
    assert not alive(int(pid_file.read_text()))
    pid_file.unlink()
    parent = subprocess.Popen([sys.executable, "-c", "from experiments.play import play_game; "
                               "from strategies.python_bot import load_strategy_files; "
                               f"play_game({{'players': 2}}, 1, 'spinner,random', "
                               f"python_bots=load_strategy_files([{str(bot)!r}]))"], cwd=REPO)
    deadline = time.monotonic() + 300
    while not pid_file.exists() or not pid_file.read_text():
        assert parent.poll() is None and time.monotonic() < deadline
        time.sleep(0.1)
    child = int(pid_file.read_text())
    os.kill(parent.pid, signal.SIGKILL)                    # no clean-up runs: PR_SET_PDEATHSIG kills the bot
    parent.wait()
    deadline = time.monotonic() + 10
    while alive(child) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(child)


def test_the_timeout_hint_names_bot_timeout_only_where_the_command_has_it(tmp_path: Path):
    """Cosmetic: the time-out message said "(--bot-timeout)" in `play`, which has no such option."""
    bot = bot_file(tmp_path, "thinker", HANGS)
    run = ("--strategy-file", bot, "--strategies", "thinker,random")
    assert "allow more time with --bot-timeout" in one_line_error(
        barrage("tournament", "-p", "2", "-n", "2", "-q", "--out", tmp_path / "out", "--bot-timeout", "0.5", *run))
    message = one_line_error(barrage("play", "-p", "2", *run))
    assert "no answer within 10 s in choose()" in message and "--bot-timeout" not in message


def test_rows_of_python_bots_are_the_ones_played_before_supervision(tmp_path: Path):
    """Same seeds, same rows, in process and in workers: the VP pinned from the in-process runner."""
    cfg = ExperimentConfig.from_dict(dict(kind="tournament", players=2, games=8, chunk_size=4, seed=6,
                                          strategies=["my_bot", "greedy"], strategy_files=[str(EXAMPLE)]))
    for jobs in (1, 2):
        run_experiment(cfg, RunOptions(out=tmp_path / f"j{jobs}", jobs=jobs, progress=False))
        got = rows(tmp_path / f"j{jobs}")
        assert got.vp.tolist() == [23, 169, 141, 23, 23, 126, 123, 23, 23, 102, 89, 23, 23, 132, 143, 23]
        assert got.strategy.tolist() == ["my_bot", "greedy", "greedy", "my_bot"] * 4

