#!/usr/bin/env bash
# Sets up a virtual environment with the project, then runs the default balance experiment -- every company x
# executive officer pairing of the 4-player base game, 1,000 games per pairing, played by four greedy personas --
# checks with a placebo A/A that every test of the report holds its 5% error rate on this design, and writes the
# report (results/default/report/report.html). Re-running completes or reuses the same results and calibration.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e .
barrage balance --players 4 --strategies greedy,builder,producer,contract_hunter --games-per-cell 1000 \
    --seed 1 --out results/default --resume "$@"
barrage calibrate results/default --draws 200 -j 2
barrage report results/default
