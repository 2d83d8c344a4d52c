"""Construction (RULES.md §7: CONSTRUCT-01..23), worked example EX-13 and DECISION-01 / DECISION-14.

Every scenario is seat 0 on its turn in a 3-player round-1 game, rich in resources unless the test says
otherwise; expected numbers are derived from RULES.md by hand (comments give the arithmetic). A construction is
played as the action (construct on the company-board space), the build (space + tile), then the payment
(P-05/P-06); a payment with a single affordable option is resolved by the engine (P-01).
"""
from __future__ import annotations

import pytest

from sim import IllegalMoveError, scenario

RICH = {"credits": 30, "excavators": 20, "mixers": 20}
DAMS = [f"B{z}{p}" for z in range(1, 11) for p in "UL"]
CONDUITS = [f"C{z}{s}" for z in range(1, 11) for s in "LR"]
POWERHOUSES = (["P5_0", "P5_1", "P6_0", "P6_1", "P7_0", "P7_1"]
               + [f"P{z}_{k}" for z in (8, 9, 10) for k in range(3)]
               + [f"P{z}_{k}" for z in (11, 12) for k in range(4)])


def load(me: dict | None = None, **doc):
    """Seat 0 = USA + Viktor (no construction modifier) with 30 Credits, 20 Excavators, 20 Mixers, to move."""
    companies = {0: {"company": "USA", "officer": "Viktor", **RICH, **(me or {})}, **doc.pop("companies", {})}
    doc = {"players": 3, "companies": companies, "decision": {"task": "main", "seat": 0}, **doc}
    if doc["decision"] is None:
        del doc["decision"]
    return scenario.load(doc)


def descs(g) -> list[str]:
    return [m.description for m in g.legal_moves()]


def me(g, seat: int = 0) -> dict:
    return g.snapshot()["companies"][seat]


def build_options(g) -> list[str]:
    """Takes the construction action and returns the build choices offered."""
    g.play(scenario.find_move(g, "Construct on company-board space"))
    assert g.pending == "choose what to build, where, with which tile"
    return descs(g)


def targets(options: list[str], structure: str, tile: str | None = None) -> set[str]:
    """Map spaces offered for a structure (optionally with one tile) in a list of build descriptions."""
    out = set()
    for d in options:
        words = d.split()            # "Build a Base on B1U with tile base"
        if words[2] == structure and (tile is None or words[7] == tile):
            out.add(words[4])
    return out


def build(g, what: str, pay: str | None = None) -> None:
    """Construction action, build choice `what`, then payment `pay` (when the engine asks, P-06)."""
    g.play(scenario.find_move(g, "Construct on company-board space"))
    g.play(scenario.find_move(g, what))
    if g.pending == "choose how to pay":
        assert pay is not None, f"payment asked: {descs(g)}"
        g.play(scenario.find_move(g, pay))


def wheel(snap: dict) -> dict:
    return snap["wheel"]["segments"]


# ---------------------------------------------------------------------------------------------------------------
# 7.1 Construction action spaces
# ---------------------------------------------------------------------------------------------------------------

# (spaces used before, Engineers before, Engineers of the next space, its Credits)
SPACES = [(0, 12, 1, 0), (1, 11, 2, 0), (2, 9, 3, 0), (3, 6, 3, 3)]


@pytest.mark.parametrize("used, eng_before, eng, fee", SPACES)
def test_CONSTRUCT_01_02_DECISION_01_space_costs_left_to_right(used, eng_before, eng, fee):
    """CONSTRUCT-01/02, DECISION-01: the next construction takes the leftmost free space (1/2/3/3 Engineers,
    space 4 also 3 Credits) and only that one is offered."""
    g = load({"construction_spaces_used": used})
    constructs = [d for d in descs(g) if d.startswith("Construct")]
    extra = f" + {fee} Credits" if fee else ""
    assert constructs == [f"Construct on company-board space {used + 1} [{eng} Engineer{'s' if eng > 1 else ''}{extra}]"]
    assert me(g)["engineers"] == eng_before
    build(g, "Build a Base on B8L with tile base")          # plain lower dam: 3 Excavators, no surcharge
    s = me(g)
    assert s["construction_spaces_used"] == used + 1
    assert s["engineers"] == eng_before - eng
    assert s["credits"] == 30 - fee
    assert s["excavators"] == 17


