"""The rebalance report: DIR/report/rebalance.html (self-contained), rebalance.md, tables/*.csv and one
proposal-N.toml per proposal, from DIR/rebalance.json and the confirmation's results directories.

It leads with the recommended proposal's verdict for the population that played, then shows each proposal's changes
as a designer copies them (`--override` options and a TOML [overrides] table), its before/after forest plot of the
companies' and officers' own-seat win rates, the spreads before and after with their intervals, and the verdict of
every company and officer. It reads results only (never the engine).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd

from reports.document import Figure, Section, Table, write_csv
from reports.figures import MARGIN_BAND_COLOUR, VERDICT_COLOURS, figure_canvas, finish_figure
from reports.html import render_html
from reports.markdown import render_markdown
from reports.population import Population
from reports.provenance import Provenance
from reports.rebalance import OFFICIAL, VERDICT_FAMILIES
from reports.results import ResultsError, load_results
from reports.sections import population_paragraph
from reports.spread import FAMILIES

RESULT_FILE = "rebalance.json"
REPORT_DIRECTORY = "report"
PAGE = "rebalance.html"
SUMMARY = "rebalance.md"
OFFICIAL_COLOUR = "#222222"


def points(x: float) -> str:
    """A win-rate fraction as points with one decimal."""
    return f"{100 * x:.1f}"


def spread_text(spread: dict) -> str:
    """'6.1 [5.4, 6.9]' points."""
    return f"{points(spread['estimate'])} [{points(spread['ci_low'])}, {points(spread['ci_high'])}]"


def override_options(changes: list[dict]) -> str:
    """The proposal as `barrage balance` options."""
    return " ".join(f"--override '{c['path']}={_toml_value(c['proposed'])}'" for c in changes)


def overrides_toml(changes: list[dict]) -> str:
    """The proposal as a TOML [overrides] table (for an experiment file)."""
    return "[overrides]\n" + "".join(f"\"{c['path']}\" = {_toml_value(c['proposed'])}\n" for c in changes)


def _toml_value(value) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def proposal_sentence(result: dict, proposal: dict) -> str:
    """One sentence: the proposal's confirmed verdict for the population, and its spreads before and after."""
    figures = result["confirmation"]
    run, official = figures["runs"][proposal["label"]], figures["runs"][OFFICIAL]
    k = len(proposal["changes"])
    what = f"{proposal['label']} ({k} change{'s' if k != 1 else ''})"
    whose = f"play between {result['population']} bots, {run['games']:,} fresh games"
    spreads = " and ".join(f"the {family} spread from {spread_text(official['spread'][family])} to "
                           f"{spread_text(run['spread'][family])} points" for family in VERDICT_FAMILIES)
    if run["balanced"]:
        return (f"{what} is balanced ({whose}): every company's and officer's own-seat win rate is within "
                f"+-{points(figures['margin'])} points of parity (equivalence, Holm over {figures['tests']} tests); "
                f"it takes {spreads}.")
    groups = [g for g in run["groups"] if g["family"] in VERDICT_FAMILIES]
    shown = sum(g["verdict"] == "balanced" for g in groups)
    better = run["spread"]["imbalance"]["estimate"] < official["spread"]["imbalance"]["estimate"]
    return (f"{what} is not shown balanced ({whose}: {shown} of {len(groups)} companies and officers shown within "
            f"+-{points(figures['margin'])} points); it {'improves' if better else 'changes'} {spreads}.")


def recommended(result: dict) -> dict | None:
    """The proposal to adopt: the first confirmed balanced one in race order, else the one with the smallest
    confirmed imbalance (None without proposals)."""
    proposals = result["proposals"]
    runs = result["confirmation"]["runs"]
    balanced = [p for p in proposals if runs[p["label"]]["balanced"]]
    if balanced:
        return balanced[0]
    return min(proposals, key=lambda p: runs[p["label"]]["spread"]["imbalance"]["estimate"], default=None)


