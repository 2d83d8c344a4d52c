"""The greedy heuristic bot family: scores every legal move of the pending decision with cheap public features
(strategies.features) and plays the best one; ties go to the bot's own random stream.

One numba function serves every persona; personas (strategies.personas) only change the weight vector.
No move is simulated on a copy of the state: each move's value is a closed-form estimate from the decision's
context (one pass over the map), so a decision costs a few microseconds. Scores are VP-equivalents for the
deciding company.

This module holds the entry points (score_decision, greedy_choose, greedy_pick) and the scorers of the
sub-decisions; the main action is scored in strategies.greedy_main, Mahiri's copies and the action after banking
in strategies.greedy_follow_up, all in the one buffer strategies.score_buffer lays out.
"""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import co
from sim.rules.construct import (
    TILE_ANTON,
    TILE_NONE,
    decode_build,
    decode_payment,
    geo_engineers,
    solomon_credits,
)
from sim.rules.produce import GERMAN_SECOND, decode
from sim.rules.setup import INTRO_CONTRACT
from strategies.bot_rng import bot_next
from strategies.feature_layout import (
    BIG,
    I_CRED,
    I_EXC,
    I_MIX,
    I_TMASK,
    N_COMPANY_BLOCKS,
    N_PAIRING,
    PAIRING_BLOCK,
    W_NOISE,
    W_TILE,
    X_CE,
    X_CV,
    X_DROPV,
    X_EV,
    X_LOCK,
    X_MV,
    X_VAL,
    fast,
    load_weights,
)
from strategies.feature_colorado import score_colorado_choice
from strategies.feature_duel import add_duel_values, duel_contract_value
from strategies.feature_lwp import building_build_value, score_lwp_choice
from strategies.feature_production import (
    clear_energy_values,
    energy_value_memo,
    italy_extra,
    production_energy,
    production_side_value,
)
from strategies.feature_rewards import fulfil_value, keep_value, reward_value
from strategies.feature_structures import (
    best_affordable,
    build_cost,
    placeable_fast,
    space_table,
    struct_value,
    tile_effect_value,
)
from strategies.feature_water import drop_value
from strategies.features import make_context
from strategies.greedy_follow_up import _score_bank_then_act, _score_mahiri_copy, _score_mahiri_space
from strategies.greedy_main import score_main
from strategies.greedy_officers import (
    amir_drop_value,
    count_excamixers,
    excamixer_payment_cost,
    score_more_dams,
    score_officer_main,
)
from strategies.score_buffer import _buffer_views, _clear_core, new_score_buffer

TIE = 1e-9


# ---------------------------------------------------------------------------------------------------------------
# Sub-decisions

@fast
def score_build(S, T, I, X, W, moves, n, vals):
    """CONSTRUCT-04 step 2: structure, map space and tile."""
    ng = T.n_dams[0] + T.n_conduits[0] + T.n_ph[0]
    for g in range(ng):
        X[X_VAL + g] = np.nan
    for i in range(n):
        g, tmode, behav = decode_build(moves[i])
        if g >= ids.BUILD_TARGET:                                     # LWP-BUILD-01 (strategies.feature_lwp)
            vals[i] = building_build_value(S, T, I, X, W, g, behav)
            continue
        st = placeable_fast(S, T, I, g)
        if np.isnan(X[X_VAL + g]):
            X[X_VAL + g] = struct_value(S, T, I, X, W, g, st)
            if T.geo_enabled[0] == 1:                                     # GEO-09
                X[X_VAL + g] -= geo_engineers(S, T, g, st) * X[X_CE]
        v = X[X_VAL + g] + tile_effect_value(S, T, I, X, W, behav, g, st) - build_cost(S, T, I, X, g, st, behav,
                                                                                         False)
        if behav >= ids.FIRST_ADVANCED_TILE or behav == ids.T_BASIC_WILD or tmode == TILE_ANTON:
            v -= 0.3 * W[W_TILE]                          # a flexible or special tile goes to the wheel
        if tmode == TILE_NONE:
            v -= 0.1
        vals[i] = v


@fast
def score_pay(S, T, I, X, W, moves, n, vals, g):
    """CONSTRUCT-18/19: which machineries (or Solomon's Credits) to pay; keeps what the next build needs."""
    space_table(S, T, I, X, W, I[I_EXC] + 6, I[I_MIX] + 6, I[I_TMASK])
    lock = X[X_LOCK]
    for i in range(n):
        e, m, s = decode_payment(moves[i])
        credits = solomon_credits(T, s)                            # OFFICER-SOLOMON-01
        nxt = best_affordable(I, X, I[I_EXC] - e, I[I_MIX] - m, I[I_CRED] - credits, I[I_TMASK], g, True)
        vals[i] = 0.5 * nxt - lock * (e * X[X_EV] + m * X[X_MV]) - credits * X[X_CV] \
            - excamixer_payment_cost(X, moves[i])                    # OFFICER-ELON-01


