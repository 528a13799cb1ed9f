"""Army building and the words for whose figures are whose (HS-ARMY-*)."""

from __future__ import annotations

import pytest

from bot.content.cards import CardLibrary
from bot.rules import combat
from bot.rules.army import check_army, split_aside
from bot.rules.cards import ArmyCard
from bot.rules.errors import ArmyError, InvalidCommand
from bot.rules.scenario import Format, Scenario, Side, VictoryRule
from bot.rules.state import MARKERS, Phase
from bot.rules.victory import scores
from tests.rules.conftest import (
    BLANK,
    begin_round,
    build,
    card,
    end_turns,
    fig,
    full_match,
    markers,
    refused,
    roll,
    sandbox,
    seated,
)

SOLDIER = card(name="Soldier")
ARCHER = card(name="Archer", range=7, defense=2)
SCOUT = card(name="Scout", move=6, points=30)
VIKINGS = card(name="Tarn Viking Warriors", kind="squad", rarity="common", figures=4, life=1, points=50)
TROLL = card(name="Feral Troll", rarity="uncommon", life=5, size="large", height=6, points=70)
DRAGON = card(name="Red Dragon", base=2, size="huge", height=9, points=150)
LIBRARY = [SOLDIER, ARCHER, SCOUT, VIKINGS, TROLL, DRAGON]


def scenario(**fmt: int) -> Scenario:
    return Scenario(id="test", name="Test", format=Format(**fmt), max_players=4)


# ---- the format --------------------------------------------------------------------------------


def test_the_format_sets_the_points_limit() -> None:
    # rule: HS-ARMY-01
    m = seated(scenario=scenario(points=100), library=LIBRARY)
    err = refused(m, "p1", "army Soldier; Archer; Scout", "HS-ARMY-01")
    assert "130 points; this match allows 100" in str(err)
    events = m.apply("p1", "army Soldier; Archer")
    assert events[0].data["points"] == 100


def test_the_scenario_sets_alternative_victory_conditions() -> None:
    # rule: HS-ARMY-01 (the format's alternative victory condition: a side wins at the end of round 1)
    scen = Scenario(id="t", name="Hold Out", sides=[Side(name="COBRA", zone="1-north"), Side(name="JOE", zone="2-south")],
                    victory=[VictoryRule(kind="last_standing"), VictoryRule(kind="round_limit_side", round=1, side="COBRA")])
    m = full_match(scenario=scen, orders={"p1": markers("Soldier"), "p2": markers("Archer")}, initiative=[20, 1])
    assert m.state.player("p1").role == "COBRA"
    end_turns(m, 6)
    assert m.state.winners == ["p1"] and "COBRA wins" in m.state.result


def test_a_start_zone_too_small_limits_the_army() -> None:
    # rule: HS-ARMY-02
    tiny = build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}],
                 start_zones={"1-north": [[0, 0], [1, 0]], "2-south": [{"q": [0, 9], "r": [8, 9]}]})
    m = seated(battlefield=tiny, library=LIBRARY)
    err = refused(m, "p1", "army Soldier; Archer; Scout", "HS-ARMY-02")
    assert "the start zone has only 2" in str(err)
    m.apply("p1", "army Soldier; Archer")


