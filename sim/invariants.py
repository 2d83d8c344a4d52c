"""Invariants of a game state (DESIGN.md): checked by tests and by `barrage fuzz` after every move."""
from __future__ import annotations

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.actions import engineers_placed
from sim.rules.colorado import refresh_bridges
from sim.rules.company import co, hand_size, is_automa
from sim.rules.multi_dam import drops_in_production
from sim.rules.officer_actions import hand_limit
from sim.rules.water import drops_held

INVARIANTS = (
    "water drops conserved (created = on headstreams + held by dams + removed + in Octavius' pending production)",
    "machineries conserved (supply + wheel = gained)",
    "engineers conserved (supply + placed = starting engineers)",
    "no negative resource (credits, machineries, engineers, wheel, drops)",
    "VP equals the sum of its breakdown by source",
    "structure counts match the map (pieces left + pieces on the map = pieces owned; 5 Building pieces with "
    "Leeghwater, LWP-01)",
    "drops are held only by built dams, at most 4",
    "hand limit holds when a turn starts",
    "no decision is asked of an Automa seat (the engine plays its turns, AUTOMA-10)",
    "Colorado: the state derived from the bridges matches them (sim.rules.colorado.refresh_bridges)",
)
AUTOMA_DECISION = 1 << 8   # the last invariant: about a pending decision, so not a property of a loaded position


@njit(cache=True)
def violations(S, T):
    """Bit k set = INVARIANTS[k] is violated."""
    bad = 0
    n = T.n_players[0]
    nd = T.n_dams[0]
    on_heads = 0
    for h in range(T.n_head[0]):
        on_heads += S[L.HEAD_DROPS + h]
        if S[L.HEAD_DROPS + h] < 0:
            bad |= 1 << 3
    if S[L.G_DROPS_CREATED] != on_heads + drops_held(S, T) + S[L.G_DROPS_REMOVED] + drops_in_production(S):
        bad |= 1 << 0
    for d in range(nd):
        dr = S[L.DAM_DROPS + d]
        if dr < 0:
            bad |= 1 << 3
        if dr > 0 and (S[L.DAM_OWNER + d] == ids.NOBODY or dr > 4):
            bad |= 1 << 6
    top_kind = S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME] if S[L.G_STACK_N] > 0 else -1
    if top_kind >= 0 and is_automa(S, S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME + 1]):
        bad |= AUTOMA_DECISION
    for c in range(n):
        b = co(c)
        if S[b + L.C_COMPANY] < 0:
            continue
        wheel = 0
        for s in range(6):
            wheel += S[b + L.C_WHEEL_EXC + s] + S[b + L.C_WHEEL_MIX + s] + S[b + L.C_WHEEL_XM + s]
            if S[b + L.C_WHEEL_EXC + s] < 0 or S[b + L.C_WHEEL_MIX + s] < 0 or S[b + L.C_WHEEL_XM + s] < 0:
                bad |= 1 << 3
        if S[b + L.C_EXC] + S[b + L.C_MIX] + S[b + L.C_EXCAMIXERS] + wheel != S[b + L.C_MACH_GAINED]:
            bad |= 1 << 1
        if S[b + L.C_ENG] + engineers_placed(S, T, c) != T.start_resources[3]:
            bad |= 1 << 2
        if (S[b + L.C_CREDITS] < 0 or S[b + L.C_EXC] < 0 or S[b + L.C_MIX] < 0 or S[b + L.C_ENG] < 0
                or S[b + L.C_ARCHITECT] > S[b + L.C_ENG] or S[b + L.C_EXCAMIXERS] < 0):        # the Architect is one of the Engineers
            bad |= 1 << 3
        total = 0
        for i in range(ids.N_VP_SOURCES):
            total += S[b + L.C_VP_SRC + i]
        if total != S[b + L.C_VP]:
            bad |= 1 << 4
        bases = 0
        elevs = 0
        for d in range(nd):
            if S[L.DAM_OWNER + d] == c:
                bases += 1
                elevs += S[L.DAM_LEVEL + d] - 1
        conds = 0
        for k in range(T.n_conduits[0]):
            if S[L.COND_OWNER + k] == c:
                conds += 1
        phs = 0
        for p in range(T.n_ph[0]):
            if S[L.PH_OWNER + p] == c:
                phs += 1
        if (bases + S[b + L.C_PIECES + ids.BASE] != 5 or elevs + S[b + L.C_PIECES + ids.ELEVATION] != 5
                or conds + S[b + L.C_PIECES + ids.CONDUIT] != 5 or phs + S[b + L.C_PIECES + ids.POWERHOUSE] != 4
                or buildings_placed(S, c) + S[b + L.C_BUILDING_PIECES] != (5 if T.lwp_enabled[0] == 1 else 0)):
            bad |= 1 << 5
        if top_kind == ids.TK_MAIN and hand_size(S, c) > hand_limit(S, T, c):
            bad |= 1 << 7
    if T.colo_enabled[0] == 1:
        fresh = S.copy()
        refresh_bridges(fresh, T)
        if (fresh != S).any():
            bad |= 1 << 9
    return bad


@njit(cache=True, _nrt=False)
def buildings_placed(S, c):
    """Building pieces company c has on the private buildings' construction slots (LWP-BUILD-01..03)."""
    n = 0
    for i in range(L.N_BUILDINGS * 4):
        if S[L.LWP_SLOT + i] == c:
            n += 1
    return n


def describe_violations(mask: int) -> list[str]:
    """Names of the invariants a violation mask reports."""
    return [text for k, text in enumerate(INVARIANTS) if mask >> k & 1]
