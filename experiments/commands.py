"""The `barrage tournament`, `barrage balance` and `barrage run` commands (`register(app)` adds them)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from sim.errors import BarrageError

EXIT_INPUT_ERROR = 2
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143       # 128 + SIGTERM, what `timeout` and schedulers expect

# -- shared run options ---------------------------------------------------------------------------------------
Jobs = Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes (1 = in this process, using "
                                                              "every numba thread).")]
Backend = Annotated[str, typer.Option("--backend", help="Process back-end for -j > 1: loky (local processes) or "
                                                        "dask (a LocalCluster on 127.0.0.1, or --scheduler).")]
Scheduler = Annotated[Optional[str], typer.Option("--scheduler", metavar="ADDRESS",
                                                  help="Dask scheduler to use instead of a local cluster, "
                                                       "e.g. tcp://10.0.0.5:8786.")]
Out = Annotated[Optional[Path], typer.Option("--out", "-o", help="Results directory (default results/NAME).")]
Resume = Annotated[bool, typer.Option("--resume", help="Complete the run already in --out (only the missing "
                                                       "chunks are played).")]
Force = Annotated[bool, typer.Option("--force", help="Overwrite the results already in --out.")]
Seed = Annotated[Optional[int], typer.Option("--seed", min=0, help="Master seed every game seed derives from "
                                                                   "(default: a fresh one, kept in the manifest).")]
Name = Annotated[Optional[str], typer.Option("--name", help="Experiment name (default KIND-Np).")]
ChunkSize = Annotated[int, typer.Option("--chunk-size", min=1, help="Games per task and per shard.")]
Json = Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")]
Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")]
BotTimeout = Annotated[float, typer.Option("--bot-timeout", min=0.001, max=86_400, metavar="SECONDS",
                                           help="Longest a --strategy-file bot may think about one decision (or "
                                                "take to import its file in a game process); over it the bot's "
                                                "process is killed and the run stops with one line naming bot, "
                                                "seat, seed and move (finished games kept for --resume).")]
Players = Annotated[str, typer.Option("--players", "-p", help="Player count, or a comma-separated list "
                                                              "(e.g. 2,3,4).")]
Intro = Annotated[bool, typer.Option("--intro/--full", help="Introductory setup (fixed pairings) or the full game.")]
Rotate = Annotated[bool, typer.Option("--rotate/--no-rotate", help="Rotate the seats (default) or keep them "
                                                                  "fixed.")]
Expansion = Annotated[Optional[str], typer.Option("--expansion", "--expansions", metavar="NAMES",
                                                  help="Play with these expansions (comma-separated): "
                                                       "geological (The Geological Factor), leeghwater (The "
                                                       "Leeghwater Project), promo (the promo officers join the "
                                                       "pool, SETUP-13), colorado (The Colorado Connection: its "
                                                       "reconstructed map, bridges, settlements).")]
Objective = Annotated[Optional[str], typer.Option("--objective", help="Fix the objective tile (default: drawn "
                                                                      "at setup), e.g. best_area.")]
Vary = Annotated[Optional[list[str]], typer.Option("--vary", metavar="FACTOR",
                                                   help="Play every level of a setup factor, each a separate "
                                                        "setup with common random numbers: intro (full and "
                                                        "introductory), expansions (without and with --expansion), "
                                                        "objective (all 6 objective tiles), bonus_tiles (6 sets, "
                                                        "each leaving one tile out), headstreams (8 layouts), "
                                                        "remove_tiles (none, then each advanced tile removed), "
                                                        "variant (base then duel: the duel map with the duel "
                                                        "board). Repeatable.")]
MapName = Annotated[str, typer.Option("--map", help="Map: base, or duel (the Barrage: Duel map alone, 2 players, "
                                                    "DUEL-02).")]
GameVariant = Annotated[Optional[str], typer.Option("--variant", help="Game variant: base, or duel (Barrage: "
                                                    "Duel: duel map + duel board, exactly 2 players; reconstructed "
                                                    "data).")]
StrictFidelity = Annotated[bool, typer.Option("--strict-fidelity", help="Refuse data files whose fidelity is not "
                                                                        "official (RECON-06).")]
Override = Annotated[Optional[list[str]], typer.Option("--override", metavar="PATH=VALUE",
                                                       help="What-if change of one component value, e.g. "
                                                            "bonus_tiles.conduits.vp_per_unit=3 (paths as in "
                                                            "sim/data/components.yaml). Repeatable.")]
StrategyFile = Annotated[Optional[list[Path]], typer.Option("--strategy-file", metavar="FILE.py",
                                                            help="Load a Python bot (see examples/my_bot.py) and "
                                                                 "use its name in --strategies; it plays on the "
                                                                 "Python loop. Repeatable.")]
VARY_FACTORS = ("intro", "expansions", "objective", "bonus_tiles", "headstreams", "remove_tiles", "variant")


def _setup_keys(intro: bool, expansion: Optional[str], objective: Optional[str], vary: Optional[list[str]],
                override: Optional[list[str]], map_: str = "base", variant: Optional[str] = None,
                strict: bool = False) -> dict:
    """The setup-factor keys of an experiment config from the shared CLI options."""
    from experiments.experiment_config import parse_list, parse_overrides
    from sim.errors import ConfigError

    factors = [v.strip().lower() for v in vary or []]
    for f in factors:
        if f not in VARY_FACTORS:
            raise ConfigError(f"vary: unknown factor {f!r}; valid: {', '.join(VARY_FACTORS)}")
    exps = list(parse_list("expansions", expansion) or [])
    d: dict = {"intro": [False, True] if "intro" in factors else intro}
    if "expansions" in factors:
        if not exps:
            raise ConfigError("vary: expansions needs --expansion NAMES (the level played against the base game)")
        d["expansions"] = [[], exps]
    else:
        d["expansions"] = exps
    if "objective" in factors:
        if objective is not None:
            raise ConfigError("objective: --objective fixes the tile; drop it or drop --vary objective")
        d["objective"] = "all"
    elif objective is not None:
        d["objective"] = objective.strip()
    for key in ("bonus_tiles", "headstreams", "remove_tiles"):   # experiment_config.each_levels
        if key in factors:
            d[key] = "each"
    ov = parse_overrides(override)
    if ov:
        d["overrides"] = ov
    if "variant" in factors:
        if variant is not None:
            raise ConfigError("variant: --variant fixes it; drop it or drop --vary variant")
        d["variant"] = ["base", "duel"]
    elif variant is not None:
        d["variant"] = variant.strip().lower()
    d["map"] = map_
    if strict:
        d["strict_fidelity"] = True
    return d


def _fail(message: str) -> None:
    typer.echo(f"error: {' '.join(str(message).split())}", err=True)
    raise typer.Exit(EXIT_INPUT_ERROR)


def _execute(build, out: Optional[Path], jobs: int, backend: str, scheduler: Optional[str], resume: bool,
             force: bool, as_json: bool, quiet: bool, manifest_kind: Optional[str] = None,
             bot_timeout: float = 10.0) -> None:
    """Builds the config (a callable, so its errors are reported like the others), runs it, prints the summary."""
    from experiments.runner import RunOptions, run_experiment
    from strategies.python_bot import BotTimeout

    try:
        config = build()
        options = RunOptions(out=out or Path("results") / config.name, jobs=jobs, backend=backend,
                             scheduler=scheduler, resume=resume, force=force, progress=not (quiet or as_json),
                             manifest_kind=manifest_kind, bot_timeout=bot_timeout)
        result = run_experiment(config, options, on_event=lambda m: None if as_json else typer.echo(m, err=True))
    except BotTimeout as e:         # the limit it hit is this command's --bot-timeout (other commands have none)
        _fail(f"{e}; allow more time with --bot-timeout SECONDS")
    except BarrageError as e:
        _fail(str(e))
    except OSError as e:
        _fail(f"out: {e}")
    m = result.manifest
    if as_json:
        typer.echo(json.dumps({"out": str(result.out), "name": m["name"], "kind": m["kind"],
                               "master_seed": m["master_seed"], "games_planned": m["games_planned"],
                               "games_done": m["games_done"], "interrupted": result.interrupted,
                               "map_fidelity": m["map_fidelity"], "summary": result.summary}, indent=2))
    else:
        _print_summary(result)
    if result.interrupted:
        typer.echo(f"interrupted: {m['games_done']} of {m['games_planned']} games are saved in {result.out}; "
                   "run the same command with --resume to complete it", err=True)
        raise typer.Exit(EXIT_TERMINATED if result.terminated else EXIT_INTERRUPTED)


def _print_summary(result) -> None:
    from rich.console import Console
    from rich.table import Table

    m = result.manifest
    if not result.summary:
        typer.echo(f"no games in {result.out} yet")
        return
    kind = m["config"]["kind"]
    console = Console(width=None if sys.stdout.isatty() else 120)
    by = "strategy" if kind == "tournament" else "cell"
    setups = len({r["setup"] for r in result.summary}) > 1
    recon = [f for f, fid in m.get("data_fidelity", {}).items() if fid != "official"]      # RECON-06
    t = Table(title=f"{m['name']}: {m['games_done']} games, map {m['map']} (map_fidelity: {m['map_fidelity']}), "
                    f"master seed {m['master_seed']}{'; not official: ' + ', '.join(recon) if recon else ''}")
    for col, just in (("P", "right"), *((("setup", "left"),) if setups else ()), (by, "left"), ("n", "right"),
                      ("win", "right"), ("95% CI", "right"), ("-parity", "right"), ("rank", "right"),
                      ("VP", "right"), ("SD", "right")):
        t.add_column(col, justify=just, no_wrap=True)
    for r in result.summary:
        t.add_row(str(r["players"]), *((r["setup"],) if setups else ()), str(r[by]), f"{r['n']:,}",
                  f"{r['win_rate']:.3f}",
                  f"{r['win_ci_low']:.3f}-{r['win_ci_high']:.3f}", f"{r['win_rate'] - r['parity']:+.3f}",
                  f"{r['mean_rank']:.2f}", f"{r['vp_mean']:.1f}", f"{r['vp_sd']:.1f}")
    console.print(t)
    if result.games_played and result.seconds > 0:
        console.print(f"{result.games_played:,} games played in {result.seconds:.1f} s "
                      f"({result.games_played / result.seconds:,.0f} games/s); results in {result.out}")
    else:
        console.print(f"results in {result.out}")


# -- commands -------------------------------------------------------------------------------------------------
def tournament(
    strategies: Annotated[str, typer.Option("--strategies", "-s", help="One strategy spec per seat, comma-"
                                            "separated (fewer are cycled over the seats), e.g. random,random_actions "
                                            "or mcts:iters=400,c=1.0,random.")] = "random",
    players: Players = "4",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per player count and setup.")] = 1000,
    strategy_file: StrategyFile = None,
    intro: Intro = False,
    expansion: Expansion = None,
    map_: MapName = "base",
    variant: GameVariant = None,
    strict_fidelity: StrictFidelity = False,
    objective: Objective = None,
    vary: Vary = None,
    override: Override = None,
    companies: Annotated[Optional[str], typer.Option("--companies", help="Fix each seat's company (one per "
                                                     "seat, comma-separated).")] = None,
    officers: Annotated[Optional[str], typer.Option("--officers", help="Fix each seat's officer (one per seat, "
                                                    "comma-separated).")] = None,
    deal: Annotated[str, typer.Option("--deal", help="pick: the bots pick their pairings from the dealt ones "
                                      "(SETUP-15); random: every seat's company and officer dealt at random, as "
                                      "in a balance cell (strength without the pairing pick).")] = "pick",
    rotate: Rotate = True,
    seed: Seed = None,
    name: Name = None,
    chunk_size: ChunkSize = 1000,
    jobs: Jobs = 1,
    backend: Backend = "loky",
    scheduler: Scheduler = None,
    out: Out = None,
    resume: Resume = False,
    force: Force = False,
    as_json: Json = False,
    quiet: Quiet = False,
    bot_timeout: BotTimeout = 10.0,
) -> None:
    """Plays bots against each other over every seat permutation; prints win rate (95% Wilson CI), mean rank
    and VP per strategy and writes one row per game and seat to --out."""
    from experiments.experiment_config import (
        ExperimentConfig,
        parse_list,
        parse_players,
        split_strategies,
    )

    def build():
        d = {"kind": "tournament", "players": list(parse_players(players)), "games": games,
             "strategies": list(split_strategies(strategies)), "rotate_seats": rotate, "chunk_size": chunk_size,
             "strategy_files": [str(f) for f in strategy_file or []],
             **_setup_keys(intro, expansion, objective, vary, override, map_, variant, strict_fidelity)}
        for key, value in (("companies", parse_list("companies", companies)),
                           ("officers", parse_list("officers", officers))):
            if value is not None:
                d[key] = list(value)
        if seed is not None:
            d["seed"] = seed
        if name:
            d["name"] = name
        if deal != "pick":
            d["deal"] = deal
        return ExperimentConfig.from_dict(d)

    _execute(build, out, jobs, backend, scheduler, resume, force, as_json, quiet, bot_timeout=bot_timeout)


def balance(
    players: Players = "4",
    intro: Intro = False,
    expansion: Expansion = None,
    map_: MapName = "base",
    variant: GameVariant = None,
    strict_fidelity: StrictFidelity = False,
    objective: Objective = None,
    vary: Vary = None,
    strategies: Annotated[Optional[str], typer.Option("--strategies", "-s", help="Bot population, comma-"
                                                      "separated; the seats play them in rotation (default: "
                                                      "random).")] = None,
    population: Annotated[Optional[str], typer.Option("--population", help="A named bot population instead of "
                                                      "--strategies: greedy (the four greedy personas), tuned, "
                                                      "strong (the expert planner in every seat; slow), random "
                                                      "(`barrage list populations`).")] = None,
    strategy_file: StrategyFile = None,
    companies: Annotated[Optional[str], typer.Option("--companies", help="Companies to sweep (default all).")] = None,
    officers: Annotated[Optional[str], typer.Option("--officers", help="Officers to sweep (default every base "
                                                    "officer).")] = None,
    games_per_cell: Annotated[Optional[int], typer.Option("--games-per-cell", "-n", min=1, help="Games per "
                                                          "cell (with --precision: the first round's).")] = None,
    precision: Annotated[Optional[float], typer.Option("--precision", help="Play rounds until every cell's 95% "
                                                       "Wilson half-width is at most this (e.g. 0.02) or "
                                                       "--budget games are spent.")] = None,
    precision_for: Annotated[str, typer.Option("--precision-for", metavar="TARGET", help="What --precision "
                                               "bounds: cells (each cell's win rate) or interactions (each cell's "
                                               "win rate in its setup minus its pairing's mean over the setups of "
                                               "--vary; games go to the pairings with the widest intervals).")
                             ] = "cells",
    budget: Annotated[Optional[int], typer.Option("--budget", min=1, help="Game budget for --precision "
                                                  "(default: enough for p = 0.5 in every cell).")] = None,
    override: Override = None,
    crn: Annotated[bool, typer.Option("--crn/--no-crn", help="Common random numbers: replicate i of every cell "
                                                            "uses the same game seed (default).")] = True,
    rotate: Rotate = True,
    seed: Seed = None,
    name: Name = None,
    chunk_size: ChunkSize = 1000,
    jobs: Jobs = 1,
    backend: Backend = "loky",
    scheduler: Scheduler = None,
    out: Out = None,
    resume: Resume = False,
    force: Force = False,
    as_json: Json = False,
    quiet: Quiet = False,
    bot_timeout: BotTimeout = 10.0,
) -> None:
    """Sweeps company x officer pairings (x every setup level of --vary): each game puts the cell's pairing in a
    rotated seat and random pairings in the others; prints each cell's win rate (95% Wilson CI) against parity."""
    from experiments.experiment_config import (
        ExperimentConfig,
        parse_list,
        parse_players,
        split_strategies,
    )

    def build():
        d = {"kind": "balance", "players": list(parse_players(players)), "rotate_seats": rotate,
             "common_random_numbers": crn, "chunk_size": chunk_size,
             "strategy_files": [str(f) for f in strategy_file or []],
             **_setup_keys(intro, expansion, objective, vary, override, map_, variant, strict_fidelity)}
        for key, value in (("companies", parse_list("companies", companies)),
                           ("officers", parse_list("officers", officers)), ("games_per_cell", games_per_cell),
                           ("precision", precision), ("budget", budget), ("seed", seed), ("name", name),
                           ("population", population),
                           ("strategies", split_strategies(strategies) or (None if population else ("random",)))):
            if value is not None:
                d[key] = list(value) if isinstance(value, tuple) else value
        if precision_for != "cells":
            d["precision_target"] = precision_for
        return ExperimentConfig.from_dict(d)

    _execute(build, out, jobs, backend, scheduler, resume, force, as_json, quiet, bot_timeout=bot_timeout)


