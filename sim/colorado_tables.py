"""Compiles the Colorado data (sim.data_colorado) into the integer tables the engine reads (COLO-*).

Off (all zero / -1) unless the variant plays The Colorado Connection. Every tile effect, contract and external work
becomes a reward row; `engine_reward` maps the data's reward keys onto the engine's (sim.ids REWARD_KEYS)."""
from __future__ import annotations

from sim import ids
from sim import layout as L
from sim.data_colorado import AREAS, load_colorado

MAX_STILE_EFFECTS = 16
# Table fields (name -> shape), merged into sim.tables.TABLE_FIELDS.
COLORADO_TABLE_FIELDS: dict[str, tuple[int, ...]] = {
    "colo_enabled": (1,), "colo_site_tiles": (3,), "colo_bridge_cost": (2,),   # base Credits, per earlier bridge
    "bridge_reward": (L.N_BRIDGE_TILES,), "bridge_checked": (L.N_BRIDGE_TILES,),
    "n_stile_effects": (1,), "stile_type": (MAX_STILE_EFFECTS,), "stile_copies": (MAX_STILE_EFFECTS,),
    "stile_reward": (MAX_STILE_EFFECTS,), "stile_checked": (MAX_STILE_EFFECTS,),   # *_checked: see conditional()
    "settle_type": (L.N_SETTLE_SPACES,), "settle_eng": (L.N_SETTLE_SPACES,), "settle_area": (L.N_SETTLE_SPACES,),
    "settle_n_cross": (L.N_SETTLE_SPACES,), "settle_cross": (L.N_SETTLE_SPACES, 4),   # zone indexes, road order
    "colo_cross_free": (1,), "colo_cross_owner": (4,), "colo_cross_vp": (1,),
    "heliport_credits": (1,), "ew_colorado": (1,),   # ew_colorado: the 3 Colorado works join the decks
}
HELIPORT_ACTION_CREDITS = 2   # COLO-HELI-01 ("pay 2 credits"), fixed by the rule text


def engine_reward(reward: dict) -> dict:
    """A Colorado reward in engine keys: settlement types as 1..3; COLO-EXT-01's free Base folded into its bridge
    key (area bits); COLO-EXT-03's Elevation with its bridged-dam flag as one key (sim.rules.colorado)."""
    out = dict(reward)
    if "settlement_bonus_of_type" in out:
        out["settlement_bonus_of_type"] = ids.SETTLEMENT_TYPES.index(out["settlement_bonus_of_type"]) + 1
    if "free_bridge_on_that_base" in out:
        areas = out.pop("free_base")
        out["free_bridge_on_that_base"] = sum(1 << ids.AREA_NAMES.index(a) for a in areas)
    if out.pop("elevation_allowed_on_bridged_dam", False):
        out["free_elevation_on_bridged_dam"] = out.pop("free_elevation")
    return out


def conditional(reward: dict) -> int:
    """1 when a bonus has a part that may have no legal option (DECISION-38, ids.CONDITIONAL_REWARD_KEYS): only
    then must the engine check it before offering the bridge or settlement."""
    return int(any(ids.REWARD_KEYS[k] in engine_reward(reward) for k in ids.CONDITIONAL_REWARD_KEYS))


def stile_effects(doc: dict) -> list[tuple[int, int, dict]]:
    """(type index, copies, reward) of every distinct settlement tile, types A, B, C in file order."""
    return [(ti, int(t["copies"]), t["reward"]) for ti, ty in enumerate(ids.SETTLEMENT_TYPES)
            for t in doc["settlement_tiles"][ty]]


def colorado_reward_rows() -> list[dict]:
    """Reward mappings in table order: 10 bridge tiles, the distinct settlement tiles, the 3 contracts (their rows
    are given with the contracts, sim.tables) are not here."""
    doc = load_colorado()
    return [engine_reward(t["reward"]) for t in doc["bridge_tiles"]] + \
           [engine_reward(r) for _, _, r in stile_effects(doc)]


def colorado_contracts() -> list[tuple[str, int, int, dict]]:
    """(id, colour kind, requirement, engine reward) of the 3 Colorado private contracts (COLO-CONTRACT-01..03)."""
    colour = {"green": ids.GREEN, "yellow": ids.YELLOW, "red": ids.RED}
    return [(k["id"], colour[k["colour"]], int(k["energy"]), engine_reward(k["reward"]))
            for k in load_colorado()["private_contracts"]]


def colorado_tables(on: bool, zones: list[int], first_row: int) -> dict:
    """The Colorado table arrays; `first_row` is where colorado_reward_rows() sit in the reward table."""
    out: dict = dict(colo_enabled=[int(on)], ew_colorado=[0])
    if not on:
        return out
    doc = load_colorado()
    zone_index = {z: i for i, z in enumerate(zones)}
    sites = doc["construction_sites"]
    out["colo_site_tiles"] = [sites[a]["bridge_tiles"] for a in AREAS]
    out["colo_bridge_cost"] = [sites["mountain"]["base_cost_credits"], sites["mountain"]["credits_per_previous_bridge"]]
    out["bridge_reward"] = list(range(first_row, first_row + L.N_BRIDGE_TILES))
    out["bridge_checked"] = [conditional(t["reward"]) for t in doc["bridge_tiles"]]
    eff = stile_effects(doc)
    out["n_stile_effects"] = [len(eff)]
    out["stile_type"] = [ti for ti, _, _ in eff]
    out["stile_copies"] = [n for _, n, _ in eff]
    out["stile_reward"] = list(range(first_row + L.N_BRIDGE_TILES, first_row + L.N_BRIDGE_TILES + len(eff)))
    out["stile_checked"] = [conditional(r) for _, _, r in eff]
    sp = doc["settlement_spaces"]
    out["settle_type"] = [ids.SETTLEMENT_TYPES.index(s["tile_type"]) for s in sp]
    out["settle_eng"] = [s["engineers"] for s in sp]
    out["settle_area"] = [AREAS.index(s["area"]) for s in sp]
    out["settle_n_cross"] = [len(s["crosses"]) for s in sp]
    out["settle_cross"] = [[zone_index[z] for z in s["crosses"]] + [-1] * (4 - len(s["crosses"])) for s in sp]
    fee = doc["crossing_fee"]
    out["colo_cross_free"] = [fee["no_bridge"]["credits"]]
    out["colo_cross_owner"] = [fee["opponent_bridge_credits_by_basin_index"][i] for i in range(1, 5)]
    out["colo_cross_vp"] = [fee["opponent_bridge_owner_vp"]]
    out["heliport_credits"] = [HELIPORT_ACTION_CREDITS]
    return out


def colorado_names() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Names for scenarios, logs and descriptions: bridge tile ids (BR01..), settlement tile labels ("A:credits",
    the type and the effect's first reward key, unique within a type) and settlement space ids (SM1..)."""
    doc = load_colorado()
    labels = tuple(f"{ids.SETTLEMENT_TYPES[ti]}:{next(iter(r))}" for ti, _, r in stile_effects(doc))
    return (tuple(t["id"] for t in doc["bridge_tiles"]), labels, tuple(s["id"] for s in doc["settlement_spaces"]))


def reward_text(reward: dict) -> str:
    """A reward mapping as short text ("vp 3", "mixers 1 + credits 2")."""
    return " + ".join(f"{k} {v}" for k, v in reward.items())


def colorado_texts() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Reward texts of the bridge tiles and of the settlement tiles (stile_effects order)."""
    doc = load_colorado()
    return (tuple(reward_text(t["reward"]) for t in doc["bridge_tiles"]),
            tuple(reward_text(r) for _, _, r in stile_effects(doc)))
