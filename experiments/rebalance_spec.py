"""The `barrage rebalance` spec: a TOML file naming the design, the knobs the search may turn, the target, the cost
of change, the search and the confirmation; validated in full before any game is played (docs/experiments.md
§ Rebalancing). Every error is one line naming the file, the key and what would be right.
"""
from __future__ import annotations

import dataclasses
import difflib
import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from experiments.experiment_config import ExperimentConfig
from sim.errors import ConfigError, DataError
from sim.ids import MAX_SEED

DEFAULT_FIRST_RUNG = 100         # games per cell every candidate of a generation plays
DEFAULT_FINALISTS = 4
DEFAULT_PROPOSALS = 3
DEFAULT_CONFIRM_GAMES = 2000
DEFAULT_SIGMA = 1.0
DEFAULT_KNOB_COST = 0.25          # imbalance points a changed knob must buy
DEFAULT_STEP_COST = 0.05          # imbalance points per step away from the official value
DEFAULT_MARGIN = 0.03
MAX_KNOBS = 60                    # CMA-ES with a few hundred evaluations learns little beyond this many dimensions

_SECTIONS = {
    "design": ("players", "map", "expansions", "population", "strategies", "games_per_cell"),
    "target": ("margin", "pairing_weight"),
    "cost": ("per_knob", "per_step"),
    "search": ("generations", "popsize", "first_rung", "sigma", "finalists"),
    "confirm": ("games_per_cell", "proposals"),
}
_TOP = ("name", "seed", *_SECTIONS, "knobs")
_KNOB_KEYS = ("path", "range", "step")


@dataclass(frozen=True)
class KnobRange:
    """One knob the search may turn: its data path, official value and the grid official + k * step within
    [low, high] (integers stay integers)."""

    path: str
    official: int | float
    low: int | float
    high: int | float
    step: int | float

    @property
    def bounds(self) -> tuple[int, int]:
        """The smallest and largest k of the grid official + k * step inside [low, high]."""
        return (math.ceil((self.low - self.official) / self.step - 1e-9),
                math.floor((self.high - self.official) / self.step + 1e-9))

    def value(self, k: int) -> int | float:
        """The knob's value k steps from the official one (exact for integers, rounded to 10 digits otherwise)."""
        v = self.official + k * self.step
        return int(v) if isinstance(self.official, int) else round(float(v), 10)


@dataclass(frozen=True)
class RebalanceSpec:
    """A validated rebalance spec; `design` is the plain-data balance experiment every candidate plays."""

    name: str
    seed: int | None
    design: dict
    margin: float
    pairing_weight: float
    knob_cost: float
    step_cost: float
    generations: int
    popsize: int
    first_rung: int
    sigma: float
    finalists: int
    confirm_games: int
    proposals: int
    knobs: tuple[KnobRange, ...]

    @property
    def games_per_cell(self) -> int:
        """Games per cell of a fully evaluated candidate (the last rung of each generation)."""
        return int(self.design["games_per_cell"])

    @property
    def population(self) -> str:
        """Whose play the verdicts describe: the named population, or the strategies."""
        return self.design.get("population") or ",".join(self.design["strategies"])

    def experiment(self, overrides: dict[str, Any], games_per_cell: int, seed: int, name: str | None = None,
                   chunk_size: int | None = None) -> ExperimentConfig:
        """The balance experiment of one candidate (its overrides on top of the design)."""
        d = {**self.design, "kind": "balance", "games_per_cell": games_per_cell, "seed": seed,
             "name": name or self.name}
        if chunk_size is not None:
            d["chunk_size"] = chunk_size
        if overrides:
            d["overrides"] = dict(overrides)
        return ExperimentConfig.from_dict(d)

    def identity(self) -> dict:
        """The spec as plain data (stored with the run: --resume requires the same)."""
        out = dataclasses.asdict(self)
        out["knobs"] = [dataclasses.asdict(k) for k in self.knobs]
        return out

    def with_seed(self, seed: int) -> RebalanceSpec:
        """The spec with its master seed fixed (a spec without one gets a fresh seed, kept by the run)."""
        return dataclasses.replace(self, seed=seed)


