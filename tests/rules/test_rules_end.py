"""End of game (RULES.md §17): final scoring END-01..08, objective tiles OBJECTIVE-01..06 (the Colorado
"bridged dams" objective is not in this engine), DECISION-17/18; worked examples EX-15, EX-16.

Every position is loaded at the end of round 5's Actions phase (phase `water_flow`) and played through the Water Flow
and Scoring phases into the final scoring; VP are read by source from the snapshot and ranks from `Game.result()`.
"""
from __future__ import annotations

import pytest

from sim import scenario


def _place(by_seat):
    """{seat: ["B1U:3", "C1L", "P8_0", ...]} -> scenario dams / conduits / powerhouses (dam level after ':')."""
    dams, conduits, phs = {}, {}, {}
    for seat, pieces in by_seat.items():
        for p in pieces:
            name, _, level = p.partition(":")
            if name[0] == "B":
                dams[name] = {"owner": seat, "level": int(level or 1)}
            elif name[0] == "C":
                conduits[name] = seat
            else:
                phs[name] = seat
    return {"dams": dams, "conduits": conduits, "powerhouses": phs}


def _final(players, pieces=None, energies=None, companies=None, **doc):
    """Plays round 5's Water Flow and Scoring phases and the final scoring; returns (companies snapshot, result)."""
    energies = energies or [0] * players
    cos = {s: {"energy": e} for s, e in enumerate(energies)}
    for s, extra in (companies or {}).items():
        cos[s].update(extra)
    d = {"variant": {"players": players}, "round": 5, "phase": "water_flow", "companies": cos,
         **_place(pieces or {}), **doc}
    g = scenario.load(d)
    assert g.is_over and g.phase == "over"
    return g.snapshot()["companies"], g.result()


def _objective_vp(players, objective, pieces):
    cos, _ = _final(players, pieces, objective=objective)
    return [c["vp_by_source"].get("objective", 0) for c in cos]


# ---------------------------------------------------------------------------------------------------------------
# Objective ranking (END-02/03, DECISION-17, EX-16)
# ---------------------------------------------------------------------------------------------------------------

def test_END_02_distinct_counts_score_15_10_5_0():
    """END-02: red spaces counts 1, 3, 0, 2 (powerhouses on red spaces) -> 5, 15, 0, 10."""
    pieces = {0: ["P5_1"], 1: ["P6_1", "P7_1", "P8_2"], 3: ["P9_2", "P10_1"]}
    assert _objective_vp(4, "paying_spaces", pieces) == [5, 15, 0, 10]


def test_EX_16_objective_ranking_with_a_tie_for_second():
    """EX-16 (END-02/03): counts A 5, B 3, C 3, D 1 (basins with >= 1 piece) -> A 15; B and C share places 2-3:
    (10 + 5) / 2 = 7.5 -> 8 each; D 0."""
    pieces = {0: ["P5_0", "P6_0", "P7_0", "P8_0", "C1L"], 1: ["P9_0", "P10_0", "P11_0"],
              2: ["P5_1", "P6_1", "P12_0"], 3: ["P8_1"]}
    assert _objective_vp(4, "basins_with_1", pieces) == [15, 8, 8, 0]


@pytest.mark.parametrize("players, pieces, expected", [
    (4, {0: ["P5_1"], 1: ["P6_1"], 2: ["P7_1"]}, [10, 10, 10, 0]),           # 3 tied for 1st: 30/3
    (4, {0: ["P5_1", "P6_1", "P7_1"], 1: ["P8_2", "P9_2"]}, [15, 10, 3, 3]),  # 2 tied for 3rd-4th: ceil(5/2)
    (4, {}, [8, 8, 8, 8]),                                                     # all 0, ranked: ceil(30/4)
    (2, {}, [13, 13]),                                                         # all 0: ceil(25/2)
    (3, {1: ["P5_1"]}, [8, 15, 8]),                                            # zeros share 2nd-3rd: ceil(15/2)
], ids=["top3", "bottom2", "all0-4p", "all0-2p", "zeros-3p"])
def test_END_03_DECISION_17_ties_share_the_places_rounded_up_zeros_ranked(players, pieces, expected):
    """END-03 / DECISION-17: tied companies add the VP of the places they occupy (beyond 3rd: 0) and each get
    ceil(sum / n); companies with a count of 0 are ranked too."""
    assert _objective_vp(players, "paying_spaces", pieces) == expected


# ---------------------------------------------------------------------------------------------------------------
# Objective counts (OBJECTIVE-01..06). Three players: the subject (seat 0) sits between a reference with count k+1
# (seat 1) and one with k-1 (seat 2), so it scores 10 only if its count is exactly k (k+1 -> 13, k-1 -> 8,
# more -> 15, less -> 5).
# ---------------------------------------------------------------------------------------------------------------

