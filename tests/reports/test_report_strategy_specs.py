"""Strategy spec parsing and the search-budget table."""

from __future__ import annotations

import pandas as pd

from reports.strategy_specs import parse_strategy_spec, search_budget_table


def test_parse_specs() -> None:
    assert parse_strategy_spec("random") == ("random", {})
    assert parse_strategy_spec("greedy:w_energy=1.5") == ("greedy", {"w_energy": "1.5"})
    assert parse_strategy_spec("mcts:iters=200, c=1.4") == ("mcts", {"iters": "200", "c": "1.4"})


def test_budget_families_need_two_budgets_and_keep_other_parameters_apart() -> None:
    ratings = pd.DataFrame({
        "strategy": ["mcts:iters=50", "mcts:iters=200", "mcts:iters=50,c=2", "mcts:iters=400,c=2",
                     "mcts:c=3,iters=10", "greedy", "random"],
        "log_strength": [0.1, 0.5, 0.0, 0.3, -0.2, 0.0, -1.0],
    })
    table = search_budget_table(ratings)
    assert table[["family", "iters"]].values.tolist() == [["mcts", 50], ["mcts", 200], ["mcts:c=2", 50],
                                                         ["mcts:c=2", 400]]
