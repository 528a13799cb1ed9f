"""Attacks on destructible objects (HS-DESTRUCT-*, HS-HEIGHT-05): targeting, dice, wounds.

An object is targeted and attacked like a figure (HS-DESTRUCT-01): within Range and in line of
sight, or adjacent. While it is targeted it counts as a figure for adjacency and engagement
(HS-DESTRUCT-06): a Range 1 attacker may attack an object next to it, an engaged attacker may attack
an object it is adjacent to (as it may a figure it is engaged with, HS-ENGAGE-07) and no other, and
an attacker next to it needs no line of sight. Height advantage counts both ways (HS-HEIGHT-05):
an attacker whose base is higher than the object's rolls 1 more attack die, an object whose base is
higher rolls 1 more defense die; the attacker's powers that depend on adjacency or height (or on the
attacker alone) add their dice as against a figure (HS-DESTRUCT-07, :func:`as_figure`). No power
adds to the object's defense: it has none. Each unblocked skull is a wound; at its Life
the object is destroyed and leaves the battlefield.

Only normal attacks, special attacks and powers that only deal wounds may affect an object
(HS-DESTRUCT-02..05, :func:`bot.rules.objects.refusal`). An Explosion aimed at an object also hits
the figures next to it, each rolling defense in turn, nearest and then by id (the object has no
defense order to choose: it rolls first).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bot.rules import checks, modifiers, objects
from bot.rules.cards import ArmyCard, Power
from bot.rules.combat import AttackCheck, defense_dice, wounds_from
from bot.rules.context import Referee
from bot.rules.decisions import EXTREME_HEIGHT_LEVELS
from bot.rules.dice import SHIELD, SKULL
from bot.rules.engagement import adjacent_at, engaged_enemies, figure_height
from bot.rules.errors import IllegalCommand, InvalidCommand
from bot.rules.los import figure_bodies, figure_eyes, sees_body
from bot.rules.modifiers import AttackContext, range_value
from bot.rules.objects import PlacedObject
from bot.rules.state import CardInPlay, Figure, MatchState
from bot.rules.windows import continuation, declare_attack


def next_to(state: MatchState, fig: Figure, obj: PlacedObject) -> bool:
    """True when ``fig`` is adjacent to ``obj`` with the object counted as a figure of its height
    (HS-DESTRUCT-06: only while the figure targets it)."""
    return bool(adjacent_at(state, fig.hexes, fig.level, figure_height(state, fig), obj.hexes, obj.level, obj.height))


def sees(state: MatchState, fig: Figure, obj: PlacedObject, *, marks: bool = True) -> bool:
    """True when ``fig``'s Target Point sees some point of ``obj`` as it would a figure's Hit Zone."""
    bf = objects.field_now(state).without_piece(obj.obstacle)  # the object does not hide itself
    return sees_body(bf, figure_eyes(state, fig, marks=marks), obj.hexes, obj.level, obj.height,
                     figure_bodies(state, (fig,)))


def check_object(state: MatchState, attacker: Figure, obj: PlacedObject, *, reach: int | None = None,
                 needs_sight: bool = True) -> AttackCheck:
    """Whether ``attacker`` may target ``obj`` with an attack of ``reach`` spaces (its Range by
    default); the reason and rule when not (HS-DESTRUCT-01, -06, HS-ENGAGE-07, HS-ATTACK-01, -07,
    HS-LOS-01)."""
    if obj.destroyed:
        return AttackCheck(False, f"{obj.name} was destroyed and has left the battlefield", "HS-DESTRUCT-01")
    if not attacker.on_battlefield:
        return AttackCheck(False, f"{attacker.id} is not on the battlefield", "HS-ATTACK-01")
    beside = next_to(state, attacker, obj)
    foes = engaged_enemies(state, attacker)
    if foes and not beside:
        names = ", ".join(f.id for f in foes)
        return AttackCheck(False, f"{attacker.id} is engaged (with {names}) and may attack only what it is engaged "
                                  f"with; {obj.id} is not next to it", "HS-ENGAGE-07")
    if beside:
        return AttackCheck(True)  # engaged with the object while targeting it: no sight needed
    rng = range_value(state, attacker) if reach is None else reach
    if rng <= 1:
        return AttackCheck(False, f"{attacker.id} has Range 1 and {obj.id} is not next to it", "HS-ATTACK-07")
    distance = min(a.distance(b) for a in attacker.hexes for b in obj.hexes)
    if distance > rng:
        return AttackCheck(False, f"{obj.id} is {distance} spaces away; {attacker.id} has Range {rng}", "HS-ATTACK-01")
    if needs_sight and not sees(state, attacker, obj):
        return AttackCheck(False, f"{attacker.id} has no line of sight to {obj.id}", "HS-LOS-01")
    return AttackCheck(True)


def _height_dice(high: int, low: int) -> int:
    diff = high - low
    return 0 if diff <= 0 else (2 if diff > EXTREME_HEIGHT_LEVELS else 1)


def attack_dice(state: MatchState, attacker: Figure, obj: PlacedObject) -> tuple[int, list[tuple[str, int]]]:
    """Attack dice of a normal attack on ``obj``: Attack, height advantage (HS-HEIGHT-05) and the
    attacker's powers that depend on adjacency or height advantage, or on the attacker alone
    (HS-DESTRUCT-07: Sword of Reckoning against an adjacent object, an Attack Aura)."""
    reasons = [("Attack", state.card_of(attacker).stat("attack"))]
    ha = _height_dice(attacker.level, obj.level)
    if ha:
        reasons.append(("height advantage", ha))
    with as_figure(state, obj) as body:
        reasons.extend(modifiers.attack_reasons(state, AttackContext(attacker, body, None)))
    return max(0, sum(n for _, n in reasons)), reasons


@contextmanager
def as_figure(state: MatchState, obj: PlacedObject) -> Iterator[Figure]:
    """``obj`` counted as a figure for the attack on it (HS-DESTRUCT-06, -07), so that the attacker's
    powers can measure adjacency and height to it: a figure of no player, of the object's height,
    on its spaces, with a card that has no size, species, class or personality (so a power
    restricted to those never applies, HS-DESTRUCT-05) and no powers. It is in ``state.cards`` only
    while the ``with`` block runs, and never in ``state.figures`` (it engages nobody)."""
    key = f"object:{obj.id}"
    card = ArmyCard(name=obj.name, kind="hero", height=obj.height, life=obj.life, defense=obj.defense, move=0,
                    range=0, attack=0, figures=1, points=0)
    state.cards[key] = CardInPlay(key=key, card=card, owner="", controller="")
    try:
        yield Figure(obj.id, key, "", "", hexes=obj.hexes, level=obj.level, wounds=obj.wounds)
    finally:
        del state.cards[key]


def defense_dice_of(attacker: Figure, obj: PlacedObject) -> tuple[int, list[tuple[str, int]]]:
    """Defense dice ``obj`` rolls against ``attacker``: its Defense and height advantage (HS-HEIGHT-05)."""
    reasons = [("Defense", obj.defense)]
    ha = _height_dice(obj.level, attacker.level)
    if ha:
        reasons.append(("height advantage", ha))
    return sum(n for _, n in reasons), reasons


def hit(eng: Referee, oid: str, wounds: int, cause: str) -> None:
    """Put ``wounds`` on the object and say so; at its Life it is destroyed (HS-DESTRUCT-01)."""
    if wounds <= 0:
        return
    total, gone = objects.wound(eng.state, oid, wounds)
    eng.emit("object_wounded", object=oid, wounds=wounds, total=total)
    if gone:
        obj = objects.find(eng.state, oid)
        eng.emit("object_destroyed", object=oid, at=[[h.q, h.r] for h in obj.hexes] if obj else [], cause=cause)


# ---- normal attacks ------------------------------------------------------------------------------


def attack_object(eng: Referee, player: str, attacker: str, target: str) -> None:
    """``attack ATTACKER OBJECT``: a normal attack on a destructible object (HS-DESTRUCT-01).

    :raises IllegalCommand: out of Range, sight or engagement, or the turn forbids the attack.
    """
    fig = eng.figure(attacker)
    obj = objects.named(eng.state, target)
    turn = checks.may_attack(eng.state, player, fig)
    check = check_object(eng.state, fig, obj)
    if not check:
        raise IllegalCommand(check.reason, check.rule)
    declare_attack(eng, turn, "object_attack_declared", attacker=fig.id, target=obj.id)


@continuation("object_attack_declared")
def object_attack_declared(eng: Referee, attacker: str, target: str) -> None:
    """Continuation: roll the attack and the object's defense, and wound it (HS-ATTACK-09..11)."""
    st = eng.state
    fig, obj = st.figures[attacker], objects.find(st, target)
    if obj is None or not check_object(st, fig, obj):
        eng.emit("attack_cancelled", attacker=attacker, target=target)
        return
    if st.turn is not None:
        st.turn.attacked.append(attacker)
    n, reasons = attack_dice(st, fig, obj)
    rolled = eng.roll_combat(n)
    dn, dreasons = defense_dice_of(fig, obj)
    defense = eng.roll_combat(dn)
    resolve(eng, fig.id, obj, None, rolled, defense, reasons, dreasons)


