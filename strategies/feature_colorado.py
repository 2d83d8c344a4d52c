"""Greedy features for The Colorado Connection (COLO-*): what a bridge, a productive settlement, the Heliport and the
Colorado sub-decisions are worth to the deciding company, in VP-equivalents (the currency of strategies.greedy).
Hooks: greedy_main.score_main and greedy.score_moves call these for the Colorado moves only; feature_lwp for the
Heliport; everything is zero-cost without the expansion.

A bridge is worth its tile's bonus (reward_value) plus what the bridge itself brings: the bridges bonus tiles to
come (COLO-BONUS-01), the bridged-dams objective (OBJECTIVE-07), and the crossings over it in the rounds left (own
crossings free instead of 3 Credits; opponents' crossings pay i Credits + 1 VP, COLO-SETTLE-03). A settlement is
worth its tile's bonus minus the crossing cost and its Engineers."""
from sim import ids
from sim import layout as L
from sim.rules.colorado import bridge_cost, crossing_cost
from sim.rules.colorado_board import dam_takes_bridge
from strategies.feature_layout import I_C, I_NFUT, I_OBJ, W_BONUS, X_CE, X_CV, X_EV, X_FBV, X_MV, fast
from strategies.feature_rewards import reward_value

CROSSINGS_PER_ROUND = 0.35   # expected crossings of one settlement space per round by one company (rough)
OBJECTIVE_VP_PER_PIECE = 2.5  # OBJECTIVE-07 ranking VP per extra piece counted, as objective_delta's scale


@fast
def bridge_structure_value(S, T, I, X, W, d):
    """What a bridge on dam d brings besides its tile's bonus (COLO-BONUS-01, OBJECTIVE-07, COLO-SETTLE-03)."""
    c = I[I_C]
    v = X[X_FBV + ids.B_BRIDGES] * W[W_BONUS]
    if I[I_OBJ] == ids.O_BRIDGE_DAMS:
        v += OBJECTIVE_VP_PER_PIECE * S[L.DAM_LEVEL + d]
    z = T.dam_zone[d]
    rounds = I[I_NFUT] + 0.5
    others = T.n_players[0] - 1
    for s in range(L.N_SETTLE_SPACES):
        for i in range(T.settle_n_cross[s]):
            if T.settle_cross[s, i] == z:
                own = T.colo_cross_free[0] * X[X_CV]              # a crossing of c's own, now free
                theirs = others * (T.colo_cross_owner[i] * X[X_CV] + T.colo_cross_vp[0])
                v += CROSSINGS_PER_ROUND * rounds * (own + theirs) / (others + 1)
    return v


@fast
def bridge_value(S, T, I, X, W, t, d):
    """Bridge tile t over dam d: its bonus and the bridge."""
    return reward_value(T, I, X, W, T.bridge_reward[t]) + bridge_structure_value(S, T, I, X, W, d)


@fast
def best_bridge(S, T, I, X, W, a):
    """The best (tile, own dam) of the site of area a (COLO-BRIDGE-02/03), or 0 when none."""
    c = I[I_C]
    best = 0.0
    for d in range(T.n_dams[0]):
        if T.zone_area[T.dam_zone[d]] != a or not dam_takes_bridge(S, T, c, d):
            continue
        for t in range(L.N_BRIDGE_TILES):
            if S[L.COLO_TILE_SITE + t] == a and S[L.COLO_TILE_DAM + t] < 0:
                best = max(best, bridge_value(S, T, I, X, W, t, d))
    return best


@fast
def colorado_main_value(S, T, I, X, W, m):
    """A construction site or settlement space of the main decision, its Engineers and Credits paid."""
    c = I[I_C]
    if m < ids.MV_COLO_SETTLE:
        a = m - ids.MV_COLO_SITE
        return best_bridge(S, T, I, X, W, a) - bridge_cost(S, T, a) * X[X_CV] - X[X_CE]
    s = m - ids.MV_COLO_SETTLE
    bonus = reward_value(T, I, X, W, T.stile_reward[S[L.COLO_SETTLE_TILE + s]])
    return bonus - crossing_cost(S, T, c, s) * X[X_CV] - T.settle_eng[s] * X[X_CE]


@fast
def heliport_value(S, T, I, X, W):
    """COLO-HELI-01: the best type-C settlement bonus, minus the 2 Credits."""
    best = 0.0
    for s in range(L.N_SETTLE_SPACES):
        if T.settle_type[s] == 2:
            best = max(best, reward_value(T, I, X, W, T.stile_reward[S[L.COLO_SETTLE_TILE + s]]))
    return best - T.heliport_credits[0] * X[X_CV]


@fast
def score_colorado_choice(S, T, I, X, W, moves, n, vals, kind):
    """Values of the moves of a Colorado decision."""
    for i in range(n):
        m = moves[i]
        if kind == ids.TK_COLO_BRIDGE:
            vals[i] = bridge_value(S, T, I, X, W, m // 64, m % 64)
        elif kind == ids.TK_COLO_SETTLE_TILE:
            vals[i] = reward_value(T, I, X, W, T.stile_reward[S[L.COLO_SETTLE_TILE + m]])
        elif kind == ids.TK_COLO_OWN_BRIDGES:
            vals[i] = 0.0 if m == ids.MV_NONE else reward_value(T, I, X, W, T.bridge_reward[m])
        else:                                                          # TK_COLO_SEGMENT
            vals[i] = X[X_EV] if m % 2 == 0 else X[X_MV]
