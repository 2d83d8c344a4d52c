"""The learned evaluator: a small multi-layer perceptron over the public position features
(strategies.value_features), stored as one flat float64 array and evaluated inside numba.

Flat layout (MODEL_VERSION 1):
    [version, n_in, n_hidden_layers, size of each hidden layer..., n_out,
     mean[n_in], scale[n_in],                      -- the standardisation of the inputs (0 and 1 once folded
                                                      into the first layer for play: `prepared`)
     then per layer: weights[n_prev * n_next] (row-major, n_prev rows), bias[n_next]]
Hidden layers use ReLU, the output layer is linear (scikit-learn's MLPRegressor with activation='relu', whose
predictions tests/test_value_model.py checks this evaluation against to 1e-6).

Outputs (N_OUT): the viewer's final VP margin over the best opponent, in units of MARGIN_SCALE VP, and its win share
(1 win, 1/k shared, 0 lost; END-06..08). A model of one element (`no_model`) stands for "no model": bots that need
one raise. The shipped model is `strategies/data/value_model.json` (`shipped_model`), made by `barrage learn`.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

import numpy as np

from sim.jit import njit
from strategies.feature_layout import fast
from strategies.value_features import N_FEATURES, position_features

MODEL_VERSION = 1
N_OUT = 2                 # margin / MARGIN_SCALE, win share
OUT_MARGIN = 0
OUT_WIN = 1
MARGIN_SCALE = 20.0       # VP per unit of the margin output
MAX_WIDTH = 256           # widest hidden layer the evaluator's work arrays hold
H_SIZE = max(N_FEATURES, MAX_WIDTH)   # the first work array holds the standardised inputs, then a layer
SHIPPED = "value_model.json"


@fast
def has_model(model):
    """Whether `model` is a model (not the one-element placeholder)."""
    return model.shape[0] > 1


@fast
def mlp_forward(model, x, h, g, out):
    """Evaluates the flat MLP `model` on the features x; writes its N_OUT outputs into out. h (at least
    H_SIZE: it first holds the standardised inputs) and g (MAX_WIDTH) are float64 work arrays."""
    n_in = int(model[1])
    n_hidden = int(model[2])
    p = 3 + n_hidden + 1                # start of mean
    mean = p
    scale = p + n_in
    p = scale + n_in
    for i in range(n_in):
        h[i] = (x[i] - model[mean + i]) / model[scale + i]
    width = n_in
    for layer in range(n_hidden + 1):
        nxt = int(model[3 + layer])
        for j in range(nxt):
            g[j] = model[p + width * nxt + j]          # bias
        for i in range(width):
            v = h[i]
            if v != 0.0:
                row = p + i * nxt
                for j in range(nxt):
                    g[j] += v * model[row + j]
        p += width * nxt + nxt
        last = layer == n_hidden
        for j in range(nxt):
            h[j] = g[j] if last or g[j] > 0.0 else 0.0
        width = nxt
    for j in range(width):
        out[j] = h[j]


# The evaluator's float64 work array (new_work): features, two layer buffers, outputs, the slot order.
V_X = 0
V_H = V_X + N_FEATURES
V_G = V_H + H_SIZE
V_OUT = V_G + MAX_WIDTH
V_ORDER = V_OUT + N_OUT
V_SIZE = V_ORDER + 4


@njit(cache=True)
def new_work():
    """The evaluator's float64 work array (V_* regions)."""
    return np.zeros(V_SIZE, dtype=np.float64)


@fast
def evaluate_position(model, S, T, viewer, work, buf):
    """Evaluates the model on S seen by company `viewer`; its outputs are work[V_OUT:V_OUT + N_OUT] (margin in
    MARGIN_SCALE units, win share). `buf` is a greedy score buffer (the production context's work space)."""
    position_features(S, T, viewer, work[V_X:V_H], buf, work[V_ORDER:V_SIZE])
    mlp_forward(model, work[V_X:V_H], work[V_H:V_G], work[V_G:V_OUT], work[V_OUT:V_ORDER])


@fast
def position_value(model, S, T, viewer, win_bonus, work, buf):
    """The viewer's predicted final VP margin over the best opponent plus win_bonus x its predicted win share
    (the planners' reward, strategies.playout)."""
    evaluate_position(model, S, T, viewer, work, buf)
    return work[V_OUT + OUT_MARGIN] * MARGIN_SCALE + win_bonus * work[V_OUT + OUT_WIN]


def pack(mean: np.ndarray, scale: np.ndarray, coefs: list[np.ndarray], intercepts: list[np.ndarray]) -> np.ndarray:
    """The flat model of a standardisation and an MLP's layers (coefs[i] of shape (n_prev, n_next))."""
    n_in = coefs[0].shape[0]
    if mean.shape != (n_in,) or scale.shape != (n_in,) or coefs[-1].shape[1] != N_OUT:
        raise ValueError(f"model shapes: {n_in} inputs, mean {mean.shape}, scale {scale.shape}, "
                         f"{coefs[-1].shape[1]} outputs (want {N_OUT})")
    if max((c.shape[1] for c in coefs[:-1]), default=0) > MAX_WIDTH or n_in > H_SIZE:
        raise ValueError(f"layers wider than {MAX_WIDTH} are not supported")
    head = [MODEL_VERSION, n_in, len(coefs) - 1] + [c.shape[1] for c in coefs[:-1]] + [N_OUT]
    parts = [np.asarray(head, dtype=np.float64), mean, np.where(scale > 0, scale, 1.0)]
    for w, b in zip(coefs, intercepts):
        parts += [np.ascontiguousarray(w, dtype=np.float64).ravel(), np.asarray(b, dtype=np.float64)]
    return flush_subnormals(np.concatenate(parts).astype(np.float64))


