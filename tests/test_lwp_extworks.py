"""The Leeghwater Project, external works (RULES.md §19.4) LWP-EXTWORK-01..09, REWARD-06, REWARD-12, BONUS-04 (LWP
tiles), EOR-02/05; Leslie Spencer (OFFICER-LESLIE-01), the Netherlands (COMPANY-NED-01/02) and the Automa's
Leeghwater entries (AUTOMA-21, AUTOMA-23, the building patent entry AUTOMA-17, LWP-BUILD-09).

Seat 0 (France + Graziano Del Monte) is to move in round 2 of a 3-player game with 20 Credits, 10 Excavators,
10 Mixers and 12 Engineers unless a test says otherwise.
"""
from __future__ import annotations

import numpy as np
import pytest

from sim import ids, scenario
from sim import layout as L
from sim.rules.automa_turn import perform_entry
from sim.rules.engine import BUFFER_SIZE, advance
from sim.rules.scoring import bonus_count, end_of_round
from tests.test_lwp_buildings import BOARD2, activated, descs, load, lwp, me, play

EW3 = {"display": ["EWA1", "EWB1", "EWA5"], "deck": ["EWA1", "EWB1", "EWA5", "EWA2", "EWA3", "EWA4", "EWB2", "EWB3",
                                                     "EWB4", "EWB5", "EWC1", "EWC2", "EWC3", "EWC4", "EWC5"]}


def ew_moves(g):
    return [d for d in descs(g) if d.startswith("Take external work")]


def test_LWP_EXTWORK_01_02_pay_machineries_to_the_general_supply_take_reward_keep_tile():
    """LWP-EXTWORK-01/02: EWA1 (1 Excavator) on space 1 for 2 Engineers and no Credits: the Excavator leaves the
    game (not on the wheel), +3 Credits, then one own contract <= 4 may be fulfilled (REWARD-07); the tile is kept
    face down and the space stays occupied (LWP-EXTWORK-04)."""
    g = load(lwp={"external_works": EW3}, contracts={"hand": {0: ["G1"]}})
    play(g, "Take external work EWA1 (1 Excavators) on space 1 [2 Engineers]")
    c = me(g)
    assert (c["excavators"], c["credits"], c["engineers"]) == (9, 23, 10)
    assert c["wheel"]["segments"] == {} and g.state[L.COMPANY_BASE + L.C_MACH_GAINED] == 19   # net of the paid one
    assert sorted(descs(g)) == ["Fulfil contract G1 (needs 2)", "Fulfil no contract"]
    play(g, "Fulfil no contract")
    ew = lwp(g)["external_works"]
    assert ew["display"] == [None, "EWB1", "EWA5"] and ew["spaces"] == [0, None, None] and ew["fulfilled"] == {"EWA1": 0}


def test_LWP_EXTWORK_03_machineries_in_the_personal_supply_only():
    """LWP-EXTWORK-03: an Excavator on the wheel does not pay EWA1; EWA5 needs 2 Excavators."""
    g = load(me={"excavators": 1, "wheel": {"open": 0, "segments": {3: {"excavators": 4}}}},
             lwp={"external_works": EW3})
    assert ew_moves(g) == ["Take external work EWA1 (1 Excavators) on space 1 [2 Engineers]"]
    g = load(me={"excavators": 0}, lwp={"external_works": EW3})
    assert ew_moves(g) == []
    g = load(me={"bank_engineers": 11}, lwp={"external_works": EW3})    # LWP-EXTWORK-01: 2 Engineers
    assert ew_moves(g) == []


def test_LWP_EXTWORK_04_a_taken_tile_is_not_replaced_during_the_round():
    g = load(lwp={"external_works": {**EW3, "display": [None, "EWB1", "EWA5"], "spaces": [1, None, None],
                                     "fulfilled": {"EWA1": 1}, "drawn": 3}})
    assert [d.split(" on space ")[1][0] for d in ew_moves(g)] == ["2", "3"]


