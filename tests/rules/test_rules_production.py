"""Production rules (RULES.md §10 PRODUCE-01..17, §6.1 ACT-TURBINE-01..03, COMPANY-01, OFFICER-VIKTOR-01,
DECISION-09/-12/-44) and the worked examples EX-01, EX-02 and EX-04.

Conduit values and ends (base map): C1L 5 -> zone 8, C1R 4 -> 5, C5L 3 -> 8, C5R 4 -> 10, C6L 4 -> 9,
C7L 2 -> 10, C8L 3 -> 11, C9L 1 -> 11. Company-board bonus (COMPANY-01): 0-1 powerhouses 0, 2-3 +1, 4 +3.
Every expected energy is computed by hand with PRODUCE-06.
"""
from __future__ import annotations

import pytest

from sim import IllegalMoveError, scenario


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
    out = set()
    for d in descs(g):
        out.add("none" if d == "Fulfil no contract" else d.split()[2])
    return out


def productions(g):
    """Sorted production descriptions of the pending production decision."""
    assert g.pending == "choose a production", g.pending
    return sorted(d for d in descs(g) if d.startswith("Produce"))


def turbine_spaces(g):
    return [d for d in descs(g) if d.startswith("Turbine")]


def game(companies=None, dams=None, conduits=None, powerhouses=None, players=2, round=2, **extra):
    """Seat 0 chooses an action in the Actions phase."""
    doc = {"players": players, "round": round, "phase": "actions", "companies": companies or {},
           "dams": dams or {}, "conduits": conduits or {}, "powerhouses": powerhouses or {},
           "decision": {"task": "main", "seat": 0}}
    doc.update(extra)
    return scenario.load(doc)


def company(g, seat):
    return g.snapshot()["companies"][seat]


def drops_of(g):
    return {k: v["drops"] for k, v in g.snapshot()["dams"].items()}


# ---------------------------------------------------------------------------------------------------------------
# PRODUCE-01..05: production systems
# ---------------------------------------------------------------------------------------------------------------

def test_PRODUCE_01_systems_need_own_or_neutral_dam_built_conduit_and_own_powerhouse():
    """PRODUCE-01/03: seat 0 has 2 powerhouses (+1). Usable: own B5U (2 drops) with seat 1's conduit C5L to own
    P8_0 (3k+1), neutral B6U (1 drop) with own C6L to own P9_0 (4+1). Not usable: seat 1's B5L (PRODUCE-03),
    own empty B7U, the unbuilt C5R, own C7L to zone 10 where only seat 1 has a powerhouse."""
    g = game(dams={"B5U": {"owner": 0, "level": 2, "drops": 2},
                   "B5L": {"owner": 1, "level": 1, "drops": 1},
                   "B6U": {"owner": "neutral", "level": 2, "drops": 1},
                   "B7U": {"owner": 0, "level": 1, "drops": 0}},
             conduits={"C5L": 1, "C6L": 0, "C7L": 0},
             powerhouses={"P8_0": 0, "P9_0": 0, "P10_0": 1})
    play(g, "Turbine Station +0: one production (left)")
    assert productions(g) == sorted([
        "Produce 1 drop(s) from B5U through C5L to P8_0: 4 energy",
        "Produce 2 drop(s) from B5U through C5L to P8_0: 7 energy",
        "Produce 1 drop(s) from B6U through C6L to P9_0: 5 energy",
    ])


def test_PRODUCE_02_either_dam_of_a_basin_uses_either_conduit():
    """PRODUCE-02: own B5U and neutral B5L (1 drop each), own C5L (3, to P8_0) and C5R (4, to P10_0); bonus +1."""
    g = game(dams={"B5U": {"owner": 0, "level": 1, "drops": 1},
                   "B5L": {"owner": "neutral", "level": 2, "drops": 1}},
             conduits={"C5L": 0, "C5R": 0}, powerhouses={"P8_0": 0, "P10_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    assert productions(g) == sorted([
        "Produce 1 drop(s) from B5U through C5L to P8_0: 4 energy",
        "Produce 1 drop(s) from B5U through C5R to P10_0: 5 energy",
        "Produce 1 drop(s) from B5L through C5L to P8_0: 4 energy",
        "Produce 1 drop(s) from B5L through C5R to P10_0: 5 energy",
    ])


