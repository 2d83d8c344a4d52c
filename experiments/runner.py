"""Runs an experiment: validates, plans chunks, plays them on a back-end and streams the shards to disk.

Order of work (nothing is written before every check has passed):
1. the config, strategies, variants, run options and the output directory are validated;
2. the back-end starts (a dask cluster, or nothing);
3. the directory is prepared and the manifest written; on --resume the finished shards are read back (a few
   columns at a time, one shard at a time) to rebuild the running totals;
4. rounds of chunks are played (one round without --precision); every finished chunk becomes one shard, written
   atomically, then the manifest's games_done is updated.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numba
import numpy as np
import pyarrow as pa

from experiments.backends import call_with_threads, make_backend
from experiments.design import CellStats, Chunk, ChunkSetup, Design, wilson_interval
from experiments.experiment_config import ExperimentConfig, resolve_strategies
from experiments.play import game_config, play_batch_python
from experiments.seeds import MAX_SEED, new_master_seed
from experiments.store import (
    DESIGN_COLUMNS,
    DIGESTS,
    BadShard,
    ResultsStore,
    build_table,
    design_table,
    file_sha256,
    git_revision,
    package_version,
    recorded_digests,
    utc_now,
)
from sim import layout as L
from sim.errors import ConfigError, Terminated
from sim.results import N_GAME, N_RESULT
from sim.tables import as_array, compile_tables
from strategies.batch import play_batch
from strategies.registry import model_for, model_sha256, needs_model
from strategies.python_bot import DEFAULT_BOT_TIMEOUT, PYTHON_BOT, load_strategy_files

MODEL_DIGEST = "value_model_sha256"   # manifest key: the learned evaluator a run's bots read (_model_record)
SLICE_SECONDS = 0.5     # longest a numba call may keep an interrupt waiting, for fast bots (play_in_slices)
SUMMARY_COLUMNS = ["players", "setup", "cell", "focal", "strategy", "company", "officer", "win", "rank", "vp"]


@dataclass
class RunOptions:
    """How to run (not part of the experiment's identity)."""

    out: Path
    jobs: int = 1
    backend: str = "loky"
    scheduler: str | None = None
    resume: bool = False
    force: bool = False
    progress: bool = True
    manifest_kind: str | None = None     # "run" for a TOML experiment, else the config's kind
    bot_timeout: float = DEFAULT_BOT_TIMEOUT   # seconds per decision of a Python bot


@dataclass
class RunResult:
    """What a run did, plus the summary table (one dict per strategy or cell)."""

    out: Path
    manifest: dict
    summary: list[dict]
    interrupted: bool = False
    terminated: bool = False      # stopped by SIGTERM rather than Ctrl-C
    games_played: int = 0
    seconds: float = 0.0


# -- the task -------------------------------------------------------------------------------------------------
def play_chunk(chunk: Chunk, design: Design, threads: int | None) -> pa.Table:
    """Plays every game of a chunk (numba limited to `threads` threads, None = all) and returns its rows."""
    return call_with_threads(_play_chunk, threads, chunk, design)


def _play_chunk(chunk: Chunk, design: Design) -> pa.Table:
    s = design.setup(chunk)
    bots, params = design.params_array(s)
    n = chunk.n_games
    cells = design.cells
    arrays = _plan_arrays(design, s)
    players, setup = arrays["players"], arrays["setup"]
    seat_out = np.zeros((n, L.MAX_PLAYERS, N_RESULT), dtype=np.int64)
    game_out = np.zeros((n, N_GAME), dtype=np.int64)
    variants = {}
    for p, k in sorted(set(zip(players.tolist(), setup.tolist()))):   # one batch per rules variant
        cell = next(c for c in cells if c.players == p and c.setup == k)
        variants[k] = design.variant(cell)
        idx = np.nonzero((players == p) & (setup == k))[0]
        so = np.zeros((idx.size, L.MAX_PLAYERS, N_RESULT), dtype=np.int64)
        go = np.zeros((idx.size, N_GAME), dtype=np.int64)
        if (bots[idx] == PYTHON_BOT).any():                 # user-written bots play on the Python loop
            python = _python_bots(design.config.strategy_files)
            seat_python = [{c: python[design.strategies[j].spec] for c, j in enumerate(row) if j >= 0
                            and design.strategies[j].bot_id == PYTHON_BOT} for row in s.strategy[idx]]
            play_batch_python(game_config(variants[k]), s.seed[idx], s.fixed_company[idx], s.fixed_officer[idx],
                              bots[idx], params[idx], seat_python, so, go, bot_timeout=design.bot_timeout)
        else:
            tables = as_array(compile_tables(variants[k])[0])
            seeds, company, officer, bot, param = (s.seed[idx], s.fixed_company[idx], s.fixed_officer[idx],
                                                   bots[idx], params[idx])
            model = model_for(bot, param)
            play_in_slices(idx.size, lambda g: play_batch(tables, seeds[g], company[g], officer[g], bot[g],
                                                          param[g], so[g], go[g], model, design.planners))
        seat_out[idx], game_out[idx] = so, go
    return build_table(**arrays, seat_out=seat_out, game_out=game_out)


def _plan_arrays(design: Design, s: ChunkSetup) -> dict:
    """What the plan says of a chunk's games, as the arrays of store.build_table and store.design_table."""
    cells = design.cells
    return dict(game=s.game, cell=s.cell, cell_names=[c.label for c in cells], seed=s.seed,
                players=np.array([c.players for c in cells], dtype=np.int64)[s.cell],
                setup=np.array([c.setup for c in cells], dtype=np.int64)[s.cell],
                setup_names=[design.setup_label(k) for k in range(len(design.setups))],
                setup_variants=[design.config.variant(design.config.players[0], x) for x in design.setups],
                strategy=s.strategy, strategy_names=[st.spec for st in design.strategies], replicate=s.replicate,
                focal_seat=s.focal_seat)



def run_fidelity(design) -> tuple[str, dict[str, str]]:
    """RECON-06: the run's map fidelity ("official" only if every setup's data is) and every data file's fidelity."""
    files: dict[str, str] = {}
    for cell in design.cells:
        files.update(compile_tables(design.variant(cell))[1].data_fidelity)
    worst = next((f for f in files.values() if f != "official"), "official")
    return worst, files


def play_in_slices(n_games: int, play: Callable[[slice], object], seconds: float = SLICE_SECONDS) -> None:
    """Calls `play` on consecutive slices of games 0..n_games-1, each sized to take about `seconds`.

    A signal handler cannot run while numba holds the thread, so one long call would hold off Ctrl-C and SIGTERM
    for the whole chunk (hours with a planner); between slices they are honoured. Games are independent, so the
    rows do not depend on the slicing. The first slice is two games per numba thread; later ones scale with the
    measured time (at most four times larger per step)."""
    start, size = 0, 2 * numba.get_num_threads()
    while start < n_games:
        stop = min(start + size, n_games)
        began = time.perf_counter()
        play(slice(start, stop))
        elapsed = max(time.perf_counter() - began, 1e-6)
        start = stop
        size = max(numba.get_num_threads(), int(size * min(4.0, seconds / elapsed)))


@functools.lru_cache(maxsize=None)
def _python_bots(files: tuple[str, ...]) -> dict:
    """The Python bots of the experiment, loaded once per process (workers load them from the same paths)."""
    return load_strategy_files(list(files))


# -- running totals -----------------------------------------------------------------------------------------
class Totals:
    """Sums per summary key (players x strategy for a tournament, players x cell for a balance) and per cell."""

    def __init__(self, design: Design) -> None:
        self.design = design
        self.kind = design.config.kind
        self.cell_index = {(c.players, design.setup_label(c.setup), c.label): c.index for c in design.cells}
        self.sums: dict[tuple, np.ndarray] = {}    # key -> [n, wins, rank, vp, vp^2]
        self.chunk_cells: dict[int, dict[int, tuple[int, float]]] = {}

    def add(self, chunk: int, table: pa.Table) -> None:
        """Adds one shard's rows."""
        cols = {c: table.column(c).to_numpy(zero_copy_only=False) for c in SUMMARY_COLUMNS}
        if self.kind == "balance":
            own = cols["focal"]                                                # the cell's own seat
            cols = {k: v[own] for k, v in cols.items()}
            keys = list(zip(cols["players"].tolist(), cols["setup"].tolist(), cols["cell"].tolist()))
        else:
            keys = list(zip(cols["players"].tolist(), cols["setup"].tolist(), cols["strategy"].tolist()))
        win, rank, vp = (cols[c].astype(np.float64) for c in ("win", "rank", "vp"))
        per_cell: dict[int, list] = {}
        uniq: dict[tuple, list[int]] = {}
        for i, k in enumerate(keys):
            uniq.setdefault(k, []).append(i)
        for k, rows in uniq.items():
            r = np.array(rows)
            add = np.array([r.size, win[r].sum(), rank[r].sum(), vp[r].sum(), (vp[r] ** 2).sum()])
            self.sums[k] = self.sums.get(k, np.zeros(5)) + add
        if self.kind == "balance":
            for (p, setup, label), rows in uniq.items():
                ci = self.cell_index[(int(p), setup, label)]
                per_cell[ci] = [len(rows), float(win[np.array(rows)].sum())]
        self.chunk_cells[chunk] = {k: (v[0], v[1]) for k, v in per_cell.items()}

    def cell_stats(self, below_chunk: int) -> CellStats:
        """Per-cell games and wins of the cell's seat in chunks < below_chunk (the rounds already played)."""
        st = CellStats(len(self.design.cells))
        for k, cells in self.chunk_cells.items():
            if k < below_chunk:
                for ci, (n, w) in cells.items():
                    st.add(ci, n, w)
        return st

    def summary(self) -> list[dict]:
        """One dict per key: n, win rate with its 95% Wilson interval, mean rank, mean and SD of VP."""
        out = []
        setup_order = {self.design.setup_label(k): k for k in range(len(self.design.setups))}
        for key in sorted(self.sums, key=lambda k: (k[0], setup_order[k[1]], str(k[2]))):
            n, w, rk, vp, vp2 = self.sums[key]
            lo, hi = wilson_interval(w, int(n))
            var = max(vp2 / n - (vp / n) ** 2, 0.0) * n / (n - 1) if n > 1 else 0.0
            row = {"players": int(key[0]), "setup": key[1],
                   ("strategy" if self.kind == "tournament" else "cell"): key[2],
                   "n": int(n), "win_rate": w / n, "win_ci_low": lo, "win_ci_high": hi,
                   "parity": 1.0 / key[0], "mean_rank": rk / n, "vp_mean": vp / n, "vp_sd": math.sqrt(var)}
            out.append(row)
        if self.kind == "balance":
            out.sort(key=lambda r: (r["players"], setup_order[r["setup"]], -r["win_rate"]))
        return out


# -- the run --------------------------------------------------------------------------------------------------
def run_experiment(config: ExperimentConfig, options: RunOptions,
                   on_event: Callable[[str], None] | None = None) -> RunResult:
    """Validates everything, then plays the experiment into options.out; returns the summary.

    Raises ConfigError (before any file is written) for an invalid config, run option or output directory."""
    say = on_event or (lambda msg: None)
    backend = make_backend(options.jobs, options.backend, options.scheduler)
    if options.resume and options.force:
        raise ConfigError("force: --resume and --force exclude each other")
    store = ResultsStore(options.out)
    with store.locked() as created:          # one run per directory at a time
        return _run(config, options, store, created, backend, say)


def _run(config: ExperimentConfig, options: RunOptions, store: ResultsStore, created: bool, backend,
         say: Callable[[str], None]) -> RunResult:
    """The run proper, under the output directory's lock (`created`: the lock made the directory)."""
    existing = store.check_target(options.resume, options.force)
    seed = config.seed
    if seed is None:
        seed = _stored_seed(existing, store) if existing and "master_seed" in existing else new_master_seed()
    config = dataclasses.replace(config, seed=seed)
    file_hashes = {f: hashlib.sha256(Path(f).read_bytes()).hexdigest() for f in config.strategy_files}
    code = {"package_version": package_version(), "git_revision": git_revision()}
    recorded: dict[str, str] = {}
    if existing is not None:
        _check_same(existing, config, store)
        _check_same_code(existing, code, store)
        recorded = recorded_digests(existing, store.manifest_path)
        for f, digest in (existing.get("strategy_file_sha256") or {}).items():
            if file_hashes.get(f) != digest:
                raise ConfigError(f"strategy_files: {f} changed since this run started (SHA-256 differs); a resumed "
                                  "run must play the same bot: restore the file, or use --force or another --out")
    strategies = resolve_strategies(config.strategies, config.strategy_files)
    model = _model_record(strategies)
    if existing is not None:
        _check_same_model(existing, model, store)
    design = Design(config, strategies, seed)
    design.bot_timeout = options.bot_timeout          # how to run, not what: kept out of the config
    fidelity, data_files = run_fidelity(design)
    planned = config.budget if config.precision is not None else sum(a[2] for a in design.first_round())
    _check_size(planned, config, store)

    if not options.scheduler:   # compile (or load) once here: N workers then load the cache, not compile N times,
        from sim._numba_cache import COMPILING_NOTE, is_warm   # and the games/s reported is play alone
        from strategies.batch import play_batch

        if not is_warm(play_batch, design.planners):
            say(COMPILING_NOTE)
        _warm_engine(design)
    started_at = time.perf_counter()
    with backend:
        store.prepare(options.force)
        try:
            manifest = {
                "format": 1, "kind": options.manifest_kind or config.kind, "name": config.name,
                "config": config.to_dict(), "master_seed": seed, **code, **model,
                "map": ",".join(dict.fromkeys(config.variant(config.players[0], x).map       # Colorado sets its
                                              for x in design.setups)),                      # own (COLO-SETUP-01)
                "map_fidelity": fidelity,
                "data_fidelity": data_files,
                "players": list(config.players), "strategies": list(dict.fromkeys(config.strategies)),
                "strategy_file_sha256": file_hashes, "games_planned": planned, "games_done": 0,
                "started": (existing or {}).get("started") or utc_now(), "ended": None,
            }
            totals = Totals(design)
            done = store.done_chunks()
            verified: set[int] = set()
            # SHA-256 per shard: the recorded ones are checked as their shards are read back, a new shard's is added
            # as it is written; those not read back yet (a later --precision round's) are kept in case of a kill
            digests = manifest[DIGESTS] = {p.name: recorded[p.name] for p in done.values() if p.name in recorded}
            first = design.chunks(design.first_round(), 0, 0)
            games_done = _take_finished(first, done, verified, digests, totals, store, design, say)
            foreign = sorted(set(done) - {c.index for c in first})
            if foreign and config.precision is None:
                raise ConfigError(f"out: {done[foreign[0]]} does not belong to this experiment (its plan has "
                                  f"{len(first)} chunks); remove it, or use --force to start over")
            manifest["games_done"] = games_done
            store.write_manifest(manifest)
        except BaseException:
            if created:
                _remove_created(store)
            raise
        if games_done:
            say(f"resuming: {games_done} games already in {store.root}")
        result = RunResult(out=store.root, manifest=manifest, summary=[])
        progress = _Progress(options.progress, total=planned if config.precision is None else 0,
                             done=games_done)
        try:
            with progress:
                allocations = design.first_round()
                game0 = chunk0 = 0
                rnd = 0
                while allocations:
                    chunks = design.chunks(allocations, game0, chunk0)
                    game0 += sum(a[2] for a in allocations)
                    chunk0 += len(chunks)
                    if config.precision is not None:
                        progress.set_total(game0, f"round {rnd + 1}")
                    manifest["games_done"] += _take_finished(chunks, done, verified, digests, totals, store, design,
                                                             say)
                    todo = [c for c in chunks if c.index not in done]
                    for chunk, table in backend.map(play_chunk, todo, design):
                        done[chunk.index] = store.write_shard(chunk.index, table)
                        digests[done[chunk.index].name] = file_sha256(done[chunk.index])
                        totals.add(chunk.index, table)
                        manifest["games_done"] += chunk.n_games
                        result.games_played += chunk.n_games
                        store.write_manifest(manifest)
                        progress.advance(chunk.n_games)
                    rnd += 1
                    if config.precision is None:
                        break
                    allocations = design.next_round(totals.cell_stats(chunk0), config.budget - game0)
        except (KeyboardInterrupt, Terminated) as stop:        # Ctrl-C or SIGTERM
            result.interrupted = True
            result.terminated = isinstance(stop, Terminated)
            backend.abandon()
        except Exception:
            if created and not store.done_chunks():       # nothing played: leave no 0-game directory (#35 X1)
                _remove_created(store)
            else:
                say(f"stopped by an error with {manifest['games_done']} games saved in {store.root}; "
                    "the finished chunks are kept: --resume continues once the cause is fixed")
            raise
        result.seconds = time.perf_counter() - started_at
        if not result.interrupted:
            finished_before = existing is not None and existing.get("ended") and result.games_played == 0
            manifest["ended"] = existing["ended"] if finished_before else utc_now()
            store.write_manifest(manifest)
        result.summary = totals.summary()
        return result


# Measured: a chunk's plan (Chunk + Segments) costs ~0.6 KB of memory, a result row ~45 bytes of zstd Parquet.
PLAN_BYTES_PER_CHUNK = 600
DISK_BYTES_PER_ROW = 45


def _check_size(planned: int, config: ExperimentConfig, store: ResultsStore) -> None:
    """Refuses, before any game, a run whose plan would not fit in memory or whose results would not fit on disk."""
    import shutil

    import psutil

    chunks = math.ceil(planned / config.chunk_size)
    memory = chunks * PLAN_BYTES_PER_CHUNK
    free_memory = psutil.virtual_memory().available
    if memory > free_memory // 2:
        raise ConfigError(f"games: {planned:,} games in {chunks:,} chunks need about {memory / 2**30:,.1f} GiB of "
                          f"memory for the plan alone ({free_memory / 2**30:,.1f} GiB available); use fewer games or "
                          "a larger chunk_size")
    disk = planned * max(config.players) * DISK_BYTES_PER_ROW
    where = next((p for p in (store.root, *store.root.parents) if p.exists()), Path("."))
    free_disk = shutil.disk_usage(where).free
    if disk > free_disk:
        raise ConfigError(f"games: {planned:,} games need about {disk / 2**30:,.1f} GiB of results on disk "
                          f"({free_disk / 2**30:,.1f} GiB free under {where}); use fewer games or another --out")


def _take_finished(chunks: list[Chunk], done: dict[int, Path], verified: set[int], digests: dict[str, str],
                   totals: Totals, store: ResultsStore, design: Design, say: Callable[[str], None]) -> int:
    """Verifies the shards of finished chunks and adds them to the totals; returns their games.

    A shard must hold exactly its chunk's planned rows (_check_shard) and, where `digests` holds the SHA-256 recorded
    when it was written, have those very bytes: anything else is a damaged, copied or foreign shard and is refused
    (one line naming it). A shard without a recorded SHA-256 (results older than checksums, a run killed between
    the shard and the manifest) gets it recorded once its rows pass. An unreadable shard (a truncated file) is
    deleted, and its chunk is played again."""
    games = 0
    for chunk in chunks:
        if chunk.index not in done or chunk.index in verified:
            continue
        path = done[chunk.index]
        try:
            table = store.read_shard(path, list(dict.fromkeys(SUMMARY_COLUMNS + list(DESIGN_COLUMNS))))
        except BadShard as e:
            say(f"{path}: {e.problem}; its {chunk.n_games} games are played again")
            path.unlink()
            del done[chunk.index]
            digests.pop(path.name, None)
            continue
        _check_shard(path, table, chunk, design)
        digests[path.name] = store.verify_shard(path, digests)
        verified.add(chunk.index)
        totals.add(chunk.index, table)
        games += chunk.n_games
    return games


def _check_shard(path: Path, table: pa.Table, chunk: Chunk, design: Design) -> None:
    """Refuses a shard whose rows are not the planned ones of its chunk: same games, seats, seeds, cells, setups
    (map, variant, expansions, overrides...), strategies, focal seats and replicates, in order."""
    planned = design_table(**_plan_arrays(design, design.setup(chunk)))
    wrong = (f"{table.num_rows} rows, the plan has {planned.num_rows}" if table.num_rows != planned.num_rows else
             next((_first_difference(c, table.column(c), planned.column(c)) for c in DESIGN_COLUMNS
                   if not table.column(c).equals(planned.column(c))), None))
    if wrong:
        last = chunk.game_start + chunk.n_games - 1
        raise ConfigError(f"out: {path} does not hold the planned games {chunk.game_start}..{last} of this "
                          f"experiment ({wrong}: a damaged, copied or foreign shard); delete it and --resume to play "
                          "them again, or use --force to start over")


def _first_difference(column: str, stored: pa.ChunkedArray, planned: pa.ChunkedArray) -> str:
    """`strategy of row 3 is 'random', the plan has 'greedy'`: the first row where two columns differ."""
    a, b = stored.to_pylist(), planned.to_pylist()
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), None)
    if i is None:
        return f"{column} is of type {stored.type}, the plan has {planned.type}"
    return f"{column} of row {i} is {a[i]!r}, the plan has {b[i]!r}"


