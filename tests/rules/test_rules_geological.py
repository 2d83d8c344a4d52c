"""The Geological Factor (RULES.md §20): setup GEO-01..10, the eight tokens (GEO-CONDUIT-EM-01..04, GEO-ELEV-MIX-01,
GEO-ELEV-CR-01, GEO-PH-EXC-01, GEO-PH-FREE-01, GEO-BASE-CR-01/02, GEO-BASE-EXC-01/02, GEO-CONDUIT-ENG-01),
DECISION-28..34; worked examples EX-25, EX-26, EX-27.

Costs are checked from the resources and wheel after the build: the construction action puts everything into the
open segment (0) and rotates to 1; outside a construction action the token machinery goes into the open segment
without rotating (GEO-08).
"""
from __future__ import annotations

from collections import Counter

import pytest

from sim import Game, ids, scenario

GEO = {"players": 2, "expansions": ["geological"]}
RICH = {"credits": 20, "excavators": 12, "mixers": 12}
MOUNTAIN_ZONES = {1, 2, 3, 4}
PH_TOKENS = {"powerhouse_excavators", "powerhouse_free"}


def _load(tokens, companies=None, **doc):
    """A 2-player Geological Factor position; seat 0 (USA, Graziano: no cost-changing officer) is rich unless the
    companies given say otherwise."""
    cos = {0: {"officer": "Graziano Del Monte", **RICH}, 1: {}}
    for s, extra in (companies or {}).items():
        cos[s].update(extra)
    return scenario.load({"variant": GEO, "geological_tokens": tokens, "companies": cos, **doc})


def _moves(g):
    return [m.description for m in g.legal_moves()]


def _co(g, seat=0):
    return g.snapshot()["companies"][seat]


def _construct(g, space, tile):
    """Construction action on space 1, building on `space` with `tile` (the payment is forced or chosen later)."""
    g.play(scenario.find_move(g, "Construct on company-board space 1"))
    g.play(scenario.find_move(g, f"on {space} with tile {tile}"))
    return g


def _builds(g):
    """The spaces offered by the build decision of a construction action on space 1."""
    g.play(scenario.find_move(g, "Construct on company-board space 1"))
    return {d.split(" on ")[1].split(" ")[0] for d in _moves(g)}


# ---------------------------------------------------------------------------------------------------------------
# Setup (GEO-01..06, DECISION-28)
# ---------------------------------------------------------------------------------------------------------------

def _layout(players, seed):
    return Game.new({"players": players, "expansions": ["geological"]}, seed=seed).snapshot().get(
        "geological_tokens", {})


def test_GEO_01_to_05_DECISION_28_setup_over_many_seeds():
    """GEO-01, GEO-02, GEO-03, GEO-04, GEO-05, GEO-06 / DECISION-28: 10 tokens on the base map (8 effects + 2 blanks) shuffled one per basin (zones 1-10),
    blanks removed, powerhouse tokens removed from mountain basins. So every layout shows the 6 tokens that are never
    removed, each token at most once, powerhouse tokens only on hill/plain basins, at least 2 empty basins and
    exactly 8 - (powerhouse tokens drawn on a mountain) tokens; over many seeds all of these cases occur."""
    assert set(ids.GEO_TOKEN_NAMES) == {"conduit_pairs", "elevation_mixer", "elevation_credits", "powerhouse_excavators",
                                        "powerhouse_free", "base_credits", "base_excavators", "conduit_engineers"}
    sizes = Counter()
    zones_used = Counter()
    on_mountain = Counter()
    for seed in range(150):
        tokens = _layout(2 + seed % 3, seed)
        assert set(tokens) <= set(range(1, 11)), tokens                       # GEO-06: no token on zones 11/12
        names = list(tokens.values())
        assert len(names) == len(set(names)), tokens                          # each token once
        assert set(ids.GEO_TOKEN_NAMES) - PH_TOKENS <= set(names), tokens     # 10 tokens for 10 basins
        assert all(z not in MOUNTAIN_ZONES for z, t in tokens.items() if t in PH_TOKENS), tokens   # GEO-05
        assert 6 <= len(tokens) <= 8                                          # 2 blanks always leave (GEO-04)
        sizes[len(tokens)] += 1
        zones_used.update(list(tokens))
        on_mountain.update(t for z, t in tokens.items() if z in MOUNTAIN_ZONES)
    # both powerhouse tokens kept (P = 6/10 * 5/9), one removed, both removed (P = 4/10 * 3/9) all happen
    assert set(sizes) == {6, 7, 8}, sizes
    assert set(zones_used) == set(range(1, 11)), zones_used
    assert set(on_mountain) == set(ids.GEO_TOKEN_NAMES) - PH_TOKENS, on_mountain


