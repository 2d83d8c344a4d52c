"""The learned evaluator's input: a fixed-length vector of public features of a position, seen from one company.

Public information only (HIDDEN-01..04): the board, every company's supply, wheel, pieces, tiles, face-up
contracts and score, the round, phase, bonus and objective tiles, and the greedy features' production context
(strategies.features.make_context, itself public). Pile orders and the Automa's deck order are never read, so two
positions that differ only in hidden orders have the same features (tests/test_value_model.py).

Layout: N_GLOBAL global features, then one block of N_BLOCK per company slot -- slot 0 the viewing company, slots
1.. its opponents by score-now (VP + resources / 5 + own dam drops, END-04/05) from highest to lowest; the slots
past the player count are zero. The values are raw (counts, VP); the model's own standardisation
(strategies.value_model) scales them.
"""
from sim import ids
from sim import layout as L
from sim.rules.company import co
from sim.rules.water import own_dam_drops
from strategies.feature_layout import (
    DEFAULT_WEIGHTS,
    I_BCOUNT,
    I_NCAND,
    N_WEIGHTS,
    X_BEST_CAP,
    X_BEST_NOW,
    X_BEST_POT,
    X_CANDV,
    X_DROP_LATER,
    X_DROP_NOW,
    X_EVP0,
    X_WSUM,
    fast,
)
from strategies.features import make_context
from strategies.score_buffer import _buffer_views, _clear_core

# Global features
F_ROUND = 0                                   # one-hot of the round 0..5 (0 = setup)
F_PHASE = F_ROUND + 6                         # one-hot of the phase (ids.PHASE_NAMES)
F_PLAYERS = F_PHASE + len(ids.PHASE_NAMES)    # one-hot of 2, 3, 4 players
F_OBJECTIVE = F_PLAYERS + 3                   # one-hot of the objective tile (OBJECTIVE-*)
F_BONUS = F_OBJECTIVE + len(ids.OBJECTIVE_NAMES)   # one-hot of this round's bonus tile (BONUS-*)
F_MARGIN_NOW = F_BONUS + len(ids.BONUS_NAMES)  # viewer's score-now minus the best opponent's
F_MARGIN_VP = F_MARGIN_NOW + 1                # viewer's VP minus the best opponent's
N_GLOBAL = F_MARGIN_VP + 1

# Per-company block
(B_PRESENT, B_AUTOMA, B_VP, B_CREDITS, B_EXC, B_MIX, B_EXCAMIX, B_ENG, B_ENERGY, B_WHEEL, B_WHEEL_OPEN,
 B_TILES, B_TILES_FREE, B_FULFILLED, B_HAND, B_DROPS, B_DAMS, B_DAM_LEVELS, B_CONDUITS, B_CONDUIT_VALUE,
 B_POWERHOUSES, B_SCORE_NOW, B_PASSED, B_TURN_POS, B_DECIDING, B_BEST_NOW, B_BEST_CAP, B_BEST_POT, B_WATER,
 B_DROP_NOW, B_DROP_LATER, B_ENERGY_VP, B_CANDIDATES, B_CANDIDATE_VALUE, B_BONUS_COUNT) = range(35)
B_PIECES = 35                                 # [struct] pieces left on the company board
B_COMPANY = B_PIECES + 4                      # one-hot of the company (ids.COMPANY_NAMES)
B_OFFICER = B_COMPANY + len(ids.COMPANY_NAMES)   # one-hot of the effective officer (ids.OFFICER_NAMES)
N_BLOCK = B_OFFICER + ids.N_OFFICERS
N_FEATURES = N_GLOBAL + L.MAX_PLAYERS * N_BLOCK


@fast
def score_now(S, T, c):
    """VP company c would hold if the game ended now, objective tile aside (END-04 resources, END-05 drops)."""
    b = co(c)
    return S[b + L.C_VP] + (S[b + L.C_CREDITS] + S[b + L.C_EXC] + S[b + L.C_MIX] + S[b + L.C_EXCAMIXERS]) / 5.0 \
        + own_dam_drops(S, T, c)


