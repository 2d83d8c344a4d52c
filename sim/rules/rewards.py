"""Reward vocabulary (REWARD-01..15): resource gains first, then the other parts as tasks in printed order."""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import add_credits, add_energy, add_vp, co
from sim.rules.stack import push


@njit(cache=True, _nrt=False)
def is_resource_key(k):
    """REWARD-01: parts applied at once, before the others."""
    return k == ids.RK_CREDITS or k == ids.RK_VP or k == ids.RK_EXC or k == ids.RK_MIX or k == ids.RK_ENERGY


@njit(cache=True, _nrt=False)
def gain_resources(S, T, c, rid, vp_source):
    """Applies the resource parts of reward rid to company c; pushes its machinery-of-choice decision."""
    b = co(c)
    r = T.rewards[rid]
    if r[ids.RK_CREDITS] != 0:
        add_credits(S, c, r[ids.RK_CREDITS], vp_source)      # AUTOMA-24: Credits -> VP
    S[b + L.C_EXC] += r[ids.RK_EXC]
    S[b + L.C_MIX] += r[ids.RK_MIX]
    S[b + L.C_MACH_GAINED] += r[ids.RK_EXC] + r[ids.RK_MIX]
    if r[ids.RK_VP] != 0:
        add_vp(S, c, r[ids.RK_VP], vp_source)
    add_energy(S, c, r[ids.RK_ENERGY])  # REWARD-04: plain energy


@njit(cache=True, _nrt=False)
def push_other_parts(S, T, c, rid):
    """Pushes the non-resource parts of reward rid so that they resolve in printed order (LIFO stack)."""
    order = T.reward_order[rid]
    n = 0
    while n < order.shape[0] and order[n] >= 0:
        n += 1
    for i in range(n - 1, -1, -1):
        k = order[i]
        if not is_resource_key(k) and k != ids.RK_ANY_MACHINE:
            push(S, ids.TK_REWARD_PART, c, k, T.rewards[rid, k])


@njit(cache=True, _nrt=False)
def push_machine_choice(S, T, c, rid):
    """REWARD-02 any_machine: a resource gain with a choice, resolved before the other parts."""
    n = T.rewards[rid, ids.RK_ANY_MACHINE]
    if n > 0:
        push(S, ids.TK_MACHINE, c, n)


@njit(cache=True, _nrt=False)
def give_reward(S, T, c, rid, vp_source):
    """Gives company c reward rid (REWARD-01): resources now, the rest as pending tasks."""
    gain_resources(S, T, c, rid, vp_source)
    push_other_parts(S, T, c, rid)
    push_machine_choice(S, T, c, rid)


@njit(cache=True, _nrt=False)
def push_reward_part(S, T, c, key, amount):
    """Turns one non-resource reward part into its task (REWARD-03..11)."""
    if key == ids.RK_ROTATE:
        push(S, ids.TK_ROTATE, c, amount)
    elif key == ids.RK_DROPS_NOW:
        push(S, ids.TK_DROP, c, amount, 1, 0)          # up to n, flowing now (WATER-16)
    elif key == ids.RK_DROPS_HEAD:
        push(S, ids.TK_DROP, c, amount, 0, 0)          # up to n, Water Flow phase
    elif key == ids.RK_FREE_BASE:
        push(S, ids.TK_FREE_PLACE, c, ids.BASE, amount, 1)
    elif key == ids.RK_FREE_CONDUIT:
        push(S, ids.TK_FREE_PLACE, c, ids.CONDUIT, amount, 1)
    elif key == ids.RK_FREE_PH:
        push(S, ids.TK_FREE_PLACE, c, ids.POWERHOUSE, 0, amount)
    elif key == ids.RK_FREE_ELEV:
        push(S, ids.TK_FREE_PLACE, c, ids.ELEVATION, 0, amount)
    elif key == ids.RK_FULFIL_OWN:
        push(S, ids.TK_FULFIL, c, amount, 0)            # REWARD-07: own hand only, no production
    elif key == ids.RK_ENERGY_PRODUCED:
        add_energy(S, c, amount)                       # REWARD-06
        push(S, ids.TK_FULFIL, c, amount, 0)
    elif key == ids.RK_FREE_ADV_TILE:
        push(S, ids.TK_LWP_ADV_TILE, c)                # REWARD-12
    elif key >= ids.FIRST_COLORADO_KEY:
        push(S, ids.TK_COLO_PART, c, key, amount)      # REWARD-13/14, COLO-*: sim.rules.colorado.resolve_part
