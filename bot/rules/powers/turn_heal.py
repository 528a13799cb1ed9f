"""Healing as a building block: remove ``amount`` Wound Markers from ``target`` at a moment of the
turn, sometimes on a d20 roll of ``d20_threshold`` or more (``values``: the shared card file's
``params`` of pattern ``heal``).

Moments (``trigger`` or ``window``):

- ``"destroys a figure"`` (Life Drain), ``"... with a normal attack"`` (Spear of Sankari),
  ``"destroys an adjacent figure with a normal attack"`` (Utgar's Cutlass): as a figure is
  destroyed by this figure (:attr:`~bot.rules.timing.Window.DESTROYED`; the cause names who).
- ``"after this figure's turn"`` (Regenerate; ``condition`` ``"on snow or ice"``, ``amount``
  ``"1 (2 on snow or ice)"``): as its Army Card turn ends.
- ``window`` ``"before moving"`` (Dragon Healing): as the card's turn begins; ``"after move, before
  attack"`` and ``"after normal move"`` (Lay on Hands, Healing Wing): after moving (HS-TURN-06).
- a ``target`` ``"... whose marker was just revealed"`` (Healing Word): as the turn of that Hero's
  card begins, before anything else of it, the healer next to it may heal it.

``target`` is ``"self"`` (healed at once: a power that only helps needs no question) or a phrase:
``adjacent``, ``wounded``, ``within N clear sight spaces``, ``friendly``, ``another``, sizes,
Hero/Squad, ``(self allowed)``, ``or passed over this turn`` (figures on the spaces it moved
through, flying); the player picks one (or ``skip``), then the d20 is rolled.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from bot.rules.cards import Power
from bot.rules.hexes import Hex
from bot.rules.los import line_of_sight
from bot.rules.powers._common import holders, spaces_between
from bot.rules.powers._effects import SKIP, PowerEffect, window_args
from bot.rules.powers._who import Who, parse_who
from bot.rules.powers.spirits import granted
from bot.rules.state import Figure, MatchState
from bot.rules.terrain import Terrain
from bot.rules.terrain_effects import terrains_under
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"heal"})

KIND = "heal"
SNOW_OR_ICE = frozenset({Terrain.SNOW, Terrain.HEAVY_SNOW, Terrain.ICE, Terrain.SLIPPERY_ICE, Terrain.THIN_ICE})
#: The moment of a heal power -> its window.
#: A target phrase naming the Hero whose Order Marker was just revealed (Healing Word).
REVEALED = "whose marker was just revealed"
WINDOWS = {"revealed": Window.START_OF_TURN, "destroys": Window.DESTROYED, "after_turn": Window.AFTER_CARD_TURN, "before_move": Window.START_OF_TURN,
           "after_move": Window.AFTER_MOVING}


@dataclass(frozen=True)
class HealSpec:
    """A heal power's parameters, read: ``moment`` (a key of :data:`WINDOWS`), ``normal_only``
    (destroyed by a normal attack), ``adjacent_victim``, ``moved`` (only after it moved),
    ``amount`` (``snow_amount`` on snow or ice), ``snow_only``, ``threshold`` (d20, ``None``: no
    roll) and ``target`` (``None``: itself) with ``adjacent``, ``wounded``, ``self_allowed``,
    ``passed_over``."""

    moment: str
    amount: int
    snow_amount: int
    snow_only: bool = False
    normal_only: bool = False
    adjacent_victim: bool = False
    moved: bool = False
    threshold: int | None = None
    target: Who | None = None
    adjacent: bool = False
    self_allowed: bool = False
    passed_over: bool = False


def read(values: dict[str, Any]) -> HealSpec | str:
    """The :class:`HealSpec` of a heal power's ``values``, or why they cannot be enforced."""
    moment_text = str(values.get("trigger") or values.get("window") or "").lower()
    normal_only = adjacent_victim = moved = False
    if not moment_text and REVEALED in str(values.get("target", "")):
        moment_text = "revealed"
    if moment_text == "revealed":
        moment = "revealed"
    elif moment_text.startswith("destroys "):
        rest = moment_text.removeprefix("destroys ")
        normal_only = rest.endswith(" with a normal attack")
        rest = rest.removesuffix(" with a normal attack")
        adjacent_victim = rest == "an adjacent figure"
        if rest not in ("a figure", "an adjacent figure"):
            return f"the moment '{moment_text}' is not understood"
        moment = "destroys"
    elif moment_text == "after this figure's turn":
        moment = "after_turn"
    elif moment_text == "before moving":
        moment = "before_move"
    elif moment_text in ("after move, before attack", "after normal move"):
        moment, moved = "after_move", moment_text == "after normal move"
    else:
        return f"the moment '{moment_text}' is not understood"
    amount = values.get("amount", 1)
    snow_amount = amount
    if isinstance(amount, str):
        m = re.fullmatch(r"(\d+) \((\d+) on snow or ice\)", amount)
        if not m:
            return f"healing '{amount}' is not understood"
        amount, snow_amount = int(m.group(1)), int(m.group(2))
    condition = values.get("condition")
    if condition not in (None, "on snow or ice"):
        return f"the condition '{condition}' is not understood"
    threshold = values.get("d20_threshold")
    if threshold is not None and not isinstance(threshold, int):
        return f"the d20 roll '{threshold}' is not understood"
    spec = HealSpec(moment, int(amount), int(snow_amount), condition is not None, normal_only, adjacent_victim, moved,
                    threshold)
    target = str(values.get("target", "self"))
    if target == "self":
        return spec
    low = " " + target.lower() + " "
    flags = {}
    for word, key in ((" (self allowed) ", "self_allowed"), (" or passed over this turn ", "passed_over"),
                      (f" {REVEALED} ", "revealed"), (" adjacent ", "adjacent"), (" wounded ", "wounded")):
        flags[key] = word in low
        low = low.replace(word, " ")
    who = parse_who(low)
    if who.unknown:
        return f"the words {', '.join(repr(u) for u in who.unknown)} in the target '{target}' are not understood"
    return HealSpec(spec.moment, spec.amount, spec.snow_amount, spec.snow_only, normal_only, adjacent_victim, moved,
                    threshold, who, flags["adjacent"], flags["self_allowed"], flags["passed_over"])


