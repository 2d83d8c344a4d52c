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
