"""Scoring phase (RULES.md §15): energy award, energy-track Credits, bonus tiles; APPX-04 energy table,
ERRATA-03, DECISION-04; worked examples EX-05..EX-08.

Every scenario is loaded at the end of the Actions phase (phase `water_flow`, whose stack holds the `water_phase`
task) or in the last turn of the Actions phase, and played through the Scoring phase; VP are read by source.
"""
from __future__ import annotations

import pytest

from sim import scenario

# Four powerhouses per seat in four different zones (CONSTRUCT-16), for bonus-tile tests.
FOUR_PH = {
    0: ["P5_0", "P6_0", "P7_0", "P8_0"],
    1: ["P5_1", "P6_1", "P7_1", "P8_1"],
    2: ["P8_2", "P9_0", "P10_0", "P11_0"],
    3: ["P9_1", "P10_1", "P11_1", "P12_0"],
}


def _score(energies, round_=5, players=None, powerhouses=None, **doc):
    """Loads a position at the end of the Actions phase of `round_` with the given energy per seat (other fields via
    `doc`), lets the Water Flow and Scoring phases run, and returns the snapshot's companies."""
    players = players or max(2, len(energies))
    companies = {s: {"energy": e} for s, e in enumerate(energies)}
    for s, extra in doc.pop("companies", {}).items():
        companies.setdefault(s, {}).update(extra)
    d = {"variant": {"players": players}, "round": round_, "phase": "water_flow", "companies": companies, **doc}
    if powerhouses:
        d["powerhouses"] = {p: s for s, lst in powerhouses.items() for p in lst}
    g = scenario.load(d)
    if round_ == 5:
        assert g.is_over
    else:
        assert g.round == round_ + 1
    return g.snapshot()["companies"]


def _vp(companies, source):
    return [c["vp_by_source"].get(source, 0) for c in companies]


# ---------------------------------------------------------------------------------------------------------------
# First / second energy award (SCORE-02..04)
# ---------------------------------------------------------------------------------------------------------------

def test_SCORE_02_03_sole_leader_6_sole_second_2_zero_energy_not_eligible():
    """SCORE-02/03: 10 > 7 > 4 > 0 -> 6 VP, 2 VP, nothing for third, nothing for the zero (not eligible)."""
    cos = _score([10, 7, 4, 0])
    assert _vp(cos, "energy_award") == [6, 2, 0, 0]


def test_SCORE_02_nobody_with_energy_gets_no_award():
    """SCORE-02: companies with energy 0 are not eligible: no award at all."""
    cos = _score([0, 0, 0])
    assert _vp(cos, "energy_award") == [0, 0, 0]


def test_SCORE_02_03_single_eligible_company_gets_first_and_no_second_is_given():
    """SCORE-02/03: only one company has energy >= 1: it scores 6; the zeros get no second-place award."""
    cos = _score([0, 1, 0, 0])
    assert _vp(cos, "energy_award") == [0, 6, 0, 0]


def test_SCORE_03_tied_second_place_gets_1_each():
    """SCORE-03: leader 6 VP; three companies tied for the second value get 1 VP each."""
    cos = _score([3, 9, 3, 3])
    assert _vp(cos, "energy_award") == [1, 6, 1, 1]


@pytest.mark.parametrize("energies, expected", [
    ([8, 8, 2, 0], [4, 4, 0, 0]),      # ceil(8/2) = 4, no second place for the 2
    ([5, 5, 5, 2], [3, 3, 3, 0]),      # ceil(8/3) = 3
    ([7, 7, 7, 7], [2, 2, 2, 2]),      # ceil(8/4) = 2
], ids=["two", "three", "four"])
def test_SCORE_04_tie_for_first_shares_ceil_8_over_n_and_no_second(energies, expected):
    """SCORE-04: n >= 2 tied leaders each score ceil(8/n); no second-place award."""
    assert _vp(_score(energies), "energy_award") == expected


