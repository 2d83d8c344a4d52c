"""The event log (issue #18): every state change the rules make, as data.

The engine itself records nothing (batch play pays nothing for the log). A Game that records events steps the
engine one automatic task or forced decision at a time (`sim.rules.engine.step`, the same function `advance`
loops over) and explains each step from the states before and after it: which step ran is known (the task on
top of the stack), and what it changed is the difference of the two states, so every event's numbers are exact.
A step's changes are split into events by their rule (income per source, Scoring per seat and part, production
arithmetic, each drop's path); what a step changed beyond its detailed events stays on its main event, so the
events of a game add up to its final VP breakdown and energy track by construction.

An event is a dict: round, phase, seat (or None), kind, rule, and its numbers; `gain` holds the seat's changes
(credits, energy, excavators, mixers and VP by source) when there are any. `sim.event_text` renders them.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np

from sim import ids
from sim import layout as L
from sim.describe import describe_move
from sim.rules.automa_deck import action_card, criteria_card, flip
from sim.rules.automa_lwp_promo import architect_second_turn
from sim.rules.automa_turn import best_production, perform_entry
from sim.rules.company import ability_active, company_of, gets_incomes, is_automa
from sim.rules.engine import STEPPED, legal_moves, step
from sim.rules.multi_dam import several_dams
from sim.rules.produce import GERMAN_SECOND, decode, energy_terms
from sim.rules.scoring import bonus_count, objective_count
from sim.tables import TableInfo

Event = dict

# What one seat's `gain` counts: (name, offset in the company block).
GAIN_FIELDS = (("credits", L.C_CREDITS), ("energy", L.C_ENERGY), ("excavators", L.C_EXC), ("mixers", L.C_MIX),
               ("excamixers", L.C_EXCAMIXERS))

# Rule of a decision, whether chosen by a player or forced (a single option).
DECISION_RULE = {
    ids.TK_SETUP_PICK: "SETUP-15", ids.TK_MAIN: "TURN-01", ids.TK_BUILD: "CONSTRUCT-04", ids.TK_PAY: "CONSTRUCT-04",
    ids.TK_PRODUCE: "PRODUCE-11", ids.TK_FULFIL: "CONTRACT-07", ids.TK_DROP: "WATER-16",
    ids.TK_TAKE_CONTRACT: "ACT-CONTRACT-05", ids.TK_DISCARD: "CONTRACT-04", ids.TK_MACHINE: "REWARD-02",
    ids.TK_FREE_PLACE: "CONSTRUCT-21", ids.TK_MAHIRI: "OFFICER-MAHIRI-02", ids.TK_GEO_DROP: "GEO-BASE-EXC-02",
    ids.TK_COLO_BRIDGE: "COLO-BRIDGE-02", ids.TK_COLO_SETTLE_TILE: "DECISION-39",
    ids.TK_COLO_OWN_BRIDGES: "COLO-CONTRACT-02", ids.TK_COLO_SEGMENT: "COLO-STILE-A-01",
}
AUTO_RULE = {
    ids.TK_SETUP_DONE: "SETUP-24", ids.TK_START_ROUND: "ROUND-02", ids.TK_INCOME: "INCOME-01",
    ids.TK_HEADSTREAMS: "INCOME-08", ids.TK_ACTIONS_START: "ROUND-02", ids.TK_TURN: "TURN-01",
    ids.TK_END_TURN: "TURN-11", ids.TK_WATER_PHASE: "WATER-11", ids.TK_SCORING: "SCORE-01",
    ids.TK_END_OF_ROUND: "EOR-01", ids.TK_ROTATE: "WHEEL-04", ids.TK_AFTER_PRODUCTION: "PRODUCE-11",
    ids.TK_CHECK_HAND: "CONTRACT-04", ids.TK_REFILL: "TURN-11", ids.TK_TILE_EFFECT: "TECH-02",
    ids.TK_REWARD_PART: "REWARD-01", ids.TK_AUTOMA_PROXY_END: "AUTOMA-66",
    ids.TK_DUEL_CHECK: "DUEL-CHECK-02", ids.TK_DUEL_REWARD: "DUEL-CHECK-05",
    ids.TK_ARCHITECT_TURN: "OFFICER-TOMMASO-01", ids.TK_COLO_PART: "REWARD-01",
    ids.TK_COLO_END_BRIDGED_ELEV: "COLO-EXT-03",
}
AUTO_KIND = {
    ids.TK_SETUP_DONE: "setup_done", ids.TK_START_ROUND: "round_start", ids.TK_ACTIONS_START: "actions_start",
    ids.TK_TURN: "turn", ids.TK_END_TURN: "end_turn", ids.TK_ROTATE: "wheel_rotation",
    ids.TK_AFTER_PRODUCTION: "after_production", ids.TK_CHECK_HAND: "hand_limit", ids.TK_REFILL: "display_refill",
    ids.TK_TILE_EFFECT: "tile_effect", ids.TK_REWARD_PART: "reward_part", ids.TK_AUTOMA_PROXY_END: "automa_proxy_end",
    ids.TK_ARCHITECT_TURN: "architect_turn",
}
INCOME_ROWS = ("base", "elevation", "conduit")


def _co(c: int) -> int:
    return L.COMPANY_BASE + c * L.CO_SIZE


def seat_changes(before: np.ndarray, after: np.ndarray, c: int) -> dict:
    """Seat c's changes from `before` to `after`: credits, energy, excavators, mixers, VP by source (non-zero only)."""
    b = _co(c)
    out: dict = {}
    for name, f in GAIN_FIELDS:
        d = int(after[b + f] - before[b + f])
        if d:
            out[name] = d
    vp = {src: int(after[b + L.C_VP_SRC + i] - before[b + L.C_VP_SRC + i])
          for i, src in enumerate(ids.VP_SOURCE_NAMES)}
    vp = {k: v for k, v in vp.items() if v}
    if vp:
        out["vp"] = vp
    return out


