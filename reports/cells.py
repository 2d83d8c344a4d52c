"""The designer's table: each cell's own win rate, ranked, with an equivalence verdict and how many games would
settle it; plus shrunken estimates with the chance of being the best or the worst cell.

A *cell* is what the experiment fixes: a company + officer pairing in a balance sweep (its focal seat is the seat
that holds the pairing), a bot in a tournament (every seat is focal for its bot). Cell statistics use focal rows
only, so `n` counts focal seat-games.

Verdicts (two one-sided tests, TOST, against an equivalence margin around parity, default +-3 points):
- "balanced"     the cell is within +-margin of parity: both one-sided tests reject, Holm across the cells;
- "stronger" / "weaker"  the cell differs from parity: two-sided score test (Student's t, replicates - 1 df), Holm
  across the cells;
- "undetermined" neither: the text says about how many more games (at the current estimate) would decide it.
Holm is used for both families, so the chance of any wrong "balanced" or any wrong "stronger/weaker" claim in the
table is at most alpha.
"""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy.special import betainc
from scipy.stats import norm

from reports.clustering import cluster_codes, critical_value, parity_z_test, win_rate_summary
from reports.multiple_testing import ALPHA, holm
from reports.power import POWER
from reports.win_rates import games_to_show_balanced

DEFAULT_MARGIN = 0.03
BOOTSTRAP_DRAWS = 1000
BOOTSTRAP_CHUNK_CELLS = 5_000_000     # draws x replicates resampled at once (memory bound)
MAX_ADVISED_GAMES = 10_000_000
FIXED_POINT_STEPS = 8                 # games <-> the t critical value at that many clusters (converges in 3-4)
VERDICTS = ("stronger", "balanced", "weaker", "undetermined")


def cell_column(rows: pd.DataFrame) -> str:
    """`cell` when the experiment fixes pairings (some seats are not focal), else `strategy` (a tournament)."""
    return "cell" if (~rows["focal"].astype(bool)).any() else "strategy"


def focal_rows(rows: pd.DataFrame) -> pd.DataFrame:
    """The rows whose seat holds what its cell fixes."""
    return rows[rows["focal"].astype(bool)]


def field_difference(rows: pd.DataFrame) -> pd.Series:
    """Per row: its VP minus the mean VP of the other seats of its game."""
    game_total = rows.groupby("game", observed=True)["vp"].transform("sum")
    others = rows["players"].astype(float) - 1
    return rows["vp"] - (game_total - rows["vp"]) / others


def ranked_cells(rows: pd.DataFrame, margin: float = DEFAULT_MARGIN, alpha: float = ALPHA) -> pd.DataFrame:
    """The ranked cell table (per player count and setup, best first) with verdicts against +-margin."""
    column = cell_column(rows)
    with_field = rows.assign(vp_vs_field=field_difference(rows))
    focal = focal_rows(with_field)
    table = win_rate_summary(focal, ["setup", column])
    field = focal.groupby(["setup", column, "players"], observed=True)["vp_vs_field"].mean()
    table["vp_vs_field"] = [field.loc[(s, c, p)] for s, c, p in zip(table["setup"], table[column], table["players"])]
    table = table.rename(columns={column: "cell"}) if column != "cell" else table
    table["p_value"] = parity_z_test(table)
    table["p_holm"] = holm(table["p_value"].to_numpy())
    table["p_equivalence"] = equivalence_p_values(table, margin)
    table["p_equivalence_holm"] = holm(table["p_equivalence"].to_numpy())
    table["verdict"] = verdicts_of(table, alpha)
    table["more_games_needed"] = more_games_needed(table, margin, alpha)
    table["margin"] = margin
    table = table.sort_values(["players", "setup", "win_rate"], ascending=[True, True, False], kind="stable")
    table["rank"] = table.groupby(["players", "setup"]).cumcount() + 1
    return table.reset_index(drop=True)


