"""Setup (SETUP-01..24): shared components, pairings and starting contracts, company starting state."""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.automa_deck import shuffle_automa_deck
from sim.rules.colorado import setup_colorado
from sim.rules.company import add_vp, co
from sim.rules.contracts import refill_display
from sim.rules.duel import prepare_duel_map, setup_duel_board
from sim.rules.geology import place_tokens
from sim.rules.lwp import deal_advanced_piles, give_company_pieces, setup_leeghwater
from sim.rules.rng import below, seed_state64, shuffle, shuffle_local
from sim.rules.scoring import refresh_patent_office
from sim.rules.stack import push

INTRO_CONTRACT = 7   # SETUP_PICK move: the introductory pairing's own starting contract (SETUP-18)
NO_CONTRACT = 6      # SETUP_PICK move: no starting contract (an Automa, AUTOMA-06)


@njit(cache=True)
def _shared_components(S, T):
    """SETUP-02..10: headstreams, bonus and objective tiles, contracts, neutral dams, Patent Office."""
    n = T.n_players[0]
    tiles = np.arange(T.n_head_tiles[0])
    shuffle_local(S, tiles, tiles.shape[0])                       # SETUP-02
    for h in range(T.n_head[0]):
        S[L.HEAD_TILE + h] = tiles[h] if T.fixed_head[0] < 0 else T.fixed_head[h]   # a variant may fix the draw
    bonus = np.empty(T.n_bonus_tiles[0], dtype=np.int64)
    nb = 0
    for i in range(T.n_bonus_tiles[0]):                           # LWP-SETUP-04, COLO-SETUP-03: the pool
        if not (T.intro[0] == 1 and T.bonus_pool[i] == ids.B_ADVANCED):   # SETUP-04
            bonus[nb] = T.bonus_pool[i]
            nb += 1
    shuffle_local(S, bonus, nb)                                   # SETUP-03
    for r in range(5):
        S[L.G_BONUS + r] = bonus[r] if T.fixed_bonus[0] < 0 else T.fixed_bonus[r]
    S[L.G_OBJECTIVE] = below(S, T.n_objectives[0])               # SETUP-05
    if T.fixed_objective[0] >= 0:                                 # drawn all the same: the other draws don't move
        S[L.G_OBJECTIVE] = T.fixed_objective[0]
    first_national = 0
    while T.contract_kind[first_national] != ids.NATIONAL:
        first_national += 1
    nat = np.arange(first_national, first_national + 6)
    shuffle_local(S, nat, 6)                                      # SETUP-06
    for i in range(6):
        S[L.CON_STATE + nat[i]] = ids.CS_NATIONAL_BOARD if i < n - 1 else ids.CS_BOX
    for colour in range(3):                                       # SETUP-07 (COLO-SETUP-02: 16 with Colorado)
        k = 0
        for j in range(L.N_CONTRACTS):
            if T.contract_kind[j] == colour:
                S[L.PILE + colour * L.PILE_SIZE + k] = j
                S[L.CON_STATE + j] = ids.CS_PILE
                k += 1
        for j in range(k, L.PILE_SIZE):
            S[L.PILE + colour * L.PILE_SIZE + j] = -1
        shuffle(S, L.PILE + colour * L.PILE_SIZE, k)
    for i in range(6):
        S[L.DISPLAY + i] = -1
    refill_display(S, T)
    if T.duel_map[0] == 1:                                        # DUEL-PREP-01..07 replace SETUP-08
        prepare_duel_map(S, T)
    for area in range(3 if T.duel_map[0] == 0 else 0):            # SETUP-08
        k = 0
        while k < T.neutral_options.shape[1] and T.neutral_options[area, k] >= 0:
            k += 1
        d = T.neutral_options[area, below(S, k)]
        S[L.DAM_OWNER + d] = ids.NEUTRAL
        S[L.DAM_LEVEL + d] = T.neutral_level[area]
        S[L.DAM_DROPS + d] = 1
        S[L.G_DROPS_CREATED] += 1
    for i in range(3):
        S[L.PATENT + i] = -1
    S[L.TECH_POS] = L.N_ADV
    if T.intro[0] == 0 and T.lwp_enabled[0] == 1:                # SETUP-09 with LWP-SETUP-03
        deal_advanced_piles(S, T)
        S[L.TECH_POS] = 0
        refresh_patent_office(S, T)
    elif T.intro[0] == 0:                                         # SETUP-09
        for level in range(3):
            base = L.TECH_PILE + level * 5
            k = 0
            for t in range(ids.T_ANTON):                          # the Building tiles only with LWP
                if T.tile_level[t] == level + 1:
                    S[base + k] = t
                    k += 1
            shuffle(S, base, 5)
            for k in range(5):                                    # S-05: removed after the shuffle, so the
                if T.removed_tile[S[base + k]] == 1:              # generator stays in step; the gap is skipped
                    S[base + k] = -1
        S[L.TECH_POS] = 0
        refresh_patent_office(S, T)
    place_tokens(S, T)                                            # GEO-02..05
    setup_leeghwater(S, T)                                        # LWP-SETUP-01/02
    setup_duel_board(S, T)                                        # DUEL-BOARD-02/03 (no draws without the board)
    setup_colorado(S, T)                                          # COLO-SETUP-04/05 (no draws without Colorado)


