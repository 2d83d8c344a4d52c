"""Experiment configs (tournament, balance) from CLI flags or TOML, validated before any game is played.

Every error is a one-line `sim.errors.ConfigError` that names the offending key.
"""
from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomllib

from experiments.seeds import MAX_SEED
from sim import ids
from sim.config import GameConfig, check_companies, refuse_automa_on_duel_map, variant_keys
from sim.errors import BarrageError, ConfigError, DataError
from sim.fidelity import check_strict
from sim.officer_pool import check_officer
from sim.tables import compile_tables
from sim.variant import VARIANT_NAMES, Variant

KINDS = ("tournament", "balance")
DEFAULT_CHUNK_SIZE = 1000
DEFAULT_GAMES = 1000
DEALS = ("pick", "random")   # tournament pairings: bots pick from the dealt ones (SETUP-15), or dealt at random
DEFAULT_GAMES_PER_CELL = 1000
DEFAULT_FIRST_ROUND = 500          # games per cell in the first round of a --precision run
# What --precision bounds: each cell's own win rate, or each cell's interaction contrast (its win rate in one setup
# minus its pairing's mean over the setups; experiments.design.Design.next_round).
PRECISION_TARGETS = ("cells", "interactions")
MAX_CHUNK_SIZE = 100_000
Z95 = 1.959963984540054

# Keys valid in each kind (everything else is rejected by name).
_COMMON_KEYS = ("kind", "name", "seed", "players", "map", "intro", "expansions", "objective", "bonus_tiles",
                "headstreams", "remove_tiles", "strategies", "strategy_files", "rotate_seats", "common_random_numbers", "chunk_size",
                "overrides", "companies", "officers", "variant", "strict_fidelity")
# Setup factors: each key holds one level or a list of levels; the experiment plays every combination.
SETUP_FACTORS = ("intro", "expansions", "objective", "bonus_tiles", "headstreams", "remove_tiles", "variant")
# A key whose dataclass field has another name (`variant` is the method that builds a sim Variant).
_FIELD_OF_KEY = {"variant": "variant_levels"}
_KEY_OF_FIELD = {v: k for k, v in _FIELD_OF_KEY.items()}
_KIND_KEYS = {
    "tournament": _COMMON_KEYS + ("games", "deal"),
    "balance": _COMMON_KEYS + ("games_per_cell", "precision", "precision_target", "budget", "population"),
}
ALL_KEYS = tuple(sorted(set(_KIND_KEYS["tournament"]) | set(_KIND_KEYS["balance"])))


def _err(key: str, message: str) -> ConfigError:
    return ConfigError(f"{key}: {message}")


@dataclass(frozen=True)
class Strategy:
    """A validated strategy spec: its text, numba bot id and parameter vector (as the registry returns)."""

    spec: str
    bot_id: int
    params: tuple[float, ...]


