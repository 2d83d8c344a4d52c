"""Synthetic results directories in the runner's real schema and design, with planted effects (tests, benchmark).

The layout follows experiments/design.py exactly, so report code never meets a friendlier schema than real runs:
- balance: every company+officer pairing is a cell; replicate i of a cell is one game whose *focal* seat
  (i mod players) holds the pairing and plays bot (i // players) mod K, the seats after it the following bots; the
  other seats get the first companies / officers of a per-replicate random order that the cell does not use
  (the same order for every cell: common random numbers). Only the focal row is `focal`; `replicate` = i.
- tournament: one cell "all"; game i seats the bot line-up in permutation i mod players!; every row is focal.
Outcomes: final VP = centre + scale * (log-strength + noise). The noise of replicate i at seat position s is
shared by every cell's game i (weight `crn_share`), which is what common random numbers do to real games: the
same seed gives correlated luck. Rounding the VP makes the occasional tie, which exercises split wins.
"""
from __future__ import annotations

import itertools
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
VP_CENTRE = 90.0
VP_SCALE = 8.0
VP_SOURCE_SHARES = np.array([10, 14, 10, 8, 8, 4, 14, 12, 8, 6, 6, 0, 0, 0], dtype=float) / 100   # base game only:
#                                                             no building, external-works or duel VP

