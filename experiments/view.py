"""`barrage view`: a played game as the viewer's document -- its readable events and the position after each.

A `RecordingGame` is a Game whose event log (sim.events) also keeps the state after every engine step. Each event
the readable log shows (sim.event_text) is paired with the position after its step and after any silent steps that
follow it, so the position at the event just before a player's decision is exactly the position that decision was
taken in (`Game.replay` of the moves so far). Positions are scenario snapshots (docs/scenarios.md) less the
bookkeeping the board does not show (`HIDDEN_KEYS`), delta-encoded by `reports.viewer.frames`. The static data
(map topology, contracts, incomes, action spaces, Automa cards) comes from `experiments.view_catalog`;
`reports.viewer` renders the document as one HTML file.
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from experiments.play import play_game
from experiments.replay import replay_game
from experiments.view_catalog import catalog, map_topology
from reports.viewer.frames import encode
from sim import ids
from sim import layout as L
from sim.config import GameConfig
from sim.describe import company_label
from sim.event_text import SILENT, render
from sim.events import Event, EventLogger
from sim.game import Game
from strategies.python_bot import PythonStrategy

VIEW_FORMAT = 1
# Snapshot keys the viewer leaves out: the generator, counters, decision stack and residue are bookkeeping.
HIDDEN_KEYS = ("rng", "counters", "stack", "residue")
# Events that begin a turn: a main-action decision (TURN-01), or an Automa's turn (AUTOMA-08/10/71).
MAIN_DECISION = ids.TASK_NAMES[ids.TK_MAIN]
TURN_KINDS = ("automa_turn", "automa_pass", "automa_wu_space")
SCORING_KINDS = ("energy_award", "energy_track", "bonus_tile", "objective", "final_resources", "final_dams",
                 "final_buildings", "duel_markers")
MAP_SPACE = re.compile(r"\b(B\d+[UL]|C\d+[LR]|P\d+_\d+|H[A-E])\b")

Progress = Callable[[int, int], None]


def _unshown_fields() -> np.ndarray:
    """State fields that change no shown position: the stack and counters, the generator, decision counts."""
    mask = np.zeros(L.STATE_SIZE, dtype=bool)
    mask[[L.G_RNG, L.G_STACK_N, L.G_MOVES, L.G_DECISIONS, L.G_AUTOMA_DONE]] = True
    mask[L.STACK:L.STACK + L.STACK_DEPTH * L.FRAME] = True
    mask[[L.COMPANY_BASE + c * L.CO_SIZE + L.C_DECISIONS for c in range(L.MAX_PLAYERS)]] = True
    return mask


UNSHOWN = _unshown_fields()


class StepRecorder(EventLogger):
    """An EventLogger that also keeps, after every step it logs, the number of events so far and the state."""

    def __init__(self, tables, info, players: int, automa_seats: tuple[int, ...]) -> None:
        super().__init__(tables, info, players, automa_seats)
        self.steps: list[tuple[int, np.ndarray]] = []

    def keep(self, state: np.ndarray) -> None:
        """Records the position after the events logged so far."""
        self.steps.append((len(self.events), state.copy()))

    def decision(self, before: np.ndarray, after: np.ndarray, frame: tuple, move: int, text: str,
                 forced: bool = False) -> None:
        """Logs a decision (EventLogger.decision) and keeps the position after it."""
        super().decision(before, after, frame, move, text, forced)
        self.keep(after)

    def auto_step(self, before: np.ndarray, after: np.ndarray, frame: tuple) -> None:
        """Logs an automatic step (EventLogger.auto_step) and keeps the position after it."""
        super().auto_step(before, after, frame)
        self.keep(after)


class RecordingGame(Game):
    """A Game that always records its events and the position after every engine step (`steps`); it takes
    `record_events` only to be built as a Game is (`Game.from_setup`, `Game.new`)."""

    def __init__(self, config: GameConfig, state: np.ndarray, seed: int | None = None,
                 moves: list[int] | None = None, events: list[Event] | None = None,
                 record_events: bool = True) -> None:
        super().__init__(config, state, seed, moves, events, record_events=False)
        automas = tuple(c for c, level in enumerate(config.automa_levels()) if level)
        self._logger = StepRecorder(self.tables, self.info, config.players, automas)
        self._logger.events = self._events

    @property
    def steps(self) -> list[tuple[int, np.ndarray]]:
        """(events logged so far, state) after the setup note and after every engine step, in order."""
        return self._logger.steps

    def add_note(self, text: str, rule: str, **numbers) -> None:
        """Appends a `setup` event (Game.add_note) and keeps the position it describes."""
        super().add_note(text, rule, **numbers)
        self._logger.keep(self.state)


def view_stored_game(results_dir: str | Path, game: int | None = None, seed: int | None = None,
                     setup: str | None = None, progress: Progress | None = None) -> dict:
    """The viewer document of a game of an experiment's results (replayed and checked as `barrage replay` does)."""
    g, stored = replay_game(results_dir, game, seed, setup, game_class=RecordingGame)
    source = {"results": str(results_dir), "game": stored.game, "setup": stored.setup,
              "command": f"barrage view {shlex.quote(str(results_dir))} --game {stored.game}"}
    return view_document(g, stored.strategies, source, progress)