def test_GEO_03_same_seed_same_layout_and_the_layout_is_random():
    """GEO-03: the layout is drawn from the game's seeded generator: same seed -> same layout; seeds differ."""
    for seed in (0, 1, 17, 12345):
        assert _layout(4, seed) == _layout(4, seed)
    layouts = {tuple(sorted(_layout(4, s).items())) for s in range(30)}
    assert len(layouts) >= 25


def test_GEO_02_no_tokens_without_the_expansion():
    """GEO-02: the tokens belong to the expansion; the base game has none."""
    assert "geological_tokens" not in Game.new({"players": 4}, seed=3).snapshot()


# ---------------------------------------------------------------------------------------------------------------
# Costs in a construction action (GEO-06, GEO-07, token cost rules)
# ---------------------------------------------------------------------------------------------------------------

# (rule, tokens, dams, space, tile, Credits paid (negative = gained), Excavators, Mixers, Engineers left)
COST_CASES = [
    ("GEO-BASE-CR-01 upper", {5: "base_credits"}, {}, "B5U", "base", 3 + 3, 4, 0, 11),
    ("GEO-BASE-CR-01 lower", {5: "base_credits"}, {}, "B5L", "base", 3, 4, 0, 11),
    ("GEO-BASE-EXC-01 upper", {6: "base_excavators"}, {}, "B6U", "base", 3, 4 + 2, 0, 11),
    ("GEO-BASE-EXC-01 lower", {6: "base_excavators"}, {}, "B6L", "base", 0, 4 + 2, 0, 11),
    ("GEO-ELEV-MIX-01", {5: "elevation_mixer"}, {"B5L": 0}, "B5L", "elevation", -3, 0, 3 + 1, 11),
    ("GEO-ELEV-CR-01", {5: "elevation_credits"}, {"B5L": 0}, "B5L", "elevation", 3, 0, 3, 11),
    ("GEO-PH-EXC-01 free space", {8: "powerhouse_excavators"}, {}, "P8_0", "powerhouse", 0, 2, 2, 11),
    ("GEO-PH-EXC-01 red space", {8: "powerhouse_excavators"}, {}, "P8_2", "powerhouse", 3, 2, 2, 11),
    ("GEO-PH-FREE-01", {9: "powerhouse_free"}, {}, "P9_0", "powerhouse", 0, 0, 2, 11),
    ("GEO-CONDUIT-EM-01 printed 3", {5: "conduit_pairs"}, {}, "C5L", "conduit", 0, 4, 4, 11),
    ("GEO-CONDUIT-EM-01 printed 4", {5: "conduit_pairs"}, {}, "C5R", "conduit", 0, 5, 5, 11),
    ("GEO-CONDUIT-ENG-01", {5: "conduit_engineers"}, {}, "C5L", "conduit", 0, 6, 0, 12 - 1 - 2),
    # GEO-06: a token applies to the conduits that START in its basin, not to those ending there (C5L ends in 8)
    ("GEO-06 conduit ending on the basin", {8: "conduit_pairs"}, {}, "C5L", "conduit", 0, 6, 0, 11),
    ("GEO-06 other basin", {6: "base_credits"}, {}, "B5U", "base", 3, 4, 0, 11),
]


@pytest.mark.parametrize("case", COST_CASES, ids=[c[0] for c in COST_CASES])
def test_GEO_06_07_token_costs_in_a_construction_action(case):
    """GEO-06/07 and the token costs: Base +3 Credits (GEO-BASE-CR-01) / +2 Excavators (GEO-BASE-EXC-01); Elevation
    +1 Mixer then +3 Credits (GEO-ELEV-MIX-01) / +3 Credits (GEO-ELEV-CR-01); Powerhouse +2 Excavators
    (GEO-PH-EXC-01) / nothing (GEO-PH-FREE-01); Conduit (value+1) pairs instead of 2 x value Excavators
    (GEO-CONDUIT-EM-01) / +2 Engineers (GEO-CONDUIT-ENG-01, GEO-09); on both dam spaces, the conduits starting in the
    basin and all its powerhouse spaces; machinery onto the wheel's open segment, which then rotates."""
    _, tokens, dams, space, tile, credits, exc, mix, engineers = case
    g = _load(tokens, dams=dams, contracts={"hand": {0: []}}, decision={"task": "main", "seat": 0})
    _construct(g, space, tile)
    c = _co(g)
    assert (c["credits"], c["excavators"], c["mixers"], c["engineers"]) == (20 - credits, 12 - exc, 12 - mix, engineers)
    seg = c["wheel"]["segments"][0]
    assert (seg.get("excavators", 0), seg.get("mixers", 0), seg["tiles"]) == (exc, mix, [tile])
    assert c["wheel"]["open"] == 1


