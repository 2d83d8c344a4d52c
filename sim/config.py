"""Game configuration: the variant plus setup choices (companies, officers per seat), validated up front."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from sim import ids
from sim.errors import ConfigError
from sim.officer_pool import check_officer, never_dealt, pool
from sim.variant import COLORADO_MAP, DUEL_MAP, VARIANT_NAMES, Variant


def refuse_automa_on_duel_map(map_name: str, automa_levels: Sequence[int]) -> None:
    """DECISION-42: no Automa on the duel map (no Automa rules for its preparation or the duel board) nor on the
    Colorado map (COLO-AUTOMA-01: no Automa rules for bridges or settlements)."""
    if map_name == DUEL_MAP and any(automa_levels):
        raise ConfigError("automa: the Automa cannot play on the duel map: it has no rules for the duel board or "
                          "its preparation (DECISION-42); seat player bots only")
    if map_name == COLORADO_MAP and any(automa_levels):
        raise ConfigError("automa: the Automa cannot play The Colorado Connection: it has no rules for bridges or "
                          "settlements (COLO-AUTOMA-01, DECISION-42); seat player bots only")


def check_companies(companies: Sequence[str] | None, expansions: Sequence[str]) -> None:
    """COMPANY-NED-01: the Netherlands (canonical names) needs The Leeghwater Project (the officers' modules:
    sim.officer_pool.check_officer)."""
    if "leeghwater" in expansions:
        return
    for name in companies or ():
        if ids.COMPANY_NAMES.index(name) >= ids.N_BASE_COMPANIES:
            raise ConfigError(f"company {name!r} needs The Leeghwater Project; add --expansion leeghwater "
                              f"or choose from {', '.join(ids.COMPANY_NAMES[:ids.N_BASE_COMPANIES])}")


def company_name(value: str, expansions: Sequence[str] = ()) -> str:
    """The canonical name of a company given by name or unique prefix; unknown or unavailable ones raise
    ConfigError."""
    name = ids.COMPANY_NAMES[_lookup("company", ids.COMPANY_NAMES, value)]
    check_companies([name], expansions)
    return name


def _lookup(kind: str, names: Sequence[str], value: str) -> int:
    """Index of a company/officer name (case-insensitive; unique prefixes such as 'viktor' accepted)."""
    low = value.strip().lower()
    hits = [i for i, n in enumerate(names) if n.lower() == low]
    if not hits:
        hits = [i for i, n in enumerate(names) if n.lower().startswith(low) or low in n.lower().split()]
    if len(hits) != 1:
        raise ConfigError(f"unknown {kind} {value!r}; valid: {', '.join(names)}")
    return hits[0]


@dataclass(frozen=True)
class GameConfig:
    """Everything needed to set up a game besides the seed.

    `companies` / `officers` fix each seat's pairing (seat i gets companies[i] + officers[i]); None leaves the
    pairings random and the seats choose them (SETUP-13..15). `automa` gives each seat's Automa level (0 = not an
    Automa, 1..4 = AUTOMA-03); None means no Automa.
    """

    players: int = 4
    map: str = "base"
    intro: bool = False
    expansions: tuple[str, ...] = field(default_factory=tuple)
    companies: tuple[str, ...] | None = None
    officers: tuple[str, ...] | None = None
    objective: str | None = None
    bonus_tiles: tuple[str, ...] | None = None
    headstreams: tuple[int, ...] | None = None
    remove_tiles: tuple[str, ...] = ()
    overrides: tuple[tuple[str, Any], ...] = ()
    automa: tuple[int, ...] | None = None
    duel: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "map", self.variant.map)   # validates players / map / expansions; COLO-SETUP-01
        refuse_automa_on_duel_map(self.map, self.automa or ())
        if self.automa is not None:
            levels = tuple(self.automa)
            if len(levels) != self.players:
                raise ConfigError(f"automa list has {len(levels)} entries for {self.players} players; give one "
                                  "level per seat (0 = not an automa)")
            if any(not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= 4 for x in levels):
                raise ConfigError(f"automa levels must be integers 0..4 (0 = not an automa), got {list(levels)}")
            if all(x > 0 for x in levels):
                raise ConfigError("every seat is an automa; at least one seat must be a player (AUTOMA-01)")
            object.__setattr__(self, "automa", levels if any(levels) else None)
        for kind, names, given in (("company", ids.COMPANY_NAMES, self.companies),
                                   ("officer", ids.OFFICER_NAMES, self.officers)):
            if given is None:
                continue
            if len(given) != self.players:
                raise ConfigError(f"{kind} list has {len(given)} entries for {self.players} players; "
                                  f"give exactly one {kind} per seat")
            if kind == "officer":
                for g in given:
                    hit = [n for n in never_dealt() if g.strip().lower() in (n.lower(), *n.lower().split())]
                    if hit:
                        raise ConfigError(f"officer {hit[0]!r} has no rules text and is never dealt "
                                          "(OFFICER-NONAME-01)")
            idx = [_lookup(kind, names, g) for g in given]
            if kind == "officer":
                for i in idx:
                    check_officer(names[i], tuple(self.expansions))
            if len(set(idx)) != len(idx):
                dup = next(names[i] for i in idx if idx.count(i) > 1)
                raise ConfigError(f"{kind} {dup!r} is given twice; each seat needs a different {kind}")
            # store the canonical spelling, so manifests and logs use the data-file names
            object.__setattr__(self, "companies" if kind == "company" else "officers", tuple(names[i] for i in idx))
        check_companies(self.companies, self.expansions)
        if self.intro and self.officers is not None:
            raise ConfigError("officers cannot be chosen in the introductory game: its pairings are fixed "
                              "(SETUP-18); drop --officers or --intro")

    @property
    def variant(self) -> Variant:
        """The rules-level part of the config."""
        return Variant(players=self.players, map=self.map, intro=self.intro, expansions=tuple(self.expansions),
                       objective=self.objective, bonus_tiles=self.bonus_tiles, headstreams=self.headstreams,
                       remove_tiles=tuple(self.remove_tiles), overrides=self.overrides, duel=self.duel)

    def automa_levels(self) -> list[int]:
        """Automa level per seat (0 = not an Automa)."""
        return list(self.automa) if self.automa is not None else [0] * self.players

    def company_ids(self) -> list[int]:
        """Company id per seat, -1 where random."""
        if self.companies is None:
            return [-1] * self.players
        return [_lookup("company", ids.COMPANY_NAMES, n) for n in self.companies]

    def officer_ids(self) -> list[int]:
        """Officer id per seat, -1 where random."""
        if self.officers is None:
            return [-1] * self.players
        return [_lookup("officer", ids.OFFICER_NAMES, n) for n in self.officers]

    @classmethod
    def from_dict(cls, d: dict) -> "GameConfig":
        """Builds a config from plain data (TOML, JSON, scenario files), rejecting unknown keys."""
        allowed = {f for f in cls.__dataclass_fields__}
        unknown = set(d) - allowed
        if unknown:
            raise ConfigError(f"unknown config key {sorted(unknown)[0]!r}; valid keys: {', '.join(sorted(allowed))}")
        kw = dict(d)
        for k in ("expansions", "companies", "officers", "bonus_tiles", "headstreams", "remove_tiles", "automa"):
            if kw.get(k) is not None:
                kw[k] = tuple(kw[k])
        if isinstance(kw.get("overrides"), dict):
            kw["overrides"] = tuple(kw["overrides"].items())
        return cls(**kw)

    def to_dict(self) -> dict:
        """Plain-data form (inverse of from_dict)."""
        return {"players": self.players, "map": self.map, "intro": self.intro,
                "expansions": list(self.expansions),
                "companies": list(self.companies) if self.companies is not None else None,
                "officers": list(self.officers) if self.officers is not None else None,
                "objective": self.objective,
                "bonus_tiles": list(self.bonus_tiles) if self.bonus_tiles is not None else None,
                "headstreams": list(self.headstreams) if self.headstreams is not None else None,
                "remove_tiles": list(self.remove_tiles),
                "overrides": dict(self.overrides),
                "automa": list(self.automa) if self.automa is not None else None,
                "duel": self.duel}


def variant_keys(variant: str, map_name: str) -> dict:
    """GameConfig keys of a `--variant` level: "duel" = Barrage: Duel (the duel map with the duel board, DUEL-02),
    "base" = the base game on `map_name` (which may be the duel map alone)."""
    if variant not in VARIANT_NAMES:
        raise ConfigError(f"variant: unknown variant {variant!r}; valid: {', '.join(VARIANT_NAMES)}")
    return {"map": DUEL_MAP, "duel": True} if variant == "duel" else {"map": map_name, "duel": False}
