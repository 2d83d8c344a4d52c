"""The Leeghwater Project, private buildings (RULES.md §19.2/19.3): LWP-BUILD-01..09, CONSTRUCT-12, DECISION-26,
ADV-L1/L2/L3-BUILDING-01, END-01 (3), and Margot Fouche (OFFICER-MARGOT-01).

Seat 0 (France + Graziano Del Monte: no cost-changing officer) is to move in round 2 of a 3-player game with
20 Credits, 10 Excavators, 10 Mixers, 12 Engineers. The default buildings board is the first five buildings in
data order (Cofferdam, Control Station, Customer Office, Development Office, Energy Relay Field).
"""
from __future__ import annotations

import pytest

from sim import scenario

RICH = {"credits": 20, "excavators": 10, "mixers": 10}
BOARD2 = ["Financial Division", "Loan Agency", "Research Lab", "Robot Factory", "Wind Farm"]


def load(me=None, players=3, lwp=None, officer="Graziano Del Monte", company="France", **doc):
    cos = {0: {"company": company, "officer": officer, **RICH, **(me or {})}, **doc.pop("companies", {})}
    d = {"players": players, "expansions": ["leeghwater"], "round": 2, "phase": "actions", "companies": cos,
         "decision": {"task": "main", "seat": 0}, **doc}
    if lwp is not None:
        d["leeghwater"] = lwp
    return scenario.load(d)


def play(g, text):
    g.play(scenario.find_move(g, text))


def descs(g):
    return [m.description for m in g.legal_moves()]


def me(g):
    return g.snapshot()["companies"][0]


def lwp(g):
    return g.snapshot()["leeghwater"]


def activated(*names, seat=0):
    return {n: [seat, None, None, None] for n in names}


# ---------------------------------------------------------------------------------------------------------------
# Activation (LWP-BUILD-01..04, CONSTRUCT-12, DECISION-26)
# ---------------------------------------------------------------------------------------------------------------

def test_LWP_BUILD_01_CONSTRUCT_12_activation_pays_the_printed_machineries_onto_the_wheel():
    """LWP-BUILD-01, CONSTRUCT-12: Cofferdam (2 Excavators + 1 Mixer) with the basic building tile on slot 1: the
    tile and 2E+1M go into segment 0, the wheel turns to 1, the piece sits on slot 1; slot 1 costs no Credits."""
    g = load()
    play(g, "Construct on company-board space 1")
    play(g, "Build a Building on Cofferdam slot 1 with tile building")
    c = me(g)
    assert (c["excavators"], c["mixers"], c["credits"]) == (8, 9, 20)
    assert c["wheel"] == {"open": 1, "segments": {0: {"excavators": 2, "mixers": 1, "tiles": ["building"]}}}
    assert lwp(g)["slots"] == {"Cofferdam": [0, None, None, None]}
    assert c["structures_left"] == {"base": 5, "elevation": 5, "conduit": 5, "powerhouse": 4}   # LWP-BUILD-04


def test_LWP_BUILD_02_each_building_once_per_company():
    """LWP-BUILD-02: a company that activated the Cofferdam is not offered it again; others still are."""
    g = load(me={"tiles": ["base", "elevation", "conduit", "powerhouse", "L2_building"]},
             lwp={"slots": activated("Cofferdam")})
    play(g, "Construct on company-board space 1")
    offered = {d.split(" on ")[1].split(" slot")[0] for d in descs(g) if "Building on" in d}
    assert "Cofferdam" not in offered and "Control Station" in offered


@pytest.mark.parametrize("players, slots", [(3, ["1", "3", "4"]), (4, ["1", "2", "3", "4"])])
def test_LWP_BUILD_03_DECISION_26_slot_2_only_with_4_companies(players, slots):
    """LWP-BUILD-03 / DECISION-26: slot 2 exists only with N >= 4 companies."""
    g = load(players=players)
    play(g, "Construct on company-board space 1")
    offered = [d.split(" slot ")[1].split()[0] for d in descs(g) if "Cofferdam slot" in d]
    assert offered == slots


