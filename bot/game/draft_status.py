"""A draft under way or finished (DEC-13) as the players are shown it, for the console's ``status``
and Discord's ``/match status`` and ``/army show``: the pick order, every pick so far, each
drafter's Army Cards with their total and the points they have left, who is out of the draft and
whose pick it is.

The rules decide (:mod:`bot.rules.draft`); this module gathers the facts once so that both
adapters show the same ones. Each adapter words them itself, because the words name its own
commands (``draft CARD`` in the terminal, ``/army draft`` on Discord).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.rules import draft as drafting
from bot.rules.army import card_cost
from bot.rules.cards import ArmyCard
from bot.rules.state import MatchState


@dataclass(frozen=True, slots=True)
class Drafter:
    """One player of the draft: ``player`` id and display ``name``; ``cards`` the Army Cards they
    drafted, in pick order; ``points`` their total; ``left`` the points they may still spend
    (``None`` when the format has no points limit); ``out`` whether they are out of the draft."""

    player: str
    name: str
    cards: tuple[ArmyCard, ...]
    points: int
    left: int | None
    out: bool


@dataclass(frozen=True, slots=True)
class Pick:
    """One pick: ``number`` (1 for the first pick of the draft), the drafter's display ``name``,
    the ``card_id`` picked and its Army Card (``None`` when the match holds no card of that id)."""

    number: int
    name: str
    card_id: str
    card: ArmyCard | None


@dataclass(frozen=True, slots=True)
class DraftStatus:
    """The draft: ``drafters`` in pick order; ``picks`` every pick so far, in order; ``out`` the
    display names of the players out of the draft, in the order they left it; ``next`` the drafter
    whose pick it is (``None`` once everyone is out: the draft is over)."""

    drafters: tuple[Drafter, ...]
    picks: tuple[Pick, ...]
    out: tuple[str, ...]
    next: Drafter | None

    @property
    def order(self) -> list[str]:
        """The drafters' display names in pick order."""
        return [d.name for d in self.drafters]


def draft_status(state: MatchState, name: Callable[[str], str]) -> DraftStatus | None:
    """The draft of ``state`` (``None`` when the match has none), players named by ``name``
    (a player id -> display name, e.g. :meth:`bot.game.session.GameSession.name`)."""
    d = state.draft
    if d is None:
        return None

    def drafter(pid: str) -> Drafter:
        """The :class:`Drafter` line for ``pid``: drafted cards, their total points, points left and
        whether they are out."""
        cards = tuple(drafting.drafted_cards(state, pid))
        return Drafter(pid, name(pid), cards, sum(card_cost(c, state.scenario.format) or 0 for c in cards),
                       drafting.points_left(state, pid), pid in d.out)

    by_id = {c.card.id: c.card for c in state.cards.values()}
    picks = tuple(Pick(n, name(pid), cid, by_id.get(cid)) for n, (pid, cid) in enumerate(d.picks, start=1))
    return DraftStatus(tuple(drafter(pid) for pid in d.order), picks, tuple(name(p) for p in d.out),
                       drafter(d.next) if d.next is not None else None)
