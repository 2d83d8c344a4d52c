"""Which executive officers a game may deal (SETUP-13, OFFICER-NONAME-01): the pool of the modules in play.

Modules: the base game (always), The Leeghwater Project (`--expansion leeghwater`) and the promo packs
(`--expansion promo`). Every officer of these pools has its rules in the engine.
"""
from __future__ import annotations

from sim import ids
from sim.data_loader import load_components
from sim.errors import ConfigError

# Module (expansion name) -> key of its pool in components.yaml executive_officer_setup.
_POOL_KEYS = {"base": "base_game_pool", "leeghwater": "leeghwater_pool", "promo": "promo_pool"}
_MODULE_TITLES = {"leeghwater": "The Leeghwater Project", "promo": "the promo packs (module promo)"}


def module_of(name: str) -> str:
    """The module that deals an officer: 'base', 'leeghwater' or 'promo'."""
    setup = load_components()["executive_officer_setup"]
    for module, key in _POOL_KEYS.items():
        if name in setup[key]:
            return module
    raise ConfigError(f"officer {name!r} is in no officer pool")


def playable(name: str) -> bool:
    """Whether the engine plays this officer's rules (every officer named in sim.ids)."""
    return name in ids.OFFICER_NAMES


def pool(expansions: tuple[str, ...]) -> list[str]:
    """SETUP-13: the dealable officers of the modules in play, base pool first, in data-file order."""
    setup = load_components()["executive_officer_setup"]
    names = list(setup["base_game_pool"])
    for module in ("leeghwater", "promo"):
        if module in expansions:
            names += list(setup[_POOL_KEYS[module]])
    return names


def check_officer(name: str, expansions: tuple[str, ...]) -> None:
    """Refuses an officer the chosen modules do not deal (one-line ConfigError naming the fix)."""
    module = module_of(name)
    if module != "base" and module not in expansions:
        raise ConfigError(f"officer {name!r} needs {_MODULE_TITLES[module]}; add --expansion {module}")


def never_dealt() -> list[str]:
    """OFFICER-NONAME-01: officer cards without rules text, never dealt."""
    return list(load_components()["executive_officer_setup"]["never_dealt"])
