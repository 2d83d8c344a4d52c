"""Load and validate the YAML game data shipped in ``sim/data`` (components and maps).

Every problem is raised as a one-line :class:`~sim.errors.DataError` of the form
``<file>: <key path>: <what is wrong>``, e.g. ``components.yaml: contracts.green[3].energy: expected an
integer in 2..4, got 11``. List indices in key paths are 0-based. Results are plain dicts and lists;
each call returns a fresh copy of a cached, already validated document.
"""
from __future__ import annotations

import copy
import functools
import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import yaml

from sim.errors import DataError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

AREAS = ("mountain", "hill", "plain")
FIDELITIES = ("official", "reconstructed", "synthetic")
TECH_STRUCTURES = ("base", "elevation", "conduit", "powerhouse", "wild", "building")
INCOME_ROWS = ("base", "elevation", "conduit")
INCOME_STEPS = (2, 4, 5)
HEADSTREAM_ROUNDS = 4
MAX_PLAYERS_ROW = 4
# deck -> (required number of contracts or None, lowest energy, highest energy or None)
CONTRACT_DECKS = {
    "starting": (None, 1, None),
    "national": (None, 13, 15),
    "green": (15, 2, 4),
    "yellow": (15, 5, 7),
    "red": (15, 8, 10),
}
EXTRA_CREDITS_BOUND = 30   # an officer's extra_starting_credits: a what-if shift, not a new economy
# action-space boards whose rows carry an id, min_players and a cost (directly or per left/right space)
OFFICER_SPACES = ("Mahiri Sekibo", "Margot Fouche", "Wu Fang")   # OFFICER-MAHIRI-01, -MARGOT-01, -WU-01
ROW_BOARDS = ("turbine_station", "water_management", "workshop", "machinery_shop", "contract_office",
              "patent_office")
COMPANY_NON_COMPANY_KEYS = ("common", "introductory_matchups")
COMPONENT_KEYS = (
    "meta", "reward_keys", "headstream_tiles", "companies", "executive_officers", "executive_officer_setup",
    "contracts", "bonus_tiles", "objective_tiles", "basic_technology_tiles", "advanced_technology_tiles",
    "construction_costs", "action_spaces", "energy_track", "scoring", "round_flow",
)
MAP_KEYS = ("name", "fidelity", "zones", "conduit_links", "river", "headstreams", "exits", "downstream_paths",
            "neutral_dam_options")


# ----------------------------------------------------------------------------------------------------------
# public API
# ----------------------------------------------------------------------------------------------------------
def load_components(data_dir: Path | None = None) -> dict:
    """Return the validated contents of ``components.yaml`` (package data unless ``data_dir`` is given)."""
    return copy.deepcopy(_load_components_cached(_cache_key(data_dir)))


def load_map(name: str, data_dir: Path | None = None) -> dict:
    """Return the validated contents of ``map_<name>.yaml``; unknown names raise DataError."""
    return copy.deepcopy(_load_map_cached(name, _cache_key(data_dir)))


def available_maps(data_dir: Path | None = None) -> list[str]:
    """Return the sorted names of the maps available in the data directory."""
    root = _root(_cache_key(data_dir))
    if not root.is_dir():
        raise DataError(f"data directory not found: {root}")
    names = (re.fullmatch(r"map_(\w+)\.yaml", entry.name) for entry in root.iterdir())
    return sorted(match.group(1) for match in names if match)


def load_geological(data_dir: Path | None = None) -> dict:
    """Return the validated contents of ``geological.yaml`` (The Geological Factor tokens)."""
    return copy.deepcopy(_load_geological_cached(_cache_key(data_dir)))


def load_promo(data_dir: Path | None = None) -> dict:
    """Return the validated contents of ``promo.yaml`` (reconstructed promo-officer values, RECON-05)."""
    return copy.deepcopy(_load_promo_cached(_cache_key(data_dir)))


def validate_components(doc: dict, source: str) -> None:
    """Validate a components document built in memory (e.g. with what-if overrides); errors name ``source``."""
    _validate_components(_Check(source), doc)


def validate_promo(doc: dict, source: str) -> None:
    """Validate a promo document built in memory (e.g. with what-if overrides); errors name ``source``."""
    _validate_promo(_Check(source), doc)


def integer_ranges(doc: dict, filename: str) -> dict[str, tuple[int | None, int | None]]:
    """The bounds the validation of `filename` (components.yaml or promo.yaml) puts on each integer of `doc`, by
    key path as its messages spell it (``contracts.green[3].energy``); None where a side is unbounded."""
    c = _Check(filename, ranges={})
    {"components.yaml": _validate_components, "promo.yaml": _validate_promo}[filename](c, doc)
    return c.ranges


def load_automa(data_dir: Path | None = None) -> dict:
    """Return the validated contents of ``automa.yaml`` (the 20 solo Automa cards, AUTOMA-*)."""
    return copy.deepcopy(_load_automa_cached(_cache_key(data_dir)))


def clear_cache() -> None:
    """Forget every cached document (for callers that edit data files while running)."""
    _load_components_cached.cache_clear()
    _load_map_cached.cache_clear()
    _load_geological_cached.cache_clear()
    _load_automa_cached.cache_clear()


# ----------------------------------------------------------------------------------------------------------
# reading
# ----------------------------------------------------------------------------------------------------------
def _cache_key(data_dir: Path | None) -> Path | None:
    """Normalise ``data_dir`` into a hashable cache key (None = the package data)."""
    return None if data_dir is None else Path(data_dir).resolve()


