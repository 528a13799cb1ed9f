"""An attack roll reads as two dice, the one kept, then the modifiers (QA F10: "d20 17+10, total 21"
read as a sum)."""

from __future__ import annotations

from bot.games.onslaught.narrate import line
from bot.onslaught.events import Event


def test_an_attack_roll_names_both_dice_the_kept_one_and_the_modifier() -> None:
    # rule: DDO-ATTACK-08 (two dice, the higher kept), DDO-ATTACK-09 (modifiers added to the kept die)
    ev = Event("attack", {"attacker": "Merrin", "target": "Grell", "ability": "Ember Mote", "faces": [17, 10],
                          "kept": 17, "total": 21, "ac": 18, "hit": True})
    assert line(ev) == "Merrin attacks Grell with Ember Mote: d20 17 and 10 (17 kept) +4 = 21 vs AC 18: hits"
    ev = Event("attack", {"attacker": "Merrin", "target": "Grell", "ability": "Ember Mote", "faces": [5],
                          "kept": 5, "total": 9, "ac": 18, "hit": False, "cover": True})
    assert line(ev) == "Merrin attacks Grell with Ember Mote: d20 5 (one die: cover) +4 = 9 vs AC 18: misses"


def test_item_what_takes_the_forms_its_description_shows() -> None:
    """QA F11: ``/item what:give I1 to YorraC`` (the option's own example) did not read, nor an item by
    its name."""
    from types import SimpleNamespace

    from bot.games.onslaught.discord.cog import _item_words
    from bot.onslaught.cases import _activate, _set, build, parse_case
    from bot.onslaught.files import load

    lib = load()
    g = build(parse_case("title: t\nrules: DDO-LOOT-01\nmap:\n  ....\nA: Brask@A1 Kestra@B1\nB: Grell@D1\n", "t"), lib)
    _set(g, ["Brask", "loot=I1"])
    game = SimpleNamespace(state=g.st)
    name = lib.items["I1"].name
    assert _item_words(game, "Brask", ["give", "I1", "to", "Kestra"]) == ["I1", "Kestra"]  # type: ignore[arg-type]
    assert _item_words(game, "Brask", ["give", *name.split(), "to", "Kestra"]) == ["I1", "Kestra"]  # type: ignore[arg-type]
    assert _item_words(game, "Brask", ["equip", *name.split()]) == ["I1"]  # type: ignore[arg-type]
    assert _item_words(game, "Brask", ["give", "I1", "Kestra"]) == ["I1", "Kestra"]  # type: ignore[arg-type]
    _activate(g, "Brask")
    g.apply("A", "give Brask " + " ".join(_item_words(game, "Brask", ["give", "I1", "to", "Kestra"])))  # type: ignore[arg-type]
    assert "I1" in g.st.minis["Kestra"].loot
