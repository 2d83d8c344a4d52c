"""The greedy bot family: legal moves only, reproducible, public information only, and clearly stronger than
random (win rate with a Wilson bound, the greedy seat rotated through every seat)."""
from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from sim import Game, GameConfig
from sim.errors import ConfigError
from sim import layout as L
from sim.results import N_GAME, N_RESULT, R_RANK, R_VP, R_VP_SRC
from sim.invariants import describe_violations, violations
from sim.rules.engine import BUFFER_SIZE, advance, play_move
from sim.rules.setup import setup_game
from sim.tables import as_array, compile_tables
from reports.proportions import wilson_interval
from strategies import personas, registry
from strategies.batch import play_batch
from strategies.core import GREEDY, RANDOM, choose_move, plan_memory, planners_for
from strategies.features import DEFAULT_WEIGHTS, N_WEIGHTS
from strategies.greedy import greedy_choose, new_score_buffer
from strategies.value_model import no_model

WIDTH = registry.N_PARAMS   # parameter-vector width of the batch runner and the registry


def persona_vector(name: str, width: int = WIDTH) -> np.ndarray:
    """The persona's weights in a parameter vector of `width` slots (slots past the weights stay 0)."""
    v = np.zeros(width, dtype=np.float64)
    w = personas.PERSONA_BY_NAME[name].vector(width)
    v[:len(w)] = w
    return v


def batch(players: int, seeds, seat_strategy, seat_params):
    """Plays one game per seed; seat_strategy/seat_params give every game's per-seat ids and vectors."""
    n = len(seeds)
    tables = as_array(compile_tables(GameConfig(players=players).variant)[0])
    fc = np.full((n, L.MAX_PLAYERS), -1, dtype=np.int64)
    strat = np.zeros((n, L.MAX_PLAYERS), dtype=np.int64)
    par = np.zeros((n, L.MAX_PLAYERS, seat_params.shape[-1]), dtype=np.float64)
    strat[:, :players] = seat_strategy
    par[:, :players] = seat_params
    seat_out = np.zeros((n, players, N_RESULT), dtype=np.int64)
    game_out = np.zeros((n, N_GAME), dtype=np.int64)
    play_batch(tables, np.asarray(seeds, dtype=np.int64), fc, fc.copy(), strat, par, seat_out, game_out, no_model(),
               planners_for(strat))
    return seat_out, game_out


def win_shares(seat_out: np.ndarray) -> np.ndarray:
    """END-08: a shared victory is split between the tied first places."""
    first = seat_out[:, :, R_RANK] == 1
    return first / first.sum(axis=1, keepdims=True)


# -- the parameter table ------------------------------------------------------------------------------------

def test_persona_table_matches_the_numba_defaults():
    assert personas.STRATEGY_ID == GREEDY
    assert len(personas.PARAMS) == N_WEIGHTS == len(DEFAULT_WEIGHTS)
    assert np.array_equal(np.array(personas.DEFAULTS), DEFAULT_WEIGHTS)
    names = [p.name for p in personas.PERSONAS]
    assert len(set(names)) == len(names) and names[0] == "greedy" and len(names) >= 4
    for p in personas.PERSONAS:
        assert [k for k, _ in p.params()] == list(personas.PARAM_NAMES)
        assert all(q.low <= v <= q.high for q, (_, v) in zip(personas.PARAMS, p.params()))
    assert personas.PERSONA_BY_NAME["greedy"].vector() == list(DEFAULT_WEIGHTS)
    rows = personas.table()
    assert [r["name"] for r in rows] == names and all(r["id"] == GREEDY for r in rows)


def test_every_persona_is_a_registry_name_with_its_weights_as_defaults():
    for p in personas.PERSONAS:
        sid, vec = registry.parse_spec(p.name)
        assert sid == GREEDY and vec.shape == (WIDTH,)
        assert list(vec[:len(personas.PARAMS)]) == p.vector()
    sid, vec = registry.parse_spec("builder:w_contract=2.5,noise=1")
    assert vec[personas.PARAM_NAMES.index("w_contract")] == 2.5 and vec[personas.PARAM_NAMES.index("noise")] == 1
    assert vec[personas.PARAM_NAMES.index("w_build")] == 2.2          # the persona's own default is kept
    assert registry.canonical("greedy:w_energy=1.50,w_build=1.6") == "greedy:w_energy=1.5"
    assert registry.canonical("builder:w_build=2.2") == "builder"
    with pytest.raises(ConfigError, match="w_lock=0.65"):
        registry.parse_spec("producer:w_lok=1")
    with pytest.raises(ConfigError, match=r"outside \[0, 1\]"):
        registry.parse_spec("greedy:w_lock=2")


