"""Advanced tiles as construction capacity (CONSTRUCT-04/05, WHEEL-01..04, TECH-01..06): a tile of a type whose
basic tile rides the wheel is worth the build it allows (strategies.feature_tiles)."""
import numpy as np
import pytest

from sim import ids, scenario
from strategies.feature_layout import I_EXC, I_MIX, I_TMASK, N_I, N_WEIGHTS, N_X, load_weights
from strategies.feature_structures import space_table
from strategies.feature_tiles import blocked_build_gain
from strategies.features import make_context
from strategies.registry import parse

GREEDY = parse("greedy")[1]


def _gains(base_on_wheel):
    """blocked_build_gain of the L1 base, conduit and wild tiles for seat 0 (USA, 6 Excavators, no structures),
    its basic base tile on the wheel or in its supply."""
    seat = {"company": "USA", "officer": "Jill", "excavators": 6, "mixers": 4}
    if base_on_wheel:
        seat["tiles"] = ["elevation", "conduit", "powerhouse"]
        seat["wheel"] = {"open": 0, "segments": {3: {"tiles": ["base"]}}}
    g = scenario.load({"players": 2, "round": 2, "phase": "actions", "companies": {0: seat},
                       "decision": {"task": "main", "seat": 0}})
    S, T = g.state, g.tables
    I = np.zeros(N_I, dtype=np.int64)
    X = np.zeros(N_X)
    W = np.zeros(N_WEIGHTS)
    load_weights(GREEDY, W)
    make_context(S, T, 0, W, I, X, True)
    space_table(S, T, I, X, W, I[I_EXC] + 6, I[I_MIX] + 6, I[I_TMASK])    # as score_main: RHO powers
    return {t: blocked_build_gain(S, T, I, X, W, t) for t in (ids.T_L1_BASE, ids.T_L1_COND, ids.T_L1_WILD)}


def test_CONSTRUCT_04_a_tile_of_a_type_on_the_wheel_is_an_extra_build():
    """CONSTRUCT-04/05, WHEEL-01: with the basic base tile on the wheel no base can be built; an advanced base
    tile (or a wild one, ADV-L1-WILD-01: no red-outline surcharge either) would allow one, a conduit tile adds
    nothing (the basic conduit tile is in the supply)."""
    gains = _gains(True)
    assert gains[ids.T_L1_BASE] > 1.0
    assert gains[ids.T_L1_WILD] >= gains[ids.T_L1_BASE]
    assert gains[ids.T_L1_COND] == 0.0


def test_CONSTRUCT_04_no_gain_while_every_basic_tile_is_in_the_supply():
    """Nothing is blocked: a tile adds no build the company could not make with its basic tiles."""
    assert _gains(False) == pytest.approx({ids.T_L1_BASE: 0.0, ids.T_L1_COND: 0.0, ids.T_L1_WILD: 0.0})
