"""Whole random games with The Leeghwater Project (python loop, invariants after every move): the new decisions are
reached and every one of them applies cleanly (the property `barrage fuzz --expansion leeghwater` checks at scale)."""
from __future__ import annotations

import random
from collections import Counter

from sim import Game
from sim.invariants import describe_violations, violations

KINDS = {"activation": "Build a Building on", "building action": " action, space ", "external work": "Take external work",
         "loan": "(Loan Agency)", "dam": "Put a drop into", "segment": "from wheel segment", "free tile": "for free"}


def _play(cfg, seed, seen):
    g = Game.new(cfg, seed=seed, record_events=False)
    rng = random.Random(seed)
    while not g.is_over:
        move = rng.choice(g.legal_moves())
        for kind, text in KINDS.items():
            if text in move.description:
                seen[kind] += 1
        g.play(move.code)
        bad = violations(g.state, g.tables)
        assert not bad, (seed, move.description, describe_violations(bad))
    res = g.result()
    assert all(sum(r.vp_by_source.values()) == r.vp for r in res)
    return res


def test_random_lwp_games_reach_the_new_decisions():
    """Random play activates buildings, uses their actions and takes external works (the rarer sub-decisions are
    covered by the rule tests)."""
    seen = Counter()
    for seed in range(8):
        _play({"players": 2 + seed % 3, "expansions": ["leeghwater"]}, seed, seen)
    assert all(seen[k] > 0 for k in ("activation", "building action", "external work")), seen


def test_random_lwp_games_against_automas():
    seen = Counter()
    for seed in range(6):
        players = 2 + seed % 2
        res = _play({"players": players, "expansions": ["leeghwater"], "automa": [0] + [1 + seed % 4] * (players - 1)},
                    seed, seen)
        assert len(res) == players
