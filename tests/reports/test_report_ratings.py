"""Plackett-Luce (MM) recovers known strengths and matches choix; pairwise closed form; the replicate-cluster
bootstrap (whole clusters, wider under within-replicate correlation, game bootstrap without replicates); seeding;
pattern collapsing."""

from __future__ import annotations

import choix
import numpy as np
import pandas as pd
import pytest

from reports.ratings import cluster_bootstrap_counts, collect_rankings, fit_plackett_luce, rate, rating_table

TRUE_STRENGTH = {"a": 1.0, "b": 2.0, "c": 4.0, "d": 0.5}
SEATS = 4


def _result_rows(items: np.ndarray, performance: np.ndarray, names: np.ndarray, games_per_replicate: int = 1,
                 ) -> pd.DataFrame:
    """Result rows in the runner's schema (game, replicate, seat, players, focal, strategy, rank, win) for games x
    seats of item codes, ranked by descending performance."""
    games, seats = items.shape
    rank = 1 + (performance[:, None, :] > performance[:, :, None]).sum(axis=2)
    return pd.DataFrame({
        "game": np.repeat(np.arange(games), seats),
        "replicate": np.repeat(np.arange(games) // games_per_replicate, seats),
        "seat": np.tile(np.arange(seats), games),
        "players": np.full(games * seats, seats),
        "focal": np.ones(games * seats, dtype=bool),
        "strategy": names[items.ravel()],
        "rank": rank.ravel(),
        "win": (rank.ravel() == 1).astype(float),
    })


def _plackett_luce_games(games: int, seed: int) -> pd.DataFrame:
    """Four-seat games, each bot once per game, finishing order drawn from Plackett-Luce via Gumbel noise."""
    rng = np.random.default_rng(seed)
    log_strength = np.log(list(TRUE_STRENGTH.values()))
    items = np.argsort(rng.random((games, SEATS)), axis=1)
    return _result_rows(items, log_strength[items] + rng.gumbel(size=(games, SEATS)), np.array(list(TRUE_STRENGTH)))


def test_maximum_likelihood_matches_choix_on_partial_rankings() -> None:
    # Six bots, four seats a game: partial rankings without ties, which choix's I-LSR fits to the exact MLE.
    rng = np.random.default_rng(3)
    log_strength = np.array([0.4, -0.2, 0.9, -1.1, 0.0, 0.3])
    names = np.array([f"bot{index}" for index in range(len(log_strength))])
    items = np.argsort(rng.random((1500, len(names))), axis=1)[:, :SEATS]
    rows = _result_rows(items, log_strength[items] + rng.gumbel(size=items.shape), names)
    order = rows.sort_values(["game", "rank"])
    codes = order["strategy"].str.removeprefix("bot").astype(int).to_numpy().reshape(-1, SEATS)
    expected = choix.ilsr_rankings(len(names), [tuple(ranking) for ranking in codes], tol=1e-12, max_iter=1000)
    expected -= expected.mean()
    rankings = collect_rankings(rows, "strategy")
    assert rankings.names == tuple(names)
    exact = fit_plackett_luce(rankings, rankings.counts[None, :].astype(float), prior_games=0.0)[0]
    assert exact == pytest.approx(expected, abs=1e-5)
    # The default prior (two virtual games per pair against 1,500 real ones) moves the fit only slightly.
    assert rate(rows, "strategy", seed=0, replicates=5).log_strength == pytest.approx(expected, abs=0.01)


def test_bootstrap_resamples_whole_replicates_with_their_multiplicity() -> None:
    # Three replicates of 1, 2 and 5 games, each replicate with its own finishing order: a resample holds every
    # replicate's games 0, 1, 2 or 3 times over, never a part of a replicate.
    orders = [[0, 1, 2, 3], [1, 0, 2, 3], [3, 2, 1, 0]]
    sizes = [1, 2, 5]
    items = np.array([order for order, size in zip(orders, sizes) for _ in range(size)])
    rows = _result_rows(items, -np.tile(np.arange(SEATS, dtype=float), (len(items), 1)), np.array(list("wxyz")))
    rows["replicate"] = np.repeat(np.repeat([7, 3, 5], sizes), SEATS)
    rankings = collect_rankings(rows, "strategy")
    counts = cluster_bootstrap_counts(rankings, 500, np.random.default_rng(0))
    by_size = {int(count): pattern for pattern, count in enumerate(rankings.counts)}
    for size in sizes:
        assert set(np.unique(counts[:, by_size[size]])) == {0, size, 2 * size, 3 * size}
    # Three draws of whole replicates: the resample size is 1a + 2b + 5c games with a + b + c = 3.
    possible = {a + 2 * b + 5 * (3 - a - b) for a in range(4) for b in range(4 - a)}
    assert set(counts.sum(axis=1)) <= possible and len(set(counts.sum(axis=1))) > 3


def test_cluster_bootstrap_widens_intervals_under_within_replicate_correlation() -> None:
    # 300 replicates of 8 games each: the games of a replicate seat the same bots and share most of their noise,
    # as common random numbers make them, so there are about 300 independent outcomes, not 2,400.
    rng = np.random.default_rng(5)
    replicates, per_replicate = 300, 8
    log_strength = np.log(list(TRUE_STRENGTH.values()))
    seating = np.argsort(rng.random((replicates, SEATS)), axis=1)
    shared = rng.gumbel(size=(replicates, SEATS))
    items = np.repeat(seating, per_replicate, axis=0)
    noise = np.repeat(shared, per_replicate, axis=0) + 0.2 * rng.gumbel(size=items.shape)
    rows = _result_rows(items, log_strength[items] + noise, np.array(list(TRUE_STRENGTH)), per_replicate)

    def half_widths(frame: pd.DataFrame) -> np.ndarray:
        low, high = np.percentile(rate(frame, "strategy", seed=1, replicates=200).bootstrap, [2.5, 97.5], axis=0)
        return (high - low) / 2

    clustered, per_game = half_widths(rows), half_widths(rows.drop(columns="replicate"))
    assert (clustered > 1.8 * per_game).all(), (clustered, per_game)


def test_without_replicates_every_game_is_its_own_cluster() -> None:
    rows = _plackett_luce_games(400, seed=6)
    one_per_game = rows.assign(replicate=rows["game"] + 1000)
    without = rate(rows.drop(columns="replicate"), "strategy", seed=3, replicates=40).bootstrap
    assert np.array_equal(without, rate(one_per_game, "strategy", seed=3, replicates=40).bootstrap)


def test_recovers_known_strengths_within_tolerance() -> None:
    rows = _plackett_luce_games(3000, seed=1)
    ratings = rate(rows, "strategy", seed=2, replicates=100)
    truth = np.log(list(TRUE_STRENGTH.values()))
    truth -= truth.mean()
    assert ratings.names == tuple(TRUE_STRENGTH)
    assert ratings.log_strength == pytest.approx(truth, abs=0.08)
    table = rating_table(rows, ratings, "strategy").set_index("strategy")
    assert table.index.tolist() == ["c", "b", "a", "d"]
    intervals = table.loc[list(TRUE_STRENGTH)]
    assert (intervals["ci_low"].to_numpy() <= truth).all() and (truth <= intervals["ci_high"].to_numpy()).all()


def test_pairwise_games_without_prior_give_the_bradley_terry_closed_form() -> None:
    # Two bots, 30 wins to 10: the MLE strength ratio is 30/10, so the centred log-strengths are +-log(3)/2.
    winners = ["x"] * 30 + ["y"] * 10
    rows = pd.DataFrame({
        "game": np.repeat(np.arange(40), 2),
        "strategy": [name for winner in winners for name in (winner, "y" if winner == "x" else "x")],
        "rank": np.tile([1, 2], 40),
    })
    rankings = collect_rankings(rows, "strategy")
    log_strength = fit_plackett_luce(rankings, rankings.counts[None, :].astype(float), prior_games=0.0)[0]
    assert log_strength == pytest.approx([np.log(3) / 2, -np.log(3) / 2], abs=1e-6)


def test_a_bot_that_never_wins_gets_a_finite_last_place() -> None:
    rows = pd.DataFrame({
        "game": np.repeat(np.arange(20), 3),
        "strategy": np.tile(["strong", "medium", "hopeless"], 20),
        "rank": np.tile([1, 2, 3], 20),
        "win": np.tile([1.0, 0.0, 0.0], 20),
    })
    ratings = rate(rows, "strategy", seed=0, replicates=20)
    assert np.isfinite(ratings.log_strength).all()
    assert rating_table(rows, ratings, "strategy")["strategy"].tolist() == ["strong", "medium", "hopeless"]


def test_same_outcome_in_other_seats_is_one_pattern_and_ties_share_rank() -> None:
    rows = pd.DataFrame({
        "game": [0, 0, 0, 1, 1, 1, 2, 2, 2],
        "strategy": ["a", "b", "c", "c", "a", "b", "a", "b", "c"],
        "rank": [1, 2, 3, 3, 1, 2, 1, 1, 3],
    })
    rankings = collect_rankings(rows, "strategy")
    assert sorted(rankings.counts.tolist()) == [1, 2]
    assert sorted(map(tuple, rankings.ranks.tolist())) == [(1, 1, 3), (1, 2, 3)]


def test_bootstrap_is_reproducible_from_the_seed() -> None:
    rows = _plackett_luce_games(300, seed=4)
    first = rate(rows, "strategy", seed=9, replicates=30).bootstrap
    assert np.array_equal(first, rate(rows, "strategy", seed=9, replicates=30).bootstrap)
    assert not np.array_equal(first, rate(rows, "strategy", seed=10, replicates=30).bootstrap)


def test_each_game_maps_to_the_pattern_of_its_own_outcome() -> None:
    rows = _plackett_luce_games(500, seed=8)
    rankings = collect_rankings(rows, "strategy")
    assert rankings.counts.sum() == 500 and len(np.unique(rankings.items * 10 + rankings.ranks, axis=0)) == len(
        rankings.counts)
    codes = {name: code for code, name in enumerate(rankings.names)}
    for game, seats in rows.groupby("game"):
        pattern = rankings.game_patterns[game]
        expected = sorted(zip(seats["rank"], seats["strategy"].map(codes)))
        assert list(zip(rankings.ranks[pattern], rankings.items[pattern])) == expected
    assert np.array_equal(np.bincount(rankings.game_patterns), rankings.counts)
