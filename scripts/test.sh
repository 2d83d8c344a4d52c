#!/usr/bin/env bash
# Sets up a virtual environment with the project and its dev extras, then runs the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet --upgrade pip
python -m pip install --quiet -e ".[dev]"
python -m pytest -q -n 2 "$@"
