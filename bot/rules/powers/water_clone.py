"""Water Clone (Marro Warriors): instead of attacking, after moving, roll the d20 once for each
Marro Warrior on the battlefield. Each roll of the card's ``roll`` (15) or more, or
``water_roll`` (10) or more for a Warrior standing in water, brings back one destroyed Marro
Warrior onto an empty same-level space next to the Warrior that rolled; the player chooses the
space.

Offered in the "after moving, before attacking" window when at least one Marro Warrior is
destroyed. Using it gives up every attack of the card this turn (a declared attack is called
off), and the returning Warriors do not attack either.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.hexes import Hex
from bot.rules.powers._effects import ROLL, SKIP, AfterMovingPower
from bot.rules.powers._turns import labels, living, parse_spaces
from bot.rules.state import CardInPlay, Figure, MatchState, TurnState
from bot.rules.terrain_effects import terrains_under
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"water_clone"})

KIND = "water_clone"


def destroyed(state: MatchState, card_key: str) -> list[Figure]:
    """The card's destroyed figures, by id."""
    return sorted((f for f in state.figures_of(card_key) if f.destroyed), key=lambda f: f.id)


def free_spaces(state: MatchState, roller: Figure) -> list[Hex]:
    """Empty spaces next to ``roller`` whose top is at the roller's level, in label order."""
    bf = state.battlefield
    out = []
    for h in roller.hex.neighbours():
        cell = bf.top_cell(h)
        if cell is None or cell.top != roller.level or bf.obstacles_on(h) or state.occupant(h) is not None:
            continue
        out.append(h)
    return sorted(out, key=lambda h: (h.r, h.q))


@register
class WaterClone(AfterMovingPower):
    """Water Clone as an after-moving Effect (HS-TURN-06): offered while a Marro Warrior is destroyed
    and none has attacked this turn; answers ``roll``/``skip``. Using it forgoes the card's attacks,
    rolls a d20 per living Warrior, then asks where each success's clone goes (a ``place`` step)."""

    name = KIND
    rule = "HS-TURN-06"

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        st = engine.state
        mine = living(st, cip.key)
        if not mine or not destroyed(st, cip.key):
            return []
        if any(f.id in turn.attacked for f in mine):
            return []  # instead of attacking: not once a Warrior has attacked
        return [Trigger(self.name, cip.controller, cip.key)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        st = engine.state
        return bool(living(st, trigger.subject)) and bool(destroyed(st, trigger.subject))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [ROLL, SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        n = len(living(engine.state, trigger.subject))
        return (f"Water Clone instead of attacking? Roll the d20 for each of {n} Marro Warrior(s): each "
                f"{self._need(engine, trigger, False)}+ ({self._need(engine, trigger, True)}+ in water) brings one back.")

    def _need(self, engine: RulesContext, trigger: Trigger, water: bool) -> int:
        return self.value(engine, trigger, "water_roll", 10) if water else self.value(engine, trigger, "roll", 15)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if trigger.get("step") == "place":
            self._place(engine, trigger, choice or "")
            return
        super().resolve(engine, trigger, choice)

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        rollers = living(st, trigger.subject)
        engine.forgo_attacks([f.id for f in rollers])
        rolls: dict[str, int] = {}
        needs: dict[str, int] = {}  # each roll's target, shown beside it (in water: lower)
        hits: list[str] = []
        for f in rollers:
            water = any(t.is_water for t in terrains_under(st, f))
            needs[f.id] = self._need(engine, trigger, water)
            rolls[f.id], ok = self.roll_d20(engine, needs[f.id])
            if ok:
                hits.append(f.id)
        engine.emit("power", power=self.power_name(engine, trigger), card=trigger.subject, player=trigger.controller,
                    rolls=rolls, needs=needs, success=bool(hits), result=f"{len(hits)} {'success' if len(hits) == 1 else 'successes'}")
        self._next(engine, trigger.with_data(step="place", rollers=hits))

    def _next(self, engine: RulesContext, trigger: Trigger) -> None:
        """Ask where the next clone goes, skipping Warriors with no room beside them."""
        st = engine.state
        rollers: list[str] = list(trigger.get("rollers", []))
        while rollers and destroyed(st, trigger.subject):
            roller = st.figures[rollers[0]]
            spaces = free_spaces(st, roller) if roller.on_battlefield else []
            if spaces:
                engine.ask(trigger.with_data(rollers=rollers),
                           f"Water Clone: where does the returning Marro Warrior go, next to {roller.id}?",
                           labels(st, spaces))
                return
            engine.emit("power", power="Water Clone", figure=roller.id, success=False, result="no empty space beside it")
            rollers.pop(0)

    def _place(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        rollers: list[str] = list(trigger.get("rollers", []))
        spaces = parse_spaces(st, choice) or []
        clone = destroyed(st, trigger.subject)[0]
        engine.put_on(clone, spaces[:1], "Water Clone")
        engine.forgo_attacks([clone.id])
        self._next(engine, trigger.with_data(rollers=rollers[1:]))
