"""Building blocks ``d20_trigger`` and ``d20_table``: roll the d20 at a moment, and on a result
(``threshold``, or a ``table`` of ranges) apply an effect. The d20 comes from the dice source.

The moments and effects built (``window`` and ``effect`` phrases of the shared card file):

- Against wounds (the holder defending): "this figure is wounded", "wounded by a non-adjacent
  attacker", "this figure is wounded by an attack", "normal attack with at least 1 skull" with
  "ignore the wounds" / "ignore all damage" (Stealth Armor, Concealment, Hide in Darkness), and the
  table "ignore all but 1 wound" / "ignore all the wounds"; "attacked by a non-adjacent figure with
  at least 1 skull" and the getaways "no damage; move up to 3" (Stealthy), "ignore the wounds; place
  within 2 spaces, 6 levels" (Kieru), :mod:`block_d20_escape`; also for another figure the holder
  protects: "friendly Ullar Kyrie within 6 clear sight spaces is wounded", "adjacent Sacred Band
  figure is wounded" (Amulet of Paivatar, Defy Death; the holder rolls). ``modifier``: "+ spaces between attacker
  and defender", "+3 on dungeon, +6 on shadow space", "+2 if on ice or snow". Rolled for normal
  attacks after the defense roll (an effect of that window) and for special attacks as each
  figure defends. Rolling can only help the defender, so it is always rolled.
- After the holder attacks: "attack again" (Battle Frenzy); "after attacking (mandatory)" with
  "1 wound" to "each adjacent figure" (Toxic Skin); "after inflicting 2+ wounds on a ... figure":
  "destroy the defender" (Coil Crush); "after wounding a ... Hero": "1 extra wound" (Poison Weapons).
- A figure next to the holder is destroyed: "remove 1 wound from self" (Feed the Forge; ``modifier``
  "+8 vs Eisenek, Soulborg or destructible object" reads the destroyed figure's card).
- The first time each turn a Squad figure targets the holder: "cannot be targeted for the rest of
  the turn" (Master of Disguise; the attack under way does nothing to it).
- "own turn: before moving and on each space entered": "1 wound" to "each adjacent figure"
  (Blast Furnace), :mod:`block_d20_furnace`.
- Shapes that modules of their own carry out (Frenzy, Healing Touch, Unleashed Fury, Crippling Gaze,
  Self-Destruct, Spear of Summoning, Rod of Negation, Throw): :mod:`_d20_shapes` names them.
- Before the holder attacks: "defenders roll at most 1 defense die" (Heart Finder Spear).
- After moving, before attacking (the holder's card's turn): "1 wound" to "each figure adjacent
  to your ..." (Marro Plague, Searing Intensity); asked first: "move again" (Ice Troll Charge),
  "destroy" "every figure within 3 clear sight spaces (not Runa)" (Helm of Mitonsoul); "Small/Medium defenders roll at most 1 defense die
  this turn" (Net Trip).

``immune`` names the figures an area effect spares (card words, or "Lava Resistant").
A power whose moment, effect or target is not one of these says why (``check``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers, special
from bot.rules.cards import Power
from bot.rules.combat import tally
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext, Tally
from bot.rules.powers import _terms as terms
from bot.rules.powers import block_d20_escape as escape
from bot.rules.powers import block_d20_furnace as furnace
from bot.rules.powers import block_d20_pick as pick
from bot.rules.powers import block_roll_modifier as roll_modifier
from bot.rules.powers._common import holders
from bot.rules.powers._d20_shapes import own_shape
from bot.rules.powers._effects import window_args
from bot.rules.state import Figure, MatchState
from bot.rules.terrain import Terrain
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"d20_trigger", "d20_table"})

TRIGGER, TABLE = "d20_trigger", "d20_table"
#: ``turn.data`` keys: wounds capped for one attack (attack key -> [power, cap]); the turn's
#: lasting results (figure id -> {effect: value}).
IGNORED = "d20_ignored"
THIS_TURN = pick.THIS_TURN

_DEFENSE_WINDOWS = {
    "this figure is wounded": "wounded",
    "this figure is wounded by an attack": "wounded",
    "wounded by a normal or special attack": "wounded",
    "wounded by a non-adjacent attacker": "wounded_far",
    "normal attack with at least 1 skull": "normal_skull",
    "attacked by a non-adjacent figure with at least 1 skull": "far_skull",
}
_IGNORE = {"ignore the wounds": 0, "ignore all damage": 0, "ignore all the wounds": 0, "ignore all but 1 wound": 1,
           "no effect": None, "nothing": None}
_AFTER_MOVING = ("after move, before attack", "after move, before attack (mandatory)")


# ---- reading the parameters ------------------------------------------------------------------------


def _threshold(value: Any, card: Any = None) -> int | None:
    """The d20 result needed: a number, ``{"squad": n, "hero": m}`` by the card's kind, or
    ``"automatic"`` (0)."""
    if isinstance(value, dict):
        value = value.get(getattr(card, "kind", "hero"), value.get("hero"))
    if value == "automatic":
        return 0
    return value if isinstance(value, int) and not isinstance(value, bool) else None


_Mod = Callable[[MatchState, Figure, "Figure | None"], int]


def _modifier(text: Any) -> tuple[_Mod | None, str | None]:
    """Read a ``modifier`` phrase into a bonus to the roll."""
    if text is None:
        return (lambda st, h, o: 0), None
    t = terms.norm(text)
    if t == "+ spaces between attacker and defender":
        return (lambda st, h, o: terms.spaces(h, o) if o is not None else 0), None
    m = re.fullmatch(r"\+(\d+) on dungeon, \+(\d+) on shadow space", t)
    if m:
        dungeon, shadow = int(m.group(1)), int(m.group(2))
        return (lambda st, h, o: shadow if terms.on_terrain(st, h, (Terrain.SHADOW,)) else
                dungeon if terms.on_terrain(st, h, (Terrain.DUNGEON,)) else 0), None
    m = re.fullmatch(r"\+(\d+) vs ([a-z ,]+)", t)
    if m:
        n = int(m.group(1))
        groups = [tuple(terms.singular(w) for w in g.split()) for g in re.split(r"\s*,\s*|\s+or\s+", m.group(2)) if g]
        return (lambda st, h, o: n if o is not None and any(all(w in terms.card_words(st.card_of(o)) for w in g)
                                                           for g in groups) else 0), None
    m = re.fullmatch(r"\+(\d+) (?:if )?on (?:ice or snow|snow or ice)", t)
    if m:
        n = int(m.group(1))
        kinds = (Terrain.ICE, Terrain.SLIPPERY_ICE, Terrain.SNOW, Terrain.HEAVY_SNOW)
        return (lambda st, h, o: n if terms.on_terrain(st, h, kinds) else 0), None
    return None, f"the roll modifier '{text}' is not understood"


def _table(table: Any) -> tuple[list[tuple[int, int, str]] | None, str | None]:
    """``{"1-7": "no effect", "8-16": ..., "17+": ...}`` as ``[(low, high, effect)]``."""
    if not isinstance(table, dict):
        return None, "the table is not understood"
    rows = []
    for key, effect in table.items():
        m = re.fullmatch(r"(\d+)(?:-(\d+)|(\+))?", str(key).strip())
        if not m:
            return None, f"the table row '{key}' is not understood"
        low = int(m.group(1))
        high = 99 if m.group(3) else int(m.group(2) or low)
        rows.append((low, high, terms.norm(effect)))
    return rows, None


def _immune(text: Any) -> Callable[[MatchState, Figure], bool]:
    if not text:
        return lambda st, f: False
    t = terms.norm(text)
    if t == "lava resistant":
        return lambda st, f: any(p.kind == "lava_resistant" or p.name.lower() == "lava resistant"
                                 for p in st.card_of(f).powers)
    groups = [tuple(terms.singular(w) for w in part.split()) for part in re.split(r"\s*,\s*|\s+or\s+", t) if part]
    return lambda st, f: any(all(w in terms.card_words(st.card_of(f)) for w in g) for g in groups)


def _protected(window: str) -> tuple[terms.Who, terms.Reach] | None:
    """A moment "friendly Ullar Kyrie within 6 clear sight spaces is wounded" / "adjacent Sacred
    Band figure is wounded": the figures the holder protects, or ``None``."""
    m = re.fullmatch(r"(friendly |adjacent )?(.+?)( within (\d+) clear sight spaces)? is wounded", window)
    if not m or m.group(2).startswith("this ") or m.group(2).startswith("wounded"):
        return None
    who, _ = terms.who(("friendly " if m.group(1) == "friendly " else "") + m.group(2))
    if who is None:
        return None
    rch = terms.Reach(adjacent=True) if m.group(1) == "adjacent " else terms.Reach(spaces=int(m.group(4))) \
        if m.group(4) else None
    return (who, rch) if rch is not None else None


