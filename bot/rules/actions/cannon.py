"""Cannon Fire (HS-OBSTACLE-04..09): ``cannon FIGURE CANNON TARGET``.

Instead of its normal attack, a figure next to a cannon and not engaged turns the cannon and makes
a Cannon Fire Special Attack (HS-OBSTACLE-04): Range 8, Attack 3, Explosion 1 (HS-OBSTACLE-07),
its range counted from the cannon's space and its line of sight taken from the barrel, as a
Height 2 figure's Target Point on the cannon's space would see (HS-OBSTACLE-05, -09). Each cannon
fires once per Player Turn (HS-OBSTACLE-06). At a figure it is a special attack like any other:
the target defends first, then the figures next to it, in the order the attacker chooses
(HS-EXPLOSION-05), each with its own defense dice. At a destructible object, the object rolls no
defense (HS-OBSTACLE-08), then the figures next to it defend. The cannon is named by its obstacle
``id`` or by its space.
"""

from __future__ import annotations

from bot.rules import checks, objects
from bot.rules import object_attacks as oa
from bot.rules.battlefield import Obstacle
from bot.rules.context import Referee
from bot.rules.decisions import TARGET_POINT_HEIGHT
from bot.rules.engagement import adjacent, engaged_enemies
from bot.rules.errors import IllegalCommand, InvalidCommand
from bot.rules.hexes import Hex
from bot.rules.los import figure_bodies, sees_body
from bot.rules.moments import Window
from bot.rules.special import SpecialPlan
from bot.rules.state import Figure, MatchState
from bot.rules.terrain import ObstacleKind
from bot.rules.windows import continuation, declare_attack, run_window

#: Cannon Fire Special Attack (HS-OBSTACLE-07).
NAME = "Cannon Fire"
RANGE = 8
ATTACK = 3
EXPLOSION = 1
#: A cannon's height (HS-OBSTACLE-09): its barrel sights like a Height 2 figure's Target Point.
BARREL_HEIGHT = 2


def cannons(state: MatchState) -> list[Obstacle]:
    """Every cannon on the battlefield, in map order."""
    return [o for o in state.battlefield.obstacles if o.kind is ObstacleKind.CANNON and o.hexes]


def cannon_named(state: MatchState, name: str) -> Obstacle:
    """The cannon whose id is ``name``, or that stands on the space ``name`` labels.

    :raises InvalidCommand: naming the cannons of the battlefield when none is called so.
    """
    bf = state.battlefield
    for o in cannons(state):
        if o.id and o.id.lower() == name.lower():
            return o
    try:
        h = bf.parse_space(name)
    except ValueError:
        h = None
    for o in cannons(state):
        if h is not None and h in o.hexes:
            return o
    listed = ", ".join(cannon_label(state, o) for o in cannons(state)) or "there is none on this battlefield"
    raise InvalidCommand(f"there is no cannon '{name}' (cannons: {listed})")


def cannon_label(state: MatchState, cannon: Obstacle) -> str:
    """How players name a cannon: its id, else its space's label."""
    return cannon.id or state.battlefield.label(cannon.hexes[0])


def _at(cannon: Obstacle) -> Hex:
    return cannon.hexes[0]


def may_fire(state: MatchState, fig: Figure, cannon: Obstacle) -> None:
    """Refuse Cannon Fire by ``fig`` with ``cannon`` when it is not next to it, is engaged, or the
    cannon fired this turn (HS-OBSTACLE-04, -06); the turn itself is checked by the caller.

    :raises IllegalCommand: naming the rule.
    """
    label = cannon_label(state, cannon)
    if not any(h.is_adjacent(c) for h in fig.hexes for c in cannon.hexes) or abs(fig.level - cannon.level) >= max(
            1, state.card_of(fig).stat("height")):
        raise IllegalCommand(f"{fig.id} must stand next to cannon {label} to fire it", "HS-OBSTACLE-04")
    foes = engaged_enemies(state, fig)
    if foes:
        raise IllegalCommand(f"{fig.id} is engaged (with {', '.join(f.id for f in foes)}); only a figure that is not "
                             "engaged may fire a cannon", "HS-OBSTACLE-04")
    turn = state.turn
    if turn is not None and label in turn.data.get("cannons", []):
        raise IllegalCommand(f"cannon {label} has fired this turn; each cannon fires once per Player Turn",
                             "HS-OBSTACLE-06")


def barrel_sees(state: MatchState, cannon: Obstacle, hexes: tuple[Hex, ...], level: int, height: int,
                exclude: tuple[Figure, ...] = (), piece: Obstacle | None = None) -> bool:
    """Line of sight from the cannon's barrel to a body (HS-OBSTACLE-05): the cannon and the
    targeted object block nothing."""
    bf = objects.field_now(state).without_piece(cannon)
    if piece is not None:
        bf = bf.without_piece(piece)
    eye = [(_at(cannon), None, cannon.level + BARREL_HEIGHT * TARGET_POINT_HEIGHT)]
    return sees_body(bf, eye, hexes, level, height, figure_bodies(state, exclude))


