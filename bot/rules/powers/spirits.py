"""Warrior's Attack Spirit (Finn) and Warrior's Armor Spirit (Thorgrim): when the figure is
destroyed, its controller puts its spirit on any Unique Army Card in play; that card's normal
Attack (``attack``: +1) or its Defense (``defense``: +1) is raised for the rest of the battle.

The text refers to the destroyed figure, so it works after it is destroyed (HS-DESTROY-04): it is
an effect of the :attr:`~bot.rules.timing.Window.DESTROYED` window, answered with ``choose CARD``
(the card's key, or its name; people are shown card names, see
:func:`~bot.rules.powers._common.card_labels`). The bonus is a :class:`~bot.rules.timing.Lasting`
effect that never expires, kept in ``state.effects`` under ``KIND:CARD-OF-THE-SPIRIT``; dice hooks
read it.
The options list the player's own cards first (the text allows any Unique card, even an enemy's).

The same block reads the shared card file's pattern ``spirit`` (kind ``spirit``): ``stat``
(``attack``, ``defense`` or ``move``), ``amount`` and ``target`` ``"any Unique Army Card"``
(Warrior's Swiftness Spirit raises Move), or ``grants`` (the name of another power on the card,
Life Drain Spirit) with ``target`` a phrase (``"Unique Warrior Hero that follows Revna"``): the
chosen card has that power from then on (:func:`granted`); :func:`check_spirit` names what is not
built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.modifiers import AttackContext
from bot.rules.powers._common import card_labels
from bot.rules.powers._effects import PowerEffect, window_args
from bot.rules.powers._who import parse_who, who_problem
from bot.rules.state import CardInPlay, Figure, MatchState
from bot.rules.timing import Expiry, Lasting, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"warriors_armor_spirit", "warriors_attack_spirit", "spirit"})

ATTACK = "warriors_attack_spirit"
ARMOR = "warriors_armor_spirit"
#: Power kind -> the statistic its spirit raises.
STAT = {ATTACK: "attack", ARMOR: "defense"}
SPIRIT = "spirit"


def check_spirit(values: dict[str, Any]) -> str | None:
    """Why a ``spirit`` power's ``values`` cannot be enforced, or ``None`` (a granted power must
    be on the same card, which the effect checks)."""
    if "grants" in values:
        return who_problem(values.get("target", ""))
    if values.get("stat") not in ("attack", "defense", "move"):
        return f"raising '{values.get('stat')}' is not built yet"
    if not isinstance(values.get("amount"), int):
        return f"an amount of '{values.get('amount')}' is not understood"
    if values.get("target") != "any Unique Army Card":
        return f"the target '{values.get('target')}' is not understood"
    return None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {SPIRIT: check_spirit}


def cards_for(state: MatchState, player: str, exclude: str) -> list[CardInPlay]:
    """Unique cards in play (some figure not destroyed), ``player``'s own first, then by key."""
    out = [c for c in state.cards.values() if c.key != exclude and c.card.is_unique
           and any(not f.destroyed and not f.set_aside for f in state.figures_of(c.key))]
    return sorted(out, key=lambda c: (c.controller != player, c.key))


