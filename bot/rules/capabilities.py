"""What the engine lets powers, terrain and scenario rules do (the body of :class:`~bot.rules.context.RulesContext`).

Each function takes the engine (any :class:`~bot.rules.context.Referee`) and changes its state,
emitting the events that say so: wounds and destruction (HS-DESTROY-01..03), lasting effects and
their end (HS-DESTROY-06), follow-up decisions, control of cards (HS-ARMY-10, -11), figures put
onto the battlefield, and the per-turn allowances powers bend (move again, attack again, forgo
attacks). :class:`~bot.rules.engine.Engine` exposes them as methods.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.rules.context import Referee
from bot.rules.events import hx
from bot.rules.hexes import Hex
from bot.rules.moments import Expiry, Lasting, Trigger, Window
from bot.rules.state import Figure, Pending, Stage
from bot.rules.timing import effect
from bot.rules.windows import call_off, run_inside, stop_for


def wound(eng: Referee, fig: Figure, n: int, cause: str) -> None:
    """Give ``fig`` ``n`` wounds; destroy it when they reach its Life (HS-DESTROY-01, -02)."""
    if n <= 0 or not fig.on_battlefield:
        return
    fig.wounds += n
    turn = eng.state.turn
    if turn is not None:  # a turn that wounded someone (the Bloodcursed Blade asks, HS-TREASURE-17)
        turn.data["wounds_dealt"] = turn.data.get("wounds_dealt", 0) + n
    eng.emit("wounded", figure=fig.id, wounds=n, total=fig.wounds)
    if fig.wounds >= eng.state.card_of(fig).stat("life"):
        destroy(eng, fig, cause)


def destroy(eng: Referee, fig: Figure, cause: str) -> None:
    """Destroy ``fig``: it leaves the battlefield for its card and its Wound Markers go back to the
    supply (HS-DESTROY-03); the event keeps how many it had."""
    if fig.destroyed:
        return
    at = [hx(h) for h in fig.hexes]
    wounds = fig.wounds
    fig.destroyed = True
    fig.hexes = ()
    fig.wounds = 0
    eng.emit("destroyed", figure=fig.id, at=at, cause=cause, wounds=wounds)
    # Warrior's Attack Spirit, Life Drain, Feed the Forge (``cause`` names who destroyed it); ``at`` where it stood
    # (where a carrier's glyphs fall, HS-TREASURE-09)
    run_inside(eng, Window.DESTROYED, figure=fig.id, cause=cause, at=at)


def add_lasting(eng: Referee, name: str, controller: str, until: Expiry, source: str = "", **data: Any) -> Lasting:
    """Start an effect with a stated duration (``MatchState.effects[name]``); it ends at ``until``
    even if ``source`` is destroyed first (HS-DESTROY-06)."""
    lasting = Lasting(name=name, controller=controller, until=until, source=source, data=dict(data))
    eng.state.effects[name] = lasting
    eng.emit("effect_started", name=name, controller=controller, until=until.value, source=source)
    return lasting


def expire(eng: Referee, until: Expiry, player: str | None = None) -> None:
    """End the lasting effects that last ``until`` now (those of ``player`` only, when given)."""
    st = eng.state
    for name, eff in list(st.effects.items()):
        if isinstance(eff, Lasting) and eff.until is until and (player is None or eff.controller == player):
            del st.effects[name]
            eng.emit("effect_ended", name=name, controller=eff.controller)


def ask(eng: Referee, trigger: Trigger, prompt: str, options: list[str], rule: str = "",
        labels: Sequence[str] | None = None, place: str = "") -> None:
    """Stop for a follow-up decision of an effect under way: ``trigger.controller`` answers with
    ``choose``, and the answer goes to that effect's ``resolve`` with ``trigger``.

    ``place``: the decision puts this figure on the battlefield (reinforcements entering on start
    spaces, HS-SCEN-DUMUTEF-MASTER-11); its options are its spaces (``"q,r"`` or ``"q,r q,r"``), so
    ``place FIGURE SPACE [SPACE]`` answers it as in placement (``Pending.context["place"]``) and
    :mod:`bot.rules.legal` lists those ``place`` commands too."""
    context: dict[str, Any] = {"trigger": trigger.to_json()}
    if place:
        context["place"] = place
    stop_for(eng, Pending(player=trigger.controller, kind=trigger.effect, prompt=prompt, options=list(options),
                          context=context, rule=rule or effect(trigger.effect).rule, labels=list(labels or [])))


def take_control(eng: Referee, card_key: str, player: str, cause: str) -> None:
    """``player`` takes control of a card and all its figures (HS-ARMY-10, -11: Mind Shackle).

    The figures keep their wounds and places. The Order Markers still face down on the card are
    removed, so its former controller loses those turns; the new controller puts markers on it
    from the next round on.
    """
    st = eng.state
    cip = st.cards[card_key]
    before = cip.controller
    if before == player:
        return
    cip.controller = player
    for fid in cip.figure_ids:
        st.figures[fid].controller = player
    orders = st.orders.get(before, {})
    removed = sorted(m for m, k in orders.items() if k == card_key and m not in st.revealed.get(before, []))
    lost = st.lost_orders.setdefault(before, {})
    for m in removed:
        del orders[m]
        lost[m] = card_key  # to say, when that turn comes, why it is lost
    eng.emit("control", card=card_key, player=player, previous=before, figures=list(cip.figure_ids),
             markers_removed=len(removed), cause=cause)
    if removed:
        eng.emit("orders_removed", to=before, player=before, card=card_key, markers=removed)


def put_on(eng: Referee, fig: Figure, hexes: Sequence[Hex], cause: str) -> None:
    """Put a figure that is off the battlefield onto empty spaces, with no wounds (Water Clone,
    The Drop). Not a move: nothing is entered or left.

    :raises ValueError: when the figure is on the battlefield or a space cannot take it.
    """
    st = eng.state
    bf = st.battlefield
    spaces = tuple(hexes)
    if fig.on_battlefield or fig.set_aside:
        raise ValueError(f"{fig.id} cannot be put on the battlefield")
    if len(spaces) != st.card_of(fig).base or any(h not in bf for h in spaces):
        raise ValueError(f"{fig.id} needs {st.card_of(fig).base} space(s) of the battlefield")
    for h in spaces:
        if st.occupant(h) is not None or bf.obstacles_on(h):
            raise ValueError(f"{bf.label(h)} is not empty")
    levels = {c.top for c in (bf.top_cell(h) for h in spaces) if c is not None}
    if len(levels) != 1:
        raise ValueError(f"{fig.id} needs spaces of one level")
    fig.destroyed = fig.reserve = False
    fig.wounds = 0
    fig.hexes = spaces
    fig.level = levels.pop()
    eng.emit("entered", figure=fig.id, at=[hx(h) for h in spaces], cause=cause)


def move_again(eng: Referee, figures: Sequence[str], cause: str) -> None:
    """Let ``figures`` move once more this turn, before any attack (Berserker Charge). The turn goes
    back to moving; an attack declared, or the end of the turn asked for, that was waiting on the
    "after moving" window is called off."""
    turn = eng.state.turn
    if turn is None:
        return
    for f in figures:
        if f in turn.moved:
            turn.moved.remove(f)
            turn.spent.append(f)
    turn.stage = Stage.MOVE
    call_off(eng, None)
    eng.emit("move_again", figures=list(figures), cause=cause)


def forgo_attacks(eng: Referee, figures: Sequence[str]) -> None:
    """``figures`` make no attack this turn: a power used instead of attacking (Water Clone). A
    normal or special attack one of them declared, waiting on the "after moving" window, is called off."""
    turn = eng.state.turn
    if turn is None:
        return
    forgone: list[str] = turn.data.setdefault("forgone", [])
    for f in figures:
        if f not in turn.attacked:
            turn.attacked.append(f)
        if f not in forgone:
            forgone.append(f)
    call_off(eng, set(figures))


def attack_again(eng: Referee, figure: str, cause: str) -> None:
    """Let ``figure`` make one more attack this turn (Double Attack)."""
    turn = eng.state.turn
    if turn is None or figure not in turn.attacked:
        return
    turn.attacked.remove(figure)
    turn.spent.append(figure)
    eng.emit("attack_again", figure=figure, cause=cause)
