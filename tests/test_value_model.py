"""The learned evaluator: features of positions (public only, HIDDEN-01..04), the numba MLP against scikit-learn's
own predictions, the apprentice and the planners' model leaves, and the shipped model file."""
from __future__ import annotations

import numpy as np
import pytest

from sim import Game
from sim import layout as L
from sim.rules.company import co
from sim.rules.hidden import forget_hidden_order
from strategies import registry
from strategies.core import ISMCTS, LOOKAHEAD, decide
from strategies.score_buffer import new_score_buffer
from strategies.value_features import (
    B_COMPANY,
    B_CREDITS,
    B_PRESENT,
    B_VP,
    F_MARGIN_VP,
    F_PLAYERS,
    F_ROUND,
    N_BLOCK,
    N_FEATURES,
    N_GLOBAL,
    feature_names,
    position_features,
)
from strategies.value_model import (
    MARGIN_SCALE,
    V_G,
    V_H,
    V_OUT,
    check,
    evaluate_position,
    flush_subnormals,
    fold_standardisation,
    load,
    mlp_forward,
    new_work,
    no_model,
    pack,
    shipped_model,
)


def features(g: Game, viewer: int) -> np.ndarray:
    x = np.zeros(N_FEATURES)
    position_features(g.state, g.tables, viewer, x, new_score_buffer(512), np.zeros(4))
    return x


def _positions(n_games: int = 3, players: int = 2) -> np.ndarray:
    """Features of every 5th decision position of a few tuned self-play games, from each seat."""
    rows = []
    for seed in range(n_games):
        g = Game.new(players=players, seed=100 + seed)
        rng = np.array([seed + 1], dtype=np.int64)
        k = 0
        while not g.is_over:
            codes = g.legal_codes()
            if k % 5 == 0:
                rows += [features(g, c) for c in range(players)]
            spec_id, vec = registry.parse_spec("tuned")
            g.play(int(codes[decide(spec_id, vec, g.state, g.tables, codes, len(codes), rng)]))
            k += 1
    return np.array(rows)


def test_feature_vector_layout_and_exact_values():
    """Global one-hots, the viewer first, the opponent block, padding past the player count."""
    g = Game.new(players=3, seed=5)
    while g.state[L.G_ROUND] < 2:
        g.play(g.legal_moves()[0])
    S = g.state
    x = features(g, 1)
    assert len(feature_names()) == N_FEATURES
    assert x[F_ROUND + 2] == 1.0 and x[F_ROUND:F_ROUND + 6].sum() == 1.0
    assert x[F_PLAYERS + 1] == 1.0 and x[F_PLAYERS:F_PLAYERS + 3].sum() == 1.0
    assert x[N_GLOBAL + B_VP] == S[co(1) + L.C_VP]
    assert x[N_GLOBAL + B_CREDITS] == S[co(1) + L.C_CREDITS]
    assert x[N_GLOBAL + B_COMPANY + S[co(1) + L.C_COMPANY]] == 1.0
    opp = sorted((0, 2), key=lambda c: -(S[co(c) + L.C_VP]))
    assert {x[N_GLOBAL + N_BLOCK + B_VP], x[N_GLOBAL + 2 * N_BLOCK + B_VP]} == {S[co(c) + L.C_VP] for c in opp}
    assert x[F_MARGIN_VP] == S[co(1) + L.C_VP] - x[N_GLOBAL + N_BLOCK + B_VP]
    assert [x[N_GLOBAL + s * N_BLOCK + B_PRESENT] for s in range(4)] == [1.0, 1.0, 1.0, 0.0]
    assert not x[N_GLOBAL + 3 * N_BLOCK:].any()


def test_features_read_only_public_information():
    """HIDDEN-01..04: states that differ only in hidden pile orders have the same features for every viewer."""
    g = Game.new(players=2, seed=8)
    checked = 0
    k = 0
    while not g.is_over:
        if k % 3 == 0:
            other = g.determinized(g.current_player, 500 + k)
            a, b = g.state.copy(), other.state.copy()
            forget_hidden_order(a)
            forget_hidden_order(b)
            a[L.G_RNG] = b[L.G_RNG]
            assert np.array_equal(a, b)
            for c in range(2):
                assert np.array_equal(features(g, c), features(other, c))
            checked += 1
        g.play(g.legal_moves()[-1 if k % 3 else 0])
        k += 1
    assert checked > 10


