"""The Automa's turn (AUTOMA-08, -10..22) and every decision the engine would ask of an Automa seat, resolved by
the Automa rules (AUTOMA-06, -24): `resolve` is the engine's single entry point.

An action entry is `T.automa_entry[card, i] = [do, engineers, a, b, c, vp_cost]` with, by kind:
produce a = bonus, b = contract colour; water a = drops, b = flows now; construct a = structure (or BUILDING),
b = area or -1, c = minimum production; workshop a = rotations; machinery shop a/b/c = excavators, mixers,
machineries of choice; contract office a = colour, b = energy; patent office a = structure; bank a = VP.
"""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.automa_deck import action_card, criteria_card, flip
from sim.rules.automa_lwp import (
    automa_building_target,
    automa_external_work,
    automa_extwork_slot,
    automa_lwp_decision,
    leslie_external_work,
    margot_building,
)
from sim.rules.automa_lwp_promo import (
    amir_drops,
    architect_second_turn,
    construction_engineers,
    fulfils_several,
    octavius_best,
    octavius_produce,
    places_drops_directly,
    prefers_bases,
    several_sources,
    simone_fulfil,
    wu_space_turn,
)
from sim.rules.automa_officers import drops_moved, elevates_first, mixers_of_choice
from sim.rules.automa_place import choose_space, space_range
from sim.rules.automa_tiles import best_tile, holds_tile_for, tile_payment
from sim.rules.automa_water import automa_drops
from sim.rules.company import (
    add_credits,
    add_energy,
    add_vp,
    automa_level,
    buy_patent_tile,
    co,
    officer,
    take_engineers,
)
from sim.rules.construct import place_structure, placeable, red_surcharge
from sim.rules.contracts import discard_colour, fulfil_bound, mark_fulfilled
from sim.rules.officer_actions import wu_energy
from sim.rules.produce import (
    GERMAN_SECOND,
    decode,
    encode,
    energy_of,
    list_productions,
    perform_production,
)
from sim.rules.rewards import give_reward
from sim.rules.setup import NO_CONTRACT, apply_pick
from sim.rules.stack import push
from sim.rules.wheel import put_excamixers_on_wheel, put_on_wheel, rotate, rotate_step


# ----------------------------------------------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def rules_card(S):
    """The card whose criteria side applies now (before the first flip, the deck's top card, AUTOMA-02)."""
    k = criteria_card(S)
    return k if k >= 0 else action_card(S)


@njit(cache=True, _nrt=False)
def place_engineers(S, T, c, board, k):
    """AUTOMA-12: k Engineers on the first free space of a board in Automa order; stacked beside the board's
    first space (kept on the company block until the End of Round) if none is free. board < 0: a given space
    -board - 1 (patent tiles)."""
    b = co(c)
    take_engineers(S, c, k)
    if board < 0:
        s = -board - 1
        if S[L.SPACE_OCC + s] == ids.NOBODY:
            S[L.SPACE_OCC + s] = c
            S[L.SPACE_ENG + s] = k
            return
    else:
        for i in range(T.automa_board.shape[1]):
            s = T.automa_board[board, i]
            if s >= 0 and S[L.SPACE_OCC + s] == ids.NOBODY:
                S[L.SPACE_OCC + s] = c
                S[L.SPACE_ENG + s] = k
                return
    S[b + L.C_AUTOMA_ENG] += k


@njit(cache=True, _nrt=False)
def gain_machines(S, c, exc, mix, any_):
    """AUTOMA-19: listed machineries; each of choice becomes the type the Automa has fewer of (tie Excavator),
    a Mixer with Jill (AUTOMA-63)."""
    b = co(c)
    S[b + L.C_EXC] += exc
    S[b + L.C_MIX] += mix
    for _ in range(any_):
        if S[b + L.C_MIX] < S[b + L.C_EXC] or mixers_of_choice(S, c):
            S[b + L.C_MIX] += 1
        else:
            S[b + L.C_EXC] += 1
    S[b + L.C_MACH_GAINED] += exc + mix + any_


