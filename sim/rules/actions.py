"""The Actions phase: a company's action choice (TURN-01..12, §6 management board, §7 construction spaces,
Mahiri's officer space)."""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.colorado import (
    apply_colorado_main_move,
    colorado_engineers_placed,
    colorado_move_engineers,
    list_colorado_main_moves,
)
from sim.rules.company import buy_patent_tile, co, officer, take_engineers
from sim.rules.construct import BUILD_ACTION, BUILD_FREE_TILE, list_builds
from sim.rules.contracts import displayed_count
from sim.rules.lwp import (
    apply_lwp_main_move,
    is_lwp_main_move,
    list_lwp_main_moves,
    lwp_engineers_placed,
    lwp_move_engineers,
)
from sim.rules.officer_actions import (
    add_architect_moves,
    gennaro_space_open,
    officer_engineers_placed,
    place_architect,
    use_gennaro_space,
    use_wu_space,
    wu_space_open,
)
from sim.rules.produce import list_productions
from sim.rules.stack import push
from sim.rules.wheel import rotate

FREE_TILES = (ids.T_L1_PH, ids.T_L3_BASE)   # TECH-06
# A modifier and Credits above what any production needs (PRODUCE-05/07): a production exists with these iff
# one of c's dams with drops has a built conduit to its own powerhouse.
ANY_MODIFIER = 1 << 20
ANY_CREDITS = 1 << 30


@njit(cache=True, _nrt=False, inline="always")   # called per space per listing: a call costs as much
def space_open(S, T, s, eng, credits):
    """TURN-03..06: management space s exists, is free, and c's Engineers and Credits pay for it."""
    if T.space_exists[s] == 0 or S[L.SPACE_OCC + s] != ids.NOBODY:       # BLOCK-04, TURN-06
        return False
    return eng >= T.space_eng[s] and credits - T.space_fee[s] - T.space_price[s] >= 0


@njit(cache=True, _nrt=False, inline="always")   # called per space per listing: a call costs as much
def space_available(S, T, c, s, eng, credits, scratch, producible):
    """APPX-06: whether company c may place Engineers on management space s now (TURN-03..06, TURN-05).
    `producible`: whether c could make any production at all, whatever the modifier and Credits (False: no
    Turbine space is available)."""
    if not space_open(S, T, s, eng, credits):
        return False
    left = credits - T.space_fee[s] - T.space_price[s]
    kind = T.space_kind[s]
    if kind == ids.K_TURBINE:                                             # ACT-TURBINE-03
        return producible and list_productions(S, T, c, T.space_param[s], 0, -1, left, scratch, 0, True) > 0
    if kind == ids.K_CONTRACT:                                            # ACT-CONTRACT-04
        return displayed_count(S) >= T.space_param[s]
    if kind == ids.K_PATENT:                                              # ACT-PATENT-01
        return T.intro[0] == 0 and S[L.PATENT + T.space_param[s]] >= 0
    return True


@njit(cache=True, _nrt=False)
def free_tile_action_possible(S, T, c, credits, engineers, scratch):
    """TECH-06: an engineer-free tile action can be taken now."""
    for t in FREE_TILES:
        if list_builds(S, T, c, BUILD_FREE_TILE, t, credits, engineers, scratch, 0, True) > 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def mahiri_copy_useful(S, T, c, o, eng_after, credits_after, scratch):
    """OFFICER-MAHIRI-02: copying officer o leaves Mahiri an extra action to take."""
    if eng_after >= 1:
        return True                    # the Bank is always open (ACT-BANK-01)
    b = co(c)
    saved = S[b + L.C_EFF_OFFICER]
    S[b + L.C_EFF_OFFICER] = o
    ok = free_tile_action_possible(S, T, c, credits_after, eng_after, scratch)
    S[b + L.C_EFF_OFFICER] = saved
    return ok


