"""Army building: checking an army against the scenario's format and putting it into play.

Rules: points, figure and space limits (HS-ARMY-01), the start zone's size (HS-ARMY-02), Unique
cards at most once per character, a reprint counting as the card it reprints (HS-ARMY-04,
:attr:`ArmyCard.character`), Uncommon repeats each with their own card (HS-ARMY-05,
-06), Common repeats sharing one card (HS-ARMY-08), a Hero card has 1 figure and a Squad card 2
or more (HS-ARMY-15), incomplete cards refused (DEC-07).

Setting figures aside (HS-ARMY-03): an army over its figure or space limit (the format's, or the
start zone's size) is not refused outright when setting figures aside would fix it. Its owner
names the figures to set aside in the same ``army`` command, one entry per figure, by card:
``army Finn; Tarn Viking Warriors; aside Tarn Viking Warriors`` sets aside one Tarn Viking
Warrior. Set-aside figures stay off the battlefield for the whole battle. The points limit counts
every drafted card (setting aside does not refund points), and a figure may be set aside only
while the army is still over a limit; the refusal says how many figures are too many and how to
name them.

Drafting (DEC-13): :func:`check_pick` checks one more card for an army drafted a card at a time.
Every rule above holds after every pick, and a drafted army never sets figures aside: a card
that would take the army over its figure or space limit is not a legal pick.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass
from functools import cache

from bot.rules.cards import ArmyCard
from bot.rules.errors import ArmyError
from bot.rules.scenario import Format
from bot.rules.state import CardInPlay, Figure, MatchState


@dataclass(frozen=True, slots=True)
class ArmySummary:
    """Totals of an army: points, figures and spaces (a double-space figure counts 2)."""

    points: int
    figures: int
    spaces: int


def card_cost(card: ArmyCard, fmt: Format | None = None) -> int | None:
    """What ``card`` costs in ``fmt``'s point system: its Standard points, or its Delta points in a
    Delta format (``None`` when that cost is not known, HS-ARMY-01)."""
    if fmt is not None and fmt.points_system == "delta":
        return card.delta_points
    return card.points


def summarize(cards: Sequence[ArmyCard], fmt: Format | None = None) -> ArmySummary:
    """Totals for a list of drafted cards, points in ``fmt``'s point system (Standard without one;
    incomplete statistics count as 0)."""
    points = sum(card_cost(c, fmt) or 0 for c in cards)
    figures = sum(c.figures or 0 for c in cards)
    spaces = sum((c.figures or 0) * (c.base or 1) for c in cards)
    return ArmySummary(points, figures, spaces)


#: Words that start an ``army`` entry naming a figure to set aside (HS-ARMY-03).
ASIDE_PREFIXES: tuple[str, ...] = ("set aside ", "aside ")


def split_aside(entries: Sequence[str]) -> tuple[list[str], list[str]]:
    """Split an ``army`` command's entries into drafted card names and set-aside card names.

    >>> split_aside(["Finn", "Tarn Viking Warriors", "aside Tarn Viking Warriors"])
    (['Finn', 'Tarn Viking Warriors'], ['Tarn Viking Warriors'])
    """
    cards: list[str] = []
    aside: list[str] = []
    for entry in entries:
        low = entry.strip().lower()
        prefix = next((p for p in ASIDE_PREFIXES if low.startswith(p)), None)
        if prefix is None:
            cards.append(entry.strip())
        else:
            aside.append(entry.strip()[len(prefix):].strip())
    return cards, aside


def _limits(fmt: Format, zone_size: int | None) -> tuple[int | None, int | None, str]:
    """The figure limit, the space limit and the rule that sets the space limit."""
    spaces, rule = fmt.spaces, "HS-ARMY-01"
    if zone_size is not None and (spaces is None or zone_size < spaces):
        spaces, rule = zone_size, "HS-ARMY-02"
    return fmt.figures, spaces, rule


def _over(figures: int, spaces: int, fig_limit: int | None, space_limit: int | None) -> bool:
    return (fig_limit is not None and figures > fig_limit) or (space_limit is not None and spaces > space_limit)


def _is_card(card: ArmyCard, name: str) -> bool:
    """Whether ``card`` is the Army Card a scenario names (by name or id, any case)."""
    return name.casefold() in {card.name.casefold(), card.id.casefold()}


def check_spend(cards: Sequence[ArmyCard], fmt: Format) -> None:
    """Check the format's spending rules on a whole army ("spend at least 25 points on Dumutef
    Guards", HS-SCEN-BRIDGE-MASTER-04, HS-SCEN-DUMUTEF-MASTER-03).

    :raises ArmyError: naming the card and the points still to spend on it.
    """
    for rule in fmt.spend:
        spent = sum(card_cost(c, fmt) or 0 for c in cards if _is_card(c, rule.card))
        if spent < rule.points:
            raise ArmyError(f"this scenario wants at least {rule.points} points of your army spent on {rule.card} "
                            f"(you spend {spent}): add {rule.card} to your army", "HS-SCEN-BRIDGE-MASTER-04",
                            actions=("army",))


def required_cards(pool: Sequence[ArmyCard], fmt: Format) -> list[ArmyCard]:
    """The fewest copies of the cards the format's spending rules name (from ``pool``) that meet
    them, for an army built by the computer; empty when the format has none or the pool lacks them."""
    out: list[ArmyCard] = []
    for rule in fmt.spend:
        card = next((c for c in pool if _is_card(c, rule.card)), None)
        cost = card_cost(card, fmt) if card is not None else None
        if card is None or not cost:
            continue
        out += [card] * -(-rule.points // cost)
    return out


def zone_room(state: MatchState, player: str) -> int | None:
    """How many spaces of ``player``'s start zone a figure may stand on (no obstacle on them,
    HS-OBSTACLE-01): the most spaces the army may take (HS-ARMY-02); ``None`` without a zone."""
    zone = state.battlefield.start_zones.get(state.player(player).zone)
    if not zone:
        return None
    return sum(1 for h in zone if not state.battlefield.obstacles_on(h))


def zone_pairs(state: MatchState, player: str) -> int | None:
    """How many double-space figures ``player``'s start zone holds at most: the most disjoint pairs
    of adjacent spaces of one level without an obstacle (HS-ARMY-02, HS-DOUBLE-01, -02); ``None``
    without a zone. An army fits when its double-space figures are at most this many and all its
    spaces at most :func:`zone_room` (any pairs of a largest set leave the other spaces free)."""
    zone = state.battlefield.start_zones.get(state.player(player).zone)
    if not zone:
        return None
    bf = state.battlefield
    spaces = sorted((h for h in zone if not bf.obstacles_on(h)), key=lambda h: (h.r, h.q))
    level = {h: c.top for h in spaces if (c := bf.top_cell(h)) is not None}
    index = {h: i for i, h in enumerate(spaces)}
    mates = [[index[n] for n in h.neighbours() if n in index and level.get(n) == level.get(h) is not None]
             for h in spaces]

    @cache
    def most(used: int) -> int:
        # The first space not yet decided: left single, or paired with a free neighbour.
        i = next((k for k in range(len(spaces)) if not used >> k & 1), None)
        if i is None:
            return 0
        best = most(used | 1 << i)
        for j in mates[i]:
            if not used >> j & 1:
                best = max(best, 1 + most(used | 1 << i | 1 << j))
        return best

    return most(0)


def _check_pairs(doubles: int, pairs: int | None) -> None:
    if pairs is not None and doubles > pairs:
        raise ArmyError(f"the army has {doubles} double-space figures but the start zone holds only {pairs} "
                        "(each needs two adjacent spaces of one level): pick fewer of them", "HS-ARMY-02",
                        actions=("army",))


def check_army(cards: Sequence[ArmyCard], fmt: Format, zone_size: int | None = None,
               aside: Sequence[ArmyCard] = (), *, partial: bool = False, pairs: int | None = None) -> ArmySummary:
    """Check an army, with the figures its owner sets aside (one card per figure); return its totals.

    The totals count the figures and spaces that will fight; the points count every drafted card.
    ``partial``: the army is still being drafted, so the format's spending rules wait (:func:`check_spend`).
    ``pairs``: how many double-space figures the start zone holds (:func:`zone_pairs`).

    :raises ArmyError: naming the first rule broken and what would fix it.
    """
    if not cards:
        raise ArmyError("an army needs at least one Army Card", "HS-ARMY-01")
    for c in cards:
        if fmt.lines is not None and c.line not in fmt.lines:
            where = c.line or "no known product line"
            raise ArmyError(f"{c.name} comes from {where}; this match allows only {' and '.join(fmt.lines)} cards",
                            "HS-ARMY-01")
        if fmt.points_system == "delta" and c.delta_points is None:
            raise ArmyError(f"{c.name} has no Delta points, so it cannot join an army in this Delta format; "
                            "pick another card", "HS-ARMY-01")
        missing = c.missing_fields()
        if missing:
            raise ArmyError(
                f"{c.name} is incomplete (missing {', '.join(missing)}); its statistics are not public. "
                "Add a complete card file to the card library (on Discord: a server manager, with /cards "
                "upload), or pick a stand-in card", "DEC-07",
            )
        if c.base not in (1, 2):
            raise ArmyError(f"{c.name} stands on a {c.base}-space piece, which the rules cannot place yet; "
                            "pick another card", "DEC-07")
        n = c.stat("figures")
        if (c.kind == "hero" and n != 1) or (c.kind == "squad" and n < 2):
            shape = "exactly 1 figure" if c.kind == "hero" else "2 or more figures"
            raise ArmyError(f"{c.name} is a {c.kind.capitalize()} card showing {n} figure{'' if n == 1 else 's'}; a "
                            f"{c.kind.capitalize()} card has {shape}: its card file is wrong", "HS-ARMY-15")
    # Unique: one card per character, a reprint counting as the card it reprints (HS-ARMY-04).
    seen: dict[str, ArmyCard] = {}
    for c in cards:
        if c.rarity != "unique":
            continue
        first = seen.get(c.character)
        if first is None:
            seen[c.character] = c
            continue
        if first.name == c.name:
            raise ArmyError(f"{c.name} is a Unique card and can be in an army only once", "HS-ARMY-04")
        raise ArmyError(f"{c.name} and {first.name} are the same character, and a Unique card can be in an "
                        "army only once, reprints included: keep one of them", "HS-ARMY-04")
    drafted = summarize(cards, fmt)
    if fmt.points is not None and drafted.points > fmt.points:
        system = " Delta" if fmt.points_system == "delta" else ""
        raise ArmyError(f"the army costs {drafted.points}{system} points; this match allows {fmt.points}", "HS-ARMY-01")
    if not partial:
        check_spend(cards, fmt)
    available = Counter({c.id: 0 for c in cards})
    for c in cards:
        available[c.id] += c.stat("figures")
    for c in aside:
        available[c.id] -= 1
        if c.id not in {d.id for d in cards} or available[c.id] < 0:
            raise ArmyError(f"cannot set aside a {c.name} figure: the army has no more of them", "HS-ARMY-03")
    figures = drafted.figures - len(aside)
    spaces = drafted.spaces - sum(c.base or 1 for c in aside)
    fig_limit, space_limit, space_rule = _limits(fmt, zone_size)
    if aside and any(not _over(figures + 1, spaces + (c.base or 1), fig_limit, space_limit) for c in aside):
        raise ArmyError(
            f"set figures aside only until the army is at or under its limits; it fits with {len(aside) - 1} "
            "set aside", "HS-ARMY-03",
        )
    if _over(figures, spaces, fig_limit, space_limit):
        # Over a figure or space limit: set figures aside (HS-ARMY-03); a start zone too small
        # for the army is named as such (HS-ARMY-02).
        if fig_limit is not None and figures > fig_limit:
            what, rule = f"the army has {figures} figures; this match allows {fig_limit}", "HS-ARMY-03"
        elif space_rule == "HS-ARMY-02":
            what, rule = f"the army takes {spaces} spaces but the start zone has only {space_limit}", "HS-ARMY-02"
        else:
            what, rule = f"the army takes {spaces} spaces; this match allows {space_limit}", "HS-ARMY-03"
        example = cards[-1].name
        raise ArmyError(
            f"{what}. Set figures aside before the game until it fits: add one entry per figure to your list "
            f"of Army Cards, the word aside and its card, such as 'aside {example}'", rule, actions=("army",),
        )
    doubles = sum(c.stat("figures") for c in cards if c.base == 2) - sum(1 for c in aside if c.base == 2)
    _check_pairs(doubles, pairs)
    return ArmySummary(drafted.points, figures, spaces)


def check_pick(picked: Sequence[ArmyCard], card: ArmyCard, fmt: Format, zone_size: int | None = None,
               pairs: int | None = None) -> ArmySummary:
    """Check that ``card`` may join an army drafted so far as ``picked`` (DEC-13); return the new totals.

    Every army-building rule of :func:`check_army` must hold with the card added, and the figure
    and space limits (the format's, or the start zone's size, HS-ARMY-02) must hold without
    setting any figure aside.

    :raises ArmyError: naming the rule the pick would break, in words for the player who picks.
    """
    after = [*picked, card]
    totals = summarize(after, fmt)
    fig_limit, space_limit, space_rule = _limits(fmt, zone_size)
    if fmt.points is not None and totals.points > fmt.points:
        left = fmt.points - summarize(picked, fmt).points
        raise ArmyError(f"{card.name} costs {card_cost(card, fmt) or 0} points but your army has only {left} of "
                        f"{fmt.points} left", "HS-ARMY-01")
    if fig_limit is not None and totals.figures > fig_limit:
        raise ArmyError(f"{card.name} would bring your army to {totals.figures} figures; this match allows "
                        f"{fig_limit}", "HS-ARMY-01")
    if space_limit is not None and totals.spaces > space_limit:
        where = "your start zone has" if space_rule == "HS-ARMY-02" else "this match allows"
        raise ArmyError(f"{card.name} would bring your army to {totals.spaces} spaces; {where} "
                        f"{space_limit}", space_rule)
    return check_army(after, fmt, zone_size, partial=True, pairs=pairs)


#: Power kinds whose figures start the battle off the battlefield and enter by their power (The
#: Drop); a power's module declares its kind with :func:`starts_off_battlefield`.
_STARTS_OFF: set[str] = set()


def starts_off_battlefield(kind: str) -> None:
    """Declare that figures of cards with a power of ``kind`` are not placed in a start zone:
    :func:`add_army` marks them ``reserve`` and their power brings them on."""
    _STARTS_OFF.add(kind)


def _base_id(card: ArmyCard) -> str:
    word = re.sub(r"[^a-z0-9]", "", card.short.split()[0].lower()) or "fig"
    return word


def add_army(state: MatchState, player: str, cards: Sequence[ArmyCard], aside: Sequence[ArmyCard] = ()) -> list[str]:
    """Put a checked army into play for ``player``: cards and (unplaced) figures. Returns card keys.

    Common cards drafted several times become one card with all their figures (HS-ARMY-08);
    Uncommon and Unique cards each get their own (HS-ARMY-06), the second copy's key ending in
    ``#2`` and its figure numbered 2 (``feral2``). One figure of each ``aside`` card is set aside,
    the last one of that card (HS-ARMY-03). Figures of a card with a power declared by
    :func:`starts_off_battlefield` are ``reserve``: not placed, brought on by that power.
    """
    keys: list[str] = []
    commons: dict[str, CardInPlay] = {}
    copies: Counter[str] = Counter()
    for card in cards:
        if card.rarity == "common" and card.id in commons:
            cip = commons[card.id]
        else:
            copies[card.id] += 1
            key = f"{player}/{card.id}" + (f"#{copies[card.id]}" if copies[card.id] > 1 else "")
            cip = CardInPlay(key=key, card=card, owner=player, controller=player)
            state.cards[key] = cip
            keys.append(key)
            if card.rarity == "common":
                commons[card.id] = cip
        n = card.stat("figures")
        reserve = any(p.kind in _STARTS_OFF for p in card.powers)
        base = _base_id(card)
        copy = copies[card.id] if card.rarity != "common" else 1
        for _ in range(n):
            fid = _free_id(state.figures, base, squad=card.kind == "squad" or card.rarity == "common" or copy > 1, start=copy)
            state.figures[fid] = Figure(id=fid, card_key=cip.key, owner=player, controller=player, reserve=reserve)
            cip.figure_ids.append(fid)
    for card in aside:
        owned = [c for c in state.cards.values() if c.owner == player and c.card.id == card.id]
        for cip in reversed(owned):
            left = [f for f in cip.figure_ids if not state.figures[f].set_aside]
            if left:
                state.figures[left[-1]].set_aside = True
                break
    return keys


def add_card(state: MatchState, player: str, card: ArmyCard) -> str:
    """Bring one more Army Card into ``player``'s army during the battle (reinforcements,
    HS-SCEN-DUMUTEF-MASTER-09..11): its own card in play (a key not yet used: ``#2``, ``#3``...)
    and its figures, off the battlefield (``reserve``) until put on. Returns the card's key."""
    n = 1
    key = f"{player}/{card.id}"
    while key in state.cards:
        n += 1
        key = f"{player}/{card.id}#{n}"
    cip = CardInPlay(key=key, card=card, owner=player, controller=player)
    state.cards[key] = cip
    base = _base_id(card)
    for _ in range(card.stat("figures")):
        fid = _free_id(state.figures, base, squad=card.kind == "squad" or card.rarity == "common" or n > 1, start=n)
        state.figures[fid] = Figure(id=fid, card_key=key, owner=player, controller=player, reserve=True)
        cip.figure_ids.append(fid)
    return key


def remove_army(state: MatchState, player: str) -> None:
    """Take every Army Card ``player`` owns, and its figures, out of the match (an army chosen again,
    a draft pick rebuilding the army, a player leaving the table before the battle)."""
    for key in [k for k, c in state.cards.items() if c.owner == player]:
        for fid in state.cards[key].figure_ids:
            state.figures.pop(fid, None)
        del state.cards[key]


def _free_id(taken: Container[str], base: str, squad: bool, start: int = 1) -> str:
    if not squad and base not in taken:
        return base
    i = start
    while f"{base}{i}" in taken:
        i += 1
    return f"{base}{i}"


def renumber_figures(state: MatchState) -> None:
    """Give every figure in play the id a fresh match with these armies would give it.

    Armies may be chosen again before placement, so ids assigned as the armies came in would
    carry traces of earlier choices (``finn1`` where ``finn`` is free again). Ids follow the
    armies in play in the order they were set (``state.cards``' order: an army chosen again goes
    last), with :func:`add_army`'s numbering: a Hero alone of its name keeps the bare name
    (``finn``), a Squad, a Common card or a second copy is numbered (``tarn1``, ``feral2``), and a
    name an earlier army already holds is numbered from 1 (``finn1``). So a match whose armies
    were each chosen once keeps exactly the ids it had (logs replay unchanged). Call it only
    before placement, while nothing refers to figures by id. Flags (set aside, reserve) stay.
    """
    order = list(state.cards.values())
    old = state.figures
    new: dict[str, Figure] = {}
    for cip in order:
        card = cip.card
        copy = int(cip.key.rsplit("#", 1)[1]) if "#" in cip.key and card.rarity != "common" else 1
        squad = card.kind == "squad" or card.rarity == "common" or copy > 1
        ids = []
        for fid in cip.figure_ids:
            f = old[fid]
            f.id = _free_id(new, _base_id(card), squad=squad, start=copy)
            new[f.id] = f
            ids.append(f.id)
        cip.figure_ids[:] = ids
    for fid, f in old.items():  # a figure of no card (none in a real match) keeps its id
        if f.card_key not in state.cards:
            new.setdefault(fid, f)
    state.figures.clear()
    state.figures.update(new)
