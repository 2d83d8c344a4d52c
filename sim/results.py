"""The result rows of a finished game: one integer row per (game, seat) and one per game, and `record`, which
fills them from a final state. Batch players (strategies.batch) and the results store share this layout."""
from __future__ import annotations

import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import co
from sim.rules.scoring import final_ranks

# Integer result fields per (game, seat)
RESULT_FIELDS = (
    ("company", 1), ("officer", 1), ("vp", 1), ("rank", 1), ("vp_src", ids.N_VP_SOURCES), ("energy", 5),
    ("turn_pos", 5), ("built", 4), ("contracts_fulfilled", 1), ("decisions", 1),
    ("tile_round", ids.N_ADVANCED_TILES),          # per advanced tile: round this seat bought it, -1 = not its tile
    ("tile_uses", ids.N_TILES),                    # per tile: builds that put it on this seat's wheel
    ("contracts_by_kind", len(ids.CONTRACT_KIND_NAMES)),   # fulfilled, by ids.GREEN .. ids.NATIONAL
)
R = {}
_o = 0
for _name, _size in RESULT_FIELDS:
    R[_name] = _o
    _o += _size
N_RESULT = _o
R_COMPANY, R_OFFICER, R_VP, R_RANK = R["company"], R["officer"], R["vp"], R["rank"]
R_VP_SRC, R_ENERGY, R_TURN_POS, R_BUILT = R["vp_src"], R["energy"], R["turn_pos"], R["built"]
R_FULFILLED, R_DECISIONS = R["contracts_fulfilled"], R["decisions"]
R_TILE_ROUND, R_TILE_USES, R_CONTRACTS_BY_KIND = R["tile_round"], R["tile_uses"], R["contracts_by_kind"]
# Per-game fields
GAME_FIELDS = (("bonus", 5), ("objective", 1), ("decisions", 1), ("moves", 1), ("headstream_tiles", L.MAX_HEADSTREAMS))
N_GAME = sum(size for _, size in GAME_FIELDS)
G_HEAD_TILES = 8



@njit(cache=True, _nrt=False)
def _record_tiles_and_contracts(S, T, c, r):
    """Seat c's advanced tiles (round bought), tile uses on the wheel and fulfilled contracts by kind."""
    b = co(c)
    for i in range(ids.N_ADVANCED_TILES):
        owned = S[b + L.C_TILE_LOC + ids.FIRST_ADVANCED_TILE + i] != ids.TILE_NOT_OWNED
        r[R_TILE_ROUND + i] = S[L.TILE_TAKEN_ROUND + i] if owned else -1
    for t in range(ids.N_TILES):
        r[R_TILE_USES + t] = S[L.TILE_USES + c * L.N_TILE_IDS + t]
    for k in range(len(ids.CONTRACT_KIND_NAMES)):
        r[R_CONTRACTS_BY_KIND + k] = 0
    for k in range(L.N_CONTRACTS):
        if S[L.CON_STATE + k] == ids.CS_FULFILLED and S[L.CON_OWNER + k] == c:
            r[R_CONTRACTS_BY_KIND + T.contract_kind[k]] += 1


@njit(cache=True)
def record(S, T, seat_rows, game_row):
    """Writes the result rows of a finished game."""
    np_ = T.n_players[0]
    rank = np.zeros(np_, dtype=np.int64)
    win = np.zeros(np_, dtype=np.float64)
    final_ranks(S, T, rank, win)
    for c in range(np_):
        b = co(c)
        r = seat_rows[c]
        r[R_COMPANY] = S[b + L.C_COMPANY]
        r[R_OFFICER] = S[b + L.C_OFFICER]
        r[R_VP] = S[b + L.C_VP]
        r[R_RANK] = rank[c]
        for i in range(ids.N_VP_SOURCES):
            r[R_VP_SRC + i] = S[b + L.C_VP_SRC + i]
        for i in range(5):
            r[R_ENERGY + i] = S[b + L.C_ENERGY_HIST + i]
            r[R_TURN_POS + i] = S[b + L.C_TURN_POS_HIST + i]
        full = (5, 5, 5, 4)
        for i in range(4):
            r[R_BUILT + i] = full[i] - S[b + L.C_PIECES + i]
        r[R_FULFILLED] = S[b + L.C_FULFILLED]
        r[R_DECISIONS] = S[b + L.C_DECISIONS]
        _record_tiles_and_contracts(S, T, c, r)
    for i in range(5):
        game_row[i] = S[L.G_BONUS + i]
    game_row[5] = S[L.G_OBJECTIVE]
    game_row[6] = S[L.G_DECISIONS]
    game_row[7] = S[L.G_MOVES]
    for h in range(L.MAX_HEADSTREAMS):
        game_row[G_HEAD_TILES + h] = S[L.HEAD_TILE + h] if h < T.n_head[0] else -1
