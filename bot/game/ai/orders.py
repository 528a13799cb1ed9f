"""The computer player's planning outside its turns: its pick in a draft, and where its Order Markers go
(each card valued by the damage it could deal next turn and the danger it is in).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.game.ai.attacks import special_powers
from bot.game.ai.common import enemies_of, figure_distance
from bot.rules import draft as drafting
from bot.rules.cards import ArmyCard
from bot.rules.odds import dice_odds, life_left
from bot.rules.special import dice_against, legacy_values
from bot.rules.state import MARKERS, NUMBERED, MatchState

#: Weight of the danger a card is in, when choosing where the Order Markers go.
DANGER_WEIGHT = 0.5
#: What a card's next turn is worth, as a share of the one before, when it gets another marker.
REPEAT_SHARE = 0.6

#: With no points limit, the computer passes once its drafted army has this many Army Cards.
DRAFT_MAX_CARDS = 5


def draft_command(st: MatchState, player: str, pool: Iterable[ArmyCard] | None = None) -> str:
    """The computer's pick in a draft (DEC-13): ``draft CARD-ID`` or ``draft pass``.

    It takes the most expensive card of ``pool`` (default: the shipped card library) that it may
    still add, a card nobody has drafted yet before one already taken (so that two computer
    players do not field the same army), ties by name; it passes when none fits, or, with no
    points limit, once it has :data:`DRAFT_MAX_CARDS` cards (and at least one).
    """
    if pool is None:
        from bot.game.session import cards

        pool = cards()
    have = len(st.draft.picks_of(player)) if st.draft is not None else 0
    if have and st.scenario.format.points is None and have >= DRAFT_MAX_CARDS:
        return "draft pass"
    choices = drafting.pickable(st, player, pool)
    if not choices:
        return "draft pass"
    taken = {card for _who, card in st.draft.picks} if st.draft is not None else set()
    best = max(choices, key=lambda c: (c.id not in taken, c.points or 0, c.name))
    return f"draft {best.id}"


# ---- Order Markers -------------------------------------------------------------------------------


def card_values(st: MatchState, player: str) -> list[tuple[float, str]]:
    """Each living card of ``player`` with a value: expected damage it could deal next turn (normal
    or special attack) plus :data:`DANGER_WEIGHT` times the damage enemies could deal to it;
    best first, ties by card key."""
    out: list[tuple[float, str]] = []
    for key in sorted(st.living_cards(player)):
        cip = st.cards[key]
        card = cip.card
        specials = special_powers(card)
        mine = [st.figures[f] for f in cip.figure_ids if st.figures[f].on_battlefield]
        offence = threat = 0.0
        for fig in mine:
            enemies = enemies_of(st, fig)
            reach = card.stat("move") + card.stat("range")
            best = 0.0
            for e in enemies:
                ecard = st.card_of(e)
                dist = figure_distance(fig, e)
                life = life_left(st, e)
                if dist <= reach:
                    best = max(best, dice_odds(card.stat("attack"), ecard.stat("defense"), life).expected)
                else:
                    best = max(best, 0.1 * card.stat("attack") / (1 + dist - reach))
                for p in specials:
                    if dist <= card.stat("move") + legacy_values(p)["range"]:
                        best = max(best, dice_odds(dice_against(p, ecard), ecard.stat("defense"), life).expected)
                if dist <= ecard.stat("move") + ecard.stat("range"):
                    threat += dice_odds(ecard.stat("attack"), card.stat("defense"), life_left(st, fig)).expected
            offence += best
        out.append((offence + DANGER_WEIGHT * threat, key))
    out.sort(key=lambda vk: (-vk[0], vk[1]))
    return out


def marker_plan(st: MatchState, player: str, ranked: list[tuple[float, str]] | None = None,
                each: dict[str, float] | None = None) -> dict[str, str]:
    """Which card key each Order Marker goes on; ``ranked``: each living card's value, best
    first (default :func:`card_values`; the planner's levels give their look-ahead's); ``each``:
    points every numbered marker revealed on a card earns whatever the markers before it did
    (a tracker race's prize holder: each reveal moves the tracker, HS-SCEN-CRIT2-SEAS-03), so
    it neither shrinks nor counts against the cap.

    Markers 1, 2 and 3 go one at a time to the card whose next turn is worth most, a card's
    value shrinking by :data:`REPEAT_SHARE` with each marker it already has (the enemy moves
    away, its targets die); no card gets more than two when the player has two living cards or
    more, so they spread over the two or three best. X, a decoy, goes on a card without a
    numbered marker when there is one, else on the least valuable card.
    """
    ranked = card_values(st, player) if ranked is None else ranked
    keys = [k for _, k in ranked]
    value = {k: v for v, k in ranked}
    each = {k: v for k, v in (each or {}).items() if k in value}
    cap = 2 if len(keys) >= 2 else 3
    numbered: list[str] = []
    for _ in NUMBERED:
        open_keys = [k for k in keys if numbered.count(k) < cap or k in each]
        numbered.append(max(open_keys, key=lambda k: (value[k] * REPEAT_SHARE ** numbered.count(k) + each.get(k, 0.0),
                                                      -keys.index(k))))
    placed = dict(zip(NUMBERED, numbered, strict=True))
    rest = [k for k in keys if k not in numbered]
    placed["X"] = rest[0] if rest else keys[-1]
    return placed


def orders_command(st: MatchState, player: str, ranked: list[tuple[float, str]] | None = None,
                   each: dict[str, float] | None = None) -> str:
    """``orders`` as :func:`marker_plan` places them (``ranked`` and ``each`` as there)."""
    placed = marker_plan(st, player, ranked, each)
    ids = [st.cards[k].card.id for k in st.cards if st.cards[k].controller == player]

    def name(key: str) -> str:  # the card's id, or its key when the army has two copies
        """The card's ID, or its key when the army has two copies of the card."""
        cid = st.cards[key].card.id
        return cid if ids.count(cid) == 1 else key

    return "orders " + " ".join(f"{m}={name(placed[m])}" for m in MARKERS)