@pytest.mark.parametrize("tokens, space, afford", [
    ({5: "base_credits"}, "B5U", {"credits": 5}),          # 3 + 3 Credits due
    ({6: "base_excavators"}, "B6L", {"excavators": 5}),    # 4 + 2 Excavators due
    ({5: "conduit_pairs"}, "C5L", {"mixers": 3}),          # 4 pairs due
    ({8: "powerhouse_excavators"}, "P8_0", {"excavators": 1}),
])
def test_GEO_07_CONSTRUCT_18_unaffordable_token_cost_removes_the_space(tokens, space, afford):
    """GEO-07 / CONSTRUCT-18: the token cost is mandatory: one unit short and the space is not offered (it is with
    one unit more)."""
    short = _load(tokens, companies={0: afford}, decision={"task": "main", "seat": 0})
    assert space not in _builds(short)
    enough = _load(tokens, companies={0: {k: v + 1 for k, v in afford.items()}}, decision={"task": "main", "seat": 0})
    assert space in _builds(enough)


def test_GEO_09_CONDUIT_ENG_01_construction_needs_the_extra_engineers():
    """GEO-09 / GEO-CONDUIT-ENG-01: with 3 Engineers (space 1 takes 1) the conduits of the basin are buildable; with
    2 they are not, while a conduit elsewhere still is."""
    tokens = {5: "conduit_engineers"}
    three = _load(tokens, companies={0: {"bank_engineers": 9}}, decision={"task": "main", "seat": 0})
    assert {"C5L", "C5R", "C7L"} <= _builds(three)
    two = _load(tokens, companies={0: {"bank_engineers": 10}}, decision={"task": "main", "seat": 0})
    offered = _builds(two)
    assert "C7L" in offered and not {"C5L", "C5R"} & offered


def test_EX_26_GEO_CONDUIT_EM_04_jill_pays_value_plus_1_mixers():
    """EX-26 / GEO-CONDUIT-EM-04 / DECISION-29: Jill builds a conduit printed 3 on the pairs basin: 4 pairs or 4 Mixers."""
    g = _load({5: "conduit_pairs"}, companies={0: {"officer": "Jill McDowell"}}, decision={"task": "main", "seat": 0})
    _construct(g, "C5L", "conduit")
    assert sorted(_moves(g)) == ["Pay 0 Excavators, 4 Mixers", "Pay 4 Excavators, 4 Mixers"]
    g.play(scenario.find_move(g, "Pay 0 Excavators, 4 Mixers"))
    c = _co(g)
    assert (c["excavators"], c["mixers"]) == (12, 8)


def test_GEO_CONDUIT_EM_04_DECISION_29_l2_conduit_does_not_cap_the_pair_cost():
    """GEO-CONDUIT-EM-04 / DECISION-29: L2 Conduit (Excavators capped at 5) on the pairs basin, C1L printed 5:
    6 pairs are paid."""
    g = _load({1: "conduit_pairs"}, companies={0: {"tiles": ["base", "elevation", "conduit", "powerhouse",
                                                              "L2_conduit"]}},
              decision={"task": "main", "seat": 0})
    _construct(g, "C1L", "L2_conduit")
    c = _co(g)
    assert (c["excavators"], c["mixers"]) == (12 - 6, 12 - 6)


def test_GEO_CONDUIT_EM_02_l1_conduit_credits_use_the_raised_value():
    """GEO-CONDUIT-EM-02: L1 Conduit gives 2 x value Credits; C5L printed 3 on the pairs basin -> 2 x 4 = 8."""
    g = _load({5: "conduit_pairs"}, companies={0: {"tiles": ["base", "elevation", "conduit", "powerhouse",
                                                              "L1_conduit"]}},
              decision={"task": "main", "seat": 0})
    _construct(g, "C5L", "L1_conduit")
    c = _co(g)
    assert (c["credits"], c["excavators"], c["mixers"]) == (20 + 8, 12 - 4, 12 - 4)


# ---------------------------------------------------------------------------------------------------------------
# Costs that are never waived (GEO-07, DECISION-30)
# ---------------------------------------------------------------------------------------------------------------