def test_figures_over_the_limit_are_set_aside_and_take_no_part() -> None:
    # rule: HS-ARMY-03 (the owner names them in the army command: one "aside CARD" per figure)
    m = seated(scenario=scenario(figures=3), library=LIBRARY)
    err = refused(m, "p1", "army Soldier; Tarn Viking Warriors", "HS-ARMY-03")
    assert "5 figures; this match allows 3" in str(err) and "aside Tarn Viking Warriors" in str(err)
    too_many = "army Soldier; Tarn Viking Warriors" + "; aside Tarn Viking Warriors" * 3
    err = refused(m, "p1", too_many, "HS-ARMY-03")
    assert "only until the army is at or under" in str(err)
    refused(m, "p1", "army Soldier; Tarn Viking Warriors; aside Archer; aside Archer", "HS-ARMY-03")
    events = m.apply("p1", "army Soldier; Tarn Viking Warriors; aside Tarn Viking Warriors; aside Tarn Viking Warriors")
    assert events[0].data["figures"] == 3 and events[0].data["points"] == 100  # drafted points still count
    assert events[0].data["set_aside"] == ["tarn3", "tarn4"]
    m.apply("p2", "army Archer")
    m.apply("p1", "start")
    refused(m, "p1", "place tarn4 0,0", "HS-ARMY-03")
    m.apply("p1", "place-rest")
    m.apply("p2", "place-rest")
    st = m.state
    assert st.phase is Phase.ORDERS  # every figure placed or set aside: round 1 begins
    placed = sorted(f.id for f in st.figures.values() if f.on_battlefield)
    assert placed == ["archer", "soldier", "tarn1", "tarn2"]
    assert st.figures["tarn3"].set_aside and not st.figures["tarn3"].hexes
    assert scores(st)["p1"] == pytest.approx(50 + 2 * 12.5)  # set-aside figures score nothing


def test_a_space_limit_is_met_by_setting_aside_a_double_space_figure() -> None:
    # rule: HS-ARMY-03
    m = seated(scenario=scenario(spaces=3), library=LIBRARY)
    err = refused(m, "p1", "army Soldier; Red Dragon; Scout", "HS-ARMY-03")
    assert "takes 4 spaces; this match allows 3" in str(err)
    events = m.apply("p1", "army Soldier; Red Dragon; Scout; aside Red Dragon")
    assert events[0].data["spaces"] == 2 and events[0].data["set_aside"] == ["red"]


def test_a_unique_card_may_not_be_in_an_army_twice() -> None:
    # rule: HS-ARMY-04
    m = seated(library=LIBRARY)
    err = refused(m, "p1", "army Soldier; Soldier", "HS-ARMY-04")
    assert "Soldier is a Unique card" in str(err)


def test_uncommon_cards_may_repeat() -> None:
    # rule: HS-ARMY-05
    m = seated(library=LIBRARY)
    events = m.apply("p1", "army Feral Troll; Feral Troll; Feral Troll")
    assert events[0].data["cards"] == ["Feral Troll"] * 3
    assert sorted(k for k in m.state.cards if k.startswith("p1/")) == ["p1/feral-troll", "p1/feral-troll#2", "p1/feral-troll#3"]


def test_each_uncommon_copy_keeps_its_own_figure_markers_and_wounds() -> None:
    # rule: HS-ARMY-06
    m = full_match({"p1": [TROLL, TROLL], "p2": [ARCHER]})
    st = m.state
    assert st.cards["p1/feral-troll"].figure_ids == ["feral"]
    assert st.cards["p1/feral-troll#2"].figure_ids == ["feral2"]
    m.apply("p1", 'orders 1="Feral Troll #2" 2="Feral Troll" 3=feral-troll#2 X="Feral Troll"')
    assert st.orders["p1"] == {"1": "p1/feral-troll#2", "2": "p1/feral-troll", "3": "p1/feral-troll#2",
                               "X": "p1/feral-troll"}
    m.apply("p2", "orders " + markers("Archer"))
    roll(m, d20=[20, 1])
    m.apply("p1", "initiative")
    # Marker 1 lies on the second copy: only its own figure answers to it.
    refused(m, "p1", "move feral 1,1", "HS-TURN-05")
    m.apply("p1", "move feral2 1,2")
    m.engine.wound(m.state.figures["feral2"], 2, "test")
    assert (m.state.figures["feral"].wounds, m.state.figures["feral2"].wounds) == (0, 2)


def test_uncommon_figures_count_as_unique_for_every_other_rule() -> None:
    # rule: HS-ARMY-07
    assert TROLL.is_unique and SOLDIER.is_unique and not VIKINGS.is_unique
    check_army([TROLL, TROLL], Format())  # repeats allowed, unlike a Unique card
    with pytest.raises(ArmyError):
        check_army([SOLDIER, SOLDIER], Format())


