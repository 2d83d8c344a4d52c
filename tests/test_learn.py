"""`barrage learn`: a small run end to end (positions, training, evaluation, checkpoints, --resume, --refit), the
same data and model whatever the thread count, TD(lambda) targets, and one-line errors for bad input."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from experiments.learn import LearnSettings, predict, run_learn, targets, td_targets
from sim.results import N_RESULT, R_RANK, R_VP
from strategies.value_model import MARGIN_SCALE, load

pytest.importorskip("sklearn")
ROOT = Path(__file__).resolve().parent.parent
SMALL = ["--games", "12", "--teachers", "tuned", "--opponents", "automa:level=4", "--students", "lookahead",
         "--eval-bot", "apprentice", "--eval-opponents", "automa:level=4", "--eval-games", "4", "--epochs", "3",
         "--hidden", "8", "--seed", "3"]


def barrage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "experiments", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=1500)


@pytest.mark.filterwarnings("ignore")    # a 3-epoch fit does not converge
def test_learn_runs_checkpoints_and_resumes(tmp_path: Path):
    out = tmp_path / "run"
    p = barrage("learn", "--out", str(out), "--iterations", "1", *SMALL, "-j", "1")
    assert p.returncode == 0, p.stderr
    state = json.loads((out / "learn.json").read_text())
    assert [r["iteration"] for r in state["iterations"]] == [0] and state["best"] == 0
    row = state["iterations"][0]
    assert row["positions_total"] > 100 and set(row["evaluation"]) == {"automa:level=4"}
    assert row["evaluation"]["automa:level=4"]["games"] == 4
    assert (out / "value_model.json").read_text() == (out / "model-0.json").read_text()
    first = (out / "model-0.json").read_text()
    p = barrage("learn", "--out", str(out), "--iterations", "2", *SMALL, "-j", "2", "--resume")
    assert p.returncode == 0, p.stderr
    state = json.loads((out / "learn.json").read_text())
    assert [r["iteration"] for r in state["iterations"]] == [0, 1]
    assert (out / "model-0.json").read_text() == first                 # iteration 0 was not redone
    assert load(out / "model-1.json").size > 1 and (out / "data" / "iter1-0.npz").exists()
    assert "iteration 1:" in p.stdout
    best = state["best"]
    p = barrage("learn", "--out", str(out), "--refit", "--td-lambda", "0.5")
    assert p.returncode == 0, p.stderr
    state = json.loads((out / "learn.json").read_text())
    refit = state["iterations"][2]
    assert (refit["kind"], refit["td_lambda"], refit["bootstrap"], refit["games"]) == ("refit", 0.5, best, 0)
    assert refit["positions_total"] == state["iterations"][1]["positions_total"]   # no new games
    assert load(out / "model-2.json").size > 1 and not (out / "data" / "iter2-0.npz").exists()
    assert f"refit with TD(0.5) targets from model {best}" in p.stdout
    model = load(out / "model-2.json")
    assert "hidden" not in refit and model[3:3 + int(model[2])].tolist() == [8]      # the run's own layers


@pytest.mark.filterwarnings("ignore")
def test_refit_pools_runs_of_other_player_counts(tmp_path: Path):
    """--refit --pool trains one model on the positions of runs of different player counts, each run's positions
    with TD targets from its own best model; the model is evaluated as the refit run's own. --hidden gives the
    refit other layers than the run's."""
    from experiments.learn import _td_positions, RunState

    two, three = tmp_path / "two", tmp_path / "three"
    for out, players in ((two, "2"), (three, "3")):
        p = barrage("learn", "--out", str(out), "--iterations", "1", "--players", players, *SMALL, "-j", "1")
        assert p.returncode == 0, p.stderr
    p = barrage("learn", "--out", str(three), "--refit", "--td-lambda", "0.7", "--pool", str(two), "--hidden", "6,3")
    assert p.returncode == 0, p.stderr
    state = json.loads((three / "learn.json").read_text())
    refit = state["iterations"][1]
    n_two = json.loads((two / "learn.json").read_text())["iterations"][0]["positions_total"]
    n_three = state["iterations"][0]["positions_total"]
    assert refit["positions_total"] == n_two + n_three
    assert refit["pool"] == [{"run": str(two), "bootstrap": 0, "players": 2, "positions": n_two}]
    assert set(refit["evaluation"]) == {"automa:level=4"} and load(three / "model-1.json").size > 1
    model = load(three / "model-1.json")                   # --hidden: the refit's own layers, recorded
    assert refit["hidden"] == [6, 3] and model[3:3 + int(model[2])].tolist() == [6, 3] and "layers 6,3" in p.stdout
    assert f"+ {n_two:,} of " in p.stdout and "(2 players, its model 0)" in " ".join(p.stdout.split())
    X, y = _td_positions(two, RunState.load(two), 0.7)     # the pooled run's targets: its own model's TD(0.7)
    assert X.shape[0] == n_two and np.abs(y).max() > 0
    for args, needle in ((["--pool", str(two)], "only a --refit"),
                         (["--refit", "--pool", str(three)], "not the run in --out"),
                         (["--refit", "--pool", str(tmp_path / "none")], "holds no learn.json")):
        p = barrage("learn", "--out", str(three), *args)
        assert p.returncode == 2 and needle in p.stderr and len(p.stderr.strip().splitlines()) == 1, p.stderr
    assert len(json.loads((three / "learn.json").read_text())["iterations"]) == 2     # nothing added