@njit(cache=True)
def best_production(S, T, c, modifier, german_second, excluded_ph):
    """AUTOMA-13 (a)/(c): of the legal productions (PRODUCE-01..07; an Automa pays any conduit fee in VP) the one
    of maximum energy moving all drops of its dam (1 with Viktor through a conduit of value 1-2, AUTOMA-62; ties:
    first system in zone order); returns (move, energy), energy 0 if there is none. With Octavius (AUTOMA-71) the
    best powerhouse drawing on all its sources, as the move `encode(0, 0, powerhouse, 0)` (no drop count)."""
    if several_sources(S, c, german_second):
        ph, e = octavius_best(S, T, c, modifier, excluded_ph)
        return (encode(0, 0, ph, 0) if ph >= 0 else -1), e
    moves = np.empty(4 * L.MAX_DAMS * 2, dtype=np.int64)
    flags = GERMAN_SECOND if german_second else 0
    n = list_productions(S, T, c, modifier, flags, excluded_ph, 1 << 30, moves, 0, False)
    best = -1
    best_e = 0
    for i in range(n):
        d, cond, ph, k = decode(moves[i])
        if k != drops_moved(S, T, c, d, cond, german_second):
            continue
        e = energy_of(S, T, c, cond, ph, k, modifier, german_second)
        if e > best_e:
            best_e = e
            best = moves[i]
    return best, best_e


