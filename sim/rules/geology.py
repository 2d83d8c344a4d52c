"""The Geological Factor (GEO-01..10 and the eight token rules): setup and token effects."""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import co, is_automa
from sim.rules.rng import shuffle_local
from sim.rules.stack import push
from sim.rules.water import place_drop_directly


@njit(cache=True)
def place_tokens(S, T):
    """GEO-02..05: one shuffled token per basin in zone order; blanks and mountain powerhouse tokens removed."""
    for z in range(L.MAX_ZONES):
        S[L.GEO_TOKEN + z] = ids.GEO_NONE
    if T.geo_enabled[0] == 0:
        return
    n = T.n_geo_set[0]
    tokens = T.geo_set[:n].copy()
    shuffle_local(S, tokens, n)
    k = 0
    for z in range(T.n_zones[0]):
        if T.zone_dams[z, 0] < 0:          # powerhouse-only zones get no token (GEO-06)
            continue
        if k >= n:                          # more basins than tokens: no token (GEO-03)
            break
        tok = tokens[k]
        k += 1
        if tok == ids.GEO_BLANK:                                                    # GEO-04
            continue
        if T.geo_removed_on_mountain[tok] == 1 and T.zone_area[z] == ids.MOUNTAIN:  # GEO-05
            continue
        S[L.GEO_TOKEN + z] = tok


@njit(cache=True, _nrt=False)
def token(S, zone):
    """The token on a zone (GEO-06: it applies to every space of the basin), or GEO_NONE."""
    return S[L.GEO_TOKEN + zone]


@njit(cache=True, _nrt=False)
def conduit_value(S, T, k):
    """Production value of conduit k: printed, +1 on a conduit-pairs basin for every purpose (GEO-CONDUIT-EM-02)."""
    v = T.cond_value[k]
    if token(S, T.cond_zone[k]) == ids.GEO_CONDUIT_EM:
        v += 1
    return v


@njit(cache=True, _nrt=False)
def powerhouse_bonus(S, T, ph):
    """PRODUCE-06 step 5: +2 / +4 for a powerhouse on a geological powerhouse basin."""
    tok = token(S, T.ph_zone[ph])
    if tok == ids.GEO_PH_EXC:
        return 2
    if tok == ids.GEO_PH_FREE:
        return 4
    return 0


@njit(cache=True, _nrt=False)
def forbids_contract(S, T, ph):
    """GEO-PH-FREE-01: energy of a powerhouse on that basin cannot fulfil any contract."""
    return token(S, T.ph_zone[ph]) == ids.GEO_PH_FREE


@njit(cache=True, _nrt=False)
def after_building(S, T, c, g, struct, zone):
    """Token effects right after a structure is built on a basin by any means (GEO-ELEV-*, GEO-BASE-EXC-02)."""
    tok = token(S, zone)
    if tok < 0 or T.geo_struct[tok] != struct or is_automa(S, c):   # GEO-10: the Automa ignores the tokens
        return
    if tok == ids.GEO_ELEV_MIX:                                     # GEO-ELEV-MIX-01
        S[co(c) + L.C_CREDITS] += 3
    elif tok == ids.GEO_ELEV_CR:                                    # GEO-ELEV-CR-01
        for _ in range(S[L.DAM_LEVEL + g] - 1):
            place_drop_directly(S, T, g)
    elif tok == ids.GEO_BASE_EXC:                                   # GEO-BASE-EXC-02
        push(S, ids.TK_GEO_DROP, c, g)


@njit(cache=True, _nrt=False)
def push_income_drops(S, T, c):
    """GEO-BASE-EXC-02: in the owner's income resolution, an optional drop into each such dam (not an Automa's,
    GEO-10)."""
    if is_automa(S, c):
        return
    for d in range(T.n_dams[0]):
        if S[L.DAM_OWNER + d] == c and token(S, T.dam_zone[d]) == ids.GEO_BASE_EXC:
            push(S, ids.TK_GEO_DROP, c, d)
