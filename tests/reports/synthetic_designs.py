"""The synthetic experiments the report tests run on (imported by conftest and the tests; a unique module name
so it cannot clash with other test packages' helpers). They follow the runner's real design and schema:
focal seats, replicates shared across cells (common random numbers), rotated seats and bots."""

from __future__ import annotations

import math

from reports.synthetic import OFFICERS, SyntheticDesign

PLANTED_CELL = "USA+Viktor Fiesler"
# Three times the strength of any other seat: about 50% wins where parity is 25%.
PLANTED_STRENGTH = math.log(3)
BOT_STRENGTHS = {"random": -1.0, "greedy": 0.0, "mcts:iters=50": 0.4, "mcts:iters=200": 0.8}

# All seven base-game officers: 28 cells of 150 replicates each, four personas rotating through the focal seat.
BALANCE = SyntheticDesign(games=150, officers=OFFICERS, cell_strength={PLANTED_CELL: PLANTED_STRENGTH},
                          strategies=("greedy", "builder", "producer", "contract_hunter"),
                          map_fidelity="reconstructed", master_seed=11, games_per_shard=700)
TOURNAMENT = SyntheticDesign(games=1500, kind="tournament", strategies=tuple(BOT_STRENGTHS),
                             strategy_strength=BOT_STRENGTHS, master_seed=12)
