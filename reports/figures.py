"""Report figures as PNG bytes, each stamped with its title (map label included) and a provenance footer."""

from __future__ import annotations

import io
import textwrap

import numpy as np
import pandas as pd
from matplotlib import colormaps
from matplotlib.figure import Figure as MplFigure
from matplotlib.ticker import MaxNLocator

from reports.document import Figure
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
LEGEND_TEXT = "red: Holm-significant (family-wise 5%); orange: Benjamini-Hochberg only (FDR 5%)"


def _canvas(height: float, columns: int = 1) -> tuple[MplFigure, np.ndarray]:
    """A figure with a row of `columns` axes and room at the bottom for the provenance footer."""
    figure = MplFigure(figsize=(WIDTH, height + FOOTER_INCHES), dpi=DPI, layout="constrained")
    footer = FOOTER_INCHES / (height + FOOTER_INCHES)
    figure.get_layout_engine().set(rect=(0, footer, 1, 1 - footer))
    return figure, figure.subplots(1, columns, squeeze=False)[0]


def _finish(figure: MplFigure, title: str, provenance: Provenance) -> Figure:
    """Add title and provenance, render to PNG."""
    full_title = provenance.title(title)
    figure.suptitle(full_title, fontsize=11, fontweight="bold")
    figure.text(0.005, 0.005, textwrap.fill(provenance.footer, 170), fontsize=6.5, va="bottom", ha="left",
                color="#555555")
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return Figure(title=full_title, png=buffer.getvalue())


def _colours(table: pd.DataFrame) -> list[str]:
    """Marker colours by corrected significance."""
    return [HOLM_COLOUR if holm else BH_COLOUR if bh else PLAIN_COLOUR
            for holm, bh in zip(table["holm_significant"], table["bh_significant"])]


def forest_figure(table: pd.DataFrame, labels: list[str], title: str, provenance: Provenance,
                  estimate: str = "win_rate", xlabel: str = "win rate minus parity") -> Figure:
    """A `difference` column with its 95% interval (`ci_low`..`ci_high` around the `estimate` column: the win rate
    for differences from parity, the difference itself for differences between groups), one line per group."""
    figure, (axes,) = _canvas(max(2.5, 0.28 * len(table) + 1.2))
    positions = np.arange(len(table))[::-1]
    difference = 100 * table["difference"].to_numpy()
    errors = 100 * np.vstack([table[estimate] - table["ci_low"], table["ci_high"] - table[estimate]])
    colours = np.array(_colours(table))
    for colour in np.unique(colours):
        chosen = colours == colour
        axes.errorbar(difference[chosen], positions[chosen], xerr=errors[:, chosen], fmt="o", color=colour,
                      capsize=3, markersize=4)
    axes.axvline(0, color="black", linewidth=0.8, linestyle="--")
    axes.set_yticks(positions, labels, fontsize=8)
    axes.set_xlabel(f"{xlabel} (percentage points); {LEGEND_TEXT}", fontsize=8)
    return _finish(figure, title, provenance)


def heatmap_figure(table: pd.DataFrame, provenance: Provenance) -> Figure:
    """Company x officer grid of win-rate difference from parity, one panel per player count, significance marked."""
    player_counts = sorted(table["players"].unique())
    officers = sorted(table["officer"].unique())
    figure, panels = _canvas(max(3.0, 0.45 * len(officers) + 1.5), columns=len(player_counts))
    # A floor of 5 points keeps sampling noise in an all-null grid from looking saturated.
    limit = max(HEATMAP_MIN_LIMIT, 100 * table["difference"].abs().max())
    for axes, players in zip(panels, player_counts):
        subset = table[table["players"] == players]
        grid = subset.pivot(index="officer", columns="company", values="difference").reindex(officers) * 100
        mark = np.where(subset["holm_significant"], "*", np.where(subset["bh_significant"], "+", ""))
        marks = subset.assign(mark=mark)
        marks = marks.pivot(index="officer", columns="company", values="mark").reindex(officers)
        image = axes.imshow(grid.to_numpy(float), cmap="RdBu_r", vmin=-limit, vmax=limit, aspect="auto")
        for (row, column), value in np.ndenumerate(grid.to_numpy(float)):
            if not np.isnan(value):
                colour = "white" if abs(value) > 0.6 * limit else "black"  # stay legible on saturated cells
                axes.text(column, row, f"{value:+.1f}{marks.iat[row, column]}", ha="center", va="center", fontsize=8,
                          color=colour)
        axes.set_xticks(range(grid.shape[1]), grid.columns, fontsize=8)
        axes.set_yticks(range(grid.shape[0]), grid.index, fontsize=8)
        axes.set_title(f"{players} players", fontsize=9)
    figure.colorbar(image, ax=list(panels), label="win rate minus parity (pp); * Holm, + BH only")
    return _finish(figure, "Company x officer: win rate vs parity", provenance)


def vp_sources_figure(table: pd.DataFrame, by: str, provenance: Provenance) -> Figure:
    """Stacked horizontal bars of mean VP by source per level of `by`."""
    figure, (axes,) = _canvas(max(2.5, 0.4 * len(table) + 1.5))
    left = np.zeros(len(table))
    palette = colormaps["tab20"]  # eleven sources need more distinct colours than the default cycle's ten
    for index, source in enumerate(VP_SOURCE_COLUMNS):
        values = table[source].to_numpy(float)
        axes.barh(table[by].astype(str), values, left=left, color=palette(index), label=source.removeprefix("vp_"))
        left += values
    axes.set_xlabel("mean VP")
    figure.legend(loc="outside right upper", fontsize=7)
    return _finish(figure, f"VP by source per {by}", provenance)


