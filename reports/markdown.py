"""Render the report sections as summary.md: prose, findings and tables (figures live in report.html), the
provenance line once under the title and once at the end of each section."""

from __future__ import annotations

from collections.abc import Callable

from reports.document import Section, Table, display_table
from reports.provenance import Provenance


def render_markdown(sections: list[Section], provenance: Provenance) -> str:
    """The whole summary document."""
    title = provenance.title(f"Barrage balance report: {provenance.experiment}")
    lines = [f"# {title}", "", f"_{provenance.footer}_", ""]
    if provenance.map_label:
        lines += [f"> **{provenance.map_label}**: results come from a map that is not the official one.", ""]
    for section in sections:
        lines += [f"## {section.title}", "", *_section(section, provenance), f"_{provenance.footer}_", ""]
    return "\n".join(lines)


def _section(section: Section, provenance: Provenance) -> list[str]:
    """A section's parts in its layout."""
    parts: dict[str, Callable[[], list[str]]] = {
        "lead": lambda: [line for index, lead in enumerate(section.lead)
                         for line in (f"**{lead}**" if index == 0 else lead, "")],
        "paragraphs": lambda: [line for paragraph in section.paragraphs for line in (paragraph, "")],
        "findings": lambda: [f"- {finding}" for finding in section.findings] + [""] if section.findings else [],
        "tables": lambda: [line for table in section.tables for line in _table(table, provenance)],
        "figures": lambda: [f"_{len(section.figures)} figure(s) in report.html._", ""] if section.figures else [],
    }
    return [line for part in section.layout for line in parts[part]()]


def _table(table: Table, provenance: Provenance) -> list[str]:
    """A pipe table headed by its title and note."""
    def row(cells: list[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    shown = display_table(table.frame)
    note = f"{table.note} " if table.note else ""
    lines = [f"### {provenance.title(table.title)}", "", f"_{note}(CSV: tables/{table.name}.csv)_", ""]
    lines += [row(shown.headers), row(["---"] * len(shown.headers))]
    lines += [row(cells) for cells in shown.rows]
    return [*lines, ""]
