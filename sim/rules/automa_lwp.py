"""The Automa's Leeghwater entries (AUTOMA-21 external work, AUTOMA-23 building construction, LWP-BUILD-09), the
Leeghwater decisions an Automa seat meets through rewards and tile effects (AUTOMA-24), and its level-3/4 Leeghwater
rules (AUTOMA-52 building tiles, AUTOMA-53 Netherlands, AUTOMA-69 Leslie, AUTOMA-70 Margot)."""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.automa_place import choose_space
from sim.rules.automa_tiles import best_tile
from sim.rules.company import add_vp, automa_level, buy_patent_tile, can_pay_machineries, co, officer, take_engineers
from sim.rules.lwp import pay_onto_leslie_wheel, pay_to_general_supply, take_external_work
from sim.rules.lwp_buildings import building_placeable
from sim.rules.water import capacity, place_drop_directly


@njit(cache=True, _nrt=False)
def automa_extwork_slot(S, T, c, entry):
    """AUTOMA-21 condition: the first external-works space in the card's slot preference (entry a/b/c) that shows
    a tile, is free, and whose machineries the Automa holds; -1 if none."""
    for i in range(3):
        slot = entry[2 + i]
        w = S[L.LWP_EW_SHOWN + slot]
        if w < 0 or S[L.LWP_EW_SPACE + slot] != ids.NOBODY:
            continue
        if can_pay_machineries(S, c, T.ew_exc[w], T.ew_mix[w]):            # AUTOMA-71 (Elon): Excamixers too
            return slot
    return -1


@njit(cache=True, _nrt=False)
def automa_external_work(S, T, c, slot, k):
    """AUTOMA-21 effect: k Engineers on the space, the machineries to the general supply, the tile and its reward
    (AUTOMA-24)."""
    w = S[L.LWP_EW_SHOWN + slot]
    S[L.LWP_EW_SPACE + slot] = c
    S[L.LWP_EW_ENG + slot] = k
    take_engineers(S, c, k)                            # the Architect last (AUTOMA-68)
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
def leslie_external_work(S, T, c, k):
    """AUTOMA-69: a level-4 Automa holding Leslie with her special tile in its supply does, instead of a
    construction, the first external work (space order) whose machineries it holds, as a k-Engineer construction:
    the machineries and the tile into the open segment, the wheel turns (1 step, OFFICER-LESLIE-01). Returns
    whether it did."""
    b = co(c)
    if automa_level(S, c) < 4 or officer(S, c) != ids.LESLIE or S[b + L.C_TILE_LOC + ids.T_LESLIE] != ids.TILE_IN_SUPPLY:
        return False
    for slot in range(3):
        w = S[L.LWP_EW_SHOWN + slot]
        if w < 0 or S[L.LWP_EW_SPACE + slot] != ids.NOBODY:
            continue
        if can_pay_machineries(S, c, T.ew_exc[w], T.ew_mix[w]):
            S[L.LWP_EW_SPACE + slot] = c
            take_engineers(S, c, k)
            S[b + L.C_AUTOMA_ENG] += k
            pay_onto_leslie_wheel(S, T, c, T.ew_exc[w], T.ew_mix[w])
            take_external_work(S, T, c, slot, ids.VS_EXTWORKS)
            return True
    return False


@njit(cache=True, _nrt=False)
def margot_building(S, T, c, bottom_to_top):
    """AUTOMA-70: a level-4 Automa holding Margot builds a private Building instead of the shown structure when one
    can be built (AUTOMA-23 search; the card's own search for a building entry, else top to bottom)."""
    if automa_level(S, c) < 4 or officer(S, c) != ids.MARGOT or T.lwp_enabled[0] == 0:
        return -1
    return automa_building_target(S, T, c, bottom_to_top)


@njit(cache=True, _nrt=False)
def _system_value(S, T, c, d):
    """Best printed conduit value of a complete system from dam d (a conduit of its zone ending at a zone with a
    powerhouse of c), 0 if none (AUTOMA-53)."""
    best = 0
    z = T.dam_zone[d]
    for j in range(2):
        k = T.zone_conduits[z, j]
        if k < 0 or S[L.COND_OWNER + k] == ids.NOBODY:
            continue
        ez = T.cond_end_zone[k]
        for i in range(4):
            p = T.zone_ph[ez, i]
            if p >= 0 and S[L.PH_OWNER + p] == c:
                best = max(best, T.cond_value[k])
    return best


@njit(cache=True)
def best_own_dam(S, T, c, used, card):
    """AUTOMA-53 (Netherlands), AUTOMA-71 (Amir): the own dam with room, not in `used` (bit per dam), of the most
    productive complete system (highest conduit value); with none, any own dam with room; with several, the dam
    criteria of the card choose among them. -1 if c has no dam with room."""
    cand = np.empty(L.MAX_DAMS, dtype=np.int64)
    best = 0
    n = 0
    for d in range(T.n_dams[0]):
        if S[L.DAM_OWNER + d] != c or (used >> d) & 1 or S[L.DAM_DROPS + d] >= capacity(S, T, d):
            continue
        v = _system_value(S, T, c, d)
        if v > best:
            best = v
            n = 0
        if v == best:
            cand[n] = d
            n += 1
    if n == 0:
        return -1
    return cand[0] if n == 1 else choose_space(S, T, c, ids.ELEVATION, cand, n, card, False)


@njit(cache=True)
def netherlands_drop(S, T, c, used, card):
    """AUTOMA-53 (Netherlands): the drop goes into the own dam chosen by `best_own_dam`, other than the ones the
    production just used (used: bit per dam)."""
    d = best_own_dam(S, T, c, used, card)
    if d >= 0:
        place_drop_directly(S, T, d)


@njit(cache=True)
def automa_lwp_decision(S, T, kind, c, a0, a1, card):
    """AUTOMA-24 for the Leeghwater decisions: a free advanced tile is the highest-level displayed one (leftmost on
    ties, as AUTOMA-17); the Netherlands' drop by AUTOMA-53; the L1 Building tile scores the building's VP
    instead of its action (AUTOMA-52; LWP-BUILD-09: Automas never use building actions)."""
    if kind == ids.TK_LWP_ADV_TILE:
        best = -1
        for i in range(3):
            t = S[L.PATENT + i]
            if t >= 0 and (best < 0 or T.tile_level[t] > T.tile_level[S[L.PATENT + best]]):
                best = i
        if best >= 0:
            buy_patent_tile(S, c, best)
    elif kind == ids.TK_LWP_DAM:
        netherlands_drop(S, T, c, a1, card)
    elif kind == ids.TK_LWP_L1_ACTION:
        add_vp(S, c, T.bld_vp[a0], ids.VS_TILES)
