"""Contracts and rewards (RULES.md §11 CONTRACT-01..15, §18 REWARD-01..15 as far as base-game effects use them,
DECISION-11) and the worked examples EX-09, EX-10, EX-11.

Reward tests start at the contract step of a production: a `fulfil` frame with the production result E
(`by_production: true`), exactly the frame the engine pushes after a production (PRODUCE-11 f). Contract texts
(sim/data/components.yaml, contracts.*) are quoted in each docstring.
"""
from __future__ import annotations

import pytest

from sim import IllegalMoveError, scenario

HEADS = ("HA", "HB", "HC", "HD")


# ---------------------------------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------------------------------

def play(g, text):
    g.play(scenario.find_move(g, text))


def descs(g):
    return [m.description for m in g.legal_moves()]


def offers(g):
    """Contracts offered by the pending contract step, as a set of ids ("none" = fulfil no contract)."""
    assert g.pending == "choose a contract to fulfil", g.pending
    return {"none" if d == "Fulfil no contract" else d.split()[2] for d in descs(g)}


def company(g, seat):
    return g.snapshot()["companies"][seat]


def contracts(g):
    return g.snapshot()["contracts"]


def game(companies=None, dams=None, conduits=None, powerhouses=None, players=2, round=2, decision=None, **extra):
    """A round-2 Actions-phase position; by default seat 0 chooses an action."""
    doc = {"players": players, "round": round, "phase": "actions", "companies": companies or {},
           "dams": dams or {}, "conduits": conduits or {}, "powerhouses": powerhouses or {},
           "decision": decision or {"task": "main", "seat": 0}}
    doc.update(extra)
    return scenario.load(doc)


def fulfil_step(hand, energy, companies=None, **kw):
    """Seat 0 at the contract step after a production of `energy`, holding `hand`."""
    return game(companies=companies, contracts={"hand": {0: list(hand)}, **kw.pop("contracts", {})},
                decision={"task": "fulfil", "seat": 0, "energy": energy, "by_production": True}, **kw)


def next_turn(g):
    """True when seat 0's action (and its rewards) is over and seat 1 chooses its action."""
    return g.current_player == 1 and g.pending == "choose an action"


# ---------------------------------------------------------------------------------------------------------------
# CONTRACT-01..04
# ---------------------------------------------------------------------------------------------------------------

def test_CONTRACT_01_kinds_and_requirements():
    """CONTRACT-01: S1-S4 starting, 15 green (2-4), 15 yellow (5-7), 15 red (8-10), 6 national (13-15)."""
    g = game()
    req = {k: int(g.tables.contract_req[i]) for i, k in enumerate(g.info.contract_ids)}
    by_kind = {p: [v for k, v in req.items() if k[0] == p] for p in "SNGYR"}
    assert len(by_kind["S"]) >= 4 and [req[f"S{i}"] for i in range(1, 5)] == [3, 3, 2, 4]
    assert len(by_kind["G"]) == 15 and set(by_kind["G"]) == {2, 3, 4}
    assert len(by_kind["Y"]) == 15 and set(by_kind["Y"]) == {5, 6, 7}
    assert len(by_kind["R"]) == 15 and set(by_kind["R"]) == {8, 9, 10}
    assert len(by_kind["N"]) == 6 and set(by_kind["N"]) == {13, 14, 15}


def test_CONTRACT_02_ACT_CONTRACT_03_office_offers_only_displayed_private_contracts():
    """CONTRACT-02 / ACT-CONTRACT-03: the Contract Office offers the 6 displayed private contracts; the
    national contracts on the board (N1 with 2 players) are never taken into a hand."""
    g = game(contracts={"hand": {0: []}})
    play(g, "Contract Office: take 1 (left)")
    assert sorted(descs(g)) == sorted(["Take contract G1 (needs 2)", "Take contract G2 (needs 2)",
                                       "Take contract Y1 (needs 5)", "Take contract Y2 (needs 5)",
                                       "Take contract R1 (needs 8)", "Take contract R2 (needs 8)"])
    play(g, "Take contract R2")
    c = contracts(g)
    assert c["hand"]["USA"] == ["R2"]
    assert c["national_board"] == ["N1"]


