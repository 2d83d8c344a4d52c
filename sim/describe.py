"""Human-readable descriptions of moves and states (Python side; never used in hot paths)."""
from __future__ import annotations

import numpy as np

from sim import ids
from sim import layout as L
from sim.describe_colorado import describe_colorado_choice, describe_colorado_main
from sim.rules.construct import decode_build, decode_payment, n_map_spaces, payment_excamixers, space_kind
from sim.rules.geology import conduit_value
from sim.rules.lwp import segment_take
from sim.rules.produce import decode, energy_of, modifier_terms
from sim.tables import TableInfo

_ROW_TEXT = {
    ids.K_TURBINE: "Turbine Station {p:+d}: one production", ids.K_WATER2: "Water Management: 2 drops (delayed)",
    ids.K_WATER1: "Water Management: 1 drop (flows now)", ids.K_WORKSHOP: "Workshop: rotate the wheel {p}",
    ids.K_MACH_EXC: "Machinery Shop: 1 Excavator", ids.K_MACH_ANY: "Machinery Shop: 1 machinery of choice",
    ids.K_MACH_EM: "Machinery Shop: 1 Excavator + 1 Mixer", ids.K_CONTRACT: "Contract Office: take {p}",
    ids.K_PATENT: "Patent Office: buy tile {tile}",
}


def _engineers(k: int) -> str:
    return f"{k} Engineer{'s' if k != 1 else ''}"


def company_label(S: np.ndarray, c: int) -> str:
    """'France (Viktor Fiesler)' for seat c, or 'seat c' before setup."""
    b = L.COMPANY_BASE + c * L.CO_SIZE
    comp = S[b + L.C_COMPANY]
    if comp < 0:
        return f"seat {c}"
    return f"{ids.COMPANY_NAMES[comp]} ({ids.OFFICER_NAMES[S[b + L.C_OFFICER]]})"


def map_space_name(T, info: TableInfo, g: int) -> str:
    """Data-file id of map space g (B5U, C5L, P8_0), or 'Cofferdam slot 3' for a building target."""
    if g >= ids.BUILD_TARGET:
        bid, slot = divmod(g - ids.BUILD_TARGET, 4)
        return f"{ids.BUILDING_NAMES[bid]} slot {slot + 1}"
    nd, nc = int(T.n_dams[0]), int(T.n_conduits[0])
    if g < nd:
        return info.dam_ids[g]
    if g < nd + nc:
        return info.conduit_ids[g - nd]
    return info.ph_ids[g - nd - nc]


def map_space_index(T, info: TableInfo, name: str) -> int:
    """Inverse of map_space_name."""
    for g in range(int(n_map_spaces(T))):
        if map_space_name(T, info, g) == name:
            return g
    raise KeyError(name)


def _structure_at(S, T, g: int, struct_hint: int = -1) -> str:
    if g >= ids.BUILD_TARGET:
        return "Building"
    k = space_kind(T, g)
    if k == 0:
        return "Base" if S[L.DAM_OWNER + g] == ids.NOBODY else "Elevation"
    return ("Conduit", "Powerhouse")[k - 1]


