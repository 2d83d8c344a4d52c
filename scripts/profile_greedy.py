"""Profiles the greedy scorer on recorded decisions (1 thread, hot cache) and writes their scores.

    python scripts/profile_greedy.py [--games 100] [--strategies greedy] [--seed 5] [--reps 5] [--scores F.npy]
                                     [--total-only]

Plays seeded 4-player games with play_batch's loop, records every greedy decision (state, legal moves, the
deciding seat's weights), then replays the decisions through the scorer: the whole `score_decision`, and its
parts (the context `make_context`, the move scorers `score_moves`) per decision kind, best of `--reps` runs.
`--scores` saves every decision's scores (float64, concatenated) so two versions of the code can be compared
bit for bit. Replays do not change the recorded states (Mahiri's copy scoring restores what it changes).
Times are process CPU time net of copying the state; with other jobs on the machine compare two versions by
running them at the same time (the best of many repetitions is the most stable figure).
"""
from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from experiments.bench import batch_inputs
from experiments.play import game_seeds
from sim import GameConfig, ids
from sim.rules.company import co
from sim import layout as L
from sim.rules.engine import BUFFER_SIZE, advance, play_move
from sim.rules.rng import seed_state
from sim.rules.setup import setup_game
from strategies.core import BOT_RNG_SALT, GREEDY, automa_levels, choose_move
from strategies.feature_layout import load_weights
from strategies.features import make_context
from strategies.greedy import new_score_buffer, score_decision, score_moves
from strategies.score_buffer import _context_views
from strategies.tree_memory import new_tree_memory

MAX_MOVES = 512


@njit(cache=True)
def _record(T, seeds, fc, fo, strat, params, states, moves, nmoves, seats, cap):
    """Plays the games, copying every greedy decision with at most MAX_MOVES moves; returns how many."""
    S = np.zeros(L.STATE_SIZE, dtype=np.int64)
    out = np.empty(BUFFER_SIZE, dtype=np.int64)
    scratch = np.empty(16, dtype=np.int64)
    rng = np.zeros(1, dtype=np.int64)
    buf = new_score_buffer(BUFFER_SIZE)
    memory = new_tree_memory(0)                  # greedy seats: no planner memory, no value model
    model = np.zeros(1)
    k = 0
    for g in range(seeds.shape[0]):
        setup_game(S, T, seeds[g], fc[g], fo[g], automa_levels(strat[g], params[g], T.n_players[0]))
        rng[0] = seed_state(seeds[g] ^ BOT_RNG_SALT)
        n = advance(S, T, out, scratch)
        while n > 0:
            c = S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME + 1]
            if strat[g, c] == GREEDY and n <= MAX_MOVES and k < cap:
                states[k] = S
                moves[k, :n] = out[:n]
                nmoves[k] = n
                seats[k] = g * 8 + c
                k += 1
            i = choose_move(strat[g, c], params[g, c], S, T, out, n, rng, buf, memory, model, None)
            n = play_move(S, T, out[i], out, scratch)
    return k


@njit(cache=True)
def _kind(S):
    """Task kind of the pending decision."""
    return S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME]


@njit(cache=True)
def _replay(T, states, moves, nmoves, params, which, part, scores):
    """Runs `part` (0 whole scorer, 1 context only, 2 context + move scorers, 3 nothing) on the decisions with
    which[k]. Each state is first copied into one buffer, as the engine keeps its state in one (hot) array."""
    buf = new_score_buffer(BUFFER_SIZE)
    S = np.empty(states.shape[1], dtype=np.int64)
    o = 0
    acc = 0.0
    for k in range(states.shape[0]):
        if not which[k]:
            continue
        S[:] = states[k]
        n = nmoves[k]
        if part == 3:
            acc += S[0]
        elif part == 0:
            vals, _ = score_decision(params[k], S, T, moves[k], n, buf)
            if scores.shape[0] > 0:
                scores[o:o + n] = vals
                o += n
            acc += vals[0]
        else:
            t = L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME
            kind = S[t]
            if kind == ids.TK_MAHIRI:
                continue
            I, X, W, vals = _context_views(buf, n)
            load_weights(params[k], W)
            make_context(S, T, S[t + 1], W, I, X,
                         kind == ids.TK_MAIN or kind == ids.TK_PRODUCE or kind == ids.TK_BUILD)
            if part == 2:
                score_moves(S, T, I, X, W, moves[k], n, vals, kind, S[t + 2], S[t + 3])
            acc += X[0]
    return acc


