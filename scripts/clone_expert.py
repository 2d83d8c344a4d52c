"""Behaviour cloning of the planner into the greedy weights ("Texel tuning"): record the decisions a labeller
(`expert`) makes, fit the greedy scorer's tuned weights so that its softmax over the legal moves gives the labeller's
moves the highest likelihood, and measure the fitted weights in games (docs/bots.md, sixth pass).

    record  plays DRIVER (default: the labeller itself) against OPPONENT, 2 players, game i on
            game_seeds(SEED + CLONE_SALT, GAMES)[i] with the driver in seat i mod 2 (seeds disjoint from the tune's
            and the holdout sets); at every decision of that seat with >= 2 legal moves it stores the state S, the
            legal moves, the LABELLER's move (asked on the same state with its own random stream: with
            --driver tuned the positions are tuned's and the labels expert's, DAgger-style) and the reference
            scorer's (`tuned`) live scores, into one .npz.
    fit     CMA-ES over the tuned weights (relative steps from START, bounded by the parameters' ranges, as
            `barrage tune`) and the temperature tau (log scale), maximising the mean conditional-logit
            log-likelihood of the labels, log((1 - EPS) softmax(score / tau)[label] + EPS / n) (EPS: a floor for
            moves the scorer rates -1e9), minus LAM x the mean squared relative weight change from START. Every
            fifth game (by game, not decision) is held out. Writes a JSON whose best.weights `barrage tune
            --weights` and `measure` read.
    measure experiments.tune.head_to_head of each weights file against automa:level=2, automa:level=4 and greedy
            on game_seeds(SEED + HOLDOUT_SALT, GAMES) (Wilson 95%, VP margins).

Reproduce the sixth pass (docs/bots.md; x = expert's own games, d = tuned's positions labelled by expert,
t = expert with tuned's weights as its prior, f = the same with a flatter prior):

    R="python scripts/clone_expert.py"
    $R record --opponent automa:level=4 --games 60 --seed 43 --out runs/clone/x_l4.npz
    $R record --opponent automa:level=2 --games 60 --seed 41 --out runs/clone/x_l2.npz
    $R record --driver tuned --opponent automa:level=4 --games 40 --seed 47 --out runs/clone/d_l4.npz
    $R record --driver tuned --opponent automa:level=2 --games 30 --seed 53 --out runs/clone/d_l2.npz
    $R record --labeller expert:heuristic=tuned --opponent automa:level=4 --games 60 --seed 59 \
        --out runs/clone/t_l4.npz
    $R record --labeller expert:heuristic=tuned --opponent automa:level=2 --games 60 --seed 67 \
        --out runs/clone/t_l2.npz
    $R fit runs/clone/x_l4.npz runs/clone/x_l2.npz --iters 250 --out runs/clone/fit_x_lam0.json
    $R fit runs/clone/x_l4.npz runs/clone/x_l2.npz --iters 250 --lam 1 --out runs/clone/fit_x_lam1.json
    $R fit runs/clone/d_l4.npz runs/clone/d_l2.npz --iters 250 --out runs/clone/fit_d_lam0.json
    $R fit runs/clone/x_l4.npz runs/clone/x_l2.npz runs/clone/d_l4.npz runs/clone/d_l2.npz --iters 250 \
        --out runs/clone/fit_all_lam0.json
    $R fit runs/clone/t_l4.npz runs/clone/t_l2.npz --iters 250 --out runs/clone/fit_t_lam0.json
    $R record --labeller expert:heuristic=tuned,tau=6 --opponent automa:level=4 --games 60 --seed 73 \
        --out runs/clone/f_l4.npz
    $R record --labeller expert:heuristic=tuned,tau=6 --opponent automa:level=2 --games 60 --seed 79 \
        --out runs/clone/f_l2.npz
    $R fit runs/clone/f_l4.npz runs/clone/f_l2.npz --iters 250 --out runs/clone/fit_f_lam0.json
    $R measure runs/clone/fit_*.json --seed 13 --games 1000

Bad input (an unknown bot, a missing or unreadable file) is one line on stderr with exit code 2.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from experiments.play import game_seeds
from experiments.tune import (HOLDOUT_SALT, greedy_family, head_to_head, place_weights, read_weights, search_space,
                              tuned_param_names, weight_slots, weights_spec)
from sim import ids
from sim import layout as L
from sim.config import GameConfig
from sim.errors import ConfigError
from sim.rules.rng import seed_state
from sim.tables import compile_tables
from strategies.core import BOT_RNG_SALT, decide
from strategies.greedy import new_score_buffer, score_decision
from strategies.registry import canonical, parse_spec

sys.path.insert(0, str(Path(__file__).resolve().parent))
from greedy_disagreement import play_games  # noqa: E402  (a sibling script)

CLONE_SALT = 5_555_555          # record seeds: game_seeds(seed + CLONE_SALT); tune/holdout sets use other salts
LABEL_SALT = 0x5EED_1ABE        # the labeller's random stream when it does not drive: seed ^ BOT_RNG_SALT ^ this
REFERENCE = "tuned"             # the scorer whose live scores a record keeps (checks and the shipped baseline)
HELD_OUT_EVERY = 5              # game k of the pooled records is held out when k % 5 == 4
LEAGUE = ("automa:level=2", "automa:level=4", "greedy")
MAX_MOVES = 4096


def _say(log, text: str) -> None:
    """A progress line to `log` (None: silent)."""
    if log is not None:
        print(text, file=log, flush=True)


# ------------------------------------------------------------------------------------------------------------
# record
# ------------------------------------------------------------------------------------------------------------
def record(labeller: str, driver: str, opponent: str, seed: int, games: int, out: Path,
           log=sys.stderr) -> dict:
    """Plays and records (module docstring); writes `out` (.npz) and returns its meta data."""
    lid, lvec = parse_spec(labeller)
    rvec = parse_spec(REFERENCE)[1]
    seeds = game_seeds(seed + CLONE_SALT, games)
    buf = new_score_buffer(MAX_MOVES)
    lrng = np.zeros(1, dtype=np.int64)
    rows: dict[str, list] = {k: [] for k in ("states", "moves", "n", "label", "driven", "ref", "game", "round",
                                             "kind")}
    labelled_game = [-1]
    t0 = time.process_time()

    def visit(gi, S, T, moves, n, i):
        if driver == labeller:
            j = i
        else:
            if labelled_game[0] != gi:            # a fresh labeller stream per game
                labelled_game[0] = gi
                lrng[0] = seed_state(np.int64(seeds[gi]) ^ np.int64(BOT_RNG_SALT) ^ np.int64(LABEL_SALT))
            j = decide(lid, lvec, S, T, moves, n, lrng)
        rows["states"].append(S.copy())
        rows["moves"].append(np.array(moves[:n], dtype=np.int64))
        rows["n"].append(n)
        rows["label"].append(j)
        rows["driven"].append(i)
        rows["ref"].append(np.array(score_decision(rvec, S, T, moves, n, buf)[0][:n]))
        rows["game"].append(gi)
        rows["round"].append(int(S[L.G_ROUND]))
        rows["kind"].append(int(S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME]))

    results = []

    def on_game(gi, res):
        results.append(res)
        _say(log, f"game {gi + 1}/{games}: {driver} {res['bot'].vp} - {res['opponent'].vp} {opponent}; "
                  f"{len(rows['n'])} decisions, {time.process_time() - t0:.0f} CPU-s")

    play_games(driver, opponent, seeds, visit, on_game)
    meta = {"labeller": canonical(labeller), "driver": canonical(driver), "opponent": canonical(opponent),
            "reference": REFERENCE, "seed": seed, "salt": CLONE_SALT, "games": games, "players": 2,
            "cpu_s": round(time.process_time() - t0, 1),
            "driver_vp": [int(r["bot"].vp) for r in results], "opponent_vp": [int(r["opponent"].vp) for r in results],
            "driver_win": [float(r["bot"].win) for r in results]}
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, states=np.array(rows["states"], dtype=np.int64),
                        moves=np.concatenate(rows["moves"]) if rows["moves"] else np.zeros(0, np.int64),
                        offsets=np.concatenate([[0], np.cumsum(rows["n"])]).astype(np.int64),
                        label=np.array(rows["label"], dtype=np.int64), driven=np.array(rows["driven"], np.int64),
                        ref=np.concatenate(rows["ref"]) if rows["ref"] else np.zeros(0),
                        game=np.array(rows["game"], dtype=np.int64), round=np.array(rows["round"], np.int64),
                        kind=np.array(rows["kind"], dtype=np.int64), meta=json.dumps(meta))
    return meta


# ------------------------------------------------------------------------------------------------------------
# the data set and its likelihood
# ------------------------------------------------------------------------------------------------------------
@dataclass
class Decisions:
    """Recorded decisions, pooled over files: state rows, legal moves (flat, offsets), labels, per-decision game
    key (unique over files), round and decision kind."""

    states: np.ndarray
    moves: np.ndarray
    offsets: np.ndarray
    label: np.ndarray
    ref: np.ndarray
    game: np.ndarray
    round: np.ndarray
    kind: np.ndarray
    meta: list[dict]

    def __len__(self) -> int:
        return len(self.label)

    def subset(self, mask: np.ndarray) -> "Decisions":
        """The decisions where mask is True."""
        idx = np.flatnonzero(mask)
        spans = [np.arange(self.offsets[d], self.offsets[d + 1]) for d in idx]
        flat = np.concatenate(spans) if spans else np.zeros(0, np.int64)
        n = np.diff(self.offsets)[idx]
        return Decisions(np.ascontiguousarray(self.states[idx]), self.moves[flat],
                         np.concatenate([[0], np.cumsum(n)]).astype(np.int64), self.label[idx], self.ref[flat],
                         self.game[idx], self.round[idx], self.kind[idx], self.meta)


def load(paths: list[Path]) -> Decisions:
    """The decisions of record files, pooled (game keys offset so they stay unique)."""
    parts, metas, base = [], [], 0
    for p in paths:
        z = np.load(p)
        meta = json.loads(str(z["meta"]))
        metas.append(dict(meta, file=str(p)))
        parts.append({k: z[k] for k in z.files if k != "meta"})
        parts[-1]["game"] = parts[-1]["game"] + base
        base += meta["games"]
    offsets, shift = [np.zeros(1, np.int64)], 0
    for q in parts:
        offsets.append(q["offsets"][1:] + shift)
        shift += q["offsets"][-1]
    cat = {k: np.concatenate([q[k] for q in parts]) for k in ("states", "moves", "label", "ref", "game", "round",
                                                               "kind")}
    return Decisions(np.ascontiguousarray(cat["states"]), cat["moves"], np.concatenate(offsets), cat["label"],
                     cat["ref"], cat["game"], cat["round"], cat["kind"], metas)


@njit(cache=True)
def _decision_fit(params, states, T, moves, offsets, label, inv_tau, eps, buf, ll, agree):
    """Per decision: ll = log((1 - eps) softmax(score * inv_tau)[label] + eps / n); agree = the share of the
    scorer's best moves (exact ties split) that is the label."""
    for d in range(label.shape[0]):
        a = offsets[d]
        n = offsets[d + 1] - a
        vals = score_decision(params, states[d], T, moves[a:a + n], n, buf)[0]
        top = vals[0]
        for i in range(1, n):
            top = max(top, vals[i])
        z = 0.0
        ties = 0
        for i in range(n):
            z += np.exp((vals[i] - top) * inv_tau)
            if vals[i] >= top - 1e-9:
                ties += 1
        v = vals[label[d]]
        ll[d] = np.log((1.0 - eps) * np.exp((v - top) * inv_tau) / z + eps / n)
        agree[d] = 1.0 / ties if v >= top - 1e-9 else 0.0


