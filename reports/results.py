"""Loading and validating a results directory as specified in docs/results-format.md."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

SUPPORTED_FORMAT = 1

MANIFEST_KEYS = (
    "format", "kind", "name", "master_seed", "package_version", "map", "map_fidelity",
    "players", "strategies", "games_planned", "games_done",
)

BASE_VP_SOURCE_COLUMNS = (
    "vp_start", "vp_energy_award", "vp_energy_track", "vp_bonus_tiles", "vp_objective", "vp_resources",
    "vp_dams", "vp_contracts", "vp_incomes", "vp_conduits", "vp_tiles",
)
# VP sources added later (The Leeghwater Project's `buildings`, `external_works`; Barrage: Duel's `duel`): read when
# present, 0 for results written before them or by games without the module.
LATER_VP_SOURCE_COLUMNS = ("vp_buildings", "vp_external_works", "vp_duel")
VP_SOURCE_COLUMNS = BASE_VP_SOURCE_COLUMNS + LATER_VP_SOURCE_COLUMNS
ROUNDS = (1, 2, 3, 4, 5)
ENERGY_COLUMNS = tuple(f"energy_r{r}" for r in ROUNDS)

# Only the columns the report reads are required (and read): the other contract columns can evolve
# without breaking reports, and skipping them keeps a million-row load small.
CATEGORY_COLUMNS = ("cell", "map_fidelity", "strategy", "company", "officer")
NUMBER_COLUMNS = ("game", "players", "seat", "turn_pos_r1", "vp", *BASE_VP_SOURCE_COLUMNS, "rank", "win",
                  *ENERGY_COLUMNS)
REQUIRED_COLUMNS = (*CATEGORY_COLUMNS, *NUMBER_COLUMNS)
# Read when present; results written before the column existed get the default.
OPTIONAL_COLUMNS = {"setup": "full", "objective": "", "bonus_tiles": "", "headstream_tiles": "", "remove_tiles": "",
                    "tiles": ""}
# The per-seat tile records (`tiles`, issue #13) are new: results without them get no tile section.
TILE_RECORD_COLUMN = "tiles"
# Whose result a row is (`focal`) and its common-random-numbers cluster (`replicate`); results written before
# these columns existed get them derived, with a warning (OLD_RESULTS_WARNING).
DESIGN_COLUMNS = ("focal", "replicate")
OLD_RESULTS_WARNING = (
    "these results predate the focal and replicate columns: focal seats were derived from the cell label "
    "(company+officer) and every game is treated as its own cluster, which understates the uncertainty of "
    "estimates pooled over cells under common random numbers; rerun the experiment for exact clustering")

WIN_SUM_TOLERANCE = 1e-6
# Shard file name -> SHA-256 of its bytes, recorded by the run as it wrote the shard; absent in results written
# before checksums, and for a shard whose run was killed before the manifest after it (such shards are not checked).
DIGESTS_KEY = "shard_sha256"


class ResultsError(Exception):
    """A results directory is missing, empty or does not follow the results format."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.splitlines()))


