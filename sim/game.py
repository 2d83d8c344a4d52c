"""The Python Game API (`sim.Game`): new / legal_moves / play / copy / result / log / replay."""
from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Iterable, NamedTuple

import numpy as np

from sim import ids
from sim import layout as L
from sim.config import GameConfig
from sim.describe import company_label, describe_move
from sim.errors import BarrageError, ConfigError
from sim.event_text import render_log
from sim.events import Event, EventLogger
from sim.rules.engine import BUFFER_SIZE, advance_until, choose, legal_moves, play_move
from sim.rules.hidden import determinize
from sim.rules.scoring import final_ranks
from sim.rules.setup import setup_game
from sim.tables import compile_tables


class IllegalMoveError(BarrageError):
    """A move that is not legal for the pending decision (the state is left unchanged)."""


class Move(NamedTuple):
    """A legal move: its code (what `Game.play` takes) and what it means."""

    code: int
    description: str


@dataclass(frozen=True)
class SeatResult:
    """Final result of one seat."""

    seat: int
    company: str
    officer: str
    vp: int
    rank: int
    win: float
    vp_by_source: dict[str, int]
    energy_by_round: tuple[int, ...]


def _co(c: int) -> int:
    return L.COMPANY_BASE + c * L.CO_SIZE


# Phase boundaries `Game.run_until` can stop at: the automatic step that begins each phase.
PHASE_BOUNDARIES = {"income": ids.TK_START_ROUND, "actions": ids.TK_ACTIONS_START,
                    "water_flow": ids.TK_WATER_PHASE, "check": ids.TK_DUEL_CHECK, "scoring": ids.TK_SCORING,
                    "end_of_round": ids.TK_END_OF_ROUND}   # check: Barrage: Duel only (DUEL-CHECK-01)


