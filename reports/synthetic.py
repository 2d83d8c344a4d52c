"""Synthetic results directories in the exact results format, with planted effects, for tests and the benchmark."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from reports.results import ENERGY_COLUMNS, ROUNDS, VP_SOURCE_COLUMNS

COMPANIES = ("USA", "Germany", "Italy", "France")
OFFICERS = ("Wilhelm Adler", "Graziano Del Monte", "Viktor Fiesler", "Jill McDowell", "Solomon P. Jordan",
            "Anton Krylov", "Mahiri Sekibo")
# Final VP = VP_CENTRE + VP_SCALE * (log-strength + Gumbel noise), rounded: the unrounded order is an exact
# Plackett-Luce draw, and rounding produces the occasional tie that exercises split wins.
VP_CENTRE = 90.0
VP_SCALE = 8.0
VP_SOURCE_SHARES = np.array([10, 14, 10, 8, 8, 4, 14, 12, 8, 6, 6], dtype=float) / 100

ROW_SCHEMA = pa.schema([
    ("game", pa.int64()), ("cell", pa.string()), ("seed", pa.int64()), ("players", pa.int8()),
    ("map", pa.string()), ("map_fidelity", pa.string()), ("intro", pa.bool_()), ("expansions", pa.string()),
    ("seat", pa.int8()), ("strategy", pa.string()), ("company", pa.string()), ("officer", pa.string()),
    *[(f"turn_pos_r{r}", pa.int8()) for r in ROUNDS],
    ("vp", pa.int32()), *[(column, pa.int32()) for column in VP_SOURCE_COLUMNS],
    ("rank", pa.int8()), ("win", pa.float64()),
    *[(column, pa.int16()) for column in ENERGY_COLUMNS],
    ("bases", pa.int8()), ("elevations", pa.int8()), ("conduits", pa.int8()), ("powerhouses", pa.int8()),
    ("contracts_fulfilled", pa.int8()), ("decisions", pa.int32()), ("bonus_tiles", pa.string()),
    ("objective", pa.string()),
])


@dataclass(frozen=True)
class SyntheticDesign:
    """What to generate. Strengths are Plackett-Luce log-strengths added per cell, strategy and seat."""

    games: int
    players: int = 4
    officers: tuple[str, ...] = OFFICERS[:4]
    strategies: tuple[str, ...] = ("greedy",)
    cell_per_combination: bool = True  # cell = "Company+Officer" (balance) or "all" (tournament)
    cell_strength: dict[str, float] = field(default_factory=dict)
    strategy_strength: dict[str, float] = field(default_factory=dict)
    seat_strength: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)
    map_fidelity: str = "official"
    master_seed: int = 0
    games_per_shard: int = 50_000


def write_synthetic_results(directory: str | Path, design: SyntheticDesign) -> Path:
    """Generate the rows of `design` with a seeded RNG and write manifest.json plus parquet shards."""
    root = Path(directory)
    (root / "shards").mkdir(parents=True, exist_ok=True)
    columns = _generate_columns(design)
    table = pa.table(columns, schema=ROW_SCHEMA)
    rows_per_shard = design.games_per_shard * design.players
    for index, start in enumerate(range(0, table.num_rows, rows_per_shard)):
        pq.write_table(table.slice(start, rows_per_shard), root / "shards" / f"part-{index:05d}.parquet")
    (root / "manifest.json").write_text(json.dumps(_manifest(design), indent=2), encoding="utf-8")
    return root


def _generate_columns(design: SyntheticDesign) -> dict[str, pa.Array]:
    """All contract columns for games x seats, flattened game-major."""
    rng = np.random.default_rng(design.master_seed)
    games, players = design.games, design.players
    company = np.argsort(rng.random((games, len(COMPANIES))), axis=1)[:, :players]
    officer = np.argsort(rng.random((games, len(design.officers))), axis=1)[:, :players]
    strategy = rng.integers(len(design.strategies), size=(games, players))
    cell_names = [f"{c}+{o}" for c in COMPANIES for o in design.officers]
    cell = company * len(design.officers) + officer
    strength = (np.array([design.cell_strength.get(name, 0.0) for name in cell_names])[cell]
                + np.array([design.strategy_strength.get(name, 0.0) for name in design.strategies])[strategy]
                + np.asarray(design.seat_strength[:players])[None, :])
    vp = np.maximum(0, np.rint(VP_CENTRE + VP_SCALE * (strength + rng.gumbel(size=(games, players))))).astype(np.int64)
    rank = 1 + (vp[:, None, :] > vp[:, :, None]).sum(axis=2)
    winners = rank == 1
    win = winners / winners.sum(axis=1, keepdims=True)
    sources = rng.multinomial(vp.ravel(), VP_SOURCE_SHARES)
    seat = np.broadcast_to(np.arange(players), (games, players))

    def flat(values: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(values).ravel()

    def labels(codes: np.ndarray, names: list[str] | tuple[str, ...]) -> pa.Array:
        indices = pa.array(flat(codes).astype(np.int32))
        return pa.DictionaryArray.from_arrays(indices, pa.array(list(names))).cast(pa.string())

    def constant(value: object, kind: pa.DataType) -> pa.Array:
        return pa.repeat(pa.scalar(value, kind), games * players)

    columns: dict[str, pa.Array | np.ndarray] = {
        "game": flat(np.repeat(np.arange(games), players)),
        "cell": labels(cell, cell_names) if design.cell_per_combination else constant("all", pa.string()),
        "seed": flat(np.repeat(rng.integers(0, 2**62, size=games), players)),
        "players": np.full(games * players, players),
        "map": constant("base", pa.string()),
        "map_fidelity": constant(design.map_fidelity, pa.string()),
        "intro": constant(False, pa.bool_()),
        "expansions": constant("", pa.string()),
        "seat": flat(seat),
        "strategy": labels(strategy, design.strategies),
        "company": labels(company, COMPANIES),
        "officer": labels(officer, design.officers),
        **{f"turn_pos_r{r}": flat(np.argsort(rng.random((games, players)), axis=1) + 1) for r in ROUNDS},
        "vp": flat(vp),
        **{column: sources[:, index] for index, column in enumerate(VP_SOURCE_COLUMNS)},
        "rank": flat(rank),
        "win": flat(win),
        **{column: flat(rng.poisson(np.clip(6 + 3 * r + 2 * strength, 0.5, None)))
           for r, column in zip(ROUNDS, ENERGY_COLUMNS)},
        **{name: rng.integers(0, 5, size=games * players)
           for name in ("bases", "elevations", "conduits", "powerhouses")},
        "contracts_fulfilled": rng.integers(0, 8, size=games * players),
        "decisions": rng.poisson(120, size=games * players),
        "bonus_tiles": constant("B1,B2,B3,B4,B5", pa.string()),
        "objective": labels(rng.integers(4, size=games * players), ["O1", "O2", "O3", "O4"]),
    }
    return {name: pa.array(values, type=ROW_SCHEMA.field(name).type) if isinstance(values, np.ndarray) else values
            for name, values in columns.items()}


def _manifest(design: SyntheticDesign) -> dict[str, object]:
    """A manifest per docs/results-format.md describing a finished synthetic run."""
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    try:
        version = metadata.version("barrage-sim")
    except metadata.PackageNotFoundError:
        version = "unknown"
    return {
        "format": 1,
        "kind": "balance" if design.cell_per_combination else "tournament",
        "name": "synthetic",
        "config": asdict(design),
        "master_seed": design.master_seed,
        "package_version": version,
        "git_revision": "unknown",
        "map": "base",
        "map_fidelity": design.map_fidelity,
        "players": [design.players],
        "strategies": list(design.strategies),
        "games_planned": design.games,
        "games_done": design.games,
        "started": now,
        "ended": now,
    }
