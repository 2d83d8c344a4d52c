"""Scenarios: any game position as plain data (a dict or YAML document), and back.

`load(doc)` builds a `Game` from a scenario document; `snapshot(game)` returns the document of a game's
position in the same schema, such that `load(snapshot(g))` has the identical state vector (RNG and pending
decision stack included) and plays on exactly like `g`. The schema is documented in `docs/scenarios.md`.
Things are named as in the data files: map spaces `B5U` / `C5L` / `P8_0`, headstreams `HA`.., contracts
`G13` / `N3` / `S1`, management spaces `turbine_0_R`, companies, officers, tiles, bonus and objective tiles by
their `sim.ids` names. Every section has a default, so a hand-written rule-test scenario can be short.
Invalid documents raise `ConfigError` with one line naming the key path and what would be right.

Modules: `schema` (names, value checks), `context` (tables and name maps), `frames` (decision-stack frames),
`load` (a document to a game) with its sections `company_sections`, `board_sections`, `turn_sections`, and
`snapshot` (a game to a document).
"""
from sim.scenario.frames import decision
from sim.scenario.load import load
from sim.scenario.schema import TASKS
from sim.scenario.snapshot import dumps, find_move, snapshot

__all__ = ["TASKS", "decision", "dumps", "find_move", "load", "snapshot"]
