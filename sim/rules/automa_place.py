"""Automa structure placement (AUTOMA-30/31): which legal space an Automa builds on, by the criteria card.

Spaces are map-space indices g (dams, then conduits, then powerhouses, as `sim.rules.construct`). Every criterion
is a score per candidate; a criterion keeps the candidates of the best score (AUTOMA-30 step 3: "the subset that
satisfies it, if non-empty" - a criterion no candidate satisfies scores them all alike and keeps them all).
The Automa ignores geological tokens (GEO-10): conduit values are the printed ones.
"""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.automa_officers import dam_area_preference, linked_to_own_powerhouse
from sim.rules.automa_tiles import best_tile, may_use
from sim.rules.company import automa_level
from sim.rules.construct import space_kind, space_zone
from sim.rules.produce import own_powerhouse_in_zone
from sim.rules.water import capacity

KIND_DAM, KIND_CONDUIT, KIND_PH = 0, 1, 2   # criteria rows of a card (dam criteria also for Elevations)


@njit(cache=True, _nrt=False)
def own_ph_in_zone(S, T, c, z):
    """Whether company c has a powerhouse in zone z."""
    return own_powerhouse_in_zone(S, T, c, z) >= 0


@njit(cache=True, _nrt=False)
def space_range(T, struct):
    """The map-space indices [lo, hi) that can take a structure type (dams for Bases and Elevations)."""
    nd = T.n_dams[0]
    nc = T.n_conduits[0]
    if struct <= ids.ELEVATION:
        return 0, nd
    if struct == ids.CONDUIT:
        return nd, nd + nc
    return nd + nc, nd + nc + T.n_ph[0]


@njit(cache=True, _nrt=False)
def zone_has_dam_of(S, T, z, c, neutral_too):
    """Whether zone z holds a dam of company c (or a neutral dam if neutral_too)."""
    for j in range(2):
        d = T.zone_dams[z, j]
        if d >= 0:
            o = S[L.DAM_OWNER + d]
            if o == c or (neutral_too and o == ids.NEUTRAL):
                return True
    return False


@njit(cache=True, _nrt=False)
def zone_has_opponent_dam(S, T, z, c):
    """Whether zone z holds a dam of another company (neutral dams are nobody's)."""
    for j in range(2):
        d = T.zone_dams[z, j]
        if d >= 0:
            o = S[L.DAM_OWNER + d]
            if o >= 0 and o != ids.NEUTRAL and o != c:
                return True
    return False


@njit(cache=True, _nrt=False)
def owner_class(o, c, own_first):
    """Preference of an owner for dam_owner_X>Y>Z (3 best, 0 no structure): own>neutral>opponent or reversed."""
    if o == ids.NOBODY:
        return 0
    if o == ids.NEUTRAL:
        return 2
    if o == c:
        return 3 if own_first else 1
    return 1 if own_first else 3


@njit(cache=True, _nrt=False)
def strongest_linked(S, T, c, zone, to_zone):
    """AUTOMA-31 strongest_built_conduit: 2 x value (+1 if own) of the best built conduit starting in `zone`
    (dams) or ending in `to_zone` (powerhouses); 0 if none."""
    best = 0
    for k in range(T.n_conduits[0]):
        o = S[L.COND_OWNER + k]
        if o == ids.NOBODY:
            continue
        if (zone >= 0 and T.cond_zone[k] == zone) or (to_zone >= 0 and T.cond_end_zone[k] == to_zone):
            best = max(best, 2 * T.cond_value[k] + (1 if o == c else 0))
    return best


@njit(cache=True, _nrt=False)
def first_dam_downstream(S, T, node, target):
    """Walks the river from `node` (not entered) to the first built dam or `target`; returns that dam or -1."""
    nd = T.n_dams[0]
    while True:
        node = T.river_next[node]
        if node < 0:
            return -1
        if node < nd and (node == target or S[L.DAM_OWNER + node] != ids.NOBODY):
            return node


@njit(cache=True)
def drops_receivable(S, T, c, d, pref):
    """AUTOMA-31 most_drops_receivable: drops now on the headstreams that a simulated flow would bring to dam
    space d (other dams absorb up to their free capacity, headstreams in preference order), x 8, plus a tie
    break by the preference rank of the first headstream whose river reaches d."""
    nd = T.n_dams[0]
    spare = np.zeros(L.MAX_DAMS, dtype=np.int64)
    for x in range(nd):
        if S[L.DAM_OWNER + x] != ids.NOBODY:
            spare[x] = capacity(S, T, x) - S[L.DAM_DROPS + x]
    count = 0
    reach = 0
    for r in range(4):
        h = pref[r]
        if h < 0 or h >= T.n_head[0]:
            continue
        start = nd + T.n_zones[0] + h
        node = start
        while True:                                   # does h's river pass d at all?
            node = T.river_next[node]
            if node < 0:
                break
            if node == d:
                if reach == 0:
                    reach = 4 - r
                break
        for _ in range(S[L.HEAD_DROPS + h]):
            node = start
            while True:
                node = T.river_next[node]
                if node < 0:
                    break
                if node == d:
                    count += 1
                    break
                if node < nd and spare[node] > 0:
                    spare[node] -= 1
                    break
    return count * 8 + reach