def view_new_game(config: GameConfig, seed: int, strategies: Sequence[str],
                  python_bots: dict[str, PythonStrategy] | None = None, progress: Progress | None = None) -> dict:
    """The viewer document of a new game played with the given per-seat strategy specs (as `barrage play`)."""
    g = play_game(config, seed, list(strategies), python_bots=python_bots, game_class=RecordingGame)
    source = {"seed": seed}
    return view_document(g, list(strategies), source, progress)


def view_document(g: RecordingGame, strategies: list[str], source: dict, progress: Progress | None = None) -> dict:
    """The viewer document of a finished RecordingGame: game facts, seats, map, catalog, events, frames, scores."""
    seats = [company_label(g.state, c) for c in range(g.config.players)]
    logged = g.events()
    shown = [i for i, e in enumerate(logged) if e["kind"] not in SILENT]
    steps = _steps_of(shown, g.steps)
    positions, frame_of_step = _positions(g, sorted(set(steps)), progress)
    topology = map_topology(g)
    events = [_event_entry(logged[i], seats, frame_of_step[s], topology["river"]) for i, s in zip(shown, steps)]
    levels = g.config.automa_levels()
    result = g.result()
    return {
        "format": VIEW_FORMAT,
        "source": source,
        "game": {"seed": g.seed, "players": g.config.players, "config": g.config.to_dict(),
                 "map": g.config.map, "map_fidelity": g.info.map_fidelity,
                 "data_fidelity": [list(x) for x in g.info.data_fidelity]},
        "seats": [{"seat": c, "label": seats[c], "company": r.company, "officer": r.officer,
                   "strategy": strategies[c], "automa": int(levels[c])} for c, r in enumerate(result)],
        "map": topology,
        "catalog": catalog(g),
        "events": events,
        "marks": _marks(events),
        "moves": [k for k, e in enumerate(events) if e["k"] == "move" and not e.get("forced")],
        "pieces": _pieces(positions, g.config.players),
        "frames": encode(positions),
        "result": [{"seat": r.seat, "vp": r.vp, "rank": r.rank, "win": r.win, "vp_by_source": r.vp_by_source}
                   for r in result],
        "round_scores": _round_scores(events, positions, g.config.players),
    }


def _steps_of(shown: list[int], steps: list[tuple[int, np.ndarray]]) -> list[int]:
    """Per shown event, the step whose position the viewer shows with it: the step that logged it, or if the next
    shown event comes from a later step, the last step before that one (silent steps in between fold into it)."""
    ends = [count for count, _ in steps]
    step_of = []
    j = 0
    for i in shown:
        while ends[j] <= i:
            j += 1
        step_of.append(j)
    return [max(s, following - 1) for s, following in zip(step_of, step_of[1:])] + [len(steps) - 1]


