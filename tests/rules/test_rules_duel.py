"""Barrage: Duel (RULES.md §21): DUEL-01/02, DUEL-MAP-*, DUEL-PREP-*, DUEL-BOARD-*, DUEL-CHECK-*, DUEL-COND-01..05,
DUEL-REWARD-*, DUEL-END-01; worked examples EX-19, EX-20, EX-21; DECISION-35/36/42; RECON-06.

The duel map and the duel board are reconstructed data (RECON-02, RECON-03): these tests assert only what the rules fix
(RECON-06) -- which spaces a preparation tile addresses by its red/green area and arrow, the Check phase arithmetic,
the 2nd space = 2 VP and last space = 15 VP -- never a placeholder value (a conduit's production, a scale length
other than through `duel_scale`, where the I/II spaces lie other than through the tables).
"""
from __future__ import annotations

import numpy as np
import pytest

from sim import ids, scenario
from sim import layout as L
from sim.config import GameConfig
from sim.duel_data import load_duel_map_sections
from sim.errors import ConfigError
from sim.game import Game
from sim.rules.construct import placeable
from sim.rules.duel import machinery_pairs, place_preparation_tile
from sim.tables import compile_tables
from sim.variant import Variant

DUEL = Variant(players=2, map="duel", duel=True)
T, INFO = compile_tables(DUEL)
SCALE = int(T.duel_scale[0])
I_POS = int(T.duel_reward_I_pos[0, 0])        # first reward I space of row 1 (a placeholder: read, never assumed)
II_POS = int(T.duel_reward_II_pos[0])
SEEDS = range(40)
RED = load_duel_map_sections()["duel_areas"]["red_areas"]   # location -> {up, down, left, right}: which zone is which
                                                            # area is a placeholder, so spaces are looked up, not assumed


def _red(location: int, arrow: str) -> str:
    """The space of red area `location` its arrow addresses (DUEL-MAP-03)."""
    return RED[location][arrow]


def _dam_below(h: int) -> str:
    """The first dam space a drop from headstream h reaches (the river is reconstructed: read, not assumed)."""
    node = int(T.river_next[int(T.n_dams[0]) + int(T.n_zones[0]) + h])
    while node >= int(T.n_dams[0]):
        node = int(T.river_next[node])
    return INFO.dam_ids[node]


def _duel_game(seed: int, board: bool = True) -> Game:
    return Game.new(GameConfig(players=2, map="duel", duel=board), seed=seed)


def _space(name: str) -> int:
    names = list(INFO.dam_ids) + list(INFO.conduit_ids) + list(INFO.ph_ids)
    return names.index(name)


def _prep(S) -> dict[str, int]:
    return {n: int(S[L.DUEL_PREP_LOC + i]) for i, n in enumerate(ids.PREP_TILE_NAMES)}


