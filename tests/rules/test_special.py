"""Special attacks and special powers (HS-SPECIAL-*, HS-EXPLOSION-*, HS-LINE-*).

Layouts put the attacker ``a`` (p1) at the west end of row r=2 of the 8 x 8 test field; targets
are test dummies with Defense 0, so an attack consumes exactly its attack dice unless a figure
with a Defense value is affected.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules import modifiers
from bot.rules.engine import Engine
from bot.rules.events import Event
from bot.rules.los import line_of_sight
from bot.rules.modifiers import AttackContext, MoveRules
from bot.rules.special import SpecialPlan, power_allows, special_attack
from bot.rules.state import Figure, MatchState
from tests.rules.conftest import (
    BLANK,
    SHIELD,
    SKULL,
    build,
    card,
    dice,
    fig,
    refused,
    roll,
    sandbox,
    special_power,
)

BLASTER = card(name="Blaster", range=4, powers=[special_power("Blast", range=7, attack=3, explosion=1)])
MORTAR = card(name="Mortar", powers=[special_power("Shell", range=8, attack=2, explosion=2)])
DRAGON = card(name="Dragon", powers=[special_power("Fire Line", range=8, attack=4, line=4)])
TWISTER = card(name="Ewashia", powers=[special_power("Twister", range=5, attack=4, extra_spaces=2)])
DUMMY = card(name="Dummy", defense=0, life=9)


def affected(eng: Engine, attacker: str, power: str, target: str) -> list[str]:
    """Who a special attack would affect, in defense order (a query: nothing changes)."""
    return special_attack(eng, eng.state.figures[attacker], power, target).affected


def defenders(events: list[Event]) -> list[str]:
    return [e.data["target"] for e in events if e.kind == "attack"]


# ---- special attacks and powers ----------------------------------------------------------------


def test_a_figure_makes_a_special_or_a_normal_attack_never_both() -> None:
    # rule: HS-SPECIAL-01
    eng = sandbox(fig("a", "p1", (0, 2), BLASTER), fig("t", "p2", (3, 2), DUMMY))
    roll(eng, [BLANK] * 3)
    eng.execute("p1", "attack a t")
    refused(eng, "p1", "special a Blast t", "HS-SPECIAL-01")
    eng.execute("p1", "end-turn")
    roll(eng, [BLANK] * 3)
    eng.execute("p1", "special a Blast t")
    err = refused(eng, "p1", "attack a t", "HS-SPECIAL-01")
    assert "never both" in str(err)


def test_each_figure_of_a_squad_picks_its_own_attack() -> None:
    # rule: HS-SPECIAL-01
    grenadiers = card(name="Grenadiers", kind="squad", figures=2, range=4,
                      powers=[special_power("Grenade", range=5, attack=2, explosion=1)])
    eng = sandbox(fig("g1", "p1", (0, 2), grenadiers, card_key="p1/gren"), fig("g2", "p1", (0, 3), grenadiers,
                                                                                card_key="p1/gren"),
                  fig("t", "p2", (3, 2), DUMMY), fig("u", "p2", (3, 4), DUMMY))
    roll(eng, [SKULL, BLANK])
    eng.execute("p1", "special g1 Grenade t")
    roll(eng, [SKULL, BLANK, BLANK])
    eng.execute("p1", "attack g2 u")
    assert (eng.state.figures["t"].wounds, eng.state.figures["u"].wounds) == (1, 1)


def test_nothing_but_its_own_text_changes_a_special_attacks_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule: HS-SPECIAL-02, HS-HEIGHT-04
    def glyph(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
        return ("test glyph", 2)

    def shield(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
        return ("test shield", 1) if ctx.target.id == "t" else None

    monkeypatch.setattr(modifiers, "_attack_hooks", [*modifiers._attack_hooks, glyph])
    monkeypatch.setattr(modifiers, "_defense_hooks", [*modifiers._defense_hooks, shield])
    hill = build(hexes=[{"at": [2, 2], "level": 3, "terrain": "rock"}])
    eng = sandbox(fig("a", "p1", (2, 2), BLASTER), fig("t", "p2", (4, 2), DUMMY), battlefield=hill)
    roll(eng, [SKULL] * 3 + [SHIELD])  # the power's 3 dice; the target keeps its extra defense die
    events = eng.execute("p1", "special a Blast t")
    assert dice(eng).left == 0
    attack = next(e for e in events if e.kind == "attack").data
    assert attack["attack_reasons"] == [["Blast", 3]] and attack["wounds"] == 2
    eng.execute("p1", "end-turn")
    roll(eng, [BLANK] * 6 + [BLANK])  # a normal attack: 3 + height advantage 1 + the glyph's 2
    eng.execute("p1", "attack a t")
    assert dice(eng).left == 0


def test_only_the_target_of_an_area_attack_needs_line_of_sight() -> None:
    # rule: HS-SPECIAL-03 (Fixture: a figure next to the target but behind a wall is still affected)
    walled = build(obstacles=[{"kind": "wall", "between": [[3, 2], [4, 2]], "height": 10}])
    eng = sandbox(fig("a", "p1", (0, 2), BLASTER), fig("t", "p2", (3, 2), DUMMY), fig("o", "p2", (4, 2), DUMMY),
                  battlefield=walled)
    st = eng.state
    assert line_of_sight(st, st.figures["a"], st.figures["t"]) and not line_of_sight(st, st.figures["a"], st.figures["o"])
    roll(eng, [SKULL, SKULL, BLANK])
    events = eng.execute("p1", "special a Blast t")
    assert defenders(events) == ["t", "o"] and st is eng.state and eng.state.figures["o"].wounds == 2


def test_an_engaged_figure_must_target_a_figure_it_is_engaged_with() -> None:
    # rule: HS-SPECIAL-04
    eng = sandbox(fig("a", "p1", (2, 2), card(name="Blaster", defense=0, powers=BLASTER.powers)),
                  fig("e1", "p2", (3, 2), DUMMY), fig("n", "p2", (4, 2), DUMMY), fig("far", "p2", (2, 6), DUMMY))
    err = refused(eng, "p1", "special a Blast far", "HS-SPECIAL-04")
    assert "engaged" in str(err)
    roll(eng, [SKULL, BLANK, BLANK])
    eng.execute("p1", "special a Blast e1")  # n, not engaged with a, is still affected (and so is a)
    eng.execute("p1", "choose n")
    assert (eng.state.figures["e1"].wounds, eng.state.figures["n"].wounds, eng.state.figures["a"].wounds) == (1, 1, 1)


def cluster() -> Engine:
    """Target t with two figures around it: o1 east, o2 south-east."""
    return sandbox(fig("a", "p1", (0, 2), BLASTER), fig("t", "p2", (3, 2), DUMMY), fig("o1", "p2", (4, 2), DUMMY),
                   fig("o2", "p2", (3, 3), DUMMY))


def test_the_target_defends_first_then_the_others_in_the_attackers_order() -> None:
    # rule: HS-SPECIAL-05, HS-EXPLOSION-05
    eng = cluster()
    roll(eng, [SKULL, BLANK, BLANK])
    events = eng.execute("p1", "special a Blast t")
    assert defenders(events) == ["t"]
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options, pend.rule) == ("p1", "defense_order", ["o1", "o2"], "HS-EXPLOSION-05")
    refused(eng, "p2", "choose o2")
    events = eng.execute("p1", "choose o2")
    assert defenders(events) == ["o2", "o1"] and not eng.state.pending


def test_a_line_drawn_on_past_the_target_defends_in_order_along_it() -> None:
    # rule: HS-SPECIAL-06 (Twister: the target, then up to 2 spaces straight on)
    eng = sandbox(fig("a", "p1", (0, 2), TWISTER), fig("x2", "p2", (4, 2), DUMMY), fig("t", "p2", (2, 2), DUMMY),
                  fig("x1", "p2", (3, 2), DUMMY), fig("x3", "p2", (5, 2), DUMMY), fig("off", "p2", (2, 3), DUMMY))
    refused(eng, "p1", "special a Twister off", "HS-SPECIAL-06")
    roll(eng, [SKULL] * 4)
    events = eng.execute("p1", "special a Twister t")
    assert defenders(events) == ["t", "x1", "x2"]


def test_figures_moved_through_defend_in_the_order_they_were_passed() -> None:
    # rule: HS-SPECIAL-07 (a Drill-Drive-like power builds the plan as it moves)
    eng = sandbox(fig("a", "p1", (0, 2)), fig("x1", "p2", (1, 2), DUMMY), fig("x2", "p2", (2, 3), DUMMY),
                  fig("x3", "p2", (3, 3), DUMMY))
    plan = SpecialPlan.moved_through("a", "Drill-Drive", 3, ["x2", "x1", "x3"])
    roll(eng, [SKULL, SKULL, BLANK])
    eng.resolve_special(plan)
    assert defenders(eng.events) == ["x2", "x1", "x3"]
    assert [eng.state.figures[f].wounds for f in ("x1", "x2", "x3")] == [2, 2, 2]


def test_a_special_power_beats_the_core_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule: HS-SPECIAL-08 (a Disengage-like power against the leaving-engagement attack, HS-ENGAGE-05)
    def disengage(state: MatchState, figure: Figure, rules: MoveRules) -> MoveRules:
        has = any(p.kind == "test_disengage" for p in state.card_of(figure).powers)
        return modifiers.replace(rules, takes_swipes=False) if has else rules

    slippery = card(name="Slippery", powers=[{"name": "Disengage", "text": "No swipes.", "kind": "test_disengage"}])
    eng = sandbox(fig("plain", "p1", (2, 2)), fig("slip", "p1", (2, 5), slippery), fig("e1", "p2", (3, 2)),
                  fig("e2", "p2", (3, 5)))
    roll(eng, [BLANK])  # the core rule: e1 gets its 1 die as plain leaves
    eng.execute("p1", "move plain 0,2")
    monkeypatch.setattr(modifiers, "_move_hooks", [*modifiers._move_hooks, disengage])
    eng.execute("p1", "move slip 0,5")  # no die is asked for: the power wins
    assert dice(eng).left == 0 and eng.state.figures["slip"].hex == (0, 5)
    assert power_allows(False, [True]) is True and power_allows(True, [None]) is True


def test_cannot_beats_can_and_may() -> None:
    # rule: HS-SPECIAL-09
    assert power_allows(True, [True, False]) is False
    assert power_allows(False, [True, None, False]) is False
    assert power_allows(False, [True, True]) is True


# ---- Explosion X -------------------------------------------------------------------------------


def test_an_explosion_needs_sight_only_to_its_first_target() -> None:
    # rule: HS-EXPLOSION-01
    walled = build(obstacles=[{"kind": "wall", "between": [[3, 2], [4, 2]], "height": 10}])
    eng = sandbox(fig("a", "p1", (0, 2), BLASTER), fig("t", "p2", (3, 2), DUMMY), fig("o", "p2", (4, 2), DUMMY),
                  battlefield=walled)
    refused(eng, "p1", "special a Blast o", "HS-LOS-01")
    assert affected(eng, "a", "Blast", "t") == ["t", "o"]


def test_explosion_1_affects_the_target_and_every_adjacent_figure() -> None:
    # rule: HS-EXPLOSION-02
    ledge = build(hexes=[{"at": [3, 1], "level": 7, "terrain": "rock"}])
    eng = sandbox(fig("a", "p1", (0, 2), BLASTER), fig("t", "p2", (3, 2), DUMMY), fig("foe", "p2", (3, 3), DUMMY),
                  fig("pal", "p1", (4, 2), DUMMY), fig("far", "p2", (5, 2), DUMMY), fig("up", "p2", (3, 1), DUMMY),
                  battlefield=ledge)
    # "up" stands 6 levels above t's base (t is Height 5): not adjacent (HS-ENGAGE-02, DEC-09).
    assert affected(eng, "a", "Blast", "t") == ["t", "foe", "pal"]


def test_explosion_2_affects_every_figure_within_2_spaces_friend_or_foe() -> None:
    # rule: HS-EXPLOSION-03
    eng = sandbox(fig("a", "p1", (0, 2), MORTAR), fig("t", "p2", (3, 2), DUMMY), fig("one", "p2", (3, 3), DUMMY),
                  fig("pal", "p1", (5, 2), DUMMY), fig("three", "p2", (6, 2), DUMMY))
    assert affected(eng, "a", "Shell", "t") == ["t", "one", "pal"]


def test_the_attack_dice_are_rolled_once_for_every_affected_figure() -> None:
    # rule: HS-EXPLOSION-04
    eng = sandbox(fig("a", "p1", (0, 2), BLASTER), fig("t", "p2", (3, 2), DUMMY),
                  fig("o1", "p2", (4, 2), card(name="Shielded", defense=2, life=9)))
    roll(eng, [SKULL, SKULL, BLANK, SHIELD, BLANK])
    events = eng.execute("p1", "special a Blast t")
    rolled = [e.data for e in events if e.kind == "special_roll"]
    assert rolled == [{"attacker": "a", "special": "Blast", "attack_dice": [SKULL, SKULL, BLANK], "affected": ["t", "o1"]}]
    attacks = [e.data for e in events if e.kind == "attack"]
    assert [a["attack_dice"] for a in attacks] == [[SKULL, SKULL, BLANK]] * 2
    assert [a["wounds"] for a in attacks] == [2, 1] and dice(eng).left == 0


def test_the_attacker_picks_the_order_of_the_other_defenders() -> None:
    # rule: HS-EXPLOSION-05
    eng = cluster()
    roll(eng, [SKULL, BLANK, BLANK])
    eng.execute("p1", "special a Blast t")
    assert eng.state.pending[0].rule == "HS-EXPLOSION-05"
    refused(eng, "p1", "choose t", "HS-EXPLOSION-05")  # t has already defended
    events = eng.execute("p1", "choose o1")
    assert defenders(events) == ["o1", "o2"]


def test_the_attacker_can_be_caught_in_its_own_explosion() -> None:
    # rule: HS-EXPLOSION-06
    eng = sandbox(fig("a", "p1", (2, 2), card(name="Blaster", defense=1, life=4, powers=BLASTER.powers)),
                  fig("t", "p2", (3, 2), DUMMY))
    roll(eng, [SKULL, SKULL, BLANK, BLANK])
    events = eng.execute("p1", "special a Blast t")
    assert defenders(events) == ["t", "a"] and eng.state.figures["a"].wounds == 2


def test_the_others_still_defend_after_the_attacker_is_destroyed() -> None:
    # rule: HS-EXPLOSION-07
    eng = sandbox(fig("a", "p1", (2, 2), card(name="Blaster", defense=0, life=1, powers=BLASTER.powers)),
                  fig("t", "p2", (3, 2), DUMMY), fig("o", "p2", (4, 2), DUMMY))
    roll(eng, [SKULL, BLANK, BLANK])
    eng.execute("p1", "special a Blast t")
    events = eng.execute("p1", "choose a")
    assert defenders(events) == ["a", "o"]
    assert eng.state.figures["a"].destroyed and eng.state.figures["o"].wounds == 1


# ---- Line X ------------------------------------------------------------------------------------


def cliff(*figures: Any) -> Engine:
    """The attacker on a 10-level rock column at (0, 2), looking down along row r=2: figures from
    the second space on are all in sight (the first is hidden under the cliff's edge)."""
    return sandbox(fig("a", "p1", (0, 2), DRAGON), *figures,
                   battlefield=build(hexes=[{"at": [0, 2], "level": 10, "terrain": "rock"}]))


def test_a_line_covers_x_straight_spaces_from_beside_the_attacker() -> None:
    # rule: HS-LINE-01
    eng = cliff(fig("second", "p2", (2, 2), DUMMY), fig("fourth", "p2", (4, 2), DUMMY),
                fig("fifth", "p2", (5, 2), DUMMY), fig("aside", "p2", (2, 3), DUMMY))
    st = eng.state
    assert line_of_sight(st, st.figures["a"], st.figures["fifth"])  # in sight, but past the 4 spaces
    assert affected(eng, "a", "Fire Line", "1,2") == ["second", "fourth"]
    assert affected(eng, "a", "Fire Line", "second") == ["second", "fourth"]  # aiming at a figure on the line
    refused(eng, "p1", 'special a "Fire Line" 2,3', "HS-LINE-01")  # not a straight line
    refused(eng, "p1", 'special a "Fire Line" 0,2', "HS-LINE-01")


def hillside() -> Engine:
    """A rock column 12 levels high on the line: a figure on top can be seen, one behind cannot."""
    hill = build(hexes=[{"at": [2, 2], "level": 12, "terrain": "rock"}])
    return sandbox(fig("a", "p1", (0, 2), DRAGON), fig("near", "p2", (1, 2), DUMMY), fig("high", "p2", (2, 2), DUMMY),
                   fig("hidden", "p2", (3, 2), DUMMY), battlefield=hill)


def test_a_line_affects_the_figures_in_sight_on_it_whatever_their_level() -> None:
    # rule: HS-LINE-02
    eng = hillside()
    st = eng.state
    assert not line_of_sight(st, st.figures["a"], st.figures["hidden"])
    assert affected(eng, "a", "Fire Line", "1,2") == ["near", "high"]


def test_a_line_rolls_its_attack_dice_once() -> None:
    # rule: HS-LINE-03
    eng = hillside()
    roll(eng, [SKULL, SKULL, SKULL, BLANK] + [SHIELD, BLANK])  # "high" keeps 2 height-advantage dice
    events = eng.execute("p1", 'special a "Fire Line" 1,2')
    assert [e.data["attack_dice"] for e in events if e.kind == "attack"] == [[SKULL, SKULL, SKULL, BLANK]] * 2
    assert [e.data["wounds"] for e in events if e.kind == "attack"] == [3, 2]
    assert dice(eng).left == 0 and eng.state.figures["hidden"].wounds == 0


def test_line_defenders_go_from_the_nearest_along_the_line() -> None:
    # rule: HS-LINE-04
    eng = cliff(fig("third", "p2", (4, 2), DUMMY), fig("first", "p2", (2, 2), DUMMY), fig("second", "p2", (3, 2), DUMMY))
    roll(eng, [SKULL] * 4)
    events = eng.execute("p1", 'special a "Fire Line" 1,2')
    assert defenders(events) == ["first", "second", "third"]


def test_a_line_into_an_overhang_hits_every_level_in_the_attackers_order() -> None:
    # rule: HS-LINE-05
    bridge = build(hexes=[{"at": [3, 2], "level": 8, "terrain": "wood", "bottom": 7}])
    eng = sandbox(fig("a", "p1", (1, 2), DRAGON), fig("under", "p2", (3, 2), DUMMY, level=1),
                  fig("over", "p2", (3, 2), DUMMY, level=8), battlefield=bridge)
    roll(eng, [SKULL] * 4 + [BLANK])  # "over" keeps its height-advantage die
    eng.execute("p1", 'special a "Fire Line" 2,2')
    pend = eng.state.pending[0]
    assert (pend.kind, pend.options, pend.rule) == ("defense_order", ["over", "under"], "HS-LINE-05")
    events = eng.execute("p1", "choose under")
    assert defenders(events) == ["under", "over"]


def test_a_first_special_attack_still_opens_after_moving_before_attacking(effects: Any) -> None:
    # rule: HS-TURN-06 (a special attack, like a normal one, comes after the "after moving" window)
    from bot.rules.timing import Effect, Trigger, Window

    seen: list[str] = []

    class AfterMoving(Effect):
        name = "test_after_moving_special"
        window = Window.AFTER_MOVING

        def triggers(self, engine: Engine) -> list[Trigger]:
            return [Trigger(self.name, "p1")]

        def resolve(self, engine: Engine, trigger: Trigger, choice: str | None) -> None:
            seen.append("after moving")

    effects(AfterMoving)
    eng = sandbox(fig("a", "p1", (0, 2), BLASTER), fig("t", "p2", (3, 2), DUMMY))
    roll(eng, [BLANK] * 3)
    eng.execute("p1", "special a Blast t")
    assert seen == ["after moving"]
