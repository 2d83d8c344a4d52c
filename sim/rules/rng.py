"""The game's random generator, stored inside the state (HIDDEN-04): xorshift32 in slot G_RNG."""
from numba import njit

from sim import layout as L

MASK32 = 0xFFFFFFFF


@njit(cache=True, _nrt=False)
def seed_state(x):
    """Turns any integer seed into a non-zero 32-bit generator state (splitmix-style scramble)."""
    z = (x * 2654435761 + 0x9E3779B9) & MASK32
    z ^= z >> 16
    z = (z * 0x45D9F3B) & MASK32
    z ^= z >> 16
    if z == 0:
        z = 0x6A09E667
    return z


@njit(cache=True, _nrt=False)
def next_u32(S):
    """Advances the state's generator and returns 32 random bits."""
    x = S[L.G_RNG]
    x ^= (x << 13) & MASK32
    x ^= x >> 17
    x ^= (x << 5) & MASK32
    S[L.G_RNG] = x
    return x


@njit(cache=True, _nrt=False)
def below(S, n):
    """Returns a uniform integer in [0, n)."""
    return (next_u32(S) * n) >> 32


@njit(cache=True, _nrt=False)
def shuffle(S, start, n):
    """Fisher-Yates shuffle of S[start:start+n] in place."""
    for i in range(n - 1, 0, -1):
        j = below(S, i + 1)
        t = S[start + i]
        S[start + i] = S[start + j]
        S[start + j] = t


@njit(cache=True, _nrt=False)
def shuffle_local(S, a, n):
    """Fisher-Yates shuffle of the first n items of a local array, drawing from the state's generator."""
    for i in range(n - 1, 0, -1):
        j = below(S, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t
