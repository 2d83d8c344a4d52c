"""Automa water management (AUTOMA-15) and reward drops (AUTOMA-24/45): a drop goes only where a simulated flow
brings more drops into the Automa's own dams, trying the headstreams in the criteria card's preference order.

The simulation moves drops over a local copy of the dams' contents only (a drop stops at the first built dam
with room, WATER-04..07); the side effects of a real flow (USA's site energy, geological Credits) cannot change
how many drops the Automa's dams hold, so they are left out.
"""
import numpy as np
from numba import njit

from sim import ids
from sim import layout as L
from sim.rules.water import capacity, new_drop_flowing, new_drop_on_headstream


@njit(cache=True, _nrt=False)
def _settle(T, node, held, cap):
    """Moves one simulated drop from `node` downstream into the first dam with room (or off the map)."""
    nd = T.n_dams[0]
    while True:
        node = T.river_next[node]
        if node < 0:
            return
        if node < nd and held[node] < cap[node]:
            held[node] += 1
            return


@njit(cache=True, _nrt=False)
def _own_after(S, T, c, h, k, flow_now, cap, held):
    """Drops in c's dams after a simulated flow with k new drops on headstream h (k = 0: without new drops).
    Delayed drops flow with all drops waiting on the headstreams (slot order, WATER-11); immediate ones alone."""
    nd = T.n_dams[0]
    for d in range(nd):
        held[d] = S[L.DAM_DROPS + d]
    first = nd + T.n_zones[0]
    if flow_now:
        for _ in range(k):
            _settle(T, first + h, held, cap)
    else:
        for x in range(T.n_head[0]):
            for _ in range(S[L.HEAD_DROPS + x] + (k if x == h else 0)):
                _settle(T, first + x, held, cap)
    n = 0
    for d in range(nd):
        if S[L.DAM_OWNER + d] == c:
            n += held[d]
    return n


@njit(cache=True)
def automa_drops(S, T, c, n, flow_now, pref):
    """AUTOMA-15: places up to n drops one at a time; a drop no headstream helps is carried over to the next
    attempt, drops never placed are not placed. Returns the number of drops placed."""
    nd = T.n_dams[0]
    cap = np.zeros(L.MAX_DAMS, dtype=np.int64)
    room = False
    for d in range(nd):
        if S[L.DAM_OWNER + d] != ids.NOBODY:
            cap[d] = capacity(S, T, d)
            if S[L.DAM_OWNER + d] == c and S[L.DAM_DROPS + d] < cap[d]:
                room = True
    if not room:                                     # no own dam with room: no drop can help
        return 0
    held = np.zeros(L.MAX_DAMS, dtype=np.int64)
    placed = 0
    carried = 0
    base = _own_after(S, T, c, 0, 0, flow_now, cap, held)
    for _ in range(n):
        carried += 1
        for r in range(4):
            h = pref[r]
            if h < 0 or h >= T.n_head[0]:
                continue
            if _own_after(S, T, c, h, carried, flow_now, cap, held) > base:
                for _ in range(carried):
                    if flow_now:
                        new_drop_flowing(S, T, h)
                    else:
                        new_drop_on_headstream(S, T, h)
                placed += carried
                carried = 0
                base = _own_after(S, T, c, 0, 0, flow_now, cap, held)
                break
    return placed
