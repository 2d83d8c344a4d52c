"""Known answers for VP by source, score distributions and energy per round."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.results import BASE_VP_SOURCE_COLUMNS, ENERGY_COLUMNS, VP_SOURCE_COLUMNS
from reports.scoring import energy_per_round, score_distribution, vp_by_source


@pytest.fixture()
def rows() -> pd.DataFrame:
    sources = np.zeros((4, len(VP_SOURCE_COLUMNS)), dtype=int)
    sources[:, 0] = [10, 10, 10, 10]
    sources[:, 6] = [20, 40, 5, 15]
    frame = pd.DataFrame(sources, columns=list(VP_SOURCE_COLUMNS))
    frame["vp"] = sources.sum(axis=1)
    frame["company"] = pd.Categorical(["USA", "USA", "Italy", "Italy"])
    for index, column in enumerate(ENERGY_COLUMNS):
        frame[column] = [index, index + 2, 10, 20]
    return frame


def test_vp_by_source_means_add_up_to_mean_vp(rows: pd.DataFrame) -> None:
    table = vp_by_source(rows, "company").set_index("company")
    assert table.loc["USA", "vp_dams"] == 30 and table.loc["Italy", "vp_dams"] == 10
    assert table.loc["USA", "vp"] == 40 and table.loc["Italy", "n"] == 2
    shown = [c for c in VP_SOURCE_COLUMNS if c in table.columns]      # a module's sources only when it scored
    assert shown == list(BASE_VP_SOURCE_COLUMNS)
    assert table[shown].sum(axis=1).tolist() == table["vp"].tolist()


def test_score_distribution(rows: pd.DataFrame) -> None:
    table = score_distribution(rows, "company").set_index("company")
    # USA scores 30 and 50: mean 40, sd sqrt(200), median 40, p10 = 30 + 0.1 * 20 (linear interpolation).
    assert table.loc["USA", ["mean", "median", "min", "max", "p10"]].tolist() == [40, 40, 30, 50, 32]
    assert table.loc["USA", "sd"] == pytest.approx(np.sqrt(200))


def test_energy_per_round(rows: pd.DataFrame) -> None:
    table = energy_per_round(rows, "company").set_index("company")
    assert table.loc["USA", list(ENERGY_COLUMNS)].tolist() == [1, 2, 3, 4, 5]
    assert table.loc["Italy", list(ENERGY_COLUMNS)].tolist() == [15] * 5