def test_CONSTRUCT_01_space_4_needs_its_3_credits():
    """CONSTRUCT-01/18: space 4 costs 3 Engineers + 3 Credits; with 2 Credits there is no construction action even
    though a lower dam would cost no Credits."""
    g = load({"construction_spaces_used": 3, "credits": 2})
    assert not [d for d in descs(g) if d.startswith("Construct")]
    g = load({"construction_spaces_used": 3, "credits": 3})
    assert [d for d in descs(g) if d.startswith("Construct")] == [
        "Construct on company-board space 4 [3 Engineers + 3 Credits]"]


def test_CONSTRUCT_02_DECISION_01_no_skipping_to_a_cheaper_space():
    """CONSTRUCT-02, DECISION-01: with spaces 1-2 used and only 2 Engineers left, space 3 (3 Engineers) cannot be
    taken, and the used spaces 1/2 cannot be taken again: no construction action."""
    g = load({"construction_spaces_used": 2, "bank_engineers": 7})   # 12 - 1 - 2 - 7 = 2 Engineers left
    assert me(g)["engineers"] == 2
    assert not [d for d in descs(g) if d.startswith("Construct")]


def test_CONSTRUCT_03_no_fifth_construction_action_but_engineer_free_tile():
    """CONSTRUCT-03: with the 4 spaces used no construction action remains; an engineer-free tile (TECH-06) still
    builds and uses no construction space."""
    g = load({"construction_spaces_used": 4, "tiles": ["base", "elevation", "conduit", "powerhouse", "L1_powerhouse"]})
    moves = descs(g)
    assert not [d for d in moves if d.startswith("Construct")]
    assert "Engineer-free construction with tile L1_powerhouse" in moves
    eng = me(g)["engineers"]                                   # 12 - 9 = 3
    assert eng == 3
    g.play(scenario.find_move(g, "Engineer-free construction with tile L1_powerhouse"))
    g.play(scenario.find_move(g, "Build a Powerhouse on P8_0 with tile L1_powerhouse"))
    s = me(g)
    assert s["construction_spaces_used"] == 4
    assert s["engineers"] == 3
    assert s["mixers"] == 18                                   # 1st powerhouse: 2 Mixers
    assert g.snapshot()["powerhouses"] == {"P8_0": "USA"}


def test_CONSTRUCT_03_17_spaces_freed_at_end_of_round_structures_stay():
    """CONSTRUCT-03: construction spaces are freed in the End of Round phase; CONSTRUCT-17: structures stay."""
    g = load({"construction_spaces_used": 4}, phase="end_of_round", decision=None,
             dams={"B5U": {"owner": "USA", "level": 2}}, conduits={"C5L": "USA"}, powerhouses={"P8_0": "USA"})
    assert g.round == 2 and g.phase == "actions"
    snap = g.snapshot()
    assert snap["companies"][0]["construction_spaces_used"] == 0
    assert snap["dams"]["B5U"]["owner"] == "USA" and snap["dams"]["B5U"]["level"] == 2
    assert snap["conduits"] == {"C5L": "USA"}
    assert snap["powerhouses"] == {"P8_0": "USA"}


# ---------------------------------------------------------------------------------------------------------------
# 7.2 Procedure
# ---------------------------------------------------------------------------------------------------------------

def test_CONSTRUCT_04_05_procedure_in_order():
    """CONSTRUCT-04 steps 1-7 and CONSTRUCT-05. USA (Viktor) has a Base on B2L; wheel open on 0, segment 1 holds
    2 Mixers + the elevation tile, segment 2 holds 1 Excavator. Build the 2nd Base on B5U (hill, upper):
    1 Engineer on space 1; base tile + 4 Excavators into segment 0; rotate to 1 (elevation tile + 2 Mixers return);
    Base on B5U, 3 Credits; the 2nd-base income of USA (rotate 1) is revealed: open 2, 1 Excavator returns."""
    g = load({"tiles": ["base", "conduit", "powerhouse"],
              "wheel": {"open": 0, "segments": {1: {"mixers": 2, "tiles": ["elevation"]}, 2: {"excavators": 1}}}},
             dams={"B2L": "USA"})
    build(g, "Build a Base on B5U with tile base")
    snap = g.snapshot()
    s = snap["companies"][0]
    assert s["engineers"] == 11
    assert s["construction_spaces_used"] == 1
    assert s["credits"] == 27                                  # 30 - 3 (red-outlined dam space)
    assert s["excavators"] == 20 - 4 + 1
    assert s["mixers"] == 22
    assert s["wheel"] == {"open": 2, "segments": {0: {"excavators": 4, "tiles": ["base"]}}}
    assert sorted(s["tiles"]) == ["conduit", "elevation", "powerhouse"]
    assert s["structures_left"] == {"base": 3, "elevation": 5, "conduit": 5, "powerhouse": 4}   # exactly 1 piece
    assert snap["dams"]["B5U"] == {"owner": "USA", "level": 1, "drops": 0}


