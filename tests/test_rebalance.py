"""`barrage rebalance` (issue #33 items 2-4): the spread statistic and its bootstrap, the spec's validation (one-line
errors, nothing written), the confirmation's verdicts and report on synthetic results, and -- slow -- a small real
run that finds, races and confirms a proposal, reproducible whatever -j and across an interruption."""
from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from cli_run import ROOT, assert_one_line_error, barrage
from experiments.rebalance_play import candidate_key, make_candidate
from experiments.rebalance_spec import KnobRange, spec_from_dict
from experiments.rebalance_surface import fit_surface, surface_minimum
from reports.rebalance import OFFICIAL, confirmation_figures, narrowed_by_half
from reports.rebalance_page import PAGE, REPORT_DIRECTORY, override_options, write_rebalance_report
from reports.results import load_results
from reports.spread import Groups, bootstrap_spreads, group_rates, imbalance, spread
from reports.synthetic import SyntheticDesign, write_synthetic_results
from sim.errors import ConfigError

GERMANY_VP = "companies.Germany.income.base.5.vp"       # official 7: Germany's fifth-base income
USA_VP = "companies.USA.income.conduit.2.vp"            # official 3: USA's second-conduit income


def small_spec(**changes) -> dict:
    """A valid spec's data: the base game at 4 players, tuned bots, two company knobs."""
    spec = {"name": "small", "seed": 3,
            "design": {"players": 4, "population": "tuned", "games_per_cell": 20},
            "search": {"generations": 2, "popsize": 4, "first_rung": 10, "finalists": 2},
            "confirm": {"games_per_cell": 20, "proposals": 1},
            "knobs": [{"path": GERMANY_VP, "range": [3, 9]}, {"path": USA_VP, "range": [1, 7]}]}
    for dotted, value in changes.items():
        *parents, key = dotted.split("__")
        node = spec
        for p in parents:
            node = node[int(p)] if isinstance(node, list) else node.setdefault(p, {})
        if value is None:
            del node[key]
        else:
            node[key] = value
    return spec


# -- the spread ---------------------------------------------------------------------------------------------------
# Two companies x two officers at 2 players (parity 1/2); four replicates, repeated ten times (R = 40).
WINS = np.tile(np.array([[1, 1, 1, 0],       # A+x
                         [1, 0, 1, 0],       # A+y
                         [0, 1, 0, 0],       # B+x
                         [0, 0, 1, 1]], float), 10)   # B+y
GROUPS = Groups.of_cells([2, 2, 2, 2], ["A", "A", "B", "B"], ["x", "y", "x", "y"])


def test_group_rates_are_cell_means_with_replicate_clustered_variances():
    rates = group_rates(WINS, GROUPS, "company")
    assert rates.labels == ("A", "B")
    assert rates.rate == pytest.approx([5 / 8, 3 / 8])
    # A's per-replicate totals 2, 1, 2, 0 (x10) around 2 x 5/8: squared residuals 0.5625 + 0.0625 + 0.5625 + 1.5625
    # per block; variance = G/(G-1) x sum / (cells x R)^2
    assert rates.variance == pytest.approx([40 / 39 * 27.5 / 80 ** 2, 40 / 39 * 7.5 / 80 ** 2])
    assert rates.deviation == pytest.approx([0.125, -0.125])
    officers = group_rates(WINS, GROUPS, "officer")
    assert officers.labels == ("x", "y") and officers.rate == pytest.approx([0.5, 0.5])


def test_spread_removes_the_sampling_noise_and_imbalance_weighs_the_families():
    msd_company = np.mean([0.125 ** 2 - 40 / 39 * 27.5 / 6400, 0.125 ** 2 - 40 / 39 * 7.5 / 6400])
    assert spread(WINS, GROUPS, "company") == pytest.approx(math.sqrt(msd_company))
    officers = group_rates(WINS, GROUPS, "officer")
    assert officers.msd < 0 and spread(WINS, GROUPS, "officer") == 0.0        # pure noise: no spread left
    pairing = group_rates(WINS, GROUPS, "pairing")
    assert pairing.rate == pytest.approx([0.75, 0.5, 0.25, 0.5])
    expected = math.sqrt((msd_company + officers.msd + 0.5 * pairing.msd) / 2.5)
    assert imbalance(WINS, GROUPS, 0.5) == pytest.approx(expected)
    assert imbalance(WINS, GROUPS, 0.0) == pytest.approx(math.sqrt(max(0.0, (msd_company + officers.msd) / 2)))


