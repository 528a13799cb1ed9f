"""Permanent power glyphs as modifier hooks and an end-of-round effect (HS-GLYPH-04, -06..19).

A permanent glyph works while a figure stands on it, power side up (HS-GLYPH-04); "your Army" is
the army of the player who controls that figure. Each hook answers ``None`` at once when no such
glyph is held (:func:`bot.rules.glyphs.board.holders` looks at ``MatchState.glyphs`` only), so the
hooks cost nothing on a battlefield without glyphs.

- Astrid, Crevcor, Ulaniva: attack dice of normal attacks (a special attack is never modified by
  glyphs, 000 § Attacking); Gerda, Jalgard: defense dice, against special attacks too.
- Ivor: Range; Valda: Move (not for the figure standing on it, which would be moving off it).
- Thorian: who may be targeted by a normal attack; Rannveig: nobody flies.
- Dagmar and Lodin: initiative and d20 rolls (:func:`bot.rules.glyphs.board.initiative_bonus`).
- Proftaka: a figure on it may not move (:func:`bot.rules.glyphs.board.stuck`, asked by movement).
- Wannok: :class:`WannokRoll`, at the end of each round.
- Brandar: what the scenario says (:mod:`bot.rules.glyphs.arrival`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules import modifiers
from bot.rules.engagement import adjacent
from bot.rules.glyphs.board import d20_bonus, held_by, holders
from bot.rules.modifiers import AttackContext, MoveAnswer, MoveRules, Reason, Verdict
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext


def _attack_glyph(state: MatchState, ctx: AttackContext, name: str, dice: int, *,
                  rarity: tuple[str, ...] = ()) -> Reason | None:
    if ctx.special is not None or not state.glyphs:
        return None
    if rarity and state.card_of(ctx.attacker).rarity not in rarity:
        return None
    return (f"Glyph of {name.capitalize()}", dice) if held_by(state, ctx.attacker.controller, name) else None


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def astrid(state: MatchState, ctx: AttackContext) -> Reason | None:
    """Astrid: +1 attack die for every figure of the holder's army (HS-GLYPH-06)."""
    return _attack_glyph(state, ctx, "astrid", 1)


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def crevcor(state: MatchState, ctx: AttackContext) -> Reason | None:
    """Crevcor: +1 attack die for the holder's Common figures (HS-GLYPH-08)."""
    return _attack_glyph(state, ctx, "crevcor", 1, rarity=("common",))


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def ulaniva(state: MatchState, ctx: AttackContext) -> Reason | None:
    """Ulaniva: +1 attack die for the holder's Unique figures (HS-GLYPH-17; Uncommon counts as
    Unique, HS-ARMY-07)."""
    return _attack_glyph(state, ctx, "ulaniva", 1, rarity=("unique", "uncommon"))


def _defense_glyph(state: MatchState, ctx: AttackContext, name: str, dice: int) -> Reason | None:
    if not state.glyphs:
        return None
    return (f"Glyph of {name.capitalize()}", dice) if held_by(state, ctx.target.controller, name) else None


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def gerda(state: MatchState, ctx: AttackContext) -> Reason | None:
    """Gerda: +1 defense die for every figure of the holder's army (HS-GLYPH-10)."""
    return _defense_glyph(state, ctx, "gerda", 1)


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def jalgard(state: MatchState, ctx: AttackContext) -> Reason | None:
    """Jalgard: +2 defense dice for every figure of the holder's army (HS-GLYPH-12)."""
    return _defense_glyph(state, ctx, "jalgard", 2)


@modifiers.on_range_value
def ivor(state: MatchState, fig: Figure, value: int) -> int:
    """Ivor: +4 Range for the holder's figures of Range 4 or more; less gets nothing (HS-GLYPH-11)."""
    if value >= 4 and state.glyphs and held_by(state, fig.controller, "ivor"):
        return value + 4
    return value