def equivalence_p_values(table: pd.DataFrame, margin: float) -> np.ndarray:
    """TOST p-values: the larger of the two one-sided *exact binomial* tests at parity -+ margin, on the effective
    sample size n / design effect (x = rate * n_eff wins; the regularized incomplete beta is the binomial tail at
    real-valued x and n). Exact, so never liberal: the normal approximation's size was 1.75x nominal at n = 50
    (issue #34); at n in the thousands the two agree to the third digit."""
    rate = np.clip(table["win_rate"].to_numpy(float), 0.0, 1.0)
    n_eff = table["n"].to_numpy(float) / np.maximum(table["design_effect"].to_numpy(float), 1.0)
    parity = table["parity"].to_numpy(float)
    low = np.clip(parity - margin, 1e-9, 1 - 1e-9)
    high = np.clip(parity + margin, 1e-9, 1 - 1e-9)
    wins = rate * n_eff
    with np.errstate(invalid="ignore", divide="ignore"):
        p_above_low = np.where(wins > 0, betainc(wins, n_eff - wins + 1, low), 1.0)        # P(X >= x | low)
        p_below_high = np.where(wins < n_eff, 1 - betainc(wins + 1, n_eff - wins, high), 1.0)  # P(X <= x | high)
    return np.maximum(p_above_low, p_below_high)


def verdicts_of(table: pd.DataFrame, alpha: float) -> list[str]:
    """Each row's verdict (balanced / stronger / weaker / undetermined) from its Holm-corrected equivalence and
    difference p-values at level alpha."""
    out = []
    for eq, diff, d in zip(table["p_equivalence_holm"], table["p_holm"], table["difference"]):
        if eq <= alpha:
            out.append("balanced")
        elif diff <= alpha:
            out.append("stronger" if d > 0 else "weaker")
        else:
            out.append("undetermined")
    return out


def more_games_needed(table: pd.DataFrame, margin: float, alpha: float, power: float = POWER) -> np.ndarray:
    """For undetermined cells: more focal games after which the test the report uses would decide the verdict with
    probability `power` (80%) if the cell's true rate were its current estimate.

    Each test as the report runs it: the difference from parity is the score test with the *null* variance
    p0(1-p0) (parity_z_test), the equivalence the two one-sided tests at parity -+ margin with their null
    variances (equivalence_p_values, the nearer bound binds); both at Bonferroni's alpha / cells (Holm's first,
    strictest step) and inflated by the cell's design effect; the smaller of the two decides. The difference test's
    critical value is Student's t with clusters - 1 df, as in parity_z_test, at the clusters the cell would have
    (its clusters per game times the games: a few fixed-point steps). The power term uses the estimate's own
    variance. 0 for a decided cell, MAX_ADVISED_GAMES when the estimate sits on the margin (no finite number
    decides it)."""
    m = max(len(table), 1)
    z_power = norm.ppf(power)
    out = np.zeros(len(table), dtype=np.int64)
    for i, row in enumerate(table.itertuples(index=False)):
        if row.verdict != "undetermined":
            continue
        p, p0 = row.win_rate, row.parity
        spread = z_power * math.sqrt(p * (1 - p))
        deff = max(row.design_effect, 1.0)
        d = abs(p - p0)
        need = math.inf
        if d < margin:
            need = games_to_show_balanced(p, p0, margin, m, deff, alpha, power)
        if d > 0:
            clusters_per_game = getattr(row, "clusters", row.n) / max(row.n, 1)
            games = row.n
            for _ in range(FIXED_POINT_STEPS):
                z_diff = float(critical_value(alpha / (2 * m), max(games, row.n) * clusters_per_game))
                games = deff * ((z_diff * math.sqrt(p0 * (1 - p0)) + spread) / d) ** 2
            need = min(need, games)
        out[i] = MAX_ADVISED_GAMES if not math.isfinite(need) else min(MAX_ADVISED_GAMES,
                                                                         max(1, math.ceil(need - row.n)))
    return out