def _plan(values: dict[str, Any], kind: str) -> tuple[tuple[str, Any] | None, str | None]:
    """What a power does: ``("defense", cap table)``, ``("again", None)``, ``("toxic", None)``,
    ``("crush", sizes)``, ``("poison", sizes)``, ``("cap_before", 1)``, ``("area_wound", who)``,
    ``("cap_turn", sizes)``; or the reason it is not built."""
    window = terms.norm(values.get("window", ""))
    if not isinstance(values.get("effect", ""), str) or not isinstance(values.get("target", ""), str):
        return None, "an effect that depends on the kind of figure is not built yet"
    effect = terms.norm(values.get("effect", ""))
    target = terms.norm(values.get("target", ""))
    if "targets" in values:  # several figures picked one after another (block_d20_pick)
        picked, why = pick.plan(values)
        return (("pick", picked), None) if picked is not None else (None, why or "the parameter 'targets' is not understood")
    own = own_shape(values, kind)  # shapes carried out by modules of their own (_d20_shapes)
    if own is not None:
        return (own, None), None
    extra = set(values) - {"window", "threshold", "effect", "target", "modifier", "immune", "table"}
    if extra:
        return None, f"the parameter '{sorted(extra)[0]}' is not understood"
    if kind == TRIGGER and window == "after this figure's turn (mandatory)" and not target \
            and terms.norm(str(values.get("threshold"))) == "1 (exactly)" \
            and effect == "an opponent you choose takes permanent control":
        return ("betray", 1), None  # Stab in the Back (block_d20_orders)
    if kind == TRIGGER and furnace.is_furnace(values):
        return ("furnace", None), None  # rolled as the holder moves (block_d20_furnace)
    classic = _classic(window, effect, target, values, kind)
    if classic is not None:
        return classic, None
    if "modifier" in values and _modifier(values["modifier"])[1]:
        return None, _modifier(values["modifier"])[1]
    guard = _protected(window)
    if kind == TABLE:
        rows, why = _table(values.get("table"))
        if rows is None:
            return None, why
        if window in _DEFENSE_WINDOWS and not target and all(e in _IGNORE for _, _, e in rows):
            return ("defense", [(lo, hi, _IGNORE[e]) for lo, hi, e in rows]), None
        if guard is not None and not target and all(e in _IGNORE for _, _, e in rows):
            return ("protect", ([(lo, hi, _IGNORE[e]) for lo, hi, e in rows], guard)), None
        picked, why = pick.plan(values)
        if picked is not None:
            return ("pick", picked), None
        return None, f"a table rolled at the moment '{values.get('window')}' is not built yet"
    if _threshold(values.get("threshold")) is None:
        return None, f"the d20 result needed '{values.get('threshold')}' is not understood"
    if window in _DEFENSE_WINDOWS and not target and (effect in ("ignore the wounds", "ignore all damage")
                                                      or escape.read(effect) is not None):
        return ("defense", [(0, 99, 0)]), None  # a getaway after the attack: block_d20_escape
    if guard is not None and not target and effect in ("ignore the wounds", "ignore all damage"):
        return ("protect", ([(0, 99, 0)], guard)), None
    m = re.fullmatch(r"remove (\d+) wounds? from self", effect)
    if re.fullmatch(r"adjacent figure( or object)? destroyed", window) and m and not target:
        return ("forge", int(m.group(1))), None
    if window == "after attacking" and effect == "attack again" and not target:
        return ("again", None), None
    if window == "after attacking (mandatory)" and effect == "1 wound" and target == "each adjacent figure":
        return ("toxic", None), None
    m = re.fullmatch(r"after inflicting 2\+ wounds on a ([a-z/]+) figure", window)
    if m and effect == "destroy the defender" and not target:
        return ("crush", tuple(s for s in ("small", "medium", "large", "huge") if s in m.group(1))), None
    m = re.fullmatch(r"after wounding a ([a-z/]+) hero", window)
    if m and effect == "1 extra wound" and not target:
        return ("poison", tuple(s for s in ("small", "medium", "large", "huge") if s in m.group(1))), None
    m = re.fullmatch(r"first time each turn targeted by an? (squad|hero) figure", window)
    if m and effect == "cannot be targeted for the rest of the turn" and not target:
        return ("disguise", m.group(1)), None
    if window == "before attacking" and effect == "defenders roll at most 1 defense die" and not target:
        return ("cap_before", 1), None
    if window in _AFTER_MOVING:
        if effect == "move again" and not target:
            return ("move_again", None), None
        m = re.fullmatch(r"every figure within (\d+) clear sight spaces \(not [a-z' ]+\)", target)
        if m and effect == "destroy":
            return ("area_destroy", int(m.group(1))), None
        m = re.fullmatch(r"each (?:figure )?adjacent to your ([a-z' ]+)", target)
        if m and effect == "1 wound":
            return ("area_wound", m.group(1)), None
        if re.fullmatch(r"\+(\d+) range this turn", effect):
            return None, ("a Range bonus rolled after moving is not built yet: the attack it would help is checked "
                          "before that moment")
        m = re.fullmatch(r"([a-z/]+) defenders roll at most 1 defense die this turn", effect or "")
        if m and not target:
            return ("cap_turn", tuple(s for s in ("small", "medium", "large", "huge") if s in m.group(1))), None
    picked, why = pick.plan(values)
    if picked is not None:
        return ("pick", picked), None
    if why:
        return None, why
    return None, f"the roll at the moment '{values.get('window')}' with the effect '{values.get('effect')}' is not built yet"


