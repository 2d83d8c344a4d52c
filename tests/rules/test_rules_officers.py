"""Executive officers affecting construction (RULES.md §14): OFFICER-WILHELM-01, -JILL-01, -SOLOMON-01, -ANTON-01,
-MAHIRI-01..03 (DECISION-20), and OFFICER-NONAME-01 (officers without rules text are never dealt).

Seat 0 is to move in a 3-player round-1 game with 30 Credits, 20 Excavators, 20 Mixers; the company is France
(no income is revealed by the first piece of a row).
"""
from __future__ import annotations

import pytest

from sim import Game, ids, scenario
from sim.config import GameConfig
from sim.errors import ConfigError

RICH = {"credits": 30, "excavators": 20, "mixers": 20}
BASE_POOL = {"Wilhelm Adler", "Graziano Del Monte", "Viktor Fiesler", "Jill McDowell", "Solomon P. Jordan",
             "Anton Krylov", "Mahiri Sekibo"}


def load(officer: str, me: dict | None = None, **doc):
    companies = {0: {"company": "France", "officer": officer, **RICH, **(me or {})}, **doc.pop("companies", {})}
    doc = {"players": 3, "companies": companies, "decision": {"task": "main", "seat": 0}, **doc}
    if doc["decision"] is None:
        del doc["decision"]
    return scenario.load(doc)


def descs(g) -> list[str]:
    return [m.description for m in g.legal_moves()]


def me(g) -> dict:
    return g.snapshot()["companies"][0]


def choose_build(g, what: str, action: str = "Construct on company-board space") -> None:
    g.play(scenario.find_move(g, action))
    g.play(scenario.find_move(g, what))


def build(g, what: str, pay: str | None = None, action: str = "Construct on company-board space") -> None:
    """The action, the build choice, then the payment (P-05/P-06) when the engine asks for one."""
    choose_build(g, what, action)
    if g.pending == "choose how to pay":
        g.play(scenario.find_move(g, pay))


def others_bank(g) -> None:
    while g.current_player != 0:
        g.play(scenario.find_move(g, "Bank: 1 Engineer for 1 Credit"))


def pay_text(e: int, m: int = 0, s: int = 0) -> str:
    return f"Pay {e} Excavators, {m} Mixers" + (f", {3 * s} Credits for {s} machineries" if s else "")


# ---------------------------------------------------------------------------------------------------------------
# Wilhelm, Jill, Solomon
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("dam, credits", [("B1L", 0), ("B1U", 3), ("B5L", 0), ("B8L", 0)])
def test_OFFICER_WILHELM_01_bases_cost_3_excavators_anywhere(dam, credits):
    """OFFICER-WILHELM-01: a Base costs 3 Excavators in any area (mountain 5 -> 3, hill 4 -> 3, plain 3); the red
    outline of B1U still costs 3 Credits."""
    g = load("Wilhelm")
    build(g, f"Build a Base on {dam} with tile base")
    s = me(g)
    assert s["excavators"] == 17 and s["credits"] == 30 - credits
    assert s["wheel"]["segments"] == {0: {"excavators": 3, "tiles": ["base"]}}


def test_OFFICER_WILHELM_01_elevations_cost_normally():
    """OFFICER-WILHELM-01: an Elevation on a mountain dam still costs 4 Mixers."""
    g = load("Wilhelm", dams={"B1U": "France"})
    build(g, "Build an Elevation on B1U with tile elevation")
    assert me(g)["mixers"] == 16


def test_OFFICER_JILL_01_conduit_with_mixers_no_mixing():
    """OFFICER-JILL-01 / P-06: a Conduit of value 4 (C1R) is paid either 8 Excavators or 4 Mixers, never a mix."""
    g = load("Jill")
    choose_build(g, "Build a Conduit on C1R with tile conduit")
    assert sorted(descs(g)) == [pay_text(0, 4), pay_text(8, 0)]
    g.play(scenario.find_move(g, pay_text(0, 4)))
    s = me(g)
    assert (s["excavators"], s["mixers"]) == (20, 16)
    assert s["wheel"]["segments"] == {0: {"mixers": 4, "tiles": ["conduit"]}}


def test_OFFICER_JILL_01_mixer_payment_when_short_of_excavators():
    """OFFICER-JILL-01: with 7 Excavators (8 needed) the value-4 conduit is still buildable with 4 Mixers."""
    g = load("Jill", {"excavators": 7, "mixers": 4})
    build(g, "Build a Conduit on C1R with tile conduit")
    s = me(g)
    assert (s["excavators"], s["mixers"]) == (7, 0)


