"""The report's sections, designer's question first: each runs its statistics and turns them into prose, tables,
figures and findings. Every estimate that pools games is clustered by replicate (docs/reports.md)."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from reports import figures
from reports.cells import DEFAULT_MARGIN, cell_column, focal_rows, ranked_cells, shrunken_estimates
from reports.document import Figure, Section, Table, percent
from reports.compare import PopulationComparison, comparison_findings, comparison_json
from reports.effects import factor_effects, synergy, turn_order_vp
from reports.example_games import example_games_section
from reports.calibration import CALIBRATION_VERSION, INCONCLUSIVE, PASSED, TOO_HIGH, draws_to_pass, families_too_high
from reports.findings import (
    NO_CLAIM,
    SEVERE_DIFFERENCE,
    balanced_needs,
    cell_verdict_findings,
    effect_findings,
    homogeneity_findings,
    ladder_finding,
    robustness_finding,
    sample_size_finding,
    setup_effect_findings,
    severities,
    listed,
    synergy_finding,
    verdict_counts,
    win_rate_findings,
)
from reports.homogeneity import homogeneity_table
from reports.multiple_testing import ALPHA, holm
from reports.population import Population, strength_data
from reports.power import DIFFERENCES, POWER, sample_size_table
from reports.provenance import Provenance
from reports.ratings import BOOTSTRAP_REPLICATES, PRIOR_GAMES, rate, rating_table, share_ahead
from reports.robustness import mixed_strength_warning, persona_rankings
from reports.scoring import energy_per_round, score_distribution, vp_by_source
from reports.setups import setup_effect_table
from reports.strategy_specs import BUDGET_PARAMETER, search_budget_table
from reports.tile_sections import combinations_section, tiles_section
from reports.win_rates import simultaneous_intervals, win_rate_table

BOT_COLUMN = "strategy"
ADVISED_DIFFERENCE = 0.03
RANKED_COLUMNS = ["players", "setup", "rank", "cell", "n", "wins", "win_rate", "ci_low", "ci_high",
                  "simultaneous_ci_low", "simultaneous_ci_high", "vp_vs_field", "verdict", "severity",
                  "more_games_needed", "p_holm", "p_equivalence_holm", "design_effect"]


@dataclass(frozen=True)
class ReportInputs:
    """What every section may read: the rows, the provenance, the population, the margin and the calibration."""

    rows: pd.DataFrame
    provenance: Provenance
    population: Population
    margin: float = DEFAULT_MARGIN
    calibration: dict | None = None
    comparison: PopulationComparison | None = None
    results_dir: str = ""           # where the rows came from (the example games' `barrage view` commands)


def build_sections(inputs: ReportInputs) -> tuple[list[Section], dict]:
    """All sections in report order (summary first) and the machine-readable core (`--json`)."""
    rows, provenance = inputs.rows, inputs.provenance
    mixed = mixed_strength_warning(rows)
    if mixed and mixed not in rows.attrs.setdefault("warnings", []):
        rows.attrs["warnings"].append(mixed)
    cells = judged_cells(ranked_cells(rows, inputs.margin))
    population = {**inputs.population.to_json(), "measured_players": strength_data().get("players")}
    core: dict = {"cells": _cells_json(cells), "population": population, "calibration": inputs.calibration,
                  "margin": inputs.margin}
    too_high = families_too_high(inputs.calibration)
    body = [cells_section(cells, inputs, too_high), shrinkage_section(rows, cells, provenance)]
    examples = example_games_section(rows, cells, inputs.results_dir)
    if examples is not None:
        body.insert(1, examples)                     # next to the verdicts whose games it opens
    effects, factors = effects_section(rows, provenance, too_high)
    core["factors"] = factors
    body.append(effects)
    if _varies(focal_rows(rows), BOT_COLUMN) and cell_column(rows) == "cell":
        body.append(robustness_section(rows))
    if inputs.comparison is not None:
        body.append(population_comparison_section(inputs.comparison))
        core["population_comparison"] = comparison_json(inputs.comparison)
    body += [turn_order_section(rows, provenance)]
    if _varies(rows, "setup"):
        body.append(setups_section(rows, provenance))
    if rows.attrs.get("tile_records"):
        tiles, tiles_json = tiles_section(rows, provenance)
        body.append(tiles)
        core.update(tiles_json)
    combos, combos_json = combinations_section(rows)
    if combos is not None:
        body.append(combos)
        core["combinations"] = combos_json
    ratings = rate(rows, BOT_COLUMN, seed=provenance.master_seed) if _varies(rows, BOT_COLUMN) else None
    ladder = rating_table(rows, ratings, BOT_COLUMN) if ratings is not None else None
    if ratings is not None:
        body += [ratings_section(ratings, ladder, provenance), search_budget_section(ladder, provenance)]
    body += [homogeneity_section(rows, too_high), vp_sources_section(rows, provenance), scores_section(rows, provenance),
             energy_section(rows, provenance), sample_size_section(cells),
             calibration_section(inputs.calibration, provenance.games)]
    return [summary_section(cells, body, inputs), *body, methods_section()], core


def judged_cells(cells: pd.DataFrame) -> pd.DataFrame:
    """The ranked cells with each verdict's severity and the simultaneous (Bonferroni) intervals."""
    low, high = simultaneous_intervals(cells)
    return cells.assign(severity=severities(cells), simultaneous_ci_low=low, simultaneous_ci_high=high)


