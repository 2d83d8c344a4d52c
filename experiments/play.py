"""Plays single games on the Python loop with the numba bots, and derives game seeds from a master seed.

`play_game` makes the same choices as `sim.batch.play_one` (same bot, same bot random stream seeded from the
game seed), so a seed played here is the very game that seed gives inside `play_batch` or `fuzz_batch`, with
the readable log on top.
"""
from __future__ import annotations

import dataclasses
from typing import Sequence

import numpy as np

from sim.config import GameConfig
from sim.errors import ConfigError
from sim.game import Game

SEED_MASK = (1 << 62) - 1  # game seeds stay positive in int64 and clear of the bots' seed salt


def game_seeds(master_seed: int, n: int) -> np.ndarray:
    """The n game seeds of a run: SeedSequence(master_seed) state words masked to 62 bits, as int64."""
    if master_seed < 0:
        raise ConfigError(f"seed must be a non-negative integer, got {master_seed}")
    words = np.random.SeedSequence(master_seed).generate_state(n, dtype=np.uint64)
    return (words & np.uint64(SEED_MASK)).astype(np.int64)


def play_game(config: GameConfig | dict, seed: int, strategies: str | Sequence[str] | None = None,
              max_moves: int | None = None) -> Game:
    """Plays one game (or its first `max_moves` moves) with the given per-seat strategy specs; returns the Game.

    `strategies` is one spec per seat (a comma-separated string or a list) or a single spec for every seat;
    None means `random`.
    """
    # numba modules are imported here so that `barrage --help` and `barrage list` stay fast.
    from sim.rules.rng import seed_state
    from strategies.core import BOT_RNG_SALT, choose_move
    from strategies.registry import automa_levels, parse_seats

    if isinstance(config, dict):
        config = GameConfig.from_dict(config)
    if not 0 <= int(seed) <= SEED_MASK:
        raise ConfigError(f"seed must be an integer in 0..2^62-1, got {seed}")
    _, seat_ids, seat_params = parse_seats(strategies, config.players)
    levels = automa_levels(seat_ids, seat_params)
    if any(levels):                                               # automa seats are set up as Automas (AUTOMA-01)
        config = dataclasses.replace(config, automa=levels)
    g = Game.new(config, int(seed))
    rng = np.zeros(1, dtype=np.int64)
    rng[0] = seed_state(np.int64(seed) ^ np.int64(BOT_RNG_SALT))   # as sim.batch.play_one
    moves = np.empty(0, dtype=np.int64)
    while not g.is_over and (max_moves is None or len(g.moves) < max_moves):
        moves = g.legal_codes()
        c = g.current_player
        i = choose_move(seat_ids[c], seat_params[c], g.state, g.tables, moves, len(moves), rng)
        g.play(int(moves[i]))
    return g
