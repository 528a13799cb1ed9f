"""Special attacks as commands (HS-SPECIAL-01): declare, roll once, every affected figure defends.

What a special attack hits, and the checks, are :mod:`bot.rules.special`; this module runs it
through the timing windows.
"""

from __future__ import annotations

from typing import Any

from bot.rules import checks, object_attacks, objects
from bot.rules import special as specials
from bot.rules.context import Referee
from bot.rules.errors import RulesError
from bot.rules.moments import Window
from bot.rules.windows import continuation, declare_attack, run_window


def special_attack(eng: Referee, player: str, attacker: str, power: str, target: str) -> None:
    """``special ATTACKER POWER TARGET``: declare a special attack (HS-SPECIAL-01); checked at once
    by :func:`bot.rules.special.special_attack`, made after the "after moving" window.

    :raises IllegalCommand: when the figure attacked already or the attack is illegal.
    """
    if objects.is_object(eng.state, target):  # a destructible object (HS-DESTRUCT-01..05)
        object_attacks.special_at_object(eng, player, attacker, power, target)
        return
    fig = eng.figure(attacker)
    turn = checks.may_special(eng.state, player, fig)
    specials.special_attack(eng, fig, power, target)  # refuse an illegal attack before anything happens
    args = {"attacker": fig.id, "power": power, "target": target}
    declare_attack(eng, turn, "special_declared", **args)


@continuation("special_declared")
def special_declared(eng: Referee, attacker: str, power: str, target: str) -> None:
    """Continuation: check the special attack again (things may have moved) and make it."""
    st = eng.state
    fig = st.figures[attacker]
    try:
        plan_ = specials.special_attack(eng, fig, power, target)
    except RulesError:
        eng.emit("attack_cancelled", attacker=attacker, target=target)
        return
    if st.turn is not None:
        st.turn.attacked.append(attacker)
        st.turn.data.setdefault("special", []).append(attacker)
        # Which special attack, at whom: for powers that allow more of them (Extra attacks).
        st.turn.data.setdefault(specials.SPECIALS_MADE, []).append([attacker, plan_.name, plan_.first])
    run_window(eng, Window.BEFORE_ATTACK, "special_roll", **plan_.to_args())


def resolve_special(eng: Referee, plan_: specials.SpecialPlan) -> None:
    """Roll a checked :class:`~bot.rules.special.SpecialPlan` once and let every affected figure
    defend in its order (for powers that build their own plan, e.g. a move through figures)."""
    special_roll(eng, **plan_.to_args())


@continuation("special_roll")
def special_roll(eng: Referee, attacker: str, name: str, dice: int, groups: list[list[str]], first: str, rule: str,
                  line: list[list[int]] | None = None) -> None:
    """Continuation: roll the attack dice once for every affected figure (HS-EXPLOSION-04, HS-LINE-03)."""
    rolled = eng.roll_combat(dice)  # once for every affected figure (HS-EXPLOSION-04, HS-LINE-03)
    course: dict[str, Any] = {"line": line} if line else {}  # a Line attack's spaces, for the picture
    eng.emit("special_roll", attacker=attacker, special=name, attack_dice=rolled,
              affected=[f for g in groups for f in g], **course)
    special_defend(eng, {"attacker": attacker, "name": name, "dice": dice, "groups": groups,
                          "first": first, "rule": rule, "rolled": rolled})


def special_defend(eng: Referee, ctx: dict[str, Any]) -> None:
    """Let the affected figures defend in order; when all have, run the "after attack" window."""
    if specials.defend(eng, ctx):
        run_window(eng, Window.AFTER_ATTACK, "", attacker=ctx["attacker"], target=ctx["first"])
