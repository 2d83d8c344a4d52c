"""Barrage: Duel (DUEL-*): the duel map's preparation, the duel board's setup, the Check phase and the markers' VP.

Everything here runs only when the tables enable it (`duel_map`, `duel_board`); the base game draws nothing extra.
"""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import add_vp, co
from sim.rules.rewards import give_reward
from sim.rules.rng import shuffle_local
from sim.rules.stack import push
from sim.rules.water import own_dam_drops

SIDE_OF_SEAT = (-1, 1)   # DUEL-BOARD-01: negative positions = the first seat's side


# ---- preparation (DUEL-PREP-01..07) ------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def is_blocked(S, g):
    """DUEL-PREP-05: map space g holds a preparation tile and can never be built on."""
    return (S[L.DUEL_BLOCKED + g // 32] >> (g % 32)) & 1 == 1


@njit(cache=True, _nrt=False)
def block_space(S, g):
    """Puts a preparation tile on map space g (DUEL-PREP-03/04)."""
    S[L.DUEL_BLOCKED + g // 32] |= 1 << (g % 32)


@njit(cache=True, _nrt=False)
def place_preparation_tile(S, T, i, location):
    """DUEL-PREP-02..04: preparation tile i dealt location tile `location` (1..8): a neutral dam with its drops on the
    lower dam space of that red area, or a blocker on the space its arrow addresses; a powerhouse tile dealt 8 is
    removed (no green area 8). Returns the map space used, -1 if the tile was removed."""
    S[L.DUEL_PREP_LOC + i] = location
    g = T.duel_prep_space[i, location - 1]
    if g < 0:                                                     # DUEL-PREP-04, EX-21
        return -1
    if T.duel_prep_level[i] > 0:                                  # DUEL-PREP-02: the only neutral dams
        S[L.DAM_OWNER + g] = ids.NEUTRAL
        S[L.DAM_LEVEL + g] = T.duel_prep_level[i]
        S[L.DAM_DROPS + g] = T.duel_prep_drops[i]
        S[L.G_DROPS_CREATED] += T.duel_prep_drops[i]
    else:
        block_space(S, g)
    return g


@njit(cache=True)
def prepare_duel_map(S, T):
    """DUEL-PREP-01: shuffle the 8 location tiles and deal one to each preparation tile (distinct numbers, so no two
    items share an area, DUEL-PREP-07); replaces SETUP-08's one neutral dam per area."""
    locations = np.arange(1, L.N_PREP_TILES + 1)
    shuffle_local(S, locations, L.N_PREP_TILES)
    for i in range(L.N_PREP_TILES):
        place_preparation_tile(S, T, i, locations[i])


# ---- duel board setup (DUEL-BOARD-01..03) --------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def tile_slot(row, position):
    """State offset of the reward tile on `position` (-L..L) of scale `row`."""
    return L.DUEL_TILE + row * (2 * L.MAX_SCALE + 1) + position + L.MAX_SCALE


@njit(cache=True, _nrt=False)
def clear_duel_board(S):
    """No conditions, no reward tiles, markers on 0 (the state of a game without the duel board)."""
    for r in range(ids.DUEL_ROWS):
        S[L.DUEL_COND + r] = -1
        S[L.DUEL_MARKER + r] = 0
    for i in range(ids.DUEL_ROWS * (2 * L.MAX_SCALE + 1)):
        S[L.DUEL_TILE + i] = -1


@njit(cache=True)
def setup_duel_board(S, T):
    """DUEL-BOARD-02/03: one shuffled condition tile per row (the pool already lacks the external-works tile without
    Leeghwater); shuffled reward tiles I on the I spaces (row by row, each position on the first seat's side then
    the second's), the rest unseen in the box; a reward tile II on every II space; markers on 0."""
    clear_duel_board(S)
    if T.duel_board[0] == 0:
        return
    n = T.n_duel_cond[0]
    conds = T.duel_cond_pool[:n].copy()
    shuffle_local(S, conds, n)
    for r in range(ids.DUEL_ROWS):
        S[L.DUEL_COND + r] = conds[r]
    rewards = np.arange(ids.N_DUEL_REWARD_I)
    shuffle_local(S, rewards, ids.N_DUEL_REWARD_I)
    k = 0
    for r in range(ids.DUEL_ROWS):
        for j in range(L.MAX_SCALE):
            p = T.duel_reward_I_pos[r, j]
            if p < 0:
                break
            for side in SIDE_OF_SEAT:
                S[tile_slot(r, side * p)] = rewards[k]
                k += 1
        p2 = T.duel_reward_II_pos[r]
        S[tile_slot(r, -p2)] = ids.DUEL_REWARD_II
        S[tile_slot(r, p2)] = ids.DUEL_REWARD_II


# ---- Check phase (DUEL-CHECK-01..05, DUEL-COND-01..05) -------------------------------------------------------------
@njit(cache=True, _nrt=False)
def note_contract(S, T, c, k):
    """DUEL-COND-05: a contract fulfilled this round counts starting/green 1, yellow 2, red 3, national 4."""
    if T.duel_board[0] == 1:
        S[L.DUEL_CONTRACT_PTS + c] += T.duel_contract_pts[T.contract_kind[k]]


@njit(cache=True, _nrt=False)
def machinery_pairs(exc, mix, excamixers):
    """DUEL-COND-04: pairs of an Excavator and a Mixer in the personal supply (wheel excluded); each of Elon's
    Excamixers may stand for either half of a pair (OFFICER-ELON-01): the most pairs p with p <= exc + x1,
    p <= mix + x2 and x1 + x2 <= excamixers."""
    return min(exc + excamixers, mix + excamixers, (exc + mix + excamixers) // 2)


@njit(cache=True, _nrt=False)
def condition_count(S, T, c, cond):
    """How many times company c fulfils condition tile `cond` now (DUEL-COND-01..05)."""
    b = co(c)
    if cond == ids.DC_CREDITS:
        return S[b + L.C_CREDITS] // 3                            # DUEL-COND-01
    if cond == ids.DC_ENERGY:
        return S[b + L.C_ENERGY] // 4                             # DUEL-COND-02 (TERM-09)
    if cond == ids.DC_DROPS:
        return own_dam_drops(S, T, c)                             # DUEL-COND-03
    if cond == ids.DC_PAIRS:
        return machinery_pairs(S[b + L.C_EXC], S[b + L.C_MIX], S[b + L.C_EXCAMIXERS])   # DUEL-COND-04
    if cond == ids.DC_CONTRACTS:
        return S[L.DUEL_CONTRACT_PTS + c]                         # DUEL-COND-05
    return S[L.DUEL_EW_MACH + c]                                  # DUEL-COND-06 (in the pool only with Leeghwater)


@njit(cache=True, _nrt=False)
def note_extwork_machineries(S, T, c, n):
    """DUEL-COND-06: n machineries spent on an external work this round (Leslie's, paid onto her wheel, count too;
    the Loan Agency's Credits do not: it never calls this)."""
    if T.duel_board[0] == 1:
        S[L.DUEL_EW_MACH + c] += n


@njit(cache=True, _nrt=False)
def marker_move(S, T, row):
    """DUEL-CHECK-03: (seat that moves, signed steps) of a row's check; (-1, 0) on a tie."""
    cond = S[L.DUEL_COND + row]
    d = condition_count(S, T, 1, cond) - condition_count(S, T, 0, cond)
    if d == 0:
        return -1, 0
    return (1, d) if d > 0 else (0, d)


@njit(cache=True, _nrt=False)
def move_marker(S, T, row, steps, entered):
    """DUEL-CHECK-04/05: moves a row's marker `steps` spaces (signed), stopping at the scale's end; the reward tiles of
    the spaces entered are taken off the board and written to `entered` in the order entered. Returns their number."""
    end = T.duel_scale[0]
    step = 1 if steps > 0 else -1
    n = 0
    for _ in range(abs(steps)):
        p = S[L.DUEL_MARKER + row]
        if p * step >= end:                                      # DUEL-CHECK-04: further advances ignored
            break
        p += step
        S[L.DUEL_MARKER + row] = p
        t = S[tile_slot(row, p)]
        if t >= 0:                                               # DUEL-CHECK-05: entered by passing or stopping
            entered[n] = t
            n += 1
            S[tile_slot(row, p)] = -1
    return n


@njit(cache=True, _nrt=True)
def check_row(S, T, row):
    """DUEL-CHECK-02: checks one row; the next row (or Scoring after the last) is queued beneath the rewards, so it is
    counted after they are applied. Rewards go to the seat that moved the marker, in the order entered."""
    seat, steps = marker_move(S, T, row)
    if row + 1 < ids.DUEL_ROWS:
        push(S, ids.TK_DUEL_CHECK, -1, row + 1)
    else:
        for c in range(T.n_players[0]):                           # the reminder contracts go back (DUEL-COND-05)
            S[L.DUEL_CONTRACT_PTS + c] = 0                        # and the works' machineries (DUEL-COND-06)
            S[L.DUEL_EW_MACH + c] = 0
        push(S, ids.TK_SCORING, -1)
    if seat < 0:
        return
    entered = np.empty(2 * L.MAX_SCALE, dtype=np.int64)
    n = move_marker(S, T, row, steps, entered)
    for i in range(n - 1, -1, -1):                                # stack: the first tile entered resolves first
        push(S, ids.TK_DUEL_REWARD, seat, entered[i])


@njit(cache=True, _nrt=False)
def give_duel_reward(S, T, c, tile):
    """DUEL-REWARD-01/02: the reward of tile I k (or II) through the reward vocabulary; its VP count as 'duel'."""
    give_reward(S, T, c, T.duel_reward_rid[tile], ids.VS_DUEL)


@njit(cache=True, _nrt=False)
def marker_vp(T, position):
    """DUEL-END-01: VP of a marker on `position` for the seat on whose side it stands (0 on the centre)."""
    return T.duel_vp[abs(position)]


@njit(cache=True, _nrt=False)
def score_markers(S, T):
    """DUEL-END-01 (END-01 step 5): each marker gives the VP of its space to the seat on whose side it stands."""
    if T.duel_board[0] == 0:
        return
    for r in range(ids.DUEL_ROWS):
        p = S[L.DUEL_MARKER + r]
        if p != 0:
            add_vp(S, 0 if p < 0 else 1, marker_vp(T, p), ids.VS_DUEL)
