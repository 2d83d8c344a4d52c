"""The Colorado Connection (COLO-*): setup draws, bridges on the construction sites, productive settlements with
their crossing costs, the bridge and settlement tile effects, the Colorado contracts, external works and Heliport
(the last two with The Leeghwater Project), the End of Round return of Engineers.

Every tile effect is a reward row (sim.tables); the Colorado reward keys resolve here (TK_COLO_PART). Board reads
shared with construction and scoring live in sim.rules.colorado_board."""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.colorado_board import dam_takes_bridge, refresh_bridge_areas, zone_bridge
from sim.rules.company import add_credits, add_energy, add_vp, built, co
from sim.rules.construct import BUILD_ACTION, build_possible, free_place_ok
from sim.rules.contracts import displayed_count
from sim.rules.geology import conduit_value
from sim.rules.produce import list_productions
from sim.rules.rewards import give_reward
from sim.rules.rng import shuffle_local
from sim.rules.stack import push
from sim.rules.water import capacity, place_drop_directly

# TK_COLO_BRIDGE modes (a0); a1 = the site's area (BR_ACTION) or the dam (BR_ON_DAM)
BR_ACTION = 0     # COLO-BRIDGE-02: a tile from the site of area a1, on an own dam of that area
BR_FREE = 1       # COLO-CONTRACT-01: a tile from the site of the dam's area, any area
BR_ON_DAM = 2     # COLO-EXT-01: on the Base just placed (dam a1), a tile from its area's site
VS_COLORADO = ids.VS_TILES   # D-C1: bridge/settlement VP and crossing VP are booked as tile effects


# ----------------------------------------------------------------------------------------------------------
# setup (COLO-SETUP-04/05)
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True)
def setup_colorado(S, T):
    """COLO-SETUP-05 then COLO-SETUP-04: the 10 bridge tiles shuffled onto the sites 4/3/3 (in area order), then per
    type the 8 settlement tiles shuffled and dealt to that type's spaces in space order (the rest unseen). No draw
    without the expansion."""
    if T.colo_enabled[0] == 0:
        return
    tiles = np.arange(L.N_BRIDGE_TILES)
    shuffle_local(S, tiles, L.N_BRIDGE_TILES)
    k = 0
    for a in range(3):
        for _ in range(T.colo_site_tiles[a]):
            S[L.COLO_TILE_SITE + tiles[k]] = a
            S[L.COLO_TILE_DAM + tiles[k]] = -1
            k += 1
    for i in range(3 * L.MAX_PLAYERS):
        S[L.COLO_SITE_ENG + i] = 0
    pool = np.empty(ids.N_SETTLEMENT_TILES, dtype=np.int64)
    for ty in range(3):
        n = 0
        for e in range(T.n_stile_effects[0]):
            if T.stile_type[e] == ty:
                for _ in range(T.stile_copies[e]):
                    pool[n] = e
                    n += 1
        shuffle_local(S, pool, n)
        j = 0
        for s in range(L.N_SETTLE_SPACES):
            S[L.COLO_SETTLE_OCC + s] = ids.NOBODY
            if T.settle_type[s] == ty:
                S[L.COLO_SETTLE_TILE + s] = pool[j]
                j += 1
    S[L.COLO_LAST_BASE] = -1
    S[L.COLO_BRIDGED_ELEV] = 0
    refresh_bridges(S, T)


# ----------------------------------------------------------------------------------------------------------
# what a bonus needs to be performable (COLO-SETTLE-05, COLO-BRIDGE-05, DECISION-38)
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _own_dam_with_room(S, T, c):
    if built(S, T, c, ids.BASE) == 0:
        return False
    for d in range(T.n_dams[0]):
        if S[L.DAM_OWNER + d] == c and S[L.DAM_DROPS + d] < capacity(S, T, d):
            return True
    return False


@njit(cache=True, _nrt=False)
def _wheel_machinery(S, c):
    b = co(c)
    for seg in range(6):
        if S[b + L.C_WHEEL_EXC + seg] + S[b + L.C_WHEEL_MIX + seg] > 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def _free_conduit_exists(S, T, c, v):
    nd = T.n_dams[0]
    for k in range(T.n_conduits[0]):
        if S[L.COND_OWNER + k] == ids.NOBODY and free_place_ok(S, T, c, nd + k, ids.CONDUIT, v):
            return True
    return False


