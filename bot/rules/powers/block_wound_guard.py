"""Things given up against an attack's wounds, asked after the defense roll of a normal attack
that would wound the holder (the same cap as a d20 roll that ignores the wounds, :mod:`block_d20`:
for this attack only, the figure takes none of them):

- part of building block ``marker_resource``: ``effect`` "ignore all wounds from one normal attack"
  (Exoskeleton of the Mezzodemon Warmongers, who start with ``markers`` "1 per figure of this
  squad"): spend one of the card's markers (``use``, or ``skip``);
- building block ``sacrifice_to_ignore_wounds``: ``sacrifice`` "adjacent WHO you control", ``vs``
  "normal attacks" (Expendable Rabble of the Horned Skull Brutes: an adjacent Small Goblin):
  destroy one such figure next to the holder (its id, or ``skip``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.combat import tally
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext
from bot.rules.powers._common import holders
from bot.rules.powers._effects import SKIP, PowerEffect, window_args
from bot.rules.powers._who import parse_who
from bot.rules.powers.block_d20 import IGNORED, _attack_key
from bot.rules.powers.turn_markers import GUARD, check_marker_resource, markers_left, spend
from bot.rules.powers.turn_markers import KIND as MARKERS
from bot.rules.state import Figure
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces
#: (and ``marker_resource`` powers of the guard effect, checked by :mod:`turn_markers`).
KINDS = frozenset({"sacrifice_to_ignore_wounds"})

SACRIFICE = "sacrifice_to_ignore_wounds"
USE = "use"
_ADJACENT = re.compile(r"adjacent (.+)", flags=re.IGNORECASE)


def check_sacrifice(values: dict[str, Any]) -> str | None:
    """Why a ``sacrifice_to_ignore_wounds`` cannot be enforced, or ``None``."""
    m = _ADJACENT.fullmatch(" ".join(str(values.get("sacrifice", "")).split()))
    if m is None or parse_who(m.group(1)).unknown:
        return f"the figures to sacrifice '{values.get('sacrifice')}' are not understood"
    if " ".join(str(values.get("vs", "")).lower().split()) != "normal attacks":
        return f"the attacks '{values.get('vs')}' are not understood"
    extra = sorted(set(values) - {"sacrifice", "vs"})
    return f"the parameter '{extra[0]}' is not understood" if extra else None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {SACRIFICE: check_sacrifice}


class WoundGuard(PowerEffect):
    """After the defense roll of a normal attack that would wound the holder (``subject``): the
    answers :meth:`guards` offers, then ``skip``; an answer other than ``skip`` is paid by
    :meth:`pay` and the attack deals the holder no wound."""

    window = Window.AFTER_DEFENSE_ROLL
    per_figure = True
    optional = True
    rule = "HS-ATTACK-09"
    #: Only against an opponent's attack.
    opponents_only = False

    def guard(self, engine: RulesContext, fig: Figure) -> Power | None:
        """The holder's power of this kind that can be used now."""
        raise NotImplementedError

    def guards(self, engine: RulesContext, fig: Figure, power: Power) -> list[str]:
        """The answers that use the power (a figure to give up, or ``use``)."""
        raise NotImplementedError

    def pay(self, engine: RulesContext, fig: Figure, power: Power, answer: str) -> str:
        """Give up what ``answer`` names; returns what the narration adds."""
        raise NotImplementedError

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        if not holders(st, self.kind):
            return []
        args = window_args(engine)
        attacker, target = st.figures.get(args.get("attacker", "")), st.figures.get(args.get("target", ""))
        if attacker is None or target is None or "defense_dice" not in args:
            return []
        if self.opponents_only and not st.is_enemy(attacker, target):
            return []
        power = self.guard(engine, target)
        if power is None or not self.guards(engine, target, power):
            return []
        if tally(st, AttackContext(attacker, target), args["attack_dice"], args["defense_dice"]).wounds <= 0:
            return []
        return [Trigger(self.name, target.controller, target.id, (("attacker", attacker.id),), source=target.id)]

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        fig = engine.state.figures[trigger.subject]
        power = self.guard(engine, fig)
        return (self.guards(engine, fig, power) if power is not None else []) + [SKIP]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        power = self.guard(engine, fig)
        if choice in (None, SKIP) or power is None or st.turn is None or choice not in self.guards(engine, fig, power):
            return
        paid = self.pay(engine, fig, power, str(choice))
        st.turn.data.setdefault(IGNORED, {})[_attack_key(st, str(trigger.get("attacker")), fig.id)] = [power.name, 0]
        engine.emit("power", power=power.name, figure=fig.id, player=trigger.controller, success=True,
                    target=trigger.get("attacker"), result=f"the wounds are ignored; {paid}")


@register
class MarkerAgainstWounds(WoundGuard):
    """Exoskeleton: spend a marker of the card (``use``)."""

    name = "marker_guard"
    kind = MARKERS

    def guard(self, engine: RulesContext, fig: Figure) -> Power | None:
        for p in engine.state.card_of(fig).powers:
            if p.kind == MARKERS and p.values.get("effect") == GUARD and check_marker_resource(p.values) is None \
                    and markers_left(engine.state, fig.card_key, p) > 0:
                return p
        return None

    def guards(self, engine: RulesContext, fig: Figure, power: Power) -> list[str]:
        return [USE]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        fig = engine.state.figures[trigger.subject]
        p = self.guard(engine, fig)
        left = markers_left(engine.state, fig.card_key, p) if p is not None else 0
        return (f"{trigger.get('attacker')}'s attack would wound {fig.id}: spend 1 of {left} "
                f"{p.name if p else 'power'} markers to ignore all its wounds ({USE}), or {SKIP}?")

    def pay(self, engine: RulesContext, fig: Figure, power: Power, answer: str) -> str:
        spend(engine.state, fig.card_key, power)
        return f"{markers_left(engine.state, fig.card_key, power)} markers left"


@register
class SacrificeAgainstWounds(WoundGuard):
    """Expendable Rabble: destroy a figure of yours next to the holder (its id)."""

    name = SACRIFICE
    kind = SACRIFICE
    opponents_only = True

    def guard(self, engine: RulesContext, fig: Figure) -> Power | None:
        p = engine.state.card_of(fig).power(SACRIFICE)
        return p if p is not None and check_sacrifice(p.values) is None else None

    def guards(self, engine: RulesContext, fig: Figure, power: Power) -> list[str]:
        st = engine.state
        m = _ADJACENT.fullmatch(" ".join(str(power.values["sacrifice"]).split()))
        who = parse_who(m.group(1)) if m else None
        return sorted(f.id for f in st.on_battlefield() if who is not None and f is not fig
                      and f.controller == fig.controller and who.matches(st.card_of(f)) and adjacent(st, fig, f))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        fig = engine.state.figures[trigger.subject]
        p = self.guard(engine, fig)
        return (f"{trigger.get('attacker')}'s attack would wound {fig.id}: {p.name if p else 'the power'}: destroy "
                f"one of your figures next to it to ignore the wounds (name it), or {SKIP}?")

    def pay(self, engine: RulesContext, fig: Figure, power: Power, answer: str) -> str:
        engine.destroy(engine.state.figures[answer], f"{power.name}: sacrificed for {fig.id}")
        return f"{answer} is sacrificed"
