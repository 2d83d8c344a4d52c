"""Report figures as PNG bytes, each stamped with its title (map label included) and a provenance footer."""

from __future__ import annotations

import io
import textwrap

import numpy as np
import pandas as pd
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.figure import Figure as MplFigure
from matplotlib.ticker import FuncFormatter, MaxNLocator

from reports.document import Figure
from reports.findings import SEVERE_DIFFERENCE
from reports.provenance import Provenance
from reports.results import ENERGY_COLUMNS, ROUNDS, VP_SOURCE_COLUMNS
from reports.scoring import QUANTILES

# Figures are built with the object-oriented API and rendered by Agg through savefig: headless by construction,
# and importing reports never switches the caller's pyplot backend (no matplotlib.use needed).
DPI = 100
WIDTH = 9.0
FOOTER_INCHES = 0.45
HOLM_COLOUR, BH_COLOUR, PLAIN_COLOUR = "#c0392b", "#e67e22", "#34495e"
HEATMAP_MIN_LIMIT = 5.0
HEATMAP_ROW_INCHES, HEATMAP_MARGIN_INCHES = 0.52, 1.25   # four companies: about 390 px, a third of a screen
# The mark of each severity in a heatmap cell (reports.findings.severity): direction, and doubled beyond 10 points.
VERDICT_MARKS = {"much stronger": "▲▲", "stronger": "▲", "balanced": "=", "undetermined": "?", "weaker": "▼",
                 "much weaker": "▼▼"}
SIGNIFICANCE_LABELS = {HOLM_COLOUR: "Holm-significant (family-wise 5%)",
                       BH_COLOUR: "Benjamini-Hochberg only (FDR 5%)", PLAIN_COLOUR: "not significant"}
# One line per row: at most MAX_ROWS rows (the largest and smallest effects when there are more, the rest left to
# the CSV) keeps a ranked figure about 1,000 px tall, one screen, instead of the 3,300 px of 112 unsorted rows.
MAX_ROWS = 40
ROW_INCHES = 0.22
ROWS_MARGIN_INCHES = 1.4
VERDICT_COLOURS = {"stronger": "#c0392b", "weaker": "#2471a3", "balanced": "#27ae60", "undetermined": "#95a5a6"}
MARGIN_BAND_COLOUR = "#d5f5e3"
DEFAULT_MARGIN = 0.03


def figure_canvas(height: float, columns: int = 1) -> tuple[MplFigure, np.ndarray]:
    """A figure with a row of `columns` axes and room at the bottom for the provenance footer."""
    figure = MplFigure(figsize=(WIDTH, height + FOOTER_INCHES), dpi=DPI, layout="constrained")
    footer = FOOTER_INCHES / (height + FOOTER_INCHES)
    figure.get_layout_engine().set(rect=(0, footer, 1, 1 - footer))
    return figure, figure.subplots(1, columns, squeeze=False)[0]


def finish_figure(figure: MplFigure, title: str, provenance: Provenance, name: str = "") -> Figure:
    """Add title and provenance, render to PNG; `name` identifies the figure on the page."""
    full_title = provenance.title(title)
    figure.suptitle(full_title, fontsize=11, fontweight="bold")
    figure.text(0.005, 0.005, textwrap.fill(provenance.footer, 170), fontsize=6.5, va="bottom", ha="left",
                color="#555555")
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return Figure(title=full_title, png=buffer.getvalue(), name=name)


def _colours(table: pd.DataFrame) -> np.ndarray:
    """Marker colours by corrected significance (a table without a correction's column counts as not significant
    under it)."""
    holm = table.get("holm_significant", pd.Series(False, index=table.index)).to_numpy(bool)
    bh = table.get("bh_significant", pd.Series(False, index=table.index)).to_numpy(bool)
    return np.where(holm, HOLM_COLOUR, np.where(bh, BH_COLOUR, PLAIN_COLOUR))


