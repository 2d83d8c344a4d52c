"""Named bot populations (`barrage balance --population`) and the report's comparison of two populations
(`barrage report --compare`), on results the runner really writes."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from experiments.experiment_config import ExperimentConfig
from reports.compare import compare_populations
from reports.results import load_results
from sim.errors import ConfigError
from strategies.populations import POPULATIONS

DESIGN = ("-p", "3", "--companies", "USA,Italy,France", "--officers", "Viktor,Mahiri", "-n", "30", "--seed", "5", "-q")


def barrage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "experiments", *map(str, args)], capture_output=True, text=True,
                          timeout=900)


def test_a_population_names_its_strategies_and_round_trips_through_the_manifest() -> None:
    config = ExperimentConfig.from_dict({"kind": "balance", "population": "greedy", "games_per_cell": 2})
    assert config.strategies == POPULATIONS["greedy"].strategies and config.population == "greedy"
    again = ExperimentConfig.from_dict(config.to_dict())
    assert again == config


@pytest.mark.parametrize("extra, message", [
    ({"population": "strongest"}, "population: unknown population 'strongest'; use one of greedy, tuned, strong, expert, random"),
    ({"population": "strong", "strategies": ["greedy"]}, "population: 'strong' plays mcts:iters=4,c=3,tau=1,depth=20,leaf=1; give either"),
])
def test_bad_population_is_one_line_naming_the_valid_choice(extra: dict, message: str) -> None:
    with pytest.raises(ConfigError) as error:
        ExperimentConfig.from_dict({"kind": "balance", **extra})
    assert str(error.value).startswith(message) and "\n" not in str(error.value)


def test_population_is_a_balance_key_only() -> None:
    with pytest.raises(ConfigError, match="population: not valid in a tournament"):
        ExperimentConfig.from_dict({"kind": "tournament", "population": "greedy"})


@pytest.fixture(scope="module")
def two_populations(tmp_path_factory) -> tuple[Path, Path]:
    """One small design played by the greedy personas and by random bots (same seed)."""
    base = tmp_path_factory.mktemp("populations")
    for name in ("greedy", "random"):
        p = barrage("balance", *DESIGN, "--population", name, "--out", base / name)
        assert p.returncode == 0, p.stderr
    return base / "greedy", base / "random"


def test_compared_with_itself_every_ranking_agrees_and_no_verdict_changes(two_populations) -> None:
    _, rows = load_results(two_populations[0])
    comparison = compare_populations(rows, rows, "greedy", "greedy", margin=0.03)
    assert len(comparison.cells) == 6 and (comparison.cells["difference"] == 0).all()
    assert comparison.changed.empty
    correlations = comparison.correlations.set_index("ranking")
    assert correlations.loc["cell", "spearman"] == pytest.approx(1.0)
    assert correlations.loc["company", "levels"] == 3 and correlations.loc["company", "spearman"] == pytest.approx(1.0)
    assert set(correlations.index) == {"cell", "company"}          # two officers are too few to rank (< 3 levels)


def test_the_report_compares_two_populations_cell_by_cell(two_populations) -> None:
    greedy, random_bots = two_populations
    r = barrage("report", greedy, "--compare", random_bots, "--json")
    assert r.returncode == 0, r.stderr
    core = json.loads(r.stdout)["population_comparison"]
    assert core["population"] == "greedy" and core["other_population"] == "random"
    _, greedy_rows = load_results(greedy)
    _, random_rows = load_results(random_bots)
    for cell in core["cells"]:                # the per-cell win rates are each experiment's own-seat win rates
        for rows, key in ((greedy_rows, "win_rate"), (random_rows, "win_rate_other")):
            focal = rows[rows["focal"] & (rows["cell"] == cell["cell"])]
            assert cell[key] == pytest.approx(focal["win"].mean())
        assert cell["diff_ci_low"] < cell["difference"] < cell["diff_ci_high"]
    rankings = {c["ranking"]: c for c in core["correlations"]}
    assert rankings["cell"]["levels"] == 6 and -1 <= rankings["cell"]["spearman"] <= 1
    assert rankings["cell"]["ci_low"] <= rankings["cell"]["ci_high"]
    changed = {c["cell"] for c in core["cells"] if c["verdict"] != c["verdict_other"]}
    assert {c["cell"] for c in core["verdict_changes"]} == changed
    html = (greedy / "report" / "report.html").read_text(encoding="utf-8")
    assert '<section id="population_comparison"' in html and "greedy vs random" in html


def test_comparing_results_of_different_designs_is_one_line(two_populations, tmp_path: Path) -> None:
    other = tmp_path / "two-player"
    p = barrage("balance", "-p", "2", "--companies", "Germany", "--officers", "Viktor", "-n", "4", "--seed", "5",
                "-q", "--out", other)
    assert p.returncode == 0, p.stderr
    r = barrage("report", two_populations[0], "--compare", other, "--out", tmp_path / "report")
    assert r.returncode == 2 and r.stderr.startswith("error: compare: the greedy and random results share no cell")
    assert not (tmp_path / "report").exists()


def test_list_populations_shows_each_population_with_its_bots() -> None:
    p = barrage("list", "populations", "--json")
    assert p.returncode == 0, p.stderr
    listed = {row["name"]: row["strategies"] for row in json.loads(p.stdout)}
    assert listed == {name: ",".join(pop.strategies) for name, pop in POPULATIONS.items()}


def test_spearman_bootstrap_interval_covers_the_truth_when_rankings_are_identical() -> None:
    """Two independent samples of the same 6 well-separated cells: the estimate is high and the bootstrap interval
    reaches up to the true rho = 1 (within one rank swap)."""
    rng = np.random.default_rng(3)
    truth = np.linspace(0.2, 0.5, 6)

    def sample(offset: int) -> pd.DataFrame:
        records = []
        for replicate in range(400):
            for level, p in enumerate(truth):
                company, officer = f"C{level}", f"O{level % 3}"
                records.append({"players": 2, "setup": "full", "cell": f"{company}+{officer}", "company": company,
                                "officer": officer, "focal": True, "replicate": offset + replicate,
                                "game": (offset + replicate) * 10 + level, "win": float(rng.random() < p),
                                "vp": 100.0, "seat": 0})
                records.append({**records[-1], "focal": False, "win": 1.0 - records[-1]["win"], "seat": 1})
        return pd.DataFrame.from_records(records)

    comparison = compare_populations(sample(0), sample(10_000), "a", "b", margin=0.03, seed=1)
    cell = comparison.correlations.set_index("ranking").loc["cell"]
    assert cell["spearman"] >= 0.8 and cell["ci_low"] <= cell["spearman"] and cell["ci_high"] >= 0.94


def test_a_population_of_unequal_bots_is_warned_about(two_populations, tmp_path: Path) -> None:
    """greedy against random in 3-player games: the focal seat's win rate mostly says which bot held it, and the
    report says so; one bot per population (the fixture's runs) gets no such warning."""
    mixed = tmp_path / "mixed"
    p = barrage("balance", *DESIGN, "-s", "greedy,random", "--out", mixed)
    assert p.returncode == 0, p.stderr
    r = barrage("report", mixed, "--json")
    warnings = json.loads(r.stdout)["warnings"]
    assert any(w.startswith("the bots of this population differ in strength (focal-seat win rate at 3 players: "
                            "greedy") for w in warnings), warnings
    clean = barrage("report", two_populations[0], "--json", "--out", tmp_path / "clean")
    assert not [w for w in json.loads(clean.stdout)["warnings"] if "differ in strength" in w]


def test_a_default_report_compares_itself_with_a_sibling_strong_run(two_populations, tmp_path: Path) -> None:
    """A run of the same design by --population strong next to the results is found without --compare, and the
    summary names the verdicts it changes; --no-compare leaves it out; runs of other designs are not taken."""
    import shutil

    greedy = tmp_path / "greedy"
    shutil.copytree(two_populations[0], greedy, ignore=shutil.ignore_patterns("report"))
    other_design = tmp_path / "other-design"
    p = barrage("balance", "-p", "3", "--companies", "USA,Italy,Germany", "--officers", "Viktor,Mahiri", "-n", "2",
                "--seed", "5", "-q", "--population", "strong", "--out", other_design)
    assert p.returncode == 0, p.stderr
    r = barrage("report", greedy, "--json", "--out", tmp_path / "r0")
    assert r.returncode == 0, r.stderr
    assert "population_comparison" not in json.loads(r.stdout)           # a strong run, but of another design
    strong = tmp_path / "strong"
    p = barrage("balance", *DESIGN[:-5], "-n", "4", "--seed", "6", "-q", "--population", "strong", "--out", strong)
    assert p.returncode == 0, p.stderr
    r = barrage("report", greedy, "--json")
    assert r.returncode == 0, r.stderr
    core = json.loads(r.stdout)
    assert core["population"]["name"] == "greedy" and core["population"]["bots"] == list(POPULATIONS["greedy"].strategies)
    comparison = core["population_comparison"]
    assert comparison["population"] == "greedy"
    assert comparison["other_population"] == "strong" and len(comparison["cells"]) == 6
    summary = (greedy / "report" / "summary.md").read_text(encoding="utf-8")
    assert f"Found without --compare: {strong} holds a run of the same design by the strong population" in summary
    assert "pairings have a win rate that differs between the populations" in summary.split("\n## ")[1]   # the summary
    r = barrage("report", greedy, "--json", "--no-compare", "--out", tmp_path / "r1")
    assert r.returncode == 0 and "population_comparison" not in json.loads(r.stdout)
    r = barrage("report", strong, "--json")
    core = json.loads(r.stdout)
    assert "population_comparison" not in core and core["population"]["name"] == "strong"
    assert "Population: 'strong' (--population strong): " in (strong / "report" / "summary.md").read_text()
