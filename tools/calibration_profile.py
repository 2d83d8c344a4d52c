"""What one placebo draw of `barrage calibrate` costs, per test family: milliseconds of CPU per draw.

Usage: python tools/calibration_profile.py RESULTS_DIR [--draws 5] [--profile]

Measured with it (issue #31, 2026-12-06, sixth session; the default design, 28,000 games): about 290 ms per draw
for the 12 families, most of it pandas group-bys (`win_rate_summary`) and the dense n x k design matrices of the
effect regressions; after `reports.clustering.group_codes` and `reports.effects.sum_coded` on distinct rows, about
125 ms (docs/performance.md § Reports). `--profile` adds cProfile's top functions over the same draws.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import time

import numpy as np

from reports.blas import single_blas_thread
from reports.calibration import Placebo, families
from reports.cells import focal_rows
from reports.results import load_results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results_dir")
    parser.add_argument("--draws", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    _, rows = load_results(args.results_dir)
    fams = families(rows)
    focal = focal_rows(rows)
    placebos = [Placebo(focal if f.focal_only else rows, f) for f in fams]
    profiler = cProfile.Profile() if args.profile else None
    total = 0.0
    with np.errstate(invalid="ignore"), single_blas_thread():
        if profiler:
            profiler.enable()
        for family, placebo in zip(fams, placebos):
            start = time.process_time()
            for d in range(args.draws):
                family.rejects(placebo.draw(np.random.default_rng([0, d])), family.label)
            cost = (time.process_time() - start) / args.draws * 1000
            total += cost
            print(f"{family.key:28s} {cost:7.1f} ms per draw")
        if profiler:
            profiler.disable()
    print(f"{'all families':28s} {total:7.1f} ms per draw")
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
