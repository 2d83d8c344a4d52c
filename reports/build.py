"""Build a report directory (report.html, summary.md, tables/*.csv) from a results directory."""

from __future__ import annotations

import sys
from pathlib import Path

from reports.document import write_csv
from reports.html import render_html
from reports.markdown import render_markdown
from reports.provenance import Provenance
from reports.results import ResultsError, load_results
from reports.sections import build_sections

REPORT_FILE = "report.html"
SUMMARY_FILE = "summary.md"
TABLES_DIRECTORY = "tables"
DEFAULT_OUT_DIRECTORY = "report"
INPUT_ERROR_EXIT_CODE = 2  # the CLI's convention for errors in the input (README)


def build_report(results_dir: str | Path, out_dir: str | Path) -> Path:
    """Write report.html, summary.md and tables/*.csv into out_dir; return the path of report.html."""
    manifest, rows = load_results(results_dir)
    provenance = Provenance.from_results(manifest, rows)
    sections = build_sections(rows, provenance)
    out = Path(out_dir)
    tables = out / TABLES_DIRECTORY
    tables.mkdir(parents=True, exist_ok=True)
    for section in sections:
        for table in section.tables:
            write_csv(table, tables, provenance)
    (out / SUMMARY_FILE).write_text(render_markdown(sections, provenance), encoding="utf-8")
    report = out / REPORT_FILE
    report.write_text(render_html(sections, provenance), encoding="utf-8")
    return report


def cli_report(results_dir: str, out: str | None) -> Path:
    """`barrage report`: build into `out` (default RESULTS_DIR/report); a bad results directory exits with status 2."""
    target = Path(out) if out else Path(results_dir) / DEFAULT_OUT_DIRECTORY
    try:
        report = build_report(results_dir, target)
    except ResultsError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(INPUT_ERROR_EXIT_CODE) from None
    print(f"report written to {report}")
    return report