def water_need(text: Any) -> int | None:
    """The d20 result needed in water of a modifier "10+ if the rolling Warrior is on water"."""
    m = re.fullmatch(r"(\d+)\+ if the rolling [a-z' ]+ is (?:on|in) water", terms.norm(text or ""))
    return int(m.group(1)) if m else None


def _classic(window: str, effect: str, target: str, values: dict[str, Any], kind: str) -> tuple[str, Any] | None:
    """The three Rise of the Valkyrie powers built as modules of their own before the blocks
    (:mod:`block_d20_classic`): ``("chomp", None)``, ``("berserker", None)``, ``("clone", water
    result needed)``; and Maddening Chitter (:mod:`block_d20_orders`): ``("chitter", spaces)``;
    ``None`` for any other power."""
    if kind != TRIGGER or _threshold(values.get("threshold")) is None:
        return None
    if window == "before attacking" and effect == "destroy" and target == "adjacent small/medium figure" \
            and "modifier" not in values:
        return ("chomp", None)
    if window in _AFTER_MOVING and effect == "move all figures of this squad again" and not target \
            and "modifier" not in values:
        return ("berserker", None)
    m = re.fullmatch(r"enemy figure within (\d+) clear sight spaces", target)
    if window == "once per round, before this figure's turn" and m \
            and effect == "peek at and relocate one unrevealed order marker" and "modifier" not in values:
        return ("chitter", int(m.group(1)))
    m = re.fullmatch(r"return a destroyed ([a-z' ]+) adjacent", effect)
    if window == "after moving, instead of attacking" and m and not target:
        water = water_need(values["modifier"]) if "modifier" in values else _threshold(values.get("threshold"))
        return ("clone", water) if water is not None else None
    return None


