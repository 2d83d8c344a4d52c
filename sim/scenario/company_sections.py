"""The companies' part of a scenario: each company block and the fields derived from the board."""
from __future__ import annotations

from typing import Any

import numpy as np

from sim import ids
from sim import layout as L
from sim.scenario.context import _Ctx
from sim.scenario.schema import (
    _COMPANY_KEYS,
    _FULL_PIECES,
    _HAS_GEO_ENG,
    _STRUCTS,
    _check_keys,
    _co,
    _fail,
    _int,
    _list,
    _name_index,
    _seg_items,
)


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
    start = [int(x) for x in T.officer_start_machines[off]] if not lvl else [int(sr[1]), int(sr[2]), 0]
    S[b + L.C_EXC] = _int(f"{p}.excavators", d.get("excavators", start[0]), 0)      # SETUP-21 (Elon), SETUP-22
    S[b + L.C_MIX] = _int(f"{p}.mixers", d.get("mixers", start[1]), 0)
    S[b + L.C_EXCAMIXERS] = _int(f"{p}.excamixers", d.get("excamixers", start[2]), 0)
    if S[b + L.C_EXCAMIXERS] and off != ids.ELON:
        _fail(f"{p}.excamixers", f"only Elon Audia has Excamixers (OFFICER-ELON-01); {ids.OFFICER_NAMES[off]} "
                                 "must have 0")
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
    _officer_spaces(T, S, b, p, off, d)
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
        x = _check_keys(sp, x, ("excavators", "mixers", "excamixers", "tiles"))
        S[b + L.C_WHEEL_EXC + seg] = _int(f"{sp}.excavators", x.get("excavators", 0), 0)
        S[b + L.C_WHEEL_MIX + seg] = _int(f"{sp}.mixers", x.get("mixers", 0), 0)
        S[b + L.C_WHEEL_XM + seg] = _int(f"{sp}.excamixers", x.get("excamixers", 0), 0)
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
        if "leeghwater" in ctx.variant.expansions:            # LWP-01, OFFICER-LESLIE-01
            supply += [ids.T_BUILDING] + ([ids.T_LESLIE] if off == ids.LESLIE and lvl in (0, 4) else [])
        supply = [t for t in supply if t not in on_wheel]
    for ti in supply:
        S[b + L.C_TILE_LOC + ti] = ids.TILE_IN_SUPPLY
    for ti in list(on_wheel) + supply:
        if ids.FIRST_ADVANCED_TILE <= ti < ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES and ctx.intro:
            _fail(f"{p}.tiles", f"{ids.TILE_NAMES[ti]}: the introductory game has no advanced tiles (SETUP-09)")


def _officer_spaces(T, S: np.ndarray, b: int, p: str, off: int, d: dict) -> None:
    """Engineers on Wu's and Gennaro's spaces (OFFICER-WU-01, OFFICER-GENNARO-01; Mahiri's copies use her own)."""
    for key, field, owner, most in (("wu_space_engineers", L.C_WU_ENG, ids.WU, int(T.officer_space_eng[ids.WU])),
                                    ("gennaro_space_engineers", L.C_GENNARO_ENG, ids.GENNARO, int(T.gennaro_eng[0]))):
        x = _int(f"{p}.{key}", d.get(key, 0), 0, most)
        if x and off not in (owner, ids.MAHIRI):
            _fail(f"{p}.{key}", f"only {ids.OFFICER_NAMES[owner]} (or Mahiri copying) has this space; "
                                f"{ids.OFFICER_NAMES[off]} must have 0")
        if x not in (0, most):
            _fail(f"{p}.{key}", f"the space takes {most} Engineer(s); give 0 or {most}")
        S[b + field] = x


def _architect(S: np.ndarray, b: int, p: str, off: int, d: dict) -> None:
    """OFFICER-TOMMASO-01: whether Tommaso's Architect is in the supply (default: yes while he has an Engineer)."""
    has = off == ids.TOMMASO and S[b + L.C_ENG] >= 1
    if "architect_in_supply" in d:
        x = d["architect_in_supply"]
        if not isinstance(x, bool):
            _fail(f"{p}.architect_in_supply", f"{x!r} is not true or false")
        if x and not has:
            _fail(f"{p}.architect_in_supply", "only Tommaso Battista has the Architect, and it is one of his "
                                              "Engineers in the supply (he has none left); use false")
        has = x
    S[b + L.C_ARCHITECT] = int(has)


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
        _architect(S, b, p, int(S[b + L.C_OFFICER]), d)
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
                   + S[b + L.C_WHEEL_MIX:b + L.C_WHEEL_MIX + 6].sum() + S[b + L.C_EXCAMIXERS]
                   + S[b + L.C_WHEEL_XM:b + L.C_WHEEL_XM + 6].sum())
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
            # WATER-15: what Graziano's dam holds stays after Mahiri's copy of him ends
            cap = max(cap, int(ctx.T.ability[ids.AV_GRAZIANO_CAPACITY]))
        if S[L.DAM_DROPS + d] > cap:
            _fail(f"dams.{ctx.info.dam_ids[d]}.drops", f"{int(S[L.DAM_DROPS + d])} is above the dam's capacity {cap} "
                                                       "(its level; Graziano's ability value, 4, for his level-3 "
                                                       "dams, WATER-03)")
