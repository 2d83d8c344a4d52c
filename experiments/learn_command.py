"""The `barrage learn` command (Typer); the work is in experiments.learn."""
from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from sim.errors import ConfigError

_EPILOG = (
    "[bold]Examples[/bold]\n\n"
    "  barrage learn --out runs/value -j 2                      (the shipped model's recipe, docs/bots.md:"
    " its defaults)\n\n"
    "  barrage learn --out runs/value --resume                  (continue a stopped run)\n\n"
    "  barrage learn --out runs/value --refit --td-lambda 0.7   (retrain on its positions with TD targets)\n\n"
    "  barrage learn --out runs/value4p --refit --pool runs/value   (one model for 4- and 2-player games)\n\n"
    "  barrage learn --out runs/small --games 200 --iterations 1 --eval-games 40\n\n"
    "Needs the learn extra (pip install -e '.[learn]': scikit-learn). Iteration 0 records positions from games "
    "of the teachers against the opponents; later iterations add games of the students playing with the previous "
    "model. Every model is evaluated with the evaluation bot against the evaluation opponents on seeds the training never "
    "plays; the best one is written to OUT/value_model.json -- copy it to strategies/data/ to ship it.")


def _specs(text: str, what: str) -> tuple[str, ...]:
    from strategies.registry import split_specs

    specs = tuple(split_specs(text))
    if not specs:
        raise ConfigError(f"--{what}: give at least one strategy spec")
    return specs