@dataclass(frozen=True)
class ExperimentConfig:
    """One experiment: what to play (not how: jobs, back-end and output directory are run options).

    Tournament: `strategies` are the seats' bots (fewer than the players are cycled), rotated over every seat
    permutation; `companies` / `officers` optionally fix each seat's pairing. Balance: every company x officer
    of `companies` x `officers` (default all) is a cell; a cell's pairing sits in a rotated seat, the other seats
    get random pairings and the bots of `strategies` in rotation.

    Setup factors hold levels: `players`, `intro` (False = full game), `expansions` (each level a tuple of
    expansion names), `objective` (None = drawn), `bonus_tiles` and `headstreams` (None = drawn), `remove_tiles`
    (advanced tiles taken out before the game, () = none). Every combination of levels is a setup (`setups()`), and
    every cell exists once per setup.
    """

    kind: str
    name: str = ""
    seed: int | None = None
    players: tuple[int, ...] = (4,)
    map: str = "base"
    intro: tuple[bool, ...] = (False,)
    expansions: tuple[tuple[str, ...], ...] = ((),)
    objective: tuple[str | None, ...] = (None,)
    bonus_tiles: tuple[tuple[str, ...] | None, ...] = (None,)
    headstreams: tuple[tuple[int, ...] | None, ...] = (None,)
    remove_tiles: tuple[tuple[str, ...], ...] = ((),)
    strategies: tuple[str, ...] = ("random",)
    population: str | None = None
    strategy_files: tuple[str, ...] = ()
    games: int | None = None
    games_per_cell: int | None = None
    precision: float | None = None
    precision_target: str = "cells"
    budget: int | None = None
    companies: tuple[str, ...] | None = None
    officers: tuple[str, ...] | None = None
    rotate_seats: bool = True
    deal: str = "pick"                             # tournament: "pick" (SETUP-15) or "random" (as a balance cell)
    common_random_numbers: bool = True
    chunk_size: int = DEFAULT_CHUNK_SIZE
    overrides: dict = field(default_factory=dict)
    variant_levels: tuple[str, ...] = ("base",)    # TOML `variant`: base / duel (duel map + duel board, DUEL-02)
    strict_fidelity: bool = False                  # RECON-06: refuse non-official data files

    def levels(self, key: str) -> tuple:
        """The levels of a setup factor by its TOML key."""
        return getattr(self, _FIELD_OF_KEY.get(key, key))

    # -- construction -------------------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ExperimentConfig:
        """Builds and validates a config from plain data (TOML or the manifest), rejecting unknown keys."""
        if not isinstance(d, dict):
            raise ConfigError("experiment: expected a table of keys")
        kind = d.get("kind")
        if kind is None:
            raise _err("kind", f"missing; use one of {', '.join(KINDS)}")
        if kind not in KINDS:
            raise _err("kind", f"unknown experiment kind {kind!r}; use one of {', '.join(KINDS)}")
        allowed = _KIND_KEYS[kind]
        for key in d:
            if key not in allowed:
                if key in ALL_KEYS:
                    raise _err(key, f"not valid in a {kind} experiment; valid keys: {', '.join(allowed)}")
                raise _err(key, f"unknown key; valid keys for a {kind}: {', '.join(allowed)}")
        kw: dict[str, Any] = {"kind": kind}
        for key, value in d.items():
            if key == "kind":
                continue
            kw[_FIELD_OF_KEY.get(key, key)] = _coerce(key, value)
        if kw.get("population"):
            kw["strategies"] = _population_strategies(kw["population"], kw.get("strategies"))
        return cls(**kw).validated()

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form (what the manifest stores; from_dict(to_dict()) round-trips)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            key = _KEY_OF_FIELD.get(f.name, f.name)
            if key not in _KIND_KEYS[self.kind] or (key == "deal" and self.deal == "pick"):
                continue                      # (the default deal stays out: older manifests read the same)
            v = getattr(self, f.name)
            if key in SETUP_FACTORS:
                out[key] = [_plain_level(x) for x in v]
            else:
                out[key] = list(v) if isinstance(v, tuple) else v
        return out

    # -- setups -------------------------------------------------------------------------------------------
    def setups(self) -> list[dict[str, Any]]:
        """Every combination of the setup factors' levels (Variant keywords besides players), in a fixed order."""
        out = []
        for intro, exp, obj, bonus, heads, removed, game_variant in itertools.product(
                self.intro, self.expansions, self.objective, self.bonus_tiles, self.headstreams, self.remove_tiles,
                self.variant_levels):
            out.append({"intro": intro, "expansions": exp, "objective": obj, "bonus_tiles": bonus,
                        "headstreams": heads, "remove_tiles": removed,
                        "overrides": _frozen_overrides(self.overrides), **variant_keys(game_variant, self.map)})
        return out

    def variant(self, players: int, setup: dict[str, Any]) -> Variant:
        """The rules variant of one player count and setup."""
        return Variant(players=players, **setup)

    def varying_factors(self) -> tuple[str, ...]:
        """The setup factors with more than one level."""
        return tuple(k for k in SETUP_FACTORS if len(self.levels(k)) > 1)

    # -- validation ---------------------------------------------------------------------------------------
    def validated(self) -> ExperimentConfig:
        """Checks every key and combination; returns the config with defaults filled in."""
        c = self
        if not c.players:
            raise _err("players", "give at least one player count")
        if len(set(c.players)) != len(c.players):
            raise _err("players", f"player count {_first_dup(c.players)} is listed twice")
        for key in SETUP_FACTORS:
            levels = c.levels(key)
            if not levels:
                raise _err(key, "give at least one level")
            if len(set(levels)) != len(levels):
                raise _err(key, f"level {_plain_level(_first_dup(levels))!r} is listed twice")
        for p in c.players:
            for setup in c.setups():
                try:
                    compile_tables(c.variant(p, setup))
                    if c.strict_fidelity:
                        check_strict(c.variant(p, setup))
                except (ConfigError, DataError) as e:
                    head = str(e).split(":", 1)[0]
                    key = head if head.split(".")[0] in ALL_KEYS else "players"
                    raise _prefixed(key, e) from None
        if c.seed is not None and not 0 <= c.seed <= MAX_SEED:
            raise _err("seed", f"{c.seed} is out of range; use 0..{MAX_SEED}")
        if not 1 <= c.chunk_size <= MAX_CHUNK_SIZE:
            raise _err("chunk_size", f"{c.chunk_size} is out of range; use 1..{MAX_CHUNK_SIZE}")
        if not c.strategies:
            raise _err("strategies", "give at least one strategy spec")
        name = c.name or f"{c.kind}-{'-'.join(str(p) for p in c.players)}p"
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.+-]*", name):
            raise _err("name", f"{name!r} must be letters, digits, '_', '.', '+' or '-'")
        c = dataclasses.replace(c, name=name)
        c = c._validated_tournament() if c.kind == "tournament" else c._validated_balance()
        # Last: user bot files are imported (to learn their names) only once everything else is valid.
        files = tuple(str(Path(f).resolve()) for f in c.strategy_files)    # workers load them by absolute path
        c = dataclasses.replace(c, strategy_files=files,
                                strategies=canonical_specs(c.strategies, python_strategy_names(files)))
        _check_every_game_has_a_player(c)
        automa = [int(s.split(":")[0].split("@")[0] == "automa") for s in c.strategies]
        for setup in c.setups():         # the variant's map: --expansion colorado plays the colorado map
            refuse_automa_on_duel_map(c.variant(c.players[0], setup).map, automa)   # DECISION-42, COLO-AUTOMA-01
        return c

    def _validated_tournament(self) -> ExperimentConfig:
        c = self
        games = DEFAULT_GAMES if c.games is None else c.games
        if games < 1:
            raise _err("games", f"{games} games; give at least 1")
        if c.deal not in DEALS:
            raise _err("deal", f"unknown deal {c.deal!r}; use one of {', '.join(DEALS)}")
        if c.deal == "random" and (c.companies is not None or c.officers is not None or any(c.intro)):
            raise _err("deal", "random deals every seat's company and officer; drop companies, officers and intro")
        if len(c.strategies) > min(c.players):
            raise _err("strategies", f"{len(c.strategies)} specs for {min(c.players)} seats; give at most one "
                                     f"spec per seat (fewer are cycled over the seats)")
        if c.companies is not None or c.officers is not None:
            if len(c.players) != 1:
                raise _err("companies" if c.companies is not None else "officers",
                           "fixed pairings need a single player count")
            for exp in c.expansions:                  # SETUP-13: fixed officers must be dealt by every level
                for key in ("companies", "officers"):
                    try:
                        GameConfig(players=c.players[0], map=c.map, intro=any(c.intro), expansions=exp,
                                   **{key: getattr(c, key)})
                    except ConfigError as e:
                        raise _prefixed(key, e) from None
                try:
                    GameConfig(players=c.players[0], map=c.map, intro=any(c.intro), expansions=exp,
                               companies=c.companies, officers=c.officers)
                except ConfigError as e:
                    raise _prefixed("officers", e) from None
            companies = _canonical("company", ids.COMPANY_NAMES, c.companies, "companies")
            officers = _canonical("officer", ids.OFFICER_NAMES, c.officers, "officers")
            c = dataclasses.replace(c, companies=companies, officers=officers)
        return dataclasses.replace(c, games=games)

    def _validated_balance(self) -> ExperimentConfig:
        c = self
        if c.precision is not None:
            if not 0 < c.precision < 0.5:
                raise _err("precision", f"{c.precision} is out of range; give a 95% half-width in (0, 0.5), "
                                        "e.g. 0.02")
        elif c.budget is not None:
            raise _err("budget", "only used with precision (games per cell fix the size otherwise)")
        if c.precision_target not in PRECISION_TARGETS:
            raise _err("precision_target", f"unknown target {c.precision_target!r}; use one of "
                                           f"{', '.join(PRECISION_TARGETS)}")
        if c.precision_target == "interactions":
            if c.precision is None:
                raise _err("precision_target", "interactions is a target of precision; give precision too")
            if len(c.setups()) < 2:
                raise _err("precision_target", "interactions compare a pairing across setups; vary a setup factor "
                                               "(e.g. objective = \"all\" or --vary objective)")
        if c.games_per_cell is not None and c.games_per_cell < 1:
            raise _err("games_per_cell", f"{c.games_per_cell}; give at least 1")
        companies = _canonical("company", ids.COMPANY_NAMES, c.companies, "companies")
        officers = _canonical("officer", ids.OFFICER_NAMES, c.officers, "officers")
        if all(c.intro) and officers is not None:      # with intro varied, officers restrict the full-game cells
            raise _err("officers", "officers cannot be chosen in the introductory game: its pairings are fixed "
                                   "(SETUP-18); drop officers or intro")
        for exp in c.expansions:                   # every setup must hold the chosen boards and officers
            try:
                check_companies(companies, exp)
            except ConfigError as e:
                raise _prefixed("companies", e) from None
            for o in officers or ():                # SETUP-13: the modules must deal them
                try:
                    check_officer(o, tuple(exp))
                except ConfigError as e:
                    raise _prefixed("officers", e) from None
        c = dataclasses.replace(c, companies=companies, officers=officers)
        if c.precision is None:
            return dataclasses.replace(c, games_per_cell=c.games_per_cell or DEFAULT_GAMES_PER_CELL)
        first = c.games_per_cell or DEFAULT_FIRST_ROUND
        budget = c.budget
        if budget is None:   # enough for the worst case p = 0.5 in every cell
            budget = n_balance_cells(c) * max(first, worst_case_games(c.precision))
        if budget < 1:
            raise _err("budget", f"{budget} games; give at least 1")
        return dataclasses.replace(c, games_per_cell=first, budget=budget)


