"""The Automa's Leeghwater entries (AUTOMA-21 external work, AUTOMA-23 building construction, LWP-BUILD-09) and the
Leeghwater decisions an Automa seat meets through rewards and tile effects (AUTOMA-24)."""
from numba import njit

from sim import ids
from sim import layout as L
from sim.rules.automa_tiles import best_tile
from sim.rules.company import buy_patent_tile, co
from sim.rules.lwp import pay_to_general_supply, take_external_work
from sim.rules.lwp_buildings import building_placeable
from sim.rules.water import capacity, place_drop_directly


@njit(cache=True, _nrt=False)
def automa_extwork_slot(S, T, c, entry):
    """AUTOMA-21 condition: the first external-works space in the card's slot preference (entry a/b/c) that shows
    a tile, is free, and whose machineries the Automa holds; -1 if none."""
    b = co(c)
    for i in range(3):
        slot = entry[2 + i]
        w = S[L.LWP_EW_SHOWN + slot]
        if w < 0 or S[L.LWP_EW_SPACE + slot] != ids.NOBODY:
            continue
        if S[b + L.C_EXC] >= T.ew_exc[w] and S[b + L.C_MIX] >= T.ew_mix[w]:
            return slot
    return -1


@njit(cache=True, _nrt=False)
def automa_external_work(S, T, c, slot, k):
    """AUTOMA-21 effect: k Engineers on the space (kept with the Automa's placed Engineers until the End of Round),
    the machineries to the general supply, the tile and its reward (AUTOMA-24)."""
    b = co(c)
    w = S[L.LWP_EW_SHOWN + slot]
    S[L.LWP_EW_SPACE + slot] = c
    S[b + L.C_ENG] -= k
    S[b + L.C_AUTOMA_ENG] += k
    pay_to_general_supply(S, c, T.ew_exc[w], T.ew_mix[w])
    take_external_work(S, T, c, slot, ids.VS_EXTWORKS)


@njit(cache=True, _nrt=False)
def automa_building_target(S, T, c, bottom_to_top):
    """AUTOMA-23: the first building in board order (the last with `bottom_to_top`) with a legal free slot for which
    the Automa has a usable tile (AUTOMA-16); within it the lowest free slot. Returns the build target or -1."""
    if S[co(c) + L.C_BUILDING_PIECES] == 0:
        return -1
    for i in range(L.BUILDINGS_DRAWN):
        pos = L.BUILDINGS_DRAWN - 1 - i if bottom_to_top else i
        bid = S[L.LWP_BUILDING + pos]
        if bid < 0:
            continue
        for slot in range(4):
            g = ids.BUILD_TARGET + bid * 4 + slot
            if building_placeable(S, T, c, g) == ids.BUILDING:
                if best_tile(S, T, c, g, ids.BUILDING)[0] >= 0:
                    return g
                break                     # the machineries do not depend on the slot
    return -1


@njit(cache=True, _nrt=False)
def automa_lwp_decision(S, T, kind, c, a0, a1):
    """AUTOMA-24 for the Leeghwater decisions: a free advanced tile is the highest-level displayed one (leftmost on
    ties, as AUTOMA-17); the Netherlands' drop goes to the first own dam with room in map order; an L1 Building
    action is not used (LWP-BUILD-09: Automas never use building actions)."""
    if kind == ids.TK_LWP_ADV_TILE:
        best = -1
        for i in range(3):
            t = S[L.PATENT + i]
            if t >= 0 and (best < 0 or T.tile_level[t] > T.tile_level[S[L.PATENT + best]]):
                best = i
        if best >= 0:
            buy_patent_tile(S, c, best)
    elif kind == ids.TK_LWP_DAM:
        for d in range(T.n_dams[0]):
            if S[L.DAM_OWNER + d] == c and d != a1 and S[L.DAM_DROPS + d] < capacity(S, T, d):
                place_drop_directly(S, T, d)
                return
