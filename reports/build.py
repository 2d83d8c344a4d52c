"""Build a report directory (report.html, summary.md, tables/*.csv) from a results directory, and the `calibrate`
command's run over the same results."""

from __future__ import annotations

import json
import math
import shutil
import sys
from dataclasses import replace
from pathlib import Path
from typing import Callable

import numpy as np

from reports.blas import single_blas_thread
from reports.calibration import (
    CALIBRATION_VERSION,
    DEFAULT_DRAWS,
    DEFAULT_TOLERANCE,
    INCONCLUSIVE,
    TOO_HIGH,
    calibrate,
    draws_to_pass,
    read_calibration,
    write_calibration,
)
from reports.cells import DEFAULT_MARGIN
from reports.compare import compare_populations, find_strong_run
from reports.document import write_csv
from reports.html import render_html
from reports.markdown import render_markdown
from reports.population import Population
from reports.provenance import Provenance
from reports.results import ResultsError, load_results
from reports.sections import ReportInputs, build_sections

REPORT_FILE = "report.html"
SUMMARY_FILE = "summary.md"
TABLES_DIRECTORY = "tables"
DEFAULT_OUT_DIRECTORY = "report"
INPUT_ERROR_EXIT_CODE = 2  # the CLI's convention for errors in the input (README)