def test_CONTRACT_03_fulfilled_contract_is_kept_face_down():
    """CONTRACT-03/08 / EX-10: G10 (3: 4 VP + 2 Credits) fulfilled: it leaves the hand and is kept fulfilled."""
    g = fulfil_step(["G10", "Y1"], 3)
    play(g, "Fulfil contract G10")
    c = contracts(g)
    assert c["hand"]["USA"] == ["Y1"]
    assert c["fulfilled"]["USA"] == ["G10"]
    assert company(g, 0)["vp"] == 14 and company(g, 0)["credits"] == 8


def test_CONTRACT_04_hand_limit_discards_down_to_3():
    """CONTRACT-04 / ACT-CONTRACT-05: with 3 in hand, taking a 4th forces a discard among all 4 (the new one
    included); the discarded contract leaves the game."""
    g = game(contracts={"hand": {0: ["S1", "G5", "Y5"]}})
    play(g, "Contract Office: take 1 (left)")
    play(g, "Take contract R1")
    assert g.pending == "choose a contract to discard"
    assert sorted(descs(g)) == sorted([f"Discard contract {k}" for k in ("S1", "G5", "Y5", "R1")])
    play(g, "Discard contract R1")
    assert next_turn(g)
    c = contracts(g)
    assert sorted(c["hand"]["USA"]) == ["G5", "S1", "Y5"]
    assert c["discarded"]["USA"] == ["R1"]


def test_CONTRACT_04_fulfilled_contracts_do_not_count_for_the_limit():
    """CONTRACT-04: 2 face up + 3 face down; taking a 3rd face-up contract needs no discard."""
    g = game(contracts={"hand": {0: ["G5", "Y5"]}, "fulfilled": {0: ["S1", "G6", "G7"]}})
    play(g, "Contract Office: take 1 (left)")
    play(g, "Take contract R1")
    assert next_turn(g)
    assert sorted(contracts(g)["hand"]["USA"]) == ["G5", "R1", "Y5"]


def test_CONTRACT_04_take_two_over_the_limit_discards_two():
    """CONTRACT-04 / ACT-CONTRACT-02: 2 in hand, "take 2" (1 Credit): 4 in hand, one discard."""
    g = game(contracts={"hand": {0: ["G5", "Y5"]}})
    play(g, "Contract Office: take 2 (left)")
    play(g, "Take contract G1")
    play(g, "Take contract Y1")
    assert g.pending == "choose a contract to discard"
    play(g, "Discard contract G5")
    assert next_turn(g)
    assert sorted(contracts(g)["hand"]["USA"]) == ["G1", "Y1", "Y5"]
    assert company(g, 0)["credits"] == 5


# ---------------------------------------------------------------------------------------------------------------
# CONTRACT-05..10: fulfilment by a production
# ---------------------------------------------------------------------------------------------------------------

def _production_game(energy_on_track=0, hand=("G13", "Y9", "R1"), players=2, nationals=None, **kw):
    """Seat 0: 2 drops in B5U, own C5L (3) to its P8_0 (1 powerhouse): k = 1 -> 3, k = 2 -> 6 (Turbine 0)."""
    cons = {"hand": {0: list(hand)}}
    if nationals is not None:
        cons["national_board"] = list(nationals)
    return game(players=players, companies={0: {"energy": energy_on_track, **kw.pop("co", {})}},
                dams={"B5U": {"owner": 0, "level": 2, "drops": 2}},
                conduits={"C5L": 0}, powerhouses={"P8_0": 0}, contracts=cons, **kw)


def test_CONTRACT_05_requirement_against_one_productions_result_only():
    """CONTRACT-05: 15 energy already on the track; a production of 3 fulfils nothing of G13 (4), Y9, R1."""
    g = _production_game(energy_on_track=15)
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 1 drop(s)")
    assert next_turn(g)                      # no qualifying contract: the step is skipped
    c = company(g, 0)
    assert c["energy"] == 18
    assert sorted(contracts(g)["hand"]["USA"]) == ["G13", "R1", "Y9"]