def _varies(rows: pd.DataFrame, column: str) -> bool:
    """Whether a column takes more than one value."""
    return rows[column].nunique() > 1


def _groupings(rows: pd.DataFrame) -> list[str]:
    """Columns the descriptive sections break down by: company, and bot when several bots played."""
    return ["company", *([BOT_COLUMN] if _varies(rows, BOT_COLUMN) else [])]


def _cells_json(cells: pd.DataFrame) -> list[dict]:
    keep = [*RANKED_COLUMNS, "parity"]
    return [{k: (v.item() if hasattr(v, "item") else v) for k, v in rec.items()}
            for rec in cells[keep].to_dict("records")]


def _noun(cells: pd.DataFrame) -> str:
    return "pairings" if cells["cell"].astype(str).str.contains(r"\+").all() else "bots"


def cells_section(cells: pd.DataFrame, inputs: ReportInputs, too_high: set[str] = frozenset()) -> Section:
    """The ranked table: each cell's own win rate, its interval, VP against the field and its verdict; the
    verdicts are findings only where their calibration family did not fail (`too_high`)."""
    noun = _noun(cells)
    failed = [what for key, what in (("cells", "'stronger' / 'weaker'"), ("balanced", "'balanced'"))
              if key in too_high]
    findings = ([f"No claim from the {' and '.join(failed)} verdicts: {NO_CLAIM}; the table shows them for "
                 "reference."] if failed else cell_verdict_findings(cells, noun, inputs.margin))
    return Section(
        key="cells",
        title=f"Ranked {noun}: own win rate and verdict",
        paragraphs=[
            f"Each line is one {noun[:-1]}'s own result: the win rate of the seat that holds it (n counts those "
            "seat-games), against parity (1 / players). Intervals are 95% Wilson intervals on the effective sample "
            "size (n divided by the measured design effect, clustered by replicate). 'VP vs field' is the seat's VP "
            "minus the mean VP of its opponents in the same game.",
            f"Verdicts use an equivalence margin of +-{100 * inputs.margin:g} points around parity (--margin): "
            "'balanced' when two one-sided tests place the win rate inside the margin, 'stronger' / 'weaker' when "
            "it differs from parity, both Holm-corrected across the table; otherwise 'undetermined', with about how "
            "many more games would decide it if the estimate stayed where it is. The severity says 'much stronger' "
            f"or 'much weaker' when the win rate is more than {100 * SEVERE_DIFFERENCE:g} points from parity.",
        ],
        tables=[Table("ranked_cells", f"Ranked {noun}", cells[RANKED_COLUMNS],
                      note=interval_note(len(cells), noun) + " The '95% CI' column is each cell's own interval, "
                      "uncorrected: it can exclude parity while the verdict stays undetermined.")],
        findings=findings,
    )


