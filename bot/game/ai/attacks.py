"""The computer player's attack choice: what an attack is worth (its exact odds, :mod:`bot.rules.odds`),
what leaving engagement costs, the normal and special attacks a figure has now, and the best of them.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from functools import lru_cache

from bot.game.ai.common import enemies_of, figure_distance
from bot.rules import modifiers
from bot.rules.cards import ArmyCard, Power
from bot.rules.combat import check_target
from bot.rules.dice import SeededDice
from bot.rules.engagement import engaged_enemies
from bot.rules.engine import Engine
from bot.rules.errors import RulesError
from bot.rules.hexes import DIRECTIONS, Hex
from bot.rules.odds import AttackOdds, attack_odds, dice_odds
from bot.rules.special import SpecialPlan, special_attack
from bot.rules.state import Figure, MatchState

#: Expected wounds of one leaving-engagement attack (one die, a skull on half its faces).
SWIPE_COST = 0.5
#: What losing the figure to leaving-engagement attacks costs beyond the wounds themselves.
DEATH_COST = 2.0
#: Extra price of leaving engagement at all: the gain must be clearly larger to leave.
LEAVE_MARGIN = 1.0
#: Score bonus of any space from which an attack is possible over one that only approaches.
ATTACK_BONUS = 100.0
#: Worth of destroying a figure, beyond its wounds, in expected wounds.
KILL_BONUS = 1.0
#: A wound on a friend (or on itself) counts this much against a special attack.
FRIENDLY_FIRE = 1.0
#: Special attacks the computer knows how to aim: implemented powers, or the generic shapes.
SPECIAL_SHAPES = ("explosion", "line", "extra_spaces")

NO_DICE = SeededDice(0)  # the AI checks special attacks with an engine; it never rolls


# ---- what an attack is worth -----------------------------------------------------------------------------


def odds_score(odds: AttackOdds) -> float:
    """What one attack is worth to the computer, from its exact odds (:mod:`bot.rules.odds`): the
    wounds expected plus :data:`KILL_BONUS` times the chance that it destroys the target
    (finishing figures off wins battles), less the same for the wounds Counter Strike returns."""
    return (odds.expected + KILL_BONUS * odds.destroy
            - odds.returned_expected - KILL_BONUS * odds.attacker_destroyed)


@lru_cache(maxsize=4096)
def attack_score(attack_n: int, defense_n: int, life_left: int) -> float:
    """:func:`odds_score` of ``attack_n`` dice against ``defense_n`` when no power changes the count
    (:func:`bot.rules.odds.dice_odds`): the estimate of an attack not yet possible."""
    return odds_score(dice_odds(attack_n, defense_n, life_left))


@lru_cache(maxsize=256)
def swipe_cost(n: int, life_left: int) -> float:
    """What ``n`` leaving-engagement attacks on a figure with ``life_left`` Life cost, in wounds:
    the wounds expected, the chance of losing the figure (``n`` dice, nothing to block them:
    :func:`bot.rules.odds.dice_odds`), and :data:`LEAVE_MARGIN`."""
    if n <= 0:
        return 0.0
    p_dead = dice_odds(n, 0, max(1, life_left)).destroy
    return SWIPE_COST * n + DEATH_COST * p_dead + LEAVE_MARGIN



def attack_value(st: MatchState, attacker: Figure, target: Figure) -> float:
    """:func:`odds_score` of a normal attack of ``attacker`` on ``target`` where they stand now (exact
    odds: every power that changes the dice or the count)."""
    return odds_score(attack_odds(st, attacker, target))




# ---- special attacks -----------------------------------------------------------------------------


def special_powers(card: ArmyCard) -> list[Power]:
    """The special attacks of ``card`` the computer may use (``special FIG POWER TARGET``)."""
    return [p for p in card.powers if "range" in p.values and "attack" in p.values
            and (p.kind is not None or any(k in p.values for k in SPECIAL_SHAPES))]


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").replace("-", " ").split())


def power_word(card: ArmyCard, power: Power) -> str:
    """The shortest name of ``power`` in a ``special`` command (``explosion``, ``fire``)."""
    specials = [p for p in card.powers if "range" in p.values and "attack" in p.values]
    word = _norm(power.name).split(" ")[0]
    # The engine takes the first special attack whose name or kind is or starts with the word.
    first = next((p for p in specials if any(n == word or n.startswith(word)
                                             for n in (_norm(p.name), _norm(p.kind or "")) if n)), None)
    return shlex.quote(word if first is power else power.name)


def signed_wounds(st: MatchState, attacker: Figure, fig: Figure, power: Power) -> float:
    """Wounds ``power`` is expected to do to ``fig``: positive on an enemy, negative on a friend."""
    ew = odds_score(attack_odds(st, attacker, fig, special=(power.name, power.values["attack"])))
    return ew if st.is_enemy(attacker, fig) else -FRIENDLY_FIRE * ew


def special_value(st: MatchState, attacker: Figure, power: Power, plan_: SpecialPlan) -> float:
    """Wounds expected on the enemies a checked special attack affects, minus those on friends."""
    return sum(signed_wounds(st, attacker, st.figures[f], power) for f in plan_.affected)


def line_spaces(start: Hex, direction: tuple[int, int], length: int) -> list[Hex]:
    """The ``length`` spaces of a line from beside ``start`` in ``direction`` (a Line X attack's course)."""
    dq, dr = direction
    return [Hex(start.q + dq * i, start.r + dr * i) for i in range(1, length + 1)]


def _special_aims(st: MatchState, fig: Figure, power: Power) -> list[str]:
    """Targets worth checking for ``power`` from where ``fig`` stands: enemies in range, or for a
    line the neighbouring spaces whose line holds an enemy."""
    v = power.values
    bf = st.battlefield
    enemies = enemies_of(st, fig)
    if "line" not in v:
        return [e.id for e in enemies if figure_distance(fig, e) <= v["range"]]
    foes_at = {h for e in enemies for h in e.hexes}
    aims: list[str] = []
    for start in fig.hexes:
        for d in DIRECTIONS:
            spaces = line_spaces(start, d, v["line"])
            aim = spaces[0]
            if aim in fig.hexes or aim not in bf or not foes_at.intersection(spaces):
                continue
            label = bf.label(aim)
            if label not in aims:
                aims.append(label)
    return aims


def special_options(st: MatchState, fig: Figure, any_legal: bool = False) -> list[tuple[float, str]]:
    """Each legal special attack of ``fig`` from where it stands: ``(value, command)``, best
    first (see :func:`special_value`). ``any_legal`` stops at the first legal one."""
    card = st.card_of(fig)
    powers = special_powers(card)
    if not powers or not fig.on_battlefield:
        return []
    eng = Engine(st, NO_DICE)
    out: list[tuple[float, str]] = []
    for power in powers:
        word = power_word(card, power)
        for aim in _special_aims(st, fig, power):
            try:
                plan_ = special_attack(eng, fig, shlex.split(word)[0], aim)
            except RulesError:
                continue
            if not plan_.affected:
                continue
            out.append((special_value(st, fig, power, plan_), f"special {fig.id} {word} {aim}"))
            if any_legal:
                return out
    out.sort(key=lambda vc: (-vc[0], vc[1]))
    return out



def best_attack(st: MatchState, figs: Iterable[Figure], attacked: list[str], activated: list[str],
                per_turn: int) -> str | None:
    """The normal (``attack FIG TARGET``) or special attack with the most expected wounds, or
    ``None``. A special attack wins only when it beats every normal attack."""
    best: tuple[float, int, str, str] | None = None
    for fig in figs:
        if fig.id in attacked or (fig.id not in activated and len(activated) >= per_turn):
            continue
        cands = [(attack_value(st, fig, tgt), 0, fig.id, f"attack {fig.id} {tgt.id}") for tgt in targets(st, fig)]
        cands += [(v, 1, fig.id, cmd) for v, cmd in special_options(st, fig) if v > 0]
        for cand in cands:
            if best is None or (-cand[0], cand[1], cand[2], cand[3]) < (-best[0], best[1], best[2], best[3]):
                best = cand
    return best[3] if best else None


def targets(st: MatchState, fig: Figure) -> list[Figure]:
    """The enemies ``fig`` could make a normal attack against now: :func:`legal_targets`, asked
    only about the enemies it is engaged with, or else those within its Range."""
    foes = engaged_enemies(st, fig)
    if not foes:
        reach = max(1, modifiers.range_value(st, fig))
        foes = [e for e in enemies_of(st, fig) if figure_distance(fig, e) <= reach]
    return [t for t in sorted(foes, key=lambda f: f.id) if check_target(st, fig, t)]