def test_LWP_BUILD_03_slots_3_and_4_cost_3_credits():
    """LWP-BUILD-03: with slot 1 taken by seat 1, slot 3 costs +3 Credits (CONSTRUCT-12)."""
    g = load(lwp={"slots": activated("Cofferdam", seat=1)})
    play(g, "Construct on company-board space 1")
    assert [d.split(" slot ")[1].split()[0] for d in descs(g) if "Cofferdam slot" in d] == ["3", "4"]
    play(g, "Build a Building on Cofferdam slot 3 with tile building")
    assert me(g)["credits"] == 17
    assert lwp(g)["slots"]["Cofferdam"] == [1, None, 0, None]


# ---------------------------------------------------------------------------------------------------------------
# Building actions (LWP-BUILD-05..07)
# ---------------------------------------------------------------------------------------------------------------

def test_LWP_BUILD_05_action_spaces_exclusive_and_once_per_round():
    """LWP-BUILD-05: a company that activated the Energy Relay Field may occupy a free space of it (space 1 taken by
    seat 1: spaces 2-4, each 1 Engineer + 3 Credits); after using it this round it is not offered again."""
    g = load(lwp={"slots": {"Energy Relay Field": [0, None, 1, None]},
                  "spaces": {"Energy Relay Field": [1, None, None, None]}})
    assert [d for d in descs(g) if d.startswith("Energy Relay")] == [
        f"Energy Relay Field action, space {k} [1 Engineer, 3 Credits]" for k in (2, 3, 4)]
    g2 = load(me={"buildings_used": ["Energy Relay Field"]}, lwp={"slots": activated("Energy Relay Field")})
    assert not [d for d in descs(g2) if d.startswith("Energy Relay")]


def test_LWP_BUILD_05_not_without_activation():
    g = load()
    assert not [d for d in descs(g) if " action, space" in d]


def test_LWP_BUILD_06_cofferdam_drop_into_neutral_or_own_dam():
    """Cofferdam: 1 drop from the supply into a neutral or own dam with room; not an opponent's, not a full one."""
    dams = {"B1U": {"owner": 0, "level": 2, "drops": 1}, "B2U": {"owner": "neutral", "level": 1},
            "B3U": {"owner": 1, "level": 1}, "B4U": {"owner": 0, "level": 1, "drops": 1}}
    g = load(lwp={"slots": activated("Cofferdam")}, dams=dams)
    play(g, "Cofferdam action, space 1")
    assert sorted(descs(g)) == ["Put a drop into B1U", "Put a drop into B2U"]
    created = g.snapshot()["counters"]["drops_created"]
    play(g, "Put a drop into B1U")
    s = g.snapshot()
    assert s["dams"]["B1U"]["drops"] == 2 and s["counters"]["drops_created"] == created + 1
    assert me(g)["engineers"] == 11


def test_LWP_BUILD_06_control_station_production_plus_3():
    """Control Station (2 Engineers): a production with modifier +3: B1U (2 drops) -> C1R (value 4) -> P5_0:
    4 x 1 + 3 = 7 or 4 x 2 + 3 = 11 energy (no company bonus with 1 powerhouse)."""
    g = load(lwp={"slots": activated("Control Station")}, dams={"B1U": {"owner": 0, "level": 2, "drops": 2}},
             conduits={"C1R": 0}, powerhouses={"P5_0": 0})
    play(g, "Control Station action, space 1 [2 Engineers]")
    assert descs(g) == ["Produce 1 drop(s) from B1U through C1R to P5_0: 7 energy",
                        "Produce 2 drop(s) from B1U through C1R to P5_0: 11 energy"]
    assert me(g)["engineers"] == 10


