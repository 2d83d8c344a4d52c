"""Which executive officers a game may deal (SETUP-13, OFFICER-NONAME-01): the pool of the modules in play.

Modules: the base game (always), The Leeghwater Project (`--expansion leeghwater`) and the promo packs
(`--expansion promo`). Officers whose rules are not in this engine yet are never dealt and refused by name, so a
run never plays an officer as if it had no ability.
"""
from __future__ import annotations

from sim import ids
from sim.data_loader import load_components
from sim.errors import ConfigError

# Officers with data but no engine rules yet: their effects need the Leeghwater buildings and external works
# (Leslie, Margot), which the Leeghwater core adds.
NOT_PLAYABLE: frozenset[str] = frozenset({"Leslie Spencer", "Margot Fouche"})

# Officers a level-4 Automa cannot hold: their Automa rules (AUTOMA-71 for Elon, Octavius, Amir) are not
# implemented (AUTOMA-67 Simone, AUTOMA-68 Tommaso and AUTOMA-71 Gennaro and Wu are).
NO_AUTOMA_RULES: frozenset[str] = frozenset({"Elon Audia", "Dr. Octavius", "Amir Zahir"})

# Module (expansion name) -> key of its pool in components.yaml executive_officer_setup.
_POOL_KEYS = {"base": "base_game_pool", "leeghwater": "leeghwater_pool", "promo": "promo_pool"}


def module_of(name: str) -> str:
    """The module that deals an officer: 'base', 'leeghwater' or 'promo'."""
    setup = load_components()["executive_officer_setup"]
    for module, key in _POOL_KEYS.items():
        if name in setup[key]:
            return module
    raise ConfigError(f"officer {name!r} is in no officer pool")


def playable(name: str) -> bool:
    """Whether the engine plays this officer's rules."""
    return name in ids.OFFICER_NAMES and name not in NOT_PLAYABLE


def pool(expansions: tuple[str, ...]) -> list[str]:
    """SETUP-13: the dealable officers of the modules in play, base pool first, in data-file order."""
    setup = load_components()["executive_officer_setup"]
    names = list(setup["base_game_pool"])
    for module in ("leeghwater", "promo"):
        if module in expansions:
            names += [n for n in setup[_POOL_KEYS[module]] if playable(n)]
    return names


def check_officer(name: str, expansions: tuple[str, ...]) -> None:
    """Refuses an officer the chosen modules do not deal (one-line ConfigError naming the fix)."""
    if name in NOT_PLAYABLE:
        raise ConfigError(f"officer {name!r} is not playable yet (its rules are not in the engine); playable: "
                          f"{', '.join(n for n in ids.OFFICER_NAMES if playable(n))}")
    module = module_of(name)
    if module != "base" and module not in expansions:
        raise ConfigError(f"officer {name!r} belongs to the {module} module; add --expansion {module}")


def never_dealt() -> list[str]:
    """OFFICER-NONAME-01: officer cards without rules text, never dealt."""
    return list(load_components()["executive_officer_setup"]["never_dealt"])
