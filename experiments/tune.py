"""`barrage tune`: optimises the weight vector of a greedy-family heuristic with CMA-ES against a league of bots.

A candidate weight vector plays `games` 2-player (or n-player) games against every league member, its seat
rotated game by game. Its fitness is the mean over the league of (win share + VP margin / MARGIN_SCALE): the
win share splits shared victories (END-08); the margin term breaks the ties of the win share and lowers the noise.
Common random numbers: within a generation every candidate plays the very same game seeds (and seats), so the
ranking CMA-ES sees is a paired comparison; every generation draws new seeds from the master seed, so the search
cannot overfit one seed set. CMA-ES samples are drawn from a numpy stream reseeded from (master seed, generation):
a run is reproducible whatever -j and however often it was interrupted and resumed.

The search space is the weights divided by their starting values (every weight starts at 1.0 and steps are
relative); bounds are the parameters' ranges. The `noise` weight is not tuned (it adds randomness, not strength).

The run directory holds `tune.json` (settings, league, fitness curve, best weights, checkpointed after every
generation, so an interrupted run leaves its best-so-far weights) and `cma.pkl` (the optimiser state for --resume),
written together as one checkpoint that a kill at any point leaves whole, under the directory's lock.
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import math
import os
import pickle
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from experiments.play import game_seeds
from sim.config import GameConfig
from experiments.store import writing_run
from sim.errors import ConfigError
from strategies.personas import PARAM_NAMES, PARAMS

MARGIN_SCALE = 100.0        # VP margin per fitness unit (a 10 VP margin = 0.1 of a win)
RESULT_FILE = "tune.json"
STATE_FILE = "cma.pkl"
FORMAT = 1
_SEED_STRIDE = 1_000_003    # generation g plays game_seeds(seed + g * stride): disjoint from bench/holdout seeds
HOLDOUT_SALT = 7_777_777    # holdout games use game_seeds(seed + HOLDOUT_SALT)
SLICE_GAMES = 4096          # games per play_batch call: its arrays take ~8 KB a game, ~35 MB a call (issue #35, X3)


# CMA-ES draws its samples through `cma_randn` from this stream, reseeded from (master seed, generation) before
# every generation. A module function pickles by name, so a resumed optimiser draws from the same stream (the
# default np.random.randn would pickle a private copy of numpy's global generator).
_SAMPLER = np.random.RandomState(0)


def cma_randn(*shape: int) -> np.ndarray:
    """N(0, 1) samples for CMA-ES (its `randn` option)."""
    return _SAMPLER.standard_normal(shape)


def reseed_cma(seed: int, generation: int) -> None:
    """Reseeds cma_randn's stream from (master seed, generation): a generation's samples depend on nothing else."""
    state = np.random.SeedSequence([seed, generation]).generate_state(2)
    _SAMPLER.seed(int(state[0]))
    np.random.seed(int(state[1]))          # anything else CMA-ES might draw from numpy's global stream


def tuned_param_names() -> tuple[str, ...]:
    """The greedy weights a tune run optimises, in parameter-vector order (every one but `noise`)."""
    return tuple(n for n in PARAM_NAMES if n != "noise")


def weight_slots() -> np.ndarray:
    """Slot of each tuned weight (tuned_param_names order) in the heuristic's parameter vector: the weights
    declared after `noise` come one slot later than their place among the tuned names."""
    return np.array([PARAM_NAMES.index(k) for k in tuned_param_names()])


def place_weights(base_vec: np.ndarray, values: np.ndarray) -> np.ndarray:
    """A copy of the parameter vector base_vec with the tuned weights (tuned_param_names order) set to values."""
    v = base_vec.copy()
    v[weight_slots()] = values
    return v


def plain_weights(vec: np.ndarray) -> np.ndarray:
    """A copy of a greedy parameter vector with only its weights (no per-company blocks, no pairing values): a
    tune searches one weight vector."""
    out = vec.copy()
    out[len(PARAM_NAMES):] = 0.0
    return out


def company_weights(vec: np.ndarray, company: str | None) -> dict[str, float]:
    """The weights (tuned parameter order) a greedy parameter vector plays for `company` (None: its own)."""
    from sim.ids import COMPANY_NAMES
    from strategies.feature_layout import COMPANY_BLOCK, N_WEIGHTS

    block = COMPANY_BLOCK + N_WEIGHTS * COMPANY_NAMES.index(company) if company is not None else None
    return {k: float(vec[i] + (vec[block + i] if block is not None else 0.0))
            for k, i in zip(tuned_param_names(), weight_slots())}


def search_space(start: dict[str, float]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """CMA-ES coordinates of the tuned weights (tuned_param_names order): (scale, start point, lower, upper
    bounds), a weight being x * scale with scale = max(|start|, its parameter's step), bounded by its range."""
    names = tuned_param_names()
    bounds = {p.name: (p.low, p.high) for p in PARAMS}
    step = {p.name: p.step for p in PARAMS}
    scale = np.array([max(abs(start[k]), step[k]) for k in names])
    x0 = np.array([start[k] for k in names]) / scale
    lower = np.array([bounds[k][0] for k in names]) / scale
    upper = np.array([bounds[k][1] for k in names]) / scale
    return scale, x0, lower, upper


def greedy_family(spec: str) -> tuple[str, np.ndarray]:
    """Canonical spec and full parameter vector of a greedy-family bot (`greedy`, a persona, `tuned`, with
    overrides); anything else raises ConfigError."""
    from strategies import core
    from strategies.registry import REGISTRY, canonical, parse

    s, vec = parse(spec)
    if s.id != core.GREEDY:
        family = ", ".join(n for n, r in REGISTRY.items() if r.id == core.GREEDY)
        raise ConfigError(f"--heuristic {spec!r} is not a greedy-family bot; tune one of: {family}")
    return canonical(spec), vec


def read_weights(path: Path) -> dict[str, float]:
    """Weights from a file: a JSON list (tuned parameter order), an object name -> value, or a tune.json.
    A list of another length than the heuristic's parameter count raises ConfigError."""
    names = tuned_param_names()
    try:
        data = json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise ConfigError(f"weights file {str(path)!r} does not exist") from None
    except (OSError, ValueError) as e:
        raise ConfigError(f"weights file {str(path)!r} is not readable JSON ({e})") from None
    if isinstance(data, dict) and "best" in data and isinstance(data["best"], dict):
        data = data["best"].get("weights")
    if isinstance(data, list):
        if len(data) != len(names):
            raise ConfigError(f"weights file {str(path)!r} has {len(data)} weights; the greedy heuristic has "
                              f"{len(names)} ({', '.join(names)})")
        data = dict(zip(names, data))
    if not isinstance(data, dict):
        raise ConfigError(f"weights file {str(path)!r} must hold a list of {len(names)} numbers or an object "
                          "name -> value")
    unknown = [k for k in data if k not in names]
    if unknown:
        raise ConfigError(f"weights file {str(path)!r}: unknown weight {unknown[0]!r}; weights: {', '.join(names)}")
    if len(data) != len(names):
        missing = [n for n in names if n not in data]
        raise ConfigError(f"weights file {str(path)!r} has {len(data)} weights; the greedy heuristic has "
                          f"{len(names)} (missing: {', '.join(missing)})")
    out = {}
    for k, v in data.items():
        if not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ConfigError(f"weights file {str(path)!r}: weight {k} must be a finite number, got {v!r}")
        out[k] = float(v)
    return out


def weights_spec(weights: dict[str, float]) -> str:
    """The `greedy:...` spec string of these weights (every tuned weight written out)."""
    return "greedy:" + ",".join(f"{k}={v:.6g}" for k, v in weights.items())


# ------------------------------------------------------------------------------------------------------------
# matches
# ------------------------------------------------------------------------------------------------------------
@dataclass
class MatchResult:
    """One hero parameter vector against one opponent: per-game win share (ties split) and VP margin."""

    share: np.ndarray
    margin: np.ndarray

    def fitness(self) -> float:
        """Win share plus VP margin / MARGIN_SCALE, averaged over the games."""
        return float(self.share.mean() + self.margin.mean() / MARGIN_SCALE)


def play_matches(config: GameConfig, heroes: np.ndarray, opponents: Sequence[str], seeds: np.ndarray,
                 company: str | None = None, pairings: tuple[np.ndarray, np.ndarray] | None = None
                 ) -> list[list[MatchResult]]:
    """Every hero parameter vector (rows of `heroes`, greedy layout) against every opponent spec on the same
    seeds, the hero's seat rotated game by game (game i: seat i mod players) and the other seats the opponent;
    with `company`, the hero always plays that company, with `pairings` (company ids, officer ids: one per seed)
    game i's company and officer (the others are dealt as usual). Returns results[hero][opponent].

    The games are played in parallel play_batch calls of at most SLICE_GAMES games, keeping two numbers per game:
    play_batch's arrays (~8 KB a game) for a whole generation took gigabytes (issue #35, X3)."""
    from sim.tables import as_array, compile_tables
    from strategies.registry import parse_spec

    n, nh, no = len(seeds), len(heroes), len(opponents)
    total = nh * no * n
    specs = [parse_spec(s) for s in opponents]
    tables = as_array(compile_tables(config.variant)[0])
    share, margin = np.empty(total), np.empty(total)
    for a in range(0, total, SLICE_GAMES):
        k = np.arange(a, min(a + SLICE_GAMES, total))
        share[k], margin[k] = _play_slice(config, tables, k, heroes, specs, seeds, company, pairings)
    return [[MatchResult(share[b:b + n], margin[b:b + n]) for b in range(h * no * n, (h + 1) * no * n, n)]
            for h in range(nh)]


def _play_slice(config: GameConfig, tables: np.ndarray, k: np.ndarray, heroes: np.ndarray,
                opponents: list[tuple[int, np.ndarray]], seeds: np.ndarray, company: str | None,
                pairings: tuple[np.ndarray, np.ndarray] | None) -> tuple[np.ndarray, np.ndarray]:
    """The hero's win share and VP margin in games k of play_matches (numbered hero, then opponent, then seed);
    `opponents` are parsed specs (strategy id, parameter vector)."""
    from sim import ids
    from sim import layout as L
    from sim.results import N_GAME, N_RESULT
    from strategies import core
    from strategies.batch import play_batch
    from strategies.core import planners_for
    from strategies.registry import N_PARAMS, model_for

    players, n, m = config.players, len(seeds), len(k)
    game, opponent, hero = k % n, (k // n) % len(opponents), k // (n * len(opponents))
    seat = game % players
    rows = np.arange(m)
    strat = np.zeros((m, L.MAX_PLAYERS), dtype=np.int64)
    par = np.zeros((m, L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    for o, (sid, svec) in enumerate(opponents):
        strat[opponent == o, :players] = sid
        par[opponent == o, :players] = svec
    strat[rows, seat] = core.GREEDY
    par[rows, seat] = heroes[hero]
    fc = np.full((m, L.MAX_PLAYERS), -1, dtype=np.int64)
    fo = np.full((m, L.MAX_PLAYERS), -1, dtype=np.int64)
    fc[:, :players] = config.company_ids()
    fo[:, :players] = config.officer_ids()
    if company is not None:
        fc[rows, seat] = ids.COMPANY_NAMES.index(company)
    if pairings is not None:
        fc[rows, seat] = np.asarray(pairings[0])[game]
        fo[rows, seat] = np.asarray(pairings[1])[game]
    seat_out = np.zeros((m, players, N_RESULT), dtype=np.int64)
    game_out = np.zeros((m, N_GAME), dtype=np.int64)
    play_batch(tables, np.ascontiguousarray(seeds[game], dtype=np.int64), fc, fo, strat, par, seat_out, game_out,
               model_for(strat, par), planners_for(strat))
    return _share_and_margin(seat_out, seat, players)


def _share_and_margin(seat_out: np.ndarray, seat: np.ndarray, players: int) -> tuple[np.ndarray, np.ndarray]:
    """Per game, the win share of `seat` (END-08: a shared victory is split) and its VP margin over the mean of
    the other seats."""
    from sim.results import R_RANK, R_VP

    rows = np.arange(len(seat))
    first = seat_out[:, :, R_RANK] == 1
    share = (first / first.sum(axis=1, keepdims=True))[rows, seat]
    vp = seat_out[:, :, R_VP].astype(np.float64)
    mine = vp[rows, seat]
    return share, mine - (vp.sum(axis=1) - mine) / max(1, players - 1)


def head_to_head(config: GameConfig, hero: str, opponents: Sequence[str], games: int, seed: int,
                 company: str | None = None) -> list[dict]:
    """The hero spec (greedy family) against each opponent on `games` seeds (seat rotated; with `company` the hero
    plays it): win rate with its Wilson 95% interval, mean VP margin."""
    from reports.proportions import wilson_interval

    _, vec = greedy_family(hero)
    seeds = game_seeds(seed, games)
    res = play_matches(config, vec[None, :], opponents, seeds, company)[0]
    rows = []
    for spec, r in zip(opponents, res):
        lo, hi = wilson_interval(r.share.sum(), games)
        rows.append({"opponent": spec, "games": games, "win_rate": round(float(r.share.mean()), 4),
                     "wilson_low": round(float(lo), 4), "wilson_high": round(float(hi), 4),
                     "vp_margin": round(float(r.margin.mean()), 2)})
    return rows


# ------------------------------------------------------------------------------------------------------------
# the run
# ------------------------------------------------------------------------------------------------------------
@dataclass
class TuneSettings:
    """What fixes a tune run: resuming requires the same settings (except the number of generations)."""

    heuristic: str                   # canonical start spec (greedy family)
    league: list[str]                # canonical opponent specs
    players: int
    games: int                       # games per candidate per league member per generation
    popsize: int
    sigma: float
    seed: int
    start: dict[str, float]          # starting weights (tuned parameter order)
    company: str | None = None       # the company the candidates always play (None: dealt as usual)

    def identity(self) -> dict:
        """The settings as plain data (tune.json `settings`)."""
        return dataclasses.asdict(self)


@dataclass
class TuneRun:
    """The written result: settings, the fitness curve (one row per generation), the best weights so far."""

    settings: TuneSettings
    curve: list[dict] = field(default_factory=list)
    best: dict = field(default_factory=dict)
    holdout: list[dict] = field(default_factory=list)
    elapsed_s: float = 0.0
    command: str = ""
    state_sha256: str = ""        # of cma.pkl as written with this generation: --resume unpickles nothing else

    def to_dict(self) -> dict:
        """The tune.json contents."""
        return {"format": FORMAT, "settings": self.settings.identity(), "command": self.command,
                "param_names": list(tuned_param_names()), "elapsed_s": round(self.elapsed_s, 1),
                "generations": len(self.curve), "best": self.best, "holdout": self.holdout, "curve": self.curve,
                "state_sha256": self.state_sha256}


def parse_league(text: str) -> list[str]:
    """Canonical league specs from a comma-separated list; unknown bots raise ConfigError (one line)."""
    from strategies.registry import canonical, split_specs

    specs = [canonical(s) for s in split_specs(text)]
    if len(set(specs)) != len(specs):
        raise ConfigError(f"league {text!r} names a bot twice")
    return specs


def _tmp(path: Path) -> Path:
    """The temporary name a checkpoint file is written under before it is renamed into place."""
    return path.with_name(path.name + ".tmp")


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _write_tmp(path: Path, data: bytes) -> None:
    """Writes data under path's temporary name, on disk before any rename makes it visible."""
    with open(_tmp(path), "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _checkpoint(files: dict[Path, bytes]) -> None:
    """Writes files as one checkpoint: every temporary file complete before the first rename, in order (the state
    before the tune.json that names it), so a kill at any point leaves the old checkpoint or a new one that
    _recover completes (issue #35, D2). A write that fails (full disk) deletes the temporary files."""
    try:
        for path, data in files.items():
            _write_tmp(path, data)
    except OSError:
        for path in files:
            _tmp(path).unlink(missing_ok=True)
        raise
    for path in files:
        os.replace(_tmp(path), path)


# What tune.json must hold for --resume to read it (a JSON object with these keys of these types).
_RUN_KEYS = {"settings": dict, "curve": list, "best": dict, "elapsed_s": (int, float), "state_sha256": str}


def _read_run(path: Path) -> dict:
    """A tune.json's contents for --resume; a file that is not a tune run raises ConfigError."""
    try:
        saved = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise ConfigError(f"--resume: {str(path)!r} is not a readable tune run ({e}); start a new run with another "
                          "--out") from None
    if not isinstance(saved, dict):
        raise ConfigError(f"--resume: {str(path)!r} holds a JSON {type(saved).__name__}, not a tune run's object; "
                          "start a new run with another --out")
    for key, kind in _RUN_KEYS.items():
        if not isinstance(saved.get(key), kind):
            raise ConfigError(f"--resume: {str(path)!r} is not a tune run (no valid {key!r}); start a new run with "
                              "another --out")
    return saved


def _recover(out: Path) -> None:
    """Completes or discards the checkpoint a kill interrupted (issue #35, D2). _checkpoint renames only complete
    files, the state first: a tune.json.tmp that is a tune run naming cma.pkl.tmp or cma.pkl by its SHA-256 is a
    whole checkpoint and is renamed into place; any other temporary file is a write cut short and is deleted."""
    result, state = out / RESULT_FILE, out / STATE_FILE
    try:
        pending = _read_run(_tmp(result))["state_sha256"]
    except ConfigError:
        pending = None
    for candidate in (_tmp(state), state):
        if pending is not None and candidate.is_file() and _sha256(candidate.read_bytes()) == pending:
            os.replace(candidate, state)            # a no-op when the state was renamed before the kill
            os.replace(_tmp(result), result)
            break
    for path in (state, result):
        _tmp(path).unlink(missing_ok=True)


def _load_state(out: Path, saved: dict) -> object:
    """The optimiser of `out`, unpickled only if its SHA-256 is the one tune.json recorded when this run wrote it
    (issue #35, S1): unpickling runs code, so a crafted or swapped cma.pkl is refused unread."""
    import cma

    try:
        state = (out / STATE_FILE).read_bytes()
    except OSError as e:
        raise ConfigError(f"--resume: {str(out)!r} holds no readable tune run ({e}); start a new run with "
                          "another --out") from None
    if _sha256(state) != saved["state_sha256"]:
        raise ConfigError(f"--resume: {STATE_FILE} in {str(out)!r} is not the optimiser state {RESULT_FILE} "
                          "recorded (its SHA-256 differs: modified, or copied from another run); it is not loaded "
                          "-- start a new run with another --out")
    try:
        es = pickle.loads(state)
    except (ValueError, pickle.UnpicklingError, EOFError, AttributeError, ImportError) as e:
        raise ConfigError(f"--resume: {str(out)!r} holds no readable tune run ({e}); start a new run with "
                          "another --out") from None
    if not isinstance(es, cma.CMAEvolutionStrategy):
        raise ConfigError(f"--resume: {STATE_FILE} in {str(out)!r} holds a {type(es).__name__}, not a CMA-ES "
                          "optimiser state; start a new run with another --out")
    return es


def _check_resume(out: Path, settings: TuneSettings) -> tuple[TuneRun, object]:
    """The saved run and optimiser of `out`; settings that differ raise ConfigError naming the first one."""
    saved = _read_run(out / RESULT_FILE)
    es = _load_state(out, saved)
    if es.countiter != len(saved["curve"]):
        raise ConfigError(f"--resume: in {str(out)!r} the optimiser state ({STATE_FILE}) and the result "
                          f"({RESULT_FILE}) are from different generations (interrupted while writing); start a "
                          "new run with another --out")
    old = saved["settings"]
    for k, v in settings.identity().items():
        if old.get(k) != v:
            raise ConfigError(f"--resume: the run in {str(out)!r} was made with {k}={old.get(k)!r}, not {v!r}; "
                              f"resume with the same settings or start a new run with another --out")
    run = TuneRun(settings, saved["curve"], saved["best"], [], float(saved["elapsed_s"]), saved.get("command", ""),
                  saved["state_sha256"])
    return run, es


def _open_run(out: Path, settings: TuneSettings, resume: bool, command: str) -> tuple[TuneRun, object]:
    """The run to continue (--resume) or a new one. --resume of a directory without a checkpoint (a run killed
    before its first generation ended) starts the run, as `balance --resume` does."""
    import cma

    _recover(out)
    if (out / RESULT_FILE).exists() or (out / STATE_FILE).exists():
        if resume:
            return _check_resume(out, settings)
        raise ConfigError(f"{str(out)!r} already holds a tune run; pass --resume to continue it or choose "
                          "another --out")
    _, x0, lower, upper = search_space(settings.start)
    es = cma.CMAEvolutionStrategy(x0, settings.sigma, {
        "popsize": settings.popsize, "bounds": [list(lower), list(upper)], "randn": cma_randn,
        "verbose": -9, "verb_log": 0, "verb_disp": 0, "CMA_diagonal": False})
    return TuneRun(settings, command=command), es




def _generation(config: GameConfig, settings: TuneSettings, es, run: TuneRun, base_vec: np.ndarray) -> dict:
    """Plays one generation of CMA-ES (telling `es`, updating run.best); returns its fitness-curve row."""
    scale, _, lower, upper = search_space(settings.start)

    def vector(x: np.ndarray) -> np.ndarray:
        return place_weights(base_vec, np.clip(x, lower, upper) * scale)

    gen = len(run.curve)
    reseed_cma(settings.seed, gen)
    xs = es.ask()
    heroes = np.stack([vector(x) for x in xs] + [vector(np.array(es.mean))])
    seeds = game_seeds(settings.seed + (gen + 1) * _SEED_STRIDE, settings.games)
    res = play_matches(config, heroes, settings.league, seeds, settings.company)
    fit = np.array([np.mean([r.fitness() for r in row]) for row in res])
    es.tell(xs, list(-fit[:-1]))                          # CMA-ES minimises
    mean_fit = float(fit[-1])
    mean_w = {k: round(float(v), 5) for k, v in zip(tuned_param_names(), heroes[-1][weight_slots()])}
    row = {"generation": gen, "mean_fitness": round(mean_fit, 5),
           "best_candidate_fitness": round(float(fit[:-1].max()), 5),
           "median_candidate_fitness": round(float(np.median(fit[:-1])), 5),
           "mean_win_share": {spec: round(float(r.share.mean()), 4) for spec, r in zip(settings.league, res[-1])},
           "sigma": round(float(es.sigma), 5)}
    # The best so far is the distribution mean with the best fitness: unlike the best sample of a
    # generation it is not picked for being lucky on these seeds.
    if not run.best or mean_fit > run.best["fitness"]:
        run.best = {"generation": gen, "fitness": round(mean_fit, 5), "weights": mean_w}
    return row


def run_tune(config: GameConfig, settings: TuneSettings, generations: int, out: Path, resume: bool = False,
             holdout_games: int = 0, command: str = "", on_generation: Callable[[dict], None] | None = None
             ) -> TuneRun:
    """Runs (or resumes) CMA-ES up to `generations` generations, checkpointing after each; then, with
    `holdout_games`, plays the best weights against the league on fresh seeds. The run holds `out`'s lock (the
    one `balance` takes) throughout, so a second run on the same directory is refused (issue #35, D1)."""
    from experiments.store import ResultsStore
    from strategies.registry import parse_spec

    out = Path(out)
    with contextlib.ExitStack() as stack:
        with writing_run(out, "tune run"):
            stack.enter_context(ResultsStore(out).locked())
            run, es = _open_run(out, settings, resume, command)
        base_vec = plain_weights(parse_spec(settings.heuristic)[1])
        t0 = time.perf_counter() - run.elapsed_s
        while len(run.curve) < generations:
            row = _generation(config, settings, es, run, base_vec)
            row["elapsed_s"] = round(time.perf_counter() - t0, 1)
            run.curve.append(row)
            run.elapsed_s = time.perf_counter() - t0
            state = pickle.dumps(es)
            run.state_sha256 = _sha256(state)
            with writing_run(out, "tune run"):
                _checkpoint({out / STATE_FILE: state, out / RESULT_FILE: _result_bytes(run)})
            if on_generation is not None:
                on_generation(row)
        if holdout_games > 0:
            hero = weights_spec(run.best["weights"] if run.best else settings.start)
            run.holdout = head_to_head(config, hero, settings.league, holdout_games, settings.seed + HOLDOUT_SALT,
                                       settings.company)
            with writing_run(out, "tune run"):
                _checkpoint({out / RESULT_FILE: _result_bytes(run)})
    return run


def _result_bytes(run: TuneRun) -> bytes:
    return json.dumps(run.to_dict(), indent=1).encode()