class Objective:
    """Log-likelihood and agreement of weight vectors on one set of decisions."""

    def __init__(self, data: Decisions, base_vec: np.ndarray, eps: float):
        self.data = data
        self.base_vec = base_vec
        self.eps = eps
        self.tables = compile_tables(GameConfig(players=2).variant)[0]
        self.buf = new_score_buffer(MAX_MOVES)
        self.ll = np.zeros(len(data))
        self.agree = np.zeros(len(data))

    def evaluate(self, weights: np.ndarray, tau: float) -> tuple[float, float]:
        """(mean log-likelihood, mean agreement) of the tuned weights `weights` (tuned_param_names order) at
        temperature tau; per-decision values stay in self.ll and self.agree."""
        d = self.data
        params = place_weights(self.base_vec, weights)
        _decision_fit(params, d.states, self.tables, d.moves, d.offsets, d.label, 1.0 / tau, self.eps, self.buf,
                      self.ll, self.agree)
        return float(self.ll.mean()), float(self.agree.mean())

    def best_tau(self, weights: np.ndarray) -> float:
        """The temperature maximising the log-likelihood of these weights (grid, then golden section in log)."""
        grid = np.linspace(np.log(0.05), np.log(50.0), 24)
        lls = [self.evaluate(weights, float(np.exp(g)))[0] for g in grid]
        k = int(np.argmax(lls))
        lo, hi = grid[max(k - 1, 0)], grid[min(k + 1, len(grid) - 1)]
        phi = (np.sqrt(5) - 1) / 2
        for _ in range(20):
            a, b = hi - phi * (hi - lo), lo + phi * (hi - lo)
            if self.evaluate(weights, float(np.exp(a)))[0] >= self.evaluate(weights, float(np.exp(b)))[0]:
                hi = b
            else:
                lo = a
        return float(np.exp((lo + hi) / 2))


