"""Seventh-pass greedy features (docs/bots.md): the build-then-produce order of a round (`w_order`,
strategies.feature_order; PRODUCE-01..06, CONSTRUCT-01..04, COMPANY-01) and the sharper contract feasibility
(`w_fsharp`). Both are 0 in every persona: the pinned games of test_greedy/test_play_pinned stay unchanged."""
import numpy as np
import pytest

from sim import scenario
from strategies.feature_layout import W_FSHARP, W_ORDER
from strategies.greedy import new_score_buffer, score_decision
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


def _turbine_scores(g, w_order):
    """Score of every Turbine space (ACT-TURBINE-01) of the main decision, by description."""
    moves = g.legal_codes()
    params = GREEDY.copy()
    params[W_ORDER] = w_order
    vals = score_decision(params, g.state, g.tables, moves, len(moves), new_score_buffer(4096))[0]
    out = {}
    for i, m in enumerate(moves):
        d = g.describe(int(m))
        if d.startswith("Turbine"):
            out[d] = float(vals[i])
    assert out
    return out


@pytest.mark.parametrize("built, build_first", [
    (["C5L", "P8_0", "P10_0"], "C5R"),     # a conduit of value 4 instead of 3: 13 energy instead of 10
    (["C5L", "C5R", "P8_0"], "P10_0"),     # C5R into a 2nd powerhouse, +1 production bonus (COMPANY-01): 13, not 9
])
def test_PRODUCE_06_a_production_is_docked_by_the_gain_of_building_first(built, build_first):
    """PRODUCE-01..06, CONSTRUCT-01..04: with w_order, a Turbine space scores w_order x (its value once the
    conduit or powerhouse is built - its value now) less -- the gain measured on the position where seat 0 has
    built it (the scorer's own production value, w_order 0), for each Turbine space (modifiers differ)."""
    now = _turbine_scores(_main(built), 0.0)
    after = _turbine_scores(_main(built + [build_first]), 0.0)
    docked = _turbine_scores(_main(built), 0.5)
    gains = {space: after[space] - v for space, v in now.items()}
    assert min(gains.values()) >= 0.0 and max(gains.values()) > 3.0      # the energy track's steps (SCORE-01)
    for space, v in now.items():
        assert docked[space] == pytest.approx(v - 0.5 * gains[space])


def test_PRODUCE_06_no_dock_without_a_build_to_make_first():
    """Nothing to gain (the better conduit is built) or no Engineers for a construction after the production
    (CONSTRUCT-01: the first construction space takes 1; with 1 Engineer only the 1-Engineer Turbine space is
    open): the score is unchanged."""
    full = ["C5L", "C5R", "P8_0", "P10_0"]
    assert _turbine_scores(_main(full), 0.5) == _turbine_scores(_main(full), 0.0)
    short = ["C5L", "P8_0", "P10_0"]
    assert _turbine_scores(_main(short, engineers=1), 0.5) == _turbine_scores(_main(short, engineers=1), 0.0)
    assert _turbine_scores(_main(short, engineers=2), 0.5) != _turbine_scores(_main(short, engineers=2), 0.0)


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
