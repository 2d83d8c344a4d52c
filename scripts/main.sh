#!/usr/bin/env bash
# Sets up a virtual environment with the project, then runs the default balance experiment -- every company x
# executive officer pairing of the 4-player base game, 1,000 games per pairing, played by four greedy personas --
# writes the report (the first verdict), then checks with a placebo A/A (1,000 draws) that every test of the
# report holds its 5% error rate on this design (within 2 points, an exact 95% bound) and writes the report again (results/default/report/report.html). Re-running completes or reuses the same results and calibration.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e .
barrage balance --players 4 --strategies greedy,builder,producer,contract_hunter --games-per-cell 1000 \
    --seed 1 --out results/default --resume "$@"
barrage report results/default          # the first verdict: the report, seconds after the games
barrage calibrate results/default -j 2  # placebo A/A over 1,000 draws: about 80 s on 2 cores
barrage report results/default          # the report again, now saying which tests are shown to hold 5%