def _check_every_game_has_a_player(c: ExperimentConfig) -> None:
    """AUTOMA-01: the Automa plays against someone. Refuses a design in which some game seats only Automas.

    A tournament seats the specs cycled over the seats (rotation only permutes them); a balance game puts bot
    (p + q) mod K at position p after the cell's seat, for every q (experiments/design.py)."""
    automa = [s.split(":")[0].split("@")[0] == "automa" for s in c.strategies]
    K = len(automa)
    for players in c.players:
        windows = [0] if c.kind == "tournament" else range(K)
        for q in windows:
            seated = [(p + q) % K for p in range(players)]
            if all(automa[k] for k in seated):
                who = ", ".join(c.strategies[k] for k in dict.fromkeys(seated))
                raise _err("strategies", f"some {players}-player games would seat only Automas ({who}); every game "
                                         "needs a non-Automa seat (AUTOMA-01): add a bot or list fewer Automas")


def worst_case_games(precision: float) -> int:
    """Games that give a 95% Wilson half-width <= precision whatever the win rate."""
    return int((Z95 / (2 * precision)) ** 2) + 1


def n_balance_cells(c: ExperimentConfig) -> int:
    """Number of cells of a balance config (player counts x setups x pairings)."""
    n = 0
    for setup in c.setups():             # the modules of a setup fix its company boards and officer pool
        tables = compile_tables(c.variant(c.players[0], setup))[0]
        n_comp = len(c.companies) if c.companies is not None else int(tables.n_companies[0])
        n_off = len(c.officers) if c.officers is not None else int(tables.n_officer_pool[0])
        n += n_comp * (1 if setup["intro"] else n_off)
    return len(c.players) * n