def _root(data_dir: Path | None) -> Path | Traversable:
    """Return the directory to read from: ``data_dir`` or the ``sim/data`` package resource."""
    return resources.files("sim") / "data" if data_dir is None else data_dir


@functools.lru_cache(maxsize=None)
def _load_components_cached(data_dir: Path | None) -> dict:
    """Read and validate components.yaml once per data directory."""
    doc = _read_yaml(_root(data_dir), "components.yaml")
    _validate_components(_Check("components.yaml"), doc)
    return doc


@functools.lru_cache(maxsize=None)
def _load_map_cached(name: str, data_dir: Path | None) -> dict:
    """Read and validate map_<name>.yaml once per (name, data directory)."""
    maps = available_maps(data_dir)
    if name not in maps:
        raise DataError(f"unknown map {name!r}; available maps: {', '.join(maps) or 'none'}")
    filename = f"map_{name}.yaml"
    doc = _read_yaml(_root(data_dir), filename)
    _validate_map(_Check(filename), doc, name)
    return doc


class _StrictLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml when available (8x faster)
    """Safe YAML loader that rejects duplicate mapping keys instead of silently keeping the last one."""


def _construct_unique_mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    """Build a mapping, raising a marked error on a repeated key."""
    loader.flatten_mapping(node)
    seen: set = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            duplicate = key in seen
            seen.add(key)
        except TypeError:  # unhashable key: let the standard constructor report it
            continue
        if duplicate:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r} in one mapping", key_node.start_mark)
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_unique_mapping)


def _read_yaml(root: Path | Traversable, filename: str) -> dict:
    """Parse one YAML file into a dict, turning I/O and syntax problems into DataError."""
    source = root / filename
    if not source.is_file():
        raise DataError(f"{filename}: file not found in {root}")
    try:
        doc = yaml.load(source.read_text(encoding="utf-8"), Loader=_StrictLoader)
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"{filename}: cannot read file: {exc}") from exc
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        problem = "; ".join(str(part) for part in (exc.context, exc.problem) if part)
        raise DataError(f"{filename}: {where}invalid YAML: {problem}") from exc
    except yaml.YAMLError as exc:
        raise DataError(f"{filename}: invalid YAML: {exc}") from exc
    if not isinstance(doc, dict):
        raise DataError(f"{filename}: expected a mapping at the top level, got {_show(doc)}")
    return doc


# ----------------------------------------------------------------------------------------------------------
# primitive checks
# ----------------------------------------------------------------------------------------------------------
def _show(value: Any) -> str:
    """Render a value for an error message, shortened."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_int(value: Any) -> bool:
    """True for real integers (YAML booleans excluded)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _at(path: str, key: Any) -> str:
    """Extend a key path with a mapping key."""
    return f"{path}.{key}" if path else str(key)


def _item(path: str, index: int) -> str:
    """Extend a key path with a list index."""
    return f"{path}[{index}]"


GEO_TOKEN_IDS = ("conduit_pairs", "elevation_mixer", "elevation_credits", "powerhouse_excavators",
                 "powerhouse_free", "base_credits", "base_excavators", "conduit_engineers")
GEO_COST_KEYS = ("excavators", "mixers", "credits", "engineers", "pairs_per_value")


@functools.lru_cache(maxsize=None)
def _load_geological_cached(data_dir: Path | None) -> dict:
    """Read and validate geological.yaml once per data directory."""
    c = _Check("geological.yaml")
    doc = c.mapping("", _read_yaml(_root(data_dir), "geological.yaml"))
    tokens = c.seq("tokens", doc.get("tokens"), len(GEO_TOKEN_IDS))
    for i, (token, expected) in enumerate(zip(tokens, GEO_TOKEN_IDS)):
        path = _item("tokens", i)
        c.keys(path, token, ("id", "structure", "cost", "effect"))
        if token["id"] != expected:
            c.fail(_at(path, "id"), f"expected {expected!r} (tokens are listed in a fixed order), got {_show(token['id'])}")
        c.choice(_at(path, "structure"), token["structure"], ("base", "elevation", "conduit", "powerhouse"))
        for key, value in c.mapping(_at(path, "cost"), token["cost"] or {}).items():
            c.choice(_at(_at(path, "cost"), key), key, GEO_COST_KEYS)
            c.integer(_at(_at(path, "cost"), key), value, 0, 10)
    c.integer("blank_tokens", doc.get("blank_tokens"), 0, 13)
    c.integer("blank_tokens_returned_unless_five_player_map", doc.get("blank_tokens_returned_unless_five_player_map"),
              0, doc["blank_tokens"])
    return doc


@functools.lru_cache(maxsize=None)
def _load_promo_cached(data_dir: Path | None) -> dict:
    """Read and validate promo.yaml once per data directory (RECON-01/05: file-level fidelity)."""
    doc = _read_yaml(_root(data_dir), "promo.yaml")
    _validate_promo(_Check("promo.yaml"), doc)
    return doc


def _validate_promo(c: _Check, doc: dict) -> None:
    """Gennaro Grasso's reconstructed space (OFFICER-GENNARO-01, RECON-05): 1..3 Engineers, 0..10 Credits, once
    per round (the engine plays no other)."""
    c.keys("", doc, ("name", "fidelity", "gennaro_space"))
    c.choice("fidelity", doc["fidelity"], FIDELITIES)
    space = c.keys("gennaro_space", doc["gennaro_space"], ("engineers", "credits", "uses_per_round"))
    c.integer("gennaro_space.engineers", space["engineers"], 1, 3)
    c.integer("gennaro_space.credits", space["credits"], 0, 10)
    c.integer("gennaro_space.uses_per_round", space["uses_per_round"], 1, 1)


