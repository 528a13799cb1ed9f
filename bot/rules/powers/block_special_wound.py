"""Part of building block ``special_attack``: ``on_wound``, what the attack does to a figure it
wounded (HS-SPECIAL-02: only its own text adds to a special attack), right after that figure's
wounds:

- ``{"d20_table": {"1-9": "stop", "10-19": "+1 wound, roll again", "20": "destroy"}}`` (Venom Ray of
  Estivara, Poison Sting of Sujoah): roll the d20; 10-19 is 1 more wound and another roll, 20
  destroys the figure, 1-9 ends it (and so does the figure's destruction).
- "remove 1 random unrevealed Order Marker" (Psionic Blast of the Mind Flayer Mastermind): one of
  the face-down Order Markers on the wounded figure's Army Card, picked at random, leaves it.
- "d20 16+: remove 1 unrevealed Order Marker (opponent's Unique Hero)" (Cosmic Force Blast of the
  Silver Surfer): when the wounded figure is an opponent's Unique Hero, the d20; on 16 or more one
  of its card's face-down Order Markers, picked at random (the attacker cannot see which), leaves it.

And once the attack is over (the "after attack" window), ``on_kill`` "take the target's space" and
``on_fail`` "destroy the attacker" (Pounce of the Wolves of Badru): a destroyed target's space is
taken by the attacker (placed there: no leaving-engagement attacks); a target still standing
costs the attacker its life.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bot.rules import special
from bot.rules.cards import Power
from bot.rules.hexes import Hex
from bot.rules.powers import _terms as terms
from bot.rules.powers._common import holders
from bot.rules.powers._effects import PowerEffect, window_args
from bot.rules.powers._free import place_on
from bot.rules.powers._turns import take_random_marker
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out the ``on_wound`` of ``special_attack`` powers.
KINDS: frozenset[str] = frozenset()

_TABLE = {"1-9": "stop", "10-19": "+1 wound, roll again", "20": "destroy"}
_RANDOM = "remove 1 random unrevealed order marker"
ON_KILL, ON_FAIL = "take the target's space", "destroy the attacker"
#: ``turn.data`` key: attacker id -> the space its Pounce target stood on when destroyed.
TAKEN = "special_on_kill_at"
_HERO = re.compile(r"d20 (\d+)\+: remove 1 unrevealed order marker \(opponent's unique hero\)")


def read(on_wound: Any) -> tuple[str, int] | None:
    """``("table", 0)``, ``("marker", 0)`` or ``("hero_marker", d20 needed)`` of an ``on_wound``;
    ``None`` when it is not one of these."""
    if isinstance(on_wound, dict):
        table = on_wound.get("d20_table")
        ok = set(on_wound) == {"d20_table"} and isinstance(table, dict) \
            and {k: terms.norm(v) for k, v in table.items()} == _TABLE
        return ("table", 0) if ok else None
    t = terms.norm(on_wound) if isinstance(on_wound, str) else ""
    if t == _RANDOM:
        return ("marker", 0)
    m = _HERO.fullmatch(t)
    return ("hero_marker", int(m.group(1))) if m else None


def _power(st: MatchState, attacker: Figure, name: str) -> Power | None:
    for p in st.card_of(attacker).powers:
        if p.name == name and "on_wound" in p.values:
            return p
    return None


def _venom(engine: RulesContext, attacker: Figure, fig: Figure, power: Power) -> None:
    """The d20 table, rolled again while it adds a wound and the figure stands."""
    while fig.on_battlefield:
        roll = engine.roll_d20()
        result = "destroyed" if roll >= 20 else "1 more wound; roll again" if roll >= 10 else "no more wounds"
        engine.emit("power", power=power.name, figure=attacker.id, target=fig.id, player=attacker.controller,
                    d20=roll, success=roll >= 10, result=result)
        if roll >= 20:
            engine.destroy(fig, f"{power.name} by {attacker.id}")
        elif roll >= 10:
            engine.wound(fig, 1, f"{power.name} by {attacker.id}")
            continue
        return


@special.on_special_wounded
def after_wounding(engine: RulesContext, attacker: Figure, fig: Figure, name: str, wounds: int) -> None:
    """A special attack's ``on_wound`` once it wounded ``fig``."""
    st = engine.state
    power = _power(st, attacker, name)
    plan = read(power.values.get("on_wound")) if power is not None else None
    if power is None or plan is None or wounds <= 0:
        return
    how, need = plan
    if how == "table":
        _venom(engine, attacker, fig, power)
    elif how == "marker":
        take_random_marker(engine, attacker, fig, power.name)
    else:
        card = st.card_of(fig)
        if not st.is_enemy(attacker, fig) or card.kind != "hero" or card.rarity != "unique":
            return
        roll = engine.roll_d20()
        engine.emit("power", power=power.name, figure=attacker.id, target=fig.id, player=attacker.controller,
                    d20=roll, success=roll >= need, result="a face-down Order Marker may go" if roll >= need else "no effect")
        if roll >= need:
            take_random_marker(engine, attacker, fig, power.name)


