"""The synthetic experiments the report tests run on (imported by conftest and the tests; a unique module name
so it cannot clash with other test packages' helpers)."""

from __future__ import annotations

import math

from reports.synthetic import OFFICERS, SyntheticDesign

PLANTED_CELL = "USA+Viktor Fiesler"
# Three times the strength of any other seat: about 50% wins where parity is 25%.
PLANTED_STRENGTH = math.log(3)
BOT_STRENGTHS = {"random": -1.0, "greedy": 0.0, "mcts:iters=50": 0.4, "mcts:iters=200": 0.8}

# All seven base-game officers: 28 cells, each meeting the planted one in only a sixth of its games, so the
# planted cell's spillover onto the others (they lose where it wins) stays far below detectability.
BALANCE = SyntheticDesign(games=2000, officers=OFFICERS, cell_strength={PLANTED_CELL: PLANTED_STRENGTH},
                          map_fidelity="reconstructed", master_seed=11, games_per_shard=700)
TOURNAMENT = SyntheticDesign(games=1500, strategies=tuple(BOT_STRENGTHS), strategy_strength=BOT_STRENGTHS,
                             cell_per_combination=False, master_seed=12)