def test_a_common_card_drafted_twice_is_one_card_for_all_its_figures() -> None:
    # rule: HS-ARMY-08
    m = seated(library=LIBRARY)
    events = m.apply("p1", "army Tarn Viking Warriors; Tarn Viking Warriors")
    assert events[0].data["cards"] == ["Tarn Viking Warriors"] and events[0].data["figures"] == 8
    assert [k for k in m.state.cards if k.startswith("p1/")] == ["p1/tarn-viking-warriors"]
    assert len(m.state.cards["p1/tarn-viking-warriors"].figure_ids) == 8


def test_a_marker_on_a_common_card_activates_up_to_the_figures_it_shows() -> None:
    # rule: HS-ARMY-09, HS-ATTACK-03
    m = full_match({"p1": [VIKINGS, VIKINGS], "p2": [ARCHER]},
                   orders={"p1": markers("Tarn Viking Warriors"), "p2": markers("Archer")}, initiative=[20, 1])
    vikings = m.state.cards["p1/tarn-viking-warriors"].figure_ids
    assert len(vikings) == 8
    for fid in vikings[:4]:
        f = m.state.figures[fid]
        m.apply("p1", f"move {fid} {f.hex.q},{f.hex.r + 2}")
    err = refused(m, "p1", f"move {vikings[4]} 4,2", "HS-MOVE-01")
    assert "may move 4 figures a turn" in str(err)


def test_cards_you_take_control_of_are_in_your_army() -> None:
    # rule: HS-ARMY-10 (a power such as Mind Shackle is simulated by handing the card over)
    eng = sandbox(fig("ogre", "p1", (2, 2), card(name="Ogre")), fig("elf", "p2", (5, 5), card(name="Elf")),
                  fig("orc", "p2", (6, 6), card(name="Orc")))
    taken = eng.state.cards["p2/orc"]
    taken.controller = "p1"
    eng.state.figures["orc"].controller = "p1"
    refused(eng, "p2", "orders " + markers("Orc"), "HS-ORDER-04")
    eng.execute("p1", "orders 1=Ogre 2=Orc 3=Orc X=Ogre")
    assert eng.state.orders["p1"]["2"] == "p2/orc"


def teams_round() -> tuple[object, ...]:
    eng = sandbox(fig("ally", "p1", (2, 2), card(name="Ally")), fig("mate", "p3", (2, 3), card(name="Mate")),
                  fig("foe", "p2", (6, 6), card(name="Foe")), fig("gained", "p1", (0, 0), card(name="Gained")),
                  players=("p1", "p2", "p3"), teams={"p1": "blue", "p3": "blue", "p2": "red"})
    gained = eng.state.figures["gained"]
    gained.owner = "p2"  # one of p2's figures, now under p1's control
    eng.state.cards["p1/gained"].owner = "p2"
    return (eng,)


def test_figures_you_control_exclude_a_teammates_but_include_ones_you_gained() -> None:
    # rule: HS-ARMY-11
    (eng,) = teams_round()
    refused(eng, "p1", "orders 1=Ally 2=Mate 3=Ally X=Ally", "HS-ORDER-04")  # p3's card is not p1's
    begin_round(eng, [20, 1, 2], p1="1=Gained 2=Ally 3=Ally X=Ally", p2=markers("Foe"), p3=markers("Mate"))
    refused(eng, "p1", "move mate 3,3", "HS-ARMY-11")
    eng.execute("p1", "move gained 1,0")  # a gained figure is one p1 controls
    assert eng.state.figures["gained"].hex == (1, 0)


def test_friendly_figures_are_yours_and_your_teammates() -> None:
    # rule: HS-ARMY-12
    (eng,) = teams_round()
    st = eng.state
    ally, mate, foe = st.figures["ally"], st.figures["mate"], st.figures["foe"]
    assert not st.is_enemy(ally, mate) and not st.is_enemy(mate, ally) and st.is_enemy(ally, foe)
    # A teammate's figure is friendly, yet still a figure one may attack (HS-ATTACK-01; the
    # interfaces confirm first): see test_attack_friendly.py.
    assert combat.friendly_target(st, ally, mate) and not combat.friendly_target(st, ally, foe)


