"""Reinforcements rolled at the ends of rounds (HS-SCEN-DUMUTEF-MASTER-09..11).

Scenario rule ``{"kind": "reinforcements", "side": "Player 3", "rounds": [2, 3, 4, 5], "zone": "blue",
"table": [[1, 0], [5, 25], [10, 75], [15, 125], [19, 175], [20, 200]]}``: as each listed round
ends, the side's player rolls the 20-sided die; the table gives, for the first row whose roll is
at or above the result, the points of reinforcements (1 none; 2-5 25; 6-10 75; 11-15 125; 16-19
175; 20 200). The points are kept in ``MatchState.reinforcements`` (player -> points) while the
player chooses Army Cards from the card library, one at a time (a pending decision: each card
that fits the points left and whose figures all find empty spaces of the zone, or ``done``).
Each chosen card's figures enter the battlefield at once on the zone's first empty spaces, row by
row from the top (the Blue Starting Spaces, HS-SCEN-DUMUTEF-MASTER-11). Points not spent are lost once the
player says ``done`` or nothing more fits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.army import add_card
from bot.rules.cards import ArmyCard
from bot.rules.hexes import Hex
from bot.rules.scenario import ScenarioRule
from bot.rules.state import MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

KIND = "reinforcements"
KINDS = frozenset({KIND})
RULE = "HS-SCEN-DUMUTEF-MASTER-09"
#: The printed table: (highest roll of the row, points) (HS-SCEN-DUMUTEF-MASTER-10).
TABLE = ((1, 0), (5, 25), (10, 75), (15, 125), (19, 175), (20, 200))
DONE = "done"


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


def spaces_for(state: MatchState, zone: str, card: ArmyCard) -> list[tuple[Hex, ...]] | None:
    """Where each figure of ``card`` would enter (each its ``base`` spaces of one level, all
    different), or ``None`` when the zone has no room for all of them."""
    free = free_spaces(state, zone)
    out: list[tuple[Hex, ...]] = []
    used: set[Hex] = set()
    bf = state.battlefield
    for _ in range(card.stat("figures")):
        spot: tuple[Hex, ...] | None = None
        for h in free:
            if h in used:
                continue
            if card.base == 1:
                spot = (h,)
                break
            top = bf.top_cell(h)
            for n in h.neighbours():
                other = bf.top_cell(n)
                if n in free and n not in used and top is not None and other is not None and other.top == top.top:
                    spot = (h, n)
                    break
            if spot:
                break
        if spot is None:
            return None
        used.update(spot)
        out.append(spot)
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
        if card.points is None or card.points > points or card.missing_fields():
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


@register
class Reinforcements(Effect):
    """End of rounds 2-5: the defender rolls for reinforcements and chooses cards (module doc)."""

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
        """A card named as the library names it (any case), when it is one of the choices."""
        rule = _rule(engine.state)
        if rule is None:
            return None
        points = engine.state.reinforcements.get(trigger.controller, 0)
        zone = str(getattr(rule, "zone", "blue"))
        want = answer.strip().casefold()
        found = next((c for c in choices(engine, trigger.controller, points, zone)
                      if want in {c.name.casefold(), c.id.casefold()}), None)
        return None if found is None else found.id

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
        else:
            self._bring(engine, player, choice, zone)
        points = st.reinforcements.get(player, 0)
        offer = choices(engine, player, points, zone) if points else []
        if not offer:
            st.reinforcements[player] = 0
            return
        options = [c.id for c in offer] + [DONE]
        labels = [f"{c.name} ({c.points} pts)" for c in offer] + ["done (no more reinforcements)"]
        engine.ask(trigger, f"Reinforcements: choose an Army Card of up to {points} points; its figures enter on "
                            f"the {zone} start spaces (or done)", options, RULE, labels)

    def _bring(self, engine: RulesContext, player: str, card_id: str, zone: str) -> None:
        """Add the card ``card_id`` to ``player``'s army and put its figures on the zone (HS-SCEN-DUMUTEF-MASTER-11)."""
        st = engine.state
        pool_fn: Any = getattr(engine, "pool", None)
        card = next((c for c in (pool_fn() if pool_fn else []) if c.id == card_id), None)
        spots = spaces_for(st, zone, card) if card is not None else None
        if card is None or spots is None:
            return
        key = add_card(st, player, card)
        st.reinforcements[player] = st.reinforcements.get(player, 0) - (card.points or 0)
        engine.emit("scenario_rule", rule="HS-SCEN-DUMUTEF-MASTER-11", what="reinforcement", player=player,
                    card=card.name, text=f"{card.name} arrives as reinforcements on the {zone} start spaces")
        for fid, spot in zip(st.cards[key].figure_ids, spots, strict=True):
            engine.put_on(st.figures[fid], spot, "reinforcements")
