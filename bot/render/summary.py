"""What the picture shows happening, in one line: ``Last turn: Alice (Tarn Vikings) — TV1 moved
F7→H9, attacked D9: 1 wound``.

Read only from the public events passed to the renderer (an event with ``to`` set is private and
never read here) and the figures' token labels, so the line names figures as the map does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.rules.events import Event
from bot.rules.hexes import Hex
from bot.rules.state import MatchState

#: Events that say something happened on the battlefield.
ACTIONS = frozenset({"moved", "attack", "swipe", "fell", "destroyed", "power", "terrain", "entered", "control",
                     "object_attack", "object_destroyed"})


@dataclass
class _Turn:
    player: str | None = None
    card: str | None = None
    started: bool = False  #: its beginning is among the events (else only its end was seen)
    closed: bool = False
    lost: str = ""
    events: list[Event] = field(default_factory=list)


def _turns(events: Sequence[Event]) -> list[_Turn]:
    """Public events split into Player Turns (``turn_started`` .. ``turn_ended``)."""
    out: list[_Turn] = []
    cur: _Turn | None = None
    for ev in events:
        if ev.to is not None:
            continue
        d = ev.data
        if ev.kind == "turn_started":
            cur = _Turn(player=str(d.get("player")), card=str(d.get("card")) if d.get("card") else None, started=True)
            out.append(cur)
        elif ev.kind == "turn_lost":
            cur = _Turn(player=str(d.get("player")), card=str(d.get("card")) if d.get("card") else None, started=True)
            marker = d.get("marker")
            cur.lost = f"marker {marker} lost" + (f" ({d['reason']})" if d.get("reason") else "")
            out.append(cur)
        elif ev.kind == "turn_ended":
            if cur is None:
                cur = _Turn(player=str(d.get("player")))
                out.append(cur)
            cur.player = cur.player or str(d.get("player"))
            cur.closed = True
            cur = None
        elif ev.kind in ACTIONS:
            if cur is None:
                cur = _Turn()
                out.append(cur)
            cur.events.append(ev)
    return out


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _result(wounds: int, swipe: bool = False) -> str:
    return _plural(wounds, "wound") if wounds else ("missed" if swipe else "blocked")


def actions(state: MatchState, events: Sequence[Event], names: Mapping[str, str]) -> list[str]:
    """Short phrases for what ``events`` did, a figure named once for its actions in a row."""
    bf = state.battlefield

    def lab(fid: Any) -> str:
        """The display name of figure ``fid`` (its ID if it has none)."""
        return names.get(str(fid), str(fid))

    def where(at: Any) -> str:
        """The label of the space ``[q, r]``, or ``"?"`` if ``at`` is malformed or off the map."""
        try:
            return bf.label(Hex(int(at[0]), int(at[1])))
        except (TypeError, ValueError, IndexError, KeyError):
            return "?"

    parts: list[str] = []
    subject: str | None = None  # the figure the last phrase was about
    moving: str | None = None  # the figure whose move the last phrase describes
    special: str | None = None  # the special attack named last

    def say(who: str | None, words: str) -> None:
        """Append ``words`` for ``who``, naming the figure only if the previous phrase was about another
        one; ``who`` becomes the subject and any move in progress ends."""
        nonlocal subject, moving
        parts.append(words if who is not None and who == subject else (f"{who} {words}" if who else words))
        subject, moving = who, None

    for ev in events:
        if ev.to is not None:
            continue
        d = ev.data
        if ev.kind == "moved":
            path = d.get("path") or []
            if len(path) < 2:
                continue
            who = lab(d.get("figure"))
            if moving == who and parts:
                parts[-1] += "→" + where(path[-1])
                continue
            verb = "flew" if d.get("flew") else "moved"
            say(who, f"{verb} {where(path[0])}→{where(path[-1])}")
            moving = who
        elif ev.kind == "attack":
            who = lab(d.get("attacker"))
            named = str(d["special"]) if d.get("special") else None
            again = named is not None and named == special and who == subject
            note = f" ({named})" if named and not again else ""
            say(who, f"attacked {lab(d.get('target'))}{note}: {_result(int(d.get('wounds') or 0))}")
            special = named
        elif ev.kind == "object_attack":  # a destructible object (HS-DESTRUCT-01)
            named = f" ({d['special']})" if d.get("special") else ""
            say(lab(d.get("attacker")), f"attacked {d.get('target')}{named}: {_result(int(d.get('wounds') or 0))}")
        elif ev.kind == "object_destroyed":
            say(None, f"{d.get('object')} destroyed")
        elif ev.kind == "swipe":
            say(lab(d.get("attacker")), f"swiped {lab(d.get('target'))}: {_result(int(d.get('wounds') or 0), True)}")
        elif ev.kind == "fell":
            drop = d.get("drop")
            say(lab(d.get("figure")), f"fell {drop} levels: {_plural(int(d.get('wounds') or 0), 'wound')}")
        elif ev.kind == "destroyed":
            say(None, f"{lab(d.get('figure'))} destroyed")
        elif ev.kind == "terrain" and (d.get("wounds") or d.get("healed")):
            w, healed = int(d.get("wounds") or 0), int(d.get("healed") or 0)
            what = _plural(w, "wound") if w else f"healed {healed}"
            say(lab(d.get("figure")), f"{str(d.get('terrain', 'terrain')).replace('_', ' ')}: {what}")
        elif ev.kind == "power":
            user = lab(d["figure"]) if d.get("figure") else None
            words = f"used {d.get('power', 'a power')}"
            if d.get("result"):
                words += f": {d['result']}"
            say(user, words)
        elif ev.kind == "entered":
            say(lab(d.get("figure")), f"entered at {where((d.get('at') or [[None]])[0])}")
        elif ev.kind == "glyph_turned":
            say(lab(d.get("figure")), f"turned over the {d.get('title') or 'glyph'}")
        elif ev.kind == "glyph" and d.get("result"):
            say(None, f"{d.get('title') or 'a glyph'}: {d['result']}")
        elif ev.kind == "control":
            say(None, f"{player_name(state, str(d.get('player')))} took control of {card_short(state, str(d.get('card')))}")
    return parts


def player_name(state: MatchState, pid: str) -> str:
    """A player's display name (the id itself when nobody by that id sits at the table)."""
    try:
        return state.player(pid).name
    except KeyError:
        return pid


