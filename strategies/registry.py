"""The registry of built-in bots: spec strings (`name:key=value,...`) to a numba id and a parameter vector.

A strategy spec names a bot and overrides some of its parameters, e.g. `random`, `greedy:w_energy=1.5`,
`mcts:iters=400,c=1.0` (DESIGN.md § Strategies). The numba side (`strategies.core.choose_move`) sees only the
id and a float64 vector of `N_PARAMS` values laid out in the order the spec declares its parameters.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from sim.errors import ConfigError
from strategies import core, personas, value_model
from strategies.feature_layout import N_HEURISTIC

N_PARAMS = 9 + N_HEURISTIC  # width of a bot's parameter vector (unused slots are 0): a planner's own (at most 9),
                            # then a greedy parameter vector (weights and per-company blocks, feature_layout)

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_ALIAS = re.compile(r"^[A-Za-z0-9_-]+$")


@dataclass(frozen=True)
class Param:
    """One tunable parameter of a bot."""

    name: str
    default: float
    description: str
    integer: bool = False
    low: float = -math.inf
    high: float = math.inf
    always_shown: bool = False   # written in the canonical spec even at its default (search budgets: reports
                                 # read `iters` from the spec to draw strength against budget)

    def check(self, strategy: str, value: float) -> float:
        """Returns the value if it is allowed, else raises ConfigError."""
        if self.integer and value != int(value):
            raise ConfigError(f"strategy {strategy!r}: parameter {self.name} must be a whole number, got {value:g}")
        if not self.low <= value <= self.high:
            raise ConfigError(f"strategy {strategy!r}: parameter {self.name}={value:g} is outside "
                              f"[{self.low:g}, {self.high:g}]")
        return value

    def show(self) -> str:
        """`name=default` as the spec syntax writes it."""
        return f"{self.name}={_fmt(self.default)}"


@dataclass(frozen=True)
class StrategySpec:
    """A registered bot: its spec name, numba id, parameters (in vector order) and a one-line description."""

    name: str
    id: int
    params: tuple[Param, ...]
    description: str
    extra: tuple[tuple[int, float], ...] = ()   # (slot, value) past the named parameters: per-company weight blocks,
                                                # pairing values (Persona.extra_slots)

    def defaults(self) -> np.ndarray:
        """The parameter vector with every default."""
        v = np.zeros(N_PARAMS, dtype=np.float64)
        for i, p in enumerate(self.params):
            v[i] = p.default
        for slot, x in self.extra:
            v[slot] = x
        return v


REGISTRY: dict[str, StrategySpec] = {}


def register(spec: StrategySpec) -> StrategySpec:
    """Adds a bot to the registry (names and ids must be unique; at most N_PARAMS parameters)."""
    if not _NAME.match(spec.name):
        raise ValueError(f"strategy name {spec.name!r} must be lower-case letters, digits and _")
    if spec.name in REGISTRY:
        raise ValueError(f"strategy {spec.name!r} is already registered")
    # Several names may share one numba bot (the greedy personas), but then they must share its parameter layout.
    layout = tuple(p.name for p in spec.params)
    if any(s.id == spec.id and tuple(p.name for p in s.params) != layout for s in REGISTRY.values()):
        raise ValueError(f"strategy {spec.name!r} reuses bot id {spec.id} with a different parameter layout")
    if len(spec.params) > N_PARAMS or any(not len(spec.params) <= slot < N_PARAMS for slot, _ in spec.extra):
        raise ValueError(f"strategy {spec.name!r} has {len(spec.params)} parameters or extra slots past {N_PARAMS}")
    names = [p.name for p in spec.params]
    if len(set(names)) != len(names):
        raise ValueError(f"strategy {spec.name!r} declares a parameter twice")
    REGISTRY[spec.name] = spec
    return spec


register(StrategySpec("random", core.RANDOM, (), "uniform over the legal moves of every decision"))
register(StrategySpec("random_actions", core.RANDOM_ACTIONS, (),
                      "uniform, but the Bank counts as one action (1 Engineer): more varied games, used by fuzz"))
for _persona in personas.PERSONAS:       # one registry name per greedy persona: same bot, other default weights
    register(StrategySpec(_persona.name, core.GREEDY,
                          tuple(Param(q.name, v, q.description, low=q.low, high=q.high)
                                for q, (_, v) in zip(personas.PARAMS, _persona.params())),
                          _persona.description, tuple(_persona.extra_slots())))
register(StrategySpec("automa", core.AUTOMA,
                      (Param("level", 2, "difficulty 1 easy .. 4 very hard (AUTOMA-03)", integer=True, low=1, high=4),),
                      "the official solo Automa (RULES §23): its seat is played by the engine with the Automa cards"))

# The planners (strategies.flat_mc, strategies.ismcts); parameter order = their vector slots (P_* there), then
# the greedy weights their priors and playouts use: by default `tuned`'s, the strongest greedy-family bot
# (docs/bots.md: with them `mcts:iters=25` wins 0.685 against Automa level 4, with `greedy`'s 0.585);
# `heuristic=NAME` copies another greedy-family bot's weights.
_ITERS = dict(integer=True, low=1, high=1_000_000, always_shown=True)
_ITERS_HELP = "playouts per decision (each on a fresh determinization of the hidden piles)"
_ROLLOUT = Param("rollout", 1, "playout policy: 0 uniform random, 1 greedy (the heuristic weights below)",
                 integer=True, low=0, high=1)
_DEPTH = Param("depth", 0, "playout decisions before a heuristic evaluation (VP + resources/5 + own dam drops); "
                           "0 plays to the end of the game", integer=True, low=0, high=10_000)
_WIN = Param("win", 10, "reward of a win in VP, added to the VP margin over the best opponent", low=0, high=1000)
_REUSE = Param("reuse", 1, "1 keeps the subtree of the move played for the company's next decision when it follows "
                         "at once and nothing hidden was drawn in between; 0 searches every decision afresh",
               integer=True, low=0, high=1)
# The apprentice preset (docs/bots.md § The learned evaluator): few iterations, so a stronger pull to the priors
# (c 3) and sharper priors (tau 1 VP) than the planners' defaults -- measured against level 4 and `tuned`.
APPRENTICE_ITERS, APPRENTICE_DEPTH, APPRENTICE_C, APPRENTICE_TAU = 8, 10, 3.0, 1.0
PLANNER_HEURISTIC = "tuned"   # the greedy-family bot whose weights are the planners' default heuristic
_HEURISTIC = tuple(Param(q.name, v, f"heuristic weight: {q.description}", low=q.low, high=q.high)
                   for q, (_, v) in zip(personas.PARAMS, personas.PERSONA_BY_NAME[PLANNER_HEURISTIC].params()))
HEURISTIC_KEY = "heuristic"   # spec key naming the greedy-family bot whose weights a planner uses


def _mcts(iters: int, c: float, widen: float, tau: float, depth: int = 0, leaf: int = 0) -> tuple[Param, ...]:
    """The ISMCTS parameter layout with these defaults (mcts and its presets share it)."""
    return (Param("iters", iters, _ITERS_HELP, **_ITERS),
            Param("c", c, "PUCT exploration constant (rewards in units of their spread)", low=0, high=100),
            _ROLLOUT, Param(_DEPTH.name, depth, _DEPTH.description, integer=True, low=0, high=10_000),
            Param("widen", widen, "progressive widening: a node visited N times has at most 1 + widen*sqrt(N) "
                                  "children, added in order of prior; 0 expands every move first", low=0, high=100),
            Param("tau", tau, "prior temperature in VP: priors are softmax(heuristic score / tau)",
                  low=0.01, high=1000),
            _WIN, _REUSE,
            Param("leaf", leaf, "1 values a playout cut at `depth` with the learned evaluator "
                                "(strategies/data/value_model.json, `barrage learn`) instead of VP-now; 0 does not",
                  integer=True, low=0, high=1)) + _HEURISTIC


def _planner(name: str, bot: int, params: tuple[Param, ...], description: str) -> StrategySpec:
    """A planner whose parameters end with the heuristic weights: PLANNER_HEURISTIC's extra slots follow them."""
    first = len(params) - len(_HEURISTIC)
    source = personas.PERSONA_BY_NAME[PLANNER_HEURISTIC]
    return StrategySpec(name, bot, params, description, tuple(source.extra_slots(first)))


