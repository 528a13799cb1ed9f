"""Bonding as a building block (HS-TURN-05): before (or after) this card's turn, the player may
take a turn with another card they control that the power's ``who`` names; all in the same
Player Turn (:meth:`~bot.rules.context.RulesContext.add_card_turn`).

``values`` (the shared card file's ``params``): ``who`` (read by :mod:`bot.rules.powers._who`:
``"Orc Champion you control"``, ``"Small or Medium Beast you control"``, ``"Champion you control
that follows Jandar"``, ``"... within 12 clear sight spaces"``) and ``when``: before the card's
turn (offered as that turn begins, before anything else of it, ``immediate``) or after it (offered
in the :attr:`~bot.rules.timing.Window.AFTER_CARD_TURN` window). The answer is the key of the card
that takes a turn, or ``skip``. ``check_bonding`` names what is not built (a chosen card, extras).

Orc Champion Bonding (Blade Gruts, kind ``orc_champion_bonding``) is this block with ``who``
"Orc Champion you control".

``take_turn_instead`` (Utgar's Orders, Mind Link, Master of the Elements, Red Flag of Fury):
instead of this card's turn, turns with up to N other cards ``who`` names, within ``distance``
spaces in clear sight when said (:class:`TakeTurnInstead`); a ``who`` of alternatives ("1 Samurai
Hero, or 1 Samurai Squad, or 1 Ashigaru Harquebus and/or 1 Ashigaru Yari Squad": Kato Katsuro's
Command) allows the cards of one alternative only (an ``and/or`` one: one or both).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from bot.rules import modifiers
from bot.rules.engagement import engaged_enemies
from bot.rules.los import line_of_sight
from bot.rules.powers._common import card_labels, holders, spaces_between
from bot.rules.powers._effects import SKIP, TurnPower
from bot.rules.powers._turns import flag, living, turn_card
from bot.rules.powers._who import Who, chosen_cards, parse_who, who_problem
from bot.rules.state import CardInPlay, Figure, MatchState, TurnState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"bonding", "orc_champion_bonding", "take_turn_instead"})

#: ``when`` phrases meaning before this card's turn, and after it.
BEFORE = ("before this card's turn", "before this figure's turn", "after revealing an order marker on this card, before its turn")
AFTER = ("after this card's turn", "after this figure's turn")
_ELSE_MOVE = re.compile(r"\+(\d+) move")
_ENGAGED = re.compile(r"(\d+)\+ of this squad engaged")


def check_bonding(values: dict[str, Any]) -> str | None:
    """Why a bonding power's ``values`` cannot be enforced, or ``None``."""
    when = str(values.get("when", "")).lower()
    if when not in BEFORE + AFTER:
        return f"the moment '{values.get('when')}' is not understood"
    if "extra" in values:
        return f"'{values['extra']}' is not built yet"
    if "else" in values and not _ELSE_MOVE.fullmatch(str(values["else"])):
        return f"'{values['else']}' is not built yet"
    if "condition" in values and not (_ENGAGED.fullmatch(str(values["condition"])) and when in AFTER):
        return f"the condition '{values['condition']}' is not built yet"
    return who_problem(values.get("who", ""))


def _condition_holds(state: MatchState, cip: CardInPlay, values: dict[str, Any]) -> bool:
    """A bonding power's ``condition``: ``"N+ of this squad engaged"`` (War Cry), or none."""
    m = _ENGAGED.fullmatch(str(values.get("condition", "")))
    if m is None:
        return "condition" not in values
    return sum(1 for f in living(state, cip.key) if engaged_enemies(state, f)) >= int(m.group(1))


@modifiers.on_move_value
def _else_move(state: MatchState, fig: Figure, value: int) -> int:
    """Dwarven Strategic Bonding: no bonded turn before this card's, +N Move for it."""
    turn = state.turn
    if turn is None or turn.card_key != fig.card_key or not holders(state, "bonding"):
        return value
    power = state.card_of(fig).power("bonding")
    m = _ELSE_MOVE.fullmatch(str(power.values.get("else", ""))) if power is not None else None
    if m is None or turn.data.get(f"bonded:{fig.card_key}"):
        return value
    return value + int(m.group(1))


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"bonding": check_bonding}


