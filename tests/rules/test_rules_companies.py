"""Company boards and abilities (RULES.md §13: COMPANY-01..03, COMPANY-USA/GER/ITA/FRA-*), the base-game
officers Graziano and Viktor (OFFICER-GRAZIANO-01, OFFICER-VIKTOR-01) and DECISION-13.

Income tables (COMPANY-USA-04, GER-02, ITA-02, FRA-02) are checked through a real Income phase in round 5
(no headstream drops, ROUND-03) with 5 Bases, 5 Elevations and 5 Conduits built, so the 2nd-, 4th- and
5th-piece incomes of every row are collected (INCOME-01).
"""
from __future__ import annotations

import pytest

from sim import scenario


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


def company(g, seat):
    return g.snapshot()["companies"][seat]


def game(companies=None, dams=None, conduits=None, powerhouses=None, players=2, round=2, **extra):
    """Seat 0 chooses an action in the Actions phase."""
    doc = {"players": players, "round": round, "phase": "actions", "companies": companies or {},
           "dams": dams or {}, "conduits": conduits or {}, "powerhouses": powerhouses or {},
           "decision": {"task": "main", "seat": 0}}
    doc.update(extra)
    return scenario.load(doc)


# ---------------------------------------------------------------------------------------------------------------
# Income tables
# ---------------------------------------------------------------------------------------------------------------

# 5 Bases on the lower dam spaces of basins 2-6 (none on HA's river), levels 3/3/2/1/1 = 5 Elevations;
# 5 Conduits.
INCOME_DAMS = {"B2L": 3, "B3L": 3, "B4L": 2, "B5L": 1, "B6L": 1}
INCOME_CONDUITS = ["C1L", "C2L", "C3L", "C4L", "C5L"]

# Expected totals of the 2nd/4th/5th-piece incomes of the three rows (RULES.md §13):
#   credits, VP, plain energy, machineries of choice, drops flowing now, wheel rotation steps.
INCOMES = {
    # base: rotate 1 | 6 Cr | 7 VP; elevation: 1 mach | 2 VP + 2 drops now | 7 VP; conduit: 3 VP | rot 1 + 2 VP | 7
    "USA": dict(credits=6, vp=7 + 2 + 7 + 3 + 2 + 7, energy=0, machines=[1], drops=2, rotate=2),
    # base: 3 VP | 2 mach | 7; elevation: 3 Cr | 2 VP + 2 energy | 7; conduit: rot 1 | 2 VP + 2 drops now | 7
    "Germany": dict(credits=3, vp=3 + 7 + 2 + 7 + 2 + 7, energy=2, machines=[2], drops=2, rotate=1),
    # base: 3 Cr | 5 VP | 7; elevation: rot 1 | 4 energy | 7; conduit: 1 mach | 2 VP + 3 Cr | 7
    "Italy": dict(credits=3 + 3, vp=5 + 7 + 7 + 2 + 7, energy=4, machines=[1], drops=0, rotate=1),
    # base: 1 mach | rot 2 | 7; elevation: 3 VP | 2 VP + 1 mach | 7; conduit: 3 Cr | 4 energy | 7
    "France": dict(credits=3, vp=7 + 3 + 2 + 7 + 7, energy=4, machines=[1, 1], drops=0, rotate=2),
}
INCOME_RULE = {"USA": "COMPANY-USA-04", "Germany": "COMPANY-GER-02", "Italy": "COMPANY-ITA-02",
               "France": "COMPANY-FRA-02"}


