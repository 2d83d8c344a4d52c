"""Tile-level balance: which advanced technology tiles, bonus tiles, objective tiles and headstream layouts tip the
game, and for whom. Three kinds of evidence, kept apart because they answer different questions:

- Observational (`tile_effects`): seats that bought an advanced tile against seats of games where it was on offer
  that did not, adjusted for company, officer, bot, round-1 turn position, player count and setup by regression
  (linear probability model for the win, OLS for VP) with replicate-clustered errors. Strong positions buy tiles,
  so this is association, not effect.
- Ablation (`ablation_effects`, `ablation_spreads`): the tile taken out before the game (the `remove_tiles` setup
  factor, common random numbers across its levels): the change of each company's and officer's win rate, and of
  their spread (best minus worst win rate), against the games without removal.
- Interactions (`interaction_effects`): a company's or officer's win rate with an objective tile, a bonus tile in
  play or a headstream layout against its win rate without it. The game draws these at random (or the design fixes
  them by setup), so the difference is an effect for the bots played.

The report reads results only (never the engine), so the tile names of the results format are listed here.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import norm

from reports.cells import cluster_bootstrap_rates, focal_rows, shrinkage_factors
from reports.clustering import Z, cluster_codes, clustered_difference, win_rate_summary
from reports.effects import fit, sum_coded
from reports.multiple_testing import holm
from reports.results import text

ADVANCED_TILES = tuple(f"L{level}_{kind}" for level in (1, 2, 3)
                       for kind in ("base", "elevation", "conduit", "powerhouse", "wild"))
_TILE_INDEX = {name: i for i, name in enumerate(ADVANCED_TILES)}
CONTROLS = ("company", "officer", "strategy", "turn_pos_r1", "players", "setup")
NO_REMOVAL = ""
MAX_LAYOUTS = 12          # headstream layouts are analysed only when the design fixes a few (drawn: 1,680 of them)
SPREAD_BOOTSTRAP_DRAWS = 1000


def taken_rounds(rows: pd.DataFrame) -> np.ndarray:
    """[rows, 15]: the round each seat bought each advanced tile (-1 = not bought by that seat)."""
    codes, values = pd.factorize(rows["tiles"])
    texts = [str(v) for v in values]
    table = np.full((len(texts), len(ADVANCED_TILES)), -1, dtype=np.int64)
    for i, listed in enumerate(texts):
        for item in filter(None, listed.split(",")):
            name, _, rnd = item.partition("@")
            table[i, _TILE_INDEX[name]] = int(rnd)
    return table[codes] if len(codes) else np.empty((0, len(ADVANCED_TILES)), dtype=np.int64)


def _listed(column: pd.Series, name: str) -> np.ndarray:
    """Whether `name` is one of the comma-separated items of each value (computed once per distinct value)."""
    codes, values = pd.factorize(column)
    hit = np.array([name in str(value).split(",") for value in values], dtype=bool)
    return hit[codes] if len(codes) else np.zeros(0, dtype=bool)


def _introductory(setup: pd.Series) -> np.ndarray:
    """Rows of introductory-game setups (computed once per distinct setup)."""
    codes, values = pd.factorize(setup)
    return np.array([str(v).startswith("intro") for v in values], dtype=bool)[codes]


def on_offer(rows: pd.DataFrame, tile: str) -> np.ndarray:
    """Rows of games in which the tile could be bought: the full game (SETUP-10) and not removed (remove_tiles)."""
    full = ~_introductory(rows["setup"])
    return full & ~_listed(rows["remove_tiles"], tile)


def _controls(rows: pd.DataFrame) -> list[str]:
    return [c for c in CONTROLS if c in rows.columns and rows[c].nunique() > 1]


def tile_effects(rows: pd.DataFrame) -> pd.DataFrame:
    """One line per advanced tile on offer somewhere: how often a seat took it, the raw win rate and VP of seats
    with and without it, and the adjusted difference (win in points, VP) with clustered 95% intervals, Holm across
    the tiles. Every seat of a game counts (who buys a tile is the seat's choice, not the cell's)."""
    rounds = taken_rounds(rows)
    controls = _controls(rows)
    records = []
    for k, tile in enumerate(ADVANCED_TILES):
        mask = on_offer(rows, tile)
        if not mask.any():
            continue
        sub = rows[mask]
        took = rounds[mask, k] >= 0
        win, vp = sub["win"].to_numpy(float), sub["vp"].to_numpy(float)
        record = {"tile": tile, "n": int(mask.sum()), "taken": int(took.sum()), "taken_rate": float(took.mean()),
                  "mean_round": float(rounds[mask, k][took].mean()) if took.any() else np.nan,
                  "win_rate_with": float(win[took].mean()) if took.any() else np.nan,
                  "win_rate_without": float(win[~took].mean()) if (~took).any() else np.nan,
                  "vp_with": float(vp[took].mean()) if took.any() else np.nan,
                  "vp_without": float(vp[~took].mean()) if (~took).any() else np.nan}
        record.update(_adjusted(sub, took, controls))
        records.append(record)
    table = pd.DataFrame.from_records(records)
    if not table.empty:
        table["p_holm"] = holm(table["p_value"].fillna(1.0).to_numpy())
    return table


def _adjusted(sub: pd.DataFrame, took: np.ndarray, controls: list[str]) -> dict:
    """Coefficient of 'took the tile' in win (linear probability) and VP (OLS) regressions on the sum-coded controls,
    replicate-clustered. NaN when everybody or nobody took it (no contrast)."""
    nan = {"adjusted_effect": np.nan, "ci_low": np.nan, "ci_high": np.nan, "p_value": np.nan,
           "adjusted_vp": np.nan, "vp_ci_low": np.nan, "vp_ci_high": np.nan}
    if took.all() or not took.any():
        return nan
    design = np.column_stack([sum_coded(sub, controls).matrix, took.astype(float)])
    clusters = cluster_codes(sub)
    out = {}
    for outcome, names in (("win", ("adjusted_effect", "ci_low", "ci_high")),
                           ("vp", ("adjusted_vp", "vp_ci_low", "vp_ci_high"))):
        result = fit(sub[outcome].to_numpy(float), design, clusters, logistic=False)
        effect, se = float(result.params[-1]), float(result.bse[-1])
        out.update({names[0]: effect, names[1]: effect - Z * se, names[2]: effect + Z * se})
        if outcome == "win":
            out["p_value"] = float(2 * norm.sf(abs(effect) / se)) if se > 0 else 1.0
    return out


def taken_by(rows: pd.DataFrame, column: str) -> pd.DataFrame:
    """Taken rate of each advanced tile by company, officer or round bought (`round`: share of the tile's buyers
    who bought it in each round), tiles as lines."""
    rounds = taken_rounds(rows)
    columns = {}
    for k, tile in enumerate(ADVANCED_TILES):
        mask = on_offer(rows, tile)
        if not mask.any():
            continue
        if column == "round":
            bought = rounds[mask, k][rounds[mask, k] >= 0]
            columns[tile] = pd.Series(bought).value_counts(normalize=True) if bought.size else pd.Series(dtype=float)
        else:
            columns[tile] = pd.Series(rounds[mask, k] >= 0).groupby(text(rows[column])[mask]).mean()
    table = pd.DataFrame(columns).T.fillna(0.0)
    table = table.reindex(sorted(table.columns), axis=1)
    table.columns = [f"round_{c}" if column == "round" else str(c) for c in table.columns]
    return table.rename_axis("tile").reset_index()


# -- ablation ---------------------------------------------------------------------------------------------------
def _removal_levels(rows: pd.DataFrame) -> list[str]:
    levels = list(dict.fromkeys(text(rows["remove_tiles"])))
    return [x for x in levels if x != NO_REMOVAL] if NO_REMOVAL in levels and len(levels) > 1 else []


def ablation_effects(rows: pd.DataFrame) -> pd.DataFrame:
    """Per player count, removal level and company or officer: its win rate with the tile(s) removed minus without,
    clustered by replicate (the removal levels share their game seeds), Holm across the table."""
    removed = text(rows["remove_tiles"])
    win, replicate, players = rows["win"].to_numpy(float), rows["replicate"].to_numpy(), rows["players"].to_numpy()
    records = []
    for level in _removal_levels(rows):
        for who in ("company", "officer"):
            names = text(rows[who])
            for p in sorted(set(players.tolist())):
                for name in sorted(set(names[players == p].tolist())):
                    base = (players == p) & (names == name)
                    with_removal, without = base & (removed == level), base & (removed == NO_REMOVAL)
                    if not with_removal.any() or not without.any():
                        continue
                    diff, se = clustered_difference(win, with_removal, without, replicate)
                    records.append({"players": int(p), "removed": level, "who": who, "name": name,
                                    "n": int(with_removal.sum()), "win_rate_removed": win[with_removal].mean(),
                                    "win_rate_kept": win[without].mean(), "difference": diff, "std_error": se,
                                    "ci_low": diff - Z * se, "ci_high": diff + Z * se,
                                    "p_value": float(2 * norm.sf(abs(diff) / se)) if se > 0 else 1.0})
    table = pd.DataFrame.from_records(records)
    if not table.empty:
        table["p_holm"] = holm(table["p_value"].to_numpy())
    return table


def ablation_spreads(rows: pd.DataFrame, seed: int, draws: int = SPREAD_BOOTSTRAP_DRAWS) -> pd.DataFrame:
    """Per player count and removal level: the spread (best minus worst win rate) of the companies and of the
    officers without and with the removal, and a 95% cluster-bootstrap interval of its change. Both levels are
    resampled by the same replicates, which keeps the pairing common random numbers give."""
    removed = text(rows["remove_tiles"])
    rng = np.random.default_rng(seed)
    records = []
    for level in _removal_levels(rows):
        for p in sorted(set(rows["players"].tolist())):
            in_p = rows["players"].to_numpy() == p
            sub = rows[in_p & np.isin(removed, [level, NO_REMOVAL])]
            if sub.empty:
                continue
            reps = cluster_codes(sub)
            is_removed = text(sub["remove_tiles"]) == level
            for who in ("company", "officer"):
                who_text = text(sub[who])
                names = sorted(set(who_text))
                if len(names) < 2:
                    continue
                who_code = pd.Categorical(who_text, categories=names).codes
                cell = who_code + len(names) * is_removed       # kept levels first, then removed
                wins = np.zeros((2 * len(names), int(reps.max()) + 1))
                count = np.zeros_like(wins)
                np.add.at(wins, (cell, reps), sub["win"].to_numpy(float))
                np.add.at(count, (cell, reps), 1.0)
                if (count.sum(axis=1) == 0).any():
                    continue
                rate = wins.sum(axis=1) / count.sum(axis=1)
                boot = cluster_bootstrap_rates(wins, count, draws, rng)
                kept_spread = np.ptp(rate[:len(names)])
                removed_spread = np.ptp(rate[len(names):])
                change = np.ptp(boot[len(names):], axis=0) - np.ptp(boot[:len(names)], axis=0)
                records.append({"players": int(p), "removed": level, "who": who, "spread_kept": kept_spread,
                                "spread_removed": removed_spread, "change": removed_spread - kept_spread,
                                "ci_low": float(np.quantile(change, 0.025)),
                                "ci_high": float(np.quantile(change, 0.975))})
    return pd.DataFrame.from_records(records)


# -- interactions -----------------------------------------------------------------------------------------------
def _interaction_factors(rows: pd.DataFrame) -> list[tuple[str, str, np.ndarray]]:
    """(factor, level, in-level mask) for the objective tile, each bonus tile in play and the headstream layout
    (only when a design fixes few layouts)."""
    out = []
    objective = text(rows["objective"])
    for level in sorted(set(objective.tolist()) - {""}):
        out.append(("objective", level, objective == level))
    bonus_names = sorted({b for value in rows["bonus_tiles"].unique() for b in str(value).split(",") if b})
    for level in bonus_names:
        out.append(("bonus_tile", level, _listed(rows["bonus_tiles"], level)))
    layouts = text(rows["headstream_tiles"])
    if 1 < len(set(layouts.tolist())) <= MAX_LAYOUTS:
        for level in sorted(set(layouts.tolist())):
            out.append(("headstreams", level, layouts == level))
    return [(f, level, mask) for f, level, mask in out if mask.any() and not mask.all()]


def interaction_effects(rows: pd.DataFrame) -> pd.DataFrame:
    """Per player count, factor level (objective tile, bonus tile in play, headstream layout) and company or
    officer: its win rate with that level minus its win rate without, clustered by replicate, Holm across the
    whole table. Full-game rows only (the introductory game removes a bonus tile, SETUP-04)."""
    rows = rows[~_introductory(rows["setup"])]
    if rows.empty:
        return pd.DataFrame()
    win, replicate, players = rows["win"].to_numpy(float), rows["replicate"].to_numpy(), rows["players"].to_numpy()
    records = []
    for factor, level, in_level in _interaction_factors(rows):
        for who in ("company", "officer"):
            names = text(rows[who])
            for p in sorted(set(players.tolist())):
                for name in sorted(set(names[players == p].tolist())):
                    base = (players == p) & (names == name)
                    with_level, without = base & in_level, base & ~in_level
                    if with_level.sum() < 2 or without.sum() < 2:
                        continue
                    diff, se = clustered_difference(win, with_level, without, replicate)
                    records.append({"players": int(p), "factor": factor, "level": level, "who": who, "name": name,
                                    "n_with": int(with_level.sum()), "n_without": int(without.sum()),
                                    "win_rate_with": win[with_level].mean(), "win_rate_without": win[without].mean(),
                                    "effect": diff, "std_error": se, "ci_low": diff - Z * se,
                                    "ci_high": diff + Z * se,
                                    "p_value": float(2 * norm.sf(abs(diff) / se)) if se > 0 else 1.0})
    table = pd.DataFrame.from_records(records)
    if not table.empty:
        table["p_holm"] = holm(table["p_value"].to_numpy())
        table = table.sort_values("p_value", kind="stable").reset_index(drop=True)
    return table


def gains_and_losses(table: pd.DataFrame) -> pd.DataFrame:
    """Per player count, factor level and kind (company / officer): who gains most and who loses most from it."""
    records = []
    for (players, factor, level, who), block in table.groupby(["players", "factor", "level", "who"], sort=True):
        best, worst = block.loc[block["effect"].idxmax()], block.loc[block["effect"].idxmin()]
        records.append({"players": players, "factor": factor, "level": level, "who": who,
                        "gains_most": best["name"], "gain": best["effect"], "gain_p_holm": best["p_holm"],
                        "loses_most": worst["name"], "loss": worst["effect"], "loss_p_holm": worst["p_holm"]})
    return pd.DataFrame.from_records(records)


# -- combinations -----------------------------------------------------------------------------------------------
def combination_key(rows: pd.DataFrame) -> str:
    """What a combination crosses the cell with: the setup when the design varies it, else the drawn objective."""
    return "setup" if rows["setup"].nunique() > 1 else "objective"


def combinations(rows: pd.DataFrame) -> pd.DataFrame:
    """Every cell x setup (or x drawn objective) combination's own win rate with its clustered 95% interval and an
    empirical-Bayes shrunken estimate (shrunk toward the mean of its player count's combinations by its share of
    noise, reports.cells.shrinkage_factors), ranked by the shrunken estimate within each player count."""
    focal = focal_rows(rows)
    key = combination_key(rows)
    table = win_rate_summary(focal, ["cell", key])
    parts = []
    for _, block in table.groupby("players", sort=True):
        rate = block["win_rate"].to_numpy(float)
        noise = rate.mean() * (1 - rate.mean()) * np.maximum(block["design_effect"].to_numpy(float), 1) / \
            block["n"].to_numpy(float)
        factor = shrinkage_factors(rate, noise)
        parts.append(block.assign(shrunken_win_rate=rate.mean() + factor * (rate - rate.mean()),
                                  shrinkage=1 - factor))
    out = pd.concat(parts, ignore_index=True).rename(columns={key: "level"}).assign(crossed_with=key)
    out = out.sort_values(["players", "shrunken_win_rate"], ascending=[True, False], kind="stable")
    return out[["players", "cell", "crossed_with", "level", "n", "win_rate", "ci_low", "ci_high",
                "shrunken_win_rate", "shrinkage", "design_effect"]].reset_index(drop=True)


def strongest_and_weakest(table: pd.DataFrame, k: int = 5) -> pd.DataFrame:
    """The k strongest and k weakest combinations by shrunken win rate in each player count."""
    parts = []
    for _, block in table.groupby("players", sort=True):
        ranked = block.sort_values("shrunken_win_rate", ascending=False, kind="stable")
        top, bottom = ranked.head(k), ranked.tail(min(k, max(len(ranked) - k, 0)))
        parts += [top.assign(end="strongest"), bottom.assign(end="weakest")]
    return pd.concat(parts, ignore_index=True) if parts else table
