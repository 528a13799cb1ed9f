"""Carried glyphs in the timing windows: the moments the rules offer them, and what happens at those moments.

Glyph effects (Source GLYPH, HS-TIMING-05). Offered ones (a "may") stop for a decision of the
carrier's controller, answered with ``choose``:

- end of a move: a Unique Hero on a Treasure Glyph may try to pick it up (HS-TREASURE-02, -03;
  traps HS-TREASURE-11..14 in :func:`bot.rules.treasure.carry.pick_up`);
- before the attack roll of a normal attack on an adjacent figure: Belt of Giant Strength
  (HS-TREASURE-32), Whetstone of Venom (HS-TREASURE-40), C.L.A.W.S. (HS-TREASURE-23, -24);
- after the attack roll, before defense: Ring of Protection (HS-TREASURE-38) and Nanite Shielding
  (HS-TECH-05) for the target; Gulløx Wing Render's reroll for the attacker (HS-TREASURE-26);
- after the defense roll, when the carrier would be wounded: Scarab of Invulnerability (HS-TREASURE-39);
- after a normal attack on an adjacent figure wounded it: Nanotoxin Coating (HS-TECH-06).

Rules that just happen: a destroyed carrier's glyphs fall (HS-TREASURE-09; which ones, when there
are more than spaces, is its controller's decision, HS-TREASURE-10); the Bloodcursed Blade wounds
a carrier whose turn wounded nobody (HS-TREASURE-17); Tech Glyphs turn back at the end of the
round (HS-TECH-03); the Cloak ends when its wearer attacks (HS-TREASURE-35); one-attack effects
end with their attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from bot.rules.engagement import adjacent
from bot.rules.hexes import Hex
from bot.rules.moments import Expiry
from bot.rules.powers._common import is_a
from bot.rules.powers._effects import window_args
from bot.rules.state import Figure
from bot.rules.timing import Effect, Source, Trigger, Window, register
from bot.rules.treasure import carry, lasting
from bot.rules.treasure.catalogue import describe, title

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

YES, NO = "yes", "no"


def _figure(engine: RulesContext, fid: Any) -> Figure | None:
    return engine.state.figures.get(str(fid)) if fid else None


def _attack(engine: RulesContext) -> tuple[Figure, Figure, dict[str, Any]] | None:
    """The attacker and target of the normal attack whose window is open, and its arguments."""
    args = window_args(engine)
    if args.get("special") or "attacker" not in args or "target" not in args:
        return None
    a, t = _figure(engine, args["attacker"]), _figure(engine, args["target"])
    if a is None or t is None:
        return None
    return a, t, args


class GlyphEffect(Effect):
    """A carried glyph's effect: Source GLYPH; ``glyph`` names it; offered ones ask yes or no."""

    source = Source.GLYPH
    glyph: ClassVar[str] = ""

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return title(self.glyph)

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        return [f"use {title(self.glyph)}" if o == YES else "do not use it" for o in options]

    def spend_for_turn(self, engine: RulesContext, trigger: Trigger, choice: str | None, **data: Any) -> None:
        """When the answer is yes: the carrier (the trigger's ``subject``) turns the glyph over and
        its effect lasts to the end of the turn (``data``: which attack it is about)."""
        if choice != YES:
            return
        fig = engine.state.figures[trigger.subject]
        carry.spend(engine, fig, self.glyph, rule=self.rule)
        lasting.start(engine, self.glyph, fig.id, fig.controller, Expiry.END_OF_TURN, **data)


class AttackGlyph(GlyphEffect):
    """A glyph offered (yes or no) during a normal attack (:func:`_attack`): a subclass says to whom
    and when in :meth:`offer`."""

    optional = True

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        found = _attack(engine)
        offered = self.offer(engine, *found) if found is not None else None
        return [offered] if offered is not None else []

    def offer(self, engine: RulesContext, a: Figure, t: Figure, args: dict[str, Any]) -> Trigger | None:
        """The offer to make during the attack of ``a`` on ``t`` (``args``: its window's
        arguments), or ``None``."""
        raise NotImplementedError


# ---- picking up (HS-TREASURE-02, -03, -11..14) ---------------------------------------------------------------


