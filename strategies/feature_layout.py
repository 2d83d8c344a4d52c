"""The greedy features' data layout: the weight vector (W_*), the integer and float context arrays of a
decision (I_*, X_*; strategies.features fills them), and the `fast` decorator of leaf helpers."""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit


# ---------------------------------------------------------------------------------------------------------------
# Weights (the float parameter vector of a greedy bot, in this order; personas differ only in these numbers).
# strategies.personas holds the names, descriptions and defaults; tests check the two agree.
(W_ENERGY, W_BUILD, W_CONTRACT, W_WATER, W_DENY, W_CREDIT, W_MACHINE, W_ENGINEER, W_BONUS, W_INCOME, W_TILE,
 W_LOCK, W_MISSING, W_ECONV, W_AWARD, W_NOISE, W_HAND, W_ESTEP, W_FSHARP,
 W_S_ENERGY, W_S_BUILD, W_S_CONTRACT, W_S_INCOME, W_S_BONUS, W_S_TILE, W_FLOW,
 W_S_AWARD, W_S_ECONV, W_S_WATER, W_S_ENGINEER) = range(30)
N_WEIGHTS = 30
# A greedy parameter vector: the N_WEIGHTS weights, then one block of N_WEIGHTS per company (ids.COMPANY_NAMES
# order) added to them while the deciding company is that one (a per-company tune, `tuned`'s by_company data);
# blocks of zeros play the weights alone, and so do decisions made before a company is chosen (SETUP-15).
N_COMPANY_BLOCKS = len(ids.COMPANY_NAMES)
COMPANY_BLOCK = N_WEIGHTS
# Then the bot's value of each setup pairing (SETUP-15), in VP: one slot per company, then one per officer
# (ids.OFFICER_NAMES order); a pairing is worth its company's plus its officer's (`tuned`'s pairings data).
PAIRING_BLOCK = N_WEIGHTS * (1 + N_COMPANY_BLOCKS)
N_PAIRING = len(ids.COMPANY_NAMES) + len(ids.OFFICER_NAMES)
N_HEURISTIC = PAIRING_BLOCK + N_PAIRING
# Round schedules: slot W_S_X holds the slope s of weight W_X, which plays w x exp(s x (round - 3) / 2) -- itself
# in round 3, exp(-s) of it in round 1, exp(s) in round 5 (load_weights; the setup's decisions are round 0's,
# exp(-1.5 s)). Slopes 0 leave the weights constant.
SCHEDULED = np.array([[W_S_ENERGY, W_ENERGY], [W_S_BUILD, W_BUILD], [W_S_CONTRACT, W_CONTRACT],
                      [W_S_INCOME, W_INCOME], [W_S_BONUS, W_BONUS], [W_S_TILE, W_TILE], [W_S_AWARD, W_AWARD],
                      [W_S_ECONV, W_ECONV], [W_S_WATER, W_WATER], [W_S_ENGINEER, W_ENGINEER]], dtype=np.int64)
# Tuned by coordinate search in self-play (one variant seat against three default bots, 4 players).
DEFAULT_WEIGHTS = np.array([1.0, 1.6, 0.7, 1.0, 0.3, 0.42, 1.1, 0.8, 2.0, 1.0, 0.5, 0.65, 0.14, 0.6, 0.8, 0.0,
                            1.0, 0.0,    # contracts in hand, energy steps (feature_rewards): as before
                            0.0,         # sharper contract feasibility (feature_rewards.keep_value): off
                            0.0, 0.0, 0.0, 0.0, 0.0, 0.0,    # round schedules (SCHEDULED): constant weights
                            0.0,         # next round's water from this round's flow (feature_water): off
                            0.0, 0.0, 0.0, 0.0])   # more round schedules: constant weights

# ---------------------------------------------------------------------------------------------------------------
# Context layout. Region sizes are the engine's maxima (sim.layout), so every map fits.
MAX_SPACES = L.MAX_DAMS + L.MAX_CONDUITS + L.MAX_PH     # building spaces on the map
MAX_PRODS = 256
HPATH_LEN = 10
N_RHOP = 16
RHO = 0.7              # discount per machinery still missing for a build (progress value of machinery)


