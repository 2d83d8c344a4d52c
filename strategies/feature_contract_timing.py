"""Greedy features, contract timing: what water and structures are worth as steps toward a contract's energy
threshold (CONTRACT-05/09/10, PRODUCE-06).

A contract is fulfilled by the energy of one single production (CONTRACT-05), so what counts is the largest
production a company can make, not its total: 3 drops through a value-4 conduit with the best Turbine space make
14 energy and fulfil a 6-12 VP national contract (CONTRACT-09), three productions of one drop fulfil nothing but
green contracts. The scorer otherwise values a held drop linearly (its energy potential), a production by its
energy now and the best contract that energy fulfils now, and a structure by its production potential: it
produces its water as soon as it can and never builds or fills a dam toward a threshold.

`reach(e)` is the best fulfilment value (strategies.feature_rewards.fulfil_value, as the context's candidates
hold it) among the contracts in hand and the national contracts that a production of e energy fulfils. The best
single production the company could make now, with the best Turbine modifier, is the context's X_BEST_NOW (drops
held) and X_BEST_CAP (dams full). From those:

- a drop that lands in an own (or neutral) dam with an outlet is worth, on top of its energy potential,
  `w_reach x (reach(best production with it) - reach(best production now))`;
- a structure is worth `w_reach x (reach(best production at capacity with it) - reach(X_BEST_CAP)) x 0.5`: the
  dam still has to fill (an elevation adds one drop of capacity, a conduit or powerhouse opens a larger outlet);
- a production that uses held water costs `w_hold x (reach(best production now) - reach(best production after))`:
  the threshold the water it spends would have reached (the production's own fulfilment is valued as before);
- a national contract's fulfilment is worth `1 + w_national` times a private one's of the same reward: it is
  the one contract a company cannot be dealt (SETUP-06: N-1 of them for the whole table).
"""
from sim import ids
from sim import layout as L
from strategies.feature_layout import (
    I_ABIL,
    I_C,
    I_CAND_K,
    I_CAND_REQ,
    I_CAP,
    I_COMP,
    I_NCAND,
    I_NPH,
    I_OWN_PH,
    W_HOLD,
    W_NATIONAL,
    W_REACH,
    X_BEST_CAP,
    X_BEST_NOW,
    X_CANDV,
    X_CVAL,
    X_DROPV,
    fast,
    inlined,
)
from strategies.feature_production import viktor_energy
from strategies.feature_rewards import fulfil_value

# A structure's larger production still needs its dam filled before it fulfils anything.
STRUCTURE_SHARE = 0.5


@inlined
def national_factor(T, W, k):
    """Multiplier of contract k's fulfilment value: 1 + w_national for a national contract (CONTRACT-09)."""
    return 1.0 + W[W_NATIONAL] if T.contract_kind[k] == ids.NATIONAL else 1.0


@inlined
def candidate_value(T, I, X, W, k):
    """Fulfilment value of contract k as the production candidates and the fulfil decision rate it."""
    return fulfil_value(T, I, X, W, k) * national_factor(T, W, k)


@inlined
def reach(I, X, e):
    """Best fulfilment value among the candidates (hand and national) that one production of e energy fulfils
    (CONTRACT-05; France's ability: requirements 3 lower, CONTRACT-10)."""
    if I[I_COMP] == ids.FRANCE and I[I_ABIL] == 1:
        e += 3
    best = 0.0
    for i in range(I[I_NCAND]):
        if I[I_CAND_REQ + i] <= e:
            best = max(best, X[X_CANDV + i])
    return best


@inlined
def _outlet(S, T, I, X, d):
    """Value of the best built conduit from dam d's basin to an own powerhouse (0: no production from d)."""
    z = T.dam_zone[d]
    out = 0
    for j in range(2):
        k = T.zone_conduits[z, j]
        if k >= 0 and S[L.COND_OWNER + k] != ids.NOBODY and I[I_OWN_PH + T.cond_end_zone[k]] >= 0:
            out = max(out, int(X[X_CVAL + k]))
    return out


