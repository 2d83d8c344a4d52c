"""Whole games with Automa seats (RULES §23): invariants after every step at 2/3/4 players and every level,
same seed same game, determinization of the Automa deck (AUTOMA-02, HIDDEN-*), configuration errors."""
from __future__ import annotations

import numpy as np
import pytest

from experiments.play import play_game
from sim import Game, GameConfig, ids
from sim import layout as L
from sim.results import N_GAME, N_RESULT, R_RANK, R_VP, R_VP_SRC
from sim.errors import ConfigError
from sim.invariants import describe_violations
from sim.rules.company import co
from sim.tables import as_array, compile_tables
from strategies import registry
from strategies.batch import fuzz_batch, play_batch
from strategies.core import AUTOMA, RANDOM_ACTIONS, planners_for
from strategies.value_model import no_model


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_in_random_games_with_automas(players):
    """AUTOMA-01..45 over 120 games per player count: every level, 1..n-1 Automa seats, random and greedy
    players; the invariants hold after every move and no decision is ever asked of an Automa seat."""
    n = 120
    rng = np.random.default_rng(players)
    seeds = np.arange(1000 * players, 1000 * players + n, dtype=np.int64)
    strat = np.full((n, 4), RANDOM_ACTIONS, dtype=np.int64)
    params = np.zeros((n, 4, registry.N_PARAMS))
    _, gid, gvec = registry.parse_seats("greedy", 1)
    for g in range(n):
        seats = rng.permutation(players)[:1 + g % (players - 1)]
        if g % 3 == 0:
            strat[g], params[g] = gid[0], gvec[0]
        strat[g, seats] = AUTOMA
        params[g, seats] = 0
        params[g, seats, 0] = 1 + g % 4                      # the level
    tables = as_array(compile_tables(GameConfig(players=players).variant)[0])
    fc = np.full((n, 4), -1, dtype=np.int64)
    report = np.zeros((n, 2), dtype=np.int64)
    fuzz_batch(tables, seeds, fc, fc.copy(), strat, params, report, no_model(), planners_for(strat))
    bad = [(int(seeds[g]), int(report[g, 0]), describe_violations(int(report[g, 1])))
           for g in range(n) if report[g, 1] != 0]
    assert not bad, bad[:3]
    played = play_game(GameConfig(players=players), int(seeds[0]), ["automa:level=2"] + ["random"] * (players - 1))
    assert played.state[L.AUTOMA_POS] > 5                  # the Automa flipped cards through the game


def test_same_seed_same_game_and_batch_equals_single_game():
    """Same (variant, seed, strategies) => the same game, in the Python loop and in the batch runner."""
    config = GameConfig(players=3)
    specs = "greedy,automa:level=3,automa:level=1"
    a = play_game(config, 77, specs)
    b = play_game(config, 77, specs)
    assert np.array_equal(a.state, b.state)
    _, ids_, params = registry.parse_seats(specs, 3)
    seat_out = np.zeros((1, 3, N_RESULT), dtype=np.int64)
    game_out = np.zeros((1, N_GAME), dtype=np.int64)
    fc = np.full((1, 4), -1, dtype=np.int64)
    strat = np.zeros((1, 4), dtype=np.int64)
    par = np.zeros((1, 4, registry.N_PARAMS))
    strat[0, :3] = ids_
    par[0, :3] = params
    play_batch(as_array(a.tables), np.array([77]), fc, fc.copy(), strat, par, seat_out, game_out, no_model(),
               planners_for(strat))
    res = a.result()
    for c in range(3):
        assert seat_out[0, c, R_VP] == res[c].vp
        assert seat_out[0, c, R_RANK] == res[c].rank
        assert seat_out[0, c, R_VP_SRC:R_VP_SRC + 11].sum() == res[c].vp
    assert a.state[co(1) + L.C_AUTOMA] == 3 and a.state[co(2) + L.C_AUTOMA] == 1
    assert a.state[co(1) + L.C_CREDITS] == 0 and a.state[co(2) + L.C_CREDITS] == 0   # AUTOMA-04


