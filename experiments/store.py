"""The results directory of docs/results-format.md: manifest.json plus shards/part-NNNNN.parquet.

Shard k holds exactly the games of chunk k, so the set of shard files *is* the record of finished work: a shard
is written to a temporary name and renamed into place (atomic on POSIX), the manifest is rewritten the same way
after it, and a resumed run re-plays only the chunks without a shard. The manifest write after a shard records the
SHA-256 of its bytes (`shard_sha256`), checked whenever the shard is read back (resume, replay; `reports` checks it
too): a damaged or replaced shard is refused in one line, never counted.
"""
from __future__ import annotations

import contextlib
import datetime as _dt
import errno
import functools
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any, Iterator

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
from filelock import FileLock, Timeout

from sim import ids
from sim import layout as L
from sim.results import (
    G_HEAD_TILES,
    R_BUILT,
    R_COMPANY,
    R_CONTRACTS_BY_KIND,
    R_DECISIONS,
    R_ENERGY,
    R_FULFILLED,
    R_OFFICER,
    R_RANK,
    R_TILE_ROUND,
    R_TILE_USES,
    R_TURN_POS,
    R_VP,
    R_VP_SRC,
)
from sim.data_loader import load_components
from sim.errors import ConfigError
from sim.tables import compile_tables
from sim.variant import Variant, variant_name

FORMAT = 1
MANIFEST = "manifest.json"
SHARDS = "shards"
_SHARD_RE = re.compile(r"^part-(\d{5,})\.parquet$")
_TMP_MARK = ".tmp-"
# The only temporary files a run writes (and so the only ones it ever deletes): `.part-NNNNN.parquet.tmp-PID` and
# `.manifest.json.tmp-PID`, written then renamed into place by atomic_write.
_TMP_RE = re.compile(r"^\.(part-\d{5,}\.parquet|manifest\.json)\.tmp-\d+$")
LOCK = ".lock"
LOCK_OWNER = ".lock-owner.json"
DIGESTS = "shard_sha256"      # manifest key: shard file name -> SHA-256 of its bytes, recorded when it was committed

VP_SOURCE_COLUMNS = tuple(f"vp_{n}" for n in ids.VP_SOURCE_NAMES)
STRUCTURE_COLUMNS = ("bases", "elevations", "conduits", "powerhouses")
CONTRACT_KIND_COLUMNS = tuple(f"contracts_{k}" for k in ids.CONTRACT_KIND_NAMES)
ADVANCED_TILE_NAMES = ids.TILE_NAMES[ids.FIRST_ADVANCED_TILE:ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES]
SCHEMA = pa.schema(
    [("game", pa.int64()), ("cell", pa.string()), ("seed", pa.int64()), ("players", pa.int8()),
     ("map", pa.string()), ("map_fidelity", pa.string()), ("setup", pa.string()), ("variant", pa.string()),
     ("intro", pa.bool_()),
     ("expansions", pa.string()), ("overrides", pa.string()), ("remove_tiles", pa.string()),
     ("headstream_tiles", pa.string()),
     ("seat", pa.int8()), ("focal", pa.bool_()), ("replicate", pa.int64()), ("strategy", pa.string()), ("company", pa.string()), ("officer", pa.string())]
    + [(f"turn_pos_r{r}", pa.int8()) for r in range(1, 6)]
    + [("vp", pa.int32())] + [(c, pa.int32()) for c in VP_SOURCE_COLUMNS]
    + [("rank", pa.int8()), ("win", pa.float64())]
    + [(f"energy_r{r}", pa.int16()) for r in range(1, 6)]
    + [(c, pa.int8()) for c in STRUCTURE_COLUMNS]
    + [("contracts_fulfilled", pa.int8())] + [(c, pa.int8()) for c in CONTRACT_KIND_COLUMNS]
    + [("tiles", pa.string()), ("tile_uses", pa.string()), ("patent_visits", pa.int8())]
    + [("decisions", pa.int32()), ("bonus_tiles", pa.string()), ("objective", pa.string())]
)
# The columns the experiment's plan decides (_design_columns), in SCHEMA order; the others are the games' outcomes.
DESIGN_COLUMNS = ("game", "cell", "seed", "players", "map", "map_fidelity", "setup", "variant", "intro", "expansions",
                  "overrides", "remove_tiles", "seat", "focal", "replicate", "strategy")


