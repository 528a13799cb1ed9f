"""Building block ``aura`` with a ``source``: the aura of a squad comes from a figure of another
card its controller names at the start of the battle (The Captain's Way of the Knaves of the Silver
Scimitar: "chosen Unique Captain"; Loyalty to the Lizard King of the Greenscale Warriors).

``values``: ``stat`` (``attack``, ``defense``, or a list of them), ``amount``, ``who`` "this squad"
(optionally "vs non-adjacent attackers": only against an attacker not next to the figure),
``source`` "chosen <figures>" (read by :func:`bot.rules.powers._terms.who` as figures the holder's
controller controls), ``distance`` (spaces in the source's clear sight, HS-LOS-03, or "adjacent").

The source is named once (``CardInPlay.data["chosen"]``: its card key), at the start of the first round (a pending decision of the squad's
controller, in the start-of-round window) when they control several such figures; with only one
it is that one without a question. Once named it never changes; when it is destroyed the aura is
gone. Attack is for normal attacks; Defense for any attack (HS-ATTACK-09, -10).
``block_aura`` asks :func:`check_source_aura` for an aura with a ``source``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.cards import ArmyCard, Power
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext
from bot.rules.powers import _terms as terms
from bot.rules.powers._common import holders
from bot.rules.state import CardInPlay, Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``aura`` powers with a ``source`` (``block_aura`` checks).
KINDS: frozenset[str] = frozenset()

#: ``CardInPlay.data`` key: the card key of the figure named for the squad (shared with the
#: movement/turn blocks' Bonding, "the chosen Captain": one choice serves both powers).
CHOSEN = "chosen"
_STATS = ("attack", "defense")


def _read(values: dict[str, Any]) -> tuple[dict[str, int], bool, terms.Who, terms.Reach] | None:
    """``({stat: amount}, only vs non-adjacent attackers, source figures, distance)`` or ``None``."""
    if set(values) - {"stat", "amount", "who", "source", "distance"}:
        return None
    stat, amount = values.get("stat"), values.get("amount")
    stats = [stat] if isinstance(stat, str) else stat if isinstance(stat, list) else []
    if not stats or any(s not in _STATS for s in stats) or not isinstance(amount, int) or isinstance(amount, bool):
        return None
    who = terms.norm(values.get("who", ""))
    if who not in ("this squad", "this squad vs non-adjacent attackers"):
        return None
    src = terms.norm(values.get("source", ""))
    if not src.startswith("chosen "):
        return None
    w, _ = terms.who(src.removeprefix("chosen ") + " you control")
    r, _ = terms.reach(values.get("distance", "adjacent"))
    if w is None or r is None or (not w.any_of and not w.kind and not w.rarity):
        return None
    return {s: amount for s in stats}, who.endswith("non-adjacent attackers"), w, r


def check_source_aura(values: dict[str, Any]) -> str | None:
    """Why an ``aura`` with a ``source`` cannot be enforced, or ``None``."""
    if _read(values) is None:
        return f"the aura from '{values.get('source')}' to '{values.get('who')}' is not understood"
    return None


def _parsed(power: Power) -> tuple[dict[str, int], bool, terms.Who, terms.Reach] | None:
    return terms.read(power, "aura_source", lambda p: _read(dict(p.values)))


def candidates(state: MatchState, cip: CardInPlay, power: Power) -> list[Figure]:
    """The figures ``cip``'s controller may name as the source (on the battlefield, other cards), by id."""
    read = _parsed(power)
    if read is None:
        return []
    w = read[2]
    return sorted((f for f in state.on_battlefield() if f.card_key != cip.key and f.controller == cip.controller
                   and w.card_fits(state.card_of(f))), key=lambda f: f.id)


def _mutineer(card: ArmyCard) -> bool:
    """Whether ``card`` has Mutiny (a squad may name it though it is no Captain)."""
    return any(p.kind == "rule_exception" and "switch their chosen captain" in terms.norm(p.values.get("effect", ""))
               for p in card.powers)