@njit(cache=True, _nrt=False)
def list_main_moves(S, T, c, extra, out, scratch):
    """TURN-02: every action company c may take on its turn (extra = 1: Mahiri's immediate extra action; 2: the
    Architect's extra turn, which may be declined, OFFICER-TOMMASO-01)."""
    b = co(c)
    eng = S[b + L.C_ENG]
    credits = S[b + L.C_CREDITS]
    n = 0
    producible = -1         # whether c could make any production (ACT-TURBINE-03), asked once, when needed
    for s in range(L.N_SPACES):
        if producible < 0 and T.space_kind[s] == ids.K_TURBINE and space_open(S, T, s, eng, credits):
            producible = 1 if list_productions(S, T, c, ANY_MODIFIER, 0, -1, ANY_CREDITS, scratch, 0, True) > 0 else 0
        if space_available(S, T, c, s, eng, credits, scratch, producible != 0):
            out[n] = s
            n += 1
    for k in range(1, eng + 1):                                           # ACT-BANK-01
        out[n] = ids.MV_BANK + k
        n += 1
    witness = -1                                                          # a legal build, for Colorado's bonus
    i = S[b + L.C_CONSTR_USED]                                            # CONSTRUCT-01..03
    if i < 4 and eng >= T.constr_eng[i] and credits >= T.constr_fee[i]:
        if list_builds(S, T, c, BUILD_ACTION, 0, credits - T.constr_fee[i], eng - T.constr_eng[i], scratch, 0,
                       True) > 0:
            witness = scratch[0]
            out[n] = ids.MV_CONSTRUCT
            n += 1
    for t in FREE_TILES:                                                  # TECH-06
        if list_builds(S, T, c, BUILD_FREE_TILE, t, credits, eng, scratch, 0, True) > 0:
            out[n] = ids.MV_FREE_TILE + t
            n += 1
    if wu_space_open(S, T, c, eng, credits):                              # OFFICER-WU-01
        out[n] = ids.MV_WU
        n += 1
    if gennaro_space_open(S, T, c, eng, credits, scratch):               # OFFICER-GENNARO-01
        out[n] = ids.MV_GENNARO
        n += 1
    if T.lwp_enabled[0] == 1:                                             # LWP-BUILD-05, LWP-EXTWORK-01
        n = list_lwp_main_moves(S, T, c, eng, credits, out, n, scratch)
    if T.colo_enabled[0] == 1:                                            # COLO-BRIDGE-01, COLO-SETTLE-01
        n = list_colorado_main_moves(S, T, c, eng, credits, out, n, scratch, witness)
    n = add_architect_moves(S, T, c, out, n)                              # OFFICER-TOMMASO-01
    if extra != 1 and officer(S, c) == ids.MAHIRI and S[b + L.C_MAHIRI_USED] < 2:   # OFFICER-MAHIRI-01
        k = T.officer_space_eng[ids.MAHIRI]
        fee = T.officer_space_fee[ids.MAHIRI, S[b + L.C_MAHIRI_USED]]    # her 2nd space costs Credits too
        if eng >= k and credits >= fee:
            for j in range(3):
                o = S[L.MAHIRI_POOL + j]
                if o >= 0 and mahiri_copy_useful(S, T, c, o, eng - k, credits - fee, scratch):
                    out[n] = ids.MV_MAHIRI
                    n += 1
                    break
    if extra == 0 and eng == 0:                                           # TURN-09
        out[n] = ids.MV_PASS
        n += 1
    if extra == 2:                                                        # DECISION-22: the extra turn is optional
        out[n] = ids.MV_SKIP
        n += 1
    return n


@njit(cache=True, _nrt=False)
def list_mahiri_copies(S, T, c, out, scratch):
    """OFFICER-MAHIRI-02: officers of the copy pool that leave an extra action."""
    b = co(c)
    n = 0
    for j in range(3):
        o = S[L.MAHIRI_POOL + j]
        if o >= 0 and mahiri_copy_useful(S, T, c, o, S[b + L.C_ENG], S[b + L.C_CREDITS], scratch):
            out[n] = o
            n += 1
    return n


@njit(cache=True, _nrt=False)
def occupy_space(S, T, c, s):
    """Places the Engineers, pays fee and price, and starts the action of management space s."""
    b = co(c)
    S[L.SPACE_OCC + s] = c
    S[L.SPACE_ENG + s] = T.space_eng[s]
    S[b + L.C_CREDITS] -= T.space_fee[s] + T.space_price[s]              # TURN-04, action price
    kind = T.space_kind[s]
    p = T.space_param[s]
    if kind == ids.K_TURBINE:                                             # ACT-TURBINE-01
        push(S, ids.TK_PRODUCE, c, p, 0, -1)
    elif kind == ids.K_WATER2:                                            # ACT-WATER-01: exactly 2, delayed
        push(S, ids.TK_DROP, c, 2, 0, 1)
    elif kind == ids.K_WATER1:                                            # ACT-WATER-02: exactly 1, now
        push(S, ids.TK_DROP, c, 1, 1, 1)
    elif kind == ids.K_WORKSHOP:                                          # ACT-WORKSHOP-01
        rotate(S, c, p)
    elif kind == ids.K_MACH_EXC:                                          # ACT-MACHINERY-02
        S[b + L.C_EXC] += 1
        S[b + L.C_MACH_GAINED] += 1
    elif kind == ids.K_MACH_ANY:
        push(S, ids.TK_MACHINE, c, 1)
    elif kind == ids.K_MACH_EM:
        S[b + L.C_EXC] += 1
        S[b + L.C_MIX] += 1
        S[b + L.C_MACH_GAINED] += 2
    elif kind == ids.K_CONTRACT:                                          # ACT-CONTRACT-01/02/05
        push(S, ids.TK_CHECK_HAND, c)
        push(S, ids.TK_TAKE_CONTRACT, c, p)
    elif kind == ids.K_PATENT:                                            # ACT-PATENT-01..03
        buy_patent_tile(S, c, p)