def load_results(results_dir: str | Path) -> tuple[dict[str, Any], pd.DataFrame]:
    """Read and validate manifest.json and all shards; string columns come back as categoricals."""
    root = Path(results_dir)
    if not root.is_dir():
        raise ResultsError(f"{root}: {'not a directory' if root.exists() else 'results directory does not exist'}")
    manifest = _read_manifest(root / "manifest.json")
    shard_paths = sorted((root / "shards").glob("*.parquet"))
    if not shard_paths:
        raise ResultsError(f"{root / 'shards'}: no parquet shards found")
    digests = _recorded_digests(manifest, root / "manifest.json")
    tables = [_read_shard(path, digests) for path in shard_paths]
    _check_shards_disjoint(shard_paths, tables)
    old_format = any(column not in table.column_names for table in tables for column in DESIGN_COLUMNS)
    if old_format:
        tables = [table.select([c for c in table.column_names if c not in DESIGN_COLUMNS]) for table in tables]
    try:
        rows = pa.concat_tables(tables, promote_options="permissive").to_pandas()
    except pa.ArrowException as error:
        raise ResultsError(f"{root / 'shards'}: shards have incompatible schemas ({error})") from None
    if rows.empty:
        raise ResultsError(f"{root}: the shards contain no result rows")
    _check_rows(rows, root)
    tile_records = TILE_RECORD_COLUMN in rows.columns
    for column in LATER_VP_SOURCE_COLUMNS:
        rows[column] = rows[column].fillna(0).astype("int64") if column in rows.columns else 0
    for column, default in OPTIONAL_COLUMNS.items():
        if column not in rows.columns:
            rows[column] = default
        rows[column] = rows[column].fillna(default)
    for column in (*CATEGORY_COLUMNS, *OPTIONAL_COLUMNS):
        rows[column] = rows[column].astype("category")
    rows.attrs["warnings"] = []
    rows.attrs["tile_records"] = tile_records
    if old_format:
        _derive_design_columns(rows)
        rows.attrs["warnings"].append(OLD_RESULTS_WARNING)
    return manifest, rows


def text(column: pd.Series) -> np.ndarray:
    """A column's values as str (an object array), converting each distinct value once: `astype(str)` on the
    categorical columns of a million rows builds a million strings (seconds of a report)."""
    codes, uniques = pd.factorize(column)
    if (codes < 0).any():
        return column.astype(str).to_numpy()
    return np.array([str(u) for u in uniques] + [""], dtype=object)[codes]


def _derive_design_columns(rows: pd.DataFrame) -> None:
    """focal = the seat whose company+officer is its cell's label (every seat of a cell "all"); replicate = game."""
    pairing = pd.Series(text(rows["company"]) + "+" + text(rows["officer"]), index=rows.index)
    cell = pd.Series(text(rows["cell"]), index=rows.index)
    rows["focal"] = (cell == "all") | (pairing == cell)
    rows["replicate"] = rows["game"].to_numpy(np.int64)