def test_CONTRACT_05_energy_of_two_productions_is_never_added():
    """CONTRACT-05: two productions of 3 (6 in total) never fulfil G13 (4)."""
    g = game(dams={"B5U": {"owner": 0, "level": 2, "drops": 2}}, conduits={"C5L": 0}, powerhouses={"P8_0": 0},
             contracts={"hand": {0: ["G13"]}})
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 1 drop(s)")
    assert next_turn(g)
    play(g, "Bank: 1 Engineer")
    play(g, "Turbine Station -2: one production (left)")     # 3 - 2 = 1
    assert next_turn(g)
    assert company(g, 0)["energy"] == 4
    assert contracts(g)["hand"]["USA"] == ["G13"]


def test_CONTRACT_06_EX_09_one_contract_per_production():
    """CONTRACT-06/08 / EX-09 / REWARD-01/03/04: hand G9 (3: +2 energy, rotate 2) and Y11 (7: 6 VP + 1 Excavator);
    a production of E = 7 (C1L 5 + Turbine +2); G9 chosen: marker +7 then +2 = 9, wheel rotated 2 steps
    (open 0 -> 2, the Excavator in segment 2 returns); G9 face down; Y11 stays face up."""
    g = game(companies={0: {"excavators": 0, "wheel": {"open": 0, "segments": {2: {"excavators": 1},
                                                                                 3: {"excavators": 4}}}}},
             dams={"B1U": {"owner": 0, "level": 1, "drops": 1}}, conduits={"C1L": 0}, powerhouses={"P8_0": 0},
             contracts={"hand": {0: ["G9", "Y11"]}})
    play(g, "Turbine Station +2: one production (left)")
    assert offers(g) == {"none", "G9", "Y11"}
    play(g, "Fulfil contract G9")
    assert next_turn(g)                      # no second contract step
    c = company(g, 0)
    assert c["energy"] == 9
    assert c["wheel"]["open"] == 2 and c["excavators"] == 1
    k = contracts(g)
    assert k["hand"]["USA"] == ["Y11"] and k["fulfilled"]["USA"] == ["G9"]


def test_CONTRACT_07_fulfilling_is_optional():
    """CONTRACT-07: declining leaves the contract face up in hand; nothing is gained."""
    g = _production_game()
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 2 drop(s)")
    assert offers(g) == {"none", "G13", "Y9"}
    play(g, "Fulfil no contract")
    assert next_turn(g)
    assert sorted(contracts(g)["hand"]["USA"]) == ["G13", "R1", "Y9"]
    assert company(g, 0)["vp"] == 10


def test_CONTRACT_08_fulfilled_contract_never_again():
    """CONTRACT-08: G13 (4: 5 VP + 1 Excavator) fulfilled by a production of 6: reward taken at once, the contract
    is face down and out of the hand, so no later production can offer it again."""
    g = _production_game(hand=("G13",))
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 2 drop(s)")
    play(g, "Fulfil contract G13")
    c = company(g, 0)
    assert c["vp"] == 15 and c["excavators"] == 7
    assert contracts(g)["fulfilled"]["USA"] == ["G13"]
    assert "G13" not in contracts(g)["hand"].get("USA", [])
    g2 = fulfil_step([], 13, contracts={"fulfilled": {0: ["G13"]}})      # a later production of 13
    assert "G13" not in offers(g2)


def test_CONTRACT_09_EX_11_national_contract_first_come():
    """CONTRACT-09/06 / EX-11: N=3, nationals N1 (13) and N3 (14) on the board; a production of 14
    (C1R 4 x 3 + 2) may fulfil N1, N3 or a hand contract <= 14 - only one. N3: +8 VP, +8 Credits, kept face down,
    not replaced; N1 stays on the board."""
    g = game(players=3, dams={"B1U": {"owner": 0, "level": 3, "drops": 3}}, conduits={"C1R": 0},
             powerhouses={"P5_0": 0},
             contracts={"hand": {0: ["G13", "R12"]}, "national_board": ["N1", "N3"]})
    play(g, "Turbine Station +2: one production (left)")
    assert sorted(d for d in descs(g) if d.startswith("Produce")) == [
        f"Produce {k} drop(s) from B1U through C1R to P5_0: {e} energy" for k, e in ((1, 6), (2, 10), (3, 14))]
    play(g, "Produce 3 drop(s)")
    assert offers(g) == {"none", "N1", "N3", "G13", "R12"}
    play(g, "Fulfil contract N3")
    assert g.current_player == 1 and g.pending == "choose an action"
    c = company(g, 0)
    assert (c["vp"], c["credits"], c["energy"]) == (18, 14, 14)
    k = contracts(g)
    assert k["national_board"] == ["N1"]
    assert k["fulfilled"]["USA"] == ["N3"]
    assert sorted(k["hand"]["USA"]) == ["G13", "R12"]


