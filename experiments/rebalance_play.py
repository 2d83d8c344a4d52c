"""Plays rebalance candidates: each is the spec's balance design with its knob values as overrides, on the search's
seeds (common random numbers: replicate i of a cell has the same seed and opponents' draws for every candidate).

A candidate's result is its matrix of focal win shares [cells, replicates]; replicates are played in order and a
candidate asked for more games continues where it stopped, so successive halving and the final race extend the
same games. Results are kept on disk (evaluations/KEY.npy, win share x 12 as uint8: a victory shared by 2, 3 or
4 seats is exact), each written atomically as soon as its games are in, with its SHA-256 recorded by the search's
checkpoint: an interrupted run loses only the games in flight.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

from experiments.design import Chunk, Design
from experiments.experiment_config import resolve_strategies
from experiments.rebalance_spec import RebalanceSpec
from experiments.runner import play_chunk
from experiments.store import atomic_write, file_sha256
from sim.errors import ConfigError, DataError

WIN_SCALE = 12                 # win shares 0, 1/4, 1/3, 1/2, 1 are whole twelfths
UNPLAYED = 255
CHUNK_GAMES = 500              # games per task: ~0.5-1 s of tuned 4-player play per core
EVALUATIONS = "evaluations"


@dataclass(frozen=True)
class Candidate:
    """One point of the search: k steps per knob, the overrides they make (unchanged knobs left out) and the
    balance design that plays them; `problem` says why a candidate cannot be played (the data refuses it)."""

    steps: tuple[int, ...]
    overrides: tuple[tuple[str, Any], ...]
    design: Design | None
    problem: str | None = None

    @property
    def key(self) -> str:
        """A name for the candidate's results, the same in every run of the same spec."""
        return candidate_key(self.overrides)

    @property
    def changed(self) -> int:
        """Number of knobs off their official value."""
        return sum(1 for k in self.steps if k != 0)

    @property
    def distance(self) -> int:
        """Steps away from the official values, summed over the knobs."""
        return sum(abs(k) for k in self.steps)


