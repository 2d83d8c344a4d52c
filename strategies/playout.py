"""What the planners (flat Monte Carlo, ISMCTS) share: the observer's determinized copy of a state, playouts by
a cheap policy, and the reward vector of a finished or cut-off playout.

Hidden information (HIDDEN-01..04): a planner never looks at the true pile orders. `observe` first sorts every
hidden pile section (`sim.rules.hidden.forget_hidden_order`) and only then determinizes it, so the copy it plays
on is a function of the information set alone: two states that differ only in hidden orders (or in the game's
generator) yield the very same determinized copies.

Reward (one value per company, in VP): the VP margin (own score - best opponent score) plus `win_bonus` x the
win share (1 for the winner, 1/k for a k-way shared victory, END-06..08). The margin does not saturate: a
search that is far ahead or far behind still sees which move gains more (the earlier reward,
0.7 x win share + 0.3 x tanh(margin / 20), was flat there, so the move choice became noise -- issue #11);
the win bonus keeps "win by 1" above "lose by 1". Searches scale it by its observed spread (strategies.ismcts).
After a depth cut (without the learned evaluator, `evaluate_leaf`) the score is the VP the company would hold if
the game ended now (VP + resources / 5 as a fraction, END-04, + drops in its own dams, END-05; the objective tile
is left out) and the win share goes to the leader by that score.
"""
import numpy as np

from sim import layout as L
from sim.jit import njit
from sim.rules.company import co
from sim.rules.engine import BUFFER_SIZE, play_move
from sim.rules.hidden import determinize, forget_hidden_order
from sim.rules.scoring import final_ranks
from sim.rules.water import own_dam_drops
from strategies.bot_rng import bot_next
from strategies.greedy import greedy_pick, new_score_buffer
from strategies.value_model import position_value

ROLLOUT_RANDOM = 0   # uniform over the legal moves
ROLLOUT_GREEDY = 1   # the greedy bot with the planner's heuristic weights (strategies.greedy)

WS_REWARD = 0                          # float workspace: reward vector [MAX_PLAYERS]
WS_SCORE = WS_REWARD + L.MAX_PLAYERS   # per-company score
WS_WIN = WS_SCORE + L.MAX_PLAYERS      # per-company win share
WS_SIZE = WS_WIN + L.MAX_PLAYERS


@njit(cache=True)
def new_buffers():
    """Allocates a planner's per-decision arrays: (D state copy, out legal moves, scratch engine scratch,
    ws float workspace WS_*, rank final ranks)."""
    return (np.empty(L.STATE_SIZE, dtype=np.int64), np.empty(BUFFER_SIZE, dtype=np.int64),
            np.empty(16, dtype=np.int64), np.zeros(WS_SIZE, dtype=np.float64),
            np.zeros(L.MAX_PLAYERS, dtype=np.int64))


@njit(cache=True)
def observe(S, T, player, rng, D):
    """Writes into D a fresh determinization of S for `player`, seeded from the bot's own stream."""
    D[:] = S
    forget_hidden_order(D)
    determinize(D, T, player, bot_next(rng))


@njit(cache=True)
def playout(D, T, n, out, scratch, policy, depth, greedy_w, rng):
    """Plays the pending decision (n legal moves in out) on with the rollout policy until the game ends or
    `depth` decisions have been played (0 = no limit); returns the legal-move count left (0 = game over)."""
    k = 0
    buf = new_score_buffer(BUFFER_SIZE)  # one per playout, not one per greedy decision
    while n > 0 and (depth <= 0 or k < depth):
        if n == 1:                       # a forced move (about one move in five): nothing to score
            i = 0
        elif policy == ROLLOUT_GREEDY:
            i = greedy_pick(greedy_w, D, T, out, n, rng, buf)
        else:
            i = (bot_next(rng) * n) >> 32
        n = play_move(D, T, out[i], out, scratch)
        k += 1
    return n


@njit(cache=True)
def evaluate(D, T, over, win_bonus, ws, rank):
    """Fills ws[WS_REWARD:WS_REWARD + players] with every company's reward (module docstring)."""
    np_ = T.n_players[0]
    if over:
        final_ranks(D, T, rank, ws[WS_WIN:WS_WIN + L.MAX_PLAYERS])
        for c in range(np_):
            ws[WS_SCORE + c] = D[co(c) + L.C_VP]
    else:
        best = -1.0e18
        for c in range(np_):
            b = co(c)
            s = D[b + L.C_VP] + (D[b + L.C_CREDITS] + D[b + L.C_EXC] + D[b + L.C_MIX]
                                    + D[b + L.C_EXCAMIXERS]) / 5.0 \
                + own_dam_drops(D, T, c)
            ws[WS_SCORE + c] = s
            best = max(best, s)
        leaders = 0
        for c in range(np_):
            if ws[WS_SCORE + c] == best:
                leaders += 1
        for c in range(np_):
            ws[WS_WIN + c] = 1.0 / leaders if ws[WS_SCORE + c] == best else 0.0
    for c in range(np_):
        other = -1.0e18
        for d in range(np_):
            if d != c:
                other = max(other, ws[WS_SCORE + d])
        ws[WS_REWARD + c] = ws[WS_SCORE + c] - other + win_bonus * ws[WS_WIN + c]


@njit(cache=True)
def evaluate_leaf(model, D, T, win_bonus, ws, work, buf):
    """evaluate for a cut-off playout valued by the learned evaluator (strategies.value_model): each company's
    predicted final VP margin plus win_bonus x its predicted win share, seen from its own information (the
    features are public)."""
    for c in range(T.n_players[0]):
        ws[WS_REWARD + c] = position_value(model, D, T, c, win_bonus, work, buf)
