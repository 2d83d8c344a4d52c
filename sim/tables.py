"""Compiles the validated data files into immutable numpy tables for one variant.

The engine (numba) reads only these arrays; names and strings stay on the Python side (`TableInfo`).
"""
from __future__ import annotations

import functools
from typing import NamedTuple

import numba
import numpy as np

from sim import ids
from sim import layout as L
from sim.colorado_tables import (
    COLORADO_TABLE_FIELDS,
    colorado_contracts,
    colorado_reward_rows,
    colorado_tables,
    engine_reward,
)
from sim.data_colorado import load_colorado
from sim.data_leeghwater import load_leeghwater
from sim.data_loader import load_automa, load_components, load_geological, load_map, load_promo
from sim.duel_data import is_preparation_map, load_duel_map_sections
from sim.duel_tables import DUEL_TABLE_FIELDS, duel_fidelity, duel_reward_rows, duel_tables
from sim.errors import ConfigError
from sim.officer_pool import pool as officer_pool
from sim.overrides import PROMO, apply_overrides
from sim.variant import Variant

_REWARD_KEY_INDEX = {k: i for i, k in enumerate(ids.REWARD_KEYS)}
_AREA_INDEX = {a: i for i, a in enumerate(ids.AREA_NAMES)}
_ROW_KIND = {
    "turbine_station": ids.K_TURBINE, "water_2_delayed": ids.K_WATER2, "water_1_now": ids.K_WATER1,
    "workshop": ids.K_WORKSHOP, "machinery_exc": ids.K_MACH_EXC, "machinery_any": ids.K_MACH_ANY,
    "machinery_exc_mix": ids.K_MACH_EM, "contract_office": ids.K_CONTRACT, "patent_office": ids.K_PATENT,
}