AUTOMA_DO = {"produce": {"bonus", "needs_contract"}, "water_management": {"drops", "flow_now"},
             "construct": {"structure", "area", "min_production", "building_search"},
             "workshop": {"rotate", "vp_cost"}, "machinery_shop": {"gain", "vp_cost", "not_in_round_5"},
             "contract_office": {"discard_color", "energy"}, "patent_office": {"structure", "vp_cost"},
             "external_work": {"slot_preference"}, "bank": {"vp"}}
AUTOMA_PLACEMENTS = ("dam_elevation_placement", "conduit_placement", "powerhouse_placement")


@functools.lru_cache(maxsize=8)
def _load_automa_cached(data_dir: Path | None) -> dict:
    """Read and validate automa.yaml once per data directory."""
    from sim.ids import AUTOMA_CRITERIA_NAMES, AUTOMA_MAX_ENTRIES, N_AUTOMA_CARDS

    c = _Check("automa.yaml")
    doc = c.mapping("automa", c.mapping("", _read_yaml(_root(data_dir), "automa.yaml")).get("automa"))
    c.integer("automa.starting_vp", doc.get("starting_vp"), 0, 100)
    for i, v in enumerate(c.seq("automa.objective_vp", doc.get("objective_vp"), 3)):
        c.integer(_item("automa.objective_vp", i), v, 0, 100)
    cards = c.seq("automa.cards", doc.get("cards"), N_AUTOMA_CARDS)
    for i, card in enumerate(cards):
        path = _item("automa.cards", i)
        c.mapping(path, card)
        if card.get("card") != i + 1:
            c.fail(_at(path, "card"), f"expected {i + 1} (cards are listed in order), got {_show(card.get('card'))}")
        acts = c.seq(_at(path, "actions"), card.get("actions"))
        if not 1 <= len(acts) <= AUTOMA_MAX_ENTRIES:
            c.fail(_at(path, "actions"), f"expected 1..{AUTOMA_MAX_ENTRIES} entries, got {len(acts)}")
        for j, a in enumerate(acts):
            ap = _item(_at(path, "actions"), j)
            c.mapping(ap, a)
            do = c.choice(_at(ap, "do"), a.get("do"), tuple(AUTOMA_DO))
            c.integer(_at(ap, "engineers"), a.get("engineers"), 1, 3)
            for key in a:
                if key not in ("do", "engineers") and key not in AUTOMA_DO[do]:
                    c.fail(_at(ap, key), f"unknown key for a {do} entry; valid: {', '.join(sorted(AUTOMA_DO[do]))}")
        for kind in AUTOMA_PLACEMENTS:
            pp = _at(path, kind)
            place = c.mapping(pp, card.get(kind))
            crit = c.seq(_at(pp, "criteria"), place.get("criteria"), 3)
            for k, name in enumerate(crit):
                base = re.sub(r"_\d+$", "", str(name))
                c.choice(_item(_at(pp, "criteria"), k), base, AUTOMA_CRITERIA_NAMES)
        heads = c.seq(_at(path, "headstream_preference"), card.get("headstream_preference"), 4)
        for k, h in enumerate(heads):
            c.choice(_item(_at(path, "headstream_preference"), k), h, ("A", "B", "C", "D"))
    return doc


class _Check:
    """Primitive validators that raise DataError naming the file and the key path."""

    def __init__(self, filename: str, ranges: dict | None = None) -> None:
        """Remember the file name used as the prefix of every message; `ranges`, if given, collects the bounds
        of every integer checked (key path -> (lowest, highest), None for no bound)."""
        self.filename = filename
        self.ranges = ranges

    def fail(self, path: str, problem: str) -> NoReturn:
        """Raise DataError for ``path``."""
        raise DataError(f"{self.filename}: {path or '<top level>'}: {problem}")

    def mapping(self, path: str, value: Any) -> dict:
        """Require a mapping."""
        if not isinstance(value, dict):
            self.fail(path, f"expected a mapping, got {_show(value)}")
        return value

    def seq(self, path: str, value: Any, length: int | None = None) -> list:
        """Require a list (of an exact length if given)."""
        if not isinstance(value, list):
            self.fail(path, f"expected a list, got {_show(value)}")
        if length is not None and len(value) != length:
            self.fail(path, f"expected {length} entries, got {len(value)}")
        return value

    def text(self, path: str, value: Any) -> str:
        """Require a non-empty string."""
        if not isinstance(value, str) or not value.strip():
            self.fail(path, f"expected a non-empty string, got {_show(value)}")
        return value

    def integer(self, path: str, value: Any, lo: int | None = None, hi: int | None = None) -> int:
        """Require an integer within the inclusive bounds given."""
        if self.ranges is not None:
            self.ranges[path] = (lo, hi)
        ok = _is_int(value) and (lo is None or value >= lo) and (hi is None or value <= hi)
        if not ok:
            wanted = ("an integer" if lo is None and hi is None else
                      f"an integer >= {lo}" if hi is None else
                      f"an integer <= {hi}" if lo is None else f"an integer in {lo}..{hi}")
            self.fail(path, f"expected {wanted}, got {_show(value)}")
        return value

    def choice(self, path: str, value: Any, options: Any) -> Any:
        """Require one of ``options``."""
        if value not in options:
            self.fail(path, f"expected one of {', '.join(map(str, options))}, got {_show(value)}")
        return value

    def keys(self, path: str, value: Any, required: tuple | list) -> dict:
        """Require a mapping holding at least the ``required`` keys."""
        missing = [key for key in required if key not in self.mapping(path, value)]
        if missing:
            self.fail(path, f"missing required key(s) {', '.join(map(str, missing))}")
        return value

    def exact_keys(self, path: str, value: Any, expected: tuple | list) -> dict:
        """Require a mapping whose keys are exactly ``expected``."""
        if set(self.mapping(path, value)) != set(expected):
            self.fail(path, f"expected keys {', '.join(map(str, expected))}, "
                            f"got {', '.join(map(str, value)) or 'none'}")
        return value

    def unique(self, path: str, value: Any, seen: dict) -> None:
        """Require ``value`` not to be in ``seen`` (value -> path of first use), then record it."""
        if value in seen:
            self.fail(path, f"duplicate {_show(value)} (already used at {seen[value]})")
        seen[value] = path

    def same(self, path: str, got: Any, expected: Any, source: str) -> None:
        """Require a derived value to match what ``source`` implies, recursing into mappings."""
        if isinstance(got, dict) and isinstance(expected, dict):
            if set(got) != set(expected):
                self.fail(path, f"expected keys {', '.join(map(str, expected))} ({source}), "
                                f"got {', '.join(map(str, got))}")
            for key in expected:
                self.same(_at(path, key), got[key], expected[key], source)
        elif got != expected:
            self.fail(path, f"expected {_show(expected)} ({source}), got {_show(got)}")


