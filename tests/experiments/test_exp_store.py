"""Result rows from play_batch's arrays: schema, names, split wins; atomic shard writes."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow.parquet as pq

from experiments.store import SCHEMA, ResultsStore, build_table
from sim import ids
from sim.results import G_HEAD_TILES, N_GAME, N_RESULT, R_COMPANY, R_OFFICER, R_RANK, R_VP
from sim.variant import Variant


def _arrays(n: int = 6, seed: int = 0):
    rng = np.random.default_rng(seed)
    so = np.zeros((n, 4, N_RESULT), dtype=np.int64)
    go = np.zeros((n, N_GAME), dtype=np.int64)
    for g in range(n):
        so[g, :, R_COMPANY] = rng.permutation(4)
        so[g, :, R_OFFICER] = rng.permutation(7)[:4]
        so[g, :, R_VP] = rng.integers(0, 50, 4)
        go[g, 0:5] = rng.permutation(6)[:5]
        go[g, 5] = rng.integers(0, 6)
        go[g, G_HEAD_TILES:G_HEAD_TILES + 5] = list(rng.permutation(8)[:4]) + [-1]   # 4 headstreams on the map
    so[:, :, R_RANK] = [1, 2, 3, 4]
    so[1, :3, R_RANK] = [1, 1, 3]            # a 2-way tie for first in a 3-player game
    so[2, :, R_RANK] = [2, 1, 1, 1]           # a 3-way tie in a 4-player game
    return so, go


def test_rows_follow_the_schema_and_split_tied_wins() -> None:
    so, go = _arrays()
    players = np.array([4, 3, 4, 2, 4, 4])
    t = build_table(game=np.arange(10, 16), cell=np.array([0, 1, 1, 0, 0, 1]), cell_names=["all", "USA+Anton Krylov"],
                    seed=np.arange(6) * 7, players=players, setup=np.zeros(6, dtype=np.int64), setup_names=["full"],
                    setup_variants=[Variant()], map_fidelity="official", strategy=np.tile([0, 1, 0, 1], (6, 1)), strategy_names=["random", "random_actions"],
                    seat_out=so, game_out=go, replicate=np.array([0, 1, 2, 0, 1, 2]),
                    focal_seat=np.array([-1, 2, 0, -1, -1, 1]))
    assert t.schema == SCHEMA and t.num_rows == players.sum()
    df = t.to_pandas()
    assert df.groupby("game").win.sum().round(12).eq(1.0).all()
    assert df[df.game == 11].win.tolist() == [0.5, 0.5, 0.0]
    assert np.allclose(df[df.game == 12].win, [0, 1 / 3, 1 / 3, 1 / 3])
    assert df[df.game == 13].seat.tolist() == [0, 1] and df[df.game == 13].cell.tolist() == ["all", "all"]
    assert df[df.game == 10].focal.all() and df[df.game == 11].focal.tolist() == [False, False, True]
    assert df[df.game == 15].focal.tolist() == [False, True, False, False]
    assert df.groupby("game").replicate.first().tolist() == [0, 1, 2, 0, 1, 2]
    for g in range(6):
        rows = df[df.game == 10 + g]
        assert rows.bonus_tiles.iloc[0] == ",".join(ids.BONUS_NAMES[b] for b in go[g, 0:5])
        assert rows.objective.iloc[0] == ids.OBJECTIVE_NAMES[go[g, 5]]
        assert rows.headstream_tiles.iloc[0] == ",".join(str(t + 1) for t in go[g, G_HEAD_TILES:G_HEAD_TILES + 4])
        assert (rows.setup == "full").all() and (~rows.intro).all() and (rows.expansions == "").all()
        assert rows.company.tolist() == [ids.COMPANY_NAMES[c] for c in so[g, :players[g], R_COMPANY]]
        assert rows.strategy.tolist() == ["random", "random_actions", "random", "random_actions"][:players[g]]


def test_shards_are_written_atomically(tmp_path: Path) -> None:
    so, go = _arrays(3)
    t = build_table(game=np.arange(3), cell=np.zeros(3, dtype=np.int64), cell_names=["all"], seed=np.arange(3),
                    players=np.full(3, 4), setup=np.array([0, 1, 1]), setup_names=["full", "intro,geological"],
                    setup_variants=[Variant(), Variant(intro=True, expansions=("geological",))],
                    map_fidelity="official", strategy=np.zeros((3, 4), dtype=np.int64), strategy_names=["random"],
                    seat_out=so, game_out=go, replicate=np.arange(3), focal_seat=np.full(3, -1))
    st = ResultsStore(tmp_path / "out")
    st.prepare(force=False)
    (st.shards / ".part-00003.parquet.tmp-999").write_bytes(b"half a shard")   # left by a killed run
    (st.root / ".manifest.json.tmp-998").write_text("{")
    (st.root / "thesis.tmp-draft.docx").write_text("a user's file")              # not ours: never deleted
    (st.shards / "notes.tmp-1").write_text("a user's file")
    st.prepare(force=False)
    assert sorted(p.name for p in st.shards.iterdir()) == ["notes.tmp-1"]
    assert sorted(p.name for p in st.root.iterdir()) == ["shards", "thesis.tmp-draft.docx"]
    (st.shards / "notes.tmp-1").unlink()
    p = st.write_shard(12, t)
    assert p.name == "part-00012.parquet" and sorted(x.name for x in st.shards.iterdir()) == [p.name]
    assert pq.read_table(p).equals(t) and set(st.done_chunks()) == {12}
    df = t.to_pandas()
    assert df.groupby("game").setup.first().tolist() == ["full", "intro,geological", "intro,geological"]
    assert df.groupby("game").intro.first().tolist() == [False, True, True]
    assert df.groupby("game").expansions.first().tolist() == ["", "geological", "geological"]


def test_the_lock_refuses_a_second_run_and_names_its_holder(tmp_path: Path) -> None:
    """Two runs on one --out used to mix silently; now the second is refused while the first holds the lock."""
    import pytest

    from sim.errors import ConfigError

    first, second = ResultsStore(tmp_path / "out"), ResultsStore(tmp_path / "out")
    with first.locked() as created:
        assert created
        with pytest.raises(ConfigError, match=r"out: .* is in use by another barrage run \(pid \d+ on "):
            with second.locked():
                pass
    assert not (tmp_path / "out").exists()          # nothing written: the lock leaves no directory behind
    with second.locked():                           # released: the next run gets it
        second.prepare(force=False)
        second.write_manifest({"format": 1})
    assert (tmp_path / "out" / "manifest.json").exists() and not (tmp_path / "out" / ".lock-owner.json").exists()