def source_of(state: MatchState, cip: CardInPlay, power: Power) -> Figure | None:
    """The figure the aura comes from now: the one named, else the only candidate; ``None`` when
    there is none (or several and none named yet, or the named one is gone)."""
    named = cip.data.get(CHOSEN)
    if named is not None:
        one = next((f for f in candidates(state, cip, power) if f.card_key == named), None)
        if one is None and named in state.cards and _mutineer(state.cards[named].card):
            # Mutiny (turn_mutiny) made a figure that is no Captain the squad's chosen one
            one = next((f for f in state.figures_of(named) if f.on_battlefield
                        and f.controller == cip.controller), None)
        return one
    found = candidates(state, cip, power)
    return found[0] if len(found) == 1 else None


def _bonus(state: MatchState, fig: Figure, stat: str, ctx: AttackContext, part: bool) -> tuple[int, list[str]]:
    """The aura's bonus for ``fig``; ``part``: the auras that hold whatever the other figure of the
    attack (``True``) or only those against attackers not adjacent (``False``)."""
    total, names = 0, []
    seen: set[str] = set()
    for holder, power in holders(state, "aura"):
        if holder is not fig or "source" not in power.values or power.name in seen:
            continue
        seen.add(power.name)
        read = _parsed(power)
        if read is None or stat not in read[0] or bool(read[1]) == part:
            continue
        if read[1] and (ctx.target is not fig or adjacent(state, ctx.attacker, fig)):
            continue
        src = source_of(state, state.cards[fig.card_key], power)
        if src is None or not read[3].reaches(state, src, fig):
            continue
        total += read[0][stat]
        names.append(f"{state.card_of(src).short}'s {power.name}")
    return total, names


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def source_aura_attack(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Attack from a named source: the figure's normal attacks (part of its Attack)."""
    if ctx.special is not None:
        return None
    n, names = _bonus(state, ctx.attacker, "attack", ctx, True)
    return (" + ".join(names), n) if n else None


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def source_aura_defense(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Defense from a named source, whatever the attacker (part of the figure's Defense)."""
    n, names = _bonus(state, ctx.target, "defense", ctx, True)
    return (" + ".join(names), n) if n else None


@modifiers.on_defense_dice
def source_aura_defense_vs_far(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Defense from a named source against attackers that are not adjacent."""
    n, names = _bonus(state, ctx.target, "defense", ctx, False)
    return (" + ".join(names), n) if n else None


@register
class NameTheSource(Effect):
    """At the start of the first round: the squad's controller names the figure its aura comes
    from, when there are several to choose from (answered with a figure id)."""

    name = "aura_source"
    window = Window.START_OF_ROUND
    source = Source.UNIT
    optional = True  # a question (every answer names a figure)
    rule = "HS-ATTACK-09"

    def _open(self, engine: RulesContext) -> list[tuple[CardInPlay, Power]]:
        st = engine.state
        out = []
        for cip in sorted(st.cards.values(), key=lambda c: c.key):
            for p in cip.card.powers:
                if p.kind == "aura" and "source" in p.values and _parsed(p) is not None \
                        and CHOSEN not in cip.data and len(candidates(st, cip, p)) > 1:
                    out.append((cip, p))
        return out

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        if engine.state.round > 1:
            return []
        return [Trigger(self.name, cip.controller, cip.key, (("power", p.name),)) for cip, p in self._open(engine)]

    def _power(self, engine: RulesContext, trigger: Trigger) -> Power | None:
        cip = engine.state.cards[trigger.subject]
        return next((p for p in cip.card.powers if p.name == trigger.get("power")), None)

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        p = self._power(engine, trigger)
        return [f.id for f in candidates(engine.state, engine.state.cards[trigger.subject], p)] if p else []

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power", self.name))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        cip = engine.state.cards[trigger.subject]
        return (f"{trigger.get('power')}: which figure is named for the {cip.card.name} for the whole battle "
                f"(their aura comes from it)?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        cip = st.cards[trigger.subject]
        p = self._power(engine, trigger)
        options = self.options(engine, trigger)
        if p is None or not options:
            return
        named = choice if choice in options else options[0]
        cip.data[CHOSEN] = st.figures[named].card_key
        engine.emit("power", power=p.name, card=cip.key, player=cip.controller, success=True,
                    result=f"{named} is named for the {cip.card.name}")


#: ``block_aura``'s ``aura`` check calls :func:`check_source_aura` for an aura with a ``source``.
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {}