def shrunken_estimates(rows: pd.DataFrame, cells: pd.DataFrame, seed: int,
                       draws: int = BOOTSTRAP_DRAWS) -> pd.DataFrame:
    """Empirical-Bayes shrunken win rates per cell and P(best) / P(worst) within each player count and setup.

    The cells' true rates are taken as normal around their mean with a between-cell variance estimated by the
    method of moments (DerSimonian-Laird); each estimate moves toward the mean by its share of noise. P(best) and
    P(worst) come from a cluster bootstrap over replicates (so the correlation between cells that common random
    numbers create is kept), shrinking each bootstrap draw with the same factors."""
    column = cell_column(rows)
    focal = focal_rows(rows)
    rng = np.random.default_rng(seed)
    parts = []
    for (players, setup), block in cells.groupby(["players", "setup"], sort=False):
        sub = focal[(focal["players"] == players) & (focal["setup"].astype(str) == str(setup))]
        names = block["cell"].astype(str).tolist()
        cell_codes = pd.Categorical(sub[column].astype(str), categories=names).codes
        rep_codes = cluster_codes(sub)
        reps = int(rep_codes.max()) + 1
        wins = np.zeros((len(names), reps))
        count = np.zeros((len(names), reps))
        np.add.at(wins, (cell_codes, rep_codes), sub["win"].to_numpy(float))
        np.add.at(count, (cell_codes, rep_codes), 1.0)
        rate = wins.sum(axis=1) / count.sum(axis=1)
        noise = rate.mean() * (1 - rate.mean()) * np.maximum(block["design_effect"].to_numpy(float), 1) / \
            count.sum(axis=1)
        factor = shrinkage_factors(rate, noise)
        boot = cluster_bootstrap_rates(wins, count, draws, rng)
        centre = boot.mean(axis=0)
        shrunk_boot = centre + factor[:, None] * (boot - centre)
        best = np.bincount(shrunk_boot.argmax(axis=0), minlength=len(names)) / draws
        worst = np.bincount(shrunk_boot.argmin(axis=0), minlength=len(names)) / draws
        parts.append(pd.DataFrame({
            "players": players, "setup": setup, "cell": names, "win_rate": rate,
            "shrunken_win_rate": rate.mean() + factor * (rate - rate.mean()), "shrinkage": 1 - factor,
            "p_best": best, "p_worst": worst,
        }))
    return pd.concat(parts, ignore_index=True).sort_values(
        ["players", "setup", "shrunken_win_rate"], ascending=[True, True, False]).reset_index(drop=True)


def shrinkage_factors(rate: np.ndarray, noise: np.ndarray) -> np.ndarray:
    """Per estimate, the share of its deviation from the mean that is kept: between / (between + noise), with the
    between-estimate variance by the method of moments (DerSimonian-Laird); 0 (all shrunk) when the estimates
    spread no more than their noise."""
    between = max(0.0, float(np.var(rate, ddof=1)) - float(np.mean(noise))) if len(rate) > 1 else 0.0
    return between / (between + noise) if between > 0 else np.zeros_like(noise)


def cluster_bootstrap_rates(wins: np.ndarray, count: np.ndarray, draws: int,
                            rng: np.random.Generator) -> np.ndarray:
    """Cell rates (cells x draws) recomputed on `draws` resamples of the replicates (columns), with replacement."""
    reps = wins.shape[1]
    out = np.empty((wins.shape[0], draws))
    step = max(1, BOOTSTRAP_CHUNK_CELLS // max(reps, 1))
    for start in range(0, draws, step):
        stop = min(draws, start + step)
        picks = rng.integers(0, reps, (stop - start, reps)) + reps * np.arange(stop - start)[:, None]
        weights = np.bincount(picks.ravel(), minlength=(stop - start) * reps).reshape(stop - start, reps)
        out[:, start:stop] = (wins @ weights.T) / np.maximum(count @ weights.T, 1e-12)
    return out