register(_planner("flat_mc", core.FLAT_MC,
                  (Param("iters", 200, _ITERS_HELP, **_ITERS), _ROLLOUT, _DEPTH, _WIN) + _HEURISTIC,
                  "flat Monte Carlo: round-robin playouts per legal move, best mean reward"))
register(_planner("mcts", core.ISMCTS, _mcts(400, 1.5, 1.0, 2.0),
                  "single-observer ISMCTS: PUCT with heuristic priors, progressive widening, heuristic playouts "
                  "(tuned's weights), VP-margin reward, tree kept between a company's consecutive decisions"))
register(_planner("expert", core.ISMCTS, _mcts(250, 1.5, 1.0, 2.0),
                  "the strong planner preset: mcts at 250 iterations per decision (about 3.5 CPU-seconds "
                  "per 2-player game against the Automa, docs/bots.md)"))


register(_planner("apprentice", core.ISMCTS,
                  _mcts(APPRENTICE_ITERS, APPRENTICE_C, 1.0, APPRENTICE_TAU, depth=APPRENTICE_DEPTH, leaf=1),
                  f"the fast bot of the learned evaluator: mcts at {APPRENTICE_ITERS} iterations per decision, "
                  f"playouts cut after {APPRENTICE_DEPTH} decisions and judged by the model "
                  "(strategies/data/value_model.json; about 0.04 CPU-s per 2-player game, docs/bots.md § The learned "
                  "evaluator)"))
