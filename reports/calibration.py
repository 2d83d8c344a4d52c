"""Placebo A/A calibration on real results: does each test family of the report hold its nominal error rate?

For a family that tests a label (cell, company, officer, bot, seat, setup), the placebo replaces the label with a
fake one assigned the way the design assigns the real one: once per replicate, by a random permutation of the
levels (within each player count and setup for cells), so every fake level keeps its counts and its place in the
replicate's structure but is unrelated to the outcome. The family's own report code then runs on the relabelled
rows; its rejection rate over many draws estimates its false-positive rate under the real dependence structure
(common random numbers, seat rotation, one winner per game).

The equivalence verdict ("balanced within +-margin") errs in the other direction: its null is a cell *outside* the
margin. Its placebo also moves every placebo cell's true win rate to parity + or - the margin (the boundary, where
the test's error is largest) by setting outcomes to a win or a loss at random (`at_rate`); with the cells moved to
parity instead, the same family measures how often a truly balanced cell is shown balanced (power, not judged).

Verdict per family, from the exact (Clopper-Pearson) one-sided 95% limits of its rate: "passed" when the upper
limit is at most alpha + tolerance (a bound, not a point estimate: enough draws are needed to show it), "too high"
when the lower limit exceeds alpha, otherwise "inconclusive" (more draws would decide).
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from scipy.stats import beta as beta_distribution
from scipy.stats import norm

from reports.blas import single_blas_thread
from reports.cells import DEFAULT_MARGIN, cell_column, equivalence_p_values, focal_rows
from reports.clustering import cluster_codes, win_rate_summary
from reports.effects import factor_effects, synergy
from reports.homogeneity import homogeneity_test
from reports.multiple_testing import ALPHA, holm
from reports.setups import setup_effect_table
from reports.win_rates import win_rate_table

CALIBRATION_FILE = "calibration.json"
DEFAULT_DRAWS = 1000       # a family holding alpha = 5% passes the +2-point bound at 1,000 draws 9 times in 10
DEFAULT_TOLERANCE = 0.02   # "passed": the rate's exact one-sided 95% upper limit <= alpha + this
LIMIT_CONFIDENCE = 0.95
DRAW_CHUNK = 10            # draws per task (progress and parallel work come in chunks)
CALIBRATION_VERSION = 3    # 3: Hotelling reference of the Wald tests; equivalence and bot-regression families; bounds
PASSED, TOO_HIGH, INCONCLUSIVE = "passed", "too high", "inconclusive"


@dataclass(frozen=True)
class Family:
    """Test families of the report that share one placebo label and one computation: which rows, which label the
    placebo replaces, and the decisions (one per name) the report's code makes on them."""

    key: str                        # what the report claims with it: "cells", "synergy", "effects:company", ...
    names: tuple[str, ...]
    label: str
    focal_only: bool
    rejects: Callable[[pd.DataFrame, str], tuple[bool, ...]]
    strata: tuple[str, ...] = ()
    shift: float | None = None      # move every placebo level's true win rate to parity +- shift (equivalence)
    judged: bool = True             # an error rate held against alpha; False: a power, shown for information


def _holm_family(rows: pd.DataFrame, label: str) -> tuple[bool, ...]:
    return (bool(win_rate_table(rows, ["setup", label])["holm_significant"].any()),)


def _homogeneity_and_holm(rows: pd.DataFrame, label: str) -> tuple[bool, ...]:
    return homogeneity_test(rows, label)["p_value"] <= ALPHA, *_holm_family(rows, label)


def _controls(rows: pd.DataFrame, label: str) -> list[str]:
    others = [f for f in ("company", "officer", "strategy", "players", "setup") if f != label]
    return [f for f in others if rows[f].nunique() > 1]


def _effects(rows: pd.DataFrame, label: str) -> tuple[bool, ...]:
    effects, tests = factor_effects(rows, [label, *_controls(rows, label)], "win")
    return (bool((tests.loc[tests["factor"] == label, "p_value"] <= ALPHA).any()),
            bool((effects.loc[effects["factor"] == label, "p_holm"] <= ALPHA).any()))


