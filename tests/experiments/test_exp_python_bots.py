"""User-written Python bots inside experiments: the runner plays their games on the Python loop."""
from __future__ import annotations

from pathlib import Path

import pytest
from exp_helpers import REPO, rows

from experiments.experiment_config import ExperimentConfig
from experiments.runner import RunOptions, run_experiment
from sim.errors import ConfigError

EXAMPLE = REPO / "examples" / "my_bot.py"


def test_python_bots_in_a_tournament_give_the_same_rows_in_process_and_in_workers(tmp_path: Path):
    """The Python loop inside the experiment runner: workers load the bot file themselves; -j 1 == -j 2."""
    cfg = ExperimentConfig.from_dict(dict(kind="tournament", players=2, games=8, chunk_size=4, seed=6,
                                          strategies=["my_bot", "greedy"], strategy_files=[str(EXAMPLE)]))
    one = run_experiment(cfg, RunOptions(out=tmp_path / "j1", progress=False))
    run_experiment(cfg, RunOptions(out=tmp_path / "j2", jobs=2, progress=False))
    a, b = rows(tmp_path / "j1"), rows(tmp_path / "j2")
    assert a.equals(b) and sorted(a.strategy.unique()) == ["greedy", "my_bot"]
    assert {r["strategy"]: r["n"] for r in one.summary} == {"greedy": 8, "my_bot": 8}
    with pytest.raises(ConfigError, match="strategy_files: .*no such file"):
        ExperimentConfig.from_dict(dict(kind="tournament", strategy_files=[str(tmp_path / "x.py")]))


BAD_BOTS = {
    "raises": ("def choose(game, legal):\n    raise ValueError('no idea')\n", "failed in choose() at seat",
               "ValueError: no idea"),
    "recursion": ("def choose(game, legal):\n    return choose(game, legal)\n", "failed in choose() at seat",
                  "RecursionError"),
    "exits": ("import sys\ndef choose(game, legal):\n    sys.exit(0)\n", "failed in choose() at seat", "SystemExit"),
    "float": ("def choose(game, legal):\n    return float(legal[0].code) + 0.7\n", "returned", "not a move or an integer"),
    "string": ("def choose(game, legal):\n    return str(legal[0].code)\n", "returned", "not a move or an integer"),
    "bool": ("def choose(game, legal):\n    return True\n", "returned True", "not a move or an integer"),
    "illegal": ("def choose(game, legal):\n    return 10**9\n", "returned move 1000000000", "not legal there"),
    "hangs": ("def choose(game, legal):\n    while True:\n        pass\n", "no answer within 0.5 s in choose()"),
    "make_bot": ("def make_bot(seed, seat):\n    raise KeyError('state')\n", "failed in make_bot() at seat",
                 "KeyError"),
}


@pytest.mark.parametrize("case", sorted(BAD_BOTS))
def test_a_failing_user_bot_stops_the_run_in_one_line_and_keeps_finished_games(tmp_path: Path, case: str):
    """Issue #12.5: a bot's exception, exit, hang or bad return used to crash (traceback), exit 0 silently, hang
    forever or be converted to a move; now one line naming bot, seat, seed and move, and the run can resume."""
    source, *needles = BAD_BOTS[case]
    bot = tmp_path / f"bad_{case}.py"
    bot.write_text(source)
    cfg = ExperimentConfig.from_dict(dict(kind="tournament", players=2, games=4, chunk_size=2, seed=6,
                                          strategies=[f"bad_{case}", "random"], strategy_files=[str(bot)]))
    with pytest.raises(ConfigError) as caught:
        run_experiment(cfg, RunOptions(out=tmp_path / "out", progress=False, bot_timeout=0.5))
    message = str(caught.value)
    assert "\n" not in message and f"strategy 'bad_{case}'" in message and "game seed" in message
    for needle in needles:
        assert needle in message, message
    assert not (tmp_path / "out").exists()      # caught by the warm-up game, before anything is written


def test_a_bot_failing_mid_run_keeps_the_finished_games_for_resume(tmp_path: Path):
    bot = tmp_path / "late.py"
    calls = tmp_path / "calls.txt"         # make_bot calls, counted across the processes that play the chunks
    bot.write_text(f"class Bot:\n    def choose(self, game, legal):\n        return legal[0]\n\n"
                   f"def make_bot(seed, seat):\n    with open({str(calls)!r}, 'a') as f:\n        f.write('x')\n"
                   f"    if len(open({str(calls)!r}).read()) == 4:\n        raise RuntimeError('late failure')\n"
                   f"    return Bot()\n")
    cfg = ExperimentConfig.from_dict(dict(kind="tournament", players=2, games=4, chunk_size=2, seed=6,
                                          strategies=["late", "random"], strategy_files=[str(bot)]))
    with pytest.raises(ConfigError, match="failed in make_bot.*RuntimeError: late failure"):
        run_experiment(cfg, RunOptions(out=tmp_path / "out", progress=False))
    assert [p.name for p in (tmp_path / "out" / "shards").glob("part-*.parquet")] == ["part-00000.parquet"]
    bot.write_text("def choose(game, legal):\n    return legal[0]\nNAME = 'late'\n")
    with pytest.raises(ConfigError, match="late.py changed since this run started"):
        run_experiment(cfg, RunOptions(out=tmp_path / "out", progress=False, resume=True))


def test_resume_with_an_edited_bot_file_is_refused(tmp_path: Path):
    bot = tmp_path / "mine.py"
    bot.write_text((EXAMPLE).read_text())
    cfg = ExperimentConfig.from_dict(dict(kind="tournament", players=2, games=4, chunk_size=2, seed=6,
                                          strategies=["my_bot", "random"], strategy_files=[str(bot)]))
    run_experiment(cfg, RunOptions(out=tmp_path / "out", progress=False))
    bot.write_text(bot.read_text() + "\n# tweaked\n")
    with pytest.raises(ConfigError, match=r"strategy_files: .*mine.py changed since this run started"):
        run_experiment(cfg, RunOptions(out=tmp_path / "out", progress=False, resume=True))


def test_toml_strategy_files_resolve_next_to_the_toml(tmp_path: Path, monkeypatch):
    """Issue #12.7: a relative strategy_files path in a TOML used to resolve against the current directory."""
    from experiments.experiment_config import load_toml

    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine.py").write_text(EXAMPLE.read_text())
    toml = tmp_path / "exp.toml"
    toml.write_text('kind = "tournament"\nplayers = 2\nstrategies = ["my_bot", "random"]\n'
                    'strategy_files = ["bots/mine.py"]\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    cfg = load_toml(toml)
    assert cfg.strategy_files == (str((tmp_path / "bots" / "mine.py").resolve()),)


def test_a_refused_config_never_imports_the_bot_files(tmp_path: Path):
    """Issue #12.7: strategy_files were imported while the config was validated, even when it was then refused."""
    marker = tmp_path / "imported"
    bot = tmp_path / "side_effect.py"
    bot.write_text(f"open({str(marker)!r}, 'w').write('x')\ndef choose(game, legal):\n    return legal[0]\n")
    with pytest.raises(ConfigError, match="games"):
        ExperimentConfig.from_dict(dict(kind="tournament", players=2, games=0, strategies=["side_effect", "random"],
                                        strategy_files=[str(bot)]))
    assert not marker.exists()
