"""The Unique rule across reprints (issue 10): cards that are the same character count as the same
name (HS-ARMY-04), whether the army is chosen at once or drafted. Card files name a reprint with a
set suffix in parentheses (``Raelin the Kyrie Warrior (AoA)``; ``../shared/cards/README.md``)."""

from __future__ import annotations

import pytest

from bot.rules import draft as drafting
from bot.rules.army import check_army
from bot.rules.cards import ArmyCard, character_of
from bot.rules.errors import ArmyError
from bot.rules.scenario import Format, Scenario
from tests.rules.conftest import LIB, card, refused, roll, seated

RAELIN, RAELIN_AOA = LIB.get("raelin-the-kyrie-warrior"), LIB.get("raelin-the-kyrie-warrior-aoa")
DRAKE, DRAKE_AOA = LIB.get("sgt-drake-alexander"), LIB.get("sgt-drake-alexander-aoa")
FINN = LIB.get("finn-the-viking-champion")
OPEN = Format(points=None)


def test_the_shipped_reprints_are_the_characters_they_reprint() -> None:
    # rule: HS-ARMY-04
    assert RAELIN.character == RAELIN_AOA.character == "raelin the kyrie warrior"
    assert DRAKE.character == DRAKE_AOA.character != RAELIN.character
    assert character_of("Shiori (AoA)") == "shiori" and FINN.character == "finn the viking champion"


@pytest.mark.parametrize(("first", "reprint"), [(RAELIN, RAELIN_AOA), (DRAKE, DRAKE_AOA)])
def test_an_army_may_not_hold_a_unique_card_and_its_reprint(first: ArmyCard, reprint: ArmyCard) -> None:
    # rule: HS-ARMY-04
    with pytest.raises(ArmyError) as info:
        check_army([first, FINN, reprint], OPEN)
    assert info.value.rule == "HS-ARMY-04"
    assert str(info.value).startswith(f"{reprint.name} and {first.name} are the same character")
    check_army([first, FINN], OPEN)  # either alone is fine
    check_army([reprint, FINN], OPEN)


def test_the_army_command_refuses_a_card_with_its_reprint() -> None:
    # rule: HS-ARMY-04
    m = seated(library=[RAELIN, RAELIN_AOA, FINN])
    err = refused(m, "p1", "army Raelin the Kyrie Warrior; Raelin the Kyrie Warrior (AoA)", "HS-ARMY-04")
    assert "same character" in str(err)


def test_a_draft_refuses_the_reprint_of_a_card_already_picked() -> None:
    # rule: HS-ARMY-04
    library = [RAELIN, RAELIN_AOA, DRAKE, DRAKE_AOA, FINN]
    scen = Scenario(id="draft-test", name="Draft test", format=Format(points=1000, draft=True), max_players=2)
    m = seated(scenario=scen, library=library)
    m.pool = m.engine.pool = lambda: list(library)
    roll(m, d20=[20, 1])
    m.apply("p1", "start")
    m.apply("p1", f"draft {RAELIN.id}")
    m.apply("p2", f"draft {DRAKE_AOA.id}")
    refused(m, "p1", f"draft {RAELIN_AOA.id}", "HS-ARMY-04")
    assert RAELIN_AOA not in drafting.pickable(m.state, "p1", library)
    assert DRAKE not in drafting.pickable(m.state, "p2", library)
    assert RAELIN_AOA in drafting.pickable(m.state, "p2", library)  # another army may have its own


def test_a_name_in_parentheses_is_not_taken_for_a_different_character() -> None:
    # rule: HS-ARMY-04
    check_army([card(name="Archer (Red)"), card(name="Scout (Red)")], OPEN)
