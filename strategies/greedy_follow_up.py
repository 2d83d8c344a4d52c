"""The greedy scorer's extra actions: Mahiri's copies (OFFICER-MAHIRI-01/02: her space, and which officer to
copy) and the action after banking some Engineers (ACT-BANK-01).

Each is worth the best main action (strategies.greedy_main.score_main) the company could then take: c's effective
officer, Engineers and Credits are changed in place as the copy or the Bank would change them while the extra
action's moves are listed and scored, then restored. The context is the decision's own patched in place where
that is exact (strategies.features.patch_context), else one built in the work space at the tail of the score
buffer (strategies.score_buffer.COPY_WORK).
"""
from sim import ids
from sim import layout as L
from sim.rules.actions import list_main_moves
from sim.rules.company import co
from strategies.feature_layout import (
    BIG,
    I_OFF,
    N_WEIGHTS,
    X_CE,
    X_CV,
    fast,
    inlined,
)
from strategies.features import make_context, patch_context
from strategies.greedy_main import score_main
from strategies.greedy_officers import count_excamixers
from strategies.score_buffer import (
    MAX_MAIN_MOVES,
    _buffer_views,
    _clear_core,
    _copy_work,
)


# Where _copy_value finds a context to start from.
CTX_NONE = 0        # none: computed (make_context)
CTX_DECISION = 1    # the decision's context I0, X0 (copied to the work buffer and patched)
CTX_WORK = 2        # the previous _copy_value's, still in the work buffer (patched in place)


@inlined
def _enter_follow_up(S, c, o, engineers, fee):
    """Puts c in the state of its extra action: effective officer o, `engineers` Engineers and `fee` Credits paid
    (fee < 0: Credits gained). Returns the officer to restore (_leave_follow_up)."""
    b = co(c)
    saved_off = S[b + L.C_EFF_OFFICER]
    S[b + L.C_EFF_OFFICER] = o
    S[b + L.C_ENG] -= engineers
    S[b + L.C_CREDITS] -= fee
    return saved_off


@inlined
def _leave_follow_up(S, c, saved_off, engineers, fee):
    """Undoes _enter_follow_up."""
    b = co(c)
    S[b + L.C_EFF_OFFICER] = saved_off
    S[b + L.C_ENG] += engineers
    S[b + L.C_CREDITS] += fee


@inlined
def _best_value(vals, m):
    """The highest of the m move values (-BIG when there is none)."""
    best = -BIG
    for i in range(m):
        best = max(best, vals[i])
    return best


@fast
def _copy_value(S, T, W, c, o, engineers, fee, work, I0, X0, source):
    """OFFICER-MAHIRI-02: value of the best extra action Mahiri could take copying officer o, once she has paid
    `engineers` Engineers and `fee` Credits for her officer space (also: the action after banking, fee < 0).
    The state is changed as the copy would change it (effective officer, supply) while the extra action's moves
    are listed and scored, then restored. `work` is a buffer from _copy_work; the context is patched from the
    one `source` names (CTX_*) where patch_context can, else computed, and left in `work` for the next call.
    Returns (value, whether the context was patched)."""
    b = co(c)
    saved_off = _enter_follow_up(S, c, o, engineers, fee)
    moves = work[:MAX_MAIN_MOVES]
    scratch = work[MAX_MAIN_MOVES:MAX_MAIN_MOVES + 16]
    m = list_main_moves(S, T, c, 1, moves, scratch)
    I, X, W2, vals = _buffer_views(work[MAX_MAIN_MOVES + 16:], m)
    for j in range(N_WEIGHTS):
        W2[j] = W[j]
    if source == CTX_DECISION:
        patched = patch_context(S, c, I0, X0, I, X, False)
    elif source == CTX_WORK:
        patched = patch_context(S, c, I, X, I, X, True)
    else:
        patched = False
    if not patched:
        _clear_core(I, X)
        make_context(S, T, c, W2, I, X, True)
        if S[b + L.C_EXCAMIXERS] > 0:                                 # OFFICER-ELON-01, as in greedy.score_decision
            count_excamixers(S, I, c)
    score_main(S, T, I, X, W2, moves, m, vals)
    best = _best_value(vals, m)
    _leave_follow_up(S, c, saved_off, engineers, fee)
    return best, patched


@fast
def _score_mahiri_copy(S, T, W, I, X, c, moves, n, vals, buf):
    """OFFICER-MAHIRI-02: which officer Mahiri copies: each officer moves[i] is worth the best extra action copying
    it gives. The first copy's context is computed; each next copy is scored in the previous copy's context and
    tables patched in place where that is exact (_follow_up_value), else by _copy_value from that context.
    `buf` is the decision's score buffer (its tail is the copies' work space, _copy_work), I, X its context."""
    work = _copy_work(buf, n)
    I2, X2 = _buffer_views(work[MAX_MAIN_MOVES + 16:], 0)[:2]   # the copies' context (_copy_value's)
    for i in range(n):
        done = False
        if i > 0:                           # the previous copy's context and tables, patched where exact
            done, vals[i] = _follow_up_value(S, T, W, I2, X2, c, moves[i], 0, 0, work)
        if not done:
            vals[i] = _copy_value(S, T, W, c, moves[i], 0, 0, work, I, X, CTX_WORK if i > 0 else CTX_NONE)[0]


