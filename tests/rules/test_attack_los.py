"""Attacks (HS-ATTACK-*) and line of sight / clear sight (HS-LOS-*, DEC-05)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bot.rules import combat, los, modifiers
from bot.rules.dice import BLANK, SHIELD, SKULL
from bot.rules.engine import Engine
from bot.rules.hexes import Hex
from bot.rules.modifiers import AttackContext
from bot.rules.state import Figure, MatchState
from tests.rules.conftest import Fig, build, card, dice, fig, refused, sandbox, special_power
from tests.rules.helpers_geo import attack, kinds, move, space

ARCHER = card(name="Archer", range=7)
VIPERS = card(name="Ranoc Vipers", kind="squad", rarity="common", figures=3, range=5, attack=2)


def figure(eng: Engine, fid: str) -> Figure:
    return eng.state.figures[fid]


def sight(eng: Engine, a: str, b: str) -> bool:
    return los.line_of_sight(eng.state, figure(eng, a), figure(eng, b))


def clear(eng: Engine, a: str, b: str) -> bool:
    return los.clear_sight(eng.state, figure(eng, a), figure(eng, b))


# ---- who may attack whom -------------------------------------------------------------------------


def test_an_attack_needs_range_and_line_of_sight() -> None:
    # rule: HS-ATTACK-01
    bf = build(hexes=[space(2, 5, 12, "rock")])
    eng = sandbox(fig("a", "p1", (0, 1), card(name="Shooter", range=4)), fig("far", "p2", (6, 1)),
                  fig("hidden", "p2", (4, 5)), fig("ok", "p2", (3, 1)), battlefield=bf)
    eng2 = sandbox(fig("a", "p1", (0, 5), card(name="Shooter", range=4)), fig("hidden", "p2", (4, 5)), battlefield=bf)
    err = refused(eng, "p1", "attack a far", "HS-ATTACK-01")
    assert "6 spaces" in str(err)
    refused(eng2, "p1", "attack a hidden", "HS-LOS-01")
    assert combat.legal_targets(eng.state, figure(eng, "a")) == [figure(eng, "ok")]
    assert combat.legal_targets(eng2.state, figure(eng2, "a")) == []  # no target: no attack


def test_a_common_card_attacks_with_as_many_figures_as_it_pictures() -> None:
    # rule: HS-ATTACK-02
    eng = sandbox(*(fig(f"v{i}", "p1", (i, 1), VIPERS, card_key="p1/vipers") for i in range(4)),
                  fig("t", "p2", (2, 4), card(name="Target", life=20, defense=0)),
                  combat=[BLANK] * 6)
    for i in range(3):
        attack(eng, f"v{i}", "t")
    refused(eng, "p1", "attack v3 t", "HS-ATTACK-03")


def test_activated_figures_never_exceed_the_pictured_number() -> None:
    # rule: HS-ATTACK-03
    eng = sandbox(*(fig(f"v{i}", "p1", (i, 1), VIPERS, card_key="p1/vipers") for i in range(4)),
                  fig("t", "p2", (2, 5), card(name="Target", life=20, defense=0)), combat=[BLANK] * 4)
    for i in range(3):
        move(eng, f"v{i}", [(i, 2)])
    attack(eng, "v0", "t")  # a moved figure need not attack, but may
    refused(eng, "p1", "attack v3 t", "HS-ATTACK-03")  # a 4th figure would be 4 activated
    attack(eng, "v1", "t")


def test_ranoc_vipers_6_owned_2_moved_up_to_3_attack() -> None:
    # rule: HS-ATTACK-04
    eng = sandbox(*(fig(f"v{i}", "p1", (i, 0), VIPERS, card_key="p1/vipers") for i in range(6)),
                  fig("t", "p2", (2, 3), card(name="Target", life=20, defense=0)), combat=[BLANK] * 6)
    move(eng, "v0", [(0, 1)])
    move(eng, "v1", [(1, 1)])
    attack(eng, "v4", "t")  # 1 unmoved Viper...
    refused(eng, "p1", "attack v5 t", "HS-ATTACK-03")  # ...but not a second one
    attack(eng, "v0", "t")  # the others are the 2 that moved
    attack(eng, "v1", "t")
    assert eng.state.turn is not None and sorted(eng.state.turn.activated) == ["v0", "v1", "v4"]


def test_levels_add_nothing_to_range() -> None:
    # rule: HS-ATTACK-05
    bf = build(hexes=[space(3, 2, 11, "rock")])
    eng = sandbox(fig("a", "p1", (0, 2), card(name="Shooter", range=3)), fig("high", "p2", (3, 2)), battlefield=bf)
    assert combat.attack_range(eng.state, figure(eng, "a"), figure(eng, "high")) == 3
    assert combat.check_target(eng.state, figure(eng, "a"), figure(eng, "high"))


def test_range_counts_the_empty_gaps_of_the_battlefield() -> None:
    # rule: HS-ATTACK-06
    # Spaces at q 0-1 and 5-7 only: the 3 missing columns still count.
    bf = build([{"q": [0, 1], "r": [0, 4], "level": 1, "terrain": "grass"},
                {"q": [5, 7], "r": [0, 4], "level": 1, "terrain": "grass"}])
    eng = sandbox(fig("a", "p1", (1, 2), card(name="Shooter", range=4)), fig("b", "p2", (5, 2)),
                  fig("c", "p2", (6, 2)), battlefield=bf)
    assert combat.attack_range(eng.state, figure(eng, "a"), figure(eng, "b")) == 4
    assert combat.check_target(eng.state, figure(eng, "a"), figure(eng, "b"))  # sight across the gap
    refused(eng, "p1", "attack a c", "HS-ATTACK-01")  # 5 spaces


def test_range_1_reaches_only_adjacent_figures() -> None:
    # rule: HS-ATTACK-07
    bf = build(hexes=[space(3, 2, 6, "rock")])
    eng = sandbox(fig("a", "p1", (2, 2)), fig("up", "p2", (3, 2)), fig("two", "p2", (4, 3)), battlefield=bf)
    # 5 levels up is not adjacent for a Height 5 figure (HS-ENGAGE-02), though 1 space away.
    assert combat.attack_range(eng.state, figure(eng, "a"), figure(eng, "up")) == 1
    refused(eng, "p1", "attack a up", "HS-ATTACK-07")
    refused(eng, "p1", "attack a two", "HS-ATTACK-07")


def test_an_attack_names_one_attacker_its_kind_and_one_target() -> None:
    # rule: HS-ATTACK-08
    blaster = card(name="Blaster", range=4, powers=[special_power("Blast", range=4, attack=2)])
    eng = sandbox(fig("a", "p1", (1, 1), blaster), fig("t", "p2", (3, 1), card(life=10)),
                  combat=[BLANK] * 3 + [BLANK] * 3)
    check = combat.check_target(eng.state, figure(eng, "a"), figure(eng, "a"))
    assert not check and check.rule == "HS-ATTACK-08"
    (ev,) = kinds(attack(eng, "a", "t"), "attack")
    assert (ev["attacker"], ev["target"], ev["special"]) == ("a", "t", None)
    eng2 = sandbox(fig("a", "p1", (1, 1), blaster), fig("t", "p2", (3, 1)), combat=[BLANK] * 2 + [BLANK] * 3)
    (ev2,) = kinds(eng2.execute("p1", "special a Blast t"), "attack")
    assert (ev2["attacker"], ev2["target"], ev2["special"]) == ("a", "t", "Blast")


# ---- dice ----------------------------------------------------------------------------------------


def test_attack_dice_are_the_attack_value_plus_extras(monkeypatch: pytest.MonkeyPatch) -> None:
    # rule: HS-ATTACK-09
    def plus_one(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
        return ("test glyph", 1)

    bf = build(hexes=[space(1, 1, 2)])
    eng = sandbox(fig("a", "p1", (1, 1)), fig("t", "p2", (2, 1)), battlefield=bf,
                  combat=[SKULL] * 5 + [BLANK] * 3)
    monkeypatch.setattr(modifiers, "_attack_hooks", [*modifiers._attack_hooks, plus_one])
    n, reasons = combat.attack_dice(eng.state, figure(eng, "a"), figure(eng, "t"))
    assert n == 5 and reasons == [("Attack", 3), ("height advantage", 1), ("test glyph", 1)]
    (ev,) = kinds(attack(eng, "a", "t"), "attack")
    assert len(ev["attack_dice"]) == 5 and ev["skulls"] == 5


def test_defense_dice_keep_their_extras_even_against_a_special_attack() -> None:
    # rule: HS-ATTACK-10
    bf = build(hexes=[space(3, 1, 1, "shadow")])
    blaster = card(name="Blaster", range=4, powers=[special_power("Blast", range=4, attack=2)])
    eng = sandbox(fig("a", "p1", (1, 1), blaster), fig("t", "p2", (3, 1)), battlefield=bf,
                  combat=[SKULL, SKULL] + [SHIELD] + [BLANK] * 3)
    n, reasons = combat.defense_dice(eng.state, figure(eng, "a"), figure(eng, "t"), special="Blast")
    assert n == 4 and ("terrain", 1) in reasons
    (ev,) = kinds(eng.execute("p1", "special a Blast t"), "attack")
    assert len(ev["defense_dice"]) == 4 and ev["wounds"] == 1


@pytest.mark.parametrize(("skulls", "shields", "wounds"), [(3, 1, 2), (2, 2, 0), (1, 3, 0), (3, 0, 3)])
def test_each_skull_beyond_the_shields_is_a_wound(skulls: int, shields: int, wounds: int) -> None:
    # rule: HS-ATTACK-11
    eng = sandbox(fig("a", "p1", (1, 1)), fig("t", "p2", (2, 1), card(life=10)),
                  combat=[SKULL] * skulls + [BLANK] * (3 - skulls) + [SHIELD] * shields + [BLANK] * (3 - shields))
    (ev,) = kinds(attack(eng, "a", "t"), "attack")
    assert (ev["skulls"], ev["shields"], ev["wounds"]) == (skulls, shields, wounds)
    assert figure(eng, "t").wounds == wounds
    assert combat.wounds_from([SKULL] * skulls, [SHIELD] * shields) == (skulls, shields, wounds)


def test_each_attacking_figure_declares_and_rolls_on_its_own() -> None:
    # rule: HS-ATTACK-12
    eng = sandbox(fig("v0", "p1", (1, 1), VIPERS, card_key="p1/v"), fig("v1", "p1", (1, 2), VIPERS, card_key="p1/v"),
                  fig("t", "p2", (3, 1), card(life=10, defense=1)),
                  combat=[SKULL, SKULL, BLANK, SKULL, BLANK, SHIELD])
    first = kinds(attack(eng, "v0", "t"), "attack")
    second = kinds(attack(eng, "v1", "t"), "attack")
    assert [e["wounds"] for e in first + second] == [2, 0]
    assert figure(eng, "t").wounds == 2
    refused(eng, "p1", "attack v0 t", "HS-ATTACK-12")  # each figure attacks once


def test_si4x_and_cainak_trade_attacks() -> None:
    # rule: HS-ATTACK-13
    # SI-4X's Obfuscation Matrix counts him as on shadow: here he stands on a shadow tile.
    si4x = card(name="Agent SI-4X", life=3, move=5, range=5, attack=2, defense=5, height=5)
    cainak = card(name="Cainak, Private Eye", life=4, move=5, range=5, attack=4, defense=3, height=5)
    bf = build(hexes=[space(1, 3, 1, "shadow"), space(4, 3, 3, "rock")])
    eng = sandbox(fig("si4x", "p1", (1, 3), si4x), fig("cainak", "p2", (4, 3), cainak), battlefield=bf,
                  combat=[SKULL, SKULL] + [SHIELD, SHIELD, BLANK, BLANK])
    (ev,) = kinds(attack(eng, "si4x", "cainak"), "attack")
    assert (len(ev["attack_dice"]), len(ev["defense_dice"]), ev["wounds"]) == (2, 4, 0)
    eng.execute("p1", "end-turn")
    dice(eng).add([SKULL] * 3 + [BLANK] * 2 + [SHIELD] * 2 + [BLANK] * 4)
    (ev,) = kinds(attack(eng, "cainak", "si4x"), "attack")
    assert (len(ev["attack_dice"]), len(ev["defense_dice"]), ev["wounds"]) == (5, 6, 1)
    si = figure(eng, "si4x")
    assert si.wounds == 1 and si.on_battlefield


# ---- line of sight -------------------------------------------------------------------------------


def pair(*extra: Fig, hexes: list[dict[str, Any]] | None = None, obstacles: list[dict[str, Any]] | None = None,
         combat: Sequence[str] = ()) -> Engine:
    """Viewer ``v`` at (0, 3) and target ``t`` at (4, 3), both Height 5 on level 1."""
    bf = build(hexes=hexes or [], obstacles=obstacles or [])
    return sandbox(fig("v", "p1", (0, 3), ARCHER), fig("t", "p2", (4, 3)), *extra, battlefield=bf, combat=combat)


def test_open_ground_gives_line_of_sight() -> None:
    # rule: HS-LOS-01
    eng = pair()
    assert sight(eng, "v", "t") and sight(eng, "t", "v")


def test_a_rock_column_blocks_line_of_sight() -> None:
    # rule: HS-LOS-01
    eng = pair(hexes=[space(2, 3, 12, "rock")])
    assert not sight(eng, "v", "t")
    refused(eng, "p1", "attack v t", "HS-LOS-01")


def test_a_tree_blocks_line_of_sight() -> None:
    # rule: HS-LOS-01
    eng = pair(obstacles=[{"kind": "tree", "at": [[2, 3]], "height": 10}])
    assert not sight(eng, "v", "t")


def test_a_figure_between_blocks_unless_it_is_low() -> None:
    # rule: HS-LOS-01
    giant = card(name="Giant", height=12, size="huge")
    mouse = card(name="Mouse", height=1, size="small")
    assert not sight(pair(fig("g", "p1", (2, 3), giant)), "v", "t")
    assert sight(pair(fig("m", "p1", (2, 3), mouse)), "v", "t")


def test_a_target_is_seen_over_a_lower_wall() -> None:
    # rule: HS-LOS-01
    low = pair(obstacles=[{"kind": "ruin", "between": [[2, 3], [3, 3]], "height": 2}])
    high = pair(obstacles=[{"kind": "ruin", "between": [[2, 3], [3, 3]], "height": 8}])
    assert sight(low, "v", "t")
    assert not sight(high, "v", "t")


def test_line_of_sight_is_computed_never_rolled_for() -> None:
    # rule: HS-LOS-02
    # DEC-05: the 3-D model decides, the same every time, so an attack rolls combat dice only,
    # never a d20 to settle a disputed view (none is scripted here).
    eng = pair(obstacles=[{"kind": "ruin", "between": [[2, 3], [3, 3]], "height": 3}],
               combat=[BLANK] * 3 + [BLANK] * 3)
    assert all(sight(eng, "v", "t") for _ in range(3))
    attack(eng, "v", "t")
    assert dice(eng).left == 0


def test_clear_sight_sees_any_part_line_of_sight_only_the_hit_zone() -> None:
    # rule: HS-LOS-03
    # A rock at level 7 hides the target's Hit Zone (up to 0.9 of its Height) but not its top.
    tall = card(name="Tall", height=10, size="large")
    bf = build(hexes=[space(2, 3, 7, "rock")])
    eng = sandbox(fig("v", "p1", (0, 3), ARCHER), fig("t", "p2", (4, 3), tall), battlefield=bf)
    assert clear(eng, "v", "t")
    assert not sight(eng, "v", "t")


def test_no_figure_has_clear_sight_to_itself() -> None:
    # rule: HS-LOS-04
    eng = pair()
    assert not clear(eng, "v", "v") and not sight(eng, "v", "v")
    assert clear(eng, "v", "t")


def test_clear_sight_to_its_own_space_and_to_occupied_spaces() -> None:
    # rule: HS-LOS-05
    tall = card(name="Tall", height=10, size="large")
    bf = build(hexes=[space(2, 3, 7, "rock")])
    eng = sandbox(fig("v", "p1", (0, 3), ARCHER), fig("t", "p2", (4, 3), tall),
                  fig("low", "p2", (4, 4)), battlefield=bf)
    st, v = eng.state, figure(eng, "v")
    assert los.sees_space(st, v, Hex(0, 3), 1)
    # The tall figure's head shows over the rock: its space is in clear sight.
    assert los.clear_sight(st, v, figure(eng, "t")) and los.sees_space(st, v, Hex(4, 3), 1)
    assert los.sees_space(st, v, Hex(4, 4), 1) == los.clear_sight(st, v, figure(eng, "low"))
    st.figures["t"].destroyed = True  # empty, the same space is hidden: a Wound Marker there is not seen
    assert not los.sees_space(st, v, Hex(4, 3), 1)


def test_clear_sight_to_an_empty_space_is_sight_of_a_wound_marker_on_it() -> None:
    # rule: HS-LOS-06
    bf = build(hexes=[space(2, 3, 4, "rock")])
    eng = sandbox(fig("v", "p1", (0, 3), ARCHER), battlefield=bf)
    st, v = eng.state, figure(eng, "v")
    assert los.sees_space(st, v, Hex(3, 1), 1)  # open ground
    assert not los.sees_space(st, v, Hex(3, 3), 1)  # right behind the rock: the marker is hidden
    assert los.sees_space(st, v, Hex(2, 3), 4)  # on top of the rock


def test_clear_sight_may_be_checked_from_another_figure() -> None:
    # rule: HS-LOS-07
    # Eyes in the Sky is not a power in the core yet; what it needs is there: clear sight and
    # range can be measured from any figure (Corvynn) instead of the one acting (Sudema), and a
    # Height 7 piece right next to Sudema blocks her own view.
    bf = build(obstacles=[{"kind": "outcrop", "at": [[2, 3]], "height": 7}])
    eng = sandbox(fig("sudema", "p1", (1, 3)), fig("corvynn", "p1", (2, 5), card(name="Corvynn", keywords=["flying"])),
                  fig("t", "p2", (5, 3)), battlefield=bf)
    assert not clear(eng, "sudema", "t")
    assert clear(eng, "corvynn", "t")
    assert combat.attack_range(eng.state, figure(eng, "corvynn"), figure(eng, "t")) == 3


def test_a_destroyed_figure_named_in_an_attack_is_said_to_be_destroyed() -> None:
    # rule: HS-DESTROY-03 (a destroyed figure leaves the battlefield: it neither attacks nor is attacked)
    eng = sandbox(fig("grimnak", "p2", (2, 2)), fig("drake", "p1", (3, 2)), fig("s", "p2", (4, 4)))
    eng.state.figures["grimnak"].destroyed = True
    eng.state.figures["grimnak"].hexes = ()
    for player in ("p1", "p2"):  # whoever names it: not "is not your figure"
        err = refused(eng, player, "attack grimnak drake", "HS-DESTROY-03")
        assert str(err).startswith("Grimnak was destroyed and has left the battlefield; it can no longer move or "
                                   "attack")
    err = refused(eng, "p1", "attack drake grimnak", "HS-ATTACK-01")
    assert str(err).startswith("Grimnak was destroyed and has left the battlefield")
    assert "not your figure" not in str(refused(eng, "p1", "move grimnak 1,1"))
