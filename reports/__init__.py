"""Balance statistics and reports from experiment results directories (docs/results-format.md, docs/reports.md)."""

from reports.build import build_report, cli_calibrate, cli_report
from reports.results import ResultsError, load_results

__all__ = ["ResultsError", "build_report", "cli_calibrate", "cli_report", "load_results"]
