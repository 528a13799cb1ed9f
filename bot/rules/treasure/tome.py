"""Revenant's Tome (HS-TREASURE-43..45): ``use CARRIER revenants_tome FIGURE@SPACE``.

In the turn of the carrier's Army Card, before any of its figures moves or attacks, the carrier
calls back one destroyed Unique figure of its own army onto an empty space within 5 spaces that it
can see. The figure at once makes one normal attack (its controller picks the target: a decision)
and is then destroyed again. While it is on the battlefield any wound destroys it (Life 1) and no
special attack may target it (special powers do not affect it). Its own powers being switched off
is not carried out (it acts only for one attack and is destroyed at once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from bot.rules import modifiers
from bot.rules.combat import legal_targets
from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.los import line_of_sight
from bot.rules.modifiers import AttackContext, Tally, Verdict
from bot.rules.moments import Expiry, Window
from bot.rules.state import Figure, MatchState, TurnState
from bot.rules.timing import Effect, Source, Trigger, register
from bot.rules.treasure import carry, lasting

if TYPE_CHECKING:
    from bot.rules.context import Referee, RulesContext

GLYPH = "revenants_tome"
#: How far from the carrier the figure may be put (HS-TREASURE-43).
REACH = 5


def too_late(turn: TurnState) -> bool:
    """Whether the turn has begun: a figure of the card moved or attacked (HS-TREASURE-43)."""
    return bool(turn.moved or turn.attacked or turn.spent)


def why_not_target(state: MatchState, fig: Figure, target: str) -> tuple[str, str] | None:
    """Why ``fig`` may not call back ``target`` (``FIGURE@SPACE``), or ``None``."""
    rule = "HS-TREASURE-43"
    who, at, where = target.rpartition("@")
    if not at:
        return "name the destroyed figure and its space, like finn@E5", rule
    dead = state.figures.get(who.lower())
    if dead is None or not dead.destroyed or dead.set_aside:
        return f"'{who}' is no destroyed figure", rule
    card = state.card_of(dead)
    if dead.owner != fig.owner or card.rarity != "unique":
        return f"{dead.id} is not a Unique figure of {fig.id}'s own army", rule
    if card.base != 1:
        return "the bot calls back only single-space figures with the Tome; place it by hand", rule
    bf = state.battlefield
    try:
        h = bf.parse_space(where)
    except ValueError as exc:
        return str(exc), rule
    if min(h.distance(x) for x in fig.hexes) > REACH:
        return f"{bf.label(h)} is more than {REACH} spaces from {fig.id}", rule
    if state.occupant(h) is not None or bf.obstacles_on(h) or bf.top_cell(h) is None:
        return f"{bf.label(h)} is not empty", rule
    return None


def call_back(eng: RulesContext, fig: Figure, target: str) -> None:
    """Carry out the Tome (checked by :func:`why_not_target`): put the figure on, ask for its attack."""
    st = eng.state
    who, _, where = target.rpartition("@")
    dead = st.figures[who.lower()]
    h: Hex = st.battlefield.parse_space(where)
    eng.put_on(dead, [h], f"Revenant's Tome of {fig.id}")
    if not line_of_sight(st, fig, dead, marks=False):
        raise IllegalCommand(f"{fig.id} cannot see {st.battlefield.label(h)}; the Tome needs a space in clear sight",
                             "HS-TREASURE-43")
    carry.spend(eng, fig, GLYPH, figure_back=dead.id, at=[h.q, h.r], rule="HS-TREASURE-43")
    lasting.start(eng, GLYPH, dead.id, dead.controller, Expiry.END_OF_TURN, revenant=True)
    options = [t.id for t in sorted(legal_targets(st, dead), key=lambda t: not st.is_enemy(dead, t))]
    if not options:
        eng.emit("treasure_used", figure=dead.id, glyph=GLYPH, title="Revenant's Tome", why="nothing to attack",
                 rule="HS-TREASURE-44")
        lasting.end(eng, GLYPH, dead.id)
        eng.destroy(dead, "Revenant's Tome: its attack is over")
        return
    trig = Trigger(RevenantAttack.name, dead.controller, dead.id)
    eng.ask(trig, f"{dead.id} is back for one normal attack: which figure does it attack?", options,
            "HS-TREASURE-44")


def revenant(state: MatchState, fig: Figure) -> bool:
    """Whether ``fig`` is on the battlefield through the Tome."""
    eff = lasting.get(state, GLYPH, fig.id)
    return eff is not None and bool(eff.data.get("revenant"))


@register
class RevenantAttack(Effect):
    """The figure the Tome called back makes its normal attack at once (HS-TREASURE-44)."""

    name = "revenants_tome_attack"
    window = Window.AFTER_ATTACK  # never collected: it is only asked (see call_back)
    source = Source.GLYPH
    rule = "HS-TREASURE-44"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return []

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        eff = lasting.get(st, GLYPH, trigger.subject)
        if eff is None or choice is None:
            return
        eff.data.update(attacker=trigger.subject, target=choice)
        cast("Referee", engine).run_window(Window.BEFORE_ATTACK, "attack_roll", attacker=trigger.subject, target=choice)


@modifiers.on_wounds
def life_one(state: MatchState, ctx: AttackContext, count: Tally) -> Tally | None:
    """A figure called back by the Tome counts as having Life 1: any wound destroys it (HS-TREASURE-45)."""
    if not state.effects or count.wounds <= 0 or not revenant(state, ctx.target):
        return None
    life = state.card_of(ctx.target).stat("life")
    return modifiers.replace(count, wounds=max(count.wounds, life - ctx.target.wounds),
                             reasons=(*count.reasons, "Revenant's Tome: Life 1"))


@modifiers.on_target_check
def no_special_powers(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """No special attack may target a figure the Tome called back (HS-TREASURE-45)."""
    if ctx.special is None or not state.effects or not revenant(state, ctx.target):
        return None
    return Verdict(False, f"{ctx.target.id} was called back by Revenant's Tome: no special power affects it",
                   "HS-TREASURE-45")
