"""Descriptive score statistics: VP by source, score distributions and energy per round."""

from __future__ import annotations

import pandas as pd

from reports.results import BASE_VP_SOURCE_COLUMNS, ENERGY_COLUMNS, VP_SOURCE_COLUMNS

QUANTILES = {"p10": 0.10, "p25": 0.25, "median": 0.50, "p75": 0.75, "p90": 0.90}


def vp_by_source(rows: pd.DataFrame, by: str) -> pd.DataFrame:
    """Mean VP from each source (and in total) per level of `by`; the source means add up to the total."""
    grouped = rows.groupby(by, observed=True)
    shown = [c for c in VP_SOURCE_COLUMNS if c in BASE_VP_SOURCE_COLUMNS or rows[c].any()]   # a module's sources
    table = grouped[shown].mean()                                                              # only in its games
    table.insert(0, "n", grouped.size())
    table["vp"] = grouped["vp"].mean()
    return _plain_index(table)


def score_distribution(rows: pd.DataFrame, by: str) -> pd.DataFrame:
    """Mean, spread and quantiles of final VP per level of `by`."""
    vp = rows.groupby(by, observed=True)["vp"]
    table = vp.agg(n="size", mean="mean", sd="std", min="min", max="max")
    for name, quantile in QUANTILES.items():
        table[name] = vp.quantile(quantile)
    return _plain_index(table[["n", "mean", "sd", "min", *QUANTILES, "max"]])


def energy_per_round(rows: pd.DataFrame, by: str) -> pd.DataFrame:
    """Mean energy produced at each round's scoring per level of `by`."""
    grouped = rows.groupby(by, observed=True)
    table = grouped[list(ENERGY_COLUMNS)].mean()
    table.insert(0, "n", grouped.size())
    return _plain_index(table)


def _plain_index(table: pd.DataFrame) -> pd.DataFrame:
    """Move the group index into an ordinary column with plain (non-categorical) values."""
    table = table.reset_index()
    first = table.columns[0]
    if isinstance(table[first].dtype, pd.CategoricalDtype):
        table[first] = table[first].astype(table[first].cat.categories.dtype)
    return table
