"""The Colorado Connection's board state as the other rules read it: which dams carry bridges (COLO-BRIDGE-03/04/06),
the bridges bonus and objective counts (COLO-BONUS-01, OBJECTIVE-07), the latest Base placed (COLO-EXT-01).

No imports of other rules modules, so that construction and scoring can ask without a cycle."""

from sim import layout as L
from sim.jit import njit


@njit(cache=True, _nrt=False)
def bridge_on(S, d):
    """The bridge tile on dam d, or -1 (only meaningful with Colorado in play)."""
    return S[L.COLO_DAM_BRIDGE + d]


@njit(cache=True, _nrt=False)
def elevation_blocked(S, T, d):
    """COLO-BRIDGE-04: no Elevation on a dam carrying a bridge, except the free Elevation of COLO-EXT-03 while it is
    being placed."""
    return T.colo_enabled[0] == 1 and S[L.COLO_BRIDGED_ELEV] == 0 and bridge_on(S, d) >= 0


@njit(cache=True, _nrt=False)
def zone_bridge(S, T, z):
    """The dam of zone z that carries a bridge, or -1 (COLO-BRIDGE-03: at most one per basin)."""
    for j in range(2):
        d = T.zone_dams[z, j]
        if d >= 0 and bridge_on(S, d) >= 0:
            return d
    return -1


@njit(cache=True, _nrt=False)
def _own_bridged_dams(S, c, by_level):
    """Company c's dams carrying a bridge: counted (by_level False) or summed by their levels (by_level True)."""
    n = 0
    for t in range(L.N_BRIDGE_TILES):
        d = S[L.COLO_TILE_DAM + t]
        if S[L.COLO_TILE_SITE + t] >= 0 and d >= 0 and S[L.DAM_OWNER + d] == c:
            n += S[L.DAM_LEVEL + d] if by_level else 1
    return n


@njit(cache=True, _nrt=False)
def bridges_built(S, c):
    """COLO-BONUS-01, COLO-BRIDGE-06: bridges on company c's dams (every bridge is built by its dam's owner)."""
    return _own_bridged_dams(S, c, False)


@njit(cache=True, _nrt=False)
def bridged_dam_pieces(S, c):
    """OBJECTIVE-07: Bases and Elevations forming company c's dams that carry a bridge (the sum of their levels)."""
    return _own_bridged_dams(S, c, True)


@njit(cache=True, _nrt=False)
def note_base(S, T, d):
    """Records dam d as the latest Base placed, for the free bridge on it (COLO-EXT-01), and where its owner can
    now take a bridge."""
    if T.colo_enabled[0] == 1:
        S[L.COLO_LAST_BASE] = d
        refresh_bridge_areas(S, T)


@njit(cache=True, _nrt=False)
def refresh_bridge_areas(S, T):
    """Each company's bit mask of the areas where it has a dam that can take a bridge (COLO-BRIDGE-03: an own dam in
    a basin without a bridge). Derived state (layout COLO_BRIDGE_AREAS): a Base or a bridge changes it."""
    for c in range(L.MAX_PLAYERS):
        S[L.COLO_BRIDGE_AREAS + c] = 0
    for d in range(T.n_dams[0]):
        c = S[L.DAM_OWNER + d]
        if 0 <= c < L.MAX_PLAYERS and dam_takes_bridge(S, T, c, d):
            S[L.COLO_BRIDGE_AREAS + c] |= 1 << T.zone_area[T.dam_zone[d]]


@njit(cache=True, _nrt=False)
def dam_takes_bridge(S, T, c, d):
    """COLO-BRIDGE-03: an own dam (any level) without a bridge, in a basin without a bridge."""
    return S[L.DAM_OWNER + d] == c and (S[L.COLO_BRIDGED_ZONES] >> T.dam_zone[d]) & 1 == 0
