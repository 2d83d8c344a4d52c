"""The greedy scorer's Barrage: Duel features (strategies/feature_duel.py): what one more count of a row's condition
is worth (marker end-VP change + the reward tile on the next space, DUEL-CHECK-03/05, DUEL-END-01), and that the
base game's scores do not see them. Values come from the tables, never from a placeholder number (RECON-06)."""
from __future__ import annotations

import numpy as np

from sim import ids, scenario
from sim import layout as L
from strategies.feature_duel import add_duel_values, duel_contract_value, duel_energy_value, row_count_value
from strategies.feature_layout import DEFAULT_WEIGHTS, I_C, I_E0, I_EXC, I_MIX, N_I, N_X, X_CV, X_DUEL, X_EV, X_MV


def _duel(markers, tiles, conditions=("credits", "machinery_pairs", "energy")):
    return scenario.load({"variant": {"players": 2, "map": "duel", "duel": True}, "round": 2, "phase": "actions",
                          "duel": {"conditions": list(conditions), "markers": list(markers), "reward_tiles": tiles}})


def _context(c, exc=0, mix=0, e0=0):
    I = np.zeros(N_I, dtype=np.int64)
    X = np.zeros(N_X)
    I[I_C], I[I_EXC], I[I_MIX], I[I_E0] = c, exc, mix, e0
    return I, X, np.array(DEFAULT_WEIGHTS, dtype=np.float64)


def test_row_count_value_is_marker_vp_change_plus_tile():
    """Seat 1, marker on +1, a reward II tile (7 VP, DUEL-REWARD-02) on +2: vp(2) - vp(1) + 7. Seat 0 on the same
    row gains back toward 0: it takes away seat 1's vp(1) (2-player: the difference counts). A marker on seat 0's
    last space is worth nothing more to seat 0 (DUEL-CHECK-04) and vp(L) - vp(L-1) to seat 1."""
    from sim.tables import compile_tables
    from sim.variant import Variant

    L_ = int(compile_tables(Variant(players=2, map="duel", duel=True))[0].duel_scale[0])
    g = _duel([1, -L_, 0], [{2: "II"}, {}, {}])
    S, T = g.state, g.tables
    vp = [float(x) for x in T.duel_vp[:L_ + 1]]
    I, X, W = _context(1)
    assert row_count_value(S, T, I, X, W, 1, 0) == vp[2] - vp[1] + 7.0
    I, X, W = _context(0)
    assert row_count_value(S, T, I, X, W, 0, 0) == vp[1]
    assert row_count_value(S, T, I, X, W, 0, 1) == 0.0
    I, X, W = _context(1)
    assert row_count_value(S, T, I, X, W, 1, 1) == vp[L_] - vp[L_ - 1]


def test_condition_values_feed_resources():
    """X_DUEL[condition] sums its rows; a Credit gets half of a credits count / 3, the scarcer machinery half of a pair,
    energy whole counts of 4 (DUEL-COND-01/02/04), a contract its points (DUEL-COND-05)."""
    g = _duel([0, 0, 0], [{1: "II"}, {1: "II"}, {1: "II"}], conditions=("credits", "machinery_pairs", "energy"))
    S, T = g.state, g.tables
    I, X, W = _context(1, exc=1, mix=3, e0=3)
    cv, ev, mv = X[X_CV], X[X_EV], X[X_MV]
    add_duel_values(S, T, I, X, W)
    per = float(T.duel_vp[1]) + 7.0
    assert X[X_DUEL + ids.DC_CREDITS] == per and X[X_DUEL + ids.DC_ENERGY] == per
    assert X[X_CV] - cv == 0.5 * per / 3 and X[X_EV] - ev == 0.5 * per and X[X_MV] == mv
    assert duel_energy_value(I, X, 1) == per and duel_energy_value(I, X, 4) == per and duel_energy_value(I, X, 6) == 2 * per
    X[X_DUEL + ids.DC_CONTRACTS] = 2.0
    red = next(k for k in range(L.N_CONTRACTS) if T.contract_kind[k] == ids.RED)
    assert duel_contract_value(T, X, red) == 6.0


def test_base_game_has_no_duel_values():
    g = scenario.load({"variant": {"players": 2}, "round": 2, "phase": "actions"})
    I, X, W = _context(0)
    before = X.copy()
    add_duel_values(g.state, g.tables, I, X, W)
    assert (X == before).all() and duel_contract_value(g.tables, X, 10) == 0.0
