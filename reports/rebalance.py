"""The confirmation of a rebalance (`barrage rebalance`): the official rules and each proposal played again on fresh
seeds at full size, each judged with the report's verdicts, and their spreads before and after.

Every run of a confirmation plays the same seeds (common random numbers), so a proposal's change against the
official rules is a paired comparison. The verdicts are the report's (reports/cells.py): per company and per
officer, "balanced" when the two one-sided exact tests put its own-seat win rate within parity +- margin, "stronger"
/ "weaker" when the score test rejects parity, else "undetermined"; Holm runs over every test of the confirmation
(all runs, all groups), so the chance of any wrong "balanced" claim in it is at most alpha. A proposal is called
balanced only if every company and every officer is. Spreads (reports.spread) carry cluster-bootstrap intervals,
resampling the replicates of all runs together so the ratio of a proposal's spread to the official one keeps the
pairing. This module reads results directories only; it never imports the engine.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from reports.cells import verdicts_of, equivalence_p_values, focal_rows, more_games_needed
from reports.clustering import parity_z_test, win_rate_summary
from reports.multiple_testing import ALPHA, holm
from reports.results import ResultsError, load_results
from reports.spread import (
    BOOTSTRAP_DRAWS,
    FAMILIES,
    Groups,
    bootstrap_spreads,
    group_rates,
    imbalance,
    percentile_interval,
    spread,
)

OFFICIAL = "official"
VERDICT_FAMILIES = ("company", "officer")       # a proposal is balanced when every group of these is
HALF = 0.5                                       # the done-when: a spread narrowed to at most half


def focal_matrix(rows: pd.DataFrame) -> tuple[np.ndarray, Groups]:
    """The focal win shares of a complete balance run as a [cells, replicates] matrix (cells sorted by player count
    and label) and the cells' groups; a run with missing games is a ResultsError."""
    focal = focal_rows(rows)
    cells = (focal.groupby(["players", "cell"], observed=True)[["company", "officer"]].first().reset_index()
             .assign(cell=lambda t: t["cell"].astype(str)).sort_values(["players", "cell"], kind="stable"))
    index = {(int(p), c): i for i, (p, c) in enumerate(zip(cells["players"], cells["cell"]))}
    row_cell = np.array([index[(int(p), str(c))] for p, c in zip(focal["players"], focal["cell"])])
    replicate = focal["replicate"].to_numpy(np.int64)
    replicates = int(replicate.max()) + 1
    counts = np.bincount(row_cell * replicates + replicate, minlength=len(cells) * replicates)
    if not (counts == 1).all():
        raise ResultsError(f"a confirmation run is incomplete or not a balance sweep ({int((counts == 0).sum())} "
                           "cell-replicates missing); complete it with `barrage rebalance ... --resume`")
    wins = np.zeros((len(cells), replicates))
    wins[row_cell, replicate] = focal["win"].to_numpy(float)
    groups = Groups.of_cells(cells["players"].astype(int).tolist(), cells["company"].astype(str).tolist(),
                             cells["officer"].astype(str).tolist())
    return wins, groups


def group_table(rows: pd.DataFrame, margin: float) -> pd.DataFrame:
    """Per company and per officer (and player count): n, win rate, clustered 95% interval, difference from parity,
    the score test's and the equivalence test's p-values (not yet corrected)."""
    focal = focal_rows(rows)
    parts = []
    for family in VERDICT_FAMILIES:
        t = win_rate_summary(focal, [family]).rename(columns={family: "group"})
        parts.append(t.assign(family=family, group=t["group"].astype(str)))
    table = pd.concat(parts, ignore_index=True)
    table["p_value"] = parity_z_test(table)
    table["p_equivalence"] = equivalence_p_values(table, margin)
    return table


