"""Reinforcements rolled at the ends of rounds (HS-SCEN-DUMUTEF-MASTER-09..11).

Scenario rule ``{"kind": "reinforcements", "side": "Player 3", "rounds": [2, 3, 4, 5], "zone": "blue",
"table": [[1, 0], [5, 25], [10, 75], [15, 125], [19, 175], [20, 200]]}``: as each listed round
ends, the side's player rolls the 20-sided die; the table gives, for the first row whose roll is
at or above the result, the points of reinforcements (1 none; 2-5 25; 6-10 75; 11-15 125; 16-19
175; 20 200). The points are kept in ``MatchState.reinforcements`` (player -> points) while the
player chooses Army Cards from the card library, one at a time (a pending decision: each card
that fits the points left and whose figures all find empty spaces of the zone, or ``done``).

Each chosen card's figures then enter on the zone (the Blue Starting Spaces,
HS-SCEN-DUMUTEF-MASTER-11) where the player puts them, one figure at a time: a placement decision
(options ``"q,r"``, or ``"q,r q,r"`` for a double-space figure; shown by label, ``Z5`` or ``Z5
Z6``), answered with ``choose`` or with ``place FIGURE SPACE [SPACE]`` as in placement
(:func:`bot.rules.capabilities.ask`'s ``place``). Only spaces that leave room for the card's other
figures are offered. Points not spent are lost once the player says ``done`` or nothing more fits.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from bot.rules.army import add_card
from bot.rules.cards import ArmyCard
from bot.rules.errors import IllegalCommand
from bot.rules.hexes import Hex
from bot.rules.scenario import ScenarioRule
from bot.rules.scenarios.registry import special_rule
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

KIND = "reinforcements"
KINDS = frozenset({KIND})
RULE = "HS-SCEN-DUMUTEF-MASTER-09"
RULE_SPACES = "HS-SCEN-DUMUTEF-MASTER-11"
#: The printed table: (highest roll of the row, points) (HS-SCEN-DUMUTEF-MASTER-10).
TABLE = ((1, 0), (5, 25), (10, 75), (15, 125), (19, 175), (20, 200))
DONE = "done"


def describe(given: dict[str, Any]) -> str:
    """The rule's text for a scenario's parameters (its side, rounds, table and zone)."""
    side = str(given.get("side", "Player 3"))
    rounds = [str(r) for r in given.get("rounds", [2, 3, 4, 5])]
    when = rounds[0] if len(rounds) == 1 else f"{', '.join(rounds[:-1])} and {rounds[-1]}"
    rows, low = [], 1
    for high, points in given.get("table") or TABLE:
        span = str(low) if int(high) == low else f"{low}-{high}"
        rows.append(f"{span}: {points or 'nothing'}")
        low = int(high) + 1
    zone = str(given.get("zone", "blue")).title()
    return (f"As rounds {when} end, {side} rolls the 20-sided die for points of Army Cards ({', '.join(rows)}). "
            f"{side} chooses the cards from the card library, one at a time, and puts each figure on the {zone} "
            "Starting Spaces; points not spent are lost.")


special_rule(
    KIND, "Reinforcements",
    "As rounds 2-5 end, the defender rolls the 20-sided die for points of Army Cards, chooses them from the card "
    "library and puts their figures on the Blue Starting Spaces.",
    RULE, "HS-SCEN-DUMUTEF-MASTER-10", RULE_SPACES, describe=describe,
)


def points_for(rule: ScenarioRule, roll: int) -> int:
    """The reinforcement points of a d20 ``roll`` on the rule's table (HS-SCEN-DUMUTEF-MASTER-10)."""
    table = getattr(rule, "table", None) or TABLE
    for high, points in table:
        if roll <= int(high):
            return int(points)
    return 0


def _rule(state: MatchState) -> ScenarioRule | None:
    found = state.scenario.rules_of(KIND)
    return found[0] if found else None


def _player(state: MatchState, rule: ScenarioRule) -> str | None:
    side = str(getattr(rule, "side", ""))
    return next((p.id for p in state.players if p.role == side and not p.conceded), None)


def free_spaces(state: MatchState, zone: str) -> list[Hex]:
    """The zone's spaces where nothing stands, from the map's top row down, each row west to east."""
    bf = state.battlefield
    spaces = sorted(bf.start_zones.get(zone, ()), key=lambda h: (h.r, h.q))
    return [h for h in spaces if state.occupant(h) is None and not bf.obstacles_on(h)]


def _level(state: MatchState, h: Hex) -> int | None:
    top = state.battlefield.top_cell(h)
    return top.top if top is not None else None