def candidate_key(overrides: tuple[tuple[str, Any], ...]) -> str:
    """16 hex digits of the SHA-256 of the overrides (sorted paths)."""
    text = json.dumps(sorted(overrides), separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def make_candidate(spec: RebalanceSpec, steps: tuple[int, ...], seed: int) -> Candidate:
    """The candidate of these steps (each clipped to its knob's grid)."""
    clipped = tuple(int(min(max(k, knob.bounds[0]), knob.bounds[1])) for k, knob in zip(steps, spec.knobs))
    overrides = tuple(sorted((knob.path, knob.value(k)) for k, knob in zip(clipped, spec.knobs) if k != 0))
    try:
        config = spec.experiment(dict(overrides), spec.games_per_cell, seed, chunk_size=CHUNK_GAMES)
    except (ConfigError, DataError) as e:
        return Candidate(clipped, overrides, None, str(e))
    return Candidate(clipped, overrides, Design(config, resolve_strategies(config.strategies), seed))


@dataclass(frozen=True)
class Task:
    """Replicates of some cells of one candidate: one unit of work for a back-end."""

    key: str
    design: Design
    chunk: Chunk


def play_task(task: Task, threads: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Plays a task; returns (cell index, replicate, win share x 12) of its focal seats."""
    table = play_chunk(task.chunk, task.design, threads)
    focal = table.filter(table.column("focal"))
    labels = {c.label: c.index for c in task.design.cells}
    cell = np.array([labels[x] for x in focal.column("cell").to_pylist()], dtype=np.int64)
    win = np.rint(focal.column("win").to_numpy() * WIN_SCALE).astype(np.uint8)
    return cell, focal.column("replicate").to_numpy().astype(np.int64), win


@dataclass
class _Pending:
    """A candidate's games in flight: the first replicate they extend, their win shares, tasks still out."""

    first: int
    wins: np.ndarray
    tasks_left: int


class Evaluations:
    """Every candidate's focal win shares on the search seeds, in memory and under `root`/evaluations."""

    def __init__(self, root: Path, n_cells: int, recorded: dict[str, str],
                 on_store: Callable[[], None] = lambda: None) -> None:
        """`recorded`: key -> SHA-256 of its file as the checkpoint last recorded it (files that differ are played
        again: a damaged or foreign file never enters the search); `on_store` is called after each file is
        written (the search checkpoints its digests there)."""
        self.dir = Path(root) / EVALUATIONS
        self.n_cells = n_cells
        self.digests = dict(recorded)
        self.on_store = on_store
        self._wins: dict[str, np.ndarray] = {}

    def played(self, key: str) -> int:
        """Replicates of every cell played for this candidate."""
        return self._load(key).shape[1]

    def wins(self, key: str, start: int = 0, stop: int | None = None) -> np.ndarray:
        """Win shares [cells, replicates start..stop-1] as floats."""
        return self._load(key)[:, start:stop].astype(np.float64) / WIN_SCALE

    def missing(self, candidates: list[Candidate], games_per_cell: int) -> int:
        """Games `play` would play for these candidates."""
        todo = {c.key: c for c in candidates if c.design is not None}
        return sum(max(0, games_per_cell - self.played(k)) * len(c.design.cells) for k, c in todo.items())

    def play(self, candidates: list[Candidate], games_per_cell: int, backend,
             on_games: Callable[[int], None] = lambda n: None) -> int:
        """Plays what the candidates miss of their first `games_per_cell` replicates (all at once, spread over
        the back-end's workers), storing each candidate as soon as its games are in; returns the games played."""
        tasks, pending = [], {}
        for c in candidates:
            if c.design is None or c.key in pending:
                continue
            have = self.played(c.key)
            if have >= games_per_cell:
                continue
            chunks = c.design.chunks([(cell.index, have, games_per_cell - have) for cell in c.design.cells], 0, 0)
            pending[c.key] = _Pending(have, np.full((self.n_cells, games_per_cell - have), UNPLAYED, np.uint8),
                                      len(chunks))
            tasks += [Task(c.key, c.design, chunk) for chunk in chunks]
        played = 0
        for task, (cell, replicate, win) in backend.map(play_task, tasks):
            p = pending[task.key]
            p.wins[cell, replicate - p.first] = win
            p.tasks_left -= 1
            if p.tasks_left == 0:
                self._store(task.key, np.concatenate([self._load(task.key), pending.pop(task.key).wins], axis=1))
            played += task.chunk.n_games
            on_games(task.chunk.n_games)
        return played

    def _load(self, key: str) -> np.ndarray:
        if key not in self._wins:
            self._wins[key] = self._read(key)
        return self._wins[key]

    def _read(self, key: str) -> np.ndarray:
        """The file of a candidate if it is the one recorded (else nothing: its games are played again)."""
        path = self.dir / f"{key}.npy"
        empty = np.zeros((self.n_cells, 0), dtype=np.uint8)
        if key not in self.digests or not path.is_file():
            return empty
        try:
            if file_sha256(path) != self.digests[key]:
                return empty
            wins = np.load(path, allow_pickle=False)
        except (OSError, ValueError):
            return empty
        ok = wins.dtype == np.uint8 and wins.ndim == 2 and wins.shape[0] == self.n_cells and wins.max(initial=0) <= \
            WIN_SCALE
        return wins if ok else empty

    def _store(self, key: str, wins: np.ndarray) -> None:
        self.dir.mkdir(parents=True, exist_ok=True)
        path = self.dir / f"{key}.npy"
        atomic_write(path, lambda tmp: _save(tmp, wins))
        self.digests[key] = file_sha256(path)
        self._wins[key] = wins
        self.on_store()


def _save(path: Path, wins: np.ndarray) -> None:
    """np.save to exactly this name (np.save appends .npy to a name without it)."""
    with open(path, "wb") as f:
        np.save(f, wins, allow_pickle=False)