@njit(cache=True, _nrt=False)
def contract_slot(S, T, bound, colour):
    """AUTOMA-14/43: the display slot of the displayed private contract with the highest requirement <= bound
    (ties: the later slot, display order green, yellow, red); only slots of `colour` unless colour < 0."""
    best = -1
    best_req = -1
    for i in range(6):
        k = S[L.DISPLAY + i]
        if k < 0 or (colour >= 0 and i // 2 != colour):
            continue
        r = T.contract_req[k]
        if r <= bound and r >= best_req:
            best_req = r
            best = i
    return best


@njit(cache=True, _nrt=False)
def produce_and_fulfil(S, T, c, move, modifier, flags):
    """AUTOMA-14: performs the production (conduit payment by AUTOMA-05), then fulfils the best displayed
    private contract, taking its reward (AUTOMA-24); the company's after-production ability follows (level 3)."""
    d, _, ph, k = decode(move)
    if k == 0:                                                              # AUTOMA-71 (Octavius)
        e, used = octavius_produce(S, T, c, ph, modifier)
    else:
        e = perform_production(S, T, c, move, modifier, flags)
        used = 1 << d
    push(S, ids.TK_AFTER_PRODUCTION, c, flags, ph, used)                    # PRODUCE-11 (g)
    if fulfils_several(S, c):                                               # AUTOMA-67 (Simone)
        simone_fulfil(S, T, c, e)
        return
    slot = contract_slot(S, T, fulfil_bound(S, T, c, e, True), -1)
    if slot >= 0:
        k = S[L.DISPLAY + slot]
        S[L.DISPLAY + slot] = -1                                           # refilled at the end of the turn
        mark_fulfilled(S, c, k)
        give_reward(S, T, c, k, ids.VS_CONTRACTS)


@njit(cache=True, _nrt=False)
def construct_candidates(S, T, c, struct, area, min_prod, cand):
    """AUTOMA-16: legal spaces for `struct` meeting the entry's area / minimum production, with a usable tile."""
    n = 0
    nd = T.n_dams[0]
    if S[co(c) + L.C_PIECES + struct] == 0 or not holds_tile_for(S, T, c, struct):
        return 0
    lo, hi = space_range(T, struct)
    for g in range(lo, hi):
        if placeable(S, T, c, g) != struct:
            continue
        if area >= 0 and struct <= ids.ELEVATION and T.zone_area[T.dam_zone[g]] != area:
            continue
        if struct == ids.CONDUIT and T.cond_value[g - nd] < min_prod:
            continue
        if best_tile(S, T, c, g, struct)[0] < 0:
            continue
        cand[n] = g
        n += 1
    return n


@njit(cache=True, _nrt=False)
def construct_at(S, T, c, g, struct):
    """AUTOMA-16 effect: CONSTRUCT-04 steps 3-8 (step 8 from level 3) with the tile of AUTOMA-50/65; the
    red-outline surcharge and Solomon's replaced machinery are paid in VP (AUTOMA-04, AUTOMA-64)."""
    behav, tile = best_tile(S, T, c, g, struct)
    e, m, x, vp = tile_payment(S, T, c, g, struct, behav)
    put_on_wheel(S, c, e, m, tile)
    put_excamixers_on_wheel(S, c, x)                                       # AUTOMA-71 (Elon)
    rotate_step(S, c)
    if automa_level(S, c) >= 3:
        push(S, ids.TK_TILE_EFFECT, c, behav, g)
    else:
        behav = -1                                                         # AUTOMA-03: no tile modifier
    add_credits(S, c, -(red_surcharge(T, g, struct, behav) + vp), ids.VS_RESOURCES)
    place_structure(S, T, c, g, struct)


@njit(cache=True)
def place_drops(S, T, c, n, flow_now, card):
    """AUTOMA-15 / AUTOMA-24/45 with the card's headstream preference; an Amir Automa puts them straight into its
    dams (AUTOMA-71). Returns the number of drops placed."""
    if places_drops_directly(S, c):
        return amir_drops(S, T, c, n, card)
    return automa_drops(S, T, c, n, flow_now, T.automa_head[card])


@njit(cache=True)
def free_placement(S, T, c, struct, param, count):
    """AUTOMA-24: free structures of a reward, each placed by AUTOMA-30 (CONSTRUCT-21 limits; GEO-10)."""
    cand = np.empty(L.MAX_DAMS + L.MAX_CONDUITS + L.MAX_PH, dtype=np.int64)
    nd = T.n_dams[0]
    lo, hi = space_range(T, struct)
    for _ in range(count):
        n = 0
        for g in range(lo, hi):
            if placeable(S, T, c, g) != struct:
                continue
            if struct == ids.BASE and ((param >> T.zone_area[T.dam_zone[g]]) & 1) == 0:
                continue
            if struct == ids.CONDUIT and T.cond_value[g - nd] > param:
                continue
            cand[n] = g
            n += 1
        if n == 0:
            return
        place_structure(S, T, c, choose_space(S, T, c, struct, cand, n, rules_card(S), False), struct)


# ----------------------------------------------------------------------------------------------------------
# action entries
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True)
def perform_entry(S, T, c, entry, card):
    """AUTOMA-10: performs one action entry if its condition holds; returns whether it was performed."""
    b = co(c)
    do = entry[0]
    k = min(entry[1], S[b + L.C_ENG])                                       # AUTOMA-12
    x = entry[2]
    y = entry[3]
    z = entry[4]
    vp = entry[5]
    if do == ids.AD_PRODUCE:                                                # AUTOMA-13/14
        mine = S[b + L.C_ENERGY]
        behind = mine < 6 * S[L.G_ROUND]                                    # (b)
        for o in range(T.n_players[0]):
            if o != c and S[co(o) + L.C_ENERGY] >= mine:
                behind = True
        if not behind:
            return False
        move, e = best_production(S, T, c, x, False, -1)                    # (a)
        if e < 1 or contract_slot(S, T, fulfil_bound(S, T, c, e, True), y) < 0:   # (c)
            return False
        place_engineers(S, T, c, ids.AB_TURBINE, k)
        produce_and_fulfil(S, T, c, move, x, 0)
        return True
    if do == ids.AD_WATER:                                                  # AUTOMA-15
        if place_drops(S, T, c, x, y == 1, card) == 0:
            return False
        place_engineers(S, T, c, ids.AB_WATER, k)
        return True
    if do == ids.AD_CONSTRUCT:                                              # AUTOMA-16
        if T.lwp_enabled[0] == 1 and leslie_external_work(S, T, c, k):      # AUTOMA-69
            return True
        g = margot_building(S, T, c, x == ids.BUILDING and z == 1)          # AUTOMA-70
        if g >= 0:
            take_engineers(S, c, k)
            S[b + L.C_AUTOMA_ENG] += k
            construct_at(S, T, c, g, ids.BUILDING)
            return True
        if x == ids.BUILDING:                                               # AUTOMA-23
            g = automa_building_target(S, T, c, z == 1) if T.lwp_enabled[0] == 1 else -1
            if g < 0:
                return False
            take_engineers(S, c, k)                                         # the Architect last (AUTOMA-68)
            S[b + L.C_AUTOMA_ENG] += k
            construct_at(S, T, c, g, x)
            return True
        cand = np.empty(L.MAX_DAMS + L.MAX_CONDUITS + L.MAX_PH, dtype=np.int64)
        n = 0
        if elevates_first(S, c):                                            # AUTOMA-61: whatever the card shows
            n = construct_candidates(S, T, c, ids.ELEVATION, -1, 0, cand)
            if n > 0:
                x = ids.ELEVATION
        if n == 0 and prefers_bases(S, c):                                  # AUTOMA-71 (Wu): Base, then Elevation
            for st in range(2):
                n = construct_candidates(S, T, c, st, -1, 0, cand)
                if n > 0:
                    x = st
                    break
        if n == 0:
            n = construct_candidates(S, T, c, x, y, z, cand)
        if n == 0:
            return False
        k = construction_engineers(S, c, k)                                 # AUTOMA-71 (Gennaro)
        take_engineers(S, c, k)                                             # the private construction space
        S[b + L.C_AUTOMA_ENG] += k
        construct_at(S, T, c, choose_space(S, T, c, x, cand, n, card, True), x)
        return True
    if do == ids.AD_PATENT:                                                 # AUTOMA-17
        if T.intro[0] == 1 or (x == ids.BUILDING and T.lwp_enabled[0] == 0):
            return False
        best = -1
        for i in range(3):
            t = S[L.PATENT + i]
            if t >= 0 and (T.tile_struct[t] == x or T.tile_struct[t] == ids.WILD) and (
                    best < 0 or T.tile_level[t] > T.tile_level[S[L.PATENT + best]]):
                best = i
        if best < 0:
            return False
        s = 0
        while T.space_kind[s] != ids.K_PATENT or T.space_param[s] != best:
            s += 1
        place_engineers(S, T, c, -s - 1, k)
        add_vp(S, c, -vp, ids.VS_RESOURCES)
        buy_patent_tile(S, c, best)
        return True
    if do == ids.AD_WORKSHOP:                                               # AUTOMA-18
        empty = True
        for seg in range(6):
            if S[b + L.C_WHEEL_EXC + seg] + S[b + L.C_WHEEL_MIX + seg] > 0:
                empty = False
        for t in range(ids.N_TILES):
            if 0 <= S[b + L.C_TILE_LOC + t] < 6:
                empty = False
        if empty:
            return False
        place_engineers(S, T, c, ids.AB_WORKSHOP, k)
        add_vp(S, c, -vp, ids.VS_RESOURCES)
        rotate(S, c, x)
        return True
    if do == ids.AD_MACHINE:                                                # AUTOMA-19
        if S[L.G_ROUND] == 5:
            return False
        place_engineers(S, T, c, ids.AB_MACHINE, k)
        add_vp(S, c, -vp, ids.VS_RESOURCES)
        gain_machines(S, c, x, y, z)
        return True
    if do == ids.AD_CONTRACT:                                               # AUTOMA-20
        place_engineers(S, T, c, ids.AB_CONTRACT, k)
        discard_colour(S, x)
        add_energy(S, c, y)
        return True
    if do == ids.AD_BANK:                                                   # AUTOMA-22
        take_engineers(S, c, k)
        S[b + L.C_BANK_ENG] += k
        add_vp(S, c, x, ids.VS_RESOURCES)
        return True
    if do == ids.AD_EXTERNAL and T.lwp_enabled[0] == 1:                     # AUTOMA-21
        slot = automa_extwork_slot(S, T, c, entry)
        if slot < 0:
            return False
        automa_external_work(S, T, c, slot, k)
        return True
    return False                                                            # AUTOMA-21: Leeghwater only