def test_bootstrap_is_centred_on_the_estimate_and_pairs_runs():
    rng = np.random.default_rng(5)
    truth = 0.25 + np.repeat([0.10, -0.06, 0.0, -0.04], 7) + np.tile([0.05, 0.04, 0, -0.02, -0.03, -0.04, 0], 4)
    wins = (rng.random((28, 300)) < truth[:, None]).astype(float)
    groups = Groups.of_cells([4] * 28, [c for c in "ABCD" for _ in range(7)], list("abcdefg") * 4)
    boot = bootstrap_spreads({"a": wins, "b": wins.copy()}, groups, seed=1, draws=400)
    assert boot["a"].shape == (400, 4)
    assert np.array_equal(boot["a"], boot["b"])           # the same replicates for every run: paired
    for j, family in enumerate(("company", "officer", "pairing")):
        msd = group_rates(wins, groups, family).msd
        assert msd > 0 and (boot["a"][:, j] > 0).all()
        assert np.mean(boot["a"][:, j] ** 2) == pytest.approx(msd, rel=1e-9)   # shifted onto the estimate
    with pytest.raises(ValueError, match="different numbers of replicates"):
        bootstrap_spreads({"a": wins, "b": wins[:, :100]}, groups, seed=1, draws=10)


# -- the spec -----------------------------------------------------------------------------------------------------
def test_knob_grid_keeps_integers_whole_and_clips_to_the_range():
    k = KnobRange("x", official=7, low=3, high=10, step=2)
    assert k.bounds == (-2, 1) and [k.value(i) for i in range(-2, 2)] == [3, 5, 7, 9]
    assert isinstance(k.value(1), int)
    f = KnobRange("y", official=1.5, low=0.0, high=2.6, step=0.5)
    assert f.bounds == (-3, 2) and f.value(-3) == 0.0 and f.value(2) == 2.5


def test_a_valid_spec_is_filled_with_its_defaults():
    spec = spec_from_dict(small_spec())
    assert spec.population == "tuned" and spec.design["players"] == [4] and spec.games_per_cell == 20
    assert [k.path for k in spec.knobs] == [GERMANY_VP, USA_VP]
    assert [(k.official, k.bounds) for k in spec.knobs] == [(7, (-4, 2)), (3, (-2, 4))]
    assert (spec.margin, spec.pairing_weight, spec.knob_cost, spec.step_cost) == (0.03, 0.5, 0.25, 0.05)
    assert (spec.sigma, spec.first_rung, spec.confirm_games, spec.proposals) == (1.0, 10, 20, 1)


@pytest.mark.parametrize("changes, needle", [
    ({"knobs": None}, "knobs: none given"),
    ({"knobs": [{"path": "companies.Germany.income.base.5.vpp", "range": [3, 9]}]},
     f"not a knob of the data; did you mean '{GERMANY_VP}'?"),
    ({"knobs__0__range": [8, 9]}, "must contain the official value 7"),
    ({"knobs__0__range": [3.5, 9]}, "expected [low, high] of whole numbers"),
    ({"knobs__0__step": 0}, "expected a positive whole number"),
    ({"knobs__0__step": 10}, "leaves no value but the official one"),
    ({"knobs__0__colour": "red"}, "knobs[0].colour: unknown key"),
    ({"knobs": [{"path": "energy_track.credit_thresholds.1", "range": [1, 2]}]},
     "the data check refuses 2"),
    ({"knobs": [{"path": "companies.Netherlands.income.base.5.vp", "range": [5, 9]}]},
     "company Netherlands is not dealt in this design"),
    ({"knobs": [{"path": "scoring.vp_track_wraps_at", "range": [100, 103]}]},
     "does not change the games of this design"),
    ({"knobs": [{"path": "executive_officers.Tommaso Battista.starting_resources.credits", "range": [4, 8]}]},
     "officer Tommaso Battista is not dealt"),
    ({"knobs": [{"path": GERMANY_VP, "range": [3, 9]}, {"path": GERMANY_VP, "range": [5, 8]}]}, "listed twice"),
    ({"design__games_per_cell": None}, "design.games_per_cell: missing"),
    ({"design__population": "grandmasters"}, "unknown population 'grandmasters'"),
    ({"design__players": 7}, "design.players"),
    ({"design__intro": True}, "design.intro: unknown key"),
    ({"target__margin": 0.7}, "target.margin: 0.7; give a number in (0, 0.5)"),
    ({"search__first_rung": 50}, "search.first_rung: 50; give a whole number in 2..20"),
    ({"confirm__proposals": 3}, "confirm.proposals: 3 proposals from 2 finalists"),
    ({"seed": -1}, "seed: -1 is not a seed"),
    ({"colour": "red"}, "colour: unknown key in the top level"),
])
def test_a_bad_spec_is_one_clear_error(changes, needle):
    with pytest.raises(ConfigError) as e:
        spec_from_dict(small_spec(**changes))
    assert needle in str(e.value) and "\n" not in str(e.value)


