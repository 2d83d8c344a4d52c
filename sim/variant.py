"""A variant = everything that fixes the rules tables: map, player count, setup mode, expansions, and optionally
fixed setup draws (objective tile, bonus tiles, headstream tiles), advanced tiles removed before the game and
what-if overrides of the component data."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sim import ids
from sim.errors import ConfigError

SUPPORTED_EXPANSIONS: tuple[str, ...] = ("geological", "leeghwater")
SUPPORTED_EXPANSIONS += ("promo",)   # the promo officers' packs: they only join the officer pool (sim.officer_pool)
SUPPORTED_EXPANSIONS += ("colorado",)   # The Colorado Connection: its own map (COLO-SETUP-01), sim.rules.colorado
COLORADO_MAP = ids.COLORADO_MAP
FIVE_PLAYER_MAP_COMPANIES = 4   # FIVEP-01: the 5-player map is played by 4 companies (5 are not supported, FIVEP-02)
DUEL_MAP = "duel"
VARIANT_NAMES = ("base", "duel")   # setup factor `variant`: the base game, or Barrage: Duel (duel map + duel board)


@dataclass(frozen=True)
class Variant:
    """Rules-level configuration of a game (what `sim.tables.compile_tables` needs).

    `objective`, `bonus_tiles` (one per round) and `headstreams` (headstream tile id per headstream, map order) fix
    what setup would otherwise draw (SETUP-02/03/05); None draws as the rules say. The game's generator makes the
    same draws either way, so games with and without a fixed draw share their other chance events.
    `remove_tiles` names advanced tiles taken out of the Patent Office piles before the game (decision S-05): the
    piles are shuffled as usual and the removed tiles leave gaps that the display skips.
    `overrides` are (dotted data path, value) pairs applied to components.yaml (sim.overrides).
    `duel` plays the duel board (scales, Check phase, DUEL-BOARD-*); it needs the duel map (DUEL-02), which may also
    be played alone (map "duel", duel False).
    """

    players: int = 4
    map: str = "base"
    intro: bool = False
    expansions: tuple[str, ...] = field(default_factory=tuple)
    objective: str | None = None
    bonus_tiles: tuple[str, ...] | None = None
    headstreams: tuple[int, ...] | None = None
    remove_tiles: tuple[str, ...] = ()
    overrides: tuple[tuple[str, Any], ...] = ()
    duel: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise ConfigError(
                f"players: {self.players!r} is not a supported player count; use 2, 3 or 4 "
                "(solo play needs the Automa, FIVEP-02 rules out 5)")
        if self.map == "five_player" and self.players != FIVE_PLAYER_MAP_COMPANIES:
            raise ConfigError(
                f"players: the five_player map is played by exactly {FIVE_PLAYER_MAP_COMPANIES} companies, Automas "
                f"included (FIVEP-01, TERM-01); got {self.players}. Use --players 4 or --map base")
        if self.duel and self.map != DUEL_MAP:
            raise ConfigError(f"variant: the duel board is played only on the duel map (DUEL-02), not on "
                              f"map {self.map!r}; use --variant duel (duel map + duel board) or --map duel alone")
        if self.map == DUEL_MAP and self.players != 2:
            raise ConfigError(f"players: Barrage: Duel and its map are for exactly 2 players (DUEL-01), got "
                              f"{self.players}; use --players 2")
        for e in self.expansions:
            if e not in SUPPORTED_EXPANSIONS:
                valid = ", ".join(SUPPORTED_EXPANSIONS) or "none yet"
                raise ConfigError(f"expansions: unknown expansion {e!r}; valid: {valid}")
        if len(set(self.expansions)) < len(self.expansions):
            twice = next(e for e in self.expansions if self.expansions.count(e) > 1)
            raise ConfigError(f"expansions: {twice!r} is given twice; name each expansion once")
        self._check_colorado()
        if self.objective is not None and self.objective not in ids.OBJECTIVE_NAMES:
            raise ConfigError(f"objective: unknown objective tile {self.objective!r}; valid: "
                              f"{', '.join(ids.OBJECTIVE_NAMES)}")
        if self.objective == "bridge_dams" and "colorado" not in self.expansions:
            raise ConfigError("objective: 'bridge_dams' is a Colorado Connection tile (COLO-SETUP-03); add "
                              "--expansion colorado or choose another objective")
        if self.bonus_tiles is not None:
            self._check_bonus_tiles(self.bonus_tiles)
        if self.headstreams is not None and (len(set(self.headstreams)) != len(self.headstreams)
                                              or not all(isinstance(t, int) for t in self.headstreams)):
            raise ConfigError(f"headstreams: {list(self.headstreams)} must be distinct headstream tile ids, "
                              "one per headstream")
        if self.remove_tiles:
            self._check_removed_tiles(self.remove_tiles)

    def _check_colorado(self) -> None:
        """COLO-SETUP-01: The Colorado Connection replaces the map by its own; the Colorado map needs the expansion
        (its sites and settlements are the point of it). The map is normalised to `colorado`."""
        if "colorado" not in self.expansions:
            if self.map == COLORADO_MAP:
                raise ConfigError("map: the colorado map is played with its rules; use --expansion colorado "
                                  "(it sets the map) or another map")
            return
        if self.map not in ("base", COLORADO_MAP):
            raise ConfigError(f"expansions: The Colorado Connection replaces the map with its own (COLO-SETUP-01); "
                              f"it cannot be played on map {self.map!r}; drop --map or --expansion colorado")
        if self.intro:
            raise ConfigError("expansions: The Colorado Connection is played with the full rules; drop --intro "
                              "or --expansion colorado")
        object.__setattr__(self, "map", COLORADO_MAP)

    def _check_bonus_tiles(self, tiles: tuple[str, ...]) -> None:
        if len(tiles) != 5:
            raise ConfigError(f"bonus_tiles: give 5 tiles, one per round, got {len(tiles)}")
        for t in tiles:
            if t not in ids.BONUS_NAMES:
                raise ConfigError(f"bonus_tiles: unknown bonus tile {t!r}; valid: {', '.join(ids.BONUS_NAMES)}")
            if t == "bridges" and "colorado" not in self.expansions:
                raise ConfigError("bonus_tiles: 'bridges' is a Colorado Connection tile (COLO-SETUP-03); add "
                                  "--expansion colorado or choose another tile")
            if ids.N_BASE_BONUS <= ids.BONUS_NAMES.index(t) < ids.B_BRIDGES and "leeghwater" not in self.expansions:
                raise ConfigError(f"bonus_tiles: {t!r} is a Leeghwater Project tile (LWP-SETUP-04); add "
                                  "--expansion leeghwater or choose from the base tiles")
        if len(set(tiles)) != 5:
            raise ConfigError(f"bonus_tiles: {', '.join(tiles)} lists a tile twice; each tile is used once")
        if self.intro and "advanced_tiles" in tiles:
            raise ConfigError("bonus_tiles: the introductory game removes the advanced_tiles bonus tile (SETUP-04)")

    def _check_removed_tiles(self, tiles: tuple[str, ...]) -> None:
        advanced = ids.TILE_NAMES[ids.FIRST_ADVANCED_TILE:ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES]
        for t in tiles:
            if t not in advanced:
                raise ConfigError(f"remove_tiles: {t!r} is not an advanced technology tile; valid: "
                                  f"{', '.join(advanced)}")
        if len(set(tiles)) != len(tiles):
            raise ConfigError(f"remove_tiles: {', '.join(tiles)} lists a tile twice")
        if self.intro:
            raise ConfigError("remove_tiles: the introductory game uses no advanced tiles (SETUP-10); drop "
                              "remove_tiles or intro")

    def setup_label(self) -> str:
        """Short text of what this variant fixes beyond players and map (`full`, `intro,geological,objective=...`)."""
        parts = ["intro" if self.intro else "full", *self.expansions] + (["duel"] if self.duel else [])
        if self.objective is not None:
            parts.append(f"objective={self.objective}")
        if self.bonus_tiles is not None:
            parts.append("bonus=" + "/".join(self.bonus_tiles))
        if self.headstreams is not None:
            parts.append("headstreams=" + "/".join(map(str, self.headstreams)))
        if self.remove_tiles:
            parts.append("remove=" + "/".join(self.remove_tiles))
        parts += [f"{k}={v}" for k, v in self.overrides]
        return ",".join(parts)


def variant_name(v: Variant) -> str:
    """The `variant` setup level of a variant: "duel" with the duel board, else "base" (whatever the map)."""
    return "duel" if v.duel else "base"
