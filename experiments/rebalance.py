"""`barrage rebalance`: searches the smallest change of the data's knobs that brings every company's and every
officer's own-seat win rate to parity for one bot population, then confirms the best proposals on fresh seeds
(docs/experiments.md § Rebalancing).

1. Search. CMA-ES (the `cma` package) over the knobs' step grids: a sample is rounded to whole steps, so integers
   stay integers, and knobs the search does not need sit at their official values. A candidate's score is its
   imbalance (reports.spread, in points) plus the cost of change: `cost.per_knob` per knob changed and
   `cost.per_step` per step away from the official values, so of two equally balanced candidates the smaller change
   wins. Every candidate plays the same seeds (common random numbers: replicate i of a cell is the same game setup
   for all), so candidates are compared on paired games. Each generation is a successive halving: every candidate
   plays `search.first_rung` games per cell, the better half twice as many, and so on up to
   `design.games_per_cell`; CMA-ES ranks the samples by the rung they reached, then by score. Results are kept per
   candidate, so a candidate asked for again (CMA-ES revisits grid points) plays nothing new. Each generation also
   gets one sample from a response surface fitted to the earlier generations' games (experiments.rebalance_surface).
2. Race. The best `search.finalists` candidates, and the best one with each of its changes undone in turn (the
   smallest fix), play replicates the search never played, halving until `confirm.proposals` remain: their ranking
   is free of the search's selection on its own seeds.
3. Confirmation. The official rules and each proposal play a full balance sweep (`confirm.games_per_cell` games per
   cell) on fresh seeds, one results directory each under DIR/confirm/, and get the report's verdicts
   (reports.rebalance).
4. DIR/rebalance.json and DIR/report/.

The run is reproducible from the seed whatever -j: games depend only on their seeds, CMA-ES draws from a stream
reseeded from (seed, generation), and every choice is made on completed results in a fixed order. The checkpoint
(DIR/rebalance-state.json: the generations so far and the SHA-256 of every stored result) is rewritten as each
candidate's games are stored; --resume replays the recorded generations into CMA-ES (no pickle is ever loaded)
and continues, playing again only games that were in flight.
"""
from __future__ import annotations

import dataclasses
import json
import math
import time
from pathlib import Path

import numpy as np

from experiments.backends import make_backend
from experiments.rebalance_play import Candidate, Evaluations, make_candidate
from experiments.rebalance_spec import RebalanceSpec
from experiments.rebalance_surface import Surface, fit_surface, surface_minimum
from experiments.seeds import new_master_seed
from experiments.store import ResultsStore, atomic_write, git_revision, package_version, writing_run
from experiments.tune import cma_randn, reseed_cma
from reports.rebalance import OFFICIAL, confirmation_figures
from reports.rebalance_page import RESULT_FILE, recommended, write_rebalance_report
from reports.results import ResultsError
from reports.spread import FAMILIES, Groups, combined_msd, group_rates, imbalance
from sim.errors import ConfigError, Terminated
from sim.ids import COMPANY_NAMES, MAX_SEED, OFFICER_NAMES

STATE_FILE = "rebalance-state.json"
CONFIRM_DIRECTORY = "confirm"
FORMAT = 1
HALVING = 2                    # successive halving: the better 1/HALVING of a rung plays HALVING times the games
CONFIRM_STREAM = 0xC0F1        # the confirmation's seeds: SeedSequence([seed, CONFIRM_STREAM]), never the search's
SURFACE_STREAM = 0x5EA4        # the surface minimum's random starts: Generator([seed, generation, SURFACE_STREAM])
INFEASIBLE = math.inf


class Observer:
    """What a run tells as it goes; the command draws progress bars, the default says nothing."""

    show_confirmation_progress = False      # the confirmation's runs draw the runner's own bars

    def stage(self, description: str, games: int) -> None:
        """A batch of `games` games starts."""

    def games(self, n: int) -> None:
        """n more games of the batch are done."""

    def generation(self, row: dict, generations: int) -> None:
        """A generation ended (its curve row)."""

    def note(self, text: str) -> None:
        """A line for the user."""


