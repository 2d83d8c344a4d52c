"""Turns an experiment config into cells, game numbering, chunks and the per-game setup arrays of play_batch.

Vocabulary:
- a *cell* is one condition (player count x pairing for balance; player count for a tournament, label "all");
- a *replicate* i of a cell is its i-th game; with common random numbers replicate i of every cell uses the same
  game seed (and the same draws for the other seats' pairings, where the cell leaves them free);
- *game ids* number all games of the experiment 0..games-1 in the order they are scheduled (round, cell,
  replicate); a *chunk* is a contiguous range of game ids (one task, one shard).

Seat rotation: a tournament assigns game i to seat permutation i mod P! (all P! permutations of the seat
line-up, round-robin); a balance game puts its cell's pairing in seat i mod P, and with several bots the cell's
seat plays bot (i // P) mod K, the next seats the following bots of the population.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from experiments.experiment_config import Z95, ExperimentConfig, Strategy
from experiments.seeds import game_seeds, random_pairings, setup_draws
from sim import ids
from sim import layout as L
from sim.tables import compile_tables


@dataclass(frozen=True)
class Cell:
    """One experimental condition."""

    index: int
    players: int
    label: str
    setup: int = 0         # index into Design.setups
    company: int = -1      # balance: the cell's pairing; -1 in a tournament
    officer: int = -1      # -1 in a tournament and in the introductory game (the company fixes it)
    stream: int = 0        # seed stream (0 = shared by every cell: common random numbers)


@dataclass(frozen=True)
class Segment:
    """Replicates rep_start .. rep_start+count-1 of one cell, as consecutive game ids from game_start."""

    cell: int
    rep_start: int
    count: int
    game_start: int


@dataclass(frozen=True)
class Chunk:
    """One task: a contiguous range of game ids (possibly spanning cells); written as one shard."""

    index: int
    game_start: int
    n_games: int
    segments: tuple[Segment, ...]


@dataclass(frozen=True)
class ChunkSetup:
    """Per-game inputs of play_batch for a chunk (rows in game-id order)."""

    game: np.ndarray           # int64 game ids
    cell: np.ndarray           # int64 cell index
    seed: np.ndarray           # int64 game seeds
    fixed_company: np.ndarray  # [n, MAX_PLAYERS] int64, -1 = chosen in the game
    fixed_officer: np.ndarray  # [n, MAX_PLAYERS]
    strategy: np.ndarray       # [n, MAX_PLAYERS] index into Design.strategies (-1 for absent seats)
    replicate: np.ndarray      # int64 common-random-numbers cluster: the replicate index (the game id without CRN)
    focal_seat: np.ndarray     # int64 seat holding the cell's pairing (balance); -1 = every seat (tournament)


class Design:
    """Cells, strategies and the deterministic mapping (cell, replicate) -> game setup of one experiment."""

    def __init__(self, config: ExperimentConfig, strategies: tuple[Strategy, ...], master_seed: int) -> None:
        self.config = config
        self.strategies = strategies
        self.master_seed = int(master_seed)
        self.setups = config.setups()
        self.cells = tuple(_cells(config, self.setups))
        self.n_params = max([1] + [len(s.params) for s in strategies])
        self.bot_timeout: float | None = None     # seconds per Python-bot decision (set by the runner)
        any_tables = compile_tables(self.variant(self.cells[0]))[0]
        self.intro_officer = {int(c): int(o) for c, o, _ in any_tables.intro_pairings[:any_tables.n_intro_pairings[0]]}
        if config.kind == "tournament":
            self._fixed_c = _ids(ids.COMPANY_NAMES, config.companies)
            self._fixed_o = _ids(ids.OFFICER_NAMES, config.officers)

    def variant(self, cell: Cell):
        """The rules variant a cell's games are played in."""
        return self.config.variant(cell.players, self.setups[cell.setup])

    def setup_label(self, setup: int) -> str:
        """Label of a setup in the results (`full`, `full,geological`, ...)."""
        return self.config.variant(self.config.players[0], self.setups[setup]).setup_label()

    # -- planning -----------------------------------------------------------------------------------------
    def first_round(self) -> list[tuple[int, int, int]]:
        """Allocations (cell, rep_start, count) of the first round."""
        n = self.config.games if self.config.kind == "tournament" else self.config.games_per_cell
        return [(c.index, 0, n) for c in self.cells]

    def next_round(self, stats: CellStats, budget_left: int) -> list[tuple[int, int, int]]:
        """Allocations of the next --precision round: each cell (or, for interactions, each pairing's cells across
        the setups) short of the precision gets about the games it still needs (at least 10% more, at most as many
        as it has), scaled down to the budget left."""
        if self.config.precision_target == "interactions":
            want = self._interaction_wants(stats)
        else:
            want = [self._cell_want(stats, c.index) for c in self.cells]
        total = sum(want)
        if total == 0 or budget_left <= 0:
            return []
        if total > budget_left:
            scaled = [w * budget_left // total for w in want]
            left = budget_left - sum(scaled)
            for k in sorted(range(len(want)), key=lambda k: -want[k]):   # hand out the rounding remainder
                if left == 0:
                    break
                if want[k] > scaled[k]:
                    scaled[k] += 1
                    left -= 1
            want = scaled
        return [(c.index, stats.n[c.index], w) for c, w in zip(self.cells, want) if w > 0]

    def _cell_want(self, stats: CellStats, k: int) -> int:
        """More games cell k needs for a Wilson half-width of its own win rate <= precision."""
        h = self.config.precision
        n, w = stats.n[k], stats.wins[k]
        if n > 0 and wilson_half_width(w, n) <= h:
            return 0
        p = min(max(w / n if n else 0.5, 0.02), 0.98)
        return _more(math.ceil(1.05 * Z95 ** 2 * p * (1 - p) / h ** 2), n)

    def _interaction_wants(self, stats: CellStats) -> list[int]:
        """More games per cell for interaction precision: the contrast of a cell is its win rate in its setup minus
        the mean of its pairing's win rates over the K setups; its variance, taking the setups as independent
        (common random numbers only make it smaller), is sum_j w_j^2 p_j (1 - p_j) / n_j with w = 1 - 1/K for the
        cell's own setup and -1/K for the others. A pairing whose widest contrast interval is wider than the
        precision gets the same number of games in every setup, which keeps its replicates aligned across setups
        (the common-random-numbers pairs)."""
        h = self.config.precision
        groups: dict[tuple[int, int, int], list[int]] = {}
        for c in self.cells:
            groups.setdefault((c.players, c.company, c.officer), []).append(c.index)
        want = [0] * len(self.cells)
        for members in groups.values():
            K = len(members)
            n = np.array([stats.n[k] for k in members], dtype=float)
            p = np.array([min(max(stats.wins[k] / stats.n[k], 0.02), 0.98) if stats.n[k] else 0.5
                          for k in members])
            weight = np.full((K, K), -1.0 / K) + np.eye(K)          # row k: the weights of contrast k
            per_game = (weight ** 2 * (p * (1 - p))[None, :]).sum(axis=1)   # variance x n at equal n
            half = Z95 * np.sqrt((weight ** 2 * (p * (1 - p) / np.maximum(n, 1))[None, :]).sum(axis=1))
            if n.min() > 0 and half.max() <= h:
                continue
            add = _more(math.ceil(1.05 * Z95 ** 2 * per_game.max() / h ** 2), int(n.min()))
            for k in members:
                want[k] = add
        return want

    def chunks(self, allocations: list[tuple[int, int, int]], first_game: int, first_chunk: int) -> list[Chunk]:
        """Numbers the allocated games from first_game and cuts them into chunks of config.chunk_size."""
        segments = []
        g = first_game
        for cell, rep, count in allocations:
            segments.append(Segment(cell, rep, count, g))
            g += count
        size = self.config.chunk_size
        out = []
        start, end = first_game, g
        k = first_chunk
        while start < end:
            stop = min(start + size, end)
            pieces = []
            for s in segments:
                lo, hi = max(start, s.game_start), min(stop, s.game_start + s.count)
                if lo < hi:
                    pieces.append(Segment(s.cell, s.rep_start + lo - s.game_start, hi - lo, lo))
            out.append(Chunk(k, start, stop - start, tuple(pieces)))
            k += 1
            start = stop
        return out

    # -- per-game setup -----------------------------------------------------------------------------------
    def setup(self, chunk: Chunk) -> ChunkSetup:
        """The seeds, fixed pairings and seat strategies of every game of a chunk."""
        n = chunk.n_games
        game = np.arange(chunk.game_start, chunk.game_start + n, dtype=np.int64)
        cell = np.empty(n, dtype=np.int64)
        seed = np.empty(n, dtype=np.int64)
        fc = np.full((n, L.MAX_PLAYERS), -1, dtype=np.int64)
        fo = np.full((n, L.MAX_PLAYERS), -1, dtype=np.int64)
        st = np.full((n, L.MAX_PLAYERS), -1, dtype=np.int64)
        rep = np.empty(n, dtype=np.int64)
        focal = np.full(n, -1, dtype=np.int64)
        for s in chunk.segments:
            a = s.game_start - chunk.game_start
            sl = slice(a, a + s.count)
            c = self.cells[s.cell]
            reps = np.arange(s.rep_start, s.rep_start + s.count, dtype=np.int64)
            cell[sl] = c.index
            seed[sl] = game_seeds(self.master_seed, c.stream, s.rep_start, s.rep_start + s.count)
            # Games sharing a seed stream and replicate index share the seed, the rotation and the opponents' draws:
            # one cluster. Without common random numbers every game is its own cluster.
            rep[sl] = reps if c.stream == 0 else game[sl]
            if self.config.kind == "tournament":
                self._tournament_seats(c, reps, fc[sl], fo[sl], st[sl])
            else:
                focal[sl] = self._balance_seats(c, reps, fc[sl], fo[sl], st[sl])
        return ChunkSetup(game, cell, seed, fc, fo, st, rep, focal)

    def _tournament_seats(self, c: Cell, reps, fc, fo, st) -> None:
        P, K = c.players, len(self.strategies)
        lineup = np.array([k % K for k in range(P)], dtype=np.int64)      # fewer specs than seats: cycled
        if self.config.rotate_seats:
            perms = np.array(list(itertools.permutations(range(P))), dtype=np.int64)
            st[:, :P] = lineup[perms[reps % len(perms)]]
        else:
            st[:, :P] = lineup
        if self._fixed_c is not None:
            fc[:, :P] = self._fixed_c
        if self._fixed_o is not None:
            fo[:, :P] = self._fixed_o
        if self.config.deal == "random":      # every seat's pairing dealt at random, as in a balance cell
            fc[:, :P], fo[:, :P] = random_pairings(compile_tables(self.variant(c))[0], P, self.master_seed,
                                                   c.stream, int(reps[0]), int(reps[-1]) + 1)

    def _balance_seats(self, c: Cell, reps, fc, fo, st) -> np.ndarray:
        """Fills the seats of a balance cell's games; returns the seat holding the cell's pairing in each game."""
        P, K, n = c.players, len(self.strategies), reps.shape[0]
        rows = np.arange(n)
        if self.config.rotate_seats:
            r, q = reps % P, (reps // P) % K
        else:
            r, q = np.zeros(n, dtype=np.int64), reps % K
        for p in range(P):                    # position p after the cell's seat plays bot (p + q) mod K
            st[rows, (r + p) % P] = (p + q) % K
        tables = compile_tables(self.variant(c))[0]          # the cell's modules fix the boards and officers
        pool = np.array(tables.officer_pool[:tables.n_officer_pool[0]], dtype=np.int64)
        comp, offi = setup_draws(self.master_seed, c.stream, int(reps[0]), int(reps[-1]) + 1,
                                 int(tables.n_companies[0]), pool.shape[0])
        other_c = comp[comp != c.company].reshape(n, -1)
        fc[rows, r] = c.company
        for p in range(1, P):
            fc[rows, (r + p) % P] = other_c[:, p - 1]
        if self.setups[c.setup]["intro"]:
            return r                          # the introductory pairings fix the officers (SETUP-18)
        offi = pool[offi]
        other_o = offi[offi != c.officer].reshape(n, -1)
        fo[rows, r] = c.officer
        for p in range(1, P):
            fo[rows, (r + p) % P] = other_o[:, p - 1]
        return r

    def params_array(self, setup: ChunkSetup) -> tuple[np.ndarray, np.ndarray]:
        """seat_strategy (bot ids) and params ([n, seats, n_params] float64) for play_batch."""
        bot = np.array([s.bot_id for s in self.strategies], dtype=np.int64)
        par = np.zeros((len(self.strategies), self.n_params), dtype=np.float64)
        for k, s in enumerate(self.strategies):
            par[k, :len(s.params)] = s.params
        idx = np.where(setup.strategy >= 0, setup.strategy, 0)
        return np.ascontiguousarray(bot[idx]), np.ascontiguousarray(par[idx])

    @property
    def planners(self) -> bool | None:
        """play_batch's `planners` (strategies.core.planners_for) for every bot the design seats: one value for all
        its chunks, so a run compiles one version of the game loop."""
        from strategies.core import planners_for

        return planners_for([s.bot_id for s in self.strategies])


class CellStats:
    """Running totals per cell of the cell's own seat (balance) or of every seat (tournament)."""

    def __init__(self, n_cells: int) -> None:
        self.n = [0] * n_cells
        self.wins = [0.0] * n_cells

    def add(self, cell: int, n: int, wins: float) -> None:
        self.n[cell] += n
        self.wins[cell] += wins


def _more(need: int, n: int) -> int:
    """Games to add toward `need` to a cell holding n: at least 10% more (and 50), at most as many as it has."""
    return min(max(need - n, math.ceil(0.1 * n), 50), max(n, 50))


def wilson_half_width(wins: float, n: int, z: float = Z95) -> float:
    """Half-width of the Wilson score interval (fractional win totals allowed)."""
    if n <= 0:
        return 0.5
    p = wins / n
    return z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of wins / n."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = wilson_half_width(wins, n, z)
    return max(0.0, centre - h), min(1.0, centre + h)


def _ids(names: tuple[str, ...], given: tuple[str, ...] | None) -> np.ndarray | None:
    return None if given is None else np.array([names.index(g) for g in given], dtype=np.int64)


def _cells(config: ExperimentConfig, setups: list[dict]) -> list[Cell]:
    """Cells in (player count, setup, pairing) order."""
    cells: list[Cell] = []

    def stream() -> int:
        return 0 if config.common_random_numbers else len(cells) + 1

    for p in config.players:
        for k, setup in enumerate(setups):
            if config.kind == "tournament":
                cells.append(Cell(len(cells), p, "all", k, stream=stream()))
                continue
            tables, _ = compile_tables(config.variant(p, setup))
            intro = {int(c): int(o) for c, o, _ in tables.intro_pairings[:tables.n_intro_pairings[0]]}
            companies = config.companies or ids.COMPANY_NAMES[:int(tables.n_companies[0])]
            officers = config.officers or tuple(ids.OFFICER_NAMES[i]
                                                for i in tables.officer_pool[:tables.n_officer_pool[0]])
            for cname in companies:
                ci = ids.COMPANY_NAMES.index(cname)
                if setup["intro"]:
                    label = f"{cname}+{ids.OFFICER_NAMES[intro[ci]]}"
                    cells.append(Cell(len(cells), p, label, k, ci, -1, stream()))
                    continue
                for oname in officers:
                    oi = ids.OFFICER_NAMES.index(oname)
                    cells.append(Cell(len(cells), p, f"{cname}+{oname}", k, ci, oi, stream()))
    return cells
