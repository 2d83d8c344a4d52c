"""Greedy plans beyond one move: a structure as a step toward its row's next income (INCOME-04/05), banking part
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