def partners(state: MatchState, cip: CardInPlay, who: Who) -> list[CardInPlay]:
    """The other cards of ``cip``'s controller with a figure on the battlefield that ``who`` names
    (within its distance and clear sight of a figure of ``cip`` when it says so), by key."""
    mine = living(state, cip.key)
    picked = {c.key for c in chosen_cards(state, cip, who)} if who.chosen else set()
    out = []
    for c in sorted(state.cards.values(), key=lambda c: c.key):
        if c.key == cip.key or c.controller != cip.controller:
            continue
        if c.key not in picked and (who.only_chosen or not who.matches(c.card)):
            continue
        theirs = living(state, c.key)
        if who.sight:
            theirs = [f for f in theirs if any((who.within is None or spaces_between(m, f) <= who.within)
                                               and line_of_sight(state, m, f) for m in mine)]
        if theirs:
            out.append(c)
    return out


class _Bonding(TurnPower):
    """A bonding power of the card whose turn it is (see the module doc); subclasses set the
    window and what :meth:`take` does with the chosen card."""

    rule = "HS-TURN-05"
    kind: ClassVar[str] = "bonding"
    #: The ``when`` phrases this effect answers to.
    moments: ClassVar[tuple[str, ...]] = BEFORE

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        # The card's power is of kind ``kind`` (one kind, two effects: before and after the turn).
        found = turn_card(engine, self.kind)
        if found is None or found[0].data.get(flag(self.name, found[1].key)):
            return []
        return self.offers(engine, found[0], found[1])

    def who(self, engine: RulesContext, key: str) -> Who | None:
        """What the card's power names (``None``: no such power, or not at this moment)."""
        power = engine.state.cards[key].card.power(self.kind)
        if power is None or (self.kind == "bonding" and (check_bonding(power.values)
                                                         or str(power.values["when"]).lower() not in self.moments)):
            return None
        return parse_who(power.values.get("who", ""))

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        who = self.who(engine, cip.key)
        if who is None or turn.player != cip.controller or not partners(engine.state, cip, who):
            return []
        power = cip.card.power(self.kind)
        if power is not None and not _condition_holds(engine.state, cip, power.values):
            return []
        return [Trigger(self.name, cip.controller, cip.key)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return bool(self.options(engine, trigger)[:-1])

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        who = self.who(engine, trigger.subject)
        found = partners(st, st.cards[trigger.subject], who) if who is not None else []
        return [c.key for c in found] + [SKIP]

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        st = engine.state
        keys = [o for o in options if o in st.cards]
        shown = dict(zip(keys, card_labels(st, trigger.controller, [st.cards[k] for k in keys]), strict=True))
        return [shown.get(o, o) for o in options]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        power = self.power(engine, trigger)
        who = str(power.values.get("who", "another card")) if power else "another card"
        order = "first, then" if self.moments is BEFORE else "after"
        return f"{self.power_name(engine, trigger)}: take a turn with a {who} {order} the {engine.state.cards[trigger.subject].card.short}?"

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        if choice not in st.cards:
            return
        when = "first" if self.moments is BEFORE else "next"
        engine.emit("power", power=self.power_name(engine, trigger), card=trigger.subject, player=trigger.controller,
                    success=True, result=f"{st.cards[choice].card.short} takes a turn {when}")
        turn = st.turn
        if turn is not None:
            turn.data[f"bonded:{trigger.subject}"] = True  # no "else" bonus (Dwarven Strategic Bonding)
        engine.add_card_turn(choice, now=self.moments is BEFORE)


@register
class BondingBefore(_Bonding):
    """Bonding before this card's turn: offered as it begins, before anything else of it; the
    chosen card's turn comes first."""

    name = "bonding"
    window = Window.START_OF_TURN
    immediate = True
    leaves_window = True

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        return [] if turn.activated else super().offers(engine, turn, cip)


@register
class BondingAfter(_Bonding):
    """Bonding after this card's turn: offered as it ends; the chosen card's turn comes next."""

    name = "bonding_after"
    window = Window.AFTER_CARD_TURN
    moments = AFTER
    leaves_window = True


@register
class OrcChampionBonding(BondingBefore):
    """Orc Champion Bonding (Blade Gruts): this block with ``who`` "Orc Champion you control"."""

    name = "orc_champion_bonding"
    kind = "orc_champion_bonding"

    def who(self, engine: RulesContext, key: str) -> Who | None:
        return parse_who("Orc Champion you control")

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return "Orc Champion Bonding: take a turn with an Orc Champion first, then the Blade Gruts?"


# ---- take_turn_instead ------------------------------------------------------------------------------------

INSTEAD = "take_turn_instead"
DONE = "done"
_MARKER_ON = re.compile(r"Order Marker (\w) is on this card")


def check_take_turn_instead(values: dict[str, Any]) -> str | None:
    """Why a ``take_turn_instead`` power's ``values`` cannot be enforced, or ``None``: ``who`` (with
    ``up to N``), ``distance`` (spaces, in clear sight), ``condition`` ``"Order Marker 1 is on this
    card"`` or ``"within clear sight of this figure"``."""
    condition = values.get("condition")
    if condition is not None and not _MARKER_ON.fullmatch(str(condition)) and condition != "within clear sight of this figure":
        return f"the condition '{condition}' is not understood"
    if "distance" in values and not isinstance(values["distance"], int):
        return f"a distance of '{values['distance']}' is not understood"
    groups = alternatives(values.get("who", ""))
    if groups is not None:
        bad = next((m for g in groups for m in g if not _NAMED.fullmatch(m) and who_problem(m)), None)
        return who_problem(bad) if bad else None
    return who_problem(values.get("who", ""))


_NAMED = re.compile(r"[A-Z][\w']*(?: [A-Z][\w']*)*(?: Squad| Hero)?")


def alternatives(who: object) -> list[list[str]] | None:
    """The alternatives of a ``who`` "A, or B, or C and/or D" as ``[[A], [B], [C, D]]`` (each card
    phrase without its leading "1 "), or ``None`` for a ``who`` of one kind."""
    text = " ".join(str(who).split())
    if ", or " not in text and " and/or " not in text:
        return None
    return [[m.strip().removeprefix("1 ") for m in g.split(" and/or ")] for g in text.split(", or ")]


def _fits(state: MatchState, card: CardInPlay, phrase: str) -> bool:
    """Whether ``card`` is one ``phrase`` names: by its name ("Ashigaru Harquebus", "Ashigaru Yari
    Squad"), or as a :func:`parse_who` phrase ("Samurai Hero")."""
    name = phrase.removesuffix(" Squad").removesuffix(" Hero")
    kind = "squad" if phrase.endswith(" Squad") else "hero" if phrase.endswith(" Hero") else None
    if card.card.name.lower() == name.lower():
        return kind is None or card.card.kind == kind
    who = parse_who(phrase)
    return not who.unknown and who.matches(card.card)


def _one_alternative(state: MatchState, groups: list[list[str]], cards: list[CardInPlay]) -> bool:
    """Whether ``cards`` fit one alternative, each card a different phrase of it."""
    def assign(phrases: list[str], rest: list[CardInPlay]) -> bool:
        if not rest:
            return True
        return any(_fits(state, rest[0], ph) and assign([q for q in phrases if q is not ph], rest[1:]) for ph in phrases)

    return any(len(cards) <= len(g) and assign(list(g), cards) for g in groups)


CHECKS[INSTEAD] = check_take_turn_instead


def instead_who(values: dict[str, Any]) -> Who:
    """The ``who`` of a take-turn-instead power with its ``distance`` and ``condition`` folded in."""
    who = parse_who(str(values.get("who", "")))
    if isinstance(values.get("distance"), int):
        who = replace(who, within=values["distance"], sight=True)
    if values.get("condition") == "within clear sight of this figure":
        who = replace(who, sight=True)
    return who


@register
class TakeTurnInstead(TurnPower):
    """Utgar's Orders, Mind Link, Master of the Elements...: as the card's turn begins, its
    controller may instead take turns with up to N other cards the ``who`` names (one question per
    card: a card's key, ``skip`` at first, ``done`` once one is chosen); the card itself then takes
    no turn."""

    name = INSTEAD
    window = Window.START_OF_TURN
    immediate = True
    leaves_window = True
    rule = "HS-TURN-05"

    def _values(self, engine: RulesContext, key: str) -> dict[str, Any] | None:
        power = engine.state.cards[key].card.power(INSTEAD)
        return power.values if power is not None and check_take_turn_instead(power.values) is None else None

    def _choices(self, engine: RulesContext, trigger: Trigger) -> list[CardInPlay]:
        st = engine.state
        values = self._values(engine, trigger.subject)
        if values is None:
            return []
        chosen = list(trigger.get("chosen", []))
        groups = alternatives(values.get("who", ""))
        if groups is None:
            return [c for c in partners(st, st.cards[trigger.subject], instead_who(values)) if c.key not in chosen]
        anyone = replace(parse_who(""), sight=True) if values.get("condition") else parse_who("")
        taken = [st.cards[k] for k in chosen if k in st.cards]
        return [c for c in partners(st, st.cards[trigger.subject], anyone)
                if c.key not in chosen and _one_alternative(st, groups, [*taken, c])]

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        values = self._values(engine, cip.key)
        if values is None or turn.activated or turn.player != cip.controller:
            return []
        m = _MARKER_ON.fullmatch(str(values.get("condition") or ""))
        if m is not None and turn.marker != m.group(1):
            return []
        trig = Trigger(self.name, cip.controller, cip.key)
        return [trig] if self._choices(engine, trig) else []

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return bool(self._choices(engine, trigger))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [c.key for c in self._choices(engine, trigger)] + [SKIP]

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        st = engine.state
        keys = [o for o in options if o in st.cards]
        shown = dict(zip(keys, card_labels(st, trigger.controller, [st.cards[k] for k in keys]), strict=True))
        return [shown.get(o, o) for o in options]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        values = self._values(engine, trigger.subject) or {}
        return (f"{self.power_name(engine, trigger)}: instead of the {engine.state.cards[trigger.subject].card.short}'s "
                f"turn, take a turn with {values.get('who', 'another card')}?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if trigger.get("step") == "more":
            self._more(engine, trigger, choice)
            return
        super().resolve(engine, trigger, choice)

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        self._more(engine, trigger.with_data(step="more", chosen=[]), choice)

    def _more(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        """One more card chosen (or ``done``): ask for the next while the count allows, then go."""
        st = engine.state
        chosen = list(trigger.get("chosen", []))
        if choice in st.cards and choice not in chosen:
            chosen.append(choice)
        values = self._values(engine, trigger.subject) or {}
        step = trigger.with_data(chosen=chosen)
        left = [c.key for c in self._choices(engine, step)]
        groups = alternatives(values.get("who", ""))
        most = max(len(g) for g in groups) if groups else instead_who(values).count
        if choice not in (None, DONE, SKIP) and left and len(chosen) < most:
            engine.ask(step, f"{self.power_name(engine, trigger)}: take a turn with another card as well, or done?",
                       [*left, DONE])
            return
        self._go(engine, trigger, chosen)

    def _go(self, engine: RulesContext, trigger: Trigger, chosen: list[str]) -> None:
        st = engine.state
        if not chosen:
            return
        names = ", ".join(st.cards[k].card.short for k in chosen)
        engine.emit("power", power=self.power_name(engine, trigger), card=trigger.subject, player=trigger.controller,
                    success=True, result=f"{names} take{'s' if len(chosen) == 1 else ''} the turn instead")
        for key in chosen[1:]:
            engine.add_card_turn(key)
        engine.add_card_turn(chosen[0], now=True)
        turn = st.turn
        if turn is not None and trigger.subject in turn.card_turns:
            turn.card_turns.remove(trigger.subject)  # instead: the card itself takes no turn