def test_EX_08_ties_in_the_energy_award():
    """EX-08 (SCORE-03/04): (a) A 10, B 10, C 4 -> 4, 4, 0; (b) A 10, B 4, C 4 -> 6, 1, 1."""
    assert _vp(_score([10, 10, 4]), "energy_award") == [4, 4, 0]
    assert _vp(_score([10, 4, 4]), "energy_award") == [6, 1, 1]


# ---------------------------------------------------------------------------------------------------------------
# Energy-track Credits and the zero-energy penalty (SCORE-05/06, APPX-04, ERRATA-03, DECISION-04)
# ---------------------------------------------------------------------------------------------------------------

# APPX-04 / SCORE-05 band edges: (energy this round, Credits gained).
CREDIT_BANDS = [(0, 3), (1, 1), (2, 2), (3, 2), (4, 3), (5, 3), (6, 3), (7, 4), (10, 4), (11, 5), (15, 5), (16, 6),
                (17, 6), (21, 6), (22, 7), (23, 7), (24, 7), (28, 7), (29, 8), (30, 8), (31, 8), (47, 8)]
CREDIT_CHUNKS = [CREDIT_BANDS[i:i + 4] for i in range(0, len(CREDIT_BANDS), 4)]


@pytest.mark.parametrize("chunk", CREDIT_CHUNKS, ids=lambda ch: "E=" + ",".join(str(e) for e, _ in ch))
def test_SCORE_05_APPX_04_DECISION_04_track_credit_bands(chunk):
    """SCORE-05 / APPX-04 / DECISION-04: Credits by energy band 0->3, 1->1, 2-3->2, 4-6->3, 7-10->4, 11-15->5,
    16-21->6, 22-28->7, 29+->8 (a flipped marker counts as 30); starting Credits are 6 (SETUP-20)."""
    cos = _score([e for e, _ in chunk])
    assert [c["credits"] - 6 for c in cos] == [cr for _, cr in chunk]


def test_SCORE_05_06_ERRATA_03_minus_3_vp_only_for_a_marker_still_on_0():
    """SCORE-05/06, ERRATA-03: 0 energy -> 3 Credits and -3 VP; 1 or more energy never loses VP."""
    cos = _score([0, 1, 2, 0])
    assert _vp(cos, "energy_track") == [-3, 0, 0, -3]
    assert [c["credits"] for c in cos] == [9, 7, 8, 9]


def test_SCORE_06_penalty_depends_on_this_round_only():
    """SCORE-06: energy recorded in earlier rounds does not protect a marker that is on 0 this round."""
    cos = _score([0, 5], round_=3, companies={0: {"energy_by_round": [20, 20, 0, 0, 0]}})
    assert _vp(cos, "energy_track") == [-3, 0]


def test_EX_06_first_second_award_and_track_credits():
    """EX-06 (SCORE-02..06): Paul 9, Joanna 5, Sophia 5, Viktor 0 -> Paul 6 VP, Joanna and Sophia 1 VP each,
    Viktor none; Credits 4, 3, 3, 3 and Viktor -3 VP."""
    cos = _score([9, 5, 5, 0])
    assert _vp(cos, "energy_award") == [6, 1, 1, 0]
    assert [c["credits"] - 6 for c in cos] == [4, 3, 3, 3]
    assert _vp(cos, "energy_track") == [0, 0, 0, -3]


# ---------------------------------------------------------------------------------------------------------------
# Bonus tiles (BONUS-01..04, APPX-04 sections)
# ---------------------------------------------------------------------------------------------------------------

# Round 5, four powerhouses each (4 x 5 = 20 VP): 20 - 4 x (5 - floor(E/6)), nothing below 6, never below 0.
SECTION_CASES = [[(5, 0), (6, 4), (11, 4), (12, 8)],
                 [(17, 8), (18, 12), (23, 12), (24, 16)],
                 [(28, 16), (29, 16), (30, 20), (36, 20)]]