def check_d20(values: dict[str, Any]) -> str | None:
    """Why a ``d20_trigger`` cannot be enforced, or ``None``."""
    return _plan(values, TRIGGER)[1]


def check_d20_table(values: dict[str, Any]) -> str | None:
    """Why a ``d20_table`` cannot be enforced, or ``None``."""
    return _plan(values, TABLE)[1]


def _read(power: Power) -> tuple[str, Any] | None:
    return terms.read(power, "d20plan", lambda p: _plan(p.values, p.kind or "")[0])


def _mine(st: MatchState, fig: Figure, plan: str) -> list[tuple[Power, Any]]:
    out = []
    for p in st.card_of(fig).powers:
        if p.kind in KINDS:
            read = _read(p)
            if read is not None and read[0] == plan:
                out.append((p, read[1]))
    return out


def _roll(engine: RulesContext, holder: Figure, power: Power, other: Figure | None) -> tuple[int, int]:
    """Roll the d20 for ``power``: ``(roll, total with the power's modifier)``."""
    mod = terms.read(power, "d20mod", lambda p: _modifier(p.values.get("modifier"))[0])
    roll = engine.roll_d20()
    extra = roll_modifier.roll_bonus(engine.state, holder.controller, power.name, holder.card_key)[0]
    return roll, roll + extra + (mod(engine.state, holder, other) if mod is not None else 0)


