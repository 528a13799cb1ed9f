"""Stand-in cards for figures whose Army Card statistics are not public (DEC-07).

A scenario that names G.I. JOE figures (Duke, Destro...) is played, until a server enters their real
cards, with each named figure given a complete card of the library: the stand-in. It keeps the named
figure's id (``duke``, so scenario rules find it) and name, with its player shown: ``Duke (played by
Sgt. Drake Alexander)``; everything else (Life, Move, Range, Attack, Defense, powers, points) is the
playing card's. That name is all an army needs: :func:`with_stand_ins` wraps a card look-up so that it
builds the stand-in from it, so a match's log replays it. A named card that is complete (a server's
card file with the real statistics) is played as printed, and then no stand-in is taken.

:func:`pick_by_points` is how the computer and the demo choose: the complete Unique Hero nearest in
points, not already playing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from bot.rules.cards import ArmyCard

#: ``NAMED (played by PLAYING)``.
STAND_IN = re.compile(r"^\s*(?P<named>.+?)\s*\(played by\s+(?P<actor>.+)\)\s*$", re.IGNORECASE)


def stand_in_name(named: str, actor: str) -> str:
    """The name a stand-in goes by: ``Duke (played by Sgt. Drake Alexander)``."""
    return f"{named} (played by {actor})"


def parse(name: str) -> tuple[str, str] | None:
    """``(named, playing)`` of a stand-in name, or ``None`` for a plain card name."""
    m = STAND_IN.match(name)
    return (m["named"], m["actor"]) if m else None


def stand_in(named: ArmyCard, actor: ArmyCard) -> ArmyCard:
    """``actor``'s card playing ``named``: ``named``'s id and name (with the player shown), ``actor``'s
    statistics and powers.

    :raises ValueError: when ``actor`` is incomplete itself (it could not be played either).
    """
    if not actor.complete:
        raise ValueError(f"{actor.name} cannot stand in for {named.name}: its card lacks "
                         f"{', '.join(actor.missing_fields())}")
    shown = stand_in_name(named.name, actor.name)
    return actor.model_copy(update={"id": named.id or actor.id, "name": shown, "short": named.name})


def with_stand_ins(get: Callable[[str], ArmyCard]) -> Callable[[str], ArmyCard]:
    """A card look-up that also reads stand-in names (``Duke (played by Syvarris)``).

    The returned function raises what ``get`` raises for an unknown name (named card or player).
    """
    def lookup(name: str) -> ArmyCard:
        found = parse(name)
        if found is None:
            return get(name)
        named, actor = get(found[0]), get(found[1])
        if named.complete:  # the server has the real card: it is played as printed
            return named
        return stand_in(named, actor)
    return lookup


def pick_by_points(named: ArmyCard, pool: Iterable[ArmyCard], taken: Iterable[str] = ()) -> ArmyCard | None:
    """The complete Unique Hero of one figure nearest ``named`` in points (ties: by name), not named in
    ``taken``; ``None`` when there is none."""
    used = {t.lower() for t in taken}
    want = named.points or 0
    fits = [c for c in pool if c.complete and c.kind == "hero" and c.figures == 1 and c.rarity == "unique"
            and "," not in c.name and c.name.lower() not in used and c.id != named.id]  # army lists split on commas
    if not fits:
        return None
    return min(fits, key=lambda c: (abs((c.points or 0) - want), c.name))


def army_names(names: Iterable[str], get: Callable[[str], ArmyCard], pool: Iterable[ArmyCard]) -> list[str]:
    """Names for an army of the cards ``names``: each incomplete one as a stand-in picked by points
    (:func:`pick_by_points`), each complete one as it is.

    :raises ValueError: when no card of the pool can stand in for one of them.
    """
    cards = list(pool)
    out: list[str] = []
    taken: list[str] = []
    for name in names:
        card = get(name)
        if card.complete:
            out.append(card.name)
            continue
        actor = pick_by_points(card, cards, taken)
        if actor is None:
            raise ValueError(f"no complete Unique Hero in the library can stand in for {card.name}")
        taken.append(actor.name)
        out.append(stand_in_name(card.name, actor.name))
    return out