# -- the page -------------------------------------------------------------------------------------------------
def rebalance_sections(result: dict, provenance: Provenance) -> list[Section]:
    """The report's sections: the answer (with whose play it is), then one section per proposal, then the search."""
    best = recommended(result)
    figures = result["confirmation"]
    lead = [proposal_sentence(result, best) if best else "The search found no change that beats the official "
            "rules by more than its cost."]
    if best:
        lead.append(f"Adopt it with: {override_options(best['changes'])}")
    population = Population.of(tuple(provenance.strategies))
    answer = Section(
        key="answer", title="Rebalance: the answer", lead=lead,
        paragraphs=[
            population_paragraph(population, provenance.players) + " A proposal balances the game for this "
            "population's play; strong play is not checked here (`barrage balance --population strong` with the "
            "proposal's --override options checks it, at about 0.2 CPU-seconds per 4-player game).",
            f"Confirmation: the official rules and each proposal played again on fresh seeds (master seed "
            f"{figures['seed']}, never used by the search), {figures['games_per_cell']:,} games per company x "
            "officer pairing each, the same seeds for every run (common random numbers: the comparison with the "
            f"official rules is paired). Holm runs over all {figures['tests']} company and officer tests of the "
            "confirmation, so the chance of any wrong 'balanced' claim here is at most "
            f"{100 * figures['alpha']:g}%.",
            "Spread = the root-mean-square deviation of the own-seat win rates from parity (1 / players), the "
            "sampling noise removed (docs/experiments.md § Rebalancing), in points; intervals are 95% cluster "
            "bootstrap ones, the ratio's paired.",
        ],
        tables=[_spreads_table(result)])
    sections = [answer]
    for proposal in result["proposals"]:
        sections.append(_proposal_section(result, proposal, provenance))
    sections.append(_search_section(result))
    return sections


def _proposal_section(result: dict, proposal: dict, provenance: Provenance) -> Section:
    label = proposal["label"]
    runs = result["confirmation"]["runs"]
    changes = pd.DataFrame.from_records(proposal["changes"], columns=["path", "official", "proposed", "steps"])
    groups = pd.DataFrame.from_records(runs[label]["groups"])
    before = pd.DataFrame.from_records(runs[OFFICIAL]["groups"])
    keys = ["family", "group", "players"]
    verdicts = groups.merge(before[keys + ["win_rate"]].rename(columns={"win_rate": "official_win_rate"}), on=keys)[
        ["family", "group", "n", "official_win_rate", "win_rate", "ci_low", "ci_high", "difference", "verdict",
         "p_equivalence_holm", "more_games_needed"]]
    before = before.set_index(keys).loc[groups.set_index(keys).index].reset_index()    # the proposal's row order
    return Section(
        key=label, title=f"{label}: {len(proposal['changes'])} change(s)",
        lead=[proposal_sentence(result, proposal)],
        paragraphs=[f"As options: {override_options(proposal['changes'])}",
                    f"Its confirmation run: {result['confirmation']['results'][label]} (`barrage report` opens it).",
                    f"In an experiment file (also written as {label}.toml): "
                    + overrides_toml(proposal["changes"]).replace("\n", " ").strip(),
                    f"Search score {proposal['search_score']:.2f}, race score {proposal['race_score']:.2f} "
                    "(imbalance points plus the cost of change, on the search's seeds)."],
        tables=[Table(f"{label}-changes", f"{label}: changes to the official values", changes),
                Table(f"{label}-verdicts", f"{label}: companies and officers on the confirmation's fresh seeds",
                      verdicts, note="Holm over every test of the confirmation")],
        figures=[before_after_figure(before, groups, label, result["confirmation"]["margin"], provenance)])


def _spreads_table(result: dict) -> Table:
    runs = result["confirmation"]["runs"]
    records = []
    for label, run in runs.items():
        for family in (*FAMILIES, "imbalance"):
            s, vs = run["spread"][family], (run["vs_official"] or {}).get(family)
            records.append({"run": label, "family": family, "spread": 100 * s["estimate"],
                            "ci_low": 100 * s["ci_low"], "ci_high": 100 * s["ci_high"],
                            "ratio_to_official": vs["ratio"] if vs else np.nan,
                            "ratio_ci_low": vs["ci_low"] if vs else np.nan,
                            "ratio_ci_high": vs["ci_high"] if vs else np.nan,
                            "largest_deviation": 100 * s.get("largest_deviation", np.nan)})
    return Table("spreads", "Spread of the own-seat win rates around parity (points), before and after",
                 pd.DataFrame.from_records(records), note="imbalance: the search's target (companies, officers and "
                 f"pairings weighted 1 : 1 : {result['confirmation']['pairing_weight']:g})")


def _sensitivity_table(result: dict) -> list[Table]:
    """Points of own-seat win rate per step of each knob, per company and officer (none without a surface)."""
    sensitivity = result.get("sensitivity")
    if not sensitivity:
        return []
    frame = pd.DataFrame.from_dict(sensitivity["knobs"], orient="index", columns=sensitivity["groups"])
    return [Table("sensitivity", "What one step of each knob does (own-seat win rate, points)",
                  frame.rename_axis("knob").reset_index(),
                  note="linear terms of a quadratic response surface fitted to every candidate the search played; "
                       "a local estimate around the values it tried, not a measurement of each knob alone")]


