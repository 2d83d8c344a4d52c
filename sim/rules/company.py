"""Per-company helpers: block offsets, built structures, production bonus, ability, VP with sources."""

from sim import ids
from sim import layout as L
from sim.jit import njit


@njit(cache=True, _nrt=False)
def co(c):
    """Offset of company c's block."""
    return L.COMPANY_BASE + c * L.CO_SIZE


@njit(cache=True, _nrt=False)
def take_engineers(S, c, k):
    """Takes k of company c's Engineers from its supply (to a space, or set aside): ordinary ones first, Tommaso's Architect only when no other
    is left (then it is placed with no effect, as on the Bank: OFFICER-TOMMASO-01, DECISION-22)."""
    b = co(c)
    if k > S[b + L.C_ENG] - S[b + L.C_ARCHITECT]:
        S[b + L.C_ARCHITECT] = 0
    S[b + L.C_ENG] -= k


@njit(cache=True, _nrt=False)
def machinery_split(S, c, exc, mix):
    """OFFICER-ELON-01 / AUTOMA-71 (Elon): how company c pays `exc` Excavators and `mix` Mixers when each choice is
    its own (external works): plain machineries first, Elon's Excamixers only for what is missing (an Excamixer
    can do whatever either type does, so keeping it is never worse). Returns (excavators, mixers, Excamixers);
    the Excamixers exceed the supply when c cannot pay (see `can_pay_machineries`)."""
    b = co(c)
    pe = min(exc, S[b + L.C_EXC])
    pm = min(mix, S[b + L.C_MIX])
    return pe, pm, exc - pe + mix - pm


@njit(cache=True, _nrt=False)
def can_pay_machineries(S, c, exc, mix):
    """Whether company c holds `exc` Excavators and `mix` Mixers, Excamixers standing for missing ones
    (OFFICER-ELON-01)."""
    return machinery_split(S, c, exc, mix)[2] <= S[co(c) + L.C_EXCAMIXERS]


@njit(cache=True, _nrt=False)
def buy_patent_tile(S, c, slot):
    """ACT-PATENT-01/03 (AUTOMA-17): company c takes the tile of Patent Office slot `slot` into its supply; the slot
    stays empty for the round. The round is recorded for the result rows (sim.results)."""
    t = S[L.PATENT + slot]
    S[L.PATENT + slot] = -1
    S[co(c) + L.C_TILE_LOC + t] = ids.TILE_IN_SUPPLY
    S[L.TILE_TAKEN_ROUND + t - ids.FIRST_ADVANCED_TILE] = S[L.G_ROUND]   # building tiles: indexes 17..19


@njit(cache=True, _nrt=False)
def built(S, T, c, struct):
    """Pieces of a structure type company c has placed on the map (any means)."""
    full = 4 if struct == ids.POWERHOUSE else 5
    return full - S[co(c) + L.C_PIECES + struct]


@njit(cache=True, _nrt=False)
def automa_level(S, c):
    """The Automa level of seat c (AUTOMA-03), 0 for a player's seat."""
    return S[co(c) + L.C_AUTOMA]


@njit(cache=True, _nrt=False)
def is_automa(S, c):
    """Whether seat c is an Automa (AUTOMA-01); neutral and no-owner markers are not."""
    return 0 <= c < L.MAX_PLAYERS and S[co(c) + L.C_AUTOMA] > 0


@njit(cache=True, _nrt=False)
def has_automa(S):
    """Whether any seat is an Automa."""
    for c in range(L.MAX_PLAYERS):
        if S[co(c) + L.C_AUTOMA] > 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def gets_incomes(S, c):
    """INCOME-*: every company collects incomes, an Automa from level 2 (AUTOMA-03)."""
    lvl = automa_level(S, c)
    return lvl == 0 or lvl >= 2


@njit(cache=True, _nrt=False)
def ability_active(S, T, c):
    """COMPANY-02: the special ability is on from the 3rd powerhouse (an Automa's from level 3, AUTOMA-03)."""
    lvl = automa_level(S, c)
    if lvl > 0 and lvl < 3:
        return False
    return built(S, T, c, ids.POWERHOUSE) >= T.ability_at_ph[0]


@njit(cache=True, _nrt=False)
def production_bonus(S, T, c):
    """COMPANY-01: 0 / +1 / +3 by powerhouses on the map (an Automa's from level 2, AUTOMA-03)."""
    if not gets_incomes(S, c):
        return 0
    return T.prod_bonus[built(S, T, c, ids.POWERHOUSE)]


@njit(cache=True, _nrt=False)
def add_credits(S, c, amount, source):
    """Adds Credits (negative = pays); an Automa gains or pays them as VP instead (AUTOMA-04/05)."""
    if S[co(c) + L.C_AUTOMA] > 0:
        add_vp(S, c, amount, source)
    else:
        S[co(c) + L.C_CREDITS] += amount


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
    """TECH-05: advanced tiles in supply or on the wheel (the L1/L2/L3 Building tiles included, LWP-SETUP-03)."""
    b = co(c) + L.C_TILE_LOC
    n = 0
    for t in range(ids.FIRST_ADVANCED_TILE, ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES):
        if S[b + t] != ids.TILE_NOT_OWNED:
            n += 1
    for t in range(ids.T_L1_BUILDING, ids.T_L3_BUILDING + 1):
        if S[b + t] != ids.TILE_NOT_OWNED:
            n += 1
    return n
