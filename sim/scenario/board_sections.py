"""The board's part of a scenario: structures on the map, headstreams, action spaces, contracts, the Patent Office."""
from __future__ import annotations

from typing import Any

import numpy as np

from sim import ids
from sim import layout as L
from sim.scenario.context import _Ctx
from sim.scenario.schema import _COLOURS, _check_keys, _co, _fail, _int, _list, _name_index, _valid


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
            most = max(3, int(T.ability[ids.AV_GRAZIANO_CAPACITY]))   # WATER-03, OFFICER-GRAZIANO-01
            drops = _int(f"{p}.drops", v.get("drops", 0), 0, most)
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
    for p, i, o in _owned_spaces(ctx, doc, "conduits", info.conduit_ids, "conduit space"):
        S[L.COND_OWNER + i] = o
    for p, i, o in _owned_spaces(ctx, doc, "powerhouses", info.ph_ids, "powerhouse space"):
        z = int(T.ph_zone[i])
        for j in range(4):
            q = int(T.zone_ph[z, j])
            if q >= 0 and q != i and S[L.PH_OWNER + q] == o:
                _fail(p, f"{ctx.owner_name(o)} already has a powerhouse in this zone ({info.ph_ids[q]}); "
                         "one powerhouse per company per zone")
        S[L.PH_OWNER + i] = o


def _owned_spaces(ctx: _Ctx, doc: dict, key: str, names, what: str):
    """(path, space index, owner seat) of each entry of a `{space: owner}` or `{space: {owner: ...}}` section."""
    entries = doc.get(key) or {}
    _check_keys(key, entries, list(entries))
    for k, v in entries.items():
        p = f"{key}.{k}"
        i = _name_index(p, k, names, what)
        if isinstance(v, dict):
            _check_keys(p, v, ("owner",))
            v = v.get("owner")
        yield p, i, ctx.seat_of(p, v)


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
                if pos < len(order):
                    shown[i] = order[pos]
                    pos += 1
        for i, k in enumerate(shown):
            if k >= 0:
                if k in order[pos:]:
                    _fail(f"contracts.display.{cname}[{i}]", f"{info.contract_ids[k]} is still in the pile; "
                                                              "a displayed contract has been drawn")
                state[k], owner[k] = ids.CS_DISPLAY, ids.NOBODY
        for i in range(L.PILE_SIZE):              # 15 contracts, 16 with Colorado (COLO-SETUP-02); -1 after
            S[L.PILE + col * L.PILE_SIZE + i] = order[i] if i < len(order) else -1
        S[L.PILE_POS + col] = pos
        for i in range(2):
            S[L.DISPLAY + col * 2 + i] = shown[i]
    for k in range(L.N_CONTRACTS):
        S[L.CON_STATE + k], S[L.CON_OWNER + k] = state[k], owner[k]


def _set_aside(ctx: _Ctx, adv: list[int], mentioned: set[int], given: Any) -> list[int]:
    """LWP-SETUP-03: the tile set aside unseen from each pile (default: each level's last tile, in id order, that
    the position does not otherwise mention)."""
    if given is not None:
        out = [ctx.tile(f"leeghwater.set_aside[{i}]", x) for i, x in enumerate(_list("leeghwater.set_aside", given))]
        if sorted(ctx.T.tile_level[t] for t in out) != [1, 2, 3] or any(t in mentioned for t in out):
            _fail("leeghwater.set_aside", "give one unowned, undisplayed advanced tile of each level (LWP-SETUP-03)")
        return out
    return [[t for t in adv if ctx.T.tile_level[t] == lvl and t not in mentioned][-1] for lvl in (1, 2, 3)]


def _patent_office(ctx: _Ctx, S: np.ndarray, v: Any, set_aside: Any = None) -> None:
    T = ctx.T
    if ctx.intro:
        if v:
            _fail("patent_office", "the introductory game has no Patent Office tiles (SETUP-09); remove this section")
        S[L.TECH_POS] = L.N_ADV
        S[L.PATENT:L.PATENT + 3] = -1
        return
    v = _check_keys("patent_office", v, ("display", "drawn", "pile", "bought_in_round"))
    bought_names = ids.TILE_NAMES[ids.FIRST_ADVANCED_TILE:ids.T_ANTON]
    if "leeghwater" in ctx.variant.expansions:
        bought_names += ids.TILE_NAMES[ids.T_L1_BUILDING:ids.T_L3_BUILDING + 1]
    for name, x in _check_keys("patent_office.bought_in_round", v.get("bought_in_round"), bought_names,
                               "advanced tile").items():
        t = ctx.tile("patent_office.bought_in_round", name)
        S[L.TILE_TAKEN_ROUND + t - ids.FIRST_ADVANCED_TILE] = _int(f"patent_office.bought_in_round.{name}", x, 0, 5)
    adv = list(range(ids.FIRST_ADVANCED_TILE, ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES))
    lwp = "leeghwater" in ctx.variant.expansions
    if lwp:                                       # LWP-SETUP-03: the Building tiles join piles I/II/III
        adv += [ids.T_L1_BUILDING, ids.T_L2_BUILDING, ids.T_L3_BUILDING]
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
    aside = _set_aside(ctx, adv, mentioned, set_aside) if lwp else []
    blocks = []
    for lvl in (1, 2, 3):                       # SETUP-09: piles I, II, III, each in draw order
        lv = [t for t in adv if T.tile_level[t] == lvl and t not in aside]
        blocks += [t for t in lv if t in mentioned] + [t for t in lv if t not in mentioned]
    adv = sorted(t for t in adv if t not in aside)
    S[L.LWP_SET_ASIDE:L.LWP_SET_ASIDE + len(aside)] = aside
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
    if sorted(pre_rest) != adv:
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
