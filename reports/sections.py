"""The report's sections: each runs its statistics and turns them into prose, tables, figures and findings."""

from __future__ import annotations

import pandas as pd

from reports import figures
from reports.document import Section, Table
from reports.findings import (
    homogeneity_findings,
    ladder_finding,
    regression_findings,
    sample_size_finding,
    setup_effect_findings,
    win_rate_findings,
)
from reports.homogeneity import homogeneity_table
from reports.multiple_testing import ALPHA, holm
from reports.power import DIFFERENCES, POWER, sample_size_table
from reports.provenance import Provenance
from reports.ratings import (
    BOOTSTRAP_REPLICATES,
    PRIOR_GAMES,
    Ratings,
    rate,
    rating_table,
    share_ahead,
)
from reports.regression import regression_table, treatment_design
from reports.scoring import energy_per_round, score_distribution, vp_by_source
from reports.setups import setup_effect_table
from reports.strategy_specs import BUDGET_PARAMETER, search_budget_table
from reports.win_rates import group_labels, win_rate_table

CELL_KEYS = ("setup", "cell", "strategy", "players")
BOT_COLUMN = "strategy"
ADVISED_DIFFERENCE = 0.03


def build_sections(rows: pd.DataFrame, provenance: Provenance) -> list[Section]:
    """All sections in report order, the summary first."""
    cells = win_rate_table(rows, CELL_KEYS)
    ratings = rate(rows, BOT_COLUMN, seed=provenance.master_seed) if _varies(rows, BOT_COLUMN) else None
    ladder = rating_table(rows, ratings, BOT_COLUMN) if ratings is not None else None
    body = [
        cells_section(cells, provenance),
        *([setups_section(rows, provenance)] if _varies(rows, "setup") else []),
        company_officer_section(rows, provenance),
        homogeneity_section(rows),
        seat_section(rows, provenance),
        regression_section(rows),
        ratings_section(ratings, ladder, provenance),
        search_budget_section(ladder, provenance),
        vp_sources_section(rows, provenance),
        scores_section(rows, provenance),
        energy_section(rows, provenance),
        sample_size_section(cells),
    ]
    return [summary_section(body, provenance), *body, methods_section()]


def _varies(rows: pd.DataFrame, column: str) -> bool:
    """Whether a column takes more than one value."""
    return rows[column].nunique() > 1


def _groupings(rows: pd.DataFrame) -> list[str]:
    """Columns the descriptive sections break down by: company, and bot when several bots played."""
    return ["company", *([BOT_COLUMN] if _varies(rows, BOT_COLUMN) else [])]


def cells_section(cells: pd.DataFrame, provenance: Provenance) -> Section:
    """Win rate per experiment cell (and bot, and player count) against parity."""
    labels = group_labels(cells, CELL_KEYS)
    return Section(
        key="cells",
        title="Win rate per cell",
        paragraphs=[
            "Each cell's share of wins against parity (1 / players). Tied winners split the win, so win totals can "
            "be fractional. Intervals are 95% Wilson intervals; p-values are exact two-sided binomial tests on the "
            "win total rounded to the nearest integer (halves up). Holm controls the family-wise error across all "
            "cells, Benjamini-Hochberg the false-discovery rate. A cell is split by setup (expansions, intro, fixed "
            "tiles, overrides), bot and player count when those vary, because each changes the expected win rate.",
        ],
        tables=[Table("win_rate_by_cell", "Win rate per cell vs parity", cells)],
        figures=[figures.forest_figure(cells, labels, "Win rate per cell: difference from parity", provenance)],
        findings=win_rate_findings(cells, labels, "cells"),
    )