@fast
def score_machine(S, T, I, X, W, moves, n, vals, total):
    """REWARD-02 any_machine: how many Excavators (the rest Mixers)."""
    space_table(S, T, I, X, W, I[I_EXC] + total + 6, I[I_MIX] + total + 6, I[I_TMASK])
    for i in range(n):
        x = moves[i]
        after = best_affordable(I, X, I[I_EXC] + x, I[I_MIX] + total - x, I[I_CRED], I[I_TMASK], -1, True)
        vals[i] = after + x * X[X_EV] + (total - x) * X[X_MV]


@fast
def score_produce(S, T, I, X, W, moves, n, vals, modifier, flags):
    """PRODUCE-01..13: system, drops, and what the energy and the released water are worth."""
    german2 = (flags & GERMAN_SECOND) != 0
    extra = italy_extra(T, I)
    clear_energy_values(X)
    for i in range(n):
        m = moves[i]
        if m == ids.MV_SKIP:
            vals[i] = 0.0
            continue
        d, cond, ph, k = decode(m)
        e = production_energy(S, T, I, X, cond, ph, k, modifier, german2)
        vals[i] = energy_value_memo(S, T, I, X, W, e, extra) + production_side_value(S, T, I, X, W, d, cond, ph,
                                                                                     k)


@fast
def score_setup(S, T, I, X, W, moves, n, vals):
    """SETUP-15: a pairing and a starting contract; prefers the contract easiest to fulfil."""
    for i in range(n):
        p = moves[i] // 8
        j = moves[i] % 8
        k = S[L.START_DEALT + (p if j == INTRO_CONTRACT else j)]
        vals[i] = 0.5 * reward_value(T, I, X, W, k) - 0.3 * T.contract_req[k] if k >= 0 else 0.0


@fast
def add_pairing_values(params, S, moves, n, vals):
    """SETUP-15: adds the bot's value of each move's pairing (its company's and its officer's, PAIRING_BLOCK) to
    the starting contract's."""
    if params.shape[0] < PAIRING_BLOCK + N_PAIRING:
        return
    for i in range(n):
        p = moves[i] // 8
        vals[i] += params[PAIRING_BLOCK + S[L.PAIR_COMPANY + p]] \
            + params[PAIRING_BLOCK + N_COMPANY_BLOCKS + S[L.PAIR_OFFICER + p]]


@fast
def score_moves(S, T, I, X, W, moves, n, vals, kind, a0, a1):
    """Scores every legal move of the pending decision (VP-equivalents for the deciding company)."""
    if kind == ids.TK_MAIN:
        score_main(S, T, I, X, W, moves, n, vals)
    elif kind == ids.TK_BUILD:
        score_build(S, T, I, X, W, moves, n, vals)
    elif kind == ids.TK_PAY:
        score_pay(S, T, I, X, W, moves, n, vals, a0)
    elif kind == ids.TK_PRODUCE:
        score_produce(S, T, I, X, W, moves, n, vals, a0, a1)
    elif kind == ids.TK_FULFIL:                                       # PRODUCE-13, CONTRACT-07/12
        for i in range(n):
            vals[i] = 0.0 if moves[i] == ids.MV_NONE else (fulfil_value(T, I, X, W, moves[i])
                                                            + duel_contract_value(T, X, moves[i]))
    elif kind == ids.TK_DROP:                                         # WATER-09/10/16
        for i in range(n):
            h = moves[i]
            if h == ids.MV_NONE:
                vals[i] = 0.0
            elif h >= ids.MV_DROP_NOW:                                # OFFICER-AMIR-01
                vals[i] = amir_drop_value(S, T, I, X, W, h)
            else:
                vals[i] = drop_value(S, T, I, X, W, h, S[L.HEAD_DROPS + h] if a1 == 0 else 0)
    elif kind == ids.TK_TAKE_CONTRACT:                                # ACT-CONTRACT-03
        for i in range(n):
            vals[i] = keep_value(T, I, X, W, S[L.DISPLAY + moves[i]])
    elif kind == ids.TK_DISCARD:                                      # CONTRACT-04
        for i in range(n):
            vals[i] = -keep_value(T, I, X, W, moves[i])
    elif kind == ids.TK_MACHINE:
        score_machine(S, T, I, X, W, moves, n, vals, a0)
    elif kind == ids.TK_FREE_PLACE:                                   # CONSTRUCT-21
        for i in range(n):
            g = moves[i]
            vals[i] = struct_value(S, T, I, X, W, g, a0) - build_cost(S, T, I, X, g, a0, -1, True)
    elif kind == ids.TK_GEO_DROP:                                     # GEO-BASE-EXC-02
        for i in range(n):
            vals[i] = X[X_DROPV + a0] if moves[i] == 1 else 0.0
    elif kind == ids.TK_SETUP_PICK:
        score_setup(S, T, I, X, W, moves, n, vals)
    elif ids.TK_LWP_DAM <= kind <= ids.TK_LWP_L1_ACTION:
        score_lwp_choice(S, T, I, X, W, moves, n, vals, kind, a0)
    elif ids.TK_COLO_BRIDGE <= kind <= ids.TK_COLO_SEGMENT:
        score_colorado_choice(S, T, I, X, W, moves, n, vals, kind)
    else:                                                             # TK_MAHIRI: _score_into scores it
        for i in range(n):
            vals[i] = 0.0


