"""`barrage learn`: trains the learned evaluator (strategies.value_model) from games of strong play, iterated.

A run directory holds everything; every step is a checkpoint, so `--resume` continues where a run stopped:

    learn.json            settings, and per iteration: games, positions, training loss, CPU-s, evaluation
    data/iter{i}-{k}.npz  recorded positions of iteration i, chunk k (features float32, targets, game ids)
    model-{i}.json        the model trained after iteration i
    value_model.json      the best model so far by its evaluation (copy it to strategies/data/ to ship it)

Iteration 0 records games of the teacher lineups (planner self-play and planner against the Automa by default);
iteration i >= 1 records games of the students -- bots that play with model i-1, by default the planner with the
model at its leaves -- against the same opponents, then retrains on all positions so far. Each model is evaluated
as the evaluation bot (`--eval-bot`) against each evaluation opponent on seeds the training never plays (the
master seed's evaluation stream); the run stops early when an iteration does not beat the best evaluation so
far. Pairings are dealt at random in every game (as in a balance cell); seats alternate.

Targets per row (the viewing company c of a recorded position): final VP of c minus the best other company's, in
units of MARGIN_SCALE, and c's win share (END-06..08: 1/k for a k-way shared victory).

A refit (`refit`, `barrage learn --refit --td-lambda L`) plays no games: it retrains on every recorded position with
TD(lambda) targets bootstrapped by the run's best model (`td_targets`) -- each position's target mixes the model's
value of the same company's next recorded position with that position's own target -- which are far less noisy
than the game's outcome alone (one outcome per game, thousands of positions), and adds the result as one more
iteration, evaluated like the others.
"""
from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Callable

import numpy as np

from sim.errors import ConfigError

LEARN_FILE = "learn.json"
BEST_FILE = "value_model.json"
STREAM_TRAIN = 1        # master-seed streams (experiments.seeds): training games, evaluation games
STREAM_EVAL = 2
CHUNK_GAMES = 500       # games per recorded chunk (one checkpoint)


@dataclass
class LearnSettings:
    """What a learn run does; saved in learn.json, and a resumed run must match it."""

    seed: int = 1
    players: int = 2
    iterations: int = 3
    games: int = 1500                       # recorded games per iteration
    teachers: tuple[str, ...] = ("mcts:iters=25",)      # the strong seats of iteration 0
    opponents: tuple[str, ...] = ("automa:level=4", "tuned", "mcts:iters=25")   # who they play
    students: tuple[str, ...] = ("mcts:iters=25,depth=10,leaf=1",)   # the strong seats of iterations >= 1
    eval_bot: str = "mcts:iters=25,depth=10,leaf=1"                  # plays the evaluation with each model
    every: int = 3                          # record every `every`-th decision
    explore: float = 0.05                   # a bot seat's decision is an exploration move with this probability
    explore_width: int = 6                  # ... drawn from the greedy scorer's (tuned's) best this many
    cap: int = 160                          # at most this many rows per game
    hidden: tuple[int, ...] = (64, 32)      # MLP hidden layer sizes
    epochs: int = 60                        # at most (early stopping on a 10% validation split)
    eval_games: int = 200                   # per evaluation opponent
    eval_opponents: tuple[str, ...] = ("automa:level=4", "tuned")
    patience: int = 1                       # stop after this many iterations without a better evaluation

    def check(self) -> "LearnSettings":
        """Raises ConfigError naming the first bad setting."""
        from strategies.registry import parse_spec

        if self.players not in (2, 3, 4):
            raise ConfigError(f"players: {self.players} is not a player count of Barrage; use 2, 3 or 4")
        if not 0 <= self.explore <= 1:
            raise ConfigError(f"explore: a probability in [0, 1], got {self.explore:g}")
        for name in ("iterations", "games", "every", "cap", "epochs", "eval_games", "patience", "explore_width"):
            if getattr(self, name) < (0 if name in ("iterations", "eval_games", "patience") else 1):
                raise ConfigError(f"{name}: must be positive, got {getattr(self, name)}")
        if self.cap < self.players:
            raise ConfigError(f"cap: {self.cap} rows cannot hold one position of {self.players} players")
        if not self.hidden or any(h < 1 or h > 256 for h in self.hidden):
            raise ConfigError(f"hidden: layer sizes must be 1..256, got {','.join(map(str, self.hidden))}")
        for spec in self.teachers + self.opponents + self.students + (self.eval_bot,) + self.eval_opponents:
            parse_spec(spec)
        return self


