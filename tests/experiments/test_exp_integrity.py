"""Results nobody can corrupt (issue #35), by fault injection: shard checksums in the manifest, shards checked
against the plan, one code version per run; a bad shard is named in one line by --resume, `report` and `replay`."""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from exp_helpers import REPO, manifest, rows

from experiments.experiment_config import ExperimentConfig
from experiments.runner import RunOptions, run_experiment
from reports.results import ResultsError, load_results
from sim.errors import ConfigError

# 4 cells x 10 games, one shard per 10 games: part-00000 .. part-00003
BALANCE = dict(kind="balance", players=[2], companies=["USA", "Italy"], officers=["Viktor", "Anton"],
               strategies=["greedy"], games_per_cell=10, chunk_size=10, seed=4)


def _run(cfg: dict, out: Path, **kw) -> None:
    run_experiment(ExperimentConfig.from_dict(cfg), RunOptions(out=out, progress=False, **kw))


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _edit_manifest(out: Path, **changes) -> None:
    (out / "manifest.json").write_text(json.dumps({**manifest(out), **changes}))


def _drop_checksums(out: Path) -> None:
    """Makes `out` look written before checksums: no shard_sha256 in its manifest."""
    m = manifest(out)
    m.pop("shard_sha256", None)
    (out / "manifest.json").write_text(json.dumps(m))


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    """A finished run of BALANCE."""
    out = tmp_path_factory.mktemp("finished") / "run"
    _run(BALANCE, out)
    return out


@pytest.fixture
def partial(finished: Path, tmp_path: Path) -> Path:
    """A copy of `finished` as a kill before its last chunk leaves it: part-00003 missing, the manifest not ended."""
    out = tmp_path / "partial"
    shutil.copytree(finished, out)
    (out / "shards" / "part-00003.parquet").unlink()
    _edit_manifest(out, ended=None)
    return out


def _flip_last_byte_of(path: Path, column: str) -> None:
    """Inverts the last byte of a column's data in a shard (the file stays a Parquet file)."""
    meta = pq.ParquetFile(path).metadata.row_group(0)
    chunk = next(meta.column(i) for i in range(meta.num_columns) if meta.column(i).path_in_schema == column)
    start = chunk.dictionary_page_offset if chunk.has_dictionary_page else chunk.data_page_offset
    data = bytearray(path.read_bytes())
    data[start + chunk.total_compressed_size - 1] ^= 0xFF
    path.write_bytes(bytes(data))


def _refused_untouched(out: Path, error: str) -> None:
    """--resume of `out` is refused with `error` (a regex) and writes nothing."""
    before = {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file() and p.name != ".lock"}
    with pytest.raises(ConfigError, match=error):
        _run(BALANCE, out, resume=True)
    assert {p: p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file() and p.name != ".lock"} == before


def test_every_shard_s_sha256_is_in_the_manifest(finished: Path) -> None:
    shards = sorted((finished / "shards").glob("part-*.parquet"))
    assert manifest(finished)["shard_sha256"] == {p.name: _sha256(p) for p in shards} and len(shards) == 4


def test_a_flipped_byte_nobody_reads_is_refused_by_resume_and_report(partial: Path, finished: Path) -> None:
    """D3: a flipped byte in a column resume does not read used to pass --resume (the run then marked ended), and a
    second --resume accepted it again; now both refuse it in one line naming the shard, as `report` does."""
    shard = partial / "shards" / "part-00001.parquet"
    _flip_last_byte_of(shard, "decisions")
    damaged = (r"part-00001.parquet: its SHA-256 differs from the one manifest.json recorded when it was written "
               r".*; delete part-00001.parquet and run the experiment again with --resume")
    _refused_untouched(partial, damaged)
    _refused_untouched(partial, damaged)
    assert manifest(partial)["ended"] is None
    with pytest.raises(ResultsError, match=damaged):
        load_results(partial)
    shard.unlink()                                  # what the message says to do
    _run(BALANCE, partial, resume=True)
    pd.testing.assert_frame_equal(rows(partial), rows(finished))
    assert manifest(partial)["shard_sha256"] == manifest(finished)["shard_sha256"]


def test_a_shard_of_a_random_run_copied_into_a_greedy_one_is_refused(partial: Path, tmp_path: Path) -> None:
    """W1: a shard of the same command with -s random copied into a greedy run used to be accepted by --resume
    (its rows counted as greedy games); now the shard's rows are checked against the plan."""
    other = tmp_path / "random"
    _run({**BALANCE, "strategies": ["random"]}, other)
    shutil.copy(other / "shards" / "part-00001.parquet", partial / "shards" / "part-00001.parquet")
    _refused_untouched(partial, r"part-00001.parquet does not hold the planned games 10..19 of this experiment "
                                r"\(strategy of row 0 is 'random', the plan has 'greedy'")


