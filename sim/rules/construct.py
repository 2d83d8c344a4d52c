"""Construction (CONSTRUCT-01..23): placement limits, costs with modifiers, payments, placing pieces,
incomes revealed (INCOME-04..06) and technology-tile effects (ADV-*)."""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import (
    add_credits,
    add_energy,
    add_vp,
    advanced_tiles_owned,
    built,
    co,
    company_of,
    gets_incomes,
    officer,
    take_engineers,
)
from sim.rules.colorado_board import elevation_blocked, note_base
from sim.rules.duel import is_blocked
from sim.rules.geology import after_building, conduit_value, token
from sim.rules.lwp_buildings import activate_building, building_of, building_placeable, is_building_target
from sim.rules.rewards import give_reward
from sim.rules.stack import push
from sim.rules.water import place_drop_directly
from sim.rules.wheel import put_excamixers_on_wheel, put_on_wheel, rotate_step

# Tile modes of a build choice: which physical tile goes to the wheel.
TILE_ITSELF = 0       # the tile itself
TILE_ANTON = 1        # Anton's special tile, copying a tile on his wheel (OFFICER-ANTON-01)
TILE_NONE = 2         # Mahiri copying Anton: a wheel tile used in place (OFFICER-MAHIRI-03)
TILE_FREE = 3         # a free placement (CONSTRUCT-21): no tile, no rotation, only geological costs

# TK_BUILD modes
BUILD_ACTION = 0      # construction action on a company-board space
BUILD_FREE_TILE = 1   # engineer-free tile action (TECH-06)


@njit(cache=True, _nrt=False)
def space_kind(T, g):
    """Structure family of map space g: 0 dam, 1 conduit, 2 powerhouse."""
    nd = T.n_dams[0]
    if g < nd:
        return 0
    if g < nd + T.n_conduits[0]:
        return 1
    return 2


@njit(cache=True, _nrt=False)
def space_zone(T, g):
    """Zone of map space g (a conduit lies in the zone where it starts)."""
    nd = T.n_dams[0]
    nc = T.n_conduits[0]
    if g < nd:
        return T.dam_zone[g]
    if g < nd + nc:
        return T.cond_zone[g - nd]
    return T.ph_zone[g - nd - nc]


@njit(cache=True, _nrt=False)
def n_map_spaces(T):
    """Number of building spaces on the map."""
    return T.n_dams[0] + T.n_conduits[0] + T.n_ph[0]


@njit(cache=True, _nrt=False, inline="always")   # asked per map space per tile when listing builds
def placeable(S, T, c, g):
    """The structure company c could place on map space g (CONSTRUCT-07, -13..16) or building target g
    (LWP-BUILD-01..03), or -1."""
    if is_building_target(g):
        return building_placeable(S, T, c, g)
    b = co(c)
    nd = T.n_dams[0]
    nc = T.n_conduits[0]
    if T.duel_map[0] == 1 and is_blocked(S, g):                  # DUEL-PREP-05
        return -1
    if g < nd:
        owner = S[L.DAM_OWNER + g]
        if owner == ids.NOBODY:
            if S[b + L.C_PIECES + ids.BASE] == 0:
                return -1
            z = T.dam_zone[g]
            for j in range(2):
                d2 = T.zone_dams[z, j]
                if d2 >= 0 and S[L.DAM_OWNER + d2] == c:
                    return -1
            return ids.BASE
        if (owner == c and S[L.DAM_LEVEL + g] < 3 and S[b + L.C_PIECES + ids.ELEVATION] > 0
                and not elevation_blocked(S, T, g)):                    # COLO-BRIDGE-04
            return ids.ELEVATION
        return -1
    if g < nd + nc:
        if S[L.COND_OWNER + g - nd] == ids.NOBODY and S[b + L.C_PIECES + ids.CONDUIT] > 0:
            return ids.CONDUIT
        return -1
    p = g - nd - nc
    if S[L.PH_OWNER + p] != ids.NOBODY or S[b + L.C_PIECES + ids.POWERHOUSE] == 0:
        return -1
    z = T.ph_zone[p]
    for j in range(4):
        q = T.zone_ph[z, j]
        if q >= 0 and S[L.PH_OWNER + q] == c:
            return -1
    return ids.POWERHOUSE


