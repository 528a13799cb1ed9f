"""Drafting Army Cards one at a time, in turn (DEC-13; HS-SCEN-BRIDGE-MASTER-03..05,
HS-SCEN-DUMUTEF-MASTER-03..04).

The engine's ``start`` opens a draft and its ``draft CARD`` / ``draft pass`` commands run it;
adapters (the computer player, the console, Discord autocomplete) ask the same questions here:
who picks first, which cards a player may pick now, how many points they have left.

- :func:`roll_for_first`: every player rolls the d20, the highest picks first; tied top rollers
  roll again, only they (the same way initiative is rolled, DEC-04).
- :func:`around_the_table`: the pick order, in seat order from the first drafter.
- :func:`pick_problem` / :func:`pickable`: whether a card may join a player's drafted army now
  (every army-building rule after every pick, the scenario's required first card), and the
  cards of a pool that may.
- :func:`next_after`: whose pick follows, skipping players who are out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from bot.rules.army import ArmySummary, check_pick, summarize, zone_pairs, zone_room
from bot.rules.cards import ArmyCard
from bot.rules.errors import ArmyError, IllegalCommand
from bot.rules.state import DraftState, MatchState

#: The rule a draft refusal names when no army-building clause is broken.
RULE = "DEC-13"


def roll_for_first(players: Sequence[str], d20: Callable[[], int]) -> tuple[str, dict[str, list[int]]]:
    """Roll for the first pick: each of ``players`` rolls ``d20()``; the highest wins, and only the
    players tied for the highest roll again. Returns the winner and every roll ({player: [d20, ...]}).

    :raises ValueError: when ``players`` is empty.

    >>> rolls = iter([12, 12, 3, 18, 7])
    >>> roll_for_first(["a", "b", "c"], lambda: next(rolls))
    ('a', {'a': [12, 18], 'b': [12, 7], 'c': [3]})
    """
    if not players:
        raise ValueError("nobody to roll for the first pick")
    rolls: dict[str, list[int]] = {p: [] for p in players}
    contenders = list(players)
    while True:
        results = {p: d20() for p in contenders}
        for p, r in results.items():
            rolls[p].append(r)
        top = max(results.values())
        contenders = [p for p in contenders if results[p] == top]
        if len(contenders) == 1:
            return contenders[0], rolls


def around_the_table(seats: Sequence[str], first: str) -> list[str]:
    """The pick order: ``seats`` (players in seat order) starting from ``first``.

    >>> around_the_table(["a", "b", "c"], "b")
    ['b', 'c', 'a']
    """
    i = list(seats).index(first)
    return [*seats[i:], *seats[:i]]


def next_after(draft: DraftState, player: str) -> str | None:
    """Whose pick follows ``player``'s: the next player in ``draft.order`` who is not out (``player``
    again when everyone else is out), or ``None`` when every player is out."""
    order = draft.order
    start = order.index(player) if player in order else -1
    for step in range(1, len(order) + 1):
        who = order[(start + step) % len(order)]
        if who not in draft.out:
            return who
    return None


def drafted_cards(state: MatchState, player: str) -> list[ArmyCard]:
    """The Army Cards ``player`` has drafted, in pick order (a Common card picked twice is listed twice)."""
    if state.draft is None:
        return []
    by_id = {c.card.id: c.card for c in state.cards.values() if c.owner == player}
    return [by_id[cid] for cid in state.draft.picks_of(player) if cid in by_id]


def _zone_size(state: MatchState, player: str) -> int | None:
    return zone_room(state, player)


def required_first(state: MatchState, player: str) -> str | None:
    """The id of the card ``player``'s next pick must be (the scenario's first card for the side
    that drafts first, until they have picked it), or ``None``."""
    d = state.draft
    if d is None or d.first_card is None or not d.order or d.order[0] != player or d.picks_of(player):
        return None
    return d.first_card


def check_draft_pick(state: MatchState, player: str, card: ArmyCard) -> ArmySummary:
    """Check that ``player`` may draft ``card`` now (ignoring whose pick it is); return the new totals.

    :raises IllegalCommand: the scenario wants another first card (DEC-13).
    :raises ArmyError: the army would break an army-building rule (HS-ARMY-01, -02, -04, -15, DEC-07).
    """
    first = required_first(state, player)
    if first is not None and card.id != first:
        named = state.scenario.format.draft_first_card or first
        raise IllegalCommand(f"your first pick must be the card the scenario names ({named}); "
                             f"pick it, then {card.name} on a later pick", RULE)
    fmt = state.scenario.format_for(state.player(player).role)
    return check_pick(drafted_cards(state, player), card, fmt, _zone_size(state, player), zone_pairs(state, player))


def pick_problem(state: MatchState, player: str, card: ArmyCard) -> str | None:
    """Why ``player`` may not draft ``card`` now, in words, or ``None`` when they may."""
    try:
        check_draft_pick(state, player, card)
    except (ArmyError, IllegalCommand) as exc:
        return str(exc)
    return None


def pickable(state: MatchState, player: str, pool: Iterable[ArmyCard]) -> list[ArmyCard]:
    """The cards of ``pool`` that ``player`` may draft now, cheapest first, then by name."""
    ok = [c for c in pool if pick_problem(state, player, c) is None]
    return sorted(ok, key=lambda c: (c.points or 0, c.name))


def can_pick_any(state: MatchState, player: str, pool: Iterable[ArmyCard]) -> bool:
    """Whether ``player`` may draft at least one card of ``pool``."""
    return any(pick_problem(state, player, c) is None for c in pool)


def points_left(state: MatchState, player: str) -> int | None:
    """The points ``player`` may still spend (``None``: the format has no points limit)."""
    limit = state.scenario.format_for(state.player(player).role).points
    if limit is None:
        return None
    return limit - summarize(drafted_cards(state, player), state.scenario.format).points
