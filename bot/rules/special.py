"""Special attacks and special powers (HS-SPECIAL-*, HS-EXPLOSION-*, HS-LINE-*).

A special attack's shape is read once into a :class:`Spec` (:func:`spec`): from the shared card
file's ``special_attack`` parameters (``area``: explosion, line, all adjacent; ``self_immune``,
``affects``, ``no_los``, dice by target size), or from the project's own numbers below. A power's
limits and extras (conditions, once per game, extra attacks) are its block's,
:mod:`bot.rules.powers.block_special`.

A card's special attack is a :class:`~bot.rules.cards.Power` whose ``values`` hold ``range`` and
``attack``, plus ``explosion`` (Explosion X), ``line`` (Line X) or ``extra_spaces`` (a line drawn
on past the target, like Twister), and ``lob`` (Lob X: thrown in an arc, so no line of sight to
the target is needed, but nothing between thrower and target may rise more than X levels above
the thrower's base; the seeds never define Lob, this is the project's reading of "need not be in
clear sight"). A power's module may add its own conditions (once per game: the Grenade) with
:func:`on_special_check`.

Line X and sight (DEC-12, :data:`bot.rules.decisions.LINE_FIGURES_ON_LINE_BLOCK`): every figure
on the line must be in the attacker's line of sight (HS-LINE-02), and the figures on the line do
not hide each other: the fire passes through the figures it burns. A double-space attacker's
line starts beside either of its spaces. The attack dice are the power's own: height advantage and
other powers never add to them (HS-SPECIAL-02, HS-HEIGHT-04), while each defender keeps its own
extra defense dice (HS-ATTACK-10).

A checked attack is a :class:`SpecialPlan`: one roll of attack dice serves every affected figure
(HS-EXPLOSION-04, HS-LINE-03), and the figures defend one at a time in ``groups``, group by
group. A group of one is fixed by the rules (the target first, HS-SPECIAL-05; the next space of
a line, HS-LINE-04, HS-SPECIAL-06; the next figure moved through, HS-SPECIAL-07); in a group of
two or more the attacker chooses who defends next (the figures around an Explosion's target,
HS-EXPLOSION-05; figures on several levels of one space of a Line, HS-LINE-05), answering a
pending ``defense_order`` decision. A figure destroyed part-way does not stop the others
defending, even when it is the attacker (HS-DESTROY-05, HS-EXPLOSION-07).

:func:`power_allows` settles a special power against the core rules and against other powers
(HS-SPECIAL-08, -09).

:func:`attack_options` lists whom a figure's normal attack and each of its special attacks can
hit from where it stands (the map's target marks, the console's ``targets``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.rules import lookup
from bot.rules.cards import Power
from bot.rules.combat import check_target, defense_dice, wounds_from
from bot.rules.decisions import LINE_FIGURES_ON_LINE_BLOCK
from bot.rules.dice import SKULL
from bot.rules.engagement import adjacent, engaged_enemies
from bot.rules.errors import IllegalCommand, InvalidCommand
from bot.rules.hexes import DIRECTIONS, Hex, line
from bot.rules.los import line_of_sight
from bot.rules.modifiers import AttackContext
from bot.rules.special_shape import AREAS, Spec, dice_against, legacy_values, spec, special_powers
from bot.rules.state import Figure, MatchState, Pending

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

__all__ = ["AREAS", "DEFENSE_ORDER", "LAST_SPECIAL", "NORMAL_ATTACK", "SPECIALS_MADE", "Aim", "AttackOption", "Spec",
           "SpecialPlan", "attack_options", "choose_defender", "defend", "dice_against", "find_power", "legacy_values",
           "on_special_check", "on_special_defense", "power_allows", "spec", "special_attack", "special_powers"]

#: ``turn.data`` key: what the last special attack of the turn came to (attacker, name, wounds
#: ``dealt``, figures ``destroyed``, ``skulls`` of ``dice`` rolled).
LAST_SPECIAL = "last_special"
#: ``turn.data`` key: every special attack made this turn, as ``[attacker, name, first target]``.
SPECIALS_MADE = "specials_made"

#: The kind of the pending decision "which affected figure defends next?".
DEFENSE_ORDER = "defense_order"

#: A power's own condition on its special attack: raises :class:`IllegalCommand` when the attack
#: may not be made now (the Grenade's marker is gone), else returns nothing.
SpecialCheck = Callable[[MatchState, Figure, Power], None]
_checks: list[SpecialCheck] = []


#: A defender's reaction to the dice of a special attack, before it is wounded: (engine, attacker,
#: defender, special attack's name, skulls, wounds) -> the wounds it takes (may roll the d20).
Reaction = Callable[["RulesContext", Figure, Figure, str, int, int], int]
_reactions: list[Reaction] = []


def on_special_defense(fn: Reaction) -> Reaction:
    """Register a reaction every figure defending against a special attack goes through (a power
    that rolls the d20 to ignore wounds); it returns the wounds unchanged when it has nothing to do."""
    _reactions.append(fn)
    return fn


#: What a special attack's own text does once it wounded a figure: (engine, attacker, the wounded
#: figure, special attack's name, wounds dealt) -> None (Venom Ray, Psionic Blast).
Wounded = Callable[["RulesContext", Figure, Figure, str, int], None]
_wounded: list[Wounded] = []


def on_special_wounded(fn: Wounded) -> Wounded:
    """Register what happens after a special attack wounds a figure (its ``on_wound`` text)."""
    _wounded.append(fn)
    return fn


#: The dice a special attack's own text adds (HS-SPECIAL-02: only its own text may):
#: (state, attacker, power, first target or None) -> extra dice.
SpecialDice = Callable[[MatchState, Figure, Power, "Figure | None"], int]
_dice_hooks: list[SpecialDice] = []


def on_special_dice(fn: SpecialDice) -> SpecialDice:
    """Register the extra dice a special attack's own text gives (Fire Strike: +1 per other Elf
    Wizard nearby); it answers 0 for other attacks."""
    _dice_hooks.append(fn)
    return fn


def _dice(st: MatchState, fig: Figure, power: Power, tgt: Figure | None) -> int:
    """The attack dice of ``power`` against ``tgt`` (its size may matter), with its own bonuses."""
    sp = _spec(power)
    base = sp.dice(st.card_of(tgt).size) if tgt is not None else sp.attack
    return max(0, base + sum(hook(st, fig, power, tgt) for hook in _dice_hooks))


def on_special_check(fn: SpecialCheck) -> SpecialCheck:
    """Register a check every special attack goes through before it is made (a power module's
    limit such as "once per game"); it looks at ``power.kind`` and ignores other attacks."""
    _checks.append(fn)
    return fn


@dataclass(slots=True)
class SpecialPlan:
    """A checked special attack: its name, dice, and the affected figures in defense order.

    ``groups`` are resolved in order; within a group of two or more the attacker picks the order.
    ``rule`` names the clause that gives the attacker that choice. ``line`` is a Line attack's
    course (the attacker's space it starts beside, then the spaces it covers, HS-LINE-01), for
    the picture; empty for other attacks.
    """

    attacker: str
    name: str
    dice: int
    groups: list[list[str]] = field(default_factory=list)
    first: str = ""
    rule: str = "HS-SPECIAL-05"
    line: list[Hex] = field(default_factory=list)

    @property
    def affected(self) -> list[str]:
        """Every affected figure, in group order."""
        return [f for g in self.groups for f in g]

    def to_args(self) -> dict[str, Any]:
        """The plan as JSON-ready arguments (kept in the state while a decision is pending)."""
        args: dict[str, Any] = {"attacker": self.attacker, "name": self.name, "dice": self.dice,
                                "groups": [list(g) for g in self.groups], "first": self.first, "rule": self.rule}
        if self.line:
            args["line"] = [[h.q, h.r] for h in self.line]
        return args

    @classmethod
    def moved_through(cls, attacker: str, name: str, dice: int, figures: Iterable[str]) -> SpecialPlan:
        """An attack traced through figures as the attacker moves (Drill-Drive): each figure
        defends separately, in the order it was moved through (HS-SPECIAL-07)."""
        order = list(figures)
        return cls(attacker, name, dice, [[f] for f in order], order[0] if order else "", "HS-SPECIAL-07")


def defend(engine: RulesContext, ctx: dict[str, Any]) -> bool:
    """Let the affected figures of a rolled special attack defend, in order.

    ``ctx`` is :meth:`SpecialPlan.to_args` plus ``rolled`` (the attack dice). Returns ``False``
    when it stopped to ask the attacker which figure of a group defends next (the answer goes
    to :func:`choose_defender`, then call this again); ``True`` when every figure has defended.
    """
    st = engine.state
    attacker = st.figures[ctx["attacker"]]
    groups: list[list[str]] = ctx["groups"]
    if "around" not in ctx and ctx.get("first") in st.figures:
        # The figures next to the target as the attack begins, for a chain's next attack.
        first = st.figures[ctx["first"]]
        ctx["around"] = sorted(f.id for f in st.on_battlefield() if f is not first and adjacent(st, f, first))
    while groups:
        group = [f for f in groups[0] if st.figures[f].on_battlefield]
        groups[0] = group
        if not group:
            groups.pop(0)
            continue
        if len(group) > 1 and not ctx.get("picked"):
            pend = Pending(
                player=attacker.controller, kind=DEFENSE_ORDER, options=sorted(group), context=ctx,
                prompt=f"{ctx['name']}: which figure rolls defense next?", rule=ctx.get("rule", "HS-SPECIAL-05"),
            )
            st.pending.append(pend)
            engine.emit("pending", player=pend.player, kind=pend.kind, prompt=pend.prompt, options=pend.options,
                        labels=pend.shown)
            return False
        ctx["picked"] = False
        _defend_one(engine, attacker, st.figures[group.pop(0)], ctx)
    if st.turn is not None:
        # What the attack came to, for powers that repeat it (Rapid Fire: "while it wounds").
        st.turn.data[LAST_SPECIAL] = {"attacker": attacker.id, "name": ctx["name"], "dealt": ctx.get("dealt", 0),
                                      "around": ctx.get("around", []),
                                      "destroyed": ctx.get("destroyed", 0),
                                      "skulls": sum(1 for d in ctx["rolled"] if d == SKULL), "dice": len(ctx["rolled"])}
    return True


def choose_defender(ctx: dict[str, Any], choice: str) -> None:
    """Record the attacker's answer to a ``defense_order`` decision: ``choice`` defends next."""
    group: list[str] = ctx["groups"][0]
    group.remove(choice)
    group.insert(0, choice)
    ctx["picked"] = True


def _defend_one(engine: RulesContext, attacker: Figure, tgt: Figure, ctx: dict[str, Any]) -> None:
    st = engine.state
    rolled: list[str] = ctx["rolled"]
    n, reasons = defense_dice(st, attacker, tgt, special=ctx["name"])
    defense = engine.roll_combat(n)
    # Powers judge the dice too (Stealth Dodge, Deadly Shot), as for normal attacks.
    skulls, shields, wounds = wounds_from(rolled, defense, state=st, ctx=AttackContext(attacker, tgt, ctx["name"]))
    for react in _reactions:  # a defender's own roll against the wounds (Concealment)
        wounds = react(engine, attacker, tgt, ctx["name"], skulls, wounds)
    engine.emit("attack", attacker=attacker.id, target=tgt.id, special=ctx["name"], attack_dice=rolled,
                defense_dice=defense, skulls=skulls, shields=shields, wounds=wounds,
                attack_reasons=[[ctx["name"], ctx["dice"]]], defense_reasons=[list(r) for r in reasons])
    if wounds:
        engine.wound(tgt, wounds, f"{ctx['name']} by {attacker.id}")
        ctx["dealt"] = ctx.get("dealt", 0) + wounds
        ctx["destroyed"] = ctx.get("destroyed", 0) + (1 if tgt.destroyed else 0)
        for then in _wounded:
            then(engine, attacker, tgt, ctx["name"], wounds)


def find_power(st: MatchState, fig: Figure, name: str) -> Power:
    """The special attack ``name`` on ``fig``'s card (by name or kind, case-insensitive).

    :raises InvalidCommand: when the card has no such special attack.
    """
    card = st.card_of(fig)

    def norm(text: str) -> str:
        """``text`` lowercased, with ``_`` and ``-`` as spaces and runs of spaces collapsed."""
        return " ".join(text.lower().replace("_", " ").replace("-", " ").split())

    key = norm(name)
    specials = special_powers(card)
    for p in specials:
        names = {norm(p.name), norm(p.kind or "")}
        if key in names or any(n.startswith(key) for n in names if n):
            return p
    have = ", ".join(p.name for p in specials) or "none"
    raise InvalidCommand(f"{card.short} has no special attack called '{name}' (special attacks: {have})")


def special_attack(where: RulesContext | MatchState, fig: Figure, power_name: str, target: str) -> SpecialPlan:
    """Check a special attack and list who it affects, in defense order; reads the state only
    (``where`` is the state, or an engine whose state it reads), rolls nothing, changes nothing.

    :raises IllegalCommand: out of range, no line of sight, or an engaged attacker aiming at a
        figure it is not engaged with (HS-SPECIAL-04).
    """
    st = where if isinstance(where, MatchState) else where.state
    power = find_power(st, fig, power_name)
    for check in _checks:
        check(st, fig, power)
    return _builder(power)(st, fig, power, target)


def _builder(power: Power) -> Callable[[MatchState, Figure, Power, str], SpecialPlan]:
    sp = _spec(power)
    if sp.line:
        return _line
    if sp.extra_spaces:
        return _past_target
    if sp.all_adjacent:
        return _all_adjacent
    if sp.common_adjacent:
        return _common_adjacent
    return _explosion


def _spec(power: Power) -> Spec:
    sp = spec(power)
    if sp is None:
        raise InvalidCommand(f"{power.name} is not a special attack the rules can make")
    return sp


def _target(st: MatchState, fig: Figure, power: Power, target: str) -> Figure:
    """The checked first target: in range and sight, or engaged with an engaged attacker."""
    tgt = lookup.figure(st, target)
    sp = _spec(power)
    lob = sp.lob
    check = check_target(st, fig, tgt, reach=sp.reach, needs_sight=lob is None and not sp.no_sight,
                         special=power.name)
    if not check:
        if check.rule == "HS-ENGAGE-07":
            raise IllegalCommand(f"{check.reason}; a special attack that affects several figures must "
                                 "target one it is engaged with", "HS-SPECIAL-04")
        raise IllegalCommand(check.reason, check.rule or "HS-EXPLOSION-01")
    if lob is not None:
        _check_lob(st, fig, tgt, power, lob)
    if sp.enemies_only and not st.is_enemy(fig, tgt):
        raise IllegalCommand(f"{power.name} affects only {fig.id}'s opponents' figures: aim it at one of them")
    return tgt


def _check_lob(st: MatchState, fig: Figure, tgt: Figure, power: Power, lob: int) -> None:
    """Lob X: the throw arcs over terrain and obstacles up to X levels above the thrower's base;
    anything higher on the straight line between them stops it (figures never do)."""
    bf = st.battlefield
    start, aim = min(((a, b) for a in fig.hexes for b in tgt.hexes), key=lambda ab: ab[0].distance(ab[1]))
    path = line(start, aim)
    ceiling = fig.level + lob
    for prev, h in zip(path, path[1:], strict=False):
        tops = [o.top for o in bf.obstacles_between(prev, h)]
        if h != aim:
            cell = bf.top_cell(h)
            tops += [cell.top] if cell is not None else []
            tops += [o.top for o in bf.obstacles_on(h)]
        if tops and max(tops) > ceiling:
            where = bf.label(h) if h in bf else str(h)
            raise IllegalCommand(f"{power.name} cannot be lobbed over {where}: it rises to level {max(tops)}, "
                                 f"more than {lob} levels above {fig.id} (level {fig.level})")


def _explosion(st: MatchState, fig: Figure, power: Power, target: str) -> SpecialPlan:
    tgt = _target(st, fig, power, target)  # sight is needed to the target only (HS-EXPLOSION-01)
    sp = _spec(power)
    x = sp.explosion
    others = []
    for f in st.on_battlefield():  # the attacker too (HS-EXPLOSION-06), unless immune
        if f is tgt or (f is fig and sp.self_immune) or (sp.enemies_only and not st.is_enemy(fig, f)):
            continue
        if x <= 1:
            # HS-EXPLOSION-02; a figure next to the target behind a wall is hit too (HS-SPECIAL-03).
            hit = x == 1 and adjacent(st, f, tgt, obstacles=False)
        else:
            hit = min(a.distance(b) for a in f.hexes for b in tgt.hexes) <= x  # HS-EXPLOSION-03
        if hit:
            others.append(f)
    others.sort(key=lambda f: (min(a.distance(b) for a in f.hexes for b in tgt.hexes), f.id))
    groups = [[tgt.id]] + ([[f.id for f in others]] if others else [])
    return SpecialPlan(fig.id, power.name, _dice(st, fig, power, tgt), groups, tgt.id, "HS-EXPLOSION-05")


def _all_adjacent(st: MatchState, fig: Figure, power: Power, target: str) -> SpecialPlan:
    """Every figure next to the attacker (Stomp, Soul Fury): one roll, each defends; ``target`` is
    any one of them (it defends first), the attacker picks the order of the others (HS-SPECIAL-05)."""
    tgt = _target(st, fig, power, target)
    if not adjacent(st, fig, tgt):
        raise IllegalCommand(f"{power.name} hits the figures next to {fig.id}: {tgt.id} is not next to it",
                             "HS-ATTACK-07")
    sp = _spec(power)
    if sp.spares_flying and st.card_of(tgt).flies:
        raise IllegalCommand(f"{power.name} does not affect figures with Flying such as {tgt.id}")
    others = sorted((f for f in st.on_battlefield() if f is not fig and f is not tgt and adjacent(st, fig, f)
                     and (not sp.enemies_only or st.is_enemy(fig, f))
                     and not (sp.spares_flying and st.card_of(f).flies)), key=lambda f: f.id)
    groups = [[tgt.id]] + ([[f.id for f in others]] if others else [])
    return SpecialPlan(fig.id, power.name, _dice(st, fig, power, tgt), groups, tgt.id, "HS-SPECIAL-05")


def _common_adjacent(st: MatchState, fig: Figure, power: Power, target: str) -> SpecialPlan:
    """The target (next to the attacker) and every figure next to both of them (Sweeping Sword):
    one roll, each defends in turn (HS-SPECIAL-05)."""
    tgt = _target(st, fig, power, target)
    if not adjacent(st, fig, tgt):
        raise IllegalCommand(f"{power.name} is made at a figure next to {fig.id}: {tgt.id} is not next to it",
                             "HS-ATTACK-07")
    sp = _spec(power)
    others = sorted((f for f in st.on_battlefield() if f is not fig and f is not tgt and adjacent(st, fig, f)
                     and adjacent(st, tgt, f) and (not sp.enemies_only or st.is_enemy(fig, f))), key=lambda f: f.id)
    groups = [[tgt.id]] + ([[f.id for f in others]] if others else [])
    return SpecialPlan(fig.id, power.name, _dice(st, fig, power, tgt), groups, tgt.id, "HS-SPECIAL-05")


def _past_target(st: MatchState, fig: Figure, power: Power, target: str) -> SpecialPlan:
    """The target, then every figure on the next ``extra_spaces`` spaces straight on past it, in
    order along the line (HS-SPECIAL-06). The line runs on from the attacker through the target,
    so the target must be in a straight line from the attacker; it always runs its full length."""
    tgt = _target(st, fig, power, target)
    sp = _spec(power)
    start, aim = min(((a, b) for a in fig.hexes for b in tgt.hexes), key=lambda ab: ab[0].distance(ab[1]))
    direction = _direction(start, aim)
    if direction is None:
        raise IllegalCommand(f"{tgt.id} is not in a straight line from {fig.id}, so {power.name} has no line "
                             "to follow past it", "HS-SPECIAL-06")
    dq, dr = DIRECTIONS[direction]
    groups = [[tgt.id]]
    seen = {tgt.id}
    for i in range(1, sp.extra_spaces + 1):
        h = Hex(aim.q + dq * i, aim.r + dr * i)
        here = [f.id for f in st.on_battlefield() if h in f.hexes and f.id not in seen
                and not (f is fig and sp.self_immune) and (not sp.enemies_only or st.is_enemy(fig, f))]
        seen.update(here)
        if here:
            groups.append(sorted(here))
    return SpecialPlan(fig.id, power.name, _dice(st, fig, power, tgt), groups, tgt.id, "HS-SPECIAL-06")


def _line(st: MatchState, fig: Figure, power: Power, target: str) -> SpecialPlan:
    bf = st.battlefield
    sp = _spec(power)
    length = sp.line
    aimed_at: Figure | None = None
    try:
        aim = lookup.space(st, target)
    except InvalidCommand:
        aimed_at = lookup.figure(st, target)
        aim = aimed_at.hex
    if aim in fig.hexes:
        raise IllegalCommand("aim the line at a space next to the attacker", "HS-LINE-01")
    # A double-space attacker's line may start beside either of its spaces, never run through it.
    starts = [s for s in fig.hexes if (d := _direction(s, aim)) is not None
              and Hex(s.q + DIRECTIONS[d][0], s.r + DIRECTIONS[d][1]) not in fig.hexes]
    if not starts:
        raise IllegalCommand(
            f"{bf.label(aim)} is not in a straight line from {fig.id}: aim at a neighbouring space", "HS-LINE-01"
        )
    start = min(starts, key=lambda s: s.distance(aim))
    direction = _direction(start, aim)
    assert direction is not None
    dq, dr = DIRECTIONS[direction]
    spaces = [Hex(start.q + dq * i, start.r + dr * i) for i in range(1, length + 1)]  # HS-LINE-01
    foes = engaged_enemies(st, fig)
    on_line = [f for f in st.on_battlefield() if f is not fig and any(h in f.hexes for h in spaces)
               and (not sp.enemies_only or st.is_enemy(fig, f))]
    see_through = () if LINE_FIGURES_ON_LINE_BLOCK else on_line  # DEC-12
    groups: list[list[str]] = []
    seen: set[str] = set()
    for h in spaces:
        # Every figure on the space the attacker can see, on any level (HS-LINE-02, -05).
        here = sorted(f.id for f in on_line if h in f.hexes and f.id not in seen
                      and (f in foes or line_of_sight(st, fig, f, ignore=see_through)))
        seen.update(here)
        if here:
            groups.append(here)
    affected = [f for g in groups for f in g]
    if aimed_at is not None and aimed_at.id not in affected:
        # Aimed at a figure the line does not reach: refused, not made at nobody (HS-LINE-01, -02).
        far = min(a.distance(b) for a in fig.hexes for b in aimed_at.hexes) > length
        why = (f"it is more than {length} spaces away, and a Line {length} covers {length} spaces from beside "
               f"{fig.id}" if far else f"{fig.id} cannot see it on the line")
        raise IllegalCommand(f"{power.name} cannot reach {aimed_at.id}: {why}; aim at a figure or a space on the "
                             "line", "HS-LINE-01" if far else "HS-LINE-02")
    if foes and not any(st.figures[f] in foes for f in affected):
        raise IllegalCommand(f"{fig.id} is engaged and must aim at a figure it is engaged with", "HS-SPECIAL-04")
    return SpecialPlan(fig.id, power.name, _dice(st, fig, power, None), groups, affected[0] if affected else "", "HS-LINE-05",
                       [start, *spaces])


def _direction(start: Hex, aim: Hex) -> int | None:
    dq, dr = aim.q - start.q, aim.r - start.r
    n = start.distance(aim)
    if n == 0:
        return None
    for i, (a, b) in enumerate(DIRECTIONS):
        if (a * n, b * n) == (dq, dr):
            return i
    return None


def power_allows(core: bool, verdicts: Iterable[bool | None]) -> bool:
    """Whether something is allowed once special powers have had their say (HS-SPECIAL-08, -09).

    ``core`` is the core rules' answer; each power answers ``True`` ("can"/"may"), ``False``
    ("cannot") or ``None`` (it says nothing). A power beats the core rules, and between powers
    "cannot" beats "can" and "may".

    >>> power_allows(False, [True])
    True
    >>> power_allows(True, [None, True, False])
    False
    >>> power_allows(True, [None])
    True
    """
    said = [v for v in verdicts if v is not None]
    if not said:
        return core
    return all(said)


# ---- what a figure can aim at now (map marks, the console's ``targets``) ------------------------

#: The name :func:`attack_options` gives a figure's normal attack.
NORMAL_ATTACK = "normal attack"


@dataclass(frozen=True, slots=True)
class Aim:
    """One way to make an attack now: ``aim`` is what to type as its target (a figure id, or for
    a Line X attack the label of the space beside the attacker to aim at: then ``space`` is true),
    ``affected`` the figures it would roll against, in defense order (the target first)."""

    aim: str
    affected: tuple[str, ...]
    space: bool = False


@dataclass(frozen=True, slots=True)
class AttackOption:
    """One attack of a figure and where it can be aimed from where the figure stands.

    ``name`` is :data:`NORMAL_ATTACK` or the special attack's name; ``aims`` the legal aims (for a
    Line X attack, one per different set of affected figures; aims that affect nobody are left
    out); ``targets`` the enemy figures it can hit, by id; ``refused`` says why the attack cannot
    be made at all now (a once-per-game attack already used), else ``""``.
    """

    name: str
    special: bool
    aims: tuple[Aim, ...] = ()
    targets: tuple[str, ...] = ()
    refused: str = ""


def attack_options(state: MatchState, attacker: Figure, *, enemies_only: bool = True) -> list[AttackOption]:
    """The normal attack and each special attack of ``attacker``'s card, with whom each can hit now.

    Geometry and powers only, as :func:`bot.rules.combat.legal_targets`: whose turn it is and
    whether the figure has attacked already are the engine's business. Only enemies are aimed at
    (HS-ARMY-13); an attack on a friend is legal (HS-ATTACK-01) but never offered here. The normal attack goes by
    Range, sight and engagement (HS-ATTACK-01, HS-ENGAGE-07) and the powers' say (Thorian Speed
    forbids a distant normal attack, not a special one: HS-SPECIAL-08, -09); each special attack
    by its own range and kind: the target of an Explosion or of a line drawn past the target must
    be a legal target (HS-EXPLOSION-01, HS-SPECIAL-04, -06, Lob without sight), a Line X attack is
    aimed along each of the six directions from beside the attacker and hits the figures in sight
    on those spaces (HS-LINE-01, -02). Reads ``state`` (a player's view will do); changes nothing.
    With ``enemies_only`` false, friends are aimed at too (every legal aim, for :mod:`bot.rules.legal`).

    :returns: ``[]`` when the figure is off the battlefield; else the normal attack first, then the
        special attacks in card order.
    """
    from bot.rules.combat import legal_targets

    if not attacker.on_battlefield:
        return []
    # Enemies only, as the special attacks' aims: friends are legal targets too (HS-ATTACK-01),
    # but this list is whom to attack (the map's marks, the computer), not whom one may.
    normal = legal_targets(state, attacker, enemies_only=enemies_only)
    out = [AttackOption(NORMAL_ATTACK, False, tuple(Aim(t.id, (t.id,)) for t in normal), tuple(t.id for t in normal))]
    for power in special_powers(state.card_of(attacker)):
        out.append(_special_option(state, attacker, power, enemies_only))
    return out


def _special_option(st: MatchState, fig: Figure, power: Power, enemies_only: bool = True) -> AttackOption:
    try:
        for check in _checks:
            check(st, fig, power)
    except IllegalCommand as exc:
        return AttackOption(power.name, True, refused=str(exc))
    sp = _spec(power)
    if sp.line:
        bf = st.battlefield
        tries = sorted({n for h in fig.hexes for n in h.neighbours() if n not in fig.hexes and n in bf},
                       key=lambda h: (h.r, h.q))
        build: Callable[[MatchState, Figure, Power, str], SpecialPlan] = _line
        aims_at = [bf.label(h) for h in tries]
    else:
        build = _builder(power)
        aims_at = sorted(f.id for f in st.on_battlefield() if f is not fig and (st.is_enemy(fig, f) or not enemies_only))
    aims: list[Aim] = []
    seen: set[tuple[str, ...] | frozenset[str]] = set()
    for aim in aims_at:
        try:
            affected = tuple(build(st, fig, power, aim).affected)
        except (IllegalCommand, InvalidCommand):
            continue
        # The same figures in another order are the same attack (every figure next to the attacker).
        key = frozenset(affected) if sp.all_adjacent else affected
        if affected and key not in seen:
            seen.add(key)
            aims.append(Aim(aim, affected, space=build is _line))
    if sp.line:
        hit = {f for a in aims for f in a.affected if st.is_enemy(fig, st.figures[f])}
        targets = tuple(sorted(hit))
    else:
        targets = tuple(a.aim for a in aims)
    return AttackOption(power.name, True, tuple(aims), targets)