@njit(cache=True, _nrt=False)
def reward_performable(S, T, c, rid, credits, scratch, witness):
    """DECISION-38: a bonus whose production, construction, contract, drop, machinery or conduit part has no legal
    option cannot be chosen (the other parts are always performable); `credits` = what c holds when it applies;
    `witness`: a build legal in this state with other Credits (construct.build_possible), or -1."""
    r = T.rewards[rid]
    b = co(c)
    if r[ids.RK_PRODUCTION] > 0 and list_productions(S, T, c, 0, 0, -1, credits, scratch, 0, True) == 0:
        return False
    if (r[ids.RK_PRODUCTION_BONUS] > 0
            and list_productions(S, T, c, r[ids.RK_PRODUCTION_BONUS], 0, -1, credits, scratch, 0, True) == 0):
        return False
    if r[ids.RK_TAKE_CONTRACTS] > 0 and displayed_count(S) == 0:
        return False
    if r[ids.RK_CONSTRUCTION] > 0 and not build_possible(S, T, c, credits, S[b + L.C_ENG], scratch, witness):
        return False
    if r[ids.RK_DROP_EACH_DAM] > 0 and not _own_dam_with_room(S, T, c):
        return False
    if r[ids.RK_TAKE_BACK] > 0 and not _wheel_machinery(S, c):
        return False
    if r[ids.RK_FREE_CONDUIT] > 0 and not _free_conduit_exists(S, T, c, r[ids.RK_FREE_CONDUIT]):
        return False
    return True


@njit(cache=True, _nrt=False, inline="always")
def bridge_bonus_performable(S, T, c, t, credits, scratch):
    """Bridge tile t's bonus can be performed with `credits` (a bonus without a conditional part always can)."""
    return T.bridge_checked[t] == 0 or reward_performable(S, T, c, T.bridge_reward[t], credits, scratch, -1)


@njit(cache=True, _nrt=False, inline="always")
def settlement_bonus_performable(S, T, c, e, credits, scratch, witness):
    """The bonus of settlement tile effect e can be performed with `credits` (witness: see reward_performable)."""
    return T.stile_checked[e] == 0 or reward_performable(S, T, c, T.stile_reward[e], credits, scratch, witness)


# ----------------------------------------------------------------------------------------------------------
# bridges (COLO-BRIDGE-01..06)
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def bridge_cost(S, T, a):
    """COLO-BRIDGE-02: 1 Credit + 2 per bridge previously built from that site."""
    return T.colo_bridge_cost[0] + T.colo_bridge_cost[1] * S[L.COLO_SITE_BUILT + a]


@njit(cache=True, _nrt=False)
def list_bridges(S, T, c, mode, arg, credits, out, n, scratch, first_only):
    """Appends every (tile, dam) of a bridge build (move = tile * 64 + dam) whose bonus is performable."""
    asked = 0                     # tiles whose bonus was checked (bits), and those found performable: the bonus
    performable = 0               # is gained with the dam already bridged, which none of its checks depends on
    for d in range(T.n_dams[0]):
        if not dam_takes_bridge(S, T, c, d):
            continue
        a = T.zone_area[T.dam_zone[d]]
        if (mode == BR_ACTION and a != arg) or (mode == BR_ON_DAM and d != arg):
            continue
        for t in range(L.N_BRIDGE_TILES):
            if S[L.COLO_TILE_SITE + t] != a or S[L.COLO_TILE_DAM + t] >= 0:
                continue
            if (asked >> t) & 1 == 0:
                asked |= 1 << t
                if bridge_bonus_performable(S, T, c, t, credits, scratch):
                    performable |= 1 << t
            if (performable >> t) & 1 == 1:
                out[n] = t * 64 + d
                n += 1
                if first_only:
                    return n
    return n