# Field shapes of the tables record. Map-dependent sizes are the maxima of sim.layout, so one compiled engine
# serves every variant (the actual sizes are the n_* fields). The record is passed to numba by reference.
PLAYABLE_MAPS = ("base", "five_player", "duel", "colorado")
_NR = 192  # reward rows: contracts + incomes (+ expansions)
TABLE_FIELDS: dict[str, tuple[int, ...]] = {
    "n_players": (1,), "intro": (1,), "n_dams": (1,), "n_conduits": (1,), "n_ph": (1,), "n_zones": (1,),
    "n_head": (1,),
    "dam_zone": (L.MAX_DAMS,), "dam_upper": (L.MAX_DAMS,), "zone_area": (L.MAX_ZONES,),
    "zone_dams": (L.MAX_ZONES, 2),        # upper/lower dam index or -1
    "zone_conduits": (L.MAX_ZONES, 2),    # conduit index or -1
    "zone_ph": (L.MAX_ZONES, 4),          # powerhouse space index or -1
    "cond_zone": (L.MAX_CONDUITS,), "cond_value": (L.MAX_CONDUITS,), "cond_end_zone": (L.MAX_CONDUITS,),
    "ph_zone": (L.MAX_PH,), "ph_paying": (L.MAX_PH,),
    "river_next": (L.MAX_DAMS + L.MAX_ZONES + L.MAX_HEADSTREAMS,),  # node -> next node, -1 = exit
    "n_head_tiles": (1,), "head_tile_drops": (16, 4),
    "neutral_options": (3, 8), "neutral_level": (3,),
    "space_kind": (L.N_SPACES,), "space_param": (L.N_SPACES,), "space_price": (L.N_SPACES,),
    "space_eng": (L.N_SPACES,), "space_fee": (L.N_SPACES,), "space_exists": (L.N_SPACES,),
    "constr_eng": (4,), "constr_fee": (4,),
    "contract_kind": (L.N_CONTRACTS,), "contract_req": (L.N_CONTRACTS,),
    "rewards": (_NR, ids.N_REWARD_KEYS),        # [reward id, reward key] amounts
    "reward_order": (_NR, ids.N_REWARD_KEYS),   # keys in printed order, -1 terminated
    "income_reward": (len(ids.COMPANY_NAMES), 3, 3),   # [company, row, k] reward id of the k-th income position
    "n_companies": (1,),                        # company boards in play: 4, 5 with the Leeghwater Project
    "income_at": (3,),                          # pieces placed that reveal income k (2, 4, 5)
    "start_resources": (5,),                    # credits, excavators, mixers, engineers, vp
    "officer_start_credits": (len(ids.OFFICER_NAMES),),
    "base_cost": (3,), "elev_cost": (3,), "ph_cost": (4,), "red_surcharge": (1,),
    "prod_bonus": (5,), "ability_at_ph": (1,),
    "tile_struct": (ids.N_TILES,), "tile_level": (ids.N_TILES,),
    "bonus_vp": (len(ids.BONUS_NAMES),), "credits_by_energy": (31,), "zero_energy_vp": (1,),
    "section_size": (1,), "section_malus": (1,), "bonus_threshold": (1,), "award": (2,),
    "objective_vp": (5,), "hand_limit": (1,),
    "n_officer_pool": (1,), "officer_pool": (len(ids.OFFICER_NAMES),),
    # Leeghwater and promo officers (OFFICER-TOMMASO/SIMONE/GENNARO-01): per officer the Architect at the start
    # and the hand limit; Gennaro's construction space (reconstructed, promo.yaml)
    "officer_architect": (ids.N_OFFICERS,), "officer_hand_limit": (ids.N_OFFICERS,),
    "officer_start_machines": (ids.N_OFFICERS, 3),    # Excavators, Mixers, Excamixers (SETUP-20/21)
    "gennaro_eng": (1,), "gennaro_fee": (1,),
    # Every company's and officer's ability numbers (sim.ids.ABILITY_VALUES, slots AV_*); the officer spaces of
    # Mahiri, Margot and Wu: Engineers and Credits [first use, second use (Mahiri only, OFFICER-MAHIRI-01)]
    "ability": (ids.N_ABILITY_VALUES,),
    "officer_space_eng": (ids.N_OFFICERS,), "officer_space_fee": (ids.N_OFFICERS, 2),
    "n_intro_pairings": (1,), "intro_pairings": (4, 3),   # company, officer, starting contract
    "n_bonus_tiles": (1,), "n_objectives": (1,),
    "fixed_objective": (1,), "fixed_bonus": (5,), "fixed_head": (L.MAX_HEADSTREAMS,),   # -1 = drawn at setup
    "removed_tile": (ids.N_TILES,),              # 1 = advanced tile taken out before the game (S-05)
    # The Geological Factor (GEO-*): token set for setup and each token's cost
    "geo_enabled": (1,), "n_geo_set": (1,), "geo_set": (13,),
    "geo_struct": (8,), "geo_exc": (8,), "geo_mix": (8,), "geo_credits": (8,), "geo_eng": (8,),
    "geo_pairs": (8,), "geo_removed_on_mountain": (8,),
    # Solo Automa (AUTOMA-*): per card the action entries [do, engineers, a, b, c, vp_cost] (meaning of a/b/c by
    # kind: sim.rules.automa_turn), placement criteria [dam/conduit/powerhouse, k] with an argument (zone of
    # in_zone_N), start zone / start conduit / start powerhouse zone, headstream preference; Engineer boards.
    "automa_n_entries": (ids.N_AUTOMA_CARDS,), "automa_entry": (ids.N_AUTOMA_CARDS, ids.AUTOMA_MAX_ENTRIES, 6),
    "automa_crit": (ids.N_AUTOMA_CARDS, 3, 3), "automa_crit_arg": (ids.N_AUTOMA_CARDS, 3, 3),
    "automa_start": (ids.N_AUTOMA_CARDS, 3), "automa_head": (ids.N_AUTOMA_CARDS, 4),
    "automa_board": (5, 10), "automa_start_vp": (1,), "automa_objective_vp": (5,),
    **DUEL_TABLE_FIELDS,   # Barrage: Duel (DUEL-*), sim.duel_tables
    **COLORADO_TABLE_FIELDS,   # The Colorado Connection (COLO-*), sim.colorado_tables
    "bonus_pool": (len(ids.BONUS_NAMES),),   # bonus tiles in play (SETUP-03, LWP-SETUP-04, COLO-SETUP-03)
    "n_buildings": (1,),                      # private buildings in the box: 10, 11 with Colorado (LWP-SETUP-01)
    # The Leeghwater Project (LWP-*): buildings' cost, VP and action spaces [engineers, credits], construction-slot
    # surcharge and existence, external works' machinery cost and reward id; all zero without the expansion.
    "lwp_enabled": (1,), "bld_exc": (L.N_BUILDINGS,), "bld_mix": (L.N_BUILDINGS,), "bld_vp": (L.N_BUILDINGS,),
    "bld_space_eng": (L.N_BUILDINGS, 4), "bld_space_cr": (L.N_BUILDINGS, 4), "bld_slot_cr": (4,),
    "bld_slot_exists": (4,), "ew_exc": (L.N_EXTWORKS,), "ew_mix": (L.N_EXTWORKS,), "ew_reward": (L.N_EXTWORKS,),
}
TABLES_DTYPE = np.dtype([(k, np.int64, s) for k, s in TABLE_FIELDS.items()], align=True)


class TableInfo(NamedTuple):
    """Names that go with a `Tables` (for descriptions, logs, snapshots and results)."""

    variant: Variant
    map_name: str
    map_fidelity: str      # "official" only if every data file below is official (RECON-06)
    data_fidelity: tuple[tuple[str, str], ...]   # (data file, fidelity) of every map/board file used
    dam_ids: tuple[str, ...]
    conduit_ids: tuple[str, ...]
    ph_ids: tuple[str, ...]
    headstream_ids: tuple[str, ...]
    zone_numbers: tuple[int, ...]
    contract_ids: tuple[str, ...]
    space_ids: tuple[str, ...]