def _search_section(result: dict) -> Section:
    search = result["search"]
    curve = pd.DataFrame.from_records(search["curve"])[["generation", "mean_score", "mean_imbalance", "best_score",
                                                        "games", "mean_changes"]]
    return Section(
        key="search", title="The search",
        paragraphs=[
            f"CMA-ES over {len(result['spec']['knobs'])} knobs on their step grids, {len(search['curve'])} "
            f"generations, {search['candidates']:,} distinct candidates, {search['games']:,} games (search and race; "
            f"the whole run took {search['seconds'] / 60:.0f} minutes); score = imbalance (points) + "
            f"{result['spec']['knob_cost']:g} per changed knob + {result['spec']['step_cost']:g} per step from the "
            "official values. Every candidate "
            "played the same seeds (common random numbers); each generation gave its better half twice the games "
            "(successive halving), and the finalists were raced on replicates the search never played before the "
            "best were confirmed.",
            f"Official rules on the search's seeds: imbalance {search['official_imbalance']:.2f} points."],
        tables=[*_sensitivity_table(result), Table("search-curve", "Search: the distribution mean per generation",
                                                   curve)])


def before_after_figure(before: pd.DataFrame, after: pd.DataFrame, label: str, margin: float,
                        provenance: Provenance) -> Figure:
    """Each company's and officer's own-seat win rate minus parity with its 95% interval: the official rules (grey)
    and the proposal (coloured by its verdict), the +-margin band shaded."""
    figure, (axes,) = figure_canvas(max(2.5, 0.32 * len(after) + 1.4))
    positions = np.arange(len(after))[::-1].astype(float)
    axes.axvspan(-100 * margin, 100 * margin, color=MARGIN_BAND_COLOUR, zorder=0)
    axes.axvline(0, color="black", linewidth=0.8, linestyle="--", zorder=1)
    for table, offset, official in ((before, 0.17, True), (after, -0.17, False)):
        centre = 100 * table["difference"].to_numpy(float)
        errors = 100 * np.vstack([table["win_rate"] - table["ci_low"], table["ci_high"] - table["win_rate"]])
        colours = [OFFICIAL_COLOUR] * len(table) if official else [VERDICT_COLOURS[v] for v in table["verdict"]]
        for y, x, (low, high), colour in zip(positions + offset, centre, errors.T, colours):
            axes.errorbar([x], [y], xerr=[[low], [high]], fmt="s" if official else "o", color=colour, capsize=2,
                          markersize=4, markerfacecolor="white" if official else colour)
    axes.plot([], [], "s", color=OFFICIAL_COLOUR, markerfacecolor="white", label="official rules")
    for verdict in dict.fromkeys(after["verdict"]):
        axes.plot([], [], "o", color=VERDICT_COLOURS[verdict], label=f"{label}: {verdict}")
    axes.set_yticks(positions, [f"{g} ({f})" for f, g in zip(after["family"], after["group"])], fontsize=8)
    axes.set_xlabel(f"own-seat win rate minus parity (points), 95% intervals; band: +-{100 * margin:g} points",
                    fontsize=9)
    axes.legend(fontsize=7, loc="best")
    return finish_figure(figure, f"{label}: companies and officers before and after", provenance, f"forest-{label}")


def write_rebalance_report(run_dir: str | Path) -> Path:
    """Writes DIR/report/ from DIR/rebalance.json and the confirmation's results; returns the page's path."""
    run_dir = Path(run_dir)
    try:
        result = json.loads((run_dir / RESULT_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ResultsError(f"{run_dir / RESULT_FILE}: not a readable rebalance result ({e})") from None
    manifest, rows = load_results(run_dir / result["confirmation"]["results"][OFFICIAL])
    provenance = Provenance.from_results({**manifest, "name": result["name"]}, rows)
    sections = rebalance_sections(result, provenance)
    out = run_dir / REPORT_DIRECTORY
    staging = run_dir / f".{REPORT_DIRECTORY}.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    (staging / "tables").mkdir(parents=True)
    try:
        for section in sections:
            for table in section.tables:
                write_csv(table, staging / "tables", provenance)
        for proposal in result["proposals"]:
            (staging / f"{proposal['label']}.toml").write_text(
                f"# {proposal_sentence(result, proposal)}\n{overrides_toml(proposal['changes'])}", encoding="utf-8")
        (staging / SUMMARY).write_text(render_markdown(sections, provenance), encoding="utf-8")
        (staging / PAGE).write_text(render_html(sections, provenance), encoding="utf-8")
        shutil.rmtree(out, ignore_errors=True)
        staging.rename(out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return out / PAGE
