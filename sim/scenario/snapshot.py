"""The scenario document of a game's position (`snapshot`), and helpers for tests (`find_move`, `dumps`)."""
from __future__ import annotations

from typing import Any

import numpy as np
import yaml

from sim import ids
from sim import layout as L
from sim.scenario.context import _Ctx
from sim.scenario.colorado_sections import snapshot_colorado
from sim.scenario.duel_sections import snapshot_duel
from sim.scenario.frames import _frame_doc
from sim.scenario.load import _build, _field_names
from sim.scenario.lwp_sections import snapshot_leeghwater
from sim.scenario.schema import _COLOURS, _HAS_GEO, _HAS_GEO_ENG, _STRUCTS, _co


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
    if variant.duel:
        doc["variant"]["duel"] = True
    if variant.overrides:
        doc["variant"]["overrides"] = {k: list(x) if isinstance(x, tuple) else x for k, x in variant.overrides}
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
        rounds = S[L.TILE_TAKEN_ROUND:L.TILE_TAKEN_ROUND + ids.T_L3_BUILDING - ids.FIRST_ADVANCED_TILE + 1]
        if rounds.any():                             # the Leeghwater Building tiles at ids 22..24 (indexes 17..19)
            doc["patent_office"]["bought_in_round"] = {ids.TILE_NAMES[ids.FIRST_ADVANCED_TILE + i]: I(r)
                                                       for i, r in enumerate(rounds) if r}
    doc["bonus_tiles"] = [ids.BONUS_NAMES[b] for b in S[L.G_BONUS:L.G_BONUS + 5]]
    doc["objective"] = ids.OBJECTIVE_NAMES[S[L.G_OBJECTIVE]]
    duel = snapshot_duel(ctx, S)
    if duel is not None:
        doc["duel"] = duel
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
    snapshot_leeghwater(ctx, S, doc)
    colorado = snapshot_colorado(ctx, S)
    if colorado is not None:
        doc["colorado"] = colorado
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
                                   ("excamixers", I(S[b + L.C_WHEEL_XM + g])),
                                   ("tiles", [ids.TILE_NAMES[t] for t in range(ids.N_TILES)
                                              if S[b + L.C_TILE_LOC + t] == g])) if v}) for g in range(6)) if seg}},
        construction_spaces_used=I(S[b + L.C_CONSTR_USED]), bank_engineers=I(S[b + L.C_BANK_ENG]),
        mahiri_uses=I(S[b + L.C_MAHIRI_USED]),
    )
    if off == ids.ELON or S[b + L.C_EXCAMIXERS]:          # OFFICER-ELON-01
        d["excamixers"] = I(S[b + L.C_EXCAMIXERS])
    if off == ids.TOMMASO:                                # OFFICER-TOMMASO-01
        d["architect_in_supply"] = bool(S[b + L.C_ARCHITECT])
    for key, field in (("wu_space_engineers", L.C_WU_ENG), ("gennaro_space_engineers", L.C_GENNARO_ENG)):
        if S[b + field]:                                  # OFFICER-WU-01, OFFICER-GENNARO-01
            d[key] = I(S[b + field])
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
        order = [cid[k] for k in S[L.PILE + i * L.PILE_SIZE:L.PILE + (i + 1) * L.PILE_SIZE] if k >= 0]
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