def test_CONTRACT_09_national_contract_for_any_company():
    """CONTRACT-09: a national fulfilled by seat 0 is no longer available to seat 1 (N1 is gone)."""
    g = fulfil_step([], 13, contracts={"national_board": ["N1"]})
    play(g, "Fulfil contract N1")
    assert contracts(g)["national_board"] == []
    assert company(g, 0)["vp"] == 17                             # N1: 7 VP + rotate 4


def test_CONTRACT_10_france_reduction_applies_to_nationals():
    """CONTRACT-10 / COMPANY-FRA-01: active France, a production of E = 10 counts as 13: N1 qualifies."""
    g = fulfil_step([], 10, companies={0: {"company": "France", "officer": "Wilhelm"}},
                    powerhouses={"P8_0": 0, "P9_0": 0, "P10_0": 0}, contracts={"national_board": ["N1"]})
    assert offers(g) == {"none", "N1"}


# ---------------------------------------------------------------------------------------------------------------
# CONTRACT-12, REWARD-07-like fulfilment without a production (DECISION-11)
# ---------------------------------------------------------------------------------------------------------------

def _l3_conduit_game(hand, nationals=("N1",)):
    """Active France (3 powerhouses) builds C1L (value 5, 10 Excavators) with L3 Conduit: 10 plain energy."""
    return game(round=4,
                companies={0: {"company": "France", "officer": "Wilhelm", "excavators": 10,
                               "tiles": ["base", "elevation", "conduit", "powerhouse", "L3_conduit"]}},
                powerhouses={"P8_0": 0, "P9_0": 0, "P10_0": 0},
                contracts={"hand": {0: list(hand)}, "national_board": list(nationals)})


def test_CONTRACT_12_DECISION_11_fulfilment_without_production_own_hand_only():
    """CONTRACT-12 / DECISION-11 / ADV-L3-CONDUIT-01 (REWARD-06-like: energy n, then one own contract <= n):
    10 plain energy may fulfil an own contract <= 10: R12 (10);
    never the national N1 (13), not even with France's reduction (10 + 3 = 13 would reach it)."""
    g = _l3_conduit_game(["R12", "G13"])
    play(g, "Construct on company-board space 1")
    play(g, "Build a Conduit on C1L with tile L3_conduit")
    assert company(g, 0)["energy"] == 10
    assert offers(g) == {"none", "R12", "G13"}


def test_REWARD_07_CONTRACT_12_own_contract_fulfilment_takes_reward_and_turns_it_face_down():
    """REWARD-07-like / CONTRACT-08/12: the L3 Conduit fulfilment of R12 (10: 7 VP + 3 Credits) gives its reward
    and turns it face down; at most one contract (G13 stays)."""
    g = _l3_conduit_game(["R12", "G13"])
    play(g, "Construct on company-board space 1")
    play(g, "Build a Conduit on C1L with tile L3_conduit")
    play(g, "Fulfil contract R12")
    assert next_turn(g)
    c = company(g, 0)
    assert c["vp"] == 17 and c["credits"] == 9
    k = contracts(g)
    assert k["fulfilled"]["France"] == ["R12"] and k["hand"]["France"] == ["G13"]
    assert k["national_board"] == ["N1"]


def test_CONTRACT_12_france_reduction_not_applied_without_production():
    """CONTRACT-12 / COMPANY-FRA-01: the 10 plain energy of L3 Conduit reach Y11 (7) and R12 (10) of active
    France's hand; N1 (13) would need France's -3, which applies to production results only."""
    g = _l3_conduit_game(["Y11", "R12"])
    play(g, "Construct on company-board space 1")
    play(g, "Build a Conduit on C1L with tile L3_conduit")
    assert offers(g) == {"none", "Y11", "R12"}


