"""Scenario section `duel` (Barrage: Duel, DUEL-*): preparation tiles, condition tiles, markers, reward tiles and the
contract points of the round; read by `load`, written by `snapshot`.

```yaml
duel:
  preparation: {BLOCK_BASE_UP: 3, BLOCK_CONDUIT_LEFT: 5, ...}   # location tile (1..8) per preparation tile
  conditions: [credits, machinery_pairs, contracts]           # duel board only: condition tile per row, top first
  markers: [0, 2, -3]                                          # marker per row; negative = seat 0's side
  reward_tiles: [{-3: I4, 3: I1, -6: II, 6: II}, ...]          # per row: position -> reward tile I1..I8 or II
  contract_points: [0, 3]                                      # per seat: DUEL-COND-05 count of this round
  extwork_machineries: [0, 2]                                  # per seat: DUEL-COND-06 count of this round
```
A neutral preparation tile's dam is given in `dams` like any other dam; its entry here only records the location.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from sim import ids
from sim import layout as L
from sim.scenario.context import _Ctx
from sim.scenario.schema import _check_keys, _fail, _int, _list, _name_index

_KEYS = ("preparation", "conditions", "markers", "reward_tiles", "contract_points", "extwork_machineries")
_TILE_NAMES = tuple(f"I{k + 1}" for k in range(ids.N_DUEL_REWARD_I)) + ("II",)


def _slot(row: int, position: int) -> int:
    return L.DUEL_TILE + row * (2 * L.MAX_SCALE + 1) + position + L.MAX_SCALE


def _blank_board(S: np.ndarray) -> None:
    S[L.DUEL_COND:L.DUEL_COND + ids.DUEL_ROWS] = -1
    S[L.DUEL_TILE:L.DUEL_TILE + ids.DUEL_ROWS * (2 * L.MAX_SCALE + 1)] = -1


def _default_tiles(T) -> list[dict[int, int]]:
    """Reward tiles as setup would place them with unshuffled tiles (I1, I2, ... in setup order; II everywhere)."""
    out, k = [], 0
    for r in range(ids.DUEL_ROWS):
        row: dict[int, int] = {}
        for p in T.duel_reward_I_pos[r]:
            if p < 0:
                break
            for side in (-1, 1):
                row[side * int(p)] = k
                k += 1
        p2 = int(T.duel_reward_II_pos[r])
        row[-p2] = row[p2] = ids.DUEL_REWARD_II
        out.append(row)
    return out


def load_duel(ctx: _Ctx, S: np.ndarray, v: Any) -> None:
    """Fills the duel fields of S from the `duel` section (a blank duel board when absent)."""
    T = ctx.T
    _blank_board(S)
    if v is None:
        v = {}
    if v and not int(T.duel_map[0]):
        _fail("duel", "only a game on the duel map has a duel section; set variant.map: duel")
    v = _check_keys("duel", v, _KEYS)
    for name, loc in (_check_keys("duel.preparation", v.get("preparation") or {}, ids.PREP_TILE_NAMES,
                                  "preparation tile")).items():
        i = ids.PREP_TILE_NAMES.index(name)
        loc = _int(f"duel.preparation.{name}", loc, 1, L.N_PREP_TILES)
        S[L.DUEL_PREP_LOC + i] = loc
        g = int(T.duel_prep_space[i, loc - 1])
        if T.duel_prep_level[i] == 0 and g >= 0:                  # DUEL-PREP-05: the space is blocked
            S[L.DUEL_BLOCKED + g // 32] |= 1 << (g % 32)
    locs = [x for x in S[L.DUEL_PREP_LOC:L.DUEL_PREP_LOC + L.N_PREP_TILES] if x]
    if len(set(locs)) != len(locs):
        _fail("duel.preparation", "two preparation tiles have the same location tile (DUEL-PREP-07)")
    if not int(T.duel_board[0]):
        for key in ("conditions", "markers", "reward_tiles", "contract_points", "extwork_machineries"):
            if key in v:
                _fail(f"duel.{key}", "needs the duel board; set variant.duel: true")
        return
    conds = _list("duel.conditions", v.get("conditions", list(ids.DUEL_COND_NAMES[:ids.DUEL_ROWS])))
    if len(conds) != ids.DUEL_ROWS:
        _fail("duel.conditions", f"give {ids.DUEL_ROWS} condition tiles, one per row")
    pool = [int(x) for x in T.duel_cond_pool[:int(T.n_duel_cond[0])]]
    for r, name in enumerate(conds):
        c = _name_index(f"duel.conditions[{r}]", name, ids.DUEL_COND_NAMES, "condition tile")
        if c not in pool:
            _fail(f"duel.conditions[{r}]", f"{name!r} is not in this game's pool (DUEL-BOARD-02: the external-works "
                                           "tile needs The Leeghwater Project)")
        S[L.DUEL_COND + r] = c
    scale = int(T.duel_scale[0])
    markers = _list("duel.markers", v.get("markers", [0] * ids.DUEL_ROWS))
    if len(markers) != ids.DUEL_ROWS:
        _fail("duel.markers", f"give {ids.DUEL_ROWS} marker positions, one per row")
    for r, p in enumerate(markers):
        S[L.DUEL_MARKER + r] = _int(f"duel.markers[{r}]", p, -scale, scale)
    rows = v.get("reward_tiles")
    tiles = _default_tiles(T) if rows is None else []
    if rows is not None:
        rows = _list("duel.reward_tiles", rows)
        if len(rows) != ids.DUEL_ROWS:
            _fail("duel.reward_tiles", f"give {ids.DUEL_ROWS} rows (a mapping position -> tile each)")
        for r, row in enumerate(rows):
            d = {}
            for p, name in (row or {}).items():
                path = f"duel.reward_tiles[{r}].{p}"
                d[_int(path, p, -scale, scale)] = _name_index(path, name, _TILE_NAMES, "reward tile")
            tiles.append(d)
    for r, row in enumerate(tiles):
        for p, t in row.items():
            S[_slot(r, p)] = t
    pts = _list("duel.contract_points", v.get("contract_points", [0] * ctx.n))
    if len(pts) != ctx.n:
        _fail("duel.contract_points", f"give one count per seat ({ctx.n})")
    for s, x in enumerate(pts):
        S[L.DUEL_CONTRACT_PTS + s] = _int(f"duel.contract_points[{s}]", x, 0)
    works = _list("duel.extwork_machineries", v.get("extwork_machineries", [0] * ctx.n))
    if len(works) != ctx.n:
        _fail("duel.extwork_machineries", f"give one count per seat ({ctx.n})")
    for s, x in enumerate(works):
        S[L.DUEL_EW_MACH + s] = _int(f"duel.extwork_machineries[{s}]", x, 0)


def snapshot_duel(ctx: _Ctx, S: np.ndarray) -> dict | None:
    """The `duel` section of a position (None off the duel map)."""
    T = ctx.T
    if not int(T.duel_map[0]):
        return None
    doc: dict[str, Any] = {"preparation": {name: int(S[L.DUEL_PREP_LOC + i]) for i, name in
                                           enumerate(ids.PREP_TILE_NAMES) if S[L.DUEL_PREP_LOC + i]}}
    if int(T.duel_board[0]):
        scale = int(T.duel_scale[0])
        doc["conditions"] = [ids.DUEL_COND_NAMES[c] for c in S[L.DUEL_COND:L.DUEL_COND + ids.DUEL_ROWS]]
        doc["markers"] = [int(x) for x in S[L.DUEL_MARKER:L.DUEL_MARKER + ids.DUEL_ROWS]]
        doc["reward_tiles"] = [{p: _TILE_NAMES[S[_slot(r, p)]] for p in range(-scale, scale + 1) if S[_slot(r, p)] >= 0}
                               for r in range(ids.DUEL_ROWS)]
        doc["contract_points"] = [int(x) for x in S[L.DUEL_CONTRACT_PTS:L.DUEL_CONTRACT_PTS + ctx.n]]
        doc["extwork_machineries"] = [int(x) for x in S[L.DUEL_EW_MACH:L.DUEL_EW_MACH + ctx.n]]
    return doc