def checked_seed(seed: object) -> int:
    """A game seed as an int in 0..ids.MAX_SEED; anything else (negative, too large, a float or bool) is refused."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= int(seed) <= ids.MAX_SEED:
        raise ConfigError(f"seed: {seed!r} is not a game seed; use an integer in 0..{ids.MAX_SEED}")
    return int(seed)


def duel_setup_text(S: np.ndarray, T, info) -> str:
    """The duel map's preparation (location per preparation tile) and, with the duel board, the rows' conditions and
    the reward tiles on the scales (DUEL-PREP-01, DUEL-BOARD-02/03)."""
    names = list(info.dam_ids) + list(info.conduit_ids) + list(info.ph_ids)
    parts = []
    for i, tile in enumerate(ids.PREP_TILE_NAMES):
        loc = int(S[L.DUEL_PREP_LOC + i])
        g = int(T.duel_prep_space[i, loc - 1])
        parts.append(f"{tile} {loc} ({names[g] if g >= 0 else 'removed'})")
    text = "preparation: " + ", ".join(parts)
    if int(T.duel_board[0]):
        conds = [ids.DUEL_COND_NAMES[int(c)] for c in S[L.DUEL_COND:L.DUEL_COND + ids.DUEL_ROWS]]
        width = 2 * L.MAX_SCALE + 1
        tiles = [", ".join(f"{p - L.MAX_SCALE:+d}: " + (f"I{t + 1}" if t < ids.N_DUEL_REWARD_I else "II")
                           for p in range(width) if (t := int(S[L.DUEL_TILE + r * width + p])) >= 0)
                 for r in range(ids.DUEL_ROWS)]
        text += "; duel board rows: " + "; ".join(f"{c} [{t}]" for c, t in zip(conds, tiles))
    return text


class Game:
    """One game of Barrage: a state vector plus the tables of its variant."""

    def __init__(self, config: GameConfig, state: np.ndarray, seed: int | None = None,
                 moves: list[int] | None = None, events: list[Event] | None = None,
                 record_events: bool = False) -> None:
        self.config = config
        self.tables, self.info = compile_tables(config.variant)
        self.state = state
        self.seed = seed
        self.moves: list[int] = list(moves or [])
        self._events: list[Event] = list(events or [])
        automas = tuple(c for c, level in enumerate(config.automa_levels()) if level)
        self._logger = EventLogger(self.tables, self.info, config.players, automas) if record_events else None
        if self._logger is not None:
            self._logger.events = self._events
        self._buf = np.empty(BUFFER_SIZE, dtype=np.int64)
        self._scratch = np.empty(16, dtype=np.int64)
        self._n = 0 if self.is_over or self.stopped_at else int(legal_moves(state, self.tables, self._buf,
                                                                             self._scratch))

    # -- construction ---------------------------------------------------------------------------------
    @classmethod
    def new(cls, config: GameConfig | dict | None = None, seed: int = 0, record_events: bool = True,
            **kw) -> "Game":
        """Sets up a new game (SETUP-*) from a config and a seed; pending forced steps are resolved.
        `record_events` keeps the event log (`events()`, `log`); without it play is faster."""
        if config is None:
            config = GameConfig(**kw)
        elif isinstance(config, dict):
            config = GameConfig.from_dict({**config, **kw})
        fc = np.full(L.MAX_PLAYERS, -1, dtype=np.int64)
        fo = np.full(L.MAX_PLAYERS, -1, dtype=np.int64)
        fc[:config.players] = config.company_ids()
        fo[:config.players] = config.officer_ids()
        return cls.from_setup(config, seed, fc, fo, record_events)

    @classmethod
    def from_setup(cls, config: GameConfig, seed: int, fixed_company: np.ndarray,
                   fixed_officer: np.ndarray, record_events: bool = True) -> "Game":
        """Sets up a game with per-seat company / officer ids (-1 = chosen in the game), as the batch runner does;
        the config's `automa` levels seat the Automas."""
        seed = checked_seed(seed)
        tables, _ = compile_tables(config.variant)
        S = np.zeros(L.STATE_SIZE, dtype=np.int64)
        al = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
        al[:config.players] = config.automa_levels()
        setup_game(S, tables, int(seed), np.asarray(fixed_company, dtype=np.int64),
                   np.asarray(fixed_officer, dtype=np.int64), al)
        g = cls(config, S, seed=int(seed), record_events=record_events)
        text = (f"Game set up with seed {seed}: {config.players} players, map {config.map}"
                f"{', introductory' if config.intro else ''}")
        if "geological" in config.expansions:                     # GEO-03: the layout is part of the setup record
            tokens = [f"{info_zone}: {ids.GEO_TOKEN_NAMES[t]}" for info_zone, t in g.geological_tokens().items()]
            text += "; geological tokens: " + (", ".join(tokens) or "none left on the map")
        if config.map == "duel":                                  # DUEL-PREP-01: the preparation deal is setup
            text += "; " + duel_setup_text(S, g.tables, g.info)
        g.add_note(text, "SETUP-01", seed=int(seed))
        g._advance()
        return g

    def add_note(self, text: str, rule: str, **numbers) -> None:
        """Appends a `setup` event (how the position came about) to the event log."""
        if self._logger is not None:
            self._events.append({"round": self.round, "phase": self.phase, "seat": None, "kind": "setup",
                                 "rule": rule, "text": text, **numbers})

    def _advance(self, stop_kind: int = -1) -> int:
        """Resolves automatic steps and forced decisions (logging them when recording) up to a real choice."""
        if self._logger is not None:
            n = self._logger.advance(self.state, self._buf, self._scratch, stop_kind)
        else:
            n = advance_until(self.state, self.tables, self._buf, self._scratch, stop_kind)
        self._n = max(0, int(n))
        return self._n

    def geological_tokens(self) -> dict[str, int]:
        """Token id per basin ('zone 3') of The Geological Factor (empty without the expansion)."""
        return {f"zone {self.info.zone_numbers[z]}": int(self.state[L.GEO_TOKEN + z])
                for z in range(len(self.info.zone_numbers)) if self.state[L.GEO_TOKEN + z] >= 0}

    @classmethod
    def replay(cls, config: GameConfig | dict, seed: int, moves: Iterable[int], record_events: bool = True) -> "Game":
        """Rebuilds a game from its config, seed and move list."""
        g = cls.new(config, seed, record_events)
        for m in moves:
            g.play(int(m))
        return g

    def copy(self) -> "Game":
        """An independent copy (one state-vector copy)."""
        return Game(self.config, self.state.copy(), self.seed, self.moves, self._events, self._logger is not None)

    def determinized(self, player: int, seed: int) -> "Game":
        """A copy in which every pile order hidden from `player` is re-sampled (HIDDEN-01, for ISMCTS)."""
        g = Game(self.config, self.state.copy(), self.seed, self.moves)
        determinize(g.state, self.tables, int(player), int(seed))
        return g

    # -- queries ----------------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once final scoring is done."""
        return int(self.state[L.G_STACK_N]) == 0

    @property
    def current_player(self) -> int:
        """Seat that must decide now (-1 when the game is over)."""
        if self.is_over:
            return -1
        return int(self.state[L.STACK + (self.state[L.G_STACK_N] - 1) * L.FRAME + 1])

    @property
    def round(self) -> int:
        """Current round (1..5; 0 during setup)."""
        return int(self.state[L.G_ROUND])

    @property
    def phase(self) -> str:
        """Current phase name."""
        return ids.PHASE_NAMES[int(self.state[L.G_PHASE])]

    @property
    def pending(self) -> str:
        """What the pending decision is about."""
        if self.is_over:
            return "game over"
        kind = int(self.state[L.STACK + (self.state[L.G_STACK_N] - 1) * L.FRAME])
        return ids.TASK_NAMES.get(kind, "automatic step")

    @property
    def action_spaces(self) -> list[str]:
        """Ids of the management-board action spaces that exist in this game's variant (BLOCK-01..03: fewer with
        fewer players), e.g. `contract_take1_b_L` only with 4 players."""
        return [sid for i, sid in enumerate(self.info.space_ids) if self.tables.space_exists[i]]

    @property
    def stopped_at(self) -> str | None:
        """The phase boundary `run_until` stopped at (an automatic step is next), else None."""
        if self.is_over:
            return None
        kind = int(self.state[L.STACK + (self.state[L.G_STACK_N] - 1) * L.FRAME])
        if kind < ids.FIRST_AUTO_TASK:
            return None
        return next((name for name, k in PHASE_BOUNDARIES.items() if k == kind), ids.TASK_NAMES.get(kind, "step"))

    def run_until(self, phase: str | None) -> "Game":
        """Resolves automatic steps until `phase` is about to begin, and stops there (a position after Water Flow
        and before Scoring: `run_until("scoring")`); a real decision on the way stops it earlier. Phases (as in
        scenarios): income, actions, water_flow, scoring, end_of_round. `run_until(None)` simply continues."""
        if phase is not None and phase not in PHASE_BOUNDARIES:
            raise ConfigError(f"run_until: unknown phase {phase!r}; valid: {', '.join(PHASE_BOUNDARIES)}")
        self._advance(-1 if phase is None else PHASE_BOUNDARIES[phase])
        return self

    def legal_codes(self) -> np.ndarray:
        """Codes of the legal moves of the pending decision."""
        return self._buf[:self._n].copy()

    def legal_moves(self) -> list[Move]:
        """Legal moves of the pending decision, with descriptions."""
        return [Move(int(m), describe_move(self.state, self.tables, self.info, int(m)))
                for m in self._buf[:self._n]]

    def describe(self, move: int) -> str:
        """Describes a legal move of the pending decision."""
        return describe_move(self.state, self.tables, self.info, int(move))

    # -- playing ----------------------------------------------------------------------------------------
    def play(self, move: int | Move) -> None:
        """Plays a legal move; an illegal one raises IllegalMoveError and changes nothing."""
        code = move.code if isinstance(move, Move) else move
        if isinstance(code, bool) or not isinstance(code, numbers.Integral):
            raise IllegalMoveError(f"move {move!r} is not a move or an integer move code")
        code = int(code)
        if self.is_over:
            raise IllegalMoveError(f"move {code} is illegal: the game is over")
        if self.stopped_at:
            raise IllegalMoveError(f"move {code}: the game is stopped before {self.stopped_at}; call run_until(None) "
                                   "to continue to the next decision")
        if code not in self._buf[:self._n]:
            raise IllegalMoveError(
                f"move {code} is illegal for the pending decision ({self.pending}) of "
                f"{company_label(self.state, self.current_player)}; legal codes: "
                f"{', '.join(str(int(m)) for m in self._buf[:self._n])}")
        if self._logger is None:
            self._n = int(play_move(self.state, self.tables, code, self._buf, self._scratch))
        else:
            t = L.STACK + (int(self.state[L.G_STACK_N]) - 1) * L.FRAME
            frame = tuple(int(x) for x in self.state[t:t + 5])
            text = self.describe(code)
            before = self.state.copy()
            choose(self.state, self.tables, code)
            self._logger.decision(before, self.state, frame, code, text)
            self._advance()
        self.moves.append(code)

    def events(self) -> list[Event]:
        """The event log: every state change of the game as a dict (round, phase, seat, kind, rule, numbers;
        `gain` = the seat's changes), see sim.events. Empty for a game made without `record_events`."""
        return list(self._events)

    @property
    def log(self) -> list[str]:
        """The readable log, one line per event (sim.event_text)."""
        seats = [company_label(self.state, c) for c in range(self.config.players)]
        return render_log(self._events, seats)

    # -- results ----------------------------------------------------------------------------------------
    def result(self) -> list[SeatResult]:
        """Final VP, rank (1 = best), win share (ties split, END-06..08) and VP by source of every seat."""
        if not self.is_over:
            raise BarrageError("the game is not over yet; result() needs a finished game")
        n = self.config.players
        rank = np.zeros(n, dtype=np.int64)
        win = np.zeros(n, dtype=np.float64)
        final_ranks(self.state, self.tables, rank, win)
        out = []
        for c in range(n):
            b = _co(c)
            src = {name: int(self.state[b + L.C_VP_SRC + i]) for i, name in enumerate(ids.VP_SOURCE_NAMES)}
            out.append(SeatResult(
                seat=c, company=ids.COMPANY_NAMES[self.state[b + L.C_COMPANY]],
                officer=ids.OFFICER_NAMES[self.state[b + L.C_OFFICER]], vp=int(self.state[b + L.C_VP]),
                rank=int(rank[c]), win=float(win[c]), vp_by_source=src,
                energy_by_round=tuple(int(x) for x in self.state[b + L.C_ENERGY_HIST:b + L.C_ENERGY_HIST + 5])))
        return out

    def company_state(self, seat: int) -> dict[str, int]:
        """A seat's counters now: vp, credits, energy (this round), engineers, excavators, mixers (in supply) and
        structures built (all types)."""
        if not 0 <= seat < self.config.players:
            raise ValueError(f"seat {seat} is not in this game; seats are 0..{self.config.players - 1}")
        b = _co(seat)
        return {"vp": int(self.state[b + L.C_VP]), "credits": int(self.state[b + L.C_CREDITS]),
                "energy": int(self.state[b + L.C_ENERGY]), "engineers": int(self.state[b + L.C_ENG]),
                "excavators": int(self.state[b + L.C_EXC]), "mixers": int(self.state[b + L.C_MIX]),
                "excamixers": int(self.state[b + L.C_EXCAMIXERS]),
                "structures": int(sum(full - self.state[b + L.C_PIECES + i] for i, full in enumerate((5, 5, 5, 4))))}

    def snapshot(self) -> dict:
        """The position as a scenario document (`sim.scenario.load` rebuilds it exactly)."""
        from sim import scenario  # lazy: sim.scenario builds Games
        return scenario.snapshot(self)

    def log_text(self) -> str:
        """The readable log as one text."""
        return "\n".join(self.log)
