"""Movement building blocks: powers that change how a figure moves, each a say on
:class:`~bot.rules.modifiers.MoveRules`, read from the power's ``values`` (the shared card file's
``params``; ``../shared/cards/README.md``).

- ``flying``: Flying; ``leaving_engagement: "ignores"`` is Stealth Flying (HS-FLY-01, -11).
- ``move_through``: pass through ``who`` (``"all figures"``: every figure, Ghost Walk, Phantom
  Walk; ``"Small and Medium figures"``: those sizes, Dismissive Strider); ``disengage: true`` or
  ``disengage_from`` (sizes) spares leaving-engagement attacks (from those sizes).
- ``disengage``: never receives leaving-engagement attacks (HS-ENGAGE-05 set aside).
- ``alt_move``: a special move asked for by name (``move drake F7 grapple``) instead of the normal
  move: at most ``move`` spaces, each step rising up to ``max_up``/``max_levels`` levels for free;
  with ``ignore_elevation`` a leap (``move monk F7 leap``): flying at most ``move`` spaces, landing
  at most ``max_levels`` levels up or down; ``leaving_engagement: "ignores"`` spares
  leaving-engagement attacks; a ``cost`` of ``"-N attack dice that turn"`` (Super Leap) is read.
- ``water_move``: water does not end the move (Slither); ``defense_bonus_in_water`` adds defense
  dice while the figure stands on water.
- ``movement_restriction`` with ``max_climb`` and ``who: "this squad"``: no step rises more levels;
  with ``who`` ``"opponent's Small/Medium figures"``, a ``distance`` N and ``effect`` "must end
  movement" (Swirling Vortex): an enemy figure of those sizes that walks onto a space within N
  spaces of the holder must stop there (as Cyberclaw's spaces: a flight passes over them).
- ``terrain_move`` with ``terrain`` (names) and ``cost`` 1 (Snow and Ice Enhanced Movement): those
  terrains cost 1 space to enter instead of 2 (HS-TERRAIN-05, -28), landing on them too (-06, -29).
- ``lava_resistant``: molten lava does not end the move (and no lava rolls:
  :mod:`bot.rules.terrain_effects`).
- ``climb``: ``multiplier`` (Climb X2) or ``add`` (Scale 2) to the Height when moving up or down
  levels. Climbing has no Height limit in these rules, so it changes the drops that make a fall
  (DEC-02): a Climb X2 figure of Height 5 falls from 10 levels, not 5.
- ``immobilize`` (Cyberclaw) with ``who`` ``"opponent's Small/Medium figures adjacent to this
  squad"``: an enemy figure of those sizes next to a figure of the card cannot move (nor be moved
  by a power), and one that walks onto a space next to it must stop there.

The cards of the first 19 keep their own kinds, read here the same way: ``ghost_walk`` (as
``move_through`` all figures), ``grapple_gun`` (as ``alt_move`` of 1 space, ``levels`` up).
Each kind's ``check(values)`` (:data:`CHECKS`) says why some parameters cannot be enforced.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.rules import modifiers
from bot.rules.combat import _core_check
from bot.rules.engagement import adjacent, engaged_enemies
from bot.rules.modifiers import SIZE_RANK, AttackContext, MoveAnswer, MoveRules, Verdict
from bot.rules.powers import block_aura as aura
from bot.rules.powers._common import holders, power_of
from bot.rules.state import Figure, MatchState
from bot.rules.terrain import Terrain
from bot.rules.terrain_effects import terrains_under

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"disengage", "ghost_walk", "grapple_gun", "flying", "move_through", "alt_move", "water_move",
                   "movement_restriction", "lava_resistant", "climb", "immobilize", "terrain_move"})

#: ``move FIG SPACE grapple`` asks for a special move (an ``alt_move`` power, Grapple Gun).
GRAPPLE = "grapple"
#: ``move FIG SPACE leap`` asks for a leap (an ``alt_move`` power that ignores elevation).
LEAP = "leap"


def _sizes_rank(text: object) -> int | None:
    """The largest size a phrase such as ``"Small and Medium figures"`` names, as a rank; ``None``
    when it names no size."""
    if not isinstance(text, str):
        return None
    ranks = [SIZE_RANK[w] for w in text.lower().replace("/", " ").split() if w in SIZE_RANK]
    return max(ranks) if ranks else None


def _leaving(values: dict[str, Any]) -> str | None:
    le = values.get("leaving_engagement", "takes")
    return None if le in ("takes", "ignores") else f"leaving_engagement '{le}' is not understood"


def check_flying(values: dict[str, Any]) -> str | None:
    """``flying``: ``leaving_engagement`` ``takes`` (Flying) or ``ignores`` (Stealth Flying)."""
    return _leaving(values)


def check_move_through(values: dict[str, Any]) -> str | None:
    """``move_through``: ``who`` all figures or named sizes; ``ranged_while_engaged`` is not built."""
    who = values.get("who", "all figures")
    if who not in ("all figures", "all") and _sizes_rank(who) is None:
        return f"moving through '{who}' is not understood"
    if "ranged_while_engaged" in values and _sizes_rank(values["ranged_while_engaged"]) is None:
        return f"attacking while engaged '{values['ranged_while_engaged']}' is not understood"
    if "disengage_from" in values and _sizes_rank(values["disengage_from"]) is None:
        return f"disengaging from '{values['disengage_from']}' is not understood"
    return None


_DICE_COST = re.compile(r"-(\d+) attack dice that turn")


def check_alt_move(values: dict[str, Any]) -> str | None:
    """``alt_move``: ``move`` spaces with ``max_up``/``max_levels``; a ``cost`` of ``"-N attack dice
    that turn"``."""
    if not isinstance(values.get("move", values.get("spaces", 1)), int):
        return f"a move of '{values.get('move')}' spaces is not understood"
    if "cost" in values and not _DICE_COST.fullmatch(str(values["cost"])):
        return f"the cost '{values['cost']}' is not built yet"
    if values.get("ignore_elevation") and not isinstance(values.get("max_levels"), int):
        return f"a leap changing level by '{values.get('max_levels')}' is not understood"
    return _leaving(values)