# ---------------------------------------------------------------------------------------------------------------
# CONTRACT-13 / REWARD-01: resource parts first, then the others in printed order
# ---------------------------------------------------------------------------------------------------------------

def test_CONTRACT_13_REWARD_01_resources_before_other_parts():
    """CONTRACT-13 / REWARD-01/02: Y15 = credits 4, drops to headstreams 2, 1 machinery of choice: the Credits
    are gained at once, then the machinery choice (a resource gain), then the drops."""
    g = fulfil_step(["Y15"], 7)
    play(g, "Fulfil contract Y15")
    assert company(g, 0)["credits"] == 10
    assert g.pending == "choose machineries"
    assert sorted(descs(g)) == ["Take 0 Excavators and 1 Mixers", "Take 1 Excavators and 0 Mixers"]
    play(g, "Take 0 Excavators and 1 Mixers")
    assert company(g, 0)["mixers"] == 5
    assert g.pending == "choose a headstream for a drop"
    play(g, "Drop on headstream HC")
    play(g, "Drop on headstream HC")
    assert next_turn(g)
    assert g.snapshot()["headstreams"]["HC"]["drops"] == 2


def test_CONTRACT_13_other_parts_in_printed_order():
    """CONTRACT-13: R10 = free Elevation, then 2 drops flowing now. The Elevation comes first: raising B1U
    (level 1 holding 1) to 2 lets the first drop on HA be held there; the second passes the full dam and leaves
    the map (had the drops come first, both would have left)."""
    g = fulfil_step(["R10"], 9, dams={"B1U": {"owner": 0, "level": 1, "drops": 1},
                                      "B5U": {"owner": 0, "level": 1, "drops": 0}})
    play(g, "Fulfil contract R10")
    assert g.pending == "choose where to place a free structure"
    assert sorted(descs(g)) == ["Place a free Elevation on B1U", "Place a free Elevation on B5U"]
    play(g, "Place a free Elevation on B1U")
    assert g.pending == "choose a headstream for a drop"
    play(g, "Drop on headstream HA")
    play(g, "Drop on headstream HA")
    s = g.snapshot()
    assert s["dams"]["B1U"] == {"owner": "USA", "level": 2, "drops": 2}
    assert s["counters"]["drops_removed"] == 1
    assert s["companies"][0]["mixers"] == 4 and s["companies"][0]["wheel"]["open"] == 0   # free: no cost


# ---------------------------------------------------------------------------------------------------------------
# CONTRACT-14: display refill
# ---------------------------------------------------------------------------------------------------------------

def test_CONTRACT_14_display_refilled_at_end_of_turn_from_the_pile():
    """CONTRACT-14 / ACT-CONTRACT-03: "take 2" on G1 then G2: the second choice is made from the display as it
    stands (G1's slot still empty, G3 not revealed); at the end of the turn green shows G3, G4 (pile order)."""
    g = game(contracts={"hand": {0: []}, "display": {"green": ["G1", "G2"]},
                                                  "piles": {"green": ["G3", "G4", "G5"]}})
    play(g, "Contract Office: take 2 (left)")
    play(g, "Take contract G1")
    assert not any("G3" in d for d in descs(g))
    assert contracts(g)["display"]["green"] == [None, "G2"]
    play(g, "Take contract G2")
    assert next_turn(g)
    k = contracts(g)
    assert k["display"]["green"] == ["G3", "G4"]
    assert k["piles"]["green"] == ["G5"]


def test_CONTRACT_14_empty_pile_leaves_the_slot_empty():
    """CONTRACT-14: the red pile is empty: the slot of the taken R1 stays empty after the turn."""
    g = game(contracts={"hand": {0: []}, "display": {"red": ["R1", "R2"]}, "piles": {"red": []}})
    play(g, "Contract Office: take 1 (left)")
    play(g, "Take contract R1")
    assert next_turn(g)
    assert contracts(g)["display"]["red"] == [None, "R2"]