def test_enemy_figures_include_those_no_player_controls() -> None:
    # rule: HS-ARMY-13
    eng = sandbox(fig("a", "p1", (2, 2)), fig("b", "p2", (4, 4)))
    eng.setup_figure("wild", card(name="Wolf", defense=1), "wolf", [eng.space("2,3")])
    st = eng.state
    wolf = st.figures["wolf"]
    assert st.is_enemy(st.figures["a"], wolf) and st.is_enemy(st.figures["b"], wolf)
    roll(eng, [BLANK] * 4)
    eng.execute("p1", "attack a wolf")


def test_two_species_or_classes_joined_by_ampersand_are_both() -> None:
    # rule: HS-ARMY-14
    c = card(name="Half-Elf Ranger", species="Human & Elf", cls="Scout & Archer")
    assert c.species == ["Human", "Elf"] and c.class_ == ["Scout", "Archer"]


def test_a_hero_card_has_one_figure_and_a_squad_card_two_or_more() -> None:
    # rule: HS-ARMY-15
    odd_hero = card(name="Twins", kind="hero", figures=2)
    lone_squad = card(name="Lonely Squad", kind="squad", figures=1)
    m = seated(library=[odd_hero, lone_squad])
    assert "a Hero card has exactly 1 figure" in str(refused(m, "p1", "army Twins", "HS-ARMY-15"))
    refused(m, "p1", "army Lonely Squad", "HS-ARMY-15")
    for shipped in CardLibrary.default():
        if shipped.figures is not None:
            assert (shipped.figures == 1) if shipped.kind == "hero" else (shipped.figures >= 2), shipped.name


def test_an_army_card_records_its_fields() -> None:
    # rule: HS-ARMY-16
    c = ArmyCard.model_validate({
        "name": "Finn the Viking Champion", "general": "Jandar", "species": "Human", "kind": "hero",
        "rarity": "unique", "class": "Champion", "personality": "Valiant", "size": "medium", "height": 5,
        "figures": 1, "life": 4, "move": 5, "range": 1, "attack": 3, "defense": 3, "points": 80,
        "powers": [{"name": "Warrior's Attack Spirit", "text": "When Finn is destroyed, ..."}],
    })
    assert (c.general, c.name, c.short, c.species, c.rarity, c.kind, c.class_, c.personality, c.size, c.height) == (
        "Jandar", "Finn the Viking Champion", "Finn", ["Human"], "unique", "hero", ["Champion"], "Valiant", "medium", 5)
    assert [p.name for p in c.powers] == ["Warrior's Attack Spirit"]


def test_each_player_has_one_set_of_order_markers_and_the_software_brings_the_dice() -> None:
    # rule: HS-ARMY-17 (software equivalent: joining gives a player one set 1, 2, 3, X and the engine rolls)
    m = seated()
    assert MARKERS == ("1", "2", "3", "X")
    assert m.state.orders == {"p1": {}, "p2": {}}
    refused(m, "p9", "army Soldier", "HS-ARMY-17")  # someone who did not join has no components
    m2 = full_match(orders={"p1": markers("Soldier"), "p2": markers("Archer")}, initiative=[7, 3])
    assert sorted(m2.state.orders["p1"]) == ["1", "2", "3", "X"]
    with pytest.raises(InvalidCommand):
        m2.apply("p1", "orders 1=Soldier 2=Soldier 3=Soldier Y=Soldier")