def describe_move(S: np.ndarray, T, info: TableInfo, move: int) -> str:
    """Describes a legal move of the pending decision in words."""
    t = L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME
    kind, c, a0, a1, a2 = (int(S[t + i]) for i in range(5))
    move = int(move)
    if kind == ids.TK_MAIN:
        if move == ids.MV_SKIP:
            return "Decline the Architect's extra turn"
        if ids.MV_ARCHITECT <= move < ids.MV_SKIP and not ids.MV_COLO_SITE <= move < ids.MV_COLO_END:   # TOMMASO-01
            plain = describe_move(S, T, info, move - ids.MV_ARCHITECT)
            return f"{plain}, with the Architect alone (an extra turn follows)"
        if move == ids.MV_WU:
            fee = f" + {int(T.officer_space_fee[ids.WU, 0])} Credits" if T.officer_space_fee[ids.WU, 0] else ""
            per = int(T.ability[ids.AV_WU_ENERGY_PER_DROP])
            times = f" x {per}" if per != 1 else ""
            return (f"Wu Fang's space: energy = drops in his dams{times}, then fulfil one own contract "
                    f"[{_engineers(int(T.officer_space_eng[ids.WU]))}{fee}]")
        if move == ids.MV_GENNARO:
            fee = f" + {int(T.gennaro_fee[0])} Credits" if T.gennaro_fee[0] else ""
            return f"Construct on Gennaro Grasso's space [{_engineers(int(T.gennaro_eng[0]))}{fee}]"
        if move < L.N_SPACES:
            k, p = int(T.space_kind[move]), int(T.space_param[move])
            tile = ids.TILE_NAMES[S[L.PATENT + p]] if k == ids.K_PATENT and S[L.PATENT + p] >= 0 else "-"
            sid = info.space_ids[move]
            side = {"L": " (left)", "R": " (right)"}.get(sid.rsplit("_", 1)[-1], "")
            # A second row of the same action (the 4-player Contract Office take-1 row) is named as such, so that
            # every legal move's description is unique within its decision.
            twins = [j for j in range(move) if T.space_kind[j] == k and T.space_param[j] == p
                     and info.space_ids[j].rsplit("_", 1)[-1] == sid.rsplit("_", 1)[-1]]
            side += " (second row)" if twins else ""
            cost = int(T.space_fee[move] + T.space_price[move])
            extra = f", {cost} Credits" if cost else ""
            return f"{_ROW_TEXT[k].format(p=p, tile=tile)}{side} [{_engineers(int(T.space_eng[move]))}{extra}]"
        if move < ids.MV_CONSTRUCT:
            k = move - ids.MV_BANK
            return f"Bank: {_engineers(k)} for {k} Credit{'s' if k > 1 else ''}"
        if move == ids.MV_CONSTRUCT:
            b = L.COMPANY_BASE + c * L.CO_SIZE
            i = int(S[b + L.C_CONSTR_USED])
            fee = f" + {int(T.constr_fee[i])} Credits" if T.constr_fee[i] else ""
            return f"Construct on company-board space {i + 1} [{_engineers(int(T.constr_eng[i]))}{fee}]"
        if move < ids.MV_MAHIRI:
            return f"Engineer-free construction with tile {ids.TILE_NAMES[move - ids.MV_FREE_TILE]}"
        if move == ids.MV_MAHIRI:
            return "Mahiri's officer space: copy an officer and take an extra action"
        if ids.MV_BUILDING_SPACE <= move < ids.MV_MARGOT + len(ids.BUILDING_NAMES):
            return _describe_lwp_main(S, T, move)
        if ids.MV_COLO_SITE <= move < ids.MV_COLO_END:
            return describe_colorado_main(S, T, move)
        return "Pass"
    if kind == ids.TK_BUILD:
        g, tmode, behav = decode_build(move)
        how = {0: "", 1: " (Anton's tile copying it)", 2: " (on the wheel, Mahiri copying Anton)"}[int(tmode)]
        structure = _structure_at(S, T, int(g))
        article = "an" if structure[0] in "AEIOU" else "a"
        return f"Build {article} {structure} on {map_space_name(T, info, int(g))} " \
               f"with tile {ids.TILE_NAMES[behav]}{how}"
    if kind == ids.TK_PAY:
        e, m, s = decode_payment(move)
        parts = [f"{e} Excavators", f"{m} Mixers"]
        if payment_excamixers(move):                                  # OFFICER-ELON-01
            parts.append(f"{payment_excamixers(move)} Excamixers")
        if s:
            parts.append(f"{int(T.ability[ids.AV_SOLOMON_CREDITS]) * s} Credits for {s} machineries")
        return "Pay " + ", ".join(parts)
    if kind == ids.TK_PRODUCE:
        if move == ids.MV_SKIP:
            return "Do not produce"
        d, cond, ph, k = decode(move)
        e = energy_of(S, T, c, cond, ph, k, a0, (a1 & 2) != 0)
        return (f"Produce {k} drop(s) from {info.dam_ids[d]} through {info.conduit_ids[cond]} "
                f"to {info.ph_ids[ph]}: {e} energy")
    if kind == ids.TK_MORE_DAMS:                                      # OFFICER-OCTAVIUS-01
        if move == ids.MV_NONE:
            base = int(S[t + 5])
            e = base + sum(int(v) for v in modifier_terms(S, T, c, base, a2, a0, False))
            return f"Add no more dams: {e} energy"
        d, cond, ph, k = decode(move)
        return (f"Also produce {k} drop(s) from {info.dam_ids[d]} through {info.conduit_ids[cond]} "
                f"(+{int(conduit_value(S, T, cond)) * k} base)")
    if kind == ids.TK_FULFIL:
        if move == ids.MV_NONE:
            return "Fulfil no contract"
        return f"Fulfil contract {info.contract_ids[move]} (needs {int(T.contract_req[move])})"
    if kind == ids.TK_DROP:
        if move == ids.MV_NONE:
            return "Place no more drops"
        if move >= ids.MV_DROP_INTO_DAM:
            return f"Drop straight into {info.dam_ids[move - ids.MV_DROP_INTO_DAM]} (Amir Zahir)"
        if move >= ids.MV_DROP_NOW:
            return f"Drop on headstream {info.headstream_ids[move - ids.MV_DROP_NOW]} (flows now, Amir Zahir)"
        when = "flows now" if a1 == 1 else "flows in the Water Flow phase"
        return f"Drop on headstream {info.headstream_ids[move]} ({when})"
    if kind == ids.TK_TAKE_CONTRACT:
        k = int(S[L.DISPLAY + move])
        return f"Take contract {info.contract_ids[k]} (needs {int(T.contract_req[k])})"
    if kind == ids.TK_DISCARD:
        return f"Discard contract {info.contract_ids[move]}"
    if kind == ids.TK_MACHINE:
        return f"Take {move} Excavators and {a0 - move} Mixers"
    if kind == ids.TK_FREE_PLACE:
        return f"Place a free {ids.STRUCTURE_NAMES[a0].capitalize()} on {map_space_name(T, info, move)}"
    if kind == ids.TK_MAHIRI:
        return f"Copy {ids.OFFICER_NAMES[move]}"
    if kind == ids.TK_GEO_DROP:
        return "Do not add a drop" if move == ids.MV_SKIP else f"Put a drop into {info.dam_ids[a0]} (geological token)"
    if ids.TK_LWP_DAM <= kind <= ids.TK_LWP_L1_ACTION:
        return _describe_lwp_choice(S, T, info, kind, c, a0, move)
    if ids.TK_COLO_BRIDGE <= kind <= ids.TK_COLO_SEGMENT:
        return describe_colorado_choice(S, T, info, kind, move)
    if kind == ids.TK_SETUP_PICK:
        p, j = divmod(move, 8)
        comp = ids.COMPANY_NAMES[S[L.PAIR_COMPANY + p]]
        off = ids.OFFICER_NAMES[S[L.PAIR_OFFICER + p]]
        k = S[L.START_DEALT + (p if j == 7 else j)]
        return f"Take {comp} + {off} with starting contract {info.contract_ids[k]}"
    return f"move {move}"


