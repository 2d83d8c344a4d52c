"""Measures each greedy persona against each Automa level in 2-player solo games (seat-rotated) and prints a
Markdown table of the persona's win rate with Wilson 95% intervals (docs/automa.md).

Run: PYTHONPATH=$PWD python scripts/automa_table.py [games per cell] [master seed] [--json reports/data/bot_strength.json]
(`--json` also writes the figures the balance report cites for its bot population.)
"""
from __future__ import annotations

import json
import subprocess
import sys
import time

import numpy as np

from experiments.bench import run_batch
from experiments.play import game_seeds
from reports.proportions import wilson_interval
from sim import GameConfig
from sim.results import R_RANK, R_VP
from strategies import personas

LEVELS = (1, 2, 3, 4)


def cell(persona: str, level: int, games: int, seed: int) -> tuple[float, int, float, float, float, float]:
    """Persona win share over `games` seat-rotated games (ties split), its interval and mean VP of both sides."""
    seeds = game_seeds(seed, games)
    config = GameConfig(players=2)
    half = games // 2
    wins = 0.0
    vp_p, vp_a = [], []
    for seat, part in ((0, seeds[:half]), (1, seeds[half:])):
        specs = [persona, f"automa:level={level}"] if seat == 0 else [f"automa:level={level}", persona]
        b = run_batch(config, part, ",".join(specs))
        out = b.seat_out
        first = out[:, :, R_RANK] == 1
        share = first / first.sum(axis=1, keepdims=True)
        wins += share[:, seat].sum()
        vp_p.append(out[:, seat, R_VP])
        vp_a.append(out[:, 1 - seat, R_VP])
    lo, hi = wilson_interval(np.array([wins]), np.array([games]))
    return wins / games, games, float(lo[0]), float(hi[0]), float(np.concatenate(vp_p).mean()), \
        float(np.concatenate(vp_a).mean())


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--json")]
    out = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
    args = [a for a in args if a != out]
    games = int(args[0]) if len(args) > 0 else 400
    seed = int(args[1]) if len(args) > 1 else 2026
    t0 = time.time()
    strength: dict[str, dict[str, list[float]]] = {}
    print("| persona | Automa level | n | persona win rate | Wilson 95% | mean VP persona | mean VP Automa |")
    print("|---|---|---|---|---|---|---|")
    for k, p in enumerate(personas.PERSONAS):
        for level in LEVELS:
            w, n, lo, hi, vp, va = cell(p.name, level, games, seed + 100 * k + level)
            print(f"| {p.name} | {level} | {n} | {w:.3f} | [{lo:.3f}, {hi:.3f}] | {vp:.1f} | {va:.1f} |")
            strength.setdefault(p.name, {})[str(level)] = [round(w, 3), round(lo, 3), round(hi, 3), n]
    print(f"\n({time.time() - t0:.0f} s)")
    if out:
        revision = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        doc = {"source": f"scripts/automa_table.py {games} {seed}: 2-player games, base map, random pairings, seats "
                         "rotated, ties split, Wilson 95% intervals",
               "measured_with": f"barrage-sim revision {revision or 'unknown'}",
               "opponents": "automa:level=1..4 (the official solo Automa, levels 3-4 per RULES 23.5)",
               "bots": strength}
        with open(out, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