def _read_manifest(path: Path) -> dict[str, Any]:
    """Parse manifest.json and check its keys and format version."""
    if not path.is_file():
        raise ResultsError(f"{path.parent}: no manifest.json")
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ResultsError(f"{path}: invalid JSON at line {error.lineno} column {error.colno}: {error.msg}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ResultsError(f"{path}: unreadable ({error})") from None
    if not isinstance(manifest, dict):
        raise ResultsError(f"{path}: expected a JSON object, found {type(manifest).__name__}")
    missing = [key for key in MANIFEST_KEYS if key not in manifest]
    if missing:
        raise ResultsError(f"{path}: missing keys {', '.join(missing)}")
    if manifest["format"] != SUPPORTED_FORMAT:
        raise ResultsError(f"{path}: unsupported format {manifest['format']!r} (expected {SUPPORTED_FORMAT})")
    return manifest


def _recorded_digests(manifest: dict[str, Any], path: Path) -> dict[str, str]:
    """The manifest's shard checksums ({} when it records none)."""
    digests = manifest.get(DIGESTS_KEY, {})
    if not isinstance(digests, dict) or not all(isinstance(value, str) for value in digests.values()):
        raise ResultsError(f"{path}: {DIGESTS_KEY} is damaged (expected an object of shard name -> SHA-256 hex)")
    return digests


def _check_digest(path: Path, digests: dict[str, str]) -> None:
    """Refuse a shard whose bytes are not the ones its run recorded (a damaged or replaced file)."""
    if path.name not in digests:
        return
    try:
        with open(path, "rb") as file:
            digest = hashlib.file_digest(file, "sha256").hexdigest()
    except OSError as error:
        raise ResultsError(f"{path}: unreadable ({error})") from None
    if digest != digests[path.name]:
        raise ResultsError(f"{path}: its SHA-256 differs from the one manifest.json recorded when it was written "
                           f"(the shard was damaged or replaced since); delete {path.name} and run the experiment "
                           "again with --resume to play its games again")


def _read_shard(path: Path, digests: dict[str, str]) -> pa.Table:
    """Read the required columns of one shard after checking its bytes and its schema."""
    _check_digest(path, digests)
    try:
        schema = pq.read_schema(path)
    except (pa.ArrowException, OSError) as error:
        raise ResultsError(f"{path}: unreadable parquet ({error})") from None
    missing = [column for column in REQUIRED_COLUMNS if column not in schema.names]
    if missing:
        raise ResultsError(f"{path}: missing required columns {', '.join(missing)}")
    for column in NUMBER_COLUMNS:
        kind = schema.field(column).type
        if not (pa.types.is_integer(kind) or pa.types.is_floating(kind)):
            raise ResultsError(f"{path}: column {column} has type {kind}, expected a number")
    for column in CATEGORY_COLUMNS:
        kind = schema.field(column).type
        if pa.types.is_dictionary(kind):
            kind = kind.value_type
        if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
            raise ResultsError(f"{path}: column {column} has type {kind}, expected a string")
    for column, check in (("focal", pa.types.is_boolean), ("replicate", pa.types.is_integer)):
        if column in schema.names and not check(schema.field(column).type):
            raise ResultsError(f"{path}: column {column} has type {schema.field(column).type}, expected "
                               f"{'a boolean' if column == 'focal' else 'an integer'}")
    try:
        optional = [column for column in (*OPTIONAL_COLUMNS, *DESIGN_COLUMNS, *LATER_VP_SOURCE_COLUMNS)
                    if column in schema.names]
        return pq.read_table(path, columns=[*REQUIRED_COLUMNS, *optional])
    except (pa.ArrowException, OSError) as error:
        raise ResultsError(f"{path}: unreadable parquet ({error})") from None


def _check_shards_disjoint(paths: list[Path], tables: list[pa.Table]) -> None:
    """A game lives in exactly one shard: a copied or foreign shard holding games of another is named."""
    owner: dict[int, Path] = {}
    for path, table in zip(paths, tables):
        games = np.unique(table.column("game").to_numpy())
        clash = [g for g in games.tolist() if g in owner]
        if clash:
            raise ResultsError(f"{path}: holds game {clash[0]}, which {owner[clash[0]].name} holds too (a copied or "
                               "foreign shard); remove one of them")
        owner.update(dict.fromkeys(games.tolist(), path))


def _check_rows(rows: pd.DataFrame, root: Path) -> None:
    """Check the invariants every statistic relies on: one row per seat, wins in [0, 1] summing to 1 per game."""
    has_missing = rows.isna().any()
    incomplete = has_missing.index[has_missing].tolist()
    if incomplete:
        raise ResultsError(f"{root}: missing values in columns {', '.join(incomplete)}")
    win = rows["win"].to_numpy(float)
    if win.min() < 0 or win.max() > 1:
        raise ResultsError(f"{root}: column win has values outside [0, 1]")
    duplicated = rows.duplicated(["game", "seat"])
    if duplicated.any():
        first = rows.loc[duplicated.idxmax()]
        raise ResultsError(f"{root}: game {first['game']} has more than one row for seat {first['seat']}")
    per_game = rows.groupby("game", sort=False).agg(seats=("seat", "size"), players=("players", "first"),
                                                     wins=("win", "sum"))
    wrong_size = per_game.index[per_game["seats"] != per_game["players"]]
    if len(wrong_size):
        game = wrong_size[0]
        raise ResultsError(f"{root}: game {game} has {per_game.at[game, 'seats']} rows for "
                           f"{per_game.at[game, 'players']} players")
    wrong_wins = per_game.index[np.abs(per_game["wins"] - 1.0) > WIN_SUM_TOLERANCE]
    if len(wrong_wins):
        game = wrong_wins[0]
        raise ResultsError(f"{root}: game {game} has wins summing to {per_game.at[game, 'wins']:.6g} (expected 1)")
