"""Building a game from a scenario document: reading, defaults, the state vector, invariants; `load`."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import yaml

from sim import ids
from sim import layout as L
from sim.config import GameConfig
from sim.errors import ConfigError
from sim.officer_pool import check_officer
from sim.rules.automa_officers import mahiri_in_play
from sim.scenario.colorado_sections import load_colorado_section
from sim.scenario.duel_sections import load_duel
from sim.scenario.board_sections import _action_spaces, _contracts, _headstreams, _map_structures, _patent_office
from sim.scenario.company_sections import _company_block, _company_docs, _dam_capacity, _derived_company_fields
from sim.scenario.context import _Ctx
from sim.scenario.lwp_sections import load_leeghwater
from sim.scenario.schema import _HAS_GEO, _TOP_KEYS, _bool, _check_keys, _co, _fail, _int, _list, _name_index
from sim.scenario.turn_sections import _counters, _drops_in_frames, _misc, _stack
from sim.variant import Variant


def _is_file(text: str) -> bool:
    """Whether a one-line string names an existing file (a string too long for a path is YAML, not a path)."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False


def _read_doc(doc: dict | str | Path) -> dict:
    if isinstance(doc, Path) or (isinstance(doc, str) and "\n" not in doc and ":" not in doc
                                 and (doc.strip().endswith((".yaml", ".yml")) or _is_file(doc))):
        p = Path(doc)
        if not p.is_file():
            raise ConfigError(f"scenario file {str(p)!r} does not exist; give a path to a YAML file, "
                              "a YAML string or a dict")
        text = p.read_text(encoding="utf-8")
        where = str(p)
    elif isinstance(doc, str):
        text, where = doc, "scenario text"
    elif isinstance(doc, dict):
        return doc
    else:
        raise ConfigError(f"scenario: expected a dict, a YAML string or a path, got {type(doc).__name__}")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise ConfigError(f"{where}: not valid YAML: {e}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: a scenario must be a YAML mapping (players: 3, round: 2, ...)")
    return data


def _variant_of(doc: dict) -> Variant:
    v = dict(_check_keys("variant", doc.get("variant"), ("players", "map", "intro", "expansions", "duel",
                                                          "overrides")))
    for k in ("players", "map", "intro", "expansions"):
        if k in doc:
            if k in v and v[k] != doc[k]:
                _fail(k, f"{doc[k]!r} contradicts variant.{k} = {v[k]!r}; give it once")
            v[k] = doc[k]
    players = _int("players", v.get("players", 4))
    mp = v.get("map", "base")
    if not isinstance(mp, str):
        _fail("map", f"{mp!r} is not a map name; use 'base'")
    intro = _bool("intro", v.get("intro", False))
    exps = tuple(str(e) for e in _list("expansions", v.get("expansions")))
    overrides = v.get("overrides") or {}             # what-if data (sim.overrides), checked when the tables compile
    if not isinstance(overrides, dict):
        _fail("variant.overrides", f"{overrides!r} is not a mapping of data path to value "
                                   "(e.g. {bonus_tiles.conduits.vp_per_unit: 3})")
    return Variant(players=players, map=mp, intro=intro, expansions=exps, duel=_bool("duel", v.get("duel", False)),
                   overrides=tuple((str(k), tuple(x) if isinstance(x, list) else x) for k, x in overrides.items()))