def _first_dup(seq):
    seen = set()
    for x in seq:
        if x in seen:
            return x
        seen.add(x)
    return None


def _prefixed(key: str, e: BarrageError) -> ConfigError:
    msg = str(e)
    return ConfigError(msg if msg.startswith(f"{key}:") else f"{key}: {msg}")


def _canonical(kind: str, names: tuple[str, ...], given: tuple[str, ...] | None, key: str):
    """Full names of the given companies / officers (prefixes accepted); duplicates rejected."""
    if given is None:
        return None
    if not given:
        raise _err(key, f"empty list; omit the key to use every {kind}")
    out = []
    for g in given:
        try:
            i = _lookup_name(kind, names, g)
        except ConfigError as e:
            raise _prefixed(key, e) from None
        if names[i] in out:
            raise _err(key, f"{kind} {names[i]!r} is given twice; each must be different")
        out.append(names[i])
    return tuple(out)


def _lookup_name(kind: str, names: tuple[str, ...], value: str) -> int:
    from sim.config import (
        _lookup,  # the engine's own name matching (exact, then unique prefix / word)
    )

    return _lookup(kind, names, value)


# -- coercion of plain values (TOML / CLI) -----------------------------------------------------------------
_NULLABLE = ("seed", "games", "games_per_cell", "precision", "budget", "companies", "officers", "population")


