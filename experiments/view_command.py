"""The `barrage view` command (Typer): a game as one HTML file that replays it on the map. The document is built by
experiments.view, the page by reports.viewer."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from sim import ids
from sim.errors import ConfigError

_EPILOG = (
    "[bold]Examples[/bold]\n\n"
    "  barrage view results/default --game 17 --out game17.html      (a game of an experiment)\n\n"
    "  barrage view results/default --seed 123456789 --setup full     (the game of that seed; writes "
    "seed-123456789.html)\n\n"
    "  barrage view --seed 7 --players 4 --strategies greedy,automa:level=4,mcts,random --out new.html\n\n"
    "  barrage view --seed 3 --players 2 --variant duel --strategies greedy --out duel.html\n\n"
    "The file is self-contained (no network): open it in a browser and step through the game by event, turn, phase "
    "or round (arrow keys, Shift+arrows, Page Up/Down). Add #event=N, #move=K (the position of the (K+1)-th "
    "decision) or #round=R to its address to open it there. A stored game is replayed exactly as the experiment "
    "played it and checked against its stored VP (as barrage replay does). docs/viewer.md describes the page.")

# Options that set up a new game; a stored game is played with its own setup, so they are refused with RESULTS_DIR.
NEW_GAME_OPTIONS = ("players", "strategies", "strategy_files", "companies", "officers", "intro", "map_", "expansions",
                    "variant", "strict_fidelity")


def _checked_out(out: Path) -> Path:
    """--out names a new or existing .html file in a writable directory (checked before any game is played)."""
    if out.suffix.lower() != ".html":
        raise ConfigError(f"--out: {out} does not end in .html; give a file name such as game.html")
    if out.is_dir():
        raise ConfigError(f"--out: {out} is a directory; give a file name such as {out / 'game.html'}")
    parent = out.parent
    if not parent.is_dir():
        raise ConfigError(f"--out: the directory {parent} does not exist; create it or write elsewhere")
    if not os.access(parent, os.W_OK):
        raise ConfigError(f"--out: the directory {parent} is not writable; write elsewhere")
    return out


def _positions_bar(err: Console, enabled: bool) -> Progress:
    return Progress(TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("positions"), TimeElapsedColumn(), console=err, transient=True, disable=not enabled)


def run_view(ctx: typer.Context, results_dir: Optional[Path], game: Optional[int], seed: Optional[int],
             setup: Optional[str], out: Optional[Path], json_out: bool, new_game: dict) -> Path:
    """Checks the input, plays or replays the game, builds its view document and writes the page; returns its path."""
    from experiments import cli

    if results_dir is not None:
        given = [p.opts[0] for p in ctx.command.params if p.name in NEW_GAME_OPTIONS
                 and getattr(ctx.get_parameter_source(p.name), "name", "DEFAULT") != "DEFAULT"]
        if given:
            raise ConfigError(f"{', '.join(given)}: set up a new game and cannot change a stored one; drop "
                              f"{'them' if len(given) > 1 else 'it'}, or drop RESULTS_DIR to play a new game")
        if not results_dir.is_dir():
            raise ConfigError(f"RESULTS_DIR: {results_dir} is not a directory; give a results directory written by "
                              "barrage tournament / balance / run")
        if (game is None) == (seed is None):
            raise ConfigError("view: with RESULTS_DIR give either --game N or --seed S (see barrage view --help)")
        default = f"game-{game}.html" if game is not None else f"seed-{seed}.html"
    else:
        if seed is None:
            raise ConfigError("view: give RESULTS_DIR with --game N (a stored game), or --seed S for a new game "
                              "(see barrage view --help)")
        if game is not None or setup is not None:
            raise ConfigError(f"{'--game' if game is not None else '--setup'}: chooses a game of RESULTS_DIR; "
                              "give the results directory")
        default = f"seed-{seed}.html"
    path = _checked_out(out if out is not None else Path(default))
    err = Console(stderr=True, highlight=False)
    show = not json_out and err.is_terminal
    from sim._numba_cache import COMPILING_NOTE, is_warm
    from strategies.core import choose_move

    if not is_warm(choose_move):
        err.print(COMPILING_NOTE)
    from experiments.view import view_new_game, view_stored_game
    from reports.viewer import write_viewer

    with _positions_bar(err, show) as bar:
        task = bar.add_task("replaying the game", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, description="building the viewer", completed=done, total=total)

        if results_dir is not None:
            doc = view_stored_game(results_dir, game, seed, setup, progress)
        else:
            cli._check_seed(seed)
            config = cli._config(new_game["players"], new_game["companies"], new_game["officers"], new_game["intro"],
                                 new_game["map_"], new_game["expansions"], new_game["variant"],
                                 new_game["strict_fidelity"])
            from experiments.play import seat_strategies
            from strategies.python_bot import load_strategy_files

            python_bots = load_strategy_files(new_game["strategy_files"])
            specs = seat_strategies(new_game["strategies"], config.players, python_bots)[0]
            doc = view_new_game(config, seed, specs, python_bots, progress)
    try:
        write_viewer(doc, path)
    except OSError as e:
        raise ConfigError(f"--out: could not write {path} ({e.strerror or e}); nothing was written") from None
    size = path.stat().st_size
    if json_out:
        print(json.dumps({"out": str(path), "bytes": size, "events": len(doc["events"]),
                          "positions": len(doc["frames"]["patches"]) + 1, "moves": len(doc["moves"]),
                          "source": doc["source"], "seats": doc["seats"], "result": doc["result"]}, indent=2))
    else:
        Console(highlight=False).print(f"viewer written to {path} ({size / 1e6:.2f} MB, {len(doc['events']):,} "
                                       f"events); open it in a browser")
    return path


def register(app: typer.Typer) -> None:
    """Adds `view` to the barrage app. Its new-game options are `barrage play`'s (experiments.cli, which imports this
    module at its end, so they are read here rather than at import)."""
    from experiments import cli

    def view(
        ctx: typer.Context,
        results_dir: Optional[Path] = typer.Argument(None, help="Results directory written by tournament / balance "
                                                                "/ run (omit it to play a new game with --seed)."),
        game: Optional[int] = typer.Option(None, "--game", "-g", min=0, max=ids.MAX_SEED,
                                           help="Game number of RESULTS_DIR (the rows' `game` column)."),
        seed: Optional[int] = typer.Option(None, "--seed", "-s", min=0, max=ids.MAX_SEED,
                                           help="With RESULTS_DIR: the stored game of this seed; without: the seed "
                                                "of a new game."),
        setup: Optional[str] = typer.Option(None, "--setup", help="Setup label (`full`, `intro`, ...) to tell "
                                                                  "stored games of one seed apart."),
        out: Optional[Path] = typer.Option(None, "--out", "-o", show_default="game-N.html or seed-S.html",
                                           help="The HTML file to write (an existing one is replaced)."),
        players: int = cli.PlayersOpt,
        strategies: Optional[str] = typer.Option(None, "--strategies", show_default="random for every seat",
                                                 help="New game: bot per seat, as in barrage play."),
        strategy_files: Optional[list[Path]] = cli.StrategyFileOpt,
        companies: Optional[str] = typer.Option(None, "--companies", show_default="random pairings",
                                                help="New game: company per seat, as in barrage play."),
        officers: Optional[str] = typer.Option(None, "--officers", show_default="random pairings",
                                               help="New game: executive officer per seat, as in barrage play."),
        intro: bool = cli.IntroOpt,
        map_: str = cli.MapOpt,
        expansions: Optional[str] = cli.ExpansionsOpt,
        variant: Optional[str] = cli.VariantOpt,
        strict_fidelity: bool = cli.StrictOpt,
        json_out: bool = cli.JsonOpt,
    ) -> None:
        """Write a game as one HTML file that replays it on the map, event by event.

        The page shows the map (dams with owners, levels and drops, conduits, powerhouses, headstreams, the water's path), each company's board (resources, wheel, incomes, contracts, tiles, officer), the energy track, the action spaces, the contract display, the Patent Office, the Automa's cards, and the scores.
        """
        new_game = {"players": players, "strategies": strategies, "strategy_files": strategy_files,
                    "companies": companies, "officers": officers, "intro": intro, "map_": map_,
                    "expansions": expansions, "variant": variant, "strict_fidelity": strict_fidelity}
        run_view(ctx, results_dir, game, seed, setup, out, json_out, new_game)

    app.command("view", epilog=_EPILOG)(view)