@njit(cache=True)
def criterion_score(S, T, c, g, crit, arg, pref):
    """The score of space g for one AUTOMA-31 criterion (higher is preferred)."""
    nd = T.n_dams[0]
    nc = T.n_conduits[0]
    kind = space_kind(T, g)
    z = space_zone(T, g)
    if kind == KIND_DAM:
        if crit == ids.AC_STRONGEST:
            return strongest_linked(S, T, c, z, -1)
        if crit == ids.AC_LINKED_OWN_PH:
            for j in range(2):
                k = T.zone_conduits[z, j]
                if k >= 0 and own_ph_in_zone(S, T, c, T.cond_end_zone[k]):
                    return 1
            return 0
        if crit == ids.AC_FED_UPSTREAM:               # any company's powerhouse (BGA), AUTOMA-31
            for p in range(T.n_ph[0]):
                if S[L.PH_OWNER + p] != ids.NOBODY and first_dam_downstream(S, T, nd + T.ph_zone[p], g) == g:
                    return 1
            return 0
        if crit == ids.AC_RED:
            return T.dam_upper[g]
        if crit == ids.AC_LINKS_OWN_DAM_BASIN:
            own = False
            opp = False
            for j in range(2):
                k = T.zone_conduits[z, j]
                if k >= 0:
                    own = own or zone_has_dam_of(S, T, T.cond_end_zone[k], c, False)
                    opp = opp or zone_has_opponent_dam(S, T, T.cond_end_zone[k], c)
            return 2 if own else (0 if opp else 1)
        if crit == ids.AC_MOST_DROPS:
            return drops_receivable(S, T, c, g, pref)
        return 0
    if kind == KIND_CONDUIT:
        k = g - nd
        ez = T.cond_end_zone[k]
        if crit == ids.AC_HIGHEST or crit == ids.AC_SECOND_HIGHEST:
            return T.cond_value[k]
        if crit == ids.AC_DAM_OWN_FIRST or crit == ids.AC_DAM_OPP_FIRST:
            best = 0
            for j in range(2):
                d = T.zone_dams[z, j]
                if d >= 0:
                    best = max(best, owner_class(S[L.DAM_OWNER + d], c, crit == ids.AC_DAM_OWN_FIRST))
            return best
        if crit == ids.AC_PH_OWN_FIRST or crit == ids.AC_PH_OPP_FIRST:
            best = 0
            for j in range(4):
                p = T.zone_ph[ez, j]
                if p >= 0:
                    o = S[L.PH_OWNER + p]
                    if o != ids.NOBODY:
                        mine = (o == c) == (crit == ids.AC_PH_OWN_FIRST)
                        best = max(best, 2 if mine else 1)
            return best
        return 0
    # powerhouse
    if crit == ids.AC_STRONGEST:
        return strongest_linked(S, T, c, -1, z)
    if crit == ids.AC_FEEDS_OWN or crit == ids.AC_NOT_FEEDING_OPP:
        d = first_dam_downstream(S, T, nd + z, -1)
        o = S[L.DAM_OWNER + d] if d >= 0 else ids.NOBODY
        if o >= 0 and o != ids.NEUTRAL and o != c:
            return 0                                  # feeds an opponent dam
        if crit == ids.AC_FEEDS_OWN and o == c:
            return 2
        return 1
    if crit == ids.AC_LINKED_OWN_DAM:
        for k in range(nc):
            if T.cond_end_zone[k] == z and zone_has_dam_of(S, T, T.cond_zone[k], c, False):
                return 1
        return 0
    if crit == ids.AC_PLAINS:
        return 1 if T.zone_area[z] == ids.PLAIN else 0
    if crit == ids.AC_IN_ZONE:
        return 1 if z == arg else 0
    return 0


@njit(cache=True, _nrt=False)
def completes_system(S, T, c, g):
    """AUTOMA-30 step 1: building on g would complete a production system (own or neutral dam + built conduit
    of any owner + own powerhouse in the conduit's end zone)."""
    nd = T.n_dams[0]
    kind = space_kind(T, g)
    z = space_zone(T, g)
    if kind == KIND_DAM:
        for j in range(2):
            k = T.zone_conduits[z, j]
            if k >= 0 and S[L.COND_OWNER + k] != ids.NOBODY and own_ph_in_zone(S, T, c, T.cond_end_zone[k]):
                return True
        return False
    if kind == KIND_CONDUIT:
        return zone_has_dam_of(S, T, z, c, True) and own_ph_in_zone(S, T, c, T.cond_end_zone[g - nd])
    for k in range(T.n_conduits[0]):
        if (T.cond_end_zone[k] == z and S[L.COND_OWNER + k] != ids.NOBODY
                and zone_has_dam_of(S, T, T.cond_zone[k], c, True)):
            return True
    return False