def interval_note(cells: int, noun: str) -> str:
    """Why the simultaneous intervals agree with the Holm-corrected verdicts (and where they may not)."""
    return (f"Simultaneous 95% CI: all {cells} {noun} at once (Bonferroni, each at 1 - 0.05 / {cells}), like the "
            "verdicts, so an interval that excludes parity always goes with 'stronger' or 'weaker'; Holm is a "
            "little more powerful than Bonferroni, so a decided cell's interval may still touch parity.")


def _figure_table(cells: pd.DataFrame) -> pd.DataFrame:
    """The cells with a row label for the ranked figure and their simultaneous intervals as its intervals."""
    label = cells["cell"].astype(str)
    if cells["players"].nunique() > 1 or cells["setup"].nunique() > 1:
        label = label + " (" + cells["players"].astype(str) + "p " + cells["setup"].astype(str) + ")"
    return cells.assign(label=label, ci_low=cells["simultaneous_ci_low"], ci_high=cells["simultaneous_ci_high"])


def shrinkage_section(rows: pd.DataFrame, cells: pd.DataFrame, provenance: Provenance) -> Section:
    """Empirical-Bayes shrunken estimates with P(best) and P(worst)."""
    table = shrunken_estimates(rows, cells, seed=provenance.master_seed)
    top = table.sort_values("p_best", ascending=False).iloc[0]
    bottom = table.sort_values("p_worst", ascending=False).iloc[0]
    return Section(
        key="shrinkage",
        title="Shrunken estimates: which is best, which is worst",
        paragraphs=[
            "Raw win rates of many cells spread out more than the truth (the luckiest looks best). Each estimate is "
            "pulled toward the mean by its share of noise (empirical Bayes, between-cell variance by the method of "
            "moments). P(best) and P(worst) are the shares of 1,000 cluster-bootstrap resamples of replicates in "
            "which the cell's shrunken estimate is the highest or the lowest.",
        ],
        tables=[Table("shrunken_estimates", "Shrunken win rates, P(best), P(worst)", table)],
        findings=[f"Most likely best: {top['cell']} (P(best) {top['p_best']:.0%}, shrunken win rate "
                  f"{percent(top['shrunken_win_rate'])}); most likely worst: {bottom['cell']} (P(worst) "
                  f"{bottom['p_worst']:.0%}, {percent(bottom['shrunken_win_rate'])})."],
    )


def effects_section(rows: pd.DataFrame, provenance: Provenance,
                    too_high: set[str] = frozenset()) -> tuple[Section, dict]:
    """Company and officer main effects (logistic win, OLS VP) with synergy, clustered by replicate; no claim from a
    test whose calibration family (`too_high`: reports.calibration.families_too_high) failed."""
    focal = focal_rows(rows)
    factors = [f for f in ("company", "officer", BOT_COLUMN, "players", "setup") if _varies(focal, f)]
    section = Section(key="effects", title="Company and officer effects, and their synergy")
    if not any(f in factors for f in ("company", "officer")):
        section.paragraphs.append("Company and officer do not vary in these results.")
        return section, {}
    win_effects, win_tests = factor_effects(focal, factors, "win")
    vp_effects, _ = factor_effects(focal, factors, "vp")
    section.paragraphs.append(
        f"Regressions on the focal seats over {', '.join(factors)} with sum coding: every level's effect is "
        "against the average level of its factor, with the other factors held fixed. Win: logistic regression "
        "(split wins enter as fractions: quasi-likelihood), effect in log-odds and as an odds ratio; VP: "
        "ordinary least squares, effect in VP. Standard errors are cluster-robust by replicate; each factor has a "
        "joint Wald test, and its levels a Holm correction.")
    section.tables += [Table("effects_win", "Win: effect of each level against the average level (logistic)",
                             win_effects),
                       Table("effects_vp", "VP: effect of each level against the average level (OLS)", vp_effects),
                       Table("effects_tests", "Joint Wald test per factor (win)", win_tests)]
    section.findings += effect_findings(win_effects, win_tests, vp_effects,
                                        frozenset(k.split(":")[1] for k in too_high if k.startswith("effects:")))
    factors_json = {"win": win_effects.to_dict("records"), "vp": vp_effects.to_dict("records"),
                    "tests": win_tests.to_dict("records")}
    if "company" in factors and "officer" in factors and cell_column(rows) == "cell":
        test, table = synergy(focal, [f for f in factors if f not in ("company", "officer")])
        if test:
            section.paragraphs.append(
                "Synergy: the logistic model with the company x officer interaction; a joint cluster-robust Wald "
                "test asks whether any pairing departs from 'company effect + officer effect'. Per pairing, synergy "
                "is its own win rate minus the additive model's prediction. The company x officer heatmap of the "
                "pairings' own win rates is in the summary.")
            if len(table):
                section.tables.append(Table("synergy", "Company x officer synergy (observed - additive)", table))
            section.findings.append(synergy_finding(test, table, claimed="synergy" not in too_high))
            factors_json["synergy"] = {"test": test, "pairings": table.to_dict("records")}
    return section, factors_json