def setups_section(rows: pd.DataFrame, provenance: Provenance) -> Section:
    """How each company's and officer's win rate moves from the reference setup to the others."""
    tables, figs, findings = [], [], []
    for factor in ("company", "officer"):
        if not _varies(rows, factor):
            continue
        table = setup_effect_table(rows, factor)
        labels = [f"{getattr(row, factor)} in {row.setup} ({row.players} players)"
                  for row in table.itertuples(index=False)]
        tables.append(Table(f"setup_effect_by_{factor}", f"Win rate per {factor}: each setup vs "
                                                           f"{table['reference'].iloc[0]}", table))
        figs.append(figures.forest_figure(table, labels, f"Win rate per {factor}: change from setup "
                                          f"{table['reference'].iloc[0]}", provenance, estimate="difference",
                                          xlabel="win rate minus the reference setup's"))
        findings += setup_effect_findings(table, factor)
    return Section(
        key="setups",
        title="Setup effects",
        paragraphs=[
            "The experiment played several setups (expansions, introductory game, fixed tiles or what-if "
            "overrides). Each company and officer is compared with itself in the reference setup (the first "
            "listed): difference of win rates with Newcombe's 95% hybrid score interval and a two-proportion z "
            "test, Holm and Benjamini-Hochberg across all comparisons. Setups share their game seeds (common random "
            "numbers), which these independent-sample methods ignore; that makes them conservative.",
        ],
        tables=tables,
        figures=figs,
        findings=findings,
    )


def company_officer_section(rows: pd.DataFrame, provenance: Provenance) -> Section:
    """Company x officer pairs against parity, as a heatmap with significance marks."""
    pairs = win_rate_table(rows, ("company", "officer"))
    labels = [f"{row.company} with {row.officer}" for row in pairs.itertuples(index=False)]
    return Section(
        key="company-officer",
        title="Company x officer",
        paragraphs=[
            "Win rate of every company and executive officer pairing against parity, pooled over bots. Marks: "
            "* significant after Holm correction across all pairs, + significant after Benjamini-Hochberg only.",
        ],
        tables=[Table("win_rate_by_company_officer", "Win rate per company and officer vs parity", pairs)],
        figures=[figures.heatmap_figure(pairs, provenance)],
        findings=win_rate_findings(pairs, labels, "company-officer pairs"),
    )


def homogeneity_section(rows: pd.DataFrame) -> Section:
    """Do the levels of each factor win at different rates at all?"""
    factors = [factor for factor in ("company", "officer", BOT_COLUMN, "setup", "cell", "seat", "turn_pos_r1")
               if _varies(rows, factor)]
    table = homogeneity_table(rows, factors)
    table["p_holm"] = holm(table["p_value"].to_numpy())
    return Section(
        key="homogeneity",
        title="Homogeneity tests",
        paragraphs=[
            "One chi-square test per factor of observed against parity-expected wins per level. Its covariance "
            "accounts for each game having exactly one winner, so win totals of levels that meet in the same game are "
            "negatively correlated; the textbook 2 x k table (wins vs games) ignores this and flags differences too "
            "often. Holm is applied across the factors.",
        ],
        tables=[Table("homogeneity", "Homogeneity of win rates across levels", table)],
        findings=homogeneity_findings(table),
    )


def seat_section(rows: pd.DataFrame, provenance: Provenance) -> Section:
    """Win rate by seat and by round-1 turn position."""
    seats = win_rate_table(rows, ("seat",))
    turns = win_rate_table(rows, ("turn_pos_r1",))
    seat_labels = [f"seat {row.seat} ({row.players} players)" for row in seats.itertuples(index=False)]
    turn_labels = [f"turn position {row.turn_pos_r1} in round 1 ({row.players} players)"
                   for row in turns.itertuples(index=False)]
    return Section(
        key="seats",
        title="Seat and turn-order effects",
        paragraphs=["Win rate by seat and by turn-order position in round 1, each against parity; Holm and "
                    "Benjamini-Hochberg are applied within each table."],
        tables=[Table("win_rate_by_seat", "Win rate per seat vs parity", seats),
                Table("win_rate_by_turn_position", "Win rate per round-1 turn position vs parity", turns)],
        figures=[figures.seat_figure(seats, turns, provenance)],
        findings=[*win_rate_findings(seats, seat_labels, "seats"),
                  *win_rate_findings(turns, turn_labels, "round-1 turn positions")],
    )


