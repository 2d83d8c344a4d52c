"""Placebo A/A calibration on real results: does each test family of the report hold its nominal error rate?

For a family that tests a label (cell, company, officer, bot, seat, setup), the placebo replaces the label with a
fake one assigned the way the design assigns the real one: once per replicate, by a random permutation of the
levels (within each player count and setup for cells), so every fake level keeps its counts and its place in the
replicate's structure but is unrelated to the outcome. The family's own report code then runs on the relabelled
rows; its rejection rate over many draws estimates its false-positive rate under the real dependence structure
(common random numbers, seat rotation, one winner per game). Goal: every family within alpha + 2 Monte-Carlo s.e.
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from reports.cells import cell_column, focal_rows
from reports.clustering import cluster_codes
from reports.effects import factor_effects, synergy
from reports.homogeneity import homogeneity_test
from reports.multiple_testing import ALPHA
from reports.setups import setup_effect_table
from reports.win_rates import win_rate_table

CALIBRATION_FILE = "calibration.json"
DEFAULT_DRAWS = 200
DRAW_CHUNK = 10            # draws per task (progress and parallel work come in chunks)
CALIBRATION_VERSION = 2    # 2: one random stream per draw (any -j gives the same rates); numpy regressions


@dataclass(frozen=True)
class Family:
    """Test families of the report that share one placebo label and one computation: which rows, which label the
    placebo replaces, and the decisions (one per name) the report's code makes on them."""

    names: tuple[str, ...]
    label: str
    focal_only: bool
    rejects: Callable[[pd.DataFrame, str], tuple[bool, ...]]
    strata: tuple[str, ...] = ()


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
    out = [Family((f"{noun} vs parity (Holm, ranked table)" if cell == "cell" else f"{noun} vs parity (Holm)",),
                  cell, True, _holm_family, ("players", "setup"))]
    for factor in ("company", "officer"):
        if focal[factor].nunique() > 1:
            out.append(Family((f"{factor} effects: joint Wald test", f"{factor} effects: Holm family"), factor, True,
                              _effects))
    if focal["company"].nunique() > 1 and focal["officer"].nunique() > 1 and cell == "cell":
        out.append(Family(("company x officer synergy: joint Wald test",), "officer", True, _synergy))
    for factor, noun in (("strategy", "bots"), ("company", "companies"), ("officer", "officers"),
                         ("seat", "seats"), ("turn_pos_r1", "round-1 turn positions")):
        if rows[factor].nunique() > 1:
            out.append(Family((f"{noun}: homogeneity test", f"{noun} vs parity (Holm)"), factor, False,
                              _homogeneity_and_holm))
    if rows["setup"].nunique() > 1:
        out.append(Family(("setup effects per company (Holm)",), "setup", False, _setups, ("players",)))
    return out


class Placebo:
    """A family's placebo on given rows, prepared once: per stratum, the rows, their label and cluster codes; each
    `draw` then only permutes (module docstring)."""

    def __init__(self, rows: pd.DataFrame, family: Family):
        self.rows, self.label = rows, family.label
        codes, self.levels = pd.factorize(rows[family.label])
        strata = (rows.groupby(list(family.strata), observed=True).ngroup().to_numpy() if family.strata
                  else np.zeros(len(rows), dtype=np.int64))
        self.parts = _strata_parts(codes, cluster_codes(rows), strata)
        self.numeric = np.issubdtype(np.asarray(self.levels).dtype, np.number)

    def draw(self, rng: np.random.Generator) -> pd.DataFrame:
        """The rows with the label replaced by a fresh placebo."""
        fake = _permute(self.parts, len(self.rows), rng)
        values = np.asarray(self.levels)[fake] if self.numeric else pd.Categorical.from_codes(
            fake, categories=self.levels)
        return self.rows.assign(**{self.label: values})


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
    for d in draws:
        rng = np.random.default_rng([seed, 0xA1A, d])
        k = 0
        for f, placebo in zip(fams, placebos):
            for rejected in f.rejects(placebo.draw(rng), f.label):
                counts[k] += bool(rejected)
                k += 1
    return counts


def calibrate(rows: pd.DataFrame, draws: int = DEFAULT_DRAWS, seed: int = 0, jobs: int = 1,
              on_draw: Callable[[int], None] | None = None) -> dict:
    """Runs every family on `draws` placebo relabellings (in `jobs` processes: the same answer for any number);
    returns rates with Monte-Carlo standard errors. `on_draw(k)` is told each time k more draws are done."""
    from joblib import Parallel, delayed

    names = [name for f in families(rows) for name in f.names]
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
    for name, rejections in zip(names, counts.tolist()):
        rate = rejections / draws
        nominal_se = math.sqrt(ALPHA * (1 - ALPHA) / draws)       # the criterion: alpha + 2 s.e. at nominal
        results.append({"family": name, "draws": draws, "rejections": rejections, "rate": rate,
                        "mc_se": math.sqrt(rate * (1 - rate) / draws), "alpha": ALPHA,
                        "within_nominal": rate <= ALPHA + 2 * nominal_se})
    return {"method": "placebo A/A: labels permuted once per replicate (within player count and setup for cells)",
            "version": CALIBRATION_VERSION, "draws": draws, "seed": seed, "alpha": ALPHA, "families": results}


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
