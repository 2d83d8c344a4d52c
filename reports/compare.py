"""Robustness across bot populations: one balance design played by two populations (e.g. the greedy family and
the strong one, `barrage balance --population`), compared cell by cell and ranking by ranking.

A verdict describes play between the bots that produced it. Comparing two populations on the same cells shows
which conclusions survive stronger play: per cell, both win rates with their clustered intervals and the
difference (Holm across cells); per ranking (the cells, the companies, the officers), Spearman's rank correlation
with a 95% interval from a replicate-cluster bootstrap of both experiments, so a low correlation that is only
noise is not read as a changed ranking; and every verdict that changes.

The two experiments are treated as independent samples. When they were run with the same master seed, replicate i
of a cell shares its setup draws in both, which correlates the two estimates positively; ignoring it makes the
intervals of the differences conservative.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.stats import norm, rankdata

from reports.cells import cell_column, focal_rows, ranked_cells
from reports.clustering import CONFIDENCE
from reports.multiple_testing import ALPHA, holm
from reports.results import ResultsError

BOOTSTRAP_DRAWS = 1000
KEYS = ["players", "setup", "cell"]
RANKINGS = ("cell", "company", "officer")
PLURALS = {"cell": "pairings", "company": "companies", "officer": "officers"}
UNDETERMINED = "undetermined"
STRONG_POPULATION = "strong"    # the population a default report compares itself with when a run of it exists
# Config keys that say who played or how many games, not which game: two runs that differ only in these play the
# same design (the comparison joins them on the cells they share).
NOT_DESIGN = {"name", "seed", "strategies", "population", "strategy_files", "games_per_cell", "precision",
              "precision_target", "budget", "chunk_size", "common_random_numbers"}


@dataclass(frozen=True)
class PopulationComparison:
    """The per-cell table, the ranking correlations and the verdicts that change, labelled by population."""

    label: str
    other_label: str
    cells: pd.DataFrame
    correlations: pd.DataFrame
    changed: pd.DataFrame
    found: str = ""          # the other run's directory when the report found it itself (find_strong_run)


def compare_populations(rows: pd.DataFrame, other: pd.DataFrame, label: str, other_label: str,
                        margin: float, seed: int = 0) -> PopulationComparison:
    """Compare the balance results `rows` (population `label`) with `other` (population `other_label`)."""
    for name, frame in ((label, rows), (other_label, other)):
        if cell_column(frame) != "cell":
            raise ResultsError(f"compare: the {name} results are a tournament; compare two balance experiments "
                               "(barrage balance --population ...)")
    mine, theirs = ranked_cells(rows, margin), ranked_cells(other, margin)
    keep = [*KEYS, "n", "win_rate", "ci_low", "ci_high", "design_effect", "verdict"]
    cells = mine[keep].merge(theirs[keep], on=KEYS, suffixes=("", "_other"))
    if cells.empty:
        raise ResultsError(f"compare: the {label} and {other_label} results share no cell (player count, setup and "
                           "pairing); compare two runs of the same design")
    difference = cells["win_rate"] - cells["win_rate_other"]
    se = np.sqrt(_rate_variance(cells, "") + _rate_variance(cells, "_other"))
    cells["difference"] = difference
    cells["diff_ci_low"] = difference - norm.ppf(0.5 + CONFIDENCE / 2) * se
    cells["diff_ci_high"] = difference + norm.ppf(0.5 + CONFIDENCE / 2) * se
    cells["p_value"] = 2 * norm.sf(np.abs(difference) / np.where(se > 0, se, np.inf))
    cells["p_holm"] = holm(cells["p_value"].to_numpy())
    cells["verdict_changed"] = cells["verdict"] != cells["verdict_other"]
    decided = (cells["verdict"] != UNDETERMINED) & (cells["verdict_other"] != UNDETERMINED)
    cells["verdicts_contradict"] = cells["verdict_changed"] & decided
    cells = cells.sort_values(["players", "setup", "win_rate"], ascending=[True, True, False], kind="stable")
    correlations = ranking_correlations(rows, other, seed)
    changed = cells[cells["verdict_changed"]].sort_values("verdicts_contradict", ascending=False, kind="stable")
    changed = changed[[*KEYS, "verdict", "verdict_other", "verdicts_contradict", "win_rate", "win_rate_other",
                       "p_holm"]]
    return PopulationComparison(label, other_label, cells.reset_index(drop=True), correlations,
                                changed.reset_index(drop=True))


def find_strong_run(results_dir: str | Path, manifest: dict) -> Path | None:
    """A run of the same design by the strong population next to `results_dir` (a sibling directory), or None; of
    several, the one with the most games. A strong run, or a run that is not a balance design, has none."""
    config = manifest.get("config", {})
    if manifest.get("kind") != "balance" or config.get("population") == STRONG_POPULATION:
        return None
    here = Path(results_dir).resolve()
    found = []
    for candidate in sorted(here.parent.glob("*/manifest.json")):
        if candidate.parent == here:
            continue
        try:
            other = json.loads(candidate.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue                    # not a results directory this report can read: not a candidate
        if (isinstance(other, dict) and other.get("kind") == "balance" and other.get("games_done", 0) > 0
                and other.get("config", {}).get("population") == STRONG_POPULATION
                and _design(other.get("config", {})) == _design(config)):
            found.append((-int(other["games_done"]), candidate.parent.name,
                          Path(results_dir).parent / candidate.parent.name))
    return min(found)[2] if found else None


def _design(config: dict) -> dict:
    return {k: v for k, v in config.items() if k not in NOT_DESIGN}


def _rate_variance(cells: pd.DataFrame, suffix: str) -> np.ndarray:
    """Clustered variance of a cell's win rate: binomial variance times the design effect (floored at 1)."""
    rate = cells[f"win_rate{suffix}"].to_numpy(float)
    deff = np.maximum(cells[f"design_effect{suffix}"].to_numpy(float), 1.0)
    return rate * (1 - rate) * deff / cells[f"n{suffix}"].to_numpy(float)