def prepared(model: np.ndarray) -> np.ndarray:
    """The model as play evaluates it: the standardisation folded into the first layer (fold_standardisation),
    then subnormal numbers flushed (flush_subnormals). The same values to about 1e-13. Files and `pack` keep the
    standardised form (what scikit-learn fitted); `load` and the evaluation of a new model prepare it."""
    return flush_subnormals(fold_standardisation(model))


def fold_standardisation(model: np.ndarray) -> np.ndarray:
    """The model with mean 0 and scale 1 and the first layer computing the same function of the raw features:
    weights w / scale, bias b - sum((mean / scale) w). `mlp_forward` skips inputs that are zero, and most raw
    features are (absent companies' blocks, one-hots, empty counts) while few standardised ones are: a 2-player
    evaluation does about a third of the multiply-adds (docs/bots.md § Four players). A folded model folds to
    itself."""
    m = np.array(model, dtype=np.float64)
    n_in, n_hidden = int(m[1]), int(m[2])
    first = int(m[3])
    mean = 3 + n_hidden + 1
    scale = mean + n_in
    w0 = scale + n_in
    b0 = w0 + n_in * first
    z = m[mean:scale] / m[scale:w0]                     # a zero raw feature's standardised value is -z
    w = m[w0:b0].reshape(n_in, first) / m[scale:w0, None]
    m[b0:b0 + first] -= z @ m[w0:b0].reshape(n_in, first)
    m[w0:b0] = w.ravel()
    m[mean:scale] = 0.0
    m[scale:w0] = 1.0
    return m


def flush_subnormals(model: np.ndarray) -> np.ndarray:
    """The model with its subnormal numbers (|w| < 2.2e-308) set to 0. Training's L2 penalty shrinks the weights of
    inputs it never saw vary (the 3rd-5th seats' blocks of a 2-player model) into subnormals, which x86 multiplies
    about 100 times slower than normal numbers: 4-player positions cost 210 us per evaluation instead of 16
    (docs/bots.md § Four players). Their products (< 1e-305) vanish when added to any output, so the
    values are unchanged."""
    m = np.array(model, dtype=np.float64)
    m[np.abs(m) < np.finfo(np.float64).tiny] = 0.0
    return m


def check(model: np.ndarray, where: str = "model") -> np.ndarray:
    """Returns the model if its layout is whole and matches this version's features, else raises ValueError."""
    m = np.ascontiguousarray(model, dtype=np.float64)
    if m.ndim != 1 or m.size < 6 or int(m[0]) != MODEL_VERSION:
        raise ValueError(f"{where}: not a version-{MODEL_VERSION} value model")
    n_in, n_hidden = int(m[1]), int(m[2])
    if n_in != N_FEATURES:
        raise ValueError(f"{where}: made for {n_in} features, this version computes {N_FEATURES}; "
                         "retrain it with `barrage learn`")
    sizes = [n_in] + [int(v) for v in m[3:3 + n_hidden + 1]]
    want = 3 + n_hidden + 1 + 2 * n_in + sum(a * b + b for a, b in zip(sizes, sizes[1:]))
    if sizes[-1] != N_OUT or m.size != want or max(sizes[1:]) > MAX_WIDTH or not np.isfinite(m).all():
        raise ValueError(f"{where}: malformed value model ({m.size} numbers, layers {sizes})")
    return m


def no_model() -> np.ndarray:
    """The placeholder passed where no bot needs a model."""
    return np.zeros(1, dtype=np.float64)


def save(model: np.ndarray, path, info: dict) -> None:
    """Writes a model file: the flat array and what made it (`info`: data, seeds, timings)."""
    with open(path, "w") as f:
        json.dump({"format": "barrage-sim value model", "version": MODEL_VERSION, "info": info,
                   "model": [float(v) for v in model]}, f)


def load(path, fold: bool = True) -> np.ndarray:
    """Reads and checks a model file written by `save`, prepared for play (`prepared`); with fold=False only its
    subnormals are flushed (the stored standardisation kept: what the training side's numpy `predict` reads, so
    TD targets are the same whether or not play folds)."""
    with open(path) as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or "model" not in doc:
        raise ValueError(f"{path}: not a barrage-sim value model file")
    model = check(np.asarray(doc["model"], dtype=np.float64), str(path))
    return prepared(model) if fold else flush_subnormals(model)


@lru_cache(maxsize=1)
def shipped_model() -> np.ndarray:
    """The model that ships with the package (strategies/data/value_model.json), read once."""
    with resources.as_file(resources.files("strategies") / "data" / SHIPPED) as p:
        return load(p)     # writable: numba types read-only arrays apart (a second compile)