# ------------------------------------------------------------------------------------------------------------
# fit
# ------------------------------------------------------------------------------------------------------------
def split(data: Decisions) -> tuple[Decisions, Decisions]:
    """(training, held-out) decisions: game k of the pool is held out when k % HELD_OUT_EVERY == 4."""
    held = data.game % HELD_OUT_EVERY == HELD_OUT_EVERY - 1
    return data.subset(~held), data.subset(held)


def by_kind(obj: Objective) -> dict[str, dict]:
    """Decisions, mean log-likelihood and agreement per decision kind of the last evaluation."""
    out = {}
    for k in np.unique(obj.data.kind):
        m = obj.data.kind == k
        out[ids.TASK_NAMES.get(int(k), str(k))] = {"decisions": int(m.sum()), "loglik": round(float(obj.ll[m].mean()), 4),
                                                   "agreement": round(float(obj.agree[m].mean()), 4)}
    return out


def fit(paths: list[Path], start: str, lam: float, eps: float, sigma: float, popsize: int, iters: int,
        seed: int, log=sys.stderr) -> dict:
    """CMA-ES fit (module docstring); returns the result (fit JSON)."""
    import cma

    names = tuned_param_names()
    base_vec = greedy_family(start)[1]
    start_w = dict(zip(names, (float(v) for v in base_vec[weight_slots()])))
    scale, x0, lower, upper = search_space(start_w)
    data = load(paths)
    train, held = split(data)
    tr, ho = Objective(train, base_vec, eps), Objective(held, base_vec, eps)
    w0 = x0 * scale
    tau0 = tr.best_tau(w0)
    baseline = {"tau": round(tau0, 4), "train": tr.evaluate(w0, tau0), "train_by_kind": by_kind(tr),
                "held_out": ho.evaluate(w0, tau0), "held_out_by_kind": by_kind(ho)}
    _say(log, f"{len(train)} training and {len(held)} held-out decisions; start {start}: tau {tau0:.3f}, "
              f"log-lik / agreement train {baseline['train']}, held out {baseline['held_out']}")

    def loss(y: np.ndarray) -> float:
        x = np.clip(y[:-1], lower, upper)
        ll = tr.evaluate(x * scale, float(np.exp(y[-1])))[0]
        return -ll + lam * float(np.mean((x - x0) ** 2))

    es = cma.CMAEvolutionStrategy(np.append(x0, np.log(tau0)), sigma, {
        "popsize": popsize, "bounds": [list(lower) + [np.log(0.05)], list(upper) + [np.log(50.0)]], "seed": seed,
        "verbose": -9, "verb_log": 0, "verb_disp": 0, "maxiter": iters})
    curve = []
    t0 = time.process_time()
    while not es.stop():
        ys = es.ask()
        es.tell(ys, [loss(y) for y in ys])
        m = np.array(es.mean)
        curve.append({"iteration": es.countiter, "mean_loss": round(loss(m), 5), "best_loss": round(float(es.best.f), 5),
                      "sigma": round(float(es.sigma), 5)})
        if es.countiter % 10 == 0:
            _say(log, f"iteration {es.countiter}: {curve[-1]}, {time.process_time() - t0:.0f} CPU-s")
    y = np.array(es.mean)
    w = np.clip(y[:-1], lower, upper) * scale
    tau = float(np.exp(y[-1]))
    fitted = {"tau": round(tau, 4), "train": tr.evaluate(w, tau), "train_by_kind": by_kind(tr),
              "held_out": ho.evaluate(w, tau), "held_out_by_kind": by_kind(ho)}
    _say(log, f"fitted: tau {tau:.3f}, train {fitted['train']}, held out {fitted['held_out']}")
    return {"start": canonical(start), "lam": lam, "eps": eps, "sigma": sigma, "popsize": popsize, "seed": seed,
            "files": data.meta, "decisions": {"train": len(train), "held_out": len(held)},
            "start_fit": baseline, "fit": fitted, "curve": curve, "cpu_s": round(time.process_time() - t0, 1),
            "best": {"weights": {k: round(float(v), 5) for k, v in zip(names, w)}}}


