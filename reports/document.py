"""The report as data (sections of prose, tables and figures) and the value formatting shared by its renderings."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from reports.provenance import Provenance


@dataclass(frozen=True)
class Table:
    """A titled table; `name` is its CSV file stem."""

    name: str
    title: str
    frame: pd.DataFrame


@dataclass(frozen=True)
class Figure:
    """A rendered PNG with the title drawn in it."""

    title: str
    png: bytes


@dataclass
class Section:
    """One report section; `findings` are plain-language significance statements collected into the summary."""

    key: str
    title: str
    paragraphs: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    tables_first: bool = False    # the summary shows its ranked table before the findings


def format_value(value: object) -> str:
    """Compact display text: 4 significant digits for floats, yes/blank for flags, thousands separators for counts."""
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else ""
    if isinstance(value, (int, np.integer)):
        return f"{value:,}"
    if isinstance(value, (float, np.floating)):
        return "" if np.isnan(value) else f"{value:.4g}"
    return str(value)


def display_rows(frame: pd.DataFrame) -> list[list[str]]:
    """The frame's cells as display strings, row by row."""
    return [[format_value(value) for value in row] for row in frame.itertuples(index=False)]


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
