"""Automa water management (AUTOMA-15) and reward drops (AUTOMA-24/45): a drop goes only where a simulated flow
brings more drops into the Automa's own dams, trying the headstreams in the criteria card's preference order;
an Automa USA with its ability prefers, among those headstreams, the one giving it more energy steps (AUTOMA-53).

The simulation moves drops over a local copy of the dams' contents only (a drop stops at the first built dam
with room, WATER-04..07); the other side effects of a real flow (geological Credits) cannot change how many
drops the Automa's dams hold, so they are left out.
"""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import ability_active, company_of
from sim.rules.produce import own_powerhouse_in_zone
from sim.rules.water import capacity, new_drop_flowing, new_drop_on_headstream


@njit(cache=True, _nrt=False)
def _settle(T, node, held, cap, site_steps):
    """Moves one simulated drop from `node` downstream into the first dam with room (or off the map); returns
    the energy steps it gives at the sites it enters (COMPANY-USA-01: site_steps per zone)."""
    nd = T.n_dams[0]
    steps = 0
    while True:
        node = T.river_next[node]
        if node < 0:
            return steps
        if node < nd:
            if held[node] < cap[node]:
                held[node] += 1
                return steps
        elif node < nd + T.n_zones[0]:
            steps += site_steps[node - nd]


@njit(cache=True, _nrt=False)
def _own_after(S, T, c, h, k, flow_now, cap, held, site_steps):
    """(drops in c's dams, c's USA energy steps) after a simulated flow with k new drops on headstream h (k = 0:
    without new drops). Delayed drops flow with all drops waiting on the headstreams (slot order, WATER-11);
    immediate ones alone."""
    nd = T.n_dams[0]
    for d in range(nd):
        held[d] = S[L.DAM_DROPS + d]
    first = nd + T.n_zones[0]
    steps = 0
    if flow_now:
        for _ in range(k):
            steps += _settle(T, first + h, held, cap, site_steps)
    else:
        for x in range(T.n_head[0]):
            for _ in range(S[L.HEAD_DROPS + x] + (k if x == h else 0)):
                steps += _settle(T, first + x, held, cap, site_steps)
    n = 0
    for d in range(nd):
        if S[L.DAM_OWNER + d] == c:
            n += held[d]
    return n, steps


@njit(cache=True, _nrt=False)
def usa_site_steps(S, T, c, site_steps):
    """AUTOMA-53 / COMPANY-USA-01: for an active USA, site_steps[z] = 1 for each zone whose powerhouse site gives
    it an energy step (its own powerhouse there); returns whether c is one (site_steps stays 0 otherwise)."""
    usa = company_of(S, c) == ids.USA and ability_active(S, T, c)
    if usa:
        for z in range(T.n_zones[0]):
            site_steps[z] = 1 if own_powerhouse_in_zone(S, T, c, z) >= 0 else 0
    return usa


@njit(cache=True)
def automa_drops(S, T, c, n, flow_now, pref):
    """AUTOMA-15: places up to n drops one at a time; a drop no headstream helps is carried over to the next
    attempt, drops never placed are not placed. Among the headstreams that help, the first in preference order
    (an active USA: the most energy steps first, AUTOMA-53). Returns the number of drops placed."""
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
    site_steps = np.zeros(L.MAX_ZONES, dtype=np.int64)
    usa = usa_site_steps(S, T, c, site_steps)
    placed = 0
    carried = 0
    base, _ = _own_after(S, T, c, 0, 0, flow_now, cap, held, site_steps)
    for _ in range(n):
        carried += 1
        best = -1
        best_steps = -1
        for r in range(4):
            h = pref[r]
            if h < 0 or h >= T.n_head[0]:
                continue
            own, steps = _own_after(S, T, c, h, carried, flow_now, cap, held, site_steps)
            if own > base and steps > best_steps:
                best = h
                best_steps = steps
                if not usa:
                    break
        if best >= 0:
            for _ in range(carried):
                if flow_now:
                    new_drop_flowing(S, T, best)
                else:
                    new_drop_on_headstream(S, T, best)
            placed += carried
            carried = 0
            base, _ = _own_after(S, T, c, 0, 0, flow_now, cap, held, site_steps)
    return placed