class _Regions:
    """Allocates consecutive offsets in a context array."""

    def __init__(self, start):
        self.n = start

    def take(self, size):
        o = self.n
        self.n += size
        return o


# Integer context I
(I_C, I_R, I_NFUT, I_COMP, I_OFF, I_E0, I_O1, I_N1, I_O2, I_N2, I_NPH, I_TILE, I_BCOUNT, I_ABIL, I_EXC, I_MIX,
 I_CRED, I_ENG, I_TMASK, I_OBJ, I_NCAND, I_AREA_MAX, I_AREA_MIN, I_NCANDS) = range(24)
_i = _Regions(24)
I_PIECES = _i.take(4)                   # [struct] pieces left on the company board
I_CAND_K = _i.take(10)                  # [10] fulfillable-contract candidates (hand + national)
I_CAND_REQ = _i.take(10)
I_OWN_PH = _i.take(L.MAX_ZONES)         # [z] own powerhouse space in zone z or -1
I_CAN_PH = _i.take(L.MAX_ZONES)         # [z] 1 if c could still place a powerhouse in zone z
I_ZCOUNT = _i.take(L.MAX_ZONES)         # [z] c's pieces per zone (objective counting)
I_AREA = _i.take(3)                     # [a] c's pieces per area
I_OPP_PH = _i.take(L.MAX_ZONES)         # [z] bitmask of opponents with a powerhouse in zone z
I_OWN_DAM = _i.take(L.MAX_ZONES)        # [z] c's dam in zone z or -1
I_HPATH = _i.take(L.MAX_HEADSTREAMS * HPATH_LEN)   # [h * 10 + i] built dams below headstream h, -1 terminated
I_CAP = _i.take(L.MAX_DAMS)             # [d] capacity of dam d (WATER-03)
N_I_CORE = _i.n                         # zeroed per decision; the tables below are written before they are read
I_CAND_G = _i.take(MAX_SPACES)          # [i] build candidate i's map space (space_table; I_NCANDS of them)
I_STRUCT = _i.take(MAX_SPACES)          # [i] its structure
I_NEED_E = _i.take(MAX_SPACES)          # [i] Excavators with the basic tile
I_NEED_M = _i.take(MAX_SPACES)          # [i] Mixers
I_NEED_J = _i.take(MAX_SPACES)          # [i] Jill's all-Mixer alternative or -1
I_RED = _i.take(MAX_SPACES)             # [i] red-outline Credits
I_PRODS = _i.take(MAX_PRODS)            # [i] production moves (main decision)
I_NHAND = _i.take(1)                    # number of hand contracts in X_HANDV (-1 until computed)
N_I = _i.n

# Float context X
(X_CV, X_EV, X_MV, X_CE, X_NOW, X_LOCK, X_EU, X_EVP0, X_BEST_NOW, X_BEST_CAP, X_BEST_POT, X_DROP_NOW,
 X_DROP_LATER, X_ENDDROP, X_CFUT, X_MISS) = range(16)