def error_lengths(estimate: object, low: object, high: object) -> np.ndarray:
    """Error-bar lengths below and above each estimate (2 x n), never negative: an interval that misses its estimate
    (a Wilson bound a hair inside 0% or 100%, a percentile bootstrap interval) is drawn up to the estimate."""
    estimate = np.asarray(estimate, dtype=float)
    return np.vstack([np.clip(estimate - np.asarray(low, dtype=float), 0, None),
                      np.clip(np.asarray(high, dtype=float) - estimate, 0, None)])


def rate_error_lengths(table: pd.DataFrame, rate: str = "win_rate") -> np.ndarray:
    """Error-bar lengths of a rate's `ci_low`..`ci_high` interval, the interval clipped to [0, 1] first."""
    return error_lengths(table[rate], np.clip(table["ci_low"], 0, 1), np.clip(table["ci_high"], 0, 1))


def ranked_rows(values: object, limit: int = MAX_ROWS) -> tuple[np.ndarray, int]:
    """Row indices from the largest value to the smallest, keeping only the `limit` // 2 largest and smallest when
    there are more than `limit` rows; and how many rows were left out."""
    order = np.argsort(-np.asarray(values, dtype=float), kind="stable")
    if len(order) <= limit:
        return order, 0
    half = limit // 2
    return np.concatenate([order[:half], order[-half:]]), len(order) - 2 * half


def _row_axes(rows: int, left_out: int) -> tuple[MplFigure, Axes, np.ndarray]:
    """A one-panel figure sized for `rows` lines, and their y positions from the top (a gap row marks left-out
    rows between the largest and the smallest)."""
    figure, (axes,) = figure_canvas(max(2.5, ROW_INCHES * (rows + bool(left_out)) + ROWS_MARGIN_INCHES))
    positions = np.arange(rows + bool(left_out))[::-1].astype(float)
    if left_out:
        gap = rows // 2
        axes.text(0.5, positions[gap], f"... {left_out} rows in between: see the CSV table ...",
                  transform=axes.get_yaxis_transform(), ha="center", va="center", fontsize=8, color="#555555")
        positions = np.delete(positions, gap)
    axes.set_ylim(-0.7, rows + bool(left_out) - 0.3)
    return figure, axes, positions


def _left_out_title(title: str, shown: int, left_out: int) -> str:
    """The title, saying which rows the figure leaves to the CSV."""
    if not left_out:
        return title
    return f"{title} ({shown // 2} largest and {shown // 2} smallest of {shown + left_out}; all in the CSV)"


def _points_axis(axes: Axes, label: str) -> None:
    """A signed percentage-point x axis."""
    axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:+.0f}" if value else "0"))
    axes.set_xlabel(f"{label} (percentage points)", fontsize=9)


def forest_figure(table: pd.DataFrame, labels: list[str], title: str, provenance: Provenance,
                  estimate: str = "win_rate", xlabel: str = "win rate minus parity") -> Figure:
    """A `difference` column with its 95% interval (`ci_low`..`ci_high` around the `estimate` column: the win rate
    for differences from parity, the difference itself for differences between groups), one line per group, the
    largest difference on top; beyond MAX_ROWS groups only the largest and smallest are drawn."""
    order, left_out = ranked_rows(table["difference"])
    shown = table.iloc[order]
    figure, axes, positions = _row_axes(len(shown), left_out)
    difference = 100 * shown["difference"].to_numpy(float)
    errors = 100 * (rate_error_lengths(shown, estimate) if estimate == "win_rate" else
                    error_lengths(shown[estimate], shown["ci_low"], shown["ci_high"]))
    colours = _colours(shown)
    for colour in SIGNIFICANCE_LABELS:
        chosen = colours == colour
        if chosen.any():
            axes.errorbar(difference[chosen], positions[chosen], xerr=errors[:, chosen], fmt="o", color=colour,
                          capsize=3, markersize=4, label=SIGNIFICANCE_LABELS[colour])
    axes.axvline(0, color="black", linewidth=0.8, linestyle="--")
    axes.set_yticks(positions, [labels[index] for index in order], fontsize=8)
    _points_axis(axes, xlabel)
    axes.legend(fontsize=7, loc="best")
    return finish_figure(figure, _left_out_title(title, len(shown), left_out), provenance)