ROW_SCHEMA = pa.schema([
    ("game", pa.int64()), ("cell", pa.string()), ("seed", pa.int64()), ("players", pa.int8()),
    ("map", pa.string()), ("map_fidelity", pa.string()), ("setup", pa.string()), ("intro", pa.bool_()),
    ("expansions", pa.string()), ("overrides", pa.string()), ("headstream_tiles", pa.string()),
    ("seat", pa.int8()), ("focal", pa.bool_()), ("replicate", pa.int64()), ("strategy", pa.string()),
    ("company", pa.string()), ("officer", pa.string()),
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
    """What to generate. `games` is games per cell (balance) or games (tournament); strengths are log-strengths
    added per pairing (cell), company, officer, strategy and seat."""

    games: int
    kind: str = "balance"                     # or "tournament"
    players: int = 4
    officers: tuple[str, ...] = OFFICERS[:4]
    companies: tuple[str, ...] = COMPANIES
    strategies: tuple[str, ...] = ("greedy",)
    cell_strength: dict[str, float] = field(default_factory=dict)
    company_strength: dict[str, float] = field(default_factory=dict)
    officer_strength: dict[str, float] = field(default_factory=dict)
    strategy_strength: dict[str, float] = field(default_factory=dict)
    seat_strength: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)
    crn_share: float = 0.6                    # share of a game's luck common to every cell's replicate i
    map_fidelity: str = "official"
    master_seed: int = 0
    games_per_shard: int = 50_000


def write_synthetic_results(directory: str | Path, design: SyntheticDesign) -> Path:
    """Generate the rows of `design` with a seeded RNG and write manifest.json plus parquet shards."""
    root = Path(directory)
    (root / "shards").mkdir(parents=True, exist_ok=True)
    table = pa.table(_generate_columns(design), schema=ROW_SCHEMA)
    rows_per_shard = design.games_per_shard * design.players
    for index, start in enumerate(range(0, table.num_rows, rows_per_shard)):
        pq.write_table(table.slice(start, rows_per_shard), root / "shards" / f"part-{index:05d}.parquet")
    (root / "manifest.json").write_text(json.dumps(_manifest(design, table.num_rows // design.players), indent=2),
                                        encoding="utf-8")
    return root


def _seating(design: SyntheticDesign, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Per game (rows) and seat (columns): replicate, cell, company, officer, strategy codes and focal flags."""
    P, K, R = design.players, len(design.strategies), design.games
    reps = np.arange(R)
    if design.kind == "tournament":
        perms = np.array(list(itertools.permutations(range(P))))
        lineup = np.arange(P) % K
        company = np.argsort(rng.random((R, len(design.companies))), axis=1)[:, :P]
        officer = np.argsort(rng.random((R, len(design.officers))), axis=1)[:, :P]
        return {"replicate": reps, "cell": np.zeros(R, dtype=np.int64), "company": company, "officer": officer,
                "strategy": lineup[perms[reps % len(perms)]], "focal": np.ones((R, P), dtype=bool)}
    comp_order = np.argsort(rng.random((R, len(design.companies))), axis=1)   # shared by every cell (CRN)
    offi_order = np.argsort(rng.random((R, len(design.officers))), axis=1)
    parts = {k: [] for k in ("replicate", "cell", "company", "officer", "strategy", "focal")}
    rows = np.arange(R)
    own, q = reps % P, (reps // P) % K
    for ci in range(len(design.companies)):
        for oi in range(len(design.officers)):
            company = np.empty((R, P), dtype=np.int64)
            officer = np.empty((R, P), dtype=np.int64)
            strategy = np.empty((R, P), dtype=np.int64)
            other_c = comp_order[comp_order != ci].reshape(R, -1)
            other_o = offi_order[offi_order != oi].reshape(R, -1)
            for p in range(P):
                seat = (own + p) % P
                company[rows, seat] = ci if p == 0 else other_c[:, p - 1]
                officer[rows, seat] = oi if p == 0 else other_o[:, p - 1]
                strategy[rows, seat] = (p + q) % K
            parts["replicate"].append(reps)
            parts["cell"].append(np.full(R, ci * len(design.officers) + oi))
            parts["company"].append(company)
            parts["officer"].append(officer)
            parts["strategy"].append(strategy)
            parts["focal"].append(np.arange(P)[None, :] == own[:, None])
    return {k: np.concatenate(v) for k, v in parts.items()}


def _generate_columns(design: SyntheticDesign) -> dict[str, pa.Array]:
    """All contract columns for games x seats, flattened game-major."""
    rng = np.random.default_rng(design.master_seed)
    P = design.players
    s = _seating(design, rng)
    games = s["replicate"].shape[0]
    cell_names = ([f"{c}+{o}" for c in design.companies for o in design.officers]
                  if design.kind == "balance" else ["all"])
    pair = s["company"] * len(design.officers) + s["officer"]
    pair_names = [f"{c}+{o}" for c in design.companies for o in design.officers]
    strength = (np.array([design.cell_strength.get(n, 0.0) for n in pair_names])[pair]
                + np.array([design.company_strength.get(n, 0.0) for n in design.companies])[s["company"]]
                + np.array([design.officer_strength.get(n, 0.0) for n in design.officers])[s["officer"]]
                + np.array([design.strategy_strength.get(n, 0.0) for n in design.strategies])[s["strategy"]]
                + np.asarray(design.seat_strength[:P])[None, :])
    common = rng.gumbel(size=(design.games, P))[s["replicate"]]        # replicate i's luck, seat by seat
    own = rng.gumbel(size=(games, P))
    noise = np.sqrt(design.crn_share) * common + np.sqrt(1 - design.crn_share) * own
    vp = np.maximum(0, np.rint(VP_CENTRE + VP_SCALE * (strength + noise))).astype(np.int64)
    rank = 1 + (vp[:, None, :] > vp[:, :, None]).sum(axis=2)
    winners = rank == 1
    win = winners / winners.sum(axis=1, keepdims=True)
    sources = rng.multinomial(vp.ravel(), VP_SOURCE_SHARES)
    sources[:, VP_SOURCE_COLUMNS.index("vp_energy_track")] -= 5       # the energy-track malus can go negative
    sources[:, VP_SOURCE_COLUMNS.index("vp_start")] += 5
    seat = np.broadcast_to(np.arange(P), (games, P))
    seeds = rng.integers(0, 2**62, size=design.games)[s["replicate"]]

    def flat(values: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(values).ravel()

    def per_game(values: np.ndarray) -> np.ndarray:
        return np.repeat(values, P)

    def labels(codes: np.ndarray, names: list[str] | tuple[str, ...]) -> pa.Array:
        indices = pa.array(flat(codes).astype(np.int32))
        return pa.DictionaryArray.from_arrays(indices, pa.array(list(names))).cast(pa.string())

    def constant(value: object, kind: pa.DataType) -> pa.Array:
        return pa.repeat(pa.scalar(value, kind), games * P)

    columns: dict[str, pa.Array | np.ndarray] = {
        "game": per_game(np.arange(games)),
        "cell": labels(per_game(s["cell"]), cell_names),
        "seed": per_game(seeds),
        "players": np.full(games * P, P),
        "map": constant("base", pa.string()),
        "map_fidelity": constant(design.map_fidelity, pa.string()),
        "setup": constant("full", pa.string()),
        "intro": constant(False, pa.bool_()),
        "expansions": constant("", pa.string()),
        "overrides": constant("", pa.string()),
        "headstream_tiles": constant("1,2,3,4", pa.string()),
        "seat": flat(seat),
        "focal": flat(s["focal"]),
        "replicate": per_game(s["replicate"]),
        "strategy": labels(s["strategy"], design.strategies),
        "company": labels(s["company"], design.companies),
        "officer": labels(s["officer"], design.officers),
        **{f"turn_pos_r{r}": flat(np.argsort(rng.random((games, P)), axis=1) + 1) for r in ROUNDS},
        "vp": flat(vp),
        **{column: sources[:, index] for index, column in enumerate(VP_SOURCE_COLUMNS)},
        "rank": flat(rank),
        "win": flat(win),
        **{column: flat(rng.poisson(np.clip(6 + 3 * r + 2 * strength, 0.5, None)))
           for r, column in zip(ROUNDS, ENERGY_COLUMNS)},
        **{name: rng.integers(0, 5, size=games * P) for name in ("bases", "elevations", "conduits", "powerhouses")},
        "contracts_fulfilled": rng.integers(0, 8, size=games * P),
        "decisions": rng.poisson(120, size=games * P),
        "bonus_tiles": constant("B1,B2,B3,B4,B5", pa.string()),
        "objective": labels(per_game(rng.integers(4, size=games)), ["O1", "O2", "O3", "O4"]),
    }
    return {name: pa.array(values, type=ROW_SCHEMA.field(name).type) if isinstance(values, np.ndarray) else values
            for name, values in columns.items()}


def _manifest(design: SyntheticDesign, games: int) -> dict[str, object]:
    """A manifest per docs/results-format.md describing a finished synthetic run."""
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    try:
        version = metadata.version("barrage-sim")
    except metadata.PackageNotFoundError:
        version = "unknown"
    return {
        "format": 1, "kind": design.kind, "name": "synthetic", "config": asdict(design),
        "master_seed": design.master_seed, "package_version": version, "git_revision": "unknown",
        "map": "base", "map_fidelity": design.map_fidelity, "players": [design.players],
        "strategies": list(design.strategies), "games_planned": games, "games_done": games,
        "started": now, "ended": now,
    }
