"""The whole pipeline a user runs: a small real balance experiment (greedy and random bots, with and without the
Geological Factor) and its report, through the real commands."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd

SECTIONS = ("summary", "cells", "setups", "company-officer", "homogeneity", "seats", "regression", "ratings",
            "search-budget", "vp-sources", "scores", "energy", "sample-size", "methods")


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
    r = barrage("report", out)
    assert r.returncode == 0, r.stderr
    html = (out / "report" / "report.html").read_text(encoding="utf-8")
    for key in SECTIONS:
        assert f'<section id="{key}"' in html, key
    assert html.count("data:image/png;base64,") >= 10
    assert "full,geological" in html and "master seed 11" in html.replace("master_seed", "master seed")
    assert (out / "report" / "summary.md").is_file()
    effects = pd.read_csv(out / "report" / "tables" / "setup_effect_by_company.csv", comment="#")
    assert sorted(effects.company) == ["France", "Germany", "Italy", "USA"] and (effects.setup == "full,geological").all()
    assert ((effects.ci_low <= effects.difference) & (effects.difference <= effects.ci_high)).all()
