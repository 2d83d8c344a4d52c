"""The greedy scorer's Colorado features (strategies/feature_colorado.py, feature_colorado_keys.py): a bridge is worth
its tile's bonus plus the bridge (bonus tiles to come, the objective, crossings), a settlement its tile's bonus minus
crossing costs and Engineers; the Colorado reward keys count in reward_value only with the expansion; greedy games
build bridges and activate settlements. Values are read from the tables, never from a placeholder (RECON-06)."""
from __future__ import annotations

import numpy as np
import pytest

from sim import ids, scenario
from sim import layout as L
from sim.colorado_tables import colorado_names
from sim.config import GameConfig
from strategies.feature_colorado import bridge_structure_value, bridge_value, colorado_main_value
from strategies.feature_colorado_keys import TYPICAL_TILE_VP, colorado_keys_value
from strategies.feature_layout import DEFAULT_WEIGHTS, I_C, I_NFUT, I_OBJ, N_I, N_X, X_CE, X_CV
from strategies.feature_rewards import reward_value

BRIDGES, LABELS, SPACES = colorado_names()


def _context(c=0, nfut=2, obj=0, cv=0.3, ce=1.0):
    I = np.zeros(N_I, dtype=np.int64)
    X = np.zeros(N_X)
    I[I_C], I[I_NFUT], I[I_OBJ] = c, nfut, obj
    X[X_CV], X[X_CE] = cv, ce
    return I, X, np.array(DEFAULT_WEIGHTS, dtype=np.float64)


def _game(**doc):
    return scenario.load({"variant": {"players": 3, "expansions": ["colorado"]}, "round": 2, "phase": "actions",
                          **doc})


def test_bridge_value_is_bonus_plus_bridge():
    """bridge_value = reward_value of the tile + bridge_structure_value; the bridged-dams objective adds per piece."""
    g = _game(dams={"B1U": {"owner": 0, "level": 2}})
    S, T = g.state, g.tables
    d = list(g.info.dam_ids).index("B1U")
    I, X, W = _context()
    base = bridge_structure_value(S, T, I, X, W, d)
    assert base > 0.0                                          # crossings over it in the rounds left
    for t in range(10):
        assert bridge_value(S, T, I, X, W, t, d) == reward_value(T, I, X, W, int(T.bridge_reward[t])) + base
    I2, X2, W2 = _context(obj=ids.O_BRIDGE_DAMS)
    assert bridge_structure_value(S, T, I2, X2, W2, d) == pytest.approx(base + 2.5 * 2)


def test_settlement_value_is_bonus_minus_costs():
    """A settlement space: its tile's reward value minus crossing Credits x Credit value minus Engineers."""
    from sim.rules.colorado import crossing_cost

    g = _game(colorado={"settlements": {"SM2": {"tile": "B:any_machine"}}})
    S, T = g.state, g.tables
    I, X, W = _context()
    s = SPACES.index("SM2")
    want = (reward_value(T, I, X, W, int(T.stile_reward[S[L.COLO_SETTLE_TILE + s]]))
            - int(crossing_cost(S, T, 0, s)) * X[X_CV] - int(T.settle_eng[s]) * X[X_CE])
    assert colorado_main_value(S, T, I, X, W, ids.MV_COLO_SETTLE + s) == want


def test_colorado_keys_count_only_with_the_expansion():
    """A free bridge (COLO-CONTRACT-01) is worth a typical tile's VP in a Colorado game; the base tables never reach
    the Colorado keys (reward_value unchanged)."""
    g = _game()
    T = g.tables
    k = list(g.info.contract_ids).index("CG1")
    I, X, W = _context()
    assert colorado_keys_value(T, I, X, W, T.rewards[k]) == TYPICAL_TILE_VP
    assert reward_value(T, I, X, W, k) == TYPICAL_TILE_VP                    # the free bridge is its only part


def test_greedy_builds_bridges_and_activates_settlements():
    """Greedy seats use the new actions: over a few games some bridges are built and settlements activated."""
    from experiments.play import play_game

    bridges = settlements = 0
    for seed in range(3):
        g = play_game(GameConfig(players=3, expansions=("colorado",)), seed, "greedy")
        sec = g.snapshot()["colorado"]
        bridges += sum(1 for e in sec["bridges"].values() if "dam" in e)
        log = g.log_text()
        settlements += log.count("Activate settlement")
    assert bridges > 0 and settlements > 0
