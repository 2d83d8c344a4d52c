"""Scenarios: any game position as plain data (a dict or YAML document), and back.

`load(doc)` builds a `Game` from a scenario document; `snapshot(game)` returns the document of a game's
position in the same schema, such that `load(snapshot(g))` has the identical state vector (RNG and pending
decision stack included) and plays on exactly like `g`. The schema is documented in `docs/scenarios.md`.
Things are named as in the data files: map spaces `B5U` / `C5L` / `P8_0`, headstreams `HA`.., contracts
`G13` / `N3` / `S1`, management spaces `turbine_0_R`, companies, officers, tiles, bonus and objective tiles by
their `sim.ids` names. Every section has a default, so a hand-written rule-test scenario can be short.
Invalid documents raise `ConfigError` with one line naming the key path and what would be right.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from sim import ids
from sim import layout as L
from sim.config import GameConfig
from sim.errors import ConfigError
from sim.rules.automa_officers import mahiri_in_play
from sim.tables import compile_tables
from sim.variant import Variant

__all__ = ["TASKS", "decision", "dumps", "find_move", "load", "snapshot"]

# ---------------------------------------------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------------------------------------------

#: Task names on the decision stack (`TK_MAIN` -> "main"), id -> name.
TASKS: dict[int, str] = {getattr(ids, k): k[3:].lower() for k in dir(ids) if k.startswith("TK_")}
_TASK_IDS = {v: k for k, v in TASKS.items()}
# Tasks that belong to no seat (pushed with player -1).
_GLOBAL_TASKS = {"setup_done", "start_round", "headstreams", "actions_start", "water_phase", "scoring",
                 "end_of_round"}

_STRUCTS = ("base", "elevation", "conduit", "powerhouse")
_FULL_PIECES = {"base": 5, "elevation": 5, "conduit": 5, "powerhouse": 4}
_COLOURS = ids.CONTRACT_KIND_NAMES[:3]
_HAS_GEO = hasattr(L, "GEO_TOKEN")
_HAS_GEO_ENG = hasattr(L, "C_GEO_ENG")

_TOP_KEYS = (
    "variant", "players", "map", "intro", "expansions", "seed", "rng", "round", "phase", "current", "turn_order",
    "passed", "companies", "dams", "conduits", "powerhouses", "headstreams", "action_spaces", "contracts",
    "patent_office", "bonus_tiles", "objective", "mahiri_pool", "geological_tokens", "setup", "counters",
    "decision", "stack", "residue", "automa_deck",
)
_COMPANY_KEYS = (
    "seat", "company", "officer", "effective_officer", "credits", "excavators", "mixers", "engineers", "vp",
    "vp_by_source", "energy", "energy_by_round", "turn_position_by_round", "structures_left", "tiles", "wheel",
    "construction_spaces_used", "bank_engineers", "mahiri_uses", "geological_engineers", "decisions",
    "contracts_fulfilled", "machineries_gained", "automa", "automa_engineers", "tile_uses",
)


def _co(c: int) -> int:
    return L.COMPANY_BASE + c * L.CO_SIZE


def _fail(path: str, msg: str) -> None:
    raise ConfigError(f"{path}: {msg}")


def _valid(names) -> str:
    names = [str(n) for n in names]
    if len(names) > 40:
        names = names[:40] + ["..."]
    return ", ".join(names)


def _check_keys(path: str, d: Any, allowed, what: str = "key") -> dict:
    if d is None:
        return {}
    if not isinstance(d, dict):
        _fail(path, f"expected a mapping, got {type(d).__name__} {d!r}")
    for k in d:
        if k not in allowed:
            _fail(f"{path}.{k}" if path else str(k), f"unknown {what} {k!r}; valid: {_valid(allowed)}")
    return d


MAX_VALUE = 1_000_000_000     # far above any real count, far below int64 overflow in sums over a game


def _int(path: str, v: Any, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
        if isinstance(v, str) and v.strip().lstrip("-").isdigit():
            v = int(v)
        else:
            rng = f" in {lo}..{hi}" if lo is not None and hi is not None else ""
            _fail(path, f"{v!r} is not an integer; give a whole number{rng}")
    v = int(v)
    hi = MAX_VALUE if hi is None else hi      # every count lives in the int64 state vector
    if (lo is not None and v < lo) or v > hi:
        if lo is None:
            _fail(path, f"{v} is out of range; must be at most {hi:,}")
        _fail(path, f"{v} is out of range; must be in {lo}..{hi:,}")
    return v


def _bool(path: str, v: Any) -> bool:
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, np.integer)) and int(v) in (0, 1):
        return bool(v)
    _fail(path, f"{v!r} is not a boolean; use true or false")


def _list(path: str, v: Any) -> list:
    if v is None:
        return []
    if not isinstance(v, (list, tuple)):
        _fail(path, f"expected a list, got {type(v).__name__} {v!r}")
    return list(v)


def _name_index(path: str, v: Any, names, what: str, prefix: bool = False) -> int:
    """Index of a name (case-insensitive; unique prefixes or words when `prefix`)."""
    if not isinstance(v, str):
        _fail(path, f"{v!r} is not a {what} name; valid: {_valid(names)}")
    low = v.strip().lower()
    hits = [i for i, n in enumerate(names) if str(n).lower() == low]
    if not hits and prefix:
        hits = [i for i, n in enumerate(names) if str(n).lower().startswith(low) or low in str(n).lower().split()]
    if len(hits) != 1:
        _fail(path, f"unknown {what} {v!r}; valid: {_valid(names)}")
    return hits[0]


def _seg_items(path: str, v: Any, size: int) -> list[tuple[int, Any]]:
    """(index, value) pairs of a list or of a mapping keyed by index."""
    if isinstance(v, dict):
        return [(_int(f"{path}.{k}", k, 0, size - 1), x) for k, x in v.items()]
    return list(enumerate(_list(path, v)))


# ---------------------------------------------------------------------------------------------------------------
# Context: the variant's tables and name maps, and the companies per seat
# ---------------------------------------------------------------------------------------------------------------

class _Ctx:
    def __init__(self, variant: Variant):
        self.variant = variant
        self.T, self.info = compile_tables(variant)
        T, info = self.T, self.info
        self.n = variant.players
        self.intro = bool(variant.intro)
        self.nd, self.nc, self.nph = int(T.n_dams[0]), int(T.n_conduits[0]), int(T.n_ph[0])
        self.space_names = list(info.dam_ids) + list(info.conduit_ids) + list(info.ph_ids)
        self.n_head_tiles = int(T.n_head_tiles[0])
        self.company = [-1] * L.MAX_PLAYERS       # company id per seat (filled while loading)
        self.officer = [-1] * L.MAX_PLAYERS
        self.round = 1
        self.current = 0
        self.default_start = [-1] * L.MAX_PLAYERS   # starting contract given by default, per seat

    # names <-> indices
    def space(self, path, v):
        return _name_index(path, v, self.space_names, "map space")

    def dam(self, path, v):
        return _name_index(path, v, self.info.dam_ids, "dam space")

    def ph(self, path, v):
        return _name_index(path, v, self.info.ph_ids, "powerhouse space")

    def contract(self, path, v):
        return _name_index(path, v, self.info.contract_ids, "contract")

    def tile(self, path, v):
        return _name_index(path, v, ids.TILE_NAMES, "technology tile")

    def seat_of(self, path: str, v: Any, neutral: bool = False) -> int:
        """An owner: seat index, company name (of some seat), or 'neutral' when allowed."""
        if isinstance(v, str) and v.strip().lower() == "neutral":
            if neutral:
                return ids.NEUTRAL
            _fail(path, "only a dam can be neutral; give a company name or seat index")
        if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
            return _int(path, v, 0, self.n - 1)
        if isinstance(v, str):
            comp = _name_index(path, v, ids.COMPANY_NAMES, "company", prefix=True)
            for s in range(self.n):
                if self.company[s] == comp:
                    return s
            playing = [ids.COMPANY_NAMES[self.company[s]] for s in range(self.n) if self.company[s] >= 0]
            _fail(path, f"company {ids.COMPANY_NAMES[comp]} is not in this game; playing: {_valid(playing)}"
                        f"{' or neutral' if neutral else ''} (or a seat index)")
        _fail(path, f"{v!r} is not an owner; give a company name or a seat index")

    def owner_name(self, s: int):
        if s == ids.NEUTRAL:
            return "neutral"
        if 0 <= s < L.MAX_PLAYERS and self.company[s] >= 0:
            return ids.COMPANY_NAMES[self.company[s]]
        return int(s)


# ---------------------------------------------------------------------------------------------------------------
# Decision-stack frames: task names and named arguments
# ---------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Arg:
    name: str
    slot: int                      # 0..5 -> frame a0..a5
    kind: str                      # int, bool, tile, tile?, space, dam, ph?, structure, areas, reward_key, enum
    default: int = 0               # raw value when omitted
    mask: int = 0                  # bool flag within the slot
    required: bool = False
    when: Callable[[list], bool] | None = None   # shown in snapshots only when this holds for the raw frame
    choices: tuple = ()            # enum names, raw = index


def _construct_names(prefix: str) -> tuple[str, ...]:
    from sim.rules import construct as K
    pairs = sorted((v, k[len(prefix):].lower()) for k, v in vars(K).items()
                   if k.startswith(prefix) and isinstance(v, int))
    out = [f"{prefix.lower()}{i}" for i in range(max(v for v, _ in pairs) + 1)]
    for v, k in pairs:
        out[v] = k
    return tuple(out)


def _task_args() -> dict[str, tuple[_Arg, ...]]:
    from sim.rules.produce import GERMAN_SECOND, OPTIONAL
    tile_modes = _construct_names("TILE_")
    build_modes = _construct_names("BUILD_")
    return {
        "setup_pick": (_Arg("forced", 0, "bool"), _Arg("index", 1, "int")),
        "main": (_Arg("extra", 0, "bool"),),
        "build": (_Arg("mode", 0, "enum", choices=build_modes),
                  _Arg("tile", 1, "tile", when=lambda f: f[2] != 0)),
        "pay": (_Arg("space", 0, "space", required=True), _Arg("tile_mode", 1, "enum", choices=tile_modes),
                _Arg("tile", 2, "tile?", required=True)),
        "produce": (_Arg("modifier", 0, "int"), _Arg("optional", 1, "bool", mask=OPTIONAL),
                    _Arg("german_second", 1, "bool", mask=GERMAN_SECOND),
                    _Arg("excluded_powerhouse", 2, "ph?", default=-1)),
        "fulfil": (_Arg("energy", 0, "int", required=True), _Arg("by_production", 1, "bool")),
        "drop": (_Arg("count", 0, "int", default=1), _Arg("now", 1, "bool"), _Arg("exact", 2, "bool")),
        "take_contract": (_Arg("count", 0, "int", default=1),),
        "machine": (_Arg("count", 0, "int", default=1),),
        "free_place": (_Arg("structure", 0, "structure", required=True),
                       _Arg("areas", 1, "areas", when=lambda f: f[2] == ids.BASE),
                       _Arg("max_value", 1, "int", when=lambda f: f[2] == ids.CONDUIT),
                       _Arg("count", 2, "int", default=1)),
        "geo_drop": (_Arg("dam", 0, "dam", required=True),),
        "start_round": (_Arg("round", 0, "int", required=True),),
        "rotate": (_Arg("steps", 0, "int", default=1),),
        "after_production": (_Arg("optional", 0, "bool", mask=OPTIONAL),
                             _Arg("german_second", 0, "bool", mask=GERMAN_SECOND),
                             _Arg("powerhouse", 1, "ph?", default=-1)),
        "tile_effect": (_Arg("tile", 0, "tile", required=True), _Arg("space", 1, "space")),
        "reward_part": (_Arg("key", 0, "reward_key", required=True), _Arg("amount", 1, "int")),
    }


_ARGS_CACHE: dict[str, tuple[_Arg, ...]] = {}


def _args_of(task: str) -> tuple[_Arg, ...]:
    if not _ARGS_CACHE:
        _ARGS_CACHE.update(_task_args())
    return _ARGS_CACHE.get(task, ())


def _enc_arg(ctx: _Ctx, a: _Arg, v: Any, path: str) -> int:
    k = a.kind
    if k == "int":
        return _int(path, v)
    if k == "bool":
        return int(_bool(path, v))
    if k in ("tile", "tile?"):
        if v is None and k == "tile?":
            return -1
        return ctx.tile(path, v)
    if k == "space":
        return ctx.space(path, v)
    if k == "dam":
        return ctx.dam(path, v)
    if k == "ph?":
        return -1 if v is None else ctx.ph(path, v)
    if k == "structure":
        return _name_index(path, v, _STRUCTS, "structure")
    if k == "areas":
        mask = 0
        for i, x in enumerate(_list(path, v)):
            mask |= 1 << _name_index(f"{path}[{i}]", x, ids.AREA_NAMES, "area")
        return mask
    if k == "reward_key":
        return _name_index(path, v, ids.REWARD_KEYS, "reward key")
    if k == "enum":
        return _name_index(path, v, a.choices, a.name)
    raise AssertionError(k)


def _dec_arg(ctx: _Ctx, a: _Arg, raw: int) -> Any:
    k = a.kind
    if k in ("int",):
        return int(raw)
    if k == "bool":
        return bool(raw)
    if k in ("tile", "tile?"):
        return None if raw == -1 and k == "tile?" else ids.TILE_NAMES[raw]
    if k == "space":
        return ctx.space_names[raw]
    if k == "dam":
        return ctx.info.dam_ids[raw]
    if k == "ph?":
        return None if raw == -1 else ctx.info.ph_ids[raw]
    if k == "structure":
        return _STRUCTS[raw]
    if k == "areas":
        return [ids.AREA_NAMES[i] for i in range(3) if raw >> i & 1]
    if k == "reward_key":
        return ids.REWARD_KEYS[raw]
    if k == "enum":
        return a.choices[raw]
    raise AssertionError(k)


def _frame_raw(ctx: _Ctx, d: Any, path: str, default_seat: int) -> list[int]:
    """Encodes one frame document (`{task: main, seat: 0, extra: false}` or just `main`) into 8 ints."""
    if isinstance(d, str):
        d = {"task": d}
    if not isinstance(d, dict) or "task" not in d:
        _fail(path, f"a frame needs a task, e.g. {{task: main, seat: 0}}; got {d!r}")
    t = d["task"]
    if isinstance(t, (int, np.integer)) and not isinstance(t, bool):
        kind = int(t)
        name = TASKS.get(kind, "")
    else:
        names = list(_TASK_IDS)
        name = names[_name_index(f"{path}.task", t, names, "task")]
        kind = _TASK_IDS[name]
    args = _args_of(name)
    allowed = ("task", "seat") + tuple(a.name for a in args) + tuple(f"a{i}" for i in range(6))
    _check_keys(path, d, allowed)
    if "seat" in d:
        seat = -1 if d["seat"] is None else _int(f"{path}.seat", d["seat"], -1, ctx.n - 1)
    else:
        seat = -1 if name in _GLOBAL_TASKS else default_seat
    raw = [kind, seat, 0, 0, 0, 0, 0, 0]
    for a in args:
        if not a.mask:
            raw[2 + a.slot] = a.default
    for a in args:
        if a.name in d:
            v = _enc_arg(ctx, a, d[a.name], f"{path}.{a.name}")
            if a.mask:
                raw[2 + a.slot] = (raw[2 + a.slot] & ~a.mask) | (a.mask if v else 0)
            else:
                raw[2 + a.slot] = v
        elif a.required:
            _fail(f"{path}.{a.name}", f"missing; a {name} frame needs {a.name}")
    for i in range(6):
        if f"a{i}" in d:
            raw[2 + i] = _int(f"{path}.a{i}", d[f"a{i}"])
    return raw


def _frame_doc(ctx: _Ctx, raw: list[int]) -> dict:
    """Decodes 8 ints into a frame document (named task and arguments; raw `aN` only where names fall short)."""
    kind, seat = int(raw[0]), int(raw[1])
    name = TASKS.get(kind)
    d: dict[str, Any] = {"task": name if name else kind}
    if name not in _GLOBAL_TASKS or seat != -1:
        d["seat"] = seat if seat >= 0 else None
    for a in _args_of(name or ""):
        if a.when is not None and not a.when(raw):
            continue
        v = int(raw[2 + a.slot])
        if a.mask:
            v = int(bool(v & a.mask))
        if v == a.default and not a.required:
            continue
        try:
            d[a.name] = _dec_arg(ctx, a, v)
        except (IndexError, KeyError):
            pass
    try:
        back = _frame_raw(ctx, d, "frame", seat)
    except ConfigError:
        d = {"task": d["task"], "seat": d.get("seat")} if "seat" in d else {"task": d["task"]}
        back = _frame_raw(ctx, d, "frame", seat)
    for i in range(6):
        if back[2 + i] != raw[2 + i]:
            d[f"a{i}"] = int(raw[2 + i])
    return d


def decision(task: str, seat: int | None = None, **args) -> dict:
    """A decision-stack frame for a scenario document, e.g. `decision("main", 1)` or
    `decision("fulfil", 0, energy=7, by_production=True)`."""
    d: dict[str, Any] = {"task": task}
    if seat is not None:
        d["seat"] = seat
    d.update(args)
    return d


# ---------------------------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------------------------

def _is_file(text: str) -> bool:
    """Whether a one-line string names an existing file (a string too long for a path is YAML, not a path)."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False