@fast
def pick_best(vals, n, noise, rng):
    """Index of the best score; exact ties (and the optional noise) are drawn from the bot's own stream."""
    best = -BIG
    idx = 0
    ties = 0
    for i in range(n):
        v = vals[i]
        if noise > 0.0:
            v += noise * (bot_next(rng) / 4294967296.0)
        if v > best + TIE:
            best = v
            idx = i
            ties = 1
        elif v >= best - TIE:
            ties += 1
            if (bot_next(rng) * ties) >> 32 == 0:
                idx = i
    return idx


# ---------------------------------------------------------------------------------------------------------------
# Entry points

@njit(cache=True)
def score_decision(params, S, T, moves, n, buf):
    """The greedy scorer's value of every legal move moves[:n] of the pending decision of S with the weights
    `params` (VP-equivalents for the deciding company); returns (scores view into buf, the weights view).

    The one scoring entry point: greedy_choose picks the best of these scores, the planners turn them into
    priors (strategies.priors), so the heuristic a planner follows is exactly the greedy bot's. `buf` is a
    new_score_buffer of capacity >= n."""
    _score_into(params, S, T, moves, n, buf)
    I, X, W, vals = _buffer_views(buf, n)
    return vals, W


@fast
def _score_into(params, S, T, moves, n, buf):
    """score_decision's work: the scores and weights into buf. Allocates nothing, so it runs without NRT reference
    counts."""
    I, X, W, vals = _buffer_views(buf, n)
    _clear_core(I, X)
    t = L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME
    kind = S[t]
    c = S[t + 1]
    load_weights(params, W, S[L.G_ROUND], S[co(c) + L.C_COMPANY] if c >= 0 else -1)
    if kind == ids.TK_MAHIRI:                                         # OFFICER-MAHIRI-02: which officer to copy
        _score_mahiri_copy(S, T, W, I, X, c, moves, n, vals, buf)
        return
    make_context(S, T, c, W, I, X, kind == ids.TK_MAIN or kind == ids.TK_PRODUCE or kind == ids.TK_BUILD
                 or kind == ids.TK_MORE_DAMS)
    if S[co(c) + L.C_EXCAMIXERS] > 0:                                 # OFFICER-ELON-01
        count_excamixers(S, I, c)
    add_duel_values(S, T, I, X, W)                                    # Barrage: Duel (strategies.feature_duel)
    score_moves(S, T, I, X, W, moves, n, vals, kind, S[t + 2], S[t + 3])
    if kind == ids.TK_SETUP_PICK:
        add_pairing_values(params, S, moves, n, vals)
    if kind == ids.TK_MORE_DAMS:                                      # OFFICER-OCTAVIUS-01
        score_more_dams(S, T, I, X, W, c, moves, n, vals, S[t + 2], S[t + 4], S[t + 5])
    if kind == ids.TK_MAIN and S[co(c) + L.C_EFF_OFFICER] >= ids.TOMMASO:   # Leeghwater and promo officers
        score_officer_main(S, T, I, X, W, c, moves, n, vals)
    if kind == ids.TK_MAIN and S[co(c) + L.C_OFFICER] == ids.MAHIRI:
        _score_mahiri_space(S, T, W, I, X, c, moves, n, vals, buf)
    if kind == ids.TK_MAIN:
        _score_bank_then_act(S, T, W, I, X, c, moves, n, vals, buf)


@njit(cache=True, _nrt=True)
def greedy_choose(params, S, T, moves, n, rng):
    """Returns the index (in moves[:n]) of the greedy bot's move for the pending decision, in a score buffer of
    its own (the game loops reuse one: greedy_pick)."""
    return greedy_pick(params, S, T, moves, n, rng, new_score_buffer(n))


@fast
def greedy_pick(params, S, T, moves, n, rng, buf):
    """greedy_choose with the caller's score buffer: allocates nothing, so NRT-free callers (the game loops)
    call it without reference counts."""
    _score_into(params, S, T, moves, n, buf)
    I, X, W, vals = _buffer_views(buf, n)
    return pick_best(vals, n, W[W_NOISE], rng)