def test_the_cli_refuses_a_bad_spec_in_one_line_and_writes_nothing(tmp_path):
    spec = tmp_path / "bad.toml"
    spec.write_text('name = "bad"\n[design]\nplayers = 4\npopulation = "tuned"\ngames_per_cell = 20\n'
                    '[[knobs]]\npath = "companies.Germany.income.base.5.vp"\nrange = [8, 9]\n')
    out = tmp_path / "run"
    p = barrage("rebalance", str(spec), "--out", str(out))
    assert_one_line_error(p, str(spec), "must contain the official value 7")
    assert not out.exists()
    p = barrage("rebalance", str(tmp_path / "missing.toml"), "--out", str(out))
    assert_one_line_error(p, "no such rebalance spec")
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine")
    spec.write_text(spec.read_text().replace("[8, 9]", "[3, 9]"))
    p = barrage("rebalance", str(spec), "--out", str(tmp_path / "full"))
    assert_one_line_error(p, "holds other files and no rebalance run")
    assert sorted(f.name for f in (tmp_path / "full").iterdir()) == ["notes.txt"]


def test_help_has_examples():
    p = barrage("rebalance", "--help")
    assert p.returncode == 0 and "Examples" in p.stdout and "experiments/examples/rebalance.toml" in p.stdout


def test_the_example_spec_names_its_design_and_the_population():
    data = tomllib.loads((ROOT / "experiments" / "examples" / "rebalance.toml").read_text())
    assert data["design"] == {"players": 4, "expansions": [], "population": "tuned", "games_per_cell": 400}
    paths = [k["path"] for k in data["knobs"]]
    assert len(paths) == len(set(paths)) >= 10
    assert any(p.startswith("executive_officers.") for p in paths) and any(p.startswith("companies.") for p in paths)


# -- candidates -----------------------------------------------------------------------------------------------------
def test_candidates_hold_only_their_changes_and_are_named_by_them():
    spec = spec_from_dict(small_spec())
    official = make_candidate(spec, (0, 0), seed=3)
    assert official.overrides == () and official.changed == 0 and official.key == candidate_key(())
    c = make_candidate(spec, (-9, 1), seed=3)                      # -9 steps is clipped to the range's 3
    assert c.steps == (-4, 1) and c.overrides == ((GERMANY_VP, 3), (USA_VP, 4))
    assert (c.changed, c.distance) == (2, 5)
    assert c.key == candidate_key(((USA_VP, 4), (GERMANY_VP, 3))) != official.key
    assert c.design.config.overrides == {GERMANY_VP: 3, USA_VP: 4}
    assert [cell.label for cell in c.design.cells] == [cell.label for cell in official.design.cells]


# -- the confirmation on synthetic results --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def confirmation(tmp_path_factory) -> tuple[Path, dict]:
    """An official run with Germany planted strong and a proposal without it, on the same seeds (CRN)."""
    root = tmp_path_factory.mktemp("rebalance")
    common = dict(games=2000, officers=("Wilhelm Adler", "Graziano Del Monte", "Viktor Fiesler", "Jill McDowell"),
                  strategies=("tuned",), master_seed=21)
    write_synthetic_results(root / "confirm" / OFFICIAL, SyntheticDesign(company_strength={"Germany": 0.6},
                                                                         **common))
    write_synthetic_results(root / "confirm" / "proposal-1", SyntheticDesign(**common))
    figures = confirmation_figures({OFFICIAL: root / "confirm" / OFFICIAL,
                                    "proposal-1": root / "confirm" / "proposal-1"},
                                   margin=0.03, pairing_weight=0.5, seed=4, draws=500)
    return root, figures


def test_confirmation_rates_are_the_focal_seats_means(confirmation):
    root, figures = confirmation
    _, rows = load_results(root / "confirm" / OFFICIAL)
    focal = rows[rows["focal"]]
    by_company = focal.groupby("company", observed=True)["win"].agg(["mean", "size"])
    groups = {g["group"]: g for g in figures["runs"][OFFICIAL]["groups"] if g["family"] == "company"}
    for company, row in by_company.iterrows():
        assert groups[company]["win_rate"] == pytest.approx(row["mean"])
        assert groups[company]["n"] == row["size"] == 4 * 2000
    assert figures["tests"] == 2 * (4 + 4)                         # two runs x (4 companies + 4 officers)