@njit(cache=True, _nrt=False)
def site_open(S, T, c, a, eng, credits, scratch):
    """COLO-BRIDGE-05: the site still holds a tile whose bonus is performable, c has an eligible dam in that area
    (layout COLO_BRIDGE_AREAS), 1 Engineer and the Credits (COLO-BRIDGE-01: the site is never occupied). A tile's
    bonus does not depend on the dam it goes over, so any eligible dam with any such tile is a legal bridge."""
    cost = bridge_cost(S, T, a)
    if ((S[L.COLO_BRIDGE_AREAS + c] >> a) & 1 == 0 or eng < 1 or credits < cost
            or S[L.COLO_SITE_BUILT + a] == T.colo_site_tiles[a]):
        return False
    for t in range(L.N_BRIDGE_TILES):
        if (S[L.COLO_TILE_SITE + t] == a and S[L.COLO_TILE_DAM + t] < 0
                and bridge_bonus_performable(S, T, c, t, credits - cost, scratch)):
            return True
    return False


@njit(cache=True, _nrt=False)
def build_bridge(S, T, c, t, d):
    """COLO-BRIDGE-02: the tile goes over dam d and its bonus is gained at once."""
    S[L.COLO_TILE_DAM + t] = d
    refresh_bridges(S, T)
    give_reward(S, T, c, T.bridge_reward[t], VS_COLORADO)


@njit(cache=True, _nrt=False)
def refresh_bridges(S, T):
    """Recomputes the state derived from the bridges (layout: COLO_DAM_BRIDGE, COLO_BRIDGED_ZONES, COLO_SITE_BUILT,
    COLO_CROSS_COST, COLO_BRIDGE_AREAS): the rules read them at every main decision, a bridge is built a few times a
    game. A bridged dam keeps its owner, so only a Base changes them otherwise (COLO_BRIDGE_AREAS: note_base)."""
    bridged = 0
    for a in range(3):
        S[L.COLO_SITE_BUILT + a] = 0
    for d in range(L.MAX_DAMS):
        S[L.COLO_DAM_BRIDGE + d] = -1
    for t in range(L.N_BRIDGE_TILES):
        d = S[L.COLO_TILE_DAM + t]
        if d >= 0:
            S[L.COLO_DAM_BRIDGE + d] = t
            bridged |= 1 << T.dam_zone[d]
            S[L.COLO_SITE_BUILT + S[L.COLO_TILE_SITE + t]] += 1
    S[L.COLO_BRIDGED_ZONES] = bridged
    for c in range(L.MAX_PLAYERS):
        own = 0                               # zones whose bridge stands on a dam of company c
        for t in range(L.N_BRIDGE_TILES):
            d = S[L.COLO_TILE_DAM + t]
            if d >= 0 and S[L.DAM_OWNER + d] == c:
                own |= 1 << T.dam_zone[d]
        for s in range(L.N_SETTLE_SPACES):
            S[L.COLO_CROSS_COST + c * L.N_SETTLE_SPACES + s] = _crossing_cost(T, s, bridged, own)
    refresh_bridge_areas(S, T)


# ----------------------------------------------------------------------------------------------------------
# productive settlements (COLO-SETTLE-01..05)
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _crossing_cost(T, s, bridged, own):
    """COLO-SETTLE-02/03 from the masks of the zones holding a bridge and of those whose bridge is the company's."""
    cost = 0
    for i in range(T.settle_n_cross[s]):
        bit = 1 << T.settle_cross[s, i]
        if bridged & bit == 0:
            cost += T.colo_cross_free[0]
        elif own & bit == 0:
            cost += T.colo_cross_owner[i]
    return cost


@njit(cache=True, _nrt=False, inline="always")
def crossing_cost(S, T, c, s):
    """COLO-SETTLE-02/03: Credits company c pays to reach settlement space s (all of them, to anyone)."""
    return S[L.COLO_CROSS_COST + c * L.N_SETTLE_SPACES + s]


@njit(cache=True, _nrt=False)
def pay_crossing(S, T, c, s):
    """COLO-SETTLE-03: 3 Credits per unbridged basin to the supply, nothing over an own bridge, i Credits to the
    owner of a bridge in the i-th basin crossed, who also scores 1 VP."""
    for i in range(T.settle_n_cross[s]):
        d = zone_bridge(S, T, T.settle_cross[s, i])
        if d < 0:
            add_credits(S, c, -T.colo_cross_free[0], VS_COLORADO)
        elif S[L.DAM_OWNER + d] != c:
            o = S[L.DAM_OWNER + d]
            add_credits(S, c, -T.colo_cross_owner[i], VS_COLORADO)
            add_credits(S, o, T.colo_cross_owner[i], VS_COLORADO)
            add_vp(S, o, T.colo_cross_vp[0], VS_COLORADO)


