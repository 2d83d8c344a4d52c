"""How far the own-seat win rates of a balance design spread around parity: the statistic `barrage rebalance`
minimises and reports (docs/experiments.md § Rebalancing).

The input is a matrix of focal win shares (a shared victory split, END-08), one row per cell (a company x officer
pairing at one player count) and one column per replicate. Under common random numbers column r of every cell was
played from the same seed with the same opponents' draws, so a replicate is one cluster.

A *family* groups the cells: `company` (the cells of one company at one player count), `officer`, `pairing` (each
cell alone). A group's own-seat win rate r_g is the mean of its cells' focal win shares, p_g its parity
(1 / players) and v_g the replicate-clustered variance of r_g. Then

    spread(family)   = sqrt(max(0, mean_g [(r_g - p_g)^2 - v_g]))
    imbalance        = sqrt(max(0, (msd_company + msd_officer + w * msd_pairing) / (2 + w)))

with msd the bracketed mean (the mean squared deviation from parity, sampling noise removed: E[(r^ - p)^2] =
(r - p)^2 + var(r^), so the raw root-mean-square of pure noise is not zero, and would not fall as a proposal
improves once the deviations are smaller than the noise). Values are win-rate fractions; reports show points.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

FAMILIES = ("company", "officer", "pairing")
SPREAD_FAMILIES = ("company", "officer")       # the two the imbalance weighs equally
DEFAULT_PAIRING_WEIGHT = 0.5
BOOTSTRAP_DRAWS = 2000
CONFIDENCE = 0.95


@dataclass(frozen=True)
class Groups:
    """The groups of each family: their labels, parities and the group of every cell (cells in matrix order)."""

    labels: dict[str, tuple[str, ...]]
    parity: dict[str, np.ndarray]
    member: dict[str, np.ndarray]          # family -> [groups, cells] 0/1 membership

    @classmethod
    def of_cells(cls, players: Sequence[int], companies: Sequence[str], officers: Sequence[str]) -> Groups:
        """The groups of cells given by their player count, company and officer (one entry per cell)."""
        several = len(set(players)) > 1
        keys = {"company": list(zip(players, companies)), "officer": list(zip(players, officers)),
                "pairing": [(p, f"{c}+{o}") for p, c, o in zip(players, companies, officers)]}
        labels, parity, member = {}, {}, {}
        for family, per_cell in keys.items():
            groups = list(dict.fromkeys(per_cell))
            labels[family] = tuple(f"{name} ({p}p)" if several else name for p, name in groups)
            parity[family] = np.array([1.0 / p for p, _ in groups])
            index = {g: i for i, g in enumerate(groups)}
            matrix = np.zeros((len(groups), len(per_cell)))
            matrix[[index[g] for g in per_cell], np.arange(len(per_cell))] = 1.0
            member[family] = matrix
        return cls(labels, parity, member)


@dataclass(frozen=True)
class GroupRates:
    """One family's group rates, their clustered variances and deviations from parity."""

    labels: tuple[str, ...]
    rate: np.ndarray
    variance: np.ndarray
    parity: np.ndarray

    @property
    def deviation(self) -> np.ndarray:
        """Rate minus parity."""
        return self.rate - self.parity

    @property
    def msd(self) -> float:
        """Mean squared deviation from parity with the sampling noise removed (may be below 0 by chance)."""
        return float(np.mean(self.deviation ** 2 - self.variance))


def group_rates(wins: np.ndarray, groups: Groups, family: str) -> GroupRates:
    """The rates of one family's groups from a complete [cells, replicates] matrix of focal win shares."""
    totals, members = _replicate_totals(wins, groups, family)
    replicates = wins.shape[1]
    rate = totals.sum(axis=1) / (members * replicates)
    residual = totals - members[:, None] * rate[:, None]
    variance = _cluster_factor(replicates) * (residual ** 2).sum(axis=1) / (members * replicates) ** 2
    return GroupRates(groups.labels[family], rate, variance, groups.parity[family])


def spread(wins: np.ndarray, groups: Groups, family: str) -> float:
    """The family's noise-corrected root-mean-square deviation from parity (module docstring)."""
    return float(np.sqrt(max(0.0, group_rates(wins, groups, family).msd)))