def test_GEO_07_DECISION_30_l3_base_waives_excavators_but_not_the_token():
    """GEO-07 / DECISION-30 / ADV-L3-BASE-01: an engineer-free L3 Base on B8L (plain, base-excavators token):
    the 3 Excavators are waived, the token's 2 are paid; no Engineers."""
    g = _load({8: "base_excavators"}, companies={0: {"tiles": ["base", "elevation", "conduit", "powerhouse",
                                                              "L3_base"]}},
              decision={"task": "main", "seat": 0})
    g.play(scenario.find_move(g, "Engineer-free construction with tile L3_base"))
    g.play(scenario.find_move(g, "on B8L with tile L3_base"))
    c = _co(g)
    assert (c["excavators"], c["engineers"], c["wheel"]["segments"][0]["excavators"]) == (10, 12, 2)


def test_GEO_07_DECISION_30_l1_wild_waives_the_red_surcharge_but_not_the_token_credits():
    """GEO-07 / DECISION-30 / ADV-L1-WILD-01: a Base on B9U (upper, base-credits token) with L1 Wild pays the token's
    3 Credits but not the red-outline 3; plain base: 3 Excavators."""
    g = _load({9: "base_credits"}, companies={0: {"tiles": ["base", "elevation", "conduit", "powerhouse", "L1_wild"]}},
              decision={"task": "main", "seat": 0})
    _construct(g, "B9U", "L1_wild")
    c = _co(g)
    assert (c["credits"], c["excavators"]) == (17, 9)


def test_GEO_07_solomon_may_pay_token_machinery_with_credits():
    """GEO-07 / OFFICER-SOLOMON-01: Solomon with 3 Excavators and 6 Credits builds B8L (3 + 2 token Excavators):
    the 2 missing machineries are paid with 3 Credits each."""
    g = _load({8: "base_excavators"}, companies={0: {"officer": "Solomon", "credits": 6, "excavators": 3}},
              decision={"task": "main", "seat": 0})
    assert "B8L" in _builds(g)
    g.play(scenario.find_move(g, "on B8L with tile base"))
    c = _co(g)
    assert (c["credits"], c["excavators"], c["wheel"]["segments"][0]["excavators"]) == (0, 0, 3)


def test_GEO_07_l2_wild_may_interchange_token_machinery():
    """GEO-07 / ADV-L2-WILD-01: with L2 Wild the 3 + 2 Excavators of B8L may be paid in any mix of machineries."""
    g = _load({8: "base_excavators"}, companies={0: {"tiles": ["base", "elevation", "conduit", "powerhouse",
                                                              "L2_wild"]}},
              decision={"task": "main", "seat": 0})
    _construct(g, "B8L", "L2_wild")
    assert sorted(_moves(g)) == sorted(f"Pay {e} Excavators, {5 - e} Mixers" for e in range(6))


# ---------------------------------------------------------------------------------------------------------------
# Free placements (contract rewards): GEO-07/08/09, EX-25
# ---------------------------------------------------------------------------------------------------------------

def _free(tokens, contract, space, dams=None, companies=None, **doc):
    """Seat 0 fulfils `contract` (a free-placement reward, REWARD-07 style) and places it on `space`; the wheel's
    open segment is 2."""
    cos = {0: {"wheel": {"open": 2}}}
    for s, extra in (companies or {}).items():
        cos.setdefault(s, {}).update(extra)
    g = _load(tokens, companies=cos, dams=dams or {}, contracts={"hand": {0: [contract]}},
              decision={"task": "fulfil", "seat": 0, "energy": 10}, **doc)
    g.play(scenario.find_move(g, f"Fulfil contract {contract}"))
    if g.pending == ids.TASK_NAMES[ids.TK_FREE_PLACE]:          # a single legal space is placed without asking
        g.play(scenario.find_move(g, f"on {space}"))
    return g


# (rule, tokens, contract, dams, space, Credits paid, Excavators to the wheel, Mixers to the wheel)
FREE_CASES = [
    ("GEO-BASE-EXC-01 free base", {8: "base_excavators"}, "G12", {}, "B8L", 0, 2, 0),
    ("GEO-BASE-CR-01 free base on a red space", {9: "base_credits"}, "G12", {}, "B9U", 3 + 3, 0, 0),
    ("GEO-PH-EXC-01 free powerhouse", {8: "powerhouse_excavators"}, "Y2", {}, "P8_0", 0, 2, 0),
    ("GEO-PH-FREE-01 free powerhouse", {9: "powerhouse_free"}, "Y2", {}, "P9_0", 0, 0, 0),
    ("GEO-ELEV-MIX-01 free elevation", {5: "elevation_mixer"}, "Y10", {"B5L": 0}, "B5L", -3, 0, 1),
    ("GEO-ELEV-CR-01 free elevation", {5: "elevation_credits"}, "Y10", {"B5L": 0}, "B5L", 3, 0, 0),
    ("GEO-CONDUIT-EM-01 free conduit", {7: "conduit_pairs"}, "Y8", {}, "C7L", 0, 3, 3),
]


