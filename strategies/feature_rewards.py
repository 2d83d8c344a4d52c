"""Greedy features, energy, rewards and contracts: the energy track and awards this round, what a reward or a
contract is worth to the deciding company (SCORE-*, REWARD-*, CONTRACT-*)."""
from sim import ids
from sim import layout as L
from strategies.feature_colorado_keys import colorado_keys_value
from strategies.feature_layout import (
    I_ABIL,
    I_BCOUNT,
    I_CAND_K,
    I_CAND_REQ,
    I_COMP,
    I_N1,
    I_NCAND,
    I_O1,
    I_O2,
    I_R,
    I_TILE,
    W_AWARD,
    W_BONUS,
    W_BUILD,
    W_CONTRACT,
    W_ENERGY,
    W_ESTEP,
    W_FSHARP,
    W_HAND,
    X_BEST_CAP,
    X_BEST_NOW,
    X_BEST_POT,
    X_CANDV,
    X_CFUT,
    X_CV,
    X_DROP_LATER,
    X_DROP_NOW,
    X_EU,
    X_EV,
    X_MV,
    X_NOW,
    X_WSEG,
    fast,
    inlined,
)

# ---------------------------------------------------------------------------------------------------------------
# Energy, rewards, contracts

@inlined
def energy_vp(I, X, W, e, T):
    """VP-equivalent for c of ending this round on energy e, the others as they stand (SCORE-02..06, BONUS-02/03)."""
    award = 0.0
    if e >= 1:
        o1 = I[I_O1]
        n1 = I[I_N1]
        if e > o1:
            award = T.award[0]
        elif e == o1:
            award = (T.award[0] + T.award[1] + n1) // (n1 + 1)
        elif n1 == 1:
            if e > I[I_O2]:
                award = T.award[1]
            elif e == I[I_O2]:
                award = 1.0
    v = W[W_AWARD] * award + T.credits_by_energy[min(e, 30)] * X[X_CV]
    if e == 0:
        v += T.zero_energy_vp[0]
    bonus = _bonus_tile_vp(I, T, e)
    v += bonus
    if W[W_ESTEP] > 0.0:
        v += X[X_NOW] * _section_step(I, W, e, T, bonus)
    return v


