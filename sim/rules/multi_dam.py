"""Dr. Octavius' production from several dams (OFFICER-OCTAVIUS-01, PRODUCE-16).

The production's first source is chosen as any production (dam, conduit, powerhouse, drops). Then, one decision
at a time, Octavius may add another of his or a neutral dam, through a conduit starting in that dam's basin and
ending in the powerhouse's zone, with any number of its drops; each source's drops leave their dam and its
foreign conduit owner is paid per drop at once. When he stops, E = PRODUCE-06 on the summed base (Viktor's
minimum, the modifier, the company and geological bonuses once), and all the drops flow on from the powerhouse's
site (PRODUCE-12). The frame TK_MORE_DAMS carries [modifier, flags, powerhouse, base so far, dams used (bits),
drops so far].
"""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import add_energy, officer
from sim.rules.geology import conduit_value
from sim.rules.produce import (
    GERMAN_SECOND,
    decode,
    encode,
    flow_from_powerhouse,
    modifier_terms,
    pay_conduit,
)
from sim.rules.stack import push


@njit(cache=True, _nrt=False)
def several_dams(S, c, flags):
    """OFFICER-OCTAVIUS-01: this production may take drops from several dams (not the German second production,
    which is its own production without modifiers, PRODUCE-08)."""
    return officer(S, c) == ids.OCTAVIUS and (flags & GERMAN_SECOND) == 0


@njit(cache=True, _nrt=False)
def take_source(S, T, c, d, cond, k):
    """k drops leave dam d through `cond` (PRODUCE-04); the conduit's owner is paid (PRODUCE-05). Returns the
    source's base, value x drops."""
    S[L.DAM_DROPS + d] -= k
    pay_conduit(S, T, c, cond, k)
    return conduit_value(S, T, cond) * k


@njit(cache=True, _nrt=False)
def start_production(S, T, c, move, modifier, flags):
    """The first source of Octavius' production; the next decision offers more dams."""
    d, cond, ph, k = decode(move)
    base = take_source(S, T, c, d, cond, k)
    push(S, ids.TK_MORE_DAMS, c, modifier, flags, ph, base, 1 << d, k)


@njit(cache=True, _nrt=False)
def list_more_dams(S, T, c, ph, used, credits, out):
    """Further sources: an own or neutral dam not used yet, holding drops, with a built conduit from its basin to
    the powerhouse's zone; drops through a foreign conduit limited by the Credits on hand (DECISION-09). Then
    MV_NONE (stop)."""
    n = 0
    zone = T.ph_zone[ph]
    for d in range(T.n_dams[0]):
        owner = S[L.DAM_OWNER + d]
        drops = S[L.DAM_DROPS + d]
        if (used >> d) & 1 or drops < 1 or (owner != c and owner != ids.NEUTRAL):
            continue
        z = T.dam_zone[d]
        for j in range(2):
            cond = T.zone_conduits[z, j]
            if cond < 0 or S[L.COND_OWNER + cond] == ids.NOBODY or T.cond_end_zone[cond] != zone:
                continue
            kmax = drops
            if S[L.COND_OWNER + cond] != c and credits < kmax:
                kmax = credits
            for k in range(1, kmax + 1):
                out[n] = encode(d, cond, ph, k)
                n += 1
    out[n] = ids.MV_NONE
    return n + 1


@njit(cache=True, _nrt=False)
def add_source(S, T, c, move, modifier, flags, base, used, drops):
    """Another source joins the production."""
    d, cond, ph, k = decode(move)
    base += take_source(S, T, c, d, cond, k)
    push(S, ids.TK_MORE_DAMS, c, modifier, flags, ph, base, used | (1 << d), drops + k)


@njit(cache=True, _nrt=False)
def drops_in_production(S):
    """Drops taken out of their dams by a pending multi-dam production (they flow when it ends; invariants)."""
    n = 0
    for i in range(S[L.G_STACK_N]):
        f = L.STACK + i * L.FRAME
        if S[f] == ids.TK_MORE_DAMS:
            n += S[f + 7]
    return n


@njit(cache=True, _nrt=False)
def finish_production(S, T, c, modifier, ph, base, drops):
    """PRODUCE-06 once on the summed base, the marker advances, all the drops flow from the site; returns E."""
    viktor, mod, bonus, geo = modifier_terms(S, T, c, base, ph, modifier, False)
    e = base + viktor + mod + bonus + geo
    add_energy(S, c, e)
    flow_from_powerhouse(S, T, ph, drops)
    return e