def test_confirmation_verdicts_hold_across_the_runs(confirmation):
    _, figures = confirmation
    official, proposal = figures["runs"][OFFICIAL], figures["runs"]["proposal-1"]
    verdicts = {g["group"]: g["verdict"] for g in official["groups"] if g["family"] == "company"}
    assert verdicts["Germany"] == "stronger" and official["balanced"] is False
    assert proposal["balanced"] is True
    assert all(g["verdict"] == "balanced" and g["p_equivalence_holm"] <= 0.05 for g in proposal["groups"])
    assert proposal["vs_official"]["company"]["ratio"] < 0.5 and narrowed_by_half(proposal, official, "company")
    low, high = proposal["vs_official"]["company"]["ci_low"], proposal["vs_official"]["company"]["ci_high"]
    assert 0 <= low <= high < 0.5
    s = official["spread"]["company"]
    assert s["ci_low"] <= s["estimate"] <= s["ci_high"] and s["estimate"] > 0.05


def test_the_report_page_shows_the_changes_to_copy(confirmation):
    root, figures = confirmation
    changes = [{"path": GERMANY_VP, "official": 7, "proposed": 4, "steps": -3}]
    result = {"name": "synthetic-rebalance", "population": "tuned", "players": [4],
              "spec": {"knobs": [{"path": GERMANY_VP}], "knob_cost": 0.25, "step_cost": 0.05},
              "search": {"curve": [{"generation": 0, "mean_score": 5.0, "mean_imbalance": 5.0, "best_score": 6.0,
                                    "games": 1000, "mean_changes": "none"}], "candidates": 9, "games": 1000,
                         "seconds": 60.0, "official_imbalance": 5.0},
              "proposals": [{"label": "proposal-1", "changes": changes, "search_score": 1.0, "race_score": 1.2}],
              "confirmation": {**figures, "seed": 99, "games_per_cell": 2000,
                               "results": {OFFICIAL: f"confirm/{OFFICIAL}", "proposal-1": "confirm/proposal-1"}}}
    (root / "rebalance.json").write_text(json.dumps(result))
    page = write_rebalance_report(root)
    assert page == root / REPORT_DIRECTORY / PAGE
    html = page.read_text()
    assert "proposal-1 (1 change) is balanced (play between tuned bots" in html
    assert override_options(changes) == f"--override '{GERMANY_VP}=4'" and "--override" in html
    assert tomllib.loads((root / REPORT_DIRECTORY / "proposal-1.toml").read_text()) == {"overrides": {GERMANY_VP: 4}}
    spreads = pd.read_csv(root / REPORT_DIRECTORY / "tables" / "spreads.csv", comment="#")
    assert set(spreads["run"]) == {OFFICIAL, "proposal-1"} and len(spreads) == 8
    assert "Population: tuned" in (root / REPORT_DIRECTORY / "rebalance.md").read_text()


# -- a small real run -----------------------------------------------------------------------------------------------
SMALL_RUN = """name = "small-rebalance"
seed = 11
[design]
players = 4
population = "tuned"
games_per_cell = 60
[search]
generations = 3
popsize = 6
first_rung = 30
finalists = 2
[confirm]
games_per_cell = 300
proposals = 1
[[knobs]]
path = "companies.Germany.income.base.5.vp"
range = [2, 9]
[[knobs]]
path = "companies.USA.income.conduit.2.vp"
range = [1, 7]
"""


def without_timing(result: dict) -> dict:
    out = json.loads(json.dumps(result))
    out.pop("command")
    out["search"].pop("seconds")
    for row in out["search"]["curve"]:
        row.pop("elapsed_s")
    return out