def load_spec(path: str | Path) -> RebalanceSpec:
    """Reads and validates a rebalance spec; every error names the file and the key."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{p}: no such rebalance spec") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"{p}: unreadable ({e})") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{p}: invalid TOML: {e}") from None
    try:
        return spec_from_dict(data)
    except ConfigError as e:
        raise ConfigError(f"{p}: {e}") from None


def spec_from_dict(data: dict[str, Any]) -> RebalanceSpec:
    """Validates plain spec data (a parsed TOML file)."""
    _only(data, _TOP, "the top level")
    sections = {}
    for section, keys in _SECTIONS.items():
        value = data.get(section, {})
        if not isinstance(value, dict):
            raise ConfigError(f"{section}: expected a table [{section}], got {value!r}")
        _only(value, keys, f"[{section}]", section)
        sections[section] = value
    name = _text(data.get("name", "rebalance"), "name")
    seed = data.get("seed")
    if seed is not None and (not _is_int(seed) or not 0 <= seed <= MAX_SEED):
        raise ConfigError(f"seed: {seed!r} is not a seed; use an integer in 0..{MAX_SEED}")
    design = _design(sections["design"], name)
    target, cost, search, confirm = (sections[s] for s in ("target", "cost", "search", "confirm"))
    margin = _number(target, "target.margin", DEFAULT_MARGIN, 0.0, 0.5, open_low=True, open_high=True)
    knobs = _knobs(data.get("knobs"), design)
    games = int(design["games_per_cell"])
    first_rung = _integer(search, "search.first_rung", min(DEFAULT_FIRST_RUNG, games), 2, games)
    spec = RebalanceSpec(
        name=name, seed=seed, design=design, margin=margin,
        pairing_weight=_number(target, "target.pairing_weight", 0.5, 0.0, 10.0),
        knob_cost=_number(cost, "cost.per_knob", DEFAULT_KNOB_COST, 0.0, 100.0),
        step_cost=_number(cost, "cost.per_step", DEFAULT_STEP_COST, 0.0, 100.0),
        generations=_integer(search, "search.generations", 20, 1, 10_000),
        popsize=_integer(search, "search.popsize", 4 + int(3 * math.log(len(knobs))), 2, 1000),
        first_rung=first_rung,
        sigma=_number(search, "search.sigma", DEFAULT_SIGMA, 0.0, 1000.0, open_low=True),
        finalists=_integer(search, "search.finalists", DEFAULT_FINALISTS, 1, 100),
        confirm_games=_integer(confirm, "confirm.games_per_cell", DEFAULT_CONFIRM_GAMES, 2, 10_000_000),
        proposals=_integer(confirm, "confirm.proposals", DEFAULT_PROPOSALS, 1, 20),
        knobs=knobs)
    if spec.proposals > spec.finalists:
        raise ConfigError(f"confirm.proposals: {spec.proposals} proposals from {spec.finalists} finalists; give at "
                          f"most search.finalists = {spec.finalists} (or raise search.finalists)")
    return spec


# -- the design -------------------------------------------------------------------------------------------------
def _design(d: dict, name: str) -> dict:
    """The balance experiment every candidate plays (validated as one: players, expansions, population...)."""
    if "games_per_cell" not in d:
        raise ConfigError("design.games_per_cell: missing; give the games per cell of a fully evaluated candidate, "
                          "e.g. 400")
    games = d["games_per_cell"]
    if not _is_int(games) or games < 2:
        raise ConfigError(f"design.games_per_cell: {games!r}; give a whole number of at least 2")
    if "population" not in d and "strategies" not in d:
        raise ConfigError("design.population: missing; name whose play to balance, e.g. population = \"tuned\" "
                          "(`barrage list populations`), or give strategies")
    plain = {"kind": "balance", "name": name, **d}
    try:
        config = ExperimentConfig.from_dict(plain)
    except ConfigError as e:
        raise ConfigError(f"design.{e}") from None
    if any(config.intro):
        raise ConfigError("design.intro: the introductory game fixes the officers; rebalance the full game")
    out = {k: v for k, v in config.to_dict().items()
           if k in ("players", "map", "expansions", "strategies", "population", "games_per_cell")}
    return out


# -- the knobs --------------------------------------------------------------------------------------------------
def _knobs(items: Any, design: dict) -> tuple[KnobRange, ...]:
    """The [[knobs]] entries, each checked against the data (its path, official value, kind and range)."""
    if not items:
        raise ConfigError("knobs: none given; list what the search may change as [[knobs]] entries with path, "
                          "range and step (`barrage list knobs` shows every path)")
    if not isinstance(items, list) or not all(isinstance(k, dict) for k in items):
        raise ConfigError("knobs: expected [[knobs]] tables, each with path, range and step")
    if len(items) > MAX_KNOBS:
        raise ConfigError(f"knobs: {len(items)} knobs; give at most {MAX_KNOBS} (the search learns little about "
                          "more with the games a run can afford)")
    available = _available_knobs()
    out: list[KnobRange] = []
    for i, item in enumerate(items):
        where = f"knobs[{i}]"
        _only(item, _KNOB_KEYS, where, where)
        path = item.get("path")
        if not isinstance(path, str) or not path:
            raise ConfigError(f"{where}.path: missing; give a data path from `barrage list knobs`")
        where = f"knobs[{i}] ({path})"
        if path not in available:
            near = difflib.get_close_matches(path, list(available), n=1, cutoff=0.6)
            hint = f"; did you mean {near[0]!r}?" if near else "; `barrage list knobs` lists every path"
            raise ConfigError(f"{where}: not a knob of the data{hint}")
        if any(k.path == path for k in out):
            raise ConfigError(f"{where}: listed twice; give each knob once")
        out.append(_knob(item, available[path], where))
    for knob in out:
        _check_in_play(knob, design)
    return tuple(out)


def _knob(item: dict, knob, where: str) -> KnobRange:
    """One knob's range and step, of the knob's own kind (a whole number stays whole), containing the official
    value and within what the override check allows."""
    official = knob.official
    whole = isinstance(official, int)
    kind = "whole numbers" if whole else "numbers"
    rng = item.get("range")
    if (not isinstance(rng, list) or len(rng) != 2 or not all(_is_number(x) for x in rng)
            or (whole and not all(_is_int(x) for x in rng))):
        raise ConfigError(f"{where}.range: expected [low, high] of {kind} around the official {official!r}, got "
                          f"{rng!r}")
    low, high = rng
    if not low <= official <= high or low == high:
        raise ConfigError(f"{where}.range: [{low}, {high}] must contain the official value {official!r} and "
                          "something else")
    if low < knob.low or high > knob.high:
        raise ConfigError(f"{where}.range: [{low}, {high}] leaves the values overrides allow "
                          f"({knob.low}..{knob.high})")
    step = item.get("step", 1 if whole else None)
    if step is None:
        raise ConfigError(f"{where}.step: missing; a number knob needs the smallest change worth trying, e.g. "
                          f"step = {abs(official) / 10 or 0.1:g}")
    if not _is_number(step) or step <= 0 or (whole and not _is_int(step)):
        raise ConfigError(f"{where}.step: expected a positive {'whole ' if whole else ''}number, got {step!r}")
    out = KnobRange(knob.path, official, low, high, step)
    lo, hi = out.bounds
    if lo == hi == 0:
        raise ConfigError(f"{where}.step: {step} leaves no value but the official one in [{low}, {high}]; use a "
                          "smaller step or a wider range")
    return out


def _check_in_play(knob: KnobRange, design: dict) -> None:
    """Both ends of the range pass the data's checks, the knob belongs to a company or officer the design deals,
    and changing it changes the tables the design's games read (a knob out of play would only waste games)."""
    from sim.tables import as_array, compile_tables

    config = ExperimentConfig.from_dict({**design, "kind": "balance"})
    owner = _owner_out_of_play(knob.path, config, compile_tables)
    if owner:
        raise ConfigError(f"knobs ({knob.path}): {owner} is not dealt in this design; drop the knob or add its "
                          "module to design.expansions")
    official = _tables_bytes(config, as_array, compile_tables)
    lo, hi = knob.bounds
    changed = False
    for k in sorted({lo, hi}):
        value = knob.value(k)
        try:
            candidate = ExperimentConfig.from_dict({**design, "kind": "balance", "overrides": {knob.path: value}})
        except (ConfigError, DataError) as e:
            raise ConfigError(f"knobs ({knob.path}).range: the data check refuses {value!r} ({e}); narrow the "
                              "range") from None
        changed = changed or _tables_bytes(candidate, as_array, compile_tables) != official
    if not changed:
        raise ConfigError(f"knobs ({knob.path}): changing it does not change the games of this design (a component "
                          "of an expansion or player count not in play?); drop it or add its module to "
                          "design.expansions")