# ----------------------------------------------------------------------------------------------------------
# components.yaml
# ----------------------------------------------------------------------------------------------------------
def _validate_components(c: _Check, doc: dict) -> None:
    """Validate every section of components.yaml and the references between sections."""
    c.keys("", doc, COMPONENT_KEYS)
    rewards = _reward_vocabulary(c, doc["reward_keys"])
    _check_headstream_tiles(c, doc["headstream_tiles"])
    contracts = _check_contracts(c, doc["contracts"], rewards)
    officers = _check_officers(c, doc["executive_officers"])
    companies = _check_companies(c, doc["companies"], rewards)
    _check_intro_matchups(c, doc["companies"], companies, officers, contracts)
    _check_officer_pool(c, doc["executive_officer_setup"], officers)
    _check_bonus_tiles(c, doc["bonus_tiles"])
    _check_objective_tiles(c, doc["objective_tiles"])
    _check_basic_tiles(c, doc["basic_technology_tiles"])
    _check_advanced_tiles(c, doc["advanced_technology_tiles"])
    _check_action_spaces(c, doc["action_spaces"], officers)
    _check_construction_costs(c, doc["construction_costs"])
    _check_energy_track(c, doc["energy_track"])


def _reward_vocabulary(c: _Check, reward_keys: Any) -> set[str]:
    """Return the reward keys usable in rewards and incomes (``note_*`` entries are comments, not rewards)."""
    return {key for key in c.mapping("reward_keys", reward_keys) if not str(key).startswith("note_")}


def _check_reward(c: _Check, path: str, reward: Any, vocabulary: set[str]) -> None:
    """Validate one reward/income mapping: known keys, int amounts >= 0, special-valued keys."""
    if not c.mapping(path, reward):
        c.fail(path, "expected at least one reward, got an empty mapping")
    for key, value in reward.items():
        here = _at(path, key)
        if key not in vocabulary:
            c.fail(here, f"unknown reward key {key!r}; expected one of reward_keys "
                         f"({', '.join(sorted(vocabulary))})")
        if key == "free_base":
            if not c.seq(here, value):
                c.fail(here, f"expected a non-empty list of areas ({', '.join(AREAS)}), got []")
            for i, area in enumerate(value):
                c.choice(_item(here, i), area, AREAS)
        elif key == "free_conduit_max_value":
            c.integer(here, value, 1, 5)
        elif key == "fulfill_own_contract_max":
            if value != "any" and not (_is_int(value) and value >= 1):
                c.fail(here, f'expected an integer >= 1 or "any", got {_show(value)}')
        else:
            c.integer(here, value, 0)                 # 0: no such part (a what-if that removes it)


def _check_headstream_tiles(c: _Check, tiles: Any) -> None:
    """Each headstream tile has a unique id and one non-negative drop count per round 1..4."""
    ids: dict = {}
    for i, tile in enumerate(c.seq("headstream_tiles", tiles)):
        path = _item("headstream_tiles", i)
        c.keys(path, tile, ("id", "drops"))
        c.unique(_at(path, "id"), tile["id"], ids)
        for r, drops in enumerate(c.seq(_at(path, "drops"), tile["drops"], HEADSTREAM_ROUNDS)):
            c.integer(_item(_at(path, "drops"), r), drops, 0)


def _check_contracts(c: _Check, decks: Any, vocabulary: set[str]) -> dict[str, set[str]]:
    """Validate every contract deck; return deck -> contract ids."""
    c.exact_keys("contracts", decks, tuple(CONTRACT_DECKS))
    ids: dict = {}
    by_deck: dict[str, set[str]] = {}
    for deck, (count, lo, hi) in CONTRACT_DECKS.items():
        path = _at("contracts", deck)
        cards = c.seq(path, decks[deck], count)
        for i, card in enumerate(cards):
            here = _item(path, i)
            c.keys(here, card, ("id", "energy", "reward"))
            c.unique(_at(here, "id"), c.text(_at(here, "id"), card["id"]), ids)
            c.integer(_at(here, "energy"), card["energy"], lo, hi)
            _check_reward(c, _at(here, "reward"), card["reward"], vocabulary)
        by_deck[deck] = {card["id"] for card in cards}
    return by_deck