def test_determinize_reshuffles_only_the_hidden_automa_deck():
    """HIDDEN-03, AUTOMA-02: the undrawn deck below the face-up top card is re-sampled; flipped cards, the top
    card and everything else that is not a hidden pile stay."""
    g = play_game(GameConfig(players=2), 5, "random_actions,automa", max_moves=12)
    pos = int(g.state[L.AUTOMA_POS])
    assert pos >= 1
    seen = set()
    for seed in range(12):
        d = g.determinized(0, seed).state
        deck = d[L.AUTOMA_DECK:L.AUTOMA_DECK + 20]
        orig = g.state[L.AUTOMA_DECK:L.AUTOMA_DECK + 20]
        assert np.array_equal(deck[:pos + 1], orig[:pos + 1])
        assert sorted(deck[pos + 1:]) == sorted(orig[pos + 1:])
        seen.add(tuple(deck[pos + 1:]))
        mask = np.ones(L.STATE_SIZE, dtype=bool)
        mask[L.G_RNG] = False
        mask[L.AUTOMA_DECK:L.AUTOMA_DECK + 20] = False
        mask[L.PILE:L.PILE + 3 * L.PILE_SIZE] = False
        mask[L.TECH_PILE:L.TECH_PILE + L.N_ADV] = False
        assert np.array_equal(d[mask], g.state[mask])
    assert len(seen) > 6


def test_determinize_leaves_games_without_automa_alone():
    g = play_game(GameConfig(players=2), 5, "random", max_moves=10)
    d = g.determinized(0, 3).state
    assert np.array_equal(d[L.AUTOMA_DECK:L.AUTOMA_POS + 1], g.state[L.AUTOMA_DECK:L.AUTOMA_POS + 1])


@pytest.mark.parametrize("kw,msg", [
    (dict(players=2, automa=(2, 2)), "every seat is an automa"),
    (dict(players=3, automa=(0, 2)), "automa list has 2 entries for 3 players"),
    (dict(players=2, automa=(0, 5)), "automa levels must be integers 0..4"),
])
def test_bad_automa_config_is_one_line_error(kw, msg):
    with pytest.raises(ConfigError, match=msg) as e:
        GameConfig(**kw)
    assert "\n" not in str(e.value)


def test_all_automa_strategies_rejected_and_level_validated():
    with pytest.raises(ConfigError, match="every seat is an automa"):
        registry.parse_seats("automa", 3)
    with pytest.raises(ConfigError, match="level"):
        registry.parse_seats("greedy,automa:level=5", 2)
    with pytest.raises(ConfigError, match="whole number"):
        registry.parse_seats("greedy,automa:level=2.5", 2)
    _, ids_, params = registry.parse_seats("greedy,automa", 2)
    assert ids_[1] == AUTOMA and params[1, 0] == 2 and registry.automa_levels(ids_, params) == (0, 2)


def test_game_new_with_automa_config_never_asks_the_automa():
    g = Game.new(GameConfig(players=4, automa=(0, 1, 0, 4)), seed=3)
    while not g.is_over:
        assert g.current_player in (0, 2)
        g.play(g.legal_codes()[0])
    assert g.state[co(1) + L.C_VP_SRC] == 16 and g.state[co(3) + L.C_VP_SRC] == 16   # AUTOMA-06


# ---------------------------------------------------------------------------------------------------------------
# Level 4 with every base officer (AUTOMA-60..66)
# ---------------------------------------------------------------------------------------------------------------

LEVEL_4_OFFICERS = list(ids.OFFICER_NAMES)


