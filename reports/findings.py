"""Plain-language findings: what is and is not significant, in sentences for the summary."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd

from reports.document import p_text, percent
from reports.effects import SEPARATED
from reports.multiple_testing import ALPHA
from reports.power import POWER, detectable_difference
from reports.win_rates import games_to_show_balanced

MAX_LISTED = 8
SEVERE_DIFFERENCE = 0.10   # beyond 10 points from parity a stronger / weaker cell is "much" so
NO_CLAIM = "its test rejects true nulls too often on this design (placebo calibration), so this report makes none"
FACTOR_NAMES = {
    "company": "companies", "officer": "officers", "strategy": "bots", "cell": "cells", "seat": "seats",
    "setup": "setups",
    "turn_pos_r1": "round-1 turn positions",
}


def listed(items: Sequence[str]) -> str:
    """Join at most MAX_LISTED items, saying how many more there are."""
    shown = "; ".join(items[:MAX_LISTED])
    return shown + (f"; and {len(items) - MAX_LISTED} more" if len(items) > MAX_LISTED else "")


def win_rate_findings(table: pd.DataFrame, labels: list[str], noun: str) -> list[str]:
    """Which groups of a win-rate table differ from parity after Holm (and BH), and what the rest cannot rule out."""
    holm_hits = table["holm_significant"].to_numpy()
    bh_only = table["bh_significant"].to_numpy() & ~holm_hits
    described = [
        f"{label} wins {percent(row.win_rate)} (95% CI {percent(row.ci_low)} to {percent(row.ci_high)}) vs parity "
        f"{percent(row.parity)}, Holm-adjusted {p_text(row.p_holm)}"
        for label, row, hit in zip(labels, table.itertuples(index=False), holm_hits) if hit
    ]
    findings = []
    if described:
        findings.append(f"{len(described)} of {len(table)} {noun} differ from parity after Holm correction "
                        f"(family-wise error 5%): {listed(described)}.")
    if bh_only.any():
        extra = [label for label, hit in zip(labels, bh_only) if hit]
        findings.append(f"Benjamini-Hochberg (false-discovery rate 5%) also flags {len(extra)} of the {noun}: "
                        f"{listed(extra)}.")
    rest = table[~holm_hits]
    if len(rest):
        smallest = rest.loc[rest["n"].idxmin()]
        # The most significant of m groups must clear alpha / m under Holm: the reach of one test at that level.
        reach = detectable_difference(float(smallest["parity"]), int(smallest["n"]), alpha=ALPHA / len(table))
        opening = (f"The other {len(rest)} {noun} show no significant difference" if described else
                   f"None of the {len(table)} {noun} differs from parity after Holm correction (family-wise error 5%)")
        findings.append(
            f"{opening}; that is not proof of balance: with the smallest at n = {int(smallest['n']):,} seat-games, "
            f"advantages below about {100 * reach:.1f} points would usually go undetected ({POWER:.0%} power)."
        )
    return findings


def homogeneity_findings(table: pd.DataFrame, no_claim: frozenset[str] = frozenset()) -> list[str]:
    """One sentence per factor: do its levels win at different rates? (No claim for the factors in `no_claim`.)"""
    findings = []
    for row in table.itertuples(index=False):
        if row.factor in no_claim:
            findings.append(f"No claim about whether the {FACTOR_NAMES[row.factor]} differ: {NO_CLAIM}.")
            continue
        evidence = (f"Wald {row.statistic:.1f} on {row.df} df from {row.clusters:,} replicates, Holm-adjusted "
                    f"{p_text(row.p_holm)}")
        name = FACTOR_NAMES[row.factor]
        findings.append(f"The {name} differ in win rate more than chance allows ({evidence})." if row.p_holm <= ALPHA
                        else f"No evidence that the {name} differ in win rate ({evidence}).")
    return findings


def wald_evidence(statistic: float, df: int, clusters: int, p_value: float) -> str:
    """'joint Wald 31.2 on 18 df from 120 replicates, p = 0.041' (the p-value on the Hotelling F reference)."""
    return f"joint Wald {statistic:.1f} on {df} df from {clusters:,} replicates, {p_text(p_value)}"


def effect_findings(win_effects: pd.DataFrame, tests: pd.DataFrame, vp_effects: pd.DataFrame,
                    no_claim: frozenset[str] = frozenset()) -> list[str]:
    """Per factor: does it matter at all (joint test), and which levels stand out (Holm), in VP and odds; for the
    factors in `no_claim` (their calibration failed) a sentence saying no claim is made."""
    findings = []
    if "note" in tests.columns:
        return [f"Win effects are not estimable: {SEPARATED} (a combination of levels always or never wins, e.g. a "
                "bot far stronger than the others), so no odds ratio or test is given; see the VP effects and the "
                "win-rate tables."]
    for test in tests.itertuples(index=False):
        name = FACTOR_NAMES.get(test.factor, test.factor)
        if test.factor in no_claim:
            findings.append(f"No claim about whether the {name} differ: {NO_CLAIM}.")
            continue
        evidence = wald_evidence(test.statistic, test.df, test.clusters, test.p_value)
        levels = win_effects[(win_effects["factor"] == test.factor) & (win_effects["p_holm"] <= ALPHA)]
        vp = vp_effects[vp_effects["factor"] == test.factor].set_index("level")["effect"]
        if test.p_value > ALPHA:
            findings.append(f"No evidence that the {name} differ once the other factors are held fixed ({evidence}).")
            continue
        described = [f"{row.level} (odds ratio {row.odds_ratio:.2f} vs the average level, "
                     f"{vp.get(row.level, float('nan')):+.1f} VP)" for row in levels.itertuples(index=False)]
        findings.append(f"The {name} differ ({evidence})" + (f"; standing out after Holm: {listed(described)}."
                                                             if described else "."))
    return findings


def synergy_finding(test: dict, table: pd.DataFrame, claimed: bool = True) -> str:
    """Whether pairings depart from company effect + officer effect (no claim when its calibration failed)."""
    if not claimed:
        return f"No claim about company x officer synergy: {NO_CLAIM}."
    if test.get("separated"):
        return f"Company x officer synergy is not estimable: {SEPARATED} (a pairing always or never wins)."
    evidence = wald_evidence(test["statistic"], test["df"], test["clusters"], test["p_value"])
    if test["p_value"] > ALPHA:
        return f"No evidence of company x officer synergy beyond the two main effects ({evidence})."
    top = [f"{row.company}+{row.officer} ({100 * row.synergy:+.1f} points)" for row in table.head(3).itertuples()]
    return f"Company x officer synergy is present ({evidence}); the largest departures: {listed(top)}."


def severity(verdict: str, difference: float) -> str:
    """The verdict in the words of the table: 'much stronger' / 'much weaker' beyond SEVERE_DIFFERENCE from parity,
    so a cell at 45.8% is not labelled like one at 28.8% (parity 25%); other verdicts unchanged."""
    if verdict in ("stronger", "weaker") and abs(difference) > SEVERE_DIFFERENCE:
        return f"much {verdict}"
    return verdict


def severities(cells: pd.DataFrame) -> list[str]:
    """`severity` of each cell of the ranked table."""
    return [severity(verdict, difference) for verdict, difference in zip(cells["verdict"], cells["difference"])]


def verdict_counts(cells: pd.DataFrame, noun: str, margin: float) -> str:
    """How many cells got each verdict, with how many of the decided ones are 'much' so."""
    words = pd.Series(severities(cells))
    parts = []
    for verdict in ("stronger", "weaker"):
        much = int((words == f"much {verdict}").sum())
        total = int((cells["verdict"] == verdict).sum())
        parts.append(f"{total} {verdict}" + (f" ({much} by more than {100 * SEVERE_DIFFERENCE:g} points)" if much
                                               else ""))
    parts += [f"{int((cells['verdict'] == 'balanced').sum())} balanced within +-{100 * margin:g} points",
              f"{int((cells['verdict'] == 'undetermined').sum())} undetermined"]
    return f"Of {len(cells)} {noun}: {', '.join(parts)} (Holm across the table, family-wise error 5%)."


def balanced_needs(cells: pd.DataFrame, noun: str, margin: float) -> str:
    """What a 'balanced' verdict takes at these cells' rates and design effects, against the games each has: for
    the undecided cell nearest to being shown balanced, and for a cell exactly at parity."""
    balanced = int((cells["verdict"] == "balanced").sum())
    opening = f"{balanced} of {len(cells)} {noun} balanced"
    if balanced == len(cells):
        return f"{opening} within +-{100 * margin:g} points."
    one = noun[:-1]
    open_cells = cells[cells["verdict"] != "balanced"]
    at_rate = pd.Series([games_to_show_balanced(row.win_rate, row.parity, margin, len(cells), row.design_effect)
                         for row in open_cells.itertuples(index=False)], index=open_cells.index)
    at_parity = sorted({about(games_to_show_balanced(parity, parity, margin, len(cells), float(deff)))
                        for parity, deff in cells.groupby("parity")["design_effect"].median().items()})
    parity_text = " to ".join(f"{games:,}" for games in at_parity)
    if math.isfinite(at_rate.min()):
        nearest = cells.loc[at_rate.idxmin()]
        reach = (f"needs about {about(at_rate.min()):,} games per {one} at its observed rate (the nearest, "
                 f"{nearest['cell']} at {percent(nearest['win_rate'])}), and about {parity_text} even exactly at "
                 "parity")
    else:
        reach = (f"is out of reach at the observed rates (none lies within the margin); exactly at parity it needs "
                 f"about {parity_text} games per {one}")
    n = cells["n"].astype(int)
    has = f"{n.min():,}" if n.nunique() == 1 else f"{n.min():,} to {n.max():,}"
    return (f"{opening}: showing a {one} is within +-{100 * margin:g} points of parity {reach} "
            f"({POWER:.0%} power, Bonferroni over {len(cells)}); this run has {has}.")


def about(games: float) -> int:
    """A planned number of games, rounded up to two significant digits (the plan is not more precise)."""
    step = 10 ** max(0, int(math.floor(math.log10(max(games, 1)))) - 1)
    return int(math.ceil(games / step) * step)


def cell_verdict_findings(cells: pd.DataFrame, noun: str, margin: float) -> list[str]:
    """The verdict counts, the stronger / weaker cells by name and severity, and what the undetermined ones need."""
    findings = [verdict_counts(cells, noun, margin)]
    words = pd.Series(severities(cells), index=cells.index)
    for word in ("much stronger", "stronger", "weaker", "much weaker"):
        hits = cells[words == word]
        if len(hits):
            reach = f"more than {100 * SEVERE_DIFFERENCE:g} points from parity" if word.startswith("much") else \
                f"within {100 * SEVERE_DIFFERENCE:g} points of parity"
            described = [f"{row.cell} {percent(row.win_rate)}" for row in hits.itertuples(index=False)]
            findings.append(f"{word.capitalize()} ({reach}): {'; '.join(described)}.")
    open_cells = cells[cells["verdict"] == "undetermined"]
    if len(open_cells):
        findings.append(f"Undetermined {noun} need about {int(open_cells['more_games_needed'].median()):,} more games "
                        f"each (median; from {int(open_cells['more_games_needed'].min()):,}) for an 80% chance to "
                        "be decided, if their true rates are their current estimates.")
    return findings


def robustness_finding(correlations: pd.DataFrame) -> str:
    """How much the ranking depends on which persona plays the focal seat."""
    if correlations.empty:
        return "Too few cells to compare rankings across personas."
    worst = correlations.loc[correlations["spearman_with_pooled"].idxmin()]
    return (f"Rank correlation of each persona's ranking with the pooled one: "
            f"{correlations['spearman_with_pooled'].min():.2f} to {correlations['spearman_with_pooled'].max():.2f} "
            f"(lowest: {worst['strategy']}, about {int(worst['n_per_cell']):,} games per cell).")


def ladder_finding(ladder: pd.DataFrame, item_column: str, share_ahead: float) -> str:
    """The strongest bot and whether the bootstrap separates it from the runner-up."""
    top, runner_up = ladder.iloc[0], ladder.iloc[1]
    separated = min(share_ahead, 1 - share_ahead) <= ALPHA / 2
    return (f"Strongest bot: {top[item_column]} (log-strength {top['log_strength']:+.2f}, 95% CI "
            f"{top['ci_low']:+.2f} to {top['ci_high']:+.2f}); it is rated above the runner-up {runner_up[item_column]} "
            f"in {share_ahead:.1%} of bootstrap resamples, so "
            + ("the order of the top two is clear." if separated else "the top two are not clearly separated."))


def sample_size_finding(advice: pd.Series, cells: int, smallest_cell: int) -> str:
    """The advisor's headline: games per cell for one difference, against what this experiment has."""
    return (f"To detect a {100 * advice['difference']:.0f}-point difference in win rate from parity "
            f"({percent(advice['parity'])}, {int(advice['players'])} players) at {POWER:.0%} power and alpha {ALPHA} "
            f"you need {int(advice['games_per_cell']):,} games per cell "
            f"({int(advice['games_per_cell_holm']):,} with Holm across {cells} cells); the smallest cell here has "
            f"{smallest_cell:,}.")


def setup_effect_findings(table: pd.DataFrame, factor: str) -> list[str]:
    """Which levels of `factor` win at a different rate in another setup than in the reference setup (Holm)."""
    hits = table[table["holm_significant"]]
    if hits.empty:
        return [f"No {factor}'s win rate changes significantly between setups after Holm "
                f"correction ({len(table)} comparisons against {table['reference'].iloc[0]!r})."] if len(table) else []
    described = [f"{getattr(row, factor)} in {row.setup!r}: {percent(row.win_rate)} vs {percent(row.reference_rate)} "
                 f"(difference {row.difference * 100:+.1f} points, 95% CI {row.ci_low * 100:+.1f} to "
                 f"{row.ci_high * 100:+.1f}, Holm-adjusted {p_text(row.p_holm)})" for row in hits.itertuples(index=False)]
    return [f"{len(hits)} of {len(table)} {FACTOR_NAMES.get(factor, factor)} change their win rate between setups "
            f"after Holm correction: {listed(described)}."]
