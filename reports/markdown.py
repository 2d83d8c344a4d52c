"""Render the report sections as summary.md: prose, findings and tables (figures live in report.html)."""

from __future__ import annotations

from reports.document import Section, Table, display_rows
from reports.provenance import Provenance


def render_markdown(sections: list[Section], provenance: Provenance) -> str:
    """The whole summary document."""
    title = provenance.title(f"Barrage balance report: {provenance.experiment}")
    lines = [f"# {title}", "", f"_{provenance.footer}_", ""]
    if provenance.map_label:
        lines += [f"> **{provenance.map_label}**: results come from a map that is not the official one.", ""]
    for section in sections:
        lines += [f"## {section.title}", ""]
        for paragraph in section.paragraphs:
            lines += [paragraph, ""]
        tables = [line for table in section.tables for line in _table(table, provenance)]
        findings = [f"- {finding}" for finding in section.findings] + [""] if section.findings else []
        lines += tables + findings if section.tables_first else findings + tables
        if section.figures:
            lines += [f"_{len(section.figures)} figure(s) in report.html._", ""]
    return "\n".join(lines)


def _table(table: Table, provenance: Provenance) -> list[str]:
    """A pipe table headed by its title and provenance."""
    def row(cells: list[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    lines = [f"### {provenance.title(table.title)}", "", f"_{provenance.footer}_ (CSV: tables/{table.name}.csv)", ""]
    lines += [row([str(column) for column in table.frame.columns]), row(["---"] * len(table.frame.columns))]
    lines += [row(cells) for cells in display_rows(table.frame)]
    return [*lines, ""]
