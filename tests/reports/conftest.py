"""Fixtures: small synthetic results directories (exact results format) and the reports built from them."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from reports import build_report
from reports.synthetic import SyntheticDesign, write_synthetic_results

PLANTED_CELL = "USA+Viktor Fiesler"
# Three times the strength of any other seat: about 50% wins where parity is 25%.
PLANTED_STRENGTH = math.log(3)
BOT_STRENGTHS = {"random": -1.0, "greedy": 0.0, "mcts:iters=50": 0.4, "mcts:iters=200": 0.8}

BALANCE = SyntheticDesign(games=2000, cell_strength={PLANTED_CELL: PLANTED_STRENGTH}, map_fidelity="reconstructed",
                          master_seed=11, games_per_shard=700)
TOURNAMENT = SyntheticDesign(games=1500, strategies=tuple(BOT_STRENGTHS), strategy_strength=BOT_STRENGTHS,
                             cell_per_combination=False, master_seed=12)


@pytest.fixture(scope="session")
def balance_results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A balance experiment: one bot, 16 company+officer cells, one planted strong cell, reconstructed map."""
    return write_synthetic_results(tmp_path_factory.mktemp("balance"), BALANCE)


@pytest.fixture(scope="session")
def balance_report(balance_results: Path) -> Path:
    """report.html built from the balance experiment."""
    return build_report(balance_results, balance_results / "report")


@pytest.fixture(scope="session")
def tournament_results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A bot tournament: four bots of known strength, two differing only in their search budget."""
    return write_synthetic_results(tmp_path_factory.mktemp("tournament"), TOURNAMENT)


@pytest.fixture(scope="session")
def tournament_report(tournament_results: Path) -> Path:
    """report.html built from the tournament."""
    return build_report(tournament_results, tournament_results / "report")