register(_planner("lookahead", core.LOOKAHEAD,
                  (Param("width", 6, "moves looked at: the heuristic's best `width` (0 = every legal move)",
                         integer=True, low=0, high=1000),
                   _WIN,
                   Param("blend", 0.0, "weight of the heuristic's own score added to the learned value", low=0,
                         high=100),
                   Param("depth", 30, "after each candidate move the heuristic plays every seat on until the "
                                      "bot's next main action, at most this many decisions (0 = judge the "
                                      "position right after the move)", integer=True, low=0, high=1000))
                  + _HEURISTIC,
                  "one-ply lookahead with the learned evaluator: the heuristic's best moves, each played on a "
                  "determinized copy and valued by the model; about 0.01 CPU-s per 2-player game, measured weaker "
                  "than tuned (docs/bots.md)"))

MODEL_BOTS = (core.LOOKAHEAD,)      # bots that always read the learned evaluator; ISMCTS reads it with leaf=1


def needs_model(bot_ids: np.ndarray, params: np.ndarray) -> bool:
    """Whether any seat of these parsed strategies (ids, params [..., N_PARAMS]) reads the learned evaluator."""
    from strategies.ismcts import P_LEAF

    ids_ = np.asarray(bot_ids)
    p = np.asarray(params)
    return bool(np.isin(ids_, MODEL_BOTS).any() or ((ids_ == core.ISMCTS) & (p[..., P_LEAF] > 0)).any())


def model_sha256() -> str:
    """SHA-256 of the shipped learned evaluator's file (strategies/data/value_model.json): what a run whose bots
    read the model records, since its results depend on it."""
    import hashlib
    from importlib import resources

    return hashlib.sha256((resources.files("strategies") / "data" / value_model.SHIPPED).read_bytes()).hexdigest()


def model_for(bot_ids: np.ndarray, params: np.ndarray) -> np.ndarray:
    """The learned evaluator these seats need: the shipped model, or the one-element placeholder if none reads
    it (so games without it never load the model file)."""
    return value_model.shipped_model() if needs_model(bot_ids, params) else value_model.no_model()


def names() -> list[str]:
    """Registered strategy names, in registration order."""
    return list(REGISTRY)


def get(name: str) -> StrategySpec:
    """The registered bot of that name; an unknown name raises ConfigError listing the valid ones."""
    key = name.strip().lower()
    if key not in REGISTRY:
        raise ConfigError(f"unknown strategy {name.strip()!r}; valid: {', '.join(REGISTRY)}")
    return REGISTRY[key]


def split_alias(text: str) -> tuple[str, str]:
    """Splits `spec@label` into (spec, label); the label names a copy of a bot without changing how it plays
    (an A/A test: `greedy@a,greedy@b` are two identical bots that results and reports keep apart)."""
    spec, at, label = text.strip().partition("@")
    if at and not _ALIAS.match(label):
        raise ConfigError(f"strategy alias {label!r} in {text.strip()!r}: use letters, digits, _ or - after '@'")
    return spec, label


def parse(text: str) -> tuple[StrategySpec, np.ndarray]:
    """Parses one spec `name[:key=value,...][@label]` into its registry entry and full parameter vector."""
    spec, vec, _ = _parse(text)
    return spec, vec


def _parse(text: str) -> tuple[StrategySpec, np.ndarray, str | None]:
    """parse, plus the greedy-family bot named by `heuristic=NAME` (None if the spec names none)."""
    name, sep, rest = split_alias(text)[0].partition(":")
    if not name:
        raise ConfigError(f"empty strategy spec {text!r}; valid strategies: {', '.join(REGISTRY)}")
    spec = get(name)
    vec = spec.defaults()
    index = {p.name: i for i, p in enumerate(spec.params)}
    seen: set[str] = set()
    items = [item for item in rest.split(",") if item.strip()] if sep else []
    heuristic = None
    for item in items:
        key, eq, value = (s.strip() for s in item.partition("="))
        if key == HEURISTIC_KEY and spec.id != core.GREEDY and _HEURISTIC[0].name in index:
            if heuristic is not None:
                raise ConfigError(f"strategy {spec.name!r}: parameter {key} is given twice")
            heuristic = _heuristic_weights(spec, value, vec, index)
    for item in items:
        key, eq, value = (s.strip() for s in item.partition("="))
        if key == HEURISTIC_KEY and heuristic is not None:
            continue
        valid = ", ".join(p.show() for p in spec.params) or "none"
        if key not in index:
            raise ConfigError(f"strategy {spec.name!r} has no parameter {key!r}; its parameters: {valid}")
        if not eq or not value:
            raise ConfigError(f"strategy {spec.name!r}: write parameters as key=value, got {item.strip()!r}")
        if key in seen:
            raise ConfigError(f"strategy {spec.name!r}: parameter {key} is given twice")
        seen.add(key)
        try:
            x = float(value)
        except ValueError:
            raise ConfigError(f"strategy {spec.name!r}: parameter {key}={value!r} is not a number") from None
        if not math.isfinite(x):
            raise ConfigError(f"strategy {spec.name!r}: parameter {key}={value!r} must be finite")
        vec[index[key]] = spec.params[index[key]].check(spec.name, x)
    return spec, vec, heuristic


