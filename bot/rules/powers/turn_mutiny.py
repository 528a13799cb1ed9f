"""Power kind ``rule_exception`` with ``effect`` "Pirate Squads may switch their chosen Captain to
this figure; if any do, clear its wounds" (Mutiny of Cornelius Breech, The Derelict Prince) and
``trigger`` "a Unique Captain you control is wounded or destroyed".

A Pirate Squad's chosen Captain is the figure its aura comes from (``CardInPlay.data["chosen"]``,
:mod:`block_aura_source`; the same choice serves Captain's Orders, Bonding with "the chosen
Captain"). Once an attack is over (the "after attack" window), for each Pirate Squad of the Mutiny
holder's controller whose chosen Captain took wounds or was destroyed since it was last asked, the
controller is asked ``switch`` or ``keep``; on ``switch`` the squad's chosen figure becomes the
holder, and its wounds are cleared. Wounds from outside an attack are seen after the next attack.
:mod:`turn_summon` (owner of the kind's check) asks :func:`is_mutiny`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.cards import ArmyCard, Power
from bot.rules.powers import _terms as terms
from bot.rules.powers import block_aura_source as aura_source
from bot.rules.powers._turns import living
from bot.rules.state import CardInPlay, Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: :mod:`turn_summon` owns ``rule_exception`` and accepts Mutiny's values.
KINDS: frozenset[str] = frozenset()

EFFECT = "pirate squads may switch their chosen captain to this figure; if any do, clear its wounds"
TRIGGER = "a unique captain you control is wounded or destroyed"
SWITCH, KEEP = "switch", "keep"
#: ``CardInPlay.data`` key of a squad: [captain card key, its wounds, alive] when last asked.
SEEN = "mutiny_seen"


def is_mutiny(values: dict[str, Any]) -> bool:
    """Whether a ``rule_exception``'s ``values`` are Mutiny's."""
    return terms.norm(values.get("effect", "")) == EFFECT and terms.norm(values.get("trigger", "")) == TRIGGER


def mutiny(card: ArmyCard) -> Power | None:
    """The card's Mutiny power, or ``None``."""
    return next((p for p in card.powers if p.kind == "rule_exception" and is_mutiny(dict(p.values))), None)


def _captain_power(cip: CardInPlay) -> Power | None:
    """A Pirate Squad's power that names a chosen Captain (an aura with a ``source``)."""
    card = cip.card
    if card.kind != "squad" or "pirate" not in terms.card_words(card):
        return None
    return next((p for p in card.powers if p.kind == "aura" and "source" in p.values), None)


def _captain(st: MatchState, cip: CardInPlay, power: Power) -> str | None:
    """The card key of the squad's chosen Captain now (named, or the only one it could name)."""
    named = cip.data.get(aura_source.CHOSEN)
    if isinstance(named, str):
        return named
    found = aura_source.candidates(st, cip, power)
    return found[0].card_key if len(found) == 1 else None


def _state_of(st: MatchState, key: str) -> list[Any]:
    figs = st.figures_of(key)
    return [key, sum(f.wounds for f in figs), any(f.on_battlefield for f in figs)]


def _open(st: MatchState, holder: Figure) -> list[CardInPlay]:
    """The holder's controller's Pirate Squads whose chosen Captain was hurt since last asked."""
    out = []
    for cip in sorted(st.cards.values(), key=lambda c: c.key):
        power = _captain_power(cip)
        if power is None or cip.controller != holder.controller or not living(st, cip.key):
            continue
        key = _captain(st, cip, power)
        captain = st.cards.get(key or "")
        if captain is None or key == holder.card_key or mutiny(captain.card) is not None \
                or captain.card.rarity != "unique" or "captain" not in terms.card_words(captain.card):
            continue
        now = _state_of(st, captain.key)
        if (now[1] > 0 or not now[2]) and cip.data.get(SEEN) != now:
            out.append(cip)
    return out


@register
class Mutiny(Effect):
    """After an attack: each Pirate Squad whose chosen Captain was wounded or destroyed may switch
    to the Mutiny holder (``subject``: the squad's card key; data ``holder``: the figure)."""

    name = "mutiny"
    window = Window.AFTER_ATTACK
    source = Source.UNIT
    optional = True
    rule = "HS-SPECIAL-08"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        out = []
        for holder in st.on_battlefield():
            if mutiny(st.card_of(holder)) is None:
                continue
            out += [Trigger(self.name, cip.controller, cip.key, (("holder", holder.id),), source=holder.id)
                    for cip in _open(st, holder)]
        return out

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        holder = engine.state.figures.get(str(trigger.get("holder")))
        power = mutiny(engine.state.card_of(holder)) if holder is not None else None
        return power.name if power is not None else self.name

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [SWITCH, KEEP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        cip = engine.state.cards[trigger.subject]
        return (f"{self.title(engine, trigger)}: the {cip.card.name}' chosen Captain was wounded or destroyed. Switch "
                f"their chosen Captain to {trigger.get('holder')} (its wounds are cleared)? Answer {SWITCH} or {KEEP}.")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        cip = st.cards[trigger.subject]
        holder = st.figures.get(str(trigger.get("holder")))
        power = _captain_power(cip)
        key = _captain(st, cip, power) if power is not None else None
        if key is not None:
            cip.data[SEEN] = _state_of(st, key)  # asked once per change
        if choice != SWITCH or holder is None or not holder.on_battlefield:
            return
        cip.data[aura_source.CHOSEN] = holder.card_key
        holder.wounds = 0
        engine.emit("power", power=self.title(engine, trigger), figure=holder.id, player=cip.controller, success=True,
                    result=f"the {cip.card.name} follow {holder.id}; its wounds are cleared")
