"""Markers a card spends or gains (pattern ``marker_resource``): the card starts with ``markers``
of them, kept in ``CardInPlay.data["markers"]`` by power name (:func:`markers_left`,
:func:`spend`, :func:`gain`; other blocks such as a special attack's cost use them too).

What the markers do is read from ``effect`` / ``gain`` (the shared card file's ``params``):

- ``"+N range for the rest of the turn"`` (Black Powder Pistols): after moving, before attacking
  (HS-TURN-06), the card's controller may spend 1 for +N Range until the turn ends; ``limit``
  ``"once per round"`` or ``"once per turn"``.
- ``"+N move and +M attack to another WHO within D clear sight spaces this turn"`` (Vile
  Injection): as the turn of another card of the same player begins, spend 1 to give one of its
  figures that a figure of this card sees within D spaces +N Move and +M Attack until the turn
  ends.
- ``gain`` ``"1 when a figure within D clear sight spaces is destroyed (max 1 per turn)"``
  (Consume the Dead): the card gains a marker.
- ``"ignore all wounds from one normal attack"`` (Exoskeleton): see :mod:`block_wound_guard`.

``markers`` is a number, or ``"1 per figure of this squad"`` (Exoskeleton: the card's figures).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.hexes import Hex
from bot.rules.los import line_of_sight
from bot.rules.modifiers import AttackContext
from bot.rules.powers._common import holders, spaces_between
from bot.rules.powers._effects import SKIP, PowerEffect, window_args
from bot.rules.powers._turns import living
from bot.rules.powers._who import Who, parse_who
from bot.rules.state import CardInPlay, Figure, MatchState
from bot.rules.timing import Expiry, Lasting, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"marker_resource"})

KIND = "marker_resource"
SPEND = "spend"
_RANGE = re.compile(r"\+(\d+) range for the rest of the turn")
_BOOST = re.compile(r"\+(\d+) move and \+(\d+) attack to another (.+?) within (\d+) clear sight spaces this turn")
_GAIN = re.compile(r"1 when a figure within (\d+) clear sight spaces is destroyed \(max 1 per turn\)")
LIMITS = (None, "once per round", "once per turn")
#: Exoskeleton's effect (:mod:`block_wound_guard`) and its count of markers.
GUARD = "ignore all wounds from one normal attack"
PER_FIGURE = "1 per figure of this squad"


def check_marker_resource(values: dict[str, Any]) -> str | None:
    """Why a marker power's ``values`` cannot be enforced, or ``None``."""
    if not isinstance(values.get("markers"), int) and values.get("markers") != PER_FIGURE:
        return f"a count of '{values.get('markers')}' markers is not understood"
    if values.get("limit") not in LIMITS:
        return f"the limit '{values.get('limit')}' is not understood"
    effect = values.get("effect")
    if effect is not None:
        if _RANGE.fullmatch(str(effect)):
            return None if values.get("window") in (None, "after move, before attack") else \
                f"the moment '{values.get('window')}' is not understood"
        if str(effect) == GUARD:
            return None if set(values) <= {"markers", "effect"} else "a parameter is not understood"
        m = _BOOST.fullmatch(str(effect))
        if m:
            return None if not parse_who(m.group(3)).unknown else f"'{m.group(3)}' is not understood"
        return f"the effect '{effect}' is not built yet"
    if "gain" in values and _GAIN.fullmatch(str(values["gain"])):
        return None
    return f"gaining markers '{values.get('gain')}' is not understood"


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check_marker_resource}


def markers_left(state: MatchState, card_key: str, power: Power) -> int:
    """How many of ``power``'s markers the card has now (its starting ``markers`` until one moves)."""
    cip = state.cards[card_key]
    held = cip.data.get("markers", {})
    start = power.values.get("markers", 0)
    if start == PER_FIGURE:
        start = cip.card.figures
    return int(held.get(power.name, start if isinstance(start, int) else 0))


def spend(state: MatchState, card_key: str, power: Power, n: int = 1) -> None:
    """Take ``n`` of ``power``'s markers off the card (never below 0)."""
    left = markers_left(state, card_key, power)
    state.cards[card_key].data.setdefault("markers", {})[power.name] = max(0, left - n)


def gain(state: MatchState, card_key: str, power: Power, n: int = 1) -> None:
    """Put ``n`` more of ``power``'s markers on the card."""
    left = markers_left(state, card_key, power)
    state.cards[card_key].data.setdefault("markers", {})[power.name] = left + n


def _power(cip: CardInPlay) -> Power | None:
    power = cip.card.power(KIND)
    return power if power is not None and check_marker_resource(power.values) is None else None