def seat_figure(seat_table: pd.DataFrame, turn_table: pd.DataFrame, provenance: Provenance) -> Figure:
    """Win rate by seat and by round-1 turn position, with Wilson intervals and the parity line per player count."""
    figure, panels = _canvas(3.2, columns=2)
    for axes, table, key, label in ((panels[0], seat_table, "seat", "seat (0-based)"),
                                    (panels[1], turn_table, "turn_pos_r1", "round-1 turn position")):
        for offset, (players, subset) in enumerate(table.groupby("players")):
            x = subset[key].to_numpy(float) + 0.08 * offset
            rate = 100 * subset["win_rate"].to_numpy()
            errors = 100 * np.vstack([subset["win_rate"] - subset["ci_low"], subset["ci_high"] - subset["win_rate"]])
            axes.errorbar(x, rate, yerr=errors, fmt="o", capsize=3, color=f"C{offset}", label=f"{players} players")
            axes.axhline(100 / players, color=f"C{offset}", linestyle="--", linewidth=0.8)
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
        axes.set_xlabel(label)
        axes.set_ylabel("win rate (%)")
        axes.legend(fontsize=7)
    return _finish(figure, "Seat and turn-order effects (dashed: parity)", provenance)


def rating_ladder_figure(table: pd.DataFrame, item_column: str, provenance: Provenance) -> Figure:
    """Plackett-Luce log-strengths with 95% bootstrap intervals, strongest on top."""
    figure, (axes,) = _canvas(max(2.5, 0.35 * len(table) + 1.2))
    positions = np.arange(len(table))[::-1]
    errors = np.vstack([table["log_strength"] - table["ci_low"], table["ci_high"] - table["log_strength"]])
    axes.errorbar(table["log_strength"], positions, xerr=errors, fmt="o", capsize=3, color=PLAIN_COLOUR)
    axes.axvline(0, color="black", linewidth=0.8, linestyle="--")
    axes.set_yticks(positions, table[item_column].astype(str), fontsize=8)
    axes.set_xlabel("log-strength (0 = average bot; +0.69 = twice as likely to be chosen first)")
    return _finish(figure, "Rating ladder (Plackett-Luce, 95% bootstrap intervals)", provenance)


def search_budget_figure(table: pd.DataFrame, provenance: Provenance) -> Figure:
    """Log-strength against search iterations (log scale), one line per bot family."""
    figure, (axes,) = _canvas(3.5)
    for index, (family, subset) in enumerate(table.groupby("family")):
        errors = np.vstack([subset["log_strength"] - subset["ci_low"], subset["ci_high"] - subset["log_strength"]])
        axes.errorbar(subset["iters"], subset["log_strength"], yerr=errors, fmt="o-", capsize=3, color=f"C{index}",
                      label=family)
    axes.set_xscale("log")
    budgets = sorted(table["iters"].unique())
    axes.set_xticks(budgets, [str(budget) for budget in budgets])
    axes.minorticks_off()
    axes.set_xlabel("search budget (iters)")
    axes.set_ylabel("log-strength")
    axes.legend(fontsize=8)
    return _finish(figure, "Strength versus search budget", provenance)


def score_distribution_figure(table: pd.DataFrame, by: str, provenance: Provenance) -> Figure:
    """Box plots of final VP per level of `by` from the quantile table (whiskers at p10 and p90)."""
    figure, (axes,) = _canvas(max(2.5, 0.4 * len(table) + 1.2))
    boxes = [{"label": str(record[by]), "med": record["median"], "q1": record["p25"], "q3": record["p75"],
              "whislo": record["p10"], "whishi": record["p90"], "mean": record["mean"]}
             for record in table.to_dict("records")]
    axes.bxp(boxes, orientation="horizontal", showmeans=True, showfliers=False)
    axes.set_xlabel(f"final VP (box: {', '.join(list(QUANTILES)[1:4])}; whiskers: p10, p90; triangle: mean)")
    return _finish(figure, f"Score distribution per {by}", provenance)


def energy_figure(table: pd.DataFrame, by: str, provenance: Provenance) -> Figure:
    """Mean energy at each round's scoring, one line per level of `by`."""
    figure, (axes,) = _canvas(3.2)
    for index, record in enumerate(table.to_dict("records")):
        axes.plot(ROUNDS, [record[column] for column in ENERGY_COLUMNS], "o-", color=f"C{index % 10}",
                  label=str(record[by]))
    axes.set_xticks(ROUNDS)
    axes.set_xlabel("round")
    axes.set_ylabel("mean energy at scoring")
    axes.legend(fontsize=7, ncols=2)
    return _finish(figure, f"Energy per round per {by}", provenance)


def ranked_cells_figure(table: pd.DataFrame, provenance: Provenance, margin: float = 0.03) -> Figure:
    """Win rate with its interval per cell, best on top, parity line and the +-margin band."""
    figure, (axes,) = _canvas(min(9.0, max(2.5, 0.22 * len(table) + 1.2)))
    positions = np.arange(len(table))[::-1]
    rate = 100 * table["win_rate"].to_numpy(float)
    errors = np.clip(100 * np.vstack([table["win_rate"] - table["ci_low"], table["ci_high"] - table["win_rate"]]), 0, None)
    axes.errorbar(rate, positions, xerr=errors, fmt="o", color=PLAIN_COLOUR, capsize=2, markersize=3)
    parity = 100 * float(table["parity"].iloc[0])
    axes.axvline(parity, color="black", linewidth=0.8, linestyle="--")
    axes.axvspan(parity - 100 * margin, parity + 100 * margin, color="#2ecc71", alpha=0.15)
    axes.set_yticks(positions, table["label"].astype(str), fontsize=7)
    axes.set_xlabel("own win rate (%)")
    return _finish(figure, "Ranked cells", provenance)