def test_LWP_BUILD_06_customer_office_pays_3_and_must_fulfil_any_requirement():
    """Customer Office: pay 3 Credits, fulfil one own face-up contract of any requirement without producing; no
    'fulfil nothing' option (the action is the fulfilment)."""
    g = load(lwp={"slots": activated("Customer Office")}, contracts={"hand": {0: ["G1", "R1"]}})
    play(g, "Customer Office action, space 1")
    assert me(g)["credits"] == 17
    assert sorted(descs(g)) == ["Fulfil contract G1 (needs 2)", "Fulfil contract R1 (needs 8)"]
    play(g, "Fulfil contract R1")
    assert g.snapshot()["contracts"]["fulfilled"]["France"] == ["R1"]


def test_LWP_BUILD_06_development_office_takes_a_tile_back_machineries_stay():
    """Development Office: the tile goes back to the supply; the machineries of its segment stay on the wheel."""
    g = load(me={"wheel": {"open": 1, "segments": {4: {"excavators": 3, "tiles": ["base"]}}},
                 "tiles": ["elevation", "conduit", "powerhouse", "building"]},
             lwp={"slots": activated("Development Office")})
    play(g, "Development Office action, space 1")
    c = me(g)
    assert "base" in c["tiles"] and c["wheel"]["segments"] == {4: {"excavators": 3}}


def test_LWP_BUILD_06_energy_relay_field_1_credit_4_energy():
    g = load(me={"energy": 2}, lwp={"slots": activated("Energy Relay Field")})
    play(g, "Energy Relay Field action, space 1")
    assert (me(g)["credits"], me(g)["energy"]) == (19, 6)


def test_LWP_BUILD_06_financial_division_5_credits():
    g = load(lwp={"buildings": BOARD2, "slots": activated("Financial Division")})
    play(g, "Financial Division action, space 1 [1 Engineer]")
    assert me(g)["credits"] == 25
    g = load(lwp={"buildings": BOARD2, "slots": activated("Financial Division"),
                  "spaces": {"Financial Division": [1, None, None, None]}})
    assert "Financial Division action, space 2 [2 Engineers]" in descs(g)     # 1 | 2 | 2 | 2 Engineers, no Credits


def test_LWP_BUILD_06_research_lab_half_a_segment_types_of_choice():
    """Research Lab: a segment with 3 Excavators + 2 Mixers gives back floor(5/2) = 2, any split the segment holds;
    a segment holding 1 machinery gives 0 (legal, useless)."""
    g = load(me={"wheel": {"open": 0, "segments": {2: {"excavators": 3, "mixers": 2}, 5: {"mixers": 1}}}},
             lwp={"buildings": BOARD2, "slots": activated("Research Lab")})
    play(g, "Research Lab action, space 1")
    assert sorted(descs(g)) == ["Take back 0 Excavators and 0 Mixers from wheel segment 5",
                                "Take back 0 Excavators and 2 Mixers from wheel segment 2",
                                "Take back 1 Excavators and 1 Mixers from wheel segment 2",
                                "Take back 2 Excavators and 0 Mixers from wheel segment 2"]
    play(g, "Take back 1 Excavators and 1 Mixers from wheel segment 2")
    c = me(g)
    assert (c["excavators"], c["mixers"]) == (11, 11)
    assert c["wheel"]["segments"][2] == {"excavators": 2, "mixers": 1}


def test_LWP_BUILD_06_OFFICER_ELON_01_research_lab_takes_back_excamixers():
    """Research Lab with Elon: Excamixers on the wheel are machineries of the segment, one more type of choice: 1
    Excavator + 2 Excamixers give back floor(3/2) = 1, the Excavator or an Excamixer (back as an Excamixer)."""
    g = load(me={"excavators": 0, "mixers": 0, "excamixers": 4,
                 "wheel": {"open": 0, "segments": {3: {"excavators": 1, "excamixers": 2}}}},
             lwp={"buildings": BOARD2, "slots": activated("Research Lab")}, officer="Elon Audia",
             expansions=["leeghwater", "promo"])
    play(g, "Research Lab action, space 1")
    assert sorted(descs(g)) == ["Take back 0 Excavators and 0 Mixers, 1 Excamixers from wheel segment 3",
                                "Take back 1 Excavators and 0 Mixers from wheel segment 3"]
    play(g, "Take back 0 Excavators and 0 Mixers, 1 Excamixers from wheel segment 3")
    c = me(g)
    assert (c["excavators"], c["excamixers"]) == (0, 5)
    assert c["wheel"]["segments"][3] == {"excavators": 1, "excamixers": 1}