def check_heal(values: dict[str, Any]) -> str | None:
    """Why a heal power's ``values`` cannot be enforced, or ``None``."""
    spec = read(values)
    return spec if isinstance(spec, str) else None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check_heal}


def heal_power(state: MatchState, fig: Figure) -> Power | None:
    """``fig``'s heal power: its card's, or one a spirit granted its card (Life Drain Spirit)."""
    return state.card_of(fig).power(KIND) or next(iter(granted(state, fig.card_key, KIND)), None)


def spec_of(state: MatchState, fig: Figure) -> HealSpec | None:
    """The readable heal power of ``fig``'s card, or ``None``."""
    power = heal_power(state, fig)
    if power is None:
        return None
    spec = read(power.values)
    return None if isinstance(spec, str) else spec


def healers(state: MatchState) -> list[Figure]:
    """Every figure on the battlefield with a heal power (its card's or a granted one)."""
    out = [f for f, _ in holders(state, KIND)]
    if state.effects:
        out += [f for f in state.on_battlefield() if f not in out and granted(state, f.card_key, KIND)]
    return out


def _on_snow(state: MatchState, fig: Figure) -> bool:
    return any(t in SNOW_OR_ICE for t in terrains_under(state, fig))


def passed_spaces(state: MatchState, fig: Figure) -> set[Hex]:
    """The spaces ``fig`` moved through this turn (as the move recorded them)."""
    turn = state.turn
    paths = turn.data.get("paths", {}) if turn is not None else {}
    return {Hex(q, r) for q, r in paths.get(fig.id, [])}


def candidates(state: MatchState, healer: Figure, spec: HealSpec) -> list[Figure]:
    """The wounded figures ``healer`` may heal now, by id."""
    if spec.target is None:
        return [healer] if healer.wounds else []
    who = spec.target
    passed = passed_spaces(state, healer) if spec.passed_over else set()
    turn = state.turn
    out = []
    for f in state.on_battlefield():
        if not f.wounds or (f is healer and not spec.self_allowed):
            continue
        if spec.moment == "revealed" and (turn is None or f.card_key != turn.card_key):
            continue
        if who.friendly and state.is_enemy(healer, f):
            continue
        if not who.matches(state.card_of(f)):
            continue
        near = spaces_between(healer, f) <= 1 and f is not healer
        if spec.adjacent and not near and not (spec.passed_over and passed & set(f.hexes)):
            continue
        if who.within is not None and f is not healer and spaces_between(healer, f) > who.within:
            continue
        if who.sight and f is not healer and not line_of_sight(state, healer, f):
            continue
        out.append(f)
    return sorted(out, key=lambda f: f.id)