def _read_doc(doc: dict | str | Path) -> dict:
    if isinstance(doc, Path) or (isinstance(doc, str) and "\n" not in doc and ":" not in doc
                                 and (doc.strip().endswith((".yaml", ".yml")) or _is_file(doc))):
        p = Path(doc)
        if not p.is_file():
            raise ConfigError(f"scenario file {str(p)!r} does not exist; give a path to a YAML file, "
                              "a YAML string or a dict")
        text = p.read_text(encoding="utf-8")
        where = str(p)
    elif isinstance(doc, str):
        text, where = doc, "scenario text"
    elif isinstance(doc, dict):
        return doc
    else:
        raise ConfigError(f"scenario: expected a dict, a YAML string or a path, got {type(doc).__name__}")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise ConfigError(f"{where}: not valid YAML: {e}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: a scenario must be a YAML mapping (players: 3, round: 2, ...)")
    return data


def _variant_of(doc: dict) -> Variant:
    v = dict(_check_keys("variant", doc.get("variant"), ("players", "map", "intro", "expansions")))
    for k in ("players", "map", "intro", "expansions"):
        if k in doc:
            if k in v and v[k] != doc[k]:
                _fail(k, f"{doc[k]!r} contradicts variant.{k} = {v[k]!r}; give it once")
            v[k] = doc[k]
    players = _int("players", v.get("players", 4))
    mp = v.get("map", "base")
    if not isinstance(mp, str):
        _fail("map", f"{mp!r} is not a map name; use 'base'")
    intro = _bool("intro", v.get("intro", False))
    exps = tuple(str(e) for e in _list("expansions", v.get("expansions")))
    return Variant(players=players, map=mp, intro=intro, expansions=exps)


