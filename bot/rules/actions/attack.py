"""Normal attacks (HS-ATTACK-*): declare, roll attack, roll defense, wound (HS-TURN-06 first).

Each step is a continuation run after its timing window (before the attack, after the attack
roll, after the defense roll, after the attack), so powers hook in between
(:mod:`bot.rules.windows`). Dice counts and the tally are :mod:`bot.rules.combat`.
"""

from __future__ import annotations

from typing import Any

from bot.rules import checks, object_attacks, objects
from bot.rules.combat import attack_dice, check_target, defense_dice, friendly_target, tally
from bot.rules.context import Referee
from bot.rules.errors import IllegalCommand
from bot.rules.modifiers import AttackContext
from bot.rules.moments import Window
from bot.rules.state import Figure, TurnState
from bot.rules.windows import continuation, declare_attack, run_window


def attack_checks(eng: Referee, player: str, attacker: str, target: str) -> tuple[Figure, Figure, TurnState]:
    """The figures named, and the turn in which ``attacker`` may attack (:func:`bot.rules.checks.may_attack`).

    :raises InvalidCommand: for a figure that does not exist; :raises IllegalCommand: naming the rule broken.
    """
    fig = eng.figure(attacker)
    tgt = eng.figure(target)
    return fig, tgt, checks.may_attack(eng.state, player, fig)


def attack(eng: Referee, player: str, attacker: str, target: str) -> None:
    """``attack ATTACKER TARGET``: a normal attack (HS-ATTACK-01); the first attack of the turn
    runs the "after moving" window first (HS-TURN-06).

    :raises IllegalCommand: when the target is out of range, sight or engagement, or the turn forbids it.
    """
    if objects.is_object(eng.state, target):  # a destructible object (HS-DESTRUCT-01)
        object_attacks.attack_object(eng, player, attacker, target)
        return
    fig, tgt, turn = attack_checks(eng, player, attacker, target)
    check = check_target(eng.state, fig, tgt)
    if not check:
        raise IllegalCommand(check.reason, check.rule)
    args: dict[str, Any] = {"attacker": fig.id, "target": tgt.id}
    if friendly_target(eng.state, fig, tgt):
        args["friendly"] = True  # declared against a friend on purpose (HS-ATTACK-01)
    declare_attack(eng, turn, "attack_declared", **args)


@continuation("attack_declared")
def attack_declared(eng: Referee, attacker: str, target: str, friendly: bool = False) -> None:
    """Continuation: the attack is made, unless its target is no longer one (then it is called off)."""
    st = eng.state
    fig, tgt = st.figures[attacker], st.figures[target]
    # A target declared as an enemy that came over to the attacker's side before the roll (Mind
    # Shackle) is not attacked: nobody chose to attack a friend.
    if not check_target(st, fig, tgt) or (not friendly and friendly_target(st, fig, tgt)):
        eng.emit("attack_cancelled", attacker=attacker, target=target)
        return
    st.turn and st.turn.attacked.append(attacker)  # type: ignore[func-returns-value]
    if st.turn is not None:  # who attacked whom this turn, for powers (Zettian Targeting)
        st.turn.data.setdefault("attacks", []).append([attacker, target])
    run_window(eng, Window.BEFORE_ATTACK, "attack_roll", attacker=attacker, target=target)


@continuation("attack_roll")
def attack_roll(eng: Referee, attacker: str, target: str) -> None:
    """Continuation: roll the attack dice (HS-ATTACK-05..07, modifiers in :mod:`bot.rules.combat`)."""
    st = eng.state
    fig, tgt = st.figures[attacker], st.figures[target]
    n, reasons = attack_dice(st, fig, tgt)
    rolled = eng.roll_combat(n)
    run_window(eng, Window.AFTER_ATTACK_ROLL, "defense_roll", attacker=attacker, target=target,
                    attack_dice=rolled, attack_reasons=reasons)


@continuation("defense_roll")
def defense_roll(eng: Referee, attacker: str, target: str, attack_dice: list[str], attack_reasons: list[Any]) -> None:
    """Continuation: roll the defense dice (HS-ATTACK-08..10)."""
    st = eng.state
    fig, tgt = st.figures[attacker], st.figures[target]
    n, reasons = defense_dice(st, fig, tgt)
    rolled = eng.roll_combat(n)
    run_window(eng, Window.AFTER_DEFENSE_ROLL, "attack_resolve", attacker=attacker, target=target,
                    attack_dice=attack_dice, defense_dice=rolled, attack_reasons=attack_reasons,
                    defense_reasons=reasons)


@continuation("attack_resolve")
def attack_resolve(eng: Referee, attacker: str, target: str, attack_dice: list[str], defense_dice: list[str],
                    attack_reasons: list[Any], defense_reasons: list[Any]) -> None:
    """Continuation: count skulls against shields and wound the target (HS-ATTACK-11)."""
    st = eng.state
    tgt = st.figures[target]
    count = tally(st, AttackContext(st.figures[attacker], tgt), attack_dice, defense_dice)  # powers: Deadly Shot...
    skulls, shields, wounds = count.skulls, count.shields, count.wounds
    extra: dict[str, Any] = {"wound_reasons": list(count.reasons)} if count.reasons else {}
    eng.emit("attack", attacker=attacker, target=target, special=None, attack_dice=attack_dice,
              defense_dice=defense_dice, skulls=skulls, shields=shields, wounds=wounds,
              attack_reasons=[list(r) for r in attack_reasons], defense_reasons=[list(r) for r in defense_reasons],
              **extra)
    if wounds:
        eng.wound(tgt, wounds, f"attack by {attacker}")
    run_window(eng, Window.AFTER_ATTACK, "", attacker=attacker, target=target, wounds=wounds)
