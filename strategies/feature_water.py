"""Greedy features, water: where a drop stops and what one more drop on a headstream is worth (WATER-*)."""
from sim import ids
from sim import layout as L
from sim.rules.water import headstream_node
from strategies.feature_layout import (
    HPATH_LEN,
    I_ABIL,
    I_CAP,
    I_COMP,
    I_HPATH,
    I_OWN_PH,
    W_ENERGY,
    X_DROPV,
    X_EU,
    fast,
    inlined,
)

# ---------------------------------------------------------------------------------------------------------------
# Water

@inlined
def drop_landing(S, T, I, node, ahead):
    """Dam where a drop entering the river after `node` would stop once `ahead` drops went first (-1: exits)."""
    nd = T.n_dams[0]
    while True:
        node = T.river_next[node]
        if node < 0:
            return -1
        if node < nd and S[L.DAM_OWNER + node] != ids.NOBODY:
            spare = I[I_CAP + node] - S[L.DAM_DROPS + node]
            if spare > ahead:
                return node
            if spare > 0:
                ahead -= spare


@inlined
def _usa_sites(T, I, node, stop):
    """Own powerhouse sites a drop passes from node down to dam `stop` (COMPANY-USA-01)."""
    nd = T.n_dams[0]
    nz = T.n_zones[0]
    n = 0
    while True:
        node = T.river_next[node]
        if node < 0 or node == stop:
            return n
        if nd <= node < nd + nz and I[I_OWN_PH + node - nd] >= 0:
            n += 1


@inlined
def drop_value(S, T, I, X, W, h, ahead):
    """Value of one new drop placed on headstream h behind `ahead` other drops."""
    d = -1
    base = I_HPATH + h * HPATH_LEN
    for i in range(HPATH_LEN):
        dd = I[base + i]
        if dd < 0:
            break
        spare = I[I_CAP + dd] - S[L.DAM_DROPS + dd]
        if spare > ahead:
            d = dd
            break
        if spare > 0:
            ahead -= spare
    v = X[X_DROPV + d] if d >= 0 else 0.0
    if I[I_COMP] == ids.USA and I[I_ABIL] == 1:
        v += W[W_ENERGY] * X[X_EU] * _usa_sites(T, I, headstream_node(T, h), d)
    return v
