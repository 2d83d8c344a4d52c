"""The readable game log, rendered from the events (sim.events): one line per event, `R<round> <who>: what [rule]`."""
from __future__ import annotations

from sim.events import Event

# Steps that change nothing a reader follows (whose turn it is shows on the next line).
SILENT = {"turn", "actions_start", "end_turn", "automa_proxy_end", "after_production"}


def gain_text(gain: dict) -> str:
    """'+3 Credits, +2 energy, -1 Mixer, +6 VP (energy_award)'."""
    parts = []
    for key, unit in (("credits", "Credits"), ("energy", "energy"), ("excavators", "Excavators"),
                      ("mixers", "Mixers")):
        v = gain.get(key, 0)
        if v:
            parts.append(f"{v:+d} {unit}")
    for src, v in gain.get("vp", {}).items():
        parts.append(f"{v:+d} VP ({src})")
    return ", ".join(parts)


def _who(seat: int, seats: list[str]) -> str:
    return seats[seat] if 0 <= seat < len(seats) else f"seat {seat}"


def _order(order: list[int], seats: list[str]) -> str:
    return ", ".join(_who(c, seats) for c in order)


def _production(e: Event, seats: list[str]) -> str:
    product = f"{e['drops']} drop{'s' if e['drops'] != 1 else ''} x {e['value']}"
    modifiers = [f"{e[key]:+d} {what}" for key, what in (
        ("viktor_minimum", "Viktor's minimum"), ("modifier", "action"), ("company_bonus", "company bonus"),
        ("geological_bonus", "geological token")) if e[key]]
    arithmetic = f"{product} = {e['base']}, {', '.join(modifiers)}" if modifiers else product
    paid = f"; pays {e['paid']} for the conduit to {_who(e['conduit_owner'], seats)}" if e["paid"] else ""
    second = " (Germany's second production)" if e["german_second"] else ""
    return (f"production{second} {e['dam']} -> {e['conduit']} -> {e['powerhouse']}: {arithmetic} "
            f"= {e['energy']} energy{paid}")


def _drop(e: Event) -> str:
    via = f" via {', '.join(e['path'])}" if e["path"] else ""
    end = "leaves the map" if e["left_map"] else f"held by {e['held_by']}"
    return f"drop from {e['start']}{via}: {end}"


def _automa_turn(e: Event) -> str:
    done = "; ".join(f"entry {x['entry']} {x['action']} ({x['engineers']} Engineers)" for x in e["entries"])
    what = [f"card {e['card']} (criteria card {e['criteria_card']})", f"performs {done or 'nothing'}"]
    if e["built"]:
        what.append("builds " + ", ".join(e["built"]))
    if e["spaces"]:
        what.append("Engineers on " + ", ".join(e["spaces"]))
    if e["passed"]:
        what.append("passes")
    text = "; ".join(what)
    if e["proxy"]:
        return f"first action of the round chosen by the Automa procedure (Mahiri, AUTOMA-66): {text}"
    return f"Automa turn: {text}"


# Kinds whose line is a plain template of the event's numbers (str.format over the event).
_TEMPLATES = {
    "contract": "fulfils contract {contract} (needs {requirement})",
    "income": "income of the {row} row (piece {piece})",
    "energy_award": "energy {energy}: award {vp} VP",
    "objective": "objective {objective}: count {count}, {vp} VP",
    "final_resources": "{items} Credits and machineries: {vp} VP",
    "final_dams": "{drops} drops in own dams: {vp} VP",
    "final_buildings": "activated buildings: {vp} VP",
    "energy_reset": "energy marker back to 0",
    "automa_entry": "Automa entry {entry}: {action} ({engineers} Engineers)",
    "automa_pass": "Automa passes (no Engineers)",
    "automa_decision": "Automa rules resolve: {decision}",
    "decision_dropped": "no option for: {decision}",
    "wheel_rotation": "wheel rotates {steps}",
    "tile_effect": "tile effect of {tile}",
    "reward_energy": "energy produced by a reward: {energy}",
    "company_ability": "company ability after a production",
    "duel_check": "Check, row {row} ({condition}): counts {counts}, marker {before} -> {after}",
    "duel_reward": "duel reward tile {tile}",
    "duel_markers": "duel markers {markers}: {vp} VP",
}


def _describe(e: Event, seats: list[str]) -> str:
    k = e["kind"]
    if k in _TEMPLATES:
        return _TEMPLATES[k].format(**e)
    if k == "move":
        return ("forced: " if e["forced"] else "") + e["text"]
    if k == "production":
        return _production(e, seats)
    if k == "drop":
        return _drop(e)
    if k == "conduit_payment":
        which = f" {e['conduit']}" if e["conduit"] else ""
        return f"conduit fee{which}: {e['credits']} paid by {_who(e['payer'], seats)}"
    if k == "headstream":
        return f"{e['drops']} drop{'s' if e['drops'] != 1 else ''} on headstream {e['headstream']}"
    if k == "energy_track":
        malus = f", malus {e['malus']} VP" if e["malus"] else ""
        return f"energy track at {e['energy']}: {e['credits']} Credits{malus}"
    if k == "bonus_tile":
        if e["below_threshold"]:
            return f"bonus tile {e['tile']}: below 6 energy, 0 VP"
        return (f"bonus tile {e['tile']}: {e['count']} x {e['vp_per_unit']} VP - {e['malus']} "
                f"({e['sections_behind']} sections behind) = {e['vp']} VP")
    if k == "round_start":
        return f"Round {e['round']} begins; turn order {_order(e['turn_order'], seats)}"
    if k == "end_of_round":
        return (f"end of round: turn order {_order(e['turn_order'], seats)}, Patent Office "
                f"{', '.join(e['patent_office']) or 'empty'}")
    if k == "display_refill":
        return "contract display refilled with " + ", ".join(e["contracts"])
    if k == "automa_turn":
        return _automa_turn(e)
    if k == "setup":
        return e["text"]
    if k == "setup_done":
        return f"setup done; turn order {_order(e['turn_order'], seats)}"
    return k.replace("_", " ")


def render(e: Event, seats: list[str]) -> str:
    """One event as a log line."""
    who = seats[e["seat"]] if e.get("seat") is not None and 0 <= e["seat"] < len(seats) else ""
    if e["kind"] == "setup":
        return f"{e['text']} [{e['rule']}]"
    head = f"R{e['round']}" if e["round"] else "Setup"
    gain = gain_text(e.get("gain", {}))
    body = _describe(e, seats) + (f" ({gain})" if gain and e["kind"] not in ("production",) else "")
    return f"{head} {who + ': ' if who else ''}{body} [{e['rule']}]"


def render_log(events: list[Event], seats: list[str], kinds: set[str] | None = None) -> list[str]:
    """The readable log of a game: its events, less the silent bookkeeping steps (only `kinds` if given)."""
    return [render(e, seats) for e in events if e["kind"] not in SILENT and (kinds is None or e["kind"] in kinds)]
