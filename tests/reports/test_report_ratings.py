"""Plackett-Luce (MM) recovers known strengths; pairwise closed form; bootstrap seeding; pattern collapsing."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.ratings import collect_rankings, fit_plackett_luce, rate, rating_table

TRUE_STRENGTH = {"a": 1.0, "b": 2.0, "c": 4.0, "d": 0.5}


def _plackett_luce_games(games: int, seed: int) -> pd.DataFrame:
    """Four-seat games, each bot once per game, finishing order drawn from Plackett-Luce via Gumbel noise."""
    rng = np.random.default_rng(seed)
    names = np.array(list(TRUE_STRENGTH))
    log_strength = np.log(list(TRUE_STRENGTH.values()))
    items = np.argsort(rng.random((games, 4)), axis=1)
    performance = log_strength[items] + rng.gumbel(size=(games, 4))
    rank = 1 + (performance[:, None, :] > performance[:, :, None]).sum(axis=2)
    return pd.DataFrame({"game": np.repeat(np.arange(games), 4), "strategy": names[items.ravel()],
                         "rank": rank.ravel(), "win": (rank.ravel() == 1).astype(float)})


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