def resolve(eng: Referee, attacker: str, obj: PlacedObject, special: str | None, rolled: list[str],
             defense: list[str], reasons: list[tuple[str, int]], dreasons: list[tuple[str, int]]) -> None:
    skulls = sum(1 for d in rolled if d == SKULL)
    shields = sum(1 for d in defense if d == SHIELD)
    wounds = max(0, skulls - shields)
    eng.emit("object_attack", attacker=attacker, target=obj.id, object=obj.name, special=special,
             attack_dice=rolled, defense_dice=defense, skulls=skulls, shields=shields, wounds=wounds,
             attack_reasons=[list(r) for r in reasons], defense_reasons=[list(r) for r in dreasons])
    hit(eng, obj.id, wounds, f"{special or 'attack'} by {attacker}")


# ---- special attacks and powers --------------------------------------------------------------------


def power_named(state: MatchState, fig: Figure, name: str) -> Power:
    """Any power of ``fig``'s card called ``name`` (case-insensitive, a prefix will do).

    :raises InvalidCommand: naming the card's powers when none is called so.
    """
    card = state.card_of(fig)
    key = " ".join(name.lower().replace("_", " ").replace("-", " ").split())
    for p in card.powers:
        names = {p.name.lower(), (p.kind or "").lower().replace("_", " ")}
        if key in names or any(n.startswith(key) for n in names if n):
            return p
    have = ", ".join(p.name for p in card.powers) or "none"
    raise InvalidCommand(f"{card.short} has no special power called '{name}' (its powers: {have})")


