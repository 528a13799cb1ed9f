"""The preview of an attack ability before it is rolled (QA finding F8 of Onslaught on Discord): the
chance to hit each miniature it takes, and the friends an area or a cone would hit, named first."""

from __future__ import annotations

import pytest

from bot.onslaught.cases import _activate, build, parse_case
from bot.onslaught.events import RulesError
from bot.onslaught.files import load
from bot.onslaught.preview import ability_preview

LIBRARY = load()
CASE = """title: Seed Burst aimed next to a friend
rules: DDO-AOE-01 DDO-AOE-02
map:
  ........
  ........
  ........
  ........
A: Vexa@A1 Grell@D4
B: Brask@E4
"""


def test_an_area_attack_names_every_miniature_it_takes_and_the_friends_among_them() -> None:
    # rule: DDO-AOE-01 (a space in range and sight is aimed at), DDO-AOE-02 (every miniature in the area)
    g = build(parse_case(CASE, "preview.case"), LIBRARY)
    _activate(g, "Vexa")
    text, friends = ability_preview(g.st, "Vexa", "Seed-Burst", "D4")
    assert friends == ["Grell"]
    assert "- Grell (AC" in text and "- Brask (AC" in text and "to hit" in text, text
    text, friends = ability_preview(g.st, "Vexa", "Seed-Burst", "F3")
    assert friends == [] and "- Brask (AC" in text and "Grell" not in text, text


def test_a_single_target_attack_ability_gives_its_chance_and_an_aim_it_cannot_take_is_refused() -> None:
    g = build(parse_case(CASE, "preview.case"), LIBRARY)
    _activate(g, "Vexa")
    with pytest.raises(RulesError):
        ability_preview(g.st, "Vexa", "Seed-Burst", "A1")  # range 2-6: its own square is too close
    with pytest.raises(RulesError, match="no attack"):
        ability_preview(g.st, "Vexa", "Fade", "E4")
    text, friends = ability_preview(g.st, "Vexa", "Sapping-Shot", "Brask")
    assert friends == [] and text.startswith("Vexa attacks Brask with Sapping Shot") and "to hit" in text, text
