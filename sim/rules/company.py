"""Per-company helpers: block offsets, built structures, production bonus, ability, VP with sources."""
from numba import njit

from sim import ids
from sim import layout as L


@njit(cache=True, _nrt=False)
def co(c):
    """Offset of company c's block."""
    return L.COMPANY_BASE + c * L.CO_SIZE


@njit(cache=True, _nrt=False)
def built(S, T, c, struct):
    """Pieces of a structure type company c has placed on the map (any means)."""
    full = 4 if struct == ids.POWERHOUSE else 5
    return full - S[co(c) + L.C_PIECES + struct]


@njit(cache=True, _nrt=False)
def ability_active(S, T, c):
    """COMPANY-02: the special ability is on from the 3rd powerhouse."""
    return built(S, T, c, ids.POWERHOUSE) >= T.ability_at_ph[0]


@njit(cache=True, _nrt=False)
def production_bonus(S, T, c):
    """COMPANY-01: 0 / +1 / +3 by powerhouses on the map."""
    return T.prod_bonus[built(S, T, c, ids.POWERHOUSE)]


@njit(cache=True, _nrt=False)
def officer(S, c):
    """The officer whose ability company c uses now (Mahiri's copy while it lasts, OFFICER-MAHIRI-02)."""
    return S[co(c) + L.C_EFF_OFFICER]


@njit(cache=True, _nrt=False)
def company_of(S, c):
    """The company board (USA, Germany, ...) of seat c."""
    return S[co(c) + L.C_COMPANY]


@njit(cache=True, _nrt=False)
def add_vp(S, c, amount, source):
    """Adds VP (may be negative, TERM-11) and books them under a VP source."""
    b = co(c)
    S[b + L.C_VP] += amount
    S[b + L.C_VP_SRC + source] += amount


@njit(cache=True, _nrt=False)
def add_energy(S, c, amount):
    """Advances the energy marker (TERM-09: counts past 30)."""
    S[co(c) + L.C_ENERGY] += amount


@njit(cache=True, _nrt=False)
def hand_size(S, c):
    """Face-up contracts in company c's hand (CONTRACT-04)."""
    n = 0
    for k in range(L.N_CONTRACTS):
        if S[L.CON_STATE + k] == ids.CS_HAND and S[L.CON_OWNER + k] == c:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def advanced_tiles_owned(S, c):
    """TECH-05: advanced tiles in supply or on the wheel."""
    b = co(c) + L.C_TILE_LOC
    n = 0
    for t in range(ids.FIRST_ADVANCED_TILE, ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES):
        if S[b + t] != ids.TILE_NOT_OWNED:
            n += 1
    return n