def test_REWARD_06_energy_produced_6_then_fulfil_own_contract_up_to_6():
    """REWARD-06 (EWB1: 5 Credits + energy_produced 6): +6 energy, then one own face-up contract <= 6 (a national
    contract is not offered, CONTRACT-12)."""
    g = load(lwp={"external_works": EW3}, contracts={"hand": {0: ["G1", "R1"]}, "national_board": ["N1"]})
    play(g, "Take external work EWB1")
    c = me(g)
    assert (c["credits"], c["energy"], c["excavators"], c["mixers"]) == (25, 6, 8, 9)
    assert sorted(descs(g)) == ["Fulfil contract G1 (needs 2)", "Fulfil no contract"]


def test_REWARD_12_free_advanced_tile_from_the_patent_office():
    """REWARD-12 (EWA5: 2 Excavators -> 4 Credits + a free advanced tile): a displayed tile, no Engineers/Credits."""
    g = load(lwp={"external_works": EW3}, patent_office={"display": ["L1_base", "L2_conduit", "L3_wild"]})
    play(g, "Take external work EWA5")
    assert me(g)["credits"] == 24
    assert sorted(descs(g)) == [f"Take tile {t} from the Patent Office for free" for t in ("L1_base", "L2_conduit",
                                                                                           "L3_wild")]
    play(g, "Take tile L3_wild")
    assert "L3_wild" in me(g)["tiles"] and g.snapshot()["patent_office"]["display"] == ["L1_base", "L2_conduit", None]


def test_LWP_EXTWORK_06_loan_agency_two_credits_per_machinery_no_space():
    """LWP-EXTWORK-06: the Loan Agency takes EWA5 (2 Excavators) for 4 Credits; no machinery is paid and the
    external-works space stays free (with no tile)."""
    g = load(lwp={"buildings": BOARD2, "slots": activated("Loan Agency"), "external_works": EW3},
             me={"credits": 5})
    play(g, "Loan Agency action, space 1")
    assert sorted(descs(g)) == ["Take external work EWA1 (1 Excavators) for 2 Credits (Loan Agency)",
                                "Take external work EWA5 (2 Excavators) for 4 Credits (Loan Agency)"]   # EWB1: 6 > 5
    play(g, "Take external work EWA5")
    c = me(g)
    assert (c["credits"], c["excavators"]) == (5 - 4 + 4, 10)
    ew = lwp(g)["external_works"]
    assert ew["display"][2] is None and ew["spaces"] == [None, None, None] and ew["fulfilled"] == {"EWA5": 0}


def test_LWP_EXTWORK_08_BONUS_04_counts_external_works_and_buildings():
    """LWP-EXTWORK-08 / BONUS-04: the 'external works' tile counts fulfilled tiles (x5), 'buildings' activated
    buildings (x4)."""
    g = load(lwp={"slots": {"Cofferdam": [0, None, None, None], "Control Station": [1, None, 0, None]},
                  "external_works": {**EW3, "fulfilled": {"EWA1": 0, "EWB1": 0, "EWA5": 2}}})
    assert [bonus_count(g.state, g.tables, c, ids.B_EXTWORKS) for c in range(3)] == [2, 0, 1]
    assert [bonus_count(g.state, g.tables, c, ids.B_BUILDINGS) for c in range(3)] == [2, 1, 0]
    assert (g.tables.bonus_vp[ids.B_EXTWORKS], g.tables.bonus_vp[ids.B_BUILDINGS]) == (5, 4)