def _record(arrays: dict) -> np.record:
    """Packs the arrays into one record of TABLES_DTYPE, padding with -1 (a field not given is all -1)."""
    rec = np.zeros(1, dtype=TABLES_DTYPE)
    for name, shape in TABLE_FIELDS.items():
        field = rec[0][name]
        field[...] = -1
        if name not in arrays:
            continue
        a = np.asarray(arrays[name], dtype=np.int64)
        field[tuple(slice(0, n) for n in a.shape)] = a
    return rec.view(np.recarray)[0]   # np.record: attribute access in Python too


def as_array(tables: np.record) -> np.ndarray:
    """The tables as a 1-element record array (the form parallel numba loops take). With NUMBA_DISABLE_JIT=1 it is
    a numpy recarray, so that `tables[0].field` works in plain Python as it does in compiled code."""
    out = np.array([tables], dtype=TABLES_DTYPE)
    return out.view(np.recarray) if numba.config.DISABLE_JIT else out


def _reward_row(reward: dict, key_path: str) -> tuple[list[int], list[int]]:
    amounts = [0] * ids.N_REWARD_KEYS
    order: list[int] = []
    for key, value in reward.items():
        k = _REWARD_KEY_INDEX[key]
        if key == "free_base":
            value = sum(1 << _AREA_INDEX[a] for a in value)
        elif key == "fulfill_own_contract_max" and value == "any":
            value = ids.FULFIL_ANY
        amounts[k] = int(value)
        if amounts[k] != 0:                  # a part overridden to 0 is no part (REWARD-*: nothing to resolve)
            order.append(k)
    return amounts, order


def _ability_tables(comp: dict) -> dict:
    """The ability values of every company and officer (sim.ids.ABILITY_VALUES order) and the officer spaces'
    Engineers and Credits (OFFICER-MAHIRI-01, OFFICER-MARGOT-01, OFFICER-WU-01); 0 for officers without one."""
    owners = {**comp["companies"], **{o["name"]: o for o in comp["executive_officers"]}}
    eng = [0] * ids.N_OFFICERS
    fee = [[0, 0] for _ in range(ids.N_OFFICERS)]
    for row in comp["action_spaces"]["officer_spaces"]:
        o = ids.OFFICER_NAMES.index(row["officer"])
        eng[o] = row["engineers"]
        fee[o] = [row["credits"], row.get("second_use_credits", row["credits"])]
    return dict(ability=[owners[owner]["ability_values"][key] for owner, key, _, _ in ids.ABILITY_VALUES],
                officer_space_eng=eng, officer_space_fee=fee)


def _fixed_draws(variant: Variant, head_tiles: list[dict], n_heads: int) -> dict:
    """Setup draws the variant fixes (SETUP-02/03/05), as indexes, -1 where setup draws them; removed tiles."""
    out = {"fixed_objective": [-1], "fixed_bonus": [-1] * 5, "fixed_head": [-1] * n_heads,
           "removed_tile": [int(name in variant.remove_tiles) for name in ids.TILE_NAMES]}
    if variant.objective is not None:
        out["fixed_objective"] = [ids.OBJECTIVE_NAMES.index(variant.objective)]
    if variant.bonus_tiles is not None:
        out["fixed_bonus"] = [ids.BONUS_NAMES.index(b) for b in variant.bonus_tiles]
    if variant.headstreams is not None:
        tile_ids = [t["id"] for t in head_tiles]
        if len(variant.headstreams) != n_heads or any(t not in tile_ids for t in variant.headstreams):
            raise ConfigError(f"headstreams: give {n_heads} distinct headstream tile ids (one per headstream, in "
                              f"map order) from {', '.join(map(str, tile_ids))}; got {list(variant.headstreams)}")
        out["fixed_head"] = [tile_ids.index(t) for t in variant.headstreams]
    return out


