"""An Onslaught match as seed plus command log, with replay equality and a player's view.

``Match.apply`` is the checked entry: a refused command leaves the game exactly as it was (the
engine works on a copy that is only kept on success), so replaying the log on the same content and
seed rebuilds the same state, dice included. :func:`player_view` hides what a party may not see:
the opponent's initiative cards until revealed (DDO-INIT-06), their dealt hand, face-down loot
tokens, the loot pool's contents and the choices of the opponent's decisions.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from bot.onslaught.content import Library
from bot.onslaught.dice import Dice, SeededDice
from bot.onslaught.engine import Game
from bot.onslaught.events import Event
from bot.onslaught.grid import name
from bot.onslaught.state import GameState


def clone(game: Game) -> Game:
    """A deep copy of a game that shares the read-only content (library, map, scenario)."""
    twin = copy.copy(game)
    twin.st = game.st.copy()
    twin.dice = game.dice.copy()
    twin.events = []
    return twin


class Match:
    """Content, scenario, parties and seed, plus the log of accepted ``(party, text)`` commands."""

    def __init__(self, library: Library, scenario: str, parties: Mapping[str, Sequence[str]], seed: int,
                 dice: Dice | None = None) -> None:
        """Start a match; ``dice`` replaces the seeded dice (rules cases script their d20s).

        :raises RulesError: as :class:`Game`.
        """
        self.library, self.scenario, self.seed = library, scenario, seed
        self.parties = {k: list(v) for k, v in parties.items()}
        self.game = Game(library, scenario, self.parties, dice if dice is not None else SeededDice(seed))
        self.log: list[tuple[str, str]] = []
        self.history: list[Event] = list(self.game.events)

    @property
    def state(self) -> GameState:
        """The current state (read it; change it only through :meth:`apply`)."""
        return self.game.st

    def apply(self, player: str, text: str) -> list[Event]:
        """Apply a command for ``player``; on success log it and return its events.

        :raises ParseError: unreadable. :raises RulesError: not legal now; nothing changed.
        """
        trial = clone(self.game)
        events = trial.apply(player, text)
        self.game = trial
        from bot.onslaught.commands import parse

        self.log.append((player, parse(text).text))
        self.history += events
        return events

    def replay(self) -> Match:
        """A new match from the same seed and content with this log applied (replay equality)."""
        again = Match(self.library, self.scenario, self.parties, self.seed)
        for player, text in self.log:
            again.apply(player, text)
        return again


def state_json(st: GameState) -> dict[str, Any]:
    """Everything about the state as plain data (for replay equality and debugging)."""
    return {
        "round": st.round, "phase": st.phase, "active": st.active, "vp": dict(st.vp), "winner": st.winner,
        "hands": {k: sorted(v) for k, v in st.hands.items()}, "assigned": dict(sorted(st.assigned.items())),
        "revealed": sorted(st.revealed), "slot": st.slot, "awaiting": st.awaiting,
        "activation": None if st.activation is None else [st.activation.mini, st.activation.serial, dict(st.activation.left)],
        "pending": [[d.kind, d.player, d.mini, list(d.options)] for d in st.pending],
        "chests": [name(c) for c in st.chests], "pool": sorted(st.pool), "open_doors": sorted(st.open_doors),
        "map_loot": {name(k): list(v) for k, v in sorted(st.map_loot.items())},
        "spikes": {name(k): list(v) for k, v in sorted(st.spikes.items())},
        "minis": {m.name: {"side": m.side, "squares": [name(s) for s in m.squares], "hp": m.hp, "dials": dict(m.dials),
                           "xp": m.xp, "level_up": m.level_up, "loot": list(m.loot), "equipped": list(m.equipped),
                           "conditions": [[c.name, c.source, c.given] for c in m.conditions], "defeated": m.defeated}
                  for m in st.minis.values()},
    }


def visible_initiative(st: GameState, player: str) -> dict[str, int]:
    """The initiative cards ``player`` may see (mini name -> card): their own party's, the revealed ones
    and Initiative 1, which is placed face up (DDO-INIT-05/06); anything but ``"A"``/``"B"`` sees only
    the public ones."""
    return {n: c for n, c in st.assigned.items() if st.minis[n].side == player or n in st.revealed or c == 1}


def player_view(st: GameState, player: str) -> dict[str, Any]:
    """What party ``player`` (``"A"``/``"B"``, anything else = a spectator) may see of the state."""
    data = state_json(st)
    data["hands"] = {k: v for k, v in data["hands"].items() if k == player}
    data["assigned"] = dict(sorted(visible_initiative(st, player).items()))
    data["pool"] = len(st.pool)
    data["map_loot"] = {k: [t if up else "?" for t, up in v] for k, v in data["map_loot"].items()}
    for n, m in data["minis"].items():
        if st.minis[n].side != player:
            m["loot"] = len(m["loot"])
    data["pending"] = [[k, p, mini, opts if p == player else []] for k, p, mini, opts in data["pending"]]
    return data


def visible_events(events: Sequence[Event], player: str) -> list[Event]:
    """The events ``player`` may see: secret ones only by the party they belong to."""
    return [e for e in events if not e.secret_to or e.secret_to == player]


#: Commands whose words are secret to the other party: initiative assignments (DDO-INIT-06) and the
#: item token kept from a chest (DDO-LOOT-03).
SECRET_VERBS = ("assign", "keep")


def visible_log(log: Sequence[tuple[str, str]], player: str) -> list[tuple[str, str]]:
    """The command log as ``player`` may read it: the other party's secret commands keep their verb
    only (``("A", "assign ...")``).

    >>> visible_log([("A", "assign Brask=1"), ("B", "assign Grell=2"), ("A", "activate Brask")], "B")
    [('A', 'assign ...'), ('B', 'assign Grell=2'), ('A', 'activate Brask')]
    """
    return [(p, t if p == player or t.split()[0] not in SECRET_VERBS else f"{t.split()[0]} ...") for p, t in log]