@pytest.mark.parametrize("comp", list(INCOMES))
def test_COMPANY_03_COMPANY_USA_04_GER_02_ITA_02_FRA_02_income_tables(comp):
    """COMPANY-03 / COMPANY-USA-04 / COMPANY-GER-02 / COMPANY-ITA-02 / COMPANY-FRA-02 / INCOME-01/04:
    every income of the company's table, collected in the round-5 Income phase. The wheel holds 1 Mixer in each
    of segments 1..3, so r rotation steps return exactly r Mixers. Income drops flow now: with no dam on the
    river of HA, both leave it at once."""
    exp = INCOMES[comp]
    doc = {"players": 2, "round": 5, "phase": "income",
           "companies": {0: {"company": comp, "officer": "Wilhelm", "credits": 0, "excavators": 0, "mixers": 0,
                             "wheel": {"open": 0, "segments": {1: {"mixers": 1}, 2: {"mixers": 1},
                                                               3: {"mixers": 1}}}},
                         1: {"company": "Italy" if comp != "Italy" else "USA"}},
           "dams": {d: {"owner": 0, "level": lv, "drops": 0} for d, lv in INCOME_DAMS.items()},
           "conduits": {c: 0 for c in INCOME_CONDUITS}}
    g = scenario.load(doc)
    machines = []
    drops = 0
    while g.current_player == 0 and g.pending != "choose an action":
        if g.pending == "choose machineries":
            moves = descs(g)
            machines.append(len(moves) - 1)                      # 0..n Excavators
            play(g, moves[-1])                                   # take them all as Excavators
        elif g.pending == "choose a headstream for a drop":
            drops += 1
            play(g, "Drop on headstream HA (flows now)")
        else:
            raise AssertionError(f"unexpected decision {g.pending}")
    # seat 1 (no structures) and seat 0 are done; the Actions phase waits for the first seat
    assert g.phase == "actions"
    c = company(g, 0)
    assert c["credits"] == exp["credits"]
    assert c["vp"] == 10 + exp["vp"]
    assert c["vp_by_source"]["incomes"] == exp["vp"]
    assert c["energy"] == exp["energy"]
    assert machines == exp["machines"]
    assert c["excavators"] == sum(exp["machines"])
    assert drops == exp["drops"]
    assert g.snapshot()["counters"]["drops_removed"] == exp["drops"]
    assert c["mixers"] == exp["rotate"]
    assert c["wheel"]["open"] == exp["rotate"]


# ---------------------------------------------------------------------------------------------------------------
# COMPANY-02: abilities become active with the 3rd powerhouse
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n_ph,extra", [(2, 0), (3, 3), (4, 3)])
def test_COMPANY_02_COMPANY_ITA_01_ability_from_the_third_powerhouse(n_ph, extra):
    """COMPANY-02 / COMPANY-ITA-01: Italy's +3 after a production only with 3+ powerhouses.
    E = 3 (C5L) + bonus (2-3: +1, 4: +3)."""
    bonus = {2: 1, 3: 1, 4: 3}[n_ph]
    phs = {p: 0 for p in ["P8_0", "P9_0", "P10_0", "P11_0"][:n_ph]}
    g = game(companies={0: {"company": "Italy", "officer": "Wilhelm"}},
             dams={"B5U": {"owner": 0, "level": 1, "drops": 1}},
             conduits={"C5L": 0}, powerhouses=phs, contracts={"hand": {0: []}})
    play(g, "Turbine Station +0: one production (left)")
    assert g.current_player == 1
    assert company(g, 0)["energy"] == 3 + bonus + extra


def test_COMPANY_02_ability_active_as_soon_as_the_third_powerhouse_is_built():
    """COMPANY-02 / COMPANY-USA-01: USA (2 powerhouses, P5_0 and P9_0) builds its 3rd on P11_0; a drop flowing
    afterwards from HB passes P5, P9 and P11: +3 energy. Before the build the same flow gives nothing."""
    g = game(companies={0: {"company": "USA", "officer": "Wilhelm", "mixers": 4}},
             powerhouses={"P5_0": 0, "P9_0": 0})
    play(g, "Water Management: 1 drop (flows now) (left)")
    play(g, "Drop on headstream HB")
    assert company(g, 0)["energy"] == 0
    play(g, "Bank: 1 Engineer")                               # seat 1
    play(g, "Construct on company-board space 1")
    play(g, "Build a Powerhouse on P11_0 with tile powerhouse")
    if g.pending == "choose how to pay":
        play(g, "Pay 0 Excavators, 4 Mixers")
    play(g, "Bank: 1 Engineer")                               # seat 1
    play(g, "Water Management: 1 drop (flows now) (right)")
    play(g, "Drop on headstream HB")
    assert company(g, 0)["energy"] == 3


# ---------------------------------------------------------------------------------------------------------------
# USA (COMPANY-USA-01..03, DECISION-13)
# ---------------------------------------------------------------------------------------------------------------

USA_ACTIVE = {0: {"company": "USA", "officer": "Wilhelm"}, 1: {"company": "Italy", "officer": "Graziano"}}