def ranked_cells_figure(table: pd.DataFrame, provenance: Provenance, margin: float = DEFAULT_MARGIN,
                        title: str = "Pairings ranked by own-seat win rate",
                        interval: str = "95% interval") -> Figure:
    """Each row's `win_rate` with its `ci_low`..`ci_high` interval, highest on top, coloured by `verdict`
    (stronger / weaker / balanced / undetermined, matched on the verdict's first word), against its `parity` line
    and the shaded parity +- `margin` band in which a row counts as balanced. Rows are labelled by `label`;
    `interval` says what the intervals are."""
    verdicts = table["verdict"].astype(str).str.split().str[0]
    unknown = sorted(set(verdicts) - set(VERDICT_COLOURS))
    if unknown:
        raise ValueError(f"unknown verdict {unknown[0]!r}; expected one of {', '.join(VERDICT_COLOURS)}")
    order, left_out = ranked_rows(table["win_rate"])
    shown = table.iloc[order]
    figure, axes, positions = _row_axes(len(shown), left_out)
    parity = 100 * shown["parity"].to_numpy(float)
    if len(np.unique(parity)) == 1:
        axes.axvspan(parity[0] - 100 * margin, parity[0] + 100 * margin, color=MARGIN_BAND_COLOUR, zorder=0)
        axes.axvline(parity[0], color="black", linewidth=0.8, linestyle="--", zorder=1)
    else:  # several player counts: each row against its own parity
        axes.barh(positions, 200 * margin, left=parity - 100 * margin, height=1.0, color=MARGIN_BAND_COLOUR,
                  zorder=0)
        axes.vlines(parity, positions - 0.5, positions + 0.5, color="black", linewidth=0.8, linestyle="--",
                    zorder=1)
    rate = 100 * shown["win_rate"].to_numpy(float)
    errors = 100 * rate_error_lengths(shown)
    shown_verdicts = verdicts.iloc[order].to_numpy()
    for verdict, colour in VERDICT_COLOURS.items():
        chosen = shown_verdicts == verdict
        if chosen.any():
            axes.errorbar(rate[chosen], positions[chosen], xerr=errors[:, chosen], fmt="o", color=colour,
                          capsize=3, markersize=5, label=verdict, zorder=2)
    axes.set_yticks(positions, shown["label"].astype(str), fontsize=8)
    low, high = rate - errors[0], rate + errors[1]
    # Two points of air around the data, but never far past 0% or 100%, where a dot may sit.
    axes.set_xlim(max(-2.0, min(low.min(), parity.min() - 100 * margin) - 2),
                  min(102.0, max(high.max(), parity.max() + 100 * margin) + 2))
    axes.set_xlabel(textwrap.fill(f"own-seat win rate (%) with {interval}; dashed: parity; band: parity ± "
                                  f"{100 * margin:g} points (balanced)", 90), fontsize=9)
    axes.legend(fontsize=7, loc="best", title="verdict", title_fontsize=7)
    return finish_figure(figure, _left_out_title(title, len(shown), left_out), provenance, "ranked-cells")


