"""Greedy valuation of the Leeghwater and promo officers' decisions: Tommaso's Architect (OFFICER-TOMMASO-01),
Wu's space (OFFICER-WU-01), Gennaro's construction space (OFFICER-GENNARO-01), Amir's drops (OFFICER-AMIR-01),
Elon's Excamixers (OFFICER-ELON-01) and Dr. Octavius' further dams (OFFICER-OCTAVIUS-01).

Small hooks that strategies.greedy calls after its own scoring: they read the decision's context as the greedy
scorer built it (energy track, candidate contracts, drop values, build table) and add no state of their own.
"""
from sim import ids
from sim import layout as L
from sim.rules.company import co
from sim.rules.construct import payment_excamixers
from sim.rules.produce import decode, modifier_terms
from sim.rules.officer_actions import wu_energy
from strategies.feature_layout import (
    I_CAND_K,
    I_CAND_REQ,
    I_CRED,
    I_E0,
    I_EXC,
    I_MIX,
    I_NCAND,
    I_TMASK,
    W_ENERGY,
    X_CANDV,
    X_CE,
    X_CV,
    X_DROPV,
    X_EV,
    X_EVP0,
    X_MV,
    fast,
)
from strategies.feature_production import production_energy_value, production_side_value
from strategies.feature_rewards import contract_feasibility, energy_vp
from strategies.feature_structures import best_affordable
from strategies.feature_water import drop_value

# OFFICER-TOMMASO-01: what the Architect's extra turn adds to a 1-Engineer move, in Engineers' worth: the extra
# turn acts before the others answer, once per round; valued as one Engineer's action.
ARCHITECT_TURN_ENGINEERS = 1.0


@fast
def own_fulfilment(S, T, I, X, W, bound):
    """CONTRACT-12: best value of fulfilling one own face-up contract with requirement <= bound (no national),
    less what it was already worth in hand (as strategies.feature_rewards.best_fulfilment)."""
    best = 0.0
    for i in range(I[I_NCAND]):
        k = I[I_CAND_K + i]
        if I[I_CAND_REQ + i] <= bound and S[L.CON_STATE + k] == ids.CS_HAND:
            v = X[X_CANDV + i]
            best = max(best, v - 0.5 * contract_feasibility(T, I, X, k) * v)
    return best


@fast
def wu_space_value(S, T, I, X, W, c):
    """OFFICER-WU-01: energy for the drops in Wu's dams (plain energy on the track) and one own contract, less the
    space's Engineers and Credits."""
    e = wu_energy(S, T, c)
    v = W[W_ENERGY] * (energy_vp(I, X, W, I[I_E0] + e, T) - X[X_EVP0])
    return (v + own_fulfilment(S, T, I, X, W, e) - T.officer_space_eng[ids.WU] * X[X_CE]
            - T.officer_space_fee[ids.WU, 0] * X[X_CV])


@fast
def score_officer_main(S, T, I, X, W, c, moves, n, vals):
    """Scores the officer moves of a main decision (the greedy scorer leaves them at 0): Wu's and Gennaro's
    spaces, declining the Architect's extra turn, and each Architect move as its plain move plus the extra turn."""
    for i in range(n):
        m = moves[i]
        if m == ids.MV_WU:
            vals[i] = wu_space_value(S, T, I, X, W, c)
        elif m == ids.MV_GENNARO:                                   # as a company-board construction space
            fee = T.gennaro_fee[0]
            vals[i] = (best_affordable(I, X, I[I_EXC], I[I_MIX], I[I_CRED] - fee, I[I_TMASK], -1)
                       - T.gennaro_eng[0] * X[X_CE] - fee * X[X_CV])
        elif m == ids.MV_SKIP:
            vals[i] = 0.0
    for i in range(n):
        m = moves[i]
        if ids.MV_ARCHITECT <= m < ids.MV_SKIP and not ids.MV_COLO_SITE <= m < ids.MV_COLO_END:
            plain = m - ids.MV_ARCHITECT
            for j in range(n):
                if moves[j] == plain:
                    vals[i] = vals[j] + ARCHITECT_TURN_ENGINEERS * X[X_CE]


@fast
def amir_drop_value(S, T, I, X, W, move):
    """OFFICER-AMIR-01: a drop straight into one of Amir's dams (that dam's drop value), or a delayed drop made to
    flow at once (as a Water Management drop that flows now)."""
    if move >= ids.MV_DROP_INTO_DAM:
        return X[X_DROPV + move - ids.MV_DROP_INTO_DAM]
    return drop_value(S, T, I, X, W, move - ids.MV_DROP_NOW, 0)


@fast
def count_excamixers(S, I, c):
    """OFFICER-ELON-01: the build tables count each Excamixer in the supply as an Excavator and as a Mixer (it is
    either; optimistic when both are short, exact when one type is)."""
    x = S[co(c) + L.C_EXCAMIXERS]
    I[I_EXC] += x
    I[I_MIX] += x


@fast
def excamixer_payment_cost(X, move):
    """OFFICER-ELON-01: an Excamixer spent is worth the dearer machinery it could have been (spend the plain ones
    first, as AUTOMA-71 has the Automa do)."""
    return payment_excamixers(move) * max(X[X_EV], X[X_MV]) * 1.05


@fast
def _summed_energy(S, T, c, base, ph, modifier):
    viktor, mod, bonus, geo = modifier_terms(S, T, c, base, ph, modifier, False)
    return base + viktor + mod + bonus + geo


@fast
def score_more_dams(S, T, I, X, W, c, moves, n, vals, modifier, ph, base):
    """OFFICER-OCTAVIUS-01: stopping is worth the production's energy so far; another dam is worth the energy of
    the larger sum plus that source's side value (its drops leaving, its conduit fee), as a production's."""
    for i in range(n):
        m = moves[i]
        if m == ids.MV_NONE:
            vals[i] = production_energy_value(S, T, I, X, W, _summed_energy(S, T, c, base, ph, modifier), 0)
        else:
            d, cond, p, k = decode(m)
            more = base + T.cond_value[cond] * k
            vals[i] = (production_energy_value(S, T, I, X, W, _summed_energy(S, T, c, more, ph, modifier), 0)
                       + production_side_value(S, T, I, X, W, d, cond, p, k))