@dataclasses.dataclass(frozen=True)
class Score:
    """A candidate on some replicates: its imbalance and cost of change (points), and their sum."""

    imbalance: float
    cost: float

    @property
    def total(self) -> float:
        return self.imbalance + self.cost


def _finite(x: float) -> float | None:
    """A score for JSON: rounded, None for a candidate the data refuses (infinite)."""
    return round(x, 4) if math.isfinite(x) else None


def confirmation_seed(seed: int) -> int:
    """The master seed of the confirmation runs: derived from the run's seed, never one the search plays."""
    return int(np.random.SeedSequence([seed, CONFIRM_STREAM]).generate_state(1, np.uint64)[0]) & MAX_SEED


# -- the run ----------------------------------------------------------------------------------------------------
def run_rebalance(spec: RebalanceSpec, out: Path, jobs: int = 1, backend: str = "loky",
                  scheduler: str | None = None, resume: bool = False, observer: Observer | None = None,
                  command: str = "") -> dict:
    """Runs (or, with `resume`, continues) a rebalance into `out`; returns the rebalance.json content. Bad input
    raises ConfigError before anything is written; Ctrl-C or SIGTERM leave a checkpoint that --resume continues."""
    observer = observer or Observer()
    make_backend(jobs, backend, scheduler)                    # validates the back-end options before any write
    out = Path(out)
    _check_target(out, resume)
    with writing_run(out, "rebalance run"):
        store = ResultsStore(out)
        with store.locked():
            state = _open_state(out, spec, resume, command)
            spec = spec.with_seed(state["seed"])
            search = Search(spec, out, state, observer)
            search.checkpoint()
            started = time.perf_counter() - state["elapsed_s"]
            stored = search.stored_games()
            try:
                if search.pending_search_work():
                    search.warm_engine()
                with make_backend(jobs, backend, scheduler) as workers:
                    try:
                        search.run(workers, started)
                        proposals = search.race(workers)
                    except (KeyboardInterrupt, Terminated):
                        workers.abandon()
                        raise
                runs, confirmed = _confirm(spec, out, proposals, jobs, backend, scheduler, observer)
            except BaseException:
                state["elapsed_s"] = time.perf_counter() - started
                search.checkpoint()
                raise
            if confirmed or search.stored_games() > stored:      # (rebuilding a finished run's outputs adds none)
                state["elapsed_s"] = time.perf_counter() - started
                search.checkpoint()
            try:
                result = _result(spec, state, search, proposals, runs)
                atomic_write(out / RESULT_FILE, lambda tmp: tmp.write_text(json.dumps(result, indent=1) + "\n",
                                                                              encoding="utf-8"))
                write_rebalance_report(out)
            except ResultsError as e:         # a confirmation directory damaged since it was played
                raise ConfigError(f"confirmation: {e}") from None
    return result