@njit(cache=True)
def _deal_pairings(S, T, fixed_company, fixed_officer):
    """SETUP-13/14/18/19: N company+officer pairings, starting contracts, Mahiri's copy pool."""
    n = T.n_players[0]
    if T.intro[0] == 1:
        order = np.arange(T.n_intro_pairings[0])
        shuffle_local(S, order, order.shape[0])
        used = np.zeros(T.n_intro_pairings[0], dtype=np.int64)
        for s in range(n):
            k = -1
            if fixed_company[s] >= 0:
                for j in range(order.shape[0]):
                    if T.intro_pairings[j, 0] == fixed_company[s]:
                        k = j
            else:
                for j in range(order.shape[0]):
                    if used[order[j]] == 0 and k < 0:
                        ok = True
                        for s2 in range(n):
                            if fixed_company[s2] == T.intro_pairings[order[j], 0]:
                                ok = False
                        if ok:
                            k = order[j]
            used[k] = 1
            S[L.PAIR_COMPANY + s] = T.intro_pairings[k, 0]
            S[L.PAIR_OFFICER + s] = T.intro_pairings[k, 1]
            S[L.START_DEALT + s] = T.intro_pairings[k, 2]
        return
    nc = T.n_companies[0]                                         # 5 boards with LWP (COMPANY-NED-01)
    companies = np.arange(nc)
    shuffle_local(S, companies, nc)
    officers = T.officer_pool[:T.n_officer_pool[0]].copy()
    shuffle_local(S, officers, officers.shape[0])
    ci = 0
    oi = 0
    for s in range(n):
        if fixed_company[s] >= 0:
            S[L.PAIR_COMPANY + s] = fixed_company[s]
        else:
            while True:                      # next shuffled company not fixed for another seat
                cand = companies[ci]
                ci += 1
                taken = False
                for s2 in range(n):
                    if fixed_company[s2] == cand:
                        taken = True
                if not taken:
                    break
            S[L.PAIR_COMPANY + s] = cand
        if fixed_officer[s] >= 0:
            S[L.PAIR_OFFICER + s] = fixed_officer[s]
    dealt = np.full(4, -1, dtype=np.int64)   # BGA deals 4 officers at every player count (SETUP-19)
    for s in range(n):
        if fixed_officer[s] < 0:
            while True:
                cand = officers[oi]
                oi += 1
                taken = False
                for s2 in range(n):
                    if fixed_officer[s2] == cand:
                        taken = True
                if not taken:
                    break
            S[L.PAIR_OFFICER + s] = cand
        dealt[s] = S[L.PAIR_OFFICER + s]
    for s in range(n, 4):
        while True:
            cand = officers[oi]
            oi += 1
            taken = False
            for s2 in range(n):
                if S[L.PAIR_OFFICER + s2] == cand:
                    taken = True
            if not taken:
                break
        dealt[s] = cand
    for s in range(n):
        if S[L.PAIR_OFFICER + s] == ids.MAHIRI:
            k = 0
            for j in range(4):
                if j != s:
                    S[L.MAHIRI_POOL + k] = dealt[j]
                    k += 1
    starts = np.arange(4)                    # SETUP-14: S1..S4 are contracts 0..3
    shuffle_local(S, starts, 4)
    for s in range(n):
        S[L.START_DEALT + s] = starts[s]


@njit(cache=True)
def setup_game(S, T, seed, fixed_company, fixed_officer, automa_level):
    """Sets up a new game in S; pushes the pairing choices (SETUP-15) and the first round.

    automa_level[seat] > 0 makes the seat an Automa of that level (AUTOMA-01/03); they choose after the
    players, and the shared Automa deck is shuffled (AUTOMA-02)."""
    S[:] = 0
    S[L.G_RNG] = seed_state64(seed)
    S[L.G_PHASE] = ids.PH_SETUP
    for d in range(L.MAX_DAMS):
        S[L.DAM_OWNER + d] = ids.NOBODY
    for k in range(L.MAX_CONDUITS):
        S[L.COND_OWNER + k] = ids.NOBODY
    for p in range(L.MAX_PH):
        S[L.PH_OWNER + p] = ids.NOBODY
    for s in range(L.N_SPACES):
        S[L.SPACE_OCC + s] = ids.NOBODY
    for k in range(L.N_CONTRACTS):
        S[L.CON_STATE + k] = ids.CS_BOX
        S[L.CON_OWNER + k] = ids.NOBODY
    for i in range(3):
        S[L.MAHIRI_POOL + i] = -1
    for c in range(L.MAX_PLAYERS):
        S[L.PAIR_COMPANY + c] = -1
        S[L.PAIR_OFFICER + c] = -1
        S[L.START_DEALT + c] = -1
        b = co(c)
        S[b + L.C_COMPANY] = -1
        S[b + L.C_OFFICER] = -1
        S[b + L.C_EFF_OFFICER] = -1
        for t in range(ids.N_TILES):
            S[b + L.C_TILE_LOC + t] = ids.TILE_NOT_OWNED
        if c < T.n_players[0]:
            S[b + L.C_AUTOMA] = automa_level[c]
    _shared_components(S, T)
    _deal_pairings(S, T, fixed_company, fixed_officer)
    n = T.n_players[0]
    for s in range(n):
        S[L.CON_STATE + S[L.START_DEALT + s]] = ids.CS_DEALT
    forced = 0
    for s in range(n):
        if fixed_company[s] >= 0 or fixed_officer[s] >= 0:
            forced = 1
    first = below(S, n)                                           # SETUP-15
    S[L.G_FIRST_CHOOSER] = first
    push(S, ids.TK_SETUP_DONE, -1)
    order = np.empty(n, dtype=np.int64)                           # AUTOMA-01: Automas are dealt after the players
    k = 0
    for automa in range(2):
        for i in range(n):
            seat = (first + i) % n
            if (S[co(seat) + L.C_AUTOMA] > 0) == (automa == 1):
                order[k] = seat
                k += 1
    for i in range(n - 1, -1, -1):
        push(S, ids.TK_SETUP_PICK, order[i], forced, i)
    if automa_level[:n].max() > 0:
        shuffle_automa_deck(S)