@fast
def _board_counts(S, T, c, x, o):
    """Dams, their levels, conduits (and their production values) and powerhouses company c owns."""
    dams = 0
    levels = 0
    for d in range(T.n_dams[0]):
        if S[L.DAM_OWNER + d] == c:
            dams += 1
            levels += S[L.DAM_LEVEL + d]
    conduits = 0
    value = 0
    for k in range(T.n_conduits[0]):
        if S[L.COND_OWNER + k] == c:
            conduits += 1
            value += T.cond_value[k]
    phs = 0
    for p in range(T.n_ph[0]):
        if S[L.PH_OWNER + p] == c:
            phs += 1
    x[o + B_DAMS] = dams
    x[o + B_DAM_LEVELS] = levels
    x[o + B_CONDUITS] = conduits
    x[o + B_CONDUIT_VALUE] = value
    x[o + B_POWERHOUSES] = phs


@fast
def _supply(S, c, x, o):
    """Company c's resources, wheel, tiles and contracts (all on public boards)."""
    b = co(c)
    x[o + B_AUTOMA] = S[b + L.C_AUTOMA]
    x[o + B_VP] = S[b + L.C_VP]
    x[o + B_CREDITS] = S[b + L.C_CREDITS]
    x[o + B_EXC] = S[b + L.C_EXC]
    x[o + B_MIX] = S[b + L.C_MIX]
    x[o + B_EXCAMIX] = S[b + L.C_EXCAMIXERS]
    x[o + B_ENG] = S[b + L.C_ENG]
    x[o + B_ENERGY] = S[b + L.C_ENERGY]
    wheel = 0
    for s in range(6):
        wheel += S[b + L.C_WHEEL_EXC + s] + S[b + L.C_WHEEL_MIX + s] + S[b + L.C_WHEEL_XM + s]
    x[o + B_WHEEL] = wheel
    x[o + B_WHEEL_OPEN] = S[b + L.C_WHEEL_OPEN]
    owned = 0
    free = 0
    for t in range(ids.N_TILES):
        loc = S[b + L.C_TILE_LOC + t]
        if loc != ids.TILE_NOT_OWNED:
            owned += 1
            if loc == ids.TILE_IN_SUPPLY:
                free += 1
    x[o + B_TILES] = owned
    x[o + B_TILES_FREE] = free
    x[o + B_FULFILLED] = S[b + L.C_FULFILLED]
    hand = 0
    for k in range(L.N_CONTRACTS):
        if S[L.CON_STATE + k] == ids.CS_HAND and S[L.CON_OWNER + k] == c:
            hand += 1
    x[o + B_HAND] = hand
    for st in range(4):
        x[o + B_PIECES + st] = S[b + L.C_PIECES + st]
    comp = S[b + L.C_COMPANY]
    if comp >= 0:
        x[o + B_COMPANY + comp] = 1.0
    off = S[b + L.C_EFF_OFFICER]
    if off >= 0:
        x[o + B_OFFICER + off] = 1.0


@fast
def _production_context(S, T, c, x, o, buf):
    """The greedy features' production context of company c (strategies.features.make_context with the default
    weights): best production now / at capacity / potential, water reaching it, drops' values, energy VP,
    fulfillable contracts, this round's bonus count."""
    I, X, W, _ = _buffer_views(buf, 0)
    _clear_core(I, X)
    for i in range(N_WEIGHTS):
        W[i] = DEFAULT_WEIGHTS[i]
    make_context(S, T, c, W, I, X, True)
    x[o + B_BEST_NOW] = X[X_BEST_NOW]
    x[o + B_BEST_CAP] = X[X_BEST_CAP]
    x[o + B_BEST_POT] = X[X_BEST_POT]
    water = 0.0
    for z in range(T.n_zones[0]):
        water += X[X_WSUM + z]
    x[o + B_WATER] = water
    x[o + B_DROP_NOW] = X[X_DROP_NOW]
    x[o + B_DROP_LATER] = X[X_DROP_LATER]
    x[o + B_ENERGY_VP] = X[X_EVP0]
    n = I[I_NCAND]
    x[o + B_CANDIDATES] = n
    v = 0.0
    for j in range(n):
        v += X[X_CANDV + j]
    x[o + B_CANDIDATE_VALUE] = v
    x[o + B_BONUS_COUNT] = I[I_BCOUNT]