class Search:
    """The search and the race over one spec's knobs, on the seeds of `state["seed"]`."""

    def __init__(self, spec: RebalanceSpec, out: Path, state: dict, observer: Observer) -> None:
        self.spec, self.out, self.state, self.observer = spec, out, state, observer
        self.seed = int(state["seed"])
        self.official = make_candidate(spec, (0,) * len(spec.knobs), self.seed)
        cells = self.official.design.cells
        self.groups = Groups.of_cells([c.players for c in cells], [COMPANY_NAMES[c.company] for c in cells],
                                      [OFFICER_NAMES[c.officer] for c in cells])
        self.evaluations = Evaluations(out, len(cells), state["digests"], on_store=self.checkpoint)
        self._candidates: dict[tuple[int, ...], Candidate] = {}
        self._reached: dict[int, dict[str, tuple[int, float]]] = {}      # recorded generation -> its halving

    # -- candidates and scores ------------------------------------------------------------------------------
    def candidate(self, steps) -> Candidate:
        """The candidate of these (rounded) steps, built once."""
        key = tuple(int(k) for k in steps)
        if key not in self._candidates:
            c = make_candidate(self.spec, key, self.seed)
            self._candidates[key] = self._candidates.setdefault(c.steps, c)
            self.state["candidates"].setdefault(c.key, {"steps": list(c.steps), "overrides": c.overrides,
                                                        **({"refused": c.problem} if c.problem else {})})
        return self._candidates[key]

    def score(self, c: Candidate, start: int, stop: int) -> Score:
        """The candidate's score on replicates start..stop-1 (infinite for a candidate the data refuses)."""
        cost = self.spec.knob_cost * c.changed + self.spec.step_cost * c.distance
        if c.design is None:
            return Score(INFEASIBLE, cost)
        wins = self.evaluations.wins(c.key, start, stop)
        return Score(100 * imbalance(wins, self.groups, self.spec.pairing_weight), cost)

    def rungs(self) -> list[int]:
        """Games per cell of each rung of a generation: first_rung, doubling, up to design.games_per_cell."""
        out, n = [], self.spec.first_rung
        while n < self.spec.games_per_cell:
            out.append(n)
            n *= HALVING
        return out + [self.spec.games_per_cell]

    def _play(self, candidates: list[Candidate], games_per_cell: int, what: str, workers) -> None:
        missing = self.evaluations.missing(candidates, games_per_cell)
        if missing:
            self.observer.stage(what, missing)
            self.evaluations.play(candidates, games_per_cell, workers, self.observer.games)

    # -- the search -----------------------------------------------------------------------------------------
    def pending_search_work(self) -> bool:
        """Whether games remain to be played (a finished run that is resumed only rebuilds its outputs)."""
        return len(self.state["curve"]) < self.spec.generations or self.state.get("race") is None

    def warm_engine(self) -> None:
        """Compiles (or loads) the engine here, once, before the workers start (as `balance` does)."""
        from experiments.runner import play_chunk
        from sim._numba_cache import COMPILING_NOTE, is_warm
        from strategies.batch import play_batch

        design = self.official.design
        if not is_warm(play_batch, design.planners):
            self.observer.note(COMPILING_NOTE)
        play_chunk(design.chunks([(design.cells[0].index, 0, 1)], 0, 0)[0], design, 1)

    def new_optimiser(self):
        """CMA-ES at the official values (0 steps everywhere), the step bounds widened by just under half a step so
        rounding reaches every grid point."""
        import cma

        low = np.array([k.bounds[0] for k in self.spec.knobs], dtype=float) - 0.499
        high = np.array([k.bounds[1] for k in self.spec.knobs], dtype=float) + 0.499
        reseed_cma(self.seed, 0)         # (whatever the constructor may draw: the same on every replay)
        return cma.CMAEvolutionStrategy(np.zeros(len(self.spec.knobs)), self.spec.sigma, {
            "popsize": self.spec.popsize, "bounds": [list(low), list(high)], "randn": cma_randn,
            "integer_variables": list(range(len(self.spec.knobs))), "seed": np.nan, "verbose": -9,
            "verb_log": 0, "verb_disp": 0, "CMA_diagonal": False})

    def replayed_optimiser(self):
        """CMA-ES after the recorded generations: each is asked again from its reseeded stream and told its
        recorded ranking; samples that differ from the recorded ones (another numpy or cma) are refused."""
        es = self.new_optimiser()
        for row in self.state["curve"]:
            reseed_cma(self.seed, row["generation"])
            self._inject(es, row["generation"])
            xs = es.ask()
            if [list(self._round(x)) for x in xs] != row["samples"]:
                raise ConfigError(f"--resume: generation {row['generation']} of {self.out} cannot be replayed (CMA-ES "
                                  "draws other samples: a different numpy or cma version?); resume with the "
                                  "environment that started it, or start a new run with another --out")
            es.tell(xs, row["fitness"])
        return es

    def _round(self, x) -> tuple[int, ...]:
        return tuple(int(min(max(round(v), k.bounds[0]), k.bounds[1])) for v, k in zip(x, self.spec.knobs))

    def run(self, workers, started: float) -> None:
        """Plays the generations still to play; the official rules first (the search's reference)."""
        self._play([self.official], self.spec.games_per_cell, "official rules", workers)
        for row in self.state["curve"]:
            self._recorded(row, workers)
        if len(self.state["curve"]) >= self.spec.generations:
            return
        es = self.replayed_optimiser()
        while len(self.state["curve"]) < self.spec.generations:
            row = self.generation(es, len(self.state["curve"]), workers)
            row["elapsed_s"] = round(time.perf_counter() - started, 1)
            self.state["curve"].append(row)
            self.state["elapsed_s"] = time.perf_counter() - started
            self.checkpoint()
            self.observer.generation(row, self.spec.generations)

    def generation(self, es, g: int, workers) -> dict:
        """One generation: ask, successive halving over the distinct rounded samples, tell the ranking."""
        reseed_cma(self.seed, g)
        proposal = self._inject(es, g)
        xs = es.ask()
        samples = [self.candidate(self._round(x)) for x in xs]
        mean = self.candidate(self._round(es.mean))
        start = self.state.get("generation_start")
        if not start or start["generation"] != g:      # (a resumed generation keeps the count it started from)
            self.state["generation_start"] = start = {"generation": g, "games": self.stored_games()}
            self.checkpoint()
        reached = self.halving(samples, mean, f"generation {g + 1}/{self.spec.generations}", workers)
        order = sorted(reached, key=lambda k: (-reached[k][0], reached[k][1], k))
        rank = {k: float(i) for i, k in enumerate(order)}
        fitness = [rank.get(c.key, float(len(order))) for c in samples]         # refused by the data: last
        es.tell(xs, fitness)
        top = self.score(mean, 0, self.spec.games_per_cell)
        best = order[0] if order else None
        return {"generation": g, "samples": [list(c.steps) for c in samples], "fitness": fitness,
                "mean": list(mean.steps), "mean_score": _finite(top.total), "mean_imbalance": _finite(top.imbalance),
                "best": best, "best_score": _finite(reached[best][1]) if best else None,
                "sigma": round(float(es.sigma), 4), "games": self.stored_games() - start["games"],
                "refused": sum(c.design is None for c in samples), "surface_proposal": proposal}

    def halving(self, samples: list[Candidate], mean: Candidate, what: str, workers=None) -> dict[str, tuple]:
        """A generation's successive halving: key -> (last rung reached, score there) of every distinct sample the
        data accepts; the mean is played at the last rung. Without `workers` it replays the choices from the
        stored games only (the archive of a recorded generation)."""
        alive = sorted({c.key: c for c in samples if c.design is not None}.values(), key=lambda c: c.key)
        reached: dict[str, tuple[int, float]] = {}
        rungs = self.rungs()
        for j, n in enumerate(rungs):
            last = j == len(rungs) - 1
            if workers is not None:
                self._play(alive + ([mean] if last else []), n, f"{what}, {len(alive)} candidates x {n} games per "
                           "cell", workers)
            scored = sorted(alive, key=lambda c: (self.score(c, 0, n).total, c.key))
            for c in scored:
                reached[c.key] = (j, self.score(c, 0, n).total)
            if last:
                break
            alive = scored[:max(1, math.ceil(len(scored) / HALVING))]
        return reached

    def _recorded(self, row: dict, workers=None) -> tuple[list[Candidate], Candidate, dict[str, tuple[int, float]]]:
        """A recorded generation's samples, mean and halving, replayed from the stored games once (with `workers`,
        games lost since -- a damaged file -- are played again first, the same games)."""
        samples = [self.candidate(steps) for steps in row["samples"]]
        mean = self.candidate(row["mean"])
        if row["generation"] not in self._reached:
            self._reached[row["generation"]] = self.halving(
                samples, mean, f"generation {row['generation'] + 1}: games lost since, played again", workers)
        return samples, mean, self._reached[row["generation"]]

    # -- the response surface -------------------------------------------------------------------------------
    def surface(self, generations: int) -> Surface | None:
        """The response surface (experiments.rebalance_surface) of the official rules and every candidate of the
        first `generations` recorded generations, each with the games of the highest rung it reached there."""
        rungs, n = self.rungs(), self.spec.games_per_cell
        games = {self.official.key: (self.official, n)}
        for row in self.state["curve"][:generations]:
            samples, mean, reached = self._recorded(row)
            for c in samples:
                if c.key in reached:
                    games[c.key] = (c, max(games.get(c.key, (c, 0))[1], rungs[reached[c.key][0]]))
            games[mean.key] = (mean, n)
        ordered = [games[k] for k in sorted(games)]
        steps = np.array([c.steps for c, _ in ordered], dtype=float)
        rates = np.array([self._rates(c, m) for c, m in ordered])
        return fit_surface(steps, rates, np.array([m for _, m in ordered], dtype=float))

    def _rates(self, c: Candidate, games_per_cell: int) -> np.ndarray:
        """The candidate's company, officer and pairing rates (in that order) on its first games."""
        wins = self.evaluations.wins(c.key, 0, games_per_cell)
        return np.concatenate([group_rates(wins, self.groups, family).rate for family in FAMILIES])

    def _predicted_score(self, surface: Surface, steps: tuple[int, ...]) -> float:
        """The score the surface predicts for a candidate: imbalance (points) plus its cost of change."""
        rates, msd, at = surface.predict(steps), {}, 0
        for family in FAMILIES:
            parity = self.groups.parity[family]
            msd[family] = float(np.mean((rates[at:at + len(parity)] - parity) ** 2))
            at += len(parity)
        cost = self.spec.knob_cost * sum(k != 0 for k in steps) + self.spec.step_cost * sum(map(abs, steps))
        return 100 * float(np.sqrt(max(0.0, combined_msd(msd, self.spec.pairing_weight)))) + cost

    def _inject(self, es, g: int) -> list[int] | None:
        """Hands generation g the minimum of the surface of the generations before it (none while too few
        candidates are known); returns its steps."""
        surface = self.surface(g)
        if surface is None:
            return None
        incumbent = self.state["curve"][g - 1]["mean"] if g else [0] * len(self.spec.knobs)
        best = surface_minimum(lambda st: self._predicted_score(surface, st), [k.bounds for k in self.spec.knobs],
                               incumbent, np.random.default_rng([self.seed, g, SURFACE_STREAM]))
        es.inject([np.array(best, dtype=float)], force=True)
        return list(best)

    # -- the race -------------------------------------------------------------------------------------------
    def archive(self) -> list[tuple[Score, Candidate]]:
        """Every candidate the recorded generations played in full (the last rung's and each mean; not the official
        rules, nor the race's own candidates), best first on the search's replicates."""
        n, last = self.spec.games_per_cell, len(self.rungs()) - 1
        full: dict[str, Candidate] = {}
        for row in self.state["curve"]:
            samples, mean, reached = self._recorded(row)
            full.update({c.key: c for c in samples if reached.get(c.key, (0,))[0] == last})
            full[mean.key] = mean
        return sorted(((self.score(c, 0, n), c) for key, c in full.items()
                       if key != self.official.key and c.design is not None), key=lambda sc: (sc[0].total, sc[1].key))

    def race(self, workers) -> list[dict]:
        """The finalists raced on replicates beyond the search's, halving until confirm.proposals remain; returns
        the proposals in race order (each with its search and race scores)."""
        n = self.spec.games_per_cell
        archive = self.archive()
        finalists = [c for _, c in archive[:self.spec.finalists]]
        if finalists:                      # the smallest fix: the best with each of its changes undone in turn
            best = finalists[0]
            for i, k in enumerate(best.steps):
                if k != 0:
                    pruned = self.candidate(best.steps[:i] + (0,) + best.steps[i + 1:])
                    if pruned.key != self.official.key and pruned.design is not None:
                        finalists.append(pruned)
        alive = list({c.key: c for c in finalists}.values())
        ranked, extra = [], n
        while alive:
            self._play(alive, n + extra, f"race: {len(alive)} finalists x {extra} fresh games per cell", workers)
            ranked = sorted(alive, key=lambda c: (self.score(c, n, n + extra).total, c.key))
            if len(ranked) <= self.spec.proposals:
                break
            alive = ranked[:max(self.spec.proposals, math.ceil(len(ranked) / HALVING))]
            extra *= HALVING
        search_scores = {c.key: s for s, c in archive}
        proposals = [{"label": f"proposal-{i + 1}", "key": c.key, "steps": list(c.steps),
                      "overrides": dict(c.overrides),
                      "search_score": round(self.score(c, 0, n).total if c.key not in search_scores else
                                            search_scores[c.key].total, 4),
                      "race_score": round(self.score(c, n, n + extra).total, 4), "race_games_per_cell": extra}
                     for i, c in enumerate(ranked)]
        self.state["race"] = {"finalists": [c.key for c in finalists], "proposals": proposals}
        self.checkpoint()
        return proposals

    def stored_games(self) -> int:
        """Games of every candidate kept so far (the same whatever interrupted the run: games in flight when it
        stopped are played again, not counted twice)."""
        return sum(self.evaluations.played(key) for key in self.evaluations.digests) * self.evaluations.n_cells

    # -- the checkpoint -------------------------------------------------------------------------------------
    def checkpoint(self) -> None:
        """Rewrites the state file (atomically) with the stored results' digests."""
        self.state["digests"] = dict(self.evaluations.digests)
        text = json.dumps(self.state, indent=1)
        atomic_write(self.out / STATE_FILE, lambda tmp: tmp.write_text(text, encoding="utf-8"))