def shard_name(chunk: int) -> str:
    """File name of the shard of a chunk."""
    return f"part-{chunk:05d}.parquet"


def _strings(codes: np.ndarray, values) -> pa.Array:
    """values[codes] as a plain string array (built through a dictionary: no Python string per row)."""
    dictionary = pa.array(list(values), type=pa.string())
    return pa.DictionaryArray.from_arrays(pa.array(codes, type=pa.int32()), dictionary).cast(pa.string())


def _names(names: tuple[str, ...], idx: np.ndarray) -> pa.Array:
    """Name lookup of ids (-1 -> "") as a string array."""
    return _strings(np.asarray(idx) + 1, ("",) + tuple(names))


def _constant(value: str, n: int) -> pa.Array:
    return _strings(np.zeros(n, dtype=np.int32), (value,))


def _head_tiles(game_rows: np.ndarray) -> pa.Array:
    """The headstream tile id on each headstream (map order), comma-separated, from play_batch's game rows."""
    tile_ids = [str(t["id"]) for t in load_components()["headstream_tiles"]]
    return _per_row_text(game_rows[:, G_HEAD_TILES:G_HEAD_TILES + L.MAX_HEADSTREAMS],
                         lambda row: ",".join(tile_ids[t] for t in row if t >= 0))


def _per_row_text(matrix: np.ndarray, text) -> pa.Array:
    """One string per row of an integer matrix, `text(row)` computed once per distinct row."""
    keys, code = np.unique(matrix, axis=0, return_inverse=True)
    return _strings(code.reshape(-1), [text(row) for row in keys.tolist()])


def _tiles_text(rounds: list[int]) -> str:
    """`L2_conduit@2,L1_base@3`: the advanced tiles a seat bought, by round then tile order."""
    taken = sorted((r, i) for i, r in enumerate(rounds) if r >= 0)
    return ",".join(f"{ADVANCED_TILE_NAMES[i]}@{r}" for r, i in taken)


def _tile_uses_text(uses: list[int]) -> str:
    """`base:3,L2_conduit:1`: builds per tile put on the wheel, in tile order (unused tiles left out)."""
    return ",".join(f"{ids.TILE_NAMES[t]}:{n}" for t, n in enumerate(uses) if n > 0)


