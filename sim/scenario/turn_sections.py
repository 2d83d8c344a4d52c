"""Where the game stands: round, phase, turn order and the rest (`_misc`), counters, the decision stack."""
from __future__ import annotations

from typing import Any

import numpy as np

from sim import ids
from sim import layout as L
from sim.scenario.context import _Ctx
from sim.scenario.frames import _frame_raw
from sim.scenario.schema import _HAS_GEO, _bool, _check_keys, _co, _fail, _int, _list, _name_index, _valid


def _misc(ctx: _Ctx, S: np.ndarray, doc: dict, phase: int) -> None:
    T, n = ctx.T, ctx.n
    # bonus tiles per round and objective (SETUP-03..05)
    nb = [b for b in range(len(ids.BONUS_NAMES)) if not (ctx.intro and b == ids.B_ADVANCED)]
    if "bonus_tiles" in doc:
        bl = _list("bonus_tiles", doc["bonus_tiles"])
        if len(bl) != 5:
            _fail("bonus_tiles", f"has {len(bl)} tiles; give 5, one per round")
        bonus = []
        for i, x in enumerate(bl):
            b = _name_index(f"bonus_tiles[{i}]", x, ids.BONUS_NAMES, "bonus tile")
            if b in bonus:
                _fail(f"bonus_tiles[{i}]", f"{ids.BONUS_NAMES[b]} is used twice; each bonus tile once")
            if b not in nb:
                _fail(f"bonus_tiles[{i}]", "the introductory game leaves out the advanced_tiles bonus tile (SETUP-04)")
            bonus.append(b)
    else:
        bonus = nb[:5]
    S[L.G_BONUS:L.G_BONUS + 5] = bonus
    S[L.G_OBJECTIVE] = _name_index("objective", doc.get("objective", ids.OBJECTIVE_NAMES[0]), ids.OBJECTIVE_NAMES,
                                   "objective tile")
    # Mahiri's copy pool (SETUP-19)
    mahiri = [s for s in range(n) if ctx.officer[s] == ids.MAHIRI]
    if "mahiri_pool" in doc:
        pool = []
        for i, x in enumerate(_list("mahiri_pool", doc["mahiri_pool"])):
            o = _name_index(f"mahiri_pool[{i}]", x, ids.OFFICER_NAMES, "officer", prefix=True)
            if o == ids.MAHIRI or o in pool:
                _fail(f"mahiri_pool[{i}]", "the pool holds up to 3 different officers other than Mahiri")
            pool.append(o)
        if len(pool) > 3:
            _fail("mahiri_pool", f"has {len(pool)} officers; Mahiri's pool holds 3")
    elif mahiri:
        others = [ctx.officer[s] for s in range(n) if s != mahiri[0] and ctx.officer[s] >= 0]
        spare = [int(o) for o in T.officer_pool[:int(T.n_officer_pool[0])]
                 if o != ids.MAHIRI and o not in ctx.officer[:n]]
        pool = (others + spare)[:3]
    else:
        pool = []
    S[L.MAHIRI_POOL:L.MAHIRI_POOL + 3] = pool + [-1] * (3 - len(pool))
    # geological tokens (GEO-02..06)
    if doc.get("geological_tokens"):
        if not _HAS_GEO or "geological" not in ctx.variant.expansions:
            _fail("geological_tokens", "tokens need the Geological Factor: add expansions: [geological]")
        zones = list(ctx.info.zone_numbers)
        gt = doc["geological_tokens"]
        if not isinstance(gt, dict):
            _fail("geological_tokens", "expected a mapping zone number -> token name")
        for k, x in gt.items():
            p = f"geological_tokens.{k}"
            z = _int(p, k)
            if z not in zones:
                _fail(p, f"no zone {z} on this map; valid: {_valid(zones)}")
            zi = zones.index(z)
            if T.zone_dams[zi, 0] < 0:
                _fail(p, f"zone {z} has no dams; tokens lie on basins (GEO-06)")
            S[L.GEO_TOKEN + zi] = _name_index(p, x, ids.GEO_TOKEN_NAMES, "geological token")
    # the Automa deck (AUTOMA-02): card numbers 1..20 in deck order, position = index of the deck's top card;
    # by default (with an Automa seat) cards 1..20 in order, none flipped
    if any(S[_co(s) + L.C_AUTOMA] for s in range(n)):
        S[L.AUTOMA_DECK:L.AUTOMA_DECK + L.N_AUTOMA_CARDS] = np.arange(L.N_AUTOMA_CARDS)
    if "automa_deck" in doc:
        ad = _check_keys("automa_deck", doc["automa_deck"], ("cards", "position"))
        cards = [_int(f"automa_deck.cards[{i}]", x, 1, L.N_AUTOMA_CARDS)
                 for i, x in enumerate(_list("automa_deck.cards", ad.get("cards")))]
        if sorted(cards) != list(range(1, L.N_AUTOMA_CARDS + 1)):
            _fail("automa_deck.cards", f"must list each of the cards 1..{L.N_AUTOMA_CARDS} once, in deck order")
        S[L.AUTOMA_DECK:L.AUTOMA_DECK + L.N_AUTOMA_CARDS] = [x - 1 for x in cards]
        S[L.AUTOMA_POS] = _int("automa_deck.position", ad.get("position", 0), 0, L.N_AUTOMA_CARDS - 1)
    # setup leftovers: pairings offered and starting contracts dealt (SETUP-13..16)
    su = _check_keys("setup", doc.get("setup"), ("first_chooser", "pairings", "starting_contracts"))
    S[L.G_FIRST_CHOOSER] = _int("setup.first_chooser", su.get("first_chooser", 0), 0, n - 1)
    if "pairings" in su:
        pl = _list("setup.pairings", su["pairings"])
        if len(pl) > n:
            _fail("setup.pairings", f"has {len(pl)} pairings; there is one per seat ({n})")
        for i, x in enumerate(pl):
            p = f"setup.pairings[{i}]"
            x = _check_keys(p, x, ("company", "officer", "taken"))
            S[L.PAIR_COMPANY + i] = _name_index(f"{p}.company", x["company"], ids.COMPANY_NAMES, "company", True) \
                if x.get("company") is not None else -1
            S[L.PAIR_OFFICER + i] = _name_index(f"{p}.officer", x["officer"], ids.OFFICER_NAMES, "officer", True) \
                if x.get("officer") is not None else -1
            S[L.PAIR_TAKEN + i] = int(_bool(f"{p}.taken", x.get("taken", False)))
    else:
        for s in range(n):
            if ctx.company[s] >= 0:
                S[L.PAIR_COMPANY + s], S[L.PAIR_OFFICER + s], S[L.PAIR_TAKEN + s] = ctx.company[s], ctx.officer[s], 1
    if "starting_contracts" in su:
        sl = _list("setup.starting_contracts", su["starting_contracts"])
        if len(sl) > n:
            _fail("setup.starting_contracts", f"has {len(sl)} entries; one per seat ({n})")
        for i, x in enumerate(sl):
            S[L.START_DEALT + i] = -1 if x is None else ctx.contract(f"setup.starting_contracts[{i}]", x)
    else:
        for s in range(n):
            k = ctx.default_start[s]
            if k < 0:
                own = [j for j in range(L.N_CONTRACTS) if T.contract_kind[j] == ids.STARTING
                       and S[L.CON_OWNER + j] == s]
                k = own[0] if own else -1
            S[L.START_DEALT + s] = k


