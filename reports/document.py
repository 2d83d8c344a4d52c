"""The report as data (sections of prose, tables and figures) and the value formatting shared by its renderings."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from reports.provenance import Provenance

# The parts of a section in the order a renderer shows them; the summary leads with its answer and figures.
DEFAULT_LAYOUT = ("lead", "paragraphs", "findings", "tables", "figures")
# Display kinds of columns, by name (report.json and the CSV files keep the raw numbers).
SHARE_COLUMNS = frozenset({"parity", "p_best", "p_worst", "additive_prediction", "shrinkage", "mc_se", "alpha",
                           "lower_limit", "upper_limit"})
POINT_COLUMNS = frozenset({"difference", "synergy", "adjusted_effect"})
UNEXPLAINED_COLUMNS = frozenset({"std_error"})   # never the estimate an interval belongs to
SMALLEST_P = 0.001


@dataclass(frozen=True)
class Table:
    """A titled table; `name` is its CSV file stem, `note` a sentence shown beside it."""

    name: str
    title: str
    frame: pd.DataFrame
    note: str = ""


@dataclass(frozen=True)
class Figure:
    """A rendered PNG with the title drawn in it; `name` identifies it on the page."""

    title: str
    png: bytes
    name: str = ""


@dataclass
class Section:
    """One report section; `findings` are plain-language significance statements collected into the summary, `lead`
    the few sentences that answer the section's question, shown first."""

    key: str
    title: str
    paragraphs: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    lead: list[str] = field(default_factory=list)
    layout: tuple[str, ...] = DEFAULT_LAYOUT


@dataclass(frozen=True)
class DisplayTable:
    """A table as display strings: headers, whether each column is numeric (right-aligned), rows."""

    headers: list[str]
    numeric: list[bool]
    rows: list[list[str]]


def column_kind(name: object) -> str:
    """How a column displays, by its name: 'percent' (rates and shares), 'points' (differences of rates, signed
    percentage points), 'p' (p-values) or 'number'."""
    name = str(name)
    tokens = name.split("_")
    if "rate" in tokens or name in SHARE_COLUMNS:
        return "percent"
    if name in POINT_COLUMNS:
        return "points"
    return "p" if "p" in tokens else "number"


def format_value(value: object, kind: str = "number") -> str:
    """Display text of one value: flags as yes/blank, counts with thousands separators, floats by `kind`
    (45.8%, +20.8, <0.001, 17.2), missing values blank."""
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else ""
    if isinstance(value, (int, np.integer)) and kind == "number":
        return f"{value:,}"
    if not isinstance(value, (int, float, np.integer, np.floating)):
        return str(value)
    value = float(value)
    if math.isnan(value):
        return ""
    if kind == "percent":
        return f"{100 * value:.1f}%"
    if kind == "points":
        return f"{100 * value:+.1f}"
    if kind == "p":
        return f"<{SMALLEST_P:g}" if value < SMALLEST_P else f"{value:.3f}"
    return _number(value)


def _decimals(value: float) -> int:
    """Decimals that show three significant digits of `value` (none for values from 100 up)."""
    return max(0, 2 - int(math.floor(math.log10(abs(value))))) if value else 0


def _number(value: float, decimals: int | None = None) -> str:
    """Three significant digits (or `decimals`) with thousands separators; scientific only below 1e-4."""
    if not math.isfinite(value) or (value and abs(value) < 1e-4 and decimals is None):
        return f"{value:.2e}"
    return f"{value:,.{_decimals(value) if decimals is None else decimals}f}"


def format_interval(low: object, high: object, kind: str) -> str:
    """An interval as '[43.1, 48.5]' in the unit of its estimate (percent and points without the % sign); both
    bounds with the decimals of the larger one."""
    if pd.isna(low) or pd.isna(high):
        return ""
    if kind in ("percent", "points"):
        sign = "+" if kind == "points" else ""
        return f"[{100 * float(low):{sign}.1f}, {100 * float(high):{sign}.1f}]"
    decimals = min(_decimals(max(abs(float(low)), abs(float(high)))), 6)
    return f"[{_number(float(low), decimals)}, {_number(float(high), decimals)}]"


def display_table(frame: pd.DataFrame) -> DisplayTable:
    """The frame for reading: values formatted by column kind, and each `*ci_low*` / `*ci_high*` pair merged into
    one '95% CI' column in the unit of the estimate it follows (the nearest column to its left that is neither an
    interval nor a standard error)."""
    columns = list(frame.columns)
    highs = {str(c): str(c).replace("ci_low", "ci_high") for c in columns if "ci_low" in str(c)}
    highs = {low: high for low, high in highs.items() if high in map(str, columns)}
    headers, numeric, formatters = [], [], []
    estimate_kind = "number"
    for column in columns:
        name = str(column)
        if name in highs.values():
            continue
        if name in highs:
            headers.append(name.replace("ci_low", "95% CI").replace("_", " ").strip())
            formatters.append(lambda record, low=column, high=highs[name], kind=estimate_kind:
                              format_interval(record[low], record[high], kind))
            numeric.append(True)
            continue
        kind = column_kind(name)
        if name not in UNEXPLAINED_COLUMNS:
            estimate_kind = kind
        headers.append(name.replace("_", " ") + (" (points)" if kind == "points" else ""))
        formatters.append(lambda record, column=column, kind=kind: format_value(record[column], kind))
        numeric.append(pd.api.types.is_numeric_dtype(frame[column]))
    records = frame.to_dict("records")
    return DisplayTable(headers, numeric, [[show(record) for show in formatters] for record in records])


def percent(rate: float) -> str:
    """A proportion as a percentage with one decimal."""
    return f"{100 * rate:.1f}%"


def p_text(p_value: float) -> str:
    """A p-value for prose."""
    return "p < 1e-16" if p_value < 1e-16 else f"p = {p_value:.2g}"


def write_csv(table: Table, directory: Path, provenance: Provenance) -> Path:
    """Write a table as CSV under `#` comment lines with its title and provenance (read with comment='#')."""
    path = directory / f"{table.name}.csv"
    with path.open("w", encoding="utf-8", newline="") as handle:
        handle.write(f"# {provenance.title(table.title)}\n# {provenance.footer}\n")
        table.frame.to_csv(handle, index=False)
    return path
