"""Robustness of a balance ranking across the bot population: the cells ranked per focal-seat persona."""

from __future__ import annotations

import pandas as pd
from scipy.stats import spearmanr

from reports.cells import cell_column, focal_rows

MIXED_STRENGTH_GAP = 0.15      # focal win-rate spread between the bots above which cell win rates mostly mean "who played"


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


def mixed_strength_warning(rows: pd.DataFrame) -> str | None:
    """A warning when the bots of a balance population differ so much in strength that a cell's own-seat win rate
    mostly says which bot held the seat (e.g. tuned and expert in 2-player games: every pairing near 50%)."""
    if cell_column(rows) != "cell":
        return None
    focal = focal_rows(rows)
    by_bot = focal.groupby(["players", "strategy"], observed=True)["win"].mean()
    if by_bot.index.get_level_values("strategy").nunique() < 2:
        return None
    spread = by_bot.groupby(level="players").agg(lambda x: x.max() - x.min())
    if spread.max() <= MIXED_STRENGTH_GAP:
        return None
    players = int(spread.idxmax())
    rates = ", ".join(f"{bot} {100 * rate:.0f}%" for (p, bot), rate in by_bot.items() if p == players)
    return (f"the bots of this population differ in strength (focal-seat win rate at {players} players: {rates}); "
            "a pairing's own win rate mixes the pairing with the bot that held it. Read the company and officer "
            "effects (they control for the bot) or run a population of one bot (--population tuned / strong).")