# -- confirmation and result ------------------------------------------------------------------------------------
def _confirm(spec: RebalanceSpec, out: Path, proposals: list[dict], jobs: int, backend: str,
             scheduler: str | None, observer: Observer) -> tuple[dict[str, str], int]:
    """Plays the official rules and each proposal on the confirmation's seeds (one resumable results directory
    each, confirm/official and confirm/KEY); returns label -> directory relative to `out`, and the games played."""
    from experiments.runner import RunOptions, run_experiment

    seed = confirmation_seed(spec.seed)
    runs = {OFFICIAL: (OFFICIAL, {})} | {p["label"]: (p["key"], p["overrides"]) for p in proposals}
    done, played = {}, 0
    for label, (name, overrides) in runs.items():
        config = spec.experiment(overrides, spec.confirm_games, seed, name=f"{spec.name}-{name}")
        where = Path(CONFIRM_DIRECTORY) / name          # by candidate: a resumed run's proposals may change
        observer.note(f"confirmation: {label} ({spec.confirm_games:,} games per cell on fresh seeds)")
        result = run_experiment(config, RunOptions(out=out / where, jobs=jobs, backend=backend, scheduler=scheduler,
                                                   resume=True, progress=observer.show_confirmation_progress))
        if result.interrupted:
            raise Terminated() if result.terminated else KeyboardInterrupt()
        done[label] = str(where)
        played += result.games_played
    return done, played