def test_CONSTRUCT_04_tile_effect_after_placing():
    """CONSTRUCT-04 step 8: the tile effect resolves after the piece is on the map (L1 Conduit gains 2 x value of the
    conduit just built: C1R value 4 -> 8 Credits)."""
    g = load({"tiles": ["base", "elevation", "conduit", "powerhouse", "L1_conduit"]})
    build(g, "Build a Conduit on C1R with tile L1_conduit")
    s = me(g)
    assert s["credits"] == 38 and s["excavators"] == 12
    assert g.snapshot()["conduits"] == {"C1R": "USA"}


def test_CONSTRUCT_06_needs_a_tile_in_the_personal_supply():
    """CONSTRUCT-06: the base tile lies on the wheel -> no Base can be built; other types still can."""
    g = load({"tiles": ["elevation", "conduit", "powerhouse"], "wheel": {"segments": {3: {"tiles": ["base"]}}}})
    opts = build_options(g)
    assert not targets(opts, "Base")
    assert targets(opts, "Conduit") and targets(opts, "Powerhouse")


def test_CONSTRUCT_06_no_tile_at_all_no_construction_action():
    """CONSTRUCT-06 with P-05: every tile on the wheel -> the construction action is not offered."""
    g = load({"tiles": [], "wheel": {"segments": {2: {"tiles": ["base", "elevation"]},
                                                  4: {"tiles": ["conduit", "powerhouse"]}}}})
    assert not [d for d in descs(g) if d.startswith("Construct")]


def test_CONSTRUCT_06_wild_tile_replaces_a_missing_type():
    """CONSTRUCT-06: in the introductory game (France + Viktor) the basic wild tile builds a Base while the base
    tile is on the wheel."""
    g = load({"company": "France", "tiles": ["elevation", "conduit", "powerhouse", "wild"],
              "wheel": {"segments": {3: {"tiles": ["base"]}}}}, intro=True)
    opts = build_options(g)
    assert targets(opts, "Base", "base") == set()
    assert targets(opts, "Base", "wild") == set(DAMS)


def test_CONSTRUCT_07_needs_a_piece_on_the_company_board():
    """CONSTRUCT-07: all 5 Bases on the map -> no Base build, Elevations still offered."""
    five = {d: "USA" for d in ("B1L", "B2L", "B3L", "B4L", "B5L")}
    g = load(dams=five)
    assert me(g)["structures_left"]["base"] == 0
    opts = build_options(g)
    assert not targets(opts, "Base")
    assert targets(opts, "Elevation") == set(five)


# ---------------------------------------------------------------------------------------------------------------
# 7.3 Costs (EX-13)
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("dam, exc, credits", [
    ("B1U", 5, 3), ("B1L", 5, 0),          # mountain
    ("B5U", 4, 3), ("B5L", 4, 0),          # hill
    ("B8U", 3, 3), ("B8L", 3, 0),          # plain
])
def test_CONSTRUCT_08_EX_13_base_costs(dam, exc, credits):
    """CONSTRUCT-08 / EX-13: Base = mountain 5, hill 4, plain 3 Excavators, +3 Credits on an upper (red) space."""
    g = load()
    build(g, f"Build a Base on {dam} with tile base")
    s = me(g)
    assert s["excavators"] == 20 - exc
    assert s["mixers"] == 20
    assert s["credits"] == 30 - credits
    assert wheel(s) == {0: {"excavators": exc, "tiles": ["base"]}}
    assert g.snapshot()["dams"][dam] == {"owner": "USA", "level": 1, "drops": 0}


