"""Profiles numba's cold compile of a command: which jitted functions cost the most, and how many
specialisations (argument-type variants) each one gets.

Measured with numba's event API (`numba:compile` start/end events, nested): a function's *self* time is its
compile time minus the compiles it triggered. Run it with an empty cache (it makes one in a temporary directory):

    .venv/bin/python tools/compile_profile.py -- play --players 2 --seed 1
    .venv/bin/python tools/compile_profile.py --top 40 -- balance -p 2 -s greedy --games-per-cell 2 --out /tmp/x

Used for issue #31 (docs/performance.md § Compile time).
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
import tempfile
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--top", type=int, default=30, help="rows to print")
    ap.add_argument("--keep-cache", action="store_true", help="use the normal (possibly warm) cache")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="barrage command after --")
    ns = ap.parse_args()
    argv = [a for a in ns.command if a != "--"] or ["play", "--players", "2", "--seed", "1"]
    if not ns.keep_cache:
        os.environ["BARRAGE_NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="barrage-compile-profile-")

    from numba.core import event

    rec = event.RecordingListener()
    event.register("numba:compile", rec)
    t0 = time.perf_counter()
    from experiments.cli import main as cli_main
    try:
        cli_main(argv)
    except SystemExit:
        pass
    wall = time.perf_counter() - t0
    event.unregister("numba:compile", rec)

    inclusive: dict[str, float] = collections.defaultdict(float)
    self_time: dict[str, float] = collections.defaultdict(float)
    variants: dict[str, int] = collections.Counter()
    stack: list[list] = []            # [name, start, child_time]
    for ts, ev in rec.buffer:
        name = ev.data["dispatcher"].py_func.__module__ + "." + ev.data["dispatcher"].py_func.__qualname__
        if ev.is_start:
            stack.append([name, ts, 0.0])
        else:
            n, start, child = stack.pop()
            dt = ts - start
            inclusive[n] += dt
            self_time[n] += dt - child
            variants[n] += 1
            if stack:
                stack[-1][2] += dt
    total_self = sum(self_time.values())
    print(f"command: barrage {' '.join(argv)}", file=sys.stderr)
    print(f"wall {wall:.1f} s; compile (sum of self times) {total_self:.1f} s; "
          f"{sum(variants.values())} compiles of {len(variants)} functions", file=sys.stderr)
    print(f"{'self s':>8} {'incl s':>8} {'variants':>8}  function", file=sys.stderr)
    for n in sorted(self_time, key=self_time.get, reverse=True)[:ns.top]:
        print(f"{self_time[n]:8.1f} {inclusive[n]:8.1f} {variants[n]:8d}  {n}", file=sys.stderr)
    multi = sorted((v, n) for n, v in variants.items() if v > 1)[::-1]
    print(f"functions with several variants: {len(multi)} "
          f"({sum(v - 1 for v, _ in multi)} extra compiles, {sum(self_time[n] * (v - 1) / v for v, n in multi):.1f} s)",
          file=sys.stderr)


if __name__ == "__main__":
    main()