def _try(engine: RulesContext, holder: Figure, power: Power, other: Figure | None, result: str) -> bool:
    """Roll the d20 for ``power`` against its ``threshold``; emits the ``power`` event (``result``
    says what success does); returns whether it succeeded."""
    roll, total = _roll(engine, holder, power, other)
    need = _threshold(power.values.get("threshold"), engine.state.card_of(holder))
    ok = need is not None and total >= need
    shown: dict[str, Any] = {"target": other.id} if other is not None else {}
    if total != roll:
        shown["total"] = total
    engine.emit("power", power=power.name, figure=holder.id, player=holder.controller, d20=roll, success=ok,
                result=result if ok else "no effect", **shown)
    return ok


# ---- against wounds ----------------------------------------------------------------------------------


def _defends(st: MatchState, holder: Figure, attacker: Figure, window: str, skulls: int, wounds: int) -> bool:
    kind = _DEFENSE_WINDOWS[window]
    if kind == "wounded":
        return wounds > 0
    if kind == "wounded_far":
        return wounds > 0 and not adjacent(st, attacker, holder)
    if kind == "far_skull":
        return skulls > 0 and not adjacent(st, attacker, holder)
    return skulls > 0  # normal_skull: the caller says whether the attack is a normal one


def _guards(st: MatchState, holder: Figure, attacker: Figure, normal: bool, skulls: int,
            wounds: int) -> list[tuple[Figure, Power, Any]]:
    """Every roll against this attack's wounds on ``holder``: its own powers, and those of the
    figures protecting it (Amulet of Paivatar), as ``(roller, power, table of caps)``."""
    out: list[tuple[Figure, Power, Any]] = []
    for p, rows in _mine(st, holder, "defense"):
        window = terms.norm(p.values.get("window", ""))
        if _DEFENSE_WINDOWS[window] == "normal_skull" and not normal:
            continue
        if _defends(st, holder, attacker, window, skulls, wounds):
            out.append((holder, p, rows))
    if wounds <= 0:
        return out
    for kind in KINDS:
        for guard, p in holders(st, kind):
            read = _read(p)
            if guard is holder or read is None or read[0] != "protect":
                continue
            rows, (who, rch) = read[1]
            if who.fits(st, guard, holder) and rch.reaches(st, guard, holder):
                out.append((guard, p, rows))
    return out


