"""The decision stack: pending tasks, each a frame [kind, player, a0..a5] (see sim.ids TK_*)."""

from sim import layout as L
from sim.jit import njit


@njit(cache=True, _nrt=False)
def push(S, kind, player, a0=0, a1=0, a2=0, a3=0, a4=0, a5=0):
    """Pushes a task frame."""
    n = S[L.G_STACK_N]
    if n >= L.STACK_DEPTH:
        raise RuntimeError("decision stack overflow")
    b = L.STACK + n * L.FRAME
    S[b] = kind
    S[b + 1] = player
    S[b + 2] = a0
    S[b + 3] = a1
    S[b + 4] = a2
    S[b + 5] = a3
    S[b + 6] = a4
    S[b + 7] = a5
    S[L.G_STACK_N] = n + 1


@njit(cache=True, _nrt=False)
def top(S):
    """Returns the offset of the top frame (-1 if the stack is empty)."""
    n = S[L.G_STACK_N]
    if n == 0:
        return -1
    return L.STACK + (n - 1) * L.FRAME


@njit(cache=True, _nrt=False)
def pop(S):
    """Removes the top frame (cleared, so equal positions have equal state vectors)."""
    n = S[L.G_STACK_N] - 1
    b = L.STACK + n * L.FRAME
    for i in range(L.FRAME):
        S[b + i] = 0
    S[L.G_STACK_N] = n
