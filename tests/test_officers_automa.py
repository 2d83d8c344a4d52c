"""The level-4 Automa with the Leeghwater and promo officers (RULES.md §23.5): AUTOMA-67 (Simone), AUTOMA-68
(Tommaso), AUTOMA-71 (Gennaro, Wu); the officers whose Automa rules are missing are refused (AUTOMA-71 for Elon,
Octavius, Amir). Positions as in tests/rules/test_rules_automa.py: the Automa (seat 1, USA) takes its turn."""
from __future__ import annotations

import pytest

from sim import scenario
from sim.config import GameConfig
from sim.errors import ConfigError

AUTOMA = 1


def deck(action: int, criteria: int) -> dict:
    rest = [k for k in range(1, 21) if k not in (action, criteria)]
    return {"cards": [criteria, action] + rest, "position": 0}


def automa_turn(action, criteria, officer, automa=None, **extra):
    """A 2-player Leeghwater/promo position in which the level-4 Automa (seat 1) holding `officer` plays."""
    doc = {"players": 2, "round": 2, "phase": "actions", "expansions": ["leeghwater", "promo"],
           "companies": {0: {"company": "Italy", "officer": "Wilhelm"},
                         1: {"company": "USA", "officer": officer, "automa": 4, **(automa or {})}},
           "automa_deck": deck(action, criteria), "decision": {"task": "main", "seat": AUTOMA}}
    contracts = extra.pop("contracts", {})
    doc["contracts"] = {"hand": {1: []}, **contracts}
    doc.update(extra)
    return scenario.load(doc)


def seat(g, s=AUTOMA):
    return g.snapshot()["companies"][s]


SYSTEM = dict(dams={"B1L": {"owner": AUTOMA, "level": 3, "drops": 3}}, conduits={"C1L": AUTOMA},
              powerhouses={"P8_0": AUTOMA})
DISPLAY = {"green": ["G11", "G6"], "yellow": ["Y11", "Y1"], "red": ["R12", "R1"]}


def test_AUTOMA_67_simone_takes_an_eligible_national_first():
    """AUTOMA-67: B1L (3 drops) - C1L (5) - P8_0 gives E = 15; the national N5 (15) is eligible, so it is taken
    (+12 VP), which uses all of E: no displayed contract."""
    g = automa_turn(5, 1, "Simone", contracts={"display": DISPLAY, "national_board": ["N5"]}, **SYSTEM)
    snap = g.snapshot()
    assert seat(g)["energy"] == 15 and snap["contracts"]["fulfilled"]["USA"] == ["N5"]
    assert snap["contracts"]["national_board"] == []
    assert seat(g)["vp_by_source"]["contracts"] == 12


def test_AUTOMA_67_simone_fulfils_as_many_as_possible():
    """AUTOMA-67: E = 15, no national: at most 3 contracts fit (3 + 4 + 5 = 12; 4 would need 19); of the 3-sets,
    the highest sum 15 is {G6, G11, R1} or {G6, Y1, Y11}: the rightmost (R1 in the red row) wins. G6's 4 Credits
    (as VP, AUTOMA-04) and R1's 4 VP: 8 contract VP."""
    g = automa_turn(5, 1, "Simone", contracts={"display": DISPLAY, "national_board": []}, **SYSTEM)
    snap = g.snapshot()
    assert sorted(snap["contracts"]["fulfilled"]["USA"]) == ["G11", "G6", "R1"]
    assert seat(g)["energy"] == 15 and seat(g)["vp_by_source"]["contracts"] == 8


def test_AUTOMA_14_without_simone_one_contract():
    """AUTOMA-14: the same production by a Viktor Automa fulfils the one highest displayed contract, R12 (10)."""
    g = automa_turn(5, 1, "Viktor", contracts={"display": DISPLAY, "national_board": []}, **SYSTEM)
    assert g.snapshot()["contracts"]["fulfilled"]["USA"] == ["R12"]


def _machinery_turn(officer):
    """Card 5 with energy 12 >= 6 x round 2: no production; water, constructions and workshop impossible; the
    machinery shop entry (1 Engineer) ends the turn (AUTOMA-13 test of tests/rules/test_rules_automa.py)."""
    return automa_turn(5, 1, officer, automa={"energy": 12, "excavators": 0, "mixers": 0},
                       contracts={"display": {"green": ["G11", "G6"]}},
                       dams={"B5U": {"owner": AUTOMA, "level": 2, "drops": 2}}, conduits={"C5L": AUTOMA},
                       powerhouses={"P8_0": AUTOMA})


