"""Declared modifiers: the hooks through which terrain, glyphs and card powers bend a rule.

A modifier is a small function registered for one question ("how many attack dice?", "may this
figure pass through enemies?"). The engine asks the question once, and every registered
modifier answers in turn — the engine never special-cases a card. Adding a card power means
registering a function here from its own module (issue: special powers), like python-chess
variants override one small hook.

Questions:

- :func:`move_rules` -> :class:`MoveRules` (flying, passing through figures, leaving-engagement
  attacks suffered, a special move asked for by name such as Grapple Gun). Every hook answers
  the same question about the card's own rules and the answers are combined, so a "cannot" from
  any hook beats a "can" from another (HS-SPECIAL-09) whatever order they were registered in.
- :func:`move_value` -> int spaces.
- :func:`stat_value` -> a figure's Life, Move, Range, Attack or Defense now, with every bonus that
  holds whatever it attacks or whoever attacks it (a glyph, an aura, a lasting effect): the Move and
  Range hooks, and the attack and defense dice hooks marked :func:`whatever_the_target`.
- :func:`attack_reasons` / :func:`defense_reasons` -> ``[(label, +/-dice), ...]`` so players see
  why a count is what it is.
- :func:`range_value` -> int spaces.
- :func:`target_verdicts` -> whether powers let a figure be targeted ("only if adjacent"), combined
  with the core rules by :func:`combine` (a power beats the core rules, "cannot" beats "can").
- :func:`hits_per_skull` and :func:`resolve_wounds` -> what the dice of an attack come to once
  they are rolled: how many hits each skull is worth (Deadly Shot), then any change to the count
  (Stealth Dodge: one shield blocks everything).

- :func:`on_wound_cap` -> the most wounds an attack deals, after every other say (a roll that
  ignores the wounds).
- :func:`defense_cap` -> the most defense dice a figure may roll ("at most 1 defense die").
- :func:`swipe_dice` and :func:`swipe_wounds` -> the dice and wounds of a leaving-engagement
  attack (A Coward's Reward, Twist the Blade).

Every question is asked often (the AI asks them for each candidate attack), so a hook must answer
``None`` quickly when no card on the battlefield has its power; see
:func:`bot.rules.powers._common.holders`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.rules.state import Figure, MatchState


@dataclass(frozen=True, slots=True)
class MoveRules:
    """How a figure may move right now.

    ``request`` is the special move the player asked for by name (``move drake F7 grapple``), or
    ``None`` for a normal move; it is an input: hooks read it and never change it. A hook that
    grants the request names its power in ``special_move`` and may bound the move:
    ``max_spaces`` (at most that many spaces, whatever the Move value) and ``free_climb`` (each
    step may rise up to that many levels and climbing costs nothing, HS-MOVE-04 set aside).
    """

    can_fly: bool = False
    stealth: bool = False  # Stealth Flying: no leaving-engagement attacks on take-off (HS-FLY-11)
    pass_through_enemies: bool = False
    pass_through_friends: bool = True  # DEC-03
    takes_swipes: bool = True  # receives leaving-engagement attacks (HS-ENGAGE-05)
    request: str | None = None
    special_move: str | None = None
    max_spaces: int | None = None
    free_climb: int | None = None
    through_water: bool = False  # water does not end the move (Slither, HS-TERRAIN-17 set aside)
    through_lava: bool = False  # molten lava does not end the move (Lava Resistant, HS-TERRAIN-09 set aside)
    fall_height: int | None = None  # the Height falls are measured with (Climb X2: twice the Height)
    held_by: str | None = None  # the figure cannot move, and why (Cyberclaw)
    stop_on: frozenset[Any] = frozenset()  # spaces (hexes) that end its move when entered (Cyberclaw)
    max_climb: int | None = None  # no step may rise more levels than this (Rolling Movement)
    max_level_change: int | None = None  # the move ends at most this many levels up or down (Stealth Leap)
    pass_size: int | None = None  # passes through figures up to this size rank (Dismissive Strider)
    swipes_above: int | None = None  # leaving-engagement attacks only from figures above this size rank
    easy_terrain: frozenset[Any] = frozenset()  # terrains that cost only 1 to enter (Snow and Ice Enhanced Movement)


@dataclass(frozen=True, slots=True)
class MoveAnswer:
    """One hook's partial answer about :class:`MoveRules`: ``None`` fields say nothing.

    A boolean says "can" (``True``) or "cannot" (``False``); for ``takes_swipes`` the "can" is
    leaving without attacks (``False``). Numbers bound the move; the tightest bound wins.
    """

    can_fly: bool | None = None
    stealth: bool | None = None
    pass_through_enemies: bool | None = None
    pass_through_friends: bool | None = None
    takes_swipes: bool | None = None
    special_move: str | None = None
    max_spaces: int | None = None
    free_climb: int | None = None
    through_water: bool | None = None
    through_lava: bool | None = None
    fall_height: int | None = None
    held_by: str | None = None
    stop_on: frozenset[Any] | None = None
    max_climb: int | None = None
    max_level_change: int | None = None
    pass_size: int | None = None
    swipes_above: int | None = None
    easy_terrain: frozenset[Any] | None = None


#: A figure's size as a rank, for powers bounded by size ("Small and Medium figures": up to 2).
SIZE_RANK = {"small": 1, "medium": 2, "large": 3, "huge": 4}


def entry_cost(rules: MoveRules, terrain: Any, cost: int) -> int:
    """A step's ``cost`` onto ``terrain`` under ``rules``: 1 less per space above 1 that the terrain
    costs to enter when the figure's powers make it easy (:attr:`MoveRules.easy_terrain`; HS-TERRAIN-05,
    -28 set aside by Snow and Ice Enhanced Movement), the climb kept."""
    if terrain in rules.easy_terrain:
        return cost - int(terrain.movement_cost) + 1
    return cost


def passes_through(state: MatchState, rules: MoveRules, other: Figure) -> bool:
    """Whether a move under ``rules`` may pass through the enemy ``other``: every enemy (Ghost Walk)
    or those up to :attr:`MoveRules.pass_size` (Dismissive Strider: Small and Medium)."""
    if rules.pass_through_enemies:
        return True
    return rules.pass_size is not None and SIZE_RANK.get(state.card_of(other).size or "", 9) <= rules.pass_size


def swipes_from(state: MatchState, rules: MoveRules, other: Figure) -> bool:
    """Whether the enemy ``other`` makes a leaving-engagement attack on a figure moving under ``rules``
    (HS-ENGAGE-05; Dismissive Strider: only figures above Medium)."""
    if not rules.takes_swipes:
        return False
    return rules.swipes_above is None or SIZE_RANK.get(state.card_of(other).size or "", 9) > rules.swipes_above


_ANSWER_FIELDS = tuple(f.name for f in fields(MoveAnswer))
#: Boolean fields whose "can" is ``False`` (taking no leaving-engagement attacks is the "can").
_CAN_IS_FALSE = frozenset({"takes_swipes"})
#: Number fields that widen what a figure may do: of several says the widest wins (not the tightest).
_WIDEST = frozenset({"pass_size", "swipes_above", "fall_height"})


def combine(core: bool, verdicts: Iterable[bool | None]) -> bool:
    """The core rules' answer once powers have had their say (HS-SPECIAL-08, -09).

    A power beats the core rules; between powers "cannot" (``False``) beats "can" (``True``);
    ``None`` says nothing.

    >>> combine(False, [True]), combine(True, [None, True, False]), combine(True, [None])
    (True, False, True)
    """
    said = [v for v in verdicts if v is not None]
    if not said:
        return core
    return all(said)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A power's say on whether something is allowed: ``allowed``, and if not, why (words, rule)."""

    allowed: bool
    reason: str = ""
    rule: str = ""