def pounce_ok(values: dict[str, Any]) -> bool:
    """Whether ``on_kill`` / ``on_fail`` (when present) are the ones built here."""
    return terms.norm(values.get("on_kill", ON_KILL)) == ON_KILL and terms.norm(values.get("on_fail", ON_FAIL)) == ON_FAIL


def _pouncer(st: MatchState, fig: Figure, name: str) -> Power | None:
    for p in st.card_of(fig).powers:
        if p.name == name and p.kind == "special_attack" and ("on_kill" in p.values or "on_fail" in p.values) \
                and pounce_ok(p.values):
            return p
    return None


@register
class TakeTheSpace(PowerEffect):
    """As a figure is destroyed by a special attack with ``on_kill`` "take the target's space":
    where it stood is kept for the attacker (``subject``)."""

    name = "special_on_kill"
    kind = "special_attack"
    window = Window.DESTROYED
    per_figure = True
    refers_to_destroyed = True
    rule = "HS-SPECIAL-02"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        args = window_args(engine)
        cause = str(args.get("cause", ""))
        if st.turn is None or " by " not in cause or not args.get("at") or not holders(st, self.kind):
            return []
        name, _, who = cause.rpartition(" by ")
        attacker = st.figures.get(who)
        p = _pouncer(st, attacker, name) if attacker is not None else None
        if attacker is None or p is None or "on_kill" not in p.values:
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, (("at", tuple(args["at"][0])),), source=attacker.id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        turn = engine.state.turn
        if turn is not None:
            turn.data.setdefault(TAKEN, {})[trigger.subject] = list(trigger.get("at", ()))


@register
class PounceOutcome(PowerEffect):
    """After a special attack with ``on_kill`` / ``on_fail``: the attacker takes the destroyed
    target's space, or is destroyed when the target still stands."""

    name = "special_pounce"
    kind = "special_attack"
    window = Window.AFTER_ATTACK
    per_figure = True
    rule = "HS-SPECIAL-02"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        last = st.turn.data.get(special.LAST_SPECIAL, {}) if st.turn is not None else {}
        args = window_args(engine)
        attacker = st.figures.get(str(args.get("attacker", "")))
        if attacker is None or not attacker.on_battlefield or last.get("attacker") != attacker.id \
                or st.turn is None or st.turn.data.get(self._key(engine, attacker)):
            return []
        p = _pouncer(st, attacker, str(last.get("name", "")))
        if p is None:
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, (("power", p.name),), source=attacker.id)]

    def power_name(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power"))

    @staticmethod
    def _key(engine: RulesContext, fig: Figure) -> str:
        """``turn.data`` key: the outcome of this special attack of ``fig`` was applied."""
        made = len(engine.state.turn.data.get(special.SPECIALS_MADE, ())) if engine.state.turn is not None else 0
        return f"pounce_done:{fig.id}:{made}"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        if st.turn is not None:
            st.turn.data[self._key(engine, fig)] = True
        p = _pouncer(st, fig, self.power_name(engine, trigger))
        target = st.figures.get(str(window_args(engine).get("target", "")))
        if p is None or target is None:
            return
        at = st.turn.data.get(TAKEN, {}).pop(fig.id, None) if st.turn is not None else None
        if target.destroyed:
            if "on_kill" in p.values and at is not None and st.occupant(Hex(*at)) is None and len(fig.hexes) == 1:
                place_on(engine, trigger, p.name, fig, Hex(*at))
        elif "on_fail" in p.values:
            engine.emit("power", power=p.name, figure=fig.id, player=fig.controller, success=False,
                        result=f"{target.id} still stands: {fig.id} is destroyed")
            engine.destroy(fig, f"{p.name}: the target still stands")