def robustness_section(rows: pd.DataFrame) -> Section:
    """Does the ranking of the cells hold for each bot persona on its own?"""
    table, correlations = persona_rankings(rows)
    return Section(
        key="robustness",
        title="Robustness: the ranking per bot persona",
        paragraphs=[
            "The same ranked table computed separately for the games in which each bot played the focal seat. "
            "Spearman's rank correlation compares each persona's ranking with the pooled one; a low correlation "
            "means the verdicts depend on who plays.",
        ],
        tables=[Table("ranking_per_persona", "Win rate per cell and persona", table),
                Table("ranking_correlation", "Rank correlation with the pooled ranking", correlations)],
        findings=[robustness_finding(correlations)],
    )


def population_comparison_section(comparison: PopulationComparison) -> Section:
    """Do the verdicts survive another bot population (`barrage report --compare`)?"""
    return Section(
        key="population_comparison",
        title=f"Robustness across populations: {comparison.label} vs {comparison.other_label}",
        paragraphs=[
            *([f"Found without --compare: {comparison.found} holds a run of the same design by the "
               f"{comparison.other_label} population, so this report names the verdicts that play differs on "
               "(`barrage report --no-compare` leaves it out)."] if comparison.found else []),
            f"The same cells played by a second bot population ({comparison.other_label}). Per ranking (pairings, "
            "companies, officers: focal-seat win rates), Spearman's rank correlation between the populations with a "
            "95% interval from resampling replicates of both experiments (resampling adds noise to both rankings, "
            "so the interval leans low: read it as how low the agreement could plausibly be). Per pairing, both win rates, the difference with a 95% interval and its "
            "Holm-corrected p-value, and whether the verdict changes: verdicts *contradict* when both populations decide "
            "them differently; a verdict decided in one population only may just need more games in the other. The two experiments are treated as "
            "independent (conservative when they share the master seed).",
        ],
        tables=[Table("population_correlations", "Rank correlation between the populations",
                      comparison.correlations),
                Table("population_cells", "Win rate per pairing in each population", comparison.cells),
                Table("population_verdict_changes", "Verdicts that change", comparison.changed)],
        findings=comparison_findings(comparison),
    )