def _check_officers(c: _Check, officers: Any) -> set[str]:
    """Each executive officer has a unique name, an expansion, an ability and its ability values; return the
    names. Tommaso has at most one Architect (OFFICER-TOMMASO-01), a hand limit is 1..10 (CONTRACT-04), the
    optional `extra_starting_credits` (a designer's knob, 0 in the published game) within +-EXTRA_CREDITS_BOUND."""
    names: dict = {}
    for i, officer in enumerate(c.seq("executive_officers", officers)):
        path = _item("executive_officers", i)
        c.keys(path, officer, ("name", "expansion", "ability"))
        c.unique(_at(path, "name"), c.text(_at(path, "name"), officer["name"]), names)
        for key, amount in c.mapping(_at(path, "starting_resources"), officer.get("starting_resources", {})).items():
            c.integer(_at(_at(path, "starting_resources"), key), amount, 0, 1 if key == "architect" else None)
        if "hand_limit" in officer:
            c.integer(_at(path, "hand_limit"), officer["hand_limit"], 1, 10)
        if "extra_starting_credits" in officer:      # a designer's knob (SETUP-20/21 + this); the sum is checked in
            c.integer(_at(path, "extra_starting_credits"), officer["extra_starting_credits"],  # sim.tables
                      -EXTRA_CREDITS_BOUND, EXTRA_CREDITS_BOUND)
        _check_ability_values(c, path, officer["name"], officer)
    return set(names)


def _check_ability_values(c: _Check, path: str, owner: str, entry: dict) -> None:
    """A company's or officer's `ability_values` hold exactly the keys sim.ids.ABILITY_VALUES gives its owner,
    each an integer in the range the engine plays (none for an owner without any)."""
    from sim.ids import ABILITY_VALUES

    wanted = {key: (lo, hi) for name, key, lo, hi in ABILITY_VALUES if name == owner}
    here = _at(path, "ability_values")
    if not wanted:
        if "ability_values" in entry:
            c.fail(here, f"{owner} has no ability values; remove the key")
        return
    values = c.exact_keys(here, entry.get("ability_values"), tuple(wanted))
    for key, (lo, hi) in wanted.items():
        c.integer(_at(here, key), values[key], lo, hi)


def _check_officer_pool(c: _Check, setup: Any, officers: set[str]) -> None:
    """The officer pools of the base game, Leeghwater and the promo packs name known officers (SETUP-13); the
    never-dealt names (OFFICER-NONAME-01) are not officers with rules text."""
    c.keys("executive_officer_setup", setup, ("base_game_pool", "leeghwater_pool", "promo_pool", "never_dealt"))
    for key in ("base_game_pool", "leeghwater_pool", "promo_pool"):
        path = f"executive_officer_setup.{key}"
        for i, name in enumerate(c.seq(path, setup[key])):
            c.choice(_item(path, i), name, sorted(officers))
    for i, name in enumerate(c.seq("executive_officer_setup.never_dealt", setup["never_dealt"])):
        if name in officers:
            c.fail(_item("executive_officer_setup.never_dealt", i), f"{name!r} has rules text; it is dealt")


def _check_companies(c: _Check, companies: Any, vocabulary: set[str]) -> set[str]:
    """Each company has incomes for base/elevation/conduit at 2, 4 and 5 pieces built; return the names."""
    names = [name for name in c.mapping("companies", companies) if name not in COMPANY_NON_COMPANY_KEYS]
    for name in names:
        path = _at("companies", name)
        c.keys(path, companies[name], ("expansion", "income", "special_ability"))
        _check_ability_values(c, path, name, companies[name])
        income = c.exact_keys(_at(path, "income"), companies[name]["income"], INCOME_ROWS)
        for row in INCOME_ROWS:
            here = _at(_at(path, "income"), row)
            for built in c.exact_keys(here, income[row], INCOME_STEPS):
                _check_reward(c, _at(here, built), income[row][built], vocabulary)
    return set(names)


def _check_intro_matchups(c: _Check, companies: dict, names: set[str], officers: set[str],
                          contracts: dict[str, set[str]]) -> None:
    """Introductory matchups refer to existing companies, officers and starting contracts."""
    for i, row in enumerate(c.seq("companies.introductory_matchups", companies.get("introductory_matchups", []))):
        path = _item("companies.introductory_matchups", i)
        c.keys(path, row, ("company", "officer", "starting_contract"))
        c.choice(_at(path, "company"), row["company"], sorted(names))
        c.choice(_at(path, "officer"), row["officer"], sorted(officers))
        c.choice(_at(path, "starting_contract"), row["starting_contract"], sorted(contracts["starting"]))


def _check_bonus_tiles(c: _Check, tiles: Any) -> None:
    """Round bonus tiles have unique ids and an integer vp_per_unit."""
    ids: dict = {}
    for i, tile in enumerate(c.seq("bonus_tiles", tiles)):
        path = _item("bonus_tiles", i)
        c.keys(path, tile, ("id", "counts", "vp_per_unit"))
        c.unique(_at(path, "id"), tile["id"], ids)
        c.integer(_at(path, "vp_per_unit"), tile["vp_per_unit"], 1)


