"""Onslaught content as data (DEC-16..18): formats, clear errors, parties, the invented practice set."""

from __future__ import annotations

import copy
import json

import pytest

from bot.onslaught.content import ROLES, ContentError, character, game_map, library, party_problem, scenario
from bot.onslaught.files import DATA, load

CARDS = json.loads((DATA / "cards.json").read_text())


def test_the_practice_set_loads_and_is_labelled_invented() -> None:
    # rule: DEC-18, DEC-17, DEC-16
    lib = load()
    assert len(lib.characters) == 10 and len(lib.items) >= 4 and len(lib.monsters) == 4
    assert all(c.invented for c in lib.characters.values())
    assert all(m.invented for m in lib.maps.values()) and all(s.invented for s in lib.scenarios.values())
    assert sum(1 for m in lib.monsters.values() if m.champion) == 1
    assert sorted(lib.scenarios) == ["skirmish", "vault"]
    assert "invented" in CARDS["about"].lower()


def test_each_shipped_party_is_five_of_one_faction_with_different_roles() -> None:
    # rule: DDO-PARTY-01, DDO-PARTY-04, DDO-PARTY-06
    lib = load()
    for members in lib.parties.values():
        cards = [lib.characters[n] for n in members]
        assert len(cards) == 5 and len({c.faction for c in cards}) == 1 and len({c.role for c in cards}) == 5
        assert {c.role for c in cards} <= set(ROLES)


def test_party_rules() -> None:
    lib = load()
    brask, grell, kestra = lib.characters["Brask"], lib.characters["Grell"], lib.characters["Kestra"]
    # rule: DDO-PARTY-03
    assert "only one character of each name" in party_problem([brask, brask], 2)
    # rule: DDO-PARTY-04
    assert "same faction" in party_problem([brask, grell], 2)
    # rule: DDO-PARTY-02 (a scenario may ask for 3 specific characters: the size comes from the scenario)
    assert party_problem([brask, kestra, lib.characters["Ysolde"]], 3) == ""
    assert "5 characters" in party_problem([brask], 5)


def test_class_has_no_effect_and_each_card_has_what_the_rules_list() -> None:
    # rule: DDO-PARTY-05, DDO-PARTY-10, DDO-COOL-01, DDO-ATTACK-01, DDO-PARTY-09
    lib = load()
    for c in lib.characters.values():
        assert len(c.abilities) == 2 and c.reaction.trigger and len(c.level_ups) == 2
        assert c.melee is not None or c.ranged is not None
    d = copy.deepcopy(CARDS["characters"][0])
    d["class"] = "Anything At All"
    assert character(d).wheel == lib.characters[d["name"]].wheel


def test_card_errors_name_the_field_and_the_right_form() -> None:
    d = copy.deepcopy(CARDS["characters"][0])
    d["role"] = "bard"
    with pytest.raises(ContentError, match="role 'bard' is not one of vanguard"):
        character(d)
    d = copy.deepcopy(CARDS["characters"][0])
    d["abilities"] = d["abilities"][:1]
    with pytest.raises(ContentError, match="exactly 2 cooldown abilities"):
        character(d)
    d = copy.deepcopy(CARDS["characters"][0])
    d["abilities"][0]["effects"] = [{"do": "explode"}]
    with pytest.raises(ContentError, match="unknown effect 'explode'"):
        character(d)
    d = copy.deepcopy(CARDS["characters"][0])
    del d["wheel"]["hp"]
    with pytest.raises(ContentError, match="'hp' is missing"):
        character(d)


def test_map_and_scenario_errors() -> None:
    with pytest.raises(ContentError, match="same length"):
        game_map({"id": "m", "rows": ["...", ".."]})
    with pytest.raises(ContentError, match="use '.', 'h' or '#'"):
        game_map({"id": "m", "rows": ["..x"]})
    with pytest.raises(ContentError, match="not two squares side by side"):
        game_map({"id": "m", "rows": ["..."], "barriers": [["A1", "C1"]]})
    with pytest.raises(ContentError, match="must have a decimal"):
        scenario({"id": "s", "map": "m", "starts": {"A": [], "B": []}, "monsters": [{"monster": "x", "initiative": 5, "at": []}]})
    scen = json.loads((DATA / "scenarios.json").read_text())
    maps = json.loads((DATA / "maps.json").read_text())
    bad = copy.deepcopy(scen)
    bad[0]["loot_pool"].append("event:nothing")
    with pytest.raises(ContentError, match="has no entry in 'events'"):
        library(CARDS, maps, bad)


def test_default_rounds_and_victory_points() -> None:
    # rule: DDO-ROUND-01 (8 rounds unless the scenario says otherwise), DEC-16
    sc = scenario({"id": "s", "map": "m", "starts": {"A": [], "B": []}})
    assert sc.rounds == 8 and sc.vp_defeat == 1 and sc.vp_control == 1
    assert load().scenarios["skirmish"].rounds == 8


def test_icons_are_plain_labels() -> None:
    # rule: DDO-COND-19 (martial, arcane and divine do nothing by themselves)
    lib = load()
    flare = next(a for a in lib.characters["Ysolde"].abilities if a.name == "Flare Arrow")
    assert flare.icon == "arcane"
    from dataclasses import replace

    from bot.onslaught.combat import base_damage
    assert base_damage(replace(flare, icon="martial")) == base_damage(flare)