@functools.lru_cache(maxsize=None)
def _bonus_text(key: int) -> str:
    """The comma-separated bonus tile ids of a key made by build_table (at most 7^5 distinct keys)."""
    nb = len(ids.BONUS_NAMES) + 1
    digits = [(key // nb ** i) % nb for i in range(5)]
    return ",".join(ids.BONUS_NAMES[d - 1] if d else "" for d in digits)


def _design_columns(*, game: np.ndarray, cell: np.ndarray, cell_names: list[str], seed: np.ndarray,
                    players: np.ndarray, setup: np.ndarray, setup_names: list[str], setup_variants: list[Variant],
                    strategy: np.ndarray, strategy_names: list[str], replicate: np.ndarray, focal_seat: np.ndarray,
                    map_fidelity: str | None = None) -> tuple[dict[str, pa.Array], np.ndarray, np.ndarray]:
    """The columns of the result rows (one per game and seat, in game then seat order) that the experiment's plan
    decides, and each row's game and seat index.

    Per game: `game`, `cell` (index into cell_names), `seed`, `players`, `setup` (index into setup_names and
    setup_variants, which give the map, intro flag, expansions and overrides), `replicate` (the common-random-numbers
    cluster) and `focal_seat` (the seat holding the cell's pairing, -1 = every seat); per [game, seat]: `strategy`
    (index into strategy_names). `map_fidelity` is each setup's own (RECON-06) unless given."""
    mask = np.arange(strategy.shape[1])[None, :] < players[:, None]   # real seats only, row-major = game then seat
    gi, si = np.nonzero(mask)
    cols = {
        "game": pa.array(game[gi], pa.int64()),
        "cell": _strings(cell[gi], cell_names),
        "seed": pa.array(seed[gi], pa.int64()),
        "players": pa.array(players[gi], pa.int8()),
        "map": _strings(setup[gi], [v.map for v in setup_variants]),
        "map_fidelity": (_constant(map_fidelity, gi.shape[0]) if map_fidelity is not None else
                         _strings(setup[gi], [compile_tables(v)[1].map_fidelity for v in setup_variants])),
        "setup": _strings(setup[gi], setup_names),
        "variant": _strings(setup[gi], [variant_name(v) for v in setup_variants]),
        "intro": pa.array(np.array([v.intro for v in setup_variants], dtype=bool)[setup[gi]], pa.bool_()),
        "expansions": _strings(setup[gi], [",".join(v.expansions) for v in setup_variants]),
        "overrides": _strings(setup[gi], [",".join(f"{k}={v}" for k, v in x.overrides) for x in setup_variants]),
        "remove_tiles": _strings(setup[gi], [",".join(v.remove_tiles) for v in setup_variants]),
        "seat": pa.array(si, pa.int8()),
        "focal": pa.array((focal_seat[gi] < 0) | (focal_seat[gi] == si), pa.bool_()),
        "replicate": pa.array(replicate[gi], pa.int64()),
        "strategy": _strings(strategy[gi, si], strategy_names),
    }
    return cols, gi, si


def _outcome_columns(gi: np.ndarray, si: np.ndarray, seat_out: np.ndarray, game_out: np.ndarray) -> dict[str, Any]:
    """The columns of the result rows (game gi, seat si) that the games decide, from play_batch's output arrays."""
    r = seat_out[gi, si]                                        # [rows, N_RESULT]
    ranks = r[:, R_RANK]
    n_first = np.bincount(gi, weights=ranks == 1, minlength=seat_out.shape[0])[gi]     # winners of each row's game
    win = np.where(ranks == 1, 1.0 / np.maximum(n_first, 1), 0.0)   # END-08: tied winners split the victory
    nb = len(ids.BONUS_NAMES) + 1
    bonus_key = ((game_out[:, 0:5] + 1) * nb ** np.arange(5)).sum(axis=1)    # the 5 tiles as one integer
    bonus_keys, bonus_code = np.unique(bonus_key, return_inverse=True)
    bonus_txt = [_bonus_text(k) for k in bonus_keys.tolist()]
    cols: dict[str, Any] = {
        "headstream_tiles": _head_tiles(game_out[gi]),
        "company": _names(ids.COMPANY_NAMES, r[:, R_COMPANY]),
        "officer": _names(ids.OFFICER_NAMES, r[:, R_OFFICER]),
    }
    for k in range(5):
        cols[f"turn_pos_r{k + 1}"] = pa.array(r[:, R_TURN_POS + k], pa.int8())
    cols["vp"] = pa.array(r[:, R_VP], pa.int32())
    for k, c in enumerate(VP_SOURCE_COLUMNS):
        cols[c] = pa.array(r[:, R_VP_SRC + k], pa.int32())
    cols["rank"] = pa.array(ranks, pa.int8())
    cols["win"] = pa.array(win, pa.float64())
    for k in range(5):
        cols[f"energy_r{k + 1}"] = pa.array(r[:, R_ENERGY + k], pa.int16())
    for k, c in enumerate(STRUCTURE_COLUMNS):
        cols[c] = pa.array(r[:, R_BUILT + k], pa.int8())
    cols["contracts_fulfilled"] = pa.array(r[:, R_FULFILLED], pa.int8())
    for k, c in enumerate(CONTRACT_KIND_COLUMNS):
        cols[c] = pa.array(r[:, R_CONTRACTS_BY_KIND + k], pa.int8())
    rounds = r[:, R_TILE_ROUND:R_TILE_ROUND + ids.N_ADVANCED_TILES]
    cols["tiles"] = _per_row_text(rounds, _tiles_text)
    cols["tile_uses"] = _per_row_text(r[:, R_TILE_USES:R_TILE_USES + ids.N_TILES], _tile_uses_text)
    cols["patent_visits"] = pa.array((rounds >= 0).sum(axis=1), pa.int8())   # ACT-PATENT-01: one tile a visit
    cols["decisions"] = pa.array(r[:, R_DECISIONS], pa.int32())
    cols["bonus_tiles"] = _strings(bonus_code.reshape(-1)[gi], bonus_txt)
    cols["objective"] = _names(ids.OBJECTIVE_NAMES, game_out[gi, 5])
    return cols


def _rows_table(*, seat_out: np.ndarray, game_out: np.ndarray, **design) -> pa.Table:
    """Result rows from the plan's arrays (_design_columns, which documents them) and play_batch's output arrays."""
    cols, gi, si = _design_columns(**design)
    cols.update(_outcome_columns(gi, si, seat_out, game_out))
    return pa.table([cols[f.name] for f in SCHEMA], schema=SCHEMA)


def design_table(**design) -> pa.Table:
    """The DESIGN_COLUMNS of a chunk's result rows (_design_columns, which documents the arrays): what a shard of
    these games must hold whatever their outcomes."""
    cols, _, _ = _design_columns(**design)
    return pa.table([cols[c] for c in DESIGN_COLUMNS], schema=pa.schema([SCHEMA.field(c) for c in DESIGN_COLUMNS]))


def build_table(**arrays) -> pa.Table:
    """The result rows of a chunk (_rows_table, which documents the arrays). A number too large for its column --
    only an `--override` can make one, e.g. a contract paying a million energy into the 16-bit energy columns -- is
    a one-line ConfigError naming it, not an Arrow error (issue #35, X1)."""
    try:
        return _rows_table(**arrays)
    except (pa.ArrowInvalid, OverflowError) as e:
        raise ConfigError(f"results: a game produced a number the results format cannot hold ({e}); an --override "
                          "made a value too large for its column (energy per round is stored in 16 bits, at most "
                          "32,767): use smaller override values") from None

def utc_now() -> str:
    """ISO-8601 UTC timestamp (seconds)."""
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def git_revision() -> str:
    """`git rev-parse HEAD` of the source tree, or "unknown"."""
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=Path(__file__).resolve().parent, check=True,
                             capture_output=True, text=True, timeout=10)
        rev = out.stdout.strip()
        return rev if re.fullmatch(r"[0-9a-f]{7,64}", rev) else "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def package_version() -> str:
    """Installed barrage-sim version, or "0.1.0" when running from a source tree."""
    try:
        return metadata.version("barrage-sim")
    except metadata.PackageNotFoundError:
        return "0.1.0"


def atomic_write(path: Path, write) -> None:
    """Writes `path` through `write(tmp)` on a temporary sibling renamed into place: readers see the old file or
    the whole new one, never a half-written one."""
    tmp = path.with_name(f".{path.name}{_TMP_MARK}{os.getpid()}")
    try:
        write(tmp)
        with open(tmp, "rb") as f:       # data on disk before the rename makes it visible
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


class BadShard(ConfigError):
    """A shard that cannot be read, or whose bytes are not the ones recorded when it was written."""

    def __init__(self, path: Path, problem: str) -> None:
        """`problem`: what is wrong with the shard at `path` (the message adds how to get its games back)."""
        self.path, self.problem = path, problem
        super().__init__(f"results: {path}: {problem}; delete {path.name} and run the experiment again with "
                         "--resume to play its games again")


def file_sha256(path: Path) -> str:
    """SHA-256 (hex) of a file's bytes."""
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def recorded_digests(manifest: dict, manifest_path: Path) -> dict[str, str]:
    """The shard checksums of a manifest ({} for results written before they were recorded)."""
    digests = manifest.get(DIGESTS, {})
    if not isinstance(digests, dict) or not all(isinstance(v, str) for v in digests.values()):
        raise ConfigError(f"results: {manifest_path} has a damaged {DIGESTS} (expected an object of shard name -> "
                          "SHA-256 hex); restore the manifest, or play the experiment again into another directory")
    return digests


class ResultsStore:
    """One results directory."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)
        self.shards = self.root / SHARDS
        self.manifest_path = self.root / MANIFEST

    # -- checks (no writes) -------------------------------------------------------------------------------
    def existing_manifest(self) -> dict | None:
        """The manifest already in the directory, if any (a corrupt one is a ConfigError)."""
        if not self.manifest_path.exists():
            return None
        try:
            m = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ConfigError(f"out: {self.manifest_path} is unreadable ({e}); use --force to overwrite") from None
        if not isinstance(m, dict):
            raise ConfigError(f"out: {self.manifest_path} is not a results manifest; use --force to overwrite")
        return m

    def check_target(self, resume: bool, force: bool) -> dict | None:
        """Refuses a directory that holds other results unless resuming or forcing; returns its manifest."""
        if self.root.exists() and not self.root.is_dir():
            raise ConfigError(f"out: {self.root} exists and is not a directory")
        m = self.existing_manifest()
        if force:
            return None
        if m is None:
            if self.done_chunks():      # whose experiment they belong to is unknown: never mix them in
                raise ConfigError(f"out: {self.shards} holds result shards without a manifest; "
                                  "use --force to overwrite them")
            return None
        if not resume:
            raise ConfigError(
                f"out: {self.root} already holds results of experiment {m.get('name', '?')!r} "
                f"({m.get('games_done', '?')}/{m.get('games_planned', '?')} games); "
                "use --resume to complete it or --force to overwrite it")
        return m

    def done_chunks(self) -> dict[int, Path]:
        """Chunk index -> shard path of every finished chunk."""
        out: dict[int, Path] = {}
        if not self.shards.is_dir():
            return out
        for p in self.shards.iterdir():
            m = _SHARD_RE.match(p.name)
            if m:
                out[int(m.group(1))] = p
        return out

    # -- the lock -------------------------------------------------------------------------------------------
    @contextlib.contextmanager
    def locked(self) -> Iterator[bool]:
        """Holds an exclusive lock on the directory for the whole run (creating the directory if needed; yields
        whether it did). A second run on the same directory is refused with who holds it. The lock is an flock:
        the kernel releases it when its process dies, so a killed run never leaves a stale lock behind."""
        if self.root.exists() and not self.root.is_dir():
            raise ConfigError(f"out: {self.root} exists and is not a directory")
        created = not self.root.exists()
        self.root.mkdir(parents=True, exist_ok=True)
        lock = FileLock(self.root / LOCK, timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise ConfigError(f"out: {self.root} is in use by another barrage run ({self._owner()}); wait for it to "
                              "finish or choose another --out") from None
        try:
            owner = {"pid": os.getpid(), "host": socket.gethostname(), "since": utc_now()}
            atomic_write(self.root / LOCK_OWNER, lambda tmp: tmp.write_text(json.dumps(owner), encoding="utf-8"))
            yield created
        finally:
            (self.root / LOCK_OWNER).unlink(missing_ok=True)
            lock.release()
            if created and not self.manifest_path.exists() and not self.done_chunks():
                (self.root / LOCK).unlink(missing_ok=True)     # a run refused before its first write leaves nothing
                self.remove_if_empty()

    def _owner(self) -> str:
        try:
            o = json.loads((self.root / LOCK_OWNER).read_text(encoding="utf-8"))
            return f"pid {o['pid']} on {o['host']} since {o['since']}"
        except (OSError, ValueError, KeyError, TypeError):
            return "owner unknown"

    # -- writes ---------------------------------------------------------------------------------------------
    def prepare(self, force: bool) -> None:
        """Creates the directories; --force removes the previous results (only the results-format files). Only
        the run's own temporary files (`.part-NNNNN.parquet.tmp-PID`, `.manifest.json.tmp-PID`) left by a killed
        run are deleted; the caller holds the lock, so no live run is writing them."""
        if force:
            if self.manifest_path.exists():
                self.manifest_path.unlink()
            if self.shards.is_dir():
                for p in self.shards.iterdir():
                    if _SHARD_RE.match(p.name):
                        p.unlink()
        self.shards.mkdir(parents=True, exist_ok=True)
        for p in list(self.shards.iterdir()) + list(self.root.iterdir()):
            if _TMP_RE.match(p.name) and p.is_file():
                p.unlink()

    def write_shard(self, chunk: int, table: pa.Table) -> Path:
        """Writes one chunk's rows atomically."""
        path = self.shards / shard_name(chunk)
        atomic_write(path, lambda tmp: pq.write_table(table, tmp, compression="zstd"))
        return path

    def write_manifest(self, manifest: dict) -> None:
        """Rewrites manifest.json atomically."""
        text = json.dumps(manifest, indent=2, sort_keys=False) + "\n"
        atomic_write(self.manifest_path, lambda tmp: tmp.write_text(text, encoding="utf-8"))

    def remove_if_empty(self) -> None:
        """Removes the directories if nothing was written (a run that failed before its first game)."""
        for d in (self.shards, self.root):
            try:
                d.rmdir()
            except OSError:
                pass

    # -- reads ----------------------------------------------------------------------------------------------
    def read_shard(self, path: Path, columns: list[str] | None = None) -> pa.Table:
        """One shard (optionally only some columns); an unreadable one (truncated, not Parquet) is a BadShard."""
        try:
            return pq.read_table(path, columns=columns)
        except (pa.ArrowException, OSError) as e:
            raise BadShard(path, f"unreadable ({' '.join(str(e).split())[:120]})") from None

    def verify_shard(self, path: Path, recorded: dict[str, str]) -> str:
        """The shard's SHA-256; a BadShard if it differs from the one `recorded` when the shard was written (a shard
        without one -- results older than checksums, or a run killed between the shard and the manifest -- passes)."""
        try:
            digest = file_sha256(path)
        except OSError as e:
            raise BadShard(path, f"unreadable ({e.strerror})") from None
        if recorded.get(path.name, digest) != digest:
            raise BadShard(path, f"its SHA-256 differs from the one {MANIFEST} recorded when it was written (the "
                                 "shard was damaged or replaced since)")
        return digest

    def remove_shard(self, chunk: int) -> None:
        """Deletes one shard (used for a shard that does not belong to the plan)."""
        p = self.shards / shard_name(chunk)
        if p.exists():
            p.unlink()


def rmtree_quiet(path: Path) -> None:
    """Removes a directory tree, ignoring errors."""
    shutil.rmtree(path, ignore_errors=True)


@contextlib.contextmanager
def writing_run(out: Path, what: str) -> Iterator[None]:
    """Turns a file error on --out (full disk, unwritable path) into one ConfigError line naming the run `what`
    (issue #35, X7: a tune or rebalance run's checkpoint writes)."""
    try:
        yield
    except OSError as e:
        hint = ("free disk space or choose another --out" if e.errno in (errno.ENOSPC, errno.EDQUOT)
                else "choose a writable directory for --out")
        raise ConfigError(f"--out: cannot write the {what} in {str(out)!r} ({e.strerror or e}); {hint}") from None
