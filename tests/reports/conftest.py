"""Fixtures: small synthetic results directories (exact results format) and the reports built from them."""

from __future__ import annotations

from pathlib import Path

import pytest
from synthetic_designs import BALANCE, TOURNAMENT

from reports import build_report
from reports.synthetic import write_synthetic_results


@pytest.fixture(scope="session")
def balance_results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A balance experiment in the runner's design: four bots, 28 pairings x 150 replicates, one planted strong cell, reconstructed map."""
    return write_synthetic_results(tmp_path_factory.mktemp("balance"), BALANCE)


@pytest.fixture(scope="session")
def balance_report(balance_results: Path) -> Path:
    """report.html built from the balance experiment."""
    return build_report(balance_results, balance_results / "report")[0]


@pytest.fixture(scope="session")
def tournament_results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A bot tournament: four bots of known strength, two differing only in their search budget."""
    return write_synthetic_results(tmp_path_factory.mktemp("tournament"), TOURNAMENT)


@pytest.fixture(scope="session")
def tournament_report(tournament_results: Path) -> Path:
    """report.html built from the tournament."""
    return build_report(tournament_results, tournament_results / "report")[0]