@pytest.mark.parametrize("officer", LEVEL_4_OFFICERS)
def test_invariants_hold_with_each_base_officer_dealt_to_a_level_4_automa(officer):
    """AUTOMA-60..71 over 60 two-player games per officer a level-4 Automa may hold (random and greedy players, the Automa in either seat):
    the invariants hold after every move, and the Automa keeps its officer (AUTOMA-01/03)."""
    n = 60
    seeds = np.arange(5000, 5000 + n, dtype=np.int64)
    automa_seat = np.arange(n) % 2
    off = ids.OFFICER_NAMES.index(officer)
    other = ids.WILHELM if off == ids.VIKTOR else ids.VIKTOR
    fo = np.full((n, 4), -1, dtype=np.int64)
    fo[np.arange(n), automa_seat] = off
    fo[np.arange(n), 1 - automa_seat] = other
    strat = np.full((n, 4), RANDOM_ACTIONS, dtype=np.int64)
    params = np.zeros((n, 4, registry.N_PARAMS))
    _, gid, gvec = registry.parse_seats("greedy", 1)
    for g in range(n):
        if g % 4 >= 2:
            strat[g, 1 - automa_seat[g]], params[g, 1 - automa_seat[g]] = gid[0], gvec[0]
        strat[g, automa_seat[g]] = AUTOMA
        params[g, automa_seat[g], 0] = 4
    expansions = ("leeghwater", "promo") if off >= ids.TOMMASO else ()
    tables = as_array(compile_tables(GameConfig(players=2, expansions=expansions).variant)[0])
    report = np.zeros((n, 2), dtype=np.int64)
    fuzz_batch(tables, seeds, np.full((n, 4), -1, dtype=np.int64), fo, strat, params, report, no_model(),
               planners_for(strat))
    bad = [(int(seeds[g]), int(report[g, 0]), describe_violations(int(report[g, 1])))
           for g in range(n) if report[g, 1] != 0]
    assert not bad, bad[:3]
    g = play_game(GameConfig(players=2, officers=(ids.OFFICER_NAMES[other], officer), expansions=expansions), 11,
                  "greedy,automa:level=4")
    assert g.is_over and g.state[co(1) + L.C_EFF_OFFICER] == off


def test_AUTOMA_66_each_forced_first_action_is_in_the_log_and_the_batch_plays_the_same_game():
    """AUTOMA-66: against a level-4 Mahiri Automa the player's first action of each of the 5 rounds is chosen by
    the Automa procedure and logged once per round; the Python loop (which logs it) and play_batch give the same
    game."""
    config = GameConfig(players=2, officers=("Viktor Fiesler", "Mahiri Sekibo"))
    g = play_game(config, 21, "greedy,automa:level=4")
    forced = [line for line in g.log if "AUTOMA-66" in line]
    assert [line.split()[0] for line in forced] == ["R1", "R2", "R3", "R4", "R5"]
    assert all("first action of the round chosen by the Automa procedure" in line for line in forced)
    _, ids_, params = registry.parse_seats("greedy,automa:level=4", 2)
    seat_out = np.zeros((1, 2, N_RESULT), dtype=np.int64)
    fo = np.full((1, 4), -1, dtype=np.int64)
    fo[0, :2] = config.officer_ids()
    strat = np.zeros((1, 4), dtype=np.int64)
    par = np.zeros((1, 4, registry.N_PARAMS))
    strat[0, :2] = ids_
    par[0, :2] = params
    play_batch(as_array(g.tables), np.array([21]), np.full((1, 4), -1, dtype=np.int64), fo, strat, par, seat_out,
               np.zeros((1, N_GAME), dtype=np.int64), no_model(), planners_for(strat))
    assert [int(seat_out[0, c, R_VP]) for c in range(2)] == [r.vp for r in g.result()]
    no_mahiri = play_game(GameConfig(players=2, officers=("Viktor Fiesler", "Anton Krylov")), 21,
                          "greedy,automa:level=4")
    assert not any("AUTOMA-66" in line for line in no_mahiri.log)