def card_short(state: MatchState, key: str) -> str:
    """An Army Card's short name (its name when it has none; the key when it is not in play)."""
    cip = state.cards.get(key)
    return (cip.card.short or cip.card.name) if cip else key


def last_turn(state: MatchState, events: Sequence[Event], names: Mapping[str, str]) -> str | None:
    """``Last turn: Alice (Tarn Vikings) — TV1 moved F7→H9, attacked D9: 1 wound``, or ``None``
    when the events tell of no turn and no action.

    The last Player Turn that ended is described; without one, the turn under way (``This
    turn: ...``) or whatever happened. Private events are ignored. A turn whose start is not
    among the events and that shows no action gets no line (its actions may have come earlier).
    """
    turns = [t for t in _turns(events) if t.started or t.events or t.lost]
    closed = [t for t in turns if t.closed]
    busy = [t for t in turns if t.events or t.lost]
    turn = closed[-1] if closed else (busy[-1] if busy else None)
    if turn is None:
        return None
    head = "Last turn" if turn.closed else "This turn"
    who = ""
    if turn.player:
        who = player_name(state, turn.player)
        if turn.card:
            who += f" ({card_short(state, turn.card)})"
    said = actions(state, turn.events, names)
    if turn.lost:
        said.insert(0, turn.lost)
    body = ", ".join(said) if said else "no action"
    return f"{head}: {who} — {body}" if who else f"{head}: {body}"