def check_water_move(values: dict[str, Any]) -> str | None:
    """``water_move``: optional ``defense_bonus_in_water`` and ``move_bonus_if_starting_in_water``."""
    extra = sorted(set(values) - {"defense_bonus_in_water", "move_bonus_if_starting_in_water"})
    return f"'{extra[0]}' is not built yet" if extra else None


def check_movement_restriction(values: dict[str, Any]) -> str | None:
    """``movement_restriction``: ``max_climb`` of the card's own figures, or a vortex
    (:func:`vortex`)."""
    if isinstance(values.get("max_climb"), int) and values.get("who", "this squad") in ("this squad", "this figure"):
        return None
    if vortex(values) is not None:
        return None
    return "slowing or stopping other figures is not built yet"


_VORTEX = re.compile(r"opponent's ([A-Za-z/]+) figures")


def vortex(values: dict[str, Any]) -> tuple[tuple[str, ...], int] | None:
    """A ``movement_restriction`` that ends the walk of enemy figures near the holder (Swirling
    Vortex): the sizes held (lower case) and the distance in spaces; ``None`` when it is not one."""
    m = _VORTEX.fullmatch(str(values.get("who", "")))
    spaces = values.get("distance")
    if (m is None or not isinstance(spaces, int) or isinstance(spaces, bool) or spaces < 1
            or " ".join(str(values.get("effect", "")).lower().split()) != "must end movement"):
        return None
    return tuple(m.group(1).lower().split("/")), spaces


def easy_terrain(values: dict[str, Any]) -> frozenset[Terrain] | None:
    """The terrains a ``terrain_move`` (``terrain``: names, ``cost``: 1) lets its figures enter for
    1 space (Snow and Ice Enhanced Movement: slippery ice and heavy snow); ``None`` when not read."""
    names = values.get("terrain")
    names = [names] if isinstance(names, str) else names
    if values.get("cost") != 1 or set(values) - {"terrain", "cost"} or not isinstance(names, list) or not names:
        return None
    try:
        return frozenset(Terrain(str(n).strip().lower().replace(" ", "_")) for n in names)
    except ValueError:
        return None


def check_terrain_move(values: dict[str, Any]) -> str | None:
    """``terrain_move``: ``terrain`` (names) that cost ``cost`` 1 to enter."""
    return None if easy_terrain(values) is not None else "this terrain movement is not understood"


def check_climb(values: dict[str, Any]) -> str | None:
    """``climb``: an integer ``multiplier`` or ``add``."""
    if isinstance(values.get("multiplier"), int) or isinstance(values.get("add"), int):
        return None
    return "this climbing bonus is not understood"


_HOLDS = re.compile(r"opponent's ([A-Za-z/]+) figures adjacent to this (?:squad|figure)")