def _coerce(key: str, v: Any) -> Any:
    if v is None and key in _NULLABLE:      # JSON null in a manifest's config (TOML has no null)
        return None
    if key in ("name", "map", "precision_target", "population", "deal"):
        return _str(key, v)
    if key in ("seed", "games", "games_per_cell", "budget", "chunk_size"):
        return _int(key, v)
    if key == "precision":
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise _err(key, f"expected a number, got {v!r}")
        return float(v)
    if key in SETUP_FACTORS:
        return _levels(key, v)
    if key in ("rotate_seats", "common_random_numbers", "strict_fidelity"):
        if not isinstance(v, bool):
            raise _err(key, f"expected true or false, got {v!r}")
        return v
    if key == "players":
        if isinstance(v, list):
            return tuple(_int(key, x) for x in v)
        return (_int(key, v),)
    if key in ("strategies", "strategy_files", "companies", "officers"):
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list):
            raise _err(key, f"expected a list of strings, got {v!r}")
        return tuple(_str(key, x).strip() for x in v)
    if key == "overrides":
        if not isinstance(v, dict):
            raise _err(key, f"expected a table of data paths and values, e.g. "
                            f"{{\"bonus_tiles.conduits.vp_per_unit\" = 3}}, got {v!r}")
        return dict(_flatten(v))
    raise _err(key, "unknown key")


def _frozen_overrides(overrides: dict) -> tuple:
    """Overrides as a hashable, ordered tuple of (path, value) (lists become tuples)."""
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(overrides.items()))


def _flatten(d: dict, prefix: str = ""):
    """TOML dotted keys arrive as nested tables: {"a": {"b": 1}} -> ("a.b", 1)."""
    for k, v in d.items():
        if isinstance(v, dict):
            yield from _flatten(v, f"{prefix}{k}.")
        else:
            yield f"{prefix}{k}", v


_RANDOM = "random"   # a setup draw left to the game
_EACH = "each"       # a generated, balanced set of levels (each_levels)