def _warm_engine(design: Design) -> None:
    """Plays one game per player count in this process (fills numba's on-disk cache when it is cold)."""
    for p in design.config.players:
        cell = next(c for c in design.cells if c.players == p)
        call_with_threads(_play_chunk, 1, design.chunks([(cell.index, 0, 1)], 0, 0)[0], design)


def _stored_seed(existing: dict, store: ResultsStore) -> int:
    """The master seed of the manifest being resumed; a damaged value is refused in one line."""
    seed = existing["master_seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"out: {store.manifest_path} has master_seed {seed!r}, not a seed in 0..{MAX_SEED}; "
                          "give --seed, or use --force to start over")
    return seed


def _check_same(existing: dict, config: ExperimentConfig, store: ResultsStore) -> None:
    """--resume: the directory must hold this very experiment."""
    old = existing.get("config")
    new = config.to_dict()
    if not isinstance(old, dict):
        raise ConfigError(f"out: {store.manifest_path} has no experiment config; use --force to overwrite")
    for key in sorted(set(old) | set(new)):
        if old.get(key) != new.get(key):
            raise ConfigError(f"out: {store.root} holds a different experiment ({key} = {old.get(key)!r} there, "
                              f"{new.get(key)!r} here); use --force to overwrite it or another --out")


def _check_same_code(existing: dict, code: dict[str, str], store: ResultsStore) -> None:
    """--resume: one run's rows come from one code version (the manifest names only one, so a mix would be hidden)."""
    then = {k: existing.get(k) for k in code}
    if then != code:
        raise ConfigError(f"out: {store.root} was started by barrage-sim {then['package_version']} at git revision "
                          f"{then['git_revision']}, this is {code['package_version']} at {code['git_revision']}; "
                          "resume it with the code that started it, or use --force or another --out to start over")


