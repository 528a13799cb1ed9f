"""Computer parties: a simple policy built on :mod:`bot.onslaught.legal`, and whole playouts.

:func:`play` plays two computer parties through a scenario to its winner. The ``simple`` policy
answers decisions with their first option, assigns initiative in the first legal way, attacks when it
can (abilities first), loots when it can, otherwise moves toward the nearest enemy, then ends; the
``random`` policy picks uniformly among the legal commands (``end`` once it has acted a few times).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.onslaught.content import Library
from bot.onslaught.grid import distance, parse_square
from bot.onslaught.legal import legal_commands, waiting_for
from bot.onslaught.match import Match

Policy = Callable[[Match, str, list[str], random.Random], str]
#: A computer party ends its activation after this many commands, so a playout always finishes.
MAX_COMMANDS_PER_ACTIVATION = 6


def simple(match: Match, player: str, legal: list[str], rng: random.Random) -> str:
    """The simple policy (see the module docstring)."""
    st = match.state
    for prefix in ("react", "levelup", "keep", "choose", "assign", "activate"):
        for c in legal:
            if c.startswith(prefix):
                return c
    attacks = [c for c in legal if c.startswith("use") and any(
        x.attack for x in [st.ability(st.minis[c.split()[1]], c.split()[2].replace("-", " "))] if x)]
    attacks += [c for c in legal if c.startswith("attack")]
    if attacks:
        return attacks[0]
    for c in legal:
        if c.startswith(("loot", "equip", "pickup")):
            return c
    moves = [c for c in legal if c.startswith("move ")]
    act = st.activation
    if moves and act is not None:
        me = st.minis[act.mini]
        foes = [m for m in st.living() if m.side != me.side]
        if foes:
            return min(moves, key=lambda c: (min(distance(parse_square(c.split()[2]), f.square) for f in foes), c))
    return "end" if "end" in legal else legal[0]


def random_policy(match: Match, player: str, legal: list[str], rng: random.Random) -> str:
    """Uniform among the legal commands."""
    return rng.choice(legal)


def next_command(match: Match, player: str, rng: random.Random, acted: int, policy: Policy = simple) -> str:
    """The command a computer party sends now, ``acted`` commands into its activation: ``end`` once
    that passes :data:`MAX_COMMANDS_PER_ACTIVATION` (so that a playout always finishes).

    :raises RuntimeError: when the party has no legal command (it is not waited for).
    """
    legal = legal_commands(match.game, player)
    if not legal:
        raise RuntimeError(f"party {player} has no legal command now (phase {match.state.phase})")
    if acted > MAX_COMMANDS_PER_ACTIVATION and "end" in legal:
        return "end"
    return policy(match, player, legal, rng)


def in_activation(match: Match) -> bool:
    """Whether a character's activation is under way with no decision pending (commands count toward
    the computer's cap)."""
    return match.state.activation is not None and not match.state.pending


def play(library: Library, scenario: str, seed: int, policies: tuple[Policy, Policy] = (simple, simple),
         parties: tuple[str, str] | None = None, limit: int = 5000) -> Match:
    """Play a whole match between two computer parties and return it (``state.winner`` is set).

    :raises RuntimeError: when no party is waited for, or ``limit`` commands pass without a winner.
    """
    names = parties or tuple(sorted(library.parties))[:2]
    match = Match(library, scenario, {"A": library.parties[names[0]], "B": library.parties[names[1]]}, seed)
    rng = random.Random(seed)
    count = 0
    for _ in range(limit):
        st = match.state
        if st.phase == "over":
            return match
        who = waiting_for(st)
        if not who:
            raise RuntimeError(f"nobody is waited for in phase {st.phase}")
        player = who[0]
        count = count + 1 if in_activation(match) else 0
        match.apply(player, next_command(match, player, rng, count, policies[0 if player == "A" else 1]))
    raise RuntimeError(f"no winner after {limit} commands")