def test_OFFICER_JILL_01_only_conduits():
    """OFFICER-JILL-01: with 0 Excavators every Conduit is still buildable (value x Mixers), but no Base: the
    Mixer payment is for Conduits only."""
    g = load("Jill", {"excavators": 0})
    g.play(scenario.find_move(g, "Construct on company-board space"))
    opts = descs(g)
    assert not [d for d in opts if d.startswith("Build a Base")]
    assert len([d for d in opts if d.startswith("Build a Conduit")]) == 20


def test_OFFICER_SOLOMON_01_any_number_replaced_by_3_credits():
    """OFFICER-SOLOMON-01 / P-06: a mountain Base (5 Excavators) can be paid replacing 0..5 Excavators by 3 Credits
    each; the Credits go to the general supply, not onto the wheel (WHEEL-07)."""
    g = load("Solomon")
    choose_build(g, "Build a Base on B1L with tile base")
    assert sorted(descs(g)) == sorted(pay_text(5 - s, 0, s) for s in range(6))
    g.play(scenario.find_move(g, pay_text(2, 0, 3)))
    s = me(g)
    assert (s["excavators"], s["credits"]) == (18, 21)
    assert s["wheel"]["segments"] == {0: {"excavators": 2, "tiles": ["base"]}}


def test_OFFICER_SOLOMON_01_mixed_machineries_and_red_credits():
    """OFFICER-SOLOMON-01: a 2nd Powerhouse on red P8_2 costs 3 Mixers + 3 Credits; replacing 2 Mixers costs 6 more:
    30 - 3 - 6 = 21 Credits."""
    g = load("Solomon", powerhouses={"P5_0": "France"})
    build(g, "Build a Powerhouse on P8_2 with tile powerhouse", pay_text(0, 1, 2))
    s = me(g)
    assert (s["mixers"], s["credits"]) == (19, 21)


def test_OFFICER_SOLOMON_01_affordability_counts_credits():
    """OFFICER-SOLOMON-01 / CONSTRUCT-18: with no Excavators and 14 Credits a Base is buildable where
    3 x cost (+3 on a red space) <= 14: plain (9 / 12) and lower hill (12); not upper hill (15) nor mountain (15)."""
    g = load("Solomon", {"excavators": 0, "credits": 14})
    g.play(scenario.find_move(g, "Construct on company-board space"))
    bases = {d.split()[4] for d in descs(g) if d.startswith("Build a Base")}
    assert bases == {"B5L", "B6L", "B7L", "B8U", "B8L", "B9U", "B9L", "B10U", "B10L"}
    g.play(scenario.find_move(g, "Build a Base on B5L with tile base"))
    s = me(g)
    assert (s["excavators"], s["credits"]) == (0, 2)
    assert s["wheel"]["segments"] == {0: {"tiles": ["base"]}}


# ---------------------------------------------------------------------------------------------------------------
# Anton
# ---------------------------------------------------------------------------------------------------------------

ANTON_TILES = ["base", "elevation", "conduit", "powerhouse", "anton"]


def test_OFFICER_ANTON_01_copies_a_wheel_tile_and_its_effect():
    """OFFICER-ANTON-01: L1 Conduit lies in segment 3; Anton's tile builds a Conduit on C1R as L1 Conduit (+8
    Credits); the special tile goes to the open segment, L1 Conduit stays in segment 3."""
    g = load("Anton", {"tiles": ANTON_TILES, "wheel": {"segments": {3: {"tiles": ["L1_conduit"]}}}})
    build(g, "Build a Conduit on C1R with tile L1_conduit (Anton's tile copying it)")
    s = me(g)
    assert s["credits"] == 38 and s["excavators"] == 12
    assert s["wheel"] == {"open": 1, "segments": {0: {"excavators": 8, "tiles": ["anton"]},
                                                  3: {"tiles": ["L1_conduit"]}}}


def test_OFFICER_ANTON_01_copies_the_cost_modifier():
    """OFFICER-ANTON-01: copying L2 Conduit caps C1L (value 5) at 5 Excavators."""
    g = load("Anton", {"tiles": ANTON_TILES, "wheel": {"segments": {2: {"tiles": ["L2_conduit"]}}}})
    build(g, "Build a Conduit on C1L with tile L2_conduit (Anton's tile copying it)")
    assert me(g)["excavators"] == 15