def spots(state: MatchState, zone: str, base: int, taken: Collection[Hex] = ()) -> list[tuple[Hex, ...]]:
    """Every place on ``zone``'s free spaces (not in ``taken``) for a figure of ``base`` spaces: one
    space, or two adjacent spaces of one level (HS-DOUBLE-01, -02) listed once, in map order."""
    free = [h for h in free_spaces(state, zone) if h not in taken]
    if base == 1:
        return [(h,) for h in free]
    room = set(free)
    out: list[tuple[Hex, ...]] = []
    for i, h in enumerate(free):
        for n in free[i + 1:]:
            if n in room and h.is_adjacent(n) and _level(state, h) == _level(state, n):
                out.append((h, n))
    return out


def room_for(state: MatchState, zone: str, bases: Sequence[int], taken: Collection[Hex] = ()) -> bool:
    """Whether figures of these ``bases`` all fit on the zone's free spaces besides ``taken``
    (double-space figures first, each on the first place left)."""
    used = set(taken)
    for base in sorted(bases, reverse=True):
        found = spots(state, zone, base, used)
        if not found:
            return False
        used.update(found[0])
    return True


def spaces_for(state: MatchState, zone: str, card: ArmyCard) -> list[tuple[Hex, ...]] | None:
    """Where each figure of ``card`` could enter (each its ``base`` spaces of one level, all
    different), or ``None`` when the zone has no room for all of them."""
    out: list[tuple[Hex, ...]] = []
    used: set[Hex] = set()
    for _ in range(card.stat("figures")):
        found = spots(state, zone, card.base or 1, used)
        if not found:
            return None
        used.update(found[0])
        out.append(found[0])
    return out


def choices(engine: RulesContext, player: str, points: int, zone: str) -> list[ArmyCard]:
    """The library's cards ``player`` may bring in now: complete, within ``points``, a Unique card
    not already in the army (HS-ARMY-04), and room for all its figures in ``zone``; most
    expensive first."""
    pool_fn: Any = getattr(engine, "pool", None)
    if pool_fn is None:
        return []
    st = engine.state
    owned = {c.card.character for c in st.cards.values() if c.owner == player and c.card.rarity == "unique"}
    ok = []
    for card in pool_fn():
        if card.points is None or card.points > points or card.missing_fields() or card.base not in (1, 2):
            continue
        if card.rarity == "unique" and card.character in owned:
            continue
        if spaces_for(st, zone, card) is None:
            continue
        ok.append(card)
    ok.sort(key=lambda c: (-(c.points or 0), c.name))
    # Every card that fits is an answer; Discord's buttons show the most expensive ones and "done"
    # (bot.discord.publish.decision_view); any other is chosen by name where commands are typed.
    return ok


def _spot_option(spot: tuple[Hex, ...]) -> str:
    return " ".join(f"{h.q},{h.r}" for h in spot)


