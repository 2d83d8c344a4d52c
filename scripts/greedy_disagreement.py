"""Where a bot's choices depart from the greedy scorer's: plays a bot (e.g. `expert`) against an opponent (e.g.
`automa:level=4`), 2 players, seats rotated, on the tune's holdout seeds, and at every decision of the bot's seat
with two or more legal moves asks what a greedy-family bot (default `tuned`) would have played in the same state
(`strategies.greedy.score_decision`, which changes neither the state nor any random stream). Prints the
disagreements by decision kind and move category (main actions by action space, Bank, construction, ...) with the
greedy scorer's own regret (its best score minus its score of the bot's move), the main-action categories per
round of both, and the bot's and opponent's VP by source and energy per round (docs/bots.md, fifth pass).

    python scripts/greedy_disagreement.py [--bot expert] [--opponent automa:level=4] [--reference tuned]
                                          [--games 20]
"""
from __future__ import annotations

import argparse
import collections
import dataclasses
from typing import Callable

import numpy as np

from experiments.play import game_seeds
from experiments.tune import HOLDOUT_SALT
from sim import ids
from sim import layout as L
from sim.config import GameConfig
from sim.game import Game
from sim.rules.rng import seed_state
from strategies.core import AUTOMA, BOT_RNG_SALT, decide
from strategies.greedy import new_score_buffer, score_decision
from strategies.registry import parse_spec

HOLDOUT_SEED = 13   # the seed set of docs/bots.md's tables: game_seeds(13 + HOLDOUT_SALT, n)


def move_category(T, kind: int, move: int) -> str:
    """A main action by what it does (action-space row kind, Bank, construction, ...); other decisions by kind."""
    if kind != ids.TK_MAIN:
        return ids.TASK_NAMES.get(kind, str(kind))
    if move < L.N_SPACES:
        return ids.ROW_KIND_NAMES[T.space_kind[move]]
    for name, below in (("bank", ids.MV_CONSTRUCT), ("construct", ids.MV_CONSTRUCT + 1),
                        ("free tile", ids.MV_MAHIRI), ("mahiri", ids.MV_PASS), ("pass", ids.MV_PASS + 1)):
        if move < below:
            return name
    return "other"


def play_games(bot: str, opponent: str, seeds: np.ndarray,
               visit: Callable[[int, np.ndarray, object, np.ndarray, int, int], None],
               on_game: Callable[[int, dict], None] | None = None) -> list[dict]:
    """Plays `bot` against `opponent`, 2 players, game i on seeds[i] with the bot in seat i mod 2 (the bots' random
    stream seeded as strategies.batch.play_one); at every decision of the bot's seat with two or more legal moves
    calls visit(game index, S, T, moves, n, index of the bot's move) before the move is played, and after each game
    on_game(game index, its row). Returns one result row per game: dict(bot=SeatResult, opponent=SeatResult)."""
    bid, bvec = parse_spec(bot)
    oid, ovec = parse_spec(opponent)
    results = []
    for gi, seed in enumerate(seeds):
        seed = int(seed)
        seat = gi % 2
        sid = np.array([oid, oid], dtype=np.int64)
        sid[seat] = bid
        par = np.array([ovec, ovec])
        par[seat] = bvec
        levels = tuple(int(par[c][0]) if sid[c] == AUTOMA else 0 for c in range(2))
        config = GameConfig(players=2)
        if any(levels):
            config = dataclasses.replace(config, automa=levels)
        g = Game.new(config, seed, record_events=False)
        rng = np.zeros(1, dtype=np.int64)
        rng[0] = seed_state(np.int64(seed) ^ np.int64(BOT_RNG_SALT))     # as strategies.batch.play_one
        while not g.is_over:
            c = g.current_player
            moves = g.legal_codes()
            n = len(moves)
            i = decide(sid[c], par[c], g.state, g.tables, moves, n, rng)
            if c == seat and n > 1:
                visit(gi, g.state, g.tables, moves, n, i)
            g.play(int(moves[i]))
        res = g.result()
        results.append(dict(bot=res[seat], opponent=res[1 - seat]))
        if on_game is not None:
            on_game(gi, results[-1])
    return results


def play(bot: str, opponent: str, reference: str, games: int) -> tuple[list[dict], list[dict]]:
    """(one record per decision of the bot, one result row per game)."""
    rvec = parse_spec(reference)[1]
    buf = new_score_buffer(4096)
    records = []

    def visit(gi, S, T, moves, n, i):
        kind = int(S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME])
        vals = np.array(score_decision(rvec, S, T, moves, n, buf)[0][:n])
        r = int(np.argmax(vals))
        records.append(dict(round=int(S[L.G_ROUND]), kind=kind, bot=move_category(T, kind, int(moves[i])),
                            ref=move_category(T, kind, int(moves[r])), regret=float(vals[r] - vals[i])))

    results = play_games(bot, opponent, game_seeds(HOLDOUT_SEED + HOLDOUT_SALT, games), visit)
    return records, results


def report(records: list[dict], results: list[dict]) -> None:
    """Prints the tables described in the module docstring."""
    n = len(results)
    for who in ("bot", "opponent"):
        src = collections.Counter()
        for r in results:
            src.update(r[who].vp_by_source)
        energy = np.mean([r[who].energy_by_round for r in results], axis=0)
        print(f"{who}: VP {np.mean([r[who].vp for r in results]):.1f}; by source "
              + ", ".join(f"{k} {v / n:.1f}" for k, v in src.items() if v)
              + "; energy per round " + " / ".join(f"{e:.1f}" for e in energy))
    print(f"wins of the bot: {sum(r['bot'].win for r in results):.1f} of {n}")
    differ = [r for r in records if r["regret"] > 1e-9]
    print(f"\n{len(differ)} of {len(records)} decisions differ; by (bot's move, reference's move): "
          "count, mean regret in the reference's own VP-equivalents")
    groups = collections.defaultdict(list)
    for r in differ:
        groups[(r["bot"], r["ref"])].append(r["regret"])
    for (a, b), v in sorted(groups.items(), key=lambda kv: -len(kv[1]))[:30]:
        print(f"{len(v):5d} {np.mean(v):6.2f}  {a} | {b}")
    print("\nmain actions per round, bot | reference")
    main = [r for r in records if r["kind"] == ids.TK_MAIN]
    for rd in range(1, 6):
        for who in ("bot", "ref"):
            count = collections.Counter(r[who] for r in main if r["round"] == rd)
            print(f"  round {rd} {who:3s} " + ", ".join(f"{k} {v}" for k, v in count.most_common()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--opponent", default="automa:level=4")
    ap.add_argument("--reference", default="tuned")
    ap.add_argument("--games", type=int, default=20)
    a = ap.parse_args()
    report(*play(a.bot, a.opponent, a.reference, a.games))


if __name__ == "__main__":
    main()
