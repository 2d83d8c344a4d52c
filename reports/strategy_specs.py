"""Strategy specs (`name:key=value,...`) and the search-budget view of bot ratings."""

from __future__ import annotations

import pandas as pd

BUDGET_PARAMETER = "iters"


def parse_strategy_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split 'mcts:iters=200,c=1.4' into ('mcts', {'iters': '200', 'c': '1.4'})."""
    name, _, parameters = spec.partition(":")
    pairs = (item.partition("=") for item in parameters.split(",") if item.strip())
    return name.strip(), {key.strip(): value.strip() for key, _, value in pairs}


def search_budget_table(ratings: pd.DataFrame, strategy_column: str = "strategy") -> pd.DataFrame:
    """Ratings of bots that differ only in `iters`, one family per name + other parameters; families of two or more."""
    records = []
    for record in ratings.to_dict("records"):
        name, parameters = parse_strategy_spec(str(record[strategy_column]))
        budget = parameters.pop(BUDGET_PARAMETER, None)
        if budget is None or not budget.isdigit():
            continue
        family = ":".join([name, ",".join(f"{key}={value}" for key, value in sorted(parameters.items()))]).rstrip(":")
        records.append({"family": family, "iters": int(budget), **record})
    table = pd.DataFrame.from_records(records, columns=["family", "iters", *ratings.columns])
    sizes = table.groupby("family")["iters"].transform("nunique")
    return table[sizes >= 2].sort_values(["family", "iters"], ignore_index=True)
