"""The game's random generator, stored inside the state (HIDDEN-04): xorshift64 in slot G_RNG, seeded from the
full 64-bit game seed.

The state is an int64 slot; the generator works on it as 64 raw bits. Right shifts are made logical by masking, and
the step uses only shifts and xors (no multiply or add that could overflow), so it gives the same bits compiled by
numba and under NUMBA_DISABLE_JIT (numpy's int64 scalars would warn on an overflowing multiply)."""
import numpy as np

from sim import layout as L
from sim.jit import njit

MASK32 = 0xFFFFFFFF
SEED_KEY = -0x61C8864680B583EB     # 0x9E3779B97F4A7C15 as int64: seeds 0..MAX_SEED never xor to 0 with it
FALLBACK_STATE = 0x6A09E667F3BCC909


@njit(cache=True, _nrt=False)
def _xorshift64(x):
    """One step of Marsaglia's xorshift64 (13, 7, 17) on an int64 holding 64 raw bits; a bijection that fixes 0."""
    x ^= x << 13
    x ^= (x >> 7) & 0x01FFFFFFFFFFFFFF          # logical shift right by 7
    x ^= x << 17
    return x


@njit(cache=True)
def seed_state64(x):
    """Turns a 64-bit game seed into a non-zero 64-bit generator state: a bijective scramble (xor with a key, then
    four xorshift64 steps), so distinct seeds give distinct games."""
    z = np.int64(x) ^ np.int64(SEED_KEY)        # int64 arithmetic also without the JIT
    for _ in range(4):
        z = _xorshift64(z)
    if z == 0:                                  # only the seed equal to SEED_KEY (negative: not a game seed)
        z = FALLBACK_STATE
    return z


@njit(cache=True, _nrt=False)
def seed_state(x):
    """Turns any integer seed into a non-zero 32-bit state (the bots' own xorshift32 streams, strategies.bot_rng)."""
    # (x * 2654435761) mod 2^32 from x's 16-bit halves: the same bits as the int64 product, which can pass 2^63
    # (wrapping silently in numba, an overflow warning under NUMBA_DISABLE_JIT: issue #35).
    low, high = x & 0xFFFF, (x >> 16) & 0xFFFF
    z = (low * 2654435761 + (((high * 2654435761) & 0xFFFF) << 16) + 0x9E3779B9) & MASK32
    z ^= z >> 16
    z = (z * 0x45D9F3B) & MASK32
    z ^= z >> 16
    if z == 0:
        z = 0x6A09E667
    return z


@njit(cache=True, _nrt=False)
def next_u32(S):
    """Advances the state's generator and returns its high 32 bits."""
    x = _xorshift64(S[L.G_RNG])
    S[L.G_RNG] = x
    return (x >> 32) & MASK32


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