def _cap_after_roll(engine: RulesContext, holder: Figure, attacker: Figure, normal: bool, skulls: int,
                    wounds: int) -> tuple[str, int] | None:
    """Roll each of the holder's powers against this attack's dice; ``(power, most wounds)`` kept."""
    st = engine.state
    best: tuple[str, int] | None = None
    for roller, p, rows in _guards(st, holder, attacker, normal, skulls, wounds):
        roll, total = _roll(engine, roller, p, attacker)
        need = _threshold(p.values.get("threshold"), st.card_of(roller)) if p.kind == TRIGGER else 0
        cap = next((c for lo, hi, c in rows if lo <= total <= hi), None) if need is not None and total >= need else None
        result = "no effect" if cap is None else ("the wounds are ignored" if cap == 0 else f"at most {cap} wound")
        shown: dict[str, Any] = {"target": attacker.id, "result": result}
        if total != roll:
            shown["total"] = total
        if roller is not holder:
            shown["protects"] = holder.id
        engine.emit("power", power=p.name, figure=roller.id, player=roller.controller, d20=roll, success=cap is not None,
                    **shown)
        if cap is not None and (best is None or cap < best[1]):
            best = (p.name, cap)
        if cap is not None and roller is holder:
            escape.record(st, holder, p.name, p.values.get("effect"))
    return best


def _attack_key(st: MatchState, attacker: str, target: str) -> str:
    n = len(st.turn.data.get("attacks", ())) if st.turn is not None else 0
    return f"{attacker}>{target}#{n}"


