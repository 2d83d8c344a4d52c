"""Plays single games on the Python loop with the numba bots, and derives game seeds from a master seed.

`play_game` makes the same choices as `strategies.batch.play_one` (same bot, same bot random stream seeded from the
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
from sim.variant import Variant
from strategies.python_bot import DEFAULT_BOT_TIMEOUT, PYTHON_BOT, VIEW_SALT, PythonStrategy, supervised

SEED_MASK = (1 << 62) - 1  # game seeds stay positive in int64 and clear of the bots' seed salt


def game_seeds(master_seed: int, n: int) -> np.ndarray:
    """The n game seeds of a run: SeedSequence(master_seed) state words masked to 62 bits, as int64."""
    if master_seed < 0:
        raise ConfigError(f"seed must be a non-negative integer, got {master_seed}")
    words = np.random.SeedSequence(master_seed).generate_state(n, dtype=np.uint64)
    return (words & np.uint64(SEED_MASK)).astype(np.int64)


def play_game(config: GameConfig | dict, seed: int, strategies: str | Sequence[str] | None = None,
              max_moves: int | None = None, python_bots: dict[str, PythonStrategy] | None = None,
              game_class: type[Game] = Game) -> Game:
    """Plays one game (or its first `max_moves` moves) with the given per-seat strategy specs; returns the Game.

    `strategies` is one spec per seat (a comma-separated string or a list) or a single spec for every seat;
    None means `random`. A spec naming one of `python_bots` (loaded bot files, strategies.python_bot) seats that
    Python bot; it decides on a view of the game that hides what its seat cannot see. `game_class` is the Game
    (sub)class set up (the viewer's `experiments.view.RecordingGame` keeps every position).
    """
    from strategies.registry import automa_levels

    if isinstance(config, dict):
        config = GameConfig.from_dict(config)
    if not 0 <= int(seed) <= SEED_MASK:
        raise ConfigError(f"seed must be an integer in 0..2^62-1, got {seed}")
    _, seat_ids, seat_params, seat_python = seat_strategies(strategies, config.players, python_bots)
    levels = automa_levels(seat_ids, seat_params)
    if any(levels):                                               # automa seats are set up as Automas (AUTOMA-01)
        config = dataclasses.replace(config, automa=levels)
    g = game_class.new(config, int(seed))
    play_out(g, int(seed), seat_ids, seat_params, seat_python, max_moves)
    return g


def play_out(g: Game, seed: int, seat_ids: np.ndarray, seat_params: np.ndarray,
             seat_python: dict[int, PythonStrategy], max_moves: int | None = None,
             bot_timeout: float = DEFAULT_BOT_TIMEOUT) -> None:
    """Plays a set-up game to its end (or `max_moves` moves): numba bots choose as in `strategies.batch.play_one`
    (same bot stream from the game seed), Python bots on a view of the game that hides what their seat cannot see.

    A game with Python bots is played in a supervised process (`strategies.python_bot.supervised`: each bot call
    within `bot_timeout` seconds, failures one line naming bot, seat, seed and move), and its moves are then played
    here, so `g` ends exactly as there and keeps its own event log."""
    if not seat_python:
        _play_moves(g, seed, seat_ids, seat_params, {}, max_moves)
        return
    for move in supervised(_moves_played, (g.config, g.state, g.seed, g.moves, seed, seat_ids, seat_params,
                                           seat_python, max_moves), bot_timeout):
        g.play(move)


def _moves_played(config: GameConfig, state: np.ndarray, game_seed: int | None, moves: list[int], seed: int,
                  seat_ids: np.ndarray, seat_params: np.ndarray, seat_python: dict[int, PythonStrategy],
                  max_moves: int | None) -> list[int]:
    """In the supervised process: the moves that play the game at `state` out (no event log: the caller keeps it)."""
    g = Game(config, state, game_seed, moves)
    _play_moves(g, seed, seat_ids, seat_params, seat_python, max_moves)
    return g.moves[len(moves):]


def _play_moves(g: Game, seed: int, seat_ids: np.ndarray, seat_params: np.ndarray,
                seat_python: dict[int, PythonStrategy], max_moves: int | None) -> None:
    """The Python loop of `play_out`, in the process it runs in."""
    from sim.rules.rng import seed_state
    from sim.rules.engine import BUFFER_SIZE
    from strategies.core import BOT_RNG_SALT, choose_move, plan_memory, planners_for
    from strategies.registry import model_for
    from strategies.score_buffer import new_score_buffer

    choosers = {c: bot.for_game(seed, c) for c, bot in seat_python.items()}
    rng = np.zeros(1, dtype=np.int64)
    rng[0] = seed_state(np.int64(seed) ^ np.int64(BOT_RNG_SALT))   # as strategies.batch.play_one
    memory = plan_memory(seat_ids, seat_params, g.config.players)   # the planners' tree memory, as there
    model = model_for(seat_ids, seat_params)                        # the learned evaluator, as there
    planners = planners_for(seat_ids)                               # the searching bots compiled only if seated
    score_buf = new_score_buffer(BUFFER_SIZE)
    while not g.is_over and (max_moves is None or len(g.moves) < max_moves):
        c = g.current_player
        if c in choosers:
            legal = g.legal_moves()
            view = g.determinized(c, (seed ^ VIEW_SALT) + len(g.moves))
            where = f"at seat {c}, game seed {seed}, move {len(g.moves)}"
            g.play(seat_python[c].code_for(choosers[c], view, legal, where))
            continue
        moves = g.legal_codes()
        i = choose_move(seat_ids[c], seat_params[c], g.state, g.tables, moves, len(moves), rng, score_buf, memory,
                        model, planners)
        g.play(int(moves[i]))


def play_batch_python(config: GameConfig, seeds: np.ndarray, fixed_company: np.ndarray, fixed_officer: np.ndarray,
                      seat_strategy: np.ndarray, params: np.ndarray, seat_python: list[dict[int, PythonStrategy]],
                      seat_out: np.ndarray, game_out: np.ndarray,
                      bot_timeout: float = DEFAULT_BOT_TIMEOUT) -> None:
    """`strategies.batch.play_batch` on the Python loop, for games that seat Python bots: same inputs, same rows;
    seat_python[g] maps game g's Python seats to their bots (their seat_strategy entries are ignored). The games
    are played in one supervised process (see play_out)."""
    seat_out[:], game_out[:] = supervised(_batch_rows, (config, seeds, fixed_company, fixed_officer, seat_strategy,
                                                        params, seat_python, seat_out, game_out), bot_timeout)


def _batch_rows(config: GameConfig, seeds: np.ndarray, fixed_company: np.ndarray, fixed_officer: np.ndarray,
                seat_strategy: np.ndarray, params: np.ndarray, seat_python: list[dict[int, PythonStrategy]],
                seat_out: np.ndarray, game_out: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """In the supervised process: plays the games of play_batch_python and returns the filled seat_out, game_out."""
    from sim.results import record
    from strategies.registry import automa_levels

    for g in range(seeds.shape[0]):
        levels = automa_levels(seat_strategy[g][:config.players], params[g][:config.players])
        seat_config = dataclasses.replace(config, automa=levels) if any(levels) else config
        game = Game.from_setup(seat_config, int(seeds[g]), fixed_company[g], fixed_officer[g],
                               record_events=False)                  # batch play keeps no event log
        _play_moves(game, int(seeds[g]), seat_strategy[g], params[g], seat_python[g], None)
        record(game.state, game.tables, seat_out[g], game_out[g])
    return seat_out, game_out


def game_config(variant: Variant) -> GameConfig:
    """The GameConfig of a rules variant (random pairings)."""
    return GameConfig(**{f.name: getattr(variant, f.name) for f in dataclasses.fields(variant)})


def seat_strategies(strategies: str | Sequence[str] | None, players: int,
                    python_bots: dict[str, PythonStrategy] | None = None):
    """Per seat: (spec texts, numba ids, numba params, {seat: PythonStrategy}); Python seats get id PYTHON_BOT."""
    from strategies.registry import parse_seats, split_specs

    python_bots = python_bots or {}
    specs = split_specs(strategies) if isinstance(strategies, str) else list(strategies or ["random"])
    if len(specs) == 1:
        specs = specs * players
    is_python = [s.strip().lower() in python_bots for s in specs]
    canon, seat_ids, seat_params = parse_seats(["random" if p else s for s, p in zip(specs, is_python)], players)
    seat_python = {}
    for c, p in enumerate(is_python):
        if p:
            seat_python[c] = python_bots[specs[c].strip().lower()]
            canon[c] = seat_python[c].name
            seat_ids[c] = PYTHON_BOT
    return canon, seat_ids, seat_params, seat_python