def turn_order_section(rows: pd.DataFrame, provenance: Provenance) -> Section:
    """Turn-order effect in VP and win rate by seat and turn position."""
    controls = [f for f in ("company", "officer", BOT_COLUMN) if _varies(rows, f)]
    vp = turn_order_vp(rows, controls)
    seats = _interval_after_rate(win_rate_table(rows, ("seat",)))
    turns = _interval_after_rate(win_rate_table(rows, ("turn_pos_r1",)))
    findings = []
    for row in vp[vp["turn_position"] > vp.groupby("players")["turn_position"].transform("min")].itertuples():
        findings.append(f"{row.players} players: turn position {row.turn_position} in round 1 scores "
                        f"{row.vp_vs_first:+.1f} VP against first position (95% CI {row.ci_low:+.1f} to "
                        f"{row.ci_high:+.1f}).")
    turn_labels = [f"turn position {r.turn_pos_r1} in round 1 ({r.players} players)" for r in turns.itertuples()]
    return Section(
        key="seats",
        title="Turn order and seats",
        paragraphs=["Round-1 turn position against first position in VP (OLS controlling for "
                    f"{', '.join(controls) or 'nothing else'}, clustered by replicate), then win rates by seat and "
                    "by round-1 turn position against parity (clustered intervals, Holm and BH within each table)."],
        tables=[Table("turn_order_vp", "VP by round-1 turn position vs first", vp),
                Table("win_rate_by_seat", "Win rate per seat vs parity", seats),
                Table("win_rate_by_turn_position", "Win rate per round-1 turn position vs parity", turns)],
        figures=[figures.seat_figure(seats, turns, provenance)],
        findings=[*findings, *win_rate_findings(turns, turn_labels, "round-1 turn positions")],
    )


def _interval_after_rate(table: pd.DataFrame) -> pd.DataFrame:
    """The win-rate table with ci_low / ci_high right after win_rate, the estimate they are an interval of."""
    rest = [column for column in table.columns if column not in ("ci_low", "ci_high")]
    at = rest.index("win_rate") + 1
    return table[[*rest[:at], "ci_low", "ci_high", *rest[at:]]]


def setups_section(rows: pd.DataFrame, provenance: Provenance) -> Section:
    """How each company's and officer's win rate moves from the reference setup to the others."""
    tables, figs, findings = [], [], []
    for factor in ("company", "officer"):
        if not _varies(rows, factor):
            continue
        table = setup_effect_table(rows, factor)
        if table.empty:
            continue
        labels = [f"{getattr(row, factor)} in {row.setup} ({row.players} players)"
                  for row in table.itertuples(index=False)]
        reference = table["reference"].iloc[0]
        tables.append(Table(f"setup_effect_by_{factor}", f"Win rate per {factor}: each setup vs {reference}", table))
        figs.append(figures.forest_figure(table, labels, f"Win rate per {factor}: change from setup {reference}",
                                          provenance, estimate="difference",
                                          xlabel="win rate minus the reference setup's"))
        findings += setup_effect_findings(table, factor)
    return Section(
        key="setups",
        title="Setup effects",
        paragraphs=[
            "Each company and officer is compared with itself in the reference setup (the first listed): the "
            "difference of its win rates with a cluster-robust 95% interval. Setups share their game seeds (common "
            "random numbers); clustering by replicate keeps the covariance this creates. z tests, Holm and "
            "Benjamini-Hochberg across all comparisons.",
        ],
        tables=tables, figures=figs, findings=findings,
    )


def homogeneity_section(rows: pd.DataFrame, too_high: set[str] = frozenset()) -> Section:
    """Do the levels of each factor win at different rates at all? (No claim where calibration failed.)"""
    factors = [f for f in ("company", "officer", BOT_COLUMN, "setup", "seat", "turn_pos_r1") if _varies(rows, f)]
    table = homogeneity_table(rows, factors)
    table["p_holm"] = holm(table["p_value"].to_numpy())
    return Section(
        key="homogeneity",
        title="Homogeneity tests",
        paragraphs=[
            "One cluster-robust Wald test per factor, over every seat: do its levels' wins depart from parity "
            "(1 / players) more than chance allows? Each replicate contributes its per-level totals of win minus "
            "parity; their covariance across replicates is the variance, so the one-winner-per-game constraint and "
            "the common random numbers are accounted for. The p-value is on the Hotelling F reference "
            "(W (G - df) / (df (G - 1)) on F(df, G - df) for G replicates), which holds its level with a hundred "
            "replicates; Holm across the factors.",
        ],
        tables=[Table("homogeneity", "Homogeneity of win rates across levels", table)],
        findings=homogeneity_findings(table, frozenset(k.split(":")[1] for k in too_high
                                                       if k.startswith("homogeneity:"))),
    )


