"""What the viewer shows beside the positions and does not change in a game: the map's topology (from the map's
data file, with its fidelity tag), the contracts, the incomes, the action spaces, the energy track, the bonus tiles
and the Automa cards, all as plain JSON data for `reports.viewer`."""
from __future__ import annotations

import re

from sim import ids
from sim import layout as L
from sim.data_loader import load_automa, load_map
from sim.game import Game

MAIN_REWARD_UNITS = {"credits": "Credits", "vp": "VP", "excavators": "Excavators", "mixers": "Mixers",
                     "energy": "energy", "any_machine": "machinery of choice"}
INCOME_ROWS = ("base", "elevation", "conduit")
SITE = re.compile(r"^P(\d+)$")


def node_name(name: str) -> str:
    """A river node as the event log names it: the powerhouse site `P8` is `site 8` (sim.events), others as is."""
    site = SITE.match(name)
    return f"site {site.group(1)}" if site else name


def map_topology(g: Game) -> dict:
    """The map the game is played on: zones (area, dam spaces, conduits with production value and end zone,
    powerhouse spaces; paying spaces flagged), headstreams, the river (node -> next node, WATER-04), exits, and the
    spaces the Duel preparation blocks (DUEL-PREP-05). Positions on the page are the renderer's (a schematic)."""
    m = load_map(g.config.map)
    zones = []
    for number, z in sorted(m["zones"].items()):
        zones.append({
            "zone": int(number), "area": z["area"],
            "dams": [{"id": d["id"], "paying": bool(d["paying"])} for d in z["dam_spaces"]],
            "conduits": [{"id": c["id"], "production": int(c["production"]), "side": c["side"],
                          "to_zone": int(SITE.match(c["ends_at"]).group(1))} for c in z["conduits"]],
            "powerhouses": [{"id": p["id"], "paying": bool(p["paying"])} for p in z["powerhouse_spaces"]],
        })
    return {
        "name": g.config.map, "fidelity": m["fidelity"], "source": m.get("source", ""),
        "zones": zones,
        "headstreams": list(m["headstreams"]),
        "exits": list(m["exits"]),
        "river": {node_name(a): node_name(b) for a, b in m["river"].items()},
        "blocked": _duel_blocked(g),
    }


def _duel_blocked(g: Game) -> list[str]:
    """Map spaces a Duel blocker tile covers (DUEL-PREP-05; a tile on a location that blocks nothing, DUEL-PREP-04,
    is left out); empty on other maps."""
    if g.config.map != "duel":
        return []
    info, T = g.info, g.tables
    names = list(info.dam_ids) + list(info.conduit_ids) + list(info.ph_ids)
    out = []
    for i, tile in enumerate(ids.PREP_TILE_NAMES):
        if tile.startswith("BLOCK_"):
            space = int(T.duel_prep_space[i, int(g.state[L.DUEL_PREP_LOC + i]) - 1])
            if space >= 0:
                out.append(names[space])
    return out


def reward_text(parts: dict[str, int]) -> str:
    """'+2 Credits, +1 VP, 1 free base' from a reward's parts (REWARD-01)."""
    out = []
    for key, amount in parts.items():
        if key in MAIN_REWARD_UNITS:
            out.append(f"{amount:+d} {MAIN_REWARD_UNITS[key]}")
        else:
            out.append(f"{amount} {key.replace('_', ' ')}")
    return ", ".join(out) or "nothing"


def _reward_parts(T, rid: int) -> dict[str, int]:
    row = T.rewards[rid]
    return {ids.REWARD_KEYS[k]: int(row[k]) for k in range(ids.N_REWARD_KEYS) if row[k]}


def catalog(g: Game) -> dict:
    """The game's fixed components as the viewer labels them."""
    T, info = g.tables, g.info
    spaces = [{"id": sid, "kind": ids.ROW_KIND_NAMES[int(T.space_kind[i])], "param": int(T.space_param[i]),
               "engineers": int(T.space_eng[i]), "credits": int(T.space_fee[i] + T.space_price[i])}
              for i, sid in enumerate(info.space_ids) if T.space_exists[i]]
    contracts = {cid: {"colour": ids.CONTRACT_KIND_NAMES[int(T.contract_kind[k])],
                       "requirement": int(T.contract_req[k]),
                       "reward": reward_text(_reward_parts(T, k))}           # contract k's reward row is k (sim.tables)
                 for k, cid in enumerate(info.contract_ids)}
    incomes = {name: {row: [{"piece": int(T.income_at[k]), "reward": reward_text(_reward_parts(T, int(
                   T.income_reward[c, r, k])))} for k in range(3)] for r, row in enumerate(INCOME_ROWS)}
               for c, name in enumerate(ids.COMPANY_NAMES)}                 # INCOME-04
    out = {
        "spaces": spaces, "contracts": contracts, "incomes": incomes,
        "credits_by_energy": [int(x) for x in T.credits_by_energy],          # SCORE-05
        "bonus_threshold": int(T.bonus_threshold[0]), "section_size": int(T.section_size[0]),   # BONUS-02
        "bonus_vp": {name: int(T.bonus_vp[b]) for b, name in enumerate(ids.BONUS_NAMES)},
    }
    if any(g.config.automa_levels()):
        out["automa_cards"] = automa_cards()
    return out


def automa_cards() -> dict[str, dict]:
    """Card number -> its action list (front) and its placement criteria and headstream preference (back),
    as the data file gives them (AUTOMA-02)."""
    cards = {}
    for card in load_automa()["cards"]:
        actions = [", ".join([a["do"].replace("_", " ")] + [f"{k.replace('_', ' ')} {_plain(v)}"
                                                            for k, v in a.items() if k != "do"])
                   for a in card["actions"]]
        criteria = [f"{k.replace('_', ' ')}: {_plain(v)}" for k, v in card.items()
                    if k.endswith("_placement") or k == "headstream_preference"]
        cards[str(card["card"])] = {"actions": actions, "criteria": criteria}
    return cards


def _plain(value) -> str:
    """A data-file value as short text: lists joined, mappings as key value pairs."""
    if isinstance(value, list):
        return " > ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k.replace('_', ' ')} {_plain(v)}" for k, v in value.items())
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")