def test_AUTOMA_68_tommaso_architect_takes_a_second_turn():
    """AUTOMA-68: the 1-Engineer machinery-shop entry is done by the Architect, then the Automa takes a second turn
    with a new card (two cards drawn, not one); the Architect is placed."""
    g = _machinery_turn("Tommaso")
    v = _machinery_turn("Viktor")
    assert seat(g)["architect_in_supply"] is False
    assert g.snapshot()["automa_deck"]["position"] == v.snapshot()["automa_deck"]["position"] + 1
    assert seat(g)["engineers"] < seat(v)["engineers"] == 11


def test_AUTOMA_71_gennaro_first_construction_costs_one_engineer_less():
    """AUTOMA-71 (Gennaro): card 5 with 10 Mixers builds an Elevation on B5U (its entry's Engineers); a Gennaro
    Automa places 1 Engineer less than a Viktor Automa for this first construction of the round."""
    def run(officer):
        return automa_turn(5, 1, officer, automa={"energy": 12, "excavators": 0, "mixers": 10},
                           contracts={"display": {"green": ["G11", "G6"]}},
                           dams={"B5U": {"owner": AUTOMA, "level": 2, "drops": 2}}, conduits={"C5L": AUTOMA},
                           powerhouses={"P8_0": AUTOMA})
    gen, vik = run("Gennaro"), run("Viktor")
    assert gen.snapshot()["dams"]["B5U"]["level"] == vik.snapshot()["dams"]["B5U"]["level"] == 3
    assert seat(gen)["engineers"] == seat(vik)["engineers"] + 1


@pytest.mark.parametrize("officer", ["Elon", "Octavius", "Amir"])
def test_AUTOMA_71_missing_rules_refused_for_level_4(officer):
    """AUTOMA-71 for Elon, Octavius and Amir is not implemented: a level-4 Automa may not hold them; level 3
    (no officer, AUTOMA-03) may."""
    with pytest.raises(ConfigError, match="AUTOMA-71"):
        GameConfig(players=2, automa=(0, 4), expansions=("promo",), officers=("Viktor", officer))
    GameConfig(players=2, automa=(0, 3), expansions=("promo",), officers=("Viktor", officer))
    GameConfig(players=2, automa=(0, 4), expansions=("leeghwater",))      # Tommaso, Simone: rules implemented


def test_AUTOMA_71_wu_takes_his_space_before_the_card():
    """AUTOMA-71 (Wu): its B1L holds 3 drops and G6 (3) is displayed: the turn is Wu's space (no card flipped):
    1 Engineer, 3 energy, G6 fulfilled (4 Credits as VP + 1 Excavator); G11 (4) is out of reach."""
    g = automa_turn(5, 1, "Wu", automa={"excavators": 0}, contracts={"display": {"green": ["G11", "G6"]}},
                    dams={"B1L": {"owner": AUTOMA, "level": 3, "drops": 3}})
    a = seat(g)
    assert (a["energy"], a["engineers"], a["wu_space_engineers"], a["excavators"]) == (3, 11, 1, 1)
    assert a["vp_by_source"]["contracts"] == 4
    assert g.snapshot()["contracts"]["fulfilled"]["USA"] == ["G6"]
    assert g.snapshot()["automa_deck"]["position"] == 0
    assert g.snapshot()["dams"]["B1L"]["drops"] == 3


def test_AUTOMA_71_wu_builds_a_base_first():
    """AUTOMA-71 (Wu): card 5's first construction is an Elevation (as the Viktor Automa builds on B5U); a Wu
    Automa with the tile and machineries builds a Base instead (one more own dam, B5U still level 2)."""
    def run(officer):
        return automa_turn(5, 1, officer, automa={"energy": 12, "excavators": 10, "mixers": 10},
                           contracts={"display": {"green": ["G11", "G6"]}},
                           dams={"B5U": {"owner": AUTOMA, "level": 2, "drops": 0}}, conduits={"C5L": AUTOMA},
                           powerhouses={"P8_0": AUTOMA})
    wu, vik = run("Wu").snapshot(), run("Viktor").snapshot()
    own = lambda snap: sorted(d for d, v in snap["dams"].items() if v.get("owner") in (AUTOMA, "USA"))
    assert vik["dams"]["B5U"]["level"] == 3 and len(own(vik)) == 1
    assert wu["dams"]["B5U"]["level"] == 2 and len(own(wu)) == 2
