"""The army a computer seat fields when armies are chosen (not drafted), or why it cannot field one.

A computer seat is offered an army (the console's classic armies); when those cards are missing
from the card library (a user file broke a set) or do not make a legal army for the match, it
builds one itself from the library, the most expensive Army Card that still fits first (HS-ARMY-01
points, figures and spaces, HS-ARMY-02 start zone, HS-ARMY-04 Unique, DEC-07 complete cards),
up to :data:`MAX_CARDS` cards. When no card fits at all, it leaves the seat (``concede``; before the
battle that frees the seat, DEC-15) and says why, instead of leaving the match waiting for an
army that never comes.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.rules.army import check_army, check_pick, required_cards, zone_pairs, zone_room
from bot.rules.cards import ArmyCard
from bot.rules.errors import ArmyError
from bot.rules.scenario import Format
from bot.rules.state import MatchState

#: The most Army Cards a computer seat builds an army of (with no points limit, it stops there).
MAX_CARDS = 5


@dataclass(frozen=True)
class ArmyPlan:
    """What a computer seat does about its army: ``command`` (``army ID; ID; ...`` or ``concede``)
    and ``note``, a sentence for the players when it does not field the army it was offered
    (``None`` when it does)."""

    command: str
    note: str | None = None


def _zone_size(st: MatchState, player: str) -> int | None:
    return zone_room(st, player)


def _find(pool: Sequence[ArmyCard], name: str) -> ArmyCard | None:
    key = name.casefold()
    return next((c for c in pool if key in (c.id, c.name.casefold(), c.short.casefold())), None)


def _library() -> list[ArmyCard]:
    """The whole card library (the computer's pool may be a part of it)."""
    from bot.game.session import cards

    return list(cards())


def _command(cards: Iterable[ArmyCard]) -> str:
    # Ids: card names may hold commas, which the army command reads as separators.
    return "army " + "; ".join(c.id for c in cards)


def army_plan(st: MatchState, player: str, offered: Sequence[str] = (),
              pool: Iterable[ArmyCard] | None = None) -> ArmyPlan:
    """The army ``player`` (a computer seat) fields in ``st``'s match.

    ``offered``: card names or ids it would like (its usual army); ``pool``: the cards it may
    choose from (default: the card library). The offered army is fielded when every card of it
    is in the pool and together they are a legal army; else it builds one (see the module).
    """
    if pool is None:
        from bot.game.session import cards

        pool = cards()
    cards_ = list(pool)
    named = named_army(st, player, cards_)
    if named is not None:  # the scenario names this side's cards (Wherever There's Trouble)
        return named
    fmt = st.scenario.format_for(st.player(player).role)
    zone = _zone_size(st, player)
    pairs = zone_pairs(st, player)
    name = st.player(player).name
    found = [_find(cards_, n) for n in offered]
    chosen = [c for c in found if c is not None]
    if offered and len(chosen) == len(offered):
        try:
            check_army(chosen, fmt, zone, pairs=pairs)
        except ArmyError:
            pass
        else:
            return ArmyPlan(_command(chosen))
    # The cards a scenario makes every army spend points on come first, from the whole library
    # when the pool lacks them (HS-SCEN-BRIDGE-MASTER-04).
    picked: list[ArmyCard] = required_cards([*cards_, *_library()], fmt) if fmt.spend else []
    while len(picked) < MAX_CARDS:
        fits = []
        for c in cards_:
            try:
                check_pick(picked, c, fmt, zone, pairs)
            except ArmyError:
                continue
            fits.append(c)
        if not fits:
            break
        picked.append(max(fits, key=lambda c: (c.points or 0, c.name)))
    missing = [n for n, c in zip(offered, found, strict=True) if c is None]
    if picked:
        why = (f"its usual cards are not in the card library ({', '.join(missing)})" if missing
               else "its usual army does not fit this match")
        return ArmyPlan(_command(picked), f"{name} (computer): {why}, so it fields "
                                          f"{', '.join(c.name for c in picked)} instead.")
    limits = [f"{fmt.points} points" if fmt.points is not None else "",
              f"{fmt.figures} figures" if fmt.figures is not None else "",
              f"{zone} start-zone spaces" if zone is not None else ""]
    within = ", ".join(x for x in limits if x) or "this match"
    return ArmyPlan("concede", f"{name} (computer) cannot build an army: no complete Army Card in the card "
                               f"library ({len(cards_)} cards) fits {within}. It leaves the seat; check the "
                               "card files (the warnings at start name the ones skipped).")


def random_army(rng: random.Random, pool: Iterable[ArmyCard], fmt: Format, zone: int | None = None,
                max_cards: int = 12, pairs: int | None = None) -> list[ArmyCard]:
    """A random legal army (for playouts and benchmarks): the cards of ``pool`` in a random order,
    each added when it still fits (:func:`~bot.rules.army.check_pick`: points of the format's system,
    figure and space caps, start zone ``zone`` holding ``pairs`` double-space figures, Unique, lines, complete cards), up to ``max_cards``.
    Empty when no card fits. The same ``rng`` state gives the same army."""
    cards = sorted(pool, key=lambda c: c.id)
    rng.shuffle(cards)
    picked: list[ArmyCard] = []
    for c in cards:
        if len(picked) >= max_cards:
            break
        try:
            check_pick(picked, c, fmt, zone, pairs)
        except ArmyError:
            continue
        picked.append(c)
    return picked


def named_army(st: MatchState, player: str, pool: Sequence[ArmyCard]) -> ArmyPlan | None:
    """The army of a side whose cards the scenario names (HS-SCEN-TROUBLE3-ALL-03): those cards,
    each incomplete one played by the stand-in nearest in points from ``pool`` (DEC-07); ``None``
    when the side names none. A card nobody in ``pool`` can stand in for: the seat leaves, saying why."""
    from bot.content.standins import army_names
    from bot.game.session import cards

    role = st.player(player).role
    side = st.scenario.side_named(role) if role else None
    if side is None or not side.army:
        return None
    try:
        return ArmyPlan("army " + "; ".join(army_names(side.army, cards().get, [*pool, *_library()])))
    except (KeyError, ValueError) as exc:
        return ArmyPlan("concede", f"{st.player(player).name} (computer) cannot field {role}'s named cards: "
                                   f"{exc.args[0] if exc.args else exc}.")