def ranking_correlations(rows: pd.DataFrame, other: pd.DataFrame, seed: int = 0,
                         draws: int = BOOTSTRAP_DRAWS) -> pd.DataFrame:
    """Per player count, setup and ranking (cells, companies, officers): Spearman's correlation of the two
    populations' focal-seat win rates with a 95% replicate-cluster bootstrap interval."""
    rng = np.random.default_rng(seed)
    records = []
    mine, theirs = focal_rows(rows), focal_rows(other)
    for (players, setup), block in mine.groupby(["players", "setup"], observed=True):
        other_block = theirs[(theirs["players"] == players) & (theirs["setup"] == setup)]
        for ranking in RANKINGS:
            levels = sorted(set(block[ranking].astype(str)) & set(other_block[ranking].astype(str)))
            if len(levels) < 3:
                continue
            wins_a, counts_a = _per_replicate(block, ranking, levels)
            wins_b, counts_b = _per_replicate(other_block, ranking, levels)
            rho = _spearman(wins_a.sum(0) / counts_a.sum(0), wins_b.sum(0) / counts_b.sum(0))
            boot = np.array([_spearman(*(_resampled_rates(w, c, rng) for w, c in ((wins_a, counts_a),
                                                                                  (wins_b, counts_b))))
                             for _ in range(draws)])
            low, high = np.nanquantile(boot, [(1 - CONFIDENCE) / 2, (1 + CONFIDENCE) / 2])
            records.append({"players": int(players), "setup": setup, "ranking": ranking, "levels": len(levels),
                            "spearman": rho, "ci_low": float(low), "ci_high": float(high)})
    return pd.DataFrame.from_records(records, columns=["players", "setup", "ranking", "levels", "spearman",
                                                       "ci_low", "ci_high"])


def _per_replicate(rows: pd.DataFrame, column: str, levels: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Wins and seat-games per replicate (rows) and level (columns) of the focal rows."""
    rows = rows[rows[column].astype(str).isin(levels)]
    level = pd.Categorical(rows[column].astype(str), categories=levels).codes
    replicate = pd.factorize(rows["replicate"])[0]
    shape = (int(replicate.max()) + 1, len(levels))
    wins, counts = np.zeros(shape), np.zeros(shape)
    np.add.at(wins, (replicate, level), rows["win"].to_numpy(float))
    np.add.at(counts, (replicate, level), 1.0)
    return wins, counts


def _resampled_rates(wins: np.ndarray, counts: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Win rates per level after resampling replicates with replacement."""
    weights = rng.multinomial(len(wins), np.full(len(wins), 1.0 / len(wins))).astype(float)
    total = weights @ counts
    return np.divide(weights @ wins, total, out=np.full(total.shape, np.nan), where=total > 0)


def _spearman(a: np.ndarray, b: np.ndarray) -> float:
    """Spearman's rho (average ranks for ties); NaN when a ranking is constant or a level is missing."""
    if np.isnan(a).any() or np.isnan(b).any():
        return float("nan")
    ra, rb = rankdata(a), rankdata(b)
    if ra.std() == 0 or rb.std() == 0:
        return float("nan")
    return float(np.corrcoef(ra, rb)[0, 1])


def comparison_findings(comparison: PopulationComparison) -> list[str]:
    """Plain-language statements: how well each ranking survives, and which verdicts change."""
    findings = []
    for rec in comparison.correlations.to_dict("records"):
        findings.append(f"{rec['players']} players, {rec['setup']}: the ranking of {PLURALS[rec['ranking']]} by "
                        f"{comparison.label} and by {comparison.other_label} correlates at rho = "
                        f"{rec['spearman']:.2f} (bootstrap 95% CI {rec['ci_low']:.2f} to {rec['ci_high']:.2f}, "
                        f"{rec['levels']} {PLURALS[rec['ranking']]}).")
    cells = comparison.cells
    moved = cells[cells["p_holm"] <= ALPHA]
    findings.append(f"{len(moved)} of {len(cells)} pairings have a win rate that differs between the populations "
                    f"(Holm, alpha {ALPHA}); {int(cells['verdicts_contradict'].sum())} verdicts contradict each other "
                    f"(both decided, different) and {int((cells['verdict_changed'] & ~cells['verdicts_contradict']).sum())} "
                    "are decided in one population only.")
    for rec in comparison.changed.head(10).to_dict("records"):
        findings.append(f"{rec['cell']} ({rec['players']} players): {rec['verdict']} with {comparison.label} "
                        f"({100 * rec['win_rate']:.1f}%), {rec['verdict_other']} with {comparison.other_label} "
                        f"({100 * rec['win_rate_other']:.1f}%).")
    return findings


def comparison_json(comparison: PopulationComparison) -> dict:
    """Machine-readable form (`report.json`'s `population_comparison`)."""
    return {"population": comparison.label, "other_population": comparison.other_label,
            "correlations": comparison.correlations.to_dict("records"),
            "verdict_changes": comparison.changed.to_dict("records"),
            "cells": comparison.cells.to_dict("records")}