@njit(cache=True)
def automa_turn(S, T, c):
    """AUTOMA-02, -08, -10, -11: flip the deck, then go down the action list until an ending entry is
    performed; an Automa without Engineers passes."""
    b = co(c)
    S[L.G_AUTOMA_DONE] = 0                                                  # for the event log (sim.events)
    if S[b + L.C_ENG] == 0:                                                 # AUTOMA-08
        S[L.G_PASSED + c] = 1
        return
    if officer(S, c) == ids.WU and wu_space_turn(S, T, c, contract_slot(S, T, wu_energy(S, T, c), -1)):
        return                                                              # AUTOMA-71 (Wu): before the card
    flip(S)
    card = action_card(S)
    crit = criteria_card(S)
    performed = False
    for i in range(T.automa_n_entries[card]):
        if S[b + L.C_ENG] == 0:                                             # AUTOMA-10
            break
        entry = T.automa_entry[card, i]
        if perform_entry(S, T, c, entry, crit):
            performed = True
            S[L.G_AUTOMA_DONE] |= 1 << i
            if ids.AUTOMA_ENDING[entry[0]]:                            # AUTOMA-11
                architect_second_turn(S, c, entry[1])                       # AUTOMA-68 (Tommaso)
                return
    if not performed:                                                       # AUTOMA-08
        S[L.G_PASSED + c] = 1