def imbalance(wins: np.ndarray, groups: Groups, pairing_weight: float = DEFAULT_PAIRING_WEIGHT) -> float:
    """The weighted root-mean-square deviation from parity over companies, officers and pairings (module
    docstring): the target `barrage rebalance` minimises, as a win-rate fraction."""
    msd = {family: group_rates(wins, groups, family).msd for family in FAMILIES}
    return float(np.sqrt(np.maximum(0.0, combined_msd(msd, pairing_weight))))


def combined_msd(msd: dict, pairing_weight: float):
    """The imbalance's mean square from the families' (numbers or arrays of bootstrap draws)."""
    return (msd["company"] + msd["officer"] + pairing_weight * msd["pairing"]) / (len(SPREAD_FAMILIES) +
                                                                                 pairing_weight)


def bootstrap_spreads(runs: dict[str, np.ndarray], groups: Groups, seed: int, draws: int = BOOTSTRAP_DRAWS,
                      pairing_weight: float = DEFAULT_PAIRING_WEIGHT) -> dict[str, np.ndarray]:
    """Spread of every family and the imbalance of each run, on `draws` cluster-bootstrap resamples of the
    replicates: {run: array [draws, families + 1]} (FAMILIES order, imbalance last). Every run is resampled with
    the same replicates, so runs played on the same seeds (common random numbers) stay paired and their ratio's
    interval keeps the pairing's precision. The runs must have the same number of replicates.

    Each resample's mean squared deviation is shifted by the bootstrap's bias before the square root: in the
    bootstrap world the true rates are the observed ones, so the resamples centre on the uncorrected (r^ - p)^2,
    not on the noise-corrected estimate (at 20 replicates per cell the pairing spread's interval missed it)."""
    replicates = {w.shape[1] for w in runs.values()}
    if len(replicates) != 1:
        raise ValueError(f"runs have different numbers of replicates ({sorted(replicates)}); pairs need equal ones")
    (n,) = replicates
    rng = np.random.default_rng(seed)
    counts = rng.multinomial(n, np.full(n, 1.0 / n), size=draws).astype(float)      # [draws, replicates]
    out = {}
    for name, wins in runs.items():
        msd = {}
        for family in FAMILIES:
            totals, members = _replicate_totals(wins, groups, family)
            first = totals @ counts.T                                 # [groups, draws]: sum_r k_r T_r
            second = (totals ** 2) @ counts.T
            rate = first / (members[:, None] * n)
            square = second - 2 * members[:, None] * rate * first + (members[:, None] * rate) ** 2 * n
            variance = _cluster_factor(n) * square / (members[:, None] * n) ** 2
            deviation = rate - groups.parity[family][:, None]
            resampled = np.mean(deviation ** 2 - variance, axis=0)
            msd[family] = resampled - (resampled.mean() - group_rates(wins, groups, family).msd)
        total = combined_msd(msd, pairing_weight)
        columns = [np.sqrt(np.maximum(msd[f], 0.0)) for f in FAMILIES] + [np.sqrt(np.maximum(total, 0.0))]
        out[name] = np.column_stack(columns)
    return out


def percentile_interval(values: np.ndarray, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The central percentile interval of bootstrap values (NaN-free)."""
    tail = 100 * (1 - confidence) / 2
    low, high = np.percentile(values, [tail, 100 - tail])
    return float(low), float(high)


def _replicate_totals(wins: np.ndarray, groups: Groups, family: str) -> tuple[np.ndarray, np.ndarray]:
    """Per group and replicate, the sum of its cells' win shares; and the cells per group."""
    member = groups.member[family]
    if member.shape[1] != wins.shape[0]:
        raise ValueError(f"{wins.shape[0]} cells of wins for {member.shape[1]} cells of groups")
    if wins.shape[1] < 2:
        raise ValueError("a spread needs at least 2 replicates (a variance from 1 replicate is undefined)")
    return member @ wins, member.sum(axis=1)


def _cluster_factor(replicates: int) -> float:
    """The sandwich estimator's small-sample factor G / (G - 1) (reports.clustering)."""
    return replicates / (replicates - 1)
