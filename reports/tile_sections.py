"""The report's "Tiles" and "Combinations" sections (statistics in reports.tiles) and their `--json` entries."""
from __future__ import annotations

import pandas as pd

from reports.cells import cell_column
from reports.document import Section, Table, percent
from reports.multiple_testing import ALPHA
from reports.provenance import Provenance
from reports.tiles import (
    ablation_effects,
    ablation_spreads,
    combinations,
    gains_and_losses,
    interaction_effects,
    strongest_and_weakest,
    taken_by,
    tile_effects,
)

TILE_JSON_KEYS = ("tile", "taken_rate", "win_rate_with", "win_rate_without", "adjusted_effect", "ci_low", "ci_high")
SELECTION_CAVEAT = (
    "Read the first table as association, not effect: who buys a tile is not random (selection). A seat that is "
    "already doing well has the Credits and Engineers to spare for the Patent Office, a seat with nothing better "
    "to do may buy a tile it never uses, and the bots buy the tiles that fit their position; so seats with a tile "
    "would often have won (or lost) without it. The adjustment removes only what company, officer, bot, turn "
    "position, player count and setup explain. Whether a tile itself tips the game is answered by removing it "
    "(ablation, remove_tiles) with common random numbers, below when the experiment did so.")


def _points(x: float) -> str:
    return f"{100 * x:+.1f} points"


def tiles_section(rows: pd.DataFrame, provenance: Provenance) -> tuple[Section, dict]:
    """Observational tile effects, ablation of removed tiles and company/officer x tile interactions."""
    section = Section(key="tiles", title="Tiles: which technology, bonus and objective tiles tip the game")
    core: dict = {"tiles": [], "interactions": [], "tile_ablation": []}
    effects = tile_effects(rows)
    if not effects.empty:
        section.paragraphs += [
            "For each advanced technology tile, over the seats of games where it was on offer: how often a seat "
            "bought it (taken rate, mean round), the win rate and VP of seats that did and did not, and the "
            "adjusted difference -- the coefficient of 'bought the tile' in a linear probability model of the win "
            "(in points) and an OLS of VP, with company, officer, bot, round-1 turn position, player count and "
            "setup as sum-coded controls; standard errors clustered by replicate, Holm across the tiles.",
            SELECTION_CAVEAT]
        section.tables += [
            Table("tiles_observational", "Advanced tiles: taken rate and adjusted association with winning "
                                         "(observational)", effects),
            Table("tiles_by_round", "Advanced tiles: share of buyers by round bought", taken_by(rows, "round")),
            Table("tiles_by_company", "Advanced tiles: taken rate by company", taken_by(rows, "company")),
            Table("tiles_by_officer", "Advanced tiles: taken rate by officer", taken_by(rows, "officer"))]
        core["tiles"] = [{k: rec[k] for k in TILE_JSON_KEYS} | {"p_holm": rec["p_holm"], "n": rec["n"]}
                         for rec in effects.to_dict("records")]
        for rec in effects[effects["p_holm"] <= ALPHA].itertuples():
            section.findings.append(
                f"Seats that bought {rec.tile} won {abs(100 * rec.adjusted_effect):.1f} points "
                f"{'more' if rec.adjusted_effect > 0 else 'less'} often than comparable seats that did not (95% CI "
                f"{100 * rec.ci_low:+.1f} to {100 * rec.ci_high:+.1f}; association, not effect: who buys a tile is "
                "not random).")
    _ablation(rows, provenance, section, core)
    _interactions(rows, section, core)
    if not section.tables:
        section.paragraphs.append("These results hold no advanced tiles on offer, no removed tiles and no varying "
                                  "objective, bonus or headstream tiles (the introductory game uses none).")
    return section, core


