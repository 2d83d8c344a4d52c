"""Greedy values of The Colorado Connection's reward keys (REWARD-13/14, COLO-BTILE-01, COLO-STILE-*,
COLO-CONTRACT-*, COLO-EXT-*), in VP-equivalents; added to feature_rewards.reward_value when Colorado is in play.

Values read only the decision context (no map scan): a production is worth the best energy producible now, a
settlement or bridge bonus of choice a typical tile's worth, a free bridge its bonus plus its bridges-bonus-tile
value to come."""
from sim import ids
from strategies.feature_layout import (
    I_CRED,
    W_BUILD,
    W_CONTRACT,
    W_ENERGY,
    X_BEST_NOW,
    X_EU,
    X_EV,
    X_FBV,
    X_MV,
    fast,
)

TYPICAL_TILE_VP = 3.0      # a bridge or settlement bonus of choice (COLO-BTILE-01: 3 VP, 5 Credits, 5 energy, ...)
SEGMENTS_WITH_MACHINERY = 2.0   # COLO-STILE-A-01: segments that typically hold machinery


@fast
def colorado_keys_value(T, I, X, W, r):
    """VP-equivalent of the Colorado parts of reward row r for the deciding company."""
    v = 0.0
    ev = W[W_ENERGY] * X[X_EU]
    if r[ids.RK_PRODUCTION] > 0:                                 # REWARD-14: modifier 0
        v += X[X_BEST_NOW] * ev
    if r[ids.RK_PRODUCTION_BONUS] > 0:                           # COLO-STILE-C-01
        v += (X[X_BEST_NOW] + r[ids.RK_PRODUCTION_BONUS]) * ev
    v += r[ids.RK_TAKE_CONTRACTS] * 1.0 * W[W_CONTRACT]          # REWARD-13
    if r[ids.RK_TAKE_BACK] > 0:
        v += SEGMENTS_WITH_MACHINERY * max(X[X_EV], X[X_MV])
    if r[ids.RK_CONSTRUCTION] > 0:                               # a construction without Engineers or space
        v += 2.0 * W[W_BUILD]
    if r[ids.RK_DROP_EACH_DAM] > 0:
        v += 1.0
    if r[ids.RK_VP_PER_2_CREDITS] > 0:
        v += I[I_CRED] // 2
    if r[ids.RK_FREE_BRIDGE] > 0 or r[ids.RK_FREE_BRIDGE_ON_BASE] > 0:
        v += TYPICAL_TILE_VP + X[X_FBV + ids.B_BRIDGES]
    if r[ids.RK_FREE_BRIDGE_ON_BASE] > 0:                        # COLO-EXT-01: the free Base too
        v += 4.0 * W[W_BUILD]
    v += r[ids.RK_OWN_BRIDGE_EFFECTS] * 0.5 * TYPICAL_TILE_VP
    if r[ids.RK_SETTLEMENT_BONUS] > 0:
        v += TYPICAL_TILE_VP
    v += 2.5 * W[W_BUILD] * r[ids.RK_FREE_ELEV_BRIDGED]
    return v