def test_a_changed_win_is_refused_by_resume_and_report(partial: Path) -> None:
    """W1: a shard whose `win` column was changed (a valid Parquet file, every planned column intact, wins still
    summing to 1) used to be accepted; its bytes are no longer the ones recorded."""
    shard = partial / "shards" / "part-00002.parquet"
    table = pq.read_table(shard)
    win = table.column("win").to_pylist()
    win[0], win[1] = win[1], win[0]                 # game 20's two seats swap their result
    assert win != table.column("win").to_pylist()
    table = table.set_column(table.schema.get_field_index("win"), "win", pa.array(win, pa.float64()))
    pq.write_table(table, shard, compression="zstd")
    damaged = r"part-00002.parquet: its SHA-256 differs from the one manifest.json recorded"
    _refused_untouched(partial, damaged)
    with pytest.raises(ResultsError, match=damaged):
        load_results(partial)


def test_a_geological_shard_in_a_base_run_is_one_line(partial: Path, tmp_path: Path) -> None:
    """X6: a shard of the same experiment with The Geological Factor used to stop --resume with an unexpected
    KeyError (its setup label is not one of this run's)."""
    geo = tmp_path / "geo"
    _run({**BALANCE, "expansions": ["geological"]}, geo)
    shutil.copy(geo / "shards" / "part-00002.parquet", partial / "shards" / "part-00002.parquet")
    _refused_untouched(partial, r"part-00002.parquet does not hold the planned games 20..29 of this experiment "
                                r"\(setup of row 0 is 'full,geological', the plan has 'full'")


@pytest.mark.parametrize("key,value", [("git_revision", "0123456789abcdef0123456789abcdef01234567"),
                                       ("package_version", "0.0.1")])
def test_resume_with_another_code_version_is_refused(partial: Path, key: str, value: str) -> None:
    """W2: a partial run started by other code used to be resumed (exit 0) and its manifest rewritten with this
    code's version, hiding the mix; now --resume refuses it in one line naming both versions."""
    _edit_manifest(partial, **{key: value})
    _refused_untouched(partial, rf"was started by barrage-sim .*{value}.*, this is .*; resume it with the code "
                                "that started it, or use --force or another --out")


def test_results_written_before_checksums_load_and_a_resume_records_them(partial: Path, finished: Path) -> None:
    """Pinned results (no shard_sha256 in their manifest) still load; the resume of such a run records them."""
    _drop_checksums(partial)
    assert load_results(partial)[1].game.nunique() == 30
    _run(BALANCE, partial, resume=True)
    assert manifest(partial)["shard_sha256"] == manifest(finished)["shard_sha256"]


@pytest.mark.parametrize("damage", [["part-00000.parquet"], {"part-00000.parquet": 7}])
def test_a_damaged_checksum_record_is_one_line(partial: Path, damage) -> None:
    _edit_manifest(partial, shard_sha256=damage)
    _refused_untouched(partial, r"manifest.json has a damaged shard_sha256 \(expected an object of shard name")
    with pytest.raises(ResultsError, match="shard_sha256 is damaged"):
        load_results(partial)


def _damaged_copy(finished: Path, tmp_path: Path, damage: str) -> Path:
    """A copy of `finished` whose part-00001 (games 10..19) is truncated or has a flipped byte in a column replay
    does not read; `unrecorded`: in results written before checksums."""
    out = tmp_path / "damaged"
    shutil.copytree(finished, out)
    shard = out / "shards" / "part-00001.parquet"
    if damage == "flipped":
        _flip_last_byte_of(shard, "decisions")
    else:
        shard.write_bytes(shard.read_bytes()[:300])
    if damage == "truncated, unrecorded":
        _drop_checksums(out)
    return out


@pytest.mark.parametrize("damage,problem", [("truncated", "its SHA-256 differs"), ("flipped", "its SHA-256 differs"),
                                           ("truncated, unrecorded", r"unreadable \(")])
def test_replay_of_a_game_in_a_damaged_shard_names_it_and_the_others_replay(finished: Path, tmp_path: Path,
                                                                            damage: str, problem: str) -> None:
    """X9: one truncated shard used to stop the replay of every game (an unexpected ArrowInvalid); D3: a shard with
    a flipped byte was read as if intact. The games of the intact shards replay; a game of the damaged shard is a
    one-line error naming it."""
    from experiments.replay import replay_game

    out = _damaged_copy(finished, tmp_path, damage)
    _, stored = replay_game(out, game=25)
    assert stored.game == 25
    error = (rf"replay: no game 12 in the intact shards of .*; it may be in a damaged one: results: "
             rf".*part-00001.parquet: {problem}.*; delete part-00001.parquet and run the experiment again with "
             "--resume to play its games again$")
    with pytest.raises(ConfigError, match=error):
        replay_game(out, game=12)


def test_the_replay_command_names_a_damaged_shard_in_one_line(finished: Path, tmp_path: Path) -> None:
    out = _damaged_copy(finished, tmp_path, "truncated")
    p = subprocess.run([sys.executable, "-m", "experiments", "replay", str(out), "--game", "12"], cwd=REPO,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1, p.stderr
    assert "part-00001.parquet: its SHA-256 differs" in p.stderr and "Traceback" not in p.stderr
