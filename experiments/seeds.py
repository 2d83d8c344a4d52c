"""Derives every game seed and setup draw of an experiment from one master seed (numpy SeedSequence).

Derivation (documented in docs/experiments.md; `tests/experiments/test_seeds.py` pins it):

    root   = SeedSequence(master)
    stream = root.spawn(s + 1)[s]          # s = 0 for every cell with common random numbers (the default),
                                           # s = k + 1 for cell k without them
    block  = stream.spawn(b + 1)[b]        # b = replicate // SEED_BLOCK
    seeds  = block.generate_state(SEED_BLOCK, uint64) & (2**62 - 1)   # as `barrage play --seed` takes
    draws  = Generator(PCG64(block.spawn(1)[0]))                 # the block's setup draws (balance pairings)

Replicate i of a cell plays seeds[i % SEED_BLOCK] of block i // SEED_BLOCK of its stream. The seed of a game
therefore depends only on (master, stream, replicate): never on the chunking, the number of workers or the
back-end. Seeds and draws are made a block at a time because one SeedSequence per game costs ~8 us (3% of a
random game) and one Generator per game another ~15 us.
"""
from __future__ import annotations

import secrets

import numpy as np

from sim.ids import MAX_SEED

SEED_BLOCK = 1024


def new_master_seed() -> int:
    """A fresh master seed (62 bits) for runs that do not give one."""
    return secrets.randbits(62)


def block_sequence(master: int, stream: int, block: int) -> np.random.SeedSequence:
    """The SeedSequence of one block of SEED_BLOCK replicates (= root.spawn(..)[stream].spawn(..)[block])."""
    return np.random.SeedSequence(int(master), spawn_key=(int(stream), int(block)))


def _blocks(start: int, stop: int) -> range:
    return range(start // SEED_BLOCK, (stop - 1) // SEED_BLOCK + 1) if stop > start else range(0)


def game_seeds(master: int, stream: int, start: int, stop: int) -> np.ndarray:
    """Seeds (int64, 0..2^62-1) of replicates start..stop-1 of a stream."""
    out = np.empty(stop - start, dtype=np.int64)
    for b in _blocks(start, stop):
        words = block_sequence(master, stream, b).generate_state(SEED_BLOCK, np.uint64) & np.uint64(MAX_SEED)
        lo, hi = max(start, b * SEED_BLOCK), min(stop, (b + 1) * SEED_BLOCK)
        out[lo - start:hi - start] = words[lo - b * SEED_BLOCK:hi - b * SEED_BLOCK].astype(np.int64)
    return out


def setup_draws(master: int, stream: int, start: int, stop: int, n_companies: int,
                n_officers: int) -> tuple[np.ndarray, np.ndarray]:
    """Random orders of the companies and officers for replicates start..stop-1 (rows are permutations).

    A balance game gives the seats other than its cell's one the first companies / officers of these orders
    that the cell does not use, so every cell's replicate i meets the same opponents as far as possible."""
    comp = np.empty((stop - start, n_companies), dtype=np.int64)
    offi = np.empty((stop - start, n_officers), dtype=np.int64)
    for b in _blocks(start, stop):
        rng = np.random.Generator(np.random.PCG64(block_sequence(master, stream, b).spawn(1)[0]))
        c = rng.permuted(np.tile(np.arange(n_companies, dtype=np.int64), (SEED_BLOCK, 1)), axis=1)
        o = rng.permuted(np.tile(np.arange(n_officers, dtype=np.int64), (SEED_BLOCK, 1)), axis=1)
        lo, hi = max(start, b * SEED_BLOCK), min(stop, (b + 1) * SEED_BLOCK)
        comp[lo - start:hi - start] = c[lo - b * SEED_BLOCK:hi - b * SEED_BLOCK]
        offi[lo - start:hi - start] = o[lo - b * SEED_BLOCK:hi - b * SEED_BLOCK]
    return comp, offi


def random_pairings(tables, players: int, master: int, stream: int, start: int,
                    stop: int) -> tuple[np.ndarray, np.ndarray]:
    """Companies and officers [games, players] dealt at random to every seat of replicates start..stop-1 (the
    first `players` entries of setup_draws' orders; officers from the variant's pool, SETUP-13), for runs that
    deal every pairing as a balance cell deals its opponents' (`--deal random`)."""
    pool = np.asarray(tables.officer_pool[:tables.n_officer_pool[0]], dtype=np.int64)
    comp, offi = setup_draws(master, stream, start, stop, int(tables.n_companies[0]), pool.shape[0])
    return comp[:, :players], pool[offi[:, :players]]
