"""The d20 building blocks' effects at the moments around a turn (see :mod:`block_d20` for the
phrases they read): after moving and before attacking (Marro Plague, Net Trip), the first time a
figure is targeted in a turn (Master of Disguise), and when a figure next to the holder is
destroyed (Feed the Forge).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.hexes import Hex
from bot.rules.los import clear_sight
from bot.rules.modifiers import AttackContext, Tally
from bot.rules.powers import _terms as terms
from bot.rules.powers import turn_markers as markers
from bot.rules.powers._common import holders
from bot.rules.powers._effects import window_args
from bot.rules.powers.block_d20 import KINDS as D20_KINDS
from bot.rules.powers.block_d20 import THIS_TURN, _immune, _mine, _read, _roll, _try
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: these effects carry out ``block_d20``'s kinds.
KINDS: frozenset[str] = frozenset()
#: The plans rolled by the turn's card as its moving ends, without a question.
AFTER_MOVING_PLANS = ("area_wound", "cap_turn", "range_turn", "area_kind")


# ---- after moving, before attacking --------------------------------------------------------------------


@register
class RollAfterMoving(Effect):
    """The turn's card, after moving and before attacking: Marro Plague and Searing Intensity (1
    wound on each figure adjacent to the card's figures), Net Trip (a cap on defense dice this turn),
    Javelin (+N Range this turn)."""

    name = "d20_after_moving"
    window = Window.AFTER_MOVING
    source = Source.UNIT

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key is None or turn.card_key not in st.cards:
            return []
        if turn.data.get(f"{self.name}:{turn.card_key}"):
            return []
        cip = st.cards[turn.card_key]
        if not any(p.kind in D20_KINDS and _read(p) is not None and _read(p)[0] in AFTER_MOVING_PLANS  # type: ignore[index]
                   for p in cip.card.powers):
            return []
        return [Trigger(self.name, cip.controller, cip.key)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        turn = st.turn
        if turn is None:
            return
        turn.data[f"{self.name}:{trigger.subject}"] = True
        cip = st.cards[trigger.subject]
        mine = [f for f in st.figures_of(cip.key) if f.on_battlefield]
        if not mine:
            return
        lead = mine[0]
        for p in cip.card.powers:
            read = _read(p) if p.kind in D20_KINDS else None
            if read is None:
                continue
            plan, arg = read
            if plan == "area_wound":
                spared = _immune(p.values.get("immune"))
                near = sorted({f.id for f in st.on_battlefield() for m in mine
                               if f.card_key != cip.key and adjacent(st, m, f) and not spared(st, f)})
                for fid in near:
                    f = st.figures[fid]
                    if f.on_battlefield and _try(engine, lead, p, f, f"1 wound on {fid}"):
                        engine.wound(f, 1, f"{p.name} of {cip.card.short}")
            elif plan == "area_kind":  # Circuitry Overload: each figure of a word, by the kind of its card
                word, effects = arg
                near = sorted({f.id for f in st.on_battlefield() for m in mine if f.card_key != cip.key
                               and word in terms.card_words(st.card_of(f)) and adjacent(st, m, f)})
                for fid in near:
                    f = st.figures[fid]
                    what = effects.get(st.card_of(f).kind, "")
                    if f.on_battlefield and what and _try(engine, lead, p, f, f"{fid}: {what}", by_other=True):
                        if what == "destroy":
                            engine.destroy(f, f"{p.name} of {cip.card.short}")
                        else:
                            engine.wound(f, 1, f"{p.name} of {cip.card.short}")
            elif plan == "cap_turn" and _try(engine, lead, p, None, "it works this turn"):
                turn.data.setdefault(THIS_TURN, {}).setdefault(f"cap_turn:{cip.key}", []).append([p.name, list(arg), 1])
            elif plan == "range_turn" and _try(engine, lead, p, None, f"+{arg} Range this turn"):
                markers.boost(engine, p.name, cip, "range", int(arg))


@register
class RollAfterMovingAsked(Effect):
    """The turn's card, after moving and before attacking, when the player chooses to roll (a
    success may cost them: the declared attack is called off to move again, friends are destroyed
    too): Ice Troll Charge (move again), Helm of Mitonsoul (destroy every figure near); Stinger
    Drain (once for the card: 1-4 one of its figures is destroyed, the player's pick, and none of
    them attacks; 10+ the card has +1 Attack this turn)."""

    name = "d20_after_moving_asked"
    window = Window.AFTER_MOVING
    source = Source.UNIT
    optional = True
    leaves_window = True  # moving again leaves the window (HS-TIMING-04)

    def _found(self, engine: RulesContext) -> list[tuple[Figure, Power, str, Any]]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key is None or turn.card_key not in st.cards:
            return []
        out = []
        for f in st.figures_of(turn.card_key):
            if not f.on_battlefield:
                continue
            for p in st.card_of(f).powers:
                read = _read(p) if p.kind in D20_KINDS else None
                who = f.card_key if read is not None and read[0] == "drain" else f.id  # the card rolls once
                if read is not None and read[0] in ("move_again", "area_destroy", "drain") \
                        and not turn.data.get(f"{self.name}:{who}:{p.name}"):
                    out.append((f, p, read[0], read[1]))
        return out

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        out, seen = [], set()
        for f, p, plan, _ in self._found(engine):
            if plan == "drain" and (f.card_key, p.name) in seen:
                continue
            seen.add((f.card_key, p.name))
            out.append(Trigger(self.name, f.controller, f.id, (("power", p.name),), source=f.id))
        return out

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return ["roll", "skip"]

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power"))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return f"{trigger.get('power')}: roll the d20 for {trigger.subject}?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        turn = st.turn
        if trigger.get("step") == "drain":  # the figure the player gives up, then no attack
            mine = st.figures_of(st.figures[trigger.subject].card_key)
            lost = st.figures.get(str(choice))
            if lost is not None and lost in mine and lost.on_battlefield:
                engine.destroy(lost, str(trigger.get("power")))
            engine.forgo_attacks([f.id for f in mine])
            return
        found = [x for x in self._found(engine) if x[0].id == trigger.subject and x[1].name == trigger.get("power")]
        if turn is None or not found:
            return
        fig, p, plan, arg = found[0]
        turn.data[f"{self.name}:{fig.card_key if plan == 'drain' else fig.id}:{p.name}"] = True
        if choice != "roll":
            return
        if plan == "drain":
            self._drain(engine, trigger, fig, p, arg)
            return
        if plan == "move_again":
            if _try(engine, fig, p, None, f"{fig.id} may move again"):
                engine.move_again([fig.id], p.name)
            return
        near = [f for f in st.on_battlefield() if f is not fig and terms.spaces(fig, f) <= arg
                and clear_sight(st, fig, f)]
        if _try(engine, fig, p, None, f"every figure within {arg} clear sight spaces is destroyed"):
            for f in near:
                engine.destroy(f, f"{p.name} of {fig.id}")


    def _drain(self, engine: RulesContext, trigger: Trigger, fig: Figure, p: Power, rows: Any) -> None:
        st = engine.state
        roll, total = _roll(engine, fig, p, None)
        kind, n = next(((k, n) for lo, hi, k, n in rows if lo <= total <= hi), ("none", 0))
        result = {"drain": "one of the card's figures is destroyed and none attacks this turn",
                  "attack": f"+{n} Attack this turn", "none": "no effect"}[kind]
        engine.emit("power", power=p.name, figure=fig.id, player=fig.controller, d20=roll, success=kind == "attack",
                    result=result)
        cip = st.cards[fig.card_key]
        if kind == "attack":
            markers.boost(engine, p.name, cip, "attack", n)
        elif kind == "drain":
            mine = [f.id for f in st.figures_of(cip.key) if f.on_battlefield]
            engine.ask(trigger.with_data(step="drain"), f"{p.name}: which of your {cip.card.short} is destroyed?",
                       mine, "HS-TURN-06")


#: ``turn.data`` key: figure id -> the power that makes it an illegal target for the rest of the turn.
HIDDEN = "d20_hidden"


@register
class RollWhenTargeted(Effect):
    """The first time each turn a figure of the named kind targets the holder: on the roll, the
    holder is no target for that attack (it does nothing to it) nor for any other this turn
    (Master of Disguise)."""

    name = "d20_when_targeted"
    window = Window.BEFORE_ATTACK
    source = Source.UNIT

    def _aimed(self, engine: RulesContext) -> list[tuple[Figure, Power]]:
        st = engine.state
        args = window_args(engine)
        attacker = st.figures.get(args.get("attacker", ""))
        if attacker is None or st.turn is None:
            return []
        ids = [args["target"]] if "target" in args else [f for g in args.get("groups", ()) for f in g]
        out = []
        for fid in ids:
            f = st.figures.get(fid)
            if f is None or f is attacker or st.turn.data.get(f"{self.name}:{fid}"):
                continue
            for p, kind in _mine(st, f, "disguise"):
                if st.card_of(attacker).kind == kind:
                    out.append((f, p))
        return out

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return [Trigger(self.name, f.controller, f.id, source=f.id) for f, _ in self._aimed(engine)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        for f, p in self._aimed(engine):
            if f.id != trigger.subject or st.turn is None:
                continue
            st.turn.data[f"{self.name}:{f.id}"] = True
            attacker = st.figures.get(window_args(engine).get("attacker", ""))
            if _try(engine, f, p, attacker, f"{f.id} cannot be targeted for the rest of the turn"):
                st.turn.data.setdefault(HIDDEN, {})[f.id] = p.name


@modifiers.on_target_check
def hidden_target(state: MatchState, ctx: AttackContext) -> modifiers.Verdict | None:
    """Master of Disguise: no attack may target the figure for the rest of the turn."""
    name = state.turn.data.get(HIDDEN, {}).get(ctx.target.id) if state.turn is not None else None
    if name is None:
        return None
    return modifiers.Verdict(False, f"{ctx.target.id} cannot be targeted for the rest of this turn ({name})")


@modifiers.on_wound_cap
def hidden_wounds(state: MatchState, ctx: AttackContext, count: Tally) -> modifiers.Reason | None:
    """The attack under way when the roll succeeded does nothing to the figure."""
    turn = state.turn
    name = turn.data.get(HIDDEN, {}).get(ctx.target.id) if turn is not None else None
    return (name, 0) if name is not None else None


@register
class RollWhenDestroyed(Effect):
    """A figure next to the holder is destroyed: Feed the Forge (on the roll, the holder loses wounds)."""

    name = "d20_when_destroyed"
    window = Window.DESTROYED
    source = Source.UNIT

    def _near(self, engine: RulesContext) -> list[tuple[Figure, Power, int]]:
        st = engine.state
        args = window_args(engine)
        gone = st.figures.get(args.get("figure", ""))
        at = [Hex(q, r) for q, r in args.get("at", ())]
        if gone is None or not at:
            return []
        out = []
        for kind in D20_KINDS:
            for holder, p in holders(st, kind):
                read = _read(p)
                if read is not None and read[0] == "forge" and holder.wounds > 0 and holder is not gone \
                        and min(a.distance(b) for a in holder.hexes for b in at) == 1:
                    out.append((holder, p, int(read[1])))
        return out

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return [Trigger(self.name, h.controller, h.id, source=h.id) for h, _, _ in self._near(engine)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        gone = engine.state.figures.get(window_args(engine).get("figure", ""))
        for holder, p, n in self._near(engine):
            if holder.id == trigger.subject and _try(engine, holder, p, gone, f"{holder.id} loses {n} wound"):
                holder.wounds = max(0, holder.wounds - n)  # the power event above says so
