"""Measures the setup-pairing values `tuned` picks by (SETUP-15; docs/bots.md § Twelfth pass).

    python scripts/measure_pairings.py [--games 20000] [--seed 301] [--league automa:level=2,automa:level=4] [--write]

Plays `tuned` against each league member (2 players, its seat rotated), its company and officer drawn uniformly at
random per game from the base game's companies and officer pool (the other seat's dealt as usual), and fits
VP margin = mean + company effect + officer effect by least squares over all games, each family of effects
centred on zero. A pairing is then worth its company's plus its officer's effect, in VP; `tuned` adds that to its
score of each pick. With --write the effects (and the league, games, seed, per-level win rates and this command)
are stored under "pairings" in strategies/data/tuned.json.
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

import numpy as np

from experiments.play import game_seeds
from experiments.tune import parse_league, play_matches
from sim import ids
from sim.config import GameConfig
from sim.tables import compile_tables
from strategies.personas import TUNED_FILE
from strategies.registry import parse_spec


def fit_effects(margin: np.ndarray, company: np.ndarray, officer: np.ndarray) -> dict[str, float]:
    """Least-squares additive effects (company + officer) on the margin, each family centred on zero."""
    cs, os_ = np.unique(company), np.unique(officer)
    X = np.column_stack([np.ones(len(margin))] + [company == c for c in cs[1:]] + [officer == o for o in os_[1:]])
    beta = np.linalg.lstsq(X.astype(float), margin, rcond=None)[0]
    ce = np.concatenate([[0.0], beta[1:len(cs)]])
    oe = np.concatenate([[0.0], beta[len(cs):]])
    ce -= ce.mean()
    oe -= oe.mean()
    out = {ids.COMPANY_NAMES[c]: round(float(v), 3) for c, v in zip(cs, ce)}
    out.update({ids.OFFICER_NAMES[o]: round(float(v), 3) for o, v in zip(os_, oe)})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20000, help="games per league member")
    ap.add_argument("--seed", type=int, default=301)
    ap.add_argument("--league", default="automa:level=2,automa:level=4")
    ap.add_argument("--write", action="store_true", help="store the values in strategies/data/tuned.json")
    a = ap.parse_args()
    config = GameConfig(players=2)
    league = parse_league(a.league)
    tables = compile_tables(config.variant)[0]
    pool = np.asarray(tables.officer_pool[:tables.n_officer_pool[0]])
    rng = np.random.default_rng(a.seed)
    seeds = game_seeds(a.seed, a.games)
    company = rng.integers(0, ids.N_BASE_COMPANIES, a.games)
    officer = pool[rng.integers(0, len(pool), a.games)]
    hero = parse_spec("tuned")[1]
    res = play_matches(config, hero[None, :], league, seeds, pairings=(company, officer))[0]
    margin = np.concatenate([r.margin for r in res])
    values = fit_effects(margin, np.tile(company, len(league)), np.tile(officer, len(league)))
    for spec, r in zip(league, res):
        print(f"{spec}: win share {r.share.mean():.3f}, VP margin {r.margin.mean():+.2f} (n={a.games})")
    print(json.dumps(values, indent=1))
    if a.write:
        run = json.loads(TUNED_FILE.read_text())
        run["pairings"] = {"values": values, "league": league, "games": a.games, "seed": a.seed,
                           "win_share": {s: round(float(r.share.mean()), 4) for s, r in zip(league, res)},
                           "command": "python scripts/measure_pairings.py " + " ".join(map(shlex.quote,
                                                                                          sys.argv[1:]))}
        Path(TUNED_FILE).write_text(json.dumps(run, indent=1) + "\n")
        print(f"written: {TUNED_FILE}")


if __name__ == "__main__":
    main()
