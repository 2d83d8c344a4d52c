"""Greedy features, the order of a round's actions (seventh pass, docs/bots.md): build first, produce later.

A production (ACT-TURBINE-01) uses the systems standing when it is made (PRODUCE-01..06). A conduit that joins a
dam holding water to an own powerhouse, or a powerhouse at the end of a built conduit (which also raises every
production's bonus, COMPANY-01), makes a production of this round larger if it is built first. `expert` builds
first in rounds 3-5 where `tuned` produces first (scripts/greedy_disagreement.py). `w_order` docks a production
main action by the largest such gain of a build the company can still make this round -- affordable with its
machinery, basic tiles and Credits, Engineers enough for both, worth its costs -- so the construction scores
ahead. Elevations and bases add no water this round and count nothing here."""
from sim import ids
from sim import layout as L
from sim.rules.company import co
from strategies.feature_layout import (
    BIG,
    I_C,
    I_CAND_G,
    I_EXC,
    I_MIX,
    I_NCANDS,
    I_NEED_E,
    I_NEED_J,
    I_NEED_M,
    I_NPH,
    I_OWN_PH,
    I_RED,
    I_STRUCT,
    I_TMASK,
    W_DENY,
    X_CE,
    X_CV,
    X_NET,
    X_NETJ,
    fast,
)
from strategies.feature_production import (
    energy_value_memo,
    italy_extra,
    production_energy,
    production_side_value,
)


@fast
def _new_system_value(S, T, I, X, W, cond, ph, modifier, credits):
    """Best value of a production through conduit `cond` into own powerhouse `ph` from a dam of its basin that c
    may use (own or neutral, holding water), as strategies.greedy._best_production values one; a conduit that is
    not built yet is c's own (no payment, PRODUCE-05)."""
    c = I[I_C]
    z = T.cond_zone[cond]
    mine = S[L.COND_OWNER + cond] == c or S[L.COND_OWNER + cond] == ids.NOBODY
    extra = italy_extra(I)
    best = -BIG
    for j in range(2):
        d = T.zone_dams[z, j]
        if d < 0:
            continue
        o = S[L.DAM_OWNER + d]
        if o != c and o != ids.NEUTRAL:
            continue
        kmax = S[L.DAM_DROPS + d] if mine else min(S[L.DAM_DROPS + d], credits)
        for k in range(1, kmax + 1):
            e = production_energy(S, T, I, X, cond, ph, k, modifier, False)
            if e < 1:                                                  # PRODUCE-07
                continue
            v = energy_value_memo(S, T, I, X, W, e, extra) + production_side_value(S, T, I, X, W, d, cond, ph, k)
            if mine and S[L.COND_OWNER + cond] == ids.NOBODY:
                v += k * (X[X_CV] + W[W_DENY])                         # production_side_value's payment: none
            best = max(best, v)
    return best


@fast
def _with_powerhouse(S, T, I, X, W, p, modifier, credits, best_now, best_listed):
    """Gain of the best production once c has built powerhouse p (I_NPH already counting it): the listed systems
    with one more powerhouse's bonus (`best_listed`, valued by the caller) and the new systems through built
    conduits ending in p's zone."""
    ez = T.ph_zone[p]
    best = best_listed
    for cond in range(T.n_conduits[0]):
        if T.cond_end_zone[cond] == ez and S[L.COND_OWNER + cond] != ids.NOBODY:
            best = max(best, _new_system_value(S, T, I, X, W, cond, p, modifier, credits))
    return best - best_now


@fast
def order_gain(S, T, I, X, W, modifier, engineers, credits, best_now, best_more_ph):
    """The largest gain of this round's production (value with modifier `modifier`) that one construction made
    first would bring, over the builds c can still make this round with `engineers` Engineers and `credits`
    Credits left after the production's space: a conduit from a dam holding water to an own powerhouse, or a
    powerhouse (the next production bonus and the conduits ending in its zone). `best_now` is the best production
    value now, `best_more_ph` the same with one more powerhouse's bonus. Counted only where the build's net value
    (space_table) plus the gain covers the construction's Engineers and fee (CONSTRUCT-01..04). Needs the build
    candidates of score_main's space_table."""
    b = co(I[I_C])
    i_con = S[b + L.C_CONSTR_USED]
    if i_con >= 4 or engineers < T.constr_eng[i_con]:
        return 0.0
    fee = T.constr_fee[i_con]
    left = credits - fee
    if left < 0:
        return 0.0
    nd = T.n_dams[0]
    nc = T.n_conduits[0]
    cost = T.constr_eng[i_con] * X[X_CE] + fee * X[X_CV]
    best = 0.0
    for ci in range(I[I_NCANDS]):
        st = I[I_STRUCT + ci]
        if (st != ids.CONDUIT and st != ids.POWERHOUSE) or ((I[I_TMASK] >> st) & 1) == 0 or I[I_RED + ci] > left:
            continue
        net = -BIG
        if I[I_NEED_E + ci] <= I[I_EXC] and I[I_NEED_M + ci] <= I[I_MIX]:
            net = X[X_NET + ci]
        j = I[I_NEED_J + ci]
        if 0 <= j <= I[I_MIX]:                                         # OFFICER-JILL-01
            net = max(net, X[X_NETJ + ci])
        if net <= -BIG:
            continue
        g = I[I_CAND_G + ci]
        left_b = left - I[I_RED + ci]
        if st == ids.CONDUIT:
            cond = g - nd
            ph = I[I_OWN_PH + T.cond_end_zone[cond]]
            if ph < 0:
                continue
            gain = _new_system_value(S, T, I, X, W, cond, ph, modifier, left_b) - best_now
        else:
            I[I_NPH] += 1
            gain = _with_powerhouse(S, T, I, X, W, g - nd - nc, modifier, left_b, best_now, best_more_ph)
            I[I_NPH] -= 1
        if gain > best and net + gain > cost:
            best = gain
    return best