def _add(total: dict, gain: dict, sign: int = 1) -> None:
    for k, v in gain.items():
        if k == "vp":
            t = total.setdefault("vp", {})
            for s, x in v.items():
                t[s] = t.get(s, 0) + sign * x
        else:
            total[k] = total.get(k, 0) + sign * v


def _clean(gain: dict) -> dict:
    out = {k: v for k, v in gain.items() if k != "vp" and v}
    vp = {s: x for s, x in gain.get("vp", {}).items() if x}
    if vp:
        out["vp"] = vp
    return out


def credits_gain(S: np.ndarray, c: int, amount: int, source: str) -> dict:
    """A Credits change as the rules book it: Credits for a player, VP for an Automa (AUTOMA-04/05)."""
    if amount == 0:
        return {}
    return {"vp": {source: amount}} if is_automa(S, c) else {"credits": amount}


class StepContext:
    """One engine step: the task that ran, the states around it, and the events it produced."""

    def __init__(self, logger: "EventLogger", before: np.ndarray, after: np.ndarray, frame: tuple) -> None:
        self.log = logger
        self.before = before
        self.after = after
        self.kind, self.seat, self.a0, self.a1, self.a2 = frame
        self.events: list[Event] = []

    def event(self, kind: str, rule: str, seat: int | None = None, gain: dict | None = None, **numbers) -> Event:
        """Appends an event of this step (round and phase as after the step)."""
        e: Event = {"round": int(self.after[L.G_ROUND]), "phase": ids.PHASE_NAMES[int(self.after[L.G_PHASE])],
                    "seat": seat, "kind": kind, "rule": rule}
        e.update(numbers)
        if gain:
            e["gain"] = _clean(gain)
        self.events.append(e)
        return e

    def settle(self, main: Event | None) -> None:
        """Puts what the step changed beyond its detailed events on its main event, or on a residual event of the
        seat (a conduit fee paid to it, or the step's own kind), so that the events add up to the state exactly."""
        for c in range(self.log.players):
            rest = seat_changes(self.before, self.after, c)
            for e in self.events:
                if e["seat"] == c and "gain" in e:
                    _add(rest, e["gain"], -1)
            rest = _clean(rest)
            if not rest:
                continue
            if main is not None and main["seat"] == c:
                total = dict(main.get("gain", {}))
                _add(total, rest)
                main["gain"] = _clean(total)
            elif set(rest.get("vp", {})) == {"conduits"} and set(rest) <= {"vp", "credits"}:
                self.event("conduit_payment", "PRODUCE-05", c, rest, payer=self.seat, conduit=None,
                           credits=rest.get("credits", rest["vp"]["conduits"]))
            elif main is None and c == self.seat:
                self.event(AUTO_KIND.get(self.kind, "change"), AUTO_RULE.get(self.kind, "ROUND-02"), c, rest)
            else:
                self.event("change", main["rule"] if main else AUTO_RULE.get(self.kind, "ROUND-02"), c, rest)