@modifiers.on_move_value
def valda(state: MatchState, fig: Figure, value: int) -> int:
    """Valda: +2 Move for the holder's figures, but not for the figure on it: it would be moving off
    the glyph (HS-GLYPH-18)."""
    if not state.glyphs:
        return value
    mine = [f for f in holders(state, "valda") if f.controller == fig.controller]
    if mine and all(f is not fig for f in mine):
        return value + 2
    return value


@modifiers.on_target_check
def thorian(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """Thorian: an enemy hits the holder's figures with a normal attack only from next to them (HS-GLYPH-16)."""
    if ctx.special is not None or not state.glyphs or ctx.attacker is ctx.target:
        return None
    if not state.is_enemy(ctx.attacker, ctx.target) or not held_by(state, ctx.target.controller, "thorian"):
        return None
    if adjacent(state, ctx.attacker, ctx.target):
        return None
    return Verdict(False, f"{ctx.target.id}'s army holds the Glyph of Thorian: enemies may attack it with normal "
                          "attacks only from a space next to it", "HS-GLYPH-16")


@modifiers.on_move_rules
def rannveig(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Rannveig: while any figure stands on it, no figure of any side may fly (HS-GLYPH-15)."""
    if rules.can_fly and state.glyphs and holders(state, "rannveig"):
        return MoveAnswer(can_fly=False, stealth=False)
    return None


WANNOK = "glyph_wannok"


@register
class WannokRoll(Effect):
    """Wannok at the end of each round (HS-GLYPH-19): the holder's player rolls the d20; a 1 wounds
    the figure on the glyph, 2 or more lets that player name an opponent (or nobody), who then puts
    1 wound on a figure of their own. After terrain effects at the same moment (HS-TIMING-05)."""

    name = WANNOK
    window = Window.END_OF_ROUND
    source = Source.GLYPH
    rule = "HS-GLYPH-19"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return [Trigger(self.name, f.controller, f.id) for f in holders(engine.state, "wannok")]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        st = engine.state
        fig = st.figures.get(trigger.subject)
        return trigger.get("step") is not None or (fig is not None and fig in holders(st, "wannok"))

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        # Declining to name an opponent, written as in rules cases v2.
        return "skip" if trigger.get("step") == "opponent" and answer.strip().lower() == "false" else None

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        step = trigger.get("step")
        if step == "opponent":
            if choice in (None, "skip"):
                return
            victims = [f.id for f in st.figures.values() if f.on_battlefield and f.controller == choice]
            if not victims:
                return
            assert choice is not None
            engine.ask(Trigger(self.name, choice, trigger.subject, (("step", "victim"),)),
                       f"Glyph of Wannok: {st.player(trigger.controller).name} names you; put 1 wound on a "
                       "figure of yours", victims, self.rule)
            return
        if step == "victim":
            if choice is not None and choice in st.figures:
                engine.emit("glyph", glyph="wannok", player=trigger.controller, figure=choice,
                            result=f"{choice} takes the Glyph of Wannok's wound")
                engine.wound(st.figures[choice], 1, "the Glyph of Wannok")
            return
        fig = st.figures[trigger.subject]
        roll = engine.roll_d20() + d20_bonus(st, trigger.controller)
        if roll <= 1:
            engine.emit("glyph", glyph="wannok", player=trigger.controller, figure=fig.id, d20=roll,
                        result=f"rolled {roll}: {fig.id} on the glyph takes a wound")
            engine.wound(fig, 1, "the Glyph of Wannok")
            return
        foes = [p.id for p in st.players if not p.conceded and p.id != fig.controller
                and st.player(p.id).side != st.player(fig.controller).side
                and any(f.on_battlefield and f.controller == p.id for f in st.figures.values())]
        engine.emit("glyph", glyph="wannok", player=trigger.controller, figure=fig.id, d20=roll,
                    result=f"rolled {roll}: {st.player(trigger.controller).name} may name an opponent to take a wound")
        if foes:
            engine.ask(trigger.with_data(step="opponent"), "Glyph of Wannok: name an opponent who must put 1 wound "
                       "on a figure of their own, or skip", [*foes, "skip"], self.rule,
                       labels=[*(st.player(p).name for p in foes), "skip"])