@dataclass(frozen=True, slots=True)
class Tally:
    """What an attack's dice come to: skulls and shields rolled, ``hits`` (the skulls after what
    each is worth, HS-ATTACK-11: 1 each), ``wounds`` dealt, and the powers that changed the count."""

    skulls: int
    shields: int
    hits: int
    wounds: int
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AttackContext:
    """What an attack is: attacker, target, and the special attack's name (``None``: normal)."""

    attacker: Figure
    target: Figure
    special: str | None = None


Reason = tuple[str, int]
DiceHook = Callable[["MatchState", AttackContext], "Reason | None"]
#: Gets the card's own rules (with the ``request``); answers with a :class:`MoveAnswer`, ``None``
#: (nothing to say) or, the older form, a changed :class:`MoveRules` (each changed field is its say).
MoveHook = Callable[["MatchState", "Figure", MoveRules], "MoveAnswer | MoveRules | None"]
ValueHook = Callable[["MatchState", "Figure", int], int]
TargetHook = Callable[["MatchState", AttackContext], "Verdict | None"]
#: How many hits each skull of this attack is worth, as ``(power, hits)`` (``None``: no say; the
#: largest say wins).
SkullHook = DiceHook
#: Changes the tally of a rolled attack (``None``: no change); hooks apply in registration order.
WoundHook = Callable[["MatchState", AttackContext, Tally], "Tally | None"]