@dataclass
class RunState:
    """learn.json: the settings and what each finished step produced."""

    settings: LearnSettings
    iterations: list[dict] = field(default_factory=list)
    best: int = -1

    def save(self, out: Path) -> None:
        tmp = out / (LEARN_FILE + ".tmp")
        tmp.write_text(json.dumps({"settings": asdict(self.settings), "iterations": self.iterations,
                                   "best": self.best}, indent=1))
        os.replace(tmp, out / LEARN_FILE)

    @staticmethod
    def load(out: Path) -> "RunState":
        doc = json.loads((out / LEARN_FILE).read_text())
        s = doc["settings"]
        settings = LearnSettings(**{k: tuple(v) if isinstance(v, list) else v for k, v in s.items()})
        return RunState(settings, doc["iterations"], doc["best"])


def _lineups(settings: LearnSettings, iteration: int) -> list[tuple[str, ...]]:
    """The seat lineups of an iteration's games: each strong seat (the teachers, or the students once a model
    exists) against each opponent, the strong seat first (seats are then rotated game by game)."""
    strong = settings.teachers if iteration == 0 else settings.students
    return [(s,) + (o,) * (settings.players - 1) for s in strong for o in settings.opponents]


def dealt_games(tables, players: int, master: int, stream: int, start: int, stop: int):
    """Seeds and random pairings (company, officer per seat; SETUP-15 replaced by a random deal, as in a balance
    cell) of games start..stop-1 of a stream."""
    from sim import layout as L
    from experiments.seeds import game_seeds, random_pairings

    fc = np.full((stop - start, L.MAX_PLAYERS), -1, dtype=np.int64)
    fo = np.full((stop - start, L.MAX_PLAYERS), -1, dtype=np.int64)
    fc[:, :players], fo[:, :players] = random_pairings(tables, players, master, stream, start, stop)
    return game_seeds(master, stream, start, stop), fc, fo