def run(
    experiment: Annotated[Path, typer.Argument(help="Experiment TOML file (see experiments/examples/).")],
    jobs: Jobs = 1,
    backend: Backend = "loky",
    scheduler: Scheduler = None,
    out: Out = None,
    resume: Resume = False,
    force: Force = False,
    as_json: Json = False,
    quiet: Quiet = False,
    bot_timeout: BotTimeout = 10.0,
) -> None:
    """Runs an experiment declared in a TOML file (a tournament or a balance sweep; keys as the flags)."""
    from experiments.experiment_config import load_toml

    _execute(lambda: load_toml(experiment), out, jobs, backend, scheduler, resume, force, as_json, quiet,
             manifest_kind="run", bot_timeout=bot_timeout)


_EXAMPLES = {
    "tournament": ["barrage tournament --strategies greedy,builder,producer,random --games 20000 -j 2 --seed 1",
                   "barrage tournament -s greedy --vary objective --games 2000 --seed 2",
                   "barrage tournament --strategy-file examples/my_bot.py -s my_bot,greedy --players 2 --games 200",
                   "barrage tournament -s random_actions --players 3 --games 5000 --out results/t3 --resume"],
    "balance": ["barrage balance --games-per-cell 2000 -j 2 --seed 7",
                "barrage balance --players 2,3,4 --precision 0.02 --budget 400000 -j 2",
                "barrage balance --population strong --players 2 -n 100 --seed 1 --out results/strong",
                "barrage balance --intro --players 3 --games-per-cell 5000 --backend dask -j 4",
                "barrage balance --expansion geological --vary expansions -s greedy -n 500 --seed 3",
                "barrage balance --override bonus_tiles.conduits.vp_per_unit=3 -n 1000",
                "barrage balance -s greedy --vary objective --precision 0.04 --precision-for interactions -j 2"],
    "run": ["barrage run experiments/examples/balance.toml -j 2",
            "barrage run experiments/examples/tiles.toml -j 2",
            "barrage run my-experiment.toml --out results/x --resume"],
}


def _epilog(name: str) -> str:
    lines = "\n\n".join(f"  {e}" for e in _EXAMPLES[name])
    return (f"[bold]Examples[/bold]\n\n{lines}\n\nResults: manifest.json + shards/part-NNNNN.parquet "
            "(docs/results-format.md); details in docs/experiments.md.")


def register(app: typer.Typer) -> None:
    """Adds tournament, balance and run to the barrage app."""
    app.command("tournament", epilog=_epilog("tournament"))(tournament)
    app.command("balance", epilog=_epilog("balance"))(balance)
    app.command("run", epilog=_epilog("run"))(run)


def main() -> None:  # pragma: no cover - convenience entry for `python -m experiments.commands`
    from experiments.backends import terminate_like_interrupt

    terminate_like_interrupt()
    app = typer.Typer(add_completion=False, no_args_is_help=True)
    register(app)
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