_attack_hooks: list[DiceHook] = []
_defense_hooks: list[DiceHook] = []
_move_hooks: list[MoveHook] = []
_move_value_hooks: list[ValueHook] = []
_range_hooks: list[ValueHook] = []
_target_hooks: list[TargetHook] = []
_skull_hooks: list[SkullHook] = []
_wound_hooks: list[WoundHook] = []
#: The most wounds an attack may deal once every wound hook has had its say: ``(power, wounds)``
#: or ``None`` (a roll that ignores the wounds; applied last, so nothing adds them back).
WoundCapHook = Callable[["MatchState", AttackContext, Tally], "Reason | None"]
_wound_cap_hooks: list[WoundCapHook] = []
#: The most defense dice a figure may roll against an attack: ``(power, cap)`` or ``None``.
CapHook = Callable[["MatchState", AttackContext], "Reason | None"]
_cap_hooks: list[CapHook] = []
#: Wounds a leaving-engagement attack deals: (state, attacker, target, wounds) -> wounds.
SwipeHook = Callable[["MatchState", "Figure", "Figure", int], int]
_swipe_hooks: list[SwipeHook] = []


def on_attack_dice(fn: DiceHook) -> DiceHook:
    """Register a hook that may add or remove attack dice; returns ``(reason, dice)`` or ``None``."""
    _attack_hooks.append(fn)
    return fn


def on_defense_dice(fn: DiceHook) -> DiceHook:
    """Register a hook that may add or remove defense dice; returns ``(reason, dice)`` or ``None``."""
    _defense_hooks.append(fn)
    return fn


def whatever_the_target(fn: DiceHook) -> DiceHook:
    """Mark a dice hook whose answer does not depend on the other figure of the attack: an attack
    dice hook that reads only ``ctx.attacker`` (and ``ctx.special``), a defense dice hook that reads
    only ``ctx.target``. :func:`stat_value` counts these as part of the figure's Attack or Defense."""
    fn.whatever_the_target = True  # type: ignore[attr-defined]
    return fn


def on_move_rules(fn: MoveHook) -> MoveHook:
    """Register a hook that has its say on :class:`MoveRules` for a figure (see :data:`MoveHook`)."""
    _move_hooks.append(fn)
    return fn


def on_target_check(fn: TargetHook) -> TargetHook:
    """Register a hook that may forbid (or allow) targeting a figure; returns a :class:`Verdict` or ``None``.

    Asked for normal and special attacks alike (``ctx.special`` tells them apart), after the
    checks no power changes (itself, off the battlefield, not an enemy).
    """
    _target_hooks.append(fn)
    return fn


def on_hits_per_skull(fn: SkullHook) -> SkullHook:
    """Register a hook saying how many hits each skull of an attack is worth: ``(power, hits)``
    (Deadly Shot: ``("Deadly Shot", 2)``) or ``None``."""
    _skull_hooks.append(fn)
    return fn


def on_wounds(fn: WoundHook) -> WoundHook:
    """Register a hook that changes the :class:`Tally` of a rolled attack (Stealth Dodge)."""
    _wound_hooks.append(fn)
    return fn


def on_wound_cap(fn: WoundCapHook) -> WoundCapHook:
    """Register a hook that caps the wounds of an attack after every :func:`on_wounds` hook:
    ``(power, most wounds)`` or ``None`` (Concealment: the wounds are ignored)."""
    _wound_cap_hooks.append(fn)
    return fn


def on_defense_cap(fn: CapHook) -> CapHook:
    """Register a hook that caps the defense dice of an attack: ``(power, most dice)`` or ``None``
    (Heart Finder Spear: "at most 1 defense die")."""
    _cap_hooks.append(fn)
    return fn


def defense_cap(state: MatchState, ctx: AttackContext) -> Reason | None:
    """The tightest cap on the defense dice of this attack, ``(power, dice)``, or ``None``."""
    best: Reason | None = None
    for hook in _cap_hooks:
        said = hook(state, ctx)
        if said is not None and (best is None or said[1] < best[1]):
            best = said
    return best


def on_swipe_wounds(fn: SwipeHook) -> SwipeHook:
    """Register a hook that changes the wounds of a leaving-engagement attack (Twist the Blade)."""
    _swipe_hooks.append(fn)
    return fn