def test_CONTRACT_15_contracts_bonus_counts_starting_private_and_national():
    """CONTRACT-15 / BONUS-04: round 1, bonus tile "contracts" (2 VP each), energy 6 (no section behind):
    S1 + G1 + N1 fulfilled = 3 -> 6 VP."""
    doc = {"players": 2, "round": 1, "phase": "scoring",
           "bonus_tiles": ["contracts", "bases", "elevations", "conduits", "powerhouses"],
           "companies": {0: {"energy": 6}, 1: {"energy": 6}},
           "contracts": {"hand": {0: [], 1: ["S2"]}, "fulfilled": {0: ["S1", "G1", "N1"]}}}
    g = scenario.load(doc)
    s = g.snapshot()["companies"]
    assert s[0]["vp_by_source"].get("bonus_tiles") == 6
    assert s[1]["vp_by_source"].get("bonus_tiles", 0) == 0


# ---------------------------------------------------------------------------------------------------------------
# REWARD-02..05: resource gains, rotations, plain energy, drops
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cid,req,delta", [
    ("G3", 2, dict(credits=5)),
    ("G6", 3, dict(credits=4, excavators=1)),
    ("G7", 3, dict(vp=3, mixers=1)),
    ("Y1", 5, dict(vp=4, excavators=2)),
    ("Y3", 5, dict(credits=3, mixers=2)),
    ("R12", 10, dict(vp=7, credits=3)),
])
def test_REWARD_02_plain_resource_gains(cid, req, delta):
    """REWARD-02: credits / vp / excavators / mixers gained as printed."""
    g = fulfil_step([cid], req)
    play(g, f"Fulfil contract {cid}")
    assert next_turn(g)
    c = company(g, 0)
    base = dict(credits=6, vp=10, excavators=6, mixers=4)
    assert {k: c[k] for k in base} == {k: v + delta.get(k, 0) for k, v in base.items()}


def test_REWARD_02_any_machine_each_of_choice():
    """REWARD-02: G2 "2 machineries of choice": 0/2, 1/1 or 2/0."""
    g = fulfil_step(["G2"], 2)
    play(g, "Fulfil contract G2")
    assert sorted(descs(g)) == ["Take 0 Excavators and 2 Mixers", "Take 1 Excavators and 1 Mixers",
                                "Take 2 Excavators and 0 Mixers"]
    play(g, "Take 1 Excavators and 1 Mixers")
    c = company(g, 0)
    assert (c["excavators"], c["mixers"]) == (7, 5)


def test_REWARD_03_rotate_n_single_steps():
    """REWARD-03 / WHEEL-04: G14 (1 VP, rotate 3): 3 steps from open 0 return segments 1, 2 and 3 (1 + 2
    Excavators, 1 Mixer); segment 4 (2 Mixers) stays; the wheel is open on 3."""
    g = fulfil_step(["G14"], 4, companies={0: {"excavators": 0, "mixers": 0, "wheel": {"open": 0, "segments": {
        1: {"excavators": 1}, 2: {"excavators": 2}, 3: {"mixers": 1}, 4: {"mixers": 2}}}}})
    play(g, "Fulfil contract G14")
    c = company(g, 0)
    assert (c["excavators"], c["mixers"], c["vp"]) == (3, 1, 11)
    assert c["wheel"]["open"] == 3
    assert c["wheel"]["segments"] == {4: {"mixers": 2}}


@pytest.mark.parametrize("cid,req,energy,vp", [("S1", 3, 2, 0), ("G4", 2, 3, 2), ("R5", 8, 5, 4)])
def test_REWARD_04_energy_is_plain_and_fulfils_nothing(cid, req, energy, vp):
    """REWARD-04: the contract's energy moves the marker (on 0 here) but opens no further contract step
    (G13 (4) stays although the reward energy would reach it for G4 and R5)."""
    g = fulfil_step([cid, "G13"], req)
    play(g, f"Fulfil contract {cid}")
    assert next_turn(g)
    c = company(g, 0)
    assert c["energy"] == energy and c["vp"] == 10 + vp
    assert contracts(g)["hand"]["USA"] == ["G13"]


