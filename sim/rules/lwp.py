"""The Leeghwater Project (LWP-*): setup draws, private-building actions, external works, Margot's and Leslie's
abilities, the Netherlands' ability, the End of Round refresh and the end-game building VP.

Building activation itself is a construction (sim.rules.construct with sim.rules.lwp_buildings)."""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.colorado import heliport_action, heliport_possible
from sim.rules.company import (
    add_energy,
    add_vp,
    buy_patent_tile,
    can_pay_machineries,
    co,
    hand_size,
    machinery_split,
    officer,
)
from sim.rules.duel import note_extwork_machineries
from sim.rules.lwp_buildings import has_activated
from sim.rules.produce import list_productions
from sim.rules.rewards import give_reward
from sim.rules.rng import shuffle_local
from sim.rules.stack import push
from sim.rules.water import capacity, place_drop_directly
from sim.rules.wheel import put_excamixers_on_wheel, put_on_wheel, rotate

# TK_LWP_DAM modes
DAM_COFFERDAM = 0     # a neutral dam or an own dam (LWP-BUILD-06 Cofferdam)
DAM_NETHERLANDS = 1   # an own dam other than the ones just used (COMPANY-NED-01; a1 = bit per dam used)
# TK_LWP_EXTWORK modes
EW_LOAN = 0           # Loan Agency: 2 Credits per machinery (LWP-EXTWORK-06)
MANDATORY = 2         # TK_FULFIL a1: the Customer Office must fulfil one contract (LWP-BUILD-06)
# Printed Credit cost of each building's action (LWP-BUILD-06), building id order.
ACTION_CREDITS = (0, 0, 3, 0, 1, 0, 0, 0, 1, 2, 0)   # the Heliport's 2 Credits: sim.rules.colorado.heliport_action


# ----------------------------------------------------------------------------------------------------------
# setup (LWP-SETUP-01..03) and per-company pieces (LWP-01)
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True)
def deal_advanced_piles(S, T):
    """LWP-SETUP-03: each level's 5 tiles plus its Building tile shuffled; the last one is set aside unseen, so the
    pile keeps 5 (its draw order = the shuffle's)."""
    for level in range(3):
        pile = np.empty(6, dtype=np.int64)
        k = 0
        for t in range(ids.N_TILES):
            if T.tile_level[t] == level + 1:
                pile[k] = t
                k += 1
        shuffle_local(S, pile, 6)
        for i in range(5):
            S[L.TECH_PILE + level * 5 + i] = pile[i] if T.removed_tile[pile[i]] == 0 else -1   # S-05 gaps
        S[L.LWP_SET_ASIDE + level] = pile[5]


@njit(cache=True)
def setup_leeghwater(S, T):
    """LWP-SETUP-01/02: 5 of the 10 buildings on the board (drawn order = board order), the external-works decks
    shuffled separately and 3 tiles of deck A shown."""
    for i in range(L.N_BUILDINGS * 4):
        S[L.LWP_SLOT + i] = ids.NOBODY
        S[L.LWP_SPACE + i] = ids.NOBODY
    for i in range(L.N_EXTWORKS):
        S[L.LWP_EW_OWNER + i] = ids.NOBODY
    for i in range(3):
        S[L.LWP_EW_SPACE + i] = ids.NOBODY
        S[L.LWP_EW_SHOWN + i] = -1
    for i in range(L.BUILDINGS_DRAWN):
        S[L.LWP_BUILDING + i] = -1
    if T.lwp_enabled[0] == 0:
        return
    b = np.arange(T.n_buildings[0])                 # 11 with Colorado's Heliport (COLO-SETUP-06)
    shuffle_local(S, b, T.n_buildings[0])
    for i in range(L.BUILDINGS_DRAWN):
        S[L.LWP_BUILDING + i] = b[i]
    deck = np.arange(6)
    k = 5 + T.ew_colorado[0]                        # LWP-SETUP-05: + Colorado's work, then 1 removed unseen
    for d in range(3):
        for i in range(5):
            deck[i] = d * 5 + i
        deck[5] = ids.N_LWP_EXTWORKS + d
        shuffle_local(S, deck, k)
        for i in range(5):
            S[L.LWP_EW_DECK + d * 5 + i] = deck[i]
    S[L.LWP_EW_POS] = 0
    refresh_external_works(S)