def check_power(state: MatchState, fig: Figure, power: Power, obj: PlacedObject) -> None:
    """Refuse a power that may not target ``obj`` (HS-DESTRUCT-02..05) or that cannot reach it.

    :raises IllegalCommand: with the rule's ID and the reason in players' words.
    """
    why = objects.refusal(power)
    if why is not None:
        raise IllegalCommand(f"{why[0]}: {fig.id} cannot use it on {obj.name}", why[1])
    reach = power.values.get("range")
    check = check_object(state, fig, obj, reach=int(reach) if isinstance(reach, int) else None,
                         needs_sight=power.values.get("lob") is None)
    if not check:
        raise IllegalCommand(check.reason, check.rule)


def special_at_object(eng: Referee, player: str, attacker: str, power: str, target: str) -> None:
    """``special ATTACKER POWER OBJECT``: a special attack on a destructible object.

    :raises IllegalCommand: when the power may not affect objects (HS-DESTRUCT-02..05), the object
        is out of reach, or the turn forbids it.
    """
    fig = eng.figure(attacker)
    obj = objects.named(eng.state, target)
    found = power_named(eng.state, fig, power)
    check_power(eng.state, fig, found, obj)
    turn = checks.may_special(eng.state, player, fig)
    declare_attack(eng, turn, "object_special_declared", attacker=fig.id, power=found.name, target=obj.id)


@continuation("object_special_declared")
def object_special_declared(eng: Referee, attacker: str, power: str, target: str) -> None:
    """Continuation: roll the special attack's own dice once (HS-SPECIAL-02), the object defends,
    then the figures an Explosion also reaches (HS-EXPLOSION-02..04)."""
    st = eng.state
    fig, obj = st.figures[attacker], objects.find(st, target)
    found = power_named(st, fig, power)
    if obj is None or obj.destroyed:
        eng.emit("attack_cancelled", attacker=attacker, target=target)
        return
    if st.turn is not None:
        st.turn.attacked.append(attacker)
        st.turn.data.setdefault("special", []).append(attacker)
    dice = int(found.values.get("attack", 0))
    rolled = eng.roll_combat(dice)
    dn, dreasons = defense_dice_of(fig, obj)
    defense = eng.roll_combat(dn)
    resolve(eng, fig.id, obj, found.name, rolled, defense, [(found.name, dice)], dreasons)
    blast(eng, fig, found.name, dice, rolled, obj, int(found.values.get("explosion", 0)))


def blast(eng: Referee, attacker: Figure, name: str, dice: int, rolled: list[str], obj: PlacedObject, x: int) -> None:
    """Explosion ``x`` aimed at ``obj``: the figures within ``x`` spaces of it (next to it for
    Explosion 1, walls or not) defend against the same roll, nearest first, then by id."""
    if x < 1:
        return
    st = eng.state
    near = [f for f in st.on_battlefield() if min(a.distance(b) for a in f.hexes for b in obj.hexes) <= x]
    near.sort(key=lambda f: (min(a.distance(b) for a in f.hexes for b in obj.hexes), f.id))
    for f in near:
        if not f.on_battlefield:
            continue
        n, reasons = defense_dice(st, attacker, f, special=name)
        defense = eng.roll_combat(n)
        skulls, shields, wounds = wounds_from(rolled, defense, state=st, ctx=AttackContext(attacker, f, name))
        eng.emit("attack", attacker=attacker.id, target=f.id, special=name, attack_dice=rolled, defense_dice=defense,
                 skulls=skulls, shields=shields, wounds=wounds, attack_reasons=[[name, dice]],
                 defense_reasons=[list(r) for r in reasons])
        if wounds:
            eng.wound(f, wounds, f"{name} by {attacker.id}")


def targets(state: MatchState, fig: Figure) -> list[PlacedObject]:
    """The standing objects ``fig``'s normal attack could target from where it stands."""
    return [o for o in objects.standing(state) if check_object(state, fig, o)]


def args_of(obj: PlacedObject) -> dict[str, Any]:
    """An object as event data: its id, name and spaces."""
    return {"object": obj.id, "name": obj.name, "at": [[h.q, h.r] for h in obj.hexes]}
