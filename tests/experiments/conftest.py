"""Fixtures for the experiment runner tests: a local Typer app with the experiment commands, result readers."""
from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from experiments.commands import register


@pytest.fixture(scope="session")
def app() -> typer.Typer:
    """A Typer app holding tournament, balance and run (as cli.py registers them)."""
    a = typer.Typer(add_completion=False)
    register(a)
    return a


@pytest.fixture
def invoke(app):
    """Runs the commands in-process: invoke(["tournament", ...]) -> click Result (exit_code, stdout, stderr)."""
    runner = CliRunner()

    def _invoke(args: list[str]):
        return runner.invoke(app, [str(a) for a in args])

    return _invoke
