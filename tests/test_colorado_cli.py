"""The Colorado Connection as a setup factor (COLO-SETUP-01, COLO-AUTOMA-01, DECISION-42, RECON-04/06): the CLI's
`--expansion colorado`, TOML `expansions`, `--vary expansions`, the result rows' `map` and `map_fidelity`, the
strict-fidelity mode and the one-line refusals."""
from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from experiments.experiment_config import ExperimentConfig
from experiments.runner import RunOptions, run_experiment
from sim.errors import ConfigError
from test_cli import assert_one_line_error, barrage


def test_play_colorado_reports_reconstructed_fidelity_and_the_copied_topology():
    """RECON-06: a Colorado game says map_fidelity: reconstructed, its map is `colorado`, the breakdown sums."""
    p = barrage("play", "--expansion", "colorado", "--players", "3", "--seed", "3", "--strategies", "greedy", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["map_fidelity"] == "reconstructed" and out["config"]["map"] == "colorado"
    for seat in out["seats"]:
        assert sum(seat["vp_by_source"].values()) == seat["vp"]
    p = barrage("play", "--expansion", "colorado", "--players", "2", "--seed", "3", "--strategies", "greedy")
    assert p.returncode == 0, p.stderr
    assert "river topology is a copy of the base map" in " ".join(p.stdout.split())


@pytest.mark.parametrize("args, needles", [
    (["play", "--expansion", "colorado", "--players", "3", "--strict-fidelity"],
     ["strict_fidelity", "map_colorado.yaml", "reconstructed"]),
    (["play", "--expansion", "colorado", "--players", "2", "--strategies", "greedy,automa:level=2"],
     ["COLO-AUTOMA-01"]),
    (["play", "--expansion", "colorado", "--map", "five_player", "--players", "4"], ["COLO-SETUP-01"]),
    (["play", "--map", "colorado", "--players", "3"], ["map", "--expansion colorado"]),
    (["fuzz", "--expansion", "colorado", "--players", "2", "--policy", "greedy,automa", "--games", "2"],
     ["COLO-AUTOMA-01"]),
    (["bench", "--expansion", "colorado", "--players", "2", "--strict-fidelity"], ["strict_fidelity"]),
], ids=["strict", "automa", "five-player-map", "map-without-expansion", "fuzz-automa", "bench-strict"])
def test_colorado_bad_input_is_one_line_exit_2(args, needles):
    """One line naming what is wrong, exit 2, no traceback."""
    assert_one_line_error(barrage(*args), *needles)


def test_toml_expansions_levels_and_strict_key():
    """TOML `expansions = [[], ["colorado"]]` is a setup factor (base vs Colorado); strict mode refuses it."""
    c = ExperimentConfig.from_dict({"kind": "tournament", "players": 3, "expansions": [[], ["colorado"]],
                                    "strategies": ["greedy"], "games": 2})
    assert c.varying_factors() == ("expansions",)
    with pytest.raises(ConfigError, match=r"^strict_fidelity: map_colorado.yaml has fidelity reconstructed"):
        ExperimentConfig.from_dict({"kind": "tournament", "players": 3, "expansions": ["colorado"],
                                    "strict_fidelity": True, "strategies": ["greedy"]})


def test_vary_expansions_rows_record_map_and_fidelity(tmp_path: Path):
    """Base vs Colorado with the same seeds; every row says its map and map_fidelity, and the manifest lists every
    data file's fidelity (RECON-06)."""
    c = ExperimentConfig.from_dict({"kind": "tournament", "name": "colorado-vary", "seed": 5, "players": 3,
                                    "expansions": [[], ["colorado"]], "strategies": ["random"], "games": 4})
    r = run_experiment(c, RunOptions(out=tmp_path / "out", progress=False))
    t = pq.read_table(tmp_path / "out" / "shards").to_pandas()
    by = t.groupby("map").agg({"map_fidelity": "unique", "seed": "unique"})
    assert list(by.index) == ["base", "colorado"]
    assert [list(x) for x in by["map_fidelity"]] == [["official"], ["reconstructed"]]
    assert sorted(by["seed"].iloc[0]) == sorted(by["seed"].iloc[1])         # common random numbers
    m = r.manifest
    assert m["map_fidelity"] == "reconstructed"
    assert m["data_fidelity"] == {"map_base.yaml": "official", "map_colorado.yaml": "reconstructed",
                                  "colorado.yaml": "reconstructed"}


def test_list_maps_shows_the_colorado_map_with_its_fidelity():
    p = barrage("list", "maps", "--json")
    assert p.returncode == 0, p.stderr
    rows = {r["name"]: r for r in json.loads(p.stdout)}
    assert rows["colorado"]["fidelity"] == "reconstructed" and rows["colorado"]["playable"] is True


def test_bench_times_colorado_and_the_base_map_interleaved_on_the_same_seeds():
    """`bench --expansion colorado` times the base map's batch chunk by chunk with Colorado's (the ratio's two
    batches see the same load); interleaving changes no game: each batch plays exactly what it plays alone."""
    from experiments.bench import run_bench
    from sim.config import GameConfig

    colorado = GameConfig(players=2, expansions=("colorado",))
    base = GameConfig(players=2)
    steps = []
    pair = run_bench(colorado, 1200, 1, seed=3, reference=base, progress=steps.append)
    assert [r.map for r in pair] == ["colorado", "base"]
    assert [r.map_fidelity for r in pair] == ["reconstructed", "official"]
    assert steps == [500, 500, 500, 500, 200, 200]                # chunks of 500 games (bench_chunk), map by map
    alone = [run_bench(cfg, 1200, 1, seed=3)[0] for cfg in (colorado, base)]
    assert [r.decisions for r in pair] == [r.decisions for r in alone]
    assert pair[0].decisions != pair[1].decisions
    assert all(r.games == 1200 and r.games_per_s > 0 and r.games_per_cpu_s > 0 for r in pair)


def test_bench_cli_reports_the_base_map_of_the_same_run():
    p = barrage("bench", "--expansion", "colorado", "--players", "2", "--games", "100", "--threads", "1", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["map"] == "colorado" and d["base_map"]["map"] == "base"
    assert d["games"] == d["base_map"]["games"] == 100 and d["base_map"]["games_per_s"] > 0