# -- legality --------------------------------------------------------------------------------------------------

@njit(cache=True)
def _play_checked(T, seeds, strategy, params, report):
    """Plays games with one strategy in every seat (the planners keeping their trees, strategies.tree_memory),
    checking each pick is in range and every invariant holds after every move. report[g] = (decisions, first bad
    pick index or -1, violation mask)."""
    S = np.zeros(L.STATE_SIZE, dtype=np.int64)
    out = np.empty(BUFFER_SIZE, dtype=np.int64)
    scratch = np.empty(16, dtype=np.int64)
    rng = np.zeros(1, dtype=np.int64)
    buf = new_score_buffer(BUFFER_SIZE)
    model = np.zeros(1)                          # no value model (strategies.value_model.no_model)
    fc = np.full(L.MAX_PLAYERS, -1, dtype=np.int64)
    seat_strategy = np.full(L.MAX_PLAYERS, strategy, dtype=np.int64)
    seat_params = np.empty((L.MAX_PLAYERS, params.shape[0]))
    for c in range(L.MAX_PLAYERS):
        seat_params[c] = params
    for g in range(seeds.shape[0]):
        memory = plan_memory(seat_strategy, seat_params, L.MAX_PLAYERS)
        setup_game(S, T, seeds[g], fc, fc, np.zeros(L.MAX_PLAYERS, dtype=np.int64))
        rng[0] = 1 + seeds[g]
        n = advance(S, T, out, scratch)
        k = 0
        report[g, 1] = -1
        report[g, 2] = 0
        while n > 0:
            i = choose_move(strategy, params, S, T, out, n, rng, buf, memory, model, True)
            if i < 0 or i >= n:
                report[g, 1] = k
                break
            n = play_move(S, T, out[i], out, scratch)
            k += 1
            bad = violations(S, T)
            if bad != 0:
                report[g, 2] = bad
                break
        report[g, 0] = k


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("persona", ["greedy", "builder", "producer", "contract_hunter", "spoiler"])
def test_greedy_picks_legal_moves_and_keeps_every_invariant(players, persona):
    tables = compile_tables(GameConfig(players=players).variant)[0]
    seeds = np.arange(8, dtype=np.int64) + 1000 * players
    report = np.zeros((len(seeds), 3), dtype=np.int64)
    _play_checked(tables, seeds, GREEDY, persona_vector(persona, N_WEIGHTS), report)
    for g, (decisions, bad_pick, mask) in enumerate(report):
        assert bad_pick == -1, f"seed {seeds[g]}: pick out of range at decision {bad_pick}"
        assert mask == 0, f"seed {seeds[g]}: {describe_violations(int(mask))}"
        assert decisions > 50


def test_noise_diversifies_games_and_stays_legal():
    tables = compile_tables(GameConfig(players=4).variant)[0]
    seeds = np.arange(6, dtype=np.int64) + 4242
    plain = np.zeros((len(seeds), 3), dtype=np.int64)
    noisy = np.zeros((len(seeds), 3), dtype=np.int64)
    w = DEFAULT_WEIGHTS.copy()
    _play_checked(tables, seeds, GREEDY, w, plain)
    w[personas.PARAM_NAMES.index("noise")] = 3.0
    _play_checked(tables, seeds, GREEDY, w, noisy)
    assert (noisy[:, 1] == -1).all() and (noisy[:, 2] == 0).all()
    assert not np.array_equal(plain[:, 0], noisy[:, 0])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_batch_games_with_mixed_personas_finish_with_consistent_results(players):
    names = [p.name for p in personas.PERSONAS]
    seeds = np.arange(60) + 77 * players
    params = np.array([[persona_vector(names[(g + s) % len(names)]) for s in range(players)]
                       for g in range(len(seeds))])
    seat_out, game_out = batch(players, seeds, np.full((len(seeds), players), GREEDY), params)
    assert (game_out[:, 6] > 0).all()                                          # decisions
    assert (seat_out[:, :, R_VP] == seat_out[:, :, R_VP_SRC:R_VP_SRC + 11].sum(axis=2)).all()
    ranks = seat_out[:, :, R_RANK]
    assert ((ranks >= 1) & (ranks <= players)).all() and (ranks.min(axis=1) == 1).all()