@pytest.mark.parametrize("cases", SECTION_CASES, ids=lambda cs: "E=" + ",".join(str(e) for e, _ in cs))
def test_BONUS_02_03_APPX_04_DECISION_04_sections_behind_in_round_5(cases):
    """BONUS-02/03, APPX-04 (bonus section reached: 6-11 -> 1, 12-17 -> 2, 18-23 -> 3, 24-29 -> 4, 30+ -> 5),
    DECISION-04: the powerhouse tile (5 VP each) in round 5 with 4 powerhouses."""
    cos = _score([e for e, _ in cases], powerhouses=FOUR_PH)
    assert _vp(cos, "bonus_tiles") == [v for _, v in cases]


def test_BONUS_03_sections_behind_in_round_2():
    """BONUS-03: round 2, one powerhouse (5 VP): E 6 -> 1 section behind -> 1; E 11 -> 1; E 12 -> 5; E 40 -> 5."""
    ph = {0: ["P5_0"], 1: ["P5_1"], 2: ["P6_0"], 3: ["P6_1"]}
    cos = _score([6, 11, 12, 40], round_=2, powerhouses=ph,
                 bonus_tiles=["contracts", "powerhouses", "bases", "conduits", "elevations"])
    assert _vp(cos, "bonus_tiles") == [1, 1, 5, 5]


def test_BONUS_02_below_6_energy_scores_nothing_even_in_round_1():
    """BONUS-02: 5 energy scores nothing; 6 energy in round 1 scores the full tile (section 1 reached)."""
    ph = {0: ["P5_0", "P8_0"], 1: ["P5_1", "P8_1"]}
    cos = _score([5, 6], round_=1, powerhouses=ph,
                 bonus_tiles=["powerhouses", "contracts", "bases", "conduits", "elevations"])
    assert _vp(cos, "bonus_tiles") == [0, 10]


def test_EX_07_bonus_tile_with_sections_behind():
    """EX-07 (BONUS-01..04, SCORE-01): round 3, 5 VP per powerhouse. Narrator 2 PH / 18 -> 10; Viktor 3 PH / 12 ->
    15 - 4 = 11; Joanna 1 PH / 6 -> 5 - 8 -> 0; Paul 3 PH / 5 -> nothing."""
    ph = {0: ["P5_0", "P8_0"], 1: ["P5_1", "P6_0", "P9_0"], 2: ["P6_1"], 3: ["P7_0", "P8_1", "P10_0"]}
    cos = _score([18, 12, 6, 5], round_=3, powerhouses=ph,
                 bonus_tiles=["contracts", "bases", "powerhouses", "conduits", "elevations"])
    assert _vp(cos, "bonus_tiles") == [10, 11, 0, 0]


def test_BONUS_01_SCORE_01_round_uses_its_own_tile_after_earlier_ones_were_discarded():
    """BONUS-01 / SCORE-01 (4): the current tile is the leftmost remaining one, i.e. the tile of section r in round r:
    in round 2 the powerhouse tile (2 PH x 5 = 10) scores, not round 1's base tile (1 base x 4) nor round 3's."""
    cos = _score([12, 0], round_=2, powerhouses={0: ["P5_0", "P8_0"]}, dams={"B5L": 0},
                 bonus_tiles=["bases", "powerhouses", "elevations", "conduits", "contracts"])
    assert _vp(cos, "bonus_tiles") == [10, 0]


# One position holding: 2 fulfilled contracts, 2 bases with 3 elevations (levels 3 and 2), 1 conduit, 2 powerhouses,
# 2 advanced tiles (one in supply, one on the wheel). Energy 30 in round 1: no reduction.
BONUS_POSITION = dict(
    dams={"B5L": {"owner": 0, "level": 3}, "B8L": {"owner": 0, "level": 2}},
    conduits={"C9L": 0},
    powerhouses={0: ["P6_0", "P9_0"]},
    contracts={"fulfilled": {0: ["S1", "G1"]}},
    companies={0: {"tiles": ["base", "elevation", "conduit", "powerhouse", "L1_base"],
                   "wheel": {"open": 0, "segments": {3: {"tiles": ["L2_conduit"]}}}}},
)


