"""The engine loop: legal moves of the pending decision, applying a move, resolving automatic tasks
(round flow APPX-01: income, actions, water flow, scoring, end of round)."""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.actions import apply_main_move, list_mahiri_copies, list_main_moves
from sim.rules.automa_officers import act_as_automa, automa_chooses_first_action
from sim.rules.automa_turn import resolve as automa_resolve
from sim.rules.colorado import apply_colorado_choice, list_colorado_choice, resolve_part
from sim.rules.company import (
    ability_active,
    add_energy,
    co,
    company_of,
    gets_incomes,
    hand_size,
    is_automa,
)
from sim.rules.construct import (
    TILE_FREE,
    decode_build,
    finish_build,
    free_place_ok,
    list_builds,
    list_payments,
    n_map_spaces,
    placeable,
    tile_effect,
)
from sim.rules.contracts import (
    can_fulfil,
    displayed_count,
    fulfil_bound,
    mark_fulfilled,
    refill_display,
    take_from_display,
)
from sim.rules.duel import check_row, give_duel_reward, note_contract
from sim.rules.geology import forbids_contract, push_income_drops
from sim.rules.lwp import DAM_NETHERLANDS, MANDATORY, apply_lwp_choice, list_lwp_choice
from sim.rules.multi_dam import add_source, finish_production, list_more_dams, several_dams, start_production
from sim.rules.officer_actions import fulfils_several, hand_limit, list_amir_drops
from sim.rules.produce import (
    GERMAN_SECOND,
    OPTIONAL,
    list_productions,
    perform_production,
)
from sim.rules.rewards import (
    gain_resources,
    give_reward,
    push_machine_choice,
    push_other_parts,
    push_reward_part,
)
from sim.rules.scoring import end_of_round, final_scoring, scoring_phase
from sim.rules.setup import apply_pick, finish_setup, list_picks
from sim.rules.stack import pop, push, top
from sim.rules.water import (
    capacity,
    new_drop_flowing,
    new_drop_on_headstream,
    place_drop_directly,
    water_flow_phase,
)
from sim.rules.wheel import rotate

BUFFER_SIZE = 4096   # moves buffer the callers allocate


@njit(cache=True, _nrt=False)
def legal_moves(S, T, out, scratch):
    """Fills out with the encoded legal moves of the pending decision; returns their number."""
    t = top(S)
    if t < 0:
        return 0
    kind = S[t]
    c = S[t + 1]
    a0 = S[t + 2]
    a1 = S[t + 3]
    a2 = S[t + 4]
    b = co(c) if c >= 0 else 0
    n = 0
    if kind == ids.TK_MAIN:
        return list_main_moves(S, T, c, a0, out, scratch)
    if kind == ids.TK_BUILD:
        return list_builds(S, T, c, a0, a1, S[b + L.C_CREDITS], S[b + L.C_ENG], out, 0, False)
    if kind == ids.TK_PAY:
        g = a0
        return list_payments(S, T, c, g, placeable(S, T, c, g), a2, a1 == TILE_FREE, S[b + L.C_CREDITS], out, 0)
    if kind == ids.TK_PRODUCE:
        n = list_productions(S, T, c, a0, a1, a2, S[b + L.C_CREDITS], out, 0, False)
        if a1 & OPTIONAL:
            out[n] = ids.MV_SKIP
            n += 1
        return n
    if kind == ids.TK_FULFIL:
        if a1 != MANDATORY:                                        # the Customer Office must fulfil (LWP-BUILD-06)
            out[0] = ids.MV_NONE                                   # CONTRACT-07: fulfilling is optional
            n = 1
        bound = fulfil_bound(S, T, c, a0, a1 == 1) - a2               # CONTRACT-11: a2 already fulfilled
        for k in range(L.N_CONTRACTS):
            if can_fulfil(S, T, c, k, bound, a1 == 1):
                out[n] = k
                n += 1
        return n
    if kind == ids.TK_DROP:
        for h in range(T.n_head[0]):
            out[n] = h
            n += 1
        n = list_amir_drops(S, T, c, a1, out, n)                   # OFFICER-AMIR-01
        if a2 == 0:                                                # WATER-16: up to N
            out[n] = ids.MV_NONE
            n += 1
        return n
    if kind == ids.TK_TAKE_CONTRACT:
        for i in range(6):
            if S[L.DISPLAY + i] >= 0:
                out[n] = i
                n += 1
        return n
    if kind == ids.TK_DISCARD:
        for k in range(L.N_CONTRACTS):
            if S[L.CON_STATE + k] == ids.CS_HAND and S[L.CON_OWNER + k] == c:
                out[n] = k
                n += 1
        return n
    if kind == ids.TK_MACHINE:
        for x in range(a0 + 1):
            out[n] = x
            n += 1
        return n
    if kind == ids.TK_FREE_PLACE:
        for g in range(n_map_spaces(T)):
            if free_place_ok(S, T, c, g, a0, a1):
                out[n] = g
                n += 1
        return n
    if kind == ids.TK_MAHIRI:
        return list_mahiri_copies(S, T, c, out, scratch)
    if kind == ids.TK_MORE_DAMS:                                   # OFFICER-OCTAVIUS-01
        return list_more_dams(S, T, c, a2, S[t + 6], S[b + L.C_CREDITS], out)
    if kind == ids.TK_SETUP_PICK:
        return list_picks(S, T, c, a0, out)
    if ids.TK_LWP_DAM <= kind <= ids.TK_LWP_L1_ACTION:
        return list_lwp_choice(S, T, kind, c, a0, a1, out, scratch)
    if ids.TK_COLO_BRIDGE <= kind <= ids.TK_COLO_SEGMENT:
        return list_colorado_choice(S, T, kind, c, a0, a1, out, scratch)
    if kind == ids.TK_GEO_DROP:                                    # GEO-BASE-EXC-02: "may"
        if S[L.DAM_DROPS + a0] < capacity(S, T, a0):
            out[n] = 1
            n += 1
        out[n] = ids.MV_SKIP
        return n + 1
    return 0