def record(strategies: str, games: int, seed: int):
    """The greedy decisions of `games` seeded 4-player games."""
    config = GameConfig(players=4)
    b = batch_inputs(config, game_seeds(seed, games), strategies)
    cap = games * 400
    states = np.zeros((cap, L.STATE_SIZE), dtype=np.int64)
    moves = np.zeros((cap, MAX_MOVES), dtype=np.int64)
    nmoves = np.zeros(cap, dtype=np.int64)
    seats = np.zeros(cap, dtype=np.int64)
    k = _record(b.tables[0], b.seeds, b.fixed_company, b.fixed_officer, b.seat_strategy, b.params,
                states, moves, nmoves, seats, cap)
    par = b.params[seats[:k] // 8, seats[:k] % 8]
    return b.tables[0], states[:k], moves[:k], nmoves[:k], np.ascontiguousarray(par)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--strategies", default="greedy")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--scores", default="")
    ap.add_argument("--total-only", action="store_true", help="only the time of all decisions")
    a = ap.parse_args()
    import numba
    numba.set_num_threads(1)
    T, states, moves, nmoves, par = record(a.strategies, a.games, a.seed)
    kinds = np.array([_kind(s) for s in states])
    n = len(states)
    print(f"{n} decisions from {a.games} games ({a.strategies}); {nmoves.sum()} moves")
    if a.scores:
        out = np.zeros(int(nmoves.sum()), dtype=np.float64)
        _replay(T, states, moves, nmoves, par, np.ones(n, dtype=np.bool_), 0, out)
        np.save(a.scores, out)
        print(f"scores -> {a.scores}")
    empty = np.zeros(0)

    def best(which, part):
        _replay(T, states, moves, nmoves, par, which, part, empty)
        ts = []
        for _ in range(a.reps):
            t0 = time.process_time()
            _replay(T, states, moves, nmoves, par, which, part, empty)
            ts.append(time.process_time() - t0)
        return min(ts) * 1e6

    def net(which, part):
        return best(which, part) - best(which, 3)

    allk = np.ones(n, dtype=np.bool_)
    tot = net(allk, 0)
    print(f"all decisions: score_decision {tot / n:.2f} us/decision (total {tot / 1e3:.1f} ms)")
    if a.total_only:
        return
    seat = [s[L.STACK + (s[L.G_STACK_N] - 1) * L.FRAME + 1] for s in states]
    mahiri = np.array([k == ids.TK_MAIN and s[co(c) + L.C_OFFICER] == ids.MAHIRI
                       for k, s, c in zip(kinds, states, seat)])
    dearest = int(max(T['space_fee'][:L.N_SPACES] + T['space_price'][:L.N_SPACES]))
    short = np.array([k == ids.TK_MAIN and s[co(c) + L.C_CREDITS] < dearest and s[co(c) + L.C_OFFICER] != ids.MAHIRI
                      for k, s, c in zip(kinds, states, seat)])
    for name, w in (("main, Mahiri's (copies)", mahiri), ("main, others short of Credits (bank follow-ups)", short)):
        m = int(w.sum())
        print(f"{name}: {m} decisions, score_decision {net(w, 0) / m:.2f} us, context + score_main "
              f"{net(w, 2) / m:.2f} us")
    names = {v: k for k, v in vars(ids).items() if k.startswith("TK_") and isinstance(v, int)}
    print(f"{'kind':<18}{'n':>7}{'share':>7}{'whole':>9}{'context':>9}{'ctx+moves':>10}{'% time':>8}")
    for kd in np.unique(kinds):
        w = kinds == kd
        m = int(w.sum())
        whole = net(w, 0)
        ctx = net(w, 1)
        cm = net(w, 2)
        print(f"{names.get(int(kd), kd):<18}{m:>7}{m / n:>7.2f}{whole / m:>9.2f}{ctx / m:>9.2f}{cm / m:>10.2f}"
              f"{100 * whole / tot:>8.1f}")


if __name__ == "__main__":
    main()
