"""Leeghwater and promo officers whose abilities need no buildings or external works: one small rule per effect,
called by the engine at the step it changes.

Tommaso's Architect (OFFICER-TOMMASO-01, TURN-11, DECISION-22), Simone's hand limit and fulfilments
(OFFICER-SIMONE-01, CONTRACT-04/11), Wu's space (OFFICER-WU-01, CONTRACT-12), Gennaro's construction space
(OFFICER-GENNARO-01, reconstructed cost RECON-05) and Amir's drops (OFFICER-AMIR-01). `officer(S, c)` is the
officer whose ability a company uses now, so Mahiri's copies (OFFICER-MAHIRI-03) go through the same rules.
"""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import add_energy, co, officer
from sim.rules.construct import BUILD_ACTION, list_builds
from sim.rules.stack import push
from sim.rules.water import capacity, own_dam_drops


@njit(cache=True, _nrt=False)
def architect_available(S, c):
    """OFFICER-TOMMASO-01: company c can place the Architect now (Tommaso with his Architect in the supply, or
    Mahiri copying Tommaso, one of whose Engineers acts as the Architect in that extra action, OFFICER-MAHIRI-03)."""
    b = co(c)
    if officer(S, c) != ids.TOMMASO or S[b + L.C_ENG] < 1:
        return False
    if S[b + L.C_OFFICER] == ids.TOMMASO:
        return S[b + L.C_ARCHITECT] == 1
    return S[b + L.C_OFFICER] == ids.MAHIRI


