"""load_results: valid directories load; missing, empty or corrupt ones raise a one-line ResultsError with the path."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from reports import ResultsError, cli_report, load_results
from reports.results import REQUIRED_COLUMNS


def _copy(results: Path, tmp_path: Path) -> Path:
    """A private, writable copy of the session's results directory (without its report)."""
    target = tmp_path / "results"
    shutil.copytree(results, target, ignore=shutil.ignore_patterns("report"))
    return target


def _first_shard(results: Path) -> Path:
    return sorted((results / "shards").glob("*.parquet"))[0]


def _assert_error(path: Path, *fragments: str) -> None:
    with pytest.raises(ResultsError) as caught:
        load_results(path)
    message = str(caught.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, message


def test_valid_directory_loads_all_shards(balance_results: Path) -> None:
    manifest, rows = load_results(balance_results)
    assert manifest["format"] == 1
    assert len(rows) == 28 * 150 * 4
    assert set(REQUIRED_COLUMNS) <= set(rows.columns)
    assert str(rows["company"].dtype) == "category"
    assert rows["focal"].sum() == 28 * 150 and rows.attrs["warnings"] == []


def test_old_results_without_focal_and_replicate_load_with_a_warning(balance_results: Path, tmp_path: Path) -> None:
    results = _copy(balance_results, tmp_path)
    for shard in (results / "shards").glob("*.parquet"):
        pq.write_table(pq.read_table(shard).drop_columns(["focal", "replicate"]), shard)
    _, rows = load_results(results)
    _, new = load_results(balance_results)
    assert (rows["focal"].to_numpy() == new["focal"].to_numpy()).all()      # derived from the cell label
    assert (rows["replicate"] == rows["game"]).all()                         # every game its own cluster
    assert len(rows.attrs["warnings"]) == 1 and "predate the focal and replicate" in rows.attrs["warnings"][0]


def test_focal_of_the_wrong_type(balance_results: Path, tmp_path: Path) -> None:
    results = _copy(balance_results, tmp_path)
    shard = _first_shard(results)
    table = pq.read_table(shard)
    index = table.schema.get_field_index("focal")
    pq.write_table(table.set_column(index, "focal", pa.array(["yes"] * table.num_rows)), shard)
    _assert_error(results, str(shard), "column focal has type string, expected a boolean")


def test_missing_directory(tmp_path: Path) -> None:
    _assert_error(tmp_path / "nowhere", str(tmp_path / "nowhere"), "does not exist")


def test_empty_directory_has_no_manifest(tmp_path: Path) -> None:
    _assert_error(tmp_path, str(tmp_path), "no manifest.json")


def test_manifest_with_bad_json(balance_results: Path, tmp_path: Path) -> None:
    results = _copy(balance_results, tmp_path)
    (results / "manifest.json").write_text('{"format": 1,\n "name": ', encoding="utf-8")
    _assert_error(results, str(results / "manifest.json"), "invalid JSON", "line 2")


def test_manifest_missing_keys_and_wrong_format(balance_results: Path, tmp_path: Path) -> None:
    results = _copy(balance_results, tmp_path)
    manifest = json.loads((results / "manifest.json").read_text(encoding="utf-8"))
    (results / "manifest.json").write_text(json.dumps({**manifest, "format": 2}), encoding="utf-8")
    _assert_error(results, "manifest.json", "unsupported format 2")
    del manifest["master_seed"]
    (results / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    _assert_error(results, "manifest.json", "missing keys master_seed")


def test_no_shards(balance_results: Path, tmp_path: Path) -> None:
    results = _copy(balance_results, tmp_path)
    shutil.rmtree(results / "shards")
    _assert_error(results, str(results / "shards"), "no parquet shards")
    (results / "shards").mkdir()
    _assert_error(results, str(results / "shards"), "no parquet shards")


def test_corrupt_parquet(balance_results: Path, tmp_path: Path) -> None:
    results = _copy(balance_results, tmp_path)
    shard = _first_shard(results)
    shard.write_bytes(b"PAR1 this is not really parquet\n at all")
    _assert_error(results, str(shard), "unreadable parquet")


def test_missing_required_column(balance_results: Path, tmp_path: Path) -> None:
    results = _copy(balance_results, tmp_path)
    shard = _first_shard(results)
    pq.write_table(pq.read_table(shard).drop_columns(["win", "officer"]), shard)
    _assert_error(results, str(shard), "missing required columns", "officer", "win")


def test_shards_without_rows(balance_results: Path, tmp_path: Path) -> None:
    results = _copy(balance_results, tmp_path)
    shards = sorted((results / "shards").glob("*.parquet"))
    for shard in shards:
        pq.write_table(pq.read_table(shard).slice(0, 0), shard)
    _assert_error(results, str(results), "no result rows")


def test_wins_not_summing_to_one_per_game(balance_results: Path, tmp_path: Path) -> None:
    results = _copy(balance_results, tmp_path)
    shard = _first_shard(results)
    table = pq.read_table(shard)
    win = table["win"].to_numpy().copy()
    win[0] = 1.0 - win[0]
    pq.write_table(table.set_column(table.schema.get_field_index("win"), "win", pa.array(win)), shard)
    _assert_error(results, str(results), f"game {table['game'][0].as_py()} has wins summing to", "expected 1")


def test_cli_report_prints_the_error_and_exits_with_status_two(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as caught:
        cli_report(str(tmp_path), None)
    assert caught.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "no manifest.json" in error


def test_report_into_a_file_or_unwritable_place_is_one_line(balance_results: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture) -> None:
    target = tmp_path / "a-file"
    target.write_text("not a directory")
    with pytest.raises(SystemExit) as caught:
        cli_report(str(balance_results), str(target))
    assert caught.value.code == 2 and "is a file; give a directory" in capsys.readouterr().err
    with pytest.raises(SystemExit) as caught:                  # under a file: nothing can be created there
        cli_report(str(balance_results), str(target / "report"))
    err = capsys.readouterr().err
    assert caught.value.code == 2 and err.count("\n") == 1 and "cannot write the report" in err
    assert target.read_text() == "not a directory"


def test_a_copied_shard_is_named(balance_results: Path, tmp_path: Path) -> None:
    """Issue #12.2 (report side): a copied shard used to be counted, or caught only as a duplicate game."""
    results = _copy(balance_results, tmp_path)
    copy = results / "shards" / "part-00999.parquet"
    copy.write_bytes(_first_shard(results).read_bytes())
    _assert_error(results, "part-00999.parquet: holds game", "part-00000.parquet holds too")
