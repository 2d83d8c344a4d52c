"""Move descriptions of The Colorado Connection's actions and decisions (COLO-*), for sim.describe."""
from __future__ import annotations

import numpy as np

from sim import ids
from sim import layout as L
from sim.colorado_tables import colorado_names, colorado_texts


def _engineers(k: int) -> str:
    return f"{k} Engineer{'s' if k != 1 else ''}"


def describe_colorado_main(S: np.ndarray, T, move: int) -> str:
    """A construction site (COLO-BRIDGE-02) or a settlement space (COLO-SETTLE-04) of the main decision."""
    from sim.rules.colorado import bridge_cost, crossing_cost

    c = int(S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME + 1])
    bridges, labels, spaces = colorado_names()
    if move < ids.MV_COLO_SETTLE:
        a = move - ids.MV_COLO_SITE
        return f"Build a bridge from the {ids.AREA_NAMES[a]} construction site [1 Engineer, " \
               f"{int(bridge_cost(S, T, a))} Credits]"
    s = move - ids.MV_COLO_SETTLE
    tile = labels[int(S[L.COLO_SETTLE_TILE + s])]
    return f"Activate settlement {spaces[s]} ({tile}) [{_engineers(int(T.settle_eng[s]))}, crossing " \
           f"{int(crossing_cost(S, T, c, s))} Credits]"


def describe_colorado_choice(S: np.ndarray, T, info, kind: int, move: int) -> str:
    """A move of a Colorado decision."""
    bridges, labels, spaces = colorado_names()
    btext, stext = colorado_texts()
    if kind == ids.TK_COLO_BRIDGE:
        t, d = divmod(move, 64)
        return f"Bridge tile {bridges[t]} ({btext[t]}) on {info.dam_ids[d]}"
    if kind == ids.TK_COLO_SETTLE_TILE:
        e = int(S[L.COLO_SETTLE_TILE + move])
        return f"Bonus of the settlement tile on {spaces[move]} ({labels[e]}: {stext[e]})"
    if kind == ids.TK_COLO_OWN_BRIDGES:
        if move == ids.MV_NONE:
            return "Gain no more bridge effects"
        return f"Gain the effect of bridge tile {bridges[move]} ({btext[move]})"
    seg, kind_ = divmod(move, 2)
    return f"Take back 1 {('Excavator', 'Mixer')[kind_]} from wheel segment {seg}"
