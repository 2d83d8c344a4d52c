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
from strategies.greedy import _context_views, new_score_buffer

OFFICERS = (ids.MAHIRI, ids.VIKTOR, ids.GRAZIANO, ids.ANTON, ids.SOLOMON, ids.WILHELM, ids.JILL)


def fresh_context(g: Game, c: int) -> tuple[np.ndarray, np.ndarray]:
    """make_context of company c for the game's state, in a zeroed buffer (as score_decision fills it)."""
    buf = new_score_buffer(1)
    I, X, W, _ = _context_views(buf, 1)
    load_weights(DEFAULT_WEIGHTS, W)
    make_context(g.state, g.tables, c, W, I, X, True)
    return I, X


def test_patched_context_equals_make_context_for_changed_engineers_credits_and_officer():
    """Random 3-player games: at each main decision the context is patched to every (officer, Engineers paid,
    Credits paid) change the copies and follow-ups make, and compared with make_context of the changed state."""
    patched = refused = 0
    for seed in range(4):
        g = Game.new(GameConfig(players=3), seed=70 + seed)
        rng = np.random.default_rng(seed)
        while not g.is_over:
            codes = g.legal_codes()
            t = L.STACK + (g.state[L.G_STACK_N] - 1) * L.FRAME
            c = int(g.state[t + 1])
            if g.state[t] == ids.TK_MAIN and g.state[co(c) + L.C_COMPANY] >= 0:
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
            g.play(int(codes[rng.integers(len(codes))]))
    assert patched > 1000 and refused > 100