def test_PRODUCE_03_another_companys_dam_can_never_be_used():
    """PRODUCE-03 / ACT-TURBINE-03: the only full dam belongs to seat 1, so no Turbine space is offered."""
    g = game(dams={"B5L": {"owner": 1, "level": 2, "drops": 2}},
             conduits={"C5L": 0}, powerhouses={"P8_0": 0})
    assert turbine_spaces(g) == []
    with pytest.raises(IllegalMoveError):
        g.play(g.info.space_ids.index("turbine_0_L"))


def test_PRODUCE_04_producer_chooses_k_drops_which_leave_the_dam():
    """PRODUCE-04/05: B8U holds 3: k = 1..3 (3, 6, 9 energy). Own conduit: no payment; 2 drops leave B8U."""
    g = game(dams={"B8U": {"owner": 0, "level": 3, "drops": 3}},
             conduits={"C8L": 0}, powerhouses={"P11_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    assert productions(g) == sorted([
        "Produce 1 drop(s) from B8U through C8L to P11_0: 3 energy",
        "Produce 2 drop(s) from B8U through C8L to P11_0: 6 energy",
        "Produce 3 drop(s) from B8U through C8L to P11_0: 9 energy",
    ])
    play(g, "Produce 2 drop(s)")
    assert drops_of(g) == {"B8U": 1}
    c = company(g, 0)
    assert c["energy"] == 6 and c["credits"] == 6


def test_PRODUCE_05_DECISION_09_foreign_conduit_limited_by_credits_and_paid():
    """PRODUCE-05 / DECISION-09: 5 Credits, right Turbine 0 space (fee 3) leaves 2: at most 2 of the 3 drops go
    through seat 1's C5L. Seat 0 pays 2 Credits to seat 1, who scores 2 VP."""
    g = game(companies={0: {"credits": 5}},
             dams={"B5U": {"owner": 0, "level": 3, "drops": 3}},
             conduits={"C5L": 1}, powerhouses={"P8_0": 0})
    play(g, "Turbine Station +0: one production (right)")
    assert productions(g) == sorted([
        "Produce 1 drop(s) from B5U through C5L to P8_0: 3 energy",
        "Produce 2 drop(s) from B5U through C5L to P8_0: 6 energy",
    ])
    play(g, "Produce 2 drop(s)")
    s = g.snapshot()["companies"]
    assert s[0]["credits"] == 0 and s[0]["energy"] == 6
    assert s[1]["credits"] == 6 + 2 and s[1]["vp"] == 10 + 2
    assert s[1]["vp_by_source"].get("conduits") == 2