@pytest.mark.parametrize("dam, mixers", [("B1U", 4), ("B5U", 3), ("B8U", 2), ("B8L", 2)])
def test_CONSTRUCT_09_EX_13_elevation_costs(dam, mixers):
    """CONSTRUCT-09 / EX-13: Elevation = mountain 4, hill 3, plain 2 Mixers, never a red-outline surcharge."""
    g = load(dams={dam: "USA"})
    build(g, f"Build an Elevation on {dam} with tile elevation")
    s = me(g)
    assert s["mixers"] == 20 - mixers
    assert s["excavators"] == 20
    assert s["credits"] == 30
    assert wheel(s) == {0: {"mixers": mixers, "tiles": ["elevation"]}}
    assert g.snapshot()["dams"][dam]["level"] == 2


@pytest.mark.parametrize("conduit, exc", [("C1L", 10), ("C1R", 8), ("C2L", 6), ("C6R", 4), ("C9L", 2)])
def test_CONSTRUCT_10_EX_13_conduit_costs(conduit, exc):
    """CONSTRUCT-10 / EX-13: Conduit = 2 Excavators x production value (C1L 5, C1R 4 -> 8, C2L 3, C6R 2, C9L 1),
    no Credits."""
    g = load()
    build(g, f"Build a Conduit on {conduit} with tile conduit")
    s = me(g)
    assert s["excavators"] == 20 - exc
    assert s["credits"] == 30
    assert wheel(s) == {0: {"excavators": exc, "tiles": ["conduit"]}}


@pytest.mark.parametrize("before", [0, 1, 2, 3])
@pytest.mark.parametrize("space, credits", [("P8_0", 0), ("P8_2", 3)])
def test_CONSTRUCT_11_EX_13_powerhouse_costs(before, space, credits):
    """CONSTRUCT-11 / EX-13: the n-th powerhouse costs 2 + (n-1) Mixers (1st 2 ... 4th 5), +3 Credits on a red
    powerhouse space (P8_2), counting powerhouses already on the map."""
    placed = {p: "USA" for p in ("P5_0", "P6_0", "P7_0")[:before]}
    g = load(powerhouses=placed)
    build(g, f"Build a Powerhouse on {space} with tile powerhouse")
    s = me(g)
    assert s["mixers"] == 20 - (2 + before)
    assert s["credits"] == 30 - credits
    assert wheel(s) == {0: {"mixers": 2 + before, "tiles": ["powerhouse"]}}
    assert g.snapshot()["powerhouses"][space] == "USA"


# ---------------------------------------------------------------------------------------------------------------
# 7.4 Placement limits
# ---------------------------------------------------------------------------------------------------------------

def test_CONSTRUCT_13_base_placement_limits():
    """CONSTRUCT-13: a Base only on an empty dam space, never in a basin where the company already has a dam.
    Neutral dam on B1L, own dam on B2U, Germany's dam on B3U."""
    g = load(dams={"B1L": {"owner": "neutral", "level": 1}, "B2U": "USA", "B3U": "Germany"})
    bases = targets(build_options(g), "Base")
    assert "B1L" not in bases and "B1U" in bases         # occupied space / free space of the basin
    assert "B2L" not in bases and "B2U" not in bases     # own dam in basin 2
    assert "B3U" not in bases and "B3L" in bases         # an opponent's dam does not block the basin
    assert bases == set(DAMS) - {"B1L", "B2U", "B2L", "B3U"}


def test_CONSTRUCT_14_elevation_placement_limits():
    """CONSTRUCT-14, ERRATA-01 (at most 2 Elevations per Base: a dam is at most level 3): an Elevation only on an
    own dam of level 1 or 2; not level 3, neutral or opponent dams."""
    g = load(dams={"B1U": {"owner": "USA", "level": 1}, "B2U": {"owner": "USA", "level": 2},
                   "B3U": {"owner": "USA", "level": 3}, "B4L": {"owner": "neutral", "level": 1},
                   "B5U": {"owner": "Germany", "level": 1}})
    assert targets(build_options(g), "Elevation") == {"B1U", "B2U"}


def test_CONSTRUCT_15_23_conduit_on_any_empty_conduit_space():
    """CONSTRUCT-15/23: a Conduit goes on any empty conduit space, with no dam or powerhouse of its owner anywhere;
    an occupied one (Germany's C1L) is excluded."""
    g = load(conduits={"C1L": "Germany"})
    assert targets(build_options(g), "Conduit") == set(CONDUITS) - {"C1L"}