def each_levels(key: str) -> tuple:
    """The levels `"each"` stands for (docs/experiments.md):
    - remove_tiles: no removal, then every advanced tile removed on its own (the ablation of each tile);
    - bonus_tiles: the six cyclic windows of five tiles (level k leaves out tile k-1), so every bonus tile is absent
      from one level and sits in every round once across the levels;
    - headstreams: the cyclic windows of the headstream tiles over the base map's headstreams (tiles k+1..k+h),
      so every tile appears on every headstream once across the levels."""
    if key == "remove_tiles":
        first = ids.FIRST_ADVANCED_TILE
        return ((),) + tuple((name,) for name in ids.TILE_NAMES[first:first + ids.N_ADVANCED_TILES])
    if key == "bonus_tiles":
        n = ids.N_BASE_BONUS                   # the base tiles (the Leeghwater ones exist only with the expansion)
        return tuple(tuple(ids.BONUS_NAMES[(k + i) % n] for i in range(5)) for k in range(1, n + 1))
    from sim.data_loader import load_components

    tiles = [int(t["id"]) for t in load_components()["headstream_tiles"]]
    heads = int(compile_tables(Variant())[0].n_head[0])
    return tuple(tuple(tiles[(k + i) % len(tiles)] for i in range(heads)) for k in range(len(tiles)))


def _levels(key: str, v: Any) -> tuple:
    """The levels of a setup factor from TOML / CLI / manifest data (one level or a list of levels)."""
    if key == "intro":
        items = v if isinstance(v, list) else [v]
        if not items or not all(isinstance(x, bool) for x in items):
            raise _err(key, f"expected true, false or [false, true], got {v!r}")
        return tuple(items)
    if key == "variant":
        items = v if isinstance(v, list) else [v]
        if not items or not all(isinstance(x, str) and x in VARIANT_NAMES for x in items):
            raise _err(key, f"expected {' or '.join(map(repr, VARIANT_NAMES))} or a list of them, got {v!r}")
        return tuple(items)
    if key == "objective":
        if v == "all":                            # the 6 base tiles; Colorado's bridge_dams is listed by name
            return tuple(ids.OBJECTIVE_NAMES[:ids.N_BASE_OBJECTIVES])
        items = v if isinstance(v, list) else [v]
        if not items or not all(isinstance(x, str) for x in items):
            raise _err(key, f"expected an objective tile name, \"random\", \"all\" or a list of names, got {v!r}")
        return tuple(None if x == _RANDOM else x for x in items)
    scalar = int if key == "headstreams" else str
    what = "headstream tile ids" if key == "headstreams" else "names"
    can_be_empty = key in ("expansions", "remove_tiles")      # [] = none (other factors: [] is no level)
    if v == _RANDOM and not can_be_empty:
        return (None,)
    if v == _EACH and key in ("bonus_tiles", "headstreams", "remove_tiles"):
        return each_levels(key)
    if not isinstance(v, list):
        raise _err(key, f"expected a list of {what} (one level) or a list of such lists (levels), got {v!r}")
    if all(isinstance(x, list) or x == _RANDOM for x in v) and (v or not can_be_empty):
        levels = v                                          # a list of levels
    elif all(isinstance(x, scalar) and not isinstance(x, bool) for x in v):
        levels = [v]                                        # one level
    else:
        raise _err(key, f"expected a list of {what} (one level) or a list of such lists (levels), got {v!r}")
    out = []
    for level in levels:
        if level == _RANDOM and not can_be_empty:
            out.append(None)
        elif isinstance(level, list) and all(isinstance(x, scalar) and not isinstance(x, bool) for x in level):
            out.append(tuple(x.strip() if isinstance(x, str) else x for x in level))
        else:
            raise _err(key, f"level {level!r} is not a list of {what}")
    if not out:
        raise _err(key, "give at least one level")
    return tuple(out)


def _plain_level(x: Any) -> Any:
    """A level as plain data (tuples -> lists, None -> "random")."""
    if x is None:
        return _RANDOM
    return list(x) if isinstance(x, tuple) else x


