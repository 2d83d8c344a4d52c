#!/usr/bin/env bash
# Sets up a virtual environment with the project, then plays one seeded game and prints its final table.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e .
barrage play --players 4 --seed 7 "$@"