def _balanced(rows: pd.DataFrame, label: str) -> tuple[bool, ...]:
    """Does the report's equivalence test (ranked table: exact TOST on the clustered effective n, Holm) call any
    cell balanced?"""
    table = win_rate_summary(rows, ["setup", label])
    return (bool((holm(equivalence_p_values(table, DEFAULT_MARGIN)) <= ALPHA).any()),)


def _synergy(rows: pd.DataFrame, label: str) -> tuple[bool, ...]:
    test, _ = synergy(rows, [f for f in ("strategy", "players", "setup") if rows[f].nunique() > 1], with_table=False)
    return (bool(test) and test["p_value"] <= ALPHA,)


def _setups(rows: pd.DataFrame, label: str) -> tuple[bool, ...]:
    table = setup_effect_table(rows, "company")
    return (bool(len(table)) and bool(table["holm_significant"].any()),)


def families(rows: pd.DataFrame) -> list[Family]:
    """The report's test families that apply to these results."""
    cell = cell_column(rows)
    focal = focal_rows(rows)
    noun = "cells" if cell == "cell" else "bots (ranked table)"
    out = [Family("cells", (f"{noun} vs parity (Holm, ranked table)" if cell == "cell" else
                            f"{noun} vs parity (Holm)",), cell, True, _holm_family, ("players", "setup"))]
    margin = f"+-{100 * DEFAULT_MARGIN:g} points"
    out += [Family("balanced", (f"{noun} 'balanced' within {margin} (Holm), true rate at the margin",), cell, True,
                   _balanced, ("players", "setup"), shift=DEFAULT_MARGIN),
            Family("balanced:power", (f"{noun} 'balanced' within {margin} (Holm), true rate at parity: power",),
                   cell, True, _balanced, ("players", "setup"), shift=0.0, judged=False)]
    for factor, noun_of in (("company", "company"), ("officer", "officer"), ("strategy", "bot")):
        if focal[factor].nunique() > 1:
            out.append(Family(f"effects:{factor}", (f"{noun_of} effects: joint Wald test",
                                                    f"{noun_of} effects: Holm family"), factor, True, _effects))
    if focal["company"].nunique() > 1 and focal["officer"].nunique() > 1 and cell == "cell":
        out.append(Family("synergy", ("company x officer synergy: joint Wald test",), "officer", True, _synergy))
    for factor, noun in (("strategy", "bots"), ("company", "companies"), ("officer", "officers"),
                         ("seat", "seats"), ("turn_pos_r1", "round-1 turn positions")):
        if rows[factor].nunique() > 1:
            out.append(Family(f"homogeneity:{factor}", (f"{noun}: homogeneity test", f"{noun} vs parity (Holm)"),
                              factor, False, _homogeneity_and_holm))
    if rows["setup"].nunique() > 1:
        out.append(Family("setups", ("setup effects per company (Holm)",), "setup", False, _setups, ("players",)))
    return out


def families_too_high(calibration: dict | None) -> set[str]:
    """Keys of the families (Family.key) that a stored calibration of this version found rejecting true nulls
    too often: the report makes no claim from them."""
    if not calibration or calibration.get("version") != CALIBRATION_VERSION:
        return set()
    return {f["key"] for f in calibration["families"] if f.get("verdict") == TOO_HIGH}


