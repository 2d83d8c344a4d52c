"""The `barrage rebalance` command (Typer); the work is in experiments.rebalance."""
from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from sim.errors import Terminated

EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143

_EPILOG = (
    "[bold]Examples[/bold]\n\n"
    "  barrage rebalance experiments/examples/rebalance.toml --out runs/rebalance -j 2\n\n"
    "  barrage rebalance experiments/examples/rebalance.toml --out runs/rebalance --resume     (continue a stopped "
    "run, or rebuild the outputs of a finished one)\n\n"
    "  barrage rebalance my-spec.toml --out runs/r --backend dask --scheduler tcp://10.0.0.5:8786\n\n"
    "  barrage rebalance my-spec.toml --out runs/r --json | jq '.proposals[0].changes'\n\n"
    "The spec names the design (players, expansions, population, games per cell), the knobs the search may turn "
    "(paths from `barrage list knobs`, each with a range and a step), the target margin and the cost of change "
    "(docs/experiments.md § Rebalancing; experiments/examples/rebalance.toml). The run writes OUT/rebalance.json "
    "(proposals, their changes, the confirmation's figures), OUT/report/rebalance.html and one results directory "
    "per confirmed run under OUT/confirm/ (open one with `barrage report`). A proposal is called balanced only if "
    "its confirmation on fresh seeds shows every company and officer within the margin; verdicts describe play "
    "between the spec's bot population.")


class _Bars:
    """Progress on stderr: the search's generations and the games of the batch being played."""

    show_confirmation_progress = True

    def __init__(self, quiet: bool) -> None:
        from experiments.cli import _progress

        self.quiet = quiet
        self.show_confirmation_progress = not quiet
        self.bar = _progress(not quiet)           # the bar every long command shows, on stderr
        self.console = self.bar.console
        self.batch = None

    def __enter__(self) -> _Bars:
        self.bar.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self.bar.__exit__(*exc)

    def stage(self, description: str, games: int) -> None:
        if self.batch is not None:
            self.bar.remove_task(self.batch)
        self.batch = self.bar.add_task(description, total=games)

    def games(self, n: int) -> None:
        self.bar.advance(self.batch, n)

    def generation(self, row: dict, generations: int) -> None:
        self.note(f"generation {row['generation'] + 1}/{generations}: mean score {_number(row['mean_score'])} "
                  f"(imbalance {_number(row['mean_imbalance'])} points), best candidate {_number(row['best_score'])}, "
                  f"{row['games']:,} games, {row['elapsed_s']:.0f} s")

    def note(self, text: str) -> None:
        if not self.quiet:
            self.bar.console.print(text, soft_wrap=True)


def _number(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def rebalance(
    spec_file: Path = typer.Argument(..., metavar="SPEC.toml", help="The rebalance spec (see the example in "
                                     "experiments/examples/rebalance.toml).", show_default=False),
    out: Path = typer.Option(..., "--out", "-o", help="Run directory (checkpoint, results, rebalance.json, "
                                                      "report/)."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=256, help="Worker processes (1 = in this process, "
                                                                     "using every numba thread)."),
    backend: str = typer.Option("loky", "--backend", help="Process back-end for -j > 1: loky (local processes) or "
                                                          "dask (a LocalCluster, or --scheduler)."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS",
                                            help="Dask scheduler to use instead of a local cluster."),
    resume: bool = typer.Option(False, "--resume", help="Continue the run in --out (same spec and code required); "
                                                        "on a finished run, rebuild its outputs."),
    json_out: bool = typer.Option(False, "--json", help="Print rebalance.json on stdout at the end."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress output."),
) -> None:
    """Search the smallest change of the data's knobs that balances companies and officers, and confirm it."""
    from experiments.rebalance import run_rebalance
    from experiments.rebalance_spec import load_spec

    spec = load_spec(spec_file)
    command = "barrage " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if "rebalance" in sys.argv[1:2] else ""
    bars = _Bars(quiet or json_out)
    try:
        with bars:
            result = run_rebalance(spec, out, jobs, backend, scheduler, resume, bars, command)
    except (KeyboardInterrupt, Terminated) as stop:
        print(f"interrupted: the run in {out} is saved; run the same command with --resume to continue it",
              file=sys.stderr)
        raise typer.Exit(EXIT_TERMINATED if isinstance(stop, Terminated) else EXIT_INTERRUPTED) from None
    if json_out:
        print(json.dumps(result, indent=2))
        return
    _print_summary(result, out)


def _print_summary(result: dict, out: Path) -> None:
    from reports.rebalance import OFFICIAL, narrowed_by_half
    from reports.rebalance_page import override_options, proposal_sentence

    con = Console(highlight=False, soft_wrap=True)
    runs = result["confirmation"]["runs"]
    players = "/".join(map(str, result["players"]))
    search = result["search"]
    con.print(f"{result['name']}: play between {result['population']} bots, {players} players; search "
              f"{len(search['curve'])} generations, {search['games']:,} games with the race; official imbalance "
              f"{search['official_imbalance']:.2f} points on the search's seeds")
    for p in result["proposals"]:
        run = runs[p["label"]]
        half = [f for f in ("company", "officer") if narrowed_by_half(run, runs[OFFICIAL], f)]
        con.print(("* " if p["label"] == result["recommended"] else "  ") + proposal_sentence(result, p))
        con.print(f"    {override_options(p['changes'])}")
        con.print(f"    spread narrowed by at least half: {', '.join(half) or 'neither companies nor officers'}")
    if not result["proposals"]:
        con.print("no proposal: no change found that beats the official rules by more than its cost")
    con.print(f"written: {out / 'rebalance.json'}, {out / 'report' / 'rebalance.html'}")


def register(app: typer.Typer) -> None:
    """Adds `rebalance` to the barrage app."""
    app.command("rebalance", epilog=_EPILOG)(rebalance)
