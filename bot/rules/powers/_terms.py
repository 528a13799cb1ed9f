"""The phrase vocabulary of the power building blocks: ``who``, ``condition`` and ``distance``.

The shared card file writes a power's parameters as short English sketches (``"target
adjacent"``, ``"friendly Orc Warriors"``, ``"figures you control"``, ``4``, ``"adjacent"``).
The blocks (``block_*.py``) read them through this module, which turns a phrase into a test, or
says which part of it is not understood, so a block's ``check`` can tell players why a power is
applied by hand.

- :func:`condition` reads a ``condition`` phrase into a :class:`Cond`: a test on the power's
  holder and, during an attack, the *other* figure of the attack (the target when the holder
  attacks, the attacker when it defends). Clauses joined by ``and`` must all hold.
- :func:`who` reads a ``who`` phrase into a :class:`Who`: which figures an aura or penalty
  reaches (side, species, class, personality, general, size, Range, Hero/Squad, Unique/Common).
- Amounts ("1 per wound on this card") are :mod:`bot.rules.powers._amounts`.
- :func:`reach` reads a ``distance``: ``"adjacent"``, a number of spaces in clear sight (an aura
  "within 4 clear-sight spaces", HS-LOS-03) or ``"any"``.

Each reader returns ``(test, None)`` or ``(None, reason)``; the reason is in player words. Not a
power itself (the leading underscore keeps it out of the package's auto-import).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from bot.rules.cards import ArmyCard
from bot.rules.engagement import adjacent, engaged_enemies, figure_height, height_advantage_dice
from bot.rules.hexes import Hex
from bot.rules.los import clear_sight
from bot.rules.movement import field_of
from bot.rules.powers import _places as places
from bot.rules.powers._at_start import adjacent_at_start, far_at_start, start_hexes
from bot.rules.state import Figure, MatchState
from bot.rules.terrain import Terrain

#: A test of one clause: (state, holder, other figure of the attack or None, special attack name or
#: None, the attack's kind: ``"normal"``, ``"special"`` or ``""`` outside an attack) -> holds?
Test = Callable[[MatchState, Figure, "Figure | None", str], bool]


@dataclass(frozen=True)
class Cond:
    """A read ``condition``: every clause must hold. ``needs_attack``: some clause speaks of the
    other figure of an attack (it then fails outside an attack)."""

    tests: tuple[Test, ...] = ()
    needs_attack: bool = False
    text: str = ""

    def holds(self, state: MatchState, holder: Figure, other: Figure | None = None, attack: str = "") -> bool:
        """Whether the condition holds for ``holder`` (``other``: the attack's other figure;
        ``attack``: ``"normal"``, ``"special"``, or ``""`` outside an attack)."""
        if self.needs_attack and other is None:
            return False
        return all(t(state, holder, other, attack) for t in self.tests)


ALWAYS = Cond()


def norm(text: str) -> str:
    """``text`` in lower case, hyphens and slashes kept, blanks collapsed, a trailing period dropped."""
    return " ".join(str(text).lower().replace("’", "'").split()).rstrip(".")


def singular(word: str) -> str:
    """The singular of a card word (``Elves`` -> ``elf``, ``Warriors`` -> ``warrior``), lower case."""
    w = word.strip().lower()
    if w.endswith("ves"):
        return w[:-3] + "f"
    if w.endswith("ies"):
        return w[:-3] + "y"
    if w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


_CARD_WORDS: dict[int, tuple[ArmyCard, frozenset[str]]] = {}
#: Words of a card's name that never name a kind of figure.
_NAME_NOISE = frozenset({"the", "of", "a", "an", "and", "x", "i", "ii", "iii"})


def card_words(card: ArmyCard) -> frozenset[str]:
    """Every word a ``who`` phrase may name a card by: species, class, personality, general and the
    words of its name, singular, lower case (``Orc``, ``Warrior``, ``Wild``, ``Utgar``, ``Sacred``,
    ``Band``). Read once per card."""
    hit = _CARD_WORDS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    words = [*card.species, *card.class_, card.personality or "", card.general or "", card.name]
    out = set()
    for w in words:
        for part in re.split(r"[\s/,()]+", w.lower()):
            if part and part not in _NAME_NOISE:
                out.add(singular(part))
    found = frozenset(out)
    if len(_CARD_WORDS) >= 2048:
        _CARD_WORDS.clear()
    _CARD_WORDS[id(card)] = (card, found)
    return found


# ---- terrain and places -------------------------------------------------------------------------

_TERRAIN_WORDS: dict[str, tuple[Terrain, ...]] = {
    "road": (Terrain.ROAD,),
    "water": (Terrain.WATER, Terrain.SWAMP_WATER, Terrain.TOXIC_WATER, Terrain.WELLSPRING_WATER),
    "swamp water": (Terrain.SWAMP_WATER,),
    "molten lava": (Terrain.MOLTEN_LAVA,),
    "lava": (Terrain.MOLTEN_LAVA, Terrain.COOLING_LAVA),
    "lava field": (Terrain.LAVA_FIELD,),
    "shadow": (Terrain.SHADOW,),
    "sand": (Terrain.SAND,),
    "ice": (Terrain.ICE, Terrain.SLIPPERY_ICE),
    "snow": (Terrain.SNOW, Terrain.HEAVY_SNOW),
}


def on_terrain(state: MatchState, fig: Figure, kinds: tuple[Terrain, ...]) -> bool:
    """True when any space of ``fig`` is of one of ``kinds`` at its level."""
    bf = field_of(state)
    return any(bf.terrain(h, fig.level) in kinds for h in fig.hexes)


def near_terrain(state: MatchState, fig: Figure, kinds: tuple[Terrain, ...], spaces: int) -> bool:
    """True when a space of one of ``kinds`` is within ``spaces`` of ``fig`` (its own spaces count)."""
    bf = field_of(state)
    for h in fig.hexes:
        for q in range(-spaces, spaces + 1):
            for r in range(-spaces, spaces + 1):
                x = Hex(h.q + q, h.r + r)
                if h.distance(x) <= spaces and x in bf:
                    cell = bf.top_cell(x)
                    if cell is not None and bf.terrain(x, cell.top) in kinds:
                        return True
    return False


def spaces(a: Figure, b: Figure) -> int:
    """Spaces between the nearer halves of ``a`` and ``b`` (counted on the plane, as Range)."""
    return min(x.distance(y) for x in a.hexes for y in b.hexes)


# ---- who ----------------------------------------------------------------------------------------

_SIZES = ("small", "medium", "large", "huge")
_NOISE = frozenset({"figure", "figures", "all", "other", "any", "card", "cards", "army"})


@dataclass(frozen=True)
class Who:
    """Which figures a phrase names, relative to the power's holder.

    ``side``: ``"friendly"`` (friendly / you control / your), ``"enemy"`` (opponent's / enemy)
    or ``"any"``; ``any_of``: groups of card words, a figure must carry every word of at least one
    group (``Knights and Sentinels``: ``(("knight",), ("sentinel",))``); ``sizes``; ``range_max``
    and ``range_min``: its Range; ``kind`` ``hero``/``squad``; ``rarity``; ``same_card``: only the
    holder's own card (``this squad``); ``attack``: only while it makes a ``normal`` attack, or one
    on an adjacent figure (``adjacent``); ``attacked_by``: only while attacked by a figure of
    the holder's side carrying these words (Bok-Bur-Na's Intimidate).
    """

    side: str = "friendly"
    any_of: tuple[tuple[str, ...], ...] = ()
    sizes: tuple[str, ...] = ()
    range_max: int | None = None
    range_min: int | None = None
    kind: str | None = None
    rarity: str | None = None
    same_card: bool = False
    attack: str = ""
    attacked_by: tuple[tuple[str, ...], ...] = ()
    flags: frozenset[str] = field(default_factory=frozenset)

    def card_fits(self, card: ArmyCard) -> bool:
        """Whether ``card`` is of the kind of figure named (side and place aside)."""
        if self.any_of:
            words = card_words(card)
            if not any(all(w in words for w in group) for group in self.any_of):
                return False
        if self.sizes and (card.size or "") not in self.sizes:
            return False
        if self.kind and card.kind != self.kind:
            return False
        if self.rarity and card.rarity != self.rarity:
            return False
        rng = card.range or 0
        if self.range_max is not None and rng > self.range_max:
            return False
        return self.range_min is None or rng >= self.range_min

    def fits(self, state: MatchState, holder: Figure, fig: Figure) -> bool:
        """Whether ``fig`` is one of the figures named, seen from ``holder`` (``flags``: words of
        figures left out, "soulborg")."""
        if self.flags and any(all(w in card_words(state.card_of(fig)) for w in f.split()) for f in self.flags):
            return False
        if self.same_card and fig.card_key != holder.card_key:
            return False
        if self.side == "friendly" and state.is_enemy(holder, fig):
            return False
        if self.side == "enemy" and not state.is_enemy(holder, fig):
            return False
        return self.card_fits(state.card_of(fig))


def _words_groups(text: str) -> tuple[tuple[str, ...], ...] | None:
    """``"Orc Warriors"`` -> ``(("orc", "warrior"),)``; ``"Knights and Sentinels"`` -> two groups;
    ``None`` when nothing is left."""
    groups = []
    for part in re.split(r"\s+(?:and|or)\s+|\s*,\s*", text):
        words = tuple(singular(w) for w in part.split() if w not in _NOISE)
        if words:
            groups.append(words)
    return tuple(groups) or None


def who(text: Any) -> tuple[Who | None, str | None]:
    """Read a ``who`` phrase (see :class:`Who`); ``(None, reason)`` for what is not understood.

    >>> who("friendly Orc Warriors")[0].any_of
    (('orc', 'warrior'),)
    >>> w, _ = who("opponent's figures"); w.side
    'enemy'
    >>> who("Small/Medium figures you control, vs attackers that follow Utgar")[1]
    "the figures named 'Small/Medium figures you control, vs attackers that follow Utgar' are not understood"
    """
    raw = norm(text)
    t = raw
    out: dict[str, Any] = {}
    if not t:
        return Who(), None
    bad = (None, f"the figures named '{text}' are not understood")
    if "," in t or " vs " in t or t.startswith("vs ") or "chosen" in t or "start their turn" in t:
        return bad
    m = re.search(r"\s*\(normal attacks\)$", t)
    if m:
        out["attack"] = "normal"
        t = t[: m.start()]
    m = re.search(r"\s+attacking an adjacent figure$", t)
    if m:
        out["attack"] = "adjacent"
        t = t[: m.start()]
    m = re.search(r"\s+attacked by your (.+)$", t)
    if m:
        groups = _words_groups(m.group(1))
        if groups is None:
            return bad
        out["attacked_by"] = groups
        t = t[: m.start()]
    m = re.search(r"\s*that follows? (\w+)$", t)
    general = None
    if m:
        general = singular(m.group(1))
        t = t[: m.start()]
    if t in ("this squad", "this card", "self"):
        return Who(side="friendly", same_card=True, **out), None
    side = "any" if "attacked_by" in out else "friendly"
    t = re.sub(r"^all (?=your |friendly |opponent's |enemy )", "", t)
    for pat, s in ((r"^friendly\s+", "friendly"), (r"\s+you control$", "friendly"), (r"^your\s+", "friendly"),
                   (r"^(opponent's|opponents'|opposing|enemy)\s+", "enemy"), (r"^all\s+", "any")):
        if re.search(pat, t):
            side = s
            t = re.sub(pat, " ", t).strip()
    m = re.search(r"\s*with range (\d+)(\+)?$", t)
    if m:
        n = int(m.group(1))
        if m.group(2):
            out["range_min"] = n
        else:
            out["range_max"] = n
        t = t[: m.start()]
    sizes: list[str] = []
    m = re.match(r"^((?:small|medium|large|huge)(?:\s*(?:/|,|or|and)\s*(?:small|medium|large|huge))*)\s+", t)
    if m:
        sizes = [s for s in _SIZES if s in m.group(1)]
        t = t[m.end():]
    for word, key, value in (("squad", "kind", "squad"), ("hero", "kind", "hero"), ("unique", "rarity", "unique"),
                             ("common", "rarity", "common")):
        if re.search(rf"\b{word}s?\b", t):
            out[key] = value
            t = re.sub(rf"\b{word}s?\b", " ", t)
    t = " ".join(t.split())
    if re.search(r"[^a-z' -]", t) or any(w in t.split() for w in ("if", "when", "while", "who", "which", "that")):
        return bad
    groups = _words_groups(t) or ()
    if general is not None:
        groups = tuple((*g, general) for g in groups) or ((general,),)
    return Who(side=side, any_of=groups, sizes=tuple(sizes), **out), None


# ---- distance -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reach:
    """How far from the holder a figure is reached: ``adjacent``, ``spaces`` (within that many
    spaces and in the holder's clear sight, HS-LOS-03) or anywhere (both unset)."""

    adjacent: bool = False
    spaces: int | None = None

    def reaches(self, state: MatchState, holder: Figure, fig: Figure) -> bool:
        """Whether ``fig`` is within reach of ``holder``."""
        if self.adjacent:
            return adjacent(state, holder, fig)
        if self.spaces is not None:
            return spaces(holder, fig) <= self.spaces and clear_sight(state, holder, fig)
        return True


def reach(value: Any) -> tuple[Reach | None, str | None]:
    """Read a ``distance``: ``"adjacent"``, a number of clear-sight spaces, or ``"any"``.

    >>> reach(4)[0].spaces, reach("adjacent")[0].adjacent, reach("any")[0]
    (4, True, Reach(adjacent=False, spaces=None))
    """
    if isinstance(value, bool):
        return None, f"the distance '{value}' is not understood"
    if isinstance(value, int):
        return Reach(spaces=value), None
    t = norm(value)
    if t == "adjacent":
        return Reach(adjacent=True), None
    if t in ("any", "anywhere", "battlefield"):
        return Reach(), None
    return None, f"the distance '{value}' is not understood"


# ---- conditions ---------------------------------------------------------------------------------

_Clause = tuple[str, Callable[..., Test], bool]


def _size_test(sizes: tuple[str, ...]) -> Test:
    return lambda st, h, o, a: o is not None and (st.card_of(o).size or "") in sizes


def _other_words(groups: tuple[tuple[str, ...], ...]) -> Test:
    return lambda st, h, o, a: o is not None and any(all(w in card_words(st.card_of(o)) for w in g) for g in groups)


def _moved(st: MatchState, fig: Figure) -> bool:
    turn = st.turn
    return turn is not None and (fig.id in turn.moved or fig.id in turn.spent or fig.id in turn.data.get("moved_any", ()))


def _unengaged_on_at_start(words: list[str]) -> Test | None:
    kinds: tuple[Terrain, ...] = ()
    for w in words:
        if w not in _TERRAIN_WORDS:
            return None
        kinds += _TERRAIN_WORDS[w]

    def test(st: MatchState, h: Figure, o: Figure | None, a: str) -> bool:
        bf = field_of(st)
        mine = start_hexes(st, h)
        cells = [bf.top_cell(x) for x in mine if x in bf]
        if not any(c is not None and bf.terrain(x, c.top) in kinds for x, c in zip(mine, cells, strict=False)):
            return False
        return not any(st.is_enemy(h, f) and adjacent_at_start(st, h, f) for f in st.on_battlefield())

    return test


def _clause(c: str) -> tuple[Test | None, bool]:
    """One clause of a condition: its test and whether it needs the attack's other figure."""
    sizes_re = r"((?:small|medium|large|huge)(?:\s*(?:/|or|and)\s*(?:small|medium|large|huge))*)"
    # the other figure's place
    if re.fullmatch(r"(target|defender|attacker|opponent) (is )?adjacent|vs (an )?adjacent (attacker|figure)s?"
                    r"|attacked by an adjacent figure", c):
        return (lambda st, h, o, a: o is not None and adjacent(st, h, o)), True
    if re.fullmatch(r"(target|defender|attacker|opponent) (is )?not adjacent|(vs )?(a )?non-adjacent (attacker|figure)s?"
                    r"|target non-adjacent", c):
        return (lambda st, h, o, a: o is not None and not adjacent(st, h, o)), True
    if c in ("normal attacks", "normal attack", "vs normal attacks", "a normal attack"):
        return (lambda st, h, o, a: a == "normal"), False
    if c in ("leaving-engagement attacks", "leaving-engagement attack"):
        return (lambda st, h, o, a: a == "swipe"), False
    if c in ("special attacks", "vs special attacks"):
        return (lambda st, h, o, a: a == "special"), False
    m = re.fullmatch(r"vs (a )?normal attacks? from an? (non-)?adjacent (figure|attacker)", c)
    if m:
        far = m.group(2) is not None
        return (lambda st, h, o, a: a == "normal" and o is not None and adjacent(st, h, o) != far), True
    m = re.fullmatch(r"(target|defender|attacker|opponent) is (an? )?(adjacent )?" + sizes_re + r"( squad| hero)?( figure)?", c)
    if m:
        sz = tuple(s for s in _SIZES if s in m.group(4))
        near = m.group(3) is not None
        kind = (m.group(5) or "").strip()
        size_ok = _size_test(sz)
        return (lambda st, h, o, a: size_ok(st, h, o, a) and (not near or (o is not None and adjacent(st, h, o)))
                and (not kind or (o is not None and st.card_of(o).kind == kind))), True
    m = re.fullmatch(r"(target|defender|opponent) is an? (common|unique|uncommon) (figure|hero|squad figure)", c)
    if m:
        rarity = m.group(2)
        return (lambda st, h, o, a: o is not None and st.card_of(o).rarity == rarity), True
    m = re.fullmatch(r"(target|defender|attacker) follows (\w+)", c)
    if m:
        g = singular(m.group(2))
        return (lambda st, h, o, a: o is not None and singular(st.card_of(o).general or "") == g), True
    m = re.fullmatch(r"(target|defender) has the (\w+) personality", c)
    if m:
        p = m.group(2)
        return (lambda st, h, o, a: o is not None and (st.card_of(o).personality or "").lower() == p), True
    m = re.fullmatch(r"(target|defender) (is an?|has) (flying or stealth flying|flying)", c)
    if m:
        return (lambda st, h, o, a: o is not None and st.card_of(o).flies), True
    m = re.fullmatch(r"(target|defender|attacker) is an? ([a-z' ]+)", c)
    if m and m.group(2).split()[-1] not in ("figure", "space"):
        groups = _words_groups(m.group(2))
        if groups:
            return _other_words(groups), True
    # height
    if c in ("has height advantage", "attacking from higher level", "has height advantage on the target",
             "this figure has height advantage"):
        return (lambda st, h, o, a: o is not None and height_advantage_dice(st, h, o) > 0), True
    # the holder's own place and state
    m = re.fullmatch(r"(?:on|standing on) an? ([a-z ]+?) space", c)
    if m and m.group(1) in _TERRAIN_WORDS and _TERRAIN_WORDS[m.group(1)]:
        kinds = _TERRAIN_WORDS[m.group(1)]
        return (lambda st, h, o, a: on_terrain(st, h, kinds)), False
    m = re.fullmatch(r"within (\d+) spaces? of an? ([a-z ]+?)( tile| space)?", c)
    if m and m.group(2) in _TERRAIN_WORDS and _TERRAIN_WORDS[m.group(2)]:
        kinds, n = _TERRAIN_WORDS[m.group(2)], int(m.group(1))
        return (lambda st, h, o, a: near_terrain(st, h, kinds, n)), False
    if c in ("engaged", "this figure is engaged"):
        return (lambda st, h, o, a: bool(engaged_enemies(st, h))), False
    if c in ("not engaged", "unengaged"):
        return (lambda st, h, o, a: not engaged_enemies(st, h)), False
    m = re.fullmatch(r"every army card you control is (\w+)", c)
    if m:
        pers = m.group(1)
        return (lambda st, h, o, a: all((c.card.personality or "").lower() == pers for c in st.cards.values()
                                        if c.controller == h.controller)), False
    if c in ("at least 1 shield rolled",):
        return (lambda st, h, o, a: True), False  # read by the wound cap itself
    m = re.fullmatch(r"(\d+) or more wounds on this (card|figure)", c)
    if m:
        n = int(m.group(1))
        return (lambda st, h, o, a: h.wounds >= n), False
    if c == "second guard attacks the same figure as the first" or c == "another figure of this card attacked the target this turn":
        return (lambda st, h, o, a: o is not None and st.turn is not None and any(
            x != h.id and t == o.id and x in st.figures and st.figures[x].card_key == h.card_key
            for x, t in st.turn.data.get("attacks", ()))), True
    m = re.fullmatch(r"(?:(target|defender) )?(?:is )?adjacent to (?:an?|another) (friendly )?([a-z' ]+?)"
                     r"( you control)?( that follows (\w+))?", c)
    if m and (m.group(2) or m.group(4) or m.group(3).endswith("figure")):
        whose, words = m.group(1), m.group(3)
        groups = _words_groups(words) or ()
        general = singular(m.group(6)) if m.group(6) else None
        if general:
            groups = tuple((*g, general) for g in groups) or ((general,),)
        w = Who(side="friendly", any_of=groups)

        def next_to(st: MatchState, h: Figure, o: Figure | None, a: str, whose: str | None = whose) -> bool:
            subject = o if whose else h
            if subject is None:
                return False
            return any(f is not subject and f is not h and w.fits(st, h, f) and adjacent(st, subject, f)
                       for f in st.on_battlefield())

        return next_to, bool(whose)
    m = re.fullmatch(r"target within (\d+) spaces, base within (\d+) levels up/down", c)
    if m:  # Reach: base at most L levels above the holder's top or below its base
        n, lv = int(m.group(1)), int(m.group(2))
        return (lambda st, h, o, a: o is not None and spaces(h, o) <= n
                and h.level - lv <= o.level <= h.level + figure_height(st, h) + lv), True
    m = re.fullmatch(r"target was (\d+)\+ clear sight spaces away at the start of the turn", c)
    if m:  # Galloping Charge
        return far_at_start(int(m.group(1))), True
    if re.fullmatch(r"(defender|target) (was )?not adjacent at (the )?start of (the )?turn", c):
        return (lambda st, h, o, a: o is not None and not adjacent_at_start(st, h, o)), True
    m = re.fullmatch(r"you control another (unique )?([a-z ]+?) (hero|squad) that follows (\w+)", c)
    if m:
        rarity, words, kind, general = m.group(1), m.group(2).split(), m.group(3), singular(m.group(4))
        w = Who(side="friendly", any_of=((*(singular(x) for x in words), general),), kind=kind,
                rarity="unique" if rarity else None)
        return (lambda st, h, o, a: any(f.card_key != h.card_key and f.controller == h.controller
                                        and w.card_fits(st.card_of(f)) for f in st.on_battlefield())), False
    m = re.fullmatch(r"started turn unengaged on (?:an? )?([a-z ]+?)(?: space)?", c)
    if m:
        test = _unengaged_on_at_start([w.strip() for w in re.split(r"\s+or\s+", m.group(1))])
        if test is not None:
            return test, False
    m = re.fullmatch(r"started turn adjacent to an? ([a-z]+) figure you control", c)
    if m:
        pers = m.group(1)
        return (lambda st, h, o, a: any(
            f is not h and not st.is_enemy(h, f) and (st.card_of(f).personality or "").lower() == pers
            and adjacent_at_start(st, h, f) for f in st.on_battlefield())), False
    m = re.fullmatch(r"exactly (\d+) unrevealed order markers? on this card", c)
    if m:
        n = int(m.group(1))

        def unrevealed(st: MatchState, h: Figure, o: Figure | None, a: str) -> bool:
            shown = st.revealed.get(h.controller, [])
            return sum(1 for mk, key in st.orders.get(h.controller, {}).items()
                       if key == h.card_key and mk not in shown) == n

        return unrevealed, False
    m = re.fullmatch(r"all order markers on ([a-z]+) cards, one on [a-z' ]+", c)
    if m:
        word = singular(m.group(1))

        def all_on(st: MatchState, h: Figure, o: Figure | None, a: str) -> bool:
            placed = st.orders.get(h.controller, {})
            return bool(placed) and h.card_key in placed.values() and all(
                key in st.cards and word in card_words(st.cards[key].card) for key in placed.values())

        return all_on, False
    m = re.fullmatch(r"([a-z' ]+) not used(?: this turn)?", c)
    if m:  # a power of the card, recorded by its module when used (``used:<name>`` in turn.data)
        name = m.group(1)
        return (lambda st, h, o, a: st.turn is None or not st.turn.data.get(f"used:{name}:{h.card_key}")), False
    m = re.fullmatch(r"(started turn )?adjacent to an? ([a-z ]+)", c)
    if m and m.group(2) in places.WORDS:  # Glacier Camouflage, Jungle Tracking (where the turn began)
        pieces, start = places.WORDS[m.group(2)], bool(m.group(1))
        return (lambda st, h, o, a: places.next_to_obstacle(st, start_hexes(st, h) if start else h.hexes, pieces)), False
    if c == "x order marker revealed this round":  # revealed on this card (block_x_marker asks)
        return (lambda st, h, o, a: "X" in st.revealed.get(h.controller, [])
                and st.orders.get(h.controller, {}).get("X") == h.card_key), False
    if c in ("this figure did not move this turn", "did not move this turn", "this figure has not moved this turn"):
        return (lambda st, h, o, a: not _moved(st, h)), False
    if c in ("this figure moved at least 1 space this turn", "this figure moved this turn"):
        return (lambda st, h, o, a: _moved(st, h)), False
    if c == "no figure of this card moved this turn":
        return (lambda st, h, o, a: not any(_moved(st, f) for f in st.figures_of(h.card_key))), False
    return None, False


def condition(text: Any) -> tuple[Cond | None, str | None]:
    """Read a ``condition`` phrase (clauses joined by ``and``) into a :class:`Cond`.

    >>> c, why = condition("target adjacent and this figure has height advantage"); (len(c.tests), why)
    (2, None)
    >>> condition("only on even rounds")[1]
    "the condition 'only on even rounds' is not understood"
    """
    if text is None or text == "":
        return ALWAYS, None
    if not isinstance(text, str):
        return None, f"the condition '{text}' is not understood"
    t = norm(text)
    tests: list[Test] = []
    needs = False
    parts = [q for clause in t.split(";")  # "...; Thunder Step not used": clauses joined by ";" too
             for q in re.split(r"\s+and\s+(?=(?:this|target|defender|attacker|has|on|not|the)\b)", clause.strip())]
    # "target not adjacent and has Flying": the subject carries over to the next clause
    subject = ""
    for part in parts:
        p = part.strip()
        if p.startswith("has ") and subject and "height" not in p:
            p = f"{subject} {p}"
        test, other = _clause(p)
        if test is None:
            return None, f"the condition '{text}' is not understood"
        subject = p.split()[0] if p.split()[0] in ("target", "defender", "attacker") else subject
        tests.append(test)
        needs = needs or other
    return Cond(tuple(tests), needs, t), None


# ---- a cache of read phrases, per power --------------------------------------------------------

_T = TypeVar("_T")
_READ: dict[tuple[int, str], tuple[Any, Any]] = {}


def read(power: Any, key: str, reader: Callable[[Any], _T]) -> _T:
    """``reader(power)`` once per power object (powers are frozen; the hooks are asked often)."""
    hit = _READ.get((id(power), key))
    if hit is not None and hit[0] is power:
        return cast(_T, hit[1])
    value = reader(power)
    if len(_READ) >= 4096:
        _READ.clear()
    _READ[(id(power), key)] = (power, value)
    return value