@njit(cache=True, _nrt=False)
def give_company_pieces(S, T, c):
    """LWP-01: 5 Building pieces and the basic building tile; Leslie's special tile (OFFICER-LESLIE-01)."""
    if T.lwp_enabled[0] == 0:
        return
    b = co(c)
    S[b + L.C_BUILDING_PIECES] = 5
    S[b + L.C_TILE_LOC + ids.T_BUILDING] = ids.TILE_IN_SUPPLY
    if S[b + L.C_OFFICER] == ids.LESLIE:
        S[b + L.C_TILE_LOC + ids.T_LESLIE] = ids.TILE_IN_SUPPLY


# ----------------------------------------------------------------------------------------------------------
# external works (LWP-EXTWORK-01..09)
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def refresh_external_works(S):
    """LWP-EXTWORK-09: unclaimed tiles are discarded; 3 are drawn from deck A, then B, then C (one concatenated
    deck); a space stays empty when the decks run out."""
    for i in range(3):
        S[L.LWP_EW_SHOWN + i] = -1
        if S[L.LWP_EW_POS] < L.EW_DECK_SIZE:
            S[L.LWP_EW_SHOWN + i] = S[L.LWP_EW_DECK + S[L.LWP_EW_POS]]
            S[L.LWP_EW_POS] += 1


@njit(cache=True, _nrt=False)
def take_external_work(S, T, c, slot, vp_source):
    """LWP-EXTWORK-02: the shown tile is kept face down and its reward given (REWARD-01..16)."""
    w = S[L.LWP_EW_SHOWN + slot]
    S[L.LWP_EW_SHOWN + slot] = -1                   # LWP-EXTWORK-04: not replaced during the round
    S[L.LWP_EW_OWNER + w] = c
    give_reward(S, T, c, T.ew_reward[w], vp_source)


@njit(cache=True, _nrt=False)
def pay_to_general_supply(S, c, exc, mix):
    """LWP-EXTWORK-02: machineries leave the game's economy (the gained count is net of them, for the
    conservation invariant); Elon's Excamixers stand for missing ones (OFFICER-ELON-01, `machinery_split`)."""
    b = co(c)
    pe, pm, px = machinery_split(S, c, exc, mix)
    S[b + L.C_EXC] -= pe
    S[b + L.C_MIX] -= pm
    S[b + L.C_EXCAMIXERS] -= px
    S[b + L.C_MACH_GAINED] -= exc + mix


@njit(cache=True, _nrt=False)
def pay_onto_leslie_wheel(S, T, c, exc, mix):
    """OFFICER-LESLIE-01: the external work's machineries and her special tile into the open segment, then the wheel
    turns her ability value in steps, 1 (Excamixers, OFFICER-ELON-01, for Mahiri copying Leslie, go there as
    Excamixers)."""
    pe, pm, px = machinery_split(S, c, exc, mix)
    put_on_wheel(S, c, pe, pm, ids.T_LESLIE)
    put_excamixers_on_wheel(S, c, px)
    rotate(S, c, T.ability[ids.AV_LESLIE_ROTATE])


@njit(cache=True, _nrt=False)
def extwork_space_open(S, T, c, slot, eng):
    """LWP-EXTWORK-01/03: the space shows a tile, is free, and c has 2 Engineers and the machineries."""
    w = S[L.LWP_EW_SHOWN + slot]
    if w < 0 or S[L.LWP_EW_SPACE + slot] != ids.NOBODY or eng < 2:
        return False
    return can_pay_machineries(S, c, T.ew_exc[w], T.ew_mix[w])


@njit(cache=True, _nrt=False)
def leslie_ready(S, c):
    """OFFICER-LESLIE-01: Leslie's special tile is in her supply."""
    return officer(S, c) == ids.LESLIE and S[co(c) + L.C_TILE_LOC + ids.T_LESLIE] == ids.TILE_IN_SUPPLY