def test_CONSTRUCT_16_powerhouse_placement_limits():
    """CONSTRUCT-16: a Powerhouse only on an empty space and only in a zone without an own powerhouse.
    Own powerhouse on P8_0 (zone 8 closed), Germany's on P5_0 (P5_1 still free)."""
    g = load(powerhouses={"P8_0": "USA", "P5_0": "Germany"})
    phs = targets(build_options(g), "Powerhouse")
    assert phs == set(POWERHOUSES) - {"P8_0", "P8_1", "P8_2", "P5_0"}
    assert "P5_1" in phs


def test_CONSTRUCT_23_no_connectivity_requirement():
    """CONSTRUCT-23: on an empty map every dam space takes a Base and every powerhouse space a Powerhouse."""
    g = load()
    opts = build_options(g)
    assert targets(opts, "Base") == set(DAMS)
    assert targets(opts, "Powerhouse") == set(POWERHOUSES)
    assert targets(opts, "Conduit") == set(CONDUITS)


def test_CONSTRUCT_17_built_dam_space_is_never_offered_again():
    """CONSTRUCT-17: structures are never moved or removed: a built space is not offered for another Base,
    Conduit or Powerhouse, neither to its owner nor to an opponent."""
    g = load(dams={"B1L": "Germany"}, conduits={"C1L": "Germany"}, powerhouses={"P5_0": "Germany"})
    opts = build_options(g)
    assert not [d for d in opts if " B1L " in d or " C1L " in d or " P5_0 " in d]


# ---------------------------------------------------------------------------------------------------------------
# Affordability (CONSTRUCT-18)
# ---------------------------------------------------------------------------------------------------------------

def test_CONSTRUCT_18_red_credits_after_space_fee():
    """CONSTRUCT-18: on space 4 with exactly 3 Credits nothing is left for a red-outlined space: Bases only on
    lower dams, Powerhouses only on free spaces."""
    g = load({"construction_spaces_used": 3, "credits": 3})
    opts = build_options(g)
    assert targets(opts, "Base") == {d for d in DAMS if d.endswith("L")}
    assert targets(opts, "Powerhouse") == {"P5_0", "P6_0", "P7_0", "P8_0", "P8_1", "P9_0", "P9_1", "P10_0",
                                           "P11_0", "P11_1", "P12_0"}


def test_CONSTRUCT_18_machineries_must_be_in_supply():
    """CONSTRUCT-18 / WHEEL-08: 4 Excavators in supply (10 more on the wheel): no mountain Base (5), hill/plain
    Bases yes; 1 Mixer: no Powerhouse (2)."""
    g = load({"excavators": 4, "mixers": 1, "wheel": {"segments": {3: {"excavators": 10}}}})
    opts = build_options(g)
    assert targets(opts, "Base") == {d for d in DAMS if int(d[1:-1]) >= 5}
    assert not targets(opts, "Powerhouse")
    assert targets(opts, "Conduit") == {"C6R", "C7L", "C8R", "C9L", "C10L", "C10R"}   # values 1-2


def test_CONSTRUCT_18_unaffordable_build_is_illegal():
    """CONSTRUCT-18 / TURN-05: a build that is not offered cannot be played."""
    g = load({"excavators": 4})
    g.play(scenario.find_move(g, "Construct on company-board space"))
    with pytest.raises(IllegalMoveError):
        g.play(0)                                             # Base on B1U (build code 0) needs 5 Excavators


# ---------------------------------------------------------------------------------------------------------------
# Modifier order (CONSTRUCT-19)
# ---------------------------------------------------------------------------------------------------------------

def payments(g) -> list[str]:
    assert g.pending == "choose how to pay"
    return descs(g)


def test_CONSTRUCT_19_wilhelm_then_L3_base_zero():
    """CONSTRUCT-19: Wilhelm sets the mountain Base to 3, then ADV-L3-BASE-01 makes it 0 Excavators."""
    g = load({"officer": "Wilhelm", "tiles": ["L3_base"]})
    build(g, "Build a Base on B1L with tile L3_base")
    s = me(g)
    assert s["excavators"] == 20
    assert wheel(s) == {0: {"tiles": ["L3_base"]}}


def test_CONSTRUCT_19_wilhelm_then_L2_wild_interchange():
    """CONSTRUCT-19: Wilhelm's 3 Excavators for a mountain Base, then L2 Wild makes them interchangeable."""
    g = load({"officer": "Wilhelm", "tiles": ["L2_wild"]})
    g.play(scenario.find_move(g, "Construct on company-board space"))
    g.play(scenario.find_move(g, "Build a Base on B1L with tile L2_wild"))
    assert sorted(payments(g)) == ["Pay 0 Excavators, 3 Mixers", "Pay 1 Excavators, 2 Mixers",
                                   "Pay 2 Excavators, 1 Mixers", "Pay 3 Excavators, 0 Mixers"]


