"""Benchmark: build_report over 1,000,000 synthetic result rows in the runner's real balance design: 28 pairings,
8,929 replicates each, four bots rotating (python -m reports.bench)."""

from __future__ import annotations

import multiprocessing
import resource
import tempfile
import time
from pathlib import Path

from reports.build import build_report
from reports.synthetic import OFFICERS, SyntheticDesign, write_synthetic_results

ROWS = 1_000_000
PLAYERS = 4
BUDGET_SECONDS = 60
BUDGET_MEMORY_GIB = 2.0
DESIGN = SyntheticDesign(
    games=ROWS // PLAYERS // (4 * len(OFFICERS)) + 1,
    players=PLAYERS,
    officers=OFFICERS,
    strategies=("random", "greedy", "mcts:iters=50", "mcts:iters=200"),
    strategy_strength={"random": -1.0, "mcts:iters=50": 0.3, "mcts:iters=200": 0.5},
    cell_strength={"USA+Viktor Fiesler": 0.2},
    seat_strength=(0.05, 0.0, 0.0, -0.05),
    master_seed=2024,
)


def _timed_build(results: Path, out: Path, elapsed: multiprocessing.Queue) -> None:
    """Child process body: build the report and send back the seconds it took."""
    start = time.perf_counter()
    build_report(results, out)
    elapsed.put(time.perf_counter() - start)


def main() -> None:
    """Generate the rows, then build the report in a fresh child process so its peak memory is measured alone."""
    with tempfile.TemporaryDirectory() as scratch:
        results = Path(scratch) / "results"
        start = time.perf_counter()
        write_synthetic_results(results, DESIGN)
        print(f"generated {DESIGN.games * 4 * len(OFFICERS) * PLAYERS:,} rows in {time.perf_counter() - start:.1f} s")
        context = multiprocessing.get_context("spawn")
        elapsed = context.Queue()
        child = context.Process(target=_timed_build, args=(results, Path(scratch) / "report", elapsed))
        child.start()
        seconds = elapsed.get()
        child.join()
        peak_gib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 2**20  # ru_maxrss is KiB on Linux
        verdict = "within" if seconds <= BUDGET_SECONDS and peak_gib <= BUDGET_MEMORY_GIB else "OVER"
        print(f"build_report: {seconds:.1f} s, peak RSS {peak_gib:.2f} GiB ({verdict} the "
              f"{BUDGET_SECONDS} s / {BUDGET_MEMORY_GIB:g} GiB budget)")


if __name__ == "__main__":
    main()