@njit(cache=True, _nrt=False)
def geo_cost(S, T, g, struct):
    """The geological token of g's basin if it charges this structure (GEO-07), else -1 (never for a building,
    LWP-BUILD-04)."""
    if is_building_target(g):
        return -1
    tok = token(S, space_zone(T, g))
    if tok >= 0 and T.geo_struct[tok] == struct:
        return tok
    return -1


@njit(cache=True, _nrt=False)
def red_surcharge(T, g, struct, behav):
    """3 Credits for a Base or Powerhouse on a red-outlined space (CONSTRUCT-08/11; ADV-L1-WILD-01 waives it);
    a building's construction slot 3 or 4 costs 3 Credits (CONSTRUCT-12, LWP-BUILD-03)."""
    if is_building_target(g):
        return T.bld_slot_cr[building_of(g)[1]]
    nd = T.n_dams[0]
    if behav != ids.T_L1_WILD:
        if struct == ids.BASE and T.dam_upper[g] == 1:
            return T.red_surcharge[0]
        if struct == ids.POWERHOUSE and T.ph_paying[g - nd - T.n_conduits[0]] == 1:
            return T.red_surcharge[0]
    return 0


@njit(cache=True, _nrt=False)
def red_credits(S, T, g, struct, behav):
    """Credits due for the building space: the red-outline surcharge plus a geological Credit cost
    (GEO-BASE-CR-01, GEO-ELEV-CR-01, never waived)."""
    due = red_surcharge(T, g, struct, behav)
    tok = geo_cost(S, T, g, struct)
    if tok >= 0:
        due += T.geo_credits[tok]
    return due


@njit(cache=True, _nrt=False)
def geo_engineers(S, T, g, struct):
    """Extra Engineers a geological token asks for building here (GEO-CONDUIT-ENG-01, GEO-09)."""
    if is_building_target(g):
        return 0
    tok = geo_cost(S, T, g, struct)
    return T.geo_eng[tok] if tok >= 0 else 0


@njit(cache=True, _nrt=False)
def printed_machinery(S, T, c, g, struct, behav, value):
    """CONSTRUCT-08..12 with the tile and officer modifiers of CONSTRUCT-19 (a conduit of production `value`):
    (excavators, mixers, an all-Mixer alternative or -1: Jill's conduit, or the L2 Building's Mixers-only)."""
    off = officer(S, c)
    e = 0
    m = 0
    jill = -1
    if struct == ids.BUILDING:                    # CONSTRUCT-12: the building's printed machineries
        bid = building_of(g)[0]
        e = T.bld_exc[bid]
        m = T.bld_mix[bid]
        if behav == ids.T_L2_BUILDING:            # ADV-L2-BUILDING-01: only one of the two types, by choice:
            jill = m                              # the all-Mixer alternative slot carries the Mixers-only option
            m = 0
    elif struct == ids.BASE:
        e = T.base_cost[T.zone_area[T.dam_zone[g]]]
        if off == ids.WILHELM:                    # OFFICER-WILHELM-01
            e = T.ability[ids.AV_WILHELM_BASE_EXCAVATORS]
        if behav == ids.T_L3_BASE:                # ADV-L3-BASE-01
            e = 0
    elif struct == ids.ELEVATION:
        m = T.elev_cost[T.zone_area[T.dam_zone[g]]]
    elif struct == ids.CONDUIT:
        e = 2 * value
        if behav == ids.T_L2_COND:                # ADV-L2-CONDUIT-01
            e = min(5, e)
        if off == ids.JILL:                       # OFFICER-JILL-01 (GEO-CONDUIT-EM-04: value + 1)
            jill = value * T.ability[ids.AV_JILL_MIXERS_PER_VALUE]
    else:
        m = T.ph_cost[built(S, T, c, ids.POWERHOUSE)]
    return e, m, jill