@njit(cache=True, _nrt=False)
def list_picks(S, T, seat, forced, out):
    """SETUP-15: a free pairing (the seat's own when the setup is fixed) and a dealt starting contract."""
    n_out = 0
    for p in range(T.n_players[0]):
        if S[L.PAIR_TAKEN + p] == 1 or (forced == 1 and p != seat):
            continue
        if T.intro[0] == 1:
            out[n_out] = p * 8 + INTRO_CONTRACT
            n_out += 1
            continue
        for j in range(T.n_players[0]):
            if S[L.START_DEALT + j] >= 0 and S[L.CON_STATE + S[L.START_DEALT + j]] == ids.CS_DEALT:
                out[n_out] = p * 8 + j
                n_out += 1
    return n_out


@njit(cache=True, _nrt=False)
def apply_pick(S, T, seat, pick_index, move):
    """SETUP-16/20/21: the seat takes its pairing and contract; its starting state and turn-order space."""
    p = move // 8
    j = move % 8
    n = T.n_players[0]
    b = co(seat)
    S[L.PAIR_TAKEN + p] = 1
    off = S[L.PAIR_OFFICER + p]
    S[b + L.C_COMPANY] = S[L.PAIR_COMPANY + p]
    S[b + L.C_OFFICER] = off
    S[b + L.C_EFF_OFFICER] = off
    S[b + L.C_CREDITS] = T.officer_start_credits[off]
    S[b + L.C_EXC] = T.officer_start_machines[off, 0]             # SETUP-21: Elon's 8 Excamixers instead
    S[b + L.C_MIX] = T.officer_start_machines[off, 1]
    S[b + L.C_EXCAMIXERS] = T.officer_start_machines[off, 2]
    S[b + L.C_ENG] = T.start_resources[3]
    S[b + L.C_ARCHITECT] = T.officer_architect[off]               # SETUP-21: Tommaso's 11 Engineers + Architect
    S[b + L.C_MACH_GAINED] = S[b + L.C_EXC] + S[b + L.C_MIX] + S[b + L.C_EXCAMIXERS]
    add_vp(S, seat, T.start_resources[4], ids.VS_START)
    S[b + L.C_PIECES + ids.BASE] = 5
    S[b + L.C_PIECES + ids.ELEVATION] = 5
    S[b + L.C_PIECES + ids.CONDUIT] = 5
    S[b + L.C_PIECES + ids.POWERHOUSE] = 4
    for t in range(4):
        S[b + L.C_TILE_LOC + t] = ids.TILE_IN_SUPPLY
    if T.intro[0] == 1:                                           # SETUP-11
        S[b + L.C_TILE_LOC + ids.T_BASIC_WILD] = ids.TILE_IN_SUPPLY
    if off == ids.ANTON:                                          # SETUP-21
        S[b + L.C_TILE_LOC + ids.T_ANTON] = ids.TILE_IN_SUPPLY
    give_company_pieces(S, T, seat)                               # LWP-01
    if j != NO_CONTRACT:
        k = S[L.START_DEALT + (p if j == INTRO_CONTRACT else j)]
        S[L.CON_STATE + k] = ids.CS_HAND
        S[L.CON_OWNER + k] = seat
    S[L.G_TURN_ORDER + n - 1 - pick_index] = seat                 # SETUP-16


@njit(cache=True, _nrt=False)
def finish_setup(S, T):
    """Unchosen starting contracts return to the box; round 1 begins."""
    for s in range(T.n_players[0]):
        k = S[L.START_DEALT + s]
        if k >= 0 and S[L.CON_STATE + k] == ids.CS_DEALT:
            S[L.CON_STATE + k] = ids.CS_BOX
    push(S, ids.TK_START_ROUND, -1, 1)