def ratings_section(ratings, ladder: pd.DataFrame, provenance: Provenance) -> Section:
    """Plackett-Luce rating ladder of the bots."""
    section = Section(key="ratings", title="Bot ratings (Plackett-Luce)")
    section.paragraphs.append(
        "Plackett-Luce strengths fitted to each game's full finishing order with Hunter's MM algorithm; tied places "
        "are handled Breslow-style. A log-strength difference of 0.69 means twice as likely to finish ahead in a "
        f"head-to-head. Intervals are 95% percentile intervals from {BOOTSTRAP_REPLICATES} cluster-bootstrap "
        "resamples: whole replicates (games sharing common random numbers) are drawn with replacement, each with all "
        f"its games (seeded with the master seed); {PRIOR_GAMES:g} virtual games per pair of bots keep ratings "
        "finite.")
    section.tables.append(Table("ratings", "Rating ladder", ladder))
    section.figures.append(figures.rating_ladder_figure(ladder, BOT_COLUMN, provenance))
    best, runner_up = ladder[BOT_COLUMN].iloc[0], ladder[BOT_COLUMN].iloc[1]
    section.findings.append(ladder_finding(ladder, BOT_COLUMN, share_ahead(ratings, best, runner_up)))
    return section


def search_budget_section(ladder: pd.DataFrame, provenance: Provenance) -> Section:
    """Rating against the `iters` search budget for bots that differ only in it."""
    section = Section(key="search-budget", title="Strength versus search budget")
    budget = search_budget_table(ladder)
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
                      paragraphs=["Mean final VP split by where it came from; the sources add up to the total. "
                                  "Negative sources (the energy-track malus) are drawn left of zero."])
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
    section = Section(key="energy", title="Energy per round", paragraphs=["Mean energy produced at each round's "
                                                                          "scoring."])
    for by in _groupings(rows):
        table = energy_per_round(rows, by)
        section.tables.append(Table(f"energy_per_round_{by}", f"Mean energy per round per {by}", table))
        section.figures.append(figures.energy_figure(table, by, provenance))
    return section


def sample_size_section(cells: pd.DataFrame) -> Section:
    """How many games per cell a given difference from parity needs, with the measured design effect."""
    player_counts = sorted(int(count) for count in cells["players"].unique())
    deff = float(cells["design_effect"].clip(lower=1.0).median())
    table = sample_size_table(player_counts, cells=len(cells), design_effect=deff)
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
            f"{POWER:.0%} power (normal approximation), multiplied by the measured design effect of a cell's "
            f"estimate ({deff:.2f}, the median over cells). The Holm column uses alpha / m, the threshold the most "
            "significant of m cells must clear.",
        ],
        tables=[Table("sample_size", "Games per cell needed", table)],
        findings=findings,
    )