def confirmation_figures(runs: dict[str, str | Path], margin: float, pairing_weight: float, seed: int,
                         alpha: float = ALPHA, draws: int = BOOTSTRAP_DRAWS) -> dict:
    """The figures of a confirmation: `runs` maps a label (OFFICIAL first, then the proposals) to its results
    directory. Returns {"tests", "alpha", "margin", "runs": {label: {...}}} as plain data for rebalance.json."""
    if OFFICIAL not in runs:
        raise ValueError(f"the confirmation needs the {OFFICIAL!r} run")
    matrices, tables, games = {}, [], {}
    groups = None
    for label, directory in runs.items():
        _, rows = load_results(directory)
        matrices[label], run_groups = focal_matrix(rows)
        groups = groups or run_groups
        if run_groups.labels != groups.labels:
            raise ResultsError(f"{directory}: its cells are not the official run's; the runs of a confirmation play "
                               "the same design")
        games[label] = int(rows["game"].nunique())
        tables.append(group_table(rows, margin).assign(run=label))
    table = pd.concat(tables, ignore_index=True)
    table["p_holm"] = holm(table["p_value"].to_numpy())
    table["p_equivalence_holm"] = holm(table["p_equivalence"].to_numpy())
    table["verdict"] = verdicts_of(table, alpha)
    table["more_games_needed"] = more_games_needed(table, margin, alpha)
    boot = bootstrap_spreads(matrices, groups, seed, draws, pairing_weight)
    out = {"tests": int(len(table)), "alpha": alpha, "margin": margin, "pairing_weight": pairing_weight,
           "runs": {}}
    for label, wins in matrices.items():
        rows = table[table["run"] == label]
        out["runs"][label] = {
            "games": games[label], "replicates": int(wins.shape[1]),
            "balanced": bool((rows["verdict"] == "balanced").all()),
            "groups": _group_records(rows),
            "spread": _spreads(wins, groups, pairing_weight, boot[label]),
        }
    official = out["runs"][OFFICIAL]
    for label, run in out["runs"].items():
        run["vs_official"] = None if label == OFFICIAL else _ratios(run, official, boot[label], boot[OFFICIAL])
    return out


def _group_records(table: pd.DataFrame) -> list[dict]:
    keep = ["family", "group", "players", "n", "win_rate", "ci_low", "ci_high", "parity", "difference",
            "design_effect", "p_holm", "p_equivalence_holm", "verdict", "more_games_needed"]
    return [{k: (v.item() if hasattr(v, "item") else v) for k, v in record.items()}
            for record in table[keep].to_dict("records")]


def _spreads(wins: np.ndarray, groups: Groups, pairing_weight: float, boot: np.ndarray) -> dict:
    """Per family (and the imbalance): the estimate, its 95% bootstrap interval and the largest deviation."""
    out = {}
    for j, family in enumerate((*FAMILIES, "imbalance")):
        estimate = imbalance(wins, groups, pairing_weight) if family == "imbalance" else spread(wins, groups, family)
        low, high = percentile_interval(boot[:, j])
        out[family] = {"estimate": estimate, "ci_low": low, "ci_high": high}
        if family != "imbalance":
            out[family]["largest_deviation"] = float(np.max(np.abs(group_rates(wins, groups, family).deviation)))
    return out


def _ratios(run: dict, official: dict, boot: np.ndarray, boot_official: np.ndarray) -> dict:
    """Per family: the run's spread over the official one, with the 95% interval of the paired bootstrap."""
    out = {}
    for j, family in enumerate((*FAMILIES, "imbalance")):
        before, after = official["spread"][family]["estimate"], run["spread"][family]["estimate"]
        ratio = np.divide(boot[:, j], boot_official[:, j], out=np.full(len(boot), np.nan),
                          where=boot_official[:, j] > 0)
        finite = ratio[np.isfinite(ratio)]
        low, high = percentile_interval(finite) if len(finite) else (float("nan"), float("nan"))
        out[family] = {"ratio": after / before if before > 0 else float("nan"), "ci_low": low, "ci_high": high}
    return out


def narrowed_by_half(run: dict, official: dict, family: str) -> bool:
    """Whether a run's spread estimate of a family is at most half the official one's."""
    return run["spread"][family]["estimate"] <= HALF * official["spread"][family]["estimate"]