_x = _Regions(16)
X_RATE = _x.take(L.MAX_DAMS)            # [d] expected drops per future round reaching dam space d
X_DROPV = _x.take(L.MAX_DAMS)           # [d] value for c of one more drop held by dam d
X_WD = _x.take(L.MAX_DAMS)              # [d] f_dam * expected drops of a usable dam
X_WMISS = _x.take(L.MAX_DAMS)           # [d] the same for a Base c could still build there (W_MISSING discount)
X_WOWN1 = _x.take(L.MAX_DAMS)           # [d] expected drops of a new own level-1 dam there
X_VK = _x.take(L.MAX_CONDUITS)          # [k] value(k) * f_conduit(k)
X_CVAL = _x.take(L.MAX_CONDUITS)        # [k] production value of conduit k (GEO-CONDUIT-EM-02 included)
X_CPOT = _x.take(L.MAX_CONDUITS)        # [k] energy per drop through k for the potential (Viktor's minimum)
X_FP = _x.take(L.MAX_ZONES)             # [z] f_ph(z)
X_BEST = _x.take(L.MAX_ZONES)           # [z] best(z)
X_WSUM = _x.take(L.MAX_ZONES)           # [z] water(z)
X_PHD = _x.take(L.MAX_ZONES)            # [z] potential change of a powerhouse in zone z (NaN until computed)
X_WSEG = _x.take(6)                     # [j] value of what wheel segment open+j+1 brings back
X_CANDV = _x.take(10)                   # [10] fulfilment value of candidate contracts
X_TYPEV = _x.take(4)                    # [struct] type part of a structure's value (NaN until computed)
X_FBV = _x.take(len(ids.BONUS_NAMES))   # [tile kind] expected VP per unit from that bonus tile in later rounds
X_DUEL = _x.take(len(ids.DUEL_COND_NAMES))   # [condition] VP of one more count of it at the next Check (feature_duel)
N_X_CORE = _x.n
X_VAL = _x.take(MAX_SPACES)             # [g] struct_value of what c could place on map space g
X_SIDE = _x.take(MAX_PRODS)             # [i] modifier-independent value of production I_PRODS[i]
X_SCR = _x.take(16)                     # scratch
X_NET = _x.take(MAX_SPACES)             # [i] net value of build candidate i paid with the basic tile's machinery
X_NETJ = _x.take(MAX_SPACES)            # [i] the same paid with Jill's Mixers (-BIG if not possible)
X_RHOP = _x.take(N_RHOP)                # [k] RHO ** k
X_ROWV = _x.take(9 * 8)                 # [kind * 8 + param + 2] a management-board row's value before its costs
X_HANDV = _x.take(8)                    # [j] keep value of c's j-th face-up hand contract (I_NHAND of them)
X_DISPV = _x.take(6)                    # [i] keep value of display slot i's contract (NaN until computed)
N_PEV = 64
X_PEV = _x.take(N_PEV)                  # [e] production_energy_value of producing e (NaN until computed)
X_ARR = _x.take(L.MAX_DAMS)             # [d] drops this round's Water Flow brings built dam d (feature_water)
X_PASS = _x.take(L.MAX_DAMS)            # [d] drops it carries past the empty dam space d
N_X = _x.n

BIG = 1.0e9
# OFFICER-VIKTOR-01: a production of value x drops <= 3 counts as 4, so with the usual 1-2 drops a production
# through any conduit yields at least 2 energy per drop; the potential counts small conduits at that value.
VIKTOR_PER_DROP = 2.0


def fast(fn):
    """Decorator of a leaf helper: compiled without NRT reference counting of its array arguments.

    Numba otherwise increfs/decrefs every array argument of a call with atomic operations, which costs
    25-40 ns per call here -- more than the helpers themselves. A `fast` helper must not allocate arrays."""
    return njit(cache=True, _nrt=False)(fn)


def inlined(fn):
    """Decorator of a small, hot leaf helper: `fast`, and inlined into its callers by numba.

    A call passes every array argument as seven machine words (S, T, I, X, W: about thirty arguments), so a
    call to a helper of a few operations costs about as much as its body. Inlining keeps the arithmetic, and
    so the scores, exactly as they were (no fastmath)."""
    return njit(cache=True, _nrt=False, inline="always")(fn)


@fast
def load_weights(params, W, rnd=3, company=-1):
    """Fills W with the bot's weights for `company` (-1: none chosen yet) in round `rnd`: the given params (defaults
    past their end) plus the company's block (COMPANY_BLOCK), each scheduled weight scaled by its round schedule
    (SCHEDULED)."""
    for i in range(N_WEIGHTS):
        W[i] = params[i] if i < params.shape[0] else DEFAULT_WEIGHTS[i]
    block = COMPANY_BLOCK + company * N_WEIGHTS
    if company >= 0 and block + N_WEIGHTS <= params.shape[0]:
        for i in range(N_WEIGHTS):
            W[i] += params[block + i]
    for j in range(SCHEDULED.shape[0]):
        s = W[SCHEDULED[j, 0]]
        if s != 0.0:
            W[SCHEDULED[j, 1]] *= np.exp(s * (rnd - 3) / 2.0)
