"""Setup factors of an experiment (intro, expansions, objective, bonus tiles, headstreams) and what-if overrides:
every level is played with common random numbers, and every row records its setup (GEO-01 as a factor)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
from exp_helpers import manifest, rows

from experiments.experiment_config import ExperimentConfig
from experiments.runner import RunOptions, run_experiment
from sim import ids


def _run(cfg: dict, out: Path, **kw):
    return run_experiment(ExperimentConfig.from_dict(cfg), RunOptions(out=out, progress=False, **kw))


def test_balance_with_and_without_the_geological_factor(tmp_path: Path) -> None:
    cfg = dict(kind="balance", players=2, companies=["USA", "Italy"], officers=["Viktor", "Mahiri"],
               expansions=[[], ["geological"]], strategies=["random"], games_per_cell=6, chunk_size=10, seed=5)
    res = _run(cfg, tmp_path / "geo")
    df = rows(tmp_path / "geo")
    assert manifest(tmp_path / "geo")["games_done"] == 2 * 4 * 6
    assert sorted(df.setup.unique()) == ["full", "full,geological"]
    assert (df.expansions == np.where(df.setup == "full", "", "geological")).all()
    per_game = df.groupby("game").first()
    # common random numbers: replicate i of every cell, in both setups, has the same game seed
    seeds = per_game.groupby(["setup", "cell"]).seed.apply(list)
    assert len({tuple(v) for v in seeds}) == 1
    assert {(r["setup"], r["cell"]) for r in res.summary} == {
        (s, c) for s in ("full", "full,geological") for c in
        ("USA+Viktor Fiesler", "USA+Mahiri Sekibo", "Italy+Viktor Fiesler", "Italy+Mahiri Sekibo")}
    assert all(r["n"] == 6 for r in res.summary)
    # the same seed with and without the expansion is not the same game (tokens change costs and effects)
    a = df[df.setup == "full"].groupby("seed").vp.apply(tuple)
    b = df[df.setup == "full,geological"].groupby("seed").vp.apply(tuple)
    assert (a != b.reindex(a.index)).any()


def test_tournament_sweeps_the_objective_tile(tmp_path: Path) -> None:
    cfg = dict(kind="tournament", players=3, objective="all", strategies=["random"], games=4, chunk_size=8, seed=3)
    _run(cfg, tmp_path / "obj")
    df = rows(tmp_path / "obj")
    assert df.game.nunique() == 6 * 4
    assert sorted(df.objective.unique()) == sorted(ids.OBJECTIVE_NAMES[:ids.N_BASE_OBJECTIVES])   # "all": base tiles
    assert (df.setup == "full,objective=" + df.objective).all()


def test_fixed_bonus_tiles_headstreams_and_an_override_are_recorded(tmp_path: Path) -> None:
    tiles = ["bases", "conduits", "elevations", "powerhouses", "contracts"]
    cfg = dict(kind="tournament", players=2, strategies=["random"], games=6, seed=8, bonus_tiles=tiles,
               headstreams=[[1, 2, 3, 4], [5, 6, 7, 8]], overrides={"bonus_tiles.conduits.vp_per_unit": 3})
    _run(cfg, tmp_path / "fixed")
    df = rows(tmp_path / "fixed")
    assert (df.bonus_tiles == ",".join(tiles)).all()
    assert sorted(df.headstream_tiles.unique()) == ["1,2,3,4", "5,6,7,8"]
    assert (df.overrides == "bonus_tiles.conduits.vp_per_unit=3").all()
    assert manifest(tmp_path / "fixed")["config"]["overrides"] == {"bonus_tiles.conduits.vp_per_unit": 3}


def test_vary_flags_on_the_command_line(invoke, tmp_path: Path) -> None:
    out = tmp_path / "cli"
    r = invoke(["balance", "-p", "2", "--companies", "USA", "--officers", "Viktor", "--vary", "intro",
                "--expansion", "geological", "--vary", "expansions", "-n", "2", "--seed", "1", "--out", out, "-q"])
    assert r.exit_code == 0, r.output
    df = rows(out)
    assert sorted(df.setup.unique()) == ["full", "full,geological", "intro", "intro,geological"]
    own = df[df.company + "+" + df.officer == df.cell]
    assert (own.groupby("game").size() == 1).all() and (own.company == "USA").all()
    assert (own[~own.intro].officer == "Viktor Fiesler").all()              # --officers restricts the full game
    assert own[own.intro].officer.nunique() == 1                             # intro: USA's fixed pairing (SETUP-18)
    assert "setup" in r.stdout


def test_each_levels_of_the_tile_factors_are_balanced() -> None:
    """`"each"`: remove_tiles = none then every advanced tile alone; bonus_tiles = six cyclic windows (every tile
    absent once and in every round once); headstreams = eight cyclic windows (every tile on every headstream once)."""
    from experiments.experiment_config import ExperimentConfig
    from sim import ids

    cfg = ExperimentConfig.from_dict({"kind": "tournament", "remove_tiles": "each", "bonus_tiles": "each",
                                      "headstreams": "each"})
    advanced = ids.TILE_NAMES[ids.FIRST_ADVANCED_TILE:ids.T_ANTON]
    assert cfg.remove_tiles == ((),) + tuple((t,) for t in advanced)
    assert len(cfg.bonus_tiles) == 6
    assert sorted(sorted(set(ids.BONUS_NAMES[:ids.N_BASE_BONUS]) - set(level)) for level in cfg.bonus_tiles) == \
        sorted([b] for b in ids.BONUS_NAMES[:ids.N_BASE_BONUS])
    for r in range(5):
        assert sorted(level[r] for level in cfg.bonus_tiles) == sorted(ids.BONUS_NAMES[:ids.N_BASE_BONUS])
    assert len(cfg.headstreams) == 8 and all(len(level) == 4 for level in cfg.headstreams)
    for h in range(4):
        assert sorted(level[h] for level in cfg.headstreams) == list(range(1, 9))
    assert len(cfg.setups()) == 16 * 6 * 8


def test_vary_remove_tiles_on_the_command_line_shares_seeds_across_levels(invoke, tmp_path: Path) -> None:
    out = tmp_path / "removed"
    r = invoke(["tournament", "-p", "2", "--vary", "remove_tiles", "-n", "2", "--seed", "3", "--out", out, "-q"])
    assert r.exit_code == 0, r.output
    df = rows(out)
    assert df.remove_tiles.nunique() == 16 and (df[df.remove_tiles == ""].setup == "full").all()
    assert (df.groupby("remove_tiles").seed.apply(lambda s: tuple(sorted(set(s)))).nunique()) == 1   # CRN
    for removed, block in df[df.remove_tiles != ""].groupby("remove_tiles"):
        assert not block.tiles.str.contains(f"{removed}@").any()              # S-05: never bought
