"""Plays batches of games inside numba (prange over games) and returns one result row per (game, seat)."""
from __future__ import annotations

import numpy as np
from numba import njit, prange

from sim import ids
from sim import layout as L
from sim.invariants import violations
from sim.rules.company import co
from sim.rules.engine import BUFFER_SIZE, advance, play_move
from sim.rules.rng import seed_state
from sim.rules.scoring import final_ranks
from sim.rules.setup import setup_game
from strategies.core import BOT_RNG_SALT, automa_levels, choose_move

# Integer result fields per (game, seat)
RESULT_FIELDS = (
    ("company", 1), ("officer", 1), ("vp", 1), ("rank", 1), ("vp_src", ids.N_VP_SOURCES), ("energy", 5),
    ("turn_pos", 5), ("built", 4), ("contracts_fulfilled", 1), ("decisions", 1),
)
R = {}
_o = 0
for _name, _size in RESULT_FIELDS:
    R[_name] = _o
    _o += _size
N_RESULT = _o
R_COMPANY, R_OFFICER, R_VP, R_RANK = R["company"], R["officer"], R["vp"], R["rank"]
R_VP_SRC, R_ENERGY, R_TURN_POS, R_BUILT = R["vp_src"], R["energy"], R["turn_pos"], R["built"]
R_FULFILLED, R_DECISIONS = R["contracts_fulfilled"], R["decisions"]
# Per-game fields
GAME_FIELDS = (("bonus", 5), ("objective", 1), ("decisions", 1), ("moves", 1), ("headstream_tiles", L.MAX_HEADSTREAMS))
N_GAME = sum(size for _, size in GAME_FIELDS)
G_HEAD_TILES = 8


@njit(cache=True)
def play_one(S, T, seed, fixed_company, fixed_officer, seat_strategy, params, out, scratch, rng):
    """Plays one whole game in S with the given per-seat strategies (seats whose strategy is AUTOMA are Automa
    seats the engine plays); returns the number of decisions."""
    setup_game(S, T, seed, fixed_company, fixed_officer, automa_levels(seat_strategy, params, T.n_players[0]))
    rng[0] = seed_state(seed ^ BOT_RNG_SALT)
    n = advance(S, T, out, scratch)
    while n > 0:
        c = S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME + 1]
        i = choose_move(seat_strategy[c], params[c], S, T, out, n, rng)
        n = play_move(S, T, out[i], out, scratch)
    return S[L.G_DECISIONS]


@njit(cache=True)
def record(S, T, seat_rows, game_row):
    """Writes the result rows of a finished game."""
    np_ = T.n_players[0]
    rank = np.zeros(np_, dtype=np.int64)
    win = np.zeros(np_, dtype=np.float64)
    final_ranks(S, T, rank, win)
    for c in range(np_):
        b = co(c)
        r = seat_rows[c]
        r[R_COMPANY] = S[b + L.C_COMPANY]
        r[R_OFFICER] = S[b + L.C_OFFICER]
        r[R_VP] = S[b + L.C_VP]
        r[R_RANK] = rank[c]
        for i in range(ids.N_VP_SOURCES):
            r[R_VP_SRC + i] = S[b + L.C_VP_SRC + i]
        for i in range(5):
            r[R_ENERGY + i] = S[b + L.C_ENERGY_HIST + i]
            r[R_TURN_POS + i] = S[b + L.C_TURN_POS_HIST + i]
        full = (5, 5, 5, 4)
        for i in range(4):
            r[R_BUILT + i] = full[i] - S[b + L.C_PIECES + i]
        r[R_FULFILLED] = S[b + L.C_FULFILLED]
        r[R_DECISIONS] = S[b + L.C_DECISIONS]
    for i in range(5):
        game_row[i] = S[L.G_BONUS + i]
    game_row[5] = S[L.G_OBJECTIVE]
    game_row[6] = S[L.G_DECISIONS]
    game_row[7] = S[L.G_MOVES]
    for h in range(L.MAX_HEADSTREAMS):
        game_row[G_HEAD_TILES + h] = S[L.HEAD_TILE + h] if h < T.n_head[0] else -1


@njit(cache=True, parallel=True)
def play_batch(tables, seeds, fixed_company, fixed_officer, seat_strategy, params, seat_out, game_out):
    """Plays len(seeds) games in parallel; game g uses seeds[g] and row g of the per-game setup arrays.

    `tables` is the 1-element record array of the variant (records cannot cross into a parallel loop)."""
    for g in prange(seeds.shape[0]):
        T = tables[0]
        S = np.zeros(L.STATE_SIZE, dtype=np.int64)
        out = np.empty(BUFFER_SIZE, dtype=np.int64)
        scratch = np.empty(16, dtype=np.int64)
        rng = np.zeros(1, dtype=np.int64)
        play_one(S, T, seeds[g], fixed_company[g], fixed_officer[g], seat_strategy[g], params[g], out, scratch, rng)
        record(S, T, seat_out[g], game_out[g])


@njit(cache=True, parallel=True)
def fuzz_batch(tables, seeds, fixed_company, fixed_officer, seat_strategy, params, report):
    """Plays games like play_batch (per-seat bots; AUTOMA seats become Automas) checking every invariant after
    every move. report[g] = (move index, violation mask) of the first violation in game g, or (-1, 0)."""
    for g in prange(seeds.shape[0]):
        T = tables[0]
        S = np.zeros(L.STATE_SIZE, dtype=np.int64)
        out = np.empty(BUFFER_SIZE, dtype=np.int64)
        scratch = np.empty(16, dtype=np.int64)
        rng = np.zeros(1, dtype=np.int64)
        report[g, 0] = -1
        report[g, 1] = 0
        setup_game(S, T, seeds[g], fixed_company[g], fixed_officer[g],
                   automa_levels(seat_strategy[g], params[g], T.n_players[0]))
        rng[0] = seed_state(seeds[g] ^ BOT_RNG_SALT)
        n = advance(S, T, out, scratch)
        k = 0
        while True:
            bad = violations(S, T)
            if bad != 0:
                report[g, 0] = k
                report[g, 1] = bad
                break
            if n == 0:
                break
            c = S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME + 1]
            i = choose_move(seat_strategy[g, c], params[g, c], S, T, out, n, rng)
            n = play_move(S, T, out[i], out, scratch)
            k += 1