def _map_tables(m: dict) -> dict:
    zones = sorted(m["zones"])
    dam_ids, cond_ids, ph_ids = [], [], []
    dam_zone, dam_upper, cond_zone, cond_value, cond_end, ph_zone, ph_paying = [], [], [], [], [], [], []
    zone_area = []
    zone_dams = np.full((len(zones), 2), -1)
    zone_conds = np.full((len(zones), 2), -1)
    zone_ph = np.full((len(zones), 4), -1)
    znum = {z: i for i, z in enumerate(zones)}
    for zi, z in enumerate(zones):
        zd = m["zones"][z]
        zone_area.append(_AREA_INDEX[zd["area"]])
        for k, d in enumerate(zd.get("dam_spaces") or []):
            zone_dams[zi, k] = len(dam_ids)
            dam_ids.append(d["id"]); dam_zone.append(zi); dam_upper.append(int(bool(d["paying"])))
        for k, c in enumerate(zd.get("conduits") or []):
            zone_conds[zi, k] = len(cond_ids)
            cond_ids.append(c["id"]); cond_zone.append(zi); cond_value.append(int(c["production"]))
            cond_end.append(znum[int(str(c["ends_at"])[1:])])
        for k, p in enumerate(zd.get("powerhouse_spaces") or []):
            zone_ph[zi, k] = len(ph_ids)
            ph_ids.append(p["id"]); ph_zone.append(zi); ph_paying.append(int(bool(p["paying"])))
    nd, nz, heads = len(dam_ids), len(zones), list(m["headstreams"])
    node = {d: i for i, d in enumerate(dam_ids)}
    node.update({f"P{z}": nd + znum[z] for z in zones})
    node.update({h: nd + nz + i for i, h in enumerate(heads)})
    river_next = np.full(nd + nz + len(heads), -1)
    for a, b in m["river"].items():
        river_next[node[a]] = node.get(b, -1) if not str(b).startswith("EXIT") else -1
    neutral = np.full((3, 8), -1)
    neutral_level = np.zeros(3)
    for area, opt in ({} if is_preparation_map(m) else m["neutral_dam_options"]).items():   # DUEL-PREP-02
        ai = _AREA_INDEX[area]
        neutral_level[ai] = opt["level"]
        for k, d in enumerate(opt["spaces"]):
            neutral[ai, k] = node[d]
    return dict(
        dam_ids=dam_ids, cond_ids=cond_ids, ph_ids=ph_ids, heads=heads, zones=zones,
        arrays=dict(
            n_dams=[nd], n_conduits=[len(cond_ids)], n_ph=[len(ph_ids)], n_zones=[nz], n_head=[len(heads)],
            dam_zone=dam_zone, dam_upper=dam_upper, zone_area=zone_area, zone_dams=zone_dams,
            zone_conduits=zone_conds, zone_ph=zone_ph, cond_zone=cond_zone, cond_value=cond_value,
            cond_end_zone=cond_end, ph_zone=ph_zone, ph_paying=ph_paying, river_next=river_next,
            neutral_options=neutral, neutral_level=neutral_level),
    )


def _space_tables(comp: dict, players: int) -> tuple[dict, list[str]]:
    a = comp["action_spaces"]
    kind, param, price, eng, fee, exists, names = [], [], [], [], [], [], []
    for board in ("turbine_station", "water_management", "workshop", "machinery_shop", "contract_office",
                  "patent_office"):
        for slot, row in enumerate(a[board]):
            rid = row["id"]
            k = _ROW_KIND.get(board, _ROW_KIND.get(rid, -1))
            if board == "water_management":
                k = _ROW_KIND[rid]
            elif board == "machinery_shop":
                k = _ROW_KIND[rid]
            p = {ids.K_TURBINE: int(row.get("modifier", 0)),
                 ids.K_WORKSHOP: int(rid.split("_")[-1]) if board == "workshop" else 0,
                 ids.K_CONTRACT: 2 if rid == "contract_take2" else 1,
                 ids.K_PATENT: slot}.get(k, 0)
            sides = [("L", row["left"]), ("R", row["right"])] if "left" in row else [("", row)]
            for side, sp in sides:
                kind.append(k); param.append(p); price.append(int(row.get("price_credits", 0)))
                eng.append(int(sp["engineers"])); fee.append(int(sp.get("credits", 0)))
                exists.append(int(players >= int(row.get("min_players", 1))))
                names.append(f"{rid}{'_' + side if side else ''}")
    assert len(kind) == L.N_SPACES, len(kind)
    return dict(space_kind=kind, space_param=param, space_price=price, space_eng=eng, space_fee=fee,
                space_exists=exists), names


def _geological_tables(variant: Variant) -> dict:
    """GEO-01/02: the token set (8 effects + blanks) and token costs; all zero without the expansion."""
    on = "geological" in variant.expansions
    g = load_geological() if on else None
    struct_index = {s: i for i, s in enumerate(ids.STRUCTURE_NAMES)}
    out = dict(geo_enabled=[int(on)], n_geo_set=[0], geo_set=[], geo_struct=[0] * 8, geo_exc=[0] * 8,
               geo_mix=[0] * 8, geo_credits=[0] * 8, geo_eng=[0] * 8, geo_pairs=[0] * 8,
               geo_removed_on_mountain=[0] * 8)
    if not on:
        return out
    blanks = g["blank_tokens"] - (0 if variant.map == "five_player" else g["blank_tokens_returned_unless_five_player_map"])
    out["geo_set"] = list(range(8)) + [ids.GEO_BLANK] * blanks
    out["n_geo_set"] = [len(out["geo_set"])]
    for i, tok in enumerate(g["tokens"]):
        cost = tok["cost"] or {}
        out["geo_struct"][i] = struct_index[tok["structure"]]
        out["geo_exc"][i] = cost.get("excavators", 0)
        out["geo_mix"][i] = cost.get("mixers", 0)
        out["geo_credits"][i] = cost.get("credits", 0)
        out["geo_eng"][i] = cost.get("engineers", 0)
        out["geo_pairs"][i] = cost.get("pairs_per_value", 0)
        out["geo_removed_on_mountain"][i] = int(bool(tok.get("removed_on_mountain", False)))
    return out


