"""Barrage: Duel as a setup factor (DUEL-01/02, DECISION-42, RECON-06): CLI options, TOML `variant`, `--vary
variant`, the result rows' `variant` and `map_fidelity`, the strict-fidelity mode and the one-line refusals."""
from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from experiments.experiment_config import ExperimentConfig
from experiments.runner import RunOptions, run_experiment
from sim.errors import ConfigError
from test_cli import assert_one_line_error, barrage


def test_play_variant_duel_reports_reconstructed_fidelity():
    """RECON-06: a Duel game says map_fidelity: reconstructed; the breakdown has the `duel` source and sums."""
    p = barrage("play", "--variant", "duel", "--players", "2", "--seed", "3", "--strategies", "greedy", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["map_fidelity"] == "reconstructed"
    assert out["config"]["map"] == "duel" and out["config"]["duel"] is True
    for seat in out["seats"]:
        assert "duel" in seat["vp_by_source"] and sum(seat["vp_by_source"].values()) == seat["vp"]


@pytest.mark.parametrize("args, needles", [
    (["play", "--variant", "duel", "--players", "2", "--strict-fidelity"], ["strict_fidelity", "map_duel.yaml",
                                                                            "reconstructed"]),
    (["play", "--map", "duel", "--players", "2", "--strict-fidelity"], ["strict_fidelity", "map_duel.yaml"]),
    (["play", "--variant", "duel", "--players", "3"], ["players", "exactly 2 players (DUEL-01)"]),
    (["play", "--variant", "duel", "--players", "2", "--strategies", "greedy,automa:level=2"], ["DECISION-42"]),
    (["play", "--map", "duel", "--players", "2", "--strategies", "automa,greedy"], ["DECISION-42"]),
    (["play", "--variant", "trio", "--players", "2"], ["variant", "trio", "base, duel"]),
    (["bench", "--variant", "duel", "--players", "2", "--strict-fidelity"], ["strict_fidelity"]),
    (["fuzz", "--variant", "duel", "--players", "4", "--games", "2"], ["DUEL-01"]),
    (["fuzz", "--variant", "duel", "--players", "2", "--policy", "greedy,automa", "--games", "2"], ["DECISION-42"]),
    (["balance", "--variant", "duel", "--players", "2", "--strict-fidelity", "-n", "2"], ["strict_fidelity"]),
    (["tournament", "--variant", "duel", "--players", "2", "-s", "greedy,automa", "-n", "2"], ["DECISION-42"]),
], ids=["strict-variant", "strict-map", "players", "automa-variant", "automa-map", "unknown", "bench-strict",
        "fuzz-players", "fuzz-automa", "balance-strict", "tournament-automa"])
def test_duel_bad_input_is_one_line_exit_2(args, needles):
    """One line naming what is wrong, exit 2, no traceback."""
    assert_one_line_error(barrage(*args), *needles)


def test_list_maps_shows_the_duel_map_with_its_fidelity():
    p = barrage("list", "maps", "--json")
    assert p.returncode == 0, p.stderr
    rows = {r["name"]: r for r in json.loads(p.stdout)}
    assert rows["duel"]["fidelity"] == "reconstructed" and rows["duel"]["playable"] is True
    assert rows["base"]["fidelity"] == "official"


def test_toml_variant_levels_and_strict_key():
    """TOML `variant` holds one level or a list (a setup factor); `strict_fidelity = true` refuses the duel."""
    c = ExperimentConfig.from_dict({"kind": "tournament", "players": 2, "variant": ["base", "duel"],
                                    "strategies": ["greedy"], "games": 2})
    assert c.varying_factors() == ("variant",)
    assert [(s["map"], s["duel"]) for s in c.setups()] == [("base", False), ("duel", True)]
    assert c.to_dict()["variant"] == ["base", "duel"]
    assert ExperimentConfig.from_dict(c.to_dict()) == c
    with pytest.raises(ConfigError, match=r"^strict_fidelity: map_duel.yaml has fidelity reconstructed"):
        ExperimentConfig.from_dict({"kind": "tournament", "players": 2, "variant": "duel", "strict_fidelity": True,
                                    "strategies": ["greedy"]})
    with pytest.raises(ConfigError, match=r"^variant: expected 'base' or 'duel'"):
        ExperimentConfig.from_dict({"kind": "tournament", "players": 2, "variant": "solo", "strategies": ["greedy"]})


def test_vary_variant_rows_record_variant_and_fidelity(tmp_path: Path):
    """--vary variant plays base and duel with the same seeds; every row says its variant, map and map_fidelity, and
    the manifest lists every data file's fidelity (RECON-06)."""
    c = ExperimentConfig.from_dict({"kind": "tournament", "name": "duel-vary", "seed": 5, "players": 2,
                                    "variant": ["base", "duel"], "strategies": ["random"], "games": 4})
    r = run_experiment(c, RunOptions(out=tmp_path / "out", progress=False))
    t = pq.read_table(tmp_path / "out" / "shards").to_pandas()
    by = t.groupby("variant").agg({"map": "unique", "map_fidelity": "unique", "seed": "unique"})
    assert [list(x) for x in by["map"]] == [["base"], ["duel"]]
    assert [list(x) for x in by["map_fidelity"]] == [["official"], ["reconstructed"]]
    assert sorted(by["seed"].iloc[0]) == sorted(by["seed"].iloc[1])         # common random numbers
    m = r.manifest
    assert m["map_fidelity"] == "reconstructed"
    assert m["data_fidelity"] == {"map_base.yaml": "official", "map_duel.yaml": "reconstructed",
                                  "duel_board.yaml": "reconstructed"}
    vp_cols = [k for k in t.columns if k.startswith("vp_")]
    assert (t[vp_cols].sum(axis=1) == t["vp"]).all()
    assert (t.loc[t["variant"] == "base", "vp_duel"] == 0).all()