def _fitted(X: np.ndarray, hidden=(16, 8)):
    sk = pytest.importorskip("sklearn.neural_network")
    rng = np.random.default_rng(3)
    y = np.stack([X @ rng.normal(size=X.shape[1]) / 1000.0, rng.uniform(size=X.shape[0])], axis=1)
    mean, scale = X.mean(axis=0), X.std(axis=0)
    scale[scale < 1e-9] = 1.0
    net = sk.MLPRegressor(hidden_layer_sizes=hidden, max_iter=30, random_state=0).fit((X - mean) / scale, y)
    return net, pack(mean, scale, net.coefs_, net.intercepts_), (X - mean) / scale


@pytest.mark.filterwarnings("ignore")   # the tiny fit stops before it converges
def test_numba_mlp_equals_scikit_learn_predictions_on_recorded_positions():
    """The flat model evaluated in numba gives scikit-learn's own predictions to 1e-6 on real positions."""
    X = _positions()
    assert X.shape[0] > 50
    net, model, Z = _fitted(X)
    check(model)
    want = net.predict(Z)
    work = new_work()
    got = np.zeros_like(want)
    for i in range(X.shape[0]):
        mlp_forward(model, X[i], work[V_H:V_G], work[V_G:V_OUT], got[i])
    np.testing.assert_allclose(got, want, atol=1e-6, rtol=0)


def test_models_hold_no_subnormal_numbers_and_flushing_them_changes_no_value(tmp_path):
    """Subnormal weights (an L2 fit's untrained inputs) cost ~100x per multiply on x86: a packed or loaded model has
    none, and the values of real 2- and 4-player positions are those of the unflushed weights (to the last bit:
    a product below 1e-305 vanishes in any sum that reaches an output)."""
    import json

    from strategies.value_model import save

    tiny = np.finfo(np.float64).tiny
    model = shipped_model()
    assert not ((model != 0) & (np.abs(model) < tiny)).any()
    raw = model.copy()
    weights = slice(3 + int(raw[2]) + 1 + 2 * N_FEATURES, None)      # past the header, the means and the scales
    raw[weights] = np.where(raw[weights] == 0.0, tiny / 7, raw[weights])    # subnormal numbers where zeros were
    assert ((raw != 0) & (np.abs(raw) < tiny)).sum() > 100
    save(raw, tmp_path / "m.json", {})
    assert json.loads((tmp_path / "m.json").read_text())["model"][weights.start:] != model[weights].tolist()
    loaded = load(tmp_path / "m.json")
    np.testing.assert_array_equal(loaded, flush_subnormals(raw))
    work = new_work()
    for players in (2, 4):
        for x in _positions(1, players)[::7]:
            a, b = np.zeros(2), np.zeros(2)
            mlp_forward(raw, x, work[V_H:V_G], work[V_G:V_OUT], a)
            mlp_forward(loaded, x, work[V_H:V_G], work[V_G:V_OUT], b)
            assert np.array_equal(a, b)


def test_folding_the_standardisation_into_the_first_layer_keeps_every_value():
    """Play evaluates the model with mean 0 / scale 1 and the first layer rescaled (so zero raw features are
    skipped): on real 2- and 4-player positions its values equal the standardised model's to 1e-12, and a folded
    model folds to itself."""
    import json
    from importlib import resources

    with resources.as_file(resources.files("strategies") / "data" / "value_model.json") as p:
        stored = check(np.asarray(json.loads(p.read_text())["model"], dtype=np.float64))
    n_in, n_hidden = int(stored[1]), int(stored[2])
    assert (stored[4 + n_hidden + n_in:4 + n_hidden + 2 * n_in] != 1.0).any()     # the file keeps the scales
    folded = shipped_model()
    np.testing.assert_array_equal(fold_standardisation(folded), folded)
    assert (folded[4 + n_hidden:4 + n_hidden + n_in] == 0).all() and (folded[4 + n_hidden + n_in:][:n_in] == 1).all()
    work = new_work()
    for players in (2, 4):
        X = _positions(1, players)
        a, b = np.zeros((len(X), 2)), np.zeros((len(X), 2))
        for i, x in enumerate(X):
            mlp_forward(flush_subnormals(stored), x, work[V_H:V_G], work[V_G:V_OUT], a[i])
            mlp_forward(folded, x, work[V_H:V_G], work[V_G:V_OUT], b[i])
        np.testing.assert_allclose(b, a, atol=1e-12, rtol=0)
        assert (X == 0).mean() > 0.5          # what the fold buys: most raw features are zero