def _check_objective_tiles(c: _Check, tiles: Any) -> None:
    """Objective tiles have unique ids and a description of what is counted."""
    ids: dict = {}
    for i, tile in enumerate(c.seq("objective_tiles", tiles)):
        path = _item("objective_tiles", i)
        c.keys(path, tile, ("id", "count"))
        c.unique(_at(path, "id"), tile["id"], ids)


def _check_basic_tiles(c: _Check, tiles: Any) -> None:
    """Basic technology tile lists name known structures."""
    for key in ("per_company_full_game", "per_company_introductory"):
        path = _at("basic_technology_tiles", key)
        for i, structure in enumerate(c.seq(path, c.keys("basic_technology_tiles", tiles, (key,))[key])):
            c.choice(_item(path, i), structure, TECH_STRUCTURES)


def _check_advanced_tiles(c: _Check, piles: Any) -> None:
    """Advanced tiles sit in piles level_1..level_3 with unique ids, matching level and a known structure."""
    c.keys("advanced_technology_tiles", piles, ("level_1", "level_2", "level_3"))
    ids: dict = {}
    for pile, tiles in piles.items():
        match = re.fullmatch(r"level_(\d+)", str(pile))
        if not match:
            continue
        for i, tile in enumerate(c.seq(_at("advanced_technology_tiles", pile), tiles)):
            path = _item(_at("advanced_technology_tiles", pile), i)
            c.keys(path, tile, ("id", "level", "structure", "effect"))
            c.unique(_at(path, "id"), tile["id"], ids)
            level = int(match.group(1))
            c.integer(_at(path, "level"), tile["level"], level, level)
            c.choice(_at(path, "structure"), tile["structure"], TECH_STRUCTURES)


MAX_MACHINERY_COST = 15   # a build's machineries stay below 32 (sim.rules.construct.encode_payment), modifiers included


def _check_construction_costs(c: _Check, costs: Any) -> None:
    """CONSTRUCT-08..11: Bases and Elevations cost 0..15 machineries by area, a Powerhouse 0..15 by the number built
    before; the red-outline surcharges are Credits >= 0."""
    c.keys("construction_costs", costs, ("base", "elevation", "powerhouse"))
    for kind in ("base", "elevation"):
        for area in AREAS:
            c.integer(f"construction_costs.{kind}.{area}", c.keys(f"construction_costs.{kind}", costs[kind],
                                                                  AREAS)[area], 0, MAX_MACHINERY_COST)
    by_number = c.mapping("construction_costs.powerhouse.by_number_built_before",
                          costs["powerhouse"].get("by_number_built_before"))
    c.exact_keys("construction_costs.powerhouse.by_number_built_before", by_number, (0, 1, 2, 3))
    for k, cost in by_number.items():
        c.integer(f"construction_costs.powerhouse.by_number_built_before.{k}", cost, 0, MAX_MACHINERY_COST)
    for kind in ("base", "powerhouse"):
        c.integer(f"construction_costs.{kind}.paying_space_extra_credits",
                  costs[kind].get("paying_space_extra_credits"), 0)


def _check_space_cost(c: _Check, path: str, space: Any) -> None:
    """An action space costs engineers >= 1 and extra credits >= 0."""
    c.keys(path, space, ("engineers", "credits"))
    c.integer(_at(path, "engineers"), space["engineers"], 1)
    c.integer(_at(path, "credits"), space["credits"], 0)


def _check_action_spaces(c: _Check, boards: Any, officers: set[str]) -> None:
    """Action-space rows have a unique id, min_players 1..4 and valid costs; officer spaces name officers."""
    c.keys("action_spaces", boards, ROW_BOARDS + ("company_board_construction", "officer_spaces"))
    ids: dict = {}
    for board in ROW_BOARDS:
        for i, row in enumerate(c.seq(_at("action_spaces", board), boards[board])):
            path = _item(_at("action_spaces", board), i)
            c.keys(path, row, ("id", "min_players"))
            c.unique(_at(path, "id"), c.text(_at(path, "id"), row["id"]), ids)
            c.integer(_at(path, "min_players"), row["min_players"], 1, MAX_PLAYERS_ROW)
            if "left" in row or "right" in row:
                c.keys(path, row, ("left", "right"))
                for side in ("left", "right"):
                    _check_space_cost(c, _at(path, side), row[side])
            else:
                _check_space_cost(c, path, row)
    for i, row in enumerate(c.seq("action_spaces.company_board_construction", boards["company_board_construction"])):
        path = _item("action_spaces.company_board_construction", i)
        c.integer(_at(path, "slot"), c.keys(path, row, ("slot",))["slot"], i + 1, i + 1)
        _check_space_cost(c, path, row)
    spaces = c.seq("action_spaces.officer_spaces", boards["officer_spaces"])
    for i, row in enumerate(spaces):
        path = _item("action_spaces.officer_spaces", i)
        c.choice(_at(path, "officer"), c.keys(path, row, ("officer",))["officer"], sorted(officers))
        _check_space_cost(c, path, row)
    owners = [row["officer"] for row in spaces]
    if sorted(owners) != sorted(OFFICER_SPACES):
        c.fail("action_spaces.officer_spaces", f"expected one row for each of {', '.join(OFFICER_SPACES)}, got "
                                               f"{', '.join(map(str, owners)) or 'none'}")
    mahiri = spaces[owners.index("Mahiri Sekibo")]                     # OFFICER-MAHIRI-01: her second space
    c.integer(_at(_item("action_spaces.officer_spaces", owners.index("Mahiri Sekibo")), "second_use_credits"),
              mahiri.get("second_use_credits"), 0)


