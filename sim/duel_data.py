"""Load and validate the Barrage: Duel data (RECON-02/03): the Duel sections of ``map_duel.yaml`` (numbered areas,
preparation tiles, duel headstream tiles) and ``duel_board.yaml`` (scales, condition and reward tiles).

Errors are one-line DataErrors ``<file>: <key path>: <what is wrong>`` like the other data files'.
"""
from __future__ import annotations

import copy
import functools
from pathlib import Path
from typing import Any

from sim.data_loader import _at, _cache_key, _Check, _item, _read_yaml, _root, _show, load_components, load_map

DUEL_MAP = "duel"
BOARD_FILE = "duel_board.yaml"
# condition tile ids in the order of sim.ids.DUEL_COND_NAMES
CONDITION_IDS = ("credits", "energy", "drops", "machinery_pairs", "contracts", "external_works")
CONTRACT_POINT_KINDS = ("green", "yellow", "red", "starting", "national")   # sim.ids.CONTRACT_KIND_NAMES order
PREP_KINDS = ("neutral_dam", "blocker")
RED_ARROWS = ("up", "down", "left", "right")
GREEN_ARROWS = ("down", "up")
N_LOCATIONS = 8          # DUEL-PREP-01: location tiles 1..8
N_GREEN_AREAS = 7        # DUEL-PREP-04: no green area 8
N_REWARD_I = 8           # DUEL-BOARD-03
N_REWARD_II = 6


def load_duel_map_sections(data_dir: Path | None = None) -> dict:
    """The Duel sections of map_duel.yaml (``duel_areas``, ``preparation``, ``duel_headstream_tiles``), validated."""
    return copy.deepcopy(_duel_map_cached(_cache_key(data_dir)))


def load_duel_board(data_dir: Path | None = None) -> dict:
    """The validated contents of duel_board.yaml."""
    return copy.deepcopy(_duel_board_cached(_cache_key(data_dir)))


def is_preparation_map(doc: dict) -> bool:
    """Whether a map document places its neutral dams by a preparation deal (the Duel map, DUEL-PREP-02) instead of
    one per area (SETUP-08)."""
    return "preparation" in doc


@functools.lru_cache(maxsize=None)
def _duel_map_cached(data_dir: Path | None) -> dict:
    doc = load_map(DUEL_MAP, data_dir)
    c = _Check(f"map_{DUEL_MAP}.yaml")
    dams = {d["id"] for z in doc["zones"].values() for d in z["dam_spaces"]}
    conduits = {k["id"] for z in doc["zones"].values() for k in z["conduits"]}
    phs = {p["id"] for z in doc["zones"].values() for p in z["powerhouse_spaces"]}
    areas = c.keys("duel_areas", doc.get("duel_areas"), ("red_areas", "green_areas"))
    red = c.mapping("duel_areas.red_areas", areas["red_areas"])
    green = c.mapping("duel_areas.green_areas", areas["green_areas"])
    c.same("duel_areas.red_areas", sorted(red), list(range(1, N_LOCATIONS + 1)), "red areas 1-8, DUEL-MAP-03")
    c.same("duel_areas.green_areas", sorted(green), list(range(1, N_GREEN_AREAS + 1)), "green areas 1-7, DUEL-MAP-03")
    for k, entry in red.items():
        path = _at("duel_areas.red_areas", k)
        c.keys(path, entry, ("zone",) + RED_ARROWS)
        for arrow in ("up", "down"):
            c.choice(_at(path, arrow), entry[arrow], sorted(dams))
        for arrow in ("left", "right"):
            c.choice(_at(path, arrow), entry[arrow], sorted(conduits))
    for k, entry in green.items():
        path = _at("duel_areas.green_areas", k)
        c.keys(path, entry, ("zone",) + GREEN_ARROWS)
        for arrow in GREEN_ARROWS:
            c.choice(_at(path, arrow), entry[arrow], sorted(phs))
    prep = c.keys("preparation", doc.get("preparation"), ("location_tiles", "tiles"))
    c.same("preparation.location_tiles", prep["location_tiles"], list(range(1, N_LOCATIONS + 1)), "DUEL-PREP-01")
    tiles = c.seq("preparation.tiles", prep["tiles"], N_LOCATIONS)
    levels = []
    for i, tile in enumerate(tiles):
        path = _item("preparation.tiles", i)
        c.keys(path, tile, ("id", "kind", "area", "arrow"))
        kind = c.choice(_at(path, "kind"), tile["kind"], PREP_KINDS)
        area = c.choice(_at(path, "area"), tile["area"], ("red", "green"))
        c.choice(_at(path, "arrow"), tile["arrow"], RED_ARROWS if area == "red" else GREEN_ARROWS)
        if kind == "neutral_dam":
            levels.append(c.integer(_at(path, "level"), tile.get("level"), 1, 3))
            c.integer(_at(path, "starting_drops"), tile.get("starting_drops"), 0, 3)
            if area != "red" or tile["arrow"] != "down":
                c.fail(path, "a neutral dam goes on the lower dam space of a red area (DUEL-PREP-02)")
        else:
            c.choice(_at(path, "space"), tile.get("space"), ("dam", "conduit") if area == "red" else ("powerhouse",))
    c.same("preparation.tiles", sorted(levels), [1, 2], "one level-1 and one level-2 neutral dam, DUEL-PREP-01/02")
    heads = c.seq("duel_headstream_tiles", doc.get("duel_headstream_tiles"), 8)
    for i, t in enumerate(heads):
        path = _item("duel_headstream_tiles", i)
        c.keys(path, t, ("id", "drops"))
        for r, v in enumerate(c.seq(_at(path, "drops"), t["drops"], 4)):
            c.integer(_item(_at(path, "drops"), r), v, 0)
    return {"duel_areas": areas, "preparation": prep, "duel_headstream_tiles": heads, "fidelity": doc["fidelity"]}