def regression_section(rows: pd.DataFrame) -> Section:
    """Logistic regression of win and OLS of VP on company, officer, seat (plus bot and player count if they vary)."""
    optional = [factor for factor in (BOT_COLUMN, "players") if _varies(rows, factor)]
    factors = ["company", "officer", "seat", *optional]
    design = treatment_design(rows, factors)
    logistic, logistic_fit = regression_table(rows, "win", design)
    ols, _ = regression_table(rows, "vp", design)
    paragraphs = [
        f"Both models use treatment coding on {', '.join(factors)} (reference = first level alphabetically), so each "
        "coefficient is the effect of one level against the reference with the other factors held fixed. The win "
        "model is a logistic regression fitted by IRLS (split wins enter as fractions: quasi-likelihood); the VP "
        "model is ordinary least squares. Standard errors are cluster-robust with one cluster per game, because the "
        "seats of a game share one outcome; p-values are two-sided z tests, Holm-corrected across the terms.",
    ]
    if design.aliased:
        aliased = ", ".join(f"{term.factor} {term.level}" for term in design.aliased)
        paragraphs.append(f"Dropped as aliased (determined by the other columns in this design): {aliased}.")
    warnings = [] if logistic_fit.converged else [
        "Warning: the logistic regression of win did not converge (some level may never or always win); treat its "
        "coefficients and p-values as unreliable."]
    return Section(
        key="regression",
        title="Regression: separating company, officer and seat",
        paragraphs=[*paragraphs, *warnings],
        tables=[Table("regression_win_logistic", "Logistic regression of win", logistic),
                Table("regression_vp_ols", "OLS regression of VP", ols)],
        findings=[*warnings,
                  *regression_findings(logistic, "the chance of winning", "odds ratio {row.odds_ratio:.2f}"),
                  *regression_findings(ols, "final VP", "{row.coefficient:+.2f} VP")],
    )


def ratings_section(ratings: Ratings | None, ladder: pd.DataFrame | None, provenance: Provenance) -> Section:
    """Plackett-Luce rating ladder of the bots."""
    section = Section(key="ratings", title="Bot ratings (Plackett-Luce)")
    if ratings is None or ladder is None:
        section.paragraphs.append(f"Only one bot ({', '.join(provenance.strategies)}) played, so there is no ladder.")
        return section
    section.paragraphs.append(
        "Plackett-Luce strengths fitted to each game's full finishing order with Hunter's MM algorithm; tied places "
        "are handled Breslow-style. A log-strength difference of 0.69 means twice as likely to finish ahead in a "
        f"head-to-head. Intervals are 95% percentile intervals from {BOOTSTRAP_REPLICATES} bootstrap resamples of "
        f"games (seeded with the master seed); {PRIOR_GAMES:g} virtual games per pair of bots keep ratings finite.",
    )
    section.tables.append(Table("ratings", "Rating ladder", ladder))
    section.figures.append(figures.rating_ladder_figure(ladder, BOT_COLUMN, provenance))
    best, runner_up = ladder[BOT_COLUMN].iloc[0], ladder[BOT_COLUMN].iloc[1]
    section.findings.append(ladder_finding(ladder, BOT_COLUMN, share_ahead(ratings, best, runner_up)))
    return section


def search_budget_section(ladder: pd.DataFrame | None, provenance: Provenance) -> Section:
    """Rating against the `iters` search budget for bots that differ only in it."""
    section = Section(key="search-budget", title="Strength versus search budget")
    budget = search_budget_table(ladder) if ladder is not None else pd.DataFrame()
    if budget.empty:
        section.paragraphs.append(f"No two bots differ only in their {BUDGET_PARAMETER} parameter, so there is no "
                                  "search-budget curve.")
        return section
    section.paragraphs.append(f"Ratings from the ladder for bots that differ only in {BUDGET_PARAMETER}, "
                              "grouped by the rest of the spec.")
    section.tables.append(Table("search_budget", "Strength versus search budget", budget))
    section.figures.append(figures.search_budget_figure(budget, provenance))
    return section


def vp_sources_section(rows: pd.DataFrame, provenance: Provenance) -> Section:
    """Mean VP by source per company (and per bot)."""
    section = Section(key="vp-sources", title="VP by source",
                      paragraphs=["Mean final VP split by where it came from; the sources add up to the total."])
    for by in _groupings(rows):
        table = vp_by_source(rows, by)
        section.tables.append(Table(f"vp_by_source_{by}", f"Mean VP by source per {by}", table))
        section.figures.append(figures.vp_sources_figure(table, by, provenance))
    return section


