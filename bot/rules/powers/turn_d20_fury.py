"""Part of building block ``d20_table``: a table rolled before moving that changes the card's Attack
or Move for its turn (Unleashed Fury of the Anubian Wolves, Wild Pack Movement of the Marrden
Hounds).

``values``: ``window`` "before moving" and a ``table`` of d20 ranges (``"1"``, ``"2-6"``, ``"20"``)
to "+N attack", "+N move" or "destroy one <figure> you control" (a card's name in the singular, "Anubian Wolf", or
words :func:`bot.rules.powers._who.parse_who` reads). As the card's turn begins, before any of
its figures moves (the start-of-turn window, HS-TURN-02), its controller rolls the d20 (the card
says "roll": it is not a choice); roll modifiers add to it (Khosumet the Darklord's Unleashed Fury
Enhancement, :mod:`block_roll_modifier`). "+N attack" adds N dice to the normal attacks of the
card's figures this turn (a special attack's dice are its own, HS-SPECIAL-02); "+N move" adds N
to their Move this turn; "destroy one ..." destroys one such figure of the player's: the player
picks which when there are several (a pending decision).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.cards import ArmyCard, Power
from bot.rules.modifiers import AttackContext
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import PowerEffect
from bot.rules.powers._shaped import roll_d20
from bot.rules.powers._tables import row_for, table_rows
from bot.rules.powers._turns import living
from bot.rules.powers._who import parse_who
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_table`` powers of this shape (:mod:`block_d20` asks
#: :func:`is_fury` and leaves them to this module).
KINDS: frozenset[str] = frozenset()
KIND = "d20_table"
WINDOW = "before moving"
#: ``turn.data`` key: card key -> [power name, {stat: change}] rolled this turn.
ROLLED = "d20_fury"
_DESTROY = re.compile(r"destroy one (.+) you control")

#: A row: ``(low, high, (what, amount or figures))`` with ``what`` ``attack``, ``move`` or ``destroy``.
Row = tuple[int, int, tuple[str, Any]]


def _effect(text: Any) -> tuple[str, Any] | None:
    t = terms.norm(text)
    m = re.fullmatch(r"\+(\d+) (attack|move)", t)
    if m:
        return m.group(2), int(m.group(1))
    m = _DESTROY.fullmatch(t)
    if m:
        who = parse_who(m.group(1))
        return ("destroy", m.group(1)) if not who.unknown else None
    return None


def rows(values: dict[str, Any]) -> list[Row] | None:
    """The table as ``(low, high, (what, amount or figures))`` rows, or ``None`` when a row is not understood."""
    return table_rows(values, _effect)


def is_fury(values: dict[str, Any]) -> bool:
    """Whether a ``d20_table``'s ``values`` are a before-moving table this module rolls."""
    return terms.norm(values.get("window", "")) == WINDOW and set(values) == {"window", "table"} \
        and rows(values) is not None


def fury_of(card_powers: list[Power]) -> Power | None:
    """The first such table among ``card_powers``, or ``None``."""
    return next((p for p in card_powers if p.kind == KIND and is_fury(dict(p.values))), None)


def _named(card: ArmyCard, phrase: str) -> bool:
    """Whether ``phrase`` names ``card``: by its name ("Anubian Wolf" for Anubian Wolves) or by its
    species, class and personality words (:class:`~bot.rules.powers._who.Who`)."""
    words = [terms.singular(w) for w in phrase.split()]
    return [terms.singular(w) for w in card.name.lower().split()] == words or parse_who(phrase).matches(card)


def _victims(state: MatchState, player: str, phrase: str) -> list[Figure]:
    return sorted((f for f in state.on_battlefield() if f.controller == player and _named(state.card_of(f), phrase)),
                  key=lambda f: f.id)


def change(state: MatchState, fig: Figure, stat: str) -> tuple[str, int] | None:
    """``(power name, change)`` the table rolled this turn for ``fig``'s card and ``stat``, if any."""
    turn = state.turn
    got = turn.data.get(ROLLED, {}).get(fig.card_key) if turn is not None else None
    if got is None or not got[1].get(stat):
        return None
    return str(got[0]), int(got[1][stat])


@modifiers.on_move_value
def fury_move(state: MatchState, fig: Figure, value: int) -> int:
    """The rolled Move bonus (Wild Pack Movement), this turn."""
    got = change(state, fig, "move")
    return value + got[1] if got else value


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def fury_attack(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """The rolled Attack bonus (Unleashed Fury), for the card's normal attacks this turn."""
    return change(state, ctx.attacker, "attack") if ctx.special is None else None


@register
class FuryTable(PowerEffect):
    """The roll as the card's turn begins (see the module doc). A trigger's ``subject`` is the card
    key, its ``source`` a figure of the card; the follow-up ``step`` "destroy" asks which figure."""

    name = "d20_before_moving"
    kind = KIND
    window = Window.START_OF_TURN
    rule = "HS-TURN-02"

    def power(self, engine: RulesContext, trigger: Trigger) -> Power | None:
        cip = engine.state.cards.get(trigger.subject)
        return fury_of(cip.card.powers) if cip is not None else None

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key is None or turn.card_key not in st.cards or turn.moved \
                or turn.card_key in turn.data.get(ROLLED, {}):
            return []
        cip = st.cards[turn.card_key]
        figs = living(st, cip.key)
        if fury_of(cip.card.powers) is None or not figs:
            return []
        return [Trigger(self.name, cip.controller, cip.key, source=figs[0].id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        power = self.power(engine, trigger)
        table = rows(dict(power.values)) if power is not None else None
        turn = st.turn
        if power is None or table is None or turn is None:
            return
        if trigger.get("step") == "destroy":
            victim = st.figures.get(str(choice))
            if victim is not None and victim.on_battlefield:
                engine.destroy(victim, f"{power.name}")
            return
        cip = st.cards[trigger.subject]
        _, total, shown = roll_d20(engine, cip.controller, power, cip.key)
        row = row_for(table, total)
        rolled = turn.data.setdefault(ROLLED, {})
        rolled[cip.key] = [power.name, {}]
        if row is None:
            engine.emit("power", power=power.name, card=cip.key, player=cip.controller, success=False,
                        result="no effect", **shown)
            return
        what, amount = row
        if what in ("attack", "move"):
            rolled[cip.key] = [power.name, {what: amount}]
            engine.emit("power", power=power.name, card=cip.key, player=cip.controller, success=True,
                        result=f"{cip.card.short} get +{amount} {what.title()} this turn", **shown)
            return
        victims = _victims(st, cip.controller, amount)
        engine.emit("power", power=power.name, card=cip.key, player=cip.controller, success=False,
                    result="one of them is destroyed" if victims else "no effect", **shown)
        if len(victims) == 1:
            engine.destroy(victims[0], power.name)
        elif victims:
            engine.ask(trigger.with_data(step="destroy"), f"{power.name}: which of your figures is destroyed?",
                       [f.id for f in victims])
