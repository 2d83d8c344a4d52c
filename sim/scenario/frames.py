"""Decision-stack frames as named data: task names, named arguments, and `decision(...)`."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from sim import ids
from sim.errors import ConfigError
from sim.scenario.context import _Ctx
from sim.scenario.schema import (
    _GLOBAL_TASKS,
    _STRUCTS,
    _TASK_IDS,
    TASKS,
    _bool,
    _check_keys,
    _fail,
    _int,
    _list,
    _name_index,
)


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
        "main": (_Arg("extra", 0, "bool", mask=1),                  # Mahiri's extra action (OFFICER-MAHIRI-02)
                 _Arg("architect_turn", 0, "bool", mask=2,          # Tommaso's extra turn (OFFICER-TOMMASO-01)
                      when=lambda f: f[2] & 2 != 0)),
        "build": (_Arg("mode", 0, "enum", choices=build_modes),
                  _Arg("tile", 1, "tile", when=lambda f: f[2] != 0)),
        "pay": (_Arg("space", 0, "space", required=True), _Arg("tile_mode", 1, "enum", choices=tile_modes),
                _Arg("tile", 2, "tile?", required=True)),
        "produce": (_Arg("modifier", 0, "int"), _Arg("optional", 1, "bool", mask=OPTIONAL),
                    _Arg("german_second", 1, "bool", mask=GERMAN_SECOND),
                    _Arg("excluded_powerhouse", 2, "ph?", default=-1)),
        "fulfil": (_Arg("energy", 0, "int", required=True), _Arg("by_production", 1, "bool", mask=1),
                   _Arg("mandatory", 1, "bool", mask=2, when=lambda f: f[3] & 2),   # the Customer Office
                   _Arg("fulfilled", 2, "int", when=lambda f: f[4] != 0)),   # CONTRACT-11: Simone's earlier ones
        "drop": (_Arg("count", 0, "int", default=1), _Arg("now", 1, "bool"), _Arg("exact", 2, "bool")),
        "take_contract": (_Arg("count", 0, "int", default=1),),
        "machine": (_Arg("count", 0, "int", default=1),),
        "free_place": (_Arg("structure", 0, "structure", required=True),
                       _Arg("areas", 1, "areas", when=lambda f: f[2] == ids.BASE),
                       _Arg("max_value", 1, "int", when=lambda f: f[2] == ids.CONDUIT),
                       _Arg("count", 2, "int", default=1)),
        "geo_drop": (_Arg("dam", 0, "dam", required=True),),
        "more_dams": (_Arg("modifier", 0, "int"), _Arg("optional", 1, "bool", mask=OPTIONAL),   # OFFICER-OCTAVIUS-01
                      _Arg("powerhouse", 2, "ph?", default=-1, required=True), _Arg("base", 3, "int"),
                      _Arg("dams_used", 4, "int"), _Arg("drops", 5, "int")),
        "start_round": (_Arg("round", 0, "int", required=True),),
        "rotate": (_Arg("steps", 0, "int", default=1),),
        "after_production": (_Arg("optional", 0, "bool", mask=OPTIONAL),
                             _Arg("german_second", 0, "bool", mask=GERMAN_SECOND),
                             _Arg("powerhouse", 1, "ph?", default=-1),
                             _Arg("dams_used", 2, "int", when=lambda f: f[4] != 0)),  # COMPANY-NED-01, bit per dam
        "tile_effect": (_Arg("tile", 0, "tile", required=True), _Arg("space", 1, "space")),
        "reward_part": (_Arg("key", 0, "reward_key", required=True), _Arg("amount", 1, "int")),
        "duel_check": (_Arg("row", 0, "int"),),                     # DUEL-CHECK-02: row 0..2, top to bottom
        "duel_reward": (_Arg("tile", 0, "int", required=True),),    # reward tile I 0..7, or 8 = a tile II
        # The Leeghwater Project (sim.rules.lwp): Cofferdam (mode 0) / Netherlands (mode 1, excluded dams: bit per dam),
        # the Loan Agency, the L1 Building's immediate action (building id, ids.BUILDING_NAMES order)
        "lwp_dam": (_Arg("mode", 0, "int"), _Arg("excluded_dams", 1, "int")),
        "lwp_extwork": (_Arg("mode", 0, "int"),),
        "lwp_l1_action": (_Arg("building", 0, "int", required=True),),
        # The Colorado Connection (sim.rules.colorado): bridge mode 0 action (area), 1 free (COLO-CONTRACT-01), 2 on
        # the Base just placed (COLO-EXT-01); settlement type 0..2 = A..C; own bridges left and chosen (bit per tile)
        "colo_bridge": (_Arg("mode", 0, "int"), _Arg("area", 1, "int")),
        "colo_settle_tile": (_Arg("type", 0, "int", required=True),),
        "colo_own_bridges": (_Arg("count", 0, "int", default=1), _Arg("chosen", 1, "int")),
        "colo_segment": (_Arg("segment", 0, "int"),),
        "colo_part": (_Arg("key", 0, "reward_key", required=True), _Arg("amount", 1, "int")),
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
        return ctx.space_name(raw)
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