def calibration_section(calibration: dict | None, games: int) -> Section:
    """The placebo A/A calibration run on these results, or a note that none (or an outdated one) was run. Its
    finding names only the families shown to hold alpha; failed ones are named as making no claim."""
    section = Section(key="calibration", title="Calibration (placebo A/A)")
    if not calibration or calibration.get("version") != CALIBRATION_VERSION:
        section.paragraphs.append(
            ("No calibration was run on these results. " if not calibration else
             "The stored calibration was made by an older version of the report's tests; rerun it. ") +
            "`barrage calibrate RESULTS_DIR` runs every test family of this report on placebo labels assigned like "
            "the real ones (once per replicate) and says which families are shown to hold their error rate.")
        return section
    table = pd.DataFrame(calibration["families"])
    alpha, tolerance = calibration["alpha"], calibration["tolerance"]
    by_verdict = {v: table.loc[table["verdict"] == v, "family"].tolist() for v in (PASSED, TOO_HIGH, INCONCLUSIVE)}
    section.paragraphs.append(
        f"{calibration['method']}; {calibration['draws']:,} draws (seed {calibration['seed']}). For the 'balanced' "
        "verdict the placebo cells are also moved to parity +- the margin, where a 'balanced' call is false. A "
        f"family *passes* when the exact one-sided {100 * calibration['confidence']:g}% upper limit of its "
        f"false-positive rate is at most alpha + {100 * tolerance:g} points ({100 * (alpha + tolerance):g}%), is "
        "*too high* when the lower limit exceeds alpha (its findings are then not claims), and is *inconclusive* "
        f"otherwise: a family at exactly alpha needs about {draws_to_pass(alpha, tolerance):,} draws to pass. The "
        "power row (the placebo cells at parity) is how often a truly balanced cell is shown balanced.")
    if calibration.get("games") != games:
        section.paragraphs.append(f"Warning: the calibration was run on {calibration.get('games', '?')} games; these "
                                  f"results hold {games:,}. Rerun `barrage calibrate` to bring it up to date.")
    section.tables.append(Table("calibration", "False-positive rate per test family", table.drop(columns="key")))
    if by_verdict[PASSED]:
        section.findings.append(f"Calibration ({calibration['draws']:,} placebo draws): shown to hold alpha = "
                                f"{100 * alpha:g}% within {100 * tolerance:g} points: {listed(by_verdict[PASSED])}.")
    if by_verdict[TOO_HIGH]:
        section.findings.append(f"Calibration: these families reject true nulls too often on this design, so the "
                                f"report makes no claim from them: {listed(by_verdict[TOO_HIGH])}.")
    if by_verdict[INCONCLUSIVE]:
        section.findings.append(f"Calibration inconclusive after {calibration['draws']:,} draws for "
                                f"{listed(by_verdict[INCONCLUSIVE])}: more draws (`barrage calibrate --draws`) decide.")
    return section

def summary_section(cells: pd.DataFrame, body: list[Section], inputs: ReportInputs) -> Section:
    """The first screen answers the designer: the verdict counts and what 'balanced' needs, the company x officer
    heatmap, the ranked figure; then the question, the population, n, the ranked table and every section's
    findings."""
    provenance = inputs.provenance
    players = "/".join(str(count) for count in provenance.players)
    noun = _noun(cells)
    question = (f"Which {noun} win more or less than their fair share (1 / players), and which are balanced within "
                f"+-{100 * inputs.margin:g} points?")
    paragraphs = [
        f"Question: {question}",
        f"Experiment {provenance.experiment} ({provenance.kind}): {provenance.games:,} games "
        f"({provenance.rows:,} seat results) with {players} players on map {provenance.map_name}; "
        f"{len(cells)} {noun}, " + (f"{int(cells['n'].min()):,} own seat-games each." if cells["n"].nunique() == 1
                                    else f"{int(cells['n'].min()):,} to {int(cells['n'].max()):,} own seat-games "
                                         "each."),
        population_paragraph(inputs.population, provenance.players),
    ]
    paragraphs += [f"Warning: {w}" for w in inputs.rows.attrs.get("warnings", [])]
    if provenance.map_label:
        paragraphs.append(f"{provenance.map_label}: the map is not the official one, so conclusions may not "
                          "transfer to the published game.")
    if not provenance.complete:
        paragraphs.append(f"Incomplete run: {provenance.games:,} of {provenance.games_planned:,} planned games"
                          + ("" if provenance.finished else "; the run has not ended (still running or interrupted)")
                          + ".")
    lead = [verdict_counts(cells, noun, inputs.margin), balanced_needs(cells, noun, inputs.margin)]
    short = cells[["players", "setup", "rank", "cell", "n", "win_rate", "simultaneous_ci_low",
                   "simultaneous_ci_high", "vp_vs_field", "severity", "more_games_needed"]]
    # Decided cells need no more games: blank, not 0.
    short = short.assign(more_games_needed=short["more_games_needed"].where(cells["verdict"] == "undetermined"))
    if short["players"].nunique() == 1:
        short = short.drop(columns="players")
    if short["setup"].nunique() == 1:
        short = short.drop(columns="setup")
    headline = {"cells", "shrinkage", "effects", "calibration", "population_comparison"}   # the rest: own section
    ranked = figures.ranked_cells_figure(_figure_table(cells), provenance, margin=inputs.margin,
                                         title=f"{noun.capitalize()} ranked by own-seat win rate",
                                         interval=f"simultaneous 95% interval (Bonferroni over {len(cells)})")
    return Section(key="summary", title="Summary", paragraphs=paragraphs, lead=lead,
                   layout=("lead", "figures", "paragraphs", "tables", "findings"),
                   figures=[*heatmap_figures(cells, inputs.rows, provenance), ranked],
                   tables=[Table("summary_ranked", f"Ranked {noun} (details below)", short,
                                 note=interval_note(len(cells), noun))],
                   findings=[finding for section in body if section.key in headline for finding in section.findings
                             if finding not in lead])