@functools.lru_cache(maxsize=None)
def _duel_board_cached(data_dir: Path | None) -> dict:
    c = _Check(BOARD_FILE)
    doc = c.keys("", _read_yaml(_root(data_dir), BOARD_FILE),
                 ("fidelity", "duel_board", "condition_tiles", "contract_points", "reward_tiles_I", "reward_tile_II"))
    c.choice("fidelity", doc["fidelity"], ("official", "reconstructed", "synthetic"))
    b = c.keys("duel_board", doc["duel_board"], ("rows", "scale_length", "vp_by_position", "reward_spaces",
                                                  "reward_II_vp"))
    c.same("duel_board.rows", b["rows"], 3, "DUEL-BOARD-01")
    n = c.integer("duel_board.scale_length", b["scale_length"], 2, 20)
    vp = c.mapping("duel_board.vp_by_position", b["vp_by_position"])
    c.same("duel_board.vp_by_position", sorted(vp), list(range(n + 1)), "positions 0..scale_length")
    for p, v in vp.items():
        c.integer(_at("duel_board.vp_by_position", p), v, 0)
    c.same("duel_board.vp_by_position.0", vp[0], 0, "DUEL-END-01: a marker on 0 gives nothing")
    c.same("duel_board.vp_by_position.2", vp[2], 2, "DUEL-BOARD-05: the 2nd space is worth 2 VP")
    c.same(f"duel_board.vp_by_position.{n}", vp[n], 15, "DUEL-BOARD-05: the last space is worth 15 VP")
    spaces = c.mapping("duel_board.reward_spaces", b["reward_spaces"])
    c.same("duel_board.reward_spaces", sorted(spaces), [1, 2, 3], "one entry per row")
    n_i = 0
    for row, entry in spaces.items():
        path = _at("duel_board.reward_spaces", row)
        c.keys(path, entry, ("I", "II"))
        c.seq(_at(path, "II"), entry["II"], 1)                         # DUEL-BOARD-03: one II space per side per row
        used = set()
        for key in ("I", "II"):
            for i, p in enumerate(c.seq(_at(path, key), entry[key])):
                c.integer(_item(_at(path, key), i), p, 1, n)
                if p in used:
                    c.fail(_item(_at(path, key), i), f"space {p} holds two reward spaces")
                used.add(p)
        n_i += 2 * len(entry["I"])
    if n_i > N_REWARD_I:
        c.fail("duel_board.reward_spaces", f"{n_i} reward I spaces, but there are only {N_REWARD_I} tiles I")
    c.integer("duel_board.reward_II_vp", b["reward_II_vp"], 0)
    conds = c.seq("condition_tiles", doc["condition_tiles"], len(CONDITION_IDS))
    for i, (tile, expected) in enumerate(zip(conds, CONDITION_IDS)):
        if c.keys(_item("condition_tiles", i), tile, ("id", "rule"))["id"] != expected:
            c.fail(_at(_item("condition_tiles", i), "id"), f"expected {expected!r} (fixed order), got {_show(tile['id'])}")
    pts = c.exact_keys("contract_points", doc["contract_points"], CONTRACT_POINT_KINDS)
    for k, v in pts.items():
        c.integer(_at("contract_points", k), v, 0)
    vocabulary = set(load_components()["reward_keys"])
    rewards = c.seq("reward_tiles_I", doc["reward_tiles_I"], N_REWARD_I)
    for i, r in enumerate(rewards + [doc["reward_tile_II"]]):
        path = _item("reward_tiles_I", i) if i < N_REWARD_I else "reward_tile_II"
        for key, v in c.mapping(path, r).items():
            c.choice(_at(path, key), key, sorted(vocabulary))
            c.integer(_at(path, key), v, 1)
    return doc
