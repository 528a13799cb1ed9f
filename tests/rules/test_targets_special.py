"""Whom each attack of a figure can hit now (bot.rules.special.attack_options): the normal attack
and every special attack listed apart, as the map's target marks and the console's ``targets``
show them.
"""

from __future__ import annotations

from bot.rules.engine import Engine
from bot.rules.hexes import Hex
from bot.rules.special import NORMAL_ATTACK, Aim, AttackOption, attack_options
from tests.rules.conftest import DUMMY, LIB, SKULL, build, card, fig, refused, roll, sandbox, special_power

DEATHWALKER = LIB.get("Deathwalker 9000")
DRAKE = LIB.get("Sgt. Drake Alexander")
MIMRING = LIB.get("Mimring")
ELITE = LIB.get("Airborne Elite")
BOMBER = card(name="Bomber", range=1, powers=[special_power("Blast", range=5, attack=3, explosion=1)])


def options(eng: Engine, who: str) -> dict[str, AttackOption]:
    return {o.name: o for o in attack_options(eng.state, eng.state.figures[who])}


def test_a_range_1_figure_with_an_explosion_lists_targets_its_normal_attack_cannot_reach() -> None:
    # rule: HS-ATTACK-07 (Range 1: adjacent only), HS-EXPLOSION-02 (the target and its neighbours)
    eng = sandbox(fig("bomber", "p1", (0, 2), BOMBER), fig("t", "p2", (4, 2), DUMMY), fig("u", "p2", (5, 1), DUMMY),
                  fig("pal", "p1", (4, 3), DUMMY), fig("far", "p2", (7, 7), DUMMY))
    got = options(eng, "bomber")
    assert list(got) == [NORMAL_ATTACK, "Blast"]
    assert got[NORMAL_ATTACK] == AttackOption(NORMAL_ATTACK, False)  # nobody adjacent
    blast = got["Blast"]
    assert blast.special and blast.targets == ("t", "u")  # "pal" is a friend, "far" out of range 5
    assert blast.aims == (Aim("t", ("t", "pal", "u")), Aim("u", ("u", "t")))
    refused(eng, "p1", "attack bomber t", "HS-ATTACK-07")  # the engine refuses the normal attack, as listed
    roll(eng, [SKULL] * 3)
    events = eng.execute("p1", "special bomber blast t")  # and takes the listed aim
    assert [e.data["affected"] for e in events if e.kind == "special_roll"] == [["t", "pal", "u"]]


def test_thorian_speed_forbids_a_distant_normal_attack_but_not_a_special_one() -> None:
    # rule: HS-SPECIAL-08, HS-SPECIAL-09 (Thorian Speed: "cannot" for normal attacks only)
    eng = sandbox(fig("deathwalker", "p1", (0, 2), DEATHWALKER), fig("drake", "p2", (4, 2), DRAKE),
                  fig("t", "p2", (4, 4), DUMMY))
    got = options(eng, "deathwalker")
    assert got[NORMAL_ATTACK].targets == ("t",)
    assert got["Explosion Special Attack"].targets == ("drake", "t")
    refused(eng, "p1", "attack deathwalker drake")


def test_a_fire_line_lists_one_aim_per_set_of_figures_it_burns() -> None:
    # rule: HS-LINE-01, HS-LINE-02 (straight from beside the attacker; figures out of sight are spared)
    hill = build(hexes=[{"at": [1, 6], "level": 14, "terrain": "rock"}])
    eng = sandbox(fig("mimring", "p1", [(1, 2), (0, 2)], MIMRING), fig("east", "p2", (4, 2), DUMMY),
                  fig("east2", "p2", (6, 2), DUMMY), fig("pal", "p1", (1, 4), DUMMY),
                  fig("hidden", "p2", (1, 7), DUMMY), battlefield=hill)
    bf = eng.state.battlefield
    line = options(eng, "mimring")["Fire Line Special Attack"]
    assert line.targets == ("east", "east2")  # the friend on a line is burnt but is no target
    assert Aim(bf.label(Hex(2, 2)), ("east", "east2"), space=True) in line.aims
    assert Aim(bf.label(Hex(1, 3)), ("pal",), space=True) in line.aims
    assert all("hidden" not in a.affected for a in line.aims)  # behind the level-14 rock
    assert len({a.affected for a in line.aims}) == len(line.aims)


def test_an_engaged_figure_lists_only_special_aims_at_a_figure_it_is_engaged_with() -> None:
    # rule: HS-SPECIAL-04, HS-ENGAGE-07
    eng = sandbox(fig("bomber", "p1", (2, 2), BOMBER), fig("next", "p2", (3, 2), DUMMY),
                  fig("away", "p2", (5, 5), DUMMY))
    got = options(eng, "bomber")
    assert got[NORMAL_ATTACK].targets == ("next",)
    assert got["Blast"].targets == ("next",)


def test_a_used_grenade_says_why_it_cannot_be_thrown() -> None:
    eng = sandbox(fig("elite1", "p1", (0, 2), ELITE, card_key="p1/elite"), fig("t", "p2", (3, 2), DUMMY))
    assert options(eng, "elite1")["Grenade Special Attack"].targets == ("t",)
    eng.state.cards["p1/elite"].data["grenade_thrown"] = True  # thrown in an earlier turn
    grenade = options(eng, "elite1")["Grenade Special Attack"]
    assert grenade.targets == () and "once per game" in grenade.refused


def test_no_options_off_the_battlefield_and_the_state_is_unchanged() -> None:
    from bot.rules.views import state_json

    eng = sandbox(fig("bomber", "p1", (0, 2), BOMBER), fig("t", "p2", (4, 2), DUMMY))
    before = state_json(eng.state)
    attack_options(eng.state, eng.state.figures["bomber"])
    assert state_json(eng.state) == before
    eng.destroy(eng.state.figures["bomber"], "test")
    assert attack_options(eng.state, eng.state.figures["bomber"]) == []
