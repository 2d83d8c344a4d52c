"""Greedy features, plans across rounds: what a structure is worth as a step toward the next income of its row
(INCOME-04/05). A piece that reveals nothing still brings the row's next income one piece closer: the 5th base,
elevation or conduit is 7 VP in every later Income phase, and the greedy scorer otherwise sees an income only on
the very build that reveals it, so it stops a row one or two pieces short of it."""
from sim import ids
from strategies.feature_layout import I_COMP, I_NFUT, I_PIECES, W_INCOME, fast
from strategies.feature_rewards import reward_value

# Share of the next income credited per missing piece beyond this one: the remaining pieces still cost a
# construction action and machinery each, which the scorer pays when it builds them. 0.7 measured better than
# 0.5 and 0.6 (docs/bots.md).
STEP_SHARE = 0.7


@fast
def income_progress_value(T, I, X, W, struct):
    """Value for c of placing one more `struct` as a step toward its row's next unrevealed income: the income's
    reward over the Income phases it could still be collected in, once the missing pieces are built one per
    round, times STEP_SHARE per missing piece (INCOME-04: incomes under the 2nd, 4th and 5th piece)."""
    if struct == ids.POWERHOUSE:                                     # INCOME-07: no incomes in that row
        return 0.0
    full = 5
    n_after = full - I[I_PIECES + struct] + 1
    for i in range(3):
        at = T.income_at[i]
        if at > n_after:
            missing = at - n_after                                   # pieces after this one to reveal it
            phases = 1 + I[I_NFUT] - missing                         # gained when revealed, then every Income
            if phases <= 0:
                return 0.0
            share = STEP_SHARE ** missing
            return W[W_INCOME] * share * phases * reward_value(T, I, X, W, T.income_reward[I[I_COMP], struct, i])
    return 0.0
