"""Moves powers give outside the normal move (:class:`~bot.rules.powers._free.FreeMove`):

- ``pre_round_move``: once Order Markers are placed (the "after Order Markers" window), each
  figure of the card may move up to ``distance`` spaces; ``condition`` ``"all your Order Markers
  on WORD cards"`` (Eisenek Advance) and ``when`` ``"first round only"`` (Orc Battle Rush).
- ``post_turn_move``: as the card's turn ends, each figure of it may move up to ``distance``
  spaces; ``condition`` ``"did not use NAME this turn"`` (Hyper Speed 5: no special attack made).
- ``move_other`` with ``trigger`` ``"before this card's turn"``: as the card's turn begins, up to
  the number of figures its ``who`` names (``"4 Gladiatrons you control"``) may each move up to
  ``distance`` spaces (Movement Bonding).

Every such move follows the normal movement rules (engagement, leaving-engagement attacks, water,
falls) with ``distance`` instead of the Move value; the player names the space, or ``stay``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.powers._common import holders, is_a
from bot.rules.powers._free import FreeMove
from bot.rules.powers._turns import living
from bot.rules.powers._who import parse_who
from bot.rules.state import MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"pre_round_move", "post_turn_move", "move_other"})

_ALL_ON = re.compile(r"all your Order Markers on (\w+) cards")
_DID_NOT = re.compile(r"did not use (.+) this turn")


def check_pre_round_move(values: dict[str, Any]) -> str | None:
    """Why a ``pre_round_move`` power's ``values`` cannot be enforced, or ``None``."""
    if not isinstance(values.get("distance"), int):
        return f"a move of '{values.get('distance')}' spaces is not understood"
    if "who" in values:
        return f"moving '{values['who']}' is not built yet"
    if values.get("condition") is not None and not _ALL_ON.fullmatch(str(values["condition"])):
        return f"the condition '{values['condition']}' is not understood"
    if values.get("when") not in (None, "first round only"):
        return f"the moment '{values['when']}' is not understood"
    return None


def check_post_turn_move(values: dict[str, Any]) -> str | None:
    """Why a ``post_turn_move`` power's ``values`` cannot be enforced, or ``None``."""
    if not isinstance(values.get("distance"), int):
        return f"a move of '{values.get('distance')}' spaces is not understood"
    if "max_up" in values:
        return f"climbing up to {values['max_up']} levels in one space is not built yet"
    if values.get("condition") is not None and not _DID_NOT.fullmatch(str(values["condition"])):
        return f"the condition '{values['condition']}' is not understood"
    return None


def check_move_other(values: dict[str, Any]) -> str | None:
    """Why a ``move_other`` power's ``values`` cannot be enforced, or ``None``."""
    if values.get("trigger") != "before this card's turn":
        return f"the moment '{values.get('trigger')}' is not built yet"
    if not isinstance(values.get("distance"), int):
        return f"a move of '{values.get('distance')}' spaces is not understood"
    who = parse_who(str(values.get("who", "")))
    return f"'{values.get('who')}' is not understood" if who.unknown or who.sight else None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "pre_round_move": check_pre_round_move, "post_turn_move": check_post_turn_move, "move_other": check_move_other,
}


def _orders_on(state: MatchState, player: str, word: str) -> bool:
    """Whether every Order Marker of ``player`` this round is on a card of ``word`` (species or class)."""
    keys = list(state.orders.get(player, {}).values())
    return bool(keys) and all(k in state.cards and (is_a(state.cards[k].card, species=word)
                                                   or is_a(state.cards[k].card, class_=word)) for k in keys)


class _CardMove(FreeMove):
    """A free move of each figure of the card whose power it is, at :attr:`window`."""

    kind = ""
    rule = "HS-SPECIAL-08"

    def budget(self, engine: RulesContext, trigger: Trigger) -> int:
        power = self.power(engine, trigger)
        return int(power.values["distance"]) if power else 0

    def ready(self, engine: RulesContext, card_key: str, values: dict[str, Any]) -> bool:
        raise NotImplementedError

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        seen: set[str] = set()
        out = []
        for fig, power in holders(st, self.kind):
            if fig.card_key in seen or CHECKS[self.kind](power.values) is not None:
                continue
            seen.add(fig.card_key)
            if not self.ready(engine, fig.card_key, power.values):
                continue
            out += [Trigger(self.name, f.controller, f.id, (("card", f.card_key),), source=f.id)
                    for f in living(st, fig.card_key)]
        return out


@register
class PreRoundMove(_CardMove):
    """Eisenek Advance, Orc Battle Rush: a move once Order Markers are placed."""

    name = "pre_round_move"
    kind = "pre_round_move"
    window = Window.AFTER_ORDER_MARKERS

    def ready(self, engine: RulesContext, card_key: str, values: dict[str, Any]) -> bool:
        st = engine.state
        if values.get("when") == "first round only" and st.round != 1:
            return False
        m = _ALL_ON.fullmatch(str(values.get("condition") or ""))
        return m is None or _orders_on(st, st.cards[card_key].controller, m.group(1))


@register
class PostTurnMove(_CardMove):
    """Hyper Speed: a move as the card's turn ends (unless it made a special attack, when so said)."""

    name = "post_turn_move"
    kind = "post_turn_move"
    window = Window.AFTER_CARD_TURN

    def ready(self, engine: RulesContext, card_key: str, values: dict[str, Any]) -> bool:
        turn = engine.state.turn
        if turn is None or turn.card_key != card_key:
            return False
        if values.get("condition"):
            used = set(turn.data.get("special", []))
            return not any(f.id in used for f in engine.state.figures_of(card_key))
        return True


@register
class MovementBonding(FreeMove):
    """Gladiatron / Gorillinator Movement Bonding: as the card's turn begins, up to N figures the
    ``who`` names each move up to ``distance`` spaces (one trigger per figure: ``stay`` leaves it)."""

    name = "move_other"
    kind = "move_other"
    window = Window.START_OF_TURN
    immediate = True
    rule = "HS-SPECIAL-08"

    def budget(self, engine: RulesContext, trigger: Trigger) -> int:
        power = self.power(engine, trigger)
        return int(power.values["distance"]) if power else 0

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key not in st.cards or turn.activated:
            return []
        cip = st.cards[turn.card_key]
        power = cip.card.power(self.kind)
        if power is None or check_move_other(power.values) is not None:
            return []
        who = parse_who(str(power.values["who"]))
        movers = [f for c in sorted(st.cards.values(), key=lambda c: c.key)
                  if c.key != cip.key and c.controller == cip.controller and who.matches(c.card)
                  for f in living(st, c.key)]
        return [Trigger(self.name, cip.controller, f.id, (("card", cip.key),)) for f in movers[:who.count]]