def _owner_out_of_play(path: str, config: ExperimentConfig, compile_tables) -> str | None:
    """The company or officer a knob path belongs to, if no setup of the design deals it (else None)."""
    from sim.ids import COMPANY_NAMES, OFFICER_NAMES

    companies, officers = set(), set()
    for p in config.players:
        for setup in config.setups():
            tables = compile_tables(config.variant(p, setup))[0]
            companies.update(COMPANY_NAMES[:int(tables.n_companies[0])])
            officers.update(OFFICER_NAMES[i] for i in tables.officer_pool[:int(tables.n_officer_pool[0])])
    for name in COMPANY_NAMES:
        if path.startswith(f"companies.{name}.") and name not in companies:
            return f"company {name}"
    for name in OFFICER_NAMES:
        if name not in officers and any(path.startswith(f"{section}.{name}.") for section in
                                        ("executive_officers", "action_spaces.officer_spaces")):
            return f"officer {name}"
    return None


def _tables_bytes(config: ExperimentConfig, as_array, compile_tables) -> list[bytes]:
    return [as_array(compile_tables(config.variant(p, s))[0]).tobytes() for p in config.players
            for s in config.setups()]


def _available_knobs() -> dict:
    """path -> sim.overrides.Knob of every number `--override` can change (components.yaml's and promo.yaml's)."""
    from sim.overrides import all_knobs

    return {k.path: k for k in all_knobs()}


