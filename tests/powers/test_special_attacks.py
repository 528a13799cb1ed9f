"""Special attacks of the classic cards, with the real cards: Deathwalker 9000's Explosion,
Mimring's Fire Line (Line 8, DEC-12: the figures on the line do not hide each other) and the
Airborne Elite's Grenade (Lob 12, Explosion 1, once per game for the whole squad).
"""

from __future__ import annotations

import pytest

from bot.rules import special
from bot.rules.engine import Engine
from bot.rules.events import Event
from bot.rules.los import line_of_sight
from bot.rules.special import special_attack
from tests.powers.conftest import DUMMY, LIB
from tests.rules.conftest import BLANK, SHIELD, SKULL, build, card, dice, fig, refused, roll, sandbox

DEATHWALKER = LIB.get("Deathwalker 9000")
MIMRING = LIB.get("Mimring")
ELITE = LIB.get("Airborne Elite")
TOWER = card(name="Tower", height=12, size="huge", defense=0, life=9)


def affected(eng: Engine, attacker: str, power: str, target: str) -> list[str]:
    return special_attack(eng, eng.state.figures[attacker], power, target).affected


def defenders(events: list[Event]) -> list[str]:
    return [e.data["target"] for e in events if e.kind == "attack"]


# ---- Explosion (Deathwalker 9000) ----------------------------------------------------------------


def test_deathwalkers_explosion_hits_the_target_and_every_adjacent_figure_with_one_roll() -> None:
    eng = sandbox(fig("deathwalker", "p1", (0, 2), DEATHWALKER), fig("t", "p2", (4, 2), DUMMY),
                  fig("u", "p2", (5, 2), DUMMY), fig("pal", "p1", (4, 3), DUMMY), fig("far", "p2", (6, 2), DUMMY))
    assert affected(eng, "deathwalker", "explosion", "t") == ["t", "pal", "u"]
    roll(eng, [SKULL, SKULL, BLANK])
    events = eng.execute("p1", "special deathwalker Explosion t")
    assert [e.data["attack_dice"] for e in events if e.kind == "special_roll"] == [[SKULL, SKULL, BLANK]]
    assert defenders(events) == ["t"]  # the target first, then the attacker picks
    pend = eng.state.pending[0]
    assert (pend.player, pend.kind, pend.options) == ("p1", "defense_order", ["pal", "u"])
    refused(eng, "p2", "choose u")
    events = eng.execute("p1", "choose u")
    assert defenders(events) == ["u", "pal"]
    assert [eng.state.figures[f].wounds for f in ("t", "u", "pal", "far")] == [2, 2, 2, 0]
    assert dice(eng).left == 0


def test_deathwalker_can_be_caught_in_its_own_blast() -> None:
    eng = sandbox(fig("deathwalker", "p1", (3, 2), DEATHWALKER), fig("t", "p2", (4, 2), DUMMY))
    assert affected(eng, "deathwalker", "explosion", "t") == ["t", "deathwalker"]


def test_deathwalkers_explosion_needs_range_7_and_sight_to_its_target() -> None:
    wall = build(obstacles=[{"kind": "ruin", "at": [[2, 2]], "height": 12}])
    eng = sandbox(fig("deathwalker", "p1", (0, 2), DEATHWALKER), fig("t", "p2", (4, 2), DUMMY), battlefield=wall)
    refused(eng, "p1", "special deathwalker Explosion t", "HS-LOS-01")
    eng = sandbox(fig("deathwalker", "p1", (0, 0), DEATHWALKER), fig("t", "p2", (7, 7), DUMMY))
    refused(eng, "p1", "special deathwalker Explosion t", "HS-ATTACK-01")


# ---- Fire Line (Mimring) -----------------------------------------------------------------------


def fire_line() -> Engine:
    """Mimring at the west end of row 2; on the line a tall tower, and a dummy behind it."""
    return sandbox(fig("mimring", "p1", [(1, 2), (0, 2)], MIMRING), fig("tower", "p2", (3, 2), TOWER),
                   fig("behind", "p2", (5, 2), DUMMY), fig("aside", "p2", (5, 3), DUMMY))


def test_mimrings_fire_line_burns_every_figure_on_8_spaces_nearest_first() -> None:
    # rule: HS-LINE-01..04
    eng = fire_line()
    roll(eng, [SKULL, SKULL, SKULL, BLANK])
    events = eng.execute("p1", "special mimring fire tower")
    assert [e.data["attack_dice"] for e in events if e.kind == "special_roll"] == [[SKULL, SKULL, SKULL, BLANK]]
    assert defenders(events) == ["tower", "behind"]  # nearest first; "aside" is off the line
    assert [eng.state.figures[f].wounds for f in ("tower", "behind", "aside")] == [3, 3, 0]