def scores_section(rows: pd.DataFrame, provenance: Provenance) -> Section:
    """Final VP distributions per company (and per bot)."""
    section = Section(key="scores", title="Score distributions",
                      paragraphs=["Spread of final VP: mean, standard deviation and quantiles."])
    for by in _groupings(rows):
        table = score_distribution(rows, by)
        section.tables.append(Table(f"score_distribution_{by}", f"Final VP distribution per {by}", table))
        section.figures.append(figures.score_distribution_figure(table, by, provenance))
    return section


def energy_section(rows: pd.DataFrame, provenance: Provenance) -> Section:
    """Energy per round per company (and per bot)."""
    section = Section(key="energy", title="Energy per round",
                      paragraphs=["Mean energy produced at each round's scoring."])
    for by in _groupings(rows):
        table = energy_per_round(rows, by)
        section.tables.append(Table(f"energy_per_round_{by}", f"Mean energy per round per {by}", table))
        section.figures.append(figures.energy_figure(table, by, provenance))
    return section


def sample_size_section(cells: pd.DataFrame) -> Section:
    """How many games per cell a given difference from parity needs."""
    player_counts = sorted(int(count) for count in cells["players"].unique())
    table = sample_size_table(player_counts, cells=len(cells))
    findings = []
    for players in player_counts:
        advice = table[(table["players"] == players) & (table["difference"] == ADVISED_DIFFERENCE)].iloc[0]
        smallest = int(cells.loc[cells["players"] == players, "n"].min())
        findings.append(sample_size_finding(advice, cells=len(cells), smallest_cell=smallest))
    return Section(
        key="sample-size",
        title="Sample-size advisor",
        paragraphs=[
            f"Games per cell needed to detect an advantage of d points over parity "
            f"({', '.join(f'{100 * d:g}' for d in DIFFERENCES)}) with a two-sided test at alpha {ALPHA} and "
            f"{POWER:.0%} power (normal approximation). The Holm column uses alpha / m, the threshold the most "
            "significant of m cells must clear.",
        ],
        tables=[Table("sample_size", "Games per cell needed", table)],
        findings=findings,
    )


def summary_section(body: list[Section], provenance: Provenance) -> Section:
    """What was run, caveats, and every section's findings."""
    players = "/".join(str(count) for count in provenance.players)
    paragraphs = [
        f"Experiment {provenance.experiment} ({provenance.kind}): {provenance.games:,} games "
        f"({provenance.rows:,} seat results) with {players} players; bots: {', '.join(provenance.strategies)}; "
        f"map {provenance.map_name}. Significance means after correction for the number of comparisons; "
        "'not significant' means the data cannot tell the difference from chance, not that there is none.",
    ]
    if provenance.map_label:
        paragraphs.append(f"{provenance.map_label}: the map is not the official one, so conclusions may not "
                          "transfer to the published game.")
    if not provenance.complete:
        paragraphs.append(f"Incomplete run: {provenance.games:,} of {provenance.games_planned:,} planned games"
                          + ("" if provenance.finished else "; the run has not ended (still running or interrupted)")
                          + ".")
    return Section(key="summary", title="Summary", paragraphs=paragraphs,
                   findings=[finding for section in body for finding in section.findings])


def methods_section() -> Section:
    """Short notes on methods and their assumptions."""
    return Section(
        key="methods",
        title="Methods and caveats",
        paragraphs=[
            "Rows are seats of games. Exact binomial tests treat a cell's seat-games as independent trials; when a "
            "cell appears twice in one game, or wins are split by ties, the true variance is smaller and the test is "
            "conservative. Holm is valid under any dependence between cells; Benjamini-Hochberg assumes positive "
            "dependence, which cells competing in the same games do not strictly satisfy, so treat its extra flags "
            "as leads rather than conclusions.",
            "Win rates are relative to the field: one strong cell lowers the win rates of the cells it meets, so "
            "small negative differences next to a large positive one may be spillover rather than weakness.",
            "Homogeneity tests and cluster-robust regression errors account for the seats of a game sharing one "
            "outcome. Regression p-values use the normal approximation, appropriate for the hundreds of games "
            "reports are meant for.",
            "All figures and tables carry the provenance line: games, bots, player counts, map and its fidelity, "
            "package version and master seed. Tables are also written as CSV files next to this report; their "
            "first lines are '#' comments holding the same provenance (pandas: read_csv(path, comment='#')).",
        ],
    )