@njit(cache=True, _nrt=False)
def machinery_need(S, T, c, g, struct, behav, free):
    """CONSTRUCT-08..11 with the modifiers of CONSTRUCT-19 and the geological costs (GEO-07): returns
    (excavators, mixers, Jill's all-Mixer alternative or -1). A free placement pays only geological costs."""
    nd = T.n_dams[0]
    off = officer(S, c)
    e = 0
    m = 0
    jill = -1
    if struct == ids.BUILDING:                        # LWP-BUILD-04: no geological token
        return printed_machinery(S, T, c, g, struct, behav, 0)
    if not free:
        value = conduit_value(S, T, g - nd) if struct == ids.CONDUIT else 0
        e, m, jill = printed_machinery(S, T, c, g, struct, behav, value)
    tok = geo_cost(S, T, g, struct)
    if tok >= 0:
        if T.geo_pairs[tok] > 0:                      # GEO-CONDUIT-EM-01: pairs replace the usual cost
            v = conduit_value(S, T, g - nd)
            e = v
            m = v
            if off == ids.JILL:                       # GEO-CONDUIT-EM-04, OFFICER-JILL-01
                jill = v * T.ability[ids.AV_JILL_MIXERS_PER_VALUE]
        else:
            e += T.geo_exc[tok]
            m += T.geo_mix[tok]
    return e, m, jill


@njit(cache=True, _nrt=False)
def machinery_alternative(e, m, jill, alt):
    """Alternative `alt` of paying a build's machinery: 0 = the printed (e, m), 1 = Jill McDowell's conduit in
    Mixers (OFFICER-JILL-01) when she has one (jill >= 0); returns (excavators, mixers, exists)."""
    if alt == 0:
        return e, m, True
    if jill >= 0:
        return 0, jill, True
    return 0, 0, False


@njit(cache=True, _nrt=False)
def solomon_credits(T, s):
    """OFFICER-SOLOMON-01: the Credits that replace s machineries."""
    return T.ability[ids.AV_SOLOMON_CREDITS] * s


@njit(cache=True, _nrt=False)
def _affordable(S, T, c, e, m, x, s, red, credits):
    b = co(c)
    return (e <= S[b + L.C_EXC] and m <= S[b + L.C_MIX] and x <= S[b + L.C_EXCAMIXERS]
            and solomon_credits(T, s) + red <= credits)


@njit(cache=True, _nrt=False)
def _add_unique(out, n0, n, payload):
    for i in range(n0, n):
        if out[i] == payload:
            return n
    out[n] = payload
    return n + 1


EXCAMIXER_UNIT = 32768   # payment payload: Excamixers spent (OFFICER-ELON-01) x 32768


@njit(cache=True, _nrt=False)
def encode_payment(e, m, s, x):
    """Move payload of a payment: excavators, mixers, machineries replaced by 3 Credits (Solomon) and Excamixers
    spent as either type (Elon)."""
    return e + 32 * m + 1024 * s + EXCAMIXER_UNIT * x