@pytest.mark.parametrize("case", FREE_CASES, ids=[c[0] for c in FREE_CASES])
def test_GEO_07_08_DECISION_30_free_placements_pay_the_token_into_the_open_segment_without_rotating(case):
    """GEO-07/08 / DECISION-30 / CONSTRUCT-21: a free placement pays no normal cost but every token cost; token
    machinery goes into the open segment (2), which does not rotate; no tile goes to the wheel."""
    _, tokens, contract, dams, space, credits, exc, mix = case
    g = _free(tokens, contract, space, dams=dams)
    snap = g.snapshot()
    placed = {**{d: v["owner"] for d, v in snap["dams"].items() if v["level"] == 1 + (space in dams)},
              **snap["conduits"], **snap["powerhouses"]}
    assert placed.get(space) == "USA"
    assert snap["contracts"]["fulfilled"] == {"USA": [contract]}
    c = _co(g)
    assert (c["credits"], c["excavators"], c["mixers"]) == (20 - credits, 12 - exc, 12 - mix)
    assert c["wheel"]["open"] == 2
    assert c["wheel"]["segments"] == ({2: {k: v for k, v in (("excavators", exc), ("mixers", mix)) if v}}
                                      if exc or mix else {})


def test_EX_25_GEO_CONDUIT_EM_03_free_conduit_max_value_counts_the_raised_value():
    """EX-25 / GEO-CONDUIT-EM-01, GEO-CONDUIT-EM-03 / GEO-07/08: Y8 (free conduit of value <= 3), pairs token on basin 7: C7R
    (printed 3) is not allowed, C7L (printed 2) is; every other conduit printed <= 3 is. Placing C7L costs 3 pairs
    into the open segment without rotating."""
    g = _load({7: "conduit_pairs"}, companies={0: {"wheel": {"open": 2}}}, contracts={"hand": {0: ["Y8"]}},
              decision={"task": "fulfil", "seat": 0, "energy": 6})
    g.play(scenario.find_move(g, "Fulfil contract Y8"))
    offered = {d.rsplit(" ", 1)[1] for d in _moves(g)}
    assert offered == {"C2L", "C3R", "C4L", "C5L", "C6R", "C7L", "C8L", "C8R", "C9L", "C9R", "C10L", "C10R"}
    g.play(scenario.find_move(g, "on C7L"))
    c = _co(g)
    assert (c["excavators"], c["mixers"], c["wheel"]) == (9, 9, {"open": 2, "segments": {2: {"excavators": 3,
                                                                                               "mixers": 3}}})
    assert g.snapshot()["conduits"] == {"C7L": "USA"}


def test_GEO_07_free_placement_whose_token_cost_cannot_be_paid_is_not_offered():
    """GEO-07 / CONSTRUCT-21: with 1 Excavator the free base cannot go to the base-excavators basin 8 (B8U/B8L),
    only to the other plain basins."""
    g = _load({8: "base_excavators"}, companies={0: {"excavators": 1}}, contracts={"hand": {0: ["G12"]}},
              decision={"task": "fulfil", "seat": 0, "energy": 4})
    g.play(scenario.find_move(g, "Fulfil contract G12"))
    assert {d.rsplit(" ", 1)[1] for d in _moves(g)} == {"B9U", "B9L", "B10U", "B10L"}


def test_GEO_09_DECISION_31_free_conduit_sets_engineers_aside():
    """GEO-09 / DECISION-31: a free conduit on the engineers basin sets 2 Engineers aside on the company board
    (3 in supply -> 1, 2 set aside)."""
    g = _free({5: "conduit_engineers"}, "Y8", "C5L", companies={0: {"bank_engineers": 9}, 1: {"bank_engineers": 12}},
              passed=[1])
    c = _co(g)
    assert (c["engineers"], c["geological_engineers"], c["bank_engineers"]) == (1, 2, 9)


