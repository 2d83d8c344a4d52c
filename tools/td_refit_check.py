"""What a TD(lambda) refit buys the learned evaluator, measured on games it never trained on (docs/bots.md § The
learned evaluator, "What the refit buys").

Holds out every tenth game of a `barrage learn` run's recorded positions, trains the run's MLP recipe on the other
games with targets = the games' outcomes (lambda 1) or TD(lambda) targets bootstrapped by a given model, and prints
the R^2 of the held-out games' true final margin and win share. Writes the trained model, so it can also be played
(`experiments.learn.evaluate`). Needs the learn extra (scikit-learn).

    python tools/td_refit_check.py runs/value 0.7 out.json --bootstrap runs/value/model-3.json
    python tools/td_refit_check.py runs/value 1.0 control.json      # outcomes: the control

Measured 2026-12-06 on the shipped run's 552,916 positions (models trained with one BLAS thread, 130-170 CPU-s each):
outcomes 0.448 / 0.311, TD(0.5) 0.570 / 0.404, TD(0.7) 0.564 / 0.405 (margin / win share).
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from experiments.learn import RunState, predict, recorded_positions, td_targets, train
from strategies.value_model import load, save

HOLD_OUT_EVERY = 10     # game index % 10 == 0 is held out


def r2(pred: np.ndarray, target: np.ndarray) -> np.ndarray:
    """Per-column coefficient of determination."""
    return 1 - ((pred - target) ** 2).sum(0) / ((target - target.mean(0)) ** 2).sum(0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("run", type=Path, help="a barrage learn run directory (learn.json, data/)")
    ap.add_argument("td_lambda", type=float, help="1 = outcomes; below 1 needs --bootstrap")
    ap.add_argument("out", type=Path, help="where to write the trained model")
    ap.add_argument("--bootstrap", type=Path, help="the model whose values the TD targets use")
    a = ap.parse_args()
    state = RunState.load(a.run)
    X, y, game = recorded_positions(a.run / "data", len(state.iterations) - 1)
    if a.td_lambda < 1.0:
        y_train = td_targets(y, game, predict(load(a.bootstrap), X), state.settings.players, a.td_lambda)
    else:
        y_train = y.astype(np.float64)
    hold = game % HOLD_OUT_EVERY == 0
    t0 = time.process_time()
    model, stats = train(X[~hold], y_train[~hold].astype(np.float32), state.settings, seed=5)
    stats.update(td_lambda=a.td_lambda, train_cpu_s=time.process_time() - t0,
                 r2_held_out_games=r2(predict(model, X[hold]), y[hold]).tolist())
    print(stats)
    save(model, a.out, stats)


if __name__ == "__main__":
    main()
