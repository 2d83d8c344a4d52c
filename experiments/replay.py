"""`barrage replay`: replays one game of an experiment's results with its event log.

A results row carries the game's seed, setup label, players and per seat the strategy, company and officer
(docs/results-format.md); the manifest carries the experiment config. The game is set up as the runner set it up
(`experiments.design`: a balance cell fixes every seat's pairing, the introductory game only the companies; a
tournament fixes what its config fixes), played again with the same bots, and checked against the stored VP.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow.compute as pc

from experiments.experiment_config import ExperimentConfig
from experiments.play import game_config, play_out, seat_strategies
from experiments.store import BadShard, ResultsStore, recorded_digests
from sim import ids
from sim import layout as L
from sim.errors import ConfigError
from sim.game import Game

COLUMNS = ["game", "seed", "players", "setup", "seat", "strategy", "company", "officer", "vp"]


@dataclass
class StoredGame:
    """One game's rows, as stored."""

    game: int
    seed: int
    players: int
    setup: str
    strategies: list[str]
    companies: list[str]
    officers: list[str]
    vp: list[int]


def find_game(results_dir: str | Path, game: int | None = None, seed: int | None = None,
              setup: str | None = None) -> tuple[dict, StoredGame]:
    """The manifest and the stored rows of the game numbered `game`, or of the one game with `seed` (and `setup`)."""
    store = ResultsStore(results_dir)
    manifest = store.existing_manifest()
    if manifest is None:
        raise ConfigError(f"results: {results_dir} has no manifest.json; give a directory written by "
                          "barrage tournament / balance / run")
    if (game is None) == (seed is None):
        raise ConfigError("replay: give either --game N or --seed S")
    recorded = recorded_digests(manifest, store.manifest_path)
    found, damaged = [], []
    for _, path in sorted(store.done_chunks().items()):
        try:                                     # one bad shard must not hide the games of the others
            store.verify_shard(path, recorded)
            table = store.read_shard(path, COLUMNS)
        except BadShard as e:
            damaged.append(e)
            continue
        mask = pc.equal(table["game"], game) if game is not None else pc.equal(table["seed"], seed)
        if setup is not None:
            mask = pc.and_(mask, pc.equal(table["setup"], setup))
        rows = table.filter(mask)
        if rows.num_rows:
            found.extend(rows.to_pylist())
    if not found:
        what = f"game {game}" if game is not None else f"seed {seed}" + (f" with setup {setup!r}" if setup else "")
        if damaged:
            more = f" ({len(damaged) - 1} more shards are damaged)" if len(damaged) > 1 else ""
            raise ConfigError(f"replay: no {what} in the intact shards of {results_dir}; it may be in a damaged "
                              f"one: {damaged[0]}{more}")
        raise ConfigError(f"replay: no {what} in {results_dir} ({manifest.get('games_done', 0)} games stored)")
    games = sorted({r["game"] for r in found})
    if len(games) > 1:
        raise ConfigError(f"replay: seed {seed} was played in games {', '.join(map(str, games[:10]))}"
                          f"{' ...' if len(games) > 10 else ''} (common random numbers); choose one with --game")
    found.sort(key=lambda r: r["seat"])
    r0 = found[0]
    return manifest, StoredGame(r0["game"], int(r0["seed"]), int(r0["players"]), r0["setup"],
                                [r["strategy"] for r in found], [r["company"] for r in found],
                                [r["officer"] for r in found], [int(r["vp"]) for r in found])


def replay_game(results_dir: str | Path, game: int | None = None, seed: int | None = None,
                setup: str | None = None, game_class: type[Game] = Game) -> tuple[Game, StoredGame]:
    """Replays a stored game with its event log; refuses (ConfigError) if the replay does not give the stored VP.
    `game_class` is the Game (sub)class set up (the viewer's `experiments.view.RecordingGame`)."""
    from strategies.python_bot import load_strategy_files

    manifest, stored = find_game(results_dir, game, seed, setup)
    config = ExperimentConfig.from_dict(manifest["config"])
    match = [s for s in config.setups() if config.variant(stored.players, s).setup_label() == stored.setup]
    if not match:
        raise ConfigError(f"replay: setup {stored.setup!r} of game {stored.game} is not one of the experiment's")
    variant = config.variant(stored.players, match[0])
    n = stored.players
    fc = np.full(L.MAX_PLAYERS, -1, dtype=np.int64)
    fo = np.full(L.MAX_PLAYERS, -1, dtype=np.int64)
    if config.kind == "tournament":                       # experiments.design: what the config fixes
        if config.companies:
            fc[:n] = [ids.COMPANY_NAMES.index(x) for x in config.companies]
        if config.officers:
            fo[:n] = [ids.OFFICER_NAMES.index(x) for x in config.officers]
    else:                                                 # a balance game fixes every pairing (SETUP-18: intro)
        fc[:n] = [ids.COMPANY_NAMES.index(x) for x in stored.companies]
        if not variant.intro:
            fo[:n] = [ids.OFFICER_NAMES.index(x) for x in stored.officers]
    python_bots = load_strategy_files([Path(f) for f in config.strategy_files]) if config.strategy_files else {}
    _, seat_ids, seat_params, seat_python = seat_strategies(stored.strategies, n, python_bots)
    from strategies.registry import automa_levels

    gconfig = game_config(variant)
    levels = automa_levels(seat_ids, seat_params)
    if any(levels):
        gconfig = dataclasses.replace(gconfig, automa=levels)
    g = game_class.from_setup(gconfig, stored.seed, fc, fo)
    play_out(g, stored.seed, seat_ids, seat_params, seat_python)
    vp = [r.vp for r in g.result()]
    if vp != stored.vp:
        raise ConfigError(f"replay: game {stored.game} (seed {stored.seed}) replays to VP {vp}, not the stored "
                          f"{stored.vp}; the results were written by other code (manifest git_revision "
                          f"{manifest.get('git_revision', 'unknown')})")
    return g, stored