def build_report(results_dir: str | Path, out_dir: str | Path, margin: float = DEFAULT_MARGIN,
                 compare: str | Path | None = None, auto_compare: bool = True) -> tuple[Path, dict]:
    """Write report.html, summary.md and tables/*.csv into out_dir; return the path of report.html and the
    machine-readable core (cells, factors, calibration, population). `compare` names the results of the same
    design played by another bot population: the report gains the section comparing the two. Without it (and with
    `auto_compare`), a run of the same design by the strong population in a sibling directory is compared."""
    if not 0 < margin < 0.5:
        raise ResultsError(f"margin: {margin} is not a win-rate margin; give a value between 0 and 0.5 "
                           "(0.03 = +-3 points)")
    manifest, rows = load_results(results_dir)
    provenance = Provenance.from_results(manifest, rows)
    comparison = None
    found = find_strong_run(results_dir, manifest) if compare is None and auto_compare else None
    if compare is not None or found is not None:
        other_manifest, other_rows = load_results(compare if compare is not None else found)
        comparison = compare_populations(rows, other_rows, population_label(manifest),
                                         population_label(other_manifest), margin, seed=provenance.master_seed)
        if found is not None:
            comparison = replace(comparison, found=str(found))
    population = Population.of(provenance.strategies, manifest.get("config", {}).get("population"))
    inputs = ReportInputs(rows=rows, provenance=provenance, population=population,
                          margin=margin, calibration=read_calibration(results_dir), comparison=comparison,
                          results_dir=str(results_dir))
    with single_blas_thread():
        sections, core = build_sections(inputs)
    out = Path(out_dir).resolve()
    staging = out.with_name(f".{out.name}.tmp-report")     # nothing half-written is left behind on an error
    shutil.rmtree(staging, ignore_errors=True)
    tables = staging / TABLES_DIRECTORY
    tables.mkdir(parents=True)
    try:
        for section in sections:
            for table in section.tables:
                write_csv(table, tables, provenance)
        (staging / SUMMARY_FILE).write_text(render_markdown(sections, provenance), encoding="utf-8")
        (staging / REPORT_FILE).write_text(render_html(sections, provenance), encoding="utf-8")
        core = {"results": str(results_dir), "games": provenance.games, "games_planned": provenance.games_planned,
                "complete": provenance.complete, "run_ended": provenance.finished,
                "warnings": rows.attrs.get("warnings", []), **core}
        (staging / "report.json").write_text(json.dumps(_plain(core), indent=2) + "\n", encoding="utf-8")
        for path in sorted(staging.rglob("*")):          # move the finished files in (never delete the target)
            target = out / path.relative_to(staging)
            if path.is_dir():
                target.mkdir(parents=True, exist_ok=True)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                path.replace(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return out / REPORT_FILE, core


def population_label(manifest: dict) -> str:
    """The population's name (`--population`) or, without one, its strategies."""
    named = manifest.get("config", {}).get("population")
    return str(named) if named else ",".join(map(str, manifest["strategies"]))


def _plain(value):
    """JSON-safe values: numpy scalars to Python, NaN to None."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _fail(error: Exception) -> None:
    print(f"error: {error}", file=sys.stderr)
    raise SystemExit(INPUT_ERROR_EXIT_CODE) from None


def cli_report(results_dir: str, out: str | None, margin: float = DEFAULT_MARGIN, as_json: bool = False,
               compare: str | None = None, auto_compare: bool = True) -> Path:
    """`barrage report`: build into `out` (default RESULTS_DIR/report); a bad results directory exits with status 2."""
    target = Path(out) if out else Path(results_dir) / DEFAULT_OUT_DIRECTORY
    try:
        if target.exists() and not target.is_dir():
            raise ResultsError(f"out: {target} is a file; give a directory for the report")
        report, core = build_report(results_dir, target, margin, compare, auto_compare)
    except ResultsError as error:
        _fail(error)
    except OSError as error:
        _fail(ResultsError(f"out: cannot write the report to {target} ({error.strerror or error}); give a writable "
                           "directory with --out"))
    for warning in core.get("warnings", []):
        print(f"warning: {warning}", file=sys.stderr)
    if as_json:
        print(json.dumps(_plain(core), indent=2))
    else:
        print(f"report written to {report}")
    return report


def cli_calibrate(results_dir: str, draws: int = DEFAULT_DRAWS, seed: int | None = None, as_json: bool = False,
                  progress: Callable[[int], Callable[[int], None]] | None = None, jobs: int = 1,
                  tolerance: float = DEFAULT_TOLERANCE) -> dict:
    """`barrage calibrate`: placebo A/A over the report's test families; stores calibration.json by the results."""
    if draws < 20:
        _fail(ResultsError(f"draws: {draws} is too few for a rate with a useful Monte-Carlo error; give at least 20"))
    try:
        manifest, rows = load_results(results_dir)
    except ResultsError as error:
        _fail(error)
    seed = int(manifest["master_seed"]) if seed is None else seed
    games = int(rows["game"].nunique())
    stored = read_calibration(results_dir)
    if stored and (stored.get("draws"), stored.get("seed"), stored.get("games"), stored.get("version"),
                   stored.get("tolerance")) == (draws, seed, games, CALIBRATION_VERSION, tolerance):
        result = stored                               # same results, same draws: the stored run is the answer
        print(f"calibration of these {games:,} games already stored (draws {draws}, seed {seed})", file=sys.stderr)
    else:
        on_draw = progress(draws) if progress else None
        result = {**calibrate(rows, draws=draws, seed=seed, jobs=jobs, on_draw=on_draw, tolerance=tolerance),
                  "games": games}
        write_calibration(results_dir, result)
    if as_json:
        print(json.dumps(_plain(result), indent=2))
        return result
    print(f"placebo A/A on {results_dir}: {result['draws']} draws, alpha {result['alpha']}; a family passes when "
          f"its rate's exact 95% upper limit is at most {100 * (result['alpha'] + result['tolerance']):g}%")
    width = max(len(f["family"]) for f in result["families"])
    for f in result["families"]:
        verdict = f["verdict"].upper() if f["verdict"] == TOO_HIGH else f["verdict"] or "(power, not judged)"
        print(f"  {f['family']:<{width}}  {100 * f['rate']:5.1f}%  [{100 * f['lower_limit']:4.1f}, "
              f"{100 * f['upper_limit']:4.1f}]  {verdict}")
    if any(f["verdict"] == INCONCLUSIVE for f in result["families"]):
        print(f"  inconclusive: more draws decide (a family at exactly alpha passes with about "
              f"{draws_to_pass(result['alpha'], result['tolerance']):,} draws)")
    print(f"stored in {Path(results_dir) / 'calibration.json'}; `barrage report` prints it")
    return result