def _result(spec: RebalanceSpec, state: dict, search: Search, proposals: list[dict], runs: dict[str, str]) -> dict:
    """The rebalance.json content."""
    figures = confirmation_figures({label: search.out / d for label, d in runs.items()}, spec.margin,
                                   spec.pairing_weight, confirmation_seed(spec.seed))
    official_score = search.score(search.official, 0, spec.games_per_cell)
    knobs = {k.path: k for k in spec.knobs}
    for p in proposals:
        p["changes"] = [{"path": path, "official": knobs[path].official, "proposed": value,
                         "steps": round((value - knobs[path].official) / knobs[path].step)}
                        for path, value in sorted(p["overrides"].items())]
    result = {
        "format": FORMAT, "name": spec.name, "population": spec.population, "players": spec.design["players"],
        "expansions": spec.design["expansions"], "seed": spec.seed, "command": state["command"],
        "package_version": state["code"]["package_version"], "git_revision": state["code"]["git_revision"],
        "spec": spec.identity(),
        "search": {"curve": [{**{k: v for k, v in row.items() if k not in ("samples", "fitness")},
                              "mean_changes": _changes_text(spec, row["mean"])} for row in state["curve"]],
                   "candidates": len(state["candidates"]), "games": search.stored_games(),
                   "seconds": round(state["elapsed_s"], 1), "official_imbalance": round(official_score.imbalance, 4)},
        "proposals": proposals,
        "sensitivity": _sensitivity(spec, search),
        "confirmation": {**figures, "seed": confirmation_seed(spec.seed), "games_per_cell": spec.confirm_games,
                         "results": runs},
    }
    best = recommended(result)
    result["recommended"] = best["label"] if best else None
    return result