def test_LWP_EXTWORK_09_EOR_02_EOR_05_end_of_round_refresh_and_engineers_home():
    """EOR-02, EOR-05, LWP-EXTWORK-09: Engineers come back from building and external-works spaces and Margot's space;
    the unclaimed tiles are discarded and the next 3 of the deck shown (A4, A5, B1 after A1-A3)."""
    deck = [f"EW{d}{i}" for d in "ABC" for i in range(1, 6)]
    g = load(me={"bank_engineers": 2, "buildings_used": ["Cofferdam"]},
             lwp={"slots": activated("Cofferdam"), "spaces": {"Cofferdam": [0, None, None, None]},
                  "external_works": {"deck": deck, "drawn": 3, "display": [None, "EWA2", "EWA3"],
                                     "spaces": [0, None, None], "fulfilled": {"EWA1": 0}}})
    S, T = g.state.copy(), g.tables
    end_of_round(S, T)
    b = L.COMPANY_BASE
    assert me(g)["engineers"] == 7 and S[b + L.C_ENG] == 12 and S[b + L.C_BUILDINGS_USED] == 0
    assert list(S[L.LWP_EW_SHOWN:L.LWP_EW_SHOWN + 3]) == [3, 4, 5]            # EWA4, EWA5, EWB1
    assert list(S[L.LWP_EW_SPACE:L.LWP_EW_SPACE + 3]) == [-1, -1, -1]
    rounds = []
    for _ in range(3):
        end_of_round(S, T)
        rounds.append("".join(ids.EXTWORK_NAMES[w][2] for w in S[L.LWP_EW_SHOWN:L.LWP_EW_SHOWN + 3]))
    assert rounds == ["BBB", "BCC", "CCC"]                                     # A-A-A, A-A-B, B-B-B, B-C-C, C-C-C


# ---------------------------------------------------------------------------------------------------------------
# Leslie Spencer (OFFICER-LESLIE-01, LWP-EXTWORK-05)
# ---------------------------------------------------------------------------------------------------------------

def test_OFFICER_LESLIE_01_LWP_EXTWORK_05_machineries_onto_her_wheel_with_her_tile_rotate_1():
    g = load(officer="Leslie Spencer", lwp={"external_works": EW3})
    assert "Take external work EWA1 (1 Excavators) on space 1, paid onto Leslie's wheel [2 Engineers]" in descs(g)
    play(g, "Take external work EWA1 (1 Excavators) on space 1, paid onto Leslie's wheel")
    c = me(g)
    assert c["wheel"] == {"open": 1, "segments": {0: {"excavators": 1, "tiles": ["leslie"]}}}
    assert (c["excavators"], c["credits"], c["engineers"]) == (9, 23, 10)
    assert g.state[L.COMPANY_BASE + L.C_MACH_GAINED] == 20                    # nothing left the game


def test_OFFICER_LESLIE_01_not_while_the_tile_is_on_the_wheel():
    g = load(officer="Leslie Spencer", me={"wheel": {"open": 1, "segments": {0: {"tiles": ["leslie"]}}}},
             lwp={"external_works": EW3})
    assert ew_moves(g) and not [d for d in ew_moves(g) if "Leslie" in d]


# ---------------------------------------------------------------------------------------------------------------
# The Netherlands (COMPANY-NED-01/02)
# ---------------------------------------------------------------------------------------------------------------