@njit(cache=True, _nrt=False)
def _after_production(S, T, c, flags, ph, e, dams):
    """PRODUCE-11 (f)-(g): the contract step (not on a geological +4 basin, GEO-PH-FREE-01), then the company
    ability (dams: bit per dam the production used, COMPANY-NED-01)."""
    push(S, ids.TK_AFTER_PRODUCTION, c, flags, ph, dams)
    if not forbids_contract(S, T, ph):
        push(S, ids.TK_FULFIL, c, e, 1)


@njit(cache=True, _nrt=False)
def apply_choice(S, T, move):
    """Applies a move to the pending decision (the move must be legal)."""
    t = top(S)
    kind = S[t]
    c = S[t + 1]
    a0 = S[t + 2]
    a1 = S[t + 3]
    a2 = S[t + 4]
    a3 = S[t + 5]
    a4 = S[t + 6]
    a5 = S[t + 7]
    pop(S)
    b = co(c) if c >= 0 else 0
    S[L.G_MOVES] += 1
    if kind == ids.TK_MAIN:
        apply_main_move(S, T, c, move)
    elif kind == ids.TK_BUILD:
        g, tmode, behav = decode_build(move)
        push(S, ids.TK_PAY, c, g, tmode, behav)
    elif kind == ids.TK_PAY:
        finish_build(S, T, c, a0, a1, a2, move)
    elif kind == ids.TK_PRODUCE:
        if move != ids.MV_SKIP and several_dams(S, c, a1):       # OFFICER-OCTAVIUS-01: more dams may follow
            start_production(S, T, c, move, a0, a1)
        elif move != ids.MV_SKIP:
            e = perform_production(S, T, c, move, a0, a1)
            _after_production(S, T, c, a1, (move // 1024) % 32, e, 1 << (move % 32))
    elif kind == ids.TK_MORE_DAMS:
        if move == ids.MV_NONE:
            e = finish_production(S, T, c, a0, a2, a3, a5)
            _after_production(S, T, c, a1, a2, e, a4)
        else:
            add_source(S, T, c, move, a0, a1, a3, a4, a5)
    elif kind == ids.TK_FULFIL:
        if move != ids.MV_NONE:
            if a1 == 1 and fulfils_several(S, c):                  # CONTRACT-11: the sum of requirements <= E
                push(S, ids.TK_FULFIL, c, a0, a1, a2 + T.contract_req[move])
            mark_fulfilled(S, c, move)
            note_contract(S, T, c, move)                          # DUEL-COND-05
            give_reward(S, T, c, move, ids.VS_CONTRACTS)          # CONTRACT-08/13
    elif kind == ids.TK_DROP:
        if move != ids.MV_NONE:
            if move >= ids.MV_DROP_INTO_DAM:                      # OFFICER-AMIR-01, WATER-13
                place_drop_directly(S, T, move - ids.MV_DROP_INTO_DAM)
            elif move >= ids.MV_DROP_NOW:                         # OFFICER-AMIR-01: flows at once
                new_drop_flowing(S, T, move - ids.MV_DROP_NOW)
            elif a1 == 1:
                new_drop_flowing(S, T, move)                      # WATER-09
            else:
                new_drop_on_headstream(S, T, move)                # WATER-10
            if a0 > 1:
                push(S, ids.TK_DROP, c, a0 - 1, a1, a2)
    elif kind == ids.TK_TAKE_CONTRACT:
        take_from_display(S, c, move)
        if a0 > 1 and displayed_count(S) > 0:
            push(S, ids.TK_TAKE_CONTRACT, c, a0 - 1)
    elif kind == ids.TK_DISCARD:
        S[L.CON_STATE + move] = ids.CS_DISCARDED                 # CONTRACT-04: removed from the game
    elif kind == ids.TK_MACHINE:
        S[b + L.C_EXC] += move                                     # REWARD-02 any_machine
        S[b + L.C_MIX] += a0 - move
        S[b + L.C_MACH_GAINED] += a0
    elif kind == ids.TK_FREE_PLACE:
        if a2 > 1:
            push(S, ids.TK_FREE_PLACE, c, a0, a1, a2 - 1)
        push(S, ids.TK_PAY, c, move, TILE_FREE, -1)                # CONSTRUCT-21, GEO-07/08

    elif kind == ids.TK_MAHIRI:
        S[b + L.C_EFF_OFFICER] = move                              # OFFICER-MAHIRI-02
        push(S, ids.TK_MAIN, c, 1)
        push(S, ids.TK_REFILL, c)                                  # TURN-11
    elif kind == ids.TK_SETUP_PICK:
        apply_pick(S, T, c, a1, move)
    elif kind == ids.TK_GEO_DROP:
        if move != ids.MV_SKIP:
            place_drop_directly(S, T, a0)
    elif ids.TK_LWP_DAM <= kind <= ids.TK_LWP_L1_ACTION:
        apply_lwp_choice(S, T, kind, c, a0, move)
    elif ids.TK_COLO_BRIDGE <= kind <= ids.TK_COLO_SEGMENT:
        apply_colorado_choice(S, T, kind, c, a0, a1, move)


@njit(cache=True, _nrt=False)
def _income(S, T, c):
    """INCOME-01/03: resource gains of every revealed income first, then the other parts row by row (an Automa
    from level 2 only, AUTOMA-03)."""
    if not gets_incomes(S, c):
        return
    comp = company_of(S, c)
    full = 5
    push_income_drops(S, T, c)                                     # GEO-BASE-EXC-02, after the incomes
    for row in range(3):
        k = full - S[co(c) + L.C_PIECES + row]
        for i in range(3):
            if k >= T.income_at[i]:
                gain_resources(S, T, c, T.income_reward[comp, row, i], ids.VS_INCOMES)
    for row in range(2, -1, -1):
        k = full - S[co(c) + L.C_PIECES + row]
        for i in range(2, -1, -1):
            if k >= T.income_at[i]:
                push_other_parts(S, T, c, T.income_reward[comp, row, i])
    for row in range(3):
        k = full - S[co(c) + L.C_PIECES + row]
        for i in range(3):
            if k >= T.income_at[i]:
                push_machine_choice(S, T, c, T.income_reward[comp, row, i])


@njit(cache=True, _nrt=False)
def _end_mahiri_copies(S, T):
    """OFFICER-MAHIRI-02: a copy ends when the next turn of any company begins; a hand kept over the limit by a
    copy of Simone is cut back at once (CONTRACT-04)."""
    for p in range(T.n_players[0]):
        b = co(p)
        if S[b + L.C_OFFICER] == ids.MAHIRI and S[b + L.C_EFF_OFFICER] >= 0:
            copied_simone = S[b + L.C_EFF_OFFICER] == ids.SIMONE
            S[b + L.C_EFF_OFFICER] = ids.MAHIRI
            if copied_simone and hand_size(S, p) > hand_limit(S, T, p):
                push(S, ids.TK_CHECK_HAND, p)


@njit(cache=True, _nrt=False)
def run_auto(S, T, kind, c, a0, a1, a2):
    """Resolves one automatic task."""
    n = T.n_players[0]
    if kind == ids.TK_START_ROUND:                                  # APPX-01
        S[L.G_ROUND] = a0
        S[L.G_PHASE] = ids.PH_INCOME
        for p in range(n):
            S[co(S[L.G_TURN_ORDER + p]) + L.C_TURN_POS_HIST + a0 - 1] = p + 1
        push(S, ids.TK_ACTIONS_START, -1)
        if a0 <= 4:                                                 # ROUND-03
            push(S, ids.TK_HEADSTREAMS, -1)
        for p in range(n):                                          # INCOME-02: reverse turn order
            push(S, ids.TK_INCOME, S[L.G_TURN_ORDER + p])
    elif kind == ids.TK_INCOME:
        _income(S, T, c)
    elif kind == ids.TK_HEADSTREAMS:                                # INCOME-08
        r = S[L.G_ROUND]
        for h in range(T.n_head[0]):
            k = T.head_tile_drops[S[L.HEAD_TILE + h], r - 1]
            S[L.HEAD_DROPS + h] += k
            S[L.G_DROPS_CREATED] += k
    elif kind == ids.TK_ACTIONS_START:
        S[L.G_PHASE] = ids.PH_ACTIONS
        for p in range(n):
            S[L.G_PASSED + p] = 0
        push(S, ids.TK_TURN, S[L.G_TURN_ORDER])
    elif kind == ids.TK_TURN:
        S[L.G_CURRENT] = c
        push(S, ids.TK_END_TURN, c)
        if automa_chooses_first_action(S, T, c):                    # AUTOMA-66: Mahiri's Automa
            act_as_automa(S, c, True)
            push(S, ids.TK_AUTOMA_PROXY_END, c)
        push(S, ids.TK_MAIN, c, 0)
        _end_mahiri_copies(S, T)
    elif kind == ids.TK_ARCHITECT_TURN:                             # OFFICER-TOMMASO-01: another turn, after
        push(S, ids.TK_MAIN, c, 2)                                  # the display refill (TURN-11)
        _end_mahiri_copies(S, T)
        push(S, ids.TK_REFILL, c)
    elif kind == ids.TK_AUTOMA_PROXY_END:
        act_as_automa(S, c, False)
    elif kind == ids.TK_END_TURN:                                   # TURN-11, TURN-01
        refill_display(S, T)
        pos = 0
        for p in range(n):
            if S[L.G_TURN_ORDER + p] == c:
                pos = p
        for i in range(1, n + 1):
            q = S[L.G_TURN_ORDER + (pos + i) % n]
            if S[L.G_PASSED + q] == 0:
                push(S, ids.TK_TURN, q)
                return
        push(S, ids.TK_WATER_PHASE, -1)                             # TURN-10
    elif kind == ids.TK_WATER_PHASE:
        S[L.G_PHASE] = ids.PH_WATER
        water_flow_phase(S, T)
        if T.duel_board[0] == 1:                                    # DUEL-CHECK-01: Check before Scoring
            push(S, ids.TK_DUEL_CHECK, -1, 0)
        else:
            push(S, ids.TK_SCORING, -1)
    elif kind == ids.TK_DUEL_CHECK:
        S[L.G_PHASE] = ids.PH_CHECK
        check_row(S, T, a0)
    elif kind == ids.TK_DUEL_REWARD:
        give_duel_reward(S, T, c, a0)
    elif kind == ids.TK_SCORING:
        S[L.G_PHASE] = ids.PH_SCORING
        scoring_phase(S, T)
        if S[L.G_ROUND] < 5:                                        # ROUND-04
            push(S, ids.TK_END_OF_ROUND, -1)
        else:
            final_scoring(S, T)                                     # ROUND-05
            S[L.G_PHASE] = ids.PH_OVER
    elif kind == ids.TK_END_OF_ROUND:
        S[L.G_PHASE] = ids.PH_EOR
        end_of_round(S, T)
        push(S, ids.TK_START_ROUND, -1, S[L.G_ROUND] + 1)
    elif kind == ids.TK_ROTATE:
        rotate(S, c, a0)
    elif kind == ids.TK_AFTER_PRODUCTION:                           # PRODUCE-11 (g)
        if ability_active(S, T, c):
            comp = company_of(S, c)
            if comp == ids.ITALY:                                   # COMPANY-ITA-01
                add_energy(S, c, T.ability[ids.AV_ITALY_ENERGY])
            elif comp == ids.GERMANY and (a0 & GERMAN_SECOND) == 0:  # COMPANY-GER-01
                push(S, ids.TK_PRODUCE, c, 0, OPTIONAL | GERMAN_SECOND, a1)
            elif comp == ids.NETHERLANDS:                           # COMPANY-NED-01: a2 = bit per dam used
                for _ in range(T.ability[ids.AV_NETHERLANDS_DROPS]):
                    push(S, ids.TK_LWP_DAM, c, DAM_NETHERLANDS, a2)
    elif kind == ids.TK_CHECK_HAND:                                 # CONTRACT-04
        if hand_size(S, c) > hand_limit(S, T, c):
            push(S, ids.TK_CHECK_HAND, c)
            push(S, ids.TK_DISCARD, c)
    elif kind == ids.TK_REFILL:
        refill_display(S, T)
    elif kind == ids.TK_TILE_EFFECT:
        tile_effect(S, T, c, a0, a1)
    elif kind == ids.TK_REWARD_PART:
        push_reward_part(S, T, c, a0, a1)
    elif kind == ids.TK_SETUP_DONE:
        finish_setup(S, T)
    elif kind == ids.TK_COLO_PART:
        resolve_part(S, T, c, a0, a1)
    elif kind == ids.TK_COLO_END_BRIDGED_ELEV:                     # COLO-EXT-03 done: COLO-BRIDGE-04 again
        S[L.COLO_BRIDGED_ELEV] = 0


@njit(cache=True, _nrt=False)
def advance(S, T, out, scratch, stop_before_forced=False):
    """Resolves automatic tasks and forced decisions until a real choice is pending.

    Returns the number of legal moves of that choice (written to out), or 0 when the game is over.
    A decision with no performable option is dropped (REWARD-15); an Automa seat's decisions are resolved by
    the Automa rules (sim.rules.automa_turn), so a real choice is never an Automa's. `stop_before_forced` stops
    (returning 0) before a player's first action chosen by the Automa procedure (AUTOMA-66; the game log)."""
    return advance_until(S, T, out, scratch, -1, stop_before_forced)


STEPPED = -2   # `step` resolved one automatic task or forced decision; more may follow


@njit(cache=True, _nrt=False)
def advance_until(S, T, out, scratch, stop_kind, stop_before_forced=False):
    """`advance`, but stops (returning -1) just before running an automatic task of kind `stop_kind`, so that a
    position at a phase boundary (e.g. after Water Flow, before Scoring: stop_kind = TK_SCORING) can be read."""
    while True:
        r = step(S, T, out, scratch, stop_kind, stop_before_forced)
        if r != STEPPED:
            return r


@njit(cache=True, _nrt=False)
def step(S, T, out, scratch, stop_kind, stop_before_forced):
    """One step of `advance_until`: resolves the automatic task or forced decision on top of the stack and
    returns STEPPED, or returns what `advance_until` returns (a real choice's move count, 0, -1) without a change.

    The event log (sim.events) steps the engine with it, one state change at a time."""
    t = top(S)
    if t < 0:
        return 0
    kind = S[t]
    if kind == stop_kind:
        return -1
    if stop_before_forced and kind == ids.TK_TURN and automa_chooses_first_action(S, T, S[t + 1]):
        return 0
    automa = kind < ids.FIRST_AUTO_TASK and is_automa(S, S[t + 1])    # AUTOMA-*: the engine plays Automas
    if kind >= ids.FIRST_AUTO_TASK or automa:
        c = S[t + 1]
        a0 = S[t + 2]
        a1 = S[t + 3]
        a2 = S[t + 4]
        pop(S)
        if automa:
            automa_resolve(S, T, kind, c, a0, a1, a2)
        else:
            run_auto(S, T, kind, c, a0, a1, a2)
        return STEPPED
    n = legal_moves(S, T, out, scratch)
    if n >= 2:
        return n
    if n == 1:
        apply_choice(S, T, out[0])
    else:
        pop(S)
    return STEPPED


@njit(cache=True, _nrt=False)
def current_player(S):
    """The company that must decide now (-1 when the game is over)."""
    t = top(S)
    return S[t + 1] if t >= 0 else -1


@njit(cache=True, _nrt=False)
def choose(S, T, move):
    """Applies a chosen move of the pending decision, counting it as a decision (no advancing)."""
    c = current_player(S)
    S[L.G_DECISIONS] += 1
    S[co(c) + L.C_DECISIONS] += 1
    apply_choice(S, T, move)


@njit(cache=True, _nrt=False)
def play_move(S, T, move, out, scratch):
    """Applies a chosen move of the pending decision and advances to the next real choice."""
    choose(S, T, move)
    return advance(S, T, out, scratch)