def test_COMPANY_USA_01_immediate_flow_counts_every_usa_site_entered():
    """COMPANY-USA-01 / DECISION-13: an immediate drop on HB passes P5 and P9 (USA powerhouses; a third at P12
    activates the ability) and leaves the map: +2. A drop on HA passes P8 (no USA) and P11 (none): +0."""
    g = game(companies=USA_ACTIVE, powerhouses={"P5_0": 0, "P9_1": 0, "P12_0": 0})
    play(g, "Water Management: 1 drop (flows now) (left)")
    play(g, "Drop on headstream HB")
    assert company(g, 0)["energy"] == 2
    play(g, "Bank: 1 Engineer")
    play(g, "Water Management: 1 drop (flows now) (right)")
    play(g, "Drop on headstream HA")
    assert company(g, 0)["energy"] == 2


def test_COMPANY_USA_01_per_drop_until_it_is_held():
    """COMPANY-USA-01: 3 drops on HB in the Water Flow phase (round 5): the 1st is held by B2L before any site
    (+0); the 2nd passes P5 and is held by B5U (+1); the 3rd passes P5, P9 and exits (+2). USA: 3 energy."""
    doc = {"players": 2, "round": 5, "phase": "water_flow", "companies": USA_ACTIVE,
           "dams": {"B2L": {"owner": 1, "level": 1, "drops": 0}, "B5U": {"owner": 1, "level": 1, "drops": 0}},
           "powerhouses": {"P5_0": 0, "P9_0": 0, "P12_0": 0}, "headstreams": {"HB": {"drops": 3}}}
    g = scenario.load(doc)
    assert company(g, 0)["energy"] == 3


def test_COMPANY_USA_01_outflow_of_an_opponents_production_counts():
    """COMPANY-USA-01 / DECISION-13: Italy (seat 1) produces 2 drops to P8_0; they flow P8 -> B8U -> B8L -> P11,
    where USA has a powerhouse: USA +2 (USA's ability is active with P11_0, P12_0, P6_0)."""
    doc = {"players": 2, "round": 2, "phase": "actions", "companies": USA_ACTIVE,
           "dams": {"B1U": {"owner": 1, "level": 2, "drops": 2}},
           "conduits": {"C1L": 1}, "powerhouses": {"P8_0": 1, "P11_0": 0, "P12_0": 0, "P6_0": 0},
           "contracts": {"hand": {1: []}}, "decision": {"task": "main", "seat": 1}}
    g = scenario.load(doc)
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 2 drop(s)")
    s = g.snapshot()["companies"]
    assert s[1]["energy"] == 10
    assert s[0]["energy"] == 2


def test_COMPANY_USA_02_produced_drop_not_counted_at_its_arrival_site():
    """COMPANY-USA-02 / DECISION-13: USA produces 1 drop from B1U through C1L (5) to its P8_0: the drop starts at
    P8 (not counted), passes P11 (USA powerhouse, +1) and exits. E = 5 + 1 (3 powerhouses) = 6; marker 7."""
    g = game(companies=USA_ACTIVE,
             dams={"B1U": {"owner": 0, "level": 1, "drops": 1}},
             conduits={"C1L": 0}, powerhouses={"P8_0": 0, "P11_0": 0, "P12_0": 0},
             contracts={"hand": {0: []}})
    play(g, "Turbine Station +0: one production (left)")
    assert company(g, 0)["energy"] == 7


def test_COMPANY_USA_02_directly_placed_drops_never_count():
    """COMPANY-USA-02 / WATER-13: L2 Elevation fills USA's B5U (level 1 -> 2) directly: no site passed, +0."""
    g = game(companies={0: {"company": "USA", "officer": "Wilhelm", "mixers": 3,
                            "tiles": ["base", "elevation", "conduit", "powerhouse", "L2_elevation"]},
                        1: {"company": "Italy", "officer": "Graziano"}},
             dams={"B5U": {"owner": 0, "level": 1, "drops": 0}},
             powerhouses={"P5_0": 0, "P9_0": 0, "P12_0": 0}, round=3)
    play(g, "Construct on company-board space 1")
    play(g, "Build an Elevation on B5U with tile L2_elevation")
    if g.pending == "choose how to pay":
        play(g, "Pay 0 Excavators, 3 Mixers")
    s = g.snapshot()
    assert s["dams"]["B5U"]["drops"] == 2
    assert s["companies"][0]["energy"] == 0