def _leeghwater_tables(variant: Variant, rewards: list, orders: list) -> dict:
    """LWP-BUILD-03/06, LWP-EXTWORK-07: building and external-works tables (the works' rewards are appended to
    `rewards`/`orders`); zeros without the expansion. DECISION-26: slot 2 by the number of companies, Automas
    included."""
    on = "leeghwater" in variant.expansions
    nb, ne = L.N_BUILDINGS, L.N_EXTWORKS
    out = dict(lwp_enabled=[int(on)], n_buildings=[0], bld_exc=[0] * nb, bld_mix=[0] * nb, bld_vp=[0] * nb,
               bld_space_eng=np.zeros((nb, 4)), bld_space_cr=np.zeros((nb, 4)), bld_slot_cr=[0] * 4,
               bld_slot_exists=[0] * 4, ew_exc=[0] * ne, ew_mix=[0] * ne, ew_reward=[-1] * ne)
    if not on:
        return out
    doc = load_leeghwater()
    pb = doc["private_buildings"]
    for i, s in enumerate(pb["construction_slots_per_building"]):
        out["bld_slot_cr"][i] = s["extra_credits"]
        out["bld_slot_exists"][i] = int(variant.players >= s.get("min_players", 1))
    for i, t in enumerate(pb["tiles"]):
        out["bld_exc"][i] = t["cost"].get("excavators", 0)
        out["bld_mix"][i] = t["cost"].get("mixers", 0)
        out["bld_vp"][i] = t["vp"]
        out["bld_space_eng"][i] = [e for e, _ in t["action_spaces"]]
        out["bld_space_cr"][i] = [cr for _, cr in t["action_spaces"]]
    tiles = [t for d in ("deck_A", "deck_B", "deck_C") for t in doc["external_works"]["tiles"][d]]
    out["n_buildings"] = [ids.N_LWP_BUILDINGS]
    if "colorado" in variant.expansions:              # COLO-SETUP-06: the Heliport and 3 works (LWP-SETUP-01/05)
        colo = load_colorado()
        tiles += [dict(w, reward=engine_reward(w["reward"])) for w in colo["external_works"]]
        heli = colo["heliport"]
        h = ids.BLD_HELIPORT
        out["bld_exc"][h] = heli["cost"].get("excavators", 0)
        out["bld_mix"][h] = heli["cost"].get("mixers", 0)
        out["bld_vp"][h] = heli["vp"]
        spaces = [x.strip() for x in str(heli["action_spaces"]).split("|")]
        out["bld_space_eng"][h] = [int(x.split("eng")[0]) for x in spaces]
        out["bld_space_cr"][h] = [int(x.split("+")[1].replace("cr", "")) if "+" in x else 0 for x in spaces]
        out["n_buildings"] = [ids.N_LWP_BUILDINGS + 1]
    for i, t in enumerate(tiles):
        out["ew_exc"][i] = t["cost"].get("excavators", 0)
        out["ew_mix"][i] = t["cost"].get("mixers", 0)
        out["ew_reward"][i] = len(rewards)
        amt, order = _reward_row(t["reward"], f"external_works.{t['id']}")
        rewards.append(amt)
        orders.append(order)
    return out


_AUTOMA_BOARDS = ("turbine", "water", "workshop", "machinery", "contract")   # order of ids.AB_*
_COLOUR = {"green": ids.GREEN, "yellow": ids.YELLOW, "red": ids.RED}


def _automa_entry(card: int, a: dict) -> list[int]:
    """[do, engineers, a, b, c, vp_cost] of one action entry (AUTOMA-13..22)."""
    do = ids.AUTOMA_DO_NAMES.index(a["do"])
    eng, vp = int(a["engineers"]), int(a.get("vp_cost", 0))
    x = y = z = 0
    if do == ids.AD_PRODUCE:
        x, y = int(a["bonus"]), _COLOUR[a["needs_contract"]]          # AUTOMA-40: cards 1-4 carry the malus
    elif do == ids.AD_WATER:
        x, y = int(a["drops"]), int(bool(a["flow_now"]))
    elif do in (ids.AD_CONSTRUCT, ids.AD_PATENT):
        st = a["structure"]
        x = ids.BUILDING if st == "building" else ids.STRUCTURE_NAMES.index(st)
        y = _AREA_INDEX[a["area"]] if "area" in a else -1
        z = int(a.get("min_production", 0))
        if st == "building":                       # AUTOMA-23: 1 = search the board bottom to top
            z = int(a.get("building_search") == "bottom_to_top")
        if do == ids.AD_PATENT and card == 15:     # AUTOMA-42 (DECISION-41): SOLO's 1 Engineer, 2 VP
            eng, vp = 1, 2
    elif do == ids.AD_WORKSHOP:
        x = int(a["rotate"])
    elif do == ids.AD_MACHINE:
        g = a["gain"]
        x, y, z = int(g.get("excavator", 0)), int(g.get("mixer", 0)), int(g.get("any_machine", 0))
    elif do == ids.AD_CONTRACT:
        x, y = _COLOUR[a["discard_color"]], int(a["energy"])
    elif do == ids.AD_BANK:
        x = int(a["vp"])
    elif do == ids.AD_EXTERNAL:                    # AUTOMA-21: the slot preference, 0-based
        x, y, z = (int(s) - 1 for s in a["slot_preference"])
    return [do, eng, x, y, z, vp]


