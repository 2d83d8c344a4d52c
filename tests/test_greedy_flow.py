"""Ninth-pass greedy feature (docs/bots.md): the next round's water in the production potential (`w_flow`, 0 in
every persona but `tuned`). flow_arrivals follows this round's headstream drops as the Water Flow phase will
(WATER-04..07, WATER-11) without changing the state."""
import numpy as np
import pytest

from sim import scenario
from strategies.feature_layout import (I_CAP, N_I, N_WEIGHTS, N_X, W_FLOW, X_ARR, X_PASS, X_RATE, X_WD, X_WOWN1,
                                       load_weights)
from strategies.feature_water import flow_arrivals
from strategies.features import make_context
from strategies.registry import parse


def _round2(drops_b5u=1, head=4):
    """HB holds `head` drops; below it (HB: B2U B2L B5U B5L B9U B9L) seat 0's level-2 dam B5U holds `drops_b5u`
    and a neutral level-1 dam stands empty on B9L."""
    return scenario.load({
        "players": 2, "round": 2, "phase": "actions",
        "companies": {0: {"company": "USA", "officer": "Wilhelm", "credits": 10, "excavators": 6, "mixers": 4,
                          "engineers": 6, "bank_engineers": 6},
                      1: {"company": "Italy", "officer": "Viktor"}},
        "headstreams": {"HB": {"tile": 2, "drops": head}},
        "dams": {"B5U": {"owner": 0, "level": 2, "drops": drops_b5u}, "B9L": {"owner": "neutral", "level": 1}},
        "decision": {"task": "main", "seat": 0}})


def _context(g, **weights):
    I, X, W = np.zeros(N_I, dtype=np.int64), np.zeros(N_X), np.zeros(N_WEIGHTS)
    spec = "greedy:" + ",".join(f"{k}={v}" for k, v in weights.items()) if weights else "greedy"
    load_weights(parse(spec)[1], W, 2)
    make_context(g.state, g.tables, 0, W, I, X, True)
    return I, X, W


def test_WATER_04_07_11_flow_arrivals_follow_the_drops_to_the_first_dam_with_room():
    """Drop 1 stops at B5U (1 of 2 held), drops 2-4 pass it full; drop 2 fills the neutral B9L, 3-4 exit. The
    empty dam spaces count what passes them: B2U, B2L all 4, B5L and B9U the 3 that passed B5U."""
    g = _round2()
    before = g.state.copy()
    I, X, _ = _context(g)
    flow_arrivals(g.state, g.tables, I, X)
    assert np.array_equal(g.state, before)
    d = g.info.dam_ids
    arr = {d[k]: X[X_ARR + k] for k in range(len(d)) if X[X_ARR + k]}
    passed = {d[k]: X[X_PASS + k] for k in range(len(d)) if X[X_PASS + k]}
    assert arr == {"B5U": 1.0, "B9L": 1.0}
    assert passed == {"B2U": 4.0, "B2L": 4.0, "B5L": 3.0, "B9U": 3.0}
    assert I[I_CAP + d.index("B5U")] == 2


@pytest.mark.parametrize("held, head, expected_next", [(0, 1, 1.0), (0, 4, 2.0), (1, 0, 1.0), (0, 0, 0.0)])
def test_w_flow_counts_the_next_rounds_water_instead_of_one_round_of_inflow(held, head, expected_next):
    """A usable dam's water in the potential (X_WD) gains w_flow x (min(capacity, held + arriving) - min(capacity,
    average inflow)); an empty dam space's new-Base water (X_WOWN1) w_flow x (min(1, passing) - min(1, inflow))."""
    g = _round2(held, head)
    d = g.info.dam_ids
    b5u, b2u = d.index("B5U"), d.index("B2U")
    I0, X0, _ = _context(g)
    I1, X1, W1 = _context(g, w_flow=0.7)
    assert W1[W_FLOW] == 0.7
    assert min(2.0, held + X1[X_ARR + b5u]) == expected_next
    rate = X0[X_RATE + b5u]
    assert X1[X_WD + b5u] - X0[X_WD + b5u] == pytest.approx(0.7 * (expected_next - min(2.0, rate)))
    passing = min(1.0, float(head))
    assert X1[X_WOWN1 + b2u] - X0[X_WOWN1 + b2u] == pytest.approx(0.7 * (passing - min(1.0, X0[X_RATE + b2u])))
