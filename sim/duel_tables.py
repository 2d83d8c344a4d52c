"""Compiles the Barrage: Duel data (sim.duel_data) into the integer tables the engine reads (DUEL-*).

Off (all zero / -1) unless the variant plays the duel map; the board part only with the duel board.
"""
from __future__ import annotations

from sim import ids
from sim import layout as L
from sim.duel_data import CONDITION_IDS, CONTRACT_POINT_KINDS, load_duel_board, load_duel_map_sections

# Table fields (name -> shape), merged into sim.tables.TABLE_FIELDS.
DUEL_TABLE_FIELDS: dict[str, tuple[int, ...]] = {
    "duel_map": (1,), "duel_board": (1,),
    "duel_prep_space": (L.N_PREP_TILES, 8),      # [preparation tile, location - 1] -> map space, -1 = removed
    "duel_prep_level": (L.N_PREP_TILES,),        # neutral dam level of a neutral tile, 0 = a blocker
    "duel_prep_drops": (L.N_PREP_TILES,),
    "n_duel_cond": (1,), "duel_cond_pool": (len(CONDITION_IDS),),
    "duel_scale": (1,), "duel_vp": (L.MAX_SCALE + 1,),
    "duel_reward_I_pos": (ids.DUEL_ROWS, L.MAX_SCALE), "duel_reward_II_pos": (ids.DUEL_ROWS,),
    "duel_reward_rid": (ids.N_DUEL_REWARD_I + 1,),   # reward row of tile I k, then of tile II
    "duel_contract_pts": (len(CONTRACT_POINT_KINDS),),
}


def duel_reward_rows() -> list[dict]:
    """The reward mappings of the 8 reward tiles I and the reward tile II, in that order (for sim.tables)."""
    board = load_duel_board()
    return list(board["reward_tiles_I"]) + [board["reward_tile_II"]]


def duel_tables(duel_map: bool, duel_board: bool, expansions: tuple[str, ...], dam_ids: list[str],
                cond_ids: list[str], ph_ids: list[str], first_reward_row: int) -> dict:
    """The duel table arrays of a variant; `first_reward_row` is where duel_reward_rows() sit in the reward table."""
    out: dict = dict(duel_map=[int(duel_map)], duel_board=[int(duel_board)], n_duel_cond=[0], duel_scale=[0])
    if duel_map:
        sections = load_duel_map_sections()
        red, green = sections["duel_areas"]["red_areas"], sections["duel_areas"]["green_areas"]
        nd, nc = len(dam_ids), len(cond_ids)

        def space(name: str) -> int:
            if name in dam_ids:
                return dam_ids.index(name)
            if name in cond_ids:
                return nd + cond_ids.index(name)
            return nd + nc + ph_ids.index(name)

        prep_space, level, drops = [], [], []
        for tile in sections["preparation"]["tiles"]:
            row = []
            for loc in range(1, 9):
                if tile["area"] == "red":
                    row.append(space(red[loc][tile["arrow"]]))               # DUEL-PREP-02/03
                else:
                    row.append(space(green[loc][tile["arrow"]]) if loc in green else -1)   # DUEL-PREP-04
            prep_space.append(row)
            level.append(int(tile.get("level", 0)) if tile["kind"] == "neutral_dam" else 0)
            drops.append(int(tile.get("starting_drops", 0)))
        out.update(duel_prep_space=prep_space, duel_prep_level=level, duel_prep_drops=drops)
    if duel_board:
        board = load_duel_board()
        b = board["duel_board"]
        pool = [i for i, name in enumerate(CONDITION_IDS)                      # DUEL-BOARD-02
                if not (name == "external_works" and "leeghwater" not in expansions)]
        first = [sorted(b["reward_spaces"][r + 1]["I"]) for r in range(ids.DUEL_ROWS)]
        out.update(n_duel_cond=[len(pool)], duel_cond_pool=pool, duel_scale=[b["scale_length"]],
                   duel_vp=[b["vp_by_position"][p] for p in range(b["scale_length"] + 1)],
                   duel_reward_I_pos=first,
                   duel_reward_II_pos=[b["reward_spaces"][r + 1]["II"][0] for r in range(ids.DUEL_ROWS)],
                   duel_reward_rid=list(range(first_reward_row, first_reward_row + ids.N_DUEL_REWARD_I + 1)),
                   duel_contract_pts=[board["contract_points"][k] for k in CONTRACT_POINT_KINDS])
    return out


def duel_fidelity(duel_board: bool) -> list[tuple[str, str]]:
    """(data file, fidelity) of the duel board file when the variant uses it (RECON-06; the map file is the map's)."""
    return [("duel_board.yaml", load_duel_board()["fidelity"])] if duel_board else []
