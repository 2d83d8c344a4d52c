"""The report's provenance line: which learned evaluator the bots read, when they read one."""
from __future__ import annotations

import pandas as pd

from reports.provenance import Provenance

MANIFEST = {"name": "x", "kind": "balance", "games_planned": 2, "games_done": 2, "ended": "now", "players": [4],
            "strategies": ["mcts:iters=4,c=3,depth=20,tau=1,leaf=1"], "map": "base", "map_fidelity": "official",
            "package_version": "0", "git_revision": "r", "master_seed": 1}
ROWS = pd.DataFrame({"game": [0, 0, 1, 1], "map_fidelity": ["official"] * 4})


def test_footer_names_the_learned_evaluator_a_run_recorded_and_nothing_otherwise():
    """A run whose bots read the learned evaluator records its file's SHA-256 (experiments.runner); the footer
    names its first 12 hex digits, and a run without one says nothing of a model."""
    with_model = Provenance.from_results({**MANIFEST, "value_model_sha256": "ab12" * 16}, ROWS)
    assert "learned evaluator ab12ab12ab12 | master seed 1" in with_model.footer
    assert "learned evaluator" not in Provenance.from_results(MANIFEST, ROWS).footer
