"""The result rows' tile and contract records (issue #13) against replayed games.

A small experiment is run through the runner; then each of its games is played again, move by move, through the
Python `Game` API with the same seed, pairings and bots (the numba bots choose exactly as in the batch, as in
experiments.play.play_out). What each seat did is counted from the state changes of every move -- an advanced tile passing from nobody to
a company (ACT-PATENT-01/02, AUTOMA-17), a tile entering a wheel segment (WHEEL-02, TECH-02), a contract turning
fulfilled (CONTRACT-*) -- without the engine's own counters, and compared with the stored row.
"""
from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pandas as pd
import pytest

from experiments.design import Design
from experiments.experiment_config import ExperimentConfig, resolve_strategies
from experiments.play import game_config
from experiments.runner import RunOptions, run_experiment
from sim import Game, ids
from sim import layout as L
from sim.rules.rng import seed_state
from strategies.core import BOT_RNG_SALT, decide
from strategies.registry import automa_levels

ADVANCED = range(ids.FIRST_ADVANCED_TILE, ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES)


def _co(c: int) -> int:
    return L.COMPANY_BASE + c * L.CO_SIZE


def _replay_counts(g: Game, seed: int, seat_ids: np.ndarray, seat_params: np.ndarray) -> dict:
    """Plays g to its end one move at a time; per seat the tiles bought (name -> round), the tiles put on its wheel
    and the contracts fulfilled by kind, all read from the state before and after each move."""
    bought: list[dict[str, int]] = [{} for _ in range(g.config.players)]
    uses: list[Counter] = [Counter() for _ in range(g.config.players)]
    contracts: list[Counter] = [Counter() for _ in range(g.config.players)]

    def diff(before: np.ndarray, after: np.ndarray) -> None:
        for c in range(g.config.players):
            b = _co(c) + L.C_TILE_LOC
            for t in ADVANCED:
                if before[b + t] == ids.TILE_NOT_OWNED and after[b + t] != ids.TILE_NOT_OWNED:
                    bought[c][ids.TILE_NAMES[t]] = int(before[L.G_ROUND])
            for t in range(ids.N_TILES):
                if before[b + t] != after[b + t] and 0 <= after[b + t] < 6:
                    uses[c][ids.TILE_NAMES[t]] += 1
        for k in range(L.N_CONTRACTS):
            if before[L.CON_STATE + k] != ids.CS_FULFILLED and after[L.CON_STATE + k] == ids.CS_FULFILLED:
                kind = ids.CONTRACT_KIND_NAMES[g.tables.contract_kind[k]]
                contracts[int(after[L.CON_OWNER + k])][kind] += 1

    rng = np.zeros(1, dtype=np.int64)                 # the bots' stream, as experiments.play.play_out seeds it
    rng[0] = seed_state(np.int64(seed) ^ np.int64(BOT_RNG_SALT))
    while not g.is_over:
        moves = g.legal_codes()
        c = g.current_player
        i = decide(seat_ids[c], seat_params[c], g.state, g.tables, moves, len(moves), rng)
        before = g.state.copy()
        g.play(int(moves[i]))
        diff(before, g.state)
    return {"bought": bought, "uses": uses, "contracts": contracts}


def _parse_tiles(text: str) -> dict[str, int]:
    return {name: int(r) for name, r in (x.split("@") for x in text.split(","))} if text else {}


def _parse_uses(text: str) -> Counter:
    return Counter({name: int(n) for name, n in (x.split(":") for x in text.split(","))} if text else {})


@pytest.mark.parametrize("strategies, remove", [(["greedy"], []), (["greedy", "automa:level=3"], ["L1_base"])])
def test_rows_record_the_tiles_and_contracts_of_the_replayed_game(tmp_path, strategies, remove):
    cfg = ExperimentConfig.from_dict({"kind": "tournament", "players": 3, "games": 3, "seed": 11,
                                      "strategies": strategies, "remove_tiles": remove})
    run_experiment(cfg, RunOptions(out=tmp_path / "out", progress=False))
    rows = pd.concat([pd.read_parquet(p) for p in sorted((tmp_path / "out" / "shards").glob("*.parquet"))])
    design = Design(cfg, resolve_strategies(cfg.strategies), cfg.seed)
    chunk = design.chunks(design.first_round(), 0, 0)[0]
    setup = design.setup(chunk)
    bot, params = design.params_array(setup)
    seen_tiles = seen_contracts = 0
    for i, game in enumerate(setup.game):
        config = game_config(design.variant(design.cells[int(setup.cell[i])]))
        automa = automa_levels(bot[i][:3], params[i][:3])           # as experiments.play.play_batch_python
        if any(automa):
            config = dataclasses.replace(config, automa=tuple(int(x) for x in automa))
        g = Game.from_setup(config, int(setup.seed[i]), setup.fixed_company[i], setup.fixed_officer[i])
        counts = _replay_counts(g, int(setup.seed[i]), bot[i], params[i])
        for seat, row in rows[rows["game"] == game].sort_values("seat").reset_index(drop=True).iterrows():
            assert _parse_tiles(row["tiles"]) == counts["bought"][seat]
            assert row["patent_visits"] == len(counts["bought"][seat])
            assert _parse_uses(row["tile_uses"]) == counts["uses"][seat]
            for kind in ids.CONTRACT_KIND_NAMES:
                assert row[f"contracts_{kind}"] == counts["contracts"][seat][kind]
            assert row["contracts_fulfilled"] == sum(counts["contracts"][seat].values())
            assert row["remove_tiles"] == ",".join(remove)
            assert not set(remove) & set(counts["bought"][seat])           # S-05: a removed tile is never bought
            seen_tiles += len(counts["bought"][seat])
            seen_contracts += sum(counts["contracts"][seat].values())
    assert seen_tiles > 0 and seen_contracts > 0          # the comparison covered real purchases and contracts