def _check_energy_track(c: _Check, track: Any) -> None:
    """credit_thresholds maps increasing energies (from 0) to credits and agrees with credits_at_scoring."""
    c.keys("energy_track", track, ("credit_thresholds", "credits_at_scoring"))
    path = "energy_track.credit_thresholds"
    thresholds = c.mapping(path, track["credit_thresholds"])
    previous = -1
    for energy, credits in thresholds.items():
        c.integer(_at(path, energy), credits, 0)
        if not _is_int(energy) or energy <= previous:
            c.fail(_at(path, energy), f"expected an integer energy key > {previous} (keys increase), "
                                      f"got {_show(energy)}")
        previous = energy
    if 0 not in thresholds:
        c.fail(path, "expected a threshold for energy 0")
    bands = {}
    for i, band in enumerate(c.seq("energy_track.credits_at_scoring", track["credits_at_scoring"])):
        here = _item("energy_track.credits_at_scoring", i)
        c.keys(here, band, ("energy", "credits"))
        lowest = str(band["energy"]).split("-")[0]
        if not lowest.isdigit():
            c.fail(_at(here, "energy"), f'expected an energy band like "4-6", got {_show(band["energy"])}')
        bands[int(lowest)] = band["credits"]
    c.same(path, thresholds, bands, "lowest energy of each credits_at_scoring band")


# ----------------------------------------------------------------------------------------------------------
# map_<name>.yaml
# ----------------------------------------------------------------------------------------------------------
class _MapIndex:
    """Ids collected from the zones of a map, used by the river and derived-data checks."""

    def __init__(self) -> None:
        """Start empty."""
        self.dams: dict[str, tuple[int, str, str]] = {}  # dam id -> (zone, area, position)
        self.sites: dict[str, int] = {}  # powerhouse site -> zone (only zones with powerhouse spaces)
        self.conduits: dict[str, tuple[str, str]] = {}  # conduit id -> (key path, ends_at)
        self.seen: dict = {}  # every space id -> key path of its first use (ids are unique per map)


def _validate_map(c: _Check, doc: dict, name: str) -> None:
    """Validate one map file: zones, conduits, river graph, neutral dams and derived tables."""
    c.keys("", doc, MAP_KEYS)
    if doc["name"] != name:
        c.fail("name", f"expected {name!r} (the file is map_{name}.yaml), got {_show(doc['name'])}")
    c.choice("fidelity", doc["fidelity"], FIDELITIES)
    index = _check_zones(c, doc["zones"])
    _check_conduit_ends(c, index)
    _check_river(c, doc, index)
    _check_neutral_dams(c, doc["neutral_dam_options"], index, "preparation" in doc)
    _check_derived(c, doc, index)


def _check_zones(c: _Check, zones: Any) -> _MapIndex:
    """Zones have an area, dam spaces B<z>U/B<z>L, powerhouse spaces P<z>_<k> and conduit values 1..5."""
    index = _MapIndex()
    for z, zone in c.mapping("zones", zones).items():
        path = _at("zones", z)
        c.integer(path, z, 1)  # zone keys are positive integers
        c.keys(path, zone, ("area", "dam_spaces", "conduits", "powerhouse_spaces"))
        area = c.choice(_at(path, "area"), zone["area"], AREAS)
        for i, dam in enumerate(c.seq(_at(path, "dam_spaces"), zone["dam_spaces"])):
            here = _item(_at(path, "dam_spaces"), i)
            c.keys(here, dam, ("id", "position"))
            dam_id = c.choice(_at(here, "id"), dam["id"], (f"B{z}U", f"B{z}L"))
            c.choice(_at(here, "position"), dam["position"], ("upper",) if dam_id.endswith("U") else ("lower",))
            c.unique(_at(here, "id"), dam_id, index.seen)
            index.dams[dam_id] = (z, area, dam["position"])
        spaces = c.seq(_at(path, "powerhouse_spaces"), zone["powerhouse_spaces"])
        for k, space in enumerate(spaces):
            here = _item(_at(path, "powerhouse_spaces"), k)
            c.choice(_at(here, "id"), c.keys(here, space, ("id",))["id"], (f"P{z}_{k}",))
            c.unique(_at(here, "id"), space["id"], index.seen)
        if spaces:
            c.choice(_at(path, "powerhouse_site"), zone.get("powerhouse_site"), (f"P{z}",))
            index.sites[f"P{z}"] = z
        elif "powerhouse_site" in zone:
            c.fail(_at(path, "powerhouse_site"), "expected no powerhouse site in a zone without powerhouse spaces")
        for i, conduit in enumerate(c.seq(_at(path, "conduits"), zone["conduits"])):
            here = _item(_at(path, "conduits"), i)
            c.keys(here, conduit, ("id", "production", "ends_at"))
            c.unique(_at(here, "id"), c.text(_at(here, "id"), conduit["id"]), index.seen)
            index.conduits[conduit["id"]] = (here, conduit["ends_at"])
            value = c.integer(_at(here, "production"), conduit["production"], 1, 5)
            if "build_cost_excavators" in conduit:
                c.same(_at(here, "build_cost_excavators"), conduit["build_cost_excavators"], 2 * value,
                       "2 x production")
    return index


def _check_conduit_ends(c: _Check, index: _MapIndex) -> None:
    """Every conduit ends at the powerhouse site of a zone that has powerhouse spaces."""
    for path, end in index.conduits.values():
        if end not in index.sites:
            c.fail(_at(path, "ends_at"), f"expected the powerhouse site of a zone with powerhouse spaces "
                                         f"({', '.join(index.sites)}), got {_show(end)}")


