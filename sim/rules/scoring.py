"""Scoring phase (SCORE-*, BONUS-*), End of Round (TURN-ORDER-*, EOR-*) and end of game (END-*, OBJECTIVE-*)."""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import (
    add_credits,
    add_vp,
    advanced_tiles_owned,
    built,
    co,
    is_automa,
)
from sim.rules.colorado import colorado_end_of_round
from sim.rules.colorado_board import bridged_dam_pieces, bridges_built
from sim.rules.duel import score_markers
from sim.rules.lwp import extworks_fulfilled, lwp_end_of_round, score_buildings
from sim.rules.lwp_buildings import buildings_activated
from sim.rules.officer_actions import reset_officer_spaces
from sim.rules.water import own_dam_drops


@njit(cache=True, _nrt=False)
def energy_award(S, T):
    """SCORE-02..04: 6 VP to a sole leader (2 / 1 each to the next energy), ceil(8/n) each for a tie."""
    np_ = T.n_players[0]
    best = 0
    for c in range(np_):
        best = max(best, S[co(c) + L.C_ENERGY])
    if best < 1:
        return
    n_best = 0
    for c in range(np_):
        if S[co(c) + L.C_ENERGY] == best:
            n_best += 1
    first = T.award[0]
    second = T.award[1]
    if n_best >= 2:
        share = (first + second + n_best - 1) // n_best
        for c in range(np_):
            if S[co(c) + L.C_ENERGY] == best:
                add_vp(S, c, share, ids.VS_ENERGY_AWARD)
        return
    runner = 0
    for c in range(np_):
        e = S[co(c) + L.C_ENERGY]
        if e == best:
            add_vp(S, c, first, ids.VS_ENERGY_AWARD)
        elif e > runner:
            runner = e
    if runner < 1:
        return
    n_runner = 0
    for c in range(np_):
        if S[co(c) + L.C_ENERGY] == runner:
            n_runner += 1
    for c in range(np_):
        if S[co(c) + L.C_ENERGY] == runner:
            add_vp(S, c, second if n_runner == 1 else 1, ids.VS_ENERGY_AWARD)


@njit(cache=True, _nrt=False)
def track_credits(S, T):
    """SCORE-05/06: Credits by energy band; a marker still on 0 also loses 3 VP."""
    for c in range(T.n_players[0]):
        e = S[co(c) + L.C_ENERGY]
        add_credits(S, c, T.credits_by_energy[min(e, 30)], ids.VS_ENERGY_TRACK)   # AUTOMA-07: VP for an Automa
        if e == 0:
            add_vp(S, c, T.zero_energy_vp[0], ids.VS_ENERGY_TRACK)


@njit(cache=True, _nrt=False)
def bonus_count(S, T, c, tile):
    """BONUS-04: what the round's bonus tile counts for company c."""
    if tile == ids.B_CONTRACTS:
        return S[co(c) + L.C_FULFILLED]
    if tile == ids.B_BASES:
        return built(S, T, c, ids.BASE)
    if tile == ids.B_ELEVATIONS:
        return built(S, T, c, ids.ELEVATION)
    if tile == ids.B_CONDUITS:
        return built(S, T, c, ids.CONDUIT)
    if tile == ids.B_POWERHOUSES:
        return built(S, T, c, ids.POWERHOUSE)
    if tile == ids.B_EXTWORKS:                                            # LWP-EXTWORK-08
        return extworks_fulfilled(S, c)
    if tile == ids.B_BUILDINGS:
        return buildings_activated(S, c)
    if tile == ids.B_BRIDGES:                                             # COLO-BONUS-01
        return bridges_built(S, c)
    return advanced_tiles_owned(S, c)


