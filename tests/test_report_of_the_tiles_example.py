"""A real, CI-sized run of experiments/examples/tiles.toml produces the report's Tiles section: observational rows
per advanced tile, ablation rows per removed tile, company/officer x tile interactions and the combinations view,
and `barrage report --json`'s `tiles` and `interactions` lists (issue #13)."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pandas as pd
import pytest

from experiments.experiment_config import load_toml
from experiments.runner import RunOptions, run_experiment
from reports.build import build_report
from reports.tiles import ADVANCED_TILES

EXAMPLE = Path(__file__).resolve().parents[1] / "experiments" / "examples" / "tiles.toml"


@pytest.mark.slow
def test_tiles_example_reports_observational_ablation_and_interaction_rows(tmp_path):
    config = load_toml(EXAMPLE)
    removed = [level for level in config.remove_tiles if level]
    assert removed, "the example must remove tiles (ablation)"
    small = dataclasses.replace(config, games_per_cell=24, officers=("Wilhelm Adler", "Anton Krylov"))
    run_experiment(small.validated(), RunOptions(out=tmp_path / "run", progress=False))
    _, core = build_report(tmp_path / "run", tmp_path / "report")

    tiles = {entry["tile"]: entry for entry in core["tiles"]}
    assert set(tiles) == set(ADVANCED_TILES)                  # every tile is on offer in the reference level
    for entry in tiles.values():
        assert {"tile", "taken_rate", "win_rate_with", "win_rate_without", "adjusted_effect", "ci_low",
                "ci_high"} <= set(entry)
        assert 0 <= entry["taken_rate"] <= 1
    taken = [e for e in tiles.values() if e["adjusted_effect"] is not None]
    assert taken and all(e["ci_low"] <= e["adjusted_effect"] <= e["ci_high"] for e in taken)
    assert core["interactions"] and {"objective", "bonus_tile"} <= {e["factor"] for e in core["interactions"]}
    ablated = {(e["removed"], e["who"]) for e in core["tile_ablation"]}
    assert ablated == {(",".join(level), who) for level in removed for who in ("company", "officer")}
    assert core["combinations"]

    summary = (tmp_path / "report" / "summary.md").read_text(encoding="utf-8")
    assert "Tiles: which technology, bonus and objective tiles tip the game" in summary
    assert "association, not effect" in summary
    spread = pd.read_csv(tmp_path / "report" / "tables" / "tiles_ablation_spread.csv", comment="#")
    assert set(spread["removed"]) == {",".join(level) for level in removed}
    assert json.loads((tmp_path / "report" / "report.json").read_text())["tiles"]
