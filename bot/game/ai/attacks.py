"""The computer player's attack choice: what an attack is worth (its exact odds, :mod:`bot.rules.odds`),
what leaving engagement costs, the normal and special attacks a figure has now (those
:mod:`bot.rules.legal` lists, enemies only: HS-ARMY-13), and the best of them.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from functools import lru_cache

from bot.rules import special
from bot.rules.actions import cannon
from bot.rules.cards import ArmyCard, Power
from bot.rules.engagement import adjacent
from bot.rules.hexes import Hex
from bot.rules.legal import LegalCommands
from bot.rules.odds import AttackOdds, attack_odds, dice_odds
from bot.rules.special import SpecialPlan
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
    return [p for p in special.special_powers(card)
            if (p.kind is not None or any(k in special.legacy_values(p) for k in SPECIAL_SHAPES))]


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").replace("-", " ").split())


def power_word(card: ArmyCard, power: Power) -> str:
    """The shortest name of ``power`` in a ``special`` command (``explosion``, ``fire``)."""
    specials = special.special_powers(card)
    word = _norm(power.name).split(" ")[0]
    # The engine takes the first special attack whose name or kind is or starts with the word.
    first = next((p for p in specials if any(n == word or n.startswith(word)
                                             for n in (_norm(p.name), _norm(p.kind or "")) if n)), None)
    return shlex.quote(word if first is power else power.name)


def signed_wounds(st: MatchState, attacker: Figure, fig: Figure, power: Power) -> float:
    """Wounds ``power`` is expected to do to ``fig``: positive on an enemy, negative on a friend."""
    dice = special.dice_against(power, st.card_of(fig))
    ew = odds_score(attack_odds(st, attacker, fig, special=(power.name, dice)))
    return ew if st.is_enemy(attacker, fig) else -FRIENDLY_FIRE * ew


def special_value(st: MatchState, attacker: Figure, power: Power, plan_: SpecialPlan) -> float:
    """Wounds expected on the enemies a checked special attack affects, minus those on friends."""
    return sum(signed_wounds(st, attacker, st.figures[f], power) for f in plan_.affected)


def line_spaces(start: Hex, direction: tuple[int, int], length: int) -> list[Hex]:
    """The ``length`` spaces of a line from beside ``start`` in ``direction`` (a Line X attack's course)."""
    dq, dr = direction
    return [Hex(start.q + dq * i, start.r + dr * i) for i in range(1, length + 1)]


def _legal(st: MatchState, fig: Figure) -> LegalCommands:
    return LegalCommands(st, fig.controller)


def special_options(st: MatchState, fig: Figure, any_legal: bool = False,
                    legal: LegalCommands | None = None) -> list[tuple[float, str]]:
    """Each special attack of ``fig`` that :mod:`bot.rules.legal` lists now and the computer would
    make: ``(value, command)``, best first (see :func:`special_value`). Aimed at an enemy (or a
    Line's space), never at a friend (HS-ARMY-13), and never one that would also hit a figure of its
    own side, itself included (an Explosion next to the attacker). ``any_legal`` stops at the first one."""
    card = st.card_of(fig)
    powers = {p.name: p for p in special_powers(card)}
    if not powers or not fig.on_battlefield:
        return []
    out: list[tuple[float, str]] = []
    for option in (legal if legal is not None else _legal(st, fig)).specials(fig.id):
        power = powers.get(shlex.split(option.command)[2])
        aimed = st.figures.get(option.target)
        if power is None or not option.affected or (aimed is not None and not st.is_enemy(fig, aimed)):
            continue
        if any(f not in st.figures for f in option.affected):
            continue  # a destructible object: the computer aims at figures only
        if any(not st.is_enemy(fig, st.figures[f]) for f in option.affected):
            continue  # the rules allow it (HS-ATTACK-01); the computer does not wound its own side
        value = sum(signed_wounds(st, fig, st.figures[f], power) for f in option.affected)
        out.append((value, f"special {fig.id} {power_word(card, power)} {option.target}"))
        if any_legal:
            return out
    out.sort(key=lambda vc: (-vc[0], vc[1]))
    return out


def cannon_options(st: MatchState, fig: Figure, legal: LegalCommands | None = None) -> list[tuple[float, str]]:
    """Each Cannon Fire :mod:`bot.rules.legal` lists for ``fig`` now at an enemy figure, and what it is
    worth: the expected wounds on the target and the figures next to it (Explosion 1,
    HS-OBSTACLE-07); never one that would also hit its own side, itself included."""
    out: list[tuple[float, str]] = []
    for option in (legal if legal is not None else _legal(st, fig)).cannons(fig.id):
        tgt = st.figures.get(option.target or "")
        if tgt is None or not st.is_enemy(fig, tgt):
            continue
        hit = [tgt] + [f for f in st.on_battlefield() if f is not tgt and adjacent(st, f, tgt, obstacles=False)]
        if any(not st.is_enemy(fig, f) for f in hit):
            continue
        value = sum(odds_score(attack_odds(st, fig, f, special=(cannon.NAME, cannon.ATTACK))) for f in hit)
        out.append((value, option.command))
    out.sort(key=lambda vc: (-vc[0], vc[1]))
    return out


def best_attack(st: MatchState, figs: Iterable[Figure], attacked: list[str], activated: list[str],
                per_turn: int) -> str | None:
    """The normal (``attack FIG TARGET``) or special attack with the most expected wounds, or
    ``None``: among the attacks :mod:`bot.rules.legal` lists for ``figs`` (which knows who has
    attacked and how many figures the card may use; ``attacked``, ``activated`` and ``per_turn``
    only skip figures early). A special attack wins only when it beats every normal attack, Cannon
    Fire only when it beats both."""
    best: tuple[float, int, str, str] | None = None
    legal: dict[str, LegalCommands] = {}
    for fig in figs:
        if fig.id in attacked or (fig.id not in activated and len(activated) >= per_turn):
            continue
        asked = legal.setdefault(fig.controller, _legal(st, fig))
        cands = [(attack_value(st, fig, tgt), 0, fig.id, f"attack {fig.id} {tgt.id}") for tgt in targets(st, fig, asked)]
        cands += [(v, 1, fig.id, cmd) for v, cmd in special_options(st, fig, legal=asked) if v > 0]
        cands += [(v, 2, fig.id, cmd) for v, cmd in cannon_options(st, fig, asked) if v > 0]
        for cand in cands:
            if best is None or (-cand[0], cand[1], cand[2], cand[3]) < (-best[0], best[1], best[2], best[3]):
                best = cand
    return best[3] if best else None


def targets(st: MatchState, fig: Figure, legal: LegalCommands | None = None) -> list[Figure]:
    """The enemies ``fig`` may make a normal attack against now, by id: those :mod:`bot.rules.legal`
    lists (a figure that has attacked has none), friends and destructible objects left out (HS-ARMY-13)."""
    asked = legal if legal is not None else _legal(st, fig)
    # Destructible objects are legal targets too (HS-DESTRUCT-01); the computer attacks figures only.
    listed = [st.figures[c.target] for c in asked.attacks(fig.id) if c.target in st.figures]
    return sorted((t for t in listed if st.is_enemy(fig, t)), key=lambda f: f.id)
