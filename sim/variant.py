"""A variant = everything that fixes the rules tables: map, player count, setup mode, expansions."""
from __future__ import annotations

from dataclasses import dataclass, field

from sim.errors import ConfigError

SUPPORTED_EXPANSIONS: tuple[str, ...] = ("geological",)


@dataclass(frozen=True)
class Variant:
    """Rules-level configuration of a game (what `sim.tables.compile_tables` needs)."""

    players: int = 4
    map: str = "base"
    intro: bool = False
    expansions: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise ConfigError(
                f"players: {self.players!r} is not a supported player count; use 2, 3 or 4 "
                "(solo play needs the Automa, FIVEP-02 rules out 5)")
        for e in self.expansions:
            if e not in SUPPORTED_EXPANSIONS:
                valid = ", ".join(SUPPORTED_EXPANSIONS) or "none yet"
                raise ConfigError(f"expansions: unknown expansion {e!r}; valid: {valid}")