def test_REWARD_05_drops_flowing_now():
    """REWARD-05 / WATER-09: G8 (4 Credits, 1 drop flowing now): the drop on HB flows at once into B2U."""
    g = fulfil_step(["G8"], 3, dams={"B2U": {"owner": 0, "level": 1, "drops": 0}})
    play(g, "Fulfil contract G8")
    assert sorted(descs(g)) == sorted([f"Drop on headstream {h} (flows now)" for h in HEADS]
                                      + ["Place no more drops"])
    play(g, "Drop on headstream HB")
    assert next_turn(g)
    s = g.snapshot()
    assert s["dams"]["B2U"]["drops"] == 1 and s["headstreams"]["HB"]["drops"] == 0
    assert s["companies"][0]["credits"] == 10


def test_REWARD_05_drops_to_headstreams_wait():
    """REWARD-05 / WATER-10: G5 (3 Credits, 2 drops on headstreams): both wait on HB; B2U stays empty."""
    g = fulfil_step(["G5"], 2, dams={"B2U": {"owner": 0, "level": 1, "drops": 0}})
    play(g, "Fulfil contract G5")
    play(g, "Drop on headstream HB")
    play(g, "Drop on headstream HB")
    assert next_turn(g)
    s = g.snapshot()
    assert s["dams"]["B2U"]["drops"] == 0 and s["headstreams"]["HB"]["drops"] == 2


# ---------------------------------------------------------------------------------------------------------------
# REWARD-08..11: free placements
# ---------------------------------------------------------------------------------------------------------------

def test_REWARD_08_free_base_in_listed_areas():
    """REWARD-08 / CONSTRUCT-21: G12 (free Base, plain). Italy owns B10U (so not B10L); B9L holds a neutral dam:
    B8U, B8L, B9U remain. B8U is red-outlined: 3 Credits; no Engineer, tile, machinery or rotation; the 2nd
    Base reveals Italy's base-2 income (+3 Credits)."""
    g = fulfil_step(["G12"], 4, companies={0: {"company": "Italy", "officer": "Wilhelm"}},
                    dams={"B10U": {"owner": 0, "level": 1, "drops": 0},
                          "B9L": {"owner": "neutral", "level": 3, "drops": 1}})
    play(g, "Fulfil contract G12")
    assert sorted(descs(g)) == ["Place a free Base on B8L", "Place a free Base on B8U", "Place a free Base on B9U"]
    play(g, "Place a free Base on B8U")
    assert next_turn(g)
    s = g.snapshot()
    c = s["companies"][0]
    assert s["dams"]["B8U"] == {"owner": "Italy", "level": 1, "drops": 0}
    assert (c["credits"], c["excavators"], c["engineers"], c["wheel"]["open"]) == (6 - 3 + 3, 6, 12, 0)
    assert c["structures_left"]["base"] == 3


def test_REWARD_08_free_base_areas_plain_and_hill():
    """REWARD-08: Y6 (free Base, plain or hill) offers the 12 dam spaces of zones 5-10 (no structure built)."""
    g = fulfil_step(["Y6"], 6)
    play(g, "Fulfil contract Y6")
    assert sorted(descs(g)) == sorted(f"Place a free Base on B{z}{p}" for z in range(5, 11) for p in "UL")


def test_REWARD_09_free_conduit_up_to_a_value():
    """REWARD-09: G11 (free Conduit, value <= 2): C6R, C7L, C8R, C10L (2), C9L, C10R (1); C9L is built."""
    g = fulfil_step(["G11"], 4, conduits={"C9L": 1})
    play(g, "Fulfil contract G11")
    assert sorted(descs(g)) == sorted(f"Place a free Conduit on {c}" for c in ("C6R", "C7L", "C8R", "C10L",
                                                                               "C10R"))
    play(g, "Place a free Conduit on C10R")
    s = g.snapshot()
    assert s["conduits"]["C10R"] == "USA"
    assert (s["companies"][0]["excavators"], s["companies"][0]["credits"]) == (6, 6)


def test_REWARD_10_free_powerhouse_any_legal_space():
    """REWARD-10 / CONSTRUCT-21: Y2 (free Powerhouse): every empty space except zone 8 (own P8_0) and the taken
    P5_0: 23 - 3 - 1 = 19 spaces; the red-outlined P12_1 costs 3 Credits, no Mixers."""
    g = fulfil_step(["Y2"], 5, powerhouses={"P8_0": 0, "P5_0": 1})
    play(g, "Fulfil contract Y2")
    opts = descs(g)
    assert len(opts) == 19
    assert "Place a free Powerhouse on P5_1" in opts
    assert not any(p in d for d in opts for p in ("P8_", "P5_0"))
    play(g, "Place a free Powerhouse on P12_1")
    s = g.snapshot()
    assert s["powerhouses"]["P12_1"] == "USA"
    assert (s["companies"][0]["credits"], s["companies"][0]["mixers"]) == (3, 4)


