"""Which technology tile an Automa builds with and how it pays (AUTOMA-16, -50, -51, -63..65).

A tile is *usable* at a space when the Automa can pay the build there (A-08). Tile cost modifiers apply from
level 3, officer modifiers and the officer's Automa rules at level 4 (AUTOMA-03: below level 4 the Automa's
effective officer is none). Costs are the printed ones: the Automa ignores geological tokens (GEO-10).
"""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import automa_level, co, officer
from sim.rules.construct import printed_machinery, solomon_credits


@njit(cache=True, _nrt=False)
def _take(need_e, need_m, any_type, mixers_first, exc, mix, xm):
    """Machineries taken towards a cost: (excavators, mixers, Excamixers, still missing). `any_type`
    (ADV-L2-WILD-01) pays need_e + need_m with either type, the preferred type first (AUTOMA-51); Elon's
    Excamixers cover what the plain ones leave missing (AUTOMA-71: spent after them)."""
    if any_type:
        total = need_e + need_m
        if mixers_first:
            pm = min(total, mix)
            pe = min(total - pm, exc)
        else:
            pe = min(total, exc)
            pm = min(total - pe, mix)
        rest = total - pe - pm
    else:
        pe = min(need_e, exc)
        pm = min(need_m, mix)
        rest = need_e - pe + need_m - pm
    px = min(rest, xm)
    return pe, pm, px, rest - px


@njit(cache=True, _nrt=False)
def _one_type(need, have, xm):
    """AUTOMA-52 (L2 Building) with AUTOMA-71 (Elon): (plain, Excamixers) paying `need` of one type, or (-1, -1)."""
    if need > have + xm:
        return -1, -1
    return min(need, have), need - min(need, have)


@njit(cache=True, _nrt=False)
def tile_payment(S, T, c, g, struct, behav):
    """(excavators, mixers, Excamixers, VP) the Automa pays to build `struct` on g with a tile behaving as `behav`,
    or (-1, -1, -1, -1) if it cannot.

    AUTOMA-51 (L2 wild): the machinery the structure normally requires first, then the other type.
    AUTOMA-52 (L2 Building): only the type it has fewer of (tie: Excavators), else the other if that one is short.
    AUTOMA-63 (Jill): a conduit payable both ways is paid in Mixers (all Mixers, OFFICER-JILL-01).
    AUTOMA-64 (Solomon): machineries first; at most one missing machinery is replaced by 3 VP.
    AUTOMA-71 (Elon): Excavators and Mixers before Excamixers (an Automa without Elon has none)."""
    b = co(c)
    mod = behav if automa_level(S, c) >= 3 else -1                                  # AUTOMA-03
    value = T.cond_value[g - T.n_dams[0]] if struct == ids.CONDUIT else 0           # GEO-10: printed value
    e, m, jill = printed_machinery(S, T, c, g, struct, mod, value)
    any_type = mod == ids.T_L2_WILD
    exc = S[b + L.C_EXC]
    mix = S[b + L.C_MIX]
    xm = S[b + L.C_EXCAMIXERS]
    if struct == ids.BUILDING and mod == ids.T_L2_BUILDING:                          # AUTOMA-52
        if mix < exc:
            pm, px = _one_type(jill, mix, xm)
            if pm >= 0:
                return 0, pm, px, 0
        pe, px = _one_type(e, exc, xm)
        if pe >= 0:
            return pe, 0, px, 0
        pm, px = _one_type(jill, mix, xm)
        if pm >= 0:
            return 0, pm, px, 0
        return -1, -1, -1, -1
    if jill >= 0:                                                                    # AUTOMA-63
        pe, pm, px, short = _take(0, jill, any_type, True, exc, mix, xm)
        if short == 0:
            return pe, pm, px, 0
    pe, pm, px, short = _take(e, m, any_type, m > 0, exc, mix, xm)
    if short == 0:
        return pe, pm, px, 0
    if short == 1 and officer(S, c) == ids.SOLOMON:     # AUTOMA-64: his Credits (3) paid as VP (AUTOMA-04)
        return pe, pm, px, solomon_credits(T, 1)
    return -1, -1, -1, -1


@njit(cache=True, _nrt=False)
def _tile_key(T, t, struct):
    """AUTOMA-50: the higher level first; on equal levels the tile of the exact type before a wild one."""
    return T.tile_level[t] * 2 + (1 if T.tile_struct[t] == struct else 0)


@njit(cache=True, _nrt=False)
def _best_at(S, T, c, g, struct, on_wheel):
    """The usable tile of highest key among c's tiles in its supply (or, on_wheel, on its wheel), or -1."""
    b = co(c)
    best = -1
    best_key = -1
    for t in range(ids.N_TILES):
        if t == ids.T_ANTON or t == ids.T_LESLIE:
            continue
        loc = S[b + L.C_TILE_LOC + t]
        here = (0 <= loc < 6) if on_wheel else loc == ids.TILE_IN_SUPPLY
        if not here:
            continue
        ts = T.tile_struct[t]
        if ts != struct and ts != ids.WILD:
            continue
        if tile_payment(S, T, c, g, struct, t)[0] < 0:
            continue
        key = _tile_key(T, t, struct)
        if key > best_key:
            best_key = key
            best = t
    return best


@njit(cache=True, _nrt=False)
def anton_ready(S, c):
    """AUTOMA-65: the Automa uses Anton's special tile (officer Anton, the tile in its supply)."""
    return officer(S, c) == ids.ANTON and S[co(c) + L.C_TILE_LOC + ids.T_ANTON] == ids.TILE_IN_SUPPLY


@njit(cache=True, _nrt=False)
def may_use(S, c, t):
    """Whether tile t could be the one c builds with: in its supply, or on its wheel for Anton's special tile."""
    loc = S[co(c) + L.C_TILE_LOC + t]
    return loc == ids.TILE_IN_SUPPLY or (0 <= loc < 6 and anton_ready(S, c))


@njit(cache=True, _nrt=False)
def best_tile(S, T, c, g, struct):
    """AUTOMA-16/50/65: (behaviour tile, tile put on the wheel) the Automa builds `struct` on g with, or (-1, -1).

    The highest-level usable tile in its supply (ties: exact type before wild); only when none is usable,
    Anton's special tile copying the highest-level usable tile on its wheel, by the same order (OFFICER-ANTON-01:
    the special tile goes to the wheel, the copied one stays)."""
    t = _best_at(S, T, c, g, struct, False)
    if t >= 0:
        return t, t
    if anton_ready(S, c):
        t = _best_at(S, T, c, g, struct, True)
        if t >= 0:
            return t, ids.T_ANTON
    return -1, -1


@njit(cache=True, _nrt=False)
def holds_tile_for(S, T, c, struct):
    """Whether c has a tile able to build `struct` (AUTOMA-16's fast check; AUTOMA-65 with Anton's tile)."""
    b = co(c)
    anton = anton_ready(S, c)
    for t in range(ids.N_TILES):
        if t == ids.T_ANTON or t == ids.T_LESLIE:
            continue
        ts = T.tile_struct[t]
        if ts != struct and ts != ids.WILD:
            continue
        loc = S[b + L.C_TILE_LOC + t]
        if loc == ids.TILE_IN_SUPPLY or (anton and 0 <= loc < 6):
            return True
    return False