OBJECTIVE_CASES = {
    # red spaces: B1U (upper, level 3: elevations do not count) and P8_2 count; B5L, P9_0 and conduits do not -> 2
    "OBJECTIVE-01": ("paying_spaces", {0: ["B1U:3", "B5L", "P8_2", "P9_0", "C1L"],
                                       1: ["P5_1", "P6_1", "P7_1"], 2: ["P10_1"]}),
    # best area: mountain B1U level 2 (2 pieces) + C1R (starts in zone 1, ends in hill zone 5) = 3; hill 1; plain 1
    "OBJECTIVE-02": ("best_area", {0: ["B1U:2", "C1R", "P5_0", "P8_0"],
                                   1: ["P8_1", "P9_0", "P10_0", "P11_0"], 2: ["P9_1", "P10_1"]}),
    # weakest area: mountain 1 (B2L), hill 2 (P6_0, C6R), plain 2 (P9_0, P12_0) -> 1; seat 2 has no mountain piece -> 0
    "OBJECTIVE-03": ("weakest_area", {0: ["B2L", "P6_0", "C6R", "P9_0", "P12_0"],
                                      1: ["C3L", "C3R", "P5_0", "P7_0", "P8_0", "P10_0"], 2: ["P11_0"]}),
    # connections: B1L (C1R -> P5_0 and C1L -> P8_0, counted once) and B3U (C3L -> P5_0, same powerhouse) count;
    # B2L (own C2L, no own powerhouse in zone 6) and B4L (C4L is seat 2's) do not -> 2
    "OBJECTIVE-04": ("connections", {0: ["B1L", "C1R", "C1L", "P5_0", "P8_0", "B3U", "C3L", "B2L", "C2L", "B4L", "P7_0"],
                                     1: ["B8U", "C8L", "B9U", "C9L", "B10U", "C10L", "P11_0"],
                                     2: ["B6U", "C6L", "P9_0", "C4L"]}),
    # basins >= 1: zones 11, 12 (powerhouse-only zones count), 1 (C1L starts there), 5, 8 -> 5
    "OBJECTIVE-05": ("basins_with_1", {0: ["P11_0", "P12_0", "C1L", "B5L", "P8_0"],
                                       1: ["P5_1", "P6_0", "P7_0", "P8_1", "C9L", "B10U"],
                                       2: ["P9_1", "P10_1", "B2L", "B3L"]}),
    # basins >= 3: zone 1 (level-3 dam), zone 5 (B5L + C5L + P5_0), zone 8 (level-2 dam + P8_0); zone 9 only 2 -> 3
    "OBJECTIVE-06": ("basins_with_3", {0: ["B1U:3", "B5L", "C5L", "P5_0", "B8L:2", "P8_0", "P9_0", "C9L"],
                                       1: ["B2L:3", "B3L:3", "B4L:2", "C4L", "B6L", "C6L", "P6_0"],
                                       2: ["B7U:3", "B10U:3"]}),
}


@pytest.mark.parametrize("rule", sorted(OBJECTIVE_CASES))
def test_OBJECTIVE_01_to_06_counts(rule):
    """OBJECTIVE-01, OBJECTIVE-02, OBJECTIVE-03, OBJECTIVE-04, OBJECTIVE-05, OBJECTIVE-06 (location: dams in their basin, conduits where they start, powerhouses in their zone;
    DECISION-17: all 12 zones are basins for OBJECTIVE-05): the subject is ranked 2nd exactly."""
    objective, pieces = OBJECTIVE_CASES[rule]
    assert _objective_vp(3, objective, pieces) == [10, 15, 5]


# ---------------------------------------------------------------------------------------------------------------
# Resources and drops (END-04/05, EX-15)
# ---------------------------------------------------------------------------------------------------------------

def test_EX_15_END_04_resources_one_vp_per_five_wheel_ignored():
    """EX-15 / END-04: after scoring (energy 1 -> +1 Credit) seat 0 holds 7 Credits, 5 Excavators, 3 Mixers and 2
    Excavators on the wheel: 15 div 5 = 3 VP. Seat 1: 7 + 4 + 3 = 14 -> 2. Seat 2: 1 + 0 + 3 = 4 -> 0."""
    cos, _ = _final(3, energies=[1, 1, 1], companies={
        0: {"credits": 6, "excavators": 5, "mixers": 3, "wheel": {"open": 0, "segments": {2: {"excavators": 2}}}},
        1: {"credits": 6, "excavators": 4, "mixers": 3},
        2: {"credits": 0, "excavators": 0, "mixers": 3}})
    assert [c["credits"] for c in cos] == [7, 7, 1]
    assert [c["vp_by_source"].get("resources", 0) for c in cos] == [3, 2, 0]


