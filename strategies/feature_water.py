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
    X_ARR,
    X_DROPV,
    X_EU,
    X_PASS,
    fast,
    inlined,
)

# ---------------------------------------------------------------------------------------------------------------
# Water

@fast
def flow_arrivals(S, T, I, X):
    """Where the drops on the headstream tiles will go at this round's Water Flow phase if nothing else changes
    (WATER-04..07, WATER-11: slot order, one drop at a time, each stopping at the first built dam with room):
    X_ARR[d] drops reach the built dam d, X_PASS[d] drops pass the empty dam space d (a Base built there would
    hold the first). The potential counts them as the next round's water (w_flow, strategies.features._board):
    the average inflow it uses otherwise does not see that a dam below an empty headstream, or below a dam
    with room, gets nothing before the next round's productions."""
    nd = T.n_dams[0]
    for d in range(nd):
        X[X_ARR + d] = 0.0
        X[X_PASS + d] = 0.0
    for h in range(T.n_head[0]):
        for _ in range(S[L.HEAD_DROPS + h]):
            node = headstream_node(T, h)
            while True:
                node = T.river_next[node]
                if node < 0:
                    break
                if node < nd:
                    if S[L.DAM_OWNER + node] == ids.NOBODY:
                        X[X_PASS + node] += 1.0
                    elif S[L.DAM_DROPS + node] + X[X_ARR + node] < I[I_CAP + node]:
                        X[X_ARR + node] += 1.0
                        break


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