def _default_pairings(ctx: _Ctx, given: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Company and officer per seat: given ones kept, the rest the first unused (intro: fixed pairings)."""
    T = ctx.T
    out = list(given)
    used_c = {c for c, _ in out if c >= 0}
    used_o = {o for _, o in out if o >= 0}
    intro_pairs = [(int(T.intro_pairings[k, 0]), int(T.intro_pairings[k, 1])) for k in range(int(T.n_intro_pairings[0]))]
    pool = [int(x) for x in T.officer_pool[:int(T.n_officer_pool[0])]]
    for s, (c, o) in enumerate(out):
        if c < 0:
            c = next(x for x in range(len(ids.COMPANY_NAMES)) if x not in used_c)
            used_c.add(c)
        if o < 0:
            if ctx.intro:
                o = next(po for pc, po in intro_pairs if pc == c)
            else:
                o = next(x for x in pool if x not in used_o)
            used_o.add(o)
        out[s] = (c, o)
    return out


def _build(doc: dict, check: bool = True) -> tuple[GameConfig, np.ndarray, _Ctx]:
    _check_keys("", doc, _TOP_KEYS)
    variant = _variant_of(doc)
    ctx = _Ctx(variant)
    T, n = ctx.T, ctx.n
    S = np.zeros(L.STATE_SIZE, dtype=np.int64)

    # blank board, as setup_game leaves it
    S[L.DAM_OWNER:L.DAM_OWNER + L.MAX_DAMS] = ids.NOBODY
    S[L.COND_OWNER:L.COND_OWNER + L.MAX_CONDUITS] = ids.NOBODY
    S[L.PH_OWNER:L.PH_OWNER + L.MAX_PH] = ids.NOBODY
    S[L.SPACE_OCC:L.SPACE_OCC + L.N_SPACES] = ids.NOBODY
    S[L.CON_STATE:L.CON_STATE + L.N_CONTRACTS] = ids.CS_BOX
    S[L.CON_OWNER:L.CON_OWNER + L.N_CONTRACTS] = ids.NOBODY
    S[L.MAHIRI_POOL:L.MAHIRI_POOL + 3] = -1
    for arr in (L.PAIR_COMPANY, L.PAIR_OFFICER, L.START_DEALT):
        S[arr:arr + L.MAX_PLAYERS] = -1
    if _HAS_GEO:
        S[L.GEO_TOKEN:L.GEO_TOKEN + L.MAX_ZONES] = ids.GEO_NONE
    for c in range(L.MAX_PLAYERS):
        b = _co(c)
        S[b + L.C_COMPANY] = S[b + L.C_OFFICER] = S[b + L.C_EFF_OFFICER] = -1
        S[b + L.C_TILE_LOC:b + L.C_TILE_LOC + ids.N_TILES] = ids.TILE_NOT_OWNED

    # round and phase
    phase = _name_index("phase", doc.get("phase", "actions"), ids.PHASE_NAMES, "phase")
    rnd = _int("round", doc.get("round", 0 if phase == ids.PH_SETUP else 1), 0, 5)
    if (rnd == 0) != (phase == ids.PH_SETUP):
        _fail("round", f"{rnd} does not fit phase {ids.PHASE_NAMES[phase]}; round 0 is the setup, rounds 1..5 the game")
    S[L.G_ROUND], S[L.G_PHASE] = rnd, phase
    ctx.round = rnd

    # companies: identities first (owners elsewhere refer to them)
    cdocs = _company_docs(ctx, doc.get("companies"))
    given = []
    for s in range(n):
        d = cdocs[s]
        p = f"companies[{s}]"
        if "company" in d and d["company"] is None:
            if phase != ids.PH_SETUP:
                _fail(f"{p}.company", "null (not chosen yet) is only possible in the setup phase; give a company name")
            given.append(None)
            continue
        c = _name_index(f"{p}.company", d["company"], ids.COMPANY_NAMES, "company", prefix=True) if "company" in d else -1
        o = _name_index(f"{p}.officer", d["officer"], ids.OFFICER_NAMES, "officer", prefix=True) \
            if d.get("officer") is not None else -1
        if o >= 0:
            try:                                                  # SETUP-13: the officers of the modules in play
                check_officer(ids.OFFICER_NAMES[o], tuple(ctx.variant.expansions))
            except ConfigError as e:
                _fail(f"{p}.officer", str(e))
        given.append((c, o))
    for s in range(n):
        for s2 in range(s):
            if given[s] and given[s2]:
                if given[s][0] >= 0 and given[s][0] == given[s2][0]:
                    _fail(f"companies[{s}].company", f"{ids.COMPANY_NAMES[given[s][0]]} is already seat {s2}'s company; "
                                                     "each seat needs a different company")
                if given[s][1] >= 0 and given[s][1] == given[s2][1]:
                    _fail(f"companies[{s}].officer", f"{ids.OFFICER_NAMES[given[s][1]]} is already seat {s2}'s officer; "
                                                     "each seat needs a different officer")
    if ctx.intro:
        for s, g in enumerate(given):
            if g and g[1] >= 0:
                pairs = {int(T.intro_pairings[k, 0]): int(T.intro_pairings[k, 1]) for k in range(int(T.n_intro_pairings[0]))}
                if g[0] >= 0 and pairs.get(g[0]) != g[1]:
                    _fail(f"companies[{s}].officer", f"the introductory game pairs {ids.COMPANY_NAMES[g[0]]} with "
                                                     f"{ids.OFFICER_NAMES[pairs[g[0]]]} (SETUP-18)")
    if ctx.intro:
        pair_of = {int(T.intro_pairings[k, 1]): int(T.intro_pairings[k, 0]) for k in range(int(T.n_intro_pairings[0]))}
        for s, g in enumerate(given):
            if g and g[0] < 0 and g[1] >= 0:
                if g[1] not in pair_of:
                    _fail(f"companies[{s}].officer", f"{ids.OFFICER_NAMES[g[1]]} is not in the introductory pairings "
                                                     "(SETUP-18)")
                given[s] = (pair_of[g[1]], g[1])
    picked = [s for s in range(n) if given[s] is not None]
    resolved = _default_pairings(ctx, [given[s] for s in picked])
    for s, (c, o) in zip(picked, resolved):
        ctx.company[s], ctx.officer[s] = c, o

    # turn order, passed, current
    if "turn_order" in doc:
        to = [_int(f"turn_order[{i}]", x, 0, n - 1) for i, x in enumerate(_list("turn_order", doc["turn_order"]))]
        if len(to) != n:
            _fail("turn_order", f"has {len(to)} seats for {n} players; list every seat once, first to play first")
        if phase != ids.PH_SETUP and sorted(to) != list(range(n)):
            _fail("turn_order", f"{to} is not an ordering of the seats 0..{n - 1}; list every seat once")
    else:
        to = list(range(n))
    S[L.G_TURN_ORDER:L.G_TURN_ORDER + n] = to
    passed = [_int(f"passed[{i}]", x, 0, n - 1) for i, x in enumerate(_list("passed", doc.get("passed")))]
    for s in passed:
        S[L.G_PASSED + s] = 1

    # companies: the rest of each block
    for s in range(n):
        _company_block(ctx, S, s, cdocs[s], phase)
    for s in range(n):
        b = L.COMPANY_BASE + s * L.CO_SIZE
        if S[b + L.C_AUTOMA_ENG] and not S[b + L.C_AUTOMA] and not mahiri_in_play(S):
            _fail(f"companies[{s}].automa_engineers", "only an Automa seat, or a player facing a level-4 Automa "
                                                     "with Mahiri Sekibo (AUTOMA-66), has Engineers placed by the "
                                                     "Automa procedure (AUTOMA-12); set automa: <level>")

    _map_structures(ctx, S, doc)
    _headstreams(ctx, S, doc.get("headstreams"))
    _action_spaces(ctx, S, doc.get("action_spaces"))
    _contracts(ctx, S, doc.get("contracts"))
    _patent_office(ctx, S, doc.get("patent_office"), (doc.get("leeghwater") or {}).get("set_aside"))
    load_duel(ctx, S, doc.get("duel"))
    _misc(ctx, S, doc, phase)
    load_leeghwater(ctx, S, doc, cdocs)
    load_colorado_section(ctx, S, doc.get("colorado"))
    _derived_company_fields(ctx, S, cdocs, check)
    _dam_capacity(ctx, S)
    _counters(ctx, S, doc.get("counters"), check, _drops_in_frames(doc))
    _stack(ctx, S, doc, phase, to, passed)

    if "rng" in doc:
        S[L.G_RNG] = _int("rng", doc["rng"], -2**63, 2**63 - 1)       # 64 raw bits as int64 (sim.rules.rng)
        if S[L.G_RNG] == 0:
            _fail("rng", "is 0, which the generator never leaves; use any other 64-bit integer")
    else:
        from sim.rules.rng import seed_state
        seed = _int("seed", doc["seed"], 0, ids.MAX_SEED) if doc.get("seed") is not None else 0
        S[L.G_RNG] = seed_state(seed)

    _raw_parts(ctx, S, doc)
    if check:
        from sim.invariants import AUTOMA_DECISION, describe_violations, violations
        bad = int(violations(S, T)) & ~AUTOMA_DECISION      # a loaded Automa turn is played by the engine next
        if bad:
            raise ConfigError("scenario: the position is inconsistent: " + "; ".join(describe_violations(bad))
                              + " (check companies[*].engineers / structures / drops / vp_by_source, "
                                "or counters.drops_created)")
    levels = tuple(int(S[_co(s) + L.C_AUTOMA]) for s in range(n))
    if all(levels):
        _fail("companies", "every seat is an Automa; at least one seat must be a player (AUTOMA-01)")
    officers = None                    # the seats' officers, when all are known (AUTOMA-71 checks a level-4 one)
    if not variant.intro and all(o >= 0 for o in ctx.officer[:n]):
        officers = tuple(ids.OFFICER_NAMES[o] for o in ctx.officer[:n])
    config = GameConfig(players=n, map=variant.map, intro=variant.intro, expansions=tuple(variant.expansions),
                        officers=officers, automa=levels if any(levels) else None, duel=variant.duel,
                        overrides=variant.overrides)
    return config, S, ctx


def _raw_parts(ctx: _Ctx, S: np.ndarray, doc: dict) -> None:
    """Engine bookkeeping that has no effect on play but keeps a snapshot bit-identical."""
    res = doc.get("residue") or {}
    if not isinstance(res, dict):
        _fail("residue", "expected a mapping 'field[i]' -> integer")
    names = _field_names()
    index = {v: k for k, v in names.items()}
    for k, x in res.items():
        if k not in index:
            _fail(f"residue.{k}", "unknown state field; valid: 'rng', 'stack[17]', 'companies[1].credits', ...")
        S[index[k]] = _int(f"residue.{k}", x)


_FIELD_NAMES: dict[int, str] = {}


def _field_names() -> dict[int, str]:
    """State offset -> readable name ('dam_level[3]', 'companies[1].credits')."""
    if not _FIELD_NAMES:
        off = 0
        for name, size in L.GLOBAL_FIELDS:
            for i in range(size):
                _FIELD_NAMES[off + i] = name if size == 1 else f"{name}[{i}]"
            off += size
        for c in range(L.MAX_PLAYERS):
            o = _co(c)
            for name, size in L.COMPANY_FIELDS:
                for i in range(size):
                    _FIELD_NAMES[o + i] = f"companies[{c}].{name}" + ("" if size == 1 else f"[{i}]")
                o += size
    return _FIELD_NAMES


def load(doc: dict | str | Path, *, check: bool = True, advance: bool = True):
    """Builds a Game from a scenario (a dict, a YAML string or a path to a YAML file).

    `check` runs the engine's invariants on the position (`sim.invariants`) and rejects an inconsistent one;
    `advance` resolves automatic tasks and forced decisions on top of the stack, as the engine does after
    every move, so that the game waits for a real choice."""
    from sim.game import Game
    from sim.rules.engine import BUFFER_SIZE
    from sim.rules.engine import advance as _advance
    data = _read_doc(doc)
    config, S, ctx = _build(data, check=check)
    if advance and S[L.G_STACK_N] > 0:
        _advance(S, ctx.T, np.empty(BUFFER_SIZE, dtype=np.int64), np.empty(16, dtype=np.int64))
    seed = data.get("seed")
    g = Game(config, S, seed=None if seed is None else int(seed), record_events=True)
    g.add_note(f"Scenario loaded: {config.players} players, map {config.map}"
               f"{', introductory' if config.intro else ''}, round {g.round}, phase {g.phase}", "SETUP-01")
    return g