def _check_river(c: _Check, doc: dict, index: _MapIndex) -> None:
    """The river is an acyclic successor graph from the headstreams to the exits through every dam and site."""
    river = c.mapping("river", doc["river"])
    headstreams = [c.text(_item("headstreams", i), h) for i, h in enumerate(c.seq("headstreams", doc["headstreams"]))]
    exits = [c.text(_item("exits", i), e) for i, e in enumerate(c.seq("exits", doc["exits"]))]
    nodes = set(headstreams) | set(index.dams) | set(index.sites)
    for node, successor in river.items():
        if c.text(_at("river", node), successor) not in river and successor not in exits:
            c.fail(_at("river", node), f"successor {_show(successor)} does not exist; expected a river node "
                                       f"or an exit ({', '.join(exits)})")
    roots = [str(node) for node in river if node not in set(river.values())]
    if sorted(headstreams) != sorted(roots):
        c.fail("headstreams", f"expected the river roots (nodes nothing flows into): {', '.join(roots)}; "
                              f"got {', '.join(headstreams)}")
    for node in river:
        if node not in nodes:
            c.fail(_at("river", node), f"unknown node {_show(node)}; expected a headstream, a dam space or "
                                       f"a powerhouse site of this map")
    reached: set = set()
    for head in headstreams:
        path_taken = [head]
        while path_taken[-1] in river:
            nxt = river[path_taken[-1]]
            if nxt in path_taken:
                c.fail(_at("river", path_taken[-1]), f"cycle {' -> '.join(path_taken[path_taken.index(nxt):])} "
                                                     f"-> {nxt}; every headstream must reach an exit")
            path_taken.append(nxt)
        reached.update(path_taken)
    for node in river:
        if node not in reached:
            c.fail(_at("river", node), "not reachable from any headstream (isolated part of the river)")
    for i, exit_id in enumerate(exits):
        if exit_id not in reached:
            c.fail(_item("exits", i), f"{_show(exit_id)} is never reached by the river")
    for dam_id, (z, _, _) in index.dams.items():
        if dam_id not in river:
            c.fail(_at(_at("zones", z), "dam_spaces"), f"dam space {dam_id} is not on the river")
    for site, z in index.sites.items():
        if site not in river:
            c.fail(_at(_at("zones", z), "powerhouse_site"), f"powerhouse site {site} is not on the river")


def _check_neutral_dams(c: _Check, options: Any, index: _MapIndex, by_preparation: bool = False) -> None:
    """Neutral dam options of an area list lower dam spaces of zones in that area. On a map whose neutral dams come
    from a preparation deal (the Duel map, DUEL-PREP-02) the keys name the neutral tiles and any lower space is
    allowed."""
    for area, option in c.mapping("neutral_dam_options", options).items():
        path = _at("neutral_dam_options", area)
        if not by_preparation:
            c.choice(path, area, AREAS)
        c.keys(path, option, ("level", "starting_drops", "spaces"))
        c.integer(_at(path, "level"), option["level"], 1, 3)
        c.integer(_at(path, "starting_drops"), option["starting_drops"], 0)
        allowed = [d for d, (_, a, position) in index.dams.items()
                   if (by_preparation or a == area) and position == "lower"]
        for i, space in enumerate(c.seq(_at(path, "spaces"), option["spaces"])):
            if space not in allowed:
                c.fail(_item(_at(path, "spaces"), i), f"expected a lower dam space of a {area} zone "
                                                      f"({', '.join(allowed)}), got {_show(space)}")


def _check_derived(c: _Check, doc: dict, index: _MapIndex) -> None:
    """conduit_links and downstream_paths (and summary counts if present) agree with zones and river."""
    zones, river = doc["zones"], doc["river"]
    links = {}
    for zone_id, zone in zones.items():
        for conduit in zone["conduits"]:
            end = index.sites[conduit["ends_at"]]
            links[conduit["id"]] = {
                "from_zone": zone_id, "from_area": zone["area"], "production": conduit["production"],
                "to_zone": end, "to_area": zones[end]["area"],
                "powerhouse_spaces": [space["id"] for space in zones[end]["powerhouse_spaces"]],
            }
    c.same("conduit_links", c.mapping("conduit_links", doc["conduit_links"]), links, "from zones")
    paths = {}
    for head in doc["headstreams"]:
        paths[head] = [head]
        while paths[head][-1] in river:
            paths[head].append(river[paths[head][-1]])
    c.same("downstream_paths", c.mapping("downstream_paths", doc["downstream_paths"]), paths, "from river")
    spaces = [s for zone in zones.values() for s in zone["powerhouse_spaces"]]
    dams = [d for zone in zones.values() for d in zone["dam_spaces"]]
    summaries = {
        "zone_count": {"total": len(zones), "with_dams": sum(1 for z in zones.values() if z["dam_spaces"]),
                       "powerhouse_only": sum(1 for z in zones.values() if not z["dam_spaces"])},
        "dam_basins_per_area": {area: sum(1 for z in zones.values() if z["dam_spaces"] and z["area"] == area)
                                for area in AREAS},
        "space_counts": {"dam_spaces": len(dams), "paying_dam_spaces": sum(bool(d.get("paying")) for d in dams),
                         "conduit_spaces": len(index.conduits), "powerhouse_spaces": len(spaces),
                         "paying_powerhouse_spaces": sum(bool(s.get("paying")) for s in spaces)},
    }
    for key, expected in summaries.items():
        if key in doc:
            c.same(key, doc[key], expected, "counted from zones")
