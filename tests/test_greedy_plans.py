"""Greedy plans beyond one move: a structure as a step toward its row's next income (INCOME-04/05), energy as a
step toward the next bonus-tile section (BONUS-02/03), a contract's hand value (w_hand), banking part
of the Engineers to pay for the next action (ACT-BANK-01)."""
import numpy as np
import pytest

from sim import ids, scenario
from strategies.feature_layout import N_I, N_WEIGHTS, N_X, load_weights
from strategies.feature_plan import STEP_SHARE, income_progress_value
from strategies.features import make_context
from strategies.greedy import greedy_choose
from strategies.registry import parse

GREEDY = parse("greedy")[1]


def _context(g, seat=0):
    I = np.zeros(N_I, dtype=np.int64)
    X = np.zeros(N_X)
    W = np.zeros(N_WEIGHTS)
    load_weights(GREEDY, W)
    make_context(g.state, g.tables, seat, W, I, X, True)
    return I, X, W


def _seat0(round_, bases):
    dams = {f"B{z}U": 0 for z in range(1, 1 + bases)}
    return scenario.load({"players": 2, "round": round_, "phase": "actions", "dams": dams,
                          "companies": {0: {"company": "USA", "officer": "Wilhelm"}},
                          "decision": {"task": "main", "seat": 0}})


@pytest.mark.parametrize("round_, bases, expected", [
    (1, 3, STEP_SHARE * 4 * 7.0),   # the 4th base: the 5th-base income (7 VP, INCOME-04) in 4 of rounds 2-5
    (3, 3, STEP_SHARE * 2 * 7.0),   # in round 3: revealed in round 4 at the earliest, then once more in round 5
    (5, 3, 0.0),                    # round 5: a 5th base could not come in a later round
    (2, 4, 0.0),                    # the 5th base reveals the last income itself (type_value counts it)
])
def test_INCOME_04_a_base_is_worth_a_share_of_the_next_income(round_, bases, expected):
    """INCOME-04/05: the 5th base's income is 7 VP (always, INCOME-04), gained when revealed and in every later
    Income phase; the piece before it is worth STEP_SHARE of that (w_income = 1 in `greedy`)."""
    g = _seat0(round_, bases)
    I, X, W = _context(g)
    assert income_progress_value(g.tables, I, X, W, ids.BASE) == pytest.approx(expected)
    assert income_progress_value(g.tables, I, X, W, ids.POWERHOUSE) == 0.0        # INCOME-07


def _short_of_credits(credits, engineers):
    """Seat 0 (no machinery, `credits`) can produce from its own B5U only through seat 1's conduit C5L, which
    costs 1 Credit per drop (PRODUCE-05); the Contract Office space is taken."""
    return scenario.load({
        "players": 2, "round": 2, "phase": "actions",
        "companies": {0: {"company": "USA", "officer": "Wilhelm", "credits": credits, "engineers": engineers,
                          "bank_engineers": 12 - engineers, "excavators": 0, "mixers": 0},
                      1: {"company": "Italy", "officer": "Viktor"}},
        "dams": {"B5U": {"owner": 0, "level": 2, "drops": 2}}, "conduits": {"C5L": 1},
        "powerhouses": {"P8_0": 0}, "action_spaces": {"contract_take1_L": 1},
        "decision": {"task": "main", "seat": 0}})


def _pick(g):
    moves = g.legal_codes()
    rng = np.ones(1, dtype=np.int64)
    return g.describe(int(moves[greedy_choose(GREEDY, g.state, g.tables, moves, len(moves), rng)]))


def test_ACT_BANK_01_banks_one_engineer_to_pay_for_a_production():
    """ACT-BANK-01, PRODUCE-05: with no Credits neither the production through another company's conduit nor the
    paid Contract Office space is legal; banking all 3 Engineers would end the round's actions, banking 1 pays
    for one of them next turn."""
    g = _short_of_credits(0, 3)
    assert not any(d.startswith("Turbine") for d in (m.description for m in g.legal_moves()))
    assert _pick(g) == "Bank: 1 Engineer for 1 Credit"
    after = _short_of_credits(1, 2)                               # the position once the Credit is banked
    without = {m.description for m in _short_of_credits(0, 2).legal_moves()}
    assert any(m.description.startswith("Turbine") for m in after.legal_moves())
    assert _pick(after) not in without                            # what it does next needs the banked Credit



def _bases_round_2(engineers):
    """Seat 0 owns 3 bases in round 2, whose bonus tile counts bases (4 VP each, BONUS-04): 12 VP at 12+ energy,
    8 VP at 6-11 (one section behind, BONUS-03), nothing below 6 (BONUS-02)."""
    return scenario.load({"players": 2, "round": 2, "phase": "actions",
                          "bonus_tiles": ["contracts", "bases", "elevations", "conduits", "powerhouses"],
                          "dams": {"B1U": 0, "B2U": 0, "B3U": 0},
                          "companies": {0: {"company": "USA", "officer": "Wilhelm", "engineers": engineers,
                                            "bank_engineers": 12 - engineers}},
                          "decision": {"task": "main", "seat": 0}})


@pytest.mark.parametrize("engineers, energy, step", [
    (5, 0, 0.0),          # no energy: no step
    (5, 3, 8.0 * 3 / 6),  # half way to the threshold (8 VP there)
    (5, 9, 4.0 * 3 / 6),  # half way from 8 VP (one section behind) to 12 VP
    (5, 12, 0.0),         # on this round's section: nothing ahead
    (1, 3, 0.5 * 8.0 * 3 / 6),   # 1 Engineer left: half the step (X_NOW)
])
def test_BONUS_03_energy_short_of_the_next_section_is_a_step(engineers, energy, step):
    """BONUS-02/03: with w_estep, energy short of the round's next bonus-tile section is worth w_estep x that
    section's VP x the share of its 6 energy reached, times X_NOW (more productions can follow this round)."""
    from strategies.feature_layout import W_ESTEP
    from strategies.feature_rewards import energy_vp

    g = _bases_round_2(engineers)
    I, X, W = _context(g)
    T = g.tables
    without = energy_vp(I, X, W, energy, T)
    W[W_ESTEP] = 0.5
    assert energy_vp(I, X, W, energy, T) - without == pytest.approx(0.5 * step)


def test_CONTRACT_hand_value_is_scaled_by_w_hand():
    """A contract held in hand is worth w_hand x its feasibility x its fulfilment value (take, keep, discard);
    the fulfilment itself (fulfil_value) does not depend on w_hand."""
    from strategies.feature_layout import W_HAND
    from strategies.feature_rewards import fulfil_value, keep_value

    g = _bases_round_2(5)
    I, X, W = _context(g)
    T = g.tables
    k = 5
    keep, fulfil = keep_value(T, I, X, W, k), fulfil_value(T, I, X, W, k)
    assert keep > 0.0
    W[W_HAND] = 0.5
    assert keep_value(T, I, X, W, k) == pytest.approx(0.5 * keep)
    assert fulfil_value(T, I, X, W, k) == fulfil