def test_GEO_09_free_conduit_without_the_engineers_is_not_offered():
    """GEO-09: with 1 Engineer in supply the free conduit cannot go on the engineers basin 5 (C5L), elsewhere it can."""
    g = _load({5: "conduit_engineers"}, companies={0: {"bank_engineers": 11}}, contracts={"hand": {0: ["Y8"]}},
              decision={"task": "fulfil", "seat": 0, "energy": 6})
    g.play(scenario.find_move(g, "Fulfil contract Y8"))
    offered = {d.rsplit(" ", 1)[1] for d in _moves(g)}
    assert "C5L" not in offered and "C7L" in offered


def test_GEO_09_DECISION_31_engineers_set_aside_return_at_end_of_round():
    """GEO-09 / DECISION-31: seat 0 has 2 Engineers; the free conduit sets both aside, so it must pass; the round
    ends and in the End of Round phase all 12 Engineers are back, none set aside."""
    g = _free({5: "conduit_engineers"}, "Y8", "C5L", companies={0: {"bank_engineers": 10}, 1: {"bank_engineers": 12}},
              passed=[1])
    assert g.round == 2 and g.phase == "actions"
    c = _co(g)
    assert (c["engineers"], c["geological_engineers"]) == (12, 0)


# ---------------------------------------------------------------------------------------------------------------
# Token effects
# ---------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("level, drops, officer, expected", [
    (1, 0, "Graziano Del Monte", 1),     # level 2 now: 1 Elevation -> 1 drop
    (1, 1, "Graziano Del Monte", 2),
    (2, 0, "Graziano Del Monte", 2),     # level 3: 2 Elevations -> 2 drops
    (2, 2, "Wilhelm Adler", 3),          # capacity 3
    (2, 2, "Graziano Del Monte", 4),     # Graziano's level-3 dam holds 4
])
def test_GEO_ELEV_CR_01_DECISION_32_drops_into_the_raised_dam(level, drops, officer, expected):
    """GEO-ELEV-CR-01 / DECISION-32: after the Elevation, 1 drop per Elevation the dam now has goes into that dam,
    up to its capacity."""
    g = _load({5: "elevation_credits"}, companies={0: {"officer": officer}},
              dams={"B5L": {"owner": 0, "level": level, "drops": drops}}, decision={"task": "main", "seat": 0})
    _construct(g, "B5L", "elevation")
    dam = g.snapshot()["dams"]["B5L"]
    assert (dam["level"], dam["drops"]) == (level + 1, expected)


def test_GEO_BASE_EXC_02_optional_drop_right_after_building():
    """GEO-BASE-EXC-02: right after the base is built the owner may put 1 drop into it (or decline)."""
    for choice, drops in (("Put a drop into B6L", 1), ("Do not add a drop", 0)):
        g = _load({6: "base_excavators"}, decision={"task": "main", "seat": 0})
        _construct(g, "B6L", "base")
        assert sorted(_moves(g)) == ["Do not add a drop", "Put a drop into B6L (geological token)"]
        g.play(scenario.find_move(g, choice))
        assert g.snapshot()["dams"]["B6L"]["drops"] == drops


def test_GEO_BASE_EXC_02_optional_drop_in_every_income_phase():
    """GEO-BASE-EXC-02: in the Income phase the owner may put 1 drop into its dam on the basin if it has room;
    a full dam gets no offer."""
    g = _load({6: "base_excavators"}, round=2, phase="income", dams={"B6L": {"owner": 0, "level": 2, "drops": 1}})
    assert g.phase == "income" and g.current_player == 0
    assert sorted(_moves(g)) == ["Do not add a drop", "Put a drop into B6L (geological token)"]
    g.play(scenario.find_move(g, "Put a drop"))
    assert g.snapshot()["dams"]["B6L"]["drops"] == 2
    full = _load({6: "base_excavators"}, round=2, phase="income", dams={"B6L": {"owner": 0, "level": 2, "drops": 2}})
    assert full.phase == "actions"
    assert full.snapshot()["dams"]["B6L"]["drops"] == 2


def _turbine(g, row="+0", left=True):
    g.play(scenario.find_move(g, f"Turbine Station {row}: one production ({'left' if left else 'right'})"))
    return g


def test_EX_27_GEO_CONDUIT_EM_02_production_uses_value_plus_1():
    """EX-27 / GEO-CONDUIT-EM-02: C5L printed 3 on the pairs basin, 2 drops, modifier 0, bonus 0: E = (3+1) x 2 = 8."""
    g = _load({5: "conduit_pairs"}, dams={"B5L": {"owner": 0, "level": 2, "drops": 2}}, conduits={"C5L": 0},
              powerhouses={"P8_0": 0}, contracts={"hand": {0: []}}, decision={"task": "main", "seat": 0})
    _turbine(g)
    assert sorted(_moves(g)) == ["Produce 1 drop(s) from B5L through C5L to P8_0: 4 energy",
                                 "Produce 2 drop(s) from B5L through C5L to P8_0: 8 energy"]
    g.play(scenario.find_move(g, "Produce 2 drop(s)"))
    assert _co(g)["energy"] == 8