def test_CONSTRUCT_19_L2_conduit_cap_then_solomon():
    """CONSTRUCT-19: L2 Conduit caps C1L (value 5) at 5 Excavators, then Solomon may replace any of those 5
    by 3 Credits each: 6 ways, up to 15 Credits (never 30)."""
    g = load({"officer": "Solomon", "tiles": ["L2_conduit"]})
    g.play(scenario.find_move(g, "Construct on company-board space"))
    g.play(scenario.find_move(g, "Build a Conduit on C1L with tile L2_conduit"))
    assert sorted(payments(g)) == sorted(
        ["Pay 5 Excavators, 0 Mixers"]
        + [f"Pay {5 - s} Excavators, 0 Mixers, {3 * s} Credits for {s} machineries" for s in range(1, 6)])
    g.play(scenario.find_move(g, "Pay 0 Excavators, 0 Mixers, 15 Credits for 5 machineries"))
    s = me(g)
    assert s["credits"] == 15 and s["excavators"] == 20
    assert wheel(s) == {0: {"tiles": ["L2_conduit"]}}


def test_CONSTRUCT_19_solomon_with_L2_wild():
    """CONSTRUCT-19: L2 Wild interchange (step 3) and Solomon's substitution applied to the result: a mountain
    Base (5) can be paid as e Excavators + m Mixers + s x 3 Credits for every e + m + s = 5: 21 ways."""
    g = load({"officer": "Solomon", "tiles": ["L2_wild"]})
    g.play(scenario.find_move(g, "Construct on company-board space"))
    g.play(scenario.find_move(g, "Build a Base on B1L with tile L2_wild"))
    assert len(payments(g)) == 21
    g.play(scenario.find_move(g, "Pay 2 Excavators, 1 Mixers, 6 Credits for 2 machineries"))
    s = me(g)
    assert (s["excavators"], s["mixers"], s["credits"]) == (18, 19, 24)
    assert wheel(s) == {0: {"excavators": 2, "mixers": 1, "tiles": ["L2_wild"]}}


# ---------------------------------------------------------------------------------------------------------------
# 7.6 Free placements (CONSTRUCT-21/22, DECISION-14)
# ---------------------------------------------------------------------------------------------------------------

def fulfil_doc(contract: str, energy: int, me_fields: dict | None = None, company: str = "Germany", **doc):
    """Seat 0 about to fulfil `contract` (its reward) with a bound of `energy`."""
    companies = {0: {"company": company, "officer": "Viktor", **RICH, **(me_fields or {})}, **doc.pop("companies", {})}
    return scenario.load({"players": 3, "companies": companies, "contracts": {"hand": {company: [contract]}},
                          "decision": {"task": "fulfil", "seat": 0, "energy": energy}, **doc})


def test_CONSTRUCT_21_DECISION_14_free_base_pays_surcharge_and_reveals_income():
    """CONSTRUCT-21 / DECISION-14: G12 (free Base in the plains) on B8U: no Engineer, no construction space, no tile,
    no Excavators, no rotation; the red outline still costs 3 Credits and the 2nd Base reveals Germany's income
    (3 VP). CONSTRUCT-03: spaces all used does not matter."""
    g = fulfil_doc("G12", 4, {"construction_spaces_used": 4}, dams={"B1L": "Germany"})
    before = me(g)
    g.play(scenario.find_move(g, "Fulfil contract G12"))
    moves = descs(g)
    plain = {"B8U", "B8L", "B9U", "B9L", "B10U", "B10L"}
    assert {d.split()[-1] for d in moves} == plain
    assert all(d.startswith("Place a free Base on") for d in moves)
    g.play(scenario.find_move(g, "Place a free Base on B8U"))
    snap = g.snapshot()
    s = snap["companies"][0]
    assert snap["dams"]["B8U"] == {"owner": "Germany", "level": 1, "drops": 0}
    assert s["credits"] == 27
    assert s["excavators"] == 20 and s["engineers"] == before["engineers"] == 3
    assert s["construction_spaces_used"] == 4
    assert s["wheel"] == {"open": 0, "segments": {}}
    assert "base" in s["tiles"]
    assert s["vp"] == before["vp"] + 3 and s["vp_by_source"]["incomes"] == 3
    assert s["structures_left"]["base"] == 3