def test_OFFICER_ANTON_01_copies_a_basic_tile_type():
    """OFFICER-ANTON-01: with the base tile on the wheel, Anton's tile builds a Base (what the copied tile builds)."""
    g = load("Anton", {"tiles": ["elevation", "conduit", "powerhouse", "anton"],
                       "wheel": {"segments": {5: {"tiles": ["base"]}}}})
    g.play(scenario.find_move(g, "Construct on company-board space"))
    anton = [d for d in descs(g) if d.endswith("(Anton's tile copying it)")]
    assert anton and all(d.startswith("Build a Base") and "with tile base" in d for d in anton)
    assert len(anton) == 20


def test_OFFICER_ANTON_01_engineer_free_copy():
    """OFFICER-ANTON-01 / TECH-06: copying L1 Powerhouse (on the wheel) allows the engineer-free action with no
    Engineers left."""
    g = load("Anton", {"tiles": ANTON_TILES, "bank_engineers": 12,
                       "wheel": {"segments": {4: {"tiles": ["L1_powerhouse"]}}}})
    assert "Engineer-free construction with tile L1_powerhouse" in descs(g)
    build(g, "Build a Powerhouse on P8_0 with tile L1_powerhouse (Anton's tile copying it)",
          action="Engineer-free construction with tile L1_powerhouse")
    s = me(g)
    assert s["engineers"] == 0 and s["construction_spaces_used"] == 0 and s["mixers"] == 18
    assert s["wheel"]["segments"] == {0: {"mixers": 2, "tiles": ["anton"]}, 4: {"tiles": ["L1_powerhouse"]}}


def test_OFFICER_ANTON_01_copies_L3_base_engineer_free_without_excavators():
    """OFFICER-ANTON-01 / ADV-L3-BASE-01: copying L3 Base gives the engineer-free action and waives the Excavators;
    the red outline of B1U is still 3 Credits."""
    g = load("Anton", {"tiles": ANTON_TILES, "excavators": 0, "wheel": {"segments": {1: {"tiles": ["L3_base"]}}}})
    build(g, "Build a Base on B1U with tile L3_base (Anton's tile copying it)",
          action="Engineer-free construction with tile L3_base")
    s = me(g)
    assert (s["engineers"], s["excavators"], s["credits"]) == (12, 0, 27)
    # the construction's own step opened segment 1: L3 Base (copied) returns to the supply
    assert s["wheel"] == {"open": 1, "segments": {0: {"tiles": ["anton"]}}}
    assert "L3_base" in s["tiles"]


def test_OFFICER_ANTON_01_copies_L1_wild_surcharge_waiver():
    """OFFICER-ANTON-01 / ADV-L1-WILD-01: copying L1 Wild, a Powerhouse on red P12_3 costs no Credits."""
    g = load("Anton", {"tiles": ANTON_TILES, "wheel": {"segments": {3: {"tiles": ["L1_wild"]}}}})
    build(g, "Build a Powerhouse on P12_3 with tile L1_wild (Anton's tile copying it)")
    assert me(g)["credits"] == 30 and me(g)["mixers"] == 18


def test_OFFICER_ANTON_01_nothing_to_copy():
    """OFFICER-ANTON-01: a tile in the supply is not copied (it is used itself), and Anton's tile on the wheel
    cannot be used."""
    g = load("Anton", {"tiles": ANTON_TILES + ["L1_conduit"]})
    g.play(scenario.find_move(g, "Construct on company-board space"))
    assert not [d for d in descs(g) if "Anton" in d]
    g = load("Anton", {"tiles": ["base", "elevation", "conduit", "powerhouse"],
                       "wheel": {"segments": {2: {"tiles": ["anton"]}, 3: {"tiles": ["L1_conduit"]}}}})
    g.play(scenario.find_move(g, "Construct on company-board space"))
    assert not [d for d in descs(g) if "Anton" in d]


# ---------------------------------------------------------------------------------------------------------------
# Mahiri (DECISION-20)
# ---------------------------------------------------------------------------------------------------------------

MAHIRI_SPACE = "Mahiri's officer space: copy an officer and take an extra action"


def mahiri(me_fields: dict | None = None, pool=("Wilhelm Adler", "Anton Krylov", "Graziano Del Monte"), **doc):
    return load("Mahiri", me_fields, mahiri_pool=list(pool), **doc)