def _drops_in_frames(doc: dict) -> int:
    """Drops taken out of their dams by a pending multi-dam production (OFFICER-OCTAVIUS-01: `more_dams` frames of
    `stack` / `decision`); they flow when it ends."""
    frames = []
    for key in ("stack", "decision"):
        x = doc.get(key)
        frames += x if isinstance(x, list) else [x]
    return sum(int(f.get("drops", 0)) for f in frames if isinstance(f, dict) and f.get("task") == "more_dams")


def _counters(ctx: _Ctx, S: np.ndarray, v: Any, check: bool, in_transit: int = 0) -> None:
    v = _check_keys("counters", v, ("decisions", "moves", "drops_created", "drops_removed"))
    S[L.G_DECISIONS] = _int("counters.decisions", v.get("decisions", 0), 0)
    S[L.G_MOVES] = _int("counters.moves", v.get("moves", 0), 0)
    S[L.G_DROPS_REMOVED] = _int("counters.drops_removed", v.get("drops_removed", 0), 0)
    present = int(S[L.HEAD_DROPS:L.HEAD_DROPS + L.MAX_HEADSTREAMS].sum() + S[L.DAM_DROPS:L.DAM_DROPS + L.MAX_DAMS].sum()
                  + in_transit)
    S[L.G_DROPS_CREATED] = _int("counters.drops_created", v.get("drops_created", present + S[L.G_DROPS_REMOVED]), 0)
    if check and S[L.G_DROPS_CREATED] != present + S[L.G_DROPS_REMOVED]:
        _fail("counters.drops_created", f"{int(S[L.G_DROPS_CREATED])} is not the {present} drops on the map plus "
                                        f"{int(S[L.G_DROPS_REMOVED])} removed; omit it to derive it")


