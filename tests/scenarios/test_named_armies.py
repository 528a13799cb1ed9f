"""Wherever There's Trouble gives each player four named heroes: an army is exactly those, each as
printed or played by a stand-in (HS-SCEN-TROUBLE3-ALL-03, DEC-07)."""

from __future__ import annotations

import pytest

from bot.content.maps import MapLibrary
from bot.content.standins import with_stand_ins
from bot.rules.errors import IllegalCommand
from bot.rules.match import Match
from tests.rules.conftest import LIB
from tests.scenarios.helpers import scenario

P1 = ("Scarlett (played by Syvarris); Roadblock (played by Agent Carr); Destro (played by Grimnak); "
      "Storm Shadow (played by Ne-Gok-Sa)")
P2 = ("COBRA Commander (played by Syvarris); Doctor Mindbender (played by Agent Carr); Duke (played by Grimnak); "
      "Snake Eyes (played by Ne-Gok-Sa)")


def trouble() -> Match:
    s = scenario("wherever-theres-trouble-seasoned")
    m = Match(MapLibrary.default().get(s.map or ""), s, 3, with_stand_ins(LIB.get))
    m.apply("p1", "join Alice")
    m.apply("p2", "join Bob")
    return m


def army(m: Match, player: str, names: str) -> None:
    m.apply(player, f"army {names}")


def test_each_side_fields_its_named_heroes() -> None:
    # rule: HS-SCEN-TROUBLE3-ALL-03, DEC-07
    m = trouble()
    army(m, "p1", P1)
    army(m, "p2", P2)
    st = m.state
    assert sorted(c.card.id for c in st.cards.values() if c.owner == "p1") == [
        "destro", "roadblock", "scarlett", "storm-shadow"]
    assert sorted(c.card.id for c in st.cards.values() if c.owner == "p2") == [
        "cobra-commander", "doctor-mindbender", "duke", "snake-eyes"]


@pytest.mark.parametrize(("player", "names", "words"), [
    # Two of the four: the others are missing.
    ("p1", "Scarlett (played by Syvarris); Destro (played by Agent Carr)", "missing Roadblock and Storm Shadow"),
    # The other side's heroes.
    ("p1", P2, "COBRA Commander (played by Syvarris)"),
    # A card of the library that is none of them.
    ("p2", "COBRA Commander (played by Syvarris); Doctor Mindbender (played by Agent Carr); "
           "Duke (played by Grimnak); Finn the Viking Champion", "missing Snake Eyes"),
])
def test_an_army_other_than_the_named_heroes_is_refused_saying_which(player: str, names: str, words: str) -> None:
    # rule: HS-SCEN-TROUBLE3-ALL-03
    m = trouble()
    with pytest.raises(IllegalCommand) as info:
        army(m, player, names)
    text = str(info.value)
    assert words in text and "fields exactly" in text and "(played by" in text
    assert not m.state.cards  # nothing changed


def test_a_computer_seat_fields_its_sides_named_heroes_by_stand_ins() -> None:
    # rule: HS-SCEN-TROUBLE3-ALL-03, DEC-07
    from bot.game.computer_army import army_plan

    m = trouble()
    for player in ("p1", "p2"):
        plan = army_plan(m.state, player, pool=[LIB.get("Syvarris")])
        assert plan.note is None and plan.command.startswith("army ")
        m.apply(player, plan.command)
    named = {c.card.id: c.owner for c in m.state.cards.values()}
    assert named == {"scarlett": "p1", "roadblock": "p1", "destro": "p1", "storm-shadow": "p1",
                     "cobra-commander": "p2", "doctor-mindbender": "p2", "duke": "p2", "snake-eyes": "p2"}
    assert all("(played by " in c.card.name for c in m.state.cards.values())
