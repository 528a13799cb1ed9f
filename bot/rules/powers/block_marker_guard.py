"""Part of building block ``marker_resource``: markers spent against an attack's wounds
(``effect`` "ignore all wounds from one normal attack": Exoskeleton of the Mezzodemon Warmongers,
who start with ``markers`` "1 per figure of this squad").

After the defense roll of a normal attack that would wound a figure of the card while it has a
marker left, its controller is asked whether to spend one; if so, the attack deals no wound to
that figure (the same cap as a d20 roll that ignores the wounds, :mod:`block_d20`, HS-ATTACK-09's
count set aside for this attack only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.cards import Power
from bot.rules.combat import tally
from bot.rules.modifiers import AttackContext
from bot.rules.powers._common import holders
from bot.rules.powers._effects import SKIP, PowerEffect, window_args
from bot.rules.powers.block_d20 import IGNORED, _attack_key
from bot.rules.powers.turn_markers import GUARD, KIND, check_marker_resource, markers_left, spend
from bot.rules.state import Figure
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``marker_resource`` powers of this effect.
KINDS: frozenset[str] = frozenset()

USE = "use"


def _guard(engine: RulesContext, fig: Figure) -> Power | None:
    """``fig``'s marker power against wounds, when its card has a marker left."""
    for p in engine.state.card_of(fig).powers:
        if p.kind == KIND and p.values.get("effect") == GUARD and check_marker_resource(p.values) is None \
                and markers_left(engine.state, fig.card_key, p) > 0:
            return p
    return None


@register
class MarkerAgainstWounds(PowerEffect):
    """After the defense roll of a normal attack that would wound the holder: spend a marker to
    ignore every wound of that attack (``subject``: the defending figure)."""

    name = "marker_guard"
    kind = KIND
    window = Window.AFTER_DEFENSE_ROLL
    per_figure = True
    optional = True
    rule = "HS-ATTACK-09"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        if not holders(st, KIND):
            return []
        args = window_args(engine)
        attacker, target = st.figures.get(args.get("attacker", "")), st.figures.get(args.get("target", ""))
        if attacker is None or target is None or "defense_dice" not in args or _guard(engine, target) is None:
            return []
        if tally(st, AttackContext(attacker, target), args["attack_dice"], args["defense_dice"]).wounds <= 0:
            return []
        return [Trigger(self.name, target.controller, target.id, (("attacker", attacker.id),), source=target.id)]

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [USE, SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        fig = engine.state.figures[trigger.subject]
        p = _guard(engine, fig)
        left = markers_left(engine.state, fig.card_key, p) if p is not None else 0
        return (f"{trigger.get('attacker')}'s attack would wound {fig.id}: spend 1 of {left} "
                f"{p.name if p else 'power'} markers to ignore all its wounds ({USE}), or {SKIP}?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        p = _guard(engine, fig)
        if choice != USE or p is None or st.turn is None:
            return
        spend(st, fig.card_key, p)
        st.turn.data.setdefault(IGNORED, {})[_attack_key(st, str(trigger.get("attacker")), fig.id)] = [p.name, 0]
        engine.emit("power", power=p.name, figure=fig.id, player=trigger.controller, success=True,
                    target=trigger.get("attacker"),
                    result=f"the wounds are ignored; {markers_left(st, fig.card_key, p)} markers left")
