"""Robustness of a balance ranking across the bot population: the cells ranked per focal-seat persona."""

from __future__ import annotations

import pandas as pd
from scipy.stats import spearmanr

from reports.cells import focal_rows


def persona_rankings(rows: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Win rate per cell for each bot at the focal seat (wide table) and, per bot and player count / setup, the
    Spearman rank correlation of its cell ranking with the pooled one."""
    focal = focal_rows(rows)
    keys = ["players", "setup", "cell"]
    pooled = focal.groupby(keys, observed=True)["win"].mean().rename("pooled")
    per = focal.groupby([*keys, "strategy"], observed=True)["win"].agg(["mean", "size"]).reset_index()
    wide = per.pivot_table(index=keys, columns="strategy", values="mean", observed=True)
    wide = wide.join(pooled).sort_values("pooled", ascending=False).reset_index()
    records = []
    for (players, setup), block in wide.groupby(["players", "setup"], observed=True):
        for bot in [c for c in block.columns if c not in (*keys, "pooled")]:
            rho = spearmanr(block[bot], block["pooled"], nan_policy="omit").statistic if len(block) > 2 else float("nan")
            sub = block.sort_values(bot, ascending=False)
            records.append({"players": players, "setup": setup, "strategy": bot, "cells": len(block),
                            "n_per_cell": int(per[(per["strategy"] == bot) & (per["players"] == players)]["size"].median()),
                            "spearman_with_pooled": float(rho), "top_cell": sub["cell"].iloc[0],
                            "bottom_cell": sub["cell"].iloc[-1]})
    return wide, pd.DataFrame.from_records(records)
