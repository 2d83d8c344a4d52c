"""Automa water management (AUTOMA-15) and reward drops (AUTOMA-24/45): a drop goes only where a simulated flow
brings more drops into the Automa's own dams, trying the headstreams in the criteria card's preference order."""
from numba import njit

from sim import layout as L
from sim.rules.water import capacity, new_drop_flowing, new_drop_on_headstream, own_dam_drops, water_flow_phase


@njit(cache=True)
def _own_after(S, T, c, h, k, flow_now):
    """Drops in c's dams after a simulated flow with k new drops on headstream h (k = 0: without new drops).
    Delayed drops flow with all drops waiting on the headstreams; immediate drops flow alone."""
    X = S.copy()
    if flow_now:
        for _ in range(k):
            new_drop_flowing(X, T, h)
    else:
        for _ in range(k):
            new_drop_on_headstream(X, T, h)
        water_flow_phase(X, T)
    return own_dam_drops(X, T, c)


@njit(cache=True)
def automa_drops(S, T, c, n, flow_now, pref):
    """AUTOMA-15: places up to n drops one at a time; a drop no headstream helps is carried over to the next
    attempt, drops never placed are not placed. Returns the number of drops placed."""
    placed = 0
    carried = 0
    room = False
    for d in range(T.n_dams[0]):                     # no own dam with room: no drop can help (fast path)
        if S[L.DAM_OWNER + d] == c and S[L.DAM_DROPS + d] < capacity(S, T, d):
            room = True
    if not room:
        return 0
    base = _own_after(S, T, c, 0, 0, flow_now)
    for _ in range(n):
        carried += 1
        for r in range(4):
            h = pref[r]
            if h < 0 or h >= T.n_head[0]:
                continue
            if _own_after(S, T, c, h, carried, flow_now) > base:
                for _ in range(carried):
                    if flow_now:
                        new_drop_flowing(S, T, h)
                    else:
                        new_drop_on_headstream(S, T, h)
                placed += carried
                carried = 0
                base = _own_after(S, T, c, 0, 0, flow_now)
                break
    return placed
