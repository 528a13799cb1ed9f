"""Small helpers for the geometry tests (movement, engagement, line of sight, terrain).

The battlefield, card and sandbox builders are the shared ones in :mod:`tests.rules.conftest`;
these only shorten what the geometry tests write again and again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.rules.engine import Engine
from bot.rules.events import Event
from bot.rules.hexes import Hex

Coord = tuple[int, int]


def H(q: int, r: int) -> Hex:
    """``Hex(q, r)``, short."""
    return Hex(q, r)


def hexes(*coords: Coord) -> list[Hex]:
    """A path of hexes from ``(q, r)`` pairs."""
    return [Hex(q, r) for q, r in coords]


def move_text(figure: str, path: Iterable[Coord], fly: bool | None = None) -> str:
    """The ``move FIG path q,r q,r ...`` command (``fly``: add ``fly`` / ``walk``)."""
    words = ["move", figure, "path", *(f"{q},{r}" for q, r in path)]
    if fly is not None:
        words.append("fly" if fly else "walk")
    return " ".join(words)


def move(eng: Engine, figure: str, path: Sequence[Coord], fly: bool | None = None) -> list[Event]:
    """Move ``figure`` along ``path`` as its controller; return the events."""
    player = eng.state.figures[figure].controller
    return eng.execute(player, move_text(figure, path, fly))


def attack(eng: Engine, attacker: str, target: str) -> list[Event]:
    """A normal attack by ``attacker``'s controller."""
    return eng.execute(eng.state.figures[attacker].controller, f"attack {attacker} {target}")


def at(eng: Engine, figure: str) -> tuple[Coord, ...]:
    """Where ``figure`` stands, as ``(q, r)`` pairs (lead first); empty when off the battlefield."""
    return tuple((h.q, h.r) for h in eng.state.figures[figure].hexes)


def kinds(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    """The data of every event of ``kind``."""
    return [e.data for e in events if e.kind == kind]


def overhang(q: int, r: int, bottom: int, top: int, terrain: str = "rock") -> dict[str, Any]:
    """A ``hexes`` entry adding a cell from ``bottom`` to ``top`` above a space (an overhang or bridge)."""
    return {"at": [q, r], "level": top, "terrain": terrain, "bottom": bottom}


def space(q: int, r: int, level: int, terrain: str = "grass") -> dict[str, Any]:
    """A ``hexes`` entry replacing the ground of one space."""
    return {"at": [q, r], "level": level, "terrain": terrain}


def row(q0: int, q1: int, r: int, level: int = 1, terrain: str = "grass") -> dict[str, Any]:
    """A ``fill`` rectangle of one row of spaces."""
    return {"q": [q0, q1], "r": [r, r], "level": level, "terrain": terrain}