def test_GEO_PH_EXC_01_plus_2_energy_counts_for_contracts():
    """GEO-PH-EXC-01 / DECISION-34: C5L (3) x 1 drop into P8_0 on the powerhouse-excavators basin: E = 3 + 2 = 5,
    enough for Y3 (needs 5)."""
    g = _load({8: "powerhouse_excavators"}, dams={"B5L": {"owner": 0, "level": 1, "drops": 1}}, conduits={"C5L": 0},
              powerhouses={"P8_0": 0}, contracts={"hand": {0: ["Y3"]}}, decision={"task": "main", "seat": 0})
    _turbine(g)
    assert _co(g)["energy"] == 5
    assert _moves(g) == ["Fulfil no contract", "Fulfil contract Y3 (needs 5)"]


def test_DECISION_34_PRODUCE_06_powerhouse_bonus_comes_after_viktors_minimum():
    """DECISION-34 / PRODUCE-06 step 5: Viktor, C6R (2) x 1 drop -> 4 (minimum), + 0 modifier + 0 bonus, + 2 token
    (P7_0 on the powerhouse-excavators basin 7) = 6 (not max(2 + 2, 4) = 4)."""
    g = _load({7: "powerhouse_excavators"}, companies={0: {"officer": "Viktor"}},
              dams={"B6L": {"owner": 0, "level": 1, "drops": 1}}, conduits={"C6R": 0}, powerhouses={"P7_0": 0},
              contracts={"hand": {0: []}}, decision={"task": "main", "seat": 0})
    _turbine(g)
    assert _co(g)["energy"] == 6


def _free_ph_production(tokens):
    """France (3 powerhouses: bonus +1, ability on) produces C6L (4) x 2 drops into P9_0 on Turbine +2; holds S1
    (needs 3); N1 and N2 (13) are on the national board."""
    g = _load(tokens, companies={0: {"company": "France"}, 1: {"company": "USA"}},
              dams={"B6L": {"owner": 0, "level": 2, "drops": 2}}, conduits={"C6L": 0},
              powerhouses={"P9_0": 0, "P5_0": 0, "P6_0": 0}, contracts={"hand": {0: ["S1"]}},
              decision={"task": "main", "seat": 0})
    _turbine(g, "+2")
    g.play(scenario.find_move(g, "Produce 2 drop(s)"))
    return g


def test_GEO_PH_FREE_01_DECISION_34_plus_4_energy_and_no_contract_at_all():
    """GEO-PH-FREE-01 / DECISION-34: E = 4 x 2 + 2 + 1 + 4 = 15, but no contract may be fulfilled (neither S1 nor
    the nationals, France included): play passes to the other seat, S1 stays in hand."""
    g = _free_ph_production({9: "powerhouse_free"})
    snap = g.snapshot()
    assert snap["companies"][0]["energy"] == 15
    assert g.current_player == 1 and g.pending == "choose an action"
    assert snap["contracts"]["hand"]["France"] == ["S1"]
    assert snap["contracts"]["national_board"] == ["N1"] and snap["contracts"]["fulfilled"] == {}


def test_GEO_PH_FREE_01_control_without_the_token_contracts_are_offered():
    """GEO-PH-FREE-01 (control): the same production without the token gives E = 11 and offers S1 and, with France's
    +3, N1 (13)."""
    g = _free_ph_production({})
    assert _co(g)["energy"] == 11
    assert {"Fulfil contract S1 (needs 3)", "Fulfil contract N1 (needs 13)"} <= set(_moves(g))


def test_GEO_CONDUIT_ENG_01_vp_per_drop_through_own_conduit():
    """GEO-CONDUIT-ENG-01: 2 drops through the company's own conduit C5L on the engineers basin: +2 VP."""
    g = _load({5: "conduit_engineers"}, dams={"B5L": {"owner": 0, "level": 2, "drops": 2}}, conduits={"C5L": 0},
              powerhouses={"P8_0": 0}, contracts={"hand": {0: []}}, decision={"task": "main", "seat": 0})
    _turbine(g)
    g.play(scenario.find_move(g, "Produce 2 drop(s)"))
    assert _co(g)["vp_by_source"].get("conduits", 0) == 2


