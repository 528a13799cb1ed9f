"""Commands: everything a player does, as text that parses and prints back (like ``Move.from_uci``).

The command log stores this text, so a match is its seed plus these lines. Spaces are written as
labels (``F7``) or axial pairs (``3,-1``); the engine resolves them against its battlefield.

>>> Command.parse("move tarn2 F7 via E6 E5").text()
'move tarn2 F7 via E6 E5'
>>> Command.parse("orders 1=finn 2=finn 3=tarn-vikings X=syvarris").args["markers"]["3"]
'tarn-vikings'

Verbs:

===================================  ===============================================================
``join NAME``                        sit at the table (setup)
``army CARD; CARD; ...``             choose an army (setup); cards by name, short name or id
``draft CARD`` / ``draft pass``      in a drafting match: pick one Army Card, or leave the draft (DEC-13)
``start``                            leave setup for placement once every player has an army; in a
                                     drafting match, first open the draft (joining closes)
``place FIG SPACE [SPACE]``          put a figure in its start zone (two spaces: double-space)
``place-rest``                       put every unplaced figure of yours on free start spaces
``orders 1=CARD 2=CARD 3=CARD X=CARD``  lock in secret Order Markers (HS-ORDER-01..05)
``initiative``                       roll for initiative (HS-INIT-01..03)
``move FIG SPACE [via SPACE ...] [fly|walk]``  move; ``path`` form: ``move FIG path S1 S2 ...``; a
                                     space with two surfaces (a bridge and the ground beneath it) as
                                     ``SPACE@LEVEL`` (HS-MOVE-12)
``move FIG SPACE grapple``           a special move instead of the normal move (Grapple Gun)
``move FIG path S1 fly S2 S3 walk S4``  a flight that lands and goes on walking, or a walk that takes
                                     off part-way (HS-FLY-01, -10)
``attack FIG TARGET``                a normal attack (the target is a figure or a destructible object)
``special FIG POWER TARGET``         a special attack (target is a figure or a space)
``end-turn``                         end the Player Turn
``end-round``                        sandbox only: resolve end-of-round effects now
``choose OPTION``                    answer a pending decision
``concede``                          leave the match; your figures leave the battlefield
``end-moves``                        end the moving part of the turn: "after moving" powers come now
``use FIG GLYPH [TARGET]``           use a carried Treasure or Tech Glyph (HS-TREASURE-31, HS-TECH-03)
``move ... drop GLYPH@SPACE ...``    drop carried Treasure Glyphs on spaces of the move (HS-TREASURE-07)
``cannon FIG CANNON TARGET``         Cannon Fire with the cannon named by id or space (HS-OBSTACLE-04)
===================================  ===============================================================
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.rules.errors import InvalidCommand

VERBS = (
    "join", "army", "draft", "start", "place", "place-rest", "orders", "initiative", "move", "attack",
    "special", "end-turn", "end-round", "choose", "concede", "end-moves", "use", "cannon",
)

#: A space in axial coordinates, "q,r" (see :mod:`bot.rules.hexes`), perhaps with its level ("q,r@L").
_AXIAL = re.compile(r"-?\d+,-?\d+(@-?\d+)?")


def split_spaces(words: Iterable[str]) -> list[str]:
    """Space names from blank-separated ``words`` that may also list spaces with commas
    (``B2,C2``); ``q,r`` (or ``q,r@LEVEL``) stays one space, in axial coordinates."""
    return [w for part in words for w in ([part] if _AXIAL.fullmatch(part) else part.split(",")) if w]


@dataclass(frozen=True)
class Command:
    """A parsed command: ``verb`` and its ``args`` (strings, lists of strings, or a marker map)."""

    verb: str
    args: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> Command:
        """Parse a command line.

        :raises InvalidCommand: when the verb is unknown or its arguments are missing; the
            message says in words what the command needs, and its ``actions`` name the command so
            that the adapter can show its own form of it (:mod:`bot.game.howto`).
        """
        head, _, tail = text.strip().partition(" ")
        try:
            # Army Card names are free text: quotation marks in them are not the command's syntax.
            words = [head, *tail.split()] if head.lower() == "army" else shlex.split(text.strip())
        except ValueError as exc:
            raise InvalidCommand(f"cannot read '{text}': {_unreadable(str(exc))}") from None
        if not words:
            raise InvalidCommand("the command is empty", actions=("help",))
        verb = words[0].lower().replace("_", "-")
        rest = words[1:]
        if verb in ("endturn", "end") and (not rest or rest[0].lower() == "turn"):
            verb, rest = "end-turn", rest[1:]
        elif verb == "end" and rest and rest[0].lower() == "round":
            verb, rest = "end-round", rest[1:]
        elif verb == "end" and rest and rest[0].lower() in ("moves", "move", "moving"):
            verb, rest = "end-moves", rest[1:]
        if verb not in VERBS:
            raise InvalidCommand(f"'{words[0]}' is not a command", actions=("help",))
        try:
            args = _PARSERS[verb](rest)
        except (IndexError, ValueError):
            actions = ("draft", "pass") if verb == "draft" else (verb,)
            raise InvalidCommand(f"cannot read this command: {NEEDS[verb]}", actions=actions) from None
        return cls(verb, args)

    def text(self) -> str:
        """The canonical text form (parses back to an equal command)."""
        a = self.args
        v = self.verb
        if v == "join":
            return f"join {shlex.quote(a['name'])}"
        if v == "army":
            return "army " + "; ".join(a["cards"])
        if v == "draft":
            if a["card"] is None:
                return "draft pass"
            return "draft " + " ".join(shlex.quote(w) for w in a["card"].split())
        if v == "place":
            return f"place {a['figure']} " + " ".join(a["spaces"])
        if v == "orders":
            return "orders " + " ".join(f"{k}={shlex.quote(c)}" for k, c in a["markers"].items())
        if v == "move":
            s = f"move {a['figure']}"
            if a.get("legs"):
                s += " path " + " ".join(f"{mode} {' '.join(spaces)}" for mode, spaces in a["legs"])
            elif a.get("path"):
                s += " path " + " ".join(a["path"])
            else:
                s += f" {a['to']}"
                if a.get("via"):
                    s += " via " + " ".join(a["via"])
            if a.get("fly") is True:
                s += " fly"
            elif a.get("fly") is False:
                s += " walk"
            if a.get("power"):
                s += f" {a['power']}"
            if a.get("drop"):
                s += " drop " + " ".join(a["drop"])
            return s
        if v == "attack":
            return f"attack {a['attacker']} {a['target']}"
        if v == "special":
            return f"special {a['attacker']} {shlex.quote(a['power'])} {a['target']}"
        if v == "choose":
            return f"choose {shlex.quote(a['option'])}"
        if v == "use":
            return f"use {a['figure']} {a['glyph']}" + (f" {a['target']}" if a.get("target") else "")
        if v == "cannon":
            return f"cannon {a['figure']} {a['cannon']} {a['target']}"
        return v

    def __str__(self) -> str:
        return self.text()


def _join(rest: list[str]) -> dict[str, Any]:
    if not rest:
        raise ValueError
    return {"name": " ".join(rest)}


def _unreadable(problem: str) -> str:
    """What :func:`shlex.split`'s complaint means, in words for a player."""
    if "quotation" in problem:
        return ("a quotation mark opens and never closes; names need no quotation marks (leave them out), "
                "or close the one you opened")
    if "escaped" in problem:
        return "it ends with a backslash (\\); leave the backslash out"
    return problem