@register
class Reinforcements(Effect):
    """End of rounds 2-5: the defender rolls for reinforcements, chooses cards and puts their
    figures on the zone (module doc). The trigger's ``step`` is ``card`` while a card is chosen,
    ``place`` (with ``figure``) while a figure is put on."""

    name = "reinforcements"
    window = Window.END_OF_ROUND
    source = Source.OTHER
    rule = RULE

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        rule = _rule(st)
        if rule is None or st.round not in [int(r) for r in getattr(rule, "rounds", [2, 3, 4, 5])]:
            return []
        player = _player(st, rule)
        return [] if player is None else [Trigger(self.name, player, player)]

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return "Reinforcements"

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        """A card named as the library names it (any case), when it is one of the choices; or, while
        a figure is put on, its space(s) by label or ``q,r``, in either order for two.

        :raises IllegalCommand: a place the figure cannot take, saying what would be right.
        """
        st = engine.state
        rule = _rule(st)
        if rule is None:
            return None
        zone = str(getattr(rule, "zone", "blue"))
        if trigger.get("step") == "place":
            return self._read_place(engine, trigger, answer, zone)
        points = st.reinforcements.get(trigger.controller, 0)
        want = answer.strip().casefold()
        found = next((c for c in choices(engine, trigger.controller, points, zone)
                      if want in {c.name.casefold(), c.id.casefold()}), None)
        return None if found is None else found.id

    def _read_place(self, engine: RulesContext, trigger: Trigger, answer: str, zone: str) -> str:
        st = engine.state
        fig = st.figures[str(trigger.get("figure"))]
        words = answer.split()
        if words[:1] and words[0].lower() == fig.id:  # "FIGURE SPACE", as ``place`` reads it
            words = words[1:]
        hexes = tuple(engine.space(w) for w in words)
        ok = {frozenset(s) for s in self._places(st, fig, zone)}
        if len(hexes) != st.card_of(fig).base or frozenset(hexes) not in ok:
            size = "two adjacent free spaces of one level" if st.card_of(fig).base == 2 else "a free space"
            raise IllegalCommand(f"{fig.id} enters on {size} of the {zone} start spaces, leaving room for the rest of "
                                 f"its card; {' '.join(st.battlefield.label(h) for h in hexes) or 'that'} is not one",
                                 RULE_SPACES)
        return _spot_option(hexes)

    @staticmethod
    def _places(st: MatchState, fig: Figure, zone: str) -> list[tuple[Hex, ...]]:
        """Where ``fig`` may enter: its card's places on the zone that leave room for the card's
        figures still waiting (HS-SCEN-DUMUTEF-MASTER-11)."""
        card = st.card_of(fig)
        waiting = [f for f in st.figures_of(fig.card_key) if f.reserve and f is not fig]
        base = card.base or 1
        return [s for s in spots(st, zone, base) if room_for(st, zone, [base] * len(waiting), taken=s)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        rule = _rule(st)
        if rule is None:
            return
        player = trigger.controller
        zone = str(getattr(rule, "zone", "blue"))
        if choice is None:
            roll = engine.roll_d20()
            points = points_for(rule, roll)
            st.reinforcements[player] = points
            engine.emit("scenario_rule", rule="HS-SCEN-DUMUTEF-MASTER-10", what="reinforcements", player=player,
                        d20=roll, points=points,
                        text=f"{st.player(player).name} rolls {roll} for reinforcements: "
                             + (f"{points} points of Army Cards" if points else "no reinforcements"))
        elif choice == DONE:
            st.reinforcements[player] = 0
            return
        elif trigger.get("step") == "place":
            fig = st.figures[str(trigger.get("figure"))]
            engine.put_on(fig, [Hex(*map(int, p.split(","))) for p in choice.split()], "reinforcements")
            if self._ask_place(engine, trigger, fig.card_key, zone):
                return
        else:
            key = self._bring(engine, player, choice, zone)
            if key is not None and self._ask_place(engine, trigger, key, zone):
                return
        points = st.reinforcements.get(player, 0)
        offer = choices(engine, player, points, zone) if points else []
        if not offer:
            st.reinforcements[player] = 0
            return
        options = [c.id for c in offer] + [DONE]
        labels = [f"{c.name} ({c.points} pts)" for c in offer] + ["done (no more reinforcements)"]
        engine.ask(trigger.with_data(step="card", figure=""),
                   f"Reinforcements: choose an Army Card of up to {points} points; its figures enter on the {zone} "
                   "start spaces (or done)", options, RULE, labels)

    def _ask_place(self, engine: RulesContext, trigger: Trigger, card_key: str, zone: str) -> bool:
        """Ask where the card's next figure waiting off the battlefield enters; ``False`` when none waits."""
        st = engine.state
        fig = next((f for f in st.figures_of(card_key) if f.reserve and not f.on_battlefield), None)
        if fig is None:
            return False
        places = self._places(st, fig, zone)
        if not places:  # cannot happen: the card was offered only with room for all its figures
            return False
        bf = st.battlefield
        two = st.card_of(fig).base == 2
        what = "two adjacent spaces" if two else "a space"
        engine.ask(trigger.with_data(step="place", figure=fig.id),
                   f"Reinforcements: put {fig.id} ({st.card_of(fig).name}) on {what} of the {zone} start spaces "
                   f"(choose one, or: place {fig.id} SPACE{' SPACE' if two else ''})",
                   [_spot_option(s) for s in places], RULE_SPACES,
                   [" ".join(bf.label(h) for h in s) for s in places], place=fig.id)
        return True

    def _bring(self, engine: RulesContext, player: str, card_id: str, zone: str) -> str | None:
        """Add the card ``card_id`` to ``player``'s army, its figures off the battlefield until put on
        (HS-SCEN-DUMUTEF-MASTER-11); its key, or ``None`` when it no longer fits."""
        st = engine.state
        pool_fn: Any = getattr(engine, "pool", None)
        card = next((c for c in (pool_fn() if pool_fn else []) if c.id == card_id), None)
        if card is None or spaces_for(st, zone, card) is None:
            return None
        key = add_card(st, player, card)
        st.reinforcements[player] = st.reinforcements.get(player, 0) - (card.points or 0)
        engine.emit("scenario_rule", rule=RULE_SPACES, what="reinforcement", player=player,
                    card=card.name, text=f"{card.name} arrives as reinforcements on the {zone} start spaces")
        return key
