"""Scenario names and value checks: task names, key sets, and one-line errors naming the key path."""
from __future__ import annotations

from typing import Any

import numpy as np

from sim import ids
from sim import layout as L
from sim.errors import ConfigError

#: Task names on the decision stack (`TK_MAIN` -> "main"), id -> name.
TASKS: dict[int, str] = {getattr(ids, k): k[3:].lower() for k in dir(ids) if k.startswith("TK_")}
_TASK_IDS = {v: k for k, v in TASKS.items()}
# Tasks that belong to no seat (pushed with player -1).
_GLOBAL_TASKS = {"setup_done", "start_round", "headstreams", "actions_start", "water_phase", "scoring",
                 "end_of_round", "duel_check"}

_STRUCTS = ("base", "elevation", "conduit", "powerhouse")
_FULL_PIECES = {"base": 5, "elevation": 5, "conduit": 5, "powerhouse": 4}
_COLOURS = ids.CONTRACT_KIND_NAMES[:3]
_HAS_GEO = hasattr(L, "GEO_TOKEN")
_HAS_GEO_ENG = hasattr(L, "C_GEO_ENG")

_TOP_KEYS = (
    "variant", "players", "map", "intro", "expansions", "seed", "rng", "round", "phase", "current", "turn_order",
    "passed", "companies", "dams", "conduits", "powerhouses", "headstreams", "action_spaces", "contracts",
    "patent_office", "bonus_tiles", "objective", "mahiri_pool", "geological_tokens", "setup", "counters",
    "decision", "stack", "residue", "automa_deck", "duel", "leeghwater", "colorado",
)
_COMPANY_KEYS = (
    "seat", "company", "officer", "effective_officer", "credits", "excavators", "mixers", "engineers", "vp",
    "vp_by_source", "energy", "energy_by_round", "turn_position_by_round", "structures_left", "tiles", "wheel",
    "construction_spaces_used", "bank_engineers", "mahiri_uses", "geological_engineers", "decisions",
    "contracts_fulfilled", "machineries_gained", "automa", "automa_engineers", "tile_uses",
    "architect_in_supply", "wu_space_engineers", "gennaro_space_engineers", "excamixers",
    "buildings_used", "margot_engineers",                      # The Leeghwater Project (sim.scenario.lwp_sections)
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