@pytest.mark.filterwarnings("ignore")
def test_same_seed_same_positions_and_model_whatever_the_threads(tmp_path: Path):
    from experiments.bench import set_threads

    settings = dict(games=10, iterations=1, teachers=("tuned",), opponents=("tuned",), eval_games=0, epochs=3,
                    hidden=(8,), seed=5)
    set_threads(1)
    run_learn(tmp_path / "a", LearnSettings(**settings))
    set_threads(2)
    run_learn(tmp_path / "b", LearnSettings(**settings))
    a, b = np.load(tmp_path / "a" / "data" / "iter0-0.npz"), np.load(tmp_path / "b" / "data" / "iter0-0.npz")
    assert all(np.array_equal(a[k], b[k]) for k in ("X", "y", "game")) and a["X"].shape[0] > 50
    assert np.array_equal(load(tmp_path / "a" / "model-0.json"), load(tmp_path / "b" / "model-0.json"))


def test_targets_are_the_margin_over_the_best_other_and_the_win_share():
    """END-06..08: a shared victory splits the win; the margin is against the best other company."""
    seat_out = np.zeros((2, 3, N_RESULT), dtype=np.int64)
    seat_out[0, :, R_VP] = [100, 90, 100]
    seat_out[0, :, R_RANK] = [1, 3, 1]
    seat_out[1, :, R_VP] = [80, 120, 60]
    seat_out[1, :, R_RANK] = [2, 1, 3]
    meta = np.full((2, 4, 3), -1, dtype=np.int64)
    meta[0, :3, 0] = [0, 1, 2]
    meta[1, :2, 0] = [2, 1]
    mask, y = targets(seat_out, meta)
    assert mask.sum() == 5
    assert np.allclose(y[:, 0] * MARGIN_SCALE, [0, -10, 0, -60, 40])
    assert np.allclose(y[:, 1], [0.5, 0, 0.5, 0, 1])


@pytest.mark.parametrize("args,needle", [
    (["--hidden", "8,x"], "--hidden"), (["--players", "5"], "players: 5"), (["--teachers", "nobody"], "nobody"),
    (["--explore", "1.5"], "explore"), (["--games", "0"], "games")])
def test_learn_bad_input_is_a_one_line_error(tmp_path: Path, args, needle):
    p = barrage("learn", "--out", str(tmp_path / "x"), *args)
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and needle in p.stderr
    assert not (tmp_path / "x").exists()


def test_td_targets_mix_the_next_positions_value_with_its_target():
    """Two companies, three positions: company 0's rows 0, 2, 4 and company 1's rows 1, 3, 5 (recording order); the
    last position keeps the outcome, earlier ones take (1 - lam) * next value + lam * next target."""
    y = np.array([[1.0, 1.0], [-1.0, 0.0]] * 3)
    values = np.array([[0.0, 0.5], [0.0, 0.5], [0.4, 0.6], [-0.4, 0.4], [0.8, 0.9], [-0.8, 0.1]])
    game = np.zeros(6, dtype=np.int64)
    td = td_targets(y, game, values, 2, 0.5)
    assert np.allclose(td[4], [1.0, 1.0]) and np.allclose(td[5], [-1.0, 0.0])
    assert np.allclose(td[2], [0.5 * 0.8 + 0.5 * 1.0, 0.5 * 0.9 + 0.5 * 1.0])          # 0.9, 0.95
    assert np.allclose(td[0], [0.5 * 0.4 + 0.5 * 0.9, 0.5 * 0.6 + 0.5 * 0.95])         # 0.65, 0.775
    assert np.allclose(td[3], [0.5 * -0.8 + 0.5 * -1.0, 0.5 * 0.1 + 0.5 * 0.0])        # -0.9, 0.05
    assert np.allclose(td[1], [0.5 * -0.4 + 0.5 * -0.9, 0.5 * 0.4 + 0.5 * 0.05])       # -0.65, 0.225
    assert np.array_equal(td_targets(y, game, values, 2, 1.0), y)                        # lam 1: the outcomes
    two_games = td_targets(np.vstack([y, y]), np.repeat([0, 1], 6), np.vstack([values, values]), 2, 0.5)
    assert np.allclose(two_games[6:], td)                                                # games do not mix
    with pytest.raises(ValueError, match="whole number"):
        td_targets(y[:5], game[:5], values[:5], 2, 0.5)


def test_numpy_prediction_matches_scikit_learn():
    """The training side's `predict` (TD bootstrap) reads the flat model as the numba evaluator does."""
    from sklearn.neural_network import MLPRegressor

    from strategies.value_model import pack

    rng = np.random.default_rng(7)
    X = rng.normal(size=(200, 6)) * 3 + 1
    y = np.stack([X[:, 0] - X[:, 1], np.tanh(X[:, 2])], axis=1)
    mean, scale = X.mean(axis=0), X.std(axis=0)
    net = MLPRegressor(hidden_layer_sizes=(5, 4), max_iter=50, random_state=0).fit((X - mean) / scale, y)
    model = pack(mean, scale, net.coefs_, net.intercepts_)
    assert np.allclose(predict(model, X), net.predict((X - mean) / scale), atol=1e-9)


def test_refit_errors(tmp_path: Path):
    p = barrage("learn", "--out", str(tmp_path / "none"), "--refit")
    assert p.returncode == 2 and "holds no learn.json" in p.stderr and len(p.stderr.strip().splitlines()) == 1
    p = barrage("learn", "--out", str(tmp_path / "none"), "--refit", "--td-lambda", "1.5")
    assert p.returncode == 2 and "--td-lambda" in p.stderr and "Traceback" not in p.stderr
    assert not (tmp_path / "none").exists()


def test_learn_resume_errors(tmp_path: Path):
    p = barrage("learn", "--out", str(tmp_path / "none"), "--resume")
    assert p.returncode == 2 and "holds no learn.json" in p.stderr
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "other.txt").write_text("x")
    p = barrage("learn", "--out", str(tmp_path / "full"))
    assert p.returncode == 2 and "not empty" in p.stderr