def heatmap_figure(table: pd.DataFrame, provenance: Provenance, title: str, name: str = "heatmap") -> Figure:
    """Company (rows) x officer (columns) grid of one player count's and setup's cells: colour is the win rate minus
    parity (diverging, centred on parity), each cell annotated with its win rate and the mark of its `severity`
    (VERDICT_MARKS)."""
    keyed = table.assign(company=table["company"].astype(str), officer=table["officer"].astype(str))
    companies, officers = sorted(keyed["company"].unique()), sorted(keyed["officer"].unique())

    def grid_of(column: str) -> pd.DataFrame:
        return keyed.pivot(index="company", columns="officer", values=column).reindex(index=companies,
                                                                                     columns=officers)

    grid, rates, marks = grid_of("difference") * 100, grid_of("win_rate"), grid_of("severity")
    figure, (axes,) = figure_canvas(HEATMAP_ROW_INCHES * len(companies) + HEATMAP_MARGIN_INCHES)
    # A floor of 5 points keeps sampling noise in an all-null grid from looking saturated.
    limit = max(HEATMAP_MIN_LIMIT, float(np.nanmax(np.abs(grid.to_numpy(float)))))
    image = axes.imshow(grid.to_numpy(float), cmap="RdBu_r", vmin=-limit, vmax=limit, aspect="auto")
    for (row, column), value in np.ndenumerate(grid.to_numpy(float)):
        if not np.isnan(value):
            colour = "white" if abs(value) > 0.6 * limit else "black"  # stay legible on saturated cells
            axes.text(column, row, f"{100 * rates.iat[row, column]:.1f}%\n{VERDICT_MARKS[marks.iat[row, column]]}",
                      ha="center", va="center", fontsize=9, color=colour, linespacing=1.1)
    axes.xaxis.tick_top()
    axes.set_xticks(range(len(officers)), [textwrap.fill(officer, 12) for officer in officers], fontsize=8)
    axes.set_yticks(range(len(companies)), companies, fontsize=9)
    axes.tick_params(length=0)
    axes.set_xlabel("   ".join(f"{mark} {word}" for word, mark in VERDICT_MARKS.items())
                    + f"\nmuch: more than {100 * SEVERE_DIFFERENCE:g} points from parity; verdicts Holm-corrected "
                      "across the table", fontsize=8)
    figure.colorbar(image, ax=axes, label="win rate minus parity (points)", fraction=0.04, pad=0.02)
    return finish_figure(figure, title, provenance, name)


def vp_sources_figure(table: pd.DataFrame, by: str, provenance: Provenance) -> Figure:
    """Mean VP by source per level of `by` as stacked horizontal bars: gains stack right of zero, losses (the
    energy-track malus) left of it, and a diamond marks the net total."""
    figure, (axes,) = figure_canvas(max(2.5, 0.4 * len(table) + 1.5))
    sources = [c for c in VP_SOURCE_COLUMNS if c in table.columns]   # a module's sources only in its games
    values = table[sources].to_numpy(float).T
    levels = table[by].astype(str)
    palette = colormaps["tab20"]  # eleven or more sources need more distinct colours than the default cycle's ten
    for index, (source, left) in enumerate(zip(sources, stack_offsets(values))):
        axes.barh(levels, values[index], left=left, color=palette(index), label=source.removeprefix("vp_"))
    axes.plot(values.sum(axis=0), levels, "D", color="black", markersize=5, label="net total")
    axes.axvline(0, color="black", linewidth=0.8)
    axes.set_xlabel("mean VP per seat-game (losses left of 0)")
    figure.legend(loc="outside right upper", fontsize=7)
    return finish_figure(figure, f"VP by source per {by}", provenance)


def stack_offsets(values: np.ndarray) -> np.ndarray:
    """Where each bar of a diverging stack starts (same shape as `values`, stacked along axis 0): positive values
    stack up from zero, negative ones down from zero, so a loss is never hidden under a gain."""
    gains = np.cumsum(np.clip(values, 0, None), axis=0) - np.clip(values, 0, None)
    losses = np.cumsum(np.clip(values, None, 0), axis=0) - np.clip(values, None, 0)
    return np.where(values < 0, losses, gains)