def _int(key: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise _err(key, f"expected an integer, got {v!r}")
    return v


def _str(key: str, v: Any) -> str:
    if not isinstance(v, str):
        raise _err(key, f"expected a string, got {v!r}")
    return v


def parse_list(key: str, text: str | None) -> tuple[str, ...] | None:
    """Splits a comma-separated CLI value (None stays None)."""
    if text is None:
        return None
    items = tuple(x.strip() for x in text.split(","))
    if any(not x for x in items):
        raise _err(key, f"empty item in {text!r}")
    return items


def parse_players(text: str) -> tuple[int, ...]:
    """Parses `--players 4` or `--players 2,3,4`."""
    out = []
    for x in text.split(","):
        try:
            out.append(int(x.strip()))
        except ValueError:
            raise _err("players", f"{x.strip()!r} is not a player count; use e.g. 4 or 2,3,4") from None
    return tuple(out)


def parse_overrides(items: list[str] | None) -> dict[str, Any]:
    """Parses `--override path=value` options; values are read as TOML (`3`, `true`, `[1, 2]`), else as text."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise _err("overrides", f"{item!r} is not PATH=VALUE, e.g. bonus_tiles.conduits.vp_per_unit=3")
        try:
            out[key.strip()] = tomllib.loads(f"v = {value.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            out[key.strip()] = value.strip()
    return out


def load_toml(path: str | Path) -> ExperimentConfig:
    """Reads and validates an experiment TOML file; errors name the file and the key."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{p}: no such experiment file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"{p}: unreadable ({e})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{p}: invalid TOML: {e}") from None
    files = data.get("strategy_files")
    if isinstance(files, list):        # relative bot paths are relative to the TOML file, not to where it is run
        data["strategy_files"] = [str(p.parent / f) if isinstance(f, str) and not Path(f).is_absolute() else f
                                  for f in files]
    try:
        cfg = ExperimentConfig.from_dict(data)
    except ConfigError as e:
        raise ConfigError(f"{p}: {e}") from None
    return cfg


# -- strategies -------------------------------------------------------------------------------------------
def _population_strategies(name: str, strategies: tuple[str, ...] | None) -> tuple[str, ...]:
    """The specs of a named population; explicit strategies must be the same ones (as a manifest stores them)."""
    from strategies.populations import population

    specs = population(name).strategies
    if strategies is not None and canonical_specs(strategies) != canonical_specs(specs):
        raise _err("population", f"{name!r} plays {','.join(specs)}; give either population or strategies, not "
                                 "both")
    return specs


def python_strategy_names(files: tuple[str, ...]) -> tuple[str, ...]:
    """Names of the Python bots in these files (loading checks the files follow the protocol)."""
    from strategies.python_bot import load_strategy_files

    try:
        return tuple(load_strategy_files(list(files)))
    except BarrageError as e:
        raise _prefixed("strategy_files", e) from None


def canonical_specs(specs: tuple[str, ...], python_names: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The registry's normal form of every spec (Python bot names pass as they are); an unknown bot or parameter
    is a ConfigError."""
    from strategies import registry

    out = []
    for spec in specs:
        if spec.strip().lower() in python_names:
            out.append(spec.strip().lower())
            continue
        try:
            out.append(registry.canonical(spec))
        except BarrageError as e:
            raise _prefixed("strategies", e) from None
    return tuple(out)


def split_strategies(text: str | None) -> tuple[str, ...] | None:
    """Splits a CLI list of specs (`mcts:iters=400,c=1.0,random` -> two specs)."""
    from strategies import registry

    if text is None:
        return None
    try:
        return tuple(registry.split_specs(text))
    except BarrageError as e:
        raise _prefixed("strategies", e) from None


def resolve_strategies(specs: tuple[str, ...], strategy_files: tuple[str, ...] = ()) -> tuple[Strategy, ...]:
    """Parses every spec through the strategy registry into (numba id, parameter vector); a Python bot's name
    becomes (PYTHON_BOT, no parameters)."""
    from strategies import registry
    from strategies.python_bot import PYTHON_BOT

    python_names = python_strategy_names(strategy_files) if strategy_files else ()
    out = []
    for spec in specs:
        if spec in python_names:
            out.append(Strategy(spec=spec, bot_id=PYTHON_BOT, params=()))
            continue
        try:
            bot_id, params = registry.parse_spec(spec)
        except BarrageError as e:
            raise _prefixed("strategies", e) from None
        out.append(Strategy(spec=spec, bot_id=int(bot_id), params=tuple(float(x) for x in params)))
    return tuple(out)
