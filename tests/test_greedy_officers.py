"""Rule knowledge in the greedy scorer: Mahiri's copy valued by the extra action it opens (OFFICER-MAHIRI-01/02),
Viktor's minimum production in the potential (OFFICER-VIKTOR-01), the full fives of END-04 in round 5; the
per-decision memo of production values."""
from __future__ import annotations

import numpy as np
import pytest

from sim import Game, GameConfig, ids
from sim import layout as L
from sim.rules.company import co
from strategies.feature_layout import (
    DEFAULT_WEIGHTS,
    I_CRED,
    I_EXC,
    I_MIX,
    I_OFF,
    I_R,
    N_I,
    N_PEV,
    VIKTOR_PER_DROP,
    X_CE,
    X_CPOT,
    X_CV,
    X_CVAL,
    X_PEV,
    load_weights,
)
from strategies.feature_production import (
    clear_energy_values,
    energy_value_memo,
    italy_extra,
    production_energy_value,
    viktor_energy,
)
from strategies.features import make_context
from strategies.greedy import greedy_choose, score_moves
from strategies.greedy_follow_up import _score_mahiri_space
from strategies.greedy_main import _end_conversion
from strategies.score_buffer import _context_views, new_score_buffer


def top(g: Game) -> tuple[int, int]:
    """(task kind, company) of the pending decision."""
    t = L.STACK + (g.state[L.G_STACK_N] - 1) * L.FRAME
    return int(g.state[t]), int(g.state[t + 1])


def main_scores(g: Game) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The greedy's scores of every legal move of a main decision (as greedy_choose computes them), and X."""
    codes = g.legal_codes()
    buf = new_score_buffer(len(codes))
    I, X, W, vals = _context_views(buf, len(codes))
    load_weights(DEFAULT_WEIGHTS, W)
    kind, c = top(g)
    make_context(g.state, g.tables, c, W, I, X, True)
    score_moves(g.state, g.tables, I, X, W, codes, len(codes), vals, kind, 0, 0)
    _score_mahiri_space(g.state, g.tables, W, I, X, c, codes, len(codes), vals, buf)
    return codes, vals.copy(), X.copy()


def mahiri_games():
    """Greedy 2-player games with Mahiri in seat 0, yielded at every decision."""
    for seed in range(3):
        g = Game.new(GameConfig(players=2, officers=("mahiri", "wilhelm")), seed=40 + seed)
        rng = np.array([seed + 1], dtype=np.int64)
        while not g.is_over:
            yield g
            codes = g.legal_codes()
            g.play(int(codes[greedy_choose(DEFAULT_WEIGHTS, g.state, g.tables, codes, len(codes), rng)]))


def test_mahiri_space_is_worth_the_best_extra_action_over_her_copy_pool():
    """OFFICER-MAHIRI-01/02: the space's value is max over the pool of the best extra action the engine then
    offers (played for real on a copy of the game), minus one Engineer and the second use's 3 Credits."""
    checked = 0
    for g in mahiri_games():
        kind, c = top(g)
        codes = g.legal_codes()
        if kind != ids.TK_MAIN or ids.MV_MAHIRI not in codes:
            continue
        _, vals, X = main_scores(g)
        fee = 3 if g.state[co(c) + L.C_MAHIRI_USED] == 1 else 0
        display = g.state[L.DISPLAY:L.DISPLAY + 6].copy()
        g2 = g.copy()
        g2.play(ids.MV_MAHIRI)
        if not np.array_equal(g2.state[L.DISPLAY:L.DISPLAY + 6], display):
            continue                       # a refill would show contracts the bot cannot know beforehand
        best = -np.inf
        for o in g2.legal_codes():
            g3 = g2.copy()
            g3.play(int(o))
            assert top(g3) == (ids.TK_MAIN, c)
            if not np.array_equal(g3.state[L.DISPLAY:L.DISPLAY + 6], display):
                break
            best = max(best, main_scores(g3)[1].max())
        else:
            expected = best - X[X_CE] - fee * X[X_CV]
            assert vals[list(codes).index(ids.MV_MAHIRI)] == pytest.approx(expected, abs=1e-9)
            checked += 1
    assert checked >= 5


def test_mahiri_copy_is_chosen_by_value_not_drawn_and_leaves_the_state_unchanged():
    """OFFICER-MAHIRI-02: the officer to copy is the best scored one -- the bot's random stream does not pick
    it -- and scoring the copies (which lists the extra action's moves) restores the state."""
    seen = 0
    for g in mahiri_games():
        kind, _ = top(g)
        if kind != ids.TK_MAHIRI or len(g.legal_codes()) < 2:
            continue
        codes = g.legal_codes()
        before = g.state.copy()
        picks = {greedy_choose(DEFAULT_WEIGHTS, g.state, g.tables, codes, len(codes),
                               np.array([s], dtype=np.int64)) for s in range(1, 9)}
        assert np.array_equal(g.state, before)
        if len(picks) == 1:
            seen += 1
    assert seen >= 1