def seat_figure(seat_table: pd.DataFrame, turn_table: pd.DataFrame, provenance: Provenance) -> Figure:
    """Win rate by seat and by round-1 turn position, with Wilson intervals and the parity line per player count."""
    figure, panels = figure_canvas(3.2, columns=2)
    for axes, table, key, label in ((panels[0], seat_table, "seat", "seat (0-based)"),
                                    (panels[1], turn_table, "turn_pos_r1", "round-1 turn position")):
        for offset, (players, subset) in enumerate(table.groupby("players")):
            x = subset[key].to_numpy(float) + 0.08 * offset
            rate = 100 * subset["win_rate"].to_numpy()
            errors = 100 * rate_error_lengths(subset)
            axes.errorbar(x, rate, yerr=errors, fmt="o", capsize=3, color=f"C{offset}", label=f"{players} players")
            axes.axhline(100 / players, color=f"C{offset}", linestyle="--", linewidth=0.8)
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.set_xlabel(label)
        axes.set_ylabel("win rate (%)")
        axes.legend(fontsize=7)
    return finish_figure(figure, "Seat and turn-order effects (dashed: parity)", provenance)


def rating_ladder_figure(table: pd.DataFrame, item_column: str, provenance: Provenance) -> Figure:
    """Plackett-Luce log-strengths with 95% bootstrap intervals, strongest on top."""
    figure, (axes,) = figure_canvas(max(2.5, 0.35 * len(table) + 1.2))
    positions = np.arange(len(table))[::-1]
    errors = error_lengths(table["log_strength"], table["ci_low"], table["ci_high"])
    axes.errorbar(table["log_strength"], positions, xerr=errors, fmt="o", capsize=3, color=PLAIN_COLOUR)
    axes.axvline(0, color="black", linewidth=0.8, linestyle="--")
    axes.set_yticks(positions, table[item_column].astype(str), fontsize=8)
    axes.set_xlabel("log-strength (0 = average bot; +0.69 = twice as likely to be chosen first)")
    return finish_figure(figure, "Rating ladder (Plackett-Luce, 95% bootstrap intervals)", provenance)


def search_budget_figure(table: pd.DataFrame, provenance: Provenance) -> Figure:
    """Log-strength against search iterations (log scale), one line per bot family."""
    figure, (axes,) = figure_canvas(3.5)
    for index, (family, subset) in enumerate(table.groupby("family")):
        errors = error_lengths(subset["log_strength"], subset["ci_low"], subset["ci_high"])
        axes.errorbar(subset["iters"], subset["log_strength"], yerr=errors, fmt="o-", capsize=3, color=f"C{index}",
                      label=family)
    axes.set_xscale("log")
    budgets = sorted(table["iters"].unique())
    axes.set_xticks(budgets, [str(budget) for budget in budgets])
    axes.minorticks_off()
    axes.set_xlabel("search budget (iters)")
    axes.set_ylabel("log-strength")
    axes.legend(fontsize=8)
    return finish_figure(figure, "Strength versus search budget", provenance)


def score_distribution_figure(table: pd.DataFrame, by: str, provenance: Provenance) -> Figure:
    """Box plots of final VP per level of `by` from the quantile table (whiskers at p10 and p90)."""
    figure, (axes,) = figure_canvas(max(2.5, 0.4 * len(table) + 1.2))
    boxes = [{"label": str(record[by]), "med": record["median"], "q1": record["p25"], "q3": record["p75"],
              "whislo": record["p10"], "whishi": record["p90"], "mean": record["mean"]}
             for record in table.to_dict("records")]
    axes.bxp(boxes, orientation="horizontal", showmeans=True, showfliers=False)
    axes.set_xlabel(f"final VP (box: {', '.join(list(QUANTILES)[1:4])}; whiskers: p10, p90; triangle: mean)")
    return finish_figure(figure, f"Score distribution per {by}", provenance)


def energy_figure(table: pd.DataFrame, by: str, provenance: Provenance) -> Figure:
    """Mean energy at each round's scoring, one line per level of `by`."""
    figure, (axes,) = figure_canvas(3.2)
    for index, record in enumerate(table.to_dict("records")):
        axes.plot(ROUNDS, [record[column] for column in ENERGY_COLUMNS], "o-", color=f"C{index % 10}",
                  label=str(record[by]))
    axes.set_xticks(ROUNDS)
    axes.set_xlabel("round")
    axes.set_ylabel("mean energy at scoring")
    axes.legend(fontsize=7, ncols=2)
    return finish_figure(figure, f"Energy per round per {by}", provenance)