#: Extra dice of a leaving-engagement attack: (state, attacker, target) -> (power, dice) or None.
SwipeDiceHook = Callable[["MatchState", "Figure", "Figure"], "Reason | None"]
_swipe_dice_hooks: list[SwipeDiceHook] = []


def on_swipe_dice(fn: SwipeDiceHook) -> SwipeDiceHook:
    """Register a hook that adds dice to a leaving-engagement attack (A Coward's Reward)."""
    _swipe_dice_hooks.append(fn)
    return fn


def swipe_dice(state: MatchState, attacker: Figure, target: Figure) -> int:
    """The dice of a leaving-engagement attack: one (HS-ENGAGE-05), plus the hooks' say."""
    n = 1
    for hook in _swipe_dice_hooks:
        said = hook(state, attacker, target)
        if said is not None:
            n += said[1]
    return max(0, n)


def swipe_wounds(state: MatchState, attacker: Figure, target: Figure, wounds: int) -> int:
    """The wounds a leaving-engagement attack of ``attacker`` on ``target`` deals once its die
    showed ``wounds`` skulls (HS-ENGAGE-05), after the hooks."""
    for hook in _swipe_hooks:
        wounds = hook(state, attacker, target, wounds)
    return max(0, wounds)


#: What a figure's powers add to its Treasure Glyph trap roll (HS-TREASURE-12): (state, figure) ->
#: (power, amount, negative to subtract) or None.
TrapRollHook = Callable[["MatchState", "Figure"], "Reason | None"]
_trap_roll_hooks: list[TrapRollHook] = []


def on_trap_roll(fn: TrapRollHook) -> TrapRollHook:
    """Register a hook that changes a figure's Treasure Glyph trap rolls (Disarm Traps, Mine!)."""
    _trap_roll_hooks.append(fn)
    return fn


def trap_roll_reasons(state: MatchState, fig: Figure) -> list[Reason]:
    """Every ``(power, amount)`` added to ``fig``'s Treasure Glyph trap roll (HS-TREASURE-12)."""
    return [said for hook in _trap_roll_hooks if (said := hook(state, fig)) is not None]


def on_move_value(fn: ValueHook) -> ValueHook:
    """Register a hook that adjusts a figure's Move value (spaces)."""
    _move_value_hooks.append(fn)
    return fn


def on_range_value(fn: ValueHook) -> ValueHook:
    """Register a hook that adjusts a figure's Range value (spaces)."""
    _range_hooks.append(fn)
    return fn


def move_rules(state: MatchState, fig: Figure, request: str | None = None) -> MoveRules:
    """How ``fig`` may move now: its card's keywords, then every hook's say, combined.

    Each hook answers about the card's own rules (never about another hook's answer); for each
    field a "cannot" beats a "can" (HS-SPECIAL-09) and a power beats the core rules
    (HS-SPECIAL-08); of several bounds on the move the tightest wins. ``request`` names a
    special move asked for (``"grapple"``): :attr:`MoveRules.special_move` is set when a hook
    grants it.
    """
    card = state.card_of(fig)
    core = MoveRules(can_fly=card.flies, stealth="stealth_flying" in card.keywords, request=request)
    said: dict[str, list[Any]] = {}
    for hook in _move_hooks:
        answer = hook(state, fig, core)
        if answer is None or answer is core:
            continue
        for name in _ANSWER_FIELDS:
            value = getattr(answer, name)
            if value is None or (isinstance(answer, MoveRules) and value == getattr(core, name)):
                continue
            said.setdefault(name, []).append(value)
    if not said:
        return core
    return replace(core, **{name: _combined(name, getattr(core, name), values) for name, values in said.items()})


def _combined(name: str, core: Any, values: list[Any]) -> Any:
    if name in ("special_move", "held_by"):
        return values[0]
    if name in ("stop_on", "easy_terrain"):
        return frozenset().union(core, *values)
    if isinstance(values[0], bool):
        if name in _CAN_IS_FALSE:
            return not combine(not core, [not v for v in values])
        return combine(bool(core), values)
    if name in _WIDEST:
        return max(values)
    return min(values)  # a bound: the tightest wins


def move_value(state: MatchState, fig: Figure) -> int:
    """``fig``'s Move value after hooks, in spaces."""
    value = state.card_of(fig).stat("move")
    for hook in _move_value_hooks:
        value = hook(state, fig, value)
    return max(0, value)