def test_viktor_minimum_energy():
    """OFFICER-VIKTOR-01: production value x drops <= 3 counts as 4 for Viktor only."""
    T = Game.new(GameConfig(players=2), seed=1).tables
    I = np.zeros(N_I, dtype=np.int64)
    I[I_OFF] = ids.VIKTOR
    assert [viktor_energy(T, I, e) for e in (1, 2, 3, 4, 5, 6)] == [4, 4, 4, 4, 5, 6]
    I[I_OFF] = ids.JILL
    assert [viktor_energy(T, I, e) for e in (1, 2, 3, 4)] == [1, 2, 3, 4]


def test_viktor_potential_counts_small_conduits_at_two_energy_per_drop():
    """OFFICER-VIKTOR-01: the potential values a production-value-1 conduit at 2 energy per drop for Viktor."""
    g = Game.new(GameConfig(players=2, officers=("viktor", "jill")), seed=3)
    rng = np.array([1], dtype=np.int64)
    while g.state[L.G_ROUND] < 1 or top(g)[0] != ids.TK_MAIN:
        codes = g.legal_codes()
        g.play(int(codes[greedy_choose(DEFAULT_WEIGHTS, g.state, g.tables, codes, len(codes), rng)]))
    for seat, officer in ((0, ids.VIKTOR), (1, ids.JILL)):
        I, X, W, _ = _context_views(new_score_buffer(1), 1)
        load_weights(DEFAULT_WEIGHTS, W)
        make_context(g.state, g.tables, seat, W, I, X, True)
        assert I[I_OFF] == officer
        nc = g.tables.n_conduits[0]
        cval = X[X_CVAL:X_CVAL + nc]
        assert (cval == 1).any()
        want = np.maximum(cval, VIKTOR_PER_DROP) if officer == ids.VIKTOR else cval
        assert np.array_equal(X[X_CPOT:X_CPOT + nc], want)


def test_round_five_bank_counts_the_full_fives_of_end_scoring():
    """END-04: with 14 items, banking 1 Engineer completes a five (+1 VP, 0.2 of it already in the Credit's
    average value); banking 2 adds nothing more; with 10 items, the second five is already full."""
    I = np.zeros(N_I, dtype=np.int64)
    I[I_R] = 5
    I[I_CRED], I[I_EXC], I[I_MIX] = 9, 3, 2
    g = Game.new(GameConfig(players=2), seed=1)
    moves = np.array([ids.MV_BANK + 1, ids.MV_BANK + 2, ids.MV_CONSTRUCT, ids.MV_PASS], dtype=np.int64)
    vals = np.zeros(4)
    _end_conversion(g.state, g.tables, I, moves, 4, vals)
    assert vals == pytest.approx([0.8, 0.6, 0.0, 0.0])
    I[I_CRED] = 5
    vals[:] = 0
    _end_conversion(g.state, g.tables, I, moves, 4, vals)
    assert vals == pytest.approx([-0.2, -0.4, 0.0, 0.0])


def test_bank_before_round_five_is_valued_by_average_credits_only():
    """Before round 5 a Bank of k Engineers is worth k x (Credit - Engineer) exactly: the fives of END-04 are
    counted only in the last round."""
    g = Game.new(GameConfig(players=2), seed=8)
    rng = np.array([2], dtype=np.int64)
    while g.state[L.G_ROUND] < 1 or top(g)[0] != ids.TK_MAIN:
        codes = g.legal_codes()
        g.play(int(codes[greedy_choose(DEFAULT_WEIGHTS, g.state, g.tables, codes, len(codes), rng)]))
    codes, vals, X = main_scores(g)
    eng = g.state[co(top(g)[1]) + L.C_ENG]
    assert g.state[L.G_ROUND] < 5 and eng >= 2
    for k in range(1, eng):
        assert vals[list(codes).index(ids.MV_BANK + k)] == pytest.approx(k * (X[X_CV] - X[X_CE]), abs=1e-12)


def test_energy_value_memo_returns_the_production_value_of_each_energy():
    """The per-decision memo of production_energy_value gives the very value the function computes, for every
    energy, on the first call and on later ones (PRODUCE-13: the value depends only on the decision's context)."""
    g = Game.new(GameConfig(players=3), seed=21)
    rng = np.array([4], dtype=np.int64)
    checked = 0
    while not g.is_over and checked < 20:
        codes = g.legal_codes()
        kind, c = top(g)
        if kind == ids.TK_MAIN and g.state[L.G_ROUND] >= 2:
            I, X, W, _ = _context_views(new_score_buffer(1), 1)
            load_weights(DEFAULT_WEIGHTS, W)
            make_context(g.state, g.tables, c, W, I, X, True)
            clear_energy_values(X)
            extra = italy_extra(g.tables, I)
            for _ in range(2):
                for e in range(0, N_PEV + 3):
                    assert energy_value_memo(g.state, g.tables, I, X, W, e, extra) == \
                        production_energy_value(g.state, g.tables, I, X, W, e, extra)
            assert not np.isnan(X[X_PEV:X_PEV + N_PEV]).any()
            checked += 1
        g.play(int(codes[greedy_choose(DEFAULT_WEIGHTS, g.state, g.tables, codes, len(codes), rng)]))
    assert checked == 20