def learn(
    out: Path = typer.Option(..., "--out", "-o", help="Run directory (learn.json, data/, model-*.json)."),
    iterations: int = typer.Option(3, "--iterations", "-i", help="Train-play-retrain iterations at most."),
    games: int = typer.Option(1500, "--games", "-n", help="Recorded games per iteration."),
    players: int = typer.Option(2, "--players", "-p", help="Players per game: 2, 3 or 4."),
    teachers: str = typer.Option("mcts:iters=25", "--teachers",
                                 help="Strong bots whose games iteration 0 records (comma-separated specs)."),
    opponents: str = typer.Option("automa:level=4,tuned,mcts:iters=25", "--opponents",
                                  help="Who the teachers (and later the students) play."),
    students: str = typer.Option("mcts:iters=25,depth=10,leaf=1", "--students",
                                 help="Bots that play with the previous model in iterations 1, 2, ..."),
    eval_bot: str = typer.Option("mcts:iters=25,depth=10,leaf=1", "--eval-bot",
                                 help="The bot that plays each model's evaluation games."),
    every: int = typer.Option(3, "--every", help="Record every N-th decision of a game."),
    explore: float = typer.Option(0.05, "--explore", help="Probability that a bot seat's decision is an exploration "
                                                          "move (one of the heuristic's 6 best, at random)."),
    hidden: str = typer.Option("", "--hidden", show_default=False,
                               help="MLP hidden layer sizes, comma-separated (default 64,32; with --refit: the "
                                    "run's own)."),
    epochs: int = typer.Option(60, "--epochs", help="Training epochs at most (early stopping)."),
    eval_games: int = typer.Option(200, "--eval-games", help="Evaluation games per opponent per model."),
    eval_opponents: str = typer.Option("automa:level=4,tuned", "--eval-opponents",
                                       help="Opponents of the evaluation (comma-separated specs)."),
    seed: int = typer.Option(1, "--seed", "-s", help="Master seed of the games, the deals and the training."),
    jobs: int = typer.Option(2, "--jobs", "-j", help="Threads for the games (numba prange)."),
    resume: bool = typer.Option(False, "--resume", help="Continue the run in --out (same settings required)."),
    refit: bool = typer.Option(False, "--refit", help="Add one iteration to the run in --out that plays no games: "
                                                      "retrain on all its positions with TD(lambda) targets "
                                                      "bootstrapped by its best model (the game options are "
                                                      "ignored)."),
    td_lambda: float = typer.Option(0.7, "--td-lambda", help="With --refit: weight of the later positions' targets "
                                                             "against the model's value of the next position "
                                                             "(1 = the games' outcomes only)."),
    pool: str = typer.Option("", "--pool", help="With --refit: other learn runs (comma-separated directories) whose "
                                                "positions join the training, each with TD targets from its own "
                                                "best model -- one model for all their player counts."),
    json_out: bool = typer.Option(False, "--json", help="Print learn.json's content at the end."),
) -> None:
    """Train the learned evaluator (value model) that `apprentice`, `lookahead` and `mcts:leaf=1` play with."""
    from experiments.bench import set_threads
    from experiments.learn import LearnSettings, refit_state, run_learn, run_refit

    try:
        sizes = tuple(int(h) for h in hidden.split(",")) if hidden else LearnSettings.hidden
    except ValueError:
        raise ConfigError(f"--hidden: write layer sizes as whole numbers separated by commas, got {hidden!r}") \
            from None
    if seed < 0:
        raise ConfigError(f"--seed: must be a non-negative integer, got {seed}")
    settings = LearnSettings(seed=seed, players=players, iterations=iterations, games=games,
                             teachers=_specs(teachers, "teachers"), opponents=_specs(opponents, "opponents"),
                             students=_specs(students, "students"), eval_bot=eval_bot,
                             every=every, explore=explore, hidden=sizes, epochs=epochs, eval_games=eval_games,
                             eval_opponents=_specs(eval_opponents, "eval-opponents")).check()
    set_threads(jobs)
    err = Console(stderr=True, highlight=False)
    if refit and resume:
        raise ConfigError("--refit adds an iteration to an existing run by itself; drop --resume")
    pools = tuple(Path(p.strip()) for p in pool.split(",") if p.strip())
    if pools and not refit:
        raise ConfigError("--pool: only a --refit pools other runs' positions; add --refit")
    if refit:
        for run in (out,) + pools:
            refit_state(run, td_lambda)       # bad input fails before the compile note
    from sim._numba_cache import COMPILING_NOTE, is_warm
    from strategies.value_data import record_batch

    if not is_warm(record_batch):
        err.print(COMPILING_NOTE)

    def show(what: str, done: int, total: int) -> None:
        if not json_out:
            err.print(f"{what} {done:,}/{total:,}" if total > 1 else what)

    state = (run_refit(out, td_lambda, show, pools, sizes if hidden else None) if refit
             else run_learn(out, settings, resume, show))
    if json_out:
        print((out / "learn.json").read_text())
        return
    con = Console(highlight=False)
    for row in state.iterations:
        ev = "; ".join(f"vs {k} {v['win_share']:.3f} [{v['wilson95'][0]:.3f}, {v['wilson95'][1]:.3f}] "
                       f"(n={v['games']}, {v['cpu_s_per_game']:.3f} CPU-s/game)" for k, v in row["evaluation"].items())
        pooled = "".join(f" + {q['positions']:,} of {q['run']} ({q['players']} players, its model {q['bootstrap']})"
                         for q in row.get("pool", []))
        layers = f", layers {','.join(map(str, row['hidden']))}" if row.get("hidden") else ""
        made = (f"refit with TD({row['td_lambda']:g}) targets from model {row['bootstrap']}{pooled}{layers}"
                if row.get("kind") == "refit" else f"play {row['play_cpu_s']:.0f} CPU-s")
        con.print(f"iteration {row['iteration']}: {row['positions_total']:,} positions, {made}, train "
                  f"{row['train_cpu_s']:.0f} CPU-s; {ev}")
    if state.best >= 0:
        con.print(f"best: iteration {state.best} -> {out / 'value_model.json'}")


def register(app: typer.Typer) -> None:
    """Adds `learn` to the barrage app."""
    app.command("learn", epilog=_EPILOG)(learn)