class _Heal(PowerEffect):
    """A heal power at one moment (see the module doc): each figure of a card with the power,
    at :attr:`moment`, with someone to heal, is one trigger (``subject`` and ``source``: the healer)."""

    name = KIND
    kind = KIND
    per_figure = True
    rule = "HS-SPECIAL-08"
    moment: ClassVar[str] = ""

    def power(self, engine: RulesContext, trigger: Trigger) -> Power | None:
        return heal_power(engine.state, engine.state.figures[trigger.subject])

    def ready(self, engine: RulesContext, healer: Figure, spec: HealSpec) -> bool:
        """Whether the moment has come for ``healer`` (beyond the window being open)."""
        raise NotImplementedError

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        out = []
        for healer in healers(st):
            spec = spec_of(st, healer)
            if spec is None or spec.moment != self.moment or not self.ready(engine, healer, spec):
                continue
            if spec.snow_only and not _on_snow(st, healer):
                continue
            if candidates(st, healer, spec):
                out.append(Trigger(self.name, healer.controller, healer.id, source=healer.id))
        return out

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        st = engine.state
        healer = st.figures[trigger.subject]
        spec = spec_of(st, healer)
        return spec is not None and healer.on_battlefield and bool(candidates(st, healer, spec))

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        healer = st.figures[trigger.subject]
        spec = spec_of(st, healer)
        if spec is None:
            return
        found = candidates(st, healer, spec)
        if trigger.get("step") != "pick":
            if spec.target is None:
                self._heal(engine, trigger, healer, healer, spec)
            else:
                engine.ask(trigger.with_data(step="pick"),
                           f"{self.power_name(engine, trigger)}: which wounded figure does {healer.id} heal"
                           + (f" (a d20 roll of {spec.threshold} or more heals it)?" if spec.threshold else "?"),
                           [f.id for f in found] + [SKIP])
            return
        patient = next((f for f in found if f.id == choice), None)
        if patient is not None:
            self._heal(engine, trigger, healer, patient, spec)

    def _heal(self, engine: RulesContext, trigger: Trigger, healer: Figure, patient: Figure, spec: HealSpec) -> None:
        st = engine.state
        extra: dict[str, Any] = {}
        if spec.threshold is not None:
            roll, ok = self.roll_d20(engine, spec.threshold)
            extra = {"d20": roll, "needed": spec.threshold}
            if not ok:
                engine.emit("power", power=self.power_name(engine, trigger), figure=healer.id, player=trigger.controller,
                            success=False, result=f"{patient.id} is not healed", **extra)
                return
        amount = spec.snow_amount if _on_snow(st, healer) else spec.amount
        healed = min(amount, patient.wounds)
        patient.wounds -= healed
        engine.emit("power", power=self.power_name(engine, trigger), figure=healer.id, player=trigger.controller,
                    success=True, healed=patient.id, wounds=healed,
                    result=f"{patient.id} loses {healed} Wound Marker{'' if healed == 1 else 's'}", **extra)


@register
class HealOnDestroy(_Heal):
    """Life Drain and its kind: as a figure this figure destroyed leaves the battlefield."""

    name = "heal_on_destroy"
    window = Window.DESTROYED
    moment = "destroys"

    def ready(self, engine: RulesContext, healer: Figure, spec: HealSpec) -> bool:
        args = window_args(engine)
        victim = engine.state.figures.get(str(args.get("figure", "")))
        cause = str(args.get("cause", ""))
        if victim is None or victim is healer or not cause.endswith(f" by {healer.id}"):
            return False
        if spec.normal_only and cause != f"attack by {healer.id}":
            return False
        if spec.adjacent_victim:
            return any(Hex(q, r).is_adjacent(h) for q, r in args.get("at", []) for h in healer.hexes)
        return True


@register
class HealOnReveal(_Heal):
    """Healing Word: as an Order Marker is revealed on a card, a healer next to one of its wounded
    figures may heal it (before anything else of that turn)."""

    name = "heal_on_reveal"
    window = Window.START_OF_TURN
    immediate = True
    moment = "revealed"

    def ready(self, engine: RulesContext, healer: Figure, spec: HealSpec) -> bool:
        turn = engine.state.turn
        return turn is not None and turn.card_key is not None and turn.player == healer.controller \
            and not turn.activated


@register
class HealAfterTurn(_Heal):
    """Regenerate and its kind: as this figure's Army Card turn ends."""

    name = "heal_after_turn"
    window = Window.AFTER_CARD_TURN
    moment = "after_turn"

    def ready(self, engine: RulesContext, healer: Figure, spec: HealSpec) -> bool:
        turn = engine.state.turn
        return turn is not None and turn.card_key == healer.card_key


@register
class HealBeforeMoving(_Heal):
    """Dragon Healing and its kind: as this figure's Army Card turn begins, before moving."""

    name = "heal_before_moving"
    window = Window.START_OF_TURN
    moment = "before_move"

    def ready(self, engine: RulesContext, healer: Figure, spec: HealSpec) -> bool:
        turn = engine.state.turn
        return turn is not None and turn.card_key == healer.card_key and not turn.activated


@register
class HealAfterMoving(_Heal):
    """Lay on Hands, Healing Wing: after moving, before attacking (HS-TURN-06)."""

    name = "heal_after_moving"
    window = Window.AFTER_MOVING
    moment = "after_move"

    def ready(self, engine: RulesContext, healer: Figure, spec: HealSpec) -> bool:
        turn = engine.state.turn
        if turn is None or turn.card_key != healer.card_key:
            return False
        return healer.id in turn.moved or healer.id in turn.spent if spec.moved else True
