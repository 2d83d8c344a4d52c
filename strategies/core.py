"""The numba side of strategies: one dispatch function picks a move for any built-in bot id.

A bot sees the state, the legal moves and its own random stream (strategies.bot_rng).
"""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.engine import BUFFER_SIZE
from strategies.bot_rng import BOT_RNG_SALT, bot_next  # noqa: F401  (BOT_RNG_SALT re-exported)
from strategies.flat_mc import flat_mc_choose
from strategies.greedy import greedy_pick
from strategies.ismcts import P_ITERS, P_REUSE, ismcts_choose
from strategies.lookahead import lookahead_choose
from strategies.score_buffer import new_score_buffer
from strategies.tree_memory import new_tree_memory
from strategies.value_model import no_model

RANDOM = 0          # uniform over the legal moves
RANDOM_ACTIONS = 1  # uniform, but the Bank counts once (1 Engineer): plays far more varied games (fuzzing)
GREEDY = 2          # greedy heuristic family (strategies.greedy; personas = weight vectors, strategies.personas)
AUTOMA = 3          # the solo Automa (AUTOMA-*): played by the engine itself, params[0] = level 1..4
FLAT_MC = 4         # flat Monte Carlo over determinized playouts (strategies.flat_mc)
ISMCTS = 5          # single-observer information-set MCTS (strategies.ismcts)
LOOKAHEAD = 6       # one-ply lookahead with the learned evaluator (strategies.lookahead)
MEMORY_SEARCHES = 4  # a planner's tree memory holds up to this many searches' nodes (strategies.tree_memory)


@njit(cache=True)
def automa_levels(seat_strategy, params, n):
    """Automa level per seat for setup (0 = a bot's seat): seats whose strategy is AUTOMA become Automas."""
    out = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    for c in range(n):
        if seat_strategy[c] == AUTOMA:
            out[c] = int(params[c][0])
    return out


@njit(cache=True)
def plan_memory(seat_strategy, params, n):
    """A game's tree memory (strategies.tree_memory) for its n seats: room for the subtrees the ISMCTS seats that
    reuse their trees keep (MEMORY_SEARCHES searches' nodes: a kept subtree grows with each search that reuses
    it); no room if no seat reuses."""
    nodes = 0
    for c in range(n):
        if seat_strategy[c] == ISMCTS and params[c][P_REUSE] > 0:
            nodes = max(nodes, MEMORY_SEARCHES * (int(params[c][P_ITERS]) + 1))
    return new_tree_memory(nodes)


SEARCH_BOTS = (FLAT_MC, ISMCTS, LOOKAHEAD)  # the bots that play games ahead (their code: a quarter of a cold compile)


def planners_for(seat_strategy) -> bool | None:
    """choose_move's and the game loops' `planners` argument for games with these seats' bot ids: True when one of
    them searches (SEARCH_BOTS), else None -- numba then prunes the searching bots' branch of choose_move and
    never compiles them (docs/performance.md § Compile time)."""
    return True if np.isin(np.asarray(seat_strategy), SEARCH_BOTS).any() else None


@njit(cache=True, _nrt=False)
def choose_move(strategy, params, S, T, moves, n, rng, score_buf, memory, model, planners):
    """Returns the index (in moves[:n]) of the move the bot picks; `score_buf`
    (strategies.score_buffer.new_score_buffer, capacity >= n) spares the greedy bot an allocation per decision;
    `memory` (plan_memory, one per game) lets ISMCTS keep its tree between a company's consecutive decisions;
    `model` is the learned evaluator (strategies.value_model; `no_model()` if no seat reads it) the lookahead bot
    and the planners' leaves use; `planners` is planners_for(the game's seats): None compiles a version without
    the searching bots (a seat with one then raises). Every argument is required, so the game loops, `barrage play`
    and the tests share one compiled version per `planners` type (docs/performance.md § Compile time).
    Compiled without NRT (its reference counts cost more than a random bot's choice); the bots that allocate are
    NRT boundaries (`_nrt=True`)."""
    if strategy == GREEDY:
        return greedy_pick(params, S, T, moves, n, rng, score_buf)
    if planners is not None:            # numba prunes this branch when planners is None: nothing below compiled
        if strategy == ISMCTS:
            return ismcts_choose(params, S, T, moves, n, rng, memory, model)
        if strategy == LOOKAHEAD:
            if model.shape[0] <= 1:
                raise ValueError("lookahead needs a value model")
            return lookahead_choose(params, S, T, moves, n, rng, model)
        if strategy == FLAT_MC:
            return flat_mc_choose(params, S, T, moves, n, rng)
    elif strategy == ISMCTS or strategy == LOOKAHEAD or strategy == FLAT_MC:
        raise ValueError("a searching bot in a game compiled without them (strategies.core.planners_for)")
    if strategy == RANDOM_ACTIONS:
        k = 0
        for i in range(n):
            if not _is_big_bank(S, moves[i]):
                k += 1
        j = (bot_next(rng) * k) >> 32
        for i in range(n):
            if not _is_big_bank(S, moves[i]):
                if j == 0:
                    return i
                j -= 1
    return (bot_next(rng) * n) >> 32


def decide(strategy: int, params: np.ndarray, S: np.ndarray, T, moves: np.ndarray, n: int, rng: np.ndarray,
           memory: np.ndarray | None = None, model: np.ndarray | None = None) -> int:
    """choose_move from Python (tests, scripts, one-off games): a fresh score buffer, and by default no tree memory
    and no value model."""
    return int(choose_move(strategy, params, S, T, moves, n, rng, new_score_buffer(BUFFER_SIZE),
                           new_tree_memory(0) if memory is None else memory,
                           no_model() if model is None else model, planners_for([strategy])))


@njit(cache=True)
def _is_big_bank(S, move):
    """A Bank move with more than one Engineer in a main-action decision."""
    top = L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME
    return S[top] == ids.TK_MAIN and ids.MV_BANK + 1 < move < ids.MV_CONSTRUCT