class EventLogger:
    """Steps a game's engine one state change at a time and turns each step into events."""

    def __init__(self, tables, info: TableInfo, players: int, automa_seats: tuple[int, ...]) -> None:
        self.T = tables
        self.info = info
        self.players = players
        self.automa_seats = automa_seats
        self.events: list[Event] = []

    # -- driving the engine -----------------------------------------------------------------------------
    def advance(self, S: np.ndarray, out: np.ndarray, scratch: np.ndarray, stop_kind: int = -1,
                stop_before_forced: bool = False) -> int:
        """`sim.rules.engine.advance_until`, logging every step; returns what it returns."""
        while True:
            t = L.STACK + (int(S[L.G_STACK_N]) - 1) * L.FRAME
            if S[L.G_STACK_N] == 0:
                return 0
            frame = tuple(int(x) for x in S[t:t + 5])
            forced = None
            if frame[0] < ids.FIRST_AUTO_TASK and not is_automa(S, frame[1]) and frame[0] != stop_kind:
                if legal_moves(S, self.T, out, scratch) == 1:
                    forced = int(out[0])
            before = S.copy()
            text = describe_move(S, self.T, self.info, forced) if forced is not None else ""
            r = int(step(S, self.T, out, scratch, stop_kind, stop_before_forced))
            if r != STEPPED:
                return r
            if forced is not None:
                self.decision(before, S, frame, forced, text, forced=True)
            else:
                self.auto_step(before, S, frame)

    def decision(self, before: np.ndarray, after: np.ndarray, frame: tuple, move: int, text: str,
                 forced: bool = False) -> None:
        """Logs a decision applied to `before` (a player's choice, or a forced single option)."""
        x = StepContext(self, before, after, frame)
        kind, c = x.kind, x.seat
        main = x.event("move", DECISION_RULE.get(kind, "TURN-01"), c, move=move, text=text, forced=forced,
                       decision=ids.TASK_NAMES.get(kind, "decision"))
        if kind == ids.TK_PRODUCE and move != ids.MV_SKIP and not several_dams(before, c, x.a1):
            self._production(x, c, move, x.a0, x.a1)
        elif kind == ids.TK_FULFIL and move != ids.MV_NONE:
            self._contract(x, c, move)
        elif kind == ids.TK_DROP and move < ids.MV_DROP_INTO_DAM and (x.a1 == 1 or move >= ids.MV_DROP_NOW):
            rule = "WATER-09" if move < ids.MV_DROP_NOW else "OFFICER-AMIR-01"   # Amir: a delayed drop flows now
            self._flows(x, [self._head_node(move % ids.MV_DROP_NOW)], rule, c)
        x.settle(main)
        self.events.extend(x.events)

    # -- automatic steps --------------------------------------------------------------------------------
    def auto_step(self, before: np.ndarray, after: np.ndarray, frame: tuple) -> None:
        """Logs one automatic task, an Automa's resolved decision or a decision dropped without options."""
        x = StepContext(self, before, after, frame)
        kind, c = x.kind, x.seat
        main = None
        if kind < ids.FIRST_AUTO_TASK:
            if is_automa(before, c):
                main = self._automa(x)
            else:                                                      # REWARD-15
                main = x.event("decision_dropped", "REWARD-15", c, decision=ids.TASK_NAMES.get(kind, "decision"))
        elif kind == ids.TK_INCOME:
            self._income(x, c)
        elif kind == ids.TK_HEADSTREAMS:
            for h in range(int(self.T.n_head[0])):
                k = int(after[L.HEAD_DROPS + h] - before[L.HEAD_DROPS + h])
                if k:
                    x.event("headstream", "INCOME-08", None, headstream=self.info.headstream_ids[h], drops=k)
        elif kind == ids.TK_WATER_PHASE:
            starts = []
            for h in range(int(self.T.n_head[0])):
                starts += [self._head_node(h)] * int(before[L.HEAD_DROPS + h])
            self._flows(x, starts, "WATER-11", None)
        elif kind == ids.TK_SCORING:
            self._scoring(x)
        elif kind == ids.TK_END_OF_ROUND:
            main = self._end_of_round(x)
        elif kind == ids.TK_START_ROUND:
            main = x.event("round_start", "ROUND-02", None, turn_order=self._turn_order(after))
        elif kind == ids.TK_REFILL or kind == ids.TK_END_TURN:
            drawn = [self.info.contract_ids[int(after[L.DISPLAY + i])] for i in range(6)
                     if after[L.DISPLAY + i] >= 0 and after[L.DISPLAY + i] != before[L.DISPLAY + i]]
            if drawn:
                main = x.event("display_refill", "TURN-11", None, contracts=drawn)
        elif kind == ids.TK_AFTER_PRODUCTION:
            if after[_co(c) + L.C_ENERGY] != before[_co(c) + L.C_ENERGY]:
                main = x.event("company_ability", "COMPANY-ITA-01", c)
        elif kind == ids.TK_ROTATE:
            main = x.event("wheel_rotation", "WHEEL-04", c, steps=x.a0)
        elif kind == ids.TK_TILE_EFFECT and _changed(before, after):
            main = x.event("tile_effect", "TECH-02", c, tile=ids.TILE_NAMES[x.a0] if 0 <= x.a0 < ids.N_TILES else x.a0)
        elif kind == ids.TK_REWARD_PART and x.a0 == ids.RK_ENERGY_PRODUCED:
            main = x.event("reward_energy", "REWARD-06", c, energy=x.a1)
        elif kind == ids.TK_SETUP_DONE:
            main = x.event("setup_done", "SETUP-24", None, turn_order=self._turn_order(after))
        elif kind == ids.TK_DUEL_CHECK:
            main = self._duel_check(x)
        elif kind == ids.TK_DUEL_REWARD:
            main = x.event("duel_reward", "DUEL-CHECK-05", c,
                           tile=f"I{x.a0 + 1}" if x.a0 < ids.N_DUEL_REWARD_I else "II")
        x.settle(main)
        self.events.extend(x.events)

    # -- the parts ----------------------------------------------------------------------------------------
    def _duel_check(self, x: StepContext) -> Event:
        """DUEL-CHECK-03: a row's counts (before its rewards, from the state the check read) and the marker move."""
        from sim.rules.duel import condition_count

        row, before, after = x.a0, x.before, x.after
        cond = int(before[L.DUEL_COND + row])
        counts = [int(condition_count(before, self.T, c, cond)) for c in range(self.players)]
        return x.event("duel_check", "DUEL-CHECK-03", None, row=row + 1, condition=ids.DUEL_COND_NAMES[cond],
                       counts=counts, before=int(before[L.DUEL_MARKER + row]), after=int(after[L.DUEL_MARKER + row]))

    def _turn_order(self, S: np.ndarray) -> list[int]:
        return [int(S[L.G_TURN_ORDER + p]) for p in range(self.players)]

    def _head_node(self, h: int) -> int:
        return int(self.T.n_dams[0] + self.T.n_zones[0] + h)

    def _node_name(self, node: int) -> str:
        nd, nz = int(self.T.n_dams[0]), int(self.T.n_zones[0])
        if node < nd:
            return self.info.dam_ids[node]
        if node < nd + nz:
            return f"site {self.info.zone_numbers[node - nd]}"
        return self.info.headstream_ids[node - nd - nz]

    def _flows(self, x: StepContext, starts: list[int], rule: str, seat: int | None, source_dam: int = -1,
               taken: int = 0) -> None:
        """One `drop` event per drop that flowed from `starts` (in flow order): its path and the dam that held it or
        its exit (WATER-04..07). Dams fill monotonically while drops flow, so a drop stops at the first dam on its
        path that is still to receive a drop this step: the states' difference gives each path exactly."""
        T, S, nd = self.T, x.before, int(self.T.n_dams[0])
        left = {d: int(x.after[L.DAM_DROPS + d] - S[L.DAM_DROPS + d]) for d in range(nd)}
        if source_dam >= 0:
            left[source_dam] += taken
        usa = self._usa_sites(S)
        for start in starts:
            path = []
            sites = []
            node = start
            held = None
            while True:
                node = int(T.river_next[node])
                if node < 0:
                    break
                if node < nd and left[node] > 0:
                    left[node] -= 1
                    held = node
                    break
                path.append(self._node_name(node))
                if node - nd in usa:
                    sites.append(node - nd)
            x.event("drop", rule, seat, start=self._node_name(start), path=path,
                    held_by=self.info.dam_ids[held] if held is not None else None, left_map=held is None)
            for z in sites:                                              # COMPANY-USA-01, DECISION-13
                x.event("usa_site_energy", "COMPANY-USA-01", usa[z],
                        {"energy": int(T.ability[ids.AV_USA_ENERGY_PER_DROP])},
                        site=self._node_name(nd + z))
            owner = int(S[L.DAM_OWNER + held]) if held is not None else -1
            if (0 <= owner < L.MAX_PLAYERS and S[L.GEO_TOKEN + T.dam_zone[held]] == ids.GEO_BASE_CR
                    and not is_automa(S, owner)):                          # GEO-BASE-CR-02, GEO-10
                x.event("geological_credit", "GEO-BASE-CR-02", owner, {"credits": 1}, dam=self.info.dam_ids[held])

    def _usa_sites(self, S: np.ndarray) -> dict[int, int]:
        """Zone -> seat for every site where an entering drop gives an active USA energy (COMPANY-USA-01)."""
        out = {}
        T = self.T
        for c in range(self.players):
            if company_of(S, c) == ids.USA and ability_active(S, T, c):
                for p in range(int(T.n_ph[0])):
                    if S[L.PH_OWNER + p] == c:
                        out[int(T.ph_zone[p])] = c
        return out

    def _production(self, x: StepContext, c: int, move: int, modifier: int, flags: int) -> Event:
        """PRODUCE-06 arithmetic term by term, the drops' paths (PRODUCE-12) and the conduit payment (PRODUCE-05)."""
        T, S = self.T, x.before
        d, cond, ph, k = (int(v) for v in decode(move))
        value, base, viktor, mod, bonus, geo = (int(v) for v in energy_terms(
            S, T, c, cond, ph, k, modifier, (flags & GERMAN_SECOND) != 0))
        energy = base + viktor + mod + bonus + geo
        owner = int(S[L.COND_OWNER + cond])
        paid = k if owner != c else 0
        gain = {"energy": energy}
        _add(gain, credits_gain(S, c, -paid, "conduits"))
        e = x.event("production", "PRODUCE-06", c, gain, dam=self.info.dam_ids[d], conduit=self.info.conduit_ids[cond],
                    powerhouse=self.info.ph_ids[ph], drops=k, value=value, base=base, viktor_minimum=viktor,
                    modifier=mod, company_bonus=bonus, geological_bonus=geo, energy=energy,
                    conduit_owner=owner, paid=paid, german_second=bool(flags & GERMAN_SECOND))
        if paid:
            owner_gain = credits_gain(S, owner, paid, "conduits")
            _add(owner_gain, {"vp": {"conduits": paid}})
            x.event("conduit_payment", "PRODUCE-05", owner, owner_gain, payer=c, conduit=self.info.conduit_ids[cond],
                    credits=paid)
        start = int(T.n_dams[0] + T.ph_zone[ph])
        self._flows(x, [start] * k, "PRODUCE-12", c, d, k)
        return e

    def _contract(self, x: StepContext, c: int, k: int) -> Event:
        """CONTRACT-08: the fulfilled contract and the resource parts of its reward (REWARD-01)."""
        return x.event("contract", "CONTRACT-08", c, self._reward_gain(x.before, c, k, "contracts"),
                       contract=self.info.contract_ids[k], requirement=int(self.T.contract_req[k]),
                       reward=self._reward_parts(k))

    def _reward_parts(self, rid: int) -> dict:
        r = self.T.rewards[rid]
        return {ids.REWARD_KEYS[i]: int(r[i]) for i in range(ids.N_REWARD_KEYS) if r[i]}

    def _reward_gain(self, S: np.ndarray, c: int, rid: int, source: str) -> dict:
        """The resource gains of reward rid (sim.rules.rewards.gain_resources), as the seat books them."""
        r = self.T.rewards[rid]
        gain = credits_gain(S, c, int(r[ids.RK_CREDITS]), source)
        _add(gain, {"excavators": int(r[ids.RK_EXC]), "mixers": int(r[ids.RK_MIX]), "energy": int(r[ids.RK_ENERGY]),
                    "vp": {source: int(r[ids.RK_VP])}})
        return _clean(gain)

    def _income(self, x: StepContext, c: int) -> None:
        """INCOME-01/03/04: one event per revealed income (row, position), with its resource gains."""
        S, T = x.before, self.T
        if not gets_incomes(S, c):
            return
        comp = int(company_of(S, c))
        for row in range(3):
            placed = 5 - int(S[_co(c) + L.C_PIECES + row])
            for i in range(3):
                if placed >= T.income_at[i]:
                    rid = int(T.income_reward[comp, row, i])
                    x.event("income", "INCOME-01", c, self._reward_gain(S, c, rid, "incomes"),
                            row=INCOME_ROWS[row], piece=int(T.income_at[i]), reward=self._reward_parts(rid))

    def _scoring(self, x: StepContext) -> None:
        """SCORE-01 per seat: award (SCORE-02..04), track Credits and malus (SCORE-05/06), bonus tile (BONUS-02/03);
        after round 5 the end of game (END-01..05)."""
        S, A, T = x.before, x.after, self.T
        r = int(S[L.G_ROUND])
        tile = int(S[L.G_BONUS + r - 1])
        for c in range(self.players):
            b = _co(c)
            vp = {s: int(A[b + L.C_VP_SRC + i] - S[b + L.C_VP_SRC + i]) for i, s in enumerate(ids.VP_SOURCE_NAMES)}
            energy = int(S[b + L.C_ENERGY])
            x.event("energy_award", "SCORE-02", c, {"vp": {"energy_award": vp["energy_award"]}}, energy=energy,
                    vp=vp["energy_award"])
            band = int(T.credits_by_energy[min(energy, 30)])
            malus = int(T.zero_energy_vp[0]) if energy == 0 else 0
            gain = credits_gain(S, c, band, "energy_track")
            _add(gain, {"vp": {"energy_track": malus}})
            x.event("energy_track", "SCORE-05", c, gain, energy=energy, credits=band, malus=malus)
            behind = max(0, r - energy // int(T.section_size[0]))
            x.event("bonus_tile", "BONUS-02", c, {"vp": {"bonus_tiles": vp["bonus_tiles"]}}, tile=ids.BONUS_NAMES[tile],
                    count=int(bonus_count(S, T, c, tile)), vp_per_unit=int(T.bonus_vp[tile]), sections_behind=behind,
                    malus=int(T.section_malus[0]) * behind, below_threshold=energy < int(T.bonus_threshold[0]),
                    vp=vp["bonus_tiles"])
            if vp["objective"] or vp["resources"] or vp["dams"] or vp["buildings"] or A[L.G_PHASE] == ids.PH_OVER:
                obj = int(S[L.G_OBJECTIVE])
                x.event("objective", "END-02", c, {"vp": {"objective": vp["objective"]}},
                        objective=ids.OBJECTIVE_NAMES[obj], count=int(objective_count(S, T, c, obj)),
                        vp=vp["objective"])
                items = int(A[b + L.C_CREDITS] + A[b + L.C_EXC] + A[b + L.C_MIX] + A[b + L.C_EXCAMIXERS])
                x.event("final_resources", "END-04", c, {"vp": {"resources": vp["resources"]}}, items=items,
                        vp=vp["resources"])
                x.event("final_dams", "END-05", c, {"vp": {"dams": vp["dams"]}}, drops=vp["dams"], vp=vp["dams"])
                if vp["duel"]:                                                   # DUEL-END-01
                    x.event("duel_markers", "DUEL-END-01", c, {"vp": {"duel": vp["duel"]}}, vp=vp["duel"],
                            markers=[int(p) for p in A[L.DUEL_MARKER:L.DUEL_MARKER + ids.DUEL_ROWS]])
                if vp["buildings"]:                                          # END-01 (3), LWP-BUILD-08
                    x.event("final_buildings", "LWP-BUILD-08", c, {"vp": {"buildings": vp["buildings"]}},
                            vp=vp["buildings"])

    def _automa_entries(self, x: StepContext, performed: list[int]) -> None:
        """AUTOMA-10: the turn's performed entries one by one, each with its own gains (and a production's
        arithmetic, AUTOMA-13/14), by performing them again on a copy of the position before the turn: an entry
        the Automa skipped changed nothing, so the performed ones in order rebuild the turn exactly."""
        c, T = x.seat, self.T
        S = x.before.copy()
        flip(S)                                                           # AUTOMA-02
        card, crit = int(action_card(S)), int(criteria_card(S))
        for i in performed:
            entry = T.automa_entry[card, i]
            pre = S.copy()
            move = int(best_production(pre, T, c, entry[2], False, -1)[0]) if entry[0] == ids.AD_PRODUCE else -1
            perform_entry(S, T, c, entry, crit)
            sub = StepContext(self, pre, S, (x.kind, c, x.a0, x.a1, x.a2))
            if move >= 0 and _single_source(move):
                self._production(sub, c, move, int(entry[2]), 0)
            for k in range(L.N_CONTRACTS):                                # AUTOMA-14: the contract it fulfilled
                if S[L.CON_STATE + k] == ids.CS_FULFILLED and pre[L.CON_STATE + k] != ids.CS_FULFILLED:
                    self._contract(sub, c, k)
            main = sub.event("automa_entry", AUTOMA_ENTRY_RULE[int(entry[0])], c, entry=i + 1,
                             action=ids.AUTOMA_DO_NAMES[int(entry[0])], engineers=int(entry[1]))
            sub.settle(main)
            x.events.extend(sub.events)
        if performed and ids.AUTOMA_ENDING[int(T.automa_entry[card, performed[-1]][0])]:
            architect_second_turn(S, c, int(T.automa_entry[card, performed[-1]][1]))   # AUTOMA-68 (Tommaso)
        if _changed(S, x.after):
            raise AssertionError(f"event log: the Automa turn of seat {c} in round {int(x.after[L.G_ROUND])} does not "
                                 "rebuild from its performed entries")

    def _end_of_round(self, x: StepContext) -> Event:
        """EOR-01..04 and TURN-ORDER-01/02: the new turn order, energy back to 0, the Patent Office refreshed."""
        S, A = x.before, x.after
        for c in range(self.players):
            e = int(S[_co(c) + L.C_ENERGY])
            if e:
                x.event("energy_reset", "EOR-01", c, {"energy": -e})
        patent = [ids.TILE_NAMES[int(A[L.PATENT + i])] for i in range(3) if A[L.PATENT + i] >= 0]
        return x.event("end_of_round", "TURN-ORDER-01", None, turn_order=self._turn_order(A), patent_office=patent)

    def _automa(self, x: StepContext) -> Event:
        """An Automa seat's decision resolved by the Automa rules; for its turn (AUTOMA-02/10/11) the action card,
        the criteria card and each entry it performed."""
        c, S, A = x.seat, x.before, x.after
        proxy = c not in self.automa_seats                              # AUTOMA-66: a player's first action
        if x.kind == ids.TK_PRODUCE:                                     # an extra production (level 3 effects)
            move, energy = (int(v) for v in best_production(S, self.T, c, x.a0, (x.a1 & GERMAN_SECOND) != 0, x.a2))
            if energy >= 1 and _single_source(move):
                self._production(x, c, move, x.a0, x.a1)
        if x.kind != ids.TK_MAIN:
            return x.event("automa_decision", "AUTOMA-24", c, decision=ids.TASK_NAMES.get(x.kind, "decision"),
                           proxy=proxy)
        if A[L.G_PASSED + c] and not S[L.G_PASSED + c] and A[L.AUTOMA_POS] == S[L.AUTOMA_POS] \
                and A[L.AUTOMA_DECK] == S[L.AUTOMA_DECK]:
            return x.event("automa_pass", "AUTOMA-08", c, proxy=proxy)
        if A[_co(c) + L.C_WU_ENG] and not S[_co(c) + L.C_WU_ENG]:       # AUTOMA-71 (Wu): his space, no card
            for k in range(L.N_CONTRACTS):
                if A[L.CON_STATE + k] == ids.CS_FULFILLED and S[L.CON_STATE + k] != ids.CS_FULFILLED:
                    self._contract(x, c, k)
            return x.event("automa_wu_space", "AUTOMA-71", c, proxy=proxy)
        card = int(action_card(A))
        done = int(A[L.G_AUTOMA_DONE])
        entries = []
        for i in range(int(self.T.automa_n_entries[card])):
            if done >> i & 1:
                do, eng, a, b, cc, vp = (int(v) for v in self.T.automa_entry[card, i])
                entries.append({"entry": i + 1, "action": ids.AUTOMA_DO_NAMES[do], "engineers": eng,
                                "params": [a, b, cc], "vp_cost": vp})
        built = _built(S, A, self.info, self.T, c)
        spaces = [self.info.space_ids[s] for s in range(L.N_SPACES)
                  if A[L.SPACE_OCC + s] == c and S[L.SPACE_OCC + s] != c]
        turn = x.event("automa_turn", "AUTOMA-10", c, card=card + 1, criteria_card=int(criteria_card(A)) + 1,
                       entries=entries, built=built, spaces=spaces, passed=bool(A[L.G_PASSED + c]), proxy=proxy)
        self._automa_entries(x, [e["entry"] - 1 for e in entries])
        return turn


_BOOKKEEPING = np.zeros(L.STATE_SIZE, dtype=bool)
_BOOKKEEPING[[L.G_STACK_N, L.G_MOVES, L.G_DECISIONS, L.G_AUTOMA_DONE]] = True
_BOOKKEEPING[L.STACK:L.STACK + L.STACK_DEPTH * L.FRAME] = True


def _single_source(move: int) -> bool:
    """Whether an Automa production move names its one dam and drops (an Octavius Automa's production from all its
    sources, AUTOMA-71, is logged by its gains only)."""
    return int(decode(move)[3]) > 0


def _changed(before: np.ndarray, after: np.ndarray) -> bool:
    """Whether a step changed the position (not just the decision stack and the counters)."""
    return bool(np.any((before != after) & ~_BOOKKEEPING))


AUTOMA_ENTRY_RULE = ("AUTOMA-13", "AUTOMA-15", "AUTOMA-16", "AUTOMA-18", "AUTOMA-19", "AUTOMA-20", "AUTOMA-17",
                     "AUTOMA-21", "AUTOMA-22")   # by action kind, ids.AUTOMA_DO_NAMES order


def _built(S: np.ndarray, A: np.ndarray, info: TableInfo, T, c: int) -> list[str]:
    """Structures seat c placed between two states ('Base on B5U')."""
    out = []
    for d, name in enumerate(info.dam_ids):
        if A[L.DAM_OWNER + d] == c and A[L.DAM_LEVEL + d] != S[L.DAM_LEVEL + d]:
            out.append(f"{'Base' if S[L.DAM_OWNER + d] != c else 'Elevation'} on {name}")
    for k, name in enumerate(info.conduit_ids):
        if A[L.COND_OWNER + k] == c and S[L.COND_OWNER + k] != c:
            out.append(f"Conduit on {name}")
    for k, name in enumerate(info.ph_ids):
        if A[L.PH_OWNER + k] == c and S[L.PH_OWNER + k] != c:
            out.append(f"Powerhouse on {name}")
    return out


def totals(events: list[Event], players: int) -> list[dict]:
    """Every seat's summed gains over the events (VP by source, energy, credits, ...)."""
    out = [dict() for _ in range(players)]
    for e in events:
        if e.get("seat") is not None and "gain" in e and 0 <= e["seat"] < players:
            _add(out[e["seat"]], e["gain"])
    return [_clean(t) for t in out]


def energy_by_round(events: list[Event], players: int) -> list[list[int]]:
    """Every seat's energy per round summed over the events (the End-of-Round reset left out)."""
    out = [[0] * 5 for _ in range(players)]
    for e in events:
        if e.get("seat") is not None and e["kind"] != "energy_reset" and "energy" in e.get("gain", {}):
            out[e["seat"]][e["round"] - 1] += e["gain"]["energy"]
    return out


def write_jsonl(path: str | Path, events: list[Event]) -> None:
    """Writes events one JSON object per line, atomically: a failure (a full disk) leaves no truncated file."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            for e in events:
                f.write(json.dumps(e) + "\n")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
