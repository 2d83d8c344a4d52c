"""The `barrage` command line (Typer): play, bench, fuzz, list, report (+ tournament, balance, run from
`experiments.commands`).

Every user error -- a `sim.errors.BarrageError` raised anywhere, or a malformed option -- is printed as one line
`error: ...` on stderr with exit code 2 and no traceback (`main`). The engine is imported inside the commands so
that `--help` and `list` answer without loading numba code.
"""
from __future__ import annotations

import dataclasses
import json
import os
import sys
from enum import Enum
from pathlib import Path
from typing import Any, Optional, Sequence

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from sim import ids
from sim.errors import BarrageError, ConfigError

# The click that typer runs on: typer >= 0.20 vendors it as typer._click, older typer uses click itself.
_click_exc = sys.modules[typer.BadParameter.__module__]

USAGE_ERROR = 2   # bad input: unknown name, impossible player count, malformed option, bad data file
FOUND_VIOLATION = 1

_EPILOG = (
    "[bold]Examples[/bold]\n\n"
    "  barrage play --players 3 --seed 42 --verbose\n\n"
    "  barrage bench --games 20000 --threads 2\n\n"
    "  barrage ladder --games 20\n\n"
    "  barrage fuzz --games 5000 --players 2\n\n"
    "  barrage list strategies\n\n"
    "  barrage tournament --help                (experiment runs: tournament, balance, run)\n\n"
    "  barrage report results/my-run --out out/\n\n"
    "Every command takes --help. Errors in the input are reported in one line ('error: ...') with exit code 2; "
    "an unexpected failure is one line with exit code 1 ('--debug' anywhere shows its traceback)."
)


