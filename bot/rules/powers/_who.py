"""The small vocabulary power blocks read ``who`` phrases with (``"Orc Champion you control"``,
``"Small or Medium Beast you control"``, ``"Champion you control that follows Jandar"``).

The shared card file's ``params`` are sketches in English, not a grammar
(``../shared/cards/README.md``). :func:`parse_who` reads the common shapes into a :class:`Who`:
sizes (``Small/Medium``), Hero or Squad, Unique/Uncommon/Common, ``that follows GENERAL``,
``you control``/``friendly``, ``another``/``other`` and species, class or personality words
(``Orc``, ``Champion``, ``Wild``); anything else makes it say which words it does not understand,
so a block's ``check`` can give the players that reason instead of guessing.

Not a power itself (the leading underscore keeps it out of the package's auto-import).

>>> w = parse_who("Small or Medium Beast you control")
>>> sorted(w.sizes), w.words, w.unknown
(['medium', 'small'], ('beast',), ())
>>> w = parse_who("the chosen Captain or a Pirate Hero you control")
>>> w.chosen, w.words, sorted(w.kinds)
('Captain', ('pirate',), ['hero'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.rules.cards import ArmyCard
from bot.rules.powers._common import _word
from bot.rules.state import CardInPlay, MatchState

SIZES = ("small", "medium", "large", "huge")
GENERALS = ("jandar", "utgar", "ullar", "vydar", "einar", "aquilla", "valkrill", "revna")
#: Words that say nothing about which cards match (articles, counts, "figure").
_FILLER = frozenset({"a", "an", "the", "one", "1", "any", "or", "and", "figure", "figures", "card", "cards", "army",
                     "of", "your", "you"})
#: Phrases that need a choice or a rule the vocabulary does not have.
_UNSUPPORTED = (" chosen ", " per ", " whose ", " this squad ", " this card ", " and or ", " or or ")


@dataclass(frozen=True)
class Who:
    """Which Army Cards a phrase names: every set field must hold (empty: any).

    ``words`` are species, class or personality words (singular, lower case), each of which the
    card must have; ``kinds`` ``hero``/``squad``; ``rarities``; ``general``; ``other``: not the
    card the power is on; ``unknown``: phrases not understood (the phrase cannot be enforced).
    """

    sizes: frozenset[str] = frozenset()
    kinds: frozenset[str] = frozenset()
    rarities: frozenset[str] = frozenset()
    general: str | None = None
    words: tuple[str, ...] = ()
    other: bool = False
    unknown: tuple[str, ...] = ()
    #: ``up to N`` (or a leading number): how many cards at most; 1 when not said.
    count: int = 1
    #: ``within N clear sight spaces``: spaces (``None``: any distance); ``sight``: clear sight needed.
    within: int | None = None
    sight: bool = False
    #: ``you control`` / ``friendly``: only the power's controller's figures.
    friendly: bool = False
    #: ``the chosen Captain``: the card chosen for the power's card at the start (its
    #: ``CardInPlay.data["chosen"]``, else any Unique card of these words); see :func:`chosen_cards`.
    chosen: str | None = None
    #: Nothing but the chosen card (``the chosen Lizard King``, with no "or ...").
    only_chosen: bool = False

    def matches(self, card: ArmyCard) -> bool:
        """Whether ``card`` is one the phrase names (control and ``other`` are the caller's)."""
        if self.sizes and (card.size or "") not in self.sizes:
            return False
        if self.kinds and card.kind not in self.kinds:
            return False
        if self.rarities and (card.rarity or "") not in self.rarities:
            return False
        if self.general and (card.general or "").lower() != self.general:
            return False
        have = {_word(x) for x in [*card.species, *card.class_, card.personality or ""] if x}
        return all(w in have for w in self.words)


def parse_who(text: str) -> Who:
    """Read a ``who`` phrase (see the module doc); never raises: what is not understood is in
    :attr:`Who.unknown`."""
    m = re.fullmatch(r"\s*the chosen ([\w ]+?)(?: or (?:a |an )?(.+?))?\s*", text, flags=re.IGNORECASE)
    if m:
        rest = parse_who(m.group(2) or "")
        return replace(rest, chosen=m.group(1), only_chosen=m.group(2) is None, friendly=True)
    low = " " + text.lower().replace("/", " or ").replace(",", " or ") + " "
    low = re.sub(r"( or)+", " or", low)
    unknown = tuple(p.strip() for p in _UNSUPPORTED if p in low)
    if low.count(" or ") > 1 and not all(t in SIZES or t == "or" for t in re.findall(r"(\w+) or", low)):
        unknown += ("several alternatives",)
    count = 1
    m = re.match(r" (?:up to )?(\d+) ", low)
    if m:
        count = int(m.group(1))
        low = " " + low[m.end():]
    within, sight = None, False
    m = re.search(r" within (?:(\d+) )?clear sight(?: spaces?)? ", low)
    if m:
        within = int(m.group(1)) if m.group(1) else None
        sight = True
        low = low[:m.start()] + " " + low[m.end():]
    general = None
    m = re.search(r" (?:that )?follows? (\w+)", low)
    if m:
        general = m.group(1)
        if general not in GENERALS:
            unknown += (f"follows {general}",)
        low = low[:m.start()] + " " + low[m.end():]
    other = friendly = False
    for phrase in (" you control ", " friendly ", " another ", " other "):
        if phrase in low:
            other = other or phrase.strip() in ("another", "other")
            friendly = friendly or phrase.strip() in ("you control", "friendly")
            low = low.replace(phrase, " ")
    sizes, kinds, rarities, words = set(), set(), set(), []
    for tok in low.split():
        w = _word(tok)
        if tok in SIZES:
            sizes.add(tok)
        elif w in ("hero", "heroe"):
            kinds.add("hero")
        elif w == "squad":
            kinds.add("squad")
        elif w in ("unique", "uncommon", "common"):
            rarities.add(w)
        elif tok in _FILLER or w in _FILLER:
            continue
        elif tok.isalpha():
            words.append(w)
        elif not any(tok in p for p in unknown):
            unknown += (tok,)
    if unknown:
        words = []
    return Who(frozenset(sizes), frozenset(kinds), frozenset(rarities), general, tuple(words), other, unknown,
               count, within, sight, friendly)


def who_problem(text: object) -> str | None:
    """Why a ``who`` value cannot be enforced, in players' words, or ``None`` when it can."""
    if not isinstance(text, str):
        return f"the figures it names ({text!r}) are not understood"
    who = parse_who(text)
    if who.unknown:
        return f"the words {', '.join(repr(u) for u in who.unknown)} in '{text}' are not understood"
    return None


def chosen_cards(state: MatchState, cip: CardInPlay, who: Who) -> list[CardInPlay]:
    """The card chosen for ``cip`` (``cip.data["chosen"]``, a card key, set by the power that makes
    the choice at the start, such as The Captain's Way) when it is still its controller's; with no
    choice recorded, every Unique card of the controller that ``who.chosen``'s words name."""
    key = cip.data.get("chosen")
    if isinstance(key, str):
        c = state.cards.get(key)
        return [c] if c is not None and c.controller == cip.controller else []
    if not who.chosen:
        return []
    named = parse_who(f"Unique {who.chosen}")
    return [c for c in state.cards.values() if c.key != cip.key and c.controller == cip.controller
            and not named.unknown and named.matches(c.card)]