def heatmap_figures(cells: pd.DataFrame, rows: pd.DataFrame, provenance: Provenance) -> list[Figure]:
    """One company x officer heatmap per player count and setup of a balance sweep (none for a tournament)."""
    if cell_column(rows) != "cell":
        return []
    pairings = focal_rows(rows).groupby("cell", observed=True)[["company", "officer"]].first()
    pairings.index = pairings.index.astype(str)
    judged = cells.assign(cell=cells["cell"].astype(str)).join(pairings, on="cell")
    levels = list(judged.groupby(["players", "setup"], sort=False))
    return [figures.heatmap_figure(level, provenance, "Own-seat win rate per company x officer "
                                   f"({players} players{f', setup {setup}' if len(levels) > 1 else ''})",
                                   name="heatmap" if index == 0 else f"heatmap-{index + 1}")
            for index, ((players, setup), level) in enumerate(levels)]


def population_paragraph(population: Population, player_counts: tuple[int, ...]) -> str:
    """Who played and how strong they are, quoting the Automa measurements only for a design that plays at their
    player count (reports/data/bot_strength.json: 2-player games); other player counts have no measurement."""
    measured_at = strength_data().get("players")      # None in a file written before the count was recorded
    if measured_at not in player_counts:
        population = Population(bots=population.bots, strength={bot: None for bot in population.bots},
                                name=population.name)
    others = [str(count) for count in player_counts if count != measured_at]
    if not others:
        return population.describe()
    where = f"in {measured_at}-player games only" if measured_at else "at an unrecorded player count"
    return (f"{population.describe()} Strength against the solo Automa is measured {where} "
            f"(reports/data/bot_strength.json); no measurement exists at {'/'.join(others)} players, so none is "
            "quoted for them.")


def methods_section() -> Section:
    """Short notes on methods and their assumptions."""
    return Section(
        key="methods",
        title="Methods and caveats",
        paragraphs=[
            "Rows are seats of games; a cell's statistics use its focal seats only (the seat that holds the pairing "
            "in a balance sweep, every seat in a tournament). Under common random numbers, replicate i of every cell "
            "shares its seed, its seat and bot rotation and most of its opponents, so every estimate that pools "
            "games is clustered by replicate: cluster-robust (sandwich) variances for intervals, tests and "
            "regressions, a cluster bootstrap for ratings and P(best). `barrage calibrate` checks on the real "
            "design that each family holds its error rate.",
            "Win rates are relative to the field: one strong cell lowers the win rates of the cells it meets. The "
            "verdicts describe play between the bots of the population named in the summary.",
            "All figures and tables carry the provenance line: games, bots, player counts, map and its fidelity, "
            "package version and master seed. Tables are also written as CSV files next to this report; their "
            "first lines are '#' comments holding the same provenance (pandas: read_csv(path, comment='#')).",
        ],
    )