def test_GEO_CONDUIT_ENG_01_PRODUCE_05_foreign_conduit_pays_and_scores_twice():
    """GEO-CONDUIT-ENG-01 + PRODUCE-05: 2 drops through seat 1's C5L: seat 0 pays 2 Credits; seat 1 gains 2 Credits,
    2 VP for the use and 2 VP from the token."""
    g = _load({5: "conduit_engineers"}, dams={"B5L": {"owner": 0, "level": 2, "drops": 2}}, conduits={"C5L": 1},
              powerhouses={"P8_0": 0}, contracts={"hand": {0: []}}, decision={"task": "main", "seat": 0})
    _turbine(g)
    g.play(scenario.find_move(g, "Produce 2 drop(s)"))
    cos = g.snapshot()["companies"]
    assert (cos[0]["credits"], cos[1]["credits"]) == (18, 8)
    assert cos[1]["vp_by_source"].get("conduits", 0) == 4
    assert cos[0]["vp_by_source"].get("conduits", 0) == 0


# GEO-BASE-CR-02: a flowing drop caught by a company's dam on the basin earns the dam's owner 1 Credit.
def _water_drop(dams):
    """Seat 1 takes Water Management 1 drop (flows now, left: no Credits) and puts it on HA -> B1U -> B1L."""
    g = _load({1: "base_credits"}, dams=dams, decision={"task": "main", "seat": 1})
    before = [c["credits"] for c in g.snapshot()["companies"]]
    g.play(scenario.find_move(g, "Water Management: 1 drop (flows now) (left)"))
    g.play(scenario.find_move(g, "Drop on headstream HA"))
    after = [c["credits"] for c in g.snapshot()["companies"]]
    return [a - b for a, b in zip(after, before)], g.snapshot()["dams"]


@pytest.mark.parametrize("dams, gains, held", [
    ({"B1U": {"owner": 0, "level": 1, "drops": 0}}, [1, 0], "B1U"),                       # caught by seat 0's dam
    ({"B1U": {"owner": 0, "level": 1, "drops": 1}, "B1L": {"owner": 1, "level": 1, "drops": 0}}, [0, 1], "B1L"),
    ({"B1U": {"owner": "neutral", "level": 1, "drops": 0}}, [0, 0], "B1U"),               # neutral: nobody
], ids=["own-dam", "passes-full-dam", "neutral-dam"])
def test_GEO_BASE_CR_02_DECISION_33_credit_per_caught_drop(dams, gains, held):
    """GEO-BASE-CR-02 / DECISION-33: the owner of the dam that catches a flowing drop gains 1 Credit (whoever placed
    the drop); a full dam the drop passes gives nothing; a neutral dam gives nobody anything."""
    got, after = _water_drop(dams)
    assert got == gains
    assert after[held]["drops"] == dams[held]["drops"] + 1


def test_GEO_BASE_CR_02_per_drop_credits_from_produced_drops():
    """GEO-BASE-CR-02: 2 produced drops leave P8 and are both caught by seat 0's level-2 B8U on the base-credits
    basin 8: +2 Credits."""
    g = _load({8: "base_credits"}, dams={"B5L": {"owner": 0, "level": 2, "drops": 2},
                                         "B8U": {"owner": 0, "level": 2, "drops": 0}},
              conduits={"C5L": 0}, powerhouses={"P8_0": 0}, contracts={"hand": {0: []}},
              decision={"task": "main", "seat": 0})
    _turbine(g)
    g.play(scenario.find_move(g, "Produce 2 drop(s)"))
    snap = g.snapshot()
    assert snap["dams"]["B8U"]["drops"] == 2
    assert snap["companies"][0]["credits"] == 22


def test_GEO_BASE_CR_02_DECISION_33_directly_placed_drops_earn_nothing():
    """GEO-BASE-CR-02 / DECISION-33: L1 Base puts a drop directly into every empty own dam (B1U on the base-credits
    basin included): no Credit. The base B5L (hill, lower) costs 4 Excavators and no Credits."""
    g = _load({1: "base_credits"}, companies={0: {"tiles": ["base", "elevation", "conduit", "powerhouse", "L1_base"]}},
              dams={"B1U": {"owner": 0, "level": 1, "drops": 0}}, decision={"task": "main", "seat": 0})
    _construct(g, "B5L", "L1_base")
    snap = g.snapshot()
    assert (snap["dams"]["B1U"]["drops"], snap["dams"]["B5L"]["drops"]) == (1, 1)
    assert snap["companies"][0]["credits"] == 20
