"""The Construction Wheel (WHEEL-01..11)."""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import co


@njit(cache=True, _nrt=False)
def rotate_step(S, c):
    """WHEEL-03: advance the open segment by one, then return what lies in the newly open segment."""
    b = co(c)
    seg = (S[b + L.C_WHEEL_OPEN] + 1) % 6
    S[b + L.C_WHEEL_OPEN] = seg
    S[b + L.C_EXC] += S[b + L.C_WHEEL_EXC + seg]
    S[b + L.C_MIX] += S[b + L.C_WHEEL_MIX + seg]
    S[b + L.C_EXCAMIXERS] += S[b + L.C_WHEEL_XM + seg]          # OFFICER-ELON-01
    S[b + L.C_WHEEL_EXC + seg] = 0
    S[b + L.C_WHEEL_MIX + seg] = 0
    S[b + L.C_WHEEL_XM + seg] = 0
    for t in range(ids.N_TILES):
        if S[b + L.C_TILE_LOC + t] == seg:
            S[b + L.C_TILE_LOC + t] = ids.TILE_IN_SUPPLY


@njit(cache=True, _nrt=False)
def rotate(S, c, n):
    """WHEEL-04: n successive single steps."""
    for _ in range(n):
        rotate_step(S, c)


@njit(cache=True, _nrt=False)
def put_on_wheel(S, c, exc, mix, tile):
    """WHEEL-02: machineries (from the supply) and a tile (-1 for none) go into the open segment."""
    b = co(c)
    seg = S[b + L.C_WHEEL_OPEN]
    S[b + L.C_EXC] -= exc
    S[b + L.C_MIX] -= mix
    S[b + L.C_WHEEL_EXC + seg] += exc
    S[b + L.C_WHEEL_MIX + seg] += mix
    if tile >= 0:
        S[b + L.C_TILE_LOC + tile] = seg
        S[L.TILE_USES + c * L.N_TILE_IDS + tile] += 1                 # result rows only (sim.results)


@njit(cache=True, _nrt=False)
def put_excamixers_on_wheel(S, c, x):
    """WHEEL-02 / OFFICER-ELON-01: Excamixers spent on a build go into the open segment (and return as such)."""
    b = co(c)
    S[b + L.C_EXCAMIXERS] -= x
    S[b + L.C_WHEEL_XM + S[b + L.C_WHEEL_OPEN]] += x