def test_COMPANY_USA_03_ability_energy_counts_for_the_round_scoring():
    """COMPANY-USA-03: 2 drops from HA pass P11 in the round-2 Water Flow phase: USA's 2 energy is recorded for
    round 2 and earns the energy-track Credits of 2-3 energy (2) and the first-place award (6 VP)."""
    doc = {"players": 2, "round": 2, "phase": "water_flow", "companies": USA_ACTIVE,
           "powerhouses": {"P11_0": 0, "P12_0": 0, "P6_0": 0}, "headstreams": {"HA": {"drops": 2}}}
    g = scenario.load(doc)
    c = company(g, 0)
    assert c["energy_by_round"][1] == 2
    assert c["vp_by_source"].get("energy_award") == 6
    assert c["credits"] == 6 + 2


def test_COMPANY_USA_03_ability_energy_never_fulfils_a_contract():
    """COMPANY-USA-03 / PRODUCE-09: see also test_rules_production; here the flow energy comes from an immediate
    drop (+2 via P5, P9): a contract step never follows (no production)."""
    g = game(companies=USA_ACTIVE, powerhouses={"P5_0": 0, "P9_0": 0, "P12_0": 0},
             contracts={"hand": {0: ["S3"]}})
    play(g, "Water Management: 1 drop (flows now) (left)")
    play(g, "Drop on headstream HB")
    assert company(g, 0)["energy"] == 2
    assert g.current_player == 1 and g.pending == "choose an action"
    assert g.snapshot()["contracts"]["hand"]["USA"] == ["S3"]


# ---------------------------------------------------------------------------------------------------------------
# France (COMPANY-FRA-01)
# ---------------------------------------------------------------------------------------------------------------

def _france(n_ph, drops, conduit="C5L", hand=("G13", "Y11", "R1"), nationals=("N1", "N3")):
    phs = {p: 0 for p in ["P8_0", "P10_0", "P9_0", "P11_0"][:n_ph]}
    return game(players=3, companies={0: {"company": "France", "officer": "Wilhelm"}},
                dams={"B5U": {"owner": 0, "level": 3, "drops": drops}},
                conduits={conduit: 0}, powerhouses=phs,
                contracts={"hand": {0: list(hand)}, "national_board": list(nationals)})


def test_COMPANY_FRA_01_requirement_counts_3_lower_after_a_production():
    """COMPANY-FRA-01 / CONTRACT-10: active France (3 powerhouses, +1), 1 drop through C5L: E = 4; requirements
    up to 7 qualify: G13 (4) and Y11 (7), not R1 (8)."""
    g = _france(3, 1)
    play(g, "Turbine Station +0: one production (left)")
    assert offers(g) == {"none", "G13", "Y11"}
    play(g, "Fulfil contract Y11")
    c = company(g, 0)
    assert c["vp"] == 16 and c["energy"] == 4


def test_COMPANY_FRA_01_national_contracts_too():
    """COMPANY-FRA-01 / CONTRACT-10: 3 drops through C5R (4): E = 12 + 0 + 1 = 13 counts as 16: N1 (13) and
    N3 (14) qualify, as do the hand contracts."""
    g = _france(3, 3, conduit="C5R")
    play(g, "Turbine Station +0: one production (left)")
    play(g, "Produce 3 drop(s)")
    assert offers(g) == {"none", "G13", "Y11", "R1", "N1", "N3"}


def test_COMPANY_FRA_01_not_before_the_third_powerhouse():
    """COMPANY-FRA-01 / COMPANY-02: with 2 powerhouses France gets no reduction: E = 4 fulfils only G13."""
    g = _france(2, 1)
    play(g, "Turbine Station +0: one production (left)")
    assert offers(g) == {"none", "G13"}