@njit(cache=True, _nrt=False)
def one_engineer_move(S, T, c, move):
    """Whether a main move places exactly 1 Engineer on a space printed with 1 Engineer (the Bank is not one,
    DECISION-22): a management space, the first company-board construction space, Wu's or Gennaro's space, a
    private building's 1-Engineer action space (LWP-BUILD-05, LWP-D14)."""
    if ids.MV_BUILDING_SPACE <= move < ids.MV_EXTWORK:
        i = move - ids.MV_BUILDING_SPACE
        return T.bld_space_eng[i // 4, i % 4] == 1
    if move < L.N_SPACES:
        return T.space_eng[move] == 1
    if move == ids.MV_CONSTRUCT:
        return T.constr_eng[S[co(c) + L.C_CONSTR_USED]] == 1
    if move == ids.MV_WU:
        return T.officer_space_eng[ids.WU] == 1
    if move == ids.MV_GENNARO:
        return T.gennaro_eng[0] == 1
    if ids.MV_COLO_SITE <= move < ids.MV_COLO_SETTLE:                 # COLO-BRIDGE-02: 1 Engineer
        return True
    if ids.MV_COLO_SETTLE <= move < ids.MV_COLO_END:                  # COLO-SETTLE-01: printed 1 or 2
        return T.settle_eng[move - ids.MV_COLO_SETTLE] == 1
    return False


@njit(cache=True, _nrt=False)
def add_architect_moves(S, T, c, out, n):
    """OFFICER-TOMMASO-01: for every listed 1-Engineer move, the same move made by the Architect alone (an extra
    turn follows); returns the new count."""
    if not architect_available(S, c):
        return n
    m = n
    for i in range(n):
        if one_engineer_move(S, T, c, out[i]):
            out[m] = ids.MV_ARCHITECT + out[i]
            m += 1
    return m


@njit(cache=True, _nrt=False)
def place_architect(S, c):
    """OFFICER-TOMMASO-01: the Architect goes alone onto the space (Mahiri copying: one ordinary Engineer acts as
    it); the extra turn is pushed below the action's own steps, so it starts once the action is resolved."""
    b = co(c)
    S[b + L.C_ARCHITECT] = 0
    S[b + L.C_ENG] -= 1
    push(S, ids.TK_ARCHITECT_TURN, c)


@njit(cache=True, _nrt=False)
def hand_limit(S, T, c):
    """CONTRACT-04: the company's hand limit (4 for Simone, OFFICER-SIMONE-01; Mahiri while copying her)."""
    o = officer(S, c)
    return T.officer_hand_limit[o] if o >= 0 else T.hand_limit[0]


@njit(cache=True, _nrt=False)
def fulfils_several(S, c):
    """CONTRACT-11: one production may fulfil several contracts (Simone)."""
    return officer(S, c) == ids.SIMONE


@njit(cache=True, _nrt=False)
def wu_space_open(S, T, c, engineers, credits):
    """OFFICER-WU-01: Wu's space is free this round, he has its Engineers and Credits (action_spaces.officer_spaces:
    1 and 0) and his dams hold a drop (an action that gains nothing is not offered, DECISION W-1 in
    docs/decisions.md)."""
    return (officer(S, c) == ids.WU and S[co(c) + L.C_WU_ENG] == 0 and engineers >= T.officer_space_eng[ids.WU]
            and credits >= T.officer_space_fee[ids.WU, 0] and own_dam_drops(S, T, c) >= 1)


@njit(cache=True, _nrt=False)
def wu_energy(S, T, c):
    """OFFICER-WU-01: the energy of Wu's space, his ability value (1) per drop held by his dams."""
    return own_dam_drops(S, T, c) * T.ability[ids.AV_WU_ENERGY_PER_DROP]


@njit(cache=True, _nrt=False)
def use_wu_space(S, T, c):
    """OFFICER-WU-01: the space's Credits are paid; energy for the drops held by Wu's dams (they do not move), no
    bonus; then one own face-up contract up to that energy may be fulfilled (CONTRACT-12: not a production). The
    Engineers are placed by the caller."""
    b = co(c)
    S[b + L.C_WU_ENG] = T.officer_space_eng[ids.WU]
    S[b + L.C_CREDITS] -= T.officer_space_fee[ids.WU, 0]
    e = wu_energy(S, T, c)
    add_energy(S, c, e)
    push(S, ids.TK_FULFIL, c, e, 0)


@njit(cache=True, _nrt=False)
def gennaro_space_open(S, T, c, engineers, credits, scratch):
    """OFFICER-GENNARO-01: Gennaro's extra construction space is free this round, its (reconstructed) Engineers
    and Credits are at hand and a construction is possible after paying them (TURN-05)."""
    if officer(S, c) != ids.GENNARO or S[co(c) + L.C_GENNARO_ENG] > 0:
        return False
    eng = T.gennaro_eng[0]
    fee = T.gennaro_fee[0]
    if engineers < eng or credits < fee:
        return False
    return list_builds(S, T, c, BUILD_ACTION, 0, credits - fee, engineers - eng, scratch, 0, True) > 0


@njit(cache=True, _nrt=False)
def use_gennaro_space(S, T, c):
    """OFFICER-GENNARO-01: pay the space's Credits and build as on a company-board space, outside the
    left-to-right order (CONSTRUCT-02 does not bind it). The Engineers are placed by the caller."""
    b = co(c)
    S[b + L.C_GENNARO_ENG] = T.gennaro_eng[0]
    S[b + L.C_CREDITS] -= T.gennaro_fee[0]
    push(S, ids.TK_BUILD, c, BUILD_ACTION, 0)


@njit(cache=True, _nrt=False)
def list_amir_drops(S, T, c, flows_now, out, n):
    """OFFICER-AMIR-01: Amir's extra options for a drop he places: a delayed drop may flow at once; a drop that
    must flow at once may instead go straight into one of his dams with spare capacity (WATER-13)."""
    if officer(S, c) != ids.AMIR:
        return n
    if flows_now == 0:
        for h in range(T.n_head[0]):
            out[n] = ids.MV_DROP_NOW + h
            n += 1
        return n
    for d in range(T.n_dams[0]):
        if S[L.DAM_OWNER + d] == c and S[L.DAM_DROPS + d] < capacity(S, T, d):
            out[n] = ids.MV_DROP_INTO_DAM + d
            n += 1
    return n


@njit(cache=True, _nrt=False)
def officer_engineers_placed(S, T, c):
    """Engineers on Mahiri's spaces (each use places the space's Engineers, OFFICER-MAHIRI-01), Wu's and Gennaro's
    spaces (EOR-02 returns them)."""
    b = co(c)
    return S[b + L.C_MAHIRI_USED] * T.officer_space_eng[ids.MAHIRI] + S[b + L.C_WU_ENG] + S[b + L.C_GENNARO_ENG]


@njit(cache=True, _nrt=False)
def reset_officer_spaces(S, T, c):
    """EOR-02/03: Engineers on the officer spaces go home, the spaces are free, the Architect is back."""
    b = co(c)
    S[b + L.C_ENG] += officer_engineers_placed(S, T, c)
    S[b + L.C_MAHIRI_USED] = 0
    S[b + L.C_WU_ENG] = 0
    S[b + L.C_GENNARO_ENG] = 0
    S[b + L.C_GENNARO_DISCOUNT] = 0
    o = S[b + L.C_OFFICER]
    S[b + L.C_ARCHITECT] = T.officer_architect[o] if o >= 0 else 0
