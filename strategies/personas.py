"""The greedy bot family as plain data: its parameters (in parameter-vector order) and its personas.

Every persona is the same numba bot (`strategies.core.GREEDY`, scorer in `strategies.greedy`) with different
weights. A weight multiplies one family of features of a move's value (all in VP-equivalents, see
`strategies.features`); resource values are per unit in round 1 and shrink toward what final scoring pays for
them (END-04). The vector has 30 slots; a shorter vector (the batch runner's 8 today) leaves the remaining
slots at their defaults.

The `tuned` persona's weights are data (strategies/data/tuned.json, the result file of the `barrage tune` run
that made them; docs/bots.md § Tuning gives the command that reproduces it).

This module has no numba import: the registry and the CLI can read it cheaply.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

STRATEGY_ID = 2   # strategies.core.GREEDY (tests check they agree)


@dataclass(frozen=True)
class GreedyParam:
    """One weight of the greedy bot: name, default, meaning and the range that makes sense."""

    name: str
    default: float
    description: str
    low: float = 0.0
    high: float = 10.0
    step: float = 0.05       # smallest scale of a tune's relative steps (experiments.tune.search_space)


def _schedules(*weights: str) -> tuple[GreedyParam, ...]:
    """The round-schedule slopes of these weights, in this order (strategies.feature_layout.SCHEDULED)."""
    return tuple(GreedyParam(f"s_{w[2:]}", 0.0, f"round schedule of {w}: it plays {w} x exp(s_{w[2:]} x (round - 3) "
                                                "/ 2), so a positive slope weighs it more late, a negative one early",
                             -2.0, 2.0, step=0.5)
                 for w in weights)


# In parameter-vector order (slot i = index i); keep in sync with strategies.features (W_* and DEFAULT_WEIGHTS).
PARAMS: tuple[GreedyParam, ...] = (
    GreedyParam("w_energy", 1.0, "energy-track value of this round's energy: award race, track Credits, bonus tile"),
    GreedyParam("w_build", 1.6, "production potential of structures (systems dam + conduit + own powerhouse), "
                                "powerhouse bonus and ability, conduit income from others"),
    GreedyParam("w_contract", 0.7, "contract rewards, fulfilled now or held in hand (by feasibility)"),
    GreedyParam("w_water", 1.0, "drops captured in own dams and in neutral dams it can use"),
    GreedyParam("w_deny", 0.3, "what opponents gain or lose: conduit payments, drops into their dams, "
                               "a zone's last powerhouse space"),
    GreedyParam("w_credit", 0.42, "VP value of one Credit in round 1"),
    GreedyParam("w_machine", 1.1, "VP value of one Excavator (Mixer x1.1) in round 1"),
    GreedyParam("w_engineer", 0.8, "VP cost of placing one Engineer (the Bank pays one Credit)"),
    GreedyParam("w_bonus", 2.0, "bonus tiles and the objective tile counted by structures, tiles, contracts"),
    GreedyParam("w_income", 1.0, "incomes revealed under the 2nd/4th/5th piece, times the Income phases left"),
    GreedyParam("w_tile", 0.5, "advanced technology tiles: buying and using their effects"),
    GreedyParam("w_lock", 0.65, "share of machinery value lost while it sits on the wheel (rises late)", 0.0, 1.0),
    GreedyParam("w_missing", 0.14, "credit for a production system still missing a piece", 0.0, 1.0),
    GreedyParam("w_econv", 0.6, "VP per energy point of future production (potential)"),
    GreedyParam("w_award", 0.8, "weight of the first/second energy award given the others' energy now"),
    GreedyParam("noise", 0.0, "uniform random jitter added to every score, in VP (diversity)", 0.0, 100.0),
    GreedyParam("w_hand", 1.0, "value of a contract held in hand (taking, keeping, discarding) per unit of its "
                               "feasibility x fulfilment value"),
    GreedyParam("w_estep", 0.0, "share of the next bonus-tile section (6 energy) credited per energy toward it "
                                "this round, while more productions can follow", 0.0, 2.0),
    GreedyParam("w_fsharp", 0.0, "a contract's feasibility counts raised to the power 1 + w_fsharp in its hand "
                                 "value (contracts it can fulfil soon preferred)", 0.0, 4.0),
) + _schedules("w_energy", "w_build", "w_contract", "w_income", "w_bonus", "w_tile") + (
    GreedyParam("w_flow", 0.0, "next round's water in the production potential: the drops this round's Water Flow "
                               "will bring a dam (1) instead of its average inflow (0)", 0.0, 2.0, step=0.5),
) + _schedules("w_award", "w_econv", "w_water", "w_engineer")
PARAM_NAMES: tuple[str, ...] = tuple(p.name for p in PARAMS)
DEFAULTS: tuple[float, ...] = tuple(p.default for p in PARAMS)


@dataclass(frozen=True)
class Persona:
    """A named weight vector of the greedy bot, optionally with other weights for some companies (by_company:
    company name -> its weights, every parameter named; played while that company decides) and its values of
    the setup pairings (pairings: company or officer name -> VP; a pairing is worth the sum of its two)."""

    name: str
    description: str
    overrides: dict[str, float] = field(default_factory=dict)
    by_company: dict[str, dict[str, float]] = field(default_factory=dict)
    pairings: dict[str, float] = field(default_factory=dict)

    def params(self) -> tuple[tuple[str, float], ...]:
        """(name, value) of every parameter, in vector order."""
        for k in self.overrides:
            if k not in PARAM_NAMES:
                raise KeyError(f"persona {self.name!r}: unknown parameter {k!r}; parameters: {', '.join(PARAM_NAMES)}")
        return tuple((p.name, float(self.overrides.get(p.name, p.default))) for p in PARAMS)

    def vector(self, size: int = len(PARAMS)) -> list[float]:
        """The parameter vector (first `size` slots)."""
        return [v for _, v in self.params()][:size]

    def extra_slots(self, first: int = 0) -> list[tuple[int, float]]:
        """(slot, value) past the weights of a parameter vector whose weights start at slot `first`: the
        per-company blocks -- block k (company ids.COMPANY_NAMES[k]) holds that company's weights minus the
        persona's (strategies.feature_layout.load_weights adds it) -- then the pairing values, one slot per company
        and one per officer (strategies.greedy.add_pairing_values); zero entries are left out."""
        from sim.ids import COMPANY_NAMES, OFFICER_NAMES

        names = COMPANY_NAMES + OFFICER_NAMES
        unknown = [k for k in self.pairings if k not in names]
        if unknown:
            raise KeyError(f"persona {self.name!r}: pairing value of unknown company or officer {unknown[0]!r}")
        pairing_block = first + len(PARAMS) * (1 + len(COMPANY_NAMES))
        return self._company_slots(first) + [(pairing_block + names.index(k), v) for k, v in self.pairings.items()
                                             if v != 0.0]

    def _company_slots(self, first: int) -> list[tuple[int, float]]:
        from sim.ids import COMPANY_NAMES

        base = dict(self.params())
        out = []
        for company, weights in self.by_company.items():
            if company not in COMPANY_NAMES:
                raise KeyError(f"persona {self.name!r}: unknown company {company!r}; companies: "
                               f"{', '.join(COMPANY_NAMES)}")
            if set(weights) != set(PARAM_NAMES) - {"noise"}:
                raise KeyError(f"persona {self.name!r}: the weights of {company} must name every parameter but "
                               f"noise ({', '.join(n for n in PARAM_NAMES if n != 'noise')})")
            block = first + len(PARAMS) * (1 + COMPANY_NAMES.index(company))
            out += [(block + i, weights[k] - base[k]) for i, k in enumerate(PARAM_NAMES)
                    if k in weights and weights[k] != base[k]]
        return out


# The hand-made personas differ only in the first 8 slots (they keep their character with an 8-slot vector);
# `tuned` (below) sets every weight.
PERSONAS: tuple[Persona, ...] = (
    Persona("greedy", "balanced greedy heuristic: every move scored by cheap public features, best one played"),
    Persona("builder", "builds systems and company-board incomes first; values machinery, less the energy race",
            {"w_build": 2.2, "w_machine": 1.3, "w_energy": 0.8, "w_contract": 0.55}),
    Persona("producer", "chases energy: the award race, bonus-tile sections and water in its dams",
            {"w_energy": 1.5, "w_water": 1.6, "w_build": 1.4}),
    Persona("contract_hunter", "takes and fulfils contracts; produces to meet their requirements",
            {"w_contract": 1.4, "w_energy": 1.1, "w_build": 1.4}),
    Persona("spoiler", "weighs what its moves give or deny the others: drops, conduits, powerhouse spaces",
            {"w_deny": 1.2, "w_water": 1.2}),
)
TUNED_FILE = Path(__file__).resolve().parent / "data" / "tuned.json"


def tuned_persona(path: Path = TUNED_FILE) -> Persona:
    """The `tuned` persona: the best weights of a `barrage tune` run (its tune.json), described by its league."""
    run = json.loads(Path(path).read_text())
    league = ", ".join(run["settings"]["league"])
    best = run["best"]
    by_company = {c: r["best"]["weights"] for c, r in run.get("by_company", {}).items()}
    own = f"; its own weights for {', '.join(by_company)} (barrage tune --company)" if by_company else ""
    pairings = run.get("pairings", {}).get("values", {})
    if pairings:
        own += "; picks the setup pairing it measured best (scripts/measure_pairings.py)"
    return Persona("tuned", f"greedy weights tuned by CMA-ES (barrage tune, {run['generations']} generations) "
                            f"against {league}; fitness {best['fitness']:.3f}{own}", best["weights"], by_company,
                   pairings)


PERSONAS = PERSONAS + (tuned_persona(),)
PERSONA_BY_NAME: dict[str, Persona] = {p.name: p for p in PERSONAS}


def table() -> list[dict]:
    """The persona table as plain rows: name, numba id, description, parameters (name -> value, vector order)."""
    return [{"name": p.name, "id": STRATEGY_ID, "description": p.description, "params": dict(p.params())}
            for p in PERSONAS]