@njit(cache=True, _nrt=False)
def bonus_vp(S, T, c, r, tile):
    """BONUS-02/03: nothing below 6 energy; else VP per unit x count minus 4 per section behind, floor 0."""
    e = S[co(c) + L.C_ENERGY]
    if e < T.bonus_threshold[0]:
        return 0
    behind = max(0, r - e // T.section_size[0])
    return max(0, T.bonus_vp[tile] * bonus_count(S, T, c, tile) - T.section_malus[0] * behind)


@njit(cache=True, _nrt=False)
def scoring_phase(S, T):
    """SCORE-01: award, track Credits, bonus tile; records each company's energy of the round."""
    r = S[L.G_ROUND]
    energy_award(S, T)
    track_credits(S, T)
    tile = S[L.G_BONUS + r - 1]
    for c in range(T.n_players[0]):
        v = bonus_vp(S, T, c, r, tile)
        if v > 0:
            add_vp(S, c, v, ids.VS_BONUS)
        S[co(c) + L.C_ENERGY_HIST + r - 1] = S[co(c) + L.C_ENERGY]


@njit(cache=True)
def update_turn_order(S, T):
    """TURN-ORDER-01/02: least energy first; ties in the reverse of their previous relative order."""
    np_ = T.n_players[0]
    order = np.empty(np_, dtype=np.int64)
    # Walking the previous order backwards and inserting stably by energy gives the reversal for ties.
    n = 0
    for p in range(np_ - 1, -1, -1):
        c = S[L.G_TURN_ORDER + p]
        e = S[co(c) + L.C_ENERGY]
        i = n
        while i > 0 and S[co(order[i - 1]) + L.C_ENERGY] > e:
            order[i] = order[i - 1]
            i -= 1
        order[i] = c
        n += 1
    for p in range(np_):
        S[L.G_TURN_ORDER + p] = order[p]


@njit(cache=True, _nrt=False)
def refresh_patent_office(S, T):
    """TECH-04: unbought tiles leave the game; three new ones are drawn from piles I, II, III in order, skipping the
    gaps of tiles removed before the game (S-05)."""
    for i in range(3):
        S[L.PATENT + i] = -1
        while S[L.TECH_POS] < L.N_ADV and S[L.TECH_PILE + S[L.TECH_POS]] < 0:
            S[L.TECH_POS] += 1
        if S[L.TECH_POS] < L.N_ADV:
            S[L.PATENT + i] = S[L.TECH_PILE + S[L.TECH_POS]]
            S[L.TECH_POS] += 1


@njit(cache=True, _nrt=True)
def end_of_round(S, T):
    """EOR-01..06: turn order, energy reset, Engineers home, once-per-round spaces free, Patent Office."""
    update_turn_order(S, T)
    for c in range(T.n_players[0]):
        b = co(c)
        S[b + L.C_ENERGY] = 0
        S[b + L.C_ENG] += S[b + L.C_BANK_ENG] + S[b + L.C_GEO_ENG] + S[b + L.C_AUTOMA_ENG]
        S[b + L.C_GEO_ENG] = 0
        S[b + L.C_AUTOMA_ENG] = 0
        for i in range(S[b + L.C_CONSTR_USED]):
            S[b + L.C_ENG] += T.constr_eng[i]
        S[b + L.C_BANK_ENG] = 0
        S[b + L.C_CONSTR_USED] = 0
        S[L.G_PASSED + c] = 0
        reset_officer_spaces(S, T, c)                                 # EOR-02/03: officer spaces, Architect
    for s in range(L.N_SPACES):
        c = S[L.SPACE_OCC + s]
        if c >= 0:
            S[co(c) + L.C_ENG] += S[L.SPACE_ENG + s]
        S[L.SPACE_OCC + s] = ids.NOBODY
        S[L.SPACE_ENG + s] = 0
    if T.intro[0] == 0:
        refresh_patent_office(S, T)
    lwp_end_of_round(S, T)                                                # EOR-05
    colorado_end_of_round(S, T)                                           # EOR-02: sites and settlements


@njit(cache=True, _nrt=False)
def pieces_by_zone(S, T, c, out):
    """Company c's structure pieces per zone (dams count their level; conduits count in their start zone)."""
    for z in range(T.n_zones[0]):
        out[z] = 0
    for d in range(T.n_dams[0]):
        if S[L.DAM_OWNER + d] == c:
            out[T.dam_zone[d]] += S[L.DAM_LEVEL + d]
    for k in range(T.n_conduits[0]):
        if S[L.COND_OWNER + k] == c:
            out[T.cond_zone[k]] += 1
    for p in range(T.n_ph[0]):
        if S[L.PH_OWNER + p] == c:
            out[T.ph_zone[p]] += 1


@njit(cache=True)
def objective_count(S, T, c, objective):
    """OBJECTIVE-01..07: what the objective tile counts for company c."""
    if objective == ids.O_BRIDGE_DAMS:                                    # OBJECTIVE-07, COLO-OBJ-01
        return bridged_dam_pieces(S, c)
    if objective == ids.O_PAYING:
        n = 0
        for d in range(T.n_dams[0]):
            if S[L.DAM_OWNER + d] == c and T.dam_upper[d] == 1:
                n += 1
        for p in range(T.n_ph[0]):
            if S[L.PH_OWNER + p] == c and T.ph_paying[p] == 1:
                n += 1
        return n
    if objective == ids.O_CONNECTIONS:
        n = 0
        for d in range(T.n_dams[0]):
            if S[L.DAM_OWNER + d] != c:
                continue
            z = T.dam_zone[d]
            linked = False
            for j in range(2):
                k = T.zone_conduits[z, j]
                if k < 0 or S[L.COND_OWNER + k] != c:
                    continue
                ez = T.cond_end_zone[k]
                for i in range(4):
                    p = T.zone_ph[ez, i]
                    if p >= 0 and S[L.PH_OWNER + p] == c:
                        linked = True
            if linked:
                n += 1
        return n
    zone = np.zeros(T.n_zones[0], dtype=np.int64)
    pieces_by_zone(S, T, c, zone)
    if objective == ids.O_BASINS1 or objective == ids.O_BASINS3:
        need = 1 if objective == ids.O_BASINS1 else 3
        n = 0
        for z in range(T.n_zones[0]):
            if zone[z] >= need:
                n += 1
        return n
    area = np.zeros(3, dtype=np.int64)
    for z in range(T.n_zones[0]):
        area[T.zone_area[z]] += zone[z]
    if objective == ids.O_BEST_AREA:
        return area.max()
    return area.min()


@njit(cache=True)
def score_objective(S, T):
    """END-02/03: rank by count; tied companies share the VP of the places they occupy, rounded up (an Automa
    by its own 20/15/10 table, AUTOMA-07)."""
    np_ = T.n_players[0]
    obj = S[L.G_OBJECTIVE]
    counts = np.empty(np_, dtype=np.int64)
    for c in range(np_):
        counts[c] = objective_count(S, T, c, obj)
    for c in range(np_):
        above = 0
        tied = 0
        for d in range(np_):
            if counts[d] > counts[c]:
                above += 1
            elif counts[d] == counts[c]:
                tied += 1
        total = 0
        for p in range(above, above + tied):
            total += T.automa_objective_vp[p] if is_automa(S, c) else T.objective_vp[p]   # AUTOMA-07
        share = (total + tied - 1) // tied
        if share > 0:
            add_vp(S, c, share, ids.VS_OBJECTIVE)


@njit(cache=True, _nrt=True)
def final_scoring(S, T):
    """END-01: objective, resources (1 VP per 5), Leeghwater building VP, drops in own dams."""
    score_objective(S, T)
    score_buildings(S, T)                                                 # END-01 (3), LWP-BUILD-08
    for c in range(T.n_players[0]):
        b = co(c)
        items = S[b + L.C_CREDITS] + S[b + L.C_EXC] + S[b + L.C_MIX] + S[b + L.C_EXCAMIXERS]   # OFFICER-ELON-01
        if items >= 5:
            add_vp(S, c, items // 5, ids.VS_RESOURCES)                   # END-04
        drops = own_dam_drops(S, T, c)
        if drops > 0:
            add_vp(S, c, drops, ids.VS_DAMS)                             # END-05
    score_markers(S, T)                                                  # END-01 (5), DUEL-END-01


@njit(cache=True, _nrt=False)
def final_ranks(S, T, rank, win):
    """END-06..08: rank by VP then round-5 energy; a remaining tie shares the victory (win split 1/k)."""
    np_ = T.n_players[0]
    for c in range(np_):
        better = 0
        for d in range(np_):
            vd = S[co(d) + L.C_VP]
            vc = S[co(c) + L.C_VP]
            if vd > vc or (vd == vc and S[co(d) + L.C_ENERGY] > S[co(c) + L.C_ENERGY]):
                better += 1
        rank[c] = better + 1
    n_first = 0
    for c in range(np_):
        if rank[c] == 1:
            n_first += 1
    for c in range(np_):
        win[c] = 1.0 / n_first if rank[c] == 1 else 0.0