@njit(cache=True, _nrt=False, inline="always")
def settlement_open(S, T, c, s, eng, credits, scratch, witness):
    """COLO-SETTLE-05: the space is free and c has its Engineers, the whole crossing cost, and the tile's bonus is
    performable with the Credits left (witness: see reward_performable)."""
    if S[L.COLO_SETTLE_OCC + s] != ids.NOBODY or eng < T.settle_eng[s]:
        return False
    left = credits - crossing_cost(S, T, c, s)
    return left >= 0 and settlement_bonus_performable(S, T, c, S[L.COLO_SETTLE_TILE + s], left, scratch, witness)


@njit(cache=True, _nrt=False)
def activate_settlement(S, T, c, s):
    """COLO-SETTLE-04: (the Engineers are placed by the caller) crossing costs paid, then the tile's bonus."""
    S[L.COLO_SETTLE_OCC + s] = c
    pay_crossing(S, T, c, s)
    give_reward(S, T, c, T.stile_reward[S[L.COLO_SETTLE_TILE + s]], VS_COLORADO)


# ----------------------------------------------------------------------------------------------------------
# the actions of a turn
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def list_colorado_main_moves(S, T, c, eng, credits, out, n, scratch, witness):
    """COLO-BRIDGE-01/05, COLO-SETTLE-01/05: the construction sites and settlement spaces c may use now (witness: a
    build the construction action found, or -1: see reward_performable)."""
    if eng < 1:                     # every site and space takes 1 or 2 Engineers (COLO-BRIDGE-02, COLO-SETTLE-01)
        return n
    for a in range(3):
        if site_open(S, T, c, a, eng, credits, scratch):
            out[n] = ids.MV_COLO_SITE + a
            n += 1
    for s in range(L.N_SETTLE_SPACES):
        if settlement_open(S, T, c, s, eng, credits, scratch, witness):
            out[n] = ids.MV_COLO_SETTLE + s
            n += 1
    return n


@njit(cache=True, _nrt=False)
def colorado_move_engineers(T, move):
    """Engineers a Colorado main move places."""
    if move < ids.MV_COLO_SETTLE:
        return 1
    return T.settle_eng[move - ids.MV_COLO_SETTLE]


@njit(cache=True, _nrt=False)
def apply_colorado_main_move(S, T, c, move):
    """Resolves a construction site (COLO-BRIDGE-02: Engineer, cost, then the tile and dam as a decision) or a
    settlement (COLO-SETTLE-04). The caller has placed the Engineers (colorado_move_engineers)."""
    if move < ids.MV_COLO_SETTLE:
        a = move - ids.MV_COLO_SITE
        S[L.COLO_SITE_ENG + a * L.MAX_PLAYERS + c] += 1
        add_credits(S, c, -bridge_cost(S, T, a), VS_COLORADO)
        push(S, ids.TK_COLO_BRIDGE, c, BR_ACTION, a)
    else:
        activate_settlement(S, T, c, move - ids.MV_COLO_SETTLE)


@njit(cache=True, _nrt=False)
def colorado_engineers_placed(S, T, c):
    """Engineers company c has on construction sites and settlement spaces."""
    if T.colo_enabled[0] == 0:
        return 0
    n = 0
    for a in range(3):
        n += S[L.COLO_SITE_ENG + a * L.MAX_PLAYERS + c]
    for s in range(L.N_SETTLE_SPACES):
        if S[L.COLO_SETTLE_OCC + s] == c:
            n += T.settle_eng[s]
    return n


@njit(cache=True, _nrt=False)
def colorado_end_of_round(S, T):
    """EOR-02: Engineers home from the sites and settlement spaces; the spaces are free again."""
    if T.colo_enabled[0] == 0:
        return
    for c in range(T.n_players[0]):
        S[co(c) + L.C_ENG] += colorado_engineers_placed(S, T, c)
    for i in range(3 * L.MAX_PLAYERS):
        S[L.COLO_SITE_ENG + i] = 0
    for s in range(L.N_SETTLE_SPACES):
        S[L.COLO_SETTLE_OCC + s] = ids.NOBODY