def test_LWP_BUILD_06_robot_factory_1_credit_2_machineries_of_choice():
    g = load(lwp={"buildings": BOARD2, "slots": activated("Robot Factory")})
    play(g, "Robot Factory action, space 1 [2 Engineers]")
    assert me(g)["credits"] == 19
    play(g, "Take 2 Excavators and 0 Mixers")
    assert (me(g)["excavators"], me(g)["mixers"]) == (12, 10)


def test_LWP_BUILD_06_REWARD_06_wind_farm_2_credits_5_energy_may_fulfil_up_to_5():
    """Wind Farm: pay 2, +5 energy, may fulfil one own face-up contract <= 5 (not a national, CONTRACT-12)."""
    g = load(lwp={"buildings": BOARD2, "slots": activated("Wind Farm")},
             contracts={"hand": {0: ["G1", "R1"]}})
    play(g, "Wind Farm action, space 1")
    assert (me(g)["credits"], me(g)["energy"]) == (18, 5)
    assert sorted(descs(g)) == ["Fulfil contract G1 (needs 2)", "Fulfil no contract"]


def test_LWP_BUILD_07_action_must_be_performable():
    """LWP-BUILD-07 (TURN-05): no Development Office without a tile on the wheel, no Research Lab without
    machineries on it, no Customer Office without a face-up contract or with < 3 Credits, no Energy Relay Field
    without 1 Credit."""
    g = load(lwp={"slots": activated("Development Office", "Customer Office", "Energy Relay Field")},
             me={"credits": 2}, contracts={"hand": {0: ["G1"]}})
    assert [d for d in descs(g) if " action, space" in d] == ["Energy Relay Field action, space 1 [1 Engineer]"]
    g = load(lwp={"buildings": BOARD2, "slots": activated("Research Lab")})
    assert not [d for d in descs(g) if " action, space" in d]


def test_LWP_BUILD_09_automa_blocks_the_leftmost_space():
    """LWP-BUILD-09: a building activated by an Automa has its leftmost action space blocked for everyone."""
    g = load(lwp={"slots": {"Energy Relay Field": [0, None, 1, None]}, "blocked": ["Energy Relay Field"]})
    assert [d.split("space ")[1][0] for d in descs(g) if d.startswith("Energy Relay")] == ["2", "3", "4"]


# ---------------------------------------------------------------------------------------------------------------
# Advanced building tiles (ADV-L1/L2/L3-BUILDING-01)
# ---------------------------------------------------------------------------------------------------------------

def test_ADV_L1_BUILDING_01_immediate_action_without_engineers_not_the_round_use():
    """ADV-L1-BUILDING-01: after activating the Energy Relay Field with the L1 tile, its action may be performed at
    once (1 Credit paid, no Engineer); the building is still usable this round."""
    g = load(me={"tiles": ["base", "elevation", "conduit", "powerhouse", "L1_building"], "energy": 0})
    play(g, "Construct on company-board space 1")
    play(g, "Build a Building on Energy Relay Field slot 1 with tile L1_building")
    assert sorted(descs(g)) == ["Decline", "Use the Energy Relay Field action now (L1 Building tile)"]
    play(g, "Use the Energy Relay Field action now")
    c = me(g)
    assert (c["credits"], c["energy"], c["engineers"]) == (19, 4, 11)     # construction space 1: 1 Engineer
    assert "buildings_used" not in c


