"""How a level-4 Automa uses its officer (AUTOMA-60..66, the solo app's "Overpowered" level): one small rule per
officer, each called by the Automa procedure at the step it changes. The officer's passive abilities work through
the engine as for anyone (Wilhelm's Base cost, Graziano's capacity, Viktor's minimum, CONSTRUCT-19).

`officer(S, c)` is the officer a seat uses now; below level 4 an Automa has none (AUTOMA-03), so every rule here
is off for it. Tile and payment rules (Jill's Mixers, Solomon's VP, Anton's special tile: AUTOMA-63..65) live with
the tile choice in `sim.rules.automa_tiles`. The Leeghwater and promo officers (AUTOMA-67..71):
`sim.rules.automa_lwp_promo`.
"""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.actions import engineers_placed
from sim.rules.company import co, is_automa, officer

MAHIRI_PROXY_LEVEL = 4    # AUTOMA-66: the player acts as the level-4 Automa that holds Mahiri


@njit(cache=True, _nrt=False)
def dam_area_preference(S, T, c, g):
    """AUTOMA-60 (Wilhelm): preference of a Base space by area, mountains 2, hills 1, plains 0 (0 for every
    space without Wilhelm)."""
    if officer(S, c) != ids.WILHELM:
        return 0
    return 2 - T.zone_area[T.dam_zone[g]]


@njit(cache=True, _nrt=False)
def linked_to_own_powerhouse(S, T, c, g):
    """AUTOMA-71 (Octavius): Base space g is linked by a conduit space of its basin (built or not) to a zone holding
    one of c's powerhouses (1), else 0; 0 for every space without Octavius."""
    if officer(S, c) != ids.OCTAVIUS:
        return 0
    z = T.dam_zone[g]
    for j in range(2):
        k = T.zone_conduits[z, j]
        if k < 0:
            continue
        ez = T.cond_end_zone[k]
        for i in range(4):
            p = T.zone_ph[ez, i]
            if p >= 0 and S[L.PH_OWNER + p] == c:
                return 1
    return 0


@njit(cache=True, _nrt=False)
def elevates_first(S, c):
    """AUTOMA-61 (Graziano): any construction is an Elevation whenever one can be built."""
    return officer(S, c) == ids.GRAZIANO


@njit(cache=True, _nrt=False)
def drops_moved(S, T, c, d, cond, german_second):
    """AUTOMA-13 (c) / AUTOMA-62: the drops an Automa production from dam d through `cond` moves: all of them,
    but exactly 1 through a conduit of printed value 1 or 2 with Viktor (his minimum then makes it 4; the German
    second production has no minimum, COMPANY-GER-01, so it moves all)."""
    if not german_second and officer(S, c) == ids.VIKTOR and T.cond_value[cond] <= 2:
        return 1
    return S[L.DAM_DROPS + d]


@njit(cache=True, _nrt=False)
def mixers_of_choice(S, c):
    """AUTOMA-63 (Jill): every machinery of the Automa's choice is a Mixer."""
    return officer(S, c) == ids.JILL


@njit(cache=True, _nrt=False)
def mahiri_in_play(S):
    """AUTOMA-66: a level-4 Automa holds Mahiri Sekibo."""
    for o in range(L.MAX_PLAYERS):
        b = co(o)
        if S[b + L.C_AUTOMA] == 4 and S[b + L.C_OFFICER] == ids.MAHIRI:
            return True
    return False


@njit(cache=True, _nrt=False)
def first_action_pending(S, T, c):
    """Whether seat c has not acted yet this round: it has not passed and has no Engineer out (every first
    action under AUTOMA-66 places one, AUTOMA-12; Engineers return only at the End of Round, EOR-02)."""
    return S[L.G_PASSED + c] == 0 and engineers_placed(S, T, c) == 0


@njit(cache=True, _nrt=False)
def automa_chooses_first_action(S, T, c):
    """AUTOMA-66 (Mahiri): seat c's turn is its first action of the round, chosen by the Automa procedure
    because it faces a level-4 Mahiri Automa (every non-Automa seat, bots included)."""
    return not is_automa(S, c) and mahiri_in_play(S) and first_action_pending(S, T, c)


@njit(cache=True, _nrt=False)
def act_as_automa(S, c, on):
    """AUTOMA-66: from the start of the forced action until its last sub-step seat c is a level-4 Automa for
    every rule (the engine resolves all its decisions by the Automa rules; Credits are gained and paid as VP,
    AUTOMA-04/05); then a player's seat again. The engine never stops for a decision in between."""
    S[co(c) + L.C_AUTOMA] = MAHIRI_PROXY_LEVEL if on else 0
