"""Seeded whole games pinned to results recorded before the speed work of issue #11 item 5: performance changes
must not change play (same seeds and strategies => bit-identical games).

Each case plays a small seeded batch with play_batch and compares a digest of every per-seat and per-game result
row (sim.results) and the first game's VP with the values recorded after the merge of the speed work with the
64-bit game generator, the tile records and the income-step features, re-recorded after the tile-capacity feature
of the third tuning pass (the speed work itself was checked against 266bb65); the two ISMCTS cases re-recorded when
the planner began to keep its tree between decisions (strategies.tree_memory; with `reuse=0` they reproduce the
earlier digests, checked). A change meant to change play (new features or weights, another generator, a rule fix,
new result columns) re-records them; a refactor for speed must not. The Leeghwater Project's two VP-source columns and five tile ids are in the digest (their digests over the
previous columns were checked equal first: base-game play unchanged by the expansion); Barrage: Duel's VP column is
checked to be 0 and left out.
The tuned weights are written out here, and the planners name their heuristic (`heuristic=greedy`, the
weights they were pinned with; their default is `tuned`'s), so a new tuned.json does not move these pins.
"""
from __future__ import annotations

import hashlib

import numpy as np
import pytest

from experiments.bench import run_batch
from experiments.play import game_seeds
from sim import GameConfig
from sim import ids
from sim.results import R_VP, R_VP_SRC

TUNED_WEIGHTS = ("w_energy=1.48637,w_build=2.607,w_contract=0.64995,w_water=0.83232,w_deny=0.22687,"
                 "w_credit=0.74808,w_machine=1.98751,w_engineer=1.03428,w_bonus=2.04997,w_income=0.83174,"
                 "w_tile=0.58471,w_lock=0.24213,w_missing=0.04525,w_econv=0.61321,w_award=0.81741")
TUNED = f"greedy:{TUNED_WEIGHTS}"

# (id, config, strategies, master seed, games, digest of the result rows, first game's VP per seat)
CASES = [
    ("greedy-4p", GameConfig(players=4), "greedy", 11, 400,
     "9de79ef51b7ed566851c", [77, 36, 89, 59]),
    ("tuned-4p", GameConfig(players=4), TUNED, 12, 300,
     "01190c68154fac705d85", [49, 88, 78, 95]),
    ("personas-3p-geological", GameConfig(players=3, expansions=("geological",)),
     "greedy,builder,spoiler", 13, 300,
     "86d10f2922381f1a6a4a", [108, 35, 141]),
    ("tuned-vs-automa4-2p", GameConfig(players=2), f"{TUNED},automa:level=4", 14, 300,
     "1dd5cb8d4c598873aa66", [138, 116]),
    ("mcts-vs-greedy-2p", GameConfig(players=2), "mcts:iters=6,heuristic=greedy,greedy", 15, 4,
     "566e671b10fddd721295", [131, 78]),
    ("mcts-depth-3p", GameConfig(players=3), f"mcts:iters=4,depth=12,heuristic=greedy,greedy,{TUNED}", 16, 4,
     "0a166b66418e6cb80d22", [95, 52, 83]),
    ("flat_mc-vs-tuned-2p", GameConfig(players=2), f"flat_mc:iters=8,heuristic=greedy,{TUNED}", 17, 4,
     "7fd6ae9ea7f26f8d958d", [54, 130]),
]


# Result fields added after the pins (Barrage: Duel's `duel` VP source): always 0 in these base games, checked, and
# left out of the digest, so the pins keep covering exactly the rows they were recorded on.
LATER_SEAT_FIELDS = (R_VP_SRC + ids.VS_DUEL,)


def play(config: GameConfig, strategies: str, seed: int, games: int) -> tuple[str, list[int]]:
    """(sha256 of the seat and game result rows, first game's VP per seat) of a seeded batch."""
    b = run_batch(config, game_seeds(seed, games), strategies)
    assert (b.seat_out[:, :, list(LATER_SEAT_FIELDS)] == 0).all()
    pinned = np.ascontiguousarray(np.delete(b.seat_out, LATER_SEAT_FIELDS, axis=2))
    h = hashlib.sha256(pinned.tobytes())
    h.update(b.game_out.tobytes())
    return h.hexdigest()[:20], [int(v) for v in b.seat_out[0, :, R_VP]]


@pytest.mark.parametrize("name,config,strategies,seed,games,digest,vp", CASES, ids=[c[0] for c in CASES])
def test_seeded_games_are_unchanged(name, config, strategies, seed, games, digest, vp):
    assert play(config, strategies, seed, games) == (digest, vp)
