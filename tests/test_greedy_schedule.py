"""Round schedules of the greedy weights (ninth pass, docs/bots.md): slot `s_X` is the slope of weight `w_X`,
played as w_X x exp(s_X x (round - 3) / 2). Every persona but `tuned` has slopes 0, so its play is unchanged (the
pinned games of test_greedy/test_play_pinned)."""
import math

import numpy as np
import pytest

from experiments.tune import search_space, tuned_param_names
from sim import scenario
from strategies import personas
from strategies.feature_layout import N_WEIGHTS, SCHEDULED, W_BONUS, W_CONTRACT, W_S_BONUS, W_S_CONTRACT, load_weights
from strategies.greedy import new_score_buffer, score_decision
from strategies.registry import parse


def _vector(**overrides):
    return parse("greedy:" + ",".join(f"{k}={v}" for k, v in overrides.items()) if overrides else "greedy")[1]


@pytest.mark.parametrize("rnd", [1, 2, 3, 4, 5])
def test_a_slope_scales_its_weight_by_the_round(rnd):
    vec = _vector(w_bonus=2.0, w_contract=0.8, s_bonus=1.0, s_contract=-0.5)
    flat = _vector(w_bonus=2.0, w_contract=0.8)
    W, W0 = np.zeros(N_WEIGHTS), np.zeros(N_WEIGHTS)
    load_weights(vec, W, rnd)
    load_weights(flat, W0, rnd)
    assert W[W_BONUS] == pytest.approx(2.0 * math.exp(1.0 * (rnd - 3) / 2))
    assert W[W_CONTRACT] == pytest.approx(0.8 * math.exp(-0.5 * (rnd - 3) / 2))
    scheduled = set(SCHEDULED[:, 1]) | set(SCHEDULED[:, 0])
    for i in range(N_WEIGHTS):
        if i not in scheduled:
            assert W[i] == W0[i]                      # the other weights as given
        elif i in SCHEDULED[:, 1] and i not in (W_BONUS, W_CONTRACT):
            assert W[i] == W0[i]                      # slope 0: constant
    assert (W[W_S_BONUS], W[W_S_CONTRACT]) == (1.0, -0.5)


def test_every_scheduled_weight_has_a_slope_parameter_named_after_it():
    names = personas.PARAM_NAMES
    for slope, weight in SCHEDULED:
        assert names[slope] == "s_" + names[weight][2:]
        assert personas.PARAMS[slope].default == 0.0


def _round(rnd):
    """Seat 0 (USA, Wilhelm) to take a main action in round `rnd` with a dam, conduit and powerhouse."""
    return scenario.load({
        "players": 2, "round": rnd, "phase": "actions",
        "companies": {0: {"company": "USA", "officer": "Wilhelm", "credits": 10, "excavators": 6, "mixers": 4,
                          "engineers": 6, "bank_engineers": 6},
                      1: {"company": "Italy", "officer": "Viktor"}},
        "dams": {"B5U": {"owner": 0, "level": 2, "drops": 2}},
        "conduits": {"C5L": 0}, "powerhouses": {"P8_0": 0},
        "decision": {"task": "main", "seat": 0}})


@pytest.mark.parametrize("rnd, same", [(3, True), (1, False), (5, False)])
def test_the_scorer_plays_the_weights_of_the_decisions_round(rnd, same):
    """The scorer loads the weights of the round of the decision: in round 3 a slope changes nothing (bit for
    bit), in rounds 1 and 5 the scores move and the weights it used are the scheduled ones."""
    g = _round(rnd)
    moves = g.legal_codes()
    buf = new_score_buffer(len(moves))
    flat = np.array(score_decision(_vector(), g.state, g.tables, moves, len(moves), buf)[0])
    vals, W = score_decision(_vector(s_bonus=1.0, s_energy=0.5), g.state, g.tables, moves, len(moves), buf)
    assert np.array_equal(np.array(vals), flat) == same
    assert W[W_BONUS] == pytest.approx(personas.PARAMS[W_BONUS].default * math.exp((rnd - 3) / 2))


def test_a_slope_starting_at_zero_gets_steps_of_its_own_scale():
    """A tune's steps are relative to the start (scale max(|start|, step)); a slope starting at 0 would be stuck
    at 0.05 x sigma without its own step (0.5)."""
    start = {k: 1.0 for k in tuned_param_names()}
    start["s_bonus"] = 0.0
    scale, x0, lower, upper = search_space(start)
    i = tuned_param_names().index("s_bonus")
    assert (scale[i], x0[i], lower[i], upper[i]) == (0.5, 0.0, -4.0, 4.0)