@fast
def _score_mahiri_space(S, T, W, I, X, c, moves, n, vals, buf):
    """OFFICER-MAHIRI-01/02: Mahiri's space is worth the best extra action over her copy pool, minus its Engineer
    and Credits; it beats acting directly only when the copied ability gains more than that. `buf` is the
    decision's score buffer (its tail is the copies' work space, _copy_work), I, X its context.

    While every copy so far was patched from the decision's context, a copy is scored in that context itself,
    patched in place and keeping the decision's tables (_follow_up_value), where that is exact; otherwise as
    before, by _copy_value from the decision's context (the same as from a copy patched from it) or, after a
    copy whose context had to be computed, from that one."""
    for i in range(n):
        if moves[i] == ids.MV_MAHIRI:
            eng = T.officer_space_eng[ids.MAHIRI]                      # OFFICER-MAHIRI-01: 1, and 3 Credits
            fee = T.officer_space_fee[ids.MAHIRI, S[co(c) + L.C_MAHIRI_USED]]   # on her second space
            best = -BIG
            work = _copy_work(buf, n)
            derived = True                      # every copy's context so far patched from the decision's
            for j in range(3):
                o = S[L.MAHIRI_POOL + j]
                if o < 0:
                    continue
                done = False
                v = 0.0
                if derived:
                    done, v = _follow_up_value(S, T, W, I, X, c, o, eng, fee, work)
                    if done:
                        patch_context(S, c, I, X, I, X, True)     # the decision's own context again
                if not done:
                    v, patched = _copy_value(S, T, W, c, o, eng, fee, work, I, X, CTX_DECISION if derived else CTX_WORK)
                    derived = derived and patched
                best = max(best, v)
            vals[i] = best - eng * X[X_CE] - fee * X[X_CV]


BANK_PLAN_MAX = 4      # Engineers banked before a follow-up action, at most (1 Credit each, ACT-BANK-01)


@fast
def _score_bank_then_act(S, T, W, I, X, c, moves, n, vals, buf):
    """ACT-BANK-01 with the next turn in view: when banking is the best move, banking k < all Engineers is worth
    its k Credits plus the best action the Engineers left can then take with those Credits (a production whose
    conduit owner must be paid, a paid space), valued as Mahiri's extra action is; banking them all ends the
    company's actions this round. Only when a Bank move is the best choice and Credits are short, so other
    decisions cost nothing. `buf` is the decision's score buffer (its tail is _copy_value's work space), I, X
    its context."""
    dearest = 0
    for m in range(L.N_SPACES):
        dearest = max(dearest, T.space_fee[m] + T.space_price[m])
    if S[co(c) + L.C_CREDITS] >= dearest:                             # no space is short of Credits
        return
    best = 0
    for i in range(1, n):
        if vals[i] > vals[best]:
            best = i
    if not ids.MV_BANK < moves[best] < ids.MV_CONSTRUCT:
        return
    off = S[co(c) + L.C_EFF_OFFICER]
    step = X[X_CV] - X[X_CE]
    work = _copy_work(buf, n)
    source = CTX_NONE
    for i in range(n):
        k = moves[i] - ids.MV_BANK
        if ids.MV_BANK < moves[i] < ids.MV_CONSTRUCT and k < S[co(c) + L.C_ENG] and k <= BANK_PLAN_MAX:
            patched, follow = _follow_up_value(S, T, W, I, X, c, off, k, -k, work)
            if not patched:                             # X_NOW differs: scored like a copy
                follow = _copy_value(S, T, W, c, off, k, -k, work, I, X, source)[0]
                source = CTX_WORK
            if follow > 0.0:
                vals[i] = max(vals[i], k * step + follow)
    patch_context(S, c, I, X, I, X, True)               # the decision's own Engineers and Credits again


# Officers whose ability the tables score_main keeps in a follow-up read (the build candidates' costs:
# strategies.feature_structures.tile_need and space_table): Wilhelm's Bases, Jill's conduits in Mixers, Solomon's
# Credits for machinery. A follow-up that changes the effective officer keeps them only when neither officer is
# one of these (the Water and Contract rows and the memos read no officer the map pass does not).
@inlined
def _officer_in_tables(o):
    return o == ids.WILHELM or o == ids.JILL or o == ids.SOLOMON


@fast
def _follow_up_value(S, T, W, I, X, c, o, engineers, fee, work):
    """Value of the best extra action once c has paid `engineers` Engineers and `fee` Credits with effective
    officer o: the action after banking (ACT-BANK-01: fee < 0, the Credits gained), Mahiri's copy of o
    (OFFICER-MAHIRI-02). Scored in the context I, X score_main last filled (the decision's; the previous copy's
    when Mahiri chooses whom to copy), patched in place to that state and left so (score_main's follow-up keeps
    the tables that depend on none of these); returns (False, 0), nothing scored
    or changed, where that would not be exact: patch_context cannot patch (X_NOW changes, an officer the map
    pass reads), or the officer changes from or to one the kept tables read (_officer_in_tables).
    `work` is a buffer from _copy_work; the context _copy_value may have left there is kept."""
    if o != I[I_OFF] and (_officer_in_tables(o) or _officer_in_tables(I[I_OFF])):
        return False, 0.0
    saved_off = _enter_follow_up(S, c, o, engineers, fee)
    patched = patch_context(S, c, I, X, I, X, True)
    best = 0.0
    if patched:
        moves = work[:MAX_MAIN_MOVES]
        scratch = work[MAX_MAIN_MOVES:MAX_MAIN_MOVES + 16]
        m = list_main_moves(S, T, c, 1, moves, scratch)
        vals = _buffer_views(work[MAX_MAIN_MOVES + 16:], m)[3]
        score_main(S, T, I, X, W, moves, m, vals, True)
        best = _best_value(vals, m)
    _leave_follow_up(S, c, saved_off, engineers, fee)
    return patched, best