def _limit_key(state: MatchState, power: Power) -> str:
    """The marker of the last use, per the power's ``limit``: the round, or the turn."""
    limit = power.values.get("limit")
    if limit == "once per round":
        return f"round {state.round}"
    if limit == "once per turn":
        return f"turn {state.round}:{len(state.turns_taken)}"
    return ""


def _used(state: MatchState, cip: CardInPlay, power: Power) -> bool:
    key = _limit_key(state, power)
    return bool(key) and cip.data.get("marker_used", {}).get(power.name) == key


def _mark_used(state: MatchState, cip: CardInPlay, power: Power) -> None:
    cip.data.setdefault("marker_used", {})[power.name] = _limit_key(state, power)


def _boosts(state: MatchState, fig: Figure, stat: str) -> tuple[str, int] | None:
    """The marker boosts on ``fig`` or its card for ``stat``: (power names, total) or ``None``."""
    total, names = 0, []
    for eff in state.effects.values():
        if not isinstance(eff, Lasting) or eff.data.get("marker_stat") != stat:
            continue
        if eff.data.get("figure") in (fig.id, None) and eff.data.get("card") in (fig.card_key, None):
            total += int(eff.data.get("amount", 0))
            names.append(str(eff.data.get("power", "")))
    return (" + ".join(sorted(set(names))), total) if total else None


def boost(engine: RulesContext, power_name: str, cip: CardInPlay, stat: str, amount: int) -> None:
    """+``amount`` to ``stat`` ("range", "move" or "attack") of the card's figures until the turn
    ends (the lasting effect this module's hooks read; Javelin uses it too)."""
    engine.add_lasting(f"{power_name}:{cip.key}", cip.controller, Expiry.END_OF_TURN, card=cip.key,
                       marker_stat=stat, amount=amount, power=power_name)


@modifiers.on_range_value
def _range(state: MatchState, fig: Figure, value: int) -> int:
    found = _boosts(state, fig, "range") if state.effects else None
    return value + found[1] if found else value