def test_model_file_checks_reject_malformed_models(tmp_path):
    """A model whose layout or feature count does not match is refused with a clear message."""
    model = shipped_model()
    bad = model.copy()
    bad[1] = N_FEATURES + 1
    with pytest.raises(ValueError, match="features"):
        check(bad)
    with pytest.raises(ValueError, match="malformed"):
        check(model[:-1])
    with pytest.raises(ValueError, match="version"):
        check(np.zeros(3))


def test_shipped_model_predicts_sensible_values_at_the_start_and_the_end():
    """The shipped model: a finished game's leader gets a higher predicted margin than the trailer."""
    model = shipped_model()
    g = Game.new(players=2, seed=11)
    rng = np.array([2], dtype=np.int64)
    spec_id, vec = registry.parse_spec("tuned")
    while g.state[L.G_ROUND] < 5 or g.state[L.G_PHASE] < 2:
        codes = g.legal_codes()
        g.play(int(codes[decide(spec_id, vec, g.state, g.tables, codes, len(codes), rng)]))
    work = new_work()
    buf = new_score_buffer(512)
    margins = []
    for c in range(2):
        evaluate_position(model, g.state, g.tables, c, work, buf)
        margins.append(work[V_OUT] * MARGIN_SCALE)
    now = [g.state[co(c) + L.C_VP] for c in range(2)]
    leader = int(np.argmax(now))
    if now[0] != now[1]:
        assert margins[leader] > margins[1 - leader]


def test_lookahead_and_model_leaves_never_read_the_true_hidden_order():
    """HIDDEN-01..04: the lookahead bot and mcts:leaf=1 (the apprentice) pick the same move in states that differ
    only in hidden orders, and leave their streams alike."""
    model = shipped_model()
    g = Game.new(players=2, seed=21)
    bots = ((LOOKAHEAD, registry.parse_spec("lookahead")[1]),
            (ISMCTS, registry.parse_spec("mcts:iters=12,depth=6,leaf=1")[1]))
    checked = 0
    k = 0
    while not g.is_over and checked < 12:
        codes = g.legal_codes()
        if len(codes) > 1 and k % 5 == 0:
            other = g.determinized(g.current_player, 900 + k)
            for bot, params in bots:
                r1 = np.array([k + 5], dtype=np.int64)
                r2 = r1.copy()
                i1 = decide(bot, params, g.state, g.tables, codes, len(codes), r1, model=model)
                i2 = decide(bot, params, other.state, other.tables, codes, len(codes), r2, model=model)
                assert i1 == i2 and r1[0] == r2[0]
            checked += 1
        g.play(g.legal_moves()[k % len(codes)])
        k += 1
    assert checked >= 8


def test_registry_loads_the_model_only_for_seats_that_read_it():
    ids_, params = registry.parse_seats("lookahead,automa:level=4", 2)[1:]
    assert registry.needs_model(ids_, params) and registry.model_for(ids_, params).size > 1
    ids_, params = registry.parse_seats("apprentice,automa:level=4", 2)[1:]
    assert registry.needs_model(ids_, params) and registry.model_for(ids_, params).size > 1
    ids_, params = registry.parse_seats("mcts:iters=5,tuned", 2)[1:]
    assert not registry.needs_model(ids_, params) and registry.model_for(ids_, params).size == 1
    ids_, params = registry.parse_seats("mcts:iters=5,depth=8,leaf=1,tuned", 2)[1:]
    assert registry.needs_model(ids_, params)
    assert no_model().size == 1