def _model_record(strategies) -> dict[str, str]:
    """{"value_model_sha256": the shipped model file's digest} when a seat's bot reads the learned evaluator, else
    nothing: such a run's results depend on the model as much as on the code."""
    numba_bots = [s for s in strategies if s.params]       # (a Python bot has no parameter vector)
    if not numba_bots or not needs_model(np.array([s.bot_id for s in numba_bots]),
                                         np.array([s.params for s in numba_bots])):
        return {}
    return {MODEL_DIGEST: model_sha256()}


def _check_same_model(existing: dict, model: dict[str, str], store: ResultsStore) -> None:
    """--resume: the games of a run whose bots read the learned evaluator come from one model."""
    then, now = existing.get(MODEL_DIGEST), model.get(MODEL_DIGEST)
    if then is not None and then != now:
        raise ConfigError(f"out: {store.root} was played with the learned evaluator {then[:12]} "
                          f"(value_model.json SHA-256), this code ships {now[:12] if now else 'none its bots read'}; "
                          "resume it with the model that started it, or use --force or another --out")


def _remove_created(store: ResultsStore) -> None:
    if store.manifest_path.exists():
        store.manifest_path.unlink()
    store.remove_if_empty()


class _Progress:
    """A rich progress bar in games (rate, ETA) on stderr, or nothing."""

    def __init__(self, enabled: bool, total: int, done: int) -> None:
        self.enabled = enabled
        self.bar = None
        if enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                ProgressColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.text import Text

            class Rate(ProgressColumn):
                def render(self, task) -> Text:
                    speed = task.finished_speed or task.speed
                    return Text(f"{speed:,.0f} games/s" if speed else "- games/s", style="progress.data.speed")

            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                Rate(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                                console=Console(stderr=True), transient=False)
            self.task = self.bar.add_task("games", total=total or None, completed=done)

    def __enter__(self):
        if self.bar:
            self.bar.__enter__()
        return self

    def __exit__(self, *exc):
        if self.bar:
            self.bar.__exit__(*exc)

    def advance(self, n: int) -> None:
        if self.bar:
            self.bar.advance(self.task, n)

    def set_total(self, total: int, description: str) -> None:
        if self.bar:
            self.bar.update(self.task, total=total, description=description)