def _automa_tables(mt: dict, space_names: list[str], exists: list[int]) -> dict:
    """AUTOMA-02/12/30/31: the 20 cards compiled to integers for the map of `mt`."""
    doc = load_automa()
    zone_index = {z: i for i, z in enumerate(mt["zones"])}
    heads = {h[-1]: i for i, h in enumerate(mt["heads"])}
    n_entries, entries, crit, arg, start, head = [], [], [], [], [], []
    for card in doc["cards"]:
        acts = [_automa_entry(card["card"], a) for a in card["actions"]]
        n_entries.append(len(acts))
        entries.append(acts + [[-1] * 6] * (ids.AUTOMA_MAX_ENTRIES - len(acts)))
        cc, ca = [], []
        for kind in ("dam_elevation_placement", "conduit_placement", "powerhouse_placement"):
            codes, args = [], []
            for name in card[kind]["criteria"]:
                if name.startswith("in_zone_"):
                    codes.append(ids.AC_IN_ZONE)
                    args.append(zone_index[int(name.rsplit("_", 1)[1])])
                else:
                    codes.append(ids.AUTOMA_CRITERIA_NAMES.index(name))
                    args.append(0)
            cc.append(codes)
            ca.append(args)
        crit.append(cc)
        arg.append(ca)
        start.append([zone_index[card["dam_elevation_placement"]["start_zone"]],
                      mt["cond_ids"].index(card["conduit_placement"]["start_space"]),
                      zone_index[card["powerhouse_placement"]["start_zone"]]])
        head.append([heads[h] for h in card["headstream_preference"]])
    board = np.full((5, 10), -1)
    for bi, prefix in enumerate(_AUTOMA_BOARDS):          # AUTOMA-12: every left space in row order, then the right
        spaces = [i for i, nm in enumerate(space_names) if nm.startswith(prefix) and exists[i]]
        ordered = [i for i in spaces if _side(space_names[i]) == "L"] + \
                  [i for i in spaces if _side(space_names[i]) == "R"]
        board[bi, :len(ordered)] = ordered
    obj = list(doc["objective_vp"]) + [0, 0]
    return dict(automa_n_entries=n_entries, automa_entry=entries, automa_crit=crit, automa_crit_arg=arg,
                automa_start=start, automa_head=head, automa_board=board,
                automa_start_vp=[doc["starting_vp"]], automa_objective_vp=obj)


def _side(name: str) -> str:
    """The side (L/R) of a management-board space name, '' for a single space."""
    return name[-1] if name[-2:] in ("_L", "_R") else ""


