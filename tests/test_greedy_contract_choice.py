"""Seventh-pass greedy feature (docs/bots.md): the sharper contract feasibility (`w_fsharp`, 0 in every persona but
`tuned`: the pinned games of test_greedy/test_play_pinned stay unchanged)."""
import numpy as np
import pytest

from sim import scenario
from strategies.feature_layout import W_FSHARP
from strategies.registry import parse

GREEDY = parse("greedy")[1]


def _main(structures, drops=3, engineers=6):
    """Round 3, seat 0 (USA, Wilhelm) owns B5U (level 3, `drops` drops) and the given conduits and powerhouses;
    B5U's basin drains through C5L (value 3, to the P8_* powerhouse spaces) and C5R (value 4, to P10_*). No
    contract in hand (a hand contract's value would depend on the best production's energy)."""
    conduits = {k: 0 for k in structures if k.startswith("C")}
    powerhouses = {p: 0 for p in structures if p.startswith("P")}
    return scenario.load({
        "players": 2, "round": 3, "phase": "actions",
        "companies": {0: {"company": "USA", "officer": "Wilhelm", "credits": 10, "excavators": 10, "mixers": 10,
                          "engineers": engineers, "bank_engineers": 12 - engineers},
                      1: {"company": "Italy", "officer": "Viktor"}},
        "dams": {"B5U": {"owner": 0, "level": 3, "drops": drops}},
        "conduits": conduits, "powerhouses": powerhouses,
        "contracts": {"hand": {0: [], 1: []}},
        "decision": {"task": "main", "seat": 0}})


def test_CONTRACT_w_fsharp_raises_the_feasibility_to_a_power():
    """A contract's hand value is w_hand x feasibility**(1 + w_fsharp) x its fulfilment value: at w_fsharp 1 a
    contract keeps `feasibility` of its value -- 0.9 for one within the best production now, 0.35 for one only
    within its production potential (contract_feasibility's tiers)."""
    from strategies.feature_layout import N_I, N_WEIGHTS, N_X, load_weights
    from strategies.feature_rewards import contract_feasibility, keep_value
    from strategies.features import make_context

    # best production now 3 x 1 + 2 = 5 energy, at capacity 3 x 3 + 2 = 11; potential 17 (a new base over a
    # value-5 conduit, 5 x 3 + 2)
    g = _main(["C5L", "P8_0"], drops=1)
    T = g.tables
    I = np.zeros(N_I, dtype=np.int64)
    X = np.zeros(N_X)
    W = np.zeros(N_WEIGHTS)
    load_weights(GREEDY, W)
    make_context(g.state, T, 0, W, I, X, True)
    easy = next(k for k in range(len(T.contract_req)) if T.contract_req[k] == 3)
    hard = next(k for k in range(len(T.contract_req)) if T.contract_req[k] == 15)
    f_easy, f_hard = contract_feasibility(T, I, X, easy), contract_feasibility(T, I, X, hard)
    assert (f_easy, f_hard) == (0.9, 0.35)
    before = [keep_value(T, I, X, W, k) for k in (easy, hard)]
    W[W_FSHARP] = 1.0
    assert keep_value(T, I, X, W, easy) == pytest.approx(0.9 * before[0])
    assert keep_value(T, I, X, W, hard) == pytest.approx(f_hard * before[1])