def test_REWARD_11_free_elevation_on_own_dams_below_level_3():
    """REWARD-11: Y10 (2 VP, 1 free Elevation): own B5L (1) and B6U (2) qualify; own B1U (3), seat 1's B7U and
    the neutral B8L do not."""
    g = fulfil_step(["Y10"], 6, dams={"B5L": {"owner": 0, "level": 1, "drops": 0},
                                      "B6U": {"owner": 0, "level": 2, "drops": 0},
                                      "B1U": {"owner": 0, "level": 3, "drops": 0},
                                      "B7U": {"owner": 1, "level": 1, "drops": 0},
                                      "B8L": {"owner": "neutral", "level": 1, "drops": 0}})
    play(g, "Fulfil contract Y10")
    assert company(g, 0)["vp"] == 12
    assert sorted(descs(g)) == ["Place a free Elevation on B5L", "Place a free Elevation on B6U"]
    play(g, "Place a free Elevation on B6U")
    s = g.snapshot()
    assert s["dams"]["B6U"]["level"] == 3
    assert s["companies"][0]["mixers"] == 4


# ---------------------------------------------------------------------------------------------------------------
# REWARD-15: impossible parts are skipped
# ---------------------------------------------------------------------------------------------------------------

def test_REWARD_15_impossible_elevation_skipped_vp_kept():
    """REWARD-15: Y10 (2 VP + free Elevation) without any own dam: the Elevation is lost, the 2 VP are gained."""
    g = fulfil_step(["Y10"], 6)
    play(g, "Fulfil contract Y10")
    assert next_turn(g)
    c = company(g, 0)
    assert c["vp"] == 12 and c["structures_left"]["elevation"] == 5


def test_REWARD_15_no_piece_left_powerhouse_skipped_energy_kept():
    """REWARD-15: R9 (free Powerhouse + 3 energy) with all 4 powerhouses built: +3 energy, nothing placed."""
    g = fulfil_step(["R9"], 9, powerhouses={"P5_0": 0, "P6_0": 0, "P7_0": 0, "P8_0": 0})
    play(g, "Fulfil contract R9")
    assert next_turn(g)
    assert company(g, 0)["energy"] == 3
    assert len(g.snapshot()["powerhouses"]) == 4


def test_REWARD_15_unaffordable_red_space_skipped():
    """REWARD-15 / CONSTRUCT-21: G12 (free Base, plain) with 0 Credits while every plain lower space is taken:
    only red-outlined B8U/B9U/B10U remain and 3 Credits cannot be paid: the part is lost."""
    g = fulfil_step(["G12"], 4, companies={0: {"credits": 0}},
                    dams={"B8L": {"owner": "neutral", "level": 3, "drops": 0},
                          "B9L": {"owner": 1, "level": 1, "drops": 0},
                          "B10L": {"owner": 1, "level": 1, "drops": 0}})
    play(g, "Fulfil contract G12")
    assert next_turn(g)
    assert company(g, 0)["structures_left"]["base"] == 5


def test_EX_10_contract_reward():
    """EX-10 / CONTRACT-05/08: G10 (3): production E >= 3 (here 6), fulfil G10: +4 VP, +2 Credits, face down."""
    g = _production_game(hand=("G10",))
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 2 drop(s)")
    play(g, "Fulfil contract G10")
    c = company(g, 0)
    assert (c["vp"], c["credits"]) == (14, 8)
    assert contracts(g)["fulfilled"]["USA"] == ["G10"]


def test_CONTRACT_05_contract_above_E_is_illegal():
    """CONTRACT-05: playing the code of a contract above E (Y9 needs 6, E = 3) raises IllegalMoveError."""
    g = fulfil_step(["G10", "Y9"], 3)
    with pytest.raises(IllegalMoveError):
        g.play(g.info.contract_ids.index("Y9"))