def _army(rest: list[str]) -> dict[str, Any]:
    names = " ".join(rest).replace(",", ";").split(";")
    cards = [c.strip().strip("'\"").strip() for c in names if c.strip().strip("'\"").strip()]
    if not cards:
        raise ValueError
    return {"cards": cards}


def _draft(rest: list[str]) -> dict[str, Any]:
    # One card per pick: a list would be an ``army`` command. Commas stay (card names have them).
    name = " ".join(rest).strip()
    if not name or ";" in name:
        raise ValueError
    return {"card": None if name.lower() == "pass" else name}


def _place(rest: list[str]) -> dict[str, Any]:
    if len(rest) < 2:
        raise ValueError
    return {"figure": rest[0].lower(), "spaces": rest[1:3]}


def _orders(rest: list[str]) -> dict[str, Any]:
    markers: dict[str, str] = {}
    for w in rest:
        if "=" not in w:
            if markers:
                last = list(markers)[-1]
                markers[last] += " " + w
                continue
            raise ValueError
        k, _, v = w.partition("=")
        k = k.strip().upper()
        if k not in ("1", "2", "3", "X") or not v:
            raise ValueError
        markers[k] = v.strip()
    if not markers:
        raise ValueError
    return {"markers": markers}


#: Special moves a ``move`` command may ask for by name; a card power grants them
#: (:func:`bot.rules.movement.rules_for`).
MOVE_POWERS = ("grapple", "leap")