@njit(cache=True, _nrt=False)
def decode_payment(p):
    """(excavators, mixers, replaced) of a payment move (its Excamixers: payment_excamixers)."""
    return p % 32, (p // 32) % 32, (p // 1024) % 32


@njit(cache=True, _nrt=False)
def payment_excamixers(p):
    """Excamixers a payment move spends (OFFICER-ELON-01)."""
    return p // EXCAMIXER_UNIT


@njit(cache=True, _nrt=False)
def list_payments(S, T, c, g, struct, behav, free, credits, out, n):
    """Appends every affordable way to pay a build (CONSTRUCT-18/19, ADV-L2-WILD-01, OFFICER-SOLOMON-01); Elon's
    Excamixers may stand for any missing machinery (OFFICER-ELON-01)."""
    n0 = n
    red = red_credits(S, T, g, struct, behav)
    e0, m0, jill = machinery_need(S, T, c, g, struct, behav, free)
    solomon = officer(S, c) == ids.SOLOMON
    wild = behav == ids.T_L2_WILD
    xm = S[co(c) + L.C_EXCAMIXERS]
    for alt in range(2):
        E, M, ok = machinery_alternative(e0, m0, jill, alt)
        if not ok:
            break
        if wild:
            tot = E + M
            smax = tot if solomon else 0
            for s in range(smax + 1):
                for x in range(min(xm, tot - s) + 1):
                    for e in range(tot - s - x + 1):
                        m = tot - s - x - e
                        if _affordable(S, T, c, e, m, x, s, red, credits):
                            n = _add_unique(out, n0, n, encode_payment(e, m, s, x))
        else:
            elo = 0 if solomon or xm > 0 else E
            mlo = 0 if solomon or xm > 0 else M
            for e in range(elo, E + 1):
                for m in range(mlo, M + 1):
                    short = E - e + M - m
                    for x in range(min(xm, short) + 1):
                        s = short - x
                        if (s == 0 or solomon) and _affordable(S, T, c, e, m, x, s, red, credits):
                            n = _add_unique(out, n0, n, encode_payment(e, m, s, x))
    return n


@njit(cache=True, _nrt=False)
def payment_exists(S, T, c, g, struct, behav, free, credits, engineers):
    """Whether list_payments would find at least one option (closed form, no buffer), and the Engineers a
    geological token asks for are available (GEO-09)."""
    b = co(c)
    if geo_engineers(S, T, g, struct) > engineers:
        return False
    exc = S[b + L.C_EXC]
    mix = S[b + L.C_MIX]
    xm = S[b + L.C_EXCAMIXERS]
    red = red_credits(S, T, g, struct, behav)
    e0, m0, jill = machinery_need(S, T, c, g, struct, behav, free)
    solomon = officer(S, c) == ids.SOLOMON
    wild = behav == ids.T_L2_WILD
    for alt in range(2):
        E, M, ok = machinery_alternative(e0, m0, jill, alt)
        if not ok:
            break
        if wild:
            short = max(0, E + M - exc - mix - xm)
        else:
            short = max(0, max(0, E - exc) + max(0, M - mix) - xm)      # OFFICER-ELON-01
        if short == 0 and red <= credits:
            return True
        if solomon and solomon_credits(T, short) + red <= credits:
            return True
    return False


@njit(cache=True, _nrt=False)
def tile_builds(T, behav, struct):
    """TECH-03: a tile builds its printed type; a wild tile builds any."""
    ts = T.tile_struct[behav]
    return ts == struct or ts == ids.WILD


@njit(cache=True, _nrt=False)
def tile_spaces(T, behav):
    """The map spaces [lo, hi) where tile `behav` could build (TECH-03): dams for a Base or Elevation tile,
    conduits, powerhouses, all for a wild tile, none for a Building tile. placeable() returns a Base or an
    Elevation only on a dam space, a Conduit only on a conduit space, a Powerhouse only on a powerhouse space, so
    list_builds skips the other spaces without asking it (the same builds, in the same order)."""
    nd = T.n_dams[0]
    nc = T.n_conduits[0]
    ts = T.tile_struct[behav]
    if ts == ids.BASE or ts == ids.ELEVATION:
        return 0, nd
    if ts == ids.CONDUIT:
        return nd, nd + nc
    if ts == ids.POWERHOUSE:
        return nd + nc, n_map_spaces(T)
    if ts == ids.WILD:
        return 0, n_map_spaces(T)
    return 0, 0


@njit(cache=True, _nrt=False)
def encode_build(g, tmode, behav):
    """Move payload of a build choice."""
    return g * 128 + tmode * 32 + behav


@njit(cache=True, _nrt=False)
def decode_build(m):
    """(space, tile mode, behaviour tile) of a build move."""
    return m // 128, (m // 32) % 4, m % 32


@njit(cache=True, _nrt=False)
def tile_mode(S, c, t):
    """How company c could use tile t now: TILE_ITSELF, TILE_ANTON, TILE_NONE, or -1 (CONSTRUCT-06)."""
    b = co(c)
    loc = S[b + L.C_TILE_LOC + t]
    if loc == ids.TILE_NOT_OWNED or t == ids.T_ANTON:
        return -1
    if loc == ids.TILE_IN_SUPPLY:
        return TILE_ITSELF
    if officer(S, c) == ids.ANTON:
        real = S[b + L.C_OFFICER]
        if real == ids.ANTON and S[b + L.C_TILE_LOC + ids.T_ANTON] == ids.TILE_IN_SUPPLY:
            return TILE_ANTON             # OFFICER-ANTON-01: the special tile copies a wheel tile
        if real == ids.MAHIRI:
            return TILE_NONE              # OFFICER-MAHIRI-03
    return -1


@njit(cache=True, _nrt=False)
def list_builds(S, T, c, mode, forced, credits, engineers, out, n, first_only):
    """Appends every legal (space, tile) build of company c (CONSTRUCT-04 step 2, CONSTRUCT-06, TECH-06), building
    slots included (LWP-BUILD-01)."""
    last = ids.N_TILES if T.lwp_enabled[0] == 1 else ids.T_ANTON        # the building tiles exist only with LWP
    for t in range(last):
        if t == ids.T_ANTON or t == ids.T_LESLIE or (mode == BUILD_FREE_TILE and t != forced):
            continue
        tmode = tile_mode(S, c, t)
        if tmode < 0:
            continue
        if T.lwp_enabled[0] == 1 and tile_builds(T, t, ids.BUILDING) and mode == BUILD_ACTION:
            for pos in range(L.BUILDINGS_DRAWN):
                bid = S[L.LWP_BUILDING + pos]
                if bid < 0:
                    continue
                for slot in range(4):
                    g = ids.BUILD_TARGET + bid * 4 + slot
                    if building_placeable(S, T, c, g) < 0:
                        continue
                    if not payment_exists(S, T, c, g, ids.BUILDING, t, False, credits, engineers):
                        continue
                    out[n] = encode_build(g, tmode, t)
                    n += 1
                    if first_only:
                        return n
        lo, hi = tile_spaces(T, t)
        for g in range(lo, hi):
            struct = placeable(S, T, c, g)
            if struct < 0 or not tile_builds(T, t, struct):
                continue
            if not payment_exists(S, T, c, g, struct, t, False, credits, engineers):
                continue
            out[n] = encode_build(g, tmode, t)
            n += 1
            if first_only:
                return n
    return n


@njit(cache=True, _nrt=False)
def build_possible(S, T, c, credits, engineers, scratch, witness):
    """A construction action has a legal build with these Credits and Engineers (list_builds, first_only).
    `witness`: a build move list_builds found in this same state with other Credits or Engineers, or -1; only its
    payment can differ, so it is re-checked first and the full search runs only when it fails."""
    if witness >= 0:
        g, _, behav = decode_build(witness)
        struct = ids.BUILDING if g >= ids.BUILD_TARGET else placeable(S, T, c, g)
        if payment_exists(S, T, c, g, struct, behav, False, credits, engineers):
            return True
    return list_builds(S, T, c, BUILD_ACTION, 0, credits, engineers, scratch, 0, True) > 0


@njit(cache=True, _nrt=False)
def place_structure(S, T, c, g, struct):
    """Puts company c's top piece of a type on map space g and reveals any income under it (INCOME-04..06); a
    Building piece activates its building (LWP-BUILD-01, no income, LWP-BUILD-04)."""
    if struct == ids.BUILDING:
        activate_building(S, c, g)
        return
    b = co(c)
    nd = T.n_dams[0]
    nc = T.n_conduits[0]
    S[b + L.C_PIECES + struct] -= 1
    if struct == ids.BASE:
        S[L.DAM_OWNER + g] = c
        S[L.DAM_LEVEL + g] = 1
        note_base(S, T, g)                                         # COLO-EXT-01
    elif struct == ids.ELEVATION:
        S[L.DAM_LEVEL + g] += 1
    elif struct == ids.CONDUIT:
        S[L.COND_OWNER + g - nd] = c
    else:
        S[L.PH_OWNER + g - nd - nc] = c
    after_building(S, T, c, g, struct, space_zone(T, g))
    if struct != ids.POWERHOUSE and gets_incomes(S, c):   # INCOME-07: no income row for powerhouses; AUTOMA-03
        k = built(S, T, c, struct)
        for i in range(3):
            if T.income_at[i] == k:
                give_reward(S, T, c, T.income_reward[company_of(S, c), struct, i], ids.VS_INCOMES)


@njit(cache=True, _nrt=False)
def finish_build(S, T, c, g, tmode, behav, payment):
    """CONSTRUCT-04 steps 3-8 after the payment is chosen; for a free placement (CONSTRUCT-21) only the
    geological machinery goes to the open segment, without rotating (GEO-08)."""
    b = co(c)
    struct = placeable(S, T, c, g)
    e, m, s = decode_payment(payment)
    tile = -1
    if tmode == TILE_ITSELF:
        tile = behav
    elif tmode == TILE_ANTON:
        tile = ids.T_ANTON
    put_on_wheel(S, c, e, m, tile)                                 # steps 3-4
    put_excamixers_on_wheel(S, c, payment_excamixers(payment))    # OFFICER-ELON-01
    S[b + L.C_CREDITS] -= solomon_credits(T, s) + red_credits(S, T, g, struct, behav)   # Solomon's; step 6
    extra = geo_engineers(S, T, g, struct)                         # GEO-09
    take_engineers(S, c, extra)
    S[b + L.C_GEO_ENG] += extra
    if tmode != TILE_FREE:
        rotate_step(S, c)                                          # step 5
        push(S, ids.TK_TILE_EFFECT, c, behav, g)                   # step 8 resolves after the income
    place_structure(S, T, c, g, struct)                            # steps 6-7


@njit(cache=True, _nrt=False)
def free_place_ok(S, T, c, g, struct, param):
    """CONSTRUCT-21 / REWARD-08..11: a free placement of `struct` on g is allowed and its costs affordable."""
    if placeable(S, T, c, g) != struct:
        return False
    nd = T.n_dams[0]
    if struct == ids.BASE and ((param >> T.zone_area[T.dam_zone[g]]) & 1) == 0:
        return False
    if struct == ids.CONDUIT and conduit_value(S, T, g - nd) > param:   # GEO-CONDUIT-EM-03
        return False
    b = co(c)
    return payment_exists(S, T, c, g, struct, -1, True, S[b + L.C_CREDITS], S[b + L.C_ENG])


@njit(cache=True, _nrt=False)
def tile_effect(S, T, c, behav, g):
    """CONSTRUCT-04 step 8: the special effect of the tile used (ADV-L1..L3-*)."""
    nd = T.n_dams[0]
    if behav == ids.T_L1_BASE:                    # ADV-L1-BASE-01
        for d in range(nd):
            if S[L.DAM_OWNER + d] == c and S[L.DAM_DROPS + d] == 0:
                place_drop_directly(S, T, d)
    elif behav == ids.T_L1_ELEV:                  # ADV-L1-ELEVATION-01
        push(S, ids.TK_ROTATE, c, built(S, T, c, ids.ELEVATION))
    elif behav == ids.T_L1_COND:                  # ADV-L1-CONDUIT-01
        add_credits(S, c, 2 * conduit_value(S, T, g - nd), ids.VS_TILES)   # AUTOMA-04: VP for an Automa
    elif behav == ids.T_L2_BASE:                  # ADV-L2-BASE-01
        n = built(S, T, c, ids.BASE)
        add_energy(S, c, n)
        push(S, ids.TK_FULFIL, c, n, 0)
    elif behav == ids.T_L2_ELEV:                  # ADV-L2-ELEVATION-01
        while place_drop_directly(S, T, g):
            pass
    elif behav == ids.T_L2_PH:                    # ADV-L2-POWERHOUSE-01
        push(S, ids.TK_PRODUCE, c, 2, 1, -1)
    elif behav == ids.T_L3_ELEV:                  # ADV-L3-ELEVATION-01
        n = 0
        for d in range(nd):
            if S[L.DAM_OWNER + d] == c and S[L.DAM_LEVEL + d] >= 2:
                n += 1
        add_vp(S, c, 3 * n, ids.VS_TILES)
    elif behav == ids.T_L3_COND:                  # ADV-L3-CONDUIT-01
        n = 2 * conduit_value(S, T, g - nd)
        add_energy(S, c, n)
        push(S, ids.TK_FULFIL, c, n, 0)
    elif behav == ids.T_L3_PH:                    # ADV-L3-POWERHOUSE-01
        add_vp(S, c, 3 * built(S, T, c, ids.POWERHOUSE), ids.VS_TILES)
    elif behav == ids.T_L3_WILD:                  # ADV-L3-WILD-01
        add_vp(S, c, 3 * advanced_tiles_owned(S, c), ids.VS_TILES)
    elif behav == ids.T_L1_BUILDING and is_building_target(g):   # ADV-L1-BUILDING-01: may use it at once
        push(S, ids.TK_LWP_L1_ACTION, c, building_of(g)[0])
    elif behav == ids.T_L3_BUILDING and is_building_target(g):   # ADV-L3-BUILDING-01: its VP now
        add_vp(S, c, T.bld_vp[building_of(g)[0]], ids.VS_TILES)