@modifiers.on_move_value
def _move(state: MatchState, fig: Figure, value: int) -> int:
    found = _boosts(state, fig, "move") if state.effects else None
    return value + found[1] if found else value


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def _attack(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
    return _boosts(state, ctx.attacker, "attack") if state.effects else None


@register
class RangeMarkers(PowerEffect):
    """Black Powder Pistols and its kind: after moving, spend a marker for +N Range this turn."""

    name = "marker_range"
    kind = KIND
    window = Window.AFTER_MOVING
    optional = True
    rule = "HS-TURN-06"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key not in st.cards:
            return []
        cip = st.cards[turn.card_key]
        power = _power(cip)
        if power is None or not _RANGE.fullmatch(str(power.values.get("effect", ""))) or not living(st, cip.key):
            return []
        if _used(st, cip, power) or markers_left(st, cip.key, power) <= 0:
            return []
        return [Trigger(self.name, cip.controller, cip.key)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        power = self.power(engine, trigger)
        return power is not None and markers_left(engine.state, trigger.subject, power) > 0

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [SPEND, SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        st = engine.state
        power = self.power(engine, trigger)
        assert power is not None
        n = _RANGE.fullmatch(str(power.values["effect"]))
        left = markers_left(st, trigger.subject, power)
        return (f"{power.name}: spend 1 of {left} marker{'' if left == 1 else 's'} for +{n.group(1) if n else '?'} "
                f"Range for the {st.cards[trigger.subject].card.short} this turn?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        power = self.power(engine, trigger)
        cip = st.cards[trigger.subject]
        if power is None or choice != SPEND:
            return
        m = _RANGE.fullmatch(str(power.values["effect"]))
        assert m is not None
        spend(st, cip.key, power)
        _mark_used(st, cip, power)
        boost(engine, power.name, cip, "range", int(m.group(1)))
        engine.emit("power", power=power.name, card=cip.key, player=trigger.controller, success=True,
                    result=f"+{m.group(1)} Range this turn; {markers_left(st, cip.key, power)} markers left")


@register
class BoostMarkers(PowerEffect):
    """Vile Injection and its kind: as another card's turn begins, spend a marker to boost one of
    its figures in sight (``subject``: the card with the markers; options: figure ids, ``skip``)."""

    name = "marker_boost"
    kind = KIND
    window = Window.START_OF_TURN
    optional = True
    rule = "HS-SPECIAL-08"

    def _spec(self, cip: CardInPlay) -> tuple[Power, re.Match[str], Who] | None:
        power = _power(cip)
        m = _BOOST.fullmatch(str(power.values.get("effect", ""))) if power is not None else None
        return (power, m, parse_who(m.group(3))) if power is not None and m is not None else None

    def _figures(self, engine: RulesContext, cip: CardInPlay) -> list[Figure]:
        st = engine.state
        turn = st.turn
        spec = self._spec(cip)
        if spec is None or turn is None or turn.card_key in (None, cip.key) or turn.card_key not in st.cards:
            return []
        other = st.cards[turn.card_key]
        if other.controller != cip.controller or not spec[2].matches(other.card) or turn.activated:
            return []
        reach = int(spec[1].group(4))
        mine = living(st, cip.key)
        return [f for f in living(st, other.key)
                if any(spaces_between(m, f) <= reach and line_of_sight(st, m, f) for m in mine)]

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        out = []
        for cip in sorted(st.cards.values(), key=lambda c: c.key):
            spec = self._spec(cip)
            if spec is None or _used(st, cip, spec[0]) or markers_left(st, cip.key, spec[0]) <= 0:
                continue
            if self._figures(engine, cip):
                out.append(Trigger(self.name, cip.controller, cip.key))
        return out

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return bool(self._figures(engine, engine.state.cards[trigger.subject]))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [f.id for f in self._figures(engine, engine.state.cards[trigger.subject])] + [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        cip = engine.state.cards[trigger.subject]
        spec = self._spec(cip)
        assert spec is not None
        power, m, _ = spec
        return (f"{power.name}: spend 1 of {markers_left(engine.state, cip.key, power)} markers to give one of these "
                f"figures +{m.group(1)} Move and +{m.group(2)} Attack this turn?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        cip = st.cards[trigger.subject]
        spec = self._spec(cip)
        if spec is None or choice not in [f.id for f in self._figures(engine, cip)]:
            return
        power, m, _ = spec
        spend(st, cip.key, power)
        _mark_used(st, cip, power)
        for stat, amount in (("move", m.group(1)), ("attack", m.group(2))):
            engine.add_lasting(f"{power.name}:{stat}:{choice}", trigger.controller, Expiry.END_OF_TURN, figure=choice,
                               marker_stat=stat, amount=int(amount), power=power.name)
        engine.emit("power", power=power.name, card=cip.key, figure=choice, player=trigger.controller, success=True,
                    result=f"{choice} gets +{m.group(1)} Move and +{m.group(2)} Attack this turn")


@register
class GainMarkers(PowerEffect):
    """Consume the Dead and its kind: a figure destroyed within D spaces in clear sight of a figure
    of the card gives it a marker, at most 1 a turn (``subject``: a figure of that card)."""

    name = "marker_gain"
    kind = KIND
    per_figure = True
    window = Window.DESTROYED
    rule = "HS-SPECIAL-08"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        victim = st.figures.get(str(args.get("figure", "")))
        if victim is None or not holders(st, KIND):
            return []
        out: list[Trigger] = []
        seen: set[str] = set()
        for fig, power in holders(st, KIND):
            m = _GAIN.fullmatch(str(power.values.get("gain", "")))
            if m is None or fig.card_key in seen or fig is victim:
                continue
            turn_key = f"turn {st.round}:{len(st.turns_taken)}"
            if st.cards[fig.card_key].data.get("marker_gained", {}).get(power.name) == turn_key:
                continue
            if _sees_where(st, fig, victim, [Hex(q, r) for q, r in args.get("at", [])], int(m.group(1))):
                seen.add(fig.card_key)
                out.append(Trigger(self.name, fig.controller, fig.id, source=fig.id))
        return out

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return True

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        power = self.power(engine, trigger)
        if power is None:
            return
        gain(st, fig.card_key, power)
        st.cards[fig.card_key].data.setdefault("marker_gained", {})[power.name] = f"turn {st.round}:{len(st.turns_taken)}"
        engine.emit("power", power=power.name, figure=fig.id, player=trigger.controller, success=True,
                    result=f"{markers_left(st, fig.card_key, power)} markers on the card")


def _sees_where(state: MatchState, fig: Figure, victim: Figure, at: list[Hex], reach: int) -> bool:
    """Whether ``fig`` had ``victim`` (destroyed, last on ``at``) within ``reach`` spaces in clear sight."""
    if not at:
        return False
    saved = victim.hexes, victim.destroyed
    victim.hexes, victim.destroyed = tuple(at), False  # back on its spaces for the look only
    try:
        return spaces_between(fig, victim) <= reach and line_of_sight(state, fig, victim)
    finally:
        victim.hexes, victim.destroyed = saved
