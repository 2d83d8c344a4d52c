"""Seeds, seat rotation, common random numbers and chunking (pure Python: no game is played)."""
from __future__ import annotations

import itertools
from collections import Counter

import numpy as np

from experiments.design import CellStats, Design, wilson_half_width, wilson_interval
from experiments.experiment_config import ExperimentConfig, resolve_strategies
from experiments.seeds import MAX_SEED, SEED_BLOCK, game_seeds, setup_draws
from sim import ids


def _design(**kw) -> Design:
    cfg = ExperimentConfig.from_dict(kw)
    return Design(cfg, resolve_strategies(cfg.strategies), master_seed=cfg.seed if cfg.seed is not None else 99)


def _setup_all(d: Design, allocations=None):
    chunks = d.chunks(allocations or d.first_round(), 0, 0)
    return chunks, [d.setup(c) for c in chunks]


def test_seed_derivation_is_the_documented_spawn_tree() -> None:
    master = 123456789
    root = np.random.SeedSequence(master)
    for stream, i in ((0, 0), (0, 5), (0, SEED_BLOCK + 3), (4, 2 * SEED_BLOCK + 1)):
        block = root.spawn(stream + 1)[stream].spawn(i // SEED_BLOCK + 1)[i // SEED_BLOCK]
        root = np.random.SeedSequence(master)   # spawn() advances the parent's counter: start afresh
        want = int(block.generate_state(SEED_BLOCK, np.uint64)[i % SEED_BLOCK] & np.uint64(MAX_SEED))
        assert game_seeds(master, stream, i, i + 1)[0] == want


def test_seeds_do_not_depend_on_how_the_range_is_cut() -> None:
    whole = game_seeds(7, 0, 0, 3 * SEED_BLOCK + 17)
    cuts = ((0, 5), (5, 1500), (1500, 2048), (2048, 3 * SEED_BLOCK + 17))
    cut = np.concatenate([game_seeds(7, 0, a, b) for a, b in cuts])
    assert np.array_equal(whole, cut)
    assert whole.min() >= 0 and whole.max() <= MAX_SEED and len(set(whole.tolist())) == whole.size
    c1, o1 = setup_draws(7, 0, 1000, 1100, 4, 7)
    c2, o2 = setup_draws(7, 0, 0, 2000, 4, 7)
    assert np.array_equal(c1, c2[1000:1100]) and np.array_equal(o1, o2[1000:1100])
    assert all(sorted(r) == [0, 1, 2, 3] for r in c2.tolist())


def test_tournament_rotation_is_balanced_over_all_permutations() -> None:
    d = _design(kind="tournament", players=3, games=6 * 50, strategies=["random", "random_actions"],
                chunk_size=64, seed=1)
    chunks, setups = _setup_all(d)
    assert [c.game_start for c in chunks] == list(range(0, 300, 64))
    st = np.concatenate([s.strategy for s in setups])[:, :3]
    lineups = Counter(tuple(r) for r in st.tolist())
    # line-up (r, ra, r) over the 6 seat permutations: 3 distinct seatings, each 2 permutations x 50 games
    assert lineups == {(0, 1, 0): 100, (1, 0, 0): 100, (0, 0, 1): 100}
    perms = list(itertools.permutations(range(3)))
    assert [tuple(np.array([0, 1, 0])[list(perms[g % 6])]) for g in range(6)] == [tuple(r) for r in st[:6].tolist()]
    assert (np.concatenate([s.strategy for s in setups])[:, 3] == -1).all()


def test_balance_cells_seats_and_common_random_numbers() -> None:
    d = _design(kind="balance", players=3, games_per_cell=42, strategies=["random", "random_actions"],
                companies=["USA", "France"], officers=["Viktor", "Mahiri"], chunk_size=50, seed=5)
    assert [c.label for c in d.cells] == ["USA+Viktor Fiesler", "USA+Mahiri Sekibo", "France+Viktor Fiesler",
                                          "France+Mahiri Sekibo"]
    chunks, setups = _setup_all(d)
    assert sum(c.n_games for c in chunks) == 168 and any(len(c.segments) > 1 for c in chunks)
    cell = np.concatenate([s.cell for s in setups])
    seed = np.concatenate([s.seed for s in setups])
    fc = np.concatenate([s.fixed_company for s in setups])
    fo = np.concatenate([s.fixed_officer for s in setups])
    st = np.concatenate([s.strategy for s in setups])
    rep = np.concatenate([s.replicate for s in setups])
    focal = np.concatenate([s.focal_seat for s in setups])
    assert np.array_equal(np.concatenate([s.game for s in setups]), np.arange(168))
    for k, c in enumerate(d.cells):
        m = cell == k
        assert np.array_equal(seed[m], seed[cell == 0])            # CRN: replicate i shares its seed
        reps = np.arange(42)
        own = reps % 3                                              # the cell's seat rotates
        assert (fc[m][reps, own] == c.company).all() and (fo[m][reps, own] == c.officer).all()
        assert Counter(st[m][reps, own].tolist()) == {0: 21, 1: 21}  # and plays every bot equally
        assert np.array_equal(focal[m], own) and np.array_equal(rep[m], reps)   # focal seat; CRN cluster
    for row_c, row_o in zip(fc[:, :3], fo[:, :3]):
        assert len(set(row_c)) == 3 and len(set(row_o)) == 3 and min(row_c) >= 0 and min(row_o) >= 0
    assert (fc[:, 3] == -1).all()
    no_crn = _design(kind="balance", players=3, games_per_cell=40, companies=["USA", "France"], officers=["Viktor"],
                     common_random_numbers=False, seed=5)
    _, s2 = _setup_all(no_crn)
    seeds2 = np.concatenate([s.seed for s in s2])
    assert not np.array_equal(seeds2[:40], seeds2[40:80])
    assert np.array_equal(np.concatenate([s.replicate for s in s2]), np.arange(80))   # each game its own cluster


def test_intro_balance_fixes_only_companies() -> None:
    d = _design(kind="balance", players=4, intro=True, games_per_cell=8, seed=2)
    assert [c.label for c in d.cells] == ["USA+Wilhelm Adler", "Germany+Jill McDowell", "Italy+Solomon P. Jordan",
                                          "France+Viktor Fiesler"]
    _, setups = _setup_all(d)
    for s in setups:
        assert (s.fixed_officer == -1).all()
        assert all(sorted(r) == [0, 1, 2, 3] for r in s.fixed_company.tolist())


def test_precision_rounds_stop_at_precision_or_budget() -> None:
    d = _design(kind="balance", players=4, companies=["USA"], officers=["Viktor", "Anton"], precision=0.05,
                games_per_cell=100, budget=700, seed=1)
    st = CellStats(2)
    st.add(0, 100, 25.0)
    st.add(1, 100, 50.0)
    nxt = d.next_round(st, budget_left=700 - 200)
    assert [a[0] for a in nxt] == [0, 1] and all(a[1] == 100 for a in nxt)
    assert sum(a[2] for a in nxt) <= 500 and all(a[2] <= 100 for a in nxt)     # at most doubles a cell
    st.add(0, 2000, 500.0)
    assert [a[0] for a in d.next_round(st, 400)] == [1]                       # cell 0 is precise enough
    assert d.next_round(st, 0) == []


def test_interaction_precision_spends_on_the_pairing_with_the_widest_contrast() -> None:
    """precision_target = interactions: the contrast of a cell is its win rate in its setup minus its pairing's mean
    over the setups. Viktor's contrasts (n = 2000 per objective) are precise; Anton's (n = 100, 30% and 60%) have a
    half-width of 1.96 * sqrt(0.25 * (0.21 + 0.24) / 100) = 0.066 > 0.05, and at equal n need
    ceil(1.05 * 1.96^2 * 0.25 * 0.45 / 0.05^2) = 182 games: 82 more in *both* objectives (replicates stay paired)."""
    d = _design(kind="balance", players=4, companies=["USA"], officers=["Viktor", "Anton"], precision=0.05,
                precision_target="interactions", objective=["best_area", "connections"], games_per_cell=100,
                budget=10_000, seed=1)
    assert [(c.setup, c.officer) for c in d.cells] == [(0, ids.VIKTOR), (0, ids.ANTON), (1, ids.VIKTOR),
                                                       (1, ids.ANTON)]
    st = CellStats(4)
    for cell, n, wins in ((0, 2000, 500.0), (1, 100, 30.0), (2, 2000, 520.0), (3, 100, 60.0)):
        st.add(cell, n, wins)
    assert d.next_round(st, budget_left=10_000) == [(1, 100, 82), (3, 100, 82)]
    st.add(1, 2000, 600.0)
    st.add(3, 2000, 1200.0)
    assert d.next_round(st, budget_left=10_000) == []


def test_interaction_precision_needs_precision_and_a_varied_setup() -> None:
    import pytest

    from sim.errors import ConfigError

    with pytest.raises(ConfigError, match="precision_target: interactions compare a pairing across setups"):
        _design(kind="balance", players=4, precision=0.05, precision_target="interactions")
    with pytest.raises(ConfigError, match="precision_target: interactions is a target of precision"):
        _design(kind="balance", players=4, objective="all", precision_target="interactions")
    with pytest.raises(ConfigError, match="precision_target: unknown target 'pairs'"):
        _design(kind="balance", players=4, precision=0.05, precision_target="pairs")


def test_wilson() -> None:
    lo, hi = wilson_interval(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    assert abs(wilson_half_width(50, 100) - (hi - lo) / 2) < 1e-12
    assert wilson_interval(0, 10)[0] == 0.0


def test_every_base_pairing_is_a_cell() -> None:
    d = _design(kind="balance", players=[2, 4], seed=1)
    assert len(d.cells) == 2 * 4 * 7
    assert {c.label for c in d.cells} == {f"{a}+{b}" for a in ids.COMPANY_NAMES[:ids.N_BASE_COMPANIES]
                                          for b in ids.OFFICER_NAMES[:ids.TOMMASO]}


def test_tournament_deal_random_deals_every_seat_a_pairing_as_a_balance_cell() -> None:
    """`deal = "random"`: every seat's company and officer come from the seeded setup draws (distinct companies
    and officers per game, officers from the variant's pool, SETUP-13); the same config deals the same pairings
    however the games are chunked; `pick` leaves them to the bots (SETUP-15)."""
    from sim.tables import compile_tables
    from sim.config import GameConfig

    pool = compile_tables(GameConfig(players=3).variant)[0]
    pool = set(pool.officer_pool[:pool.n_officer_pool[0]].tolist())
    d = _design(kind="tournament", players=3, games=200, strategies=["random"], chunk_size=64, seed=3, deal="random")
    fc = np.concatenate([s.fixed_company for s in _setup_all(d)[1]])
    fo = np.concatenate([s.fixed_officer for s in _setup_all(d)[1]])
    assert (fc[:, 3] == -1).all() and (fo[:, 3] == -1).all()
    assert all(len(set(r)) == 3 and set(r) <= {0, 1, 2, 3} for r in fc[:, :3].tolist())
    assert all(len(set(r)) == 3 and set(r) <= pool for r in fo[:, :3].tolist())
    assert len({tuple(r) for r in fc[:, :3].tolist()}) > 12                 # many different deals
    d2 = _design(kind="tournament", players=3, games=200, strategies=["random"], chunk_size=7, seed=3, deal="random")
    assert np.array_equal(fc, np.concatenate([s.fixed_company for s in _setup_all(d2)[1]]))
    picked = _design(kind="tournament", players=3, games=10, strategies=["random"], seed=3)
    assert (np.concatenate([s.fixed_company for s in _setup_all(picked)[1]]) == -1).all()
    assert "deal" not in picked.config.to_dict() and d.config.to_dict()["deal"] == "random"


def test_tournament_deal_errors_name_the_key() -> None:
    import pytest

    from sim.errors import ConfigError

    with pytest.raises(ConfigError, match="deal: unknown deal 'sometimes'"):
        ExperimentConfig.from_dict({"kind": "tournament", "players": 2, "strategies": ["random"], "deal": "sometimes"})
    with pytest.raises(ConfigError, match="deal: random deals"):
        ExperimentConfig.from_dict({"kind": "tournament", "players": 2, "strategies": ["random"], "deal": "random",
                                    "companies": ["USA", "Italy"]})