def _blocked(S) -> set[str]:
    names = list(INFO.dam_ids) + list(INFO.conduit_ids) + list(INFO.ph_ids)
    return {names[g] for g in range(len(names)) if (S[L.DUEL_BLOCKED + g // 32] >> (g % 32)) & 1}


# ---- DUEL-01/02, DECISION-42 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_DUEL_01_exactly_two_players(players):
    """DUEL-01: the Duel (and its map) is for exactly 2 players; another count is refused in one line."""
    with pytest.raises(ConfigError, match=r"^players: .*exactly 2 players \(DUEL-01\)") as e:
        GameConfig(players=players, map="duel", duel=True)
    assert "\n" not in str(e.value)


def test_DUEL_01_uses_the_two_player_base_rules():
    """DUEL-01: N=2 rules: the same management-board spaces exist as in a base 2-player game, 1 national contract,
    2 starting contracts dealt (one per seat)."""
    base, _ = compile_tables(Variant(players=2))
    assert list(T.space_exists) == list(base.space_exists)
    g = _duel_game(3)
    S = g.state
    states = S[L.CON_STATE:L.CON_STATE + L.N_CONTRACTS]
    assert int((states == ids.CS_NATIONAL_BOARD).sum()) == 1
    assert [int(S[L.START_DEALT + s]) >= 0 for s in range(4)] == [True, True, False, False]


def test_DUEL_02_board_needs_the_duel_map_and_map_plays_alone():
    """DUEL-02: the duel board only with the duel map; the duel map alone has its preparation but no duel board
    (no conditions, no reward tiles) and no Check phase."""
    with pytest.raises(ConfigError, match=r"duel board is played only on the duel map \(DUEL-02\)"):
        GameConfig(players=2, map="base", duel=True)
    g = _duel_game(4, board=False)
    S = g.state
    assert sorted(_prep(S).values()) == list(range(1, 9))
    assert list(S[L.DUEL_COND:L.DUEL_COND + 3]) == [-1, -1, -1]
    assert (S[L.DUEL_TILE:L.DUEL_TILE + 3 * (2 * L.MAX_SCALE + 1)] == -1).all()
    g.run_until("scoring")
    assert g.state[L.G_PHASE] != ids.PH_CHECK


def test_DECISION_42_no_automa_on_the_duel_map():
    """DECISION-42: an Automa seat on the duel map is refused in one line."""
    for board in (False, True):
        with pytest.raises(ConfigError, match=r"^automa: .*DECISION-42") as e:
            GameConfig(players=2, map="duel", duel=board, automa=(0, 2))
        assert "\n" not in str(e.value)


def test_base_game_draws_nothing_for_the_duel():
    """No extra draws when the duel is off: the base game's duel fields stay blank and its generator state after
    setup is what the base engine leaves (same seed, duel map vs base map differ only by their own draws)."""
    g = Game.new(GameConfig(players=2), seed=9)
    S = g.state
    assert (S[L.DUEL_PREP_LOC:L.DUEL_PREP_LOC + 8] == 0).all() and (S[L.DUEL_BLOCKED:L.DUEL_BLOCKED + 3] == 0).all()
    assert list(S[L.DUEL_COND:L.DUEL_COND + 3]) == [-1, -1, -1]


# ---- DUEL-MAP-* ----------------------------------------------------------------------------------------------
def test_DUEL_MAP_01_03_red_and_green_areas():
    """DUEL-MAP-01/03: the duel map replaces the base map: 8 red areas, each an upper and a lower dam space and a
    left and a right conduit space; 7 green areas with a down and an up powerhouse space (read through the
    preparation tables: tile BLOCK_BASE_UP dealt k addresses area k's upper dam space, ...)."""
    assert int(T.n_dams[0]) == 16 and int(T.n_conduits[0]) == 16
    for tile, arrow in (("BLOCK_BASE_UP", "up"), ("BLOCK_BASE_DOWN", "down"), ("BLOCK_CONDUIT_LEFT", "left"),
                        ("BLOCK_CONDUIT_RIGHT", "right")):
        spaces = [_space(_red(k, arrow)) for k in range(1, 9)]
        assert list(T.duel_prep_space[ids.PREP_TILE_NAMES.index(tile)]) == spaces and len(set(spaces)) == 8
    for k in range(1, 9):                                         # upper/lower dam of one basin, its two conduits
        up, down, left, right = (_red(k, a) for a in ("up", "down", "left", "right"))
        assert up[:-1] == down[:-1] and up.endswith("U") and down.endswith("L")
        assert left[:-1] == right[:-1] == "C" + up[1:-1] and left.endswith("L") and right.endswith("R")
    green = T.duel_prep_space[ids.PREP_TILE_NAMES.index("BLOCK_POWERHOUSE_UP")]
    assert sum(1 for g in green if g >= 0) == 7


def test_DUEL_MAP_02_duel_headstream_tiles():
    """DUEL-MAP-02: 8 duel headstream tiles replace the base tiles; 4 distinct ones are placed, one per slot."""
    assert int(T.n_head_tiles[0]) == 8 and int(T.n_head[0]) == 4
    seen = set()
    for seed in SEEDS:
        tiles = [int(x) for x in _duel_game(seed).state[L.HEAD_TILE:L.HEAD_TILE + 4]]
        assert len(set(tiles)) == 4 and all(0 <= t < 8 for t in tiles)
        seen.update(tiles)
    assert seen == set(range(8))


# ---- DUEL-PREP-* / EX-21 -------------------------------------------------------------------------------------
def test_DUEL_PREP_01_07_locations_dealt_distinct():
    """DUEL-PREP-01, DUEL-PREP-07: the 8 location tiles are shuffled and dealt one per preparation tile (a
    permutation of 1..8), so no two preparation items address the same area."""
    deals = set()
    for seed in SEEDS:
        locs = list(_prep(_duel_game(seed).state).values())
        assert sorted(locs) == list(range(1, 9))
        deals.add(tuple(locs))
    assert len(deals) == len(SEEDS)


def test_DUEL_PREP_02_two_neutral_dams_replace_SETUP_08():
    """DUEL-PREP-02: a level-1 and a level-2 neutral dam, each on the lower dam space of the red area its location
    tile names, with 1 drop; no other neutral dam (SETUP-08 is replaced)."""
    for seed in SEEDS:
        S = _duel_game(seed).state
        prep = _prep(S)
        neutral = {INFO.dam_ids[d]: (int(S[L.DAM_LEVEL + d]), int(S[L.DAM_DROPS + d]))
                   for d in range(16) if S[L.DAM_OWNER + d] == ids.NEUTRAL}
        assert neutral == {_red(prep["NEUTRAL_L1"], "down"): (1, 1), _red(prep["NEUTRAL_L2"], "down"): (2, 1)}


def test_DUEL_PREP_03_06_blockers_follow_their_arrows():
    """DUEL-PREP-03/06: Base tiles block the upper/lower dam space of their red area (arrow up/down), Conduit tiles
    the left/right conduit space; DUEL-PREP-04: Powerhouse tiles the down/up powerhouse space of their green
    area (the data: one tile each way, DUEL-PREP-06)."""
    for seed in SEEDS:
        S = _duel_game(seed).state
        p = _prep(S)
        expected = {_red(p["BLOCK_BASE_UP"], "up"), _red(p["BLOCK_BASE_DOWN"], "down"),
                    _red(p["BLOCK_CONDUIT_LEFT"], "left"), _red(p["BLOCK_CONDUIT_RIGHT"], "right")}
        for name, arrow in (("BLOCK_POWERHOUSE_DOWN", 0), ("BLOCK_POWERHOUSE_UP", 1)):
            g = int(T.duel_prep_space[ids.PREP_TILE_NAMES.index(name), p[name] - 1])
            if p[name] != 8:
                expected.add((list(INFO.dam_ids) + list(INFO.conduit_ids) + list(INFO.ph_ids))[g])
        assert _blocked(S) == expected


def test_EX_21_DUEL_PREP_04_powerhouse_tile_on_location_8_is_removed():
    """EX-21 (DUEL-PREP-04): location 8 paired with a Powerhouse preparation tile: the tile is removed, no powerhouse
    space is blocked by it, and the other 7 items are placed."""
    S = np.zeros(L.STATE_SIZE, dtype=np.int64)
    S[L.DAM_OWNER:L.DAM_OWNER + L.MAX_DAMS] = ids.NOBODY
    for i, loc in enumerate([1, 2, 3, 4, 5, 6, 8, 7]):          # BLOCK_POWERHOUSE_DOWN gets 8
        place_preparation_tile(S, T, i, loc)
    names = list(INFO.dam_ids) + list(INFO.conduit_ids) + list(INFO.ph_ids)
    green7_up = names[int(T.duel_prep_space[ids.PREP_TILE_NAMES.index("BLOCK_POWERHOUSE_UP"), 6])]
    assert _blocked(S) == {_red(3, "up"), _red(4, "down"), _red(5, "left"), _red(6, "right"), green7_up}
    assert int(S[L.DUEL_PREP_LOC + ids.PREP_TILE_NAMES.index("BLOCK_POWERHOUSE_DOWN")]) == 8
    assert {INFO.dam_ids[d] for d in range(16) if S[L.DAM_OWNER + d] == ids.NEUTRAL} == {_red(1, "down"),
                                                                                          _red(2, "down")}


def test_DUEL_PREP_05_blocked_space_can_never_be_built():
    """DUEL-PREP-05: a space holding a preparation tile cannot be built on (any structure, any company); the other
    space of the same basin can."""
    g = scenario.load({"variant": {"players": 2, "map": "duel", "duel": True}, "round": 1, "phase": "actions",
                       "duel": {"preparation": {"BLOCK_BASE_UP": 1, "BLOCK_CONDUIT_RIGHT": 2,
                                                "BLOCK_POWERHOUSE_UP": 3}}})
    S, Tg = g.state, g.tables
    for c in (0, 1):
        assert placeable(S, Tg, c, _space(_red(1, "up"))) == -1
        assert placeable(S, Tg, c, _space(_red(1, "down"))) == ids.BASE
        assert placeable(S, Tg, c, _space(_red(2, "right"))) == -1
        assert placeable(S, Tg, c, _space(_red(2, "left"))) == ids.CONDUIT
    up3 = int(T.duel_prep_space[ids.PREP_TILE_NAMES.index("BLOCK_POWERHOUSE_UP"), 2])
    down3 = int(T.duel_prep_space[ids.PREP_TILE_NAMES.index("BLOCK_POWERHOUSE_DOWN"), 2])
    assert placeable(S, Tg, 0, up3) == -1 and placeable(S, Tg, 0, down3) == ids.POWERHOUSE


# ---- DUEL-BOARD-* --------------------------------------------------------------------------------------------
def test_DUEL_BOARD_01_02_03_setup():
    """DUEL-BOARD-01: 3 rows, markers on 0. DUEL-BOARD-02: 3 distinct condition tiles from the pool without the
    external-works tile (no Leeghwater). DUEL-BOARD-03: a distinct reward I tile on every I space (the rest in the
    box), a reward II tile on every II space (one per side per row: 6)."""
    conds = set()
    for seed in SEEDS:
        S = _duel_game(seed).state
        c = [int(x) for x in S[L.DUEL_COND:L.DUEL_COND + 3]]
        assert len(set(c)) == 3 and ids.DC_EXTERNAL not in c
        conds.update(c)
        assert list(S[L.DUEL_MARKER:L.DUEL_MARKER + 3]) == [0, 0, 0]
        tiles = S[L.DUEL_TILE:L.DUEL_TILE + 3 * (2 * L.MAX_SCALE + 1)]
        first = [int(t) for t in tiles if 0 <= t < ids.N_DUEL_REWARD_I]
        n_i = 2 * sum(1 for r in range(3) for p in T.duel_reward_I_pos[r] if p >= 0)
        assert len(first) == len(set(first)) == n_i
        assert int((tiles == ids.DUEL_REWARD_II).sum()) == 6
    assert conds == set(range(5))
    assert int(T.n_duel_cond[0]) == 5


def test_DUEL_BOARD_05_fixed_scale_values():
    """DUEL-BOARD-05: the 2nd space of a side is worth 2 VP and the last space 15 VP; the centre 0 (DUEL-END-01)."""
    assert int(T.duel_vp[0]) == 0 and int(T.duel_vp[2]) == 2 and int(T.duel_vp[SCALE]) == 15


# ---- Check phase -----------------------------------------------------------------------------------------------
def _check(companies, conditions, markers=(0, 0, 0), tiles=None, rnd=2, contract_points=(0, 0), expansions=(),
           duel_extra=None, **doc):
    """Loads round `rnd` at the start of the Check phase (after Water Flow) and plays it; stops before Scoring."""
    duel = {"conditions": list(conditions), "markers": list(markers),
            "reward_tiles": tiles if tiles is not None else [{}, {}, {}], "contract_points": list(contract_points),
            **(duel_extra or {})}
    variant = {"players": 2, "map": "duel", "duel": True, "expansions": list(expansions)}
    g = scenario.load({"variant": variant, "round": rnd, "phase": "check",
                       "companies": companies, "duel": duel, **doc}, advance=False)
    g.run_until("scoring")
    return g


def _markers(g):
    return [int(x) for x in g.state[L.DUEL_MARKER:L.DUEL_MARKER + 3]]


def test_EX_19_check_phase_rows_in_order_with_rewards():
    """EX-19 (DUEL-CHECK-02..05, DUEL-COND-01/04/05): Timur = seat 0 (negative side), Sergey = seat 1. Row 1
    credits: floor(5/3)=1 vs floor(10/3)=3 -> +2, enters a '+2 energy & 1 Mixer' tile: Sergey 3 E + 2 M. Row 2
    machinery pairs, counted after that reward: min(3,2)=2 vs min(0,1)=0 -> +2. Row 3 contracts: yellow + red =
    5 vs starting 1 -> -4, enters a '5 Credits' tile: Timur +5 Credits."""
    p1, p2, p3 = 0, 0, 0
    g = _check({0: {"credits": 5, "excavators": 0, "mixers": 1}, 1: {"credits": 10, "excavators": 3, "mixers": 1}},
               ["credits", "machinery_pairs", "contracts"], markers=(p1, p2, p3),
               tiles=[{p1 + 2: "I1"}, {}, {p3 - 4: "I8"}], contract_points=[5, 1])
    S = g.state
    b0, b1 = L.COMPANY_BASE, L.COMPANY_BASE + L.CO_SIZE
    assert _markers(g) == [p1 + 2, p2 + 2, p3 - 4]
    assert (int(S[b1 + L.C_EXC]), int(S[b1 + L.C_MIX]), int(S[b1 + L.C_ENERGY])) == (3, 2, 2)
    assert int(S[b0 + L.C_CREDITS]) == 10
    assert int(S[L.DUEL_TILE + 0 * 21 + p1 + 2 + L.MAX_SCALE]) == -1        # tiles removed to the box
    assert int(S[L.DUEL_TILE + 2 * 21 + p3 - 4 + L.MAX_SCALE]) == -1
    assert list(S[L.DUEL_CONTRACT_PTS:L.DUEL_CONTRACT_PTS + 2]) == [0, 0]     # reminders taken back


def test_DUEL_CHECK_01_between_water_flow_and_scoring():
    """DUEL-CHECK-01: the Check phase runs after Water Flow (drops that flow into a dam count for DUEL-COND-03) and
    before Scoring (energy from a reward counts in that Scoring: the award goes to the rewarded seat)."""
    g = scenario.load({"variant": {"players": 2, "map": "duel", "duel": True}, "round": 1, "phase": "water_flow",
                       "companies": {0: {"energy": 2}, 1: {"energy": 0}},
                       "dams": {_dam_below(0): {"owner": 1, "level": 2}},
                       "headstreams": {INFO.headstream_ids[0]: {"drops": 2}},
                       "duel": {"conditions": ["drops", "credits", "machinery_pairs"],
                                "reward_tiles": [{2: "I2"}, {}, {}]}}, advance=False)
    g.run_until("check")
    assert _markers(g) == [0, 0, 0] and int(g.state[L.DAM_DROPS + _space(_dam_below(0))]) == 2
    g.run_until("scoring")
    assert _markers(g)[0] == 2                                     # 2 drops vs 0 -> +2, enters '+4 energy'
    assert int(g.state[L.COMPANY_BASE + L.CO_SIZE + L.C_ENERGY]) == 4
    g.run_until("end_of_round")
    cos = g.snapshot()["companies"]
    assert cos[1]["vp_by_source"].get("energy_award", 0) > cos[0]["vp_by_source"].get("energy_award", 0)


def test_DUEL_CHECK_03_tie_does_not_move():
    """DUEL-CHECK-03: equal counts (7 and 8 Credits: 2 each) leave the marker where it is."""
    g = _check({0: {"credits": 7}, 1: {"credits": 8}}, ["credits", "energy", "drops"], markers=(1, 0, 0))
    assert _markers(g) == [1, 0, 0]


def test_DUEL_CHECK_04_movement_beyond_the_end_is_ignored():
    """DUEL-CHECK-04: a marker one space before the end moved 3 stops on the last space; on the last space it
    stays."""
    g = _check({0: {"credits": 9}, 1: {"credits": 0}}, ["credits", "energy", "drops"],
               markers=(-(SCALE - 1), SCALE, 0))
    assert _markers(g) == [-SCALE, SCALE, 0]


def test_DUEL_CHECK_05_DECISION_35_passing_triggers_in_order():
    """DUEL-CHECK-05 / DECISION-35: tiles entered by passing or stopping are all taken, in the order entered: from 0
    moved +II_POS the seat passes the I space (tile 'I3 = 3 VP & 1 Excavator') and stops on the II space (7 VP)."""
    credits = 3 * II_POS
    g = _check({0: {"credits": 0}, 1: {"credits": credits, "excavators": 0}}, ["credits", "energy", "drops"],
               tiles=[{I_POS: "I4", II_POS: "II", -I_POS: "I5"}, {}, {}])
    b1 = L.COMPANY_BASE + L.CO_SIZE
    assert _markers(g) == [II_POS, 0, 0]
    assert int(g.state[b1 + L.C_VP_SRC + ids.VS_DUEL]) == 3 + 7
    assert int(g.state[b1 + L.C_EXC]) == 1
    tiles = {int(p) - L.MAX_SCALE: int(g.state[L.DUEL_TILE + p]) for p in range(21) if g.state[L.DUEL_TILE + p] >= 0}
    assert tiles == {-I_POS: 4}                                    # the other side's tile stays


def test_DUEL_COND_02_energy_per_4():
    """DUEL-COND-02: floor(energy this round / 4): 11 -> 2, 4 -> 1: the marker moves 1 toward seat 0."""
    g = _check({0: {"energy": 11}, 1: {"energy": 4}}, ["energy", "credits", "drops"], markers=(0, 0, 0))
    assert _markers(g)[0] == -1


def test_DUEL_COND_03_drops_in_own_dams_only():
    """DUEL-COND-03: drops held by the seat's own dams: seat 0 holds 3 (B1U level 3), seat 1 holds 1 in its dam;
    drops in a neutral dam count for nobody -> -2."""
    g = _check({0: {}, 1: {}}, ["drops", "credits", "energy"],
               dams={"B1U": {"owner": 0, "level": 3, "drops": 3}, "B2U": {"owner": 1, "level": 1, "drops": 1},
                     "B3L": {"owner": "neutral", "level": 2, "drops": 2}})
    assert _markers(g)[0] == -2


def test_DUEL_COND_04_pairs_exclude_the_wheel():
    """DUEL-COND-04: min(Excavators, Mixers) in the supply, not on the wheel: 4 E + 1 M (1 pair) vs 2 E + 2 M (2)."""
    g = _check({0: {"excavators": 4, "mixers": 1}, 1: {"excavators": 2, "mixers": 2}},
               ["machinery_pairs", "credits", "energy"])
    assert _markers(g)[0] == 1


def test_DUEL_COND_04_OFFICER_ELON_01_excamixers_complete_pairs():
    """DUEL-COND-04: an Elon Excamixer may complete a pair: seat 1 (Elon) with 1 Excavator, 0 Mixers and 3 Excamixers
    has 2 pairs (E+X, X+X; min(1+3, 0+3, floor(4/2))); seat 0 with 1 Excavator and 1 Mixer has 1 -> +1."""
    g = _check({0: {"officer": "Viktor", "excavators": 1, "mixers": 1},
                1: {"officer": "Elon", "excavators": 1, "mixers": 0, "excamixers": 3}},
               ["machinery_pairs", "credits", "energy"], expansions=("promo",))
    assert _markers(g)[0] == 1


@pytest.mark.parametrize("exc, mix, xm, pairs", [(0, 0, 8, 4), (5, 0, 2, 2), (3, 1, 1, 2), (2, 2, 0, 2)])
def test_DUEL_COND_04_machinery_pairs_with_excamixers(exc, mix, xm, pairs):
    """DUEL-COND-04 with OFFICER-ELON-01: the most pairs when each Excamixer may be either half."""
    assert machinery_pairs(exc, mix, xm) == pairs


def test_DUEL_COND_05_contract_points_counted_when_fulfilled():
    """DUEL-COND-05: fulfilling a contract this round adds its points (starting/green 1, yellow 2, red 3, national 4)
    to the seat's count for the Check phase: a red contract -> 3, then a national -> 7."""
    red = next(i for i in INFO.contract_ids if i.startswith("R"))
    nat = next(i for i in INFO.contract_ids if i.startswith("N"))
    g = scenario.load({"variant": {"players": 2, "map": "duel", "duel": True}, "round": 2, "phase": "actions",
                       "contracts": {"hand": {0: [red, nat]}},
                       "decision": {"task": "fulfil", "seat": 0, "energy": 30}})
    code = INFO.contract_ids.index(red)
    g.play(code)
    assert int(g.state[L.DUEL_CONTRACT_PTS]) == 3


@pytest.mark.parametrize("tile, expected", [
    ("I1", {"energy": 2, "mixers": 1}), ("I2", {"energy": 4}), ("I4", {"vp": 3, "excavators": 1}),
    ("I6", {"excavators": 1, "mixers": 1}), ("I8", {"credits": 5}),
])
def test_DUEL_REWARD_01_resource_tiles(tile, expected):
    """DUEL-REWARD-01: the reward I tiles' resources go to the seat that moved the marker (energy is plain energy)."""
    g = _check({0: {"credits": 0, "excavators": 0, "mixers": 0}, 1: {"credits": 3, "excavators": 0, "mixers": 0}},
               ["credits", "energy", "drops"], tiles=[{1: tile}, {}, {}])
    b1 = L.COMPANY_BASE + L.CO_SIZE
    got = {"energy": int(g.state[b1 + L.C_ENERGY]), "mixers": int(g.state[b1 + L.C_MIX]),
           "excavators": int(g.state[b1 + L.C_EXC]), "credits": int(g.state[b1 + L.C_CREDITS]) - 3,
           "vp": int(g.state[b1 + L.C_VP_SRC + ids.VS_DUEL])}
    assert {k: v for k, v in got.items() if v} == expected


def test_DUEL_REWARD_01_wheel_and_drop_tiles():
    """DUEL-REWARD-01: 'rotate wheel 2' turns the mover's wheel 2 segments; '3 Credits & rotate 1' both; '2 drops
    flowing now' asks for headstreams and the drops flow at once (into the seat's dam below)."""
    g = _check({0: {"credits": 0}, 1: {"credits": 3}}, ["credits", "energy", "drops"], tiles=[{1: "I7"}, {}, {}])
    b1 = L.COMPANY_BASE + L.CO_SIZE
    assert int(g.state[b1 + L.C_CREDITS]) == 6 and int(g.state[b1 + L.C_WHEEL_OPEN]) == 1
    g = _check({0: {"credits": 0}, 1: {"credits": 3}}, ["credits", "energy", "drops"], tiles=[{1: "I5"}, {}, {}])
    assert int(g.state[b1 + L.C_WHEEL_OPEN]) == 2
    g = _check({0: {"credits": 0}, 1: {"credits": 3}}, ["credits", "energy", "drops"], tiles=[{1: "I3"}, {}, {}],
               dams={_dam_below(0): {"owner": 1, "level": 2}})
    assert g.pending == "choose a headstream for a drop"
    g.play(0)
    g.play(0)
    assert int(g.state[L.DAM_DROPS + _space(_dam_below(0))]) == 2


def test_DUEL_REWARD_02_tile_II_is_7_vp():
    """DUEL-REWARD-02: a reward II tile gives 7 VP (VP source 'duel')."""
    g = _check({0: {"credits": 3}, 1: {"credits": 0}}, ["credits", "energy", "drops"], tiles=[{-1: "II"}, {}, {}])
    assert int(g.state[L.COMPANY_BASE + L.C_VP_SRC + ids.VS_DUEL]) == 7


# ---- end of game -------------------------------------------------------------------------------------------------
def test_EX_20_DUEL_END_01_markers_score_their_space():
    """EX-20 (DUEL-END-01, DUEL-BOARD-04): scale 1 on the 2nd space of seat 0's side -> seat 0 +2 VP; scale 2 on 0
    -> nobody; scale 3 on the last space of seat 1's side -> seat 1 +15 VP. The breakdown still sums (END-01)."""
    g = scenario.load({"variant": {"players": 2, "map": "duel", "duel": True}, "round": 5, "phase": "scoring",
                       "companies": {0: {"credits": 0}, 1: {"credits": 0}},
                       "duel": {"conditions": ["credits", "energy", "drops"], "markers": [-2, 0, SCALE],
                                "reward_tiles": [{}, {}, {}]}})
    assert g.is_over
    cos = g.snapshot()["companies"]
    assert [c["vp_by_source"].get("duel", 0) for c in cos] == [2, 15]
    for c in cos:
        assert sum(c["vp_by_source"].values()) == c["vp"]


def test_GEO_03_on_the_duel_map():
    """GEO-03 / DECISION-28 on the duel map: the 10 shuffled tokens go one per basin (8 zones with dams), the surplus
    unseen; powerhouse-only zones get none; blanks are removed (GEO-04)."""
    seen = set()
    for seed in range(20):
        S = Game.new(GameConfig(players=2, map="duel", duel=True, expansions=("geological",)), seed=seed).state
        tokens = [int(t) for t in S[L.GEO_TOKEN:L.GEO_TOKEN + L.MAX_ZONES]]
        basins = [z for z in range(int(T.n_zones[0])) if T.zone_dams[z, 0] >= 0]
        assert all(tokens[z] == ids.GEO_NONE for z in range(L.MAX_ZONES) if z not in basins)
        placed = [tokens[z] for z in basins if tokens[z] != ids.GEO_NONE]
        assert len(placed) == len(set(placed)) <= 8
        seen.update(placed)
    assert seen == set(range(8))


@pytest.mark.parametrize("moves", [0, 60, 140])
def test_duel_snapshot_round_trip(moves):
    """The scenario schema covers the duel state: a snapshot of a Duel game (preparation, conditions, markers, reward
    tiles, contract points) loads into the identical state vector with no residue, and plays on identically."""
    from experiments.play import play_game

    g = play_game(GameConfig(players=2, map="duel", duel=True), 21, "greedy", max_moves=moves)
    doc = g.snapshot()
    assert "residue" not in doc and doc["variant"]["duel"] is True and set(doc["duel"]) == {
        "preparation", "conditions", "markers", "reward_tiles", "contract_points", "extwork_machineries"}
    g2 = scenario.load(doc)
    assert (g2.state == g.state).all()


# ---------------------------------------------------------------------------------------------------------------
# DUEL-COND-06: machineries spent on external works (with The Leeghwater Project)
# ---------------------------------------------------------------------------------------------------------------

def _duel_lwp(me: dict | None = None, **doc):
    """Round 2 of a Duel with the Leeghwater Project, seat 0 (Leslie when asked) to move; EWA1 (1 Excavator) and
    EWA5 (2 Excavators) displayed."""
    ew = {"display": ["EWA1", "EWB1", "EWA5"], "deck": ["EWA1", "EWB1", "EWA5", "EWA2", "EWA3", "EWA4", "EWB2", "EWB3",
                                                      "EWB4", "EWB5", "EWC1", "EWC2", "EWC3", "EWC4", "EWC5"]}
    seat0 = {"credits": 20, "excavators": 10, "mixers": 10, **(me or {})}
    return scenario.load({"variant": {"players": 2, "map": "duel", "duel": True, "expansions": ["leeghwater"]},
                          "round": 2, "phase": "actions", "companies": {0: seat0},
                          "leeghwater": {"external_works": ew}, "decision": {"task": "main", "seat": 0}, **doc})


def test_DUEL_COND_06_external_works_tile_only_with_leeghwater():
    """DUEL-BOARD-02 / DUEL-COND-06: the external-works condition tile is in the pool (6 tiles) only with Leeghwater."""
    from sim.tables import compile_tables
    from sim.variant import Variant
    pools = {}
    for exp in ((), ("leeghwater",)):
        T = compile_tables(Variant(players=2, map="duel", duel=True, expansions=exp))[0]
        pools[exp] = [ids.DUEL_COND_NAMES[c] for c in T.duel_cond_pool[:int(T.n_duel_cond[0])]]
    assert "external_works" not in pools[()] and len(pools[()]) == 5
    assert pools[("leeghwater",)] == list(ids.DUEL_COND_NAMES)


@pytest.mark.parametrize("work, paid", [("EWA1 (1 Excavators) on space 1", 1), ("EWA5 (2 Excavators) on space 3", 2)])
def test_DUEL_COND_06_machineries_paid_for_an_external_work_count(work, paid):
    """DUEL-COND-06: taking EWA1 pays 1 Excavator, EWA5 2: the seat's count of this round grows by that many."""
    g = _duel_lwp()
    g.play(scenario.find_move(g, f"Take external work {work}"))
    assert [int(x) for x in g.state[L.DUEL_EW_MACH:L.DUEL_EW_MACH + 2]] == [paid, 0]


def test_DUEL_COND_06_leslie_machineries_on_her_wheel_count():
    """DUEL-COND-06 (Leslie's machineries count): Leslie pays EWA5's 2 Excavators onto her wheel with her tile."""
    g = _duel_lwp({"officer": "Leslie Spencer"})
    leslie = [m for m in g.legal_moves() if m.description.startswith("Take external work EWA5")
              and "Leslie" in m.description]
    assert len(leslie) == 1
    g.play(leslie[0])
    assert int(g.state[L.DUEL_EW_MACH]) == 2
    assert g.snapshot()["companies"][0]["excavators"] == 10 - 2


def test_DUEL_COND_06_check_counts_machineries_then_resets():
    """DUEL-COND-06 in the Check phase: 3 machineries vs 1 -> the row-1 marker moves 2 toward seat 0; after the
    third row the counts go back to 0 (like DUEL-COND-05's)."""
    g = _check({0: {}, 1: {}}, ["external_works", "credits", "energy"],
               expansions=["leeghwater"], duel_extra={"extwork_machineries": [3, 1]})
    assert _markers(g)[0] == -2
    assert [int(x) for x in g.state[L.DUEL_EW_MACH:L.DUEL_EW_MACH + 2]] == [0, 0]