def _task_of(frame: object) -> object:
    """The task name of a scenario frame (`"turn"` or `{task: turn, ...}`)."""
    return frame.get("task") if isinstance(frame, dict) else frame


def _stack(ctx: _Ctx, S: np.ndarray, doc: dict, phase: int, to: list[int], passed: list[int]) -> None:
    n = ctx.n
    if "stack" in doc and "decision" in doc:
        _fail("decision", "give either decision (the pending choice) or stack (every frame), not both")
    first = next((s for s in to if s not in passed), to[0] if to else 0)
    top_seat = None
    if "decision" in doc:
        dec = doc["decision"]
        frames = dec if isinstance(dec, list) else [dec]
        if not frames:
            _fail("decision", "is empty; give a frame such as {task: main, seat: 0}")
        last = frames[-1]
        if isinstance(last, dict) and last.get("seat") is not None:
            top_seat = _int("decision.seat", last["seat"], 0, n - 1)
    if "current" in doc:
        cur = _int("current", doc["current"], 0, n - 1)
    else:
        cur = top_seat if top_seat is not None else first
    S[L.G_CURRENT] = cur
    ctx.current = cur
    if "stack" in doc:
        raw = [_frame_raw(ctx, f, f"stack[{i}]", cur) for i, f in enumerate(_list("stack", doc["stack"]))]
    else:
        pname = ids.PHASE_NAMES[phase]
        beneath = {
            ids.PH_INCOME: [{"task": "actions_start"}] + ([{"task": "headstreams"}] if ctx.round <= 4 else []),
            ids.PH_ACTIONS: [{"task": "end_turn", "seat": cur}],
            ids.PH_WATER: [{"task": "scoring"}],
            ids.PH_SCORING: [{"task": "end_of_round"}] if ctx.round < 5 else [],
            ids.PH_EOR: [{"task": "start_round", "round": ctx.round + 1}],
        }
        default = {
            ids.PH_INCOME: [{"task": "start_round", "round": ctx.round}],
            ids.PH_ACTIONS: [{"task": "end_turn", "seat": cur}, {"task": "main", "seat": cur}],
            ids.PH_WATER: [{"task": "water_phase"}],
            ids.PH_SCORING: [{"task": "scoring"}],
            ids.PH_EOR: [{"task": "end_of_round"}],
            ids.PH_OVER: [],
            ids.PH_CHECK: [{"task": "duel_check", "row": 0}],        # DUEL-CHECK-01: the Check phase from row 1
        }
        if "decision" in doc:
            if phase not in beneath:
                _fail("decision", f"cannot be completed in phase {pname}; give the whole stack instead")
            frames = doc["decision"] if isinstance(doc["decision"], list) else [doc["decision"]]
            # A turn-start decision (`turn`) pushes its own end_turn when it resolves (TURN-11), and with it the
            # turn-start rules: AUTOMA-66's forced first action, the end of Mahiri's copy (OFFICER-MAHIRI-02).
            starts_turn = phase == ids.PH_ACTIONS and _task_of(frames[0]) == "turn"
            raw = [_frame_raw(ctx, f, f"stack[{i}]", cur) for i, f in enumerate([] if starts_turn else beneath[phase])]
            raw += [_frame_raw(ctx, f, f"decision[{i}]" if isinstance(doc["decision"], list) else "decision", cur)
                    for i, f in enumerate(frames)]
        elif phase in default:
            raw = [_frame_raw(ctx, f, f"stack[{i}]", cur) for i, f in enumerate(default[phase])]
        else:
            _fail("stack", f"a {pname}-phase scenario needs its decision stack; give stack: [...]")
    if len(raw) > L.STACK_DEPTH:
        _fail("stack", f"has {len(raw)} frames; the engine holds at most {L.STACK_DEPTH}")
    if phase == ids.PH_OVER and raw:
        _fail("stack", "the game is over: the stack must be empty")
    if phase != ids.PH_OVER and not raw:
        _fail("stack", "is empty, which means the game is over; use phase: over or give a pending decision")
    for i, f in enumerate(raw):
        S[L.STACK + i * L.FRAME:L.STACK + (i + 1) * L.FRAME] = f
    S[L.G_STACK_N] = len(raw)
