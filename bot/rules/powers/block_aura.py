"""Building block ``aura``: a figure's power that changes a statistic of the figures around it.

``values`` (the shared card file's ``params``): ``stat`` (``attack``, ``defense``, ``range``,
``move``, a list of them, or a table ``{"move": 1, "attack_dice": 1}``), ``amount`` (negative
for an enemy aura such as Terrifying Aura), ``who`` (read by :func:`bot.rules.powers._terms.who`:
"friendly Orc Warriors", "figures you control", "opponent's figures", "friendly figures with Range
1", "Small/Medium figures attacked by your Captains or Pirates"), ``distance`` ("adjacent", a
number of spaces in the holder's clear sight, HS-LOS-03, or "any"), ``excludes_self``, and a ``condition`` about the holder's side ("you control another Unique Kyrie
Hero that follows Utgar").

- Attack: the reached figure's normal attacks (a special attack's dice are its own, HS-SPECIAL-02).
- Defense: its defense rolls against any attack (HS-ATTACK-10).
- Range and Move: its Range and Move values (an aura that lasts beyond its holder, a ``duration``,
  or one with a ``condition``, is not built yet).

A ``who`` ending "and start their turn adjacent" (Ullar's Amulet) reaches the figures that were
adjacent to the holder when the Army Card turn began (``distance`` adjacent only).

The holder gives its aura to itself too when it is one of the figures named, unless the power says
``excludes_self`` (the cards' "other figures", "Raelin herself is excluded") or reaches only
adjacent figures; auras of different figures add up (HS-ATTACK-09).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext
from bot.rules.moments import Expiry, Lasting
from bot.rules.powers import _terms as terms
from bot.rules.powers import block_aura_source as from_source
from bot.rules.powers._at_start import adjacent_at_start
from bot.rules.powers._common import holders
from bot.rules.powers._effects import window_args
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"aura"})

KIND = "aura"
_STATS = ("attack", "defense", "range", "move")


def table(values: dict[str, Any]) -> dict[str, Any] | None:
    """``{stat: amount}`` of an aura, or ``None`` when its ``stat`` is not understood."""
    stat = values.get("stat")
    if isinstance(stat, dict):
        out = {k.removesuffix("_dice"): v for k, v in stat.items()}
    elif isinstance(stat, str):
        out = {stat: values.get("amount")}
    elif isinstance(stat, list) and all(isinstance(s, str) for s in stat):
        out = {s: values.get("amount") for s in stat}
    else:
        return None
    return out if out and all(k in _STATS for k in out) else None


def check_aura(values: dict[str, Any]) -> str | None:
    """Why an ``aura`` cannot be enforced, or ``None`` (one with a ``source``: see
    :mod:`block_aura_source`)."""
    if "source" in values and "effect" not in values:
        return from_source.check_source_aura(values)
    if "effect" in values:
        return "an aura that rolls its own dice is not built yet"
    if "duration" in values:
        if (terms.norm(values["duration"]) != "until your next order marker reveal"
                or terms.norm(values.get("condition", "")) != "this figure attacked an opponent this turn"):
            return "an aura that lasts after its moment is not built yet"
        values = {k: v for k, v in values.items() if k not in ("duration", "condition")}
    cond, why = terms.condition(values.get("condition"))
    if cond is None or cond.needs_attack:
        return f"the condition '{values.get('condition')}' of the aura is not built yet"
    if "extra" in values and _LEAP.fullmatch(terms.norm(values["extra"])):
        values = {k: v for k, v in values.items() if k != "extra"}  # Master's Influence: see leap_bonus
    for key in values:
        if key not in ("stat", "amount", "who", "distance", "excludes_self", "condition"):
            return {"source": "choosing the figure the aura comes from is not built yet",
                    "condition": f"the condition '{values.get('condition')}' of the aura is not built yet",
                    "duration": "an aura that lasts after its moment is not built yet",
                    "extra": "the aura's extra effect is not built yet"}.get(key, f"the parameter '{key}' is not understood")
    t = table(values)
    if t is None:
        return f"the statistic '{values.get('stat')}' is not understood"
    for amt in t.values():
        if not isinstance(amt, int) or isinstance(amt, bool):
            return f"the amount '{amt}' is not understood"
    who_text, vs = split_vs(values.get("who", ""))
    who_text, at_start = split_start(who_text)
    w, why = terms.who(who_text)
    if w is None:
        return why
    if at_start and terms.norm(values.get("distance", "adjacent")) != "adjacent":
        return "only an aura on adjacent figures is built for where they started their turn"
    if vs and set(t) != {"defense"}:
        return "an aura against some attackers only is built for Defense only"
    if (w.attack or w.attacked_by) and any(s in t for s in ("range", "move")):
        return "a Range or Move aura that depends on an attack is not understood"
    return terms.reach(values.get("distance", "adjacent"))[1]


_LEAP = re.compile(r"([a-z]+) squads: stealth leap height limit \+(\d+)")


def leap_bonus(state: MatchState, fig: Figure) -> int:
    """The levels an aura's ``extra`` "Monk Squads: Stealth Leap height limit +13" adds to ``fig``'s
    leap (Master's Influence of Master Win Chiu Woo): a Squad figure of that word the aura reaches."""
    card = state.card_of(fig)
    best = 0
    for holder, power in holders(state, KIND):
        m = _LEAP.fullmatch(terms.norm(power.values.get("extra", "")))
        read = _read(power) if m else None
        if m is None or read is None or card.kind != "squad" or terms.singular(m.group(1)) not in terms.card_words(card):
            continue
        _, w, r, _ = read
        if holder is not fig and w.fits(state, holder, fig) and r.reaches(state, holder, fig):
            best = max(best, int(m.group(2)))
    return best


def split_vs(text: Any) -> tuple[str, str]:
    """A ``who`` "Small/Medium figures you control, vs attackers that follow Utgar" as the figures
    named and the general the attackers follow (``"utgar"``); ``(text, "")`` without "vs"."""
    m = re.fullmatch(r"(.+?),? vs attackers that follow (\w+)", terms.norm(text or ""))
    return (m.group(1), m.group(2)) if m else (str(text or ""), "")


def split_start(text: str) -> tuple[str, bool]:
    """A ``who`` "friendly figures that follow Ullar and start their turn adjacent" (Ullar's Amulet)
    as the figures named and whether the aura reaches those adjacent when their turn began."""
    m = re.fullmatch(r"(.+?) and start their turn adjacent", terms.norm(text))
    return (m.group(1), True) if m else (text, False)


@dataclass(frozen=True)
class AdjacentAtStart(terms.Reach):
    """The reach of an aura on figures adjacent to the holder when the Army Card turn began (Ullar's
    Amulet), :func:`bot.rules.powers._at_start.adjacent_at_start`; a figure that has not moved yet
    this turn stands where it began."""

    adjacent: bool = True

    def reaches(self, state: MatchState, holder: Figure, fig: Figure) -> bool:
        """Whether ``fig`` was adjacent to ``holder`` when the turn began."""
        return adjacent_at_start(state, holder, fig)


def _lasting(power: Power) -> bool:
    """An aura switched on by an attack that lasts until the next Order Marker reveal (Charge!!!)."""
    return "duration" in power.values


def _read(power: Power) -> tuple[dict[str, Any], terms.Who, terms.Reach, terms.Cond] | None:
    def reader(p: Power) -> tuple[dict[str, Any], terms.Who, terms.Reach, terms.Cond] | None:
        if check_aura(p.values) is not None:
            return None
        t = table(p.values)
        who_text, at_start = split_start(split_vs(p.values.get("who", ""))[0])
        w = terms.who(who_text)[0]
        r = AdjacentAtStart() if at_start else terms.reach(p.values.get("distance", "adjacent"))[0]
        c = terms.ALWAYS if _lasting(p) else terms.condition(p.values.get("condition"))[0]
        assert t is not None and w is not None and r is not None and c is not None
        return t, w, r, c

    return terms.read(power, "aura", reader)


def bonus(state: MatchState, fig: Figure, stat: str, ctx: AttackContext | None = None,
          part: bool | None = None) -> tuple[int, list[str]]:
    """What auras give ``fig`` now for ``stat``, and the names of the powers (``"Finn's Attack
    Aura 1"``); ``ctx`` is the attack when the stat is Attack or Defense. ``part``: only the auras
    that hold whatever the other figure of the attack (``True``: part of the figure's Attack or
    Defense, :func:`bot.rules.modifiers.stat_value`), only those that depend on it (``False``:
    "attacked by your Captains", "vs attackers that follow Utgar"), or all (``None``)."""
    found = holders(state, KIND)
    lasting = [(e, e.data) for e in state.effects.values() if isinstance(e, Lasting) and e.data.get("block") == KIND]
    if not found and not lasting:
        return 0, []
    total, names = 0, []
    for e, data in lasting if part is not False else ():  # Charge!!!: on until the next reveal
        t = table(data["values"])
        w = terms.who(data["values"].get("who", ""))[0]
        if t and w and stat in t and fig.controller == e.controller and w.card_fits(state.card_of(fig)):
            total += t[stat]
            names.append(f"{data['card']}'s {data['power']}")
    for holder, power in found:
        if _lasting(power) or "source" in power.values:
            continue  # it acts through its lasting effect, or from its named source (block_aura_source)
        read = _read(power)
        if read is None:
            continue
        t, w, r, c = read
        vs = terms.read(power, "aura_vs", lambda p: split_vs(p.values.get("who", ""))[1])
        if part is not None and (not (vs or w.attack or w.attacked_by)) != part:
            continue
        if holder is fig and (power.values.get("excludes_self") or r.adjacent or w.side == "enemy"
                              or "other" in terms.norm(power.values.get("who", "")).split()):
            continue
        if stat not in t or not w.fits(state, holder, fig) or not c.holds(state, holder, None, ""):
            continue
        if w.attack and (ctx is None or ctx.attacker is not fig or ctx.special is not None):
            continue
        if vs and (ctx is None or ctx.target is not fig or (state.card_of(ctx.attacker).general or "").lower() != vs):
            continue  # Protection from Evil: only against attackers that follow that general
        if w.attack == "adjacent" and (ctx is None or not adjacent(state, fig, ctx.target)):
            continue
        if w.attacked_by:
            if ctx is None or ctx.target is not fig or state.is_enemy(holder, ctx.attacker):
                continue
            words = terms.card_words(state.card_of(ctx.attacker))
            if not any(all(x in words for x in g) for g in w.attacked_by):
                continue
        if holder is not fig and not r.reaches(state, holder, fig):
            continue
        total += t[stat]
        names.append(f"{state.card_of(holder).short}'s {power.name}")
    return total, names


@modifiers.on_attack_dice
def aura_attack(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Attack auras that depend on the attack: the reached figure's normal attack."""
    if ctx.special is not None:
        return None
    n, names = bonus(state, ctx.attacker, "attack", ctx, part=False)
    return (" + ".join(names), n) if n else None


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def aura_attack_any_target(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Attack auras whatever the target: part of the reached figure's Attack."""
    if ctx.special is not None:
        return None
    n, names = bonus(state, ctx.attacker, "attack", ctx, part=True)
    return (" + ".join(names), n) if n else None


@modifiers.on_defense_dice
def aura_defense(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Defense auras that depend on the attacker: the reached figure's defense rolls."""
    n, names = bonus(state, ctx.target, "defense", ctx, part=False)
    return (" + ".join(names), n) if n else None


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def aura_defense_any_attacker(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Defense auras whatever the attacker: part of the reached figure's Defense."""
    n, names = bonus(state, ctx.target, "defense", ctx, part=True)
    return (" + ".join(names), n) if n else None


@modifiers.on_range_value
def aura_range(state: MatchState, fig: Figure, value: int) -> int:
    """Range auras."""
    return value + bonus(state, fig, "range")[0]


@modifiers.on_move_value
def aura_move(state: MatchState, fig: Figure, value: int) -> int:
    """Move auras."""
    return value + bonus(state, fig, "move")[0]


@register
class AuraSwitchedOn(Effect):
    """After the holder attacks an opponent's figure: its lasting aura (Charge!!!) starts, until its
    controller next reveals an Order Marker (HS-DESTROY-06: it outlives its figure)."""

    name = "aura_switched_on"
    window = Window.AFTER_ATTACK
    source = Source.UNIT

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        attacker, target = st.figures.get(args.get("attacker", "")), st.figures.get(args.get("target", ""))
        if attacker is None or target is None or not st.is_enemy(attacker, target):
            return []
        out = []
        for p in st.card_of(attacker).powers:
            if p.kind == KIND and _lasting(p) and _read(p) is not None \
                    and f"{KIND}:{attacker.card_key}:{p.name}" not in st.effects:
                out.append(Trigger(self.name, attacker.controller, attacker.id, (("power", p.name),)))
        return out

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        p = next((q for q in st.card_of(fig).powers if q.name == trigger.get("power")), None)
        key = f"{KIND}:{fig.card_key}:{trigger.get('power')}"
        if p is None or key in st.effects:
            return
        engine.add_lasting(key, fig.controller, Expiry.NEXT_REVEAL, fig.id, block=KIND, values=dict(p.values),
                           card=st.card_of(fig).short, power=p.name)
        engine.emit("power", power=p.name, figure=fig.id, player=fig.controller, success=True,
                    result="it lasts until the next Order Marker is revealed")


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"aura": check_aura}