@njit(cache=True, _nrt=False)
def occupy_external_work(S, T, c, slot, leslie):
    """LWP-EXTWORK-01/02 (OFFICER-LESLIE-01: the machineries and her tile onto the open segment, then rotate 1)."""
    w = S[L.LWP_EW_SHOWN + slot]
    S[L.LWP_EW_SPACE + slot] = c
    S[L.LWP_EW_ENG + slot] = 2                         # placed by the caller (`lwp_move_engineers`)
    if leslie:
        pay_onto_leslie_wheel(S, T, c, T.ew_exc[w], T.ew_mix[w])
    else:
        pay_to_general_supply(S, c, T.ew_exc[w], T.ew_mix[w])
    note_extwork_machineries(S, T, c, T.ew_exc[w] + T.ew_mix[w])      # DUEL-COND-06
    take_external_work(S, T, c, slot, ids.VS_EXTWORKS)


@njit(cache=True, _nrt=False)
def loan_price(T, w):
    """LWP-EXTWORK-06: 2 Credits per machinery the tile requires."""
    return 2 * (T.ew_exc[w] + T.ew_mix[w])


@njit(cache=True, _nrt=False)
def extworks_fulfilled(S, c):
    """LWP-EXTWORK-08: external-works tiles company c holds face down."""
    n = 0
    for w in range(L.N_EXTWORKS):
        if S[L.LWP_EW_OWNER + w] == c:
            n += 1
    return n


# ----------------------------------------------------------------------------------------------------------
# building actions (LWP-BUILD-05..07), Margot's space (OFFICER-MARGOT-01), the L1 Building tile
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _dam_choice_exists(S, T, c, mode, exclude):
    for d in range(T.n_dams[0]):
        if _dam_ok(S, T, c, d, mode, exclude):
            return True
    return False


@njit(cache=True, _nrt=False)
def _dam_ok(S, T, c, d, mode, exclude):
    """Cofferdam: a neutral or own dam with spare capacity; Netherlands: an own one not in `exclude` (bit per dam
    the production used: several with Dr. Octavius, OFFICER-OCTAVIUS-01)."""
    owner = S[L.DAM_OWNER + d]
    if owner != c and not (mode == DAM_COFFERDAM and owner == ids.NEUTRAL):
        return False
    return (exclude >> d) & 1 == 0 and S[L.DAM_DROPS + d] < capacity(S, T, d)


@njit(cache=True, _nrt=False)
def _wheel_has_tile(S, c):
    b = co(c)
    for t in range(ids.N_TILES):
        if 0 <= S[b + L.C_TILE_LOC + t] < 6:
            return True
    return False


@njit(cache=True, _nrt=False)
def _segment_machineries(S, c, seg):
    """Machineries in a wheel segment, Elon's Excamixers included (OFFICER-ELON-01)."""
    b = co(c)
    return S[b + L.C_WHEEL_EXC + seg] + S[b + L.C_WHEEL_MIX + seg] + S[b + L.C_WHEEL_XM + seg]


@njit(cache=True, _nrt=False)
def _wheel_has_machinery(S, c):
    for seg in range(6):
        if _segment_machineries(S, c, seg) > 0:
            return True
    return False


SEGMENT_XM_UNIT = 4096   # Research Lab move: segment x 64 + Excavators + Excamixers x 4096


@njit(cache=True, _nrt=False)
def segment_take(S, c, move):
    """(segment, Excavators, Mixers, Excamixers) a Research Lab move takes back: half the segment's machineries,
    rounded down (LWP-BUILD-06)."""
    x = move // SEGMENT_XM_UNIT
    seg = (move % SEGMENT_XM_UNIT) // 64
    e = move % 64
    return seg, e, _segment_machineries(S, c, seg) // 2 - e - x, x


@njit(cache=True, _nrt=False)
def building_action_possible(S, T, c, bid, credits, scratch):
    """LWP-BUILD-07 (TURN-05): the whole action of building bid can be performed with `credits` left after the
    space's cost."""
    if credits < ACTION_CREDITS[bid]:
        return False
    if bid == ids.BLD_COFFERDAM:
        return _dam_choice_exists(S, T, c, DAM_COFFERDAM, 0)
    if bid == ids.BLD_CONTROL:
        return list_productions(S, T, c, 3, 0, -1, credits, scratch, 0, True) > 0
    if bid == ids.BLD_CUSTOMER:
        return hand_size(S, c) > 0
    if bid == ids.BLD_DEVELOPMENT:
        return _wheel_has_tile(S, c)
    if bid == ids.BLD_LOAN:
        for i in range(3):
            w = S[L.LWP_EW_SHOWN + i]
            if w >= 0 and loan_price(T, w) <= credits:
                return True
        return False
    if bid == ids.BLD_RESEARCH:
        return _wheel_has_machinery(S, c)
    if bid == ids.BLD_HELIPORT:                     # COLO-HELI-01
        return heliport_possible(S, T, c, credits, scratch)
    return True                                     # Energy Relay, Financial Division, Robot Factory, Wind Farm