def _sensitivity(spec: RebalanceSpec, search: Search) -> dict | None:
    """What one step of each knob does to each company's and officer's own-seat win rate (points), from the
    response surface of every generation's games (linear terms; None if too few candidates were played)."""
    surface = search.surface(len(search.state["curve"]))
    if surface is None:
        return None
    groups = [(family, label) for family in FAMILIES for label in search.groups.labels[family]]
    keep = [i for i, (family, _) in enumerate(groups) if family != "pairing"]
    return {"groups": [groups[i][1] for i in keep], "families": [groups[i][0] for i in keep],
            "knobs": {k.path: [round(100 * float(surface.linear[j, i]), 2) for i in keep]
                      for j, k in enumerate(spec.knobs)}}


def _changes_text(spec: RebalanceSpec, steps: list[int]) -> str:
    """A candidate's changes as `path=value; ...` ("none" for the official values)."""
    return "; ".join(f"{k.path}={k.value(i)}" for k, i in zip(spec.knobs, steps) if i != 0) or "none"


# -- the directory ----------------------------------------------------------------------------------------------
def _check_target(out: Path, resume: bool) -> None:
    """Before the lock: --out is a new or empty directory, or (with --resume, or to rebuild) a rebalance run."""
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out: {out} exists and is not a directory; give a directory for the run")
    if (out / STATE_FILE).exists():
        if not resume:
            raise ConfigError(f"--out: {out} already holds a rebalance run; pass --resume to continue it (or rebuild "
                              "its outputs) or choose another --out")
        return
    if out.is_dir() and any(p.name not in (".lock", ".lock-owner.json") for p in out.iterdir()):
        raise ConfigError(f"--out: {out} holds other files and no rebalance run; choose a new or empty directory")


