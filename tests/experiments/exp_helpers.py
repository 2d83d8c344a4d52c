"""Helpers for the experiment runner tests: result readers."""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq

REPO = Path(__file__).resolve().parents[2]


def rows(out: Path) -> pd.DataFrame:
    """Every result row of a results directory, sorted by (game, seat)."""
    parts = sorted((Path(out) / "shards").glob("*.parquet"))
    df = pd.concat([pq.read_table(p).to_pandas() for p in parts], ignore_index=True)
    return df.sort_values(["game", "seat"]).reset_index(drop=True)


def manifest(out: Path) -> dict:
    """The parsed manifest.json."""
    return json.loads((Path(out) / "manifest.json").read_text())


def files_under(path: Path) -> list[Path]:
    """Every file below path (empty when path does not exist)."""
    return sorted(p for p in Path(path).rglob("*") if p.is_file()) if Path(path).exists() else []