@functools.lru_cache(maxsize=64)
def compile_tables(variant: Variant) -> tuple[np.record, TableInfo]:
    """Builds the numeric tables (and their names) of a variant."""
    comp = apply_overrides(load_components(), variant.overrides)
    m = load_map(variant.map)
    if variant.map not in PLAYABLE_MAPS:
        raise ConfigError(f"map: {variant.map!r} is not playable yet; use {' or '.join(map(repr, PLAYABLE_MAPS))}")
    duel_map = is_preparation_map(m)
    mt = _map_tables(m)
    spaces, space_names = _space_tables(comp, variant.players)
    # DUEL-MAP-02: the duel headstream tiles replace the base tiles on the duel map
    head_tiles = load_duel_map_sections()["duel_headstream_tiles"] if duel_map else comp["headstream_tiles"]

    # Contracts: starting S1..S4, nationals, green, yellow, red (ids as in the data files).
    c = comp["contracts"]
    groups = [(ids.STARTING, [x for x in c["starting"] if x["id"] != "S5"]), (ids.NATIONAL, c["national"]),
              (ids.GREEN, c["green"]), (ids.YELLOW, c["yellow"]), (ids.RED, c["red"])]
    contract_ids, ckind, creq, rewards, orders = [], [], [], [], []
    for kind, lst in groups:
        for x in lst:
            contract_ids.append(x["id"]); ckind.append(kind); creq.append(int(x["energy"]))
            amt, order = _reward_row(x["reward"], f"contracts.{x['id']}")
            rewards.append(amt); orders.append(order)
    colorado_on = "colorado" in variant.expansions
    for cid_, kind, req, reward in colorado_contracts():   # COLO-SETUP-02: in their colour's pile, else in the box
        contract_ids.append(cid_); ckind.append(kind if colorado_on else -1); creq.append(req)
        amt, order = _reward_row(reward, f"colorado.private_contracts.{cid_}")
        rewards.append(amt); orders.append(order)
    assert len(contract_ids) == L.N_CONTRACTS
    # Incomes: reward ids after the contracts.
    income_reward = np.zeros((len(ids.COMPANY_NAMES), 3, 3), dtype=np.int64)
    for ci, cname in enumerate(ids.COMPANY_NAMES):          # every board's incomes (Netherlands: COMPANY-NED-02)
        inc = comp["companies"][cname]["income"]
        for ri, row in enumerate(("base", "elevation", "conduit")):
            for k, pos in enumerate((2, 4, 5)):
                income_reward[ci, ri, k] = len(rewards)
                amt, order = _reward_row(inc[row][pos], f"companies.{cname}.income.{row}.{pos}")
                rewards.append(amt); orders.append(order)
    lwp = _leeghwater_tables(variant, rewards, orders)
    first_duel_reward = len(rewards)
    if variant.duel:                                     # DUEL-REWARD-01/02: the reward tiles as reward rows
        for k, r in enumerate(duel_reward_rows()):
            amt, order = _reward_row(r, f"duel reward {k}")
            rewards.append(amt); orders.append(order)
    first_colorado_reward = len(rewards)
    if colorado_on:                                      # COLO-BTILE-01, COLO-STILE-*: every tile as a reward row
        for k, r in enumerate(colorado_reward_rows()):
            amt, order = _reward_row(r, f"colorado tile {k}")
            rewards.append(amt); orders.append(order)
    order_arr = np.full((len(orders), ids.N_REWARD_KEYS), -1)
    for i, o in enumerate(orders):
        order_arr[i, :len(o)] = o

    common = comp["companies"]["common"]
    sr = common["starting_resources"]
    officers = {o["name"]: o for o in comp["executive_officers"]}
    officer_credits = []                                 # SETUP-20/21, plus the designer's extra_starting_credits
    for n in ids.OFFICER_NAMES:
        start = int((officers[n].get("starting_resources") or {}).get("credits", sr["credits"]))
        extra = int(officers[n].get("extra_starting_credits", 0))
        if start + extra < 0:
            raise ConfigError(f"executive_officers.{n}.extra_starting_credits: {extra} would start {n} with "
                              f"{start + extra} Credits; use {-start} or more (a company cannot start in debt)")
        officer_credits.append(start + extra)
    cc = comp["construction_costs"]
    et = comp["energy_track"]
    thresholds = sorted((int(k), int(v)) for k, v in et["credit_thresholds"].items())
    credits_by_energy = [[v for k, v in thresholds if k <= e][-1] for e in range(31)]  # band of the highest threshold <= e
    tiles = {t["id"]: t for lvl in ("level_1", "level_2", "level_3")
             for t in comp["advanced_technology_tiles"][lvl]}
    struct_index = {s: i for i, s in enumerate(ids.STRUCTURE_NAMES)}
    struct_index["wild"] = ids.WILD
    struct_index["building"] = ids.BUILDING
    tile_struct, tile_level = [], []
    for name in ids.TILE_NAMES:
        if name in ("anton", "leslie"):
            tile_struct.append(-1); tile_level.append(0)
        elif name in tiles:
            tile_struct.append(struct_index[tiles[name]["structure"]]); tile_level.append(int(tiles[name]["level"]))
        else:
            tile_struct.append(struct_index[name]); tile_level.append(0)
    bonus = {b["id"]: b for b in comp["bonus_tiles"]}
    sc = comp["scoring"]
    obj = sc["objective"]
    pool = [ids.OFFICER_NAMES.index(n) for n in officer_pool(variant.expansions)]      # SETUP-13, LWP-01
    lwp_on = "leeghwater" in variant.expansions
    hand_limit = 3                                                                       # CONTRACT-04
    promo = apply_overrides(load_promo(), variant.overrides, PROMO)
    officer_extra = dict(
        officer_architect=[int((officers[n].get("starting_resources") or {}).get("architect", 0))
                           for n in ids.OFFICER_NAMES],
        officer_hand_limit=[int(officers[n].get("hand_limit", hand_limit)) for n in ids.OFFICER_NAMES],
        officer_start_machines=[[int((officers[n].get("starting_resources") or {}).get(k, sr.get(k, 0)))
                                 for k in ("excavators", "mixers", "excamixers")] for n in ids.OFFICER_NAMES],
        gennaro_eng=[promo["gennaro_space"]["engineers"]], gennaro_fee=[promo["gennaro_space"]["credits"]],
        **_ability_tables(comp))
    intro = [(ids.COMPANY_NAMES.index(p["company"]), ids.OFFICER_NAMES.index(p["officer"]),
              contract_ids.index(p["starting_contract"])) for p in comp["companies"]["introductory_matchups"]]
    award = et["first_second_award"]
    bonus_pool = list(range(ids.N_BASE_BONUS)) + ([ids.B_EXTWORKS, ids.B_BUILDINGS] if lwp_on else []) \
        + ([ids.B_BRIDGES] if colorado_on else [])                                # LWP-SETUP-04, COLO-SETUP-03

    arrays = dict(
        n_players=[variant.players], intro=[int(variant.intro)],
        head_tile_drops=[t["drops"] for t in head_tiles],
        constr_eng=[s["engineers"] for s in comp["action_spaces"]["company_board_construction"]],
        constr_fee=[s["credits"] for s in comp["action_spaces"]["company_board_construction"]],
        contract_kind=ckind, contract_req=creq, rewards=rewards, reward_order=order_arr,
        income_reward=income_reward, income_at=[2, 4, 5],
        start_resources=[sr["credits"], sr["excavators"], sr["mixers"], sr["engineers"], sc["starting_vp"]],
        officer_start_credits=officer_credits,
        base_cost=[cc["base"][a] for a in ids.AREA_NAMES], elev_cost=[cc["elevation"][a] for a in ids.AREA_NAMES],
        ph_cost=[cc["powerhouse"]["by_number_built_before"][k] for k in range(4)],
        red_surcharge=[cc["base"]["paying_space_extra_credits"]],
        prod_bonus=[common["production_bonus_by_powerhouses_built"][k] for k in range(5)],
        ability_at_ph=[common["special_ability_unlocked_at_powerhouses"]],
        tile_struct=tile_struct, tile_level=tile_level,
        bonus_vp=[bonus[n]["vp_per_unit"] for n in ids.BONUS_NAMES],
        credits_by_energy=credits_by_energy, zero_energy_vp=[sc["zero_energy_round"]["vp"]],
        section_size=[et["bonus_tile_threshold"]], section_malus=[et["bonus_tile_malus_per_section_behind"]],
        bonus_threshold=[et["bonus_tile_threshold"]], award=[award["first"], award["second"]],
        objective_vp=[obj["first"], obj["second"], obj["third"], 0, 0], hand_limit=[hand_limit],
        officer_pool=pool, intro_pairings=intro,
        n_bonus_tiles=[len(bonus_pool)], bonus_pool=bonus_pool,
        n_objectives=[ids.N_BASE_OBJECTIVES + int(colorado_on)],                  # COLO-SETUP-03: bridge_dams
        n_companies=[len(ids.COMPANY_NAMES) if lwp_on else ids.N_BASE_COMPANIES],
    )
    arrays.update(mt["arrays"])
    arrays.update(officer_extra)
    arrays.update(_fixed_draws(variant, head_tiles, len(mt["heads"])))
    arrays.update(spaces)
    arrays.update(_geological_tables(variant))
    arrays.update(lwp)
    if not duel_map:                                     # DECISION-42: no Automa on the duel map
        arrays.update(_automa_tables(mt, space_names, spaces["space_exists"]))
    arrays.update(duel_tables(duel_map, variant.duel, variant.expansions, mt["dam_ids"], mt["cond_ids"],
                              mt["ph_ids"], first_duel_reward))
    arrays.update(colorado_tables(colorado_on, mt["zones"], first_colorado_reward))
    arrays["ew_colorado"] = [int(colorado_on and lwp_on)]                         # LWP-SETUP-05
    arrays.update(n_head_tiles=[len(head_tiles)], n_officer_pool=[len(pool)],
                  n_intro_pairings=[len(intro)])
    tables = _record(arrays)
    files = ((f"map_{variant.map}.yaml", m["fidelity"]),) + tuple(duel_fidelity(variant.duel))
    if colorado_on:                                     # sites, settlements, tiles, works: RECON-04/06
        files += (("colorado.yaml", load_colorado()["fidelity"]),)
    if "promo" in variant.expansions:                   # Gennaro's space is reconstructed (RECON-05/06)
        files += (("promo.yaml", promo["fidelity"]),)
    worst = next((f for _, f in files if f != "official"), "official")
    info = TableInfo(variant=variant, map_name=variant.map, map_fidelity=worst, data_fidelity=files,
                     dam_ids=tuple(mt["dam_ids"]), conduit_ids=tuple(mt["cond_ids"]), ph_ids=tuple(mt["ph_ids"]),
                     headstream_ids=tuple(mt["heads"]), zone_numbers=tuple(mt["zones"]),
                     contract_ids=tuple(contract_ids), space_ids=tuple(space_names))
    return tables, info
