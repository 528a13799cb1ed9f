"""Building block: a ``d20_trigger`` aimed at one figure the player picks, after moving and before
attacking (HS-TURN-06) or instead of attacking (Stare of Stone, Sharpshooter, Dragon Swoop,
Paralyzing Stare, Whip, Ullar's Bolt of the Witherwood).

``values``: ``window`` "after move, before attack" (";  once per game"), "instead of attacking"
(", only if he did not move"); ``target`` "[adjacent | non-adjacent] <figures> [within N clear
sight spaces]" (the figures read by :func:`bot.rules.powers._terms.who`, "figure" meaning any);
``threshold`` (a number, or ``{"squad": n, "hero": m}`` by the picked figure's card); ``effect``
"destroy", "N wound(s)", "no defense dice vs this figure this turn" (its attacks on that figure
this turn meet no defense dice) or "remove 1 random unrevealed Order Marker" (from the picked
figure's card: Entangling Web, whose ``target`` "Small/Medium enemy engaged with 3+ of your
Spiders" counts the holder's figures of that word engaged with it).

``target`` "each adjacent figure, or one <figure> within N clear sight spaces" (Dust of Death of Red
Skull) also offers ``adjacent``: the d20 is rolled once for each figure next to the holder.

Each figure of the turn's card may use it once per turn: the player is asked which figure (enemies
first, then ``adjacent`` when offered, then ``skip``, then friends); "instead of attacking" ends that figure's attacks for the turn
(the attack that opened the window is called off, as for Water Clone).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext
from bot.rules.powers import _terms as terms
from bot.rules.powers import block_roll_modifier as roll_modifier
from bot.rules.powers._effects import SKIP
from bot.rules.powers._turns import take_random_marker
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it enforces ``d20_trigger`` powers of the shape above (see ``block_d20``).
KINDS: frozenset[str] = frozenset()

_WINDOWS = {
    "after move, before attack": ("after", False, False),
    "after move, before attack; once per game": ("after", True, False),
    "instead of attacking": ("instead", False, False),
    "instead of attacking, only if he did not move": ("instead", False, True),
    "instead of attacking, only if she did not move": ("instead", False, True),
}
USED = "d20_pick_used:"
#: The answer that rolls for every figure next to the holder (Dust of Death).
ADJACENT = "adjacent"
#: The d20 kinds (``block_d20`` enforces them; it asks :func:`plan` for this shape).
D20_KINDS = frozenset({"d20_trigger", "d20_table"})
#: ``turn.data`` key of the turn's lasting results of d20 powers (shared with ``block_d20``).
THIS_TURN = "d20_this_turn"


def _target(text: Any) -> tuple[tuple[terms.Who, terms.Reach, bool, Any, bool] | None, str | None]:
    """``(who, reach, non-adjacent only, engaged with another of the holder's figures, or every
    adjacent figure)`` from a ``target`` phrase."""
    t = terms.norm(text)
    bad = (None, f"the target '{text}' is not understood")
    every = t.startswith("each adjacent figure, or one ")
    if every:  # Dust of Death: every adjacent figure, or one figure picked within reach
        found, why = _target(t.removeprefix("each adjacent figure, or one "))
        return ((*found[:4], True) if found is not None else None), why
    engaged: bool | tuple[int, str] = t.endswith(" engaged with another of your figures")  # Commander's Strike
    t = t.removesuffix(" engaged with another of your figures")
    web = re.fullmatch(r"(.+?) engaged with (\d+)\+ of your ([a-z]+)", t)
    if web:  # Entangling Web: engaged with N or more of the holder's figures of that word, within any reach
        t = f"{web.group(1)} within 99 clear sight spaces"
        engaged = (int(web.group(2)), terms.singular(web.group(3)))
    far = t.startswith("non-adjacent ")
    t = t.removeprefix("non-adjacent ")
    near = t.startswith("adjacent ")
    t = t.removeprefix("adjacent ")
    spared: tuple[tuple[str, ...], ...] = ()
    m = re.fullmatch(r"(.+?) \(not (.+)\)", t)
    if m:  # "adjacent figure (not Soulborg or destructible object)": objects are no figures anyway
        t = m.group(1)
        spared = tuple(tuple(terms.singular(w) for w in g.split()) for g in re.split(r"\s+or\s+", m.group(2))
                       if g != "destructible object")
    m = re.fullmatch(r"(.+?) within (\d+) clear sight spaces", t)
    rch = terms.Reach(adjacent=True) if near else terms.Reach(spaces=int(m.group(2))) if m else None
    if rch is None:
        return bad
    words = m.group(1) if m else t
    side = "any"
    for prefix, s in (("opponent's ", "enemy"), ("enemy ", "enemy"), ("any ", "any")):
        if words.startswith(prefix):
            side, words = s, words[len(prefix):]
    if words.endswith(" enemy"):  # "Small/Medium enemy"
        side, words = "enemy", words.removesuffix(" enemy") + " figure"
    who, _ = terms.who(words)
    if who is None or " or " in words or "," in words:
        return bad
    return (terms.Who(side=side, any_of=who.any_of, sizes=who.sizes, kind=who.kind, rarity=who.rarity,
                      flags=frozenset(" ".join(g) for g in spared)), rch, far, engaged, False), None


def _effect(text: Any) -> tuple[str, int] | None:
    t = terms.norm(text)
    if t == "destroy":
        return "destroy", 0
    if t == "no defense dice vs this figure this turn":
        return "nodef", 0
    if t == "remove 1 random unrevealed order marker":
        return "marker", 0
    m = re.fullmatch(r"(\d+) wounds?", t)
    return ("wound", int(m.group(1))) if m else None


def _rows(table: Any) -> list[tuple[int, int, tuple[str, int] | None]] | None:
    """A ``table`` of results (``{"1-10": "nothing", "11-15": "1 wound", "16+": "2 wounds"}``)."""
    if not isinstance(table, dict):
        return None
    rows = []
    for key, effect in table.items():
        m = re.fullmatch(r"(\d+)(?:-(\d+)|(\+))?", str(key).strip())
        if not m:
            return None
        eff = None if terms.norm(effect) in ("nothing", "no effect") else _effect(effect)
        if eff is None and terms.norm(effect) not in ("nothing", "no effect"):
            return None
        rows.append((int(m.group(1)), 99 if m.group(3) else int(m.group(2) or m.group(1)), eff))
    return rows


def plan(values: dict[str, Any]) -> tuple[tuple[Any, ...] | None, str | None]:
    """The pick's reading: ``(when, once per game, still only, target, effect)`` (and the most
    figures, for ``targets`` "up to N ...") or the reason; the effect of a table is ``("table", rows)``."""
    window = terms.norm(values.get("window", ""))
    m = re.fullmatch(r"up to (\d+) (.+)", terms.norm(values.get("targets", ""))) if "target" not in values else None
    if m:  # "up to 3 Small/Medium figures within 4 clear sight spaces" (Poisonous Acid Breath): one after another
        one = {k: v for k, v in values.items() if k != "targets"} | {"target": m.group(2)}
        read, why = plan(one)
        return ((*read, int(m.group(1))) if read is not None else None), why
    if window in _WINDOWS and "table" in values and "target" in values and set(values) == {"window", "target", "table"}:
        target, why = _target(values["target"])
        rows = _rows(values["table"])
        if target is None or rows is None:
            return None, why or "the table of results is not understood"
        return (*_WINDOWS[window], target, ("table", rows)), None
    if window not in _WINDOWS or not isinstance(values.get("effect"), str) or "target" not in values:
        return None, None
    if set(values) - {"window", "threshold", "target", "effect"}:
        return None, f"the parameter '{sorted(set(values) - {'window', 'threshold', 'target', 'effect'})[0]}' is not understood"
    target, why = _target(values["target"])
    effect = _effect(values["effect"])
    threshold = values.get("threshold")
    ok_threshold = isinstance(threshold, int) or (isinstance(threshold, dict) and all(
        isinstance(threshold.get(k), int) for k in ("squad", "hero")))
    if target is None or effect is None or not ok_threshold:
        return None, why or f"the roll at a chosen figure with the effect '{values.get('effect')}' is not built yet"
    return (*_WINDOWS[window], target, effect), None


def _read(p: Power) -> tuple[Any, ...] | None:
    return terms.read(p, "d20pick", lambda q: plan(q.values)[0] if q.kind in D20_KINDS else None)


def _need(p: Power, card: Any) -> int:
    t = p.values.get("threshold", 0)
    return int(t if isinstance(t, int) else t.get(card.kind, t["hero"]))


def _moved(st: MatchState, fig: Figure) -> bool:
    turn = st.turn
    return turn is not None and (fig.id in turn.moved or fig.id in turn.spent)


@register
class D20Pick(Effect):
    """The roll at a picked figure (see the module): one trigger per figure of the turn's card and
    power, answered with the figure picked or ``skip``."""

    name = "d20_pick"
    window = Window.AFTER_MOVING
    source = Source.UNIT
    optional = True
    rule = "HS-TURN-06"

    def _powers(self, st: MatchState, fig: Figure) -> list[tuple[Power, tuple[Any, ...]]]:
        out = []
        for p in st.card_of(fig).powers:
            read = _read(p) if p.kind in D20_KINDS else None
            if read is not None:
                out.append((p, read))
        return out

    def candidates(self, st: MatchState, fig: Figure, read: tuple[Any, ...]) -> list[Figure]:
        """The figures ``fig`` may pick with the power read as ``read``, enemies first."""
        who, rch, far, engaged = read[3][:4]
        if isinstance(engaged, tuple):  # Entangling Web: N or more of the holder's figures of a word engage it
            most, word = engaged
            return sorted((f for f in st.on_battlefield() if f is not fig and who.fits(st, fig, f) and sum(
                1 for g in st.on_battlefield() if g.controller == fig.controller and word in terms.card_words(st.card_of(g))
                and st.is_enemy(g, f) and adjacent(st, g, f)) >= most), key=lambda f: (not st.is_enemy(fig, f), f.id))
        found = [f for f in st.on_battlefield() if f is not fig and who.fits(st, fig, f) and rch.reaches(st, fig, f)
                 and not (far and adjacent(st, fig, f))
                 and (not engaged or any(g is not fig and g.controller == fig.controller and st.is_enemy(g, f)
                                         and adjacent(st, g, f) for g in st.on_battlefield()))]
        return sorted(found, key=lambda f: (not st.is_enemy(fig, f), f.id))

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key is None or turn.card_key not in st.cards:
            return []
        out = []
        for fig in st.figures_of(turn.card_key):
            if not fig.on_battlefield:
                continue
            for p, read in self._powers(st, fig):
                once, still = read[1], read[2]
                if turn.data.get(f"{self.name}:{fig.id}:{p.name}") or (still and _moved(st, fig)):
                    continue
                if once and st.cards[fig.card_key].data.get(USED + p.name):
                    continue
                if self.candidates(st, fig, read):
                    out.append(Trigger(self.name, fig.controller, fig.id, (("power", p.name),), source=fig.id))
        return out

    def _power(self, engine: RulesContext, trigger: Trigger) -> tuple[Power, tuple[Any, ...]] | None:
        fig = engine.state.figures[trigger.subject]
        return next(((p, r) for p, r in self._powers(engine.state, fig) if p.name == trigger.get("power")), None)

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        found = self._power(engine, trigger)
        fig = engine.state.figures[trigger.subject]
        return found is not None and fig.on_battlefield and bool(self.candidates(engine.state, fig, found[1]))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        fig = st.figures[trigger.subject]
        found = self._power(engine, trigger)
        near = self.candidates(st, fig, found[1]) if found else []
        foes = [f.id for f in near if st.is_enemy(fig, f)]
        every = [ADJACENT] if found and found[1][3][4] and _next_to(st, fig) else []
        return foes + every + [SKIP] + [f.id for f in near if f.id not in foes]

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power", self.name))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        found = self._power(engine, trigger)
        what = found[0].values.get("effect", "a table of results") if found else "its effect"
        instead = " instead of attacking" if found and found[1][0] == "instead" else ""
        return f"{trigger.get('power')}: {trigger.subject} may pick a figure and roll the d20{instead} ({what}). Which one?"

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        found = self._power(engine, trigger)
        if st.turn is None or found is None:
            return
        p, read = found
        st.turn.data[f"{self.name}:{trigger.subject}:{p.name}"] = True
        fig = st.figures[trigger.subject]
        if choice == ADJACENT and read[3][4]:
            for victim in _next_to(st, fig):
                self._roll_at(engine, fig, victim, p, read)
            return
        if choice is None or choice == SKIP or choice not in st.figures:
            return
        victim = st.figures[choice]
        if self._roll_at(engine, fig, victim, p, read):
            self._next(engine, trigger, read, victim.id)

    def _roll_at(self, engine: RulesContext, fig: Figure, victim: Figure, p: Power, read: tuple[Any, ...]) -> bool:
        """Roll the d20 for ``p`` at ``victim`` and apply the result; whether it succeeded."""
        st = engine.state
        assert st.turn is not None
        if read[0] == "instead":
            engine.forgo_attacks([fig.id])
        if read[1]:
            st.cards[fig.card_key].data[USED + p.name] = True
        need = _need(p, st.card_of(victim))
        roll = engine.roll_d20()
        extra, _ = roll_modifier.roll_bonus(st, fig.controller, p.name, fig.card_key)  # Eternal Strength
        total = roll + extra
        ok = total >= need
        effect = read[4]
        if effect[0] == "table":
            effect = next((e for lo, hi, e in effect[1] if lo <= total <= hi), None)
            ok = effect is not None
            effect = effect or ("wound", 0)
        kind, n = effect
        result = {"destroy": f"{victim.id} is destroyed", "wound": f"{victim.id} takes {n} wound{'s' if n != 1 else ''}",
                  "nodef": f"{victim.id} rolls no defense dice against {fig.id} this turn",
                  "marker": f"a face-down Order Marker may leave {victim.id}'s card"}[kind]
        shown: dict[str, Any] = {"total": total} if extra else {}
        engine.emit("power", power=p.name, figure=fig.id, target=victim.id, player=fig.controller, d20=roll, needed=need,
                    success=ok, result=result if ok else "no effect", **shown)
        if not ok:
            return False
        if kind == "destroy":
            engine.destroy(victim, f"{p.name} by {fig.id}")
        elif kind == "wound":
            engine.wound(victim, n, f"{p.name} by {fig.id}")
        elif kind == "marker":
            take_random_marker(engine, fig, victim, p.name)
        else:
            st.turn.data.setdefault(THIS_TURN, {})[f"nodef:{fig.id}>{victim.id}"] = p.name
        return True

    def _next(self, engine: RulesContext, trigger: Trigger, read: tuple[Any, ...], victim: str) -> None:
        """With "up to N" figures: ask for the next different one, while any is left."""
        st = engine.state
        picked = [*trigger.get("picked", []), victim]
        fig = st.figures[trigger.subject]
        if len(read) < 6 or len(picked) >= read[5] or not fig.on_battlefield:
            return
        left = [f.id for f in self.candidates(st, fig, read) if f.id not in picked]
        if left:
            follow = trigger.with_data(picked=picked)
            engine.ask(follow, f"{trigger.get('power')}: {trigger.subject} may pick another figure "
                               f"({len(picked)} of {read[5]} so far). Which one?", left + [SKIP], self.rule)


def _next_to(st: MatchState, fig: Figure) -> list[Figure]:
    """The figures next to ``fig``, in id order."""
    return sorted((f for f in st.on_battlefield() if f is not fig and adjacent(st, fig, f)), key=lambda f: f.id)


@modifiers.on_defense_cap
def no_defense_this_turn(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """Paralyzing Stare, Whip: the picked figure rolls no defense dice against the holder this turn."""
    name = state.turn.data.get(THIS_TURN, {}).get(f"nodef:{ctx.attacker.id}>{ctx.target.id}") if state.turn else None
    return (name, 0) if name else None


#: Checks of this shape are joined to ``block_d20``'s ``d20_trigger`` check (see there).
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {}
