"""Does a rebalance proposal hold under another bot population? The spreads of an official run and a proposal's
run of the same design (same seed: common random numbers), as `barrage rebalance` confirms them
(reports.rebalance.confirmation_figures: company / officer / pairing spread, the imbalance, paired ratios, per-group
verdicts), for runs made by hand with any population -- e.g. the strong one, which is too slow to search with.

    barrage balance -p 4 --population strong -n 250 --seed 21 --out results/strong4-official-21
    barrage balance -p 4 --population strong -n 250 --seed 21 --out results/strong4-proposal3 --override ...
    python tools/proposal_spread_check.py results/strong4-official-21 results/strong4-proposal3

The two runs must have the same number of games per pairing (the ratios' intervals pair replicate r of both).
Measured 2026-12-07 (docs/experiments.md § Rebalancing, "Whose play"): the example's proposal-3, found and confirmed
for `tuned`, under `--population strong` (250 games per pairing, seed 21, both runs): company spread 5.8 -> 1.6
points (x 0.27 [0.00, 0.49]), officer spread 5.7 -> 1.8 (x 0.31 [0.00, 0.53]), imbalance x 0.38 [0.21, 0.53].
"""
from __future__ import annotations

import argparse

from reports.rebalance import OFFICIAL, confirmation_figures
from reports.spread import FAMILIES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("official", help="results directory of the official values")
    parser.add_argument("proposal", help="results directory of the proposal (same design and seed)")
    parser.add_argument("--margin", type=float, default=0.03)
    parser.add_argument("--seed", type=int, default=1, help="seed of the bootstrap")
    args = parser.parse_args()
    figures = confirmation_figures({OFFICIAL: args.official, "proposal": args.proposal}, args.margin, 0.5, args.seed)
    for label, run in figures["runs"].items():
        print(f"{label}: {run['games']:,} games, balanced: {run['balanced']}")
        for family in (*FAMILIES, "imbalance"):
            s = run["spread"][family]
            ratio = run["vs_official"][family] if run["vs_official"] else None
            versus = f"  x {ratio['ratio']:.2f} [{ratio['ci_low']:.2f}, {ratio['ci_high']:.2f}]" if ratio else ""
            print(f"  {family:9s} spread {100 * s['estimate']:.1f} [{100 * s['ci_low']:.1f}, {100 * s['ci_high']:.1f}] "
                  f"points{versus}")
        for g in run["groups"]:
            if g["family"] in ("company", "officer"):
                print(f"    {g['group']:22s} {100 * (g['win_rate'] - g['parity']):+5.1f}  {g['verdict']}")


if __name__ == "__main__":
    main()