def test_CONSTRUCT_21_free_placement_lost_without_credits_for_red_spaces():
    """CONSTRUCT-21: the lower plain dam spaces are taken and 0 Credits can't pay an upper one -> the free Base is
    lost; the contract is still fulfilled."""
    g = fulfil_doc("G12", 4, {"credits": 0},
                   dams={d: {"owner": "neutral", "level": 1} for d in ("B8L", "B9L", "B10L")})
    g.play(scenario.find_move(g, "Fulfil contract G12"))
    snap = g.snapshot()
    assert snap["contracts"]["fulfilled"] == {"Germany": ["G12"]}
    assert all(snap["dams"][d]["owner"] == "neutral" for d in ("B8L", "B9L", "B10L"))
    assert {"B8U", "B9U", "B10U"}.isdisjoint(snap["dams"])
    assert snap["companies"][0]["structures_left"]["base"] == 5
    assert g.pending == "choose an action" and g.current_player == 1      # nothing left to decide for seat 0


def test_CONSTRUCT_21_free_placement_lost_without_a_piece():
    """CONSTRUCT-21 / REWARD-15: G11 (free Conduit <= 2) with all 5 Conduits already built: the part is lost."""
    built = {c: "Germany" for c in ("C1L", "C2L", "C3L", "C4L", "C5L")}
    g = fulfil_doc("G11", 4, conduits=built)
    g.play(scenario.find_move(g, "Fulfil contract G11"))
    snap = g.snapshot()
    assert snap["conduits"] == built
    assert snap["contracts"]["fulfilled"] == {"Germany": ["G11"]}
    assert g.current_player == 1


def test_CONSTRUCT_21_free_elevation_placement_limits():
    """CONSTRUCT-21 / P-03: Y10 (2 VP + free Elevation): only the own level-1 dam B2U qualifies (B1U is level 3,
    B5U belongs to Italy), so the Elevation goes there, without Mixers."""
    g = fulfil_doc("Y10", 6, dams={"B1U": {"owner": "Germany", "level": 3}, "B2U": "Germany", "B5U": "Italy"})
    vp = me(g)["vp"]
    g.play(scenario.find_move(g, "Fulfil contract Y10"))
    snap = g.snapshot()
    assert snap["dams"]["B2U"]["level"] == 2 and snap["dams"]["B5U"]["level"] == 1
    s = snap["companies"][0]
    assert s["vp"] == vp + 2 and s["mixers"] == 20 and s["wheel"]["open"] == 0


def test_CONSTRUCT_21_free_conduit_respects_max_value():
    """CONSTRUCT-21: G11 (free Conduit up to value 2) offers exactly the conduits of value 1-2."""
    g = fulfil_doc("G11", 4)
    g.play(scenario.find_move(g, "Fulfil contract G11"))
    assert {d.split()[-1] for d in descs(g)} == {"C6R", "C7L", "C8R", "C9L", "C10L", "C10R"}
    g.play(scenario.find_move(g, "Place a free Conduit on C6R"))
    s = me(g)
    assert s["excavators"] == 20 and s["wheel"]["open"] == 0
    assert g.snapshot()["conduits"] == {"C6R": "Germany"}


def test_CONSTRUCT_22_free_placement_never_triggers_a_tile_effect():
    """CONSTRUCT-22: Y2 (free Powerhouse) while holding L3 Powerhouse: no 3 VP per powerhouse, the tile stays in the
    supply; the 2nd powerhouse costs no Mixers and P8_0 no Credits (CONSTRUCT-21)."""
    g = fulfil_doc("Y2", 5, {"tiles": ["base", "elevation", "conduit", "powerhouse", "L3_powerhouse"]},
                   powerhouses={"P5_0": "Germany"})
    vp = me(g)["vp"]
    g.play(scenario.find_move(g, "Fulfil contract Y2"))
    g.play(scenario.find_move(g, "Place a free Powerhouse on P8_0"))
    s = me(g)
    assert s["vp"] == vp and s["vp_by_source"].get("tiles", 0) == 0
    assert "L3_powerhouse" in s["tiles"]
    assert s["mixers"] == 20 and s["credits"] == 30
    assert g.snapshot()["powerhouses"] == {"P5_0": "Germany", "P8_0": "Germany"}
