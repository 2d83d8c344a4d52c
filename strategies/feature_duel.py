"""Barrage: Duel features of the greedy scorer (DUEL-CHECK-*, DUEL-COND-*, DUEL-END-01): what one more count of a
duel condition is worth to the deciding company at the next Check phase.

One more count than now moves that row's marker one space further toward the company (or one space less toward the
opponent: the same difference, DUEL-CHECK-03). Its value is the change of the end-of-game marker VP from the
current position (own VP gained, or the opponent's VP taken away: a 2-player game) plus the reward tile on that
space, if any (DUEL-CHECK-05). The values per condition (X_DUEL) then raise the value of what each condition
counts: Credits (/3), energy produced this round (/4), the scarcer machinery of a pair, drops in own dams, and the
points of a contract fulfilled now. Everything is zero without the duel board, so base-game scores are unchanged.
"""
from sim import ids
from sim import layout as L
from strategies.feature_layout import I_C, I_E0, I_EXC, I_MIX, X_CV, X_DROPV, X_DUEL, X_EV, X_MV, fast
from strategies.feature_rewards import reward_value

CREDITS_PER_COUNT = 3     # DUEL-COND-01
ENERGY_PER_COUNT = 4      # DUEL-COND-02
STOCK_KEEP = 0.5          # a Credit or machinery gained now may be spent before the Check: half its count value


@fast
def _side_vp(T, c, p):
    """End-of-game marker VP of position p for company c, minus the opponent's (DUEL-END-01)."""
    if p == 0:
        return 0.0
    v = float(T.duel_vp[abs(p)])
    return v if (p < 0) == (c == 0) else -v


@fast
def row_count_value(S, T, I, X, W, c, row):
    """VP for c of one more count on `row` at the next Check: the marker's end VP change plus the reward tile on the
    next space toward c (DUEL-CHECK-04: nothing past the end)."""
    p = S[L.DUEL_MARKER + row]
    step = -1 if c == 0 else 1
    if p * step >= T.duel_scale[0]:
        return 0.0
    v = _side_vp(T, c, p + step) - _side_vp(T, c, p)
    t = S[L.DUEL_TILE + row * (2 * L.MAX_SCALE + 1) + p + step + L.MAX_SCALE]
    if t >= 0:
        v += reward_value(T, I, X, W, T.duel_reward_rid[t])
    return v


@fast
def add_duel_values(S, T, I, X, W):
    """Fills X_DUEL and adds the duel's value to the context's resource values (after make_context)."""
    if T.duel_board[0] == 0:
        return
    c = I[I_C]
    for row in range(ids.DUEL_ROWS):
        cond = S[L.DUEL_COND + row]
        X[X_DUEL + cond] += row_count_value(S, T, I, X, W, c, row)
    X[X_CV] += STOCK_KEEP * X[X_DUEL + ids.DC_CREDITS] / CREDITS_PER_COUNT
    pair = STOCK_KEEP * X[X_DUEL + ids.DC_PAIRS]                 # DUEL-COND-04: the scarcer kind completes a pair
    if I[I_EXC] < I[I_MIX]:
        X[X_EV] += pair
    elif I[I_MIX] < I[I_EXC]:
        X[X_MV] += pair
    else:
        X[X_EV] += 0.5 * pair
        X[X_MV] += 0.5 * pair
    drop = X[X_DUEL + ids.DC_DROPS]                              # DUEL-COND-03: drops held by own dams
    if drop != 0.0:
        for d in range(T.n_dams[0]):
            if S[L.DAM_OWNER + d] == c:
                X[X_DROPV + d] += drop


@fast
def duel_energy_value(I, X, energy):
    """DUEL-COND-02: value of producing `energy` more this round (whole counts of 4 it completes)."""
    e0 = I[I_E0]
    return X[X_DUEL + ids.DC_ENERGY] * ((e0 + energy) // ENERGY_PER_COUNT - e0 // ENERGY_PER_COUNT)


@fast
def duel_contract_value(T, X, k):
    """DUEL-COND-05: value of the points contract k adds to this round's count when fulfilled now."""
    if T.duel_board[0] == 0:
        return 0.0
    return X[X_DUEL + ids.DC_CONTRACTS] * T.duel_contract_pts[T.contract_kind[k]]