def test_OFFICER_MAHIRI_01_DECISION_20_starts_with_9_credits_and_pool_of_3():
    """OFFICER-MAHIRI-01 / DECISION-20 / SETUP-19: after a real setup Mahiri has 9 Credits (others 6) and her copy
    pool holds 3 officers: the other companies' officers plus an officer dealt but not used."""
    g = Game.new({"players": 3, "officers": ["Mahiri", "Wilhelm", "Jill"]}, seed=5)
    while g.phase == "setup":
        g.play(g.legal_codes()[0])
    snap = g.snapshot()
    credits = {c["officer"]: c["credits"] for c in snap["companies"]}
    assert credits == {"Mahiri Sekibo": 9, "Wilhelm Adler": 6, "Jill McDowell": 6}
    pool = snap["mahiri_pool"]
    assert len(pool) == 3 and len(set(pool)) == 3
    assert {"Wilhelm Adler", "Jill McDowell"} <= set(pool) and "Mahiri Sekibo" not in pool
    assert set(pool) <= BASE_POOL


@pytest.mark.parametrize("uses, credits_after", [(0, 30), (1, 27)])
def test_OFFICER_MAHIRI_01_two_spaces_second_costs_3(uses, credits_after):
    """OFFICER-MAHIRI-01: the 1st use costs 1 Engineer, the 2nd 1 Engineer + 3 Credits."""
    g = mahiri({"mahiri_uses": uses})
    eng = me(g)["engineers"]
    g.play(scenario.find_move(g, MAHIRI_SPACE))
    g.play(scenario.find_move(g, "Copy Wilhelm Adler"))
    s = me(g)
    assert s["engineers"] == eng - 1 and s["credits"] == credits_after and s["mahiri_uses"] == uses + 1


def test_OFFICER_MAHIRI_01_no_third_use_and_second_needs_credits():
    """OFFICER-MAHIRI-01: no 3rd use in a round; the 2nd use needs 3 Credits."""
    assert MAHIRI_SPACE not in descs(mahiri({"mahiri_uses": 2}))
    assert MAHIRI_SPACE not in descs(mahiri({"mahiri_uses": 1, "credits": 2}))
    assert MAHIRI_SPACE in descs(mahiri({"mahiri_uses": 1, "credits": 3}))


def test_OFFICER_MAHIRI_01_uses_reset_each_round():
    """OFFICER-MAHIRI-01: the two spaces are per round: after the End of Round phase both are free again."""
    g = mahiri({"mahiri_uses": 2}, phase="end_of_round", decision=None)
    assert g.round == 2 and me(g)["mahiri_uses"] == 0


def test_OFFICER_MAHIRI_02_DECISION_20_extra_action_with_copied_ability():
    """OFFICER-MAHIRI-02 / DECISION-20: copy Wilhelm, then in the same turn construct a mountain Base for
    3 Excavators; the extra action offers neither Mahiri's space again nor a pass; the copy ends at the start of
    her next turn."""
    g = mahiri({"tiles": ["base", "elevation", "conduit", "powerhouse", "L1_wild"]})
    g.play(scenario.find_move(g, MAHIRI_SPACE))
    assert sorted(descs(g)) == ["Copy Anton Krylov", "Copy Graziano Del Monte", "Copy Wilhelm Adler"]
    g.play(scenario.find_move(g, "Copy Wilhelm Adler"))
    assert g.current_player == 0
    moves = descs(g)
    assert MAHIRI_SPACE not in moves and "Pass" not in moves
    assert me(g)["effective_officer"] == "Wilhelm Adler"
    build(g, "Build a Base on B1L with tile base")
    s = me(g)
    assert s["excavators"] == 17                          # 3, not 5
    assert s["engineers"] == 10                           # 1 (Mahiri) + 1 (space 1)
    assert g.current_player == 1
    others_bank(g)
    s = me(g)
    assert s.get("effective_officer", s["officer"]) == "Mahiri Sekibo"
    build(g, "Build a Base on B2L with tile L1_wild")    # base tile on the wheel; no Wilhelm any more: 5
    assert me(g)["excavators"] == 17 - 5


def test_OFFICER_MAHIRI_02_without_copy_costs_normal():
    """OFFICER-MAHIRI-02: Mahiri's own ability changes no cost (mountain Base 5 Excavators)."""
    g = mahiri()
    build(g, "Build a Base on B1L with tile base")
    assert me(g)["excavators"] == 15