@njit(cache=True, _nrt=False)
def _keep(cand, n, flags):
    """Keeps the candidates whose flag is set, if any; returns the new count."""
    m = 0
    for i in range(n):
        if flags[i]:
            m += 1
    if m == 0:
        return n
    m = 0
    for i in range(n):
        if flags[i]:
            cand[m] = cand[i]
            m += 1
    return m


@njit(cache=True, _nrt=False)
def _keep_score(cand, n, scores, target, flags):
    """Keeps the candidates scoring `target` (all if none does); returns the new count."""
    for i in range(n):
        flags[i] = scores[i] == target
    return _keep(cand, n, flags)


@njit(cache=True, _nrt=False)
def builds_with(S, T, c, g, struct, with_tile, t):
    """Whether the Automa's build on g would use tile t with its effects (AUTOMA-50/65; tile rules from level 3,
    AUTOMA-03)."""
    if not with_tile or automa_level(S, c) < 3 or not may_use(S, c, t):
        return False
    return best_tile(S, T, c, g, struct)[0] == t


@njit(cache=True, _nrt=False)
def prefers_upper_dam(S, T, c, g, struct, with_tile):
    """AUTOMA-51: a Base built with the L1 wild tile (no red-outline surcharge, ADV-L1-WILD-01) takes the
    red-outlined space of the chosen basin (AUTOMA-30 step 5 reversed)."""
    return struct == ids.BASE and builds_with(S, T, c, g, struct, with_tile, ids.T_L1_WILD)


@njit(cache=True)
def choose_space(S, T, c, struct, cand, n, card, with_tile):
    """AUTOMA-30: the space (from the n legal candidates in cand, reordered in place) on which the Automa builds
    `struct`, by the criteria side of `card`; `with_tile` for a construction (tile rules, AUTOMA-51), not for
    a reward's free structure."""
    nd = T.n_dams[0]
    flags = np.zeros(n, dtype=np.bool_)
    if n > 1 and struct != ids.ELEVATION:                                  # step 1
        for i in range(n):
            flags[i] = completes_system(S, T, c, cand[i])
        n = _keep(cand, n, flags)
    if struct == ids.POWERHOUSE:                                           # step 2: one space per zone
        nd_nc = nd + T.n_conduits[0]
        for i in range(n):
            z = T.ph_zone[cand[i] - nd_nc]
            best = -1
            for j in range(n):
                if T.ph_zone[cand[j] - nd_nc] == z and (
                        best < 0 or (T.ph_paying[cand[best] - nd_nc] == 1 and T.ph_paying[cand[j] - nd_nc] == 0)):
                    best = j
            flags[i] = best == i
        n = _keep(cand, n, flags)
    row = KIND_DAM if struct <= ids.ELEVATION else (KIND_CONDUIT if struct == ids.CONDUIT else KIND_PH)
    pref = T.automa_head[card]
    scores = np.zeros(n, dtype=np.int64)
    if struct == ids.BASE and n > 1:                                       # AUTOMA-60: Wilhelm's mountains;
        for i in range(n):                                                 # AUTOMA-71: Octavius' linked spaces
            scores[i] = dam_area_preference(S, T, c, cand[i]) + linked_to_own_powerhouse(S, T, c, cand[i])
        n = _keep_score(cand, n, scores, scores[:n].max(), flags)
    if struct == ids.CONDUIT and n > 1:                                    # AUTOMA-51: L2 conduit, value >= 3
        for i in range(n):
            flags[i] = (T.cond_value[cand[i] - nd] >= 3
                        and builds_with(S, T, c, cand[i], struct, with_tile, ids.T_L2_COND))
        n = _keep(cand, n, flags)
    for r in range(3):                                                     # step 3
        if n == 1:
            break
        crit = T.automa_crit[card, row, r]
        for i in range(n):
            scores[i] = criterion_score(S, T, c, cand[i], crit, T.automa_crit_arg[card, row, r], pref)
        target = scores[:n].max()
        if crit == ids.AC_SECOND_HIGHEST:                                  # second highest, else highest
            second = -1
            for i in range(n):
                if scores[i] < target and scores[i] > second:
                    second = scores[i]
            if second >= 0:
                target = second
        n = _keep_score(cand, n, scores, target, flags)
    # step 4: count forward from the start zone / start conduit (map numbering, wrapping); step 5: lower dam
    if row == KIND_CONDUIT:
        start = T.automa_start[card, 1]
        size = T.n_conduits[0]
    else:
        start = T.automa_start[card, 0 if row == KIND_DAM else 2]
        size = T.n_zones[0]
    best = -1
    best_key = 1 << 30
    for i in range(n):
        g = cand[i]
        pos = g - nd if row == KIND_CONDUIT else space_zone(T, g)
        key = ((pos - start) % size) * 2
        if row == KIND_DAM and n > 1:
            upper_first = prefers_upper_dam(S, T, c, g, struct, with_tile)
            key += 1 - T.dam_upper[g] if upper_first else T.dam_upper[g]
        if key < best_key:
            best_key = key
            best = g
    return best
