"""Small helpers the power modules share: who has a power, who is friendly, what a card is.

Not a power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

from bot.rules.cards import ArmyCard, Power
from bot.rules.state import CardInPlay, Figure, MatchState


def power_of(state: MatchState, fig: Figure, kind: str) -> Power | None:
    """The power of ``kind`` on ``fig``'s card, if it has one."""
    return state.card_of(fig).power(kind)


#: Power kind -> (card key, power) of the cards in play, per ``state.cards`` dict: the dict itself
#: (held, so its id is not reused), its keys when indexed (a key names one card for the whole
#: match), and the index.
_INDEX: dict[int, tuple[dict[str, CardInPlay], tuple[str, ...], dict[str, list[tuple[str, Power]]]]] = {}


def _index(state: MatchState) -> dict[str, list[tuple[str, Power]]]:
    cards = state.cards
    held = tuple(cards)
    hit = _INDEX.get(id(cards))
    if hit is not None and hit[0] is cards and hit[1] == held:
        return hit[2]
    index: dict[str, list[tuple[str, Power]]] = {}
    for key, c in cards.items():
        for p in c.card.powers:
            if p.kind:
                index.setdefault(p.kind, []).append((key, p))
    if len(_INDEX) >= 32:
        _INDEX.clear()
    _INDEX[id(cards)] = (cards, held, index)
    return index


def holders(state: MatchState, kind: str) -> list[tuple[Figure, Power]]:
    """Every figure on the battlefield whose card has a power of ``kind``, with that power.

    The cards in play are indexed by power kind once (again only when they change), so this
    costs next to nothing when no card has the power.
    """
    found = _index(state).get(kind)
    if not found:
        return []
    out: list[tuple[Figure, Power]] = []
    for key, p in found:
        for fid in state.cards[key].figure_ids:
            f = state.figures[fid]
            if f.on_battlefield:
                out.append((f, p))
    return out


def friendly(state: MatchState, a: Figure, b: Figure) -> bool:
    """True when ``b`` is a figure other than ``a`` on ``a``'s side (not an enemy, HS-ARMY-12)."""
    return a is not b and not state.is_enemy(a, b)


def _word(text: str) -> str:
    w = text.strip().lower()
    return w[:-1] if w.endswith("s") else w


#: id(card) -> (the card, its species, its classes), singular and lower case.
_WORDS: dict[int, tuple[ArmyCard, frozenset[str], frozenset[str]]] = {}


def _words(card: ArmyCard) -> tuple[frozenset[str], frozenset[str]]:
    hit = _WORDS.get(id(card))
    if hit is None or hit[0] is not card:
        hit = (card, frozenset(_word(s) for s in card.species), frozenset(_word(c) for c in card.class_))
        if len(_WORDS) >= 1024:
            _WORDS.clear()
        _WORDS[id(card)] = hit
    return hit[1], hit[2]


def is_a(card: ArmyCard, *, species: str | None = None, class_: str | None = None) -> bool:
    """Whether ``card`` is of ``species`` and ``class_`` (each when given), singular or plural alike.

    >>> from bot.rules.cards import ArmyCard
    >>> gruts = ArmyCard(name="G", kind="squad", species="Orc", **{"class": "Warriors"})
    >>> is_a(gruts, species="Orc", class_="Warrior"), is_a(gruts, class_="Guard")
    (True, False)
    """
    kinds, classes = _words(card)
    if species is not None and _word(species) not in kinds:
        return False
    return class_ is None or _word(class_) in classes


def spaces_between(a: Figure, b: Figure) -> int:
    """Spaces from ``a`` to the nearer half of ``b`` (counted on the plane, like Range)."""
    return min(x.distance(y) for x in a.hexes for y in b.hexes)


def card_labels(state: MatchState, player: str, cards: list[CardInPlay]) -> list[str]:
    """How ``player`` is shown each of ``cards``: its short name, with the copy number of a second
    Uncommon copy (``Feral Troll #2``) and, for another player's card, whose it is (``Finn (bob)``).
    Labels are unique; should two still read alike (players with the same name) the key is added.
    For alice, with Thorgrim, when bob has Finn: ``["Thorgrim", "Finn (bob)"]``.
    """
    labels = []
    for c in cards:
        label = c.card.short
        if "#" in c.key:
            label += " #" + c.key.rsplit("#", 1)[1]
        if c.controller != player:
            try:
                label += f" ({state.player(c.controller).name})"
            except KeyError:
                label += f" ({c.controller})"
        labels.append(label)
    if len(set(labels)) < len(labels):
        labels = [f"{label} [{c.key}]" for label, c in zip(labels, cards, strict=True)]
    return labels


def summed(total: int, names: list[str]) -> tuple[str, int] | None:
    """A dice modifier's reason from a bonus and the powers that gave it: ``("A + B", total)``, or
    ``None`` when nothing is added (a :data:`bot.rules.modifiers.Reason`)."""
    return (" + ".join(names), total) if total else None