@njit(cache=True, _nrt=False)
def move_engineers(S, T, c, move):
    """Engineers a main move places (0 for a tile action or passing)."""
    if move < L.N_SPACES:
        return T.space_eng[move]
    if move < ids.MV_CONSTRUCT:
        return move - ids.MV_BANK
    if move == ids.MV_CONSTRUCT:
        return T.constr_eng[S[co(c) + L.C_CONSTR_USED]]
    if move == ids.MV_MAHIRI:                                             # OFFICER-MAHIRI-01
        return T.officer_space_eng[ids.MAHIRI]
    if move == ids.MV_WU:                                                 # OFFICER-WU-01
        return T.officer_space_eng[ids.WU]
    if move == ids.MV_GENNARO:
        return T.gennaro_eng[0]
    if is_lwp_main_move(move):
        return lwp_move_engineers(T, move)
    if ids.MV_COLO_SITE <= move < ids.MV_COLO_END:
        return colorado_move_engineers(T, move)
    return 0


@njit(cache=True, _nrt=False)
def apply_main_move(S, T, c, move):
    """Resolves company c's chosen action (its sub-decisions are pushed as tasks)."""
    b = co(c)
    if move == ids.MV_SKIP:                                               # the Architect's extra turn declined
        return
    if move >= ids.MV_ARCHITECT and not ids.MV_COLO_SITE <= move < ids.MV_COLO_END:   # OFFICER-TOMMASO-01
        move -= ids.MV_ARCHITECT
        place_architect(S, c)
    else:
        take_engineers(S, c, move_engineers(S, T, c, move))
    if move < L.N_SPACES:
        occupy_space(S, T, c, move)
    elif move < ids.MV_CONSTRUCT:                                         # Bank
        k = move - ids.MV_BANK
        S[b + L.C_BANK_ENG] += k
        S[b + L.C_CREDITS] += k
    elif move == ids.MV_CONSTRUCT:                                        # CONSTRUCT-04 step 1
        i = S[b + L.C_CONSTR_USED]
        S[b + L.C_CONSTR_USED] = i + 1
        S[b + L.C_CREDITS] -= T.constr_fee[i]
        push(S, ids.TK_BUILD, c, BUILD_ACTION, 0)
    elif move < ids.MV_MAHIRI:                                            # TECH-06
        push(S, ids.TK_BUILD, c, BUILD_FREE_TILE, move - ids.MV_FREE_TILE)
    elif is_lwp_main_move(move):
        apply_lwp_main_move(S, T, c, move)
    elif ids.MV_COLO_SITE <= move < ids.MV_COLO_END:                     # COLO-BRIDGE-02, COLO-SETTLE-04
        apply_colorado_main_move(S, T, c, move)
    elif move == ids.MV_MAHIRI:
        used = S[b + L.C_MAHIRI_USED]
        S[b + L.C_MAHIRI_USED] = used + 1
        S[b + L.C_CREDITS] -= T.officer_space_fee[ids.MAHIRI, used]     # OFFICER-MAHIRI-01
        push(S, ids.TK_MAHIRI, c)
    elif move == ids.MV_PASS:                                             # TURN-09
        S[L.G_PASSED + c] = 1
    elif move == ids.MV_WU:                                               # OFFICER-WU-01
        use_wu_space(S, T, c)
    elif move == ids.MV_GENNARO:                                          # OFFICER-GENNARO-01
        use_gennaro_space(S, T, c)


@njit(cache=True, _nrt=False)
def engineers_placed(S, T, c):
    """Engineers company c has on action spaces (invariants; EOR-02 returns them)."""
    b = co(c)
    n = (S[b + L.C_BANK_ENG] + S[b + L.C_GEO_ENG] + S[b + L.C_AUTOMA_ENG]
         + officer_engineers_placed(S, T, c) + lwp_engineers_placed(S, T, c) + colorado_engineers_placed(S, T, c))
    for i in range(S[b + L.C_CONSTR_USED]):
        n += T.constr_eng[i]
    for s in range(L.N_SPACES):
        if S[L.SPACE_OCC + s] == c:
            n += S[L.SPACE_ENG + s]
    return n