def test_COMPANY_NED_01_drop_into_another_own_dam_after_a_production():
    """COMPANY-NED-01: with 3 powerhouses (COMPANY-02) the Netherlands may put 1 drop from the supply into one of its
    own dams with room other than the one just used; never a neutral dam."""
    dams = {"B1U": {"owner": 0, "level": 2, "drops": 2}, "B2U": {"owner": 0, "level": 1},
            "B3U": {"owner": "neutral", "level": 1}, "B4U": {"owner": 0, "level": 1, "drops": 1}}
    g = load(company="Netherlands", dams=dams, conduits={"C1R": 0},
             powerhouses={"P5_0": 0, "P6_0": 0, "P7_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 1 drop(s) from B1U through C1R to P5_0")
    play(g, "Fulfil no contract")
    assert sorted(descs(g)) == ["Decline", "Put a drop into B2U"]
    play(g, "Put a drop into B2U")
    assert g.snapshot()["dams"]["B2U"]["drops"] == 1


def test_COMPANY_NED_01_not_before_the_third_powerhouse():
    dams = {"B1U": {"owner": 0, "level": 2, "drops": 2}, "B2U": {"owner": 0, "level": 1}}
    g = load(company="Netherlands", dams=dams, conduits={"C1R": 0}, powerhouses={"P5_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 1 drop(s) from B1U through C1R to P5_0")
    play(g, "Fulfil no contract")
    assert g.pending == "choose an action" or "Put a drop" not in " ".join(descs(g))


def test_COMPANY_NED_02_incomes():
    """COMPANY-NED-02: base 2: 2 drops on headstreams; base 4: rotate 2; elevation 2: 3 Credits; elevation 4: 2 VP +
    2 drops flowing now; conduit 2: 2 energy; conduit 4: 2 machineries of choice; 5th: 7 VP."""
    g = load(company="Netherlands")
    T = g.tables
    r = lambda row, k: {ids.REWARD_KEYS[i]: int(v) for i, v in enumerate(T.rewards[T.income_reward[ids.NETHERLANDS, row, k]]) if v}
    assert [r(0, k) for k in range(3)] == [{"drops_to_headstreams": 2}, {"rotate_wheel": 2}, {"vp": 7}]
    assert [r(1, k) for k in range(3)] == [{"credits": 3}, {"vp": 2, "drops_flowing_now": 2}, {"vp": 7}]
    assert [r(2, k) for k in range(3)] == [{"energy": 2}, {"any_machine": 2}, {"vp": 7}]


# ---------------------------------------------------------------------------------------------------------------
# The Automa (AUTOMA-21, AUTOMA-23, AUTOMA-17 with buildings, LWP-BUILD-09)
# ---------------------------------------------------------------------------------------------------------------

def automa_game(automa=None, **doc):
    """Seat 1 is a level-2 Automa (USA) with 16 VP, 6 Excavators, 4 Mixers."""
    a = {"automa": 2, "company": "USA", "officer": "Wilhelm Adler", "credits": 0, "excavators": 6, "mixers": 4,
         "vp": 16, **(automa or {})}
    return load(companies={1: a}, players=2, **doc)


def test_AUTOMA_21_external_work_by_slot_preference_with_machineries_held():
    """AUTOMA-21: preference [2, 3, 1]: space 2 shows EWB1 (2E + 1M, held) -> taken: machineries to the general
    supply, 5 Credits gained as 5 VP (AUTOMA-04), +6 energy; its 2 Engineers are placed."""
    g = automa_game(lwp={"external_works": EW3})
    S, T = g.state, g.tables
    entry = np.array([ids.AD_EXTERNAL, 2, 1, 2, 0, 0], dtype=np.int64)
    assert perform_entry(S, T, 1, entry, 0)
    advance(S, T, np.empty(BUFFER_SIZE, dtype=np.int64), np.empty(16, dtype=np.int64))   # the reward's tasks
    b = L.COMPANY_BASE + L.CO_SIZE
    assert (S[b + L.C_EXC], S[b + L.C_MIX], S[b + L.C_VP], S[b + L.C_ENERGY], S[b + L.C_ENG]) == (4, 3, 21, 6, 10)
    assert S[L.LWP_EW_OWNER + ids.EXTWORK_NAMES.index("EWB1")] == 1 and S[L.LWP_EW_SPACE + 1] == 1
    assert S[L.LWP_EW_ENG + 1] == 2


def test_AUTOMA_21_skipped_without_the_machineries():
    g = automa_game(automa={"excavators": 0, "mixers": 0}, lwp={"external_works": EW3})
    entry = np.array([ids.AD_EXTERNAL, 2, 0, 1, 2, 0], dtype=np.int64)
    assert not perform_entry(g.state, g.tables, 1, entry, 0)


@pytest.mark.parametrize("search, building", [(0, "Cofferdam"), (1, "Energy Relay Field")])
def test_AUTOMA_23_LWP_BUILD_09_building_search_lowest_slot_blocks_leftmost_space(search, building):
    """AUTOMA-23: top_to_bottom takes the first building on the board with a legal free slot, bottom_to_top the
    last; the lowest free slot (slot 1 taken by seat 0 -> slot 3 with 2 players, +3 Credits paid as 3 VP); the
    building's leftmost action space is blocked (LWP-BUILD-09)."""
    g = automa_game(automa={"tiles": ["base", "elevation", "conduit", "powerhouse", "building"]},
                    lwp={"slots": {building: [0, None, None, None]}})
    S, T = g.state, g.tables
    entry = np.array([ids.AD_CONSTRUCT, 1, ids.BUILDING, -1, search, 0], dtype=np.int64)
    assert perform_entry(S, T, 1, entry, 0)
    bid = ids.BUILDING_NAMES.index(building)
    assert list(S[L.LWP_SLOT + bid * 4:L.LWP_SLOT + bid * 4 + 4]) == [0, -1, 1, -1]
    b = L.COMPANY_BASE + L.CO_SIZE
    exc, mix = T.bld_exc[bid], T.bld_mix[bid]
    assert (S[b + L.C_EXC], S[b + L.C_MIX], S[b + L.C_VP]) == (6 - exc, 4 - mix, 13)
    assert S[b + L.C_WHEEL_EXC] == exc and S[b + L.C_TILE_LOC + ids.T_BUILDING] == 0
    assert (S[L.LWP_BLOCKED] >> bid) & 1 == 1


def test_AUTOMA_17_building_patent_entry_with_leeghwater():
    """AUTOMA-17: the patent entry for 'building' takes the highest-level displayed tile that builds a building
    (vp_cost 2): L2 Building over L1 wild; a wild one of a higher level would win (wild counts)."""
    g = automa_game(patent_office={"display": ["L1_wild", "L2_building", "L3_base"]})
    S, T = g.state, g.tables
    entry = np.array([ids.AD_PATENT, 1, ids.BUILDING, -1, 0, 2], dtype=np.int64)
    assert perform_entry(S, T, 1, entry, 0)
    b = L.COMPANY_BASE + L.CO_SIZE
    assert S[b + L.C_TILE_LOC + ids.T_L2_BUILDING] == ids.TILE_IN_SUPPLY and S[b + L.C_VP] == 14


def test_AUTOMA_52_L1_building_scores_its_vp_instead_of_the_action():
    """AUTOMA-52: a level-3 Automa activating Cofferdam (3 VP) with the L1 Building tile scores 3 VP at once."""
    g = automa_game(automa={"automa": 3, "tiles": ["L1_building"]})
    S, T = g.state, g.tables
    entry = np.array([ids.AD_CONSTRUCT, 1, ids.BUILDING, -1, 0, 0], dtype=np.int64)
    assert perform_entry(S, T, 1, entry, 0)
    advance(S, T, np.empty(BUFFER_SIZE, dtype=np.int64), np.empty(16, dtype=np.int64))
    b = L.COMPANY_BASE + L.CO_SIZE
    assert S[b + L.C_VP_SRC + ids.VS_TILES] == 3 and S[L.LWP_SLOT] == 1


@pytest.mark.parametrize("exc, mix, paid", [(6, 4, (0, 3)), (4, 4, (4, 0)), (3, 9, (0, 3))])
def test_AUTOMA_52_L2_building_pays_the_type_it_has_fewer_of(exc, mix, paid):
    """AUTOMA-52: Control Station (4E + 3M) with the L2 Building tile at level 3: the type the Automa has fewer of
    (a tie: Excavators); the other type when that one does not cover the cost."""
    board = ["Control Station", "Cofferdam", "Customer Office", "Development Office", "Energy Relay Field"]
    g = automa_game(automa={"automa": 3, "excavators": exc, "mixers": mix, "tiles": ["L2_building"]},
                    lwp={"buildings": board})
    S, T = g.state, g.tables
    entry = np.array([ids.AD_CONSTRUCT, 1, ids.BUILDING, -1, 0, 0], dtype=np.int64)
    assert perform_entry(S, T, 1, entry, 0)
    b = L.COMPANY_BASE + L.CO_SIZE
    assert (S[b + L.C_WHEEL_EXC], S[b + L.C_WHEEL_MIX]) == paid


def test_AUTOMA_53_netherlands_drop_to_the_most_productive_system():
    """AUTOMA-53: a level-3 Netherlands Automa puts its drop into the own dam (other than the one used) of the most
    productive complete system: B1L (C1L value 5 -> P8) over B5U (C5R value 4 -> P10)."""
    from sim.rules.automa_lwp import netherlands_drop
    dams = {"B1L": {"owner": 1, "level": 2}, "B5U": {"owner": 1, "level": 1}, "B2U": {"owner": 1, "level": 1}}
    g = automa_game(automa={"automa": 3, "company": "Netherlands"}, dams=dams, conduits={"C1L": 0, "C5R": 0},
                    powerhouses={"P8_0": 1, "P10_0": 1})
    S, T = g.state, g.tables
    netherlands_drop(S, T, 1, 0, 0)                    # no dam used (bit per dam)
    assert g.snapshot()["dams"]["B1L"]["drops"] == 1
    assert sum(v.get("drops", 0) for v in g.snapshot()["dams"].values()) == 1


def test_AUTOMA_69_leslie_external_work_instead_of_a_construction():
    """AUTOMA-69: a level-4 Automa with Leslie and her tile does the first affordable external work (EWA1) instead
    of the construction entry: machineries and tile onto the wheel, one rotation, the reward (3 Credits = 3 VP)."""
    g = automa_game(automa={"automa": 4, "officer": "Leslie Spencer"}, lwp={"external_works": EW3})
    S, T = g.state, g.tables
    entry = np.array([ids.AD_CONSTRUCT, 1, ids.BASE, -1, 0, 0], dtype=np.int64)
    assert perform_entry(S, T, 1, entry, 0)
    b = L.COMPANY_BASE + L.CO_SIZE
    assert (S[b + L.C_WHEEL_EXC], S[b + L.C_TILE_LOC + ids.T_LESLIE], S[b + L.C_WHEEL_OPEN]) == (1, 0, 1)
    assert S[L.LWP_EW_OWNER + ids.EXTWORK_NAMES.index("EWA1")] == 1 and S[b + L.C_VP] == 19


def test_AUTOMA_70_margot_builds_a_building_instead():
    """AUTOMA-70: a level-4 Automa with Margot builds a private Building (top to bottom: Cofferdam slot 1) instead
    of the Base the entry shows."""
    g = automa_game(automa={"automa": 4, "officer": "Margot Fouche"})
    S, T = g.state, g.tables
    entry = np.array([ids.AD_CONSTRUCT, 1, ids.BASE, -1, 0, 0], dtype=np.int64)
    assert perform_entry(S, T, 1, entry, 0)
    assert S[L.LWP_SLOT] == 1 and not g.snapshot()["dams"]


# ---------------------------------------------------------------------------------------------------------------
# Elon Audia's Excamixers on external works (OFFICER-ELON-01, LWP-EXTWORK-02/03, AUTOMA-21/71)
# ---------------------------------------------------------------------------------------------------------------

def test_OFFICER_ELON_01_LWP_EXTWORK_02_excamixers_pay_external_works_after_plain_machineries():
    """OFFICER-ELON-01: EWA5 needs 2 Excavators; Elon with 1 Excavator and 8 Excamixers may take it: the Excavator
    first, then 1 Excamixer (an Excamixer can stand for anything a plain one does, so keeping it is never worse);
    both leave the game (the gained count falls by 2)."""
    g = load(officer="Elon Audia", me={"excavators": 1, "mixers": 0, "excamixers": 8}, lwp={"external_works": EW3},
             expansions=["leeghwater", "promo"])
    assert ew_moves(g) == ["Take external work EWA1 (1 Excavators) on space 1 [2 Engineers]",
                           "Take external work EWB1 (2 Excavators, 1 Mixers) on space 2 [2 Engineers]",
                           "Take external work EWA5 (2 Excavators) on space 3 [2 Engineers]"]
    play(g, "Take external work EWA5 (2 Excavators) on space 3")
    c = me(g)
    assert (c["excavators"], c["mixers"], c["excamixers"]) == (0, 0, 7)
    assert g.state[L.COMPANY_BASE + L.C_MACH_GAINED] == 7


def test_AUTOMA_21_AUTOMA_71_elon_automa_pays_an_external_work_in_excamixers():
    """AUTOMA-21 with AUTOMA-71 (Elon): a level-4 Elon Automa holding only Excamixers takes EWA2 (1 Mixer) in its
    first slot of preference, paying 1 Excamixer to the general supply."""
    g = automa_game({"officer": "Elon Audia", "automa": 4, "excavators": 0, "mixers": 0, "excamixers": 5},
                    expansions=["leeghwater", "promo"],
                    lwp={"external_works": {**EW3, "display": ["EWA2", "EWB1", "EWA5"]}})
    S = g.state.copy()
    assert perform_entry(S, g.tables, 1, np.array([ids.AD_EXTERNAL, 2, 0, 1, 2, 0], dtype=np.int64), 0)
    b = L.COMPANY_BASE + L.CO_SIZE
    assert (S[b + L.C_EXC], S[b + L.C_MIX], S[b + L.C_EXCAMIXERS]) == (0, 0, 4)
    assert S[L.LWP_EW_OWNER + ids.EXTWORK_NAMES.index("EWA2")] == 1


# ---------------------------------------------------------------------------------------------------------------
# The 15 tiles (LWP-EXTWORK-07)
# ---------------------------------------------------------------------------------------------------------------

EW_COSTS = {"EWA1": (1, 0), "EWA2": (0, 1), "EWA3": (0, 2), "EWA4": (1, 1), "EWA5": (2, 0),
            "EWB1": (2, 1), "EWB2": (0, 4), "EWB3": (0, 3), "EWB4": (3, 0), "EWB5": (4, 0),
            "EWC1": (2, 4), "EWC2": (0, 5), "EWC3": (6, 0), "EWC4": (3, 2), "EWC5": (5, 0)}


def test_LWP_EXTWORK_07_the_fifteen_tiles_costs():
    """LWP-EXTWORK-07: decks A, B, C of 5 tiles each (EWA1-EWC5) with their printed machinery costs (Excavators,
    Mixers)."""
    g = load()
    lwp_works = ids.EXTWORK_NAMES[:ids.N_LWP_EXTWORKS]      # EWA6-EWC6 after them are Colorado's (COLO-EXT-01..03)
    assert lwp_works == tuple(EW_COSTS)
    assert {w: (int(g.tables.ew_exc[i]), int(g.tables.ew_mix[i])) for i, w in enumerate(lwp_works)} == EW_COSTS


@pytest.mark.parametrize("tile, space, gains", [
    ("EWB4", 1, {"vp": 5, "energy": 6, "excavators": -3}),
    ("EWC5", 2, {"vp": 6, "mixers": 3, "excavators": -5}),
    ("EWA2", 3, {"credits": 3, "mixers": -1, "wheel_open": 2}),
])
def test_LWP_EXTWORK_07_rewards_of_the_tiles(tile, space, gains):
    """LWP-EXTWORK-07 / -02: EWB4 (3 Excavators) gives 5 VP and 6 energy, EWC5 (5 Excavators) 6 VP and 3 Mixers, EWA2
    (1 Mixer) 3 Credits and 2 wheel rotations (REWARD-01..03)."""
    shown = ["EWB4", "EWC5", "EWA2"]
    deck = shown + [w for w in EW_COSTS if w not in shown]
    g = load(lwp={"external_works": {"display": shown, "deck": deck, "drawn": 3}})
    before = me(g)
    play(g, f"Take external work {tile}")
    after = me(g)
    assert f"on space {space}" in [d for d in ew_moves(load(lwp={"external_works": {
        "display": shown, "deck": deck, "drawn": 3}})) if tile in d][0]
    delta = {"vp": after["vp"] - before["vp"], "energy": after["energy"] - before["energy"],
             "credits": after["credits"] - before["credits"],
             "excavators": after["excavators"] - before["excavators"], "mixers": after["mixers"] - before["mixers"],
             "wheel_open": after["wheel"]["open"] - before["wheel"]["open"]}
    assert {k: v for k, v in delta.items() if v} == gains