def check_immobilize(values: dict[str, Any]) -> str | None:
    """``immobilize``: ``who`` names the sizes of enemy figures held next to the card's figures."""
    return None if _HOLDS.fullmatch(str(values.get("who", ""))) else f"holding '{values.get('who')}' is not understood"


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "immobilize": check_immobilize,
    "flying": check_flying, "move_through": check_move_through, "alt_move": check_alt_move,
    "water_move": check_water_move, "movement_restriction": check_movement_restriction, "climb": check_climb,
    "terrain_move": check_terrain_move,
}


@modifiers.on_move_rules
def flying(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Flying and Stealth Flying as a power of kind ``flying`` (HS-FLY-01, -11)."""
    power = power_of(state, fig, "flying")
    if power is None:
        return None
    return MoveAnswer(can_fly=True, stealth=True if power.values.get("leaving_engagement") == "ignores" else None)


@modifiers.on_move_rules
def move_through(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Ghost Walk, Phantom Walk, Dismissive Strider: pass through figures (and maybe disengage)."""
    card = state.card_of(fig)
    power = card.power("move_through") or card.power("ghost_walk")
    if power is None:
        return None
    v = power.values
    if power.kind == "move_through" and check_move_through(v) is not None:
        return None
    size = _sizes_rank(v.get("who"))
    freely = False if v.get("disengage") is True else None  # False: takes no leaving-engagement attacks
    if size is not None:
        return MoveAnswer(pass_size=size, swipes_above=_sizes_rank(v.get("disengage_from")), takes_swipes=freely)
    return MoveAnswer(pass_through_enemies=True, pass_through_friends=True, takes_swipes=freely)


@modifiers.on_target_check
def ranged_while_engaged(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """Dismissive Strider: engaged only with figures up to the sizes named, the figure may still
    attack others (with Range and clear sight, as if not engaged; HS-ENGAGE-07 set aside)."""
    if not holders(state, "move_through"):
        return None
    power = power_of(state, ctx.attacker, "move_through")
    if power is None or "ranged_while_engaged" not in power.values or check_move_through(power.values):
        return None
    if ctx.special is not None:
        return None  # a special attack's own Range is not known here: the core rule stands
    foes = engaged_enemies(state, ctx.attacker)
    size = _sizes_rank(power.values["ranged_while_engaged"]) or 0
    if not foes or ctx.target in foes or any(SIZE_RANK.get(state.card_of(f).size or "", 9) > size for f in foes):
        return None
    plain = _core_check(state, ctx.attacker, ctx.target, None, True, engaged=[])  # as if not engaged
    return Verdict(plain.ok, plain.reason, plain.rule)


@modifiers.on_move_rules
def disengage(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Disengage: no leaving-engagement attacks."""
    if power_of(state, fig, "disengage") is None:
        return None
    return MoveAnswer(takes_swipes=False)


@modifiers.on_move_rules
def alt_move(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Grapple Gun and its kind: when asked for, ``move`` spaces, climbing up to ``max_up`` levels
    free; a leap (``ignore_elevation``, asked for with ``leap``) flies ``move`` spaces and lands at
    most ``max_levels`` levels up or down (Stealth Leap, Swing Line, Grapple Arm)."""
    if rules.request not in (GRAPPLE, LEAP):
        return None
    card = state.card_of(fig)
    power = card.power("alt_move") or card.power("grapple_gun")
    if power is None:
        return None
    v = power.values
    if power.kind == "alt_move" and check_alt_move(v) is not None:
        return None
    swipes = False if v.get("leaving_engagement") == "ignores" else None
    if v.get("ignore_elevation"):
        if rules.request != LEAP:
            return None
        return MoveAnswer(special_move=power.name, max_spaces=v.get("move", 1), can_fly=True,
                          max_level_change=v["max_levels"] + aura.leap_bonus(state, fig), takes_swipes=swipes)
    if rules.request != GRAPPLE:
        return None
    up = v.get("levels", v.get("max_up", v.get("max_levels", 25)))
    return MoveAnswer(special_move=power.name, max_spaces=v.get("move", 1), free_climb=up, takes_swipes=swipes)


@modifiers.on_move_rules
def water_move(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Slither and the like: entering water does not end the move."""
    if power_of(state, fig, "water_move") is None:
        return None
    return MoveAnswer(through_water=True)


@modifiers.on_move_rules
def rolling_movement(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Rolling Movement: no step rises more than ``max_climb`` levels."""
    power = power_of(state, fig, "movement_restriction")
    if power is None or not isinstance(power.values.get("max_climb"), int) or check_movement_restriction(power.values):
        return None
    return MoveAnswer(max_climb=power.values["max_climb"])


@modifiers.on_move_rules
def terrain_move(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Snow and Ice Enhanced Movement: its terrains cost 1 to enter (walking, or landing)."""
    power = power_of(state, fig, "terrain_move")
    easy = easy_terrain(power.values) if power is not None else None
    return MoveAnswer(easy_terrain=easy) if easy else None


@modifiers.on_move_rules
def lava_resistant(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Lava Resistant: molten lava does not end the move."""
    if power_of(state, fig, "lava_resistant") is None:
        return None
    return MoveAnswer(through_lava=True)


@modifiers.on_move_rules
def climb(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Climb X2, X3, Scale: the Height falls are measured with."""
    power = power_of(state, fig, "climb")
    if power is None or check_climb(power.values) is not None:
        return None
    height = state.card_of(fig).stat("height")
    v = power.values
    return MoveAnswer(fall_height=height * v["multiplier"] if isinstance(v.get("multiplier"), int) else height + v["add"])


@modifiers.on_move_rules
def cyberclaw(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Cyberclaw: held next to an enemy figure of the card; spaces next to one end a walk."""
    found = holders(state, "immobilize")
    if not found:
        return None
    size = state.card_of(fig).size or ""
    held: str | None = None
    stop: set[Any] = set()
    for holder, power in found:
        m = _HOLDS.fullmatch(str(power.values.get("who", "")))
        if m is None or not state.is_enemy(holder, fig) or size not in m.group(1).lower().split("/"):
            continue
        if adjacent(state, holder, fig):
            held = f"{holder.id}'s {power.name} holds it"
        stop |= {n for h in holder.hexes for n in h.neighbours()} - set(holder.hexes)
    if held is None and not stop:
        return None
    return MoveAnswer(held_by=held, stop_on=frozenset(stop) if stop else None)


@modifiers.on_move_rules
def swirling_vortex(state: MatchState, fig: Figure, rules: MoveRules) -> MoveAnswer | None:
    """Swirling Vortex: the spaces within the distance of an enemy holder end a walk of ``fig``
    when it is of the sizes held (the holder's own spaces aside)."""
    size = state.card_of(fig).size or ""
    stop: set[Any] = set()
    for holder, power in holders(state, "movement_restriction"):
        held = vortex(power.values)
        if held is None or size not in held[0] or not state.is_enemy(holder, fig):
            continue
        ring = set(holder.hexes)
        for _ in range(held[1]):
            ring |= {n for h in ring for n in h.neighbours()}
        stop |= ring - set(holder.hexes)
    return MoveAnswer(stop_on=frozenset(stop)) if stop else None


@modifiers.on_move_value
def amphibious(state: MatchState, fig: Figure, value: int) -> int:
    """Amphibious: +N Move on a turn the figure starts in water (it has not moved yet)."""
    if not holders(state, "water_move"):
        return value
    power = power_of(state, fig, "water_move")
    bonus = power.values.get("move_bonus_if_starting_in_water") if power is not None else None
    turn = state.turn
    if not bonus or (turn is not None and fig.id in turn.moved):
        return value
    return value + int(bonus) if any(t.is_water for t in terrains_under(state, fig)) else value


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def leap_cost(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
    """Super Leap: N fewer attack dice on a turn the figure leapt."""
    turn = state.turn
    if turn is None or not turn.data.get("special_moves") or ctx.special is not None:
        return None
    power = power_of(state, ctx.attacker, "alt_move")
    m = _DICE_COST.fullmatch(str(power.values.get("cost", ""))) if power is not None else None
    if m is None or turn.data["special_moves"].get(ctx.attacker.id) != LEAP:
        return None
    return (power.name if power else "leap", -int(m.group(1)))


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def water_defense(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
    """Aegis of the River, Water Suits: ``defense_bonus_in_water`` dice while standing on water."""
    if not holders(state, "water_move"):
        return None
    power = power_of(state, ctx.target, "water_move")
    if power is None or not power.values.get("defense_bonus_in_water"):
        return None
    if not any(t.is_water for t in terrains_under(state, ctx.target)):
        return None
    return (power.name, int(power.values["defense_bonus_in_water"]))