class Placebo:
    """A family's placebo on given rows, prepared once: per stratum, the rows, their label and cluster codes; each
    `draw` then only permutes (module docstring)."""

    def __init__(self, rows: pd.DataFrame, family: Family):
        self.rows, self.label, self.shift = rows, family.label, family.shift
        codes, self.levels = pd.factorize(rows[family.label])
        strata = (rows.groupby(list(family.strata), observed=True).ngroup().to_numpy() if family.strata
                  else np.zeros(len(rows), dtype=np.int64))
        self.parts = _strata_parts(codes, cluster_codes(rows), strata)
        self.numeric = np.issubdtype(np.asarray(self.levels).dtype, np.number)
        if self.shift is not None:
            # Under the placebo every level of a stratum has the stratum's pooled win rate: the base to move from.
            self.win = rows["win"].to_numpy(float)
            self.pooled = pd.Series(self.win).groupby(strata).transform("mean").to_numpy()
            self.parity = 1.0 / rows["players"].to_numpy(float)

    def draw(self, rng: np.random.Generator) -> pd.DataFrame:
        """The rows with the label replaced by a fresh placebo (and the outcomes moved, for a shifted family)."""
        fake = _permute(self.parts, len(self.rows), rng)
        values = np.asarray(self.levels)[fake] if self.numeric else pd.Categorical.from_codes(
            fake, categories=self.levels)
        changed = {self.label: values}
        if self.shift is not None:
            side = rng.choice((-1.0, 1.0), size=len(self.levels))[fake]      # each placebo level: above or below
            changed["win"] = at_rate(self.win, self.pooled, self.parity + side * self.shift, rng)
        return self.rows.assign(**changed)


