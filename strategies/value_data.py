"""Training positions for the learned evaluator: games played by the built-in bots inside numba (as
strategies.batch.play_batch plays them), recording the public features (strategies.value_features) of sampled
decision positions from every company's point of view.

A game records the position before every `every`-th decision (counting from a per-game offset drawn from its seed,
so the sampled decisions differ from game to game), at most `cap` positions; each position gives one row per
company. Exploration: with probability `explore` a bot seat (not an Automa) plays, instead of its own choice, a
move drawn uniformly from the `width` best of the greedy scorer with `explore_weights` -- the moves the planners'
priors and the lookahead bot weigh -- and the position right after it is recorded too, so the evaluator learns what such moves lead to, not
only what the bots' own choices do. The targets (final VP margin and win share) come from the game's result rows once it is over
(experiments.learn).
"""
import numpy as np
from numba import prange

from sim import layout as L
from sim.jit import njit
from sim.results import record
from sim.rules.engine import advance, play_move
from sim.rules.rng import seed_state
from sim.rules.setup import setup_game
from strategies.batch import game_buffers
from strategies.bot_rng import bot_next
from strategies.core import AUTOMA, BOT_RNG_SALT, automa_levels, choose_move, plan_memory
from strategies.priors import heuristic_scores
from strategies.value_features import N_FEATURES, position_features
from strategies.value_model import V_ORDER, V_SIZE, new_work

RECORD_SALT = 0x5EED_0F_DA7A   # the sampling offset's stream, apart from the game's and the bots' streams


@njit(cache=True, parallel=True)
def record_batch(tables, seeds, fixed_company, fixed_officer, seat_strategy, params, model, planners, every, explore,
                 width, explore_weights, feats, meta, seat_out, game_out):
    """Plays len(seeds) games like play_batch and records their positions: feats[g, i * players + c] holds the
    features of game g's i-th recorded position seen by company c (float32), meta[g, i * players + c] =
    (company c, round, decision index); rows past the game's count keep meta's company at -1. Returns nothing;
    the number of rows of game g is the count of meta[g, :, 0] >= 0."""
    cap = feats.shape[1]
    for g in prange(seeds.shape[0]):
        T = tables[0]
        S, out, scratch, rng, score_buf = game_buffers()
        work = new_work()
        n_players = T.n_players[0]
        for r in range(cap):
            meta[g, r, 0] = -1
        setup_game(S, T, seeds[g], fixed_company[g], fixed_officer[g],
                   automa_levels(seat_strategy[g], params[g], n_players))
        rng[0] = seed_state(seeds[g] ^ BOT_RNG_SALT)
        memory = plan_memory(seat_strategy[g], params[g], n_players)
        xrng = np.zeros(1, dtype=np.int64)
        xrng[0] = seed_state(seeds[g] ^ RECORD_SALT)
        offset = bot_next(xrng) % every
        rows = 0
        n = advance(S, T, out, scratch)
        k = 0
        while n > 0:
            if n > 1 and k % every == offset and rows + n_players <= cap:
                rows = _record_position(S, T, feats[g], meta[g], rows, work, score_buf)
            if n > 1:
                k += 1
            c = S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME + 1]
            explored = n > 1 and seat_strategy[g, c] != AUTOMA and bot_next(xrng) < explore * 4294967296.0
            if explored:
                i = _explore(S, T, out, n, explore_weights, width, xrng, score_buf)
            else:
                i = choose_move(seat_strategy[g, c], params[g, c], S, T, out, n, rng, score_buf, memory, model,
                                planners)
            n = play_move(S, T, out[i], out, scratch)
            if explored and n > 0 and rows + n_players <= cap:
                rows = _record_position(S, T, feats[g], meta[g], rows, work, score_buf)
        record(S, T, seat_out[g], game_out[g])


@njit(cache=True)
def _record_position(S, T, feats, meta, rows, work, score_buf):
    """Writes the position's features seen by every company into feats[rows:], meta[rows:]; returns the new row
    count."""
    for c in range(T.n_players[0]):
        position_features(S, T, c, work[:N_FEATURES], score_buf, work[V_ORDER:V_SIZE])
        for j in range(N_FEATURES):
            feats[rows, j] = work[j]
        meta[rows, 0] = c
        meta[rows, 1] = S[L.G_ROUND]
        meta[rows, 2] = S[L.G_DECISIONS]
        rows += 1
    return rows


@njit(cache=True)
def _explore(S, T, moves, n, weights, width, xrng, score_buf):
    """A move drawn uniformly from the `width` best of moves[:n] by the greedy scorer with these weights."""
    order = np.argsort(-heuristic_scores(weights, S, T, moves, n, score_buf)[:n], kind="mergesort")
    k = min(n, width) if width > 0 else n
    return order[(bot_next(xrng) * k) >> 32]