@pytest.mark.parametrize("tile, expected", [
    ("contracts", 2 * 2), ("bases", 2 * 4), ("elevations", 3 * 4), ("conduits", 1 * 4), ("powerhouses", 2 * 5),
    ("advanced_tiles", 2 * 4)])
def test_BONUS_04_what_each_tile_counts(tile, expected):
    """BONUS-04: contracts fulfilled x2, bases x4, elevations x4, conduits x4, powerhouses x5, advanced tiles owned
    (supply and wheel, TECH-05) x4; counts taken at scoring time."""
    others = [b for b in ("contracts", "bases", "elevations", "conduits", "powerhouses", "advanced_tiles") if b != tile]
    pos = {k: v for k, v in BONUS_POSITION.items()}
    cos = _score([30, 0], round_=1, bonus_tiles=[tile] + others[:4], **pos)
    assert _vp(cos, "bonus_tiles") == [expected, 0]


def test_SCORE_01_all_three_steps_in_one_scoring_phase():
    """SCORE-01: award (6), track Credits (12 -> 5) and the round's bonus tile (2 PH x 5, no section behind) are all
    resolved in one Scoring phase; the round's energy is recorded."""
    cos = _score([12, 3], round_=2, powerhouses={0: ["P5_0", "P8_0"]},
                 bonus_tiles=["bases", "powerhouses", "elevations", "conduits", "contracts"])
    assert cos[0]["vp_by_source"] == {"start": 10, "energy_award": 6, "bonus_tiles": 10}
    assert cos[1]["vp_by_source"] == {"start": 10, "energy_award": 2}
    assert [c["credits"] for c in cos] == [6 + 5, 6 + 2]
    assert [c["energy_by_round"][1] for c in cos] == [12, 3]


# ---------------------------------------------------------------------------------------------------------------
# EX-05: passing 30
# ---------------------------------------------------------------------------------------------------------------

def test_EX_05_passing_30_flipped_marker_scores_as_30_and_ranks_with_its_true_total():
    """EX-05 (PRODUCE-17, SCORE-05, BONUS-03, SCORE-03): round 5, marker on 28, a production of E = 5 (C1L value 5,
    1 drop, modifier 0, 1 powerhouse -> bonus 0) -> 33. Scoring: 8 Credits, bonus tile (1 PH x 5) at full value,
    and 33 beats an opponent on 31 for the award (6 vs 2)."""
    doc = {
        "round": 5, "phase": "actions", "passed": [1, 2, 3],
        "companies": {0: {"energy": 28, "bank_engineers": 10}, 1: {"energy": 31, "bank_engineers": 12},
                      2: {"bank_engineers": 12}, 3: {"bank_engineers": 12}},
        "dams": {"B1L": {"owner": 0, "level": 1, "drops": 1}},
        "conduits": {"C1L": 0},
        "powerhouses": {"P8_0": 0, "P5_0": 1},
        "contracts": {"hand": {0: []}},
        "bonus_tiles": ["contracts", "bases", "elevations", "conduits", "powerhouses"],
        "decision": {"task": "main", "seat": 0},
    }
    g = scenario.load(doc)
    g.play(scenario.find_move(g, "Turbine Station +0: one production (left)"))
    assert g.is_over
    cos = g.snapshot()["companies"]
    assert cos[0]["energy_by_round"][4] == 33
    assert cos[0]["credits"] == 6 + 8
    assert cos[1]["credits"] == 6 + 8
    assert _vp(cos, "bonus_tiles")[:2] == [5, 5]
    assert _vp(cos, "energy_award")[:2] == [6, 2]