def test_the_gelryie_vanguards_card_fixture() -> None:
    # rule: HS-ARMY-18
    c = CardLibrary.default().get("Gelryie Vanguards")
    assert (c.general, c.rarity, c.kind, c.size, c.height) == ("Vydar", "common", "squad", "medium", 5)
    assert (c.move, c.range, c.attack, c.defense, c.points) == (5, 1, 3, 2, 65)
    assert c.life is None  # not printed on the example card
    assert {p.name for p in c.powers} == {"Defend the Deep", "Swim", "Tidal Advance"}
    # An unenforced power carries the card file's params (kind defense_bonus), issue 14.
    deep = next(p for p in c.powers if p.name == "Defend the Deep")
    assert deep.kind == "defense_bonus"
    assert deep.values == {"amount": 2, "condition": "on water, or vs an attacker with height advantage"}
    m = seated(library=[c])
    err = refused(m, "p1", "army Gelryie Vanguards", "DEC-07")  # no Life: it cannot fight yet
    assert "life" in str(err)


def test_the_army_command_names_set_aside_figures_apart_from_cards() -> None:
    # rule: HS-ARMY-03
    assert split_aside(["Finn", "set aside Finn", "Aside  Tarn"]) == (["Finn"], ["Finn", "Tarn"])


def test_choosing_armies_again_leaves_no_trace_in_the_figure_ids() -> None:
    # rule: HS-ARMY-06 (each Unique/Uncommon copy is its own card; ids follow the final armies only)
    finn, grimnak = card(name="Finn"), card(name="Grimnak")
    m = seated(library=[finn, grimnak])
    for player, name in [("p1", "Finn"), ("p2", "Grimnak"), ("p1", "Grimnak"), ("p2", "Finn"),
                         ("p1", "Finn"), ("p2", "Grimnak")]:
        m.apply(player, f"army {name}")
    st = m.state
    assert {fid: f.owner for fid, f in st.figures.items()} == {"finn": "p1", "grimnak": "p2"}
    assert st.cards["p1/finn"].figure_ids == ["finn"] and st.cards["p2/grimnak"].figure_ids == ["grimnak"]
    m.apply("p1", "start")
    m.apply("p1", f"place finn {st.battlefield.label(next(iter(st.battlefield.start_zones[st.player('p1').zone])))}")
    assert st.figures["finn"].on_battlefield


def test_figure_ids_number_only_names_that_repeat_across_the_table() -> None:
    # rule: HS-ARMY-08 (a Common card's figures share one card and are numbered)
    m = seated(library=[SOLDIER, VIKINGS, TROLL])
    m.apply("p2", "army Soldier; Feral Troll; Feral Troll")  # the second seat chooses first
    m.apply("p1", "army Soldier; Tarn Viking Warriors")
    st = m.state
    # As on a fresh match: the army set first keeps the bare name, the next one is numbered.
    assert st.cards["p2/soldier"].figure_ids == ["soldier"]
    assert st.cards["p1/soldier"].figure_ids == ["soldier1"]
    assert st.cards["p1/tarn-viking-warriors"].figure_ids == ["tarn1", "tarn2", "tarn3", "tarn4"]
    assert st.cards["p2/feral-troll"].figure_ids == ["feral"] and st.cards["p2/feral-troll#2"].figure_ids == ["feral2"]
    m.apply("p2", "army Feral Troll; Feral Troll")  # p1's Soldier is now the only one
    assert st.cards["p1/soldier"].figure_ids == ["soldier"]
    m.apply("p2", "army Soldier; Feral Troll")  # chosen again, so set after p1's: numbered
    assert st.cards["p2/soldier"].figure_ids == ["soldier1"] and st.cards["p1/soldier"].figure_ids == ["soldier"]
    assert sorted(st.figures) == ["feral", "soldier", "soldier1", "tarn1", "tarn2", "tarn3", "tarn4"]
    assert all(fid == f.id for fid, f in st.figures.items())


def test_a_player_leaving_the_table_frees_the_bare_name_of_their_figures() -> None:
    # rule: HS-VICTORY-05 (leaving before the battle drops the army; the others' ids forget it)
    m = seated(library=[SOLDIER])
    m.apply("p1", "army Soldier")
    m.apply("p2", "army Soldier")
    assert m.state.cards["p2/soldier"].figure_ids == ["soldier1"]
    m.apply("p1", "concede")
    assert m.state.cards["p2/soldier"].figure_ids == ["soldier"] and list(m.state.figures) == ["soldier"]