def measure(weights_files: list[Path], seed: int, games: int) -> list[dict]:
    """head_to_head rows of each weights file (and the shipped `tuned`) against LEAGUE on the holdout seeds."""
    config = GameConfig(players=2)
    rows = []
    for label, spec in [("tuned (shipped)", "tuned")] + [(str(p), weights_spec(read_weights(p)))
                                                          for p in weights_files]:
        for r in head_to_head(config, spec, LEAGUE, games, seed + HOLDOUT_SALT):
            rows.append(dict(r, weights=label))
            print(f"{label}  vs {r['opponent']}: {r['win_rate']:.3f} [{r['wilson_low']:.3f}, "
                  f"{r['wilson_high']:.3f}], margin {r['vp_margin']:+.1f} VP (n = {games})", flush=True)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("record")
    r.add_argument("--labeller", default="expert")
    r.add_argument("--driver", default=None, help="the bot whose moves are played (default: the labeller)")
    r.add_argument("--opponent", default="automa:level=4")
    r.add_argument("--seed", type=int, required=True)
    r.add_argument("--games", type=int, default=60)
    r.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit")
    f.add_argument("records", type=Path, nargs="+")
    f.add_argument("--start", default="tuned")
    f.add_argument("--lam", type=float, default=0.0)
    f.add_argument("--eps", type=float, default=0.01)
    f.add_argument("--sigma", type=float, default=0.2)
    f.add_argument("--popsize", type=int, default=14)
    f.add_argument("--iters", type=int, default=150)
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--out", type=Path, required=True)
    m = sub.add_parser("measure")
    m.add_argument("weights", type=Path, nargs="*")
    m.add_argument("--seed", type=int, default=13)
    m.add_argument("--games", type=int, default=1000)
    m.add_argument("--out", type=Path, default=None)
    a = ap.parse_args()
    try:
        _run(a)
    except (ConfigError, OSError, ValueError, KeyError) as e:
        print(f"clone_expert {a.command}: {e}", file=sys.stderr)
        sys.exit(2)


def _run(a: argparse.Namespace) -> None:
    """The subcommand of the parsed arguments."""
    if a.command == "record":
        print(json.dumps(record(a.labeller, a.driver or a.labeller, a.opponent, a.seed, a.games, a.out)))
    elif a.command == "fit":
        res = fit(a.records, a.start, a.lam, a.eps, a.sigma, a.popsize, a.iters, a.seed)
        res["command"] = "python scripts/clone_expert.py " + " ".join(sys.argv[1:])
        a.out.parent.mkdir(parents=True, exist_ok=True)
        a.out.write_text(json.dumps(res, indent=1))
    else:
        rows = measure(a.weights, a.seed, a.games)
        if a.out is not None:
            a.out.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
