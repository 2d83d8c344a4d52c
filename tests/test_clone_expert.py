"""Behaviour cloning (scripts/clone_expert.py): recorded decisions re-score exactly, labels are legal, the
likelihood is finite and a fit only moves the tuned weight slots."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import clone_expert as ce  # noqa: E402

from experiments.tune import place_weights, tuned_param_names, weight_slots  # noqa: E402
from strategies.greedy import new_score_buffer, score_decision  # noqa: E402
from strategies.personas import PARAMS  # noqa: E402
from strategies.registry import parse_spec  # noqa: E402


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    """One planner game (mcts:iters=2 labels its own moves) and one DAgger game (tuned plays, greedy labels)."""
    d = tmp_path_factory.mktemp("clone")
    planner = d / "planner.npz"
    dagger = d / "dagger.npz"
    ce.record("mcts:iters=2", "mcts:iters=2", "automa:level=4", 3, 1, planner, log=None)
    ce.record("greedy", "tuned", "automa:level=2", 5, 4, dagger, log=None)
    return planner, dagger


def test_recorded_decisions_rescore_to_the_live_scores(records):
    data = ce.load(list(records))
    assert len(data) > 100
    n = np.diff(data.offsets)
    assert (n >= 2).all() and (data.label >= 0).all() and (data.label < n).all()      # labels index legal moves
    tables = ce.Objective(data, parse_spec("tuned")[1], 0.01).tables
    tuned = parse_spec("tuned")[1]
    buf = new_score_buffer(ce.MAX_MOVES)
    for d in range(len(data)):
        a, b = data.offsets[d], data.offsets[d + 1]
        vals = np.array(score_decision(tuned, data.states[d], tables, data.moves[a:b], b - a, buf)[0][:b - a])
        np.testing.assert_array_equal(vals, data.ref[a:b])          # the live reference scores, bit for bit


def test_dagger_record_keeps_the_drivers_and_the_labellers_choices(records):
    z = np.load(records[1])
    ref, off = z["ref"], z["offsets"]
    for d in range(len(z["label"])):
        r = ref[off[d]:off[d + 1]]
        assert r[z["driven"][d]] == r.max()             # tuned drove: its move is its own scorer's best
    # greedy labelled: at greedy's own weights every label is one of the best-scored moves (agreement > 0)
    data = ce.load([records[1]])
    greedy = parse_spec("greedy")[1]
    obj = ce.Objective(data, greedy, 0.01)
    ll, agree = obj.evaluate(greedy[weight_slots()], 1.0)
    assert (obj.agree > 0).all()                        # ties split: agreement 1 / ties
    assert np.isfinite(ll) and ll < 0
    # tuned's weights disagree with greedy's labels somewhere, and fit them less well
    ll_t, agree_t = obj.evaluate(parse_spec("tuned")[1][weight_slots()], 1.0)
    assert agree_t < agree and ll_t < ll


def test_fit_moves_only_the_weight_slots(records):
    res = ce.fit(list(records), "tuned", lam=0.1, eps=0.01, sigma=0.1, popsize=4, iters=2, seed=1, log=None)
    w = res["best"]["weights"]
    assert list(w) == list(tuned_param_names())
    bounds = {p.name: (p.low, p.high) for p in PARAMS}
    assert all(bounds[k][0] <= v <= bounds[k][1] for k, v in w.items())
    assert all(np.isfinite(res["fit"][k][0]) for k in ("train", "held_out"))
    assert res["decisions"]["train"] > 0 and res["decisions"]["held_out"] > 0
    base = parse_spec("tuned")[1]
    base[15] = 0.25                                          # a noise the fit must leave alone
    vec = place_weights(base, np.array(list(w.values())))
    others = np.setdiff1d(np.arange(len(base)), weight_slots())
    assert 15 in others
    np.testing.assert_array_equal(vec[others], base[others])


def test_held_out_split_is_by_game(records):
    data = ce.load(list(records))
    train, held = ce.split(data)
    assert len(train) + len(held) == len(data)
    assert not set(train.game.tolist()) & set(held.game.tolist())


@pytest.mark.parametrize("args, names", [(["record", "--opponent", "nosuchbot", "--seed", "1", "--out", "x.npz"],
                                          "nosuchbot"),
                                         (["fit", "missing.npz", "--out", "fit.json"], "missing.npz"),
                                         (["fit", "missing.npz", "--start", "random", "--out", "fit.json"],
                                          "random")])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, names):
    script = Path(ce.__file__)
    p = subprocess.run([sys.executable, str(script)] + args, cwd=tmp_path, capture_output=True, text=True)
    assert p.returncode == 2, p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and names in p.stderr
    assert not list(tmp_path.iterdir())                     # nothing written