@fast
def position_features(S, T, viewer, x, buf, order):
    """Writes the N_FEATURES features of S seen by company `viewer` into x; `buf` is a greedy score buffer
    (strategies.score_buffer.new_score_buffer) and `order` a float64 work array of MAX_PLAYERS slots (the
    companies in slot order)."""
    for i in range(N_FEATURES):
        x[i] = 0.0
    n = T.n_players[0]
    r = S[L.G_ROUND]
    x[F_ROUND + min(max(r, 0), 5)] = 1.0
    x[F_PHASE + S[L.G_PHASE]] = 1.0
    x[F_PLAYERS + min(max(n, 2), 4) - 2] = 1.0
    if S[L.G_OBJECTIVE] >= 0:
        x[F_OBJECTIVE + S[L.G_OBJECTIVE]] = 1.0
    if 1 <= r <= 5 and S[L.G_BONUS + r - 1] >= 0:
        x[F_BONUS + S[L.G_BONUS + r - 1]] = 1.0
    # slot order: the viewer, then the opponents by score-now, highest first (ties: seat order)
    order[0] = viewer
    k = 1
    for c in range(n):
        if c != viewer:
            order[k] = c
            k += 1
    for i in range(2, n):
        j = i
        while j > 1 and score_now(S, T, int(order[j])) > score_now(S, T, int(order[j - 1])):
            order[j], order[j - 1] = order[j - 1], order[j]
            j -= 1
    deciding = -1
    if S[L.G_STACK_N] > 0:
        deciding = S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME + 1]
    for slot in range(n):
        c = int(order[slot])
        o = N_GLOBAL + slot * N_BLOCK
        x[o + B_PRESENT] = 1.0
        _supply(S, c, x, o)
        _board_counts(S, T, c, x, o)
        x[o + B_DROPS] = own_dam_drops(S, T, c)
        x[o + B_SCORE_NOW] = score_now(S, T, c)
        x[o + B_PASSED] = S[L.G_PASSED + c]
        for p in range(n):
            if S[L.G_TURN_ORDER + p] == c:
                x[o + B_TURN_POS] = p
        x[o + B_DECIDING] = 1.0 if c == deciding else 0.0
        _production_context(S, T, c, x, o, buf)
    if n > 1:
        o1 = N_GLOBAL + N_BLOCK
        x[F_MARGIN_NOW] = x[N_GLOBAL + B_SCORE_NOW] - x[o1 + B_SCORE_NOW]
        x[F_MARGIN_VP] = x[N_GLOBAL + B_VP] - x[o1 + B_VP]


def feature_names() -> list[str]:
    """Names of the N_FEATURES features, in order (for docs and model files)."""
    names = [f"round_{r}" for r in range(6)] + [f"phase_{p}" for p in ids.PHASE_NAMES] \
        + [f"players_{p}" for p in (2, 3, 4)] + [f"objective_{o}" for o in ids.OBJECTIVE_NAMES] \
        + [f"bonus_{b}" for b in ids.BONUS_NAMES] + ["margin_score_now", "margin_vp"]
    block = ["present", "automa_level", "vp", "credits", "excavators", "mixers", "excamixers", "engineers",
             "energy", "wheel_machineries", "wheel_open", "tiles", "tiles_in_supply", "contracts_fulfilled",
             "contracts_in_hand", "own_dam_drops", "dams", "dam_levels", "conduits", "conduit_values",
             "powerhouses", "score_now", "passed", "turn_position", "deciding", "best_production_now",
             "best_production_at_capacity", "best_production_potential", "water_to_production", "drop_value_now",
             "drop_value_later", "energy_vp", "contract_candidates", "contract_candidate_value", "bonus_count"] \
        + [f"pieces_{s}" for s in ids.STRUCTURE_NAMES] + [f"company_{c}" for c in ids.COMPANY_NAMES] \
        + [f"officer_{o}" for o in ids.OFFICER_NAMES]
    for slot in range(L.MAX_PLAYERS):
        names += [f"{'self' if slot == 0 else f'opponent{slot}'}_{b}" for b in block]
    assert len(names) == N_FEATURES and len(block) == N_BLOCK
    return names