def _extwork_text(T, w: int) -> str:
    cost = [f"{int(T.ew_exc[w])} Excavators" if T.ew_exc[w] else "", f"{int(T.ew_mix[w])} Mixers" if T.ew_mix[w] else ""]
    return f"external work {ids.EXTWORK_NAMES[w]} ({', '.join(x for x in cost if x)})"


def _describe_lwp_main(S, T, move: int) -> str:
    """A Leeghwater action of the main decision (LWP-BUILD-05, LWP-EXTWORK-01, OFFICER-LESLIE/MARGOT-01)."""
    if move < ids.MV_EXTWORK:
        bid, sp = divmod(move - ids.MV_BUILDING_SPACE, 4)
        cr = int(T.bld_space_cr[bid, sp])
        extra = f", {cr} Credits" if cr else ""
        return f"{ids.BUILDING_NAMES[bid]} action, space {sp + 1} [{_engineers(int(T.bld_space_eng[bid, sp]))}{extra}]"
    if move < ids.MV_MARGOT:
        slot = (move - ids.MV_EXTWORK) % 10
        w = int(S[L.LWP_EW_SHOWN + slot])
        how = ", paid onto Leslie's wheel" if move >= ids.MV_EXTWORK_LESLIE else ""
        return f"Take {_extwork_text(T, w)} on space {slot + 1}{how} [2 Engineers]"
    fee = f" + {int(T.officer_space_fee[ids.MARGOT, 0])} Credits" if T.officer_space_fee[ids.MARGOT, 0] else ""
    return (f"Margot's officer space: {ids.BUILDING_NAMES[move - ids.MV_MARGOT]} action "
            f"[{_engineers(int(T.officer_space_eng[ids.MARGOT]))}{fee}]")


def _describe_lwp_choice(S, T, info: TableInfo, kind: int, c: int, a0: int, move: int) -> str:
    """A move of a Leeghwater decision."""
    if move == ids.MV_SKIP:
        return "Decline"
    if kind == ids.TK_LWP_DAM:
        return f"Put a drop into {info.dam_ids[move]}"
    if kind == ids.TK_LWP_WHEEL_TILE:
        return f"Take tile {ids.TILE_NAMES[move]} back from the wheel"
    if kind == ids.TK_LWP_SEGMENT:
        seg, e, m, x = (int(v) for v in segment_take(S, c, move))
        excamixers = f", {x} Excamixers" if x else ""                  # OFFICER-ELON-01
        return f"Take back {e} Excavators and {m} Mixers{excamixers} from wheel segment {seg}"
    if kind == ids.TK_LWP_EXTWORK:
        w = int(S[L.LWP_EW_SHOWN + move])
        return f"Take {_extwork_text(T, w)} for {2 * int(T.ew_exc[w] + T.ew_mix[w])} Credits (Loan Agency)"
    if kind == ids.TK_LWP_ADV_TILE:
        return f"Take tile {ids.TILE_NAMES[S[L.PATENT + move]]} from the Patent Office for free"
    return f"Use the {ids.BUILDING_NAMES[a0]} action now (L1 Building tile)"