@pytest.mark.parametrize("players", [2, 4])
def test_python_loop_game_plays_only_listed_codes(players):
    """sim.Game's legal_codes() is the ground truth: every code the bot picks must be in it."""
    g = Game.new(players=players, seed=31 + players)
    rng = np.array([5], dtype=np.int64)
    while not g.is_over:
        codes = g.legal_codes()
        i = greedy_choose(DEFAULT_WEIGHTS, g.state, g.tables, codes, len(codes), rng)
        assert 0 <= i < len(codes)
        assert codes[i] in g.legal_codes()
        g.play(int(codes[i]))
    res = g.result()
    assert sum(r.win for r in res) == pytest.approx(1.0)
    assert max(r.vp for r in res) > 40                       # greedy games score (random ones stay near 10)


# -- reproducibility and information -------------------------------------------------------------------------

def assert_reproducible(players: int, seeds, strat, params) -> None:
    """The same seeds give the same games (seat and game rows); other seeds give other games."""
    a = batch(players, seeds, strat, params)
    b = batch(players, seeds, strat, params)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    c = batch(players, seeds + 1, strat, params)
    assert not np.array_equal(a[0], c[0])


def test_same_seed_same_game_and_the_game_rng_is_untouched():
    seeds = np.arange(40) + 9000
    params = np.tile(persona_vector("greedy"), (len(seeds), 4, 1))
    assert_reproducible(4, seeds, np.full((len(seeds), 4), GREEDY), params)


def test_short_parameter_vector_means_defaults_for_the_rest():
    g = Game.new(players=3, seed=12)
    r_full = np.array([3], dtype=np.int64)
    r_short = np.array([3], dtype=np.int64)
    for _ in range(80):
        codes = g.legal_codes()
        i = greedy_choose(DEFAULT_WEIGHTS, g.state, g.tables, codes, len(codes), r_full)
        j = greedy_choose(DEFAULT_WEIGHTS[:8].copy(), g.state, g.tables, codes, len(codes), r_short)
        assert i == j and r_full[0] == r_short[0]
        g.play(int(codes[i]))


def test_bot_reads_only_public_information():
    """HIDDEN-01..04: reshuffling what nobody can see (contract and tile piles, the game's generator) never
    changes the bot's pick nor its own random stream."""
    g = Game.new(players=4, seed=2)
    rng = np.array([11], dtype=np.int64)
    checked = 0
    while not g.is_over:
        codes = g.legal_codes()
        r0 = rng[0]
        i = greedy_choose(DEFAULT_WEIGHTS, g.state, g.tables, codes, len(codes), rng)
        if len(codes) > 1:
            for seed in (1, 2):
                h = g.determinized(g.current_player, seed)
                r2 = np.array([r0], dtype=np.int64)
                assert greedy_choose(DEFAULT_WEIGHTS, h.state, h.tables, codes, len(codes), r2) == i
                assert r2[0] == rng[0]
            checked += 1
        g.play(int(codes[i]))
    assert checked > 100


# -- strength ------------------------------------------------------------------------------------------------

def one_against_random(persona: str, games: int, seed0: int):
    """One greedy seat against random bots, the greedy seat rotated through all seats."""
    players = 4
    seeds = np.arange(games) + seed0
    seat = np.arange(games) % players
    strat = np.full((games, players), RANDOM)
    strat[np.arange(games), seat] = GREEDY
    params = np.zeros((games, players, WIDTH))
    params[np.arange(games), seat] = persona_vector(persona)
    seat_out, _ = batch(players, seeds, strat, params)
    wins = win_shares(seat_out)[np.arange(games), seat].sum()
    return wins, games


def test_greedy_beats_random_with_a_confidence_bound():
    wins, n = one_against_random("greedy", 400, 50_000)
    lo, _ = wilson_interval(wins, n)
    assert lo > 0.25, f"greedy won {wins:g}/{n} against 3 random bots (Wilson lower bound {lo:.3f})"


@pytest.mark.parametrize("persona", [p.name for p in personas.PERSONAS if p.name != "greedy"])
def test_each_persona_beats_random(persona):
    wins, n = one_against_random(persona, 100, 60_000)
    lo, _ = wilson_interval(wins, n)
    assert lo > 0.25, f"{persona} won {wins:g}/{n} against 3 random bots (Wilson lower bound {lo:.3f})"