@inlined
def _energy(T, I, value, drops):
    """Energy of one production of `drops` through a conduit of `value` with the best Turbine modifier, as the
    context's best production energies count it (PRODUCE-06, OFFICER-VIKTOR-01)."""
    return viktor_energy(I, value * drops) + T.prod_bonus[I[I_NPH]] + 2


@inlined
def _usable(S, c, d):
    o = S[L.DAM_OWNER + d]
    return o == c or o == ids.NEUTRAL


@fast
def add_reach_values(S, T, I, X, W):
    """Adds the contract reach of one more drop to the drop value of every own or neutral dam with an outlet and
    room (X_DROPV; run after the contract candidates). Returns whether anything changed."""
    if W[W_REACH] == 0.0 or I[I_NCAND] == 0:
        return False
    c = I[I_C]
    base = reach(I, X, X[X_BEST_NOW])
    changed = False
    for d in range(T.n_dams[0]):
        held = S[L.DAM_DROPS + d]
        if not _usable(S, c, d) or held >= I[I_CAP + d]:
            continue
        out = _outlet(S, T, I, X, d)
        if out == 0:
            continue
        gain = reach(I, X, max(X[X_BEST_NOW], _energy(T, I, out, held + 1))) - base
        if gain > 0.0:
            X[X_DROPV + d] += W[W_REACH] * gain * (1.0 if S[L.DAM_OWNER + d] == c else 0.5)
            changed = True
    return changed


@fast
def structure_reach_value(S, T, I, X, W, g, struct):
    """Contract reach of placing `struct` on map space g: the best full-dam production it makes possible."""
    if W[W_REACH] == 0.0 or I[I_NCAND] == 0:
        return 0.0
    c = I[I_C]
    nd = T.n_dams[0]
    e = 0
    if struct == ids.ELEVATION or struct == ids.BASE:
        cap = I[I_CAP + g] + 1 if struct == ids.ELEVATION else 1
        out = _outlet(S, T, I, X, g)
        if out > 0:
            e = _energy(T, I, out, cap)
    elif struct == ids.CONDUIT:
        k = g - nd
        if I[I_OWN_PH + T.cond_end_zone[k]] >= 0:
            z = T.cond_zone[k]
            for j in range(2):
                d = T.zone_dams[z, j]
                if d >= 0 and _usable(S, c, d):
                    e = max(e, _energy(T, I, int(X[X_CVAL + k]), I[I_CAP + d]))
    else:
        ez = T.ph_zone[g - nd - T.n_conduits[0]]
        if I[I_OWN_PH + ez] < 0:
            for k in range(T.n_conduits[0]):
                if T.cond_end_zone[k] != ez or S[L.COND_OWNER + k] == ids.NOBODY:
                    continue
                z = T.cond_zone[k]
                for j in range(2):
                    d = T.zone_dams[z, j]
                    if d >= 0 and _usable(S, c, d):
                        e = max(e, _energy(T, I, int(X[X_CVAL + k]), I[I_CAP + d]))
    if e <= X[X_BEST_CAP]:
        return 0.0
    return W[W_REACH] * STRUCTURE_SHARE * (reach(I, X, e) - reach(I, X, X[X_BEST_CAP]))


@fast
def hold_cost(S, T, I, X, W, d, k):
    """What a production of k drops out of dam d gives up in contract reach: the best production left after it
    against the best one now (the contracts it fulfils itself are valued by the production)."""
    if W[W_HOLD] == 0.0 or I[I_NCAND] == 0:
        return 0.0
    c = I[I_C]
    now = reach(I, X, X[X_BEST_NOW])
    if now == 0.0:
        return 0.0
    after = 0
    for dd in range(T.n_dams[0]):
        if not _usable(S, c, dd):
            continue
        held = S[L.DAM_DROPS + dd] - (k if dd == d else 0)
        if held < 1:
            continue
        out = _outlet(S, T, I, X, dd)
        if out > 0:
            after = max(after, _energy(T, I, out, held))
    return W[W_HOLD] * (now - reach(I, X, after))