def _seat_arrays(lineups: list[tuple[str, ...]], games: np.ndarray, players: int):
    """Bot ids and parameter vectors of games with these global indices: game k plays lineup k mod len(lineups),
    rotated by (k // len(lineups)) mod players seats."""
    from sim import layout as L
    from strategies.registry import N_PARAMS, parse_spec

    parsed = [[parse_spec(s) for s in lu] for lu in lineups]
    strat = np.zeros((games.size, L.MAX_PLAYERS), dtype=np.int64)
    par = np.zeros((games.size, L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    for row, k in enumerate(games):
        lu = parsed[k % len(lineups)]
        shift = (k // len(lineups)) % players
        for p in range(players):
            strat[row, (p + shift) % players], par[row, (p + shift) % players] = lu[p]
    return strat, par


def targets(seat_out: np.ndarray, meta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(rows mask, targets [rows, 2]) of recorded rows from the games' result rows: the viewer's final VP margin
    over the best other company / MARGIN_SCALE, and its win share."""
    from sim.results import R_RANK, R_VP
    from strategies.value_model import MARGIN_SCALE

    vp = seat_out[:, :, R_VP].astype(np.float64)
    first = seat_out[:, :, R_RANK] == 1
    share = first / first.sum(axis=1, keepdims=True)
    players = vp.shape[1]
    margin = np.empty_like(vp)
    for c in range(players):
        others = np.delete(vp, c, axis=1)
        margin[:, c] = vp[:, c] - others.max(axis=1)
    mask = meta[:, :, 0] >= 0
    viewer = np.where(mask, meta[:, :, 0], 0)
    g = np.broadcast_to(np.arange(vp.shape[0])[:, None], viewer.shape)
    y = np.stack([margin[g, viewer] / MARGIN_SCALE, share[g, viewer]], axis=-1)
    return mask, y[mask]


def td_targets(y: np.ndarray, game: np.ndarray, values: np.ndarray, players: int, lam: float) -> np.ndarray:
    """TD(lambda) targets of recorded rows (TD-Gammon's lambda-return, Sutton & Barto 12.1): rows come game by game,
    `players` rows per position (company 0, 1, ... in order, as record_chunk writes them); for company c's positions
    t = 1..T of a game, G_T = y_T (the game's outcome) and G_t = (1 - lam) * values_{t+1} + lam * G_{t+1}, where
    values are a model's predictions of the rows. lam = 1 gives the outcomes back."""
    out = y.astype(np.float64).copy()
    starts = np.flatnonzero(np.r_[True, game[1:] != game[:-1]])
    for s, e in zip(starts, np.r_[starts[1:], game.size]):
        if (e - s) % players:
            raise ValueError(f"game {game[s]}: {e - s} rows is not a whole number of {players}-company positions")
        for c in range(players):
            rows = np.arange(s + c, e, players)
            ret = out[rows[-1]].copy()
            for t in range(rows.size - 2, -1, -1):
                ret = (1.0 - lam) * values[rows[t + 1]] + lam * ret
                out[rows[t]] = ret
    return out


def predict(model: np.ndarray, X: np.ndarray) -> np.ndarray:
    """The flat model's outputs for the rows of X (numpy, for training; play evaluates it in numba,
    strategies.value_model.mlp_forward, with the same layout)."""
    n_in, n_hidden = int(model[1]), int(model[2])
    sizes = [int(v) for v in model[3:3 + n_hidden + 1]]
    p = 3 + n_hidden + 1
    h = (X.astype(np.float64) - model[p:p + n_in]) / model[p + n_in:p + 2 * n_in]
    p += 2 * n_in
    width = n_in
    for layer, nxt in enumerate(sizes):
        w = model[p:p + width * nxt].reshape(width, nxt)
        p += width * nxt
        h = h @ w + model[p:p + nxt]
        p += nxt
        if layer < n_hidden:
            h = np.maximum(h, 0.0)
        width = nxt
    return h


def _explore_weights() -> np.ndarray:
    """The greedy weights whose best moves exploration draws from: the planners' default heuristic (`tuned`)."""
    from strategies.feature_layout import N_HEURISTIC
    from strategies.registry import PLANNER_HEURISTIC, parse_spec

    return np.ascontiguousarray(parse_spec(PLANNER_HEURISTIC)[1][:N_HEURISTIC])


def record_chunk(settings: LearnSettings, lineups, model: np.ndarray, start: int, stop: int, stream: int):
    """Plays games start..stop-1 and returns (features float32 [rows, N_FEATURES], targets [rows, 2], game
    index per row)."""
    from sim.config import GameConfig
    from sim.results import N_GAME, N_RESULT
    from sim.tables import as_array, compile_tables
    from strategies.core import planners_for
    from strategies.value_data import record_batch
    from strategies.value_features import N_FEATURES

    tables, _ = compile_tables(GameConfig(players=settings.players).variant)
    seeds, fc, fo = dealt_games(tables, settings.players, settings.seed, stream, start, stop)
    strat, par = _seat_arrays(lineups, np.arange(start, stop), settings.players)
    n = stop - start
    feats = np.zeros((n, settings.cap, N_FEATURES), dtype=np.float32)
    meta = np.zeros((n, settings.cap, 3), dtype=np.int64)
    seat_out = np.zeros((n, settings.players, N_RESULT), dtype=np.int64)
    game_out = np.zeros((n, N_GAME), dtype=np.int64)
    record_batch(as_array(tables), seeds, fc, fo, strat, par, model, planners_for(strat), settings.every,
                 settings.explore, settings.explore_width, _explore_weights(), feats, meta, seat_out, game_out)
    mask, y = targets(seat_out, meta)
    game = np.broadcast_to(np.arange(start, stop)[:, None], mask.shape)[mask]
    return feats[mask], y.astype(np.float32), game


def train(X: np.ndarray, y: np.ndarray, settings: LearnSettings, seed: int) -> tuple[np.ndarray, dict]:
    """Fits the MLP (scikit-learn, the `learn` extra) on standardised features; returns (flat model, stats)."""
    try:
        from sklearn.neural_network import MLPRegressor
        from threadpoolctl import threadpool_limits
    except ImportError:
        raise ConfigError("barrage learn needs scikit-learn: pip install -e '.[learn]'") from None
    from strategies.value_model import MARGIN_SCALE, pack

    X = X.astype(np.float64)
    mean = X.mean(axis=0)
    scale = X.std(axis=0)
    scale[scale < 1e-9] = 1.0
    net = MLPRegressor(hidden_layer_sizes=settings.hidden, activation="relu", solver="adam", alpha=1e-4,
                       batch_size=512, learning_rate_init=1e-3, max_iter=settings.epochs, early_stopping=True,
                       validation_fraction=0.1, n_iter_no_change=6, random_state=seed % (2**32))
    Z = (X - mean) / scale
    with threadpool_limits(1):         # one BLAS thread: a fifth of the CPU time of two spinning ones, same model
        net.fit(Z, y)
    model = pack(mean, scale, net.coefs_, net.intercepts_)
    pred = net.predict(Z)
    stats = {"rows": int(X.shape[0]), "epochs": int(net.n_iter_),
             "validation_r2": float(max(net.validation_scores_)) if net.validation_scores_ else None,
             "train_rmse_margin_vp": float(np.sqrt(np.mean((pred[:, 0] - y[:, 0]) ** 2)) * MARGIN_SCALE),
             "train_rmse_win": float(np.sqrt(np.mean((pred[:, 1] - y[:, 1]) ** 2)))}
    return model, stats


def evaluate(settings: LearnSettings, model: np.ndarray, games: int) -> dict[str, dict]:
    """The evaluation bot with this model against each evaluation opponent: win share with Wilson 95%, on the
    evaluation stream's seeds, pairings dealt at random, seats alternating."""
    from sim.config import GameConfig
    from sim.results import N_GAME, N_RESULT, R_RANK
    from sim.tables import as_array, compile_tables
    from reports.proportions import wilson_interval
    from strategies.batch import play_batch
    from strategies.core import planners_for

    tables, _ = compile_tables(GameConfig(players=settings.players).variant)
    out = {}
    for k, opp in enumerate(settings.eval_opponents):
        lineups = [(settings.eval_bot,) + (opp,) * (settings.players - 1)]
        seeds, fc, fo = dealt_games(tables, settings.players, settings.seed, STREAM_EVAL, 0, games)
        strat, par = _seat_arrays(lineups, np.arange(games), settings.players)
        seat_out = np.zeros((games, settings.players, N_RESULT), dtype=np.int64)
        game_out = np.zeros((games, N_GAME), dtype=np.int64)
        t0 = time.process_time()
        play_batch(as_array(tables), seeds, fc, fo, strat, par, seat_out, game_out, model, planners_for(strat))
        cpu = time.process_time() - t0
        seat = np.arange(games) % settings.players        # the evaluated bot's seat (lineup rotated per game)
        first = seat_out[:, :, R_RANK] == 1
        share = (first / first.sum(axis=1, keepdims=True))[np.arange(games), seat]
        lo, hi = wilson_interval(float(share.sum()), games)
        out[opp] = {"games": games, "win_share": float(share.mean()), "wilson95": [float(lo), float(hi)],
                    "cpu_s_per_game": cpu / games}
    return out


def _score(evaluation: dict[str, dict]) -> float:
    return float(np.mean([e["win_share"] for e in evaluation.values()])) if evaluation else 0.0


def run_learn(out: Path, settings: LearnSettings, resume: bool = False,
              progress: Callable[[str, int, int], None] | None = None) -> RunState:
    """Runs (or resumes) a learn run in `out`; returns its final state (module docstring)."""
    from strategies.value_model import load, no_model

    settings.check()
    data = out / "data"
    if resume:
        if not (out / LEARN_FILE).exists():
            raise ConfigError(f"--resume: {out} holds no {LEARN_FILE}; start the run without --resume")
        state = RunState.load(out)
        diff = [k for k, v in asdict(settings).items() if asdict(state.settings)[k] != v and k != "iterations"]
        if diff:     # (more --iterations than before continue the run)
            raise ConfigError(f"--resume: {out} was started with other settings ({', '.join(diff)}); "
                              "give the same options or a new --out")
        state.settings = settings
    else:
        if out.exists() and any(out.iterdir()):
            raise ConfigError(f"{out} is not empty; give a new --out or --resume")
        state = RunState(settings)
    data.mkdir(parents=True, exist_ok=True)
    state.save(out)
    n_chunks = -(-settings.games // CHUNK_GAMES)
    start_iter = len(state.iterations)
    for it in range(start_iter, settings.iterations):
        if it > 0 and it - 1 - state.best >= settings.patience:
            break                          # stopped early before: no better model for `patience` iterations
        model = load(out / f"model-{it - 1}.json") if it > 0 else no_model()
        lineups = _lineups(settings, it)
        t_play = time.process_time()
        for k in range(n_chunks):
            path = data / f"iter{it}-{k}.npz"
            if path.exists():
                continue
            a = it * settings.games + k * CHUNK_GAMES
            b = it * settings.games + min(settings.games, (k + 1) * CHUNK_GAMES)
            X, y, game = record_chunk(settings, lineups, model, a, b, STREAM_TRAIN)
            tmp = data / f"iter{it}-{k}.tmp.npz"
            np.savez(tmp, X=X, y=y, game=game)
            os.replace(tmp, path)
            if progress:
                progress(f"iteration {it}: games", b - it * settings.games, settings.games)
        play_cpu = time.process_time() - t_play
        X, y, _ = recorded_positions(data, it)
        _fit_evaluate_record(out, state, it, X, y, {"iteration": it, "lineups": [",".join(lu) for lu in lineups],
                                                    "games": settings.games, "play_cpu_s": play_cpu}, progress)
    return state


def run_refit(out: Path, td_lambda: float, progress: Callable[[str, int, int], None] | None = None,
              pool: tuple[Path, ...] = (), hidden: tuple[int, ...] | None = None) -> RunState:
    """Adds a refit iteration to the run in `out`: no games; the MLP retrained on every recorded position with
    TD(td_lambda) targets bootstrapped by the run's best model (module docstring, `td_targets`). Each run in `pool`
    adds its own positions, with TD targets bootstrapped by its own best model: one model for the player counts
    of all these runs (the features name the player count). `hidden`: the refit's layer sizes, if not the run's
    (recorded in its iteration)."""
    state = refit_state(out, td_lambda)
    runs = [(out, state)] + [(Path(p), refit_state(Path(p), td_lambda)) for p in pool]
    if len({r.resolve() for r, _ in runs}) < len(runs):
        raise ConfigError("--pool: name each run once, and not the run in --out itself")
    it = len(state.iterations)
    parts = []
    for run, st in runs:
        if progress:
            progress(f"iteration {it}: TD({td_lambda:g}) targets of {run} from its model {st.best}", 0, 1)
        parts.append(_td_positions(run, st, td_lambda))
    X = np.concatenate([x for x, _ in parts])
    y = np.concatenate([t for _, t in parts])
    _fit_evaluate_record(out, state, it, X, y.astype(np.float32),
                         {"iteration": it, "kind": "refit", "td_lambda": td_lambda, "bootstrap": state.best,
                          "pool": [{"run": str(run), "bootstrap": st.best, "players": st.settings.players,
                                    "positions": int(x.shape[0])} for (run, st), (x, _) in zip(runs[1:], parts[1:])],
                          "lineups": [], "games": 0, "play_cpu_s": 0.0,
                          **({"hidden": list(hidden)} if hidden else {})}, progress)
    return state


def _td_positions(run: Path, state: RunState, td_lambda: float) -> tuple[np.ndarray, np.ndarray]:
    """(features, TD(td_lambda) targets) of every position a run recorded before its last iteration, bootstrapped
    by its best model."""
    from strategies.value_model import load

    X, y, game = recorded_positions(run / "data", len(state.iterations) - 1)
    values = predict(load(run / f"model-{state.best}.json", fold=False), X)
    return X, td_targets(y, game, values, state.settings.players, td_lambda)


def refit_state(out: Path, td_lambda: float) -> RunState:
    """The state of the run a refit extends; ConfigError when there is none to refit or td_lambda is not a weight."""
    if not 0.0 <= td_lambda <= 1.0:
        raise ConfigError(f"--td-lambda: a weight in [0, 1] (1 = the games' outcomes), got {td_lambda:g}")
    if not (out / LEARN_FILE).exists():
        raise ConfigError(f"--refit: {out} holds no {LEARN_FILE}; a refit retrains an existing run's positions")
    state = RunState.load(out)
    if state.best < 0:
        raise ConfigError(f"--refit: {out} has no trained model yet; run its first iteration before a refit")
    return state


def recorded_positions(data: Path, last: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(features, targets, game index) of every recorded chunk of iterations 0..last, in recording order."""
    files = sorted(data.glob("iter*-*.npz"))
    files = [f for f in files if ".tmp" not in f.name and int(f.name[4:].split("-")[0]) <= last]
    parts = [np.load(f) for f in files]
    return tuple(np.concatenate([p[k] for p in parts]) for k in ("X", "y", "game"))


def _fit_evaluate_record(out: Path, state: RunState, it: int, X: np.ndarray, y: np.ndarray, entry: dict,
                         progress: Callable[[str, int, int], None] | None) -> None:
    """Trains model `it` on (X, y), evaluates it, appends `entry` completed with the figures to learn.json and
    makes the model the best one if its evaluation beats the best so far."""
    from strategies.value_model import check, prepared, save

    settings = state.settings
    if progress:
        progress(f"iteration {it}: training on {X.shape[0]:,} positions", 0, 1)
    t_train = time.process_time()
    layers = tuple(entry.get("hidden", settings.hidden))
    model, stats = train(X, y, replace(settings, hidden=layers), settings.seed + it)
    train_cpu = time.process_time() - t_train
    check(model)
    save(model, out / f"model-{it}.json", {"iteration": it, "seed": settings.seed, **stats})
    if progress:
        progress(f"iteration {it}: evaluating", 0, 1)
    evaluation = evaluate(settings, prepared(model), settings.eval_games) if settings.eval_games else {}
    state.iterations.append({**entry, "positions_total": int(X.shape[0]), "train_cpu_s": train_cpu, "train": stats,
                             "evaluation": evaluation, "score": _score(evaluation)})
    if state.best < 0 or _score(evaluation) > state.iterations[state.best]["score"]:
        state.best = it
        shutil.copyfile(out / f"model-{it}.json", out / BEST_FILE)
    state.save(out)