def test_ADV_L2_BUILDING_01_pays_only_one_machinery_type():
    """ADV-L2-BUILDING-01: Control Station (4E + 3M) costs 4 Excavators or 3 Mixers, company's choice."""
    g = load(me={"tiles": ["base", "elevation", "conduit", "powerhouse", "L2_building"]})
    play(g, "Construct on company-board space 1")
    play(g, "Build a Building on Control Station slot 1 with tile L2_building")
    assert sorted(descs(g)) == ["Pay 0 Excavators, 3 Mixers", "Pay 4 Excavators, 0 Mixers"]
    play(g, "Pay 0 Excavators, 3 Mixers")
    assert (me(g)["excavators"], me(g)["mixers"]) == (10, 7)


def test_ADV_L3_BUILDING_01_scores_the_printed_vp_now_and_at_the_end():
    """ADV-L3-BUILDING-01: Customer Office (7 VP) scores 7 VP at once (tile effect)."""
    g = load(me={"tiles": ["base", "elevation", "conduit", "powerhouse", "L3_building"], "vp": 10})
    play(g, "Construct on company-board space 1")
    play(g, "Build a Building on Customer Office slot 1 with tile L3_building")
    assert me(g)["vp"] == 17 and me(g)["vp_by_source"]["tiles"] == 7


def test_LWP_BUILD_08_END_01_building_vp_at_the_end_of_the_game():
    """LWP-BUILD-08 / END-01 (3): every activated building's printed VP (Cofferdam 3 + Customer Office 7)."""
    d = {"variant": {"players": 3, "expansions": ["leeghwater"]}, "round": 5, "phase": "water_flow",
         "companies": {0: {"company": "France", "officer": "Graziano Del Monte"}},
         "leeghwater": {"slots": {"Cofferdam": [0, None, 1, None], "Customer Office": [0, None, None, None]}}}
    g = scenario.load(d)
    assert g.is_over
    assert g.snapshot()["companies"][0]["vp_by_source"]["buildings"] == 10
    assert g.snapshot()["companies"][1]["vp_by_source"]["buildings"] == 3


# ---------------------------------------------------------------------------------------------------------------
# Margot Fouche (OFFICER-MARGOT-01)
# ---------------------------------------------------------------------------------------------------------------

def test_OFFICER_MARGOT_01_second_use_of_a_building_on_her_space():
    """OFFICER-MARGOT-01: with the Financial Division already used this round, Margot's space (1 Engineer) performs
    it again; once per round."""
    g = load(officer="Margot Fouche", me={"buildings_used": ["Financial Division"]},
             lwp={"buildings": BOARD2, "slots": activated("Financial Division")})
    assert [d for d in descs(g) if "Financial" in d] == ["Margot's officer space: Financial Division action [1 Engineer]"]
    play(g, "Margot's officer space: Financial Division action")
    c = me(g)
    assert (c["credits"], c["engineers"], c["margot_engineers"]) == (25, 11, 1)
    g = load(officer="Margot Fouche", me={"margot_engineers": 1},
             lwp={"buildings": BOARD2, "slots": activated("Financial Division")})
    assert not [d for d in descs(g) if "Margot" in d]


def test_snapshot_round_trip_mid_building_construction_and_customer_office():
    """Scenario + snapshot cover a pending building payment (the space is a building slot) and the Customer Office's
    mandatory fulfilment: load(snapshot) has the identical state, without residue."""
    g = load(me={"tiles": ["base", "elevation", "conduit", "powerhouse", "L2_building"]})
    play(g, "Construct on company-board space 1")
    play(g, "Build a Building on Control Station slot 1 with tile L2_building")
    doc = g.snapshot()
    assert doc["stack"][-1] == {"task": "pay", "seat": 0, "space": "Control Station slot 1", "tile": "L2_building"}
    assert "residue" not in doc and (scenario.load(doc).state == g.state).all()
    g = load(lwp={"slots": activated("Customer Office")}, contracts={"hand": {0: ["G1", "R1"]}})
    play(g, "Customer Office action, space 1")
    doc = g.snapshot()
    assert "residue" not in doc and (scenario.load(doc).state == g.state).all()