def test_OFFICER_MAHIRI_03_copying_anton_uses_a_wheel_tile_in_place():
    """OFFICER-MAHIRI-03: copying Anton, Mahiri builds with L1 Conduit lying in segment 3: the tile stays there,
    only the 8 Excavators go to the open segment; the L1 Conduit effect gives 8 Credits."""
    g = mahiri({"wheel": {"segments": {3: {"tiles": ["L1_conduit"]}}}})
    g.play(scenario.find_move(g, MAHIRI_SPACE))
    g.play(scenario.find_move(g, "Copy Anton Krylov"))
    build(g, "Build a Conduit on C1R with tile L1_conduit (on the wheel, Mahiri copying Anton)")
    s = me(g)
    assert s["credits"] == 38 and s["excavators"] == 12
    assert s["wheel"] == {"open": 1, "segments": {0: {"excavators": 8}, 3: {"tiles": ["L1_conduit"]}}}


def test_OFFICER_MAHIRI_02_03_last_engineer_copy_anton_engineer_free():
    """OFFICER-MAHIRI-02/03 (P-01, P-04): with her last Engineer, the Mahiri space is only worth taking if a copy
    leaves an extra action: L3 Base lies on her wheel, so copying Anton allows the engineer-free L3 Base (the only
    copy and the only action, both forced). The Base on red B1U costs 3 Credits, no Excavators; L3 Base stays in
    segment 3, nothing goes into segment 0; the wheel turns."""
    g = mahiri({"bank_engineers": 11, "wheel": {"segments": {3: {"tiles": ["L3_base"]}}}})
    g.play(scenario.find_move(g, MAHIRI_SPACE))
    assert g.pending == "choose what to build, where, with which tile"
    assert me(g)["effective_officer"] == "Anton Krylov"
    g.play(scenario.find_move(g, "Build a Base on B1U with tile L3_base (on the wheel, Mahiri copying Anton)"))
    s = me(g)
    assert (s["engineers"], s["credits"], s["excavators"], s["construction_spaces_used"]) == (0, 27, 20, 0)
    assert s["wheel"] == {"open": 1, "segments": {3: {"tiles": ["L3_base"]}}}
    assert g.snapshot()["dams"]["B1U"]["owner"] == "France"


def test_OFFICER_MAHIRI_02_last_engineer_no_useful_copy():
    """OFFICER-MAHIRI-02 (P-04): with her last Engineer and no engineer-free tile to use under any copy, the Mahiri
    space is not offered (no extra action could follow)."""
    g = mahiri({"bank_engineers": 11})
    assert me(g)["engineers"] == 1
    assert MAHIRI_SPACE not in descs(g)


@pytest.mark.parametrize("copy, drops_b1u", [("Graziano Del Monte", 4), ("Wilhelm Adler", 3)])
def test_OFFICER_MAHIRI_03_copying_graziano_level_3_holds_4(copy, drops_b1u):
    """OFFICER-MAHIRI-03 / WATER-15: copying Graziano, her level-3 dam B1U (3 drops) takes a 4th drop flowing from
    HA; with another copy the drop passes on."""
    g = mahiri(dams={"B1U": {"owner": "France", "level": 3, "drops": 3}})
    g.play(scenario.find_move(g, MAHIRI_SPACE))
    g.play(scenario.find_move(g, f"Copy {copy}"))
    g.play(scenario.find_move(g, "Water Management: 1 drop (flows now) (left)"))
    g.play(scenario.find_move(g, "Drop on headstream HA"))
    assert g.snapshot()["dams"]["B1U"]["drops"] == drops_b1u


# ---------------------------------------------------------------------------------------------------------------
# Officers without rules text
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Franz de Lasse", "Angelo Alberti"])
def test_OFFICER_NONAME_01_cannot_be_chosen(name):
    """OFFICER-NONAME-01: Franz de Lasse and Angelo Alberti are not in the officer pool: a config or scenario
    naming them is rejected."""
    assert name not in ids.OFFICER_NAMES
    with pytest.raises(ConfigError):
        GameConfig(players=2, officers=(name, "Wilhelm Adler"))
    with pytest.raises(ConfigError):
        scenario.load({"players": 2, "companies": {0: {"officer": name}}})


def test_OFFICER_NONAME_01_never_dealt():
    """OFFICER-NONAME-01 / SETUP-13/19: random setups deal only the 7 base-game officers (pairings and Mahiri's
    pool)."""
    seen = set()
    for seed in range(30):
        g = Game.new({"players": 4}, seed=seed)
        snap = g.snapshot()
        seen |= {p["officer"] for p in snap["setup"]["pairings"]}
        while g.phase == "setup":
            g.play(g.legal_codes()[0])
        seen |= set(g.snapshot()["mahiri_pool"])
    assert seen <= BASE_POOL
    assert len(seen) == 7                                 # every base officer shows up over 30 setups