def range_value(state: MatchState, fig: Figure) -> int:
    """``fig``'s Range value after hooks, in spaces."""
    value = state.card_of(fig).stat("range")
    for hook in _range_hooks:
        value = hook(state, fig, value)
    return max(0, value)


def stat_value(state: MatchState, fig: Figure, stat: str) -> int:
    """``fig``'s ``stat`` (``life``, ``move``, ``range``, ``attack``, ``defense``) now: the card's
    value changed by every lasting effect, aura and glyph that holds whatever the figure attacks or
    whoever attacks it (Glyph of Astrid +1 Attack, HS-GLYPH-06; Gerda +1 Defense, HS-GLYPH-10; a
    carried Heroic Rune, HS-TREASURE-27). Bonuses that need the other figure (height advantage, a
    power against adjacent targets, jungle cover) are not in it; they are in the dice of an attack."""
    if stat == "move":
        return move_value(state, fig)
    if stat == "range":
        return range_value(state, fig)
    value = state.card_of(fig).stat(stat)
    hooks = {"attack": _attack_hooks, "defense": _defense_hooks}.get(stat)
    if hooks is None:
        return value
    # The figure stands for both sides of the attack: the marked hooks read only its own side.
    free = [h for h in hooks if getattr(h, "whatever_the_target", False)]
    return value + sum(n for _, n in _collect(free, state, AttackContext(fig, fig)))


def _collect(hooks: list[DiceHook], state: MatchState, ctx: AttackContext) -> list[Reason]:
    out = []
    for hook in hooks:
        r = hook(state, ctx)
        if r is not None and r[1] != 0:
            out.append(r)
    return out


def target_verdicts(state: MatchState, ctx: AttackContext) -> list[Verdict]:
    """Every hook's say on whether ``ctx.attacker`` may target ``ctx.target`` (empty: none)."""
    out = []
    for hook in _target_hooks:
        v = hook(state, ctx)
        if v is not None:
            out.append(v)
    return out


def hits_per_skull(state: MatchState, ctx: AttackContext) -> Reason:
    """``(why, hits)`` each skull of this attack is worth: ``("skull", 1)`` (HS-ATTACK-11) unless a
    hook says more (the largest say wins)."""
    best: Reason = ("skull", 1)
    for hook in _skull_hooks:
        said = hook(state, ctx)
        if said is not None and said[1] > best[1]:
            best = said
    return best


def resolve_wounds(state: MatchState, ctx: AttackContext, skulls: int, shields: int) -> Tally:
    """What ``skulls`` and ``shields`` come to in this attack: each hit beyond the shields is a
    wound (HS-ATTACK-11), after the hooks (hits per skull, then changes to the tally)."""
    why, per = hits_per_skull(state, ctx)
    hits = skulls * per
    tally = Tally(skulls, shields, hits, max(0, hits - shields), (why,) if per != 1 and skulls else ())
    for hook in _wound_hooks:
        changed = hook(state, ctx, tally)
        if changed is not None:
            tally = changed
    for cap in _wound_cap_hooks:
        said = cap(state, ctx, tally)
        if said is not None and said[1] < tally.wounds:
            tally = replace(tally, wounds=max(0, said[1]), reasons=(*tally.reasons, said[0]))
    return tally


def attack_reasons(state: MatchState, ctx: AttackContext) -> list[Reason]:
    """Every hook's change to the attack dice of this attack."""
    return _collect(_attack_hooks, state, ctx)


def defense_reasons(state: MatchState, ctx: AttackContext) -> list[Reason]:
    """Every hook's change to the defense dice against this attack."""
    return _collect(_defense_hooks, state, ctx)


__all__ = [
    "AttackContext",
    "MoveAnswer",
    "MoveRules",
    "Tally",
    "Verdict",
    "attack_reasons",
    "combine",
    "defense_cap",
    "defense_reasons",
    "hits_per_skull",
    "move_rules",
    "move_value",
    "on_attack_dice",
    "on_defense_cap",
    "on_defense_dice",
    "on_hits_per_skull",
    "on_move_rules",
    "on_move_value",
    "on_range_value",
    "on_target_check",
    "on_swipe_dice",
    "on_swipe_wounds",
    "on_wound_cap",
    "on_wounds",
    "range_value",
    "replace",
    "resolve_wounds",
    "stat_value",
    "swipe_dice",
    "swipe_wounds",
    "target_verdicts",
    "whatever_the_target",
]