def _ablation(rows: pd.DataFrame, provenance: Provenance, section: Section, core: dict) -> None:
    spreads = ablation_spreads(rows, seed=provenance.master_seed)
    if spreads.empty:
        return
    effects = ablation_effects(rows)
    section.paragraphs.append(
        "Ablation: games with a tile taken out of the Patent Office piles before the game (remove_tiles) against "
        "the same seeds without removal (common random numbers). Per company and officer, the win rate with the "
        "removal minus without, clustered by replicate, Holm across the table; per removal, the spread (best "
        "minus worst win rate) of the companies and of the officers, with a 95% cluster-bootstrap interval of its "
        "change. Raw spreads grow with noise; compare the change with its interval.")
    section.tables += [Table("tiles_ablation_spread", "Removed tiles: company and officer win-rate spread", spreads),
                       Table("tiles_ablation", "Removed tiles: win-rate change per company and officer", effects)]
    core["tile_ablation"] = spreads.to_dict("records")
    for rec in spreads.itertuples():
        verb = "narrows" if rec.ci_high < 0 else "widens" if rec.ci_low > 0 else "does not clearly change"
        section.findings.append(
            f"{rec.players} players: removing {rec.removed} {verb} the {rec.who} win-rate spread ("
            f"{100 * rec.spread_kept:.1f} to {100 * rec.spread_removed:.1f} points, change {_points(rec.change)}, "
            f"95% CI {100 * rec.ci_low:+.1f} to {100 * rec.ci_high:+.1f}).")


def _interactions(rows: pd.DataFrame, section: Section, core: dict) -> None:
    table = interaction_effects(rows)
    if table.empty:
        return
    section.paragraphs.append(
        "Who gains from which tile: per company and officer, the win rate in games with an objective tile, a "
        "bonus tile in play or a headstream layout minus the win rate in games without it. These tiles are drawn "
        "at random by the game (or fixed per setup by the design), so the differences are effects for the bots "
        "played, not selection. Clustered by replicate; Holm across every line of the table.")
    section.tables += [Table("tiles_gains_and_losses", "Who gains and who loses most from each tile",
                             gains_and_losses(table)),
                       Table("tiles_interactions", "Company and officer x objective, bonus and headstream tiles",
                             table)]
    core["interactions"] = table.to_dict("records")
    for rec in table[table["p_holm"] <= ALPHA].head(10).itertuples():
        verb = "gains" if rec.effect > 0 else "loses"
        section.findings.append(
            f"{rec.players} players: {rec.name} {verb} {abs(100 * rec.effect):.1f} points of win rate with "
            f"{rec.factor.replace('_', ' ')} {rec.level} ({percent(rec.win_rate_with)} against "
            f"{percent(rec.win_rate_without)}, 95% CI {100 * rec.ci_low:+.1f} to {100 * rec.ci_high:+.1f}, Holm).")


def combinations_section(rows: pd.DataFrame) -> tuple[Section | None, list[dict]]:
    """The strongest and weakest pairing x setup (or x objective) combinations, shrunken; None for a tournament."""
    if cell_column(rows) != "cell":
        return None, []
    table = combinations(rows)
    extremes = strongest_and_weakest(table)
    what = "setup" if table["crossed_with"].iloc[0] == "setup" else "objective tile drawn"
    section = Section(
        key="combinations", title="Strongest and weakest combinations",
        paragraphs=[
            f"Each combination is a pairing in one {what}: the focal seat's win rate with its clustered 95% "
            "interval, and an empirical-Bayes shrunken estimate that pulls small, noisy combinations toward the "
            "mean of their player count (shrinkage = the share pulled). Rank by the shrunken estimate: the raw "
            "extremes of many small cells are mostly luck."],
        tables=[Table("combinations_extremes", "Strongest and weakest combinations (shrunken)", extremes),
                Table("combinations", "Every combination, ranked by shrunken win rate", table)])
    if not extremes.empty:
        best, worst = extremes.iloc[0], extremes[extremes["end"] == "weakest"].iloc[-1] \
            if (extremes["end"] == "weakest").any() else extremes.iloc[-1]
        section.findings.append(
            f"Strongest combination: {best['cell']} with {best['level']} (shrunken {percent(best['shrunken_win_rate'])},"
            f" raw {percent(best['win_rate'])}, n {int(best['n'])}); weakest: {worst['cell']} with {worst['level']} "
            f"(shrunken {percent(worst['shrunken_win_rate'])}, raw {percent(worst['win_rate'])}).")
    return section, extremes.to_dict("records")
