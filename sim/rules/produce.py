"""Production (PRODUCE-01..17, APPX-02): systems, energy, drops moving on, conduit payment."""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import (
    add_credits,
    add_energy,
    add_vp,
    built,
    is_automa,
    officer,
    production_bonus,
)
from sim.rules.geology import conduit_value, powerhouse_bonus, token
from sim.rules.water import flow_drop, site_node

# TK_PRODUCE flags
OPTIONAL = 1
GERMAN_SECOND = 2


@njit(cache=True, _nrt=False)
def encode(d, cond, ph, k):
    """Move payload of a production."""
    return d + 32 * cond + 1024 * ph + 32768 * k


@njit(cache=True, _nrt=False)
def decode(m):
    """(dam, conduit, powerhouse, drops) of a production move."""
    return m % 32, (m // 32) % 32, (m // 1024) % 32, m // 32768


@njit(cache=True, _nrt=False)
def energy_terms(S, T, c, cond, ph, k, modifier, german_second):
    """PRODUCE-06, term by term in rule order: (conduit value, value x drops, Viktor's raise to 4, the action's
    modifier, the company's production bonus, the geological powerhouse bonus). Steps 2-4 are 0 for the German
    second production (PRODUCE-08); an Automa ignores the geological tokens (GEO-10)."""
    value = T.cond_value[cond] if is_automa(S, c) else conduit_value(S, T, cond)
    base = value * k
    viktor, mod, bonus, geo = modifier_terms(S, T, c, base, ph, modifier, german_second)
    return value, base, viktor, mod, bonus, geo


@njit(cache=True, _nrt=False)
def modifier_terms(S, T, c, base, ph, modifier, german_second):
    """PRODUCE-06 steps 2-5 on a production's base (value x drops, or Dr. Octavius' sum over his dams,
    OFFICER-OCTAVIUS-01): (Viktor's raise to his minimum, the modifier, the company bonus, the geological bonus)."""
    viktor = 0
    mod = 0
    bonus = 0
    if not german_second:
        minimum = T.ability[ids.AV_VIKTOR_MINIMUM]           # OFFICER-VIKTOR-01: 3 or less counts as 4
        if officer(S, c) == ids.VIKTOR and base < minimum:
            viktor = minimum - base
        mod = modifier
        bonus = production_bonus(S, T, c)
    geo = 0 if is_automa(S, c) else powerhouse_bonus(S, T, ph)
    return viktor, mod, bonus, geo


@njit(cache=True, _nrt=False)
def energy_of(S, T, c, cond, ph, k, modifier, german_second):
    """PRODUCE-06: value x drops, Viktor's minimum, modifier, company bonus (steps 2-4 not for the German
    second production, PRODUCE-08), then the geological powerhouse bonus (step 5); the sum of `energy_terms`."""
    _, base, viktor, mod, bonus, geo = energy_terms(S, T, c, cond, ph, k, modifier, german_second)
    return base + viktor + mod + bonus + geo


@njit(cache=True, _nrt=False)
def own_powerhouse_in_zone(S, T, c, zone):
    """Company c's powerhouse space in a zone, or -1 (one per zone, CONSTRUCT-16)."""
    for j in range(4):
        p = T.zone_ph[zone, j]
        if p >= 0 and S[L.PH_OWNER + p] == c:
            return p
    return -1


@njit(cache=True, _nrt=False)
def list_productions(S, T, c, modifier, flags, excluded_ph, credits, out, n, first_only):
    """Appends every legal production (PRODUCE-01..07) as a move to out[n:]; returns the new count."""
    if built(S, T, c, ids.POWERHOUSE) == 0:                       # PRODUCE-01: through an own powerhouse
        return n
    german_second = (flags & GERMAN_SECOND) != 0
    for d in range(T.n_dams[0]):
        owner = S[L.DAM_OWNER + d]
        drops = S[L.DAM_DROPS + d]
        if drops < 1 or (owner != c and owner != ids.NEUTRAL):   # PRODUCE-01/03
            continue
        z = T.dam_zone[d]
        for j in range(2):
            cond = T.zone_conduits[z, j]
            if cond < 0:
                continue
            cowner = S[L.COND_OWNER + cond]
            if cowner == ids.NOBODY:
                continue
            ph = own_powerhouse_in_zone(S, T, c, T.cond_end_zone[cond])
            if ph < 0 or ph == excluded_ph:
                continue
            kmax = drops
            if cowner != c and credits < kmax:                   # PRODUCE-05 / DECISION-09
                kmax = credits
            for k in range(1, kmax + 1):
                if energy_of(S, T, c, cond, ph, k, modifier, german_second) >= 1:   # PRODUCE-07
                    out[n] = encode(d, cond, ph, k)
                    n += 1
                    if first_only:
                        return n
    return n


@njit(cache=True, _nrt=False)
def perform_production(S, T, c, move, modifier, flags):
    """PRODUCE-11 (a)-(e): energy, drops leave the dam and flow from the site, conduit owner paid.

    Returns E (the production result used for contracts)."""
    d, cond, ph, k = decode(move)
    e = energy_of(S, T, c, cond, ph, k, modifier, (flags & GERMAN_SECOND) != 0)
    S[L.DAM_DROPS + d] -= k
    add_energy(S, c, e)                                            # PRODUCE-10
    flow_from_powerhouse(S, T, ph, k)
    pay_conduit(S, T, c, cond, k)
    return e


@njit(cache=True, _nrt=False)
def flow_from_powerhouse(S, T, ph, k):
    """PRODUCE-12 / WATER-14: k produced drops flow on from the powerhouse's site, one at a time."""
    start = site_node(T, T.ph_zone[ph])
    for _ in range(k):
        flow_drop(S, T, start)


@njit(cache=True, _nrt=False)
def pay_conduit(S, T, c, cond, k):
    """PRODUCE-05 (AUTOMA-05: Credits <-> VP): k Credits to a foreign conduit's owner, who scores k VP; the
    geological conduit_engineers token gives the owner k VP more (GEO-CONDUIT-ENG-01, not an Automa, GEO-10)."""
    cowner = S[L.COND_OWNER + cond]
    if cowner != c:
        add_credits(S, c, -k, ids.VS_CONDUITS)
        add_credits(S, cowner, k, ids.VS_CONDUITS)
        add_vp(S, cowner, k, ids.VS_CONDUITS)
    if token(S, T.cond_zone[cond]) == ids.GEO_CONDUIT_ENG and not is_automa(S, cowner):
        add_vp(S, cowner, k, ids.VS_CONDUITS)
