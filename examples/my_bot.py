"""An example user-written bot: `barrage play --strategy-file examples/my_bot.py --strategies my_bot,greedy`.

The protocol (strategies/python_bot.py) is one function, `choose(game, legal_moves) -> move`. `game` is a
`sim.Game` as this seat sees it (hidden pile orders re-sampled, a private copy you may play moves on to look ahead);
`legal_moves` lists `Move(code, description)`; return one of them (or its code).

This bot looks one move ahead: it plays every legal move on a copy of its view and keeps the one after which a
simple value of its own position is highest, breaking ties at random: VP, plus Credits / 3 (they convert to VP at
the end, END-04), plus what it has built, the energy it produced this round and the machinery it holds. Everything
else -- where to place a structure, how to pay -- falls out of the same one-step comparison.

`make_bot(seed, seat)` is optional: it is called once per game and seat, here to give the bot a random generator
seeded from the game, so the same game seed always gives the same game.
"""
from __future__ import annotations

import random

NAME = "my_bot"          # the spec name used in --strategies (default: the file name)


class OneStepLookahead:
    """Plays the move that leaves its own position's value highest (one move ahead)."""

    WEIGHTS = {"vp": 1.0, "credits": 1 / 3, "structures": 5.0, "energy": 1.0, "excavators": 1.5, "mixers": 1.5}

    def __init__(self, seed: int, seat: int) -> None:
        self.rng = random.Random(seed * 31 + seat)
        self.seat = seat

    def choose(self, game, legal_moves):
        if len(legal_moves) == 1:
            return legal_moves[0]
        best, best_value = [], float("-inf")
        for move in legal_moves:
            after = game.copy()
            after.play(move)
            value = self.value(after)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return self.rng.choice(best)

    def value(self, game) -> float:
        me = game.company_state(self.seat)
        return sum(w * me[key] for key, w in self.WEIGHTS.items())


def make_bot(seed: int, seat: int) -> OneStepLookahead:
    return OneStepLookahead(seed, seat)