def _heuristic_weights(spec: StrategySpec, value: str, vec: np.ndarray, index: dict[str, int]) -> str:
    """Writes the weights of the greedy-family bot `value` into a planner's weight slots; returns its name."""
    greedy_family = [s.name for s in REGISTRY.values() if s.id == core.GREEDY]
    source = REGISTRY.get(value.lower())
    if source is None or source.id != core.GREEDY:
        raise ConfigError(f"strategy {spec.name!r}: {HEURISTIC_KEY}={value!r} is not a greedy-family bot; "
                          f"valid: {', '.join(greedy_family)}")
    first = index[_HEURISTIC[0].name]
    vec[first:first + N_HEURISTIC] = source.defaults()[:N_HEURISTIC]     # its weights and extra slots
    return source.name


def parse_spec(text: str) -> tuple[int, np.ndarray]:
    """Parses `name:k=v,...` into (numba id, float64 parameter vector of length N_PARAMS)."""
    spec, vec = parse(text)
    return spec.id, vec


def canonical(text: str) -> str:
    """The normal form of a spec: lower-case name, `heuristic=NAME` if given, then the parameters that differ
    from the defaults (those of NAME for the heuristic weights), in declaration order (`mcts:iters=400`), then the
    alias if any; specs with the same effective parameters and alias have the same form."""
    label = split_alias(text)[1]
    spec, vec, heuristic = _parse(text)
    defaults = spec.defaults()
    if heuristic is not None:
        _heuristic_weights(spec, heuristic, defaults, {p.name: i for i, p in enumerate(spec.params)})
    changed = [f"{p.name}={_fmt(vec[i])}" for i, p in enumerate(spec.params)
               if vec[i] != defaults[i] or p.always_shown]
    if heuristic is not None:
        changed.insert(0, f"{HEURISTIC_KEY}={heuristic}")
    return spec.name + (":" + ",".join(changed) if changed else "") + (f"@{label}" if label else "")


def split_specs(text: str) -> list[str]:
    """Splits a comma-separated list of specs; `key=value` items continue the previous spec's parameters.

    `mcts:iters=400,c=1.0,random` -> ['mcts:iters=400,c=1.0', 'random'].
    """
    out: list[str] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            raise ConfigError(f"empty entry in strategy list {text!r}; separate the specs with single commas")
        if "=" in item and ":" not in item:
            if not out:
                raise ConfigError(f"strategy list {text!r} starts with a parameter; write name:key=value")
            out[-1] += "," + item
        else:
            out.append(item)
    return out


def parse_seats(text: str | Sequence[str] | None, players: int) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Strategies for every seat: (canonical specs, ids [players] int64, params [players, N_PARAMS] float64).

    `text` is a comma-separated list (or a sequence) of one spec per seat, or a single spec for all seats;
    None means `random` everywhere.
    """
    if text is None:
        specs = ["random"]
    elif isinstance(text, str):
        specs = split_specs(text)
    else:
        specs = [s for t in text for s in split_specs(t)]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise ConfigError(f"{len(specs)} strategies given for {players} players; give one spec for every seat "
                          "or a single spec for all of them")
    ids_ = np.zeros(players, dtype=np.int64)
    params = np.zeros((players, N_PARAMS), dtype=np.float64)
    for seat, s in enumerate(specs):
        ids_[seat], params[seat] = parse_spec(s)
    if (ids_ == core.AUTOMA).all():
        raise ConfigError("every seat is an automa; at least one seat needs another strategy (AUTOMA-01)")
    return [canonical(s) for s in specs], ids_, params


def automa_levels(ids_: np.ndarray, params: np.ndarray) -> tuple[int, ...]:
    """Automa level per seat (0 = not an Automa) of parsed seat strategies (`parse_seats`)."""
    return tuple(int(p[0]) if i == core.AUTOMA else 0 for i, p in zip(ids_, params))


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))
