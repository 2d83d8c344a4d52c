"""Greedy features, advanced tiles as construction capacity (CONSTRUCT-04/05, WHEEL-01..04, TECH-01..06): a
construction needs a tile of the structure's type in the personal supply, and the tile then rides the wheel
until it comes back, so a company whose basic tile of a type is on the wheel cannot build that type at all. An
advanced tile of that type (or a wild one) is an extra build while the basic tile is away -- the planner buys
a level-I wild tile in round 1 for this, the greedy scorer valued it only at its printed effect."""
from sim import ids
from sim import layout as L
from strategies.feature_layout import (
    I_EXC,
    I_MIX,
    I_TMASK,
    N_RHOP,
    X_CV,
    X_EV,
    X_LOCK,
    X_MV,
    X_RHOP,
    fast,
)
from strategies.feature_structures import placeable_fast, struct_value, tile_need


@fast
def blocked_build_gain(S, T, I, X, W, t):
    """Best net value of one build the company could make with advanced tile t but not now, because no tile of
    that structure type is in its supply (I_TMASK): structure value minus the machinery locked and red-outline
    Credits, a machinery shortfall discounted by RHO per missing piece (as best_affordable's progress)."""
    st_t = T.tile_struct[t]
    mask = I[I_TMASK]
    if (st_t == ids.WILD and mask & 15 == 15) or (st_t != ids.WILD and (mask >> st_t) & 1 == 1):
        return 0.0                                             # nothing of its types is blocked: no map scan
    ng = T.n_dams[0] + T.n_conduits[0] + T.n_ph[0]
    lock = X[X_LOCK]
    best = 0.0
    for g in range(ng):
        st = placeable_fast(S, T, I, g)
        if st < 0 or (mask >> st) & 1 == 1 or (st_t != ids.WILD and st_t != st):
            continue
        e, m, j, red = tile_need(S, T, I, X, g, st, t, False)
        short = max(0, e - I[I_EXC]) + max(0, m - I[I_MIX])
        if j >= 0:                                             # OFFICER-JILL-01: the conduit in Mixers
            short = min(short, max(0, j - I[I_MIX]))
        v = struct_value(S, T, I, X, W, g, st) - lock * (e * X[X_EV] + m * X[X_MV]) - red * X[X_CV]
        best = max(best, v * X[X_RHOP + min(short, N_RHOP - 1)])
    return best