def test_COMPANY_FRA_01_not_for_fulfilments_without_production():
    """COMPANY-FRA-01 / CONTRACT-12: active France builds a Conduit of value 2 (C7L) with L3 Conduit: 4 plain
    energy; it may fulfil an own contract <= 4 (G13), not Y11 (7) although 4 + 3 = 7."""
    g = game(companies={0: {"company": "France", "officer": "Wilhelm", "excavators": 4,
                            "tiles": ["base", "elevation", "conduit", "powerhouse", "L3_conduit"]}},
             powerhouses={"P8_0": 0, "P10_0": 0, "P9_0": 0},
             contracts={"hand": {0: ["G13", "Y11"]}}, round=4)
    play(g, "Construct on company-board space 1")
    play(g, "Build a Conduit on C7L with tile L3_conduit")
    assert g.pending == "choose a contract to fulfil"
    assert company(g, 0)["energy"] == 4
    assert offers(g) == {"none", "G13"}


# ---------------------------------------------------------------------------------------------------------------
# Officers: Graziano, Viktor
# ---------------------------------------------------------------------------------------------------------------

def test_OFFICER_GRAZIANO_01_level3_dam_holds_and_produces_4():
    """OFFICER-GRAZIANO-01 / WATER-03 / PRODUCE-04: Graziano's level-3 B8U holds 4 drops: k = 1..4 through C8L
    (3): 3, 6, 9, 12 energy."""
    g = game(companies={0: {"company": "Italy", "officer": "Graziano"}},
             dams={"B8U": {"owner": 0, "level": 3, "drops": 4}},
             conduits={"C8L": 0}, powerhouses={"P11_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    assert sorted(d for d in descs(g) if d.startswith("Produce")) == [
        f"Produce {k} drop(s) from B8U through C8L to P11_0: {3 * k} energy" for k in (1, 2, 3, 4)]


def test_OFFICER_GRAZIANO_01_only_own_dams_hold_4():
    """OFFICER-GRAZIANO-01: the neutral level-3 dam and the other company's level-3 dam hold 3, Graziano's
    holds 4: of 11 drops from HA, B1U (seat 1, level 3) holds 3, B8U (Graziano) 4, B8L (neutral) 3, 1 leaves."""
    doc = {"players": 2, "round": 5, "phase": "water_flow",
           "companies": {0: {"company": "Italy", "officer": "Graziano"}, 1: {"company": "USA", "officer": "Viktor"}},
           "dams": {"B1U": {"owner": 1, "level": 3, "drops": 0}, "B8U": {"owner": 0, "level": 3, "drops": 0},
                    "B8L": {"owner": "neutral", "level": 3, "drops": 0}},
           "headstreams": {"HA": {"drops": 11}}}
    s = scenario.load(doc).snapshot()
    assert {k: v["drops"] for k, v in s["dams"].items()} == {"B1U": 3, "B8U": 4, "B8L": 3}
    assert s["counters"]["drops_removed"] == 1


def test_OFFICER_VIKTOR_01_minimum_then_modifier_and_bonus():
    """OFFICER-VIKTOR-01 (docs/scenarios.md example): Germany with Viktor, Turbine 0, C5L (3), 1 powerhouse:
    1 drop: 3 -> 4; 2 drops: 6 unchanged."""
    g = game(companies={0: {"company": "Germany", "officer": "Viktor"}},
             dams={"B5U": {"owner": 0, "level": 2, "drops": 2}},
             conduits={"C5L": 0}, powerhouses={"P8_0": 0})
    play(g, "Turbine Station +0: one production (left)")
    assert sorted(d for d in descs(g) if d.startswith("Produce")) == [
        "Produce 1 drop(s) from B5U through C5L to P8_0: 4 energy",
        "Produce 2 drop(s) from B5U through C5L to P8_0: 6 energy"]
    play(g, "Produce 1 drop")
    assert company(g, 0)["energy"] == 4


def test_OFFICER_VIKTOR_01_makes_a_minus2_production_possible():
    """OFFICER-VIKTOR-01 / PRODUCE-07: 1 drop through C9L (1), Turbine -2, 1 powerhouse: 1 -> 4 - 2 = 2 >= 1, so
    the -2 space is open for Viktor (for anyone else E = -1 and it is not)."""
    def g_for(officer):
        return game(companies={0: {"company": "France", "officer": officer}},
                    dams={"B9U": {"owner": 0, "level": 1, "drops": 1}},
                    conduits={"C9L": 0}, powerhouses={"P11_0": 0})
    assert "Turbine Station -2: one production (left) [1 Engineer]" not in descs(g_for("Wilhelm"))
    g = g_for("Viktor")
    play(g, "Turbine Station -2: one production (left)")
    assert company(g, 0)["energy"] == 2
