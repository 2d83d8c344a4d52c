"""Engine-level A/A: four behaviourally identical bots under distinct aliases (greedy@a..d) in the real balance
design. Whatever differs between them is chance, so the report's bot-level families must reject at most at the
nominal rate across independent experiments (slow: ~25,000 games)."""
from __future__ import annotations

import pytest
from scipy.stats import binom

from experiments.experiment_config import ExperimentConfig
from experiments.runner import RunOptions, run_experiment
from reports.homogeneity import homogeneity_test
from reports.multiple_testing import ALPHA
from reports.results import load_results
from reports.win_rates import win_rate_table

EXPERIMENTS = 30


@pytest.mark.slow
def test_identical_bots_under_aliases_hold_the_error_rate(tmp_path) -> None:
    homogeneity = holm = 0
    for seed in range(1, EXPERIMENTS + 1):
        config = ExperimentConfig.from_dict(dict(
            kind="balance", players=4, games_per_cell=48, seed=seed, chunk_size=400,
            strategies=["greedy@a", "greedy@b", "greedy@c", "greedy@d"],
            officers=["Wilhelm", "Graziano", "Viktor", "Jill"]))
        out = tmp_path / f"aa{seed}"
        run_experiment(config, RunOptions(out=out, progress=False))
        _, rows = load_results(out)
        assert set(rows["strategy"].astype(str)) == {"greedy@a", "greedy@b", "greedy@c", "greedy@d"}
        homogeneity += homogeneity_test(rows, "strategy")["p_value"] <= ALPHA
        holm += bool(win_rate_table(rows, ["strategy"])["holm_significant"].any())
    bound = binom.ppf(0.999, EXPERIMENTS, ALPHA)
    assert homogeneity <= bound and holm <= bound, (homogeneity, holm)