@njit(cache=True, _nrt=False)
def perform_building_action(S, T, c, bid):
    """LWP-BUILD-06: the action of building bid (its printed Credit cost paid); choices are pushed as tasks."""
    b = co(c)
    S[b + L.C_CREDITS] -= ACTION_CREDITS[bid]
    if bid == ids.BLD_COFFERDAM:
        push(S, ids.TK_LWP_DAM, c, DAM_COFFERDAM, 0)
    elif bid == ids.BLD_CONTROL:                       # full production, modifier +3 (PRODUCE-14)
        push(S, ids.TK_PRODUCE, c, 3, 0, -1)
    elif bid == ids.BLD_CUSTOMER:                      # REWARD-07 with any requirement, mandatory
        push(S, ids.TK_FULFIL, c, ids.FULFIL_ANY, MANDATORY)
    elif bid == ids.BLD_DEVELOPMENT:
        push(S, ids.TK_LWP_WHEEL_TILE, c)
    elif bid == ids.BLD_RELAY:
        add_energy(S, c, 4)
    elif bid == ids.BLD_FINANCIAL:
        S[b + L.C_CREDITS] += 5
    elif bid == ids.BLD_LOAN:
        push(S, ids.TK_LWP_EXTWORK, c, EW_LOAN)
    elif bid == ids.BLD_RESEARCH:
        push(S, ids.TK_LWP_SEGMENT, c)
    elif bid == ids.BLD_ROBOT:
        push(S, ids.TK_MACHINE, c, 2)
    elif bid == ids.BLD_HELIPORT:                      # COLO-HELI-01
        heliport_action(S, T, c)
    else:                                              # Wind Farm: REWARD-06 with n = 5
        add_energy(S, c, 5)
        push(S, ids.TK_FULFIL, c, 5, 0)


@njit(cache=True, _nrt=False)
def building_space_free(S, T, bid, sp, eng, credits):
    """LWP-BUILD-05/09: action space sp of building bid is free, not blocked, and its Engineers and Credits are
    there."""
    if S[L.LWP_SPACE + bid * 4 + sp] != ids.NOBODY or (sp == 0 and (S[L.LWP_BLOCKED] >> bid) & 1):
        return False
    return eng >= T.bld_space_eng[bid, sp] and credits >= T.bld_space_cr[bid, sp]


@njit(cache=True, _nrt=False)
def list_lwp_main_moves(S, T, c, eng, credits, out, n, scratch):
    """LWP-BUILD-05, LWP-EXTWORK-01, OFFICER-LESLIE-01, OFFICER-MARGOT-01: the Leeghwater actions of c's turn.
    Whether a building's action is performable (LWP-BUILD-07) depends only on the Credits left, so it is checked
    once per distinct space price."""
    b = co(c)
    if S[b + L.C_BUILDINGS_ON] != 0:
        for pos in range(L.BUILDINGS_DRAWN):
            bid = S[L.LWP_BUILDING + pos]
            if bid < 0 or not has_activated(S, c, bid):
                continue
            last_cr = -1
            ok = False
            for sp in range(4):
                if (S[b + L.C_BUILDINGS_USED] >> bid) & 1 or not building_space_free(S, T, bid, sp, eng, credits):
                    continue
                cr = T.bld_space_cr[bid, sp]
                if cr != last_cr:
                    ok = building_action_possible(S, T, c, bid, credits - cr, scratch)
                    last_cr = cr
                if ok:
                    out[n] = ids.MV_BUILDING_SPACE + bid * 4 + sp
                    n += 1
            fee = T.officer_space_fee[ids.MARGOT, 0]                   # OFFICER-MARGOT-01
            if (officer(S, c) == ids.MARGOT and S[b + L.C_MARGOT_ENG] == 0 and eng >= T.officer_space_eng[ids.MARGOT]
                    and credits >= fee and building_action_possible(S, T, c, bid, credits - fee, scratch)):
                out[n] = ids.MV_MARGOT + bid
                n += 1
    for slot in range(3):
        if extwork_space_open(S, T, c, slot, eng):
            out[n] = ids.MV_EXTWORK + slot
            n += 1
            if leslie_ready(S, c):
                out[n] = ids.MV_EXTWORK_LESLIE + slot
                n += 1
    return n