def _move(rest: list[str]) -> dict[str, Any]:
    fig = rest[0].lower()
    words = rest[1:]
    fly: bool | None = None
    power: dict[str, Any] = {}
    lowered = [w.lower() for w in words]
    if "drop" in lowered:  # ``drop GLYPH@SPACE ...`` closes the command (HS-TREASURE-07)
        at = lowered.index("drop")
        dropped = words[at + 1:]
        bare = next((w for w in dropped if "@" not in w), None)
        if dropped and bare is not None:
            # Say what is missing rather than the whole move's form (HS-TREASURE-07).
            raise InvalidCommand(f"'drop {bare}' needs the space to drop it on: drop {bare}@SPACE, a space the "
                                 f"move passes (move {fig} {' '.join(words[:at]) or 'SPACE'} drop {bare}@SPACE)",
                                 "HS-TREASURE-07", actions=("move",))
        if not dropped:
            raise ValueError
        power["drop"] = dropped
        words = words[:at]
    if words and words[-1].lower() in MOVE_POWERS:
        power["power"] = words.pop().lower()
    if words and words[-1].lower() in ("fly", "walk"):
        fly = words.pop().lower() == "fly"
    if not words:
        raise ValueError
    if words[0].lower() == "path":
        if len(words) < 2:
            raise ValueError
        inner = [i for i, w in enumerate(words[1:], 1) if w.lower() in ("fly", "walk")]
        if inner:
            return {"figure": fig, "legs": _legs(words[1:], fly), **power}
        return {"figure": fig, "path": words[1:], "fly": fly, **power}
    to = words[0]
    via: list[str] = []
    if len(words) > 1:
        if words[1].lower() != "via" or len(words) < 3:
            raise ValueError
        via = split_spaces(words[2:])
    if any(w.lower() in ("fly", "walk") for w in via) and not power:
        # ``move F E3 via B2 fly C3 D3 [walk]``: the whole way, space by space, in legs (HS-FLY-10);
        # a last ``fly``/``walk`` word is the mode of the last leg, to the destination.
        legs = _legs(via, None)
        if fly is None:
            legs[-1][1].append(to)
        else:
            legs.append(["fly" if fly else "walk", [to]])
        return {"figure": fig, "legs": legs}
    return {"figure": fig, "to": to, "via": via, "fly": fly, **power}


def _legs(words: list[str], last: bool | None) -> list[list[Any]]:
    """A path that switches between walking and flying (``walk B2 C2 fly D3 E3 walk F3``): its
    legs as ``[mode, spaces]`` (HS-FLY-01, -10). A path without a first word walks first; a mode
    word must be followed by spaces (one at the very end is not understood)."""
    legs: list[list[Any]] = []
    mode = "walk"
    for w in words:
        if w.lower() in ("fly", "walk"):
            mode = w.lower()
            legs.append([mode, []])
        else:
            if not legs:
                legs.append([mode, []])
            legs[-1][1].append(w)
    if last is not None or any(not spaces for _, spaces in legs):
        raise ValueError
    return legs