def test_PRODUCE_05_neutral_dam_and_own_conduit_cost_nothing():
    """PRODUCE-05: drops from a neutral dam through an own conduit: no Credits move, nobody scores VP."""
    g = game(dams={"B5L": {"owner": "neutral", "level": 2, "drops": 2}},
             conduits={"C5L": 0}, powerhouses={"P8_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 2 drop(s)")
    s = g.snapshot()["companies"]
    assert (s[0]["credits"], s[0]["vp"], s[1]["credits"], s[1]["vp"]) == (6, 10, 6, 10)
    assert s[0]["energy"] == 6


def test_DECISION_09_no_credits_no_drop_through_a_foreign_conduit():
    """DECISION-09 / ACT-TURBINE-03: with 0 Credits no drop may pass seat 1's conduit: no Turbine space."""
    g = game(companies={0: {"credits": 0}},
             dams={"B5U": {"owner": 0, "level": 3, "drops": 3}},
             conduits={"C5L": 1}, powerhouses={"P8_0": 0})
    assert turbine_spaces(g) == []


def test_PRODUCE_05_ACT_TURBINE_03_credits_counted_after_the_space_fee():
    """PRODUCE-05 / ACT-TURBINE-03 / TURN-05: 3 Credits and only seat 1's conduit: the left Turbine 0 space
    (no fee) allows 1..3 drops, the right one (fee 3) would leave 0 Credits, so no drop: it is not offered."""
    g = game(companies={0: {"credits": 3}},
             dams={"B5U": {"owner": 0, "level": 3, "drops": 3}},
             conduits={"C5L": 1}, powerhouses={"P8_0": 0})
    spaces = turbine_spaces(g)
    assert "Turbine Station +0: one production (left) [2 Engineers]" in spaces
    assert "Turbine Station +0: one production (right) [3 Engineers, 3 Credits]" not in spaces
    assert "Turbine Station -2: one production (right) [2 Engineers]" in spaces        # no fee on -2 right
    play(g, "Turbine Station +0: one production (left)")
    assert len(productions(g)) == 3


# ---------------------------------------------------------------------------------------------------------------
# PRODUCE-06..10: energy
# ---------------------------------------------------------------------------------------------------------------

def test_PRODUCE_06_OFFICER_VIKTOR_01_minimum_before_modifier_and_bonus():
    """PRODUCE-06 / OFFICER-VIKTOR-01: Viktor, 2 powerhouses (+1), Turbine -2, C5L value 3:
    k=1: 3 -> 4 (Viktor), -2, +1 = 3; k=2: 6 (no change), -2, +1 = 5."""
    g = game(companies={0: {"company": "France", "officer": "Viktor"}},
             dams={"B5U": {"owner": 0, "level": 2, "drops": 2}},
             conduits={"C5L": 0}, powerhouses={"P8_0": 0, "P12_0": 0})
    play(g, "Turbine Station -2: one production (left)")
    assert productions(g) == sorted([
        "Produce 1 drop(s) from B5U through C5L to P8_0: 3 energy",
        "Produce 2 drop(s) from B5U through C5L to P8_0: 5 energy",
    ])
    play(g, "Produce 1 drop(s)")
    assert company(g, 0)["energy"] == 3


def test_OFFICER_VIKTOR_01_minimum_applies_to_small_products_only():
    """OFFICER-VIKTOR-01: C9L (value 1), Turbine 0, 1 powerhouse: 1, 2 and 3 drops (1, 2, 3) all count as 4
    (without Viktor the same system gives 1, 2, 3, see PRODUCE-07)."""
    g = game(companies={0: {"company": "Italy", "officer": "Viktor"}},
             dams={"B9U": {"owner": 0, "level": 3, "drops": 3}},
             conduits={"C9L": 0}, powerhouses={"P11_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    assert productions(g) == sorted([
        "Produce 1 drop(s) from B9U through C9L to P11_0: 4 energy",
        "Produce 2 drop(s) from B9U through C9L to P11_0: 4 energy",
        "Produce 3 drop(s) from B9U through C9L to P11_0: 4 energy",
    ])


def test_PRODUCE_07_production_below_1_energy_is_not_allowed():
    """PRODUCE-07: C9L value 1, 0 bonus, Turbine -1 (N=3): k=1 gives 0 (not allowed), k=2 1, k=3 2."""
    g = game(players=3, dams={"B9U": {"owner": 0, "level": 3, "drops": 3}},
             conduits={"C9L": 0}, powerhouses={"P11_0": 0})
    play(g, "Turbine Station -1: one production (left)")
    assert productions(g) == sorted([
        "Produce 2 drop(s) from B9U through C9L to P11_0: 1 energy",
        "Produce 3 drop(s) from B9U through C9L to P11_0: 2 energy",
    ])


def test_ACT_TURBINE_03_space_needs_a_production_of_at_least_1():
    """ACT-TURBINE-03 / PRODUCE-07: one drop through C9L (value 1): +2 -> 3 and 0 -> 1 are offered,
    -1 -> 0 and -2 -> -1 are not (N=3, 6 Credits: right spaces affordable)."""
    g = game(players=3, dams={"B9U": {"owner": 0, "level": 1, "drops": 1}},
             conduits={"C9L": 0}, powerhouses={"P11_0": 0})
    assert turbine_spaces(g) == [
        "Turbine Station +2: one production (left) [2 Engineers]",
        "Turbine Station +2: one production (right) [3 Engineers, 3 Credits]",
        "Turbine Station +0: one production (left) [2 Engineers]",
        "Turbine Station +0: one production (right) [3 Engineers, 3 Credits]",
    ]
    with pytest.raises(IllegalMoveError):
        g.play(g.info.space_ids.index("turbine_m2_L"))


def test_PRODUCE_10_EX_04_energy_marker_advances_by_E():
    """PRODUCE-10 / EX-04 / TERM-09: marker on 5, a production of 7 (3 x 2 + 0 + 1) -> 12."""
    g = game(companies={0: {"energy": 5}},
             dams={"B5U": {"owner": 0, "level": 2, "drops": 2}},
             conduits={"C5L": 0}, powerhouses={"P8_0": 0, "P12_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 2 drop(s) from B5U through C5L to P8_0: 7 energy")
    assert company(g, 0)["energy"] == 12


def test_PRODUCE_17_energy_counts_past_30():
    """PRODUCE-17: marker on 28, production 4 + 0 + 1 = 5 -> 33 (true total kept)."""
    g = game(companies={0: {"energy": 28}},
             dams={"B5U": {"owner": 0, "level": 1, "drops": 1}},
             conduits={"C5R": 0}, powerhouses={"P10_0": 0, "P12_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    assert company(g, 0)["energy"] == 33


# ---------------------------------------------------------------------------------------------------------------
# PRODUCE-08/09, PRODUCE-11..16
# ---------------------------------------------------------------------------------------------------------------

def test_PRODUCE_09_italy_bonus_and_usa_energy_are_not_part_of_E():
    """PRODUCE-09 / COMPANY-ITA-01: active Italy (3 powerhouses, +1) produces 3 + 0 + 1 = 4: only G13 (4)
    may be fulfilled, not Y1 (5) or Y11 (7), although Italy ends at 4 + 3 = 7."""
    g = game(companies={0: {"company": "Italy", "officer": "Wilhelm"}},
             dams={"B5U": {"owner": 0, "level": 1, "drops": 1}},
             conduits={"C5L": 0}, powerhouses={"P8_0": 0, "P9_0": 0, "P11_0": 0},
             contracts={"hand": {0: ["G13", "Y1", "Y11"]}})
    play(g, "Turbine Station +0: one production (left)")        # single system: resolved at once
    assert g.pending == "choose a contract to fulfil"
    assert offers(g) == {"none", "G13"}
    assert company(g, 0)["energy"] == 4                       # (f) before (g): no +3 yet (PRODUCE-11)
    play(g, "Fulfil contract G13")
    c = company(g, 0)
    assert c["energy"] == 7 and c["vp"] == 15 and c["excavators"] == 7


def test_PRODUCE_09_usa_flow_energy_is_not_part_of_E():
    """PRODUCE-09 / COMPANY-USA-02/03: active USA (3 powerhouses, +1) produces from B5U through C5L to P8_0:
    E = 3 + 1 = 4. The drop starts at P8 (not counted), passes P11 where USA has a powerhouse (+1): the marker
    shows 5 at the contract step but only G13 (4) may be fulfilled, not Y1 (5)."""
    g = game(companies={0: {"company": "USA", "officer": "Wilhelm"}},
             dams={"B5U": {"owner": 0, "level": 1, "drops": 1}},
             conduits={"C5L": 0}, powerhouses={"P8_0": 0, "P9_0": 0, "P11_0": 0},
             contracts={"hand": {0: ["G13", "Y1"]}})
    play(g, "Turbine Station +0: one production (left)")
    assert company(g, 0)["energy"] == 5
    assert offers(g) == {"none", "G13"}


def test_PRODUCE_11_canonical_order_of_a_production():
    """PRODUCE-11: at the contract step (f) the drops have left the dam and flowed (d), the conduit owner is paid
    (e) and the marker moved by E (c); Italy's +3 (g) comes after the contract step.
    Italy (3 powerhouses, +1), 2 drops through seat 1's C5L: E = 6 + 0 + 1 = 7; the drops stop in B8U (level 2)."""
    g = game(companies={0: {"company": "Italy", "officer": "Wilhelm"}},
             dams={"B5U": {"owner": 0, "level": 2, "drops": 2}, "B8U": {"owner": 1, "level": 2, "drops": 0}},
             conduits={"C5L": 1}, powerhouses={"P8_0": 0, "P9_0": 0, "P11_0": 0},
             contracts={"hand": {0: ["Y11"]}})
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 2 drop(s) from B5U through C5L to P8_0: 7 energy")
    assert g.pending == "choose a contract to fulfil"
    s = g.snapshot()
    assert {k: v["drops"] for k, v in s["dams"].items()} == {"B5U": 0, "B8U": 2}
    assert s["companies"][0]["credits"] == 4 and s["companies"][1]["credits"] == 8
    assert s["companies"][0]["energy"] == 7
    assert offers(g) == {"none", "Y11"}
    play(g, "Fulfil no contract")
    assert company(g, 0)["energy"] == 10


def test_PRODUCE_12_moved_drops_stop_in_dams_below():
    """PRODUCE-12 / WATER-14: 3 drops produced to P8_0 flow from P8: seat 1's B8U (level 1) takes one, the
    neutral B8L (level 3, holding 2) one, the 3rd passes P11 and leaves the map."""
    g = game(dams={"B1U": {"owner": 0, "level": 3, "drops": 3},
                   "B8U": {"owner": 1, "level": 1, "drops": 0},
                   "B8L": {"owner": "neutral", "level": 3, "drops": 2}},
             conduits={"C1L": 0}, powerhouses={"P8_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 3 drop(s)")
    assert drops_of(g) == {"B1U": 0, "B8U": 1, "B8L": 3}
    assert g.snapshot()["counters"]["drops_removed"] == 1
    assert company(g, 0)["energy"] == 15


def test_PRODUCE_13_one_contract_up_to_E_hand_or_national():
    """PRODUCE-13 / CONTRACT-05: E = 6 (C5L 3 x 2): hand S1 (3), G13 (4), Y9 (6) qualify, R1 (8) does not;
    nationals N1 (13) does not. The energy already on the track (20) is irrelevant."""
    g = game(companies={0: {"energy": 20}},
             dams={"B5U": {"owner": 0, "level": 2, "drops": 2}},
             conduits={"C5L": 0}, powerhouses={"P8_0": 0},
             contracts={"hand": {0: ["S1", "G13", "Y9"]}, "fulfilled": {}, "national_board": ["N1"]})
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 2 drop(s)")
    assert offers(g) == {"none", "S1", "G13", "Y9"}


def test_PRODUCE_14_DECISION_12_L2_powerhouse_production_is_a_full_production():
    """PRODUCE-14 / DECISION-12 / COMPANY-02 / ADV-L2-POWERHOUSE-01: Italy (2 powerhouses) builds its 3rd with
    the L2 Powerhouse tile; the production it grants gets +2, the company bonus (+1) and Italy's ability, now
    active: E = 3 + 2 + 1 = 6, then +3 -> 9 energy; the production may fulfil a contract (G13)."""
    g = game(companies={0: {"company": "Italy", "officer": "Wilhelm", "mixers": 4,
                            "tiles": ["base", "elevation", "conduit", "powerhouse", "L2_powerhouse"]}},
             dams={"B5U": {"owner": 0, "level": 1, "drops": 1}},
             conduits={"C5L": 0}, powerhouses={"P8_0": 0, "P9_0": 0},
             contracts={"hand": {0: ["G13"]}}, round=3)
    play(g, "Construct on company-board space 1")
    play(g, "Build a Powerhouse on P10_0 with tile L2_powerhouse")
    assert productions(g) == ["Produce 1 drop(s) from B5U through C5L to P8_0: 6 energy"]
    assert "Do not produce" in descs(g)
    play(g, "Produce 1 drop(s)")
    assert offers(g) == {"none", "G13"}
    play(g, "Fulfil contract G13")
    c = company(g, 0)
    assert c["energy"] == 9
    assert c["vp"] == 15


def test_PRODUCE_15_DECISION_11_L2_base_energy_is_not_a_production():
    """PRODUCE-15 / DECISION-11 / ADV-L2-BASE-01: Viktor's active Italy (3 powerhouses) builds its 3rd Base with
    L2 Base: +3 plain energy (no Viktor minimum, no bonus, no Italy +3); it may fulfil an own contract <= 3
    (S1), not G13 (4)."""
    g = game(companies={0: {"company": "Italy", "officer": "Viktor", "excavators": 3,
                            "tiles": ["base", "elevation", "conduit", "powerhouse", "L2_base"]}},
             dams={"B5U": {"owner": 0, "level": 1, "drops": 0}, "B6U": {"owner": 0, "level": 1, "drops": 0}},
             powerhouses={"P8_0": 0, "P9_0": 0, "P11_0": 0},
             contracts={"hand": {0: ["S1", "G13"]}}, round=3)
    play(g, "Construct on company-board space 1")
    play(g, "Build a Base on B8L with tile L2_base")
    assert g.pending == "choose a contract to fulfil"
    assert company(g, 0)["energy"] == 3
    assert offers(g) == {"none", "S1"}
    play(g, "Fulfil contract S1")                              # S1: 2 Credits + 2 plain energy
    c = company(g, 0)
    assert c["energy"] == 5 and c["credits"] == 8


def test_PRODUCE_15_L2_base_triggers_no_german_second_production():
    """PRODUCE-15 / COMPANY-GER-01: active Germany (3 powerhouses, a productive system B5U -> C5L -> P8_0) gains
    2 plain energy from L2 Base (2nd Base): no second production follows, no conduit is used."""
    g = game(companies={0: {"company": "Germany", "officer": "Wilhelm", "excavators": 3,
                            "tiles": ["base", "elevation", "conduit", "powerhouse", "L2_base"]}},
             dams={"B5U": {"owner": 0, "level": 1, "drops": 1}},
             conduits={"C5L": 0}, powerhouses={"P8_0": 0, "P9_0": 0, "P11_0": 0},
             contracts={"hand": {0: ["G13"]}}, round=3)
    play(g, "Construct on company-board space 1")
    play(g, "Build a Base on B8L with tile L2_base")
    assert g.current_player == 1 and g.pending == "choose an action"
    s = g.snapshot()
    assert s["companies"][0]["energy"] == 2
    assert s["dams"]["B5U"]["drops"] == 1
    assert s["companies"][0]["vp"] == 10 + 3                  # Germany's base-2 income: 3 VP


def test_PRODUCE_16_one_production_uses_one_dam():
    """PRODUCE-16: B5U and B5L hold 1 drop each; no production moves 2 drops from both dams at once."""
    g = game(dams={"B5U": {"owner": 0, "level": 1, "drops": 1},
                   "B5L": {"owner": "neutral", "level": 2, "drops": 1}},
             conduits={"C5L": 0}, powerhouses={"P8_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    assert productions(g) == sorted([
        "Produce 1 drop(s) from B5U through C5L to P8_0: 3 energy",
        "Produce 1 drop(s) from B5L through C5L to P8_0: 3 energy",
    ])


# ---------------------------------------------------------------------------------------------------------------
# Germany's second production (COMPANY-GER-01, PRODUCE-08, DECISION-44)
# ---------------------------------------------------------------------------------------------------------------

def _germany_viktor():
    return game(companies={0: {"company": "Germany", "officer": "Viktor"}},
                dams={"B5U": {"owner": 0, "level": 2, "drops": 2}},
                conduits={"C5L": 0, "C5R": 0}, powerhouses={"P8_0": 0, "P10_0": 0, "P12_0": 0},
                contracts={"hand": {0: ["S2", "G13", "Y11"]}})


def test_COMPANY_GER_01_PRODUCE_08_DECISION_44_second_production():
    """COMPANY-GER-01 / PRODUCE-08 / DECISION-44 / OFFICER-VIKTOR-01: active Germany with Viktor, Turbine +2.
    1st: B5U -> C5R -> P10_0: 4 + 2 + 1 = 7, fulfils Y11. 2nd (optional): a different powerhouse, the same dam
    allowed: B5U -> C5L -> P8_0: 3 (no Viktor 4, no +2, no +1); it fulfils S2 (3); no third production."""
    g = _germany_viktor()
    play(g, "Turbine Station +2: one production (left)")
    play(g, "Produce 1 drop(s) from B5U through C5R to P10_0: 7 energy")
    assert offers(g) == {"none", "S2", "G13", "Y11"}
    play(g, "Fulfil contract Y11")
    assert g.pending == "choose a production"
    assert descs(g) == ["Produce 1 drop(s) from B5U through C5L to P8_0: 3 energy", "Do not produce"]
    play(g, "Produce 1 drop(s) from B5U through C5L to P8_0: 3 energy")
    assert offers(g) == {"none", "S2"}
    play(g, "Fulfil contract S2")
    assert g.current_player == 1 and g.pending == "choose an action"      # no third production
    c = company(g, 0)
    assert c["energy"] == 7 + 3
    assert c["vp"] == 10 + 6
    assert c["credits"] == 6 + 2
    assert drops_of(g) == {"B5U": 0}


def test_COMPANY_GER_01_second_production_is_optional():
    """COMPANY-GER-01: Germany may decline the second production; the drop stays in B5U."""
    g = _germany_viktor()
    play(g, "Turbine Station +2: one production (left)")
    play(g, "Produce 1 drop(s) from B5U through C5R to P10_0")
    play(g, "Fulfil no contract")
    play(g, "Do not produce")
    assert g.current_player == 1
    assert drops_of(g) == {"B5U": 1}
    assert company(g, 0)["energy"] == 7


def test_COMPANY_GER_01_no_second_production_before_the_third_powerhouse():
    """COMPANY-02 / COMPANY-GER-01: with 2 powerhouses the ability is not active: no second production."""
    g = game(companies={0: {"company": "Germany", "officer": "Wilhelm"}},
             dams={"B5U": {"owner": 0, "level": 2, "drops": 2}},
             conduits={"C5L": 0, "C5R": 0}, powerhouses={"P8_0": 0, "P10_0": 0},
             contracts={"hand": {0: ["G13"]}})
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 1 drop(s) from B5U through C5R to P10_0")
    play(g, "Fulfil no contract")
    assert g.current_player == 1 and g.pending == "choose an action"
    assert drops_of(g) == {"B5U": 1}


# ---------------------------------------------------------------------------------------------------------------
# Turbine Station (ACT-TURBINE-01/02) and the company bonus (COMPANY-01)
# ---------------------------------------------------------------------------------------------------------------

TURBINE_4P = [
    ("turbine_p2_L", "Turbine Station +2: one production (left) [2 Engineers]", 2, 0, 2),
    ("turbine_p2_R", "Turbine Station +2: one production (right) [3 Engineers, 3 Credits]", 3, 3, 2),
    ("turbine_p1_L", "Turbine Station +1: one production (left) [2 Engineers]", 2, 0, 1),
    ("turbine_p1_R", "Turbine Station +1: one production (right) [3 Engineers, 3 Credits]", 3, 3, 1),
    ("turbine_0_L", "Turbine Station +0: one production (left) [2 Engineers]", 2, 0, 0),
    ("turbine_0_R", "Turbine Station +0: one production (right) [3 Engineers, 3 Credits]", 3, 3, 0),
    ("turbine_m1_L", "Turbine Station -1: one production (left) [2 Engineers]", 2, 0, -1),
    ("turbine_m1_R", "Turbine Station -1: one production (right) [3 Engineers, 3 Credits]", 3, 3, -1),
    ("turbine_m2_L", "Turbine Station -2: one production (left) [1 Engineer]", 1, 0, -2),
    ("turbine_m2_R", "Turbine Station -2: one production (right) [2 Engineers]", 2, 0, -2),
]


def _turbine_game(players):
    return game(players=players, dams={"B8U": {"owner": 0, "level": 1, "drops": 1}},
                conduits={"C8L": 0}, powerhouses={"P11_0": 0},
                contracts={"hand": {0: ["Y11"]}})


@pytest.mark.parametrize("players,rows", [(4, [2, 1, 0, -1, -2]), (3, [2, 0, -1, -2]), (2, [2, 0, -2])])
def test_ACT_TURBINE_02_rows_spaces_and_costs_by_player_count(players, rows):
    """ACT-TURBINE-02 / BLOCK-02/03: +1 needs N>=4, -1 N>=3; left/right Engineers and fees as tabled.
    One drop through C8L (value 3) makes every row productive (E = 3 + modifier >= 1)."""
    g = _turbine_game(players)
    want = [d for _, d, _, _, m in TURBINE_4P if m in rows]
    assert turbine_spaces(g) == want


@pytest.mark.parametrize("space,desc,eng,fee,mod", TURBINE_4P, ids=[t[0] for t in TURBINE_4P])
def test_ACT_TURBINE_01_each_space_performs_one_production_with_its_modifier(space, desc, eng, fee, mod):
    """ACT-TURBINE-01/02 / TURN-04: the space costs its Engineers and fee and gives one production of
    3 + modifier energy (C8L value 3, 1 drop, bonus 0)."""
    g = _turbine_game(4)
    g.play(g.info.space_ids.index(space))
    c = company(g, 0)
    assert c["energy"] == 3 + mod
    assert c["engineers"] == 12 - eng
    assert c["credits"] == 6 - fee
    assert drops_of(g) == {"B8U": 0}
    assert g.snapshot()["action_spaces"][space]["seat"] == 0


@pytest.mark.parametrize("n_ph,bonus", [(1, 0), (2, 1), (3, 1), (4, 3)])
def test_COMPANY_01_production_bonus_by_powerhouses(n_ph, bonus):
    """COMPANY-01: France, one drop through C5L (3) to P8_0 with Turbine 0: E = 3 + bonus."""
    phs = {p: 0 for p in ["P8_0", "P9_0", "P10_0", "P11_0"][:n_ph]}
    g = game(companies={0: {"company": "France", "officer": "Wilhelm"}},
             dams={"B5U": {"owner": 0, "level": 1, "drops": 1}, "B6U": {"owner": 0, "level": 1, "drops": 0}},
             conduits={"C5L": 0}, powerhouses=phs, contracts={"hand": {0: []}})
    play(g, "Turbine Station +0: one production (left)")
    assert company(g, 0)["energy"] == 3 + bonus


# ---------------------------------------------------------------------------------------------------------------
# Worked examples EX-01 / EX-02 ("a turn, played out")
# ---------------------------------------------------------------------------------------------------------------

def _ex01(credits):
    """EX-01 given: N=3; Y = Germany (Wilhelm, seat 0, 2 powerhouses P8_0/P12_0); L = seat 1 owns C5L;
    R = seat 2 occupies the left Turbine 0 space."""
    return game(players=3, round=3,
                companies={0: {"company": "Germany", "officer": "Wilhelm", "credits": credits},
                           1: {"company": "USA", "officer": "Viktor"},
                           2: {"company": "Italy", "officer": "Graziano"}},
                dams={"B5U": {"owner": 0, "level": 2, "drops": 2},
                      "B8L": {"owner": "neutral", "level": 3, "drops": 1}},
                conduits={"C5L": 1}, powerhouses={"P8_0": 0, "P12_0": 0},
                action_spaces={"turbine_0_L": 2},
                contracts={"hand": {0: ["G13", "Y9"]}})


def test_EX_01_turn_played_out_corrected():
    """EX-01 (ACT-TURBINE-02, TURN-04, PRODUCE-05/06/11, COMPANY-01, CONTRACT-05/06, WATER-05, DECISION-43,
    ERRATA-07: the right-hand space's fee, which the printed example omits, is paid):
    fee 3 (4 -> 1 Credit): at most 1 drop through L's conduit; E = 3 + 0 + 1 = 4; Y pays L 1 Credit (L +1 VP);
    the drop flows P8 -> B8U -> B8L (2 drops); G13 qualifies, Y9 not; G13 gives +5 VP, +1 Excavator."""
    g = _ex01(4)
    assert "Turbine Station +0: one production (left) [2 Engineers]" not in descs(g)
    play(g, "Turbine Station +0: one production (right) [3 Engineers, 3 Credits]")
    # a single legal production (k = 1) is resolved at once; Y now chooses its contract
    assert offers(g) == {"none", "G13"}
    s = g.snapshot()
    y, l_ = s["companies"][0], s["companies"][1]
    assert (y["credits"], y["energy"], y["engineers"]) == (0, 4, 9)
    assert (l_["credits"], l_["vp"]) == (7, 11)
    assert {k: v["drops"] for k, v in s["dams"].items()} == {"B5U": 1, "B8L": 2}
    play(g, "Fulfil contract G13")
    y = company(g, 0)
    assert (y["vp"], y["excavators"], y["energy"]) == (15, 7, 4)
    assert g.snapshot()["contracts"]["hand"]["Germany"] == ["Y9"]


def test_EX_02_turn_played_out_consistent_variant():
    """EX-02 (CONTRACT-06): 7 Credits: fee 3 -> 4; 2 drops: E = 6 + 0 + 1 = 7; pay L 2 (Y 2 Credits; L +2/+2);
    B8L 1 -> 3, B5U 0; G13 and Y9 both qualify, only one is fulfilled: Y9 (+3 VP, 2 machineries of choice);
    G13 stays face up."""
    g = _ex01(7)
    play(g, "Turbine Station +0: one production (right)")
    assert productions(g) == sorted(["Produce 1 drop(s) from B5U through C5L to P8_0: 4 energy",
                                     "Produce 2 drop(s) from B5U through C5L to P8_0: 7 energy"])
    play(g, "Produce 2 drop(s)")
    assert offers(g) == {"none", "G13", "Y9"}
    play(g, "Fulfil contract Y9")
    play(g, "Take 1 Excavators and 1 Mixers")
    s = g.snapshot()
    y, l_ = s["companies"][0], s["companies"][1]
    assert (y["credits"], y["energy"], y["vp"], y["excavators"], y["mixers"]) == (2, 7, 13, 7, 5)
    assert (l_["credits"], l_["vp"]) == (8, 12)
    assert {k: v["drops"] for k, v in s["dams"].items()} == {"B5U": 0, "B8L": 3}
    assert s["contracts"]["hand"]["Germany"] == ["G13"]
    assert s["contracts"]["fulfilled"]["Germany"] == ["Y9"]
    assert g.current_player == 1


def test_EX_02_bonus_tile_two_sections_behind():
    """EX-02 / BONUS-02/03: Y with 7 energy at the round-3 Scoring and the powerhouse bonus tile (5 VP x 2):
    10 - 4 x (3 - floor(7/6)) = 2 VP."""
    doc = {"players": 3, "round": 3, "phase": "scoring",
           "bonus_tiles": ["contracts", "bases", "powerhouses", "elevations", "conduits"],
           "companies": {0: {"company": "Germany", "officer": "Wilhelm", "energy": 7}},
           "powerhouses": {"P8_0": 0, "P12_0": 0}}
    g = scenario.load(doc)
    assert company(g, 0)["vp_by_source"].get("bonus_tiles") == 2
