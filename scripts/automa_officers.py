"""Measures greedy against a level-4 Automa dealt each base officer (2 players, seats rotated, the greedy seat's
officer cycling through the six others) and prints a Markdown table of the greedy win rate with Wilson 95%
intervals (docs/automa.md, AUTOMA-60..66).

Run: PYTHONPATH=$PWD python scripts/automa_officers.py [games per officer] [master seed] [persona]
"""
from __future__ import annotations

import sys
import time

import numpy as np

from experiments.bench import run_batch
from experiments.play import game_seeds
from reports.proportions import wilson_interval
from sim import GameConfig, ids
from sim.results import R_RANK, R_VP


def officer_cell(officer: int, games: int, seed: int, persona: str) -> tuple[float, float, float, float, float]:
    """Persona win share against a level-4 Automa with `officer` (ties split), its interval, mean VP of both."""
    others = [o for o in range(len(ids.OFFICER_NAMES)) if o != officer]
    seeds = game_seeds(seed, games)
    wins = 0.0
    vp_p, vp_a = [], []
    for i, part in enumerate(np.array_split(seeds, 2 * len(others))):
        mine = ids.OFFICER_NAMES[others[i // 2]]
        seat = i % 2                                           # the persona's seat
        specs = [persona, "automa:level=4"] if seat == 0 else ["automa:level=4", persona]
        offs = (mine, ids.OFFICER_NAMES[officer]) if seat == 0 else (ids.OFFICER_NAMES[officer], mine)
        out = run_batch(GameConfig(players=2, officers=offs), part, ",".join(specs)).seat_out
        first = out[:, :, R_RANK] == 1
        wins += (first / first.sum(axis=1, keepdims=True))[:, seat].sum()
        vp_p.append(out[:, seat, R_VP])
        vp_a.append(out[:, 1 - seat, R_VP])
    lo, hi = wilson_interval(np.array([wins]), np.array([games]))
    return wins / games, float(lo[0]), float(hi[0]), float(np.concatenate(vp_p).mean()), \
        float(np.concatenate(vp_a).mean())


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
    persona = sys.argv[3] if len(sys.argv) > 3 else "greedy"
    t0 = time.time()
    print(f"| Automa officer | n | {persona} win rate | Wilson 95% | mean VP {persona} | mean VP Automa |")
    print("|---|---|---|---|---|---|")
    for o, name in enumerate(ids.OFFICER_NAMES):
        w, lo, hi, vp, va = officer_cell(o, games, seed + o, persona)
        print(f"| {name} | {games} | {w:.3f} | [{lo:.3f}, {hi:.3f}] | {vp:.1f} | {va:.1f} |")
    print(f"\n({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