def _attack(rest: list[str]) -> dict[str, Any]:
    if len(rest) != 2:
        raise ValueError
    return {"attacker": rest[0].lower(), "target": rest[1].lower()}


def _special(rest: list[str]) -> dict[str, Any]:
    if len(rest) < 3:
        raise ValueError
    # The power's name may be several words ("fire line"); the target is always the last word.
    return {"attacker": rest[0].lower(), "power": " ".join(rest[1:-1]), "target": rest[-1]}


def _cannon(rest: list[str]) -> dict[str, Any]:
    if len(rest) != 3:
        raise ValueError
    return {"figure": rest[0].lower(), "cannon": rest[1], "target": rest[2].lower()}


def _choose(rest: list[str]) -> dict[str, Any]:
    if not rest:
        raise ValueError
    return {"option": " ".join(rest)}


def _use(rest: list[str]) -> dict[str, Any]:
    from bot.rules.treasure.catalogue import describe  # a plain table: no rules behind it

    if len(rest) < 2:
        raise ValueError
    # The glyph may be written by its title, in several words ("Elixir of Speed"); a target follows it.
    for cut in (len(rest), len(rest) - 1):
        info = describe(" ".join(rest[1:cut])) if cut > 1 else None
        if info is not None:
            args = {"figure": rest[0].lower(), "glyph": info.name}
            if cut < len(rest):
                args["target"] = rest[cut]
            return args
    if len(rest) > 3:
        raise ValueError
    args = {"figure": rest[0].lower(), "glyph": rest[1].lower()}
    if len(rest) == 3:
        args["target"] = rest[2]
    return args


def _none(rest: list[str]) -> dict[str, Any]:
    if rest:
        raise ValueError
    return {}


_PARSERS = {
    "join": _join, "army": _army, "draft": _draft, "start": _none, "place": _place, "place-rest": _none,
    "orders": _orders, "initiative": _none, "move": _move, "attack": _attack, "special": _special,
    "end-turn": _none, "end-round": _none, "choose": _choose, "concede": _none,
    "end-moves": _none, "use": _use, "cannon": _cannon,
}
#: What each command needs, in words (no syntax: each adapter shows its own form of the command).
NEEDS = {
    "join": "joining needs the name to play under",
    "army": "name the Army Cards of your army, separated by semicolons",
    "draft": "name one Army Card to pick (one card per pick), or pass",
    "start": "starting the match needs nothing more",
    "place": "name one of your figures and the space of your start zone to put it on (two spaces for a "
             "double-space figure)",
    "place-rest": "placing the rest of your figures needs nothing more",
    "orders": "put each Order Marker (1, 2, 3 and X) on one of your Army Cards",
    "initiative": "rolling for initiative needs nothing more",
    "move": "name the figure and the space to move it to (SPACE@LEVEL for one level of a space with two, "
            "like a bridge), and, if you like, spaces to pass through, or "
            "whether it flies or walks, and last, carried glyphs to drop on the way as GLYPH@SPACE",
    "attack": "name the attacking figure and the figure (or destructible object) it attacks",
    "special": "name the attacking figure, its special attack and the target (a figure or a space)",
    "end-turn": "ending the turn needs nothing more",
    "end-round": "ending the round needs nothing more (sandbox only)",
    "choose": "name your answer",
    "concede": "conceding needs nothing more",
    "end-moves": "ending the moves needs nothing more",
    "use": "name the figure, the glyph it carries (heroic_rune, jump_pack...) and, for a glyph that needs one, "
           "its target",
    "cannon": "name the figure next to the cannon, the cannon (its id or space) and the target (a figure or "
              "a destructible object)",
}
