"""Loads and validates ``colorado.yaml`` (The Colorado Connection: sites, roads, settlements, bridge and settlement
tiles, Colorado contracts, external works and the Heliport; RECON-04). The map is ``map_colorado.yaml``."""
from __future__ import annotations

import copy
import functools
from pathlib import Path

from sim.data_loader import _at, _cache_key, _Check, _item, _read_yaml, _root, _show

AREAS = ("mountain", "hill", "plain")
SETTLEMENTS_PER_AREA = (4, 3, 3)           # COLO-SETTLE-01
BRIDGE_TILES_PER_SITE = (4, 3, 3)          # COLO-SETUP-05
TILES_PER_TYPE = 8                         # COLO-SETUP-04
COLOUR_REQUIREMENT = {"green": 3, "yellow": 5, "red": 8}   # COLO-SETUP-02


def load_colorado(data_dir: Path | None = None) -> dict:
    """Return the validated ``colorado`` section plus the file's ``fidelity``."""
    return copy.deepcopy(_load_cached(_cache_key(data_dir)))


def _reward(c: _Check, path: str, reward, known: tuple[str, ...]) -> None:
    for key in c.mapping(path, reward):
        c.choice(_at(path, key), key, known)


@functools.lru_cache(maxsize=None)
def _load_cached(data_dir: Path | None) -> dict:
    from sim.ids import REWARD_KEYS

    known = REWARD_KEYS + ("elevation_allowed_on_bridged_dam",)
    c = _Check("colorado.yaml")
    top = c.mapping("", _read_yaml(_root(data_dir), "colorado.yaml"))
    c.choice("fidelity", top.get("fidelity"), ("official", "reconstructed", "synthetic"))
    doc = c.mapping("colorado", top.get("colorado"))
    sites = c.mapping("colorado.construction_sites", doc.get("construction_sites"))
    for a, n_tiles in zip(AREAS, BRIDGE_TILES_PER_SITE):
        p = _at("colorado.construction_sites", a)
        s = c.mapping(p, sites.get(a))
        if s.get("bridge_tiles") != n_tiles:                                     # COLO-SETUP-05
            c.fail(_at(p, "bridge_tiles"), f"the {a} site holds {n_tiles} bridge tiles (COLO-SETUP-05), got "
                                          f"{_show(s.get('bridge_tiles'))}")
        c.integer(_at(p, "engineers"), s.get("engineers"), 1, 1)                # COLO-BRIDGE-02: exactly 1
        c.integer(_at(p, "base_cost_credits"), s.get("base_cost_credits"), 0, 10)
        c.integer(_at(p, "credits_per_previous_bridge"), s.get("credits_per_previous_bridge"), 0, 10)
    c.integer("colorado.max_bridges_per_basin", doc.get("max_bridges_per_basin"), 1, 1)   # COLO-BRIDGE-03
    roads = c.mapping("colorado.road_order", doc.get("road_order"))
    spaces = c.seq("colorado.settlement_spaces", doc.get("settlement_spaces"), sum(SETTLEMENTS_PER_AREA))
    for a, n in zip(AREAS, SETTLEMENTS_PER_AREA):
        mine = [s for s in spaces if s.get("area") == a]
        if len(mine) != n:
            c.fail("colorado.settlement_spaces", f"{a} has {len(mine)} settlement spaces; COLO-SETTLE-01 says {n}")
        road = roads.get(a)
        if not isinstance(road, list) or len(road) < n:
            c.fail(_at("colorado.road_order", a), f"needs at least {n} zones (one per basin crossed), got "
                                                 f"{_show(road)}")
    for i, s in enumerate(spaces):
        p = _item("colorado.settlement_spaces", i)
        c.keys(p, s, ("id", "area", "road_index", "crosses", "engineers", "tile_type"))
        c.choice(_at(p, "area"), s["area"], AREAS)
        k = c.integer(_at(p, "road_index"), s["road_index"], 1, 4)
        if list(s["crosses"]) != list(roads[s["area"]][:k]):                   # COLO-SETTLE-02, DECISION-37
            c.fail(_at(p, "crosses"), f"the {k}-th space crosses the first {k} basins of the road "
                                     f"{roads[s['area']][:k]}, got {_show(s['crosses'])}")
        c.integer(_at(p, "engineers"), s["engineers"], 1, 2)
        if s["area"] == "mountain" and k == 3 and s["engineers"] != 2:         # COLO-SETTLE-01, EX-23
            c.fail(_at(p, "engineers"), "the 3rd mountain space costs 2 Engineers (COLO-SETTLE-01)")
        c.choice(_at(p, "tile_type"), s["tile_type"], ("A", "B", "C"))
    fee = c.mapping("colorado.crossing_fee", doc.get("crossing_fee"))
    c.integer("colorado.crossing_fee.no_bridge.credits", c.mapping("colorado.crossing_fee.no_bridge",
                                                                   fee.get("no_bridge")).get("credits"), 0, 10)
    c.integer("colorado.crossing_fee.opponent_bridge_owner_vp", fee.get("opponent_bridge_owner_vp"), 0, 10)
    by_index = c.mapping("colorado.crossing_fee.opponent_bridge_credits_by_basin_index",
                         fee.get("opponent_bridge_credits_by_basin_index"))
    for i in range(1, 5):
        c.integer(f"colorado.crossing_fee.opponent_bridge_credits_by_basin_index.{i}", by_index.get(i), 0, 10)
    bridges = c.seq("colorado.bridge_tiles", doc.get("bridge_tiles"), sum(BRIDGE_TILES_PER_SITE))
    for i, t in enumerate(bridges):
        p = _item("colorado.bridge_tiles", i)
        c.keys(p, t, ("id", "reward", "copies"))
        c.integer(_at(p, "copies"), t["copies"], 1, 1)
        _reward(c, _at(p, "reward"), t["reward"], known)
    tiles = c.mapping("colorado.settlement_tiles", doc.get("settlement_tiles"))
    for ty in ("A", "B", "C"):
        p = _at("colorado.settlement_tiles", ty)
        lst = tiles.get(ty)
        if not isinstance(lst, list) or sum(int(t.get("copies", 0)) for t in lst) != TILES_PER_TYPE:
            c.fail(p, f"type {ty} needs {TILES_PER_TYPE} tiles in all (COLO-SETUP-04)")
        for i, t in enumerate(lst):
            c.integer(_at(_item(p, i), "copies"), t.get("copies"), 1, TILES_PER_TYPE)
            _reward(c, _at(_item(p, i), "reward"), t.get("reward"), known)
    works = c.seq("colorado.external_works", doc.get("external_works"), 3)
    for i, (w, deck) in enumerate(zip(works, "ABC")):                           # LWP-SETUP-05: one per deck
        p = _item("colorado.external_works", i)
        c.keys(p, w, ("id", "deck", "cost", "reward"))
        if w["deck"] != deck:
            c.fail(_at(p, "deck"), f"expected deck {deck} (one Colorado work per deck), got {_show(w['deck'])}")
        for key, v in c.mapping(_at(p, "cost"), w["cost"]).items():
            c.choice(_at(_at(p, "cost"), key), key, ("excavators", "mixers"))
            c.integer(_at(_at(p, "cost"), key), v, 0, 10)
        _reward(c, _at(p, "reward"), w["reward"], known)
    heli = c.mapping("colorado.heliport", doc.get("heliport"))
    for key, v in c.mapping("colorado.heliport.cost", heli.get("cost")).items():
        c.choice(_at("colorado.heliport.cost", key), key, ("excavators", "mixers"))
        c.integer(_at("colorado.heliport.cost", key), v, 0, 10)
    c.integer("colorado.heliport.vp", heli.get("vp"), 0, 20)
    contracts = c.seq("colorado.private_contracts", doc.get("private_contracts"), 3)
    for i, (k, colour) in enumerate(zip(contracts, COLOUR_REQUIREMENT)):
        p = _item("colorado.private_contracts", i)
        c.keys(p, k, ("id", "colour", "energy", "reward"))
        if k["colour"] != colour or k["energy"] != COLOUR_REQUIREMENT[colour]:
            c.fail(p, f"expected the {colour} contract with requirement {COLOUR_REQUIREMENT[colour]} "
                      "(COLO-SETUP-02)")
        _reward(c, _at(p, "reward"), k["reward"], known)
    doc["fidelity"] = top["fidelity"]
    return doc