# -- plain values -----------------------------------------------------------------------------------------------
def _only(d: dict, allowed: tuple[str, ...], where: str, prefix: str = "") -> None:
    for key in d:
        if key not in allowed:
            name = f"{prefix}.{key}" if prefix else key
            raise ConfigError(f"{name}: unknown key in {where}; valid: {', '.join(allowed)}")


def _is_int(v: Any) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _text(v: Any, key: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise ConfigError(f"{key}: expected a non-empty text, got {v!r}")
    return v.strip()


def _integer(d: dict, key: str, default: int, low: int, high: int) -> int:
    v = d.get(key.split(".")[-1], default)
    if not _is_int(v) or not low <= v <= high:
        raise ConfigError(f"{key}: {v!r}; give a whole number in {low}..{high:,}")
    return int(v)


def _number(d: dict, key: str, default: float, low: float, high: float, open_low: bool = False,
            open_high: bool = False) -> float:
    v = d.get(key.split(".")[-1], default)
    ok = _is_number(v) and (low < v if open_low else low <= v) and (v < high if open_high else v <= high)
    if not ok:
        brackets = f"{'(' if open_low else '['}{low:g}, {high:g}{')' if open_high else ']'}"
        raise ConfigError(f"{key}: {v!r}; give a number in {brackets}")
    return float(v)