def check_target(state: MatchState, cannon: Obstacle, target: str,
                 shooter: Figure | None = None) -> tuple[Figure | None, objects.PlacedObject | None]:
    """The figure or object ``target`` names, within Range 8 of the cannon's space and seen from its
    barrel (HS-OBSTACLE-05, -07); never the ``shooter`` firing it (HS-ATTACK-08).

    :raises InvalidCommand: when ``target`` names nothing; :raises IllegalCommand: out of range or
        sight, or the shooter itself.
    """
    tgt = state.figures.get(target.lower())
    if tgt is not None and tgt is shooter:
        raise IllegalCommand(f"{tgt.id} cannot fire the cannon at itself", "HS-ATTACK-08")
    obj = None if tgt is not None else objects.named(state, target)
    if tgt is not None and not tgt.on_battlefield:
        raise IllegalCommand(f"{tgt.id} is not on the battlefield", "HS-ATTACK-01")
    hexes = tgt.hexes if tgt is not None else obj.hexes  # type: ignore[union-attr]
    name = tgt.id if tgt is not None else obj.id  # type: ignore[union-attr]
    distance = min(_at(cannon).distance(h) for h in hexes)
    if distance > RANGE:
        raise IllegalCommand(f"{name} is {distance} spaces from the cannon; Cannon Fire has Range {RANGE}, counted "
                             "from the cannon's space", "HS-OBSTACLE-05")
    if tgt is not None:
        seen = barrel_sees(state, cannon, tgt.hexes, tgt.level, state.card_of(tgt).stat("height"), (tgt,))
    else:
        assert obj is not None
        seen = barrel_sees(state, cannon, obj.hexes, obj.level, obj.height, piece=obj.obstacle)
    if not seen:
        raise IllegalCommand(f"the cannon's barrel has no line of sight to {name}", "HS-OBSTACLE-05")
    return tgt, obj


def fire(eng: Referee, player: str, figure: str, cannon: str, target: str) -> None:
    """``cannon FIGURE CANNON TARGET``: Cannon Fire instead of ``FIGURE``'s normal attack.

    :raises IllegalCommand: naming the rule broken (HS-OBSTACLE-04..07, HS-ATTACK-12, HS-TURN-*).
    """
    st = eng.state
    fig = eng.figure(figure)
    piece = cannon_named(st, cannon)
    turn = checks.may_special(st, player, fig)
    may_fire(st, fig, piece)
    tgt, obj = check_target(st, piece, target, fig)
    declare_attack(eng, turn, "cannon_declared", figure=fig.id, cannon=cannon_label(st, piece),
                   target=tgt.id if tgt is not None else obj.id)  # type: ignore[union-attr]


@continuation("cannon_declared")
def cannon_declared(eng: Referee, figure: str, cannon: str, target: str) -> None:
    """Continuation: the cannon turns and fires (HS-OBSTACLE-04..08)."""
    st = eng.state
    fig = st.figures[figure]
    piece = cannon_named(st, cannon)
    try:
        may_fire(st, fig, piece)
        tgt, obj = check_target(st, piece, target, fig)
    except (IllegalCommand, InvalidCommand):
        eng.emit("attack_cancelled", attacker=figure, target=target)
        return
    if st.turn is not None:
        st.turn.attacked.append(figure)
        st.turn.data.setdefault("special", []).append(figure)
        st.turn.data.setdefault("cannons", []).append(cannon)
    eng.emit("cannon_fire", figure=figure, cannon=cannon, target=target, at=[[h.q, h.r] for h in piece.hexes])
    if tgt is not None:
        others = sorted((f for f in st.on_battlefield() if f is not tgt and adjacent(st, f, tgt, obstacles=False)),
                        key=lambda f: f.id)
        plan = SpecialPlan(fig.id, NAME, ATTACK, [[tgt.id]] + ([[f.id for f in others]] if others else []),
                           tgt.id, "HS-EXPLOSION-05")
        run_window(eng, Window.BEFORE_ATTACK, "special_roll", **plan.to_args())
        return
    assert obj is not None
    rolled = eng.roll_combat(ATTACK)
    # Destructible objects never roll defense dice against Cannon Fire (HS-OBSTACLE-08).
    oa.resolve(eng, fig.id, obj, NAME, rolled, [], [(NAME, ATTACK)], [])
    oa.blast(eng, fig, NAME, ATTACK, rolled, obj, EXPLOSION)
