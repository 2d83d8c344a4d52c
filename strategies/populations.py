"""Named bot populations for balance experiments (`barrage balance --population NAME`).

A verdict describes play between the bots that produced it, so the population is part of the question. Each
population is a list of strategy specs that the seats play in rotation (docs/experiments.md).
"""
from __future__ import annotations

from dataclasses import dataclass

from sim.errors import ConfigError


@dataclass(frozen=True)
class BotPopulation:
    """A named list of strategy specs and what it stands for."""

    name: str
    strategies: tuple[str, ...]
    description: str


# The strong population's bot (docs/bots.md § Four players): chosen among planners with the learned
# evaluator at <= 0.2 CPU-s per 4-player game, by win rate against three `tuned` seats.
STRONG_SPEC = "mcts:iters=4,c=3,tau=1,depth=20,leaf=1"

POPULATIONS = {p.name: p for p in (
    BotPopulation("greedy", ("greedy", "builder", "producer", "contract_hunter"),
                  "the four greedy personas (the default experiment): about 1,000 4-player games/s, weaker than "
                  "the Normal solo Automa"),
    BotPopulation("tuned", ("tuned",),
                  "the CMA-ES-tuned heuristic in every seat: greedy speed, the strongest fast bot"),
    BotPopulation("strong", (STRONG_SPEC,),
                  "the strongest bot whose 4-player game costs <= 0.2 CPU-s: a shallow planner (4 playouts per "
                  "decision, cut after 20 decisions and valued by the learned evaluator) in every seat; about 0.15 "
                  "CPU-s per 4-player game, wins 0.345 against three `tuned` (parity 0.25; docs/bots.md)"),
    BotPopulation("expert", ("expert",),
                  "the expert planner (mcts, 250 iterations per decision) in every seat: the strongest play the "
                  "toolkit has, about 15 CPU-seconds per 2-player and 60 per 4-player game (a mix of bots this "
                  "unequal would make each pairing's win rate say which bot held it)"),
    BotPopulation("random", ("random",), "uniformly random moves: a rules baseline, not a player"),
)}


def population(name: str) -> BotPopulation:
    """The population of this name; an unknown name is a one-line error listing the valid ones."""
    try:
        return POPULATIONS[name]
    except KeyError:
        raise ConfigError(f"population: unknown population {name!r}; use one of {', '.join(POPULATIONS)}") from None
