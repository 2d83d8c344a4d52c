"""Water: dam capacity, drop flow along the rivers, direct placement, Water Flow phase (WATER-*)."""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import (
    ability_active,
    add_energy,
    co,
    company_of,
    is_automa,
    officer,
)


@njit(cache=True, _nrt=False)
def capacity(S, T, d):
    """WATER-03: a dam holds its level; a level-3 dam of a Graziano company holds his ability value, 4
    (OFFICER-GRAZIANO-01)."""
    owner = S[L.DAM_OWNER + d]
    if owner == ids.NOBODY:
        return 0
    level = S[L.DAM_LEVEL + d]
    if level == 3 and owner != ids.NEUTRAL and officer(S, owner) == ids.GRAZIANO:
        return T.ability[ids.AV_GRAZIANO_CAPACITY]
    return level


@njit(cache=True, _nrt=False)
def usa_site_energy(S, T, zone):
    """COMPANY-USA-01: a drop entering the site of a zone with an active USA powerhouse gives USA its ability
    value in energy (1)."""
    for c in range(T.n_players[0]):
        if company_of(S, c) == ids.USA and ability_active(S, T, c):
            for k in range(4):
                p = T.zone_ph[zone, k]
                if p >= 0 and S[L.PH_OWNER + p] == c:
                    add_energy(S, c, T.ability[ids.AV_USA_ENERGY_PER_DROP])
                    break


@njit(cache=True, _nrt=False)
def flow_drop(S, T, start_node):
    """WATER-04..07 (APPX-03): moves one drop from start_node downstream until a dam holds it or it exits.

    The start node itself is not entered (a produced drop is not counted at its own site, COMPANY-USA-02).
    Returns the dam that holds the drop, or -1 if it left the map.
    """
    nd = T.n_dams[0]
    nz = T.n_zones[0]
    node = start_node
    while True:
        node = T.river_next[node]
        if node < 0:
            S[L.G_DROPS_REMOVED] += 1
            return -1
        if node < nd:
            if S[L.DAM_OWNER + node] != ids.NOBODY and S[L.DAM_DROPS + node] < capacity(S, T, node):
                S[L.DAM_DROPS + node] += 1
                owner = S[L.DAM_OWNER + node]
                if (owner != ids.NEUTRAL and S[L.GEO_TOKEN + T.dam_zone[node]] == ids.GEO_BASE_CR
                        and not is_automa(S, owner)):                # GEO-BASE-CR-02; GEO-10
                    S[co(owner) + L.C_CREDITS] += 1
                return node
        elif node < nd + nz:
            usa_site_energy(S, T, node - nd)


@njit(cache=True, _nrt=False)
def headstream_node(T, h):
    """River node of headstream slot h."""
    return T.n_dams[0] + T.n_zones[0] + h


@njit(cache=True, _nrt=False)
def site_node(T, zone):
    """River node of a zone's powerhouse site."""
    return T.n_dams[0] + zone


@njit(cache=True, _nrt=False)
def new_drop_flowing(S, T, h):
    """WATER-09: a drop from the general supply placed on headstream h flows at once."""
    S[L.G_DROPS_CREATED] += 1
    flow_drop(S, T, headstream_node(T, h))


@njit(cache=True, _nrt=False)
def new_drop_on_headstream(S, T, h):
    """WATER-10: a drop from the general supply waits on headstream h until the Water Flow phase."""
    S[L.G_DROPS_CREATED] += 1
    S[L.HEAD_DROPS + h] += 1


@njit(cache=True, _nrt=False)
def place_drop_directly(S, T, d):
    """WATER-13: puts a drop from the supply straight into dam d if it has spare capacity."""
    if S[L.DAM_DROPS + d] < capacity(S, T, d):
        S[L.DAM_DROPS + d] += 1
        S[L.G_DROPS_CREATED] += 1
        return True
    return False


@njit(cache=True, _nrt=False)
def water_flow_phase(S, T):
    """WATER-11: every headstream drop flows, tiles in slot order, one drop at a time."""
    for h in range(T.n_head[0]):
        while S[L.HEAD_DROPS + h] > 0:
            S[L.HEAD_DROPS + h] -= 1
            flow_drop(S, T, headstream_node(T, h))


@njit(cache=True, _nrt=False)
def drops_held(S, T):
    """All drops held by dams (invariants)."""
    n = 0
    for d in range(T.n_dams[0]):
        n += S[L.DAM_DROPS + d]
    return n


@njit(cache=True, _nrt=False)
def own_dam_drops(S, T, c):
    """END-05: drops held by company c's own dams."""
    n = 0
    for d in range(T.n_dams[0]):
        if S[L.DAM_OWNER + d] == c:
            n += S[L.DAM_DROPS + d]
    return n