@njit(cache=True, _nrt=False)
def automa_pick(S, T, c, forced, pick_index):
    """AUTOMA-01/06: the Automa takes a pairing left by the players (its own when the setup is fixed), no
    starting contract, no Credits and 16 VP; below level 4 its officer is not used (AUTOMA-03). SETUP-22's 6
    Excavators and 4 Mixers, except that a level-4 Automa uses Elon (AUTOMA-71): his 8 Excamixers instead
    (SETUP-21)."""
    p = c
    if forced == 0:
        p = 0
        while S[L.PAIR_TAKEN + p] == 1:
            p += 1
    apply_pick(S, T, c, pick_index, p * 8 + NO_CONTRACT)
    b = co(c)
    S[b + L.C_CREDITS] = 0
    elon = automa_level(S, c) == 4 and S[b + L.C_OFFICER] == ids.ELON
    S[b + L.C_EXC] = 0 if elon else T.start_resources[1]
    S[b + L.C_MIX] = 0 if elon else T.start_resources[2]
    S[b + L.C_EXCAMIXERS] = T.officer_start_machines[ids.ELON, 2] if elon else 0
    S[b + L.C_MACH_GAINED] = S[b + L.C_EXC] + S[b + L.C_MIX] + S[b + L.C_EXCAMIXERS]
    add_vp(S, c, T.automa_start_vp[0] - T.start_resources[4], ids.VS_START)
    if automa_level(S, c) < 4:
        S[b + L.C_EFF_OFFICER] = ids.NO_OFFICER
        S[b + L.C_ARCHITECT] = 0                                  # Tommaso's Architect: one more Engineer
        S[b + L.C_TILE_LOC + ids.T_ANTON] = ids.TILE_NOT_OWNED
        S[b + L.C_TILE_LOC + ids.T_LESLIE] = ids.TILE_NOT_OWNED


@njit(cache=True, _nrt=True)
def resolve(S, T, kind, c, a0, a1, a2):
    """Resolves a decision task of an Automa seat by the Automa rules (the task is already popped)."""
    if kind == ids.TK_MAIN:
        automa_turn(S, T, c)
    elif kind == ids.TK_SETUP_PICK:
        automa_pick(S, T, c, a0, a1)
    elif kind == ids.TK_PRODUCE:                                            # extra productions (level 3 effects)
        move, e = best_production(S, T, c, a0, (a1 & 2) != 0, a2)
        if e >= 1:
            produce_and_fulfil(S, T, c, move, a0, a1)
    elif kind == ids.TK_DROP:                                               # AUTOMA-24/45: all n, one at a time
        place_drops(S, T, c, a0, a1 == 1, rules_card(S))
    elif kind == ids.TK_MACHINE:                                            # AUTOMA-24 -> AUTOMA-19
        gain_machines(S, c, 0, 0, a0)
    elif kind == ids.TK_FREE_PLACE:                                         # AUTOMA-24 -> AUTOMA-30
        free_placement(S, T, c, a0, a1, a2)
    elif ids.TK_LWP_DAM <= kind <= ids.TK_LWP_L1_ACTION:
        automa_lwp_decision(S, T, kind, c, a0, a1, rules_card(S))
    elif kind == ids.TK_FULFIL or kind == ids.TK_GEO_DROP:
        pass                                    # AUTOMA-06: no contracts in hand; GEO-10: tokens ignored
    else:
        raise RuntimeError("no Automa rule for this decision")