@pytest.fixture(scope="module")
def small_run(tmp_path_factory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("small-rebalance")
    spec = root / "spec.toml"
    spec.write_text(SMALL_RUN)
    p = barrage("rebalance", str(spec), "--out", str(root / "run"), "-j", "2", "--quiet")
    assert p.returncode == 0, p.stderr
    return spec, root / "run"


@pytest.mark.slow
def test_a_small_run_finds_and_confirms_a_narrower_spread(small_run):
    _, run = small_run
    result = json.loads((run / "rebalance.json").read_text())
    assert result["population"] == "tuned" and result["recommended"] == "proposal-1"
    (proposal,) = result["proposals"]
    assert proposal["changes"] and all(c["path"] in (GERMANY_VP, USA_VP) for c in proposal["changes"])
    runs = result["confirmation"]["runs"]
    assert set(runs) == {OFFICIAL, "proposal-1"} and runs[OFFICIAL]["games"] == runs["proposal-1"]["games"] == 8400
    # Germany is the strongest company and the USA the weakest for tuned bots: the proposal halves the spread
    assert narrowed_by_half(runs["proposal-1"], runs[OFFICIAL], "company")
    assert runs["proposal-1"]["vs_official"]["company"]["ci_high"] < 1
    assert len(result["search"]["curve"]) == 3 and result["search"]["games"] > 0
    where = result["confirmation"]["results"]
    assert where == {OFFICIAL: "confirm/official", "proposal-1": f"confirm/{proposal['key']}"}
    assert (run / REPORT_DIRECTORY / PAGE).exists() and (run / where["proposal-1"] / "manifest.json").exists()
    assert "tuned" in (run / REPORT_DIRECTORY / PAGE).read_text()


@pytest.mark.slow
def test_a_run_is_the_same_with_one_worker_and_after_an_interruption(small_run, tmp_path):
    spec, run = small_run
    expected = without_timing(json.loads((run / "rebalance.json").read_text()))
    out = tmp_path / "interrupted"
    child = subprocess.Popen([sys.executable, "-m", "experiments", "rebalance", str(spec), "--out", str(out),
                              "--quiet"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 600
    while not list((out / "evaluations").glob("*.npy")) and time.monotonic() < deadline:
        time.sleep(0.2)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=600)
    assert child.returncode == 130, err
    assert "--resume" in err and not (out / "rebalance.json").exists()
    p = barrage("rebalance", str(spec), "--out", str(out), "--quiet")
    assert_one_line_error(p, "already holds a rebalance run; pass --resume")
    p = barrage("rebalance", str(spec), "--out", str(out), "--resume", "--quiet")
    assert p.returncode == 0, p.stderr
    assert without_timing(json.loads((out / "rebalance.json").read_text())) == expected
    other = tmp_path / "other.toml"
    other.write_text(SMALL_RUN.replace("seed = 11", "seed = 12"))
    p = barrage("rebalance", str(other), "--out", str(out), "--resume", "--quiet")
    assert_one_line_error(p, "made with another spec (seed = 11 there, 12 here)")
    assert os.path.exists(out / "rebalance.json")
    other.write_text(SMALL_RUN.replace("generations = 3", "generations = 4"))     # a longer search: resumable
    p = barrage("rebalance", str(other), "--out", str(out), "--resume", "--quiet")
    assert p.returncode == 0, p.stderr
    longer = json.loads((out / "rebalance.json").read_text())
    assert [row["generation"] for row in longer["search"]["curve"]] == [0, 1, 2, 3]
    assert without_timing(longer)["search"]["curve"][:3] == expected["search"]["curve"]


# -- the response surface -------------------------------------------------------------------------------------------
def test_the_surface_recovers_a_quadratic_response_exactly():
    rng = np.random.default_rng(2)
    steps = rng.integers(-3, 4, size=(30, 3)).astype(float)
    intercept, linear, quadratic = np.array([0.25, 0.3]), np.array([[0.02, -0.01], [0.0, 0.05], [-0.03, 0.0]]), \
        np.array([[0.001, 0.0], [0.0, -0.002], [0.0, 0.003]])
    rates = intercept + steps @ linear + steps ** 2 @ quadratic
    surface = fit_surface(steps, rates, rng.uniform(1, 5, size=30))
    assert surface.intercept == pytest.approx(intercept, abs=1e-6)
    assert surface.linear == pytest.approx(linear, abs=1e-6)
    assert surface.quadratic == pytest.approx(quadratic, abs=1e-6)
    assert surface.predict((1, -2, 3)) == pytest.approx(intercept + np.array([1, -2, 3]) @ linear
                                                        + np.array([1, 4, 9]) @ quadratic, abs=1e-6)
    assert fit_surface(steps[:7], rates[:7], np.ones(7)) is None          # 2 x 3 + 2 = 8 candidates at least


def test_the_surface_minimum_is_the_best_grid_point():
    target = (2, -1, 0)
    def score(st):
        return sum((a - b) ** 2 for a, b in zip(st, target)) + 0.1 * sum(v != 0 for v in st)
    bounds = [(-3, 3), (-2, 2), (0, 4)]
    assert surface_minimum(score, bounds, (0, 0, 0), np.random.default_rng(1)) == target
    assert surface_minimum(lambda st: float(st[0] != 5), [(0, 5)], (0,), np.random.default_rng(1)) == (5,)