def at_rate(win: np.ndarray, rate: np.ndarray, target: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Outcomes whose expected value moves from `rate` to `target` (per row): where the target is higher, each row
    becomes a win with probability (target - rate) / (1 - rate), else a loss with probability
    (rate - target) / rate; E[new] = target whatever the row's own outcome. Rows keep their replicate, so the
    within-replicate dependence of the unchanged rows stays."""
    up = target > rate
    chance = np.where(up, (target - rate) / np.maximum(1 - rate, 1e-12), (rate - target) / np.maximum(rate, 1e-12))
    hit = rng.random(len(win)) < np.clip(chance, 0.0, 1.0)
    return np.where(hit, up.astype(float), win)


def _strata_parts(codes: np.ndarray, clusters: np.ndarray, strata: np.ndarray) -> list[tuple]:
    """Per stratum: its rows, their level (local code), their cluster (local code), the levels, the cluster count."""
    parts = []
    for s in np.unique(strata):
        inside = np.flatnonzero(strata == s)
        local, levels = pd.factorize(codes[inside])
        rep_index, reps = pd.factorize(clusters[inside])
        parts.append((inside, local, rep_index, levels, len(reps)))
    return parts


def _permute(parts: list[tuple], n: int, rng: np.random.Generator) -> np.ndarray:
    fake = np.empty(n, dtype=np.int64)
    for inside, local, rep_index, levels, reps in parts:
        perms = rng.permuted(np.tile(np.arange(len(levels)), (reps, 1)), axis=1)
        fake[inside] = levels[perms[rep_index, local]]
    return fake


def placebo_codes(codes: np.ndarray, clusters: np.ndarray, strata: np.ndarray,
                  rng: np.random.Generator) -> np.ndarray:
    """Fake label codes: within each stratum, one random permutation of its levels per cluster."""
    return _permute(_strata_parts(codes, clusters, strata), len(codes), rng).astype(codes.dtype)


def relabel(rows: pd.DataFrame, family: Family, rng: np.random.Generator) -> pd.DataFrame:
    """The rows with the family's label replaced by a placebo."""
    return Placebo(rows, family).draw(rng)


def _draw_counts(rows: pd.DataFrame, draws: range, seed: int) -> np.ndarray:
    """Rejections per test name over the given draws; draw d uses its own stream ([seed, 0xA1A, d]), so the
    result does not depend on how the draws are split between workers."""
    fams = families(rows)
    focal = focal_rows(rows)
    placebos = [Placebo(focal if f.focal_only else rows, f) for f in fams]
    counts = np.zeros(sum(len(f.names) for f in fams), dtype=np.int64)
    # Some relabellings leave an effect's variance a round-off below zero: its interval and test are NaN (no
    # rejection), and numpy's "invalid value in sqrt" warning, once every dozen draws, would only be noise.
    with np.errstate(invalid="ignore"), single_blas_thread():
        for d in draws:
            rng = np.random.default_rng([seed, 0xA1A, d])
            k = 0
            for f, placebo in zip(fams, placebos):
                for rejected in f.rejects(placebo.draw(rng), f.label):
                    counts[k] += bool(rejected)
                    k += 1
    return counts


def calibrate(rows: pd.DataFrame, draws: int = DEFAULT_DRAWS, seed: int = 0, jobs: int = 1,
              on_draw: Callable[[int], None] | None = None, tolerance: float = DEFAULT_TOLERANCE) -> dict:
    """Runs every family on `draws` placebo relabellings (in `jobs` processes: the same answer for any number);
    returns rates with Monte-Carlo standard errors, exact limits and verdicts (module docstring). `on_draw(k)` is
    told each time k more draws are done."""
    from joblib import Parallel, delayed

    fams = families(rows)
    names = [(f.key, name) for f in fams for name in f.names]
    judged = [f.judged for f in fams for _ in f.names]
    size = max(1, min(DRAW_CHUNK, -(-draws // max(jobs, 1))))
    chunks = [range(a, min(draws, a + size)) for a in range(0, draws, size)]
    counts = np.zeros(len(names), dtype=np.int64)
    work = (delayed(_draw_counts)(rows, chunk, seed) for chunk in chunks)
    for chunk, part in zip(chunks, Parallel(n_jobs=jobs, return_as="generator")(work) if jobs > 1
                           else (_draw_counts(rows, c, seed) for c in chunks)):
        counts += part
        if on_draw:
            on_draw(len(chunk))
    results = []
    for (key, name), rejections, is_error in zip(names, counts.tolist(), judged):
        rate = rejections / draws
        low, high = exact_limits(rejections, draws)
        verdict = error_rate_verdict(low, high, tolerance) if is_error else None
        results.append({"family": name, "key": key, "kind": "error" if is_error else "power", "draws": draws,
                        "rejections": rejections, "rate": rate, "mc_se": math.sqrt(rate * (1 - rate) / draws),
                        "lower_limit": low, "upper_limit": high, "alpha": ALPHA, "verdict": verdict})
    return {"method": "placebo A/A: labels permuted once per replicate (within player count and setup for cells)",
            "version": CALIBRATION_VERSION, "draws": draws, "seed": seed, "alpha": ALPHA, "tolerance": tolerance,
            "confidence": LIMIT_CONFIDENCE, "families": results}


def exact_limits(rejections: int, draws: int, confidence: float = LIMIT_CONFIDENCE) -> tuple[float, float]:
    """Clopper-Pearson one-sided limits of a rate: the lower and the upper limit, each at `confidence`."""
    tail = 1 - confidence
    low = 0.0 if rejections == 0 else float(beta_distribution.ppf(tail, rejections, draws - rejections + 1))
    high = 1.0 if rejections == draws else float(beta_distribution.isf(tail, rejections + 1, draws - rejections))
    return low, high


def error_rate_verdict(low: float, high: float, tolerance: float = DEFAULT_TOLERANCE,
                       alpha: float = ALPHA) -> str:
    """"passed" when the upper limit is within alpha + tolerance, "too high" when the lower limit exceeds alpha,
    else "inconclusive"."""
    return PASSED if high <= alpha + tolerance else TOO_HIGH if low > alpha else INCONCLUSIVE


def draws_to_pass(alpha: float = ALPHA, tolerance: float = DEFAULT_TOLERANCE, chance: float = 0.9) -> int:
    """Draws after which a family whose true rate is exactly alpha passes with probability `chance` (normal
    approximation of the exact limit: alpha + (z_chance + z_limit) s.e. <= alpha + tolerance)."""
    z = norm.ppf(chance) + norm.ppf(LIMIT_CONFIDENCE)
    return math.ceil(alpha * (1 - alpha) * (z / tolerance) ** 2)


def write_calibration(results_dir: str | Path, calibration: dict) -> Path:
    """Stores the calibration next to the results, where the report finds it."""
    path = Path(results_dir) / CALIBRATION_FILE
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(calibration, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path


def read_calibration(results_dir: str | Path) -> dict | None:
    """The stored calibration, if `barrage calibrate` was run on these results."""
    path = Path(results_dir) / CALIBRATION_FILE
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