@register
class RollAgainstWounds(Effect):
    """After the defense roll of a normal attack: the defender's d20 against the wounds."""

    name = "d20_against_wounds"
    window = Window.AFTER_DEFENSE_ROLL
    source = Source.UNIT

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        args = window_args(engine)
        st = engine.state
        attacker, target = st.figures.get(args.get("attacker", "")), st.figures.get(args.get("target", ""))
        if attacker is None or target is None or "defense_dice" not in args:
            return []
        if not _mine(st, target, "defense") and not holders(st, TRIGGER) and not holders(st, TABLE):
            return []
        count = tally(st, AttackContext(attacker, target), args["attack_dice"], args["defense_dice"])
        if not _guards(st, target, attacker, True, count.skulls, count.wounds):
            return []
        return [Trigger(self.name, target.controller, target.id, source=target.id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        args = window_args(engine)
        attacker, target = st.figures[args["attacker"]], st.figures[trigger.subject]
        count = tally(st, AttackContext(attacker, target), args["attack_dice"], args["defense_dice"])
        best = _cap_after_roll(engine, target, attacker, True, count.skulls, count.wounds)
        if best is not None and st.turn is not None:
            st.turn.data.setdefault(IGNORED, {})[_attack_key(st, attacker.id, target.id)] = list(best)


@modifiers.on_wound_cap
def ignored_wounds(state: MatchState, ctx: AttackContext, count: Tally) -> modifiers.Reason | None:
    """The wounds a successful roll against wounds leaves (this attack only)."""
    if ctx.special is not None or state.turn is None:
        return None
    found = state.turn.data.get(IGNORED, {}).get(_attack_key(state, ctx.attacker.id, ctx.target.id))
    return (found[0], found[1]) if found is not None else None


@special.on_special_defense
def special_roll_against_wounds(engine: RulesContext, attacker: Figure, target: Figure, name: str, skulls: int,
                                wounds: int) -> int:
    """The same roll when the figure defends against a special attack."""
    if not _guards(engine.state, target, attacker, False, skulls, wounds):
        return wounds
    best = _cap_after_roll(engine, target, attacker, False, skulls, wounds)
    return wounds if best is None else min(wounds, best[1])


# ---- the holder's own attacks ------------------------------------------------------------------------


@register
class RollAfterAttacking(Effect):
    """After the holder's attack: Battle Frenzy (attack again), Toxic Skin, Coil Crush, Poison Weapons."""

    name = "d20_after_attacking"
    window = Window.AFTER_ATTACK
    source = Source.UNIT
    leaves_window = True  # attacking again leaves the window (HS-TIMING-04)

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        attacker = st.figures.get(window_args(engine).get("attacker", ""))
        if attacker is None or not any(_mine(st, attacker, k) for k in ("again", "toxic", "crush", "poison")):
            return []
        return [Trigger(self.name, attacker.controller, attacker.id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        args = window_args(engine)
        me, target = st.figures[trigger.subject], st.figures.get(args.get("target", ""))
        wounds = int(args.get("wounds", 0) or 0)
        for p, sizes in _mine(st, me, "poison") + _mine(st, me, "crush"):
            if target is None or not target.on_battlefield or not wounds:
                continue
            tcard = st.card_of(target)
            plan = _read(p)
            if (tcard.size or "") not in sizes or (plan and plan[0] == "poison" and tcard.kind != "hero"):
                continue
            if plan and plan[0] == "crush" and wounds < 2:
                continue
            crush = bool(plan and plan[0] == "crush")
            if _try(engine, me, p, target, "the defender is destroyed" if crush else "1 more wound"):
                if crush:
                    engine.destroy(target, f"{p.name} by {me.id}")
                else:
                    engine.wound(target, 1, f"{p.name} by {me.id}")
        for p, _ in _mine(st, me, "toxic"):
            if not me.on_battlefield:
                break
            spared = _immune(p.values.get("immune"))
            for f in [f for f in st.on_battlefield() if f is not me and adjacent(st, me, f) and not spared(st, f)]:
                if _try(engine, me, p, f, f"1 wound on {f.id}"):
                    engine.wound(f, 1, f"{p.name} of {me.id}")
        for p, _ in _mine(st, me, "again"):
            if me.on_battlefield and _try(engine, me, p, None, f"{me.id} may attack again"):
                engine.attack_again(me.id, p.name)
                break


@register
class RollBeforeAttacking(Effect):
    """Before the holder's attack: Heart Finder Spear (its defenders roll at most 1 defense die)."""

    name = "d20_before_attacking"
    window = Window.BEFORE_ATTACK
    source = Source.UNIT

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        attacker = st.figures.get(window_args(engine).get("attacker", ""))
        if attacker is None or not _mine(st, attacker, "cap_before"):
            return []
        return [Trigger(self.name, attacker.controller, attacker.id, source=attacker.id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        me = st.figures[trigger.subject]
        for p, cap in _mine(st, me, "cap_before"):
            if _try(engine, me, p, None, f"defenders roll at most {cap} defense die") and st.turn is not None:
                n = len(st.turn.data.get("attacks", ())) + len(st.turn.data.get(special.SPECIALS_MADE, ()))
                st.turn.data.setdefault(THIS_TURN, {})[f"{me.id}#{n}"] = [p.name, cap]


def _this_attack(st: MatchState, fig: Figure) -> list[Any] | None:
    if st.turn is None:
        return None
    n = len(st.turn.data.get("attacks", ())) + len(st.turn.data.get(special.SPECIALS_MADE, ()))
    found: list[Any] | None = st.turn.data.get(THIS_TURN, {}).get(f"{fig.id}#{n}")
    return found


@modifiers.on_defense_cap
def capped_defense(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """At most N defense dice: Heart Finder Spear (this attack), Net Trip (this turn, by size)."""
    found = _this_attack(state, ctx.attacker)
    best: modifiers.Reason | None = (found[0], found[1]) if found else None
    turn = state.turn
    if turn is not None:
        for name, sizes, cap in turn.data.get(THIS_TURN, {}).get(f"cap_turn:{ctx.attacker.card_key}", []):
            if (state.card_of(ctx.target).size or "") in sizes and (best is None or cap < best[1]):
                best = (name, cap)
    return best


#: Per kind: why its parameters cannot be enforced (``None``: they can).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {"d20_trigger": check_d20, "d20_table": check_d20_table}