def test_figures_on_the_line_do_not_hide_each_other(monkeypatch: pytest.MonkeyPatch) -> None:
    # DEC-12: LINE_FIGURES_ON_LINE_BLOCK = False
    eng = fire_line()
    st = eng.state
    assert not line_of_sight(st, st.figures["mimring"], st.figures["behind"])  # the tower is in the way...
    assert affected(eng, "mimring", "fire", "2,2") == ["tower", "behind"]  # ...but the fire passes through
    monkeypatch.setattr(special, "LINE_FIGURES_ON_LINE_BLOCK", True)
    assert affected(eng, "mimring", "fire", "2,2") == ["tower"]  # the other convention, one line to change


def test_fire_line_misses_what_terrain_hides_and_goes_only_straight() -> None:
    hill = build(hexes=[{"at": [3, 2], "level": 14, "terrain": "rock"}])
    eng = sandbox(fig("mimring", "p1", [(1, 2), (0, 2)], MIMRING), fig("hidden", "p2", (5, 2), DUMMY), battlefield=hill)
    assert affected(eng, "mimring", "fire", "2,2") == []
    refused(eng, "p1", "special mimring fire 2,3", "HS-LINE-01")


def test_a_double_space_dragon_breathes_from_beside_either_of_its_spaces() -> None:
    eng = sandbox(fig("mimring", "p1", [(3, 4), (4, 4)], MIMRING), fig("west", "p2", (1, 4), DUMMY),
                  fig("east", "p2", (6, 4), DUMMY))
    assert affected(eng, "mimring", "fire", "2,4") == ["west"]
    assert affected(eng, "mimring", "fire", "5,4") == ["east"]
    refused(eng, "p1", "special mimring fire 4,4", "HS-LINE-01")  # its own space


# ---- Grenade (Airborne Elite) ------------------------------------------------------------------


def grenadiers(rock: int = 6) -> Engine:
    """Two Elite west of a rock column ``rock`` levels high; a dummy behind it, another beside that."""
    field = build(hexes=[{"at": [2, 2], "level": rock, "terrain": "rock"}])
    return sandbox(fig("elite1", "p1", (0, 2), ELITE, card_key="p1/elite"),
                   fig("elite2", "p1", (0, 4), ELITE, card_key="p1/elite"),
                   fig("t", "p2", (4, 2), DUMMY), fig("u", "p2", (5, 2), DUMMY), battlefield=field)


def test_the_grenade_needs_no_line_of_sight_and_hits_the_target_and_its_neighbours() -> None:
    eng = grenadiers()
    st = eng.state
    assert not line_of_sight(st, st.figures["elite1"], st.figures["t"])
    refused(eng, "p1", "attack elite1 t", "HS-LOS-01")  # a normal attack cannot see it
    roll(eng, [SKULL, SKULL])
    events = eng.execute("p1", "special elite1 grenade t")
    assert defenders(events) == ["t", "u"]
    assert [e.data["wounds"] for e in events if e.kind == "attack"] == [2, 2]
    assert any(e.kind == "power" and "grenade marker" in e.data["result"] for e in events)


def test_every_elite_may_throw_in_the_turn_of_the_first_grenade_and_never_again() -> None:
    eng = grenadiers()
    roll(eng, [SKULL, BLANK])
    eng.execute("p1", "special elite1 grenade t")
    roll(eng, [SKULL, SHIELD])
    eng.execute("p1", "special elite2 grenade u")  # the same turn: each Elite in turn
    eng.execute("p1", "end-turn")
    err = refused(eng, "p1", "special elite1 grenade t")
    assert "once per game" in str(err)
    refused(eng, "p1", "special elite2 grenade u")


def test_lob_12_cannot_clear_anything_higher() -> None:
    eng = grenadiers(rock=14)  # 13 levels above the Elite's base (level 1)
    err = refused(eng, "p1", "special elite1 grenade t")
    assert "cannot be lobbed" in str(err) and "more than 12 levels" in str(err)
    eng = grenadiers(rock=13)  # exactly 12 above: it clears
    roll(eng, [BLANK, BLANK])
    eng.execute("p1", "special elite1 grenade t")


def test_the_grenade_has_range_5() -> None:
    eng = sandbox(fig("elite1", "p1", (0, 2), ELITE), fig("t", "p2", (6, 2), DUMMY))
    refused(eng, "p1", "special elite1 grenade t", "HS-ATTACK-01")
