"""A bot's own random stream: xorshift32 in a 1-element int64 array, separate from the game's generator, so a bot's
choices can never change the game's chance events (HIDDEN-04)."""
from sim.jit import njit

BOT_RNG_SALT = 0x5BD1E995   # a bot stream is seeded from the game seed xor this


@njit(cache=True, _nrt=False)
def bot_next(rng):
    """One xorshift32 step of a bot's own stream; returns the new 32-bit value."""
    x = rng[0]
    x ^= (x << 13) & 0xFFFFFFFF
    x ^= x >> 17
    x ^= (x << 5) & 0xFFFFFFFF
    rng[0] = x
    return x
