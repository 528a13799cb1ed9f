"""Onslaught events in words: one line per event a player reads, public or for one party only.

:func:`lines` turns the events of one command into the lines ``viewer`` may read (``"A"``, ``"B"``, or
``""`` for the public): secret events (dealt cards, assignments, loot drawn and kept) only for their
party (DDO-INIT-06, DDO-LOOT-03). Events that only restate what the next line says (``dials``,
``attack declared``) give no line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.onslaught.events import Event
from bot.onslaught.grid import name


def _sq(value: Any) -> str:
    return name((int(value[0]), int(value[1])))


def dice_words(d: Mapping[str, Any], note: str = "") -> str:
    """An attack roll's dice in words (DDO-ATTACK-08/09: two d20, the higher kept, then modifiers):
    ``d20 17 and 10 (17 kept) +4 = 21``; one die: ``d20 17 +4 = 21`` (``note`` follows the dice).

    >>> dice_words({"faces": [17, 10], "kept": 17, "total": 21})
    'd20 17 and 10 (17 kept) +4 = 21'
    >>> dice_words({"faces": [9], "kept": 9, "total": 8})
    'd20 9 -1 = 8'
    """
    faces = [str(f) for f in d.get("faces", [])]
    kept, total = d.get("kept"), d.get("total")
    words = f"d20 {' and '.join(faces)}" + (f" ({kept} kept)" if len(faces) > 1 and kept is not None else "") + note
    if kept is None or total is None:
        return words + (f", total {total}" if total is not None else "")
    return f"{words} {int(total) - int(kept):+d} = {total}"


def _attack(d: Mapping[str, Any]) -> str:
    if d.get("automatic"):
        return f"{d['attacker']} attacks {d['target']} with {d['ability']}: hits automatically"
    roll = dice_words(d, " (one die: cover)" if d.get("cover") else "")
    total = f" vs AC {d['ac']}" if "ac" in d else ""
    outcome = "critical hit" if d.get("critical") else ("hits" if d["hit"] else ("fails (a 1)" if d.get("failure") else "misses"))
    by = f", rolled by party {d['roller']}" if d.get("roller") else ""
    return f"{d['attacker']} attacks {d['target']} with {d['ability']}: {roll}{total}{by}: {outcome}"


def _moved(d: Mapping[str, Any]) -> str:
    how = {"move": "moves", "monster": "moves", "teleport": "teleports", "push": "is pushed", "pull": "is pulled",
           "exchange": "exchanges places"}.get(str(d["how"]), "moves")
    start = f"{_sq(d['from'])}→" if "from" in d else "to "
    extra = f" (toward {d['toward']})" if d.get("toward") else ""
    if d.get("other"):
        return f"{d['mini']} exchanges places with {d['other']}: now on {_sq(d['to'])}"
    cost = f", {d['cost']} of {d['points']} move points" if "cost" in d else ""
    return f"{d['mini']} {how} {start}{_sq(d['to'])}{cost}{extra}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


#: kind -> how its data reads; ``None`` results and missing kinds give no line.
WORDS: dict[str, Callable[[Mapping[str, Any]], str | None]] = {
    "round": lambda d: f"Round {d['round']}: party {d['active']} holds Initiative 1. Both parties assign their "
                       "initiative cards in secret.",
    "dealt": lambda d: f"your initiative cards: {', '.join(str(c) for c in d['cards'])}",
    "assigned": lambda d: "you assigned " + ", ".join(f"{n}={c}" for n, c in d["cards"].items()),
    "initiative 1": lambda d: f"Initiative 1 is face up on {d['mini']}",
    "action phase": lambda d: f"Action Phase of round {d['round']}",
    "activated": lambda d: f"{d['mini']} reveals initiative {d['initiative']} and activates",
    "activation ended": lambda d: f"{d['mini']} ends its activation" + (f"; fading: {', '.join(d['faded'])}" if d["faded"] else ""),
    "monsters activate": lambda d: f"the {d['group']} monsters activate (initiative {d['initiative']:g})",
    "skipped": lambda d: f"{d['mini']} is defeated: initiative {d['initiative']} is skipped",
    "moved": _moved,
    "monster choice": lambda d: (f"party {d['side']} chooses {d['target']} for {d['mini']} to attack"
                                 if d["kind"] == "target" else
                                 f"party {d['side']} chooses {d['target']} for {d['mini']} to go for; it moves "
                                 f"toward {d['target']} and attacks what it can reach"),
    "attack": _attack,
    "ability": lambda d: f"{d['mini']} uses {d['ability']}" + (f" (dial set to {d['dial']})" if d.get("dial") not in (None, "ready") else ""),
    "reaction": lambda d: f"{d['mini']} reacts with {d['ability']}",
    "damage": lambda d: f"{d['mini']} takes {d['amount']} damage ({d['hp']} HP left)",
    "bloodied": lambda d: f"{d['mini']} is bloodied: speed {d['speed']}, AC {d['ac']}",
    "unbloodied": lambda d: f"{d['mini']} is no longer bloodied: speed {d['speed']}, AC {d['ac']}",
    "healed": lambda d: f"{d['mini']} heals {d['amount']} ({d['hp']} HP)",
    "defeated": lambda d: f"{d['mini']} is defeated on {_sq(d['square'])}",
    "condition": lambda d: f"{d['mini']} gets {d['condition']} ({'fading' if d['fading'] else 'enduring'})",
    "token": lambda d: f"a {d['token']} token is placed on {_sq(d['square'])}",
    "xp": lambda d: f"{d['mini']} gains {_plural(int(d['gained']), 'experience point')} ({d['why']}; {d['total']} in all)",
    "levelled up": lambda d: f"{d['mini']} levels up: {d['card']}",
    "looted": lambda d: f"{d['mini']} loots the chest on {_sq(d['chest'])}",
    "drawn": lambda d: f"{d['mini']} drew {', '.join(d['tokens']) or 'no item token'}",
    "kept": lambda d: f"{d['mini']} keeps {d['symbol']} face down",
    "event": lambda d: f"event token {d['event']}: {d['text']}",
    "equipped": lambda d: f"{d['mini']} equips {d['item']}",
    "unequipped": lambda d: f"{d['mini']} unequips {d['symbol']}",
    "traded": lambda d: f"{d['mini']} gives a loot token to {d['to']}",
    "traded token": lambda d: f"the token given: {d['symbol']}",
    "picked up": lambda d: f"{d['mini']} picks up a loot token from {_sq(d['square'])}",
    "door": lambda d: f"{d['mini']} {'opens' if d['open'] else 'closes'} door {d['door']}",
    "spawned": lambda d: f"{d['mini']} appears on {_sq(d['square'])}",
    "control point": lambda d: f"party {d['side']} holds the control point {_sq(d['square'])}: {d['vp']} victory points",
    "end phase": lambda d: f"End Phase of round {d['round']}: victory points A {d['vp']['A']}, B {d['vp']['B']}",
    "game over": lambda d: ("the game ends in a draw" if d["winner"] == "draw" else f"party {d['winner']} wins")
                           + f" ({d['why']}; victory points A {d['vp']['A']}, B {d['vp']['B']})",
}


def line(ev: Event) -> str | None:
    """The line an event reads as (``None``: it needs none).

    >>> line(Event("damage", {"mini": "Brask", "amount": 3, "hp": 9}))
    'Brask takes 3 damage (9 HP left)'
    """
    words = WORDS.get(ev.kind)
    return None if words is None else words(ev.data)


def lines(events: Sequence[Event], viewer: str) -> list[str]:
    """The lines of ``events`` that ``viewer`` may read, in order: the public ones, and for a party also
    the ones secret to it."""
    out: list[str] = []
    for ev in events:
        if ev.secret_to and ev.secret_to != viewer:
            continue
        text = line(ev)
        if text:
            out.append(text)
    return out


def private_lines(events: Sequence[Event], side: str) -> list[str]:
    """Only the lines secret to party ``side`` (dealt cards, assignments, loot drawn and kept)."""
    return [t for t in (line(e) for e in events if e.secret_to == side) if t]
