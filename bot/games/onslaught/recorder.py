"""Follow an Onslaught match's public events; after each activation, a one-line summary and a picture.

A character's activation, or a monster group's, is a *segment*: from ``activated`` / ``monsters
activate`` to its end. After a command that leaves no activation under way and no decision pending,
the segments it finished get one summary line each and, together, one picture
``OUT/activation-NNN.png`` with their moves and attacks drawn (the picture shows the map after the
command, so one command that ends a character's activation and runs the monsters after it gives one
picture with both). ``out`` ``None`` writes no pictures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from bot.games.onslaught.picture import picture_png
from bot.onslaught.events import Event
from bot.onslaught.grid import name
from bot.onslaught.state import GameState

#: Events that start a segment.
STARTS = ("activated", "monsters activate")


def _sq(value: Any) -> str:
    return name((int(value[0]), int(value[1])))


def part(ev: Event, damage: Mapping[int, int], i: int) -> str | None:
    """The short words of one event in a summary (``moves A1→C3``, ``attacks Grub: hit 4``); ``None``
    for events a summary leaves out."""
    d = ev.data
    if ev.kind == "moved" and "from" in d:
        verb = {"teleport": "teleports", "push": "is pushed", "pull": "is pulled", "exchange": "exchanges places"}
        return f"{d['mini']} {verb.get(str(d['how']), 'moves')} {_sq(d['from'])}→{_sq(d['to'])}"
    if ev.kind == "attack":
        outcome = f"{'critical ' if d.get('critical') else ''}hit {damage.get(i, 0)}" if d["hit"] else "miss"
        return f"{d['attacker']} attacks {d['target']} ({d['ability']}): {outcome}"
    simple = {"ability": "{mini} uses {ability}", "reaction": "{mini} reacts ({ability})", "defeated": "{mini} defeated",
              "healed": "{mini} heals {amount}", "looted": "{mini} loots", "door": "{mini} door {door}",
              "condition": "{mini} {condition}", "levelled up": "{mini} levels up", "equipped": "{mini} equips {item}",
              "event": "event {event}", "picked up": "{mini} picks up loot"}
    return simple[ev.kind].format(**d) if ev.kind in simple else None


def summary(round_no: int, segment: Sequence[Event]) -> str:
    """``R2 Brask (initiative 4): Brask moves A1→C3, Brask attacks Grub (Sword): hit 5`` for one segment."""
    head = segment[0].data
    who = f"{head['mini']} (initiative {head['initiative']})" if segment[0].kind == "activated" else (
        f"{head['group']} monsters ({head['initiative']:g})")
    damage: dict[int, int] = {}
    for i, ev in enumerate(segment):
        if ev.kind == "damage":
            j = max((k for k in range(i) if segment[k].kind == "attack" and segment[k].data["target"] == ev.data["mini"]), default=-1)
            if j >= 0:
                damage[j] = int(ev.data["amount"])
    parts = [p for i, ev in enumerate(segment) if (p := part(ev, damage, i))]
    return f"R{round_no} {who}: {', '.join(parts) if parts else 'no action'}"


class Recorder:
    """Collects public events, command by command, and writes the pictures (see the module docstring)."""

    def __init__(self, out: Path | None) -> None:
        self.out = out
        self.buffer: list[Event] = []
        self.count = 0
        self.round = 1
        self.images: list[Path] = []

    def feed(self, st: GameState, events: Sequence[Event]) -> list[str]:
        """Take one command's events; return the summaries of the segments it finished (the picture is
        written when any finished)."""
        self.buffer += [e for e in events if not e.secret_to]
        if st.phase != "over" and (st.activation is not None or st.pending):
            return []
        segments: list[list[Event]] = []
        rounds: list[int] = []
        for ev in self.buffer:
            if ev.kind == "round":
                self.round = int(ev.data["round"])
            if ev.kind in STARTS:
                segments.append([])
                rounds.append(self.round)
            if segments:
                segments[-1].append(ev)
        if not segments:
            self.buffer = []
            return []
        drawn = [e for s in segments for e in s]
        self.buffer = []
        self.count += 1
        self.write(st, drawn)
        return [summary(r, s) for r, s in zip(rounds, segments, strict=True)]

    def write(self, st: GameState, events: Sequence[Event], file: str | None = None) -> Path | None:
        """Write the public picture with ``events`` drawn to ``activation-NNN.png`` (or ``file``)."""
        if self.out is None:
            return None
        self.out.mkdir(parents=True, exist_ok=True)
        path = self.out / (file or f"activation-{self.count:03d}.png")
        path.write_bytes(picture_png(st, "", events))
        if file is None:
            self.images.append(path)
        return path