def _default_pairings(ctx: _Ctx, given: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Company and officer per seat: given ones kept, the rest the first unused (intro: fixed pairings)."""
    T = ctx.T
    out = list(given)
    used_c = {c for c, _ in out if c >= 0}
    used_o = {o for _, o in out if o >= 0}
    intro_pairs = [(int(T.intro_pairings[k, 0]), int(T.intro_pairings[k, 1])) for k in range(int(T.n_intro_pairings[0]))]
    pool = [int(x) for x in T.officer_pool[:int(T.n_officer_pool[0])]]
    for s, (c, o) in enumerate(out):
        if c < 0:
            c = next(x for x in range(len(ids.COMPANY_NAMES)) if x not in used_c)
            used_c.add(c)
        if o < 0:
            if ctx.intro:
                o = next(po for pc, po in intro_pairs if pc == c)
            else:
                o = next(x for x in pool if x not in used_o)
            used_o.add(o)
        out[s] = (c, o)
    return out


def _build(doc: dict, check: bool = True) -> tuple[GameConfig, np.ndarray, _Ctx]:
    _check_keys("", doc, _TOP_KEYS)
    variant = _variant_of(doc)
    ctx = _Ctx(variant)
    T, n = ctx.T, ctx.n
    S = np.zeros(L.STATE_SIZE, dtype=np.int64)

    # blank board, as setup_game leaves it
    S[L.DAM_OWNER:L.DAM_OWNER + L.MAX_DAMS] = ids.NOBODY
    S[L.COND_OWNER:L.COND_OWNER + L.MAX_CONDUITS] = ids.NOBODY
    S[L.PH_OWNER:L.PH_OWNER + L.MAX_PH] = ids.NOBODY
    S[L.SPACE_OCC:L.SPACE_OCC + L.N_SPACES] = ids.NOBODY
    S[L.CON_STATE:L.CON_STATE + L.N_CONTRACTS] = ids.CS_BOX
    S[L.CON_OWNER:L.CON_OWNER + L.N_CONTRACTS] = ids.NOBODY
    S[L.MAHIRI_POOL:L.MAHIRI_POOL + 3] = -1
    for arr in (L.PAIR_COMPANY, L.PAIR_OFFICER, L.START_DEALT):
        S[arr:arr + L.MAX_PLAYERS] = -1
    if _HAS_GEO:
        S[L.GEO_TOKEN:L.GEO_TOKEN + L.MAX_ZONES] = ids.GEO_NONE
    for c in range(L.MAX_PLAYERS):
        b = _co(c)
        S[b + L.C_COMPANY] = S[b + L.C_OFFICER] = S[b + L.C_EFF_OFFICER] = -1
        S[b + L.C_TILE_LOC:b + L.C_TILE_LOC + ids.N_TILES] = ids.TILE_NOT_OWNED

    # round and phase
    phase = _name_index("phase", doc.get("phase", "actions"), ids.PHASE_NAMES, "phase")
    rnd = _int("round", doc.get("round", 0 if phase == ids.PH_SETUP else 1), 0, 5)
    if (rnd == 0) != (phase == ids.PH_SETUP):
        _fail("round", f"{rnd} does not fit phase {ids.PHASE_NAMES[phase]}; round 0 is the setup, rounds 1..5 the game")
    S[L.G_ROUND], S[L.G_PHASE] = rnd, phase
    ctx.round = rnd

    # companies: identities first (owners elsewhere refer to them)
    cdocs = _company_docs(ctx, doc.get("companies"))
    given = []
    for s in range(n):
        d = cdocs[s]
        p = f"companies[{s}]"
        if "company" in d and d["company"] is None:
            if phase != ids.PH_SETUP:
                _fail(f"{p}.company", "null (not chosen yet) is only possible in the setup phase; give a company name")
            given.append(None)
            continue
        c = _name_index(f"{p}.company", d["company"], ids.COMPANY_NAMES, "company", prefix=True) if "company" in d else -1
        o = _name_index(f"{p}.officer", d["officer"], ids.OFFICER_NAMES, "officer", prefix=True) \
            if d.get("officer") is not None else -1
        given.append((c, o))
    for s in range(n):
        for s2 in range(s):
            if given[s] and given[s2]:
                if given[s][0] >= 0 and given[s][0] == given[s2][0]:
                    _fail(f"companies[{s}].company", f"{ids.COMPANY_NAMES[given[s][0]]} is already seat {s2}'s company; "
                                                     "each seat needs a different company")
                if given[s][1] >= 0 and given[s][1] == given[s2][1]:
                    _fail(f"companies[{s}].officer", f"{ids.OFFICER_NAMES[given[s][1]]} is already seat {s2}'s officer; "
                                                     "each seat needs a different officer")
    if ctx.intro:
        for s, g in enumerate(given):
            if g and g[1] >= 0:
                pairs = {int(T.intro_pairings[k, 0]): int(T.intro_pairings[k, 1]) for k in range(int(T.n_intro_pairings[0]))}
                if g[0] >= 0 and pairs.get(g[0]) != g[1]:
                    _fail(f"companies[{s}].officer", f"the introductory game pairs {ids.COMPANY_NAMES[g[0]]} with "
                                                     f"{ids.OFFICER_NAMES[pairs[g[0]]]} (SETUP-18)")
    if ctx.intro:
        pair_of = {int(T.intro_pairings[k, 1]): int(T.intro_pairings[k, 0]) for k in range(int(T.n_intro_pairings[0]))}
        for s, g in enumerate(given):
            if g and g[0] < 0 and g[1] >= 0:
                if g[1] not in pair_of:
                    _fail(f"companies[{s}].officer", f"{ids.OFFICER_NAMES[g[1]]} is not in the introductory pairings "
                                                     "(SETUP-18)")
                given[s] = (pair_of[g[1]], g[1])
    picked = [s for s in range(n) if given[s] is not None]
    resolved = _default_pairings(ctx, [given[s] for s in picked])
    for s, (c, o) in zip(picked, resolved):
        ctx.company[s], ctx.officer[s] = c, o

    # turn order, passed, current
    if "turn_order" in doc:
        to = [_int(f"turn_order[{i}]", x, 0, n - 1) for i, x in enumerate(_list("turn_order", doc["turn_order"]))]
        if len(to) != n:
            _fail("turn_order", f"has {len(to)} seats for {n} players; list every seat once, first to play first")
        if phase != ids.PH_SETUP and sorted(to) != list(range(n)):
            _fail("turn_order", f"{to} is not an ordering of the seats 0..{n - 1}; list every seat once")
    else:
        to = list(range(n))
    S[L.G_TURN_ORDER:L.G_TURN_ORDER + n] = to
    passed = [_int(f"passed[{i}]", x, 0, n - 1) for i, x in enumerate(_list("passed", doc.get("passed")))]
    for s in passed:
        S[L.G_PASSED + s] = 1

    # companies: the rest of each block
    for s in range(n):
        _company_block(ctx, S, s, cdocs[s], phase)
    for s in range(n):
        b = L.COMPANY_BASE + s * L.CO_SIZE
        if S[b + L.C_AUTOMA_ENG] and not S[b + L.C_AUTOMA] and not mahiri_in_play(S):
            _fail(f"companies[{s}].automa_engineers", "only an Automa seat, or a player facing a level-4 Automa "
                                                     "with Mahiri Sekibo (AUTOMA-66), has Engineers placed by the "
                                                     "Automa procedure (AUTOMA-12); set automa: <level>")

    _map_structures(ctx, S, doc)
    _headstreams(ctx, S, doc.get("headstreams"))
    _action_spaces(ctx, S, doc.get("action_spaces"))
    _contracts(ctx, S, doc.get("contracts"))
    _patent_office(ctx, S, doc.get("patent_office"))
    _misc(ctx, S, doc, phase)
    _derived_company_fields(ctx, S, cdocs, check)
    _dam_capacity(ctx, S)
    _counters(ctx, S, doc.get("counters"), check)
    _stack(ctx, S, doc, phase, to, passed)

    if "rng" in doc:
        S[L.G_RNG] = _int("rng", doc["rng"], -2**63, 2**63 - 1)       # 64 raw bits as int64 (sim.rules.rng)
        if S[L.G_RNG] == 0:
            _fail("rng", "is 0, which the generator never leaves; use any other 64-bit integer")
    else:
        from sim.rules.rng import seed_state
        seed = _int("seed", doc["seed"], 0, ids.MAX_SEED) if doc.get("seed") is not None else 0
        S[L.G_RNG] = seed_state(seed)

    _raw_parts(ctx, S, doc)
    if check:
        from sim.invariants import AUTOMA_DECISION, describe_violations, violations
        bad = int(violations(S, T)) & ~AUTOMA_DECISION      # a loaded Automa turn is played by the engine next
        if bad:
            raise ConfigError("scenario: the position is inconsistent: " + "; ".join(describe_violations(bad))
                              + " (check companies[*].engineers / structures / drops / vp_by_source, "
                                "or counters.drops_created)")
    levels = tuple(int(S[_co(s) + L.C_AUTOMA]) for s in range(n))
    if all(levels):
        _fail("companies", "every seat is an Automa; at least one seat must be a player (AUTOMA-01)")
    config = GameConfig(players=n, map=variant.map, intro=variant.intro, expansions=tuple(variant.expansions),
                        automa=levels if any(levels) else None)
    return config, S, ctx


def _company_docs(ctx: _Ctx, v: Any) -> list[dict]:
    n = ctx.n
    out: list[dict] = [{} for _ in range(n)]
    if v is None:
        return out
    if isinstance(v, dict):
        items = [(_int(f"companies.{k}", k, 0, n - 1), x, f"companies.{k}") for k, x in v.items()]
    else:
        items = []
        for i, x in enumerate(_list("companies", v)):
            p = f"companies[{i}]"
            seat = x.get("seat", i) if isinstance(x, dict) else i
            items.append((_int(f"{p}.seat", seat, 0, n - 1), x, p))
    seen = {}
    for seat, x, p in items:
        x = _check_keys(p, x, _COMPANY_KEYS)
        if "seat" in x and _int(f"{p}.seat", x["seat"], 0, n - 1) != seat:
            _fail(f"{p}.seat", f"{x['seat']} contradicts the key {seat}")
        if seat in seen:
            _fail(p, f"seat {seat} is already described at {seen[seat]}; describe each seat once")
        seen[seat] = p
        out[seat] = dict(x)
    return out


def _company_block(ctx: _Ctx, S: np.ndarray, s: int, d: dict, phase: int) -> None:
    T = ctx.T
    b = _co(s)
    p = f"companies[{s}]"
    comp, off = ctx.company[s], ctx.officer[s]
    if comp < 0:
        extra = [k for k in d if k not in ("seat", "company", "officer")]
        if extra:
            _fail(f"{p}.{extra[0]}", "a seat that has not chosen its company yet has no company board; remove it")
        if d.get("officer") is not None:
            _fail(f"{p}.officer", "a seat that has not chosen its company yet has no officer; use null")
        return
    S[b + L.C_COMPANY], S[b + L.C_OFFICER] = comp, off
    eff = off
    if d.get("effective_officer") is not None:
        eff = _name_index(f"{p}.effective_officer", d["effective_officer"], ids.OFFICER_NAMES, "officer", prefix=True)
        if eff != off and off != ids.MAHIRI:
            _fail(f"{p}.effective_officer", f"only Mahiri Sekibo copies another officer; {ids.OFFICER_NAMES[off]}'s "
                                            "effective officer is the officer itself")
    lvl = _int(f"{p}.automa", d.get("automa", 0), 0, 4)                 # AUTOMA-01/03: 0 = a player's seat
    S[b + L.C_AUTOMA] = lvl
    S[b + L.C_AUTOMA_ENG] = _int(f"{p}.automa_engineers", d.get("automa_engineers", 0), 0)
    if 0 < lvl < 4 and d.get("effective_officer") is None:
        eff = ids.NO_OFFICER                                              # AUTOMA-03: officer from level 4
    S[b + L.C_EFF_OFFICER] = eff
    sr = T.start_resources
    S[b + L.C_CREDITS] = _int(f"{p}.credits", d.get("credits", 0 if lvl else int(T.officer_start_credits[off])), 0)
    if lvl and S[b + L.C_CREDITS]:
        _fail(f"{p}.credits", "an Automa has no Credits (AUTOMA-04); use 0")
    S[b + L.C_EXC] = _int(f"{p}.excavators", d.get("excavators", int(sr[1])), 0)
    S[b + L.C_MIX] = _int(f"{p}.mixers", d.get("mixers", int(sr[2])), 0)
    S[b + L.C_ENERGY] = _int(f"{p}.energy", d.get("energy", 0), 0)
    hist = _list(f"{p}.energy_by_round", d.get("energy_by_round", [0] * 5))
    if len(hist) > 5:
        _fail(f"{p}.energy_by_round", f"has {len(hist)} entries; give at most 5 (one per round)")
    for r, x in enumerate(hist):
        S[b + L.C_ENERGY_HIST + r] = _int(f"{p}.energy_by_round[{r}]", x, 0)
    if "turn_position_by_round" in d:
        tp = _list(f"{p}.turn_position_by_round", d["turn_position_by_round"])
        if len(tp) > 5:
            _fail(f"{p}.turn_position_by_round", f"has {len(tp)} entries; give at most 5 (one per round)")
        for r, x in enumerate(tp):
            S[b + L.C_TURN_POS_HIST + r] = _int(f"{p}.turn_position_by_round[{r}]", x, 0, ctx.n)
    else:
        pos = [S[L.G_TURN_ORDER + i] for i in range(ctx.n)].index(s) + 1 if ctx.round else 0
        for r in range(ctx.round):
            S[b + L.C_TURN_POS_HIST + r] = pos
    S[b + L.C_CONSTR_USED] = _int(f"{p}.construction_spaces_used", d.get("construction_spaces_used", 0), 0, 4)
    S[b + L.C_BANK_ENG] = _int(f"{p}.bank_engineers", d.get("bank_engineers", 0), 0)
    S[b + L.C_MAHIRI_USED] = _int(f"{p}.mahiri_uses", d.get("mahiri_uses", 0), 0, 2)
    if S[b + L.C_MAHIRI_USED] and off != ids.MAHIRI:
        _fail(f"{p}.mahiri_uses", f"only Mahiri Sekibo has the officer space; {ids.OFFICER_NAMES[off]} must have 0")
    if "geological_engineers" in d:
        if not _HAS_GEO_ENG:
            _fail(f"{p}.geological_engineers", "this engine has no geological engineers field")
        S[b + L.C_GEO_ENG] = _int(f"{p}.geological_engineers", d["geological_engineers"], 0)
    S[b + L.C_DECISIONS] = _int(f"{p}.decisions", d.get("decisions", 0), 0)
    for name, x in _check_keys(f"{p}.tile_uses", d.get("tile_uses"), ids.TILE_NAMES, "tile").items():
        S[L.TILE_USES + s * L.N_TILE_IDS + ctx.tile(f"{p}.tile_uses", name)] = _int(f"{p}.tile_uses.{name}", x, 0)

    # wheel and tiles
    w = _check_keys(f"{p}.wheel", d.get("wheel"), ("open", "segments"))
    S[b + L.C_WHEEL_OPEN] = _int(f"{p}.wheel.open", w.get("open", 0), 0, 5)
    on_wheel: dict[int, str] = {}
    for seg, x in _seg_items(f"{p}.wheel.segments", w.get("segments"), 6):
        sp = f"{p}.wheel.segments[{seg}]"
        if seg > 5:
            _fail(f"{p}.wheel.segments", "the wheel has 6 segments (0..5)")
        x = _check_keys(sp, x, ("excavators", "mixers", "tiles"))
        S[b + L.C_WHEEL_EXC + seg] = _int(f"{sp}.excavators", x.get("excavators", 0), 0)
        S[b + L.C_WHEEL_MIX + seg] = _int(f"{sp}.mixers", x.get("mixers", 0), 0)
        for i, t in enumerate(_list(f"{sp}.tiles", x.get("tiles"))):
            tp_ = f"{sp}.tiles[{i}]"
            ti = ctx.tile(tp_, t)
            if ti in on_wheel:
                _fail(tp_, f"tile {ids.TILE_NAMES[ti]} is already at {on_wheel[ti]}; a tile is in one place")
            on_wheel[ti] = tp_
            S[b + L.C_TILE_LOC + ti] = seg
    if "tiles" in d:
        supply = []
        for i, t in enumerate(_list(f"{p}.tiles", d["tiles"])):
            tp_ = f"{p}.tiles[{i}]"
            ti = ctx.tile(tp_, t)
            if ti in on_wheel or ti in supply:
                _fail(tp_, f"tile {ids.TILE_NAMES[ti]} is listed twice (supply and/or wheel); a tile is in one place")
            supply.append(ti)
    else:
        anton = off == ids.ANTON and lvl in (0, 4)
        supply = [0, 1, 2, 3] + ([ids.T_BASIC_WILD] if ctx.intro else []) + ([ids.T_ANTON] if anton else [])
        supply = [t for t in supply if t not in on_wheel]
    for ti in supply:
        S[b + L.C_TILE_LOC + ti] = ids.TILE_IN_SUPPLY
    for ti in list(on_wheel) + supply:
        if ids.FIRST_ADVANCED_TILE <= ti < ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES and ctx.intro:
            _fail(f"{p}.tiles", f"{ids.TILE_NAMES[ti]}: the introductory game has no advanced tiles (SETUP-09)")


def _map_structures(ctx: _Ctx, S: np.ndarray, doc: dict) -> None:
    T, info = ctx.T, ctx.info
    dams = doc.get("dams") or {}
    _check_keys("dams", dams, list(dams))
    for k, v in dams.items():
        p = f"dams.{k}"
        d = ctx.dam(p, k)
        if isinstance(v, dict):
            _check_keys(p, v, ("owner", "level", "drops"))
            if "owner" not in v:
                _fail(f"{p}.owner", "missing; give a company name, seat index or neutral")
            owner = ctx.seat_of(f"{p}.owner", v["owner"], neutral=True)
            level = _int(f"{p}.level", v.get("level", 1), 1, 3)
            drops = _int(f"{p}.drops", v.get("drops", 0), 0, 4)
        else:
            owner, level, drops = ctx.seat_of(p, v, neutral=True), 1, 0
        S[L.DAM_OWNER + d], S[L.DAM_LEVEL + d], S[L.DAM_DROPS + d] = owner, level, drops
    for d in range(ctx.nd):                    # CONSTRUCT-13: one base per company per basin
        o = S[L.DAM_OWNER + d]
        z = int(T.dam_zone[d])
        if 0 <= o < ids.NEUTRAL:
            for j in range(2):
                d2 = int(T.zone_dams[z, j])
                if 0 <= d2 < d and S[L.DAM_OWNER + d2] == o:
                    _fail(f"dams.{info.dam_ids[d]}", f"{ctx.owner_name(o)} already has a dam in this basin "
                                                     f"({info.dam_ids[d2]}); a company builds one base per basin")
    conds = doc.get("conduits") or {}
    _check_keys("conduits", conds, list(conds))
    for k, v in conds.items():
        p = f"conduits.{k}"
        i = _name_index(p, k, info.conduit_ids, "conduit space")
        if isinstance(v, dict):
            _check_keys(p, v, ("owner",))
            v = v.get("owner")
        S[L.COND_OWNER + i] = ctx.seat_of(p, v)
    phs = doc.get("powerhouses") or {}
    _check_keys("powerhouses", phs, list(phs))
    for k, v in phs.items():
        p = f"powerhouses.{k}"
        i = _name_index(p, k, info.ph_ids, "powerhouse space")
        if isinstance(v, dict):
            _check_keys(p, v, ("owner",))
            v = v.get("owner")
        o = ctx.seat_of(p, v)
        z = int(T.ph_zone[i])
        for j in range(4):
            q = int(T.zone_ph[z, j])
            if q >= 0 and q != i and S[L.PH_OWNER + q] == o:
                _fail(p, f"{ctx.owner_name(o)} already has a powerhouse in this zone ({info.ph_ids[q]}); "
                         "one powerhouse per company per zone")
        S[L.PH_OWNER + i] = o


def _headstreams(ctx: _Ctx, S: np.ndarray, v: Any) -> None:
    info = ctx.info
    v = v or {}
    _check_keys("headstreams", v, info.headstream_ids, "headstream")
    nh = len(info.headstream_ids)
    tiles: list[int | None] = [None] * nh
    for h, hid in enumerate(info.headstream_ids):
        x = v.get(hid)
        if x is None:
            continue
        p = f"headstreams.{hid}"
        x = _check_keys(p, x, ("tile", "drops"))
        if "tile" in x:
            t = _int(f"{p}.tile", x["tile"], 1, ctx.n_head_tiles) - 1
            if t in tiles:
                _fail(f"{p}.tile", f"headstream tile {t + 1} is already on {info.headstream_ids[tiles.index(t)]}; "
                                   "each tile is used once")
            tiles[h] = t
        S[L.HEAD_DROPS + h] = _int(f"{p}.drops", x.get("drops", 0), 0)
    free = [t for t in range(ctx.n_head_tiles) if t not in tiles]
    for h in range(nh):
        if tiles[h] is None:
            tiles[h] = free.pop(0)
        S[L.HEAD_TILE + h] = tiles[h]


def _action_spaces(ctx: _Ctx, S: np.ndarray, v: Any) -> None:
    T, info = ctx.T, ctx.info
    v = v or {}
    _check_keys("action_spaces", v, info.space_ids, "management-board space")
    for k, x in v.items():
        p = f"action_spaces.{k}"
        s = info.space_ids.index(k)
        if not T.space_exists[s]:
            _fail(p, f"this space is not in play with {ctx.n} players (BLOCK-01)")
        if isinstance(x, dict):
            _check_keys(p, x, ("seat", "engineers"))
            if "seat" not in x:
                _fail(f"{p}.seat", "missing; give the seat (or company) whose Engineers occupy the space")
            seat = ctx.seat_of(f"{p}.seat", x["seat"])
            eng = _int(f"{p}.engineers", x.get("engineers", int(T.space_eng[s])), 1)
        else:
            seat, eng = ctx.seat_of(p, x), int(T.space_eng[s])
        S[L.SPACE_OCC + s], S[L.SPACE_ENG + s] = seat, eng


def _contracts(ctx: _Ctx, S: np.ndarray, v: Any) -> None:
    T, info, n = ctx.T, ctx.info, ctx.n
    v = _check_keys("contracts", v, ("display", "piles", "drawn", "hand", "fulfilled", "discarded",
                                     "national_board", "dealt", "box"))
    kind = [int(T.contract_kind[k]) for k in range(L.N_CONTRACTS)]
    state = [ids.CS_BOX] * L.N_CONTRACTS
    owner = [ids.NOBODY] * L.N_CONTRACTS
    where: dict[int, str] = {}

    def claim(k: int, path: str) -> None:
        if k in where:
            _fail(path, f"contract {info.contract_ids[k]} is already listed at {where[k]}; a contract is in one place")
        where[k] = path

    def contract_list(path, lst, kinds=None, what=""):
        out = []
        for i, x in enumerate(_list(path, lst)):
            k = ctx.contract(f"{path}[{i}]", x)
            if kinds is not None and kind[k] not in kinds:
                _fail(f"{path}[{i}]", f"{info.contract_ids[k]} is a {ids.CONTRACT_KIND_NAMES[kind[k]]} contract; "
                                      f"only {what} belong here")
            claim(k, f"{path}[{i}]")
            out.append(k)
        return out

    owned_start: set[int] = set()
    for sec, st in (("hand", ids.CS_HAND), ("fulfilled", ids.CS_FULFILLED), ("discarded", ids.CS_DISCARDED)):
        x = _check_keys(f"contracts.{sec}", v.get(sec), list((v.get(sec) or {}).keys()))
        for who, lst in x.items():
            p = f"contracts.{sec}.{who}"
            s = ctx.seat_of(p, who)
            for k in contract_list(p, lst):
                state[k], owner[k] = st, s
                if kind[k] == ids.STARTING:
                    owned_start.add(s)
    hand_given = {ctx.seat_of(f"contracts.hand.{w}", w) for w in (v.get("hand") or {})}
    for k in contract_list("contracts.box", v.get("box")):
        state[k] = ids.CS_BOX
    for k in contract_list("contracts.dealt", v.get("dealt"), (ids.STARTING,), "starting contracts"):
        state[k] = ids.CS_DEALT
    nationals = [k for k in range(L.N_CONTRACTS) if kind[k] == ids.NATIONAL]
    if "national_board" in v:
        for k in contract_list("contracts.national_board", v["national_board"], (ids.NATIONAL,), "national contracts"):
            state[k] = ids.CS_NATIONAL_BOARD
    else:                                                          # SETUP-06: N-1 national contracts
        done = sum(1 for k in nationals if k in where)
        free = [k for k in nationals if k not in where]
        for k in free[:max(0, n - 1 - done)]:
            state[k] = ids.CS_NATIONAL_BOARD
            where[k] = "contracts.national_board"

    # starting contracts by default: each seat with a company holds one (SETUP-16), unless the doc says otherwise
    starts = [k for k in range(L.N_CONTRACTS) if kind[k] == ids.STARTING]
    intro_start = {int(T.intro_pairings[j, 0]): int(T.intro_pairings[j, 2]) for j in range(int(T.n_intro_pairings[0]))}
    default_start = [-1] * n
    for s in range(n):
        if ctx.company[s] < 0 or s in hand_given or s in owned_start:
            continue
        pref = [intro_start[ctx.company[s]]] if ctx.intro and ctx.company[s] in intro_start else []
        k = next((k for k in pref + starts if k not in where), None)
        if k is not None:
            state[k], owner[k] = ids.CS_HAND, s
            where[k] = f"contracts.hand.{s}"
            default_start[s] = k
    ctx.default_start = default_start

    # private piles: drawn part, remaining part (in draw order), display
    disp = _check_keys("contracts.display", v.get("display"), _COLOURS)
    piles = _check_keys("contracts.piles", v.get("piles"), _COLOURS)
    drawn = _check_keys("contracts.drawn", v.get("drawn"), _COLOURS)
    for col, cname in enumerate(_COLOURS):
        mine = [k for k in range(L.N_CONTRACTS) if kind[k] == col]
        what = f"{cname} contracts"
        shown = None
        if cname in disp:
            slots = _list(f"contracts.display.{cname}", disp[cname])
            if len(slots) > 2:
                _fail(f"contracts.display.{cname}", f"has {len(slots)} contracts; a colour shows at most 2")
            shown = []
            for i, x in enumerate(slots):
                if x is None:
                    shown.append(-1)
                    continue
                shown += contract_list(f"contracts.display.{cname}", [x], (col,), what)
                where[shown[-1]] = f"contracts.display.{cname}[{i}]"
            shown += [-1] * (2 - len(shown))
        pre = None
        if cname in drawn:                     # 'drawn' only orders the drawn part; its contracts are placed elsewhere
            pre = []
            for i, x in enumerate(_list(f"contracts.drawn.{cname}", drawn[cname])):
                p = f"contracts.drawn.{cname}[{i}]"
                k = ctx.contract(p, x)
                if kind[k] != col:
                    _fail(p, f"{info.contract_ids[k]} is a {ids.CONTRACT_KIND_NAMES[kind[k]]} contract; "
                             f"only {what} belong here")
                if k in pre:
                    _fail(p, f"{info.contract_ids[k]} is listed twice")
                pre.append(k)
        if cname in piles:
            rest = contract_list(f"contracts.piles.{cname}", piles[cname], (col,), what)
        else:
            rest = [k for k in mine if k not in where and (pre is None or k not in pre)]
            for k in rest:
                where[k] = f"contracts.piles.{cname}"
        if pre is None:
            pre = [k for k in mine if k not in rest]
        if sorted(pre + rest) != sorted(mine):
            missing = [info.contract_ids[k] for k in mine if k not in pre + rest]
            dup = [info.contract_ids[k] for k in pre if k in rest]
            _fail(f"contracts.drawn.{cname}", f"drawn + piles must hold each {cname} contract once "
                                              f"(missing: {_valid(missing) or '-'}; in both: {_valid(dup) or '-'})")
        for k in rest:
            state[k] = ids.CS_PILE
        order = pre + rest
        pos = len(pre)
        if shown is None:                      # CONTRACT-14: the display is topped up from the pile
            shown = [-1, -1]
            for i in range(2):
                if pos < L.PILE_SIZE:
                    shown[i] = order[pos]
                    pos += 1
        for i, k in enumerate(shown):
            if k >= 0:
                if k in order[pos:]:
                    _fail(f"contracts.display.{cname}[{i}]", f"{info.contract_ids[k]} is still in the pile; "
                                                              "a displayed contract has been drawn")
                state[k], owner[k] = ids.CS_DISPLAY, ids.NOBODY
        for i in range(L.PILE_SIZE):
            S[L.PILE + col * L.PILE_SIZE + i] = order[i]
        S[L.PILE_POS + col] = pos
        for i in range(2):
            S[L.DISPLAY + col * 2 + i] = shown[i]
    for k in range(L.N_CONTRACTS):
        S[L.CON_STATE + k], S[L.CON_OWNER + k] = state[k], owner[k]


def _patent_office(ctx: _Ctx, S: np.ndarray, v: Any) -> None:
    T = ctx.T
    if ctx.intro:
        if v:
            _fail("patent_office", "the introductory game has no Patent Office tiles (SETUP-09); remove this section")
        S[L.TECH_POS] = L.N_ADV
        S[L.PATENT:L.PATENT + 3] = -1
        return
    v = _check_keys("patent_office", v, ("display", "drawn", "pile", "bought_in_round"))
    for name, x in _check_keys("patent_office.bought_in_round", v.get("bought_in_round"),
                               ids.TILE_NAMES[ids.FIRST_ADVANCED_TILE:ids.T_ANTON], "advanced tile").items():
        t = ctx.tile("patent_office.bought_in_round", name)
        S[L.TILE_TAKEN_ROUND + t - ids.FIRST_ADVANCED_TILE] = _int(f"patent_office.bought_in_round.{name}", x, 0, 5)
    adv = list(range(ids.FIRST_ADVANCED_TILE, ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES))
    owned: dict[int, int] = {}
    for s in range(ctx.n):
        for t in adv:
            if S[_co(s) + L.C_TILE_LOC + t] != ids.TILE_NOT_OWNED:
                if t in owned:
                    _fail(f"companies[{s}].tiles", f"{ids.TILE_NAMES[t]} is already owned by seat {owned[t]}; "
                                                   "each advanced tile exists once")
                owned[t] = s

    def tiles(path, lst):
        out = []
        for i, x in enumerate(_list(path, lst)):
            if x is None:              # an empty display slot, or a pile gap: a tile removed before the game (S-05)
                out.append(-1)
                continue
            t = ctx.tile(f"{path}[{i}]", x)
            if t not in adv:
                _fail(f"{path}[{i}]", f"{ids.TILE_NAMES[t]} is not an advanced tile; valid: "
                                      f"{_valid(ids.TILE_NAMES[t] for t in adv)}")
            if t in out:
                _fail(f"{path}[{i}]", f"{ids.TILE_NAMES[t]} is listed twice")
            out.append(t)
        return out

    display = tiles("patent_office.display", v["display"]) if "display" in v else None
    if display is not None:
        if len(display) > 3:
            _fail("patent_office.display", f"has {len(display)} tiles; the Patent Office shows 3")
        display += [-1] * (3 - len(display))
        for i, t in enumerate(display):
            if t in owned:
                _fail(f"patent_office.display[{i}]", f"{ids.TILE_NAMES[t]} is owned by seat {owned[t]}; "
                                                     "a displayed tile belongs to nobody")
    mentioned = set(owned) | {t for t in (display or []) if t >= 0}
    blocks = []
    for lvl in (1, 2, 3):                       # SETUP-09: piles I, II, III, each in draw order
        lv = [t for t in adv if T.tile_level[t] == lvl]
        blocks += [t for t in lv if t in mentioned] + [t for t in lv if t not in mentioned]
    if "drawn" in v:
        pre = tiles("patent_office.drawn", v["drawn"])
        rest = tiles("patent_office.pile", v["pile"]) if "pile" in v else [t for t in blocks if t not in pre]
    elif "pile" in v:
        rest = tiles("patent_office.pile", v["pile"])
        pre = [t for t in blocks if t not in rest]
    else:
        order = blocks
        pos = min(L.N_ADV, 3 * max(ctx.round, 1))
        for t in mentioned:
            pos = max(pos, order.index(t) + 1)
        pre, rest = order[:pos], order[pos:]
    gaps = (pre + rest).count(-1)
    if gaps and len(pre + rest) == L.N_ADV:     # removed tiles (S-05): the gaps stand for the tiles not listed
        pre_rest = sorted(t for t in pre + rest if t >= 0)
        removed = [t for t in adv if t not in pre_rest]
        if len(removed) == gaps:
            pre_rest = sorted(pre_rest + removed)
    else:
        pre_rest = sorted(pre + rest)
    if pre_rest != adv:
        missing = [ids.TILE_NAMES[t] for t in adv if t not in pre + rest]
        dup = [ids.TILE_NAMES[t] for t in pre if t in rest]
        _fail("patent_office.pile", f"drawn + pile must hold each advanced tile once (missing: {_valid(missing) or '-'};"
                                    f" in both: {_valid(dup) or '-'})")
    for t in mentioned:
        if t in rest:
            _fail("patent_office.pile", f"{ids.TILE_NAMES[t]} is owned or displayed, so it has been drawn; "
                                        "move it to patent_office.drawn")
    order, pos = pre + rest, len(pre)
    if display is None:                         # TECH-04: the last three drawn, minus the bought ones
        display = [order[pos - 3 + i] if pos - 3 + i >= 0 and order[pos - 3 + i] not in owned else -1
                   for i in range(3)]
    S[L.TECH_PILE:L.TECH_PILE + L.N_ADV] = order
    S[L.TECH_POS] = pos
    S[L.PATENT:L.PATENT + 3] = display


def _misc(ctx: _Ctx, S: np.ndarray, doc: dict, phase: int) -> None:
    T, n = ctx.T, ctx.n
    # bonus tiles per round and objective (SETUP-03..05)
    nb = [b for b in range(len(ids.BONUS_NAMES)) if not (ctx.intro and b == ids.B_ADVANCED)]
    if "bonus_tiles" in doc:
        bl = _list("bonus_tiles", doc["bonus_tiles"])
        if len(bl) != 5:
            _fail("bonus_tiles", f"has {len(bl)} tiles; give 5, one per round")
        bonus = []
        for i, x in enumerate(bl):
            b = _name_index(f"bonus_tiles[{i}]", x, ids.BONUS_NAMES, "bonus tile")
            if b in bonus:
                _fail(f"bonus_tiles[{i}]", f"{ids.BONUS_NAMES[b]} is used twice; each bonus tile once")
            if b not in nb:
                _fail(f"bonus_tiles[{i}]", "the introductory game leaves out the advanced_tiles bonus tile (SETUP-04)")
            bonus.append(b)
    else:
        bonus = nb[:5]
    S[L.G_BONUS:L.G_BONUS + 5] = bonus
    S[L.G_OBJECTIVE] = _name_index("objective", doc.get("objective", ids.OBJECTIVE_NAMES[0]), ids.OBJECTIVE_NAMES,
                                   "objective tile")
    # Mahiri's copy pool (SETUP-19)
    mahiri = [s for s in range(n) if ctx.officer[s] == ids.MAHIRI]
    if "mahiri_pool" in doc:
        pool = []
        for i, x in enumerate(_list("mahiri_pool", doc["mahiri_pool"])):
            o = _name_index(f"mahiri_pool[{i}]", x, ids.OFFICER_NAMES, "officer", prefix=True)
            if o == ids.MAHIRI or o in pool:
                _fail(f"mahiri_pool[{i}]", "the pool holds up to 3 different officers other than Mahiri")
            pool.append(o)
        if len(pool) > 3:
            _fail("mahiri_pool", f"has {len(pool)} officers; Mahiri's pool holds 3")
    elif mahiri:
        others = [ctx.officer[s] for s in range(n) if s != mahiri[0] and ctx.officer[s] >= 0]
        spare = [int(o) for o in T.officer_pool[:int(T.n_officer_pool[0])]
                 if o != ids.MAHIRI and o not in ctx.officer[:n]]
        pool = (others + spare)[:3]
    else:
        pool = []
    S[L.MAHIRI_POOL:L.MAHIRI_POOL + 3] = pool + [-1] * (3 - len(pool))
    # geological tokens (GEO-02..06)
    if doc.get("geological_tokens"):
        if not _HAS_GEO or "geological" not in ctx.variant.expansions:
            _fail("geological_tokens", "tokens need the Geological Factor: add expansions: [geological]")
        zones = list(ctx.info.zone_numbers)
        gt = doc["geological_tokens"]
        if not isinstance(gt, dict):
            _fail("geological_tokens", "expected a mapping zone number -> token name")
        for k, x in gt.items():
            p = f"geological_tokens.{k}"
            z = _int(p, k)
            if z not in zones:
                _fail(p, f"no zone {z} on this map; valid: {_valid(zones)}")
            zi = zones.index(z)
            if T.zone_dams[zi, 0] < 0:
                _fail(p, f"zone {z} has no dams; tokens lie on basins (GEO-06)")
            S[L.GEO_TOKEN + zi] = _name_index(p, x, ids.GEO_TOKEN_NAMES, "geological token")
    # the Automa deck (AUTOMA-02): card numbers 1..20 in deck order, position = index of the deck's top card;
    # by default (with an Automa seat) cards 1..20 in order, none flipped
    if any(S[_co(s) + L.C_AUTOMA] for s in range(n)):
        S[L.AUTOMA_DECK:L.AUTOMA_DECK + L.N_AUTOMA_CARDS] = np.arange(L.N_AUTOMA_CARDS)
    if "automa_deck" in doc:
        ad = _check_keys("automa_deck", doc["automa_deck"], ("cards", "position"))
        cards = [_int(f"automa_deck.cards[{i}]", x, 1, L.N_AUTOMA_CARDS)
                 for i, x in enumerate(_list("automa_deck.cards", ad.get("cards")))]
        if sorted(cards) != list(range(1, L.N_AUTOMA_CARDS + 1)):
            _fail("automa_deck.cards", f"must list each of the cards 1..{L.N_AUTOMA_CARDS} once, in deck order")
        S[L.AUTOMA_DECK:L.AUTOMA_DECK + L.N_AUTOMA_CARDS] = [x - 1 for x in cards]
        S[L.AUTOMA_POS] = _int("automa_deck.position", ad.get("position", 0), 0, L.N_AUTOMA_CARDS - 1)
    # setup leftovers: pairings offered and starting contracts dealt (SETUP-13..16)
    su = _check_keys("setup", doc.get("setup"), ("first_chooser", "pairings", "starting_contracts"))
    S[L.G_FIRST_CHOOSER] = _int("setup.first_chooser", su.get("first_chooser", 0), 0, n - 1)
    if "pairings" in su:
        pl = _list("setup.pairings", su["pairings"])
        if len(pl) > n:
            _fail("setup.pairings", f"has {len(pl)} pairings; there is one per seat ({n})")
        for i, x in enumerate(pl):
            p = f"setup.pairings[{i}]"
            x = _check_keys(p, x, ("company", "officer", "taken"))
            S[L.PAIR_COMPANY + i] = _name_index(f"{p}.company", x["company"], ids.COMPANY_NAMES, "company", True) \
                if x.get("company") is not None else -1
            S[L.PAIR_OFFICER + i] = _name_index(f"{p}.officer", x["officer"], ids.OFFICER_NAMES, "officer", True) \
                if x.get("officer") is not None else -1
            S[L.PAIR_TAKEN + i] = int(_bool(f"{p}.taken", x.get("taken", False)))
    else:
        for s in range(n):
            if ctx.company[s] >= 0:
                S[L.PAIR_COMPANY + s], S[L.PAIR_OFFICER + s], S[L.PAIR_TAKEN + s] = ctx.company[s], ctx.officer[s], 1
    if "starting_contracts" in su:
        sl = _list("setup.starting_contracts", su["starting_contracts"])
        if len(sl) > n:
            _fail("setup.starting_contracts", f"has {len(sl)} entries; one per seat ({n})")
        for i, x in enumerate(sl):
            S[L.START_DEALT + i] = -1 if x is None else ctx.contract(f"setup.starting_contracts[{i}]", x)
    else:
        for s in range(n):
            k = ctx.default_start[s]
            if k < 0:
                own = [j for j in range(L.N_CONTRACTS) if T.contract_kind[j] == ids.STARTING
                       and S[L.CON_OWNER + j] == s]
                k = own[0] if own else -1
            S[L.START_DEALT + s] = k


def _derived_company_fields(ctx: _Ctx, S: np.ndarray, cdocs: list[dict], check: bool) -> None:
    """Fields that follow from the rest of the position: pieces left, Engineers, VP breakdown, counts."""
    from sim.rules.actions import engineers_placed
    T = ctx.T
    for s in range(ctx.n):
        d, b, p = cdocs[s], _co(s), f"companies[{s}]"
        if ctx.company[s] < 0:
            continue
        on_map = {"base": 0, "elevation": 0, "conduit": 0, "powerhouse": 0}
        for dd in range(ctx.nd):
            if S[L.DAM_OWNER + dd] == s:
                on_map["base"] += 1
                on_map["elevation"] += int(S[L.DAM_LEVEL + dd]) - 1
        on_map["conduit"] = int(sum(S[L.COND_OWNER + k] == s for k in range(ctx.nc)))
        on_map["powerhouse"] = int(sum(S[L.PH_OWNER + k] == s for k in range(ctx.nph)))
        left = _check_keys(f"{p}.structures_left", d.get("structures_left"), _STRUCTS)
        for i, st in enumerate(_STRUCTS):
            derived = _FULL_PIECES[st] - on_map[st]
            if derived < 0:
                _fail(f"{p}.structures_left", f"{ctx.owner_name(s)} has {on_map[st]} {st} pieces on the map, "
                                              f"more than its {_FULL_PIECES[st]}")
            if st in left:
                x = _int(f"{p}.structures_left.{st}", left[st], 0, _FULL_PIECES[st])
                if x != derived:
                    _fail(f"{p}.structures_left.{st}", f"{x} does not match the map: {on_map[st]} on the map leaves "
                                                       f"{derived} (omit it to derive it)")
            S[b + L.C_PIECES + i] = derived
        S[b + L.C_ENG] = 0
        placed = int(engineers_placed(S, T, s))
        if "engineers" in d:
            S[b + L.C_ENG] = _int(f"{p}.engineers", d["engineers"], 0)
            if check and S[b + L.C_ENG] + placed != T.start_resources[3]:
                _fail(f"{p}.engineers", f"{int(S[b + L.C_ENG])} in supply + {placed} placed is not the "
                                        f"{int(T.start_resources[3])} a company has; place the others (action_spaces, "
                                        "bank_engineers, construction_spaces_used) or omit engineers to derive it")
        else:
            S[b + L.C_ENG] = max(0, int(T.start_resources[3]) - placed)
        # VP and its breakdown (they must agree, TERM-11)
        src = _check_keys(f"{p}.vp_by_source", d.get("vp_by_source"), ids.VP_SOURCE_NAMES)
        vals = {k: _int(f"{p}.vp_by_source.{k}", x) for k, x in src.items()}
        if "vp" in d:
            vp = _int(f"{p}.vp", d["vp"])
            if "start" in vals:
                if sum(vals.values()) != vp:
                    _fail(f"{p}.vp", f"{vp} is not the sum of vp_by_source ({sum(vals.values())}); make them agree "
                                     "or leave out vp_by_source.start")
            else:
                vals["start"] = vp - sum(vals.values())
        elif not vals:
            vals = {"start": int(T.automa_start_vp[0] if S[b + L.C_AUTOMA] else T.start_resources[4])}   # AUTOMA-06
        for i, k in enumerate(ids.VP_SOURCE_NAMES):
            S[b + L.C_VP_SRC + i] = vals.get(k, 0)
        S[b + L.C_VP] = sum(vals.values())
        # counts the engine keeps alongside
        fulfilled = sum(1 for k in range(L.N_CONTRACTS)
                        if S[L.CON_STATE + k] == ids.CS_FULFILLED and S[L.CON_OWNER + k] == s)
        S[b + L.C_FULFILLED] = _int(f"{p}.contracts_fulfilled", d.get("contracts_fulfilled", fulfilled), 0)
        mach = int(S[b + L.C_EXC] + S[b + L.C_MIX] + S[b + L.C_WHEEL_EXC:b + L.C_WHEEL_EXC + 6].sum()
                   + S[b + L.C_WHEEL_MIX:b + L.C_WHEEL_MIX + 6].sum())
        S[b + L.C_MACH_GAINED] = _int(f"{p}.machineries_gained", d.get("machineries_gained", mach), 0)
        if check and S[b + L.C_MACH_GAINED] != mach:
            _fail(f"{p}.machineries_gained", f"{int(S[b + L.C_MACH_GAINED])} is not the {mach} machineries in supply "
                                             "and on the wheel; omit it to derive it")


def _dam_capacity(ctx: _Ctx, S: np.ndarray) -> None:
    from sim.rules.water import capacity
    for d in range(ctx.nd):
        if S[L.DAM_OWNER + d] == ids.NOBODY:
            continue
        cap = int(capacity(S, ctx.T, d))
        owner = int(S[L.DAM_OWNER + d])
        if (S[L.DAM_LEVEL + d] == 3 and owner != ids.NEUTRAL
                and S[L.COMPANY_BASE + owner * L.CO_SIZE + L.C_OFFICER] == ids.MAHIRI):
            cap = 4          # WATER-15: the 4th drop stays after Mahiri's copy of Graziano ends
        if S[L.DAM_DROPS + d] > cap:
            _fail(f"dams.{ctx.info.dam_ids[d]}.drops", f"{int(S[L.DAM_DROPS + d])} is above the dam's capacity {cap} "
                                                       "(its level; 4 for Graziano's level-3 dams, WATER-03)")


def _counters(ctx: _Ctx, S: np.ndarray, v: Any, check: bool) -> None:
    v = _check_keys("counters", v, ("decisions", "moves", "drops_created", "drops_removed"))
    S[L.G_DECISIONS] = _int("counters.decisions", v.get("decisions", 0), 0)
    S[L.G_MOVES] = _int("counters.moves", v.get("moves", 0), 0)
    S[L.G_DROPS_REMOVED] = _int("counters.drops_removed", v.get("drops_removed", 0), 0)
    present = int(S[L.HEAD_DROPS:L.HEAD_DROPS + L.MAX_HEADSTREAMS].sum() + S[L.DAM_DROPS:L.DAM_DROPS + L.MAX_DAMS].sum())
    S[L.G_DROPS_CREATED] = _int("counters.drops_created", v.get("drops_created", present + S[L.G_DROPS_REMOVED]), 0)
    if check and S[L.G_DROPS_CREATED] != present + S[L.G_DROPS_REMOVED]:
        _fail("counters.drops_created", f"{int(S[L.G_DROPS_CREATED])} is not the {present} drops on the map plus "
                                        f"{int(S[L.G_DROPS_REMOVED])} removed; omit it to derive it")


def _stack(ctx: _Ctx, S: np.ndarray, doc: dict, phase: int, to: list[int], passed: list[int]) -> None:
    n = ctx.n
    if "stack" in doc and "decision" in doc:
        _fail("decision", "give either decision (the pending choice) or stack (every frame), not both")
    first = next((s for s in to if s not in passed), to[0] if to else 0)
    top_seat = None
    if "decision" in doc:
        dec = doc["decision"]
        frames = dec if isinstance(dec, list) else [dec]
        if not frames:
            _fail("decision", "is empty; give a frame such as {task: main, seat: 0}")
        last = frames[-1]
        if isinstance(last, dict) and last.get("seat") is not None:
            top_seat = _int("decision.seat", last["seat"], 0, n - 1)
    if "current" in doc:
        cur = _int("current", doc["current"], 0, n - 1)
    else:
        cur = top_seat if top_seat is not None else first
    S[L.G_CURRENT] = cur
    ctx.current = cur
    if "stack" in doc:
        raw = [_frame_raw(ctx, f, f"stack[{i}]", cur) for i, f in enumerate(_list("stack", doc["stack"]))]
    else:
        pname = ids.PHASE_NAMES[phase]
        beneath = {
            ids.PH_INCOME: [{"task": "actions_start"}] + ([{"task": "headstreams"}] if ctx.round <= 4 else []),
            ids.PH_ACTIONS: [{"task": "end_turn", "seat": cur}],
            ids.PH_WATER: [{"task": "scoring"}],
            ids.PH_SCORING: [{"task": "end_of_round"}] if ctx.round < 5 else [],
            ids.PH_EOR: [{"task": "start_round", "round": ctx.round + 1}],
        }
        default = {
            ids.PH_INCOME: [{"task": "start_round", "round": ctx.round}],
            ids.PH_ACTIONS: [{"task": "end_turn", "seat": cur}, {"task": "main", "seat": cur}],
            ids.PH_WATER: [{"task": "water_phase"}],
            ids.PH_SCORING: [{"task": "scoring"}],
            ids.PH_EOR: [{"task": "end_of_round"}],
            ids.PH_OVER: [],
        }
        if "decision" in doc:
            if phase not in beneath:
                _fail("decision", f"cannot be completed in phase {pname}; give the whole stack instead")
            frames = doc["decision"] if isinstance(doc["decision"], list) else [doc["decision"]]
            raw = [_frame_raw(ctx, f, f"stack[{i}]", cur) for i, f in enumerate(beneath[phase])]
            raw += [_frame_raw(ctx, f, f"decision[{i}]" if isinstance(doc["decision"], list) else "decision", cur)
                    for i, f in enumerate(frames)]
        elif phase in default:
            raw = [_frame_raw(ctx, f, f"stack[{i}]", cur) for i, f in enumerate(default[phase])]
        else:
            _fail("stack", f"a {pname}-phase scenario needs its decision stack; give stack: [...]")
    if len(raw) > L.STACK_DEPTH:
        _fail("stack", f"has {len(raw)} frames; the engine holds at most {L.STACK_DEPTH}")
    if phase == ids.PH_OVER and raw:
        _fail("stack", "the game is over: the stack must be empty")
    if phase != ids.PH_OVER and not raw:
        _fail("stack", "is empty, which means the game is over; use phase: over or give a pending decision")
    for i, f in enumerate(raw):
        S[L.STACK + i * L.FRAME:L.STACK + (i + 1) * L.FRAME] = f
    S[L.G_STACK_N] = len(raw)


def _raw_parts(ctx: _Ctx, S: np.ndarray, doc: dict) -> None:
    """Engine bookkeeping that has no effect on play but keeps a snapshot bit-identical."""
    res = doc.get("residue") or {}
    if not isinstance(res, dict):
        _fail("residue", "expected a mapping 'field[i]' -> integer")
    names = _field_names()
    index = {v: k for k, v in names.items()}
    for k, x in res.items():
        if k not in index:
            _fail(f"residue.{k}", "unknown state field; valid: 'rng', 'stack[17]', 'companies[1].credits', ...")
        S[index[k]] = _int(f"residue.{k}", x)


_FIELD_NAMES: dict[int, str] = {}


def _field_names() -> dict[int, str]:
    """State offset -> readable name ('dam_level[3]', 'companies[1].credits')."""
    if not _FIELD_NAMES:
        off = 0
        for name, size in L.GLOBAL_FIELDS:
            for i in range(size):
                _FIELD_NAMES[off + i] = name if size == 1 else f"{name}[{i}]"
            off += size
        for c in range(L.MAX_PLAYERS):
            o = _co(c)
            for name, size in L.COMPANY_FIELDS:
                for i in range(size):
                    _FIELD_NAMES[o + i] = f"companies[{c}].{name}" + ("" if size == 1 else f"[{i}]")
                o += size
    return _FIELD_NAMES


def load(doc: dict | str | Path, *, check: bool = True, advance: bool = True):
    """Builds a Game from a scenario (a dict, a YAML string or a path to a YAML file).

    `check` runs the engine's invariants on the position (`sim.invariants`) and rejects an inconsistent one;
    `advance` resolves automatic tasks and forced decisions on top of the stack, as the engine does after
    every move, so that the game waits for a real choice."""
    from sim.game import Game
    from sim.rules.engine import BUFFER_SIZE
    from sim.rules.engine import advance as _advance
    data = _read_doc(doc)
    config, S, ctx = _build(data, check=check)
    if advance and S[L.G_STACK_N] > 0:
        _advance(S, ctx.T, np.empty(BUFFER_SIZE, dtype=np.int64), np.empty(16, dtype=np.int64))
    seed = data.get("seed")
    g = Game(config, S, seed=None if seed is None else int(seed), record_events=True)
    g.add_note(f"Scenario loaded: {config.players} players, map {config.map}"
               f"{', introductory' if config.intro else ''}, round {g.round}, phase {g.phase}", "SETUP-01")
    return g


# ---------------------------------------------------------------------------------------------------------------
# Snapshot
# ---------------------------------------------------------------------------------------------------------------

def _tile_name(t: int):
    return ids.TILE_NAMES[t] if 0 <= t < ids.N_TILES else int(t)


def snapshot(game) -> dict:
    """The position of a game as a scenario document; `load(snapshot(g))` has g's exact state vector."""
    S = np.asarray(game.state)
    variant = game.config.variant
    ctx = _Ctx(variant)
    info, n = ctx.info, ctx.n
    for s in range(L.MAX_PLAYERS):
        ctx.company[s] = int(S[_co(s) + L.C_COMPANY])
        ctx.officer[s] = int(S[_co(s) + L.C_OFFICER])
    I = int
    own = ctx.owner_name
    doc: dict[str, Any] = {
        "variant": {"players": n, "map": variant.map, "intro": bool(variant.intro),
                    "expansions": list(variant.expansions)},
    }
    if game.seed is not None:
        doc["seed"] = int(game.seed)
    doc["rng"] = I(S[L.G_RNG])
    doc["round"] = I(S[L.G_ROUND])
    doc["phase"] = ids.PHASE_NAMES[S[L.G_PHASE]]
    doc["current"] = I(S[L.G_CURRENT])
    doc["turn_order"] = [I(x) for x in S[L.G_TURN_ORDER:L.G_TURN_ORDER + n]]
    doc["passed"] = [s for s in range(n) if S[L.G_PASSED + s]]
    doc["companies"] = [_company_snapshot(ctx, S, s) for s in range(n)]
    doc["dams"] = {info.dam_ids[d]: {"owner": own(I(S[L.DAM_OWNER + d])), "level": I(S[L.DAM_LEVEL + d]),
                                     "drops": I(S[L.DAM_DROPS + d])}
                   for d in range(ctx.nd) if S[L.DAM_OWNER + d] != ids.NOBODY}
    doc["conduits"] = {info.conduit_ids[k]: own(I(S[L.COND_OWNER + k]))
                       for k in range(ctx.nc) if S[L.COND_OWNER + k] != ids.NOBODY}
    doc["powerhouses"] = {info.ph_ids[k]: own(I(S[L.PH_OWNER + k]))
                          for k in range(ctx.nph) if S[L.PH_OWNER + k] != ids.NOBODY}
    doc["headstreams"] = {h: {"tile": I(S[L.HEAD_TILE + i]) + 1, "drops": I(S[L.HEAD_DROPS + i])}
                          for i, h in enumerate(info.headstream_ids)}
    doc["action_spaces"] = {info.space_ids[s]: {"seat": I(S[L.SPACE_OCC + s]), "engineers": I(S[L.SPACE_ENG + s])}
                            for s in range(L.N_SPACES) if S[L.SPACE_OCC + s] != ids.NOBODY}
    doc["contracts"] = _contracts_snapshot(ctx, S)
    if not ctx.intro:
        pos = I(S[L.TECH_POS])
        order = [_tile_name(I(t)) if t >= 0 else None for t in S[L.TECH_PILE:L.TECH_PILE + L.N_ADV]]
        doc["patent_office"] = {"display": [_tile_name(I(t)) if t >= 0 else None for t in S[L.PATENT:L.PATENT + 3]],
                                "drawn": order[:pos], "pile": order[pos:]}
        rounds = S[L.TILE_TAKEN_ROUND:L.TILE_TAKEN_ROUND + ids.N_ADVANCED_TILES]
        if rounds.any():
            doc["patent_office"]["bought_in_round"] = {ids.TILE_NAMES[ids.FIRST_ADVANCED_TILE + i]: I(r)
                                                       for i, r in enumerate(rounds) if r}
    doc["bonus_tiles"] = [ids.BONUS_NAMES[b] for b in S[L.G_BONUS:L.G_BONUS + 5]]
    doc["objective"] = ids.OBJECTIVE_NAMES[S[L.G_OBJECTIVE]]
    doc["mahiri_pool"] = [ids.OFFICER_NAMES[o] for o in S[L.MAHIRI_POOL:L.MAHIRI_POOL + 3] if o >= 0]
    if _HAS_GEO:
        tokens = {int(info.zone_numbers[z]): ids.GEO_TOKEN_NAMES[S[L.GEO_TOKEN + z]]
                  for z in range(len(info.zone_numbers)) if 0 <= S[L.GEO_TOKEN + z] < len(ids.GEO_TOKEN_NAMES)}
        if tokens:
            doc["geological_tokens"] = tokens
    if any(S[_co(s) + L.C_AUTOMA] for s in range(n)):
        doc["automa_deck"] = {"cards": [I(x) + 1 for x in S[L.AUTOMA_DECK:L.AUTOMA_DECK + L.N_AUTOMA_CARDS]],
                              "position": I(S[L.AUTOMA_POS])}
    doc["setup"] = {
        "first_chooser": I(S[L.G_FIRST_CHOOSER]),
        "pairings": [{"company": ids.COMPANY_NAMES[S[L.PAIR_COMPANY + s]] if S[L.PAIR_COMPANY + s] >= 0 else None,
                      "officer": ids.OFFICER_NAMES[S[L.PAIR_OFFICER + s]] if S[L.PAIR_OFFICER + s] >= 0 else None,
                      "taken": bool(S[L.PAIR_TAKEN + s])} for s in range(n)],
        "starting_contracts": [info.contract_ids[S[L.START_DEALT + s]] if S[L.START_DEALT + s] >= 0 else None
                               for s in range(n)],
    }
    doc["counters"] = {"decisions": I(S[L.G_DECISIONS]), "moves": I(S[L.G_MOVES]),
                       "drops_created": I(S[L.G_DROPS_CREATED]), "drops_removed": I(S[L.G_DROPS_REMOVED])}
    ns = I(S[L.G_STACK_N])
    frames = [[I(x) for x in S[L.STACK + i * L.FRAME:L.STACK + (i + 1) * L.FRAME]] for i in range(L.STACK_DEPTH)]
    doc["stack"] = [_frame_doc(ctx, f) for f in frames[:ns]]
    # anything the named sections do not reproduce goes into `residue`, so that loading is always exact
    _, S2, _ = _build(doc, check=False)
    diff = np.nonzero(S2 != S)[0]
    if len(diff):
        names = _field_names()
        doc["residue"] = {names[int(i)]: I(S[i]) for i in diff}
    return doc


def _company_snapshot(ctx: _Ctx, S: np.ndarray, s: int) -> dict:
    b = _co(s)
    I = int
    comp, off, eff = I(S[b + L.C_COMPANY]), I(S[b + L.C_OFFICER]), I(S[b + L.C_EFF_OFFICER])
    if comp < 0:
        return {"seat": s, "company": None, "officer": None}
    d: dict[str, Any] = {"seat": s, "company": ids.COMPANY_NAMES[comp], "officer": ids.OFFICER_NAMES[off]}
    if eff != off:
        d["effective_officer"] = ids.OFFICER_NAMES[eff] if eff >= 0 else None
    d.update(
        credits=I(S[b + L.C_CREDITS]), excavators=I(S[b + L.C_EXC]), mixers=I(S[b + L.C_MIX]),
        engineers=I(S[b + L.C_ENG]), vp=I(S[b + L.C_VP]),
        vp_by_source={k: I(S[b + L.C_VP_SRC + i]) for i, k in enumerate(ids.VP_SOURCE_NAMES) if S[b + L.C_VP_SRC + i]},
        energy=I(S[b + L.C_ENERGY]),
        energy_by_round=[I(x) for x in S[b + L.C_ENERGY_HIST:b + L.C_ENERGY_HIST + 5]],
        turn_position_by_round=[I(x) for x in S[b + L.C_TURN_POS_HIST:b + L.C_TURN_POS_HIST + 5]],
        structures_left={st: I(S[b + L.C_PIECES + i]) for i, st in enumerate(_STRUCTS)},
        tiles=[ids.TILE_NAMES[t] for t in range(ids.N_TILES) if S[b + L.C_TILE_LOC + t] == ids.TILE_IN_SUPPLY],
        wheel={"open": I(S[b + L.C_WHEEL_OPEN]), "segments": {g: seg for g, seg in (
            (g, {k: v for k, v in (("excavators", I(S[b + L.C_WHEEL_EXC + g])), ("mixers", I(S[b + L.C_WHEEL_MIX + g])),
                                   ("tiles", [ids.TILE_NAMES[t] for t in range(ids.N_TILES)
                                              if S[b + L.C_TILE_LOC + t] == g])) if v}) for g in range(6)) if seg}},
        construction_spaces_used=I(S[b + L.C_CONSTR_USED]), bank_engineers=I(S[b + L.C_BANK_ENG]),
        mahiri_uses=I(S[b + L.C_MAHIRI_USED]),
    )
    if _HAS_GEO_ENG:
        d["geological_engineers"] = I(S[b + L.C_GEO_ENG])
    if S[b + L.C_AUTOMA]:
        d["automa"] = I(S[b + L.C_AUTOMA])
    if S[b + L.C_AUTOMA] or S[b + L.C_AUTOMA_ENG]:       # a player's: a first action under AUTOMA-66
        d["automa_engineers"] = I(S[b + L.C_AUTOMA_ENG])
    d["decisions"] = I(S[b + L.C_DECISIONS])
    uses = S[L.TILE_USES + s * L.N_TILE_IDS:L.TILE_USES + (s + 1) * L.N_TILE_IDS]
    if uses.any():
        d["tile_uses"] = {ids.TILE_NAMES[t]: I(n) for t, n in enumerate(uses) if n}
    fulfilled = sum(1 for k in range(L.N_CONTRACTS) if S[L.CON_STATE + k] == ids.CS_FULFILLED and S[L.CON_OWNER + k] == s)
    if S[b + L.C_FULFILLED] != fulfilled:
        d["contracts_fulfilled"] = I(S[b + L.C_FULFILLED])
    mach = I(S[b + L.C_EXC] + S[b + L.C_MIX] + S[b + L.C_WHEEL_EXC:b + L.C_WHEEL_EXC + 6].sum()
             + S[b + L.C_WHEEL_MIX:b + L.C_WHEEL_MIX + 6].sum())
    if S[b + L.C_MACH_GAINED] != mach:
        d["machineries_gained"] = I(S[b + L.C_MACH_GAINED])
    return d


def _contracts_snapshot(ctx: _Ctx, S: np.ndarray) -> dict:
    info, n = ctx.info, ctx.n
    cid = info.contract_ids
    st = [int(x) for x in S[L.CON_STATE:L.CON_STATE + L.N_CONTRACTS]]
    ow = [int(x) for x in S[L.CON_OWNER:L.CON_OWNER + L.N_CONTRACTS]]
    out: dict[str, Any] = {}
    out["display"] = {c: [cid[k] if k >= 0 else None for k in S[L.DISPLAY + i * 2:L.DISPLAY + i * 2 + 2]]
                      for i, c in enumerate(_COLOURS)}
    piles, drawn = {}, {}
    for i, c in enumerate(_COLOURS):
        order = [cid[k] for k in S[L.PILE + i * L.PILE_SIZE:L.PILE + (i + 1) * L.PILE_SIZE]]
        pos = int(S[L.PILE_POS + i])
        drawn[c], piles[c] = order[:pos], order[pos:]
    out["piles"] = piles
    out["drawn"] = drawn
    for sec, code in (("hand", ids.CS_HAND), ("fulfilled", ids.CS_FULFILLED), ("discarded", ids.CS_DISCARDED)):
        by = {}
        for s in range(n):
            if ctx.company[s] < 0:
                continue
            lst = [cid[k] for k in range(L.N_CONTRACTS) if st[k] == code and ow[k] == s]
            if lst or sec == "hand":
                by[ctx.owner_name(s)] = lst
        out[sec] = by
    out["national_board"] = [cid[k] for k in range(L.N_CONTRACTS) if st[k] == ids.CS_NATIONAL_BOARD]
    dealt = [cid[k] for k in range(L.N_CONTRACTS) if st[k] == ids.CS_DEALT]
    if dealt:
        out["dealt"] = dealt
    return out


# ---------------------------------------------------------------------------------------------------------------
# Helpers for tests
# ---------------------------------------------------------------------------------------------------------------

def find_move(game, text: str) -> int:
    """Code of the one legal move whose description contains `text` (case-insensitive; an exact match wins)."""
    moves = game.legal_moves()
    low = text.lower()
    exact = [m for m in moves if m.description.lower() == low]
    if len(exact) == 1:
        return exact[0].code
    hits = [m for m in moves if low in m.description.lower()]
    if len(hits) == 1:
        return hits[0].code
    listing = "; ".join(f"{m.code}: {m.description}" for m in moves)
    what = "no legal move" if not hits else f"{len(hits)} legal moves"
    raise LookupError(f"{what} match {text!r} (pending: {game.pending}); legal moves: {listing}")


def dumps(doc: dict) -> str:
    """A scenario document as YAML text (keys in schema order)."""
    return yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=120)