@njit(cache=True, _nrt=False)
def lwp_move_engineers(T, move):
    """Engineers a Leeghwater action places: the building space's printed Engineers (LWP-BUILD-05), 2 on an
    external-works space (LWP-EXTWORK-01), Margot's space's (1, OFFICER-MARGOT-01)."""
    if move < ids.MV_EXTWORK:
        i = move - ids.MV_BUILDING_SPACE
        return T.bld_space_eng[i // 4, i % 4]
    if move < ids.MV_MARGOT:
        return 2
    return T.officer_space_eng[ids.MARGOT]


@njit(cache=True, _nrt=False)
def apply_lwp_main_move(S, T, c, move):
    """Resolves a Leeghwater action chosen on c's turn (its Engineers, `lwp_move_engineers`, already placed)."""
    b = co(c)
    if move < ids.MV_EXTWORK:                          # LWP-BUILD-05
        bid = (move - ids.MV_BUILDING_SPACE) // 4
        sp = (move - ids.MV_BUILDING_SPACE) % 4
        S[L.LWP_SPACE + bid * 4 + sp] = c
        S[b + L.C_CREDITS] -= T.bld_space_cr[bid, sp]
        S[b + L.C_BUILDINGS_USED] |= 1 << bid
        perform_building_action(S, T, c, bid)
    elif move < ids.MV_EXTWORK_LESLIE:
        occupy_external_work(S, T, c, move - ids.MV_EXTWORK, False)
    elif move < ids.MV_MARGOT:
        occupy_external_work(S, T, c, move - ids.MV_EXTWORK_LESLIE, True)
    else:                                              # OFFICER-MARGOT-01: does not mark the building used
        S[b + L.C_MARGOT_ENG] = T.officer_space_eng[ids.MARGOT]
        S[b + L.C_CREDITS] -= T.officer_space_fee[ids.MARGOT, 0]
        perform_building_action(S, T, c, move - ids.MV_MARGOT)


@njit(cache=True, _nrt=False)
def is_lwp_main_move(move):
    """Whether a TK_MAIN move is a Leeghwater action."""
    return ids.MV_BUILDING_SPACE <= move < ids.MV_MARGOT + L.N_BUILDINGS


# ----------------------------------------------------------------------------------------------------------
# Leeghwater decisions
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def list_lwp_choice(S, T, kind, c, a0, a1, out, scratch):
    """Legal moves of a Leeghwater decision task."""
    b = co(c)
    n = 0
    if kind == ids.TK_LWP_DAM:
        for d in range(T.n_dams[0]):
            if _dam_ok(S, T, c, d, a0, a1):
                out[n] = d
                n += 1
        if a0 == DAM_NETHERLANDS:                      # COMPANY-NED-01: "may"
            out[n] = ids.MV_SKIP
            n += 1
    elif kind == ids.TK_LWP_WHEEL_TILE:
        for t in range(ids.N_TILES):
            if 0 <= S[b + L.C_TILE_LOC + t] < 6:
                out[n] = t
                n += 1
    elif kind == ids.TK_LWP_SEGMENT:                   # floor(half) of the segment, types of choice
        for seg in range(6):                           # (Elon's Excamixers are one more type, OFFICER-ELON-01)
            ex = S[b + L.C_WHEEL_EXC + seg]
            mx = S[b + L.C_WHEEL_MIX + seg]
            xx = S[b + L.C_WHEEL_XM + seg]
            if ex + mx + xx == 0:
                continue
            k = (ex + mx + xx) // 2
            for x in range(max(0, k - ex - mx), min(k, xx) + 1):
                for e in range(max(0, k - x - mx), min(k - x, ex) + 1):
                    out[n] = seg * 64 + e + SEGMENT_XM_UNIT * x
                    n += 1
    elif kind == ids.TK_LWP_EXTWORK:
        for i in range(3):
            w = S[L.LWP_EW_SHOWN + i]
            if w >= 0 and loan_price(T, w) <= S[b + L.C_CREDITS]:
                out[n] = i
                n += 1
    elif kind == ids.TK_LWP_ADV_TILE:
        for i in range(3):
            if S[L.PATENT + i] >= 0:
                out[n] = i
                n += 1
    elif kind == ids.TK_LWP_L1_ACTION:
        if building_action_possible(S, T, c, a0, S[b + L.C_CREDITS], scratch):
            out[n] = 1
            n += 1
        out[n] = ids.MV_SKIP
        n += 1
    return n


@njit(cache=True, _nrt=False)
def apply_lwp_choice(S, T, kind, c, a0, move):
    """Applies a move of a Leeghwater decision task."""
    b = co(c)
    if kind == ids.TK_LWP_DAM:
        if move != ids.MV_SKIP:
            place_drop_directly(S, T, move)           # WATER-13
    elif kind == ids.TK_LWP_WHEEL_TILE:
        S[b + L.C_TILE_LOC + move] = ids.TILE_IN_SUPPLY
    elif kind == ids.TK_LWP_SEGMENT:
        seg, e, m, x = segment_take(S, c, move)
        S[b + L.C_WHEEL_EXC + seg] -= e
        S[b + L.C_WHEEL_MIX + seg] -= m
        S[b + L.C_WHEEL_XM + seg] -= x
        S[b + L.C_EXC] += e
        S[b + L.C_MIX] += m
        S[b + L.C_EXCAMIXERS] += x
    elif kind == ids.TK_LWP_EXTWORK:                   # LWP-EXTWORK-06: no action space
        S[b + L.C_CREDITS] -= loan_price(T, S[L.LWP_EW_SHOWN + move])
        take_external_work(S, T, c, move, ids.VS_EXTWORKS)
    elif kind == ids.TK_LWP_ADV_TILE:                  # REWARD-12
        buy_patent_tile(S, c, move)
    elif kind == ids.TK_LWP_L1_ACTION:
        if move != ids.MV_SKIP:
            perform_building_action(S, T, c, a0)


# ----------------------------------------------------------------------------------------------------------
# End of Round (EOR-02/03/05), end of game (END-01 (3), LWP-BUILD-08), engineers placed (invariants)
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def lwp_engineers_placed(S, T, c):
    """Engineers company c has on building spaces, external-works spaces and Margot's space."""
    n = S[co(c) + L.C_MARGOT_ENG]
    if T.lwp_enabled[0] == 0:
        return n
    for i in range(L.N_BUILDINGS * 4):
        if S[L.LWP_SPACE + i] == c:
            n += T.bld_space_eng[i // 4, i % 4]
    for i in range(3):
        if S[L.LWP_EW_SPACE + i] == c:
            n += S[L.LWP_EW_ENG + i]
    return n


@njit(cache=True, _nrt=False)
def lwp_end_of_round(S, T):
    """EOR-02/03/05: Engineers home from the Leeghwater spaces, once-per-round uses reset, external works
    refreshed (LWP-EXTWORK-09)."""
    if T.lwp_enabled[0] == 0:
        return
    for c in range(T.n_players[0]):
        b = co(c)
        S[b + L.C_ENG] += lwp_engineers_placed(S, T, c)
        S[b + L.C_MARGOT_ENG] = 0
        S[b + L.C_BUILDINGS_USED] = 0
    for i in range(L.N_BUILDINGS * 4):
        S[L.LWP_SPACE + i] = ids.NOBODY
    for i in range(3):
        S[L.LWP_EW_SPACE + i] = ids.NOBODY
        S[L.LWP_EW_ENG + i] = 0
    refresh_external_works(S)


@njit(cache=True, _nrt=False)
def score_buildings(S, T):
    """END-01 (3), LWP-BUILD-08: the printed VP of every building a company activated."""
    if T.lwp_enabled[0] == 0:
        return
    for c in range(T.n_players[0]):
        v = 0
        for bid in range(L.N_BUILDINGS):
            if has_activated(S, c, bid):
                v += T.bld_vp[bid]
        if v > 0:
            add_vp(S, c, v, ids.VS_BUILDINGS)
