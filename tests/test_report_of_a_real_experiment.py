"""The whole pipeline a user runs, on results the runner really writes: a small real balance experiment (greedy
and random bots, with and without the Geological Factor) and a lopsided real tournament, each with its report,
through the real commands."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd

SECTIONS = ("summary", "cells", "shrinkage", "effects", "robustness", "seats", "setups", "ratings",
            "search-budget", "homogeneity", "vp-sources", "scores", "energy", "sample-size", "calibration", "methods")


def barrage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "experiments", *map(str, args)], capture_output=True, text=True,
                          timeout=900)


def test_balance_experiment_then_report(tmp_path: Path) -> None:
    out = tmp_path / "results"
    p = barrage("balance", "-p", "3", "--companies", "USA,Italy", "--officers", "Viktor,Mahiri", "-s",
                "greedy,random", "--expansion", "geological", "--vary", "expansions", "-n", "24", "--seed", "11",
                "--out", out, "--json")
    assert p.returncode == 0, p.stderr
    summary = json.loads(p.stdout)
    assert summary["games_done"] == 2 * 4 * 24 and len(summary["summary"]) == 8
    rows = pd.concat(pd.read_parquet(f) for f in sorted((out / "shards").glob("*.parquet")))
    assert rows.groupby("game")["focal"].sum().eq(1).all()                  # one focal seat per game
    focal = rows[rows["focal"]]
    assert (focal["company"] + "+" + focal["officer"] == focal["cell"]).all()
    assert rows.groupby(["cell", "setup"])["replicate"].nunique().eq(24).all()   # CRN: replicate i in every cell
    assert rows.groupby("replicate")["seed"].nunique().eq(1).all()
    r = barrage("report", out, "--json")
    assert r.returncode == 0, r.stderr
    core = json.loads(r.stdout)
    assert len(core["cells"]) == 8 and all(c["n"] == 24 for c in core["cells"])
    console = {(row["setup"], row["cell"]): row["win_rate"] for row in summary["summary"]}
    for c in core["cells"]:        # the report ranks the same own-seat win rates the console printed
        assert abs(console[(c["setup"], c["cell"])] - c["win_rate"]) < 1e-12
    html = (out / "report" / "report.html").read_text(encoding="utf-8")
    for key in SECTIONS:
        assert f'<section id="{key}"' in html, key
    assert "full,geological" in html and "master seed 11" in html.replace("master_seed", "master seed")
    assert (out / "report" / "summary.md").is_file()
    effects = pd.read_csv(out / "report" / "tables" / "setup_effect_by_company.csv", comment="#")
    assert sorted(effects.company) == ["France", "Germany", "Italy", "USA"] and (effects.setup == "full,geological").all()
    assert ((effects.ci_low <= effects.difference) & (effects.difference <= effects.ci_high)).all()


def test_lopsided_tournament_reports_with_intervals_inside_the_unit_interval(tmp_path: Path) -> None:
    """greedy beats random nearly always: 0% / 100% cells must report without error, bounds inside [0, 1]."""
    out = tmp_path / "lopsided"
    p = barrage("tournament", "-s", "greedy,random", "-p", "2", "--games", "24", "--seed", "1", "--out", out, "-q")
    assert p.returncode == 0, p.stderr
    r = barrage("report", out, "--json")
    assert r.returncode == 0, r.stderr
    cells = {c["cell"]: c for c in json.loads(r.stdout)["cells"]}
    assert set(cells) == {"greedy", "random"} and cells["greedy"]["n"] == 24
    for c in cells.values():
        assert 0.0 <= c["ci_low"] <= c["win_rate"] <= c["ci_high"] <= 1.0
    if cells["random"]["win_rate"] == 0:
        assert cells["random"]["ci_low"] == 0.0 and cells["greedy"]["ci_high"] == 1.0
    # Issue #34: a bot that (nearly) always wins separates the win model; the report says so instead of printing
    # odds ratios in the hundred thousands with a Wald p-value as facts.
    report = json.loads(r.stdout)
    for effect in report.get("factors", {}).get("win", []):
        ratio = effect.get("odds_ratio")
        assert ratio is None or not ratio > 1e3, effect
    for table in (out / "report" / "tables").glob("*.csv"):
        frame = pd.read_csv(table, comment="#")
        for column in ("ci_low", "ci_high"):
            if column in frame and "win_rate" in frame and "log_strength" not in frame:
                assert frame[column].between(0, 1).all(), (table.name, column)
