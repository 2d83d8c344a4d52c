"""The `barrage tune` command (Typer); the work is in experiments.tune."""
from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from sim import ids
from sim.errors import ConfigError

DEFAULT_LEAGUE = "automa:level=2,automa:level=3,automa:level=4,greedy,builder,producer,contract_hunter,spoiler"

_EPILOG = (
    "[bold]Examples[/bold]\n\n"
    "  barrage tune --out runs/tune-a --generations 40 -j 2\n\n"
    "  barrage tune --out runs/tune-a --generations 80 --resume      (continue the same run)\n\n"
    "  barrage tune --league automa:level=2,automa:level=4,greedy --games 150 --popsize 10 --out runs/t\n\n"
    "  barrage tune --weights runs/tune-a/tune.json --generations 0 --holdout 1000 --out runs/check\n\n"
    "  barrage tune --heuristic tuned --company Germany --league automa:level=2,automa:level=4 --out runs/ger\n\n"
    "Fitness = mean over the league of (win share + VP margin / 100), 2 players by default, the tuned seat "
    "rotated; every candidate of a generation plays the same seeds (common random numbers). The run directory "
    "holds tune.json (settings, league, fitness curve, best weights; written after every generation) and cma.pkl "
    "(for --resume). docs/bots.md § Tuning tells how the shipped 'tuned' weights were made.")


def tune(
    out: Path = typer.Option(..., "--out", "-o", help="Run directory (tune.json, cma.pkl)."),
    heuristic: str = typer.Option("greedy", "--heuristic",
                                  help="Greedy-family bot whose weights start the search (greedy, a persona, "
                                       "tuned; overrides allowed, e.g. greedy:w_build=2)."),
    weights: Optional[Path] = typer.Option(None, "--weights", metavar="FILE.json",
                                           help="Start from these weights instead: a JSON list in parameter "
                                                "order, an object name -> value, or a tune.json."),
    league: str = typer.Option(DEFAULT_LEAGUE, "--league",
                               help="Opponents (comma-separated specs); the candidate plays each of them."),
    players: int = typer.Option(2, "--players", "-p", help="Players per game: 2, 3 or 4 (the opponent fills "
                                                             "every other seat)."),
    company: Optional[str] = typer.Option(None, "--company",
                                          help="Tune the weights one company plays: the candidates always play it "
                                               "(USA, Germany, Italy, France) and start from the heuristic's "
                                               "weights for it; `tuned` keeps such results under by_company."),
    games: int = typer.Option(200, "--games", "-n", help="Games per candidate per league member per generation."),
    popsize: int = typer.Option(12, "--popsize", help="CMA-ES population (candidates per generation)."),
    sigma: float = typer.Option(0.25, "--sigma", help="Initial CMA-ES step, relative to the starting weights."),
    generations: int = typer.Option(30, "--generations", "-g", min=1, max=100_000,
                                    help="Stop after this many generations in all (a resumed run counts the "
                                         "ones already done)."),
    seed: int = typer.Option(0, "--seed", "-s", min=0, max=ids.MAX_SEED,
                             help="Master seed: game seeds and CMA-ES samples."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Threads for the games (numba prange)."),
    resume: bool = typer.Option(False, "--resume", help="Continue the run in --out (same settings required)."),
    holdout: int = typer.Option(0, "--holdout", help="At the end, play the best weights this many games against "
                                                     "each league member on fresh seeds (Wilson 95%)."),
    json_out: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Tune a greedy heuristic's weights with CMA-ES against a league of bots (common random numbers)."""
    from experiments.bench import set_threads
    from experiments.tune import (
        TuneSettings,
        company_weights,
        greedy_family,
        parse_league,
        read_weights,
        run_tune,
    )
    from sim.config import GameConfig, company_name

    config = GameConfig(players=players)
    if company is not None:
        company = company_name(company)
    for name, value, low in (("games", games, 1), ("popsize", popsize, 2), ("generations", generations, 0),
                             ("holdout", holdout, 0), ("seed", seed, 0)):
        if value < low:
            raise ConfigError(f"--{name}: must be at least {low}, got {value}")
    if not 0 < sigma <= 2:
        raise ConfigError(f"--sigma: must be in (0, 2], got {sigma:g}")
    specs = parse_league(league)
    start_spec, vec = greedy_family(heuristic)
    start = read_weights(weights) if weights is not None else company_weights(vec, company)
    set_threads(jobs)
    settings = TuneSettings(start_spec, specs, players, games, popsize, sigma, seed, start, company)
    err = Console(stderr=True)

    def show(row: dict) -> None:
        if not json_out:
            err.print(f"generation {row['generation']:3d}: mean {row['mean_fitness']:.4f}  best sample "
                      f"{row['best_candidate_fitness']:.4f}  sigma {row['sigma']:.3f}  {row['elapsed_s']:.0f} s")

    command = "barrage " + " ".join(shlex.quote(a) for a in sys.argv[1:]) if sys.argv[1:2] == ["tune"] else ""
    run = run_tune(config, settings, generations, out, resume, holdout, command, show)
    if json_out:
        print(json.dumps(run.to_dict(), indent=2))
        return
    con = Console(highlight=False)
    if run.best:
        con.print(f"best: generation {run.best['generation']}, fitness {run.best['fitness']:.4f}")
        con.print("weights: " + ", ".join(f"{k}={v:g}" for k, v in run.best["weights"].items()))
    for r in run.holdout:
        con.print(f"holdout vs {r['opponent']}: {r['win_rate']:.3f} [{r['wilson_low']:.3f}, {r['wilson_high']:.3f}]"
                  f" (n={r['games']}), VP margin {r['vp_margin']:+.1f}")
    con.print(f"written: {out / 'tune.json'}")


def register(app: typer.Typer) -> None:
    """Adds `tune` to the barrage app."""
    app.command("tune", epilog=_EPILOG)(tune)
