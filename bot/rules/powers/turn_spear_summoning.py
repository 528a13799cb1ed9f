"""Part of building block ``d20_trigger``: after moving and before attacking (HS-TURN-06), the d20
for a figure of the player's anywhere on the battlefield, which on a success is put next to the
holder (Spear of Summoning of Saylind the Kyrie Warrior).

``values``: ``window`` "after move, before attack", ``target`` "any figure you control", ``effect``
"place it adjacent to this figure", ``threshold``. Once per turn for each figure of the card with
an empty space next to it: its controller picks one of their other figures on the battlefield
(one on a single space: a double-space figure would need two spaces side by side next to the
holder, which the card does not speak of) or ``skip`` (offered first, so the computer keeps its
figures where its plans put them), then rolls the d20; on ``threshold`` or more they pick the empty
space next to the holder it goes to. It is put there, not moved: it takes no leaving-engagement
attacks (the card says so; as Erland's summoning, HS-GLYPH-21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.errors import IllegalCommand
from bot.rules.events import hx
from bot.rules.glyphs.moves import free_space
from bot.rules.hexes import Hex
from bot.rules.powers import _terms as terms
from bot.rules.powers._effects import SKIP
from bot.rules.powers._shaped import ShapedTurnPower
from bot.rules.powers._turns import labels, space_answer
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_trigger`` powers of this shape (:mod:`block_d20` asks
#: :func:`is_spear` and leaves them to this module).
KINDS: frozenset[str] = frozenset()
KIND = "d20_trigger"


def is_spear(values: dict[str, Any]) -> bool:
    """Whether a ``d20_trigger``'s ``values`` are this shape (see the module doc)."""
    threshold = values.get("threshold")
    return (terms.norm(values.get("window", "")) == "after move, before attack"
            and terms.norm(values.get("target", "")) == "any figure you control"
            and terms.norm(values.get("effect", "")) == "place it adjacent to this figure"
            and isinstance(threshold, int) and not isinstance(threshold, bool)
            and set(values) == {"window", "target", "effect", "threshold"})


def spear_of(card_powers: list[Power]) -> Power | None:
    """The first such power among ``card_powers``, or ``None``."""
    return next((p for p in card_powers if p.kind == KIND and is_spear(dict(p.values))), None)


def spaces_next_to(state: MatchState, holder: Figure) -> list[Hex]:
    """The empty spaces next to ``holder`` (no figure, obstacle or glyph), in label order."""
    return sorted({n for h in holder.hexes for n in h.neighbours() if free_space(state, n)}, key=lambda h: (h.r, h.q))


def summonable(state: MatchState, holder: Figure) -> list[Figure]:
    """The holder's controller's other single-space figures on the battlefield, by id."""
    return sorted((f for f in state.on_battlefield() if f is not holder and f.controller == holder.controller
                   and len(f.hexes) == 1), key=lambda f: f.id)


@register
class SpearOfSummoning(ShapedTurnPower):
    """Spear of Summoning: see the module doc. A trigger's ``subject`` and ``source`` are the holder;
    the follow-up ``step`` "space" (with ``summoned``) asks where the figure goes."""

    name = "d20_spear"
    kind = KIND
    rule = "HS-TURN-06"
    shape_of = staticmethod(spear_of)

    def ready(self, state: MatchState, fig: Figure, power: Power) -> bool:
        return bool(spaces_next_to(state, fig)) and bool(summonable(state, fig))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        return [SKIP] + [f.id for f in summonable(st, st.figures[trigger.subject])]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        power = self.power(engine, trigger)
        need = power.values.get("threshold") if power is not None else "?"
        return (f"{self.power_name(engine, trigger)}: roll the d20 for which of your figures ({need} or more puts it "
                f"next to {trigger.subject})? Or {SKIP}.")

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        # The space step lists every empty space next to the holder; a typed one (or "2,3") is good too.
        st = engine.state
        if trigger.get("step") != "space":
            return None
        return space_answer(st, answer, spaces_next_to(st, st.figures[trigger.subject]))

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        rolled = self.pick_and_roll(engine, trigger, summonable(st, st.figures[trigger.subject]), choice)
        if rolled is None:
            return
        holder, power, fig, total, shown = rolled
        need = int(power.values["threshold"])
        ok = total >= need
        engine.emit("power", power=power.name, figure=holder.id, player=trigger.controller, target=fig.id,
                    needed=need, success=ok, result=f"{fig.id} may be put next to {holder.id}" if ok else "no effect",
                    **shown)
        if ok:
            engine.ask(trigger.with_data(step="space", summoned=fig.id),
                       f"{power.name}: where next to {holder.id} does {fig.id} go?", labels(st, spaces_next_to(st, holder)))

    def follow_up(self, engine: RulesContext, trigger: Trigger, step: str, choice: str | None) -> None:
        st = engine.state
        holder = st.figures[trigger.subject]
        fig = st.figures[str(trigger.get("summoned"))]
        try:
            h = st.battlefield.parse_space(choice or "")
        except ValueError:
            h = None
        if h is None or h not in spaces_next_to(st, holder):
            raise IllegalCommand(f"{choice} is not an empty space next to {holder.id}", self.rule, actions=("choose",))
        cell = st.battlefield.top_cell(h)
        assert cell is not None  # a free space has tiles
        before = [hx(x) for x in fig.hexes]
        # Put, not moved: it leaves no engagement, so it takes no leaving-engagement attacks.
        fig.hexes, fig.level = (h,), cell.top
        engine.emit("power", power=self.power_name(engine, trigger), figure=holder.id, player=trigger.controller,
                    target=fig.id, success=True, result=f"{fig.id} is put on {st.battlefield.label(h)}",
                    at=hx(h), before=before)