def test_END_05_one_vp_per_drop_in_own_dams_after_the_last_water_flow():
    """END-05: seat 0's dams hold 2 + 1 drops -> 3 VP; the neutral dam's drop scores for nobody; seat 1's empty dam
    B2L catches round 5's Water Flow drop from HB (B2U empty) -> 1 VP; seat 2's empty dam -> 0."""
    cos, _ = _final(3, dams={
        "B1L": {"owner": 0, "level": 2, "drops": 2}, "B5U": {"owner": 0, "level": 1, "drops": 1},
        "B2L": {"owner": 1, "level": 1, "drops": 0}, "B6U": {"owner": 2, "level": 1, "drops": 0},
        "B3L": {"owner": "neutral", "level": 1, "drops": 1}},
        headstreams={"HB": {"tile": 2, "drops": 1}})
    assert [c["vp_by_source"].get("dams", 0) for c in cos] == [3, 1, 0]


# ---------------------------------------------------------------------------------------------------------------
# Totals, winner and tiebreaks (END-01, END-06..08, DECISION-18)
# ---------------------------------------------------------------------------------------------------------------

def test_END_01_END_06_final_scoring_adds_objective_resources_and_dams_most_vp_wins():
    """END-01 / END-06: seat 0 (energy 7, P5_1 on a red space, dam B1L with 2 drops) and seat 1 (energy 0).
    Scoring: 6 award, +4 Credits / +3 Credits and -3 VP; bonus (powerhouses, round 5): 7 is 4 sections behind ->
    5 - 16 -> 0. Final: objective 15 / 10; resources (10+6+4)/5 = 4 and (9+6+4)/5 = 3; dams 2 / 0.
    Totals 10+6+15+4+2 = 37 and 10-3+10+3 = 20; seat 0 wins."""
    cos, res = _final(2, pieces={0: ["P5_1"]}, energies=[7, 0], objective="paying_spaces",
                      dams={"B1L": {"owner": 0, "level": 2, "drops": 2}})
    assert cos[0]["vp_by_source"] == {"start": 10, "energy_award": 6, "objective": 15, "resources": 4, "dams": 2}
    assert cos[1]["vp_by_source"] == {"start": 10, "energy_track": -3, "objective": 10, "resources": 3}
    assert [r.vp for r in res] == [37, 20]
    assert [(r.rank, r.win) for r in res] == [(1, 1.0), (2, 0.0)]


# Two companies, objective 0 each (13 VP each), no bonus; the resources come to 1 VP each after the track Credits.
def _tied_vp_game(e0, e1, vp1):
    return _final(2, energies=[e0, e1], objective="paying_spaces", companies={
        0: {"credits": 2, "excavators": 0, "mixers": 0}, 1: {"credits": 2, "excavators": 0, "mixers": 0, "vp": vp1}})


def test_END_07_vp_tie_broken_by_round_5_energy():
    """END-07: seat 0 (energy 10): 10 + 6 award + 13 objective + 1 resources (2+4 Credits) = 30; seat 1 (energy 4,
    14 VP before): 14 + 2 + 13 + 1 (2+3 Credits) = 30. Tied on VP, seat 0 has more round-5 energy and wins."""
    cos, res = _tied_vp_game(10, 4, 14)
    assert [r.vp for r in res] == [30, 30]
    assert [(r.rank, r.win) for r in res] == [(1, 1.0), (2, 0.0)]


def test_END_07_tiebreak_favours_the_higher_energy_whichever_seat():
    """END-07: the same tie with the seats' energies swapped (seat 1 on 10, seat 0 on 4 with 14 VP before)."""
    cos, res = _final(2, energies=[4, 10], objective="paying_spaces", companies={
        0: {"credits": 2, "excavators": 0, "mixers": 0, "vp": 14}, 1: {"credits": 2, "excavators": 0, "mixers": 0}})
    assert [r.vp for r in res] == [30, 30]
    assert [(r.rank, r.win) for r in res] == [(2, 0.0), (1, 1.0)]


def test_END_08_DECISION_18_tie_on_vp_and_energy_shares_the_victory():
    """END-08 / DECISION-18: both on 10 energy (4 VP each, SCORE-04), same resources and objective: 10+4+13+1 = 28
    each; still tied after END-07 -> both first, victory shared."""
    cos, res = _tied_vp_game(10, 10, 10)
    assert [r.vp for r in res] == [28, 28]
    assert [(r.rank, r.win) for r in res] == [(1, 0.5), (1, 0.5)]