def bonus(state: MatchState, card_key: str, stat: str) -> tuple[str, int] | None:
    """The spirits on a card raising ``stat``: ``(reason, total)`` or ``None``."""
    total = 0
    names = []
    for eff in state.effects.values():
        if isinstance(eff, Lasting) and eff.data.get("card") == card_key and eff.data.get("stat") == stat:
            total += int(eff.data.get("amount", 1))
            names.append(str(eff.data.get("power", "spirit")))
    return (" + ".join(sorted(set(names))), total) if total else None


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def _attack_spirit(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
    return bonus(state, ctx.attacker.card_key, "attack") if state.effects else None


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def _armor_spirit(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
    return bonus(state, ctx.target.card_key, "defense") if state.effects else None


def granted(state: MatchState, card_key: str, kind: str) -> list[Power]:
    """The powers of ``kind`` spirits have granted to the card ``card_key`` (Life Drain Spirit)."""
    out = []
    for eff in state.effects.values():
        if isinstance(eff, Lasting) and eff.data.get("card") == card_key and eff.data.get("grant_kind") == kind:
            out.append(Power(name=str(eff.data["grants"]), text="", kind=kind, values=dict(eff.data["grant_values"])))
    return out


def _grant(state: MatchState, fig_card: str, values: dict[str, Any]) -> Power | None:
    """The power a granting spirit hands on: the one named ``grants`` on the spirit's own card."""
    return next((p for p in state.cards[fig_card].card.powers if p.name == values.get("grants") and p.kind), None)


@modifiers.on_move_value
def _swiftness_spirit(state: MatchState, fig: Figure, value: int) -> int:
    found = bonus(state, fig.card_key, "move") if state.effects else None
    return value + found[1] if found else value


@register
class WarriorSpirit(PowerEffect):
    """Either spirit: a trigger names the destroyed figure and, in its ``kind``, which spirit."""

    name = "warriors_spirit"
    window = Window.DESTROYED
    per_figure = True
    optional = True
    refers_to_destroyed = True
    rule = "HS-DESTROY-04"

    def power_kind(self, trigger: Trigger) -> str:
        return str(trigger.get("kind"))

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        fig = st.figures.get(window_args(engine).get("figure", ""))
        if fig is None:
            return []
        out = []
        for p in st.card_of(fig).powers:
            spirit = p.kind in STAT or (p.kind == SPIRIT and check_spirit(p.values) is None
                                        and ("grants" not in p.values or _grant(st, fig.card_key, p.values) is not None))
            if spirit and cards_for(st, fig.controller, fig.card_key):
                out.append(Trigger(self.name, fig.controller, fig.id, (("kind", p.kind),), source=fig.id))
        return out

    def _cards(self, engine: RulesContext, trigger: Trigger) -> list[CardInPlay]:
        """The cards the spirit may go onto, as :func:`cards_for` lists them (those its ``target``
        names, for a spirit that grants a power)."""
        found = cards_for(engine.state, trigger.controller, self.card_key(engine, trigger))
        power = self.power(engine, trigger)
        if power is not None and power.kind == SPIRIT and "grants" in power.values:
            who = parse_who(str(power.values["target"]))
            found = [c for c in found if who.matches(c.card) and (not who.friendly or c.controller == trigger.controller)]
        return found

    def _raise(self, engine: RulesContext, trigger: Trigger) -> tuple[str, int]:
        """The statistic the spirit raises and by how much."""
        kind = self.power_kind(trigger)
        if kind == SPIRIT:
            power = self.power(engine, trigger)
            return (str(power.values["stat"]), int(power.values["amount"])) if power else ("attack", 0)
        stat = STAT[kind]
        return stat, self.value(engine, trigger, stat, 1)

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return bool(self._cards(engine, trigger))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [c.key for c in self._cards(engine, trigger)]

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        cards = [engine.state.cards[k] for k in options]
        return card_labels(engine.state, trigger.controller, cards)

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        power = self.power(engine, trigger)
        if power is not None and "grants" in power.values:
            return (f"{trigger.subject} is destroyed: {power.name} goes onto which Army Card ({power.values['target']})? "
                    f"That card has {power.values['grants']} from then on.")
        stat, amount = self._raise(engine, trigger)
        return (f"{trigger.subject} is destroyed: {power.name if power else 'its spirit'} goes onto which Unique "
                f"Army Card? It adds {amount} to that card's {stat.capitalize()}.")

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        """A card named by its name, short name or id instead of its key, when only one fits."""
        want = answer.strip().lower()
        fits = [c.key for c in self._cards(engine, trigger)
                if want in (c.card.name.lower(), c.card.short.lower(), c.card.id)]
        return fits[0] if len(fits) == 1 else None

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        if choice is None or choice not in st.cards:
            return
        fig = st.figures[trigger.subject]
        kind = self.power_kind(trigger)
        name = self.power_name(engine, trigger)
        power = self.power(engine, trigger)
        gift = _grant(st, fig.card_key, power.values) if power is not None and "grants" in power.values else None
        if gift is not None:
            engine.add_lasting(f"{kind}:{fig.card_key}", trigger.controller, Expiry.END_OF_GAME, source=fig.id,
                               card=choice, grants=gift.name, grant_kind=gift.kind, grant_values=dict(gift.values),
                               power=name)
            engine.emit("power", power=name, figure=fig.id, card=choice, player=trigger.controller, success=True,
                        result=f"{st.cards[choice].card.short} has {gift.name} for the rest of the battle")
            return
        stat, amount = self._raise(engine, trigger)
        engine.add_lasting(f"{kind}:{fig.card_key}", trigger.controller, Expiry.END_OF_GAME, source=fig.id,
                           card=choice, stat=stat, amount=amount, power=name)
        engine.emit("power", power=name, figure=fig.id, card=choice, player=trigger.controller, success=True,
                    result=f"{st.cards[choice].card.short} gets +{amount} {stat.capitalize()} for the rest of the battle")
