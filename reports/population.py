"""Whose play a verdict describes: the bot population of an experiment and its measured strength.

A balance verdict says how the game plays *between these bots*. The strength figures are the measured win rates
of each bot against the official solo Automa (reports/data/bot_strength.json, from the strength ladder in
docs/automa.md and docs/bots.md); a bot without a measurement is listed as unmeasured, never guessed.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

STRENGTH_FILE = Path(__file__).with_name("data") / "bot_strength.json"
AUTOMA_LEVEL_NAMES = {"1": "easy", "2": "normal", "3": "hard", "4": "very hard"}


@lru_cache(maxsize=1)
def strength_data() -> dict:
    """The shipped strength measurements."""
    return json.loads(STRENGTH_FILE.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Population:
    """The bots that played and, per bot, its win rate against each Automa level (or None if unmeasured)."""

    bots: tuple[str, ...]
    strength: dict[str, dict[str, list[float]] | None]
    name: str | None = None       # the named population (`--population NAME`), if the run used one

    @classmethod
    def of(cls, strategies: tuple[str, ...], name: str | None = None) -> Population:
        """The population of an experiment's strategy specs (and its name, if it is a named population)."""
        known = strength_data()["bots"]
        return cls(bots=strategies, strength={bot: known.get(bot) for bot in strategies}, name=name)

    def describe(self) -> str:
        """One paragraph: who played, how strong they are, and what that means for the verdicts."""
        parts = []
        for bot in self.bots:
            measured = self.strength[bot]
            if measured is None:
                parts.append(f"{bot} (strength not measured)")
                continue
            rates = ", ".join(f"{100 * v[0]:.0f}% at level {lvl}" for lvl, v in sorted(measured.items()))
            parts.append(f"{bot} (beats the solo Automa {rates})")
        n = {int(v[3]) for s in self.strength.values() if s for v in s.values()}
        measured = f" (2-player games, {min(n):,} per level; intervals in report.json)" if n else ""
        named = f"'{self.name}' (--population {self.name}): " if self.name else ""
        return ("Population: " + named + "; ".join(parts) + measured + ". Every verdict in this report describes how the game plays "
                "between these bots, not between strong human players: a pairing that needs long-term planning "
                "these bots lack can look weaker here than it is at a table.")

    def to_json(self) -> dict:
        """Machine-readable form (`barrage report --json`)."""
        return {"name": self.name, "bots": list(self.bots),
                "strength_vs_automa": {bot: ({lvl: {"win_rate": v[0], "ci_low": v[1], "ci_high": v[2], "n": int(v[3])}
                                              for lvl, v in s.items()} if s else None)
                                       for bot, s in self.strength.items()},
                "source": strength_data()["source"]}
