"""The Leeghwater Project's private buildings as construction targets (LWP-BUILD-01..04, -09): which building slot
a company may take, and activating a building. A build move's space id g >= ids.BUILD_TARGET names
(building, slot) = divmod(g - BUILD_TARGET, 4); buildings have no zone, area or basin (LWP-BUILD-04)."""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import co, is_automa


@njit(cache=True, _nrt=False)
def is_building_target(g):
    """Whether a build move's space id names a building slot."""
    return g >= ids.BUILD_TARGET


@njit(cache=True, _nrt=False)
def building_of(g):
    """(building id, construction slot) of a building target."""
    return (g - ids.BUILD_TARGET) // 4, (g - ids.BUILD_TARGET) % 4


@njit(cache=True, _nrt=False)
def building_drawn(S, bid):
    """LWP-SETUP-01: the building is on the private-buildings board."""
    for i in range(L.BUILDINGS_DRAWN):
        if S[L.LWP_BUILDING + i] == bid:
            return True
    return False


@njit(cache=True, _nrt=False)
def has_activated(S, c, bid):
    """LWP-BUILD-02: company c has activated building bid."""
    return (S[co(c) + L.C_BUILDINGS_ON] >> bid) & 1 == 1


@njit(cache=True, _nrt=False)
def building_placeable(S, T, c, g):
    """LWP-BUILD-01..03: company c may put a Building piece on target g (slot free and existing, building on the
    board, not yet activated by c, a piece left): returns ids.BUILDING, else -1."""
    bid, slot = building_of(g)
    if bid >= L.N_BUILDINGS or T.bld_slot_exists[slot] == 0 or S[co(c) + L.C_BUILDING_PIECES] == 0:
        return -1
    if S[L.LWP_SLOT + bid * 4 + slot] != ids.NOBODY or has_activated(S, c, bid) or not building_drawn(S, bid):
        return -1
    return ids.BUILDING


@njit(cache=True, _nrt=False)
def activate_building(S, c, g):
    """LWP-BUILD-01: the Building piece goes on the slot; an Automa's activation blocks the building's leftmost
    action space for the rest of the game (LWP-BUILD-09)."""
    bid, slot = building_of(g)
    b = co(c)
    S[L.LWP_SLOT + bid * 4 + slot] = c
    S[b + L.C_BUILDING_PIECES] -= 1
    S[b + L.C_BUILDINGS_ON] |= 1 << bid
    if is_automa(S, c):
        S[L.LWP_BLOCKED] |= 1 << bid


@njit(cache=True, _nrt=False)
def buildings_activated(S, c):
    """LWP-EXTWORK-08: buildings company c has activated."""
    bits = S[co(c) + L.C_BUILDINGS_ON]
    n = 0
    while bits:
        n += bits & 1
        bits >>= 1
    return n