class BarrageApp(typer.Typer):
    """A Typer app whose call turns user errors into one line on stderr (the console script calls `app()`)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return main(kwargs.get("args", args[0] if args else None))


app = BarrageApp(
    name="barrage", add_completion=False, no_args_is_help=True, rich_markup_mode="rich",
    context_settings={"help_option_names": ["-h", "--help"]}, pretty_exceptions_enable=False,
    help="Monte Carlo simulator of the board game [bold]Barrage[/bold]: play seeded games with bots, benchmark "
         "the engine, fuzz its invariants, list the components and strategies, build balance reports.",
    epilog=_EPILOG)


# ------------------------------------------------------------------------------------------------------------
# output helpers
# ------------------------------------------------------------------------------------------------------------
def _stdout() -> Console:
    """Console for results; written to a file or pipe, tables keep their natural width (no wrapping)."""
    c = Console(highlight=False)
    if not c.is_terminal:
        c = Console(highlight=False, width=max(c.width, 200))
    return c


def _progress(enabled: bool, unit: str = "games") -> Progress:
    """A progress bar on stderr (stdout stays clean for results and --json)."""
    return Progress(TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn(unit), TimeElapsedColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True), transient=True, disable=not enabled)


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, indent=2))


def _names(text: Optional[str]) -> Optional[tuple[str, ...]]:
    """Splits a comma-separated option into names (None stays None)."""
    if text is None:
        return None
    parts = tuple(p.strip() for p in text.split(","))
    if any(not p for p in parts):
        raise ConfigError(f"empty name in {text!r}; separate names with single commas")
    return parts


def _config(players: int, companies: Optional[str] = None, officers: Optional[str] = None, intro: bool = False,
            map_: str = "base", expansions: Optional[str] = None, variant: Optional[str] = None,
            strict: bool = False):
    """The game config of the shared options; `variant` "duel" = the duel map with the duel board (DUEL-02),
    `strict` refuses data whose fidelity is not official (RECON-06)."""
    from sim.config import GameConfig, variant_keys
    from sim.fidelity import check_strict

    setup = variant_keys(variant.strip().lower(), map_) if variant is not None else {"map": map_}
    config = GameConfig(players=players, intro=intro, expansions=_names(expansions) or (),
                        companies=_names(companies), officers=_names(officers), **setup)
    if strict:
        check_strict(config.variant)
    return config


def _check_seed(seed: int) -> int:
    from experiments.play import SEED_MASK

    if not 0 <= seed <= SEED_MASK:
        raise ConfigError(f"seed: {seed} is out of range; use an integer in 0..{SEED_MASK} (2^62 - 1)")
    return seed


# ------------------------------------------------------------------------------------------------------------
# shared options
# ------------------------------------------------------------------------------------------------------------
PlayersOpt = typer.Option(4, "--players", "-p", help="Number of players: 2, 3 or 4.", show_default=True)
IntroOpt = typer.Option(False, "--intro", help="Introductory game: fixed company/officer pairings and starting "
                                               "contracts (SETUP-18); cannot be combined with --officers.")
BatchIntroOpt = typer.Option(False, "--intro", help="Introductory game: fixed company/officer pairings and "
                                                    "starting contracts (SETUP-18).")
MapOpt = typer.Option("base", "--map", help="Map name (see 'barrage list maps'): base, five_player (4 companies, "
                      "Automas included, FIVEP-01), or duel (the Barrage: Duel map alone, 2 players, DUEL-02).")
VariantOpt = typer.Option(None, "--variant", show_default="base",
                          help="Game variant: base, or duel (Barrage: Duel: the duel map with the duel board and its "
                               "Check phase; exactly 2 players; reconstructed data).")
StrictOpt = typer.Option(False, "--strict-fidelity", help="Refuse data files whose fidelity is not official "
                                                           "(reconstructed maps/boards, the promo data, RECON-06).")
ExpansionsOpt = typer.Option(None, "--expansions", "--expansion",
                             help="Comma-separated expansions: 'geological' (The Geological Factor), "
                                  "'leeghwater' (The Leeghwater Project), 'promo' (the promo officers join the "
                                  "pool, SETUP-13), 'colorado' (The Colorado Connection: its reconstructed map, "
                                  "bridges and settlements; no Automa).",
                             show_default=False)
ThreadsOpt = typer.Option(None, "--threads", "-t", show_default="all cores",
                          help="numba threads for the parallel batch (1..cores); sets numba.set_num_threads.")
JsonOpt = typer.Option(False, "--json", help="Print machine-readable JSON on stdout instead of tables.")
LogFileOpt = typer.Option(None, "--log", help="Write the game's event log (one JSON object per event: round, phase, "
                          "seat, kind, rule and its numbers) to this .jsonl file.")
LogForceOpt = typer.Option(False, "--force", help="Overwrite an existing --log file.")
StrategyFileOpt = typer.Option(None, "--strategy-file", metavar="FILE.py",
                               help="Load a Python bot (choose(game, legal_moves) -> move; see examples/my_bot.py) "
                                    "and use its name (the file name, or NAME in the file) in --strategies. "
                                    "Repeatable.")


# ------------------------------------------------------------------------------------------------------------
# play
# ------------------------------------------------------------------------------------------------------------
_SOURCE_HEADERS = {"energy_award": "energy award", "energy_track": "energy track", "bonus_tiles": "bonus tiles"}


@app.command(epilog=(
    "[bold]Examples[/bold]\n\n"
    "  barrage play --players 4 --seed 7\n\n"
    "  barrage play -p 3 --seed 7 --verbose       (log, then table)\n\n"
    "  barrage play -p 2 --companies USA,France --officers viktor,wilhelm\n\n"
    "  barrage play --intro --strategies random_actions,random,random,random --json\n\n"
    "  barrage play --strategy-file examples/my_bot.py --strategies my_bot,greedy,greedy,greedy\n\n"
    "The same options and seed always give the same game, here and inside any batch run (play_batch); "
    "'fuzz' reports violations with game seeds you can replay here (--strategies POLICY --verbose). "
    "Seats are numbered from 0, as in the results files."))
def play(
    players: int = PlayersOpt,
    seed: int = typer.Option(0, "--seed", "-s", help="Game seed (0..2^62-1): fixes setup, piles and the bots."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Print the whole readable game log first."),
    companies: Optional[str] = typer.Option(
        None, "--companies", show_default="random pairings",
        help="Comma-separated company per seat, e.g. 'USA,France,Italy,Germany' (seat 0 first; case-insensitive)."),
    officers: Optional[str] = typer.Option(
        None, "--officers", show_default="random pairings",
        help="Comma-separated executive officer per seat, e.g. 'Viktor Fiesler,Wilhelm Adler' (unique prefixes "
             "such as 'viktor' work). Each officer at most once."),
    intro: bool = IntroOpt,
    map_: str = MapOpt,
    expansions: Optional[str] = ExpansionsOpt,
    variant: Optional[str] = VariantOpt,
    strict_fidelity: bool = StrictOpt,
    strategies: Optional[str] = typer.Option(
        None, "--strategies", show_default="random for every seat",
        help="Bot per seat as comma-separated specs 'name[:key=value,...]' (see 'barrage list strategies'); "
             "a single spec plays every seat."),
    strategy_files: Optional[list[Path]] = StrategyFileOpt,
    json_out: bool = JsonOpt,
    log_file: Optional[Path] = LogFileOpt,
    force: bool = LogForceOpt,
) -> None:
    """Play one seeded game with bots and print the final table.

    The table shows every seat's company, executive officer and bot, its final VP split by source, its rank (1 = best; seats still tied after the rules' tie-breakers share a rank) and its win share (tied winners split the win).
    """
    config = _config(players, companies, officers, intro, map_, expansions, variant, strict_fidelity)
    _check_seed(seed)
    _check_log_file(log_file, force)
    from experiments.play import play_game, seat_strategies
    from strategies.python_bot import load_strategy_files

    python_bots = load_strategy_files(strategy_files)
    if python_bots and strategies is None:
        raise ConfigError(f"--strategy-file loads {', '.join(python_bots)}; seat it with --strategies, e.g. "
                          f"--strategies {next(iter(python_bots))},greedy")
    specs, seat_ids = seat_strategies(strategies, config.players, python_bots)[:2]
    from strategies.core import choose_move, planners_for

    _say_if_compiling(choose_move, planners_for(seat_ids))
    g = play_game(config, seed, specs, python_bots=python_bots)
    _show_game(g, seed, specs, verbose, json_out, log_file)


def _say_if_compiling(entry_point, planners: object) -> None:
    """A first run compiles the engine for minutes: say so, on stderr, before a command goes quiet (issue #31);
    `planners` (strategies.core.planners_for of the seats; ANY_VERSION when unknown) picks the version needed."""
    from sim._numba_cache import COMPILING_NOTE, is_warm

    if not is_warm(entry_point, planners):
        Console(stderr=True).print(COMPILING_NOTE)


def _check_log_file(log_file: Optional[Path], force: bool) -> None:
    """Before any game is played: --log names a new file (or --force) in a directory that exists (issue #35 D4,
    X8: it overwrote results' manifest.json, and a bad directory failed only after the whole game)."""
    if log_file is None:
        return
    if log_file.is_dir():
        raise ConfigError(f"--log: {log_file} is a directory; give a file name such as game.jsonl")
    if log_file.exists() and not force:
        raise ConfigError(f"--log: {log_file} already exists; give a new file name or add --force to overwrite it")
    if not log_file.parent.is_dir():
        raise ConfigError(f"--log: the directory {log_file.parent} does not exist; create it or log elsewhere")
    if not os.access(log_file.parent, os.W_OK):
        raise ConfigError(f"--log: the directory {log_file.parent} is not writable; log elsewhere")


def _show_game(g, seed: int, specs: list[str], verbose: bool, json_out: bool, log_file: Optional[Path]) -> None:
    """Prints a played game's final table (or JSON), its log first with --verbose; writes its events to log_file."""
    from sim import layout as L

    config = g.config
    if log_file is not None:
        from sim.events import write_jsonl
        try:
            write_jsonl(log_file, g.events())
        except OSError as e:
            raise ConfigError(f"--log: could not write {log_file} ({e.strerror or e}); nothing was written") from None
    results = g.result()
    seats = []
    for r in results:
        d = {"seat": r.seat, "company": r.company, "officer": r.officer, "strategy": specs[r.seat],
             "vp": r.vp, "rank": r.rank, "win": r.win, "vp_by_source": r.vp_by_source,
             "energy_by_round": list(r.energy_by_round),
             "decisions": int(g.state[L.COMPANY_BASE + r.seat * L.CO_SIZE + L.C_DECISIONS])}
        seats.append(d)
    decisions = int(g.state[L.G_DECISIONS])
    moves = int(g.state[L.G_MOVES])
    if json_out:
        out = {"seed": seed, "config": config.to_dict(), "map_fidelity": g.info.map_fidelity,
               "data_fidelity": g.info.data_fidelity, "strategies": specs,
               "decisions": decisions, "moves": moves, "move_codes": list(g.moves), "seats": seats}
        if verbose:
            out["log"] = g.log
        _print_json(out)
        return
    con = _stdout()
    if verbose:
        con.print(g.log_text(), markup=False, highlight=False, soft_wrap=True)
        con.print()
    lwp = "leeghwater" in config.expansions            # the Leeghwater VP sources only in its games
    sources = [s for s in results[0].vp_by_source                                   # and the duel column in a Duel
               if (s != "duel" or config.duel) and (lwp or s not in ("buildings", "external_works"))]
    extras = ((", introductory game" if config.intro else "") + "".join(f", {e} expansion" for e in config.expansions)
              + (", duel board" if config.duel else ""))
    recon = [f for f, fid in g.info.data_fidelity if fid != "official"]                    # RECON-06
    recon_text = f"; not official: {', '.join(recon)}" if recon else ""
    if config.map == "colorado":                                                             # RECON-04
        recon_text += "; the colorado map's river topology is a copy of the base map's"
    t = Table(title=f"Barrage, seed {seed}: {config.players} players, {config.map} map "
                    f"(map_fidelity: {g.info.map_fidelity}){extras}{recon_text}",
              caption=f"{decisions} decisions by the bots, {moves} moves in all (single-option steps resolve "
                      "themselves, P-01). The VP-by-source columns sum to VP; rank 1 = best; win = share of the "
                      "win (ties split).")
    t.add_column("seat", justify="right")
    t.add_column("company")
    t.add_column("officer")
    t.add_column("bot")
    t.add_column("VP", justify="right", style="bold")
    for s in sources:
        t.add_column(_SOURCE_HEADERS.get(s, s), justify="right")
    t.add_column("rank", justify="right")
    t.add_column("win", justify="right")
    for d in seats:
        t.add_row(str(d["seat"]), d["company"], d["officer"], d["strategy"], str(d["vp"]),
                  *(str(d["vp_by_source"][s]) for s in sources), str(d["rank"]), f"{d['win']:.2f}",
                  style="green" if d["rank"] == 1 else None)
    con.print(t)


@app.command(epilog=(
    "Examples:\n\n"
    "  barrage replay results/default --game 17 --verbose\n\n"
    "  barrage replay results/default --seed 123456789 --setup full --log game.jsonl"))
def replay(
    results_dir: Path = typer.Argument(..., help="Results directory written by tournament / balance / run."),
    game: Optional[int] = typer.Option(None, "--game", "-g", min=0, max=ids.MAX_SEED,
                                       help="Game number (the rows' `game` column)."),
    seed: Optional[int] = typer.Option(None, "--seed", "-s", min=0, max=ids.MAX_SEED,
                                       help="Game seed (the rows' `seed` column) instead of "
                                                                   "--game; with common random numbers add --game."),
    setup: Optional[str] = typer.Option(None, "--setup", help="Setup label (`full`, `intro`, `full,geological`) "
                                                              "to tell games of one seed apart."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Print the whole readable game log first."),
    json_out: bool = JsonOpt,
    log_file: Optional[Path] = LogFileOpt,
    force: bool = LogForceOpt,
) -> None:
    """Replay one game of an experiment's results with its event log.

    The game is set up and played again exactly as the experiment played it (seed, setup, seats, bots) and checked against the stored VP, so a surprising row of a report can be opened and read.
    """
    from experiments.replay import replay_game
    from sim._numba_cache import ANY_VERSION
    from strategies.core import choose_move

    _check_log_file(log_file, force)
    _say_if_compiling(choose_move, ANY_VERSION)              # the stored bots are known only inside replay_game
    g, stored = replay_game(results_dir, game, seed, setup)
    _show_game(g, stored.seed, stored.strategies, verbose, json_out, log_file)


# tournament, balance and run: experiment runs that write results directories (experiments/commands.py)
from experiments import commands as _experiment_commands  # noqa: E402

_experiment_commands.register(app)

# tune: CMA-ES weights of a greedy heuristic (experiments/tune_command.py)
from experiments import tune_command as _tune_command  # noqa: E402

_tune_command.register(app)

# learn: the learned evaluator of apprentice and the planners' leaves (experiments/learn_command.py)
from experiments import learn_command as _learn_command  # noqa: E402

_learn_command.register(app)

# view: a game as one HTML file that replays it on the map (experiments/view_command.py)
from experiments import view_command as _view_command  # noqa: E402

_view_command.register(app)

# rebalance: the smallest data change that balances companies and officers (experiments/rebalance_command.py)
from experiments import rebalance_command as _rebalance_command  # noqa: E402

_rebalance_command.register(app)


# ------------------------------------------------------------------------------------------------------------
# bench
# ------------------------------------------------------------------------------------------------------------
@app.command(epilog=(
    "[bold]Examples[/bold]\n\n"
    "  barrage bench         (4 players, 20000 games, all cores)\n\n"
    "  barrage bench --games 5000 --players 2 --threads 1\n\n"
    "  barrage bench --strategies random_actions --json\n\n"
    "  barrage bench --mcts-ladder --players 2 --games 40 --budgets 50,200,800\n\n"
    "Rates exclude the warm-up. µs per decision is wall time divided by decisions; 'per thread' multiplies "
    "by the threads used (the cost of one decision on one core). Per CPU-second rates divide by the process's "
    "CPU time instead of the wall time (comparable on a shared machine). With planners (flat_mc, mcts) the "
    "rollouts per second per core are shown too."))
def bench(
    players: int = PlayersOpt,
    games: Optional[int] = typer.Option(None, "--games", "-n", show_default="20000; ladder: 40 per budget",
                                        help="Games in the timed batch (with --mcts-ladder: per budget)."),
    threads: Optional[int] = ThreadsOpt,
    strategies: Optional[str] = typer.Option(
        None, "--strategies", show_default="random",
        help="Bot per seat (comma-separated specs) or one spec for every seat; see 'barrage list strategies'."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed; game seeds come from numpy SeedSequence."),
    intro: bool = BatchIntroOpt,
    expansions: Optional[str] = ExpansionsOpt,
    map_: str = typer.Option("base", "--map", help="Map name (see 'barrage list maps'). Another map than 'base' is "
                             "timed next to the base map in the same run (same games, bots and threads; the two "
                             "batches alternate chunk by chunk, so both see the same load)."),
    variant: Optional[str] = VariantOpt,
    strict_fidelity: bool = StrictOpt,
    json_out: bool = JsonOpt,
    mcts_ladder: bool = typer.Option(
        False, "--mcts-ladder",
        help="Strength versus budget: the planner given by --strategies (default mcts) in one seat, rotated, "
             "against --opponent in the others, at every --budgets."),
    budgets: Optional[str] = typer.Option(None, "--budgets", show_default="50,200,800",
                                          help="With --mcts-ladder: iterations per decision, comma-separated."),
    opponent: str = typer.Option("greedy", "--opponent", help="With --mcts-ladder: the bot in the other seats."),
) -> None:
    """Measure engine speed: games, decisions per second with play_batch (numba prange over games).

    First a warm-up compiles the engine or loads it from the numba cache (timed and reported on its own), then the batch is played in parallel and games/s, decisions/s, decisions per game and µs per decision are shown. --mcts-ladder instead measures a planner's strength and speed at several budgets.
    """
    config = _config(players, intro=intro, expansions=expansions, map_=map_, variant=variant, strict=strict_fidelity)
    _check_seed(seed)
    if mcts_ladder:
        _bench_ladder(config, 40 if games is None else games, budgets, strategies, opponent, threads, seed,
                      json_out)
        return
    games = 20000 if games is None else games
    from experiments.bench import run_bench

    con = _stdout()
    err = Console(stderr=True)
    show = not json_out and err.is_terminal
    reference = None
    if config.map != "base":          # the base map on the same seeds, interleaved chunk by chunk, for the ratio
        plain = tuple(e for e in config.expansions if e != "colorado")     # Colorado brings its own map
        reference = dataclasses.replace(config, map="base", duel=False, expansions=plain)
    with _progress(show) as bar:
        task = bar.add_task("warm-up (compile or cache load)", total=None)

        def warmed(s: float) -> None:
            bar.update(task, description="playing", total=games * (1 if reference is None else 2), completed=0)
            if not json_out:
                con.print(f"warm-up (compile or cache load): {s:.2f} s")

        runs = run_bench(config, games, threads, strategies, seed, reference=reference,
                         progress=lambda k: bar.advance(task, k), on_warm=warmed)
    r, base = runs[0], (runs[1] if reference is not None else None)
    if json_out:
        _print_json(r.to_dict() | ({"base_map": base.to_dict()} if base is not None else {}))
        return
    bots = (f"{r.strategies[0]} in every seat" if len(set(r.strategies)) == 1 else ", ".join(r.strategies))
    t = Table(title="barrage bench", show_header=False)
    t.add_column("measure")
    t.add_column("value", justify="right")
    t.add_row("players", str(r.players))
    t.add_row("map", f"{r.map} (map_fidelity: {r.map_fidelity})")
    t.add_row("games", f"{r.games:,}")
    t.add_row("bots", bots)
    t.add_row("threads used", str(r.threads))
    t.add_row("warm-up", f"{r.warmup_s:.2f} s ({r.numba_cache})")
    t.add_row("batch time", f"{r.elapsed_s:.2f} s")
    t.add_row("games / s", f"{r.games_per_s:,.1f}", style="bold")
    t.add_row("CPU time", f"{r.cpu_s:.2f} s")
    t.add_row("games / CPU-second", f"{r.games_per_cpu_s:,.1f}", style="bold")
    t.add_row("decisions / s", f"{r.decisions_per_s:,.0f}", style="bold")
    t.add_row("decisions / game", f"{r.decisions_per_game:.1f}")
    t.add_row("moves / game", f"{r.moves_per_game:.1f}")
    t.add_row("µs / decision (wall)", f"{r.us_per_decision:.3f}")
    t.add_row("µs / decision (per thread)", f"{r.us_per_decision_per_thread:.3f}")
    if r.rollouts:
        t.add_row("planner rollouts", f"{r.rollouts:,}")
        t.add_row("rollouts / s / core", f"{r.rollouts_per_s_per_core:,.0f}", style="bold")
        t.add_row("rollouts / CPU-second", f"{r.rollouts_per_cpu_s:,.0f}", style="bold")
    if base is not None:
        t.add_row("base map games / s (same run)", f"{base.games_per_s:,.1f}", style="bold")
        t.add_row("base map games / CPU-second", f"{base.games_per_cpu_s:,.1f}")
        t.add_row(f"{config.map} / base map (games/s)", f"{r.games_per_s / base.games_per_s:.2f}")
        t.add_row(f"{config.map} / base map (per CPU-second)", f"{r.games_per_cpu_s / base.games_per_cpu_s:.2f}")
    con.print(t)


def _bench_ladder(config, games: int, budgets: Optional[str], planner: Optional[str], opponent: str,
                  threads: Optional[int], seed: int, json_out: bool) -> None:
    """`bench --mcts-ladder`: the strength-versus-budget table (experiments.bench.run_mcts_ladder)."""
    from experiments.bench import parse_budgets, run_mcts_ladder

    steps = parse_budgets(budgets)
    con = _stdout()
    show = not json_out and Console(stderr=True).is_terminal
    with _progress(show) as bar:
        task = bar.add_task("warm-up (compile or cache load)", total=None)
        r = run_mcts_ladder(config, games, steps, planner, opponent, threads, seed,
                            progress=lambda k: bar.advance(task, k),
                            on_warm=lambda s: bar.update(task, description="playing", total=games * len(steps),
                                                         completed=0))
    if json_out:
        _print_json(r.to_dict())
        return
    t = Table(title=f"planner vs {opponent}: {r.players} players, seat rotated, {r.threads} threads, "
                    f"warm-up {r.warmup_s:.1f} s")
    for name in ("budget", "games", "win rate", "Wilson 95%", "parity", "mean VP", "opp. VP", "s / game",
                 "rollouts / s", "rollouts / s / core"):
        t.add_column(name, justify="right")
    for w in r.rows:
        t.add_row(str(w.budget), str(w.games), f"{w.win_rate:.3f}", f"{w.win_low:.3f}-{w.win_high:.3f}",
                  f"{w.parity:.3f}", f"{w.mean_vp:.1f}", f"{w.opponent_mean_vp:.1f}", f"{w.s_per_game:.2f}",
                  f"{w.rollouts_per_s:,.0f}", f"{w.rollouts_per_s_per_core:,.0f}")
    con.print(t)
    con.print(f"planner: {r.rows[0].planner.replace(f'iters={r.rows[0].budget}', 'iters=<budget>')}")


# ------------------------------------------------------------------------------------------------------------
# ladder
# ------------------------------------------------------------------------------------------------------------
@app.command(epilog=(
    "[bold]Examples[/bold]\n\n"
    "  barrage ladder --games 20 -j 2\n\n"
    "  barrage ladder --games 200 --bots expert,automa:level=4 --json\n\n"
    "Every pair plays the same seeds in both seat orders (2 players); Automa against Automa is skipped "
    "(AUTOMA-01). Elo = 400/ln(10) x Bradley-Terry log-strength, mean 0, 95% bootstrap intervals."))
def ladder(
    games: int = typer.Option(20, "--games", "-n", min=1, help="Games per pairing (rounded up to even)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", show_default="all cores",
                                       help="numba threads playing each pairing's games in parallel."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed; every pairing plays the same game seeds."),
    bots: Optional[str] = typer.Option(None, "--bots", show_default="random, greedy family, flat_mc, mcts at two "
                                                                    "budgets, automa 1-4",
                                       help="Comma-separated specs of the bots to rate."),
    deal: str = typer.Option("pick", "--deal", help="pick: bots pick their pairings (SETUP-15); random: each "
                                                    "seed's companies and officers dealt at random, as in a "
                                                    "balance cell."),
    json_out: bool = JsonOpt,
) -> None:
    """Rate the bots: a seat-rotated round-robin with common random numbers, fitted into Elo-scale ratings,
    with every bot's CPU-seconds per game and the strength-per-CPU-second frontier."""
    from experiments.ladder import frontier, pairings, parse_bots, run_ladder

    from strategies.batch import play_batch
    from strategies.core import planners_for
    from strategies.registry import parse_spec

    _check_seed(seed)
    specs = parse_bots(bots)
    total = len(pairings(specs)) * 2 * ((games + 1) // 2)
    _say_if_compiling(play_batch, planners_for([parse_spec(s)[0] for s in specs]))
    with _progress(not json_out and Console(stderr=True).is_terminal) as bar:
        task = bar.add_task("playing", total=total)
        r = run_ladder(games, specs, seed, jobs, progress=lambda k: bar.advance(task, k), deal=deal)
    if json_out:
        _print_json(r.to_dict())
        return
    t = Table(title=f"barrage ladder: 2 players, {r.games_per_pairing} games per pairing, seed {r.seed}, "
                    f"pairings {'dealt at random' if r.deal == 'random' else 'picked by the bots'}")
    for name in ("#", "bot", "Elo", "95% interval", "games", "win rate", "mean VP", "CPU-s / game"):
        t.add_column(name, justify="left" if name == "bot" else "right")
    for b in r.ratings:
        t.add_row(str(b.position), b.bot, f"{b.elo:+.0f}", f"{b.elo_low:+.0f} .. {b.elo_high:+.0f}", str(b.games),
                  f"{b.win_rate:.3f}", f"{b.mean_vp:.1f}", f"{b.cpu_s_per_game:.3f}")
    con = _stdout()
    con.print(t)
    con.print("frontier (stronger than every cheaper bot): "
              + " < ".join(f"{b.bot} ({b.cpu_s_per_game:.3g} s)" for b in frontier(r.ratings)))


# ------------------------------------------------------------------------------------------------------------
# fuzz
# ------------------------------------------------------------------------------------------------------------
@app.command(epilog=(
    "[bold]Examples[/bold]\n\n"
    "  barrage fuzz --games 20000\n\n"
    "  barrage fuzz --games 5000 --players 2 --seed 3 --policy random\n\n"
    "  barrage fuzz --games 2000 --players 3 --strategies random_actions,automa:level=4,automa:level=1\n\n"
    "  barrage fuzz --games 200 --players 2 --strategies random_actions,automa:level=4 --officers viktor,mahiri\n\n"
    "Exit code 0 when every game kept every invariant, 1 when a violation was found, 2 on bad input. A "
    "violation of game seed S after k moves replays with 'barrage play --players N --seed S --strategies "
    "POLICY --verbose' (the log's k-th move is the one that broke it)."))
def fuzz(
    games: int = typer.Option(2000, "--games", "-n", help="Number of random games to check."),
    players: int = PlayersOpt,
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed; game seeds come from numpy SeedSequence."),
    policy: str = typer.Option("random_actions", "--policy", "--strategies",
                               help="Bot playing every seat (random_actions gives the most varied games), or one "
                                    "spec per seat, e.g. greedy,automa:level=3 (Automa seats are played by the "
                                    "engine)."),
    intro: bool = BatchIntroOpt,
    expansions: Optional[str] = ExpansionsOpt,
    map_: str = MapOpt,
    variant: Optional[str] = VariantOpt,
    strict_fidelity: bool = StrictOpt,
    officers: Optional[str] = typer.Option(
        None, "--officers", show_default="random pairings",
        help="Comma-separated executive officer per seat (as in 'play'), e.g. to deal one to an Automa seat."),
    threads: Optional[int] = ThreadsOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Play random games checking every engine invariant after every move.

    Checks: water drops conserved, machineries and engineers conserved, no negative resource, VP equals the sum of its breakdown, structure counts match the map, drops only in built dams, hand limit.

    Each violation is printed with the game seed and the move index that reproduce it and the invariants broken; the first ones are replayed on the Python loop to show the move that broke them.
    """
    config = _config(players, officers=officers, intro=intro, expansions=expansions, map_=map_, variant=variant,
                     strict=strict_fidelity)
    _check_seed(seed)
    from experiments.fuzz import run_fuzz

    err = Console(stderr=True)
    show = not json_out and err.is_terminal
    with _progress(show) as bar:
        task = bar.add_task("warm-up (compile or cache load)", total=None)
        r = run_fuzz(config, games, seed, policy, threads, progress=lambda k: bar.advance(task, k),
                     on_warm=lambda s: bar.update(task, description="fuzzing", total=games, completed=0))
    if json_out:
        _print_json(r.to_dict())
    else:
        con = _stdout()
        for v in r.violations:
            con.print(f"[red]VIOLATION[/red] game {v.game}: seed {v.seed}, after move {v.move}: "
                      f"{'; '.join(v.invariants)}", highlight=False, soft_wrap=True)
            if v.reproduced is not None:
                con.print(f"  last move: {v.last_move or '(none: right after setup)'}"
                          f"{'' if v.reproduced else '  [yellow](the Python-loop replay does not show it)[/yellow]'}",
                          markup=True, highlight=False, soft_wrap=True)
            con.print(f"  replay: barrage play --players {r.players} --seed {v.seed} --strategies {r.policy}"
                      f"{' --intro' if r.intro else ''}{f' --officers {officers!r}' if officers else ''}"
                      f"{' --variant duel' if config.duel else f' --map {config.map}' if config.map != 'base' else ''}"
                      f"{f' --expansion {chr(44).join(config.expansions)}' if config.expansions else ''} --verbose",
                      markup=False, highlight=False, soft_wrap=True)
        summary = (f"{r.games} games, {r.players} players, map {r.map} (map_fidelity: {r.map_fidelity}), "
                   f"policy {r.policy}, seed {r.seed}, "
                   f"{r.threads} threads, {r.elapsed_s:.1f} s ({r.games_per_s:,.0f} games/s, "
                   f"warm-up {r.warmup_s:.1f} s)")
        if r.ok:
            con.print(f"[green]OK[/green]: no invariant violated in {summary}", soft_wrap=True)
        else:
            con.print(f"[red]FAILED[/red]: {len(r.violations)} of {r.games} games violated an invariant "
                      f"({summary})", soft_wrap=True)
    if not r.ok:
        raise typer.Exit(FOUND_VIOLATION)


# ------------------------------------------------------------------------------------------------------------
# list
# ------------------------------------------------------------------------------------------------------------
class Topic(str, Enum):
    companies = "companies"
    officers = "officers"
    strategies = "strategies"
    populations = "populations"
    maps = "maps"
    knobs = "knobs"


def _first_sentence(text: str, limit: int = 110) -> str:
    text = " ".join(str(text).split())
    end = text.find(". ")
    s = text if end < 0 else text[:end + 1]
    return s if len(s) <= limit else s[:limit - 1].rstrip() + "…"


def _list_rows(topic: Topic) -> tuple[list[str], list[dict]]:
    """Column names and rows of a `barrage list` topic."""
    if topic is Topic.strategies:
        from strategies.registry import REGISTRY

        rows = [{"name": s.name, "id": s.id,
                 "parameters": {p.name: p.default for p in s.params},
                 "description": s.description} for s in REGISTRY.values()]
        return ["name", "id", "parameters", "description"], rows
    if topic is Topic.populations:
        from strategies.populations import POPULATIONS

        rows = [{"name": p.name, "strategies": ",".join(p.strategies), "description": p.description}
                for p in POPULATIONS.values()]
        return ["name", "strategies", "description"], rows
    from sim import ids
    from sim.data_loader import available_maps, load_components, load_map

    if topic is Topic.knobs:
        from sim.overrides import all_knobs

        rows = [{"path": k.path, "official": k.official, "kind": "whole number" if isinstance(k.official, int)
                 else "number", "range": f"{k.low:,} .. {k.high:,}"} for k in all_knobs()]
        return ["path", "official", "kind", "range"], rows

    if topic is Topic.maps:
        from sim.tables import compile_tables
        from sim.variant import Variant

        rows = []
        for name in available_maps():
            m = load_map(name)
            companies = []
            for n in (2, 3, 4):                       # the company counts the engine plays it with (FIVEP-01)
                try:                                  # the Colorado map comes with its rules (COLO-SETUP-01)
                    compile_tables(Variant(players=n, map=name,
                                           expansions=("colorado",) if name == "colorado" else ()))
                    companies.append(str(n))
                except ConfigError:
                    pass
            rows.append({"name": name, "fidelity": m.get("fidelity"), "players": str(m.get("players")),
                         "companies": ",".join(companies) or None, "playable": bool(companies)})
        return ["name", "fidelity", "players", "companies", "playable"], rows
    comp = load_components()
    if topic is Topic.companies:
        intro = {p["company"]: p for p in comp["companies"].get("introductory_matchups", [])}
        rows = []
        for name, c in comp["companies"].items():
            if not isinstance(c, dict) or "special_ability" not in c:
                continue
            rows.append({"name": name, "expansion": c.get("expansion"), "playable": name in ids.COMPANY_NAMES,
                         "intro_officer": intro.get(name, {}).get("officer"),
                         "ability": _first_sentence(c["special_ability"])})
        rows.sort(key=lambda r: not r["playable"])
        return ["name", "expansion", "playable", "intro_officer", "ability"], rows
    from sim.data_loader import load_promo
    from sim.officer_pool import module_of, never_dealt, playable

    promo = load_promo()
    rows = [{"name": o["name"], "expansion": o.get("expansion"), "module": module_of(o["name"]),
             "playable": playable(o["name"]),
             "fidelity": promo["fidelity"] if o["name"] == promo["gennaro_space"]["officer"] else "official",
             "ability": _first_sentence(o.get("ability", ""))} for o in comp["executive_officers"]]
    rows += [{"name": n, "expansion": "promo", "module": None, "playable": False, "fidelity": None,
              "ability": "No rules text: never dealt (OFFICER-NONAME-01)."} for n in never_dealt()]
    rows.sort(key=lambda r: not r["playable"])
    return ["name", "expansion", "module", "playable", "fidelity", "ability"], rows


@app.command("list", epilog=(
    "[bold]Examples[/bold]\n\n"
    "  barrage list strategies\n\n"
    "  barrage list officers --json\n\n"
    "Names are accepted case-insensitively by --companies / --officers (unique prefixes work for officers). "
    "Components of expansions that the engine does not play yet are listed as not playable. An officer's "
    "module is what deals it: base always, leeghwater with --expansion leeghwater, promo with --expansion promo."))
def list_(
    topic: Topic = typer.Argument(..., help="What to list: companies, officers, strategies, populations (named bot "
                                  "sets for --population), maps, or knobs (every number --override can change, with "
                                  "its official value and the range the override check allows)."),
    json_out: bool = JsonOpt,
) -> None:
    """List companies, executive officers, bot strategies (with parameters and defaults), bot populations, maps or
    the data's knobs (the numbers --override can change)."""
    columns, rows = _list_rows(topic)
    if json_out:
        _print_json(rows)
        return
    t = Table(title=f"barrage {topic.value}")
    for c in columns:
        t.add_column(c.replace("_", " "), overflow="fold")

    def cell(v: Any) -> str:
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, dict):
            return ", ".join(f"{k}={x:g}" for k, x in v.items()) or "-"
        return "-" if v is None else str(v)

    for r in rows:
        t.add_row(*(cell(r[c]) for c in columns))
    _stdout().print(t)


# ------------------------------------------------------------------------------------------------------------
# report
# ------------------------------------------------------------------------------------------------------------
@app.command(epilog=(
    "[bold]Examples[/bold]\n\n"
    "  barrage report results/seat-order      (writes results/seat-order/report/)\n\n"
    "  barrage report results/seat-order --out /tmp/seat-report --margin 0.02\n\n"
    "  barrage report results/seat-order --json | jq '.cells[] | select(.verdict==\"stronger\")'\n\n"
    "  barrage report results/strong --compare results/default   (do the verdicts survive stronger bots?)\n\n"
    "The report directory holds report.html (self-contained), a Markdown summary, report.json, CSV tables and PNG "
    "plots. It opens with the ranked table of cells (each pairing's own win rate, 95% interval, verdict); every "
    "estimate that pools games is clustered by replicate (docs/reports.md)."))
def report(
    results_dir: Path = typer.Argument(..., help="A results directory written by an experiment run "
                                                 "(manifest + Parquet shards, docs/results-format.md).",
                                       show_default=False),
    out: Optional[Path] = typer.Option(None, "--out", "-o", show_default="RESULTS_DIR/report",
                                       help="Directory to write the report into."),
    margin: float = typer.Option(0.03, "--margin", help="Equivalence margin around parity for the verdicts "
                                 "('balanced within +-margin'), as a win-rate fraction: 0.03 = +-3 points."),
    as_json: bool = typer.Option(False, "--json", help="Print the machine-readable core (cells, factors, "
                                 "calibration, population) on stdout instead of the path."),
    compare: Optional[Path] = typer.Option(None, "--compare", metavar="OTHER_RESULTS",
                                           help="Results of the same balance design played by another bot "
                                                "population (e.g. --population strong): adds the section comparing "
                                                "the two rankings and verdicts. Without it, a run of the same "
                                                "design by --population strong in a sibling directory is "
                                                "compared."),
    auto_compare: bool = typer.Option(True, "--auto-compare/--no-compare",
                                      help="Compare with a sibling strong-population run of the same design when "
                                           "--compare is not given."),
) -> None:
    """Build the balance report (statistics, plots, HTML) of a results directory."""
    import reports  # heavy (pandas, matplotlib): only when asked for

    reports.cli_report(str(results_dir), None if out is None else str(out), margin=margin, as_json=as_json,
                       compare=None if compare is None else str(compare), auto_compare=auto_compare)


@app.command(epilog=(
    "[bold]Examples[/bold]\n\n"
    "  barrage calibrate results/default -j 2            (1,000 placebo draws on 2 cores)\n\n"
    "  barrage calibrate results/default --draws 4000 --tolerance 0.01 --json\n\n"
    "Each draw replaces one label (cell, company, officer, bot, seat, setup) by a fake one assigned like the real "
    "one -- once per replicate, same counts -- and runs that test family of the report on it; for the 'balanced' "
    "verdict the placebo cells are also moved to the margin. A family *passes* when the exact one-sided 95% upper "
    "limit of its false-positive rate is at most alpha + tolerance, is *too high* when the lower limit exceeds "
    "alpha, and is *inconclusive* otherwise (more draws decide: a family at exactly alpha needs about 1,000 draws "
    "to pass the 2-point bound, 4,000 for 1 point). The result is stored as RESULTS_DIR/calibration.json and "
    "shown in the next `barrage report`, whose headline names only the families that passed."))
def calibrate(
    results_dir: Path = typer.Argument(..., help="A results directory written by an experiment run.",
                                       show_default=False),
    draws: int = typer.Option(1000, "--draws", min=20, max=100_000, help="Placebo draws per test family."),
    tolerance: float = typer.Option(0.02, "--tolerance", min=0.001, max=0.5, help="A family passes when its "
                                    "false-positive rate's exact 95% upper limit is at most alpha + this."),
    seed: Optional[int] = typer.Option(None, "--seed", min=0, max=ids.MAX_SEED,
                                       help="Seed of the placebo draws (default: the results' master seed)."),
    as_json: bool = typer.Option(False, "--json", help="Print the calibration as JSON."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=256, help="Worker processes for the draws (the "
                             "rates do not depend on it: each draw has its own random stream)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Check on real results that every test family of the report holds its nominal error rate (placebo A/A)."""
    import reports  # heavy (pandas, statsmodels): only when asked for

    with _progress(not quiet and not as_json, unit="draws") as bar:
        def start(total: int):
            task = bar.add_task("placebo draws", total=total)
            return lambda k: bar.advance(task, k)

        reports.cli_calibrate(str(results_dir), draws=draws, seed=seed, as_json=as_json, progress=start, jobs=jobs,
                              tolerance=tolerance)


# ------------------------------------------------------------------------------------------------------------
# entry point
# ------------------------------------------------------------------------------------------------------------
def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("barrage-sim")
        except PackageNotFoundError:
            v = "(not installed)"
        print(f"barrage-sim {v}")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    """Monte Carlo simulator of the board game Barrage: play seeded games with bots, benchmark the engine,
    fuzz its invariants, list the components and strategies, build balance reports."""


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


_NO_ARGS_IS_HELP = getattr(_click_exc, "NoArgsIsHelpError", ())   # click >= 8.2


def main(argv: Optional[Sequence[str]] = None) -> None:
    """Runs the CLI; user errors become `error: ...` on stderr with exit code 2, never a traceback. Anything
    unexpected is one line too (exit 1), unless `--debug` (anywhere on the line) asks for the traceback."""
    from experiments.backends import terminate_like_interrupt
    from sim.errors import Terminated

    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args
    args = [a for a in args if a != "--debug"]
    terminate_like_interrupt()
    command = typer.main.get_command(app)
    try:
        rv = command.main(args=args, prog_name="barrage", standalone_mode=False)
    except _NO_ARGS_IS_HELP as e:
        if e.ctx is not None:
            print(e.ctx.get_help())
        sys.exit(USAGE_ERROR)
    except _click_exc.UsageError as e:
        where = e.ctx.command_path if e.ctx else "barrage"
        print(f"error: {_one_line(e.format_message())} (see '{where} --help')", file=sys.stderr)
        sys.exit(USAGE_ERROR)
    except _click_exc.ClickException as e:
        print(f"error: {_one_line(e.format_message())}", file=sys.stderr)
        sys.exit(e.exit_code)
    except BarrageError as e:
        print(f"error: {_one_line(e)}", file=sys.stderr)
        sys.exit(USAGE_ERROR)
    except Terminated:
        print("error: terminated (SIGTERM)", file=sys.stderr)
        sys.exit(143)
    except (typer.Abort, KeyboardInterrupt):
        print("error: interrupted", file=sys.stderr)
        sys.exit(130)
    except BrokenPipeError:
        sys.stderr.close()   # output piped into e.g. `head`: stop quietly
        sys.exit(1)
    except Exception as e:  # noqa: BLE001 - the one top-level guard: a bug is one line, not a traceback
        if debug:
            raise
        print(f"error: unexpected {type(e).__name__}: {_one_line(e)} (a bug in barrage-sim; rerun with --debug for "
              "the traceback)", file=sys.stderr)
        sys.exit(1)
    if rv == 130:                # typer turns Ctrl-C inside a command into exit code 130: say so
        print("error: interrupted", file=sys.stderr)
    sys.exit(rv if isinstance(rv, int) else 0)
