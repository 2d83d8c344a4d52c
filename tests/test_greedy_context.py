"""The greedy scorer's patched contexts (strategies.features.patch_context): Mahiri's copies (OFFICER-MAHIRI-02)
and the action after banking (ACT-BANK-01) start from the decision's context instead of recomputing it, so a
patched context must equal make_context's, bit for bit, wherever patch_context accepts the change."""
from __future__ import annotations

import numpy as np

from sim import Game, GameConfig, ids
from sim import layout as L
from sim.rules.company import co
from strategies.feature_layout import DEFAULT_WEIGHTS, N_I_CORE, N_X_CORE, load_weights
from strategies.features import make_context, patch_context
from strategies.score_buffer import _context_views, new_score_buffer

OFFICERS = (ids.MAHIRI, ids.VIKTOR, ids.GRAZIANO, ids.ANTON, ids.SOLOMON, ids.WILHELM, ids.JILL)


def fresh_context(g: Game, c: int) -> tuple[np.ndarray, np.ndarray]:
    """make_context of company c for the game's state, in a zeroed buffer (as score_decision fills it)."""
    buf = new_score_buffer(1)
    I, X, W, _ = _context_views(buf, 1)
    load_weights(DEFAULT_WEIGHTS, W)
    make_context(g.state, g.tables, c, W, I, X, True)
    return I, X


def main_decisions(game_seed: int, rng_seed: int):
    """Plays a random 3-player game, yielding (game, legal move codes, company) at each main decision of a company."""
    g = Game.new(GameConfig(players=3), seed=game_seed)
    rng = np.random.default_rng(rng_seed)
    while not g.is_over:
        codes = g.legal_codes()
        t = L.STACK + (g.state[L.G_STACK_N] - 1) * L.FRAME
        c = int(g.state[t + 1])
        if g.state[t] == ids.TK_MAIN and g.state[co(c) + L.C_COMPANY] >= 0:
            yield g, codes, c
        g.play(int(codes[rng.integers(len(codes))]))


def test_patched_context_equals_make_context_for_changed_engineers_credits_and_officer():
    """Random 3-player games: at each main decision the context is patched to every (officer, Engineers paid,
    Credits paid) change the copies and follow-ups make, and compared with make_context of the changed state."""
    patched = refused = 0
    for seed in range(4):
        for g, _, c in main_decisions(70 + seed, seed):
            I0, X0 = fresh_context(g, c)
            b = co(c)
            saved = g.state[b:b + L.CO_SIZE].copy()
            for o in OFFICERS:
                for eng, cred in ((0, 0), (1, 0), (1, 3), (2, -2), (3, -3), (1, -1)):
                    g.state[b + L.C_EFF_OFFICER] = o
                    g.state[b + L.C_ENG] -= eng
                    g.state[b + L.C_CREDITS] -= cred
                    want_I, want_X = fresh_context(g, c)
                    I, X = fresh_context(g, c)
                    I[:], X[:] = 0, 0.0
                    if patch_context(g.state, c, I0, X0, I, X, False):
                        patched += 1
                        assert np.array_equal(I[:N_I_CORE], want_I[:N_I_CORE])
                        assert X[:N_X_CORE].tobytes() == want_X[:N_X_CORE].tobytes()
                    else:
                        refused += 1
                        assert not I.any()                   # nothing written
                    g.state[b:b + L.CO_SIZE] = saved
    assert patched > 1000 and refused > 100


def test_follow_up_in_the_decisions_context_scores_as_a_fresh_context():
    """OFFICER-MAHIRI-02, ACT-BANK-01: an extra action scored in the decision's own context, patched in place and
    keeping its build-candidate table, Water and Contract rows and memos (_follow_up_value), is worth exactly what
    a fresh context and a full score_main give it (_copy_value from make_context), for every officer change it
    accepts -- so the officers the kept tables read are all listed in _officer_in_tables."""
    from strategies.greedy import score_decision
    from strategies.greedy_follow_up import CTX_NONE, _copy_value, _follow_up_value
    from strategies.score_buffer import COPY_WORK, _views

    kept = refused = 0
    work = np.empty(COPY_WORK, dtype=np.int64)
    work2 = np.empty(COPY_WORK, dtype=np.int64)
    pick = np.random.default_rng(1)
    for seed in range(3):
        for g, codes, c in main_decisions(90 + seed, seed):
            b = co(c)
            if pick.random() < 0.5:
                buf = new_score_buffer(len(codes))
                score_decision(DEFAULT_WEIGHTS, g.state, g.tables, codes, len(codes), buf)
                I, X, W, _ = _views(buf, len(codes))
                saved = g.state.copy()
                for o in OFFICERS:
                    for eng, fee in ((1, 0), (1, 3), (1, -1), (2, -2)):
                        if eng > g.state[b + L.C_ENG] or fee > g.state[b + L.C_CREDITS]:
                            continue
                        done, v = _follow_up_value(g.state, g.tables, W, I, X, c, o, eng, fee, work)
                        if done:
                            assert patch_context(g.state, c, I, X, I, X, True)   # the decision's context again
                            want, _ = _copy_value(g.state, g.tables, W, c, o, eng, fee, work2, I, X, CTX_NONE)
                            assert np.float64(v).tobytes() == np.float64(want).tobytes(), (o, eng, fee)
                            kept += 1
                        else:
                            refused += 1
                        assert np.array_equal(g.state, saved)
    assert kept > 250 and refused > 50