def _open_state(out: Path, spec: RebalanceSpec, resume: bool, command: str) -> dict:
    """The state to continue (same spec, same code) or a new one."""
    code = {"package_version": package_version(), "git_revision": git_revision()}
    path = out / STATE_FILE
    if not path.exists():
        seed = spec.seed if spec.seed is not None else new_master_seed()
        return {"format": FORMAT, "kind": "rebalance", "seed": seed, "spec": spec.with_seed(seed).identity(),
                "code": code, "command": command, "digests": {}, "candidates": {}, "curve": [], "race": None,
                "elapsed_s": 0.0}
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
        seed = int(state["seed"])
        for key in ("spec", "code", "digests", "candidates", "curve", "elapsed_s"):
            state[key]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ConfigError(f"--resume: {path} is not a readable rebalance state ({e}); start a new run with another "
                          "--out") from None
    wanted = _plain(spec.with_seed(spec.seed if spec.seed is not None else seed).identity())
    for key in sorted(set(wanted) | set(state["spec"])):
        if key != "generations" and wanted.get(key) != state["spec"].get(key):
            raise ConfigError(f"--resume: the run in {out} was made with another spec ({key} = "
                              f"{state['spec'].get(key)!r} there, {wanted.get(key)!r} here); resume with the same "
                              "spec or start a new run with another --out")
    state["spec"]["generations"] = spec.generations      # more or fewer generations: the race follows the archive
    if state["code"] != code:
        raise ConfigError(f"--resume: the run in {out} was started by barrage-sim {state['code']} and this is {code}; "
                          "its games would not be comparable: resume with the code that started it or start a new "
                          "run with another --out")
    return state


def _plain(value):
    """JSON's view of a value (tuples become lists), to compare a spec with a stored one."""
    return json.loads(json.dumps(value))