def _positions(g: RecordingGame, used: list[int], progress: Progress | None) -> tuple[list[dict], dict[int, int]]:
    """The distinct shown positions of the used steps, in order, and the frame index of each used step."""
    docs: list[dict] = []
    frame_of: dict[int, int] = {}
    previous = None
    levels = g.config.automa_levels()
    seat_level = [L.COMPANY_BASE + c * L.CO_SIZE + L.C_AUTOMA for c in range(g.config.players)]
    for done, s in enumerate(used):
        state = g.steps[s][1]
        if previous is None or np.any((state != previous) & ~UNSHOWN):
            # AUTOMA-66: while the Automa procedure chooses a player's first action the engine marks the player's
            # seat as an Automa, which a scenario refuses (an Automa has no Credits): show the seat as what it is.
            seen = state.copy()
            seen[seat_level] = levels
            doc = _shown(Game(g.config, seen, g.seed).snapshot())
            if not docs or doc != docs[-1]:
                docs.append(doc)
            previous = state
        frame_of[s] = len(docs) - 1
        if progress is not None:
            progress(done + 1, len(used))
    return docs, frame_of


def _shown(snapshot: dict) -> dict:
    """A snapshot less what the viewer does not show (HIDDEN_KEYS, the seats' decision counts)."""
    doc = {k: v for k, v in snapshot.items() if k not in HIDDEN_KEYS}
    doc["companies"] = [{k: v for k, v in c.items() if k != "decisions"} for c in doc["companies"]]
    return doc


def _event_entry(e: Event, seats: list[str], frame: int, river: dict[str, str]) -> dict:
    """One shown event: frame, round, phase, seat, kind, rule, text, the map spaces it names, and per kind what the
    board draws (a drop's nodes from start to the dam that holds it or the exit; an Automa turn's cards)."""
    text = render(e, seats)
    entry = {"f": frame, "r": e["round"], "p": e["phase"], "s": e["seat"], "k": e["kind"], "rule": e["rule"],
             "t": text}
    spaces = list(dict.fromkeys(MAP_SPACE.findall(text)))
    if spaces:
        entry["spaces"] = spaces
    if e["kind"] == "move":
        entry["decision"] = e["decision"]
        if e["forced"]:
            entry["forced"] = True
    elif e["kind"] == "drop":
        nodes = [e["start"], *e["path"]]
        entry["nodes"] = nodes + [e["held_by"] if e["held_by"] else _exit_after(river, nodes[-1])]
    elif e["kind"] == "automa_turn":
        entry.update(card=e["card"], criteria=e["criteria_card"], entries=[x["entry"] for x in e["entries"]],
                     proxy=e["proxy"])
    return entry


def _exit_after(river: dict[str, str], node: str) -> str:
    """The exit a drop leaving the map from `node` reaches (WATER-07)."""
    while node in river:
        node = river[node]
    return node


def _marks(events: list[dict]) -> dict:
    """Event indices where a turn, a phase and a round begin (the viewer's step-by controls)."""
    turns = [k for k, e in enumerate(events)
             if e["k"] in TURN_KINDS or (e["k"] == "move" and e.get("decision") == MAIN_DECISION)]
    phases = [k for k, e in enumerate(events) if k == 0 or (e["p"], e["r"]) != (events[k - 1]["p"], events[k - 1]["r"])]
    rounds = [k for k, e in enumerate(events) if k == 0 or e["r"] != events[k - 1]["r"]]
    return {"turn": turns, "phase": phases, "round": rounds}


def _pieces(positions: list[dict], players: int) -> list[dict]:
    """Per seat, the pieces of its company board (SETUP-20): what is left at its first position with a company."""
    return [next((doc["companies"][c]["structures_left"] for doc in positions
                  if "structures_left" in doc["companies"][c]), {}) for c in range(players)]


def _round_scores(events: list[dict], positions: list[dict], players: int) -> list[dict]:
    """Per round that was scored: the event index of its last scoring event and every seat's VP then (SCORE-01)."""
    last: dict[int, int] = {}
    for k, e in enumerate(events):
        if e["k"] in SCORING_KINDS:
            last[e["r"]] = k
    return [{"round": r, "event": k, "vp": [positions[events[k]["f"]]["companies"][c]["vp"] for c in range(players)]}
            for r, k in sorted(last.items())]