@register
class PickUp(Effect):
    """A Unique Hero that ended its move on a Treasure Glyph may try to pick it up."""

    name = "treasure_pick_up"
    window = Window.END_OF_MOVE
    source = Source.GLYPH
    optional = True
    rule = "HS-TREASURE-03"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        fig = _figure(engine, window_args(engine).get("figure"))
        if fig is None or carry.why_not_pick_up(engine.state, fig) is not None:
            return []
        return [Trigger(self.name, fig.controller, fig.id)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        fig = engine.state.figures[trigger.subject]
        return carry.why_not_pick_up(engine.state, fig) is None

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        fig = engine.state.figures[trigger.subject]
        found = carry.glyph_at(engine.state, fig)
        what = "a face-down Treasure Glyph" if found is None or found[2] == "symbol" else title(found[1])
        trap = " (it may be trapped: a d20 roll of 1-5 sets the trap off)" if (
            found is not None and found[2] == "symbol" and carry.traps_on(engine.state, found[0])) else ""
        return f"{fig.id} ended its move on {what}{trap}: try to pick it up?"

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        return ["pick it up" if o == YES else "leave it" for o in options]

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return "picking up a Treasure Glyph"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if choice == YES:
            carry.pick_up(engine, engine.state.figures[trigger.subject])


# ---- a carrier destroyed (HS-TREASURE-09, -10) -----------------------------------------------------------------


def _fall_spaces(engine: RulesContext) -> list[Hex]:
    return [Hex(int(q), int(r)) for q, r in window_args(engine).get("at", [])]


def _fall(engine: RulesContext, fig: Figure, spaces: list[Hex]) -> None:
    """Place the glyphs in carrying order on the free spaces; the rest leave the game."""
    free = [h for h in spaces if h not in engine.state.glyphs]
    for glyph in list(fig.carries):
        carry.place_from_destroyed(engine, fig, glyph, free.pop(0) if free else (spaces[0] if spaces else None))


@register
class CarrierFalls(Effect):
    """A destroyed carrier's glyphs go on its spaces, when there is no choice to make."""

    name = "treasure_falls"
    window = Window.DESTROYED
    source = Source.GLYPH
    rule = "HS-TREASURE-09"
    refers_to_destroyed = True

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        fig = _figure(engine, window_args(engine).get("figure"))
        if fig is None or not fig.carries:
            return []
        free = [h for h in _fall_spaces(engine) if h not in engine.state.glyphs]
        if len(fig.carries) > len(free) > 0:
            return []  # the controller chooses (CarrierFallsChoice)
        spaces = [[h.q, h.r] for h in _fall_spaces(engine)]
        return [Trigger(self.name, "", fig.id, (("at", tuple(map(tuple, spaces))),))]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        fig = engine.state.figures[trigger.subject]
        _fall(engine, fig, [Hex(q, r) for q, r in trigger.get("at", ())])


@register
class CarrierFallsChoice(Effect):
    """A destroyed carrier with more glyphs than free spaces: its controller picks the glyph for each space."""

    name = "treasure_falls_choice"
    window = Window.DESTROYED
    source = Source.GLYPH
    optional = True
    rule = "HS-TREASURE-10"
    refers_to_destroyed = True

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        fig = _figure(engine, window_args(engine).get("figure"))
        if fig is None or not fig.carries:
            return []
        free = [h for h in _fall_spaces(engine) if h not in engine.state.glyphs]
        if not len(fig.carries) > len(free) > 0:
            return []
        return [Trigger(self.name, fig.controller, fig.id, (("free", tuple((h.q, h.r) for h in free)),))]

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return list(engine.state.figures[trigger.subject].carries)

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        return [title(o) for o in options]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        free = trigger.get("free", ())
        q, r = free[0]
        lab = engine.state.battlefield.label(Hex(q, r))
        n = len(engine.state.figures[trigger.subject].carries) - len(free)
        return (f"{trigger.subject} was destroyed carrying more glyphs than it left spaces: which glyph stays on "
                f"{lab}? ({n} of them leave the game)")

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return "the glyphs of a destroyed carrier"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        fig = engine.state.figures[trigger.subject]
        free = [Hex(q, r) for q, r in trigger.get("free", ())]
        if choice is None or choice not in fig.carries:
            return
        carry.place_from_destroyed(engine, fig, choice, free[0])
        rest = free[1:]
        if rest and len(fig.carries) > len(rest):
            nxt = trigger.with_data(free=tuple((h.q, h.r) for h in rest))
            engine.ask(nxt, self.prompt(engine, nxt), list(fig.carries), self.rule,
                       [title(g) for g in fig.carries])
            return
        for glyph in list(fig.carries):
            carry.place_from_destroyed(engine, fig, glyph, rest.pop(0) if rest else None)


# ---- the round and the turn ----------------------------------------------------------------------------------


@register
class TechReady(Effect):
    """The end of the round: every Tech Glyph turns power side up again (HS-TECH-03)."""

    name = "tech_ready"
    window = Window.END_OF_ROUND
    source = Source.GLYPH
    rule = "HS-TECH-03"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return [Trigger(self.name, "")] if any(f.flipped for f in engine.state.figures.values()) else []

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        carry.unflip_all(engine)


@register
class BloodThirst(Effect):
    """Bloodcursed Blade: a carrier whose card's turn wounded no figure takes 1 wound (HS-TREASURE-17)."""

    name = "bloodcursed_blade"
    window = Window.END_OF_TURN
    source = Source.GLYPH
    rule = "HS-TREASURE-17"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.data.get("wounds_dealt"):
            return []
        return [Trigger(self.name, f.controller, f.id) for f in st.on_battlefield()
                if "bloodcursed_blade" in f.carries and f.card_key == turn.card_key]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return engine.state.figures[trigger.subject].on_battlefield

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        fig = engine.state.figures[trigger.subject]
        engine.emit("treasure_used", figure=fig.id, glyph=self.name, title=title(self.name), wounds=1,
                    why="no figure was wounded this turn", rule=self.rule)
        engine.wound(fig, 1, "the Bloodcursed Blade")


# ---- before the attack roll --------------------------------------------------------------------------------------


class BeforeAdjacentAttack(AttackGlyph):
    """Offered to the attacker's controller before the roll of a normal attack on an adjacent figure."""

    window = Window.BEFORE_ATTACK

    def offer(self, engine: RulesContext, a: Figure, t: Figure, _args: dict[str, Any]) -> Trigger | None:
        if not carry.ready(a, self.glyph) or not adjacent(engine.state, a, t):
            return None
        return Trigger(self.name, a.controller, a.id, (("target", t.id),))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return f"{trigger.subject} attacks {trigger.get('target')}: use {title(self.glyph)}? ({describe(self.glyph).text})"  # type: ignore[union-attr]


@register
class BeltOfGiantStrength(BeforeAdjacentAttack):
    """Belt of Giant Strength: +2 attack dice for the rest of the turn (HS-TREASURE-32)."""

    name = glyph = "belt_of_giant_strength"
    rule = "HS-TREASURE-32"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        self.spend_for_turn(engine, trigger, choice)


@register
class WhetstoneOfVenom(BeforeAdjacentAttack):
    """Whetstone of Venom: a wounding attack wounds 2 more (HS-TREASURE-40)."""

    name = glyph = "whetstone_of_venom"
    rule = "HS-TREASURE-40"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        self.spend_for_turn(engine, trigger, choice, attacker=trigger.subject, target=trigger.get("target"))


@register
class Claws(BeforeAdjacentAttack):
    """C.L.A.W.S.: pick another adjacent figure; it takes 1 wound if the defender is wounded (HS-TREASURE-23)."""

    name = glyph = "claws"
    rule = "HS-TREASURE-23"

    def _others(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        a = st.figures[trigger.subject]
        near = [f for f in st.on_battlefield() if f is not a and f.id != trigger.get("target") and adjacent(st, a, f)]
        return [f.id for f in sorted(near, key=lambda f: not st.is_enemy(a, f))]  # enemies first

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return [t for t in super().triggers(engine) if self._others(engine, t)]

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [*self._others(engine, trigger), NO]

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        return [f"C.L.A.W.S. on {o}" if o != NO else "do not use it" for o in options]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return (f"{trigger.subject} attacks {trigger.get('target')}: use C.L.A.W.S. on another figure next to it? "
                "If the defender is wounded, that figure takes 1 wound.")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if choice is None or choice == NO:
            return
        fig = engine.state.figures[trigger.subject]
        carry.spend(engine, fig, self.glyph, picked=choice, rule=self.rule)
        lasting.start(engine, self.glyph, fig.id, fig.controller, Expiry.END_OF_TURN, attacker=fig.id,
                      target=trigger.get("target"), picked=choice)
        if not is_a(engine.state.card_of(fig), class_="Scientist"):
            carry.lose(engine, fig, self.glyph, "used by a Hero that is not a Scientist", "HS-TREASURE-24")


@register
class AttackHousekeeping(Effect):
    """Before an attack: the attacker's Cloak of Invisibility ends (HS-TREASURE-35)."""

    name = "treasure_cloak_ends"
    window = Window.BEFORE_ATTACK
    rule = "HS-TREASURE-35"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        a = _figure(engine, window_args(engine).get("attacker"))
        if a is None or lasting.get(engine.state, "cloak_of_invisibility", a.id) is None:
            return []
        return [Trigger(self.name, "", a.id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        lasting.end(engine, "cloak_of_invisibility", trigger.subject)


# ---- after the attack roll, before defense -------------------------------------------------------------------


class DefenderGlyph(AttackGlyph):
    """Offered to the target's controller after the attack roll, before the defense roll."""

    window = Window.AFTER_ATTACK_ROLL
    small_only: ClassVar[bool] = False

    def offer(self, engine: RulesContext, a: Figure, t: Figure, args: dict[str, Any]) -> Trigger | None:
        if not carry.ready(t, self.glyph) or "skull" not in args.get("attack_dice", []):
            return None
        if self.small_only and (engine.state.card_of(t).size or "medium") in ("large", "huge"):
            return None
        return Trigger(self.name, t.controller, t.id, (("attacker", a.id),))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        dice = window_args(engine).get("attack_dice", [])
        return (f"{trigger.get('attacker')} rolled {dice.count('skull')} skull(s) against {trigger.subject}: use "
                f"{title(self.glyph)} before the defense roll? ({describe(self.glyph).text})")  # type: ignore[union-attr]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        self.spend_for_turn(engine, trigger, choice, attacker=trigger.get("attacker"), target=trigger.subject)


@register
class NaniteShielding(DefenderGlyph):
    """Nanite Shielding: 1 more shield on this defense roll; Small or Medium only (HS-TECH-05)."""

    name = glyph = "nanite_shielding"
    rule = "HS-TECH-05"
    small_only = True


@register
class RingOfProtection(DefenderGlyph):
    """Ring of Protection: 3 more defense dice against this attack (HS-TREASURE-38)."""

    name = glyph = "ring_of_protection"
    rule = "HS-TREASURE-38"


@register
class GulloxWingRender(AttackGlyph):
    """Gulløx Wing Render: the attacker may roll again 1 die that is not a skull (HS-TREASURE-26)."""

    name = glyph = "gullox_wing_render"
    window = Window.AFTER_ATTACK_ROLL
    rule = "HS-TREASURE-26"

    def offer(self, engine: RulesContext, a: Figure, t: Figure, args: dict[str, Any]) -> Trigger | None:
        dice = args.get("attack_dice", [])
        if "gullox_wing_render" not in a.carries or not adjacent(engine.state, a, t) or all(d == "skull" for d in dice):
            return None
        return Trigger(self.name, a.controller, a.id, (("target", t.id),))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        dice = window_args(engine).get("attack_dice", [])
        return f"{trigger.subject} rolled {', '.join(dice)}: roll one die that is not a skull again (Gulløx Wing Render)?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if choice != YES:
            return
        args = window_args(engine)
        dice = list(args.get("attack_dice", []))
        i = next((n for n, d in enumerate(dice) if d != "skull"), None)
        if i is None:
            return
        new = engine.roll_combat(1)[0]
        before = dice[i]
        dice[i] = new
        args["attack_dice"] = dice
        engine.emit("treasure_used", figure=trigger.subject, glyph=self.glyph, title=title(self.glyph),
                    rerolled=before, result=new, rule=self.rule)


# ---- after the defense roll ----------------------------------------------------------------------------------


@register
class ScarabOfInvulnerability(AttackGlyph):
    """Scarab of Invulnerability: when the attack would wound the carrier, roll the d20 to ignore wounds."""

    name = glyph = "scarab_of_invulnerability"
    window = Window.AFTER_DEFENSE_ROLL
    rule = "HS-TREASURE-39"

    def offer(self, engine: RulesContext, a: Figure, t: Figure, args: dict[str, Any]) -> Trigger | None:
        from bot.rules.combat import tally
        from bot.rules.modifiers import AttackContext

        if self.glyph not in t.carries or "defense_dice" not in args:
            return None
        if tally(engine.state, AttackContext(a, t), args["attack_dice"], args["defense_dice"]).wounds <= 0:
            return None
        return Trigger(self.name, t.controller, t.id, (("attacker", a.id),))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return (f"{trigger.subject} is about to be wounded: use the Scarab of Invulnerability? Roll the d20: 1-15 "
                "takes away 1 wound, 16 or more takes them all away")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if choice != YES:
            return
        fig = engine.state.figures[trigger.subject]
        roll = engine.roll_d20()
        carry.spend(engine, fig, self.glyph, d20=roll, ignored="all" if roll >= 16 else 1, rule=self.rule)
        lasting.start(engine, self.glyph, fig.id, fig.controller, Expiry.END_OF_TURN,
                      attacker=trigger.get("attacker"), target=fig.id, all=roll >= 16)


# ---- after the attack ---------------------------------------------------------------------------------------


@register
class NanotoxinCoating(AttackGlyph):
    """Nanotoxin Coating: a normal attack that wounded an adjacent figure adds 1 wound (HS-TECH-06)."""

    name = glyph = "nanotoxin_coating"
    window = Window.AFTER_ATTACK
    rule = "HS-TECH-06"

    def offer(self, engine: RulesContext, a: Figure, t: Figure, args: dict[str, Any]) -> Trigger | None:
        if not args.get("wounds") or not carry.ready(a, self.glyph) or not t.on_battlefield:
            return None
        if not adjacent(engine.state, a, t):
            return None
        return Trigger(self.name, a.controller, a.id, (("target", t.id),))

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return engine.state.figures[str(trigger.get("target"))].on_battlefield

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return f"{trigger.subject} wounded {trigger.get('target')}: turn Nanotoxin Coating over for 1 more wound?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if choice != YES:
            return
        fig = engine.state.figures[trigger.subject]
        target = engine.state.figures[str(trigger.get("target"))]
        carry.spend(engine, fig, self.glyph, target=target.id, wounds=1, rule=self.rule)
        engine.wound(target, 1, "Nanotoxin Coating")


@register
class AfterAttack(Effect):
    """After an attack: Whetstone of Venom's and C.L.A.W.S.' extra wounds, and every one-attack glyph effect ends."""

    name = "treasure_after_attack"
    window = Window.AFTER_ATTACK

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        args = window_args(engine)
        mine = [e for e in lasting.one_attack(engine.state)
                if e.data.get("attacker") == args.get("attacker") and e.data.get("target") == args.get("target")]
        return [Trigger(self.name, "", str(args.get("attacker", "")))] if mine else []

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        args = window_args(engine)
        wounded = bool(args.get("wounds"))
        target = st.figures.get(str(args.get("target", "")))
        for eff in lasting.one_attack(st):
            if eff.data.get("attacker") != args.get("attacker") or eff.data.get("target") != args.get("target"):
                continue
            glyph = str(eff.data.get("glyph", ""))
            lasting.end(engine, glyph, eff.source)
            if glyph == "revenants_tome":  # its one attack made, it is destroyed again (HS-TREASURE-44)
                back = st.figures.get(eff.source)
                if back is not None and back.on_battlefield:
                    engine.destroy(back, "Revenant's Tome: its attack is over")
                continue
            if not wounded:
                continue
            if glyph == "whetstone_of_venom" and target is not None and target.on_battlefield:
                engine.emit("treasure_used", figure=eff.source, glyph=glyph, title=title(glyph), target=target.id,
                            wounds=2, rule="HS-TREASURE-40")
                engine.wound(target, 2, "Whetstone of Venom")
            elif glyph == "claws":
                picked = st.figures.get(str(eff.data.get("picked", "")))
                if picked is not None and picked.on_battlefield:
                    engine.emit("treasure_used", figure=eff.source, glyph=glyph, title=title(glyph), target=picked.id,
                                wounds=1, rule="HS-TREASURE-23")
                    engine.wound(picked, 1, "C.L.A.W.S.")