@inlined
def _bonus_tile_vp(I, T, e):
    """BONUS-02/03: the round's bonus tile for c ending the round on energy e."""
    if e < T.bonus_threshold[0]:
        return 0.0
    behind = max(0, I[I_R] - e // T.section_size[0])
    return float(max(0, T.bonus_vp[I[I_TILE]] * I[I_BCOUNT] - T.section_malus[0] * behind))


@inlined
def _section_step(I, W, e, T, bonus):
    """A step toward this round's next bonus-tile threshold (BONUS-02/03), as the income step is toward an
    income: energy short of the next section (6 energy; the first one is the threshold) is worth `w_estep` x that
    section's VP x the share of it reached -- a production that leaves c short can be followed by another this
    round (the caller scales by X_NOW, c's Engineers left). Against Automa level 4 the planner ends rounds 2-5 on
    7 / 12 / 18 / 24 energy, `tuned` on 3 / 7 / 14 / 19 (docs/bots.md, fifth pass)."""
    sec = T.section_size[0]
    if e >= sec * I[I_R]:                                  # no section behind this round's: nothing ahead
        return 0.0
    nxt = max(T.bonus_threshold[0], (e // sec + 1) * sec)
    gain = _bonus_tile_vp(I, T, nxt) - bonus
    return W[W_ESTEP] * gain * (e - (nxt - sec)) / sec if gain > 0.0 else 0.0


@inlined
def wheel_value(X, n):
    """Value of what n rotations of c's wheel bring back (WHEEL-04)."""
    v = 0.0
    for j in range(min(n, 6)):
        v += X[X_WSEG + j]
    return v


@inlined
def reward_value(T, I, X, W, rid):
    """VP-equivalent for c of reward rid (REWARD-01..11), valued as if gained now."""
    r = T.rewards[rid]
    v = float(r[ids.RK_VP])
    v += r[ids.RK_CREDITS] * X[X_CV] + r[ids.RK_EXC] * X[X_EV] + r[ids.RK_MIX] * X[X_MV]
    v += r[ids.RK_ANY_MACHINE] * max(X[X_EV], X[X_MV])
    v += (r[ids.RK_ENERGY] + r[ids.RK_ENERGY_PRODUCED]) * W[W_ENERGY] * X[X_EU]
    if r[ids.RK_ROTATE] > 0:
        v += wheel_value(X, r[ids.RK_ROTATE])
    v += r[ids.RK_DROPS_NOW] * X[X_DROP_NOW] + r[ids.RK_DROPS_HEAD] * X[X_DROP_LATER]
    wb = W[W_BUILD]
    if r[ids.RK_FREE_BASE] > 0:
        v += 4.0 * wb
    if r[ids.RK_FREE_CONDUIT] > 0:
        v += (1.5 + 0.8 * r[ids.RK_FREE_CONDUIT]) * wb
    if r[ids.RK_FREE_PH] > 0:
        v += 5.0 * wb
    v += 2.5 * wb * r[ids.RK_FREE_ELEV]
    if r[ids.RK_FULFIL_OWN] > 0 or r[ids.RK_ENERGY_PRODUCED] > 0:
        v += 2.0 * W[W_CONTRACT]
    if T.colo_enabled[0] == 1:                              # The Colorado Connection's keys
        v += colorado_keys_value(T, I, X, W, r)
    return v


@inlined
def contract_feasibility(T, I, X, k):
    """Rough chance that c fulfils contract k in the rest of the game, from its best production energies."""
    req = T.contract_req[k]
    if I[I_COMP] == ids.FRANCE and I[I_ABIL] == 1:          # COMPANY-FRA-01
        req -= T.ability[ids.AV_FRANCE_REDUCTION]
    if req <= X[X_BEST_NOW]:
        f = 0.9
    elif req <= X[X_BEST_CAP]:
        f = 0.65
    elif req <= X[X_BEST_POT]:
        f = 0.35
    else:
        f = 0.1
    if I[I_R] == 5:
        f *= 0.5 if req <= X[X_BEST_NOW] else 0.2
    elif I[I_R] == 4:
        f *= 0.8
    return f


@inlined
def fulfil_value(T, I, X, W, k):
    """Value of fulfilling contract k now: its reward and the contracts bonus tiles still to come."""
    return W[W_CONTRACT] * (reward_value(T, I, X, W, k) + W[W_BONUS] * X[X_CFUT])


@inlined
def keep_value(T, I, X, W, k):
    """Value of holding contract k face up in hand (`w_hand` x its feasibility x its fulfilment value); with
    `w_fsharp` > 0 the feasibility counts to the power 1 + w_fsharp, so a contract c can fulfil soon weighs more
    against a larger one it likely cannot (seventh pass, docs/bots.md)."""
    f = contract_feasibility(T, I, X, k)
    if W[W_FSHARP] > 0.0:
        f = f ** (1.0 + W[W_FSHARP])
    return W[W_HAND] * f * fulfil_value(T, I, X, W, k)


@fast
def best_fulfilment(S, T, I, X, W, bound):
    """Best value of fulfilling one candidate contract (hand or national) with requirement <= bound."""
    best = 0.0
    for i in range(I[I_NCAND]):
        if I[I_CAND_REQ + i] <= bound:
            v = X[X_CANDV + i]
            k = I[I_CAND_K + i]
            if S[L.CON_STATE + k] == ids.CS_HAND:
                v -= 0.5 * contract_feasibility(T, I, X, k) * v      # it was already worth something in hand
            best = max(best, v)
    return best
