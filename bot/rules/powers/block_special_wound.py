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
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bot.rules import special
from bot.rules.cards import Power
from bot.rules.powers import _terms as terms
from bot.rules.state import Figure, MatchState

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out the ``on_wound`` of ``special_attack`` powers.
KINDS: frozenset[str] = frozenset()

_TABLE = {"1-9": "stop", "10-19": "+1 wound, roll again", "20": "destroy"}
_RANDOM = "remove 1 random unrevealed order marker"
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


def _take_marker(engine: RulesContext, attacker: Figure, fig: Figure, power: Power) -> None:
    """One face-down Order Marker on ``fig``'s card, picked at random, leaves it."""
    st = engine.state
    owner = st.cards[fig.card_key].controller if fig.card_key in st.cards else fig.controller
    shown = st.revealed.get(owner, [])
    hidden = [m for m, key in sorted(st.orders.get(owner, {}).items()) if key == fig.card_key and m not in shown]
    if not hidden:
        engine.emit("power", power=power.name, figure=attacker.id, target=fig.id, player=attacker.controller,
                    success=False, result=f"no face-down Order Marker on {fig.id}'s card")
        return
    marker = hidden[engine.roll_pick(len(hidden))]
    st.orders[owner].pop(marker)
    engine.emit("orders_removed", to=owner, player=owner, card=fig.card_key, markers=[marker])
    engine.emit("power", power=power.name, figure=attacker.id, target=fig.id, player=attacker.controller,
                success=True, result=f"a face-down Order Marker leaves {fig.id}'s card")


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
        _take_marker(engine, attacker, fig, power)
    else:
        card = st.card_of(fig)
        if not st.is_enemy(attacker, fig) or card.kind != "hero" or card.rarity != "unique":
            return
        roll = engine.roll_d20()
        engine.emit("power", power=power.name, figure=attacker.id, target=fig.id, player=attacker.controller,
                    d20=roll, success=roll >= need, result="a face-down Order Marker may go" if roll >= need else "no effect")
        if roll >= need:
            _take_marker(engine, attacker, fig, power)
