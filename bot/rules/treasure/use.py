"""``use FIGURE GLYPH [TARGET]``: a carried glyph used at a time of its carrier's choosing.

The glyphs used this way (``GlyphInfo.when == "use"``, :mod:`bot.rules.treasure.catalogue`), in the
turn of the carrier's Army Card, by the player controlling it:

- Jump Pack (HS-TECH-04): before the carrier moves; a Small or Medium carrier flies for that move.
- Elixir of Speed (HS-TREASURE-36): before the carrier moves; Move +4 this turn.
- Bracers of Teleportation (HS-TREASURE-33, -34): before the carrier moves, instead of moving: put on
  an empty space of the same level within 10 spaces (TARGET), with no leaving-engagement attacks.
- Cloak of Invisibility (HS-TREASURE-35): any time in the turn.
- Potion of Healing (HS-TREASURE-37): takes off up to 3 of the carrier's wounds.
- Revenant's Tome (HS-TREASURE-43..45, :mod:`bot.rules.treasure.tome`): as the turn begins; a destroyed
  Unique figure of the army back on a space (TARGET ``FIGURE@SPACE``) for one attack.
- Bolt of the Witherwood (HS-TREASURE-42): after moving and before the carrier attacks (it ends the
  moving part of the turn, through the "after moving" window, like an attack); an opponent's figure
  within 5 spaces in clear sight (TARGET); d20 16+ destroys it; the bolt leaves the game either way.

Refusals (nothing changes, the rule's ID given): a glyph the figure does not carry (HS-TREASURE-31),
a Tech Glyph already turned over this round (HS-TECH-03), too big a carrier (HS-TECH-04), a glyph
that works by itself (HS-TREASURE-15) or is offered at its own moment, a wrong time or target.
:func:`why_not` is the one check; :func:`targets` lists the targets the check accepts, for
``legal`` and the adapters' autocomplete.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from bot.rules import checks
from bot.rules.context import RulesContext
from bot.rules.errors import IllegalCommand, InvalidCommand
from bot.rules.events import hx
from bot.rules.hexes import Hex
from bot.rules.los import line_of_sight
from bot.rules.moments import Expiry
from bot.rules.state import Figure, MatchState, Stage, TurnState
from bot.rules.treasure import carry, lasting, tome
from bot.rules.treasure.catalogue import ALWAYS, OFFERED, describe, key, title
from bot.rules.windows import continuation, declare_attack

if TYPE_CHECKING:
    from bot.rules.context import Referee

#: Bracers of Teleportation reach this many spaces (HS-TREASURE-33); the Bolt of the Witherwood this many (-42).
TELEPORT_REACH, BOLT_REACH = 10, 5
#: A Bolt of the Witherwood roll of this or more destroys the figure (HS-TREASURE-42).
BOLT_HITS = 16
BOLT_GLYPH = "bolt_of_the_witherwood"


def _before_moving(turn: TurnState, fig: Figure, glyph: str, rule: str) -> tuple[str, str] | None:
    if turn.stage is not Stage.MOVE or fig.id in turn.moved or fig.id in turn.spent:
        return f"{title(glyph)} is used before {fig.id} moves, and {fig.id} has moved (or attacks began) this turn", rule
    return None


def why_not(state: MatchState, player: str, fig: Figure, glyph: str, target: str | None = None) -> tuple[str, str] | None:
    """Why ``player`` may not have ``fig`` use ``glyph`` (a catalogue key) on ``target`` now, as
    ``(reason, rule)``, or ``None`` when it may. Reads the state only."""
    info = describe(glyph)
    if info is None:
        return f"'{glyph}' is not a Treasure, Artifact or Tech Glyph", "HS-TREASURE-31"
    name = info.title
    under = carry.glyph_at(state, fig) if fig.on_battlefield else None
    if glyph not in fig.carries and under is not None and under[1] == glyph:
        # Trying to use the glyph it stands on: picking it up is the question (HS-TREASURE-02, -03).
        why = carry.why_not_pick_up(state, fig)
        if why is not None:
            return why
        return (f"{fig.id} stands on {name} but does not carry it: a Unique Hero picks up a Treasure Glyph by "
                "ending its move on it and answering yes", "HS-TREASURE-03")
    if glyph not in fig.carries:
        held = ", ".join(title(g) for g in fig.carries) or "no glyph"
        return (f"{fig.id} does not carry {name} (it carries {held}); only a carried glyph can be used",
                "HS-TREASURE-31")
    if glyph in fig.flipped:
        return (f"{name} is turned symbol side up: {fig.id} used it this round, and it is ready again at the end "
                "of the round", "HS-TECH-03")
    if info.small_only and (state.card_of(fig).size or "medium") in ("large", "huge"):
        return f"only a Small or Medium figure may use {name}; {fig.id} is {state.card_of(fig).size}", info.rules[0]
    if not info.enforced:
        return f"{name} is applied by the players: the bot does not carry it out yet", info.rules[0]
    if info.when == ALWAYS:
        return f"{name} works by itself for as long as {fig.id} carries it; there is nothing to use", "HS-TREASURE-15"
    if info.when == OFFERED:
        return (f"{name} is offered at its own moment ({info.text[0].lower() + info.text[1:]}): answer that "
                "question when it comes", info.rules[0])
    try:
        turn = checks.turn_for(state, player, fig)
    except IllegalCommand as exc:
        return (f"{fig.id} may use a carried glyph only in its own Player Turn (when the Order Marker on its "
                f"Army Card is revealed), not now: {exc.message}", exc.rule or "HS-TREASURE-31")
    if not fig.on_battlefield:
        return f"{fig.id} is not on the battlefield", "HS-TREASURE-31"
    rule = info.rules[0]
    if glyph in ("jump_pack", "elixir_of_speed", "bracers_of_teleportation"):
        late = _before_moving(turn, fig, glyph, rule)
        if late is not None:
            return late
        if glyph != "bracers_of_teleportation" and lasting.get(state, glyph, fig.id) is not None:
            return f"{name} already works for {fig.id} this turn", rule
    if glyph == "potion_of_healing" and fig.wounds == 0:
        return f"{fig.id} has no wounds to heal", rule
    if glyph == "cloak_of_invisibility" and lasting.get(state, glyph, fig.id) is not None:
        return f"{fig.id} already wears the Cloak of Invisibility", rule
    if glyph == tome.GLYPH and tome.too_late(turn):
        return f"Revenant's Tome is used as the turn of {fig.id}'s card begins, before any figure moves or attacks", rule
    if glyph == "bolt_of_the_witherwood" and fig.id in turn.attacked:
        return f"the Bolt of the Witherwood is used after moving and before attacking; {fig.id} has attacked", rule
    if info.target:
        if not target:
            return f"{name} needs a target: {_target_words(info.target)}", rule
        return _why_not_target(state, fig, glyph, target)
    if target:
        return f"{name} takes no target; leave '{target}' out", rule
    return None


def _target_words(kind: str) -> str:
    return {"space": "name an empty space of the same level within 10 spaces",
            "figure@space": "name a destroyed Unique figure of your army and an empty space within 5, like finn@E5",
            "enemy": "name an opponent's figure within 5 spaces that the carrier can see"}.get(kind, "name one")


def _space(state: MatchState, text: str) -> Hex | None:
    from bot.rules import lookup

    try:
        return lookup.space(state, text)
    except InvalidCommand:
        return None


def _why_not_target(state: MatchState, fig: Figure, glyph: str, target: str) -> tuple[str, str] | None:
    bf = state.battlefield
    if glyph == tome.GLYPH:
        return tome.why_not_target(state, fig, target)
    if glyph == "bracers_of_teleportation":
        rule = "HS-TREASURE-33"
        h = _space(state, target)
        if h is None:
            return f"'{target}' is not a space of this battlefield", rule
        if state.card_of(fig).base != 1:
            return "the bot puts only single-space figures with the Bracers of Teleportation; place it by hand", rule
        cell = bf.top_cell(h)
        if cell is None or cell.top != fig.level:
            return f"{bf.label(h)} is not on {fig.id}'s level ({fig.level}); the Bracers move along one level", rule
        if min(h.distance(x) for x in fig.hexes) > TELEPORT_REACH or h in fig.hexes:
            return f"{bf.label(h)} is not within {TELEPORT_REACH} spaces of {fig.id} (or is its own space)", rule
        if state.occupant(h) is not None or bf.obstacles_on(h):
            return f"{bf.label(h)} is not empty", rule
        return None
    if glyph == "bolt_of_the_witherwood":
        rule = "HS-TREASURE-42"
        tgt = state.figures.get(target.lower())
        if tgt is None or not tgt.on_battlefield:
            return f"'{target}' is no figure on the battlefield", rule
        if not state.is_enemy(fig, tgt):
            return f"{tgt.id} is not an opponent's figure", rule
        if min(a.distance(b) for a in fig.hexes for b in tgt.hexes) > BOLT_REACH:
            return f"{tgt.id} is more than {BOLT_REACH} spaces from {fig.id}", rule
        if not line_of_sight(state, fig, tgt, marks=False):
            return f"{fig.id} has no clear sight of {tgt.id}", rule
        return None
    return None


def targets(state: MatchState, fig: Figure, glyph: str) -> list[str]:
    """The targets ``fig`` could name for ``glyph`` now (space labels or figure ids; empty when it takes none)."""
    info = describe(glyph)
    if info is None or not info.target:
        return []
    if glyph == "bolt_of_the_witherwood":
        return [f.id for f in state.on_battlefield() if _why_not_target(state, fig, glyph, f.id) is None]
    if glyph == tome.GLYPH and fig.on_battlefield:
        dead = [f for f in state.figures.values() if f.destroyed and f.owner == fig.owner]
        near = [h for h in state.battlefield.hexes() if min(h.distance(x) for x in fig.hexes) <= tome.REACH]
        return [f"{f.id}@{state.battlefield.label(h)}" for f in dead for h in near
                if tome.why_not_target(state, fig, f"{f.id}@{state.battlefield.label(h)}") is None]
    if glyph == "bracers_of_teleportation" and fig.on_battlefield:
        bf = state.battlefield
        out = []
        for h in bf.hexes():
            if min(h.distance(x) for x in fig.hexes) <= TELEPORT_REACH and _why_not_target(state, fig, glyph, bf.label(h)) is None:
                out.append(bf.label(h))
        return out
    return []


def use(eng: RulesContext, player: str, figure: str, glyph: str, target: str | None = None) -> None:
    """``use FIGURE GLYPH [TARGET]``: ``figure`` uses a glyph it carries (see the module doc).

    :raises InvalidCommand: for a figure that does not exist; :raises IllegalCommand: naming the rule broken.
    """
    st = eng.state
    fig = eng.figure(figure)
    name = key(glyph)
    info = describe(name)
    if info is not None:
        name = info.name
    why = why_not(st, player, fig, name, target)
    if why is not None:
        # No "Use /use." hint: the player just used it, and the reason says what is wrong.
        raise IllegalCommand(why[0], why[1])
    rule = info.rules[0] if info else ""
    if name in ("jump_pack", "elixir_of_speed"):
        carry.spend(eng, fig, name, rule=rule)
        lasting.start(eng, name, fig.id, fig.controller, Expiry.END_OF_TURN)
    elif name == "cloak_of_invisibility":
        carry.spend(eng, fig, name, rule=rule)
        lasting.start(eng, name, fig.id, fig.controller, Expiry.END_OF_ROUND)
    elif name == "potion_of_healing":
        healed = min(3, fig.wounds)
        fig.wounds -= healed
        carry.spend(eng, fig, name, healed=healed, rule=rule)
        eng.emit("healed", figure=fig.id, wounds=healed, total=fig.wounds, cause=title(name))
    elif name == "bracers_of_teleportation":
        _teleport(eng, fig, name, str(target))
    elif name == tome.GLYPH:
        tome.call_back(eng, fig, str(target))
    elif name == "bolt_of_the_witherwood":
        # After moving and before attacking: like an attack, it ends the moving part of the turn,
        # through the "after moving" window (HS-TURN-06), then the bolt flies.
        turn = checks.turn_for(st, player, fig)
        declare_attack(cast("Referee", eng), turn, "treasure_bolt", carrier=fig.id, target=str(target).lower())


@continuation("treasure_bolt")
def bolt(eng: Referee, carrier: str, target: str) -> None:
    """Continuation: the Bolt of the Witherwood flies, unless its target has gone (HS-TREASURE-42)."""
    st = eng.state
    fig, tgt = st.figures[carrier], st.figures[target]
    if not fig.on_battlefield or BOLT_GLYPH not in fig.carries or _why_not_target(st, fig, BOLT_GLYPH, target):
        eng.emit("attack_cancelled", attacker=carrier, target=target)
        return
    roll = eng.roll_d20()
    carry.spend(eng, fig, BOLT_GLYPH, target=tgt.id, d20=roll, destroyed=roll >= BOLT_HITS, rule="HS-TREASURE-42")
    if roll >= BOLT_HITS:
        eng.destroy(tgt, f"the Bolt of the Witherwood of {fig.id}")


def _teleport(eng: RulesContext, fig: Figure, name: str, target: str) -> None:
    """Put ``fig`` on ``target``: its move for this turn, with no leaving-engagement attacks (HS-TREASURE-33, -34)."""
    st = eng.state
    h = _space(st, target)
    assert h is not None
    turn = st.turn
    start = [hx(x) for x in fig.hexes]
    fig.hexes = (h,)
    if turn is not None:
        turn.moved.append(fig.id)
    carry.spend(eng, fig, name, rule="HS-TREASURE-33")
    eng.emit("moved", figure=fig.id, path=[start[0], hx(h)], levels=[fig.level, fig.level], cost=0, flew=False,
             end=[hx(h)], teleport=True)