# ----------------------------------------------------------------------------------------------------------
# Colorado reward parts (COLO-BTILE-01, COLO-STILE-*, COLO-CONTRACT-*, COLO-EXT-*, REWARD-13/14)
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def own_conduit_values(S, T, c):
    """COLO-STILE-B-01, EX-24: the sum of the production values of c's built conduits (GEO-CONDUIT-EM-02 +1)."""
    v = 0
    for k in range(T.n_conduits[0]):
        if S[L.COND_OWNER + k] == c:
            v += conduit_value(S, T, k)
    return v


@njit(cache=True, _nrt=False)
def resolve_part(S, T, c, key, amount):
    """Performs one Colorado reward part for company c (decisions are pushed as tasks)."""
    b = co(c)
    if key == ids.RK_TAKE_CONTRACTS:                    # REWARD-13: hand limit applies (CONTRACT-04)
        push(S, ids.TK_CHECK_HAND, c)
        push(S, ids.TK_TAKE_CONTRACT, c, amount)
    elif key == ids.RK_PRODUCTION:                      # REWARD-14: modifier 0, full production
        push(S, ids.TK_PRODUCE, c, 0, 0, -1)
    elif key == ids.RK_PRODUCTION_BONUS:                # COLO-STILE-C-01: modifier +3
        push(S, ids.TK_PRODUCE, c, amount, 0, -1)
    elif key == ids.RK_TAKE_BACK:                       # COLO-STILE-A-01: segment by segment
        push(S, ids.TK_COLO_SEGMENT, c, 0)
    elif key == ids.RK_CONSTRUCTION:                    # COLO-STILE-B-01, DECISION-38: CONSTRUCT-04 minus the space
        push(S, ids.TK_BUILD, c, BUILD_ACTION, 0)
    elif key == ids.RK_DROP_EACH_DAM:                   # COLO-STILE-B-01, WATER-13
        for _ in range(amount):
            for d in range(T.n_dams[0]):
                if S[L.DAM_OWNER + d] == c:
                    place_drop_directly(S, T, d)
    elif key == ids.RK_ENERGY_CONDUITS:                 # COLO-STILE-B-01: plain energy
        for _ in range(amount):
            add_energy(S, c, own_conduit_values(S, T, c))
    elif key == ids.RK_VP_PER_2_CREDITS:                # COLO-STILE-C-01: Credits kept
        for _ in range(amount):
            add_vp(S, c, S[b + L.C_CREDITS] // 2, VS_COLORADO)
    elif key == ids.RK_FREE_BRIDGE:                     # COLO-CONTRACT-01
        for _ in range(amount):
            push(S, ids.TK_COLO_BRIDGE, c, BR_FREE, 0)
    elif key == ids.RK_FREE_BRIDGE_ON_BASE:             # COLO-EXT-01: the Base (areas: amount), then its bridge
        S[L.COLO_LAST_BASE] = -1
        push(S, ids.TK_COLO_BRIDGE, c, BR_ON_DAM, -1)
        push(S, ids.TK_FREE_PLACE, c, ids.BASE, amount, 1)
    elif key == ids.RK_OWN_BRIDGE_EFFECTS:              # COLO-CONTRACT-02: up to `amount` different tiles
        push(S, ids.TK_COLO_OWN_BRIDGES, c, amount, 0)
    elif key == ids.RK_SETTLEMENT_BONUS:                # COLO-CONTRACT-03, COLO-EXT-02: type = amount - 1
        push(S, ids.TK_COLO_SETTLE_TILE, c, amount - 1)
    elif key == ids.RK_FREE_ELEV_BRIDGED:               # COLO-EXT-03: the Elevation may go on a bridged dam
        S[L.COLO_BRIDGED_ELEV] = 1
        push(S, ids.TK_COLO_END_BRIDGED_ELEV, c)
        push(S, ids.TK_FREE_PLACE, c, ids.ELEVATION, 0, amount)


# ----------------------------------------------------------------------------------------------------------
# Colorado decisions
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def list_colorado_choice(S, T, kind, c, a0, a1, out, scratch):
    """Legal moves of a Colorado decision task."""
    b = co(c)
    credits = S[b + L.C_CREDITS]
    n = 0
    if kind == ids.TK_COLO_BRIDGE:
        arg = S[L.COLO_LAST_BASE] if a0 == BR_ON_DAM else a1
        if a0 == BR_ON_DAM and (arg < 0 or S[L.DAM_OWNER + arg] != c):
            return 0                                     # DECISION-40: the bridge only if the Base was placed
        return list_bridges(S, T, c, a0, arg, credits, out, 0, scratch, False)
    if kind == ids.TK_COLO_SETTLE_TILE:                  # DECISION-39: any tile of the type, occupied or not
        for s in range(L.N_SETTLE_SPACES):
            if T.settle_type[s] == a0 and settlement_bonus_performable(S, T, c, S[L.COLO_SETTLE_TILE + s], credits,
                                                                       scratch, -1):
                out[n] = s
                n += 1
        return n
    if kind == ids.TK_COLO_OWN_BRIDGES:                  # "up to": declining is allowed
        for t in range(L.N_BRIDGE_TILES):
            d = S[L.COLO_TILE_DAM + t]
            if (S[L.COLO_TILE_SITE + t] >= 0 and d >= 0 and S[L.DAM_OWNER + d] == c and (a1 >> t) & 1 == 0
                    and bridge_bonus_performable(S, T, c, t, credits, scratch)):
                out[n] = t
                n += 1
        out[n] = ids.MV_NONE
        return n + 1
    if kind == ids.TK_COLO_SEGMENT:                      # the first segment from a0 holding machinery
        for seg in range(a0, 6):
            ex = S[b + L.C_WHEEL_EXC + seg]
            mx = S[b + L.C_WHEEL_MIX + seg]
            if ex + mx > 0:
                if ex > 0:
                    out[n] = seg * 2
                    n += 1
                if mx > 0:
                    out[n] = seg * 2 + 1
                    n += 1
                return n
    return n


@njit(cache=True, _nrt=False)
def apply_colorado_choice(S, T, kind, c, a0, a1, move):
    """Applies a move of a Colorado decision task."""
    b = co(c)
    if kind == ids.TK_COLO_BRIDGE:
        build_bridge(S, T, c, move // 64, move % 64)
    elif kind == ids.TK_COLO_SETTLE_TILE:
        give_reward(S, T, c, T.stile_reward[S[L.COLO_SETTLE_TILE + move]], VS_COLORADO)
    elif kind == ids.TK_COLO_OWN_BRIDGES:
        if move != ids.MV_NONE:
            if a0 > 1:
                push(S, ids.TK_COLO_OWN_BRIDGES, c, a0 - 1, a1 | (1 << move))
            give_reward(S, T, c, T.bridge_reward[move], VS_COLORADO)   # the bridge stays
    elif kind == ids.TK_COLO_SEGMENT:
        seg = move // 2
        if move % 2 == 0:
            S[b + L.C_WHEEL_EXC + seg] -= 1
            S[b + L.C_EXC] += 1
        else:
            S[b + L.C_WHEEL_MIX + seg] -= 1
            S[b + L.C_MIX] += 1
        if seg < 5:
            push(S, ids.TK_COLO_SEGMENT, c, seg + 1)


# ----------------------------------------------------------------------------------------------------------
# Heliport (COLO-HELI-01, a private building with The Leeghwater Project)
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def heliport_possible(S, T, c, credits, scratch):
    """COLO-HELI-01, LWP-BUILD-07: 2 Credits and a type-C tile whose bonus is performable with the rest."""
    if credits < T.heliport_credits[0]:
        return False
    for s in range(L.N_SETTLE_SPACES):
        if T.settle_type[s] == 2 and settlement_bonus_performable(S, T, c, S[L.COLO_SETTLE_TILE + s],
                                                                  credits - T.heliport_credits[0], scratch, -1):
            return True
    return False


@njit(cache=True, _nrt=False)
def heliport_action(S, T, c):
    """COLO-HELI-01: pay 2 Credits, then the bonus of one type-C settlement tile of choice (no crossing costs)."""
    add_credits(S, c, -T.heliport_credits[0], ids.VS_BUILDINGS)
    push(S, ids.TK_COLO_SETTLE_TILE, c, 2)
